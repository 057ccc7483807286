//! Grade estimation from handicap opinions (issue 5).
//!
//! A Go club asks every member what handicap would give an even game against
//! every other member. From that survey ([`survey::Survey`], a CSV matrix) and
//! the members' nominal grades ([`grade::Grade`]) this module estimates each
//! member's grade two ways ([`estimate`]): the seed's method, which fills
//! missing opinions with nominal grade differences, and a least-squares fit
//! over the given opinions only. The [`report::SurveyReport`] view model is
//! rendered as a terminal table ([`table`]) or through the tera templates
//! `html/survey.html` and `md/survey.md`.
//!
//! Grades also map to ratings ([`grade::GradeScale`]; default as the European
//! Go Database: 2100 = 1 dan, 100 points per grade).

pub mod estimate;
pub mod grade;
pub mod report;
pub mod survey;
pub mod table;

use std::collections::BTreeMap;
use std::path::Path;

pub use grade::{Grade, GradeError, GradeScale, GradesConfig};
pub use report::{build_report, Basis, SurveyOptions, SurveyReport, SurveyRow};
pub use survey::{Survey, SurveyError};

/// Template name of the HTML survey page (extends `html/base.html`).
pub const HTML_TEMPLATE: &str = "html/survey.html";
/// Template name of the Markdown survey report.
pub const MARKDOWN_TEMPLATE: &str = "md/survey.md";
/// The context variable holding the [`SurveyReport`] in the templates.
pub const CONTEXT_KEY: &str = "survey";

const HTML_SOURCE: &str = include_str!("../../templates/html/survey.html");
const MARKDOWN_SOURCE: &str = include_str!("../../templates/md/survey.md");
/// A self-contained page layout for reports printed by `ratingbook handicaps`
/// (the site build renders surveys inside the site's own layout instead).
const BASE_SOURCE: &str = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{% block title %}ratingbook{% endblock title %}</title>\n</head>\n<body>\n<main>\n{% block content %}{% endblock content %}\n</main>\n</body>\n</html>\n";

/// Output formats of the `handicaps` command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OutputFormat {
    /// Aligned terminal table.
    #[default]
    Text,
    /// Markdown through `md/survey.md`.
    Markdown,
    /// HTML page through `html/survey.html`.
    Html,
}

/// Errors of the survey command.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum HandicapError {
    /// The survey file is malformed or unreadable.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Survey(Box<SurveyError>),
    /// Survey players without a nominal grade.
    #[error("{file}: no nominal grade for {ids}")]
    MissingGrades {
        /// The survey file.
        file: String,
        /// The players, comma-separated.
        ids: String,
        /// How to fix it.
        #[help]
        hint: String,
    },
    /// A negative or non-finite suggestion threshold.
    #[error("the suggestion threshold must be a non-negative number of grades, got {0}")]
    #[diagnostic(help("use e.g. --threshold 1.0"))]
    Threshold(f64),
    /// The estimate could not be computed.
    #[error(transparent)]
    Estimate(#[from] estimate::EstimateError),
    /// A template failed to load or render.
    #[error("cannot render the survey report: {0}")]
    Template(#[from] tera::Error),
    /// The output file could not be written.
    #[error("cannot write {file}: {source}")]
    Write {
        /// The output file.
        file: String,
        /// The I/O error.
        source: std::io::Error,
    },
}

impl From<SurveyError> for HandicapError {
    fn from(error: SurveyError) -> Self {
        HandicapError::Survey(Box::new(error))
    }
}

/// Adds the survey templates to `tera`: `html/base.html` (a minimal layout,
/// only if `tera` has none), [`HTML_TEMPLATE`] and [`MARKDOWN_TEMPLATE`]
/// (only those not already loaded, e.g. from the site's `templates/`).
pub fn add_templates(tera: &mut tera::Tera) -> Result<(), tera::Error> {
    let mut wanted = Vec::new();
    for (name, source) in [
        ("html/base.html", BASE_SOURCE),
        (HTML_TEMPLATE, HTML_SOURCE),
        (MARKDOWN_TEMPLATE, MARKDOWN_SOURCE),
    ] {
        if !tera.contains_template(name) {
            wanted.push((name, source));
        }
    }
    tera.add_raw_templates(wanted)
}

/// A tera instance holding only the built-in survey templates.
pub fn survey_tera() -> Result<tera::Tera, tera::Error> {
    let mut tera = crate::render::templates::new_engine();
    add_templates(&mut tera)?;
    Ok(tera)
}

/// Renders `report` with `tera` (which must hold the survey templates; see
/// [`add_templates`]); [`OutputFormat::Text`] ignores `tera`.
pub fn render_report(
    tera: &tera::Tera,
    report: &SurveyReport,
    format: OutputFormat,
) -> Result<String, tera::Error> {
    let template = match format {
        OutputFormat::Text => return Ok(table::render_text(report)),
        OutputFormat::Markdown => MARKDOWN_TEMPLATE,
        OutputFormat::Html => HTML_TEMPLATE,
    };
    let mut context = tera::Context::new();
    context.insert(CONTEXT_KEY, report);
    tera.render(template, &context)
}

/// The result of [`run_survey`].
#[derive(Debug, Clone)]
pub struct SurveyRun {
    /// The report's view model.
    pub report: SurveyReport,
    /// The report rendered in the requested format.
    pub output: String,
}

/// Parses the survey at `path`, estimates grades and renders the report in
/// `format` with the built-in templates: the `ratingbook handicaps` command.
/// `grades` needs every survey player (extra ids are ignored; see
/// [`unused_grade_ids`]); `names` optionally maps ids to display names.
pub fn run_survey(
    path: &Path,
    grades: &BTreeMap<String, Grade>,
    names: Option<&BTreeMap<String, String>>,
    options: &SurveyOptions,
    format: OutputFormat,
) -> Result<SurveyRun, HandicapError> {
    let survey = Survey::from_path(path, options.known_ids.as_deref())?;
    let report = build_report(&survey, grades, names, options)?;
    let tera = survey_tera()?;
    let output = render_report(&tera, &report, format)?;
    Ok(SurveyRun { report, output })
}

/// Parses a command-line grade assignment `ID=GRADE` (e.g. `go-aalto=3k`).
pub fn parse_grade_assignment(text: &str) -> Result<(String, Grade), String> {
    let Some((id, grade)) = text.split_once('=') else {
        return Err(format!("`{text}` is not ID=GRADE (e.g. ikonen-jussi=3k)"));
    };
    let id = id.trim();
    if !survey::is_player_id(id) {
        return Err(format!(
            "`{id}` is not a player id: ids are lowercase slugs like ikonen-jussi"
        ));
    }
    let grade = grade.parse::<Grade>().map_err(|e| e.to_string())?;
    Ok((id.to_string(), grade))
}

/// Ids in `grades` that are not survey players, each with the closest survey
/// id when one is close (likely typos in `--grade` options).
pub fn unused_grade_ids(
    grades: &BTreeMap<String, Grade>,
    report: &SurveyReport,
) -> Vec<(String, Option<String>)> {
    grades
        .keys()
        .filter(|id| !report.rows.iter().any(|r| &r.id == *id))
        .map(|id| {
            let closest = survey::closest_id(id, report.rows.iter().map(|r| r.id.as_str()));
            (id.clone(), closest.map(str::to_string))
        })
        .collect()
}
