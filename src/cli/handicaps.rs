//! `handicaps`: grade estimates from a handicap survey.

use crate::handicap::{self, Grade, OutputFormat, SurveyOptions};
use std::collections::BTreeMap;
use std::path::Path;
use std::process::ExitCode;

/// `ratingbook handicaps`: nominal grades and names come from the player files
/// under `root`; `overrides` (from `--grade`) win.
pub fn handicaps(
    survey: &Path,
    root: &Path,
    overrides: Vec<(String, Grade)>,
    mut options: SurveyOptions,
    format: OutputFormat,
    out: Option<&Path>,
) -> ExitCode {
    let players = crate::load::load_repository(root).dataset.players;
    let mut grades: BTreeMap<String, Grade> = players
        .iter()
        .filter_map(|p| Some((p.id.to_string(), p.grade?)))
        .collect();
    grades.extend(overrides.iter().cloned());
    let names: BTreeMap<String, String> = players
        .iter()
        .map(|p| (p.id.to_string(), p.name.clone()))
        .collect();
    if !players.is_empty() {
        options.known_ids = Some(names.keys().cloned().collect());
    }
    let names = (!names.is_empty()).then_some(&names);
    let run = match handicap::run_survey(survey, &grades, names, &options, format) {
        Ok(run) => run,
        Err(e) => {
            eprintln!("{:?}", miette::Report::new(e));
            return ExitCode::FAILURE;
        }
    };
    let explicit: BTreeMap<String, Grade> = overrides.into_iter().collect();
    for (id, closest) in handicap::unused_grade_ids(&explicit, &run.report) {
        match closest {
            Some(c) => eprintln!("warning: --grade {id} is not in the survey; did you mean {c}?"),
            None => eprintln!("warning: --grade {id} is not in the survey"),
        }
    }
    match out {
        Some(path) => {
            if let Err(e) = std::fs::write(path, &run.output) {
                eprintln!("error: cannot write {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        }
        None => print!("{}", run.output),
    }
    ExitCode::SUCCESS
}
