//! `data/surveys/<name>.csv`: handicap surveys published on the site.

use super::relative;
use super::source::read_text;
use crate::diagnostic::Diagnostic;
use crate::model::{Dataset, Slug};
use handicap::report::{build_report, SurveyReport};
use handicap::survey::{Survey, SurveyError};
use handicap::{Grade, SurveyOptions};
use std::collections::BTreeMap;
use std::path::Path;

/// A survey read from the repository, with its estimates.
#[derive(Debug, Clone)]
pub struct NamedSurvey {
    /// The file stem: the page name under `surveys/`.
    pub name: Slug,
    /// The opinions.
    pub survey: Survey,
    /// Estimates, differences and suggestions, ready to render.
    pub report: SurveyReport,
}

/// A survey error as a diagnostic naming file, line and column.
pub fn survey_diagnostic(shown: &Path, error: &SurveyError) -> Diagnostic {
    let mut d = Diagnostic::error(shown, error.to_string());
    if let Some(at) = error.location() {
        let prefix = format!("{at}: ");
        d.message = d
            .message
            .strip_prefix(&prefix)
            .unwrap_or(&d.message)
            .to_string();
        d = d.at(at.line as usize, at.column);
    }
    d.hint(error.hint())
}

/// Reads every survey; ids must be players of `dataset`, and every surveyed
/// player needs a nominal grade in their player file.
pub fn load_surveys(root: &Path, dataset: &Dataset) -> (Vec<NamedSurvey>, Vec<Diagnostic>) {
    let mut surveys = Vec::new();
    let mut problems = Vec::new();
    let known: Vec<String> = dataset.players.iter().map(|p| p.id.to_string()).collect();
    let (paths, refused) =
        super::repository_files(root, &root.join("data").join("surveys"), Some("csv"), 1..=1);
    problems.extend(refused);
    for path in paths {
        let shown = relative(root, &path);
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        let name = match Slug::parse(stem) {
            Ok(name) => name,
            Err(e) => {
                problems.push(
                    Diagnostic::error(&shown, format!("invalid survey name `{stem}`: {e}")).hint(
                        format!("rename the file to `{}.csv`", Slug::from_name(stem)),
                    ),
                );
                continue;
            }
        };
        let text = match read_text(root, &path, &shown) {
            Ok(text) => text,
            Err(d) => {
                problems.push(d);
                continue;
            }
        };
        let survey = match Survey::parse(&shown.display().to_string(), &text, Some(&known)) {
            Ok(survey) => survey,
            Err(e) => {
                problems.push(survey_diagnostic(&shown, &e));
                continue;
            }
        };
        let ungraded: Vec<&str> = survey
            .ids()
            .iter()
            .filter(|id| dataset.player(id).is_none_or(|p| p.grade.is_none()))
            .map(String::as_str)
            .collect();
        if !ungraded.is_empty() {
            problems.push(
                Diagnostic::error(
                    &shown,
                    format!("no nominal grade for {}", ungraded.join(", ")),
                )
                .at_line(1)
                .hint(format!(
                    "add `grade = \"...\"` (e.g. \"3k\" or \"1d\") to data/players/{}.toml",
                    ungraded[0]
                )),
            );
            continue;
        }
        let grades: BTreeMap<String, Grade> = dataset
            .players
            .iter()
            .filter_map(|p| Some((p.id.to_string(), p.grade?)))
            .collect();
        let names: BTreeMap<String, String> = dataset
            .players
            .iter()
            .map(|p| (p.id.to_string(), p.name.clone()))
            .collect();
        match build_report(&survey, &grades, Some(&names), &SurveyOptions::default()) {
            Ok(report) => surveys.push(NamedSurvey {
                name,
                survey,
                report,
            }),
            Err(e) => problems.push(
                Diagnostic::error(&shown, format!("cannot estimate grades: {e}"))
                    .hint("check that the survey links its players by opinions"),
            ),
        }
    }
    (surveys, problems)
}
