//! Grade estimation from handicap opinions.
//!
//! A Go club asks every member what handicap would give an even game against
//! every other member. From that survey ([`survey::Survey`], a CSV matrix) and
//! the members' nominal grades ([`Grade`], from the `go-grades` crate) this crate estimates each
//! member's grade two ways ([`estimate`]): the original club method, which fills
//! missing opinions with nominal grade differences, and a least-squares fit
//! over the given opinions only. The [`report::SurveyReport`] view model is
//! serializable for templates and printed as a terminal table by [`table`].

pub mod estimate;
pub mod report;
pub mod survey;
pub mod table;

use std::collections::BTreeMap;

pub use go_grades::{Grade, GradeError, GradeScale};
pub use report::{build_report, Basis, SurveyNote, SurveyOptions, SurveyReport, SurveyRow};
pub use survey::{Survey, SurveyError};

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
}

impl From<SurveyError> for HandicapError {
    fn from(error: SurveyError) -> Self {
        HandicapError::Survey(Box::new(error))
    }
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
