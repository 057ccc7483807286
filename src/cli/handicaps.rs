//! `handicaps`: grade estimates from a handicap survey.

use handicap::{build_report, Grade, Survey, SurveyOptions, SurveyReport};
use ratingbook::render::survey::{render_report, survey_tera_in, OutputFormat};
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
    let loaded = ratingbook::load::load_repository(root);
    // The report in the site's language, as the site's survey pages are.
    let words = std::sync::Arc::new(ratingbook::printout::words(&loaded));
    let players = loaded.dataset.players;
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
    let report = match estimate(survey, &grades, names, &options) {
        Ok(report) => report,
        Err(e) => {
            eprintln!("{e:?}");
            return ExitCode::FAILURE;
        }
    };
    let output = match survey_tera_in(words).and_then(|tera| render_report(&tera, &report, format))
    {
        Ok(output) => output,
        Err(e) => {
            eprintln!("error: cannot render the survey report: {e}");
            return ExitCode::FAILURE;
        }
    };
    let explicit: BTreeMap<String, Grade> = overrides.into_iter().collect();
    for (id, closest) in handicap::unused_grade_ids(&explicit, &report) {
        match closest {
            Some(c) => eprintln!("warning: --grade {id} is not in the survey; did you mean {c}?"),
            None => eprintln!("warning: --grade {id} is not in the survey"),
        }
    }
    match out {
        Some(path) => {
            if let Err(e) = ratingbook::atomic_write::write_file_atomically(path, output.as_bytes())
            {
                eprintln!("error: cannot write {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        }
        None => print!("{output}"),
    }
    ExitCode::SUCCESS
}

/// Parses the survey at `path` and estimates every player's grade.
fn estimate(
    path: &Path,
    grades: &BTreeMap<String, Grade>,
    names: Option<&BTreeMap<String, String>>,
    options: &SurveyOptions,
) -> Result<SurveyReport, miette::Report> {
    let survey = Survey::from_path(path, options.known_ids.as_deref())
        .map_err(|e| miette::Report::new(handicap::HandicapError::from(e)))?;
    build_report(&survey, grades, names, options).map_err(miette::Report::new)
}
