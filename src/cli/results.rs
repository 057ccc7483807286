//! `results add`: entering a round's results with the association's result codes or as scores.

use super::repository::{print_diagnostics, summary};
use super::MessageFormat;
use ratingbook::tournament::results::{Added, ResultsError};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `ratingbook results add`: one round's results in the association's result codes or as scores
/// (`1-0`, `½-½`, `+-`, …), written into the crosstable; each game is echoed as it
/// was understood, on standard output.
pub fn results_add(
    tournament: &Path,
    round: u32,
    from: Option<&Path>,
    format: MessageFormat,
) -> ExitCode {
    use ratingbook::tournament::results::add_results;
    use std::io::Read;
    let (text, shown) = match from.filter(|p| p.as_os_str() != "-") {
        Some(path) => match std::fs::read_to_string(path) {
            Ok(text) => (text, path.to_path_buf()),
            Err(e) => {
                eprintln!("error: {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        },
        None => {
            let mut text = String::new();
            if let Err(e) = std::io::stdin().read_to_string(&mut text) {
                eprintln!("error: standard input: {e}");
                return ExitCode::FAILURE;
            }
            (text, PathBuf::from("<stdin>"))
        }
    };
    report(
        add_results(tournament, round, &text, &shown),
        round,
        "written to",
        format,
    )
}

/// What `results set` and `results clear` were given.
pub enum Given {
    /// One line on the command line (`5 12 ½-½`).
    Line(String),
    /// A round file (standard input when absent or `-`).
    From(Option<PathBuf>),
    /// Start numbers whose games go back to their pairing.
    Clear(Vec<u32>),
}

/// `ratingbook results set` and `results clear`: corrects a round's results.
pub fn results_correct(
    tournament: &Path,
    round: u32,
    given: Given,
    format: MessageFormat,
) -> ExitCode {
    use ratingbook::tournament::results::{correct_results, Correction};
    use std::io::Read;
    let (text, shown) = match &given {
        Given::Line(line) => (line.clone(), PathBuf::from("<command line>")),
        Given::Clear(_) => (String::new(), PathBuf::from("<command line>")),
        Given::From(Some(path)) if path.as_os_str() != "-" => match std::fs::read_to_string(path) {
            Ok(text) => (text, path.clone()),
            Err(e) => {
                eprintln!("error: {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        },
        Given::From(_) => {
            let mut text = String::new();
            if let Err(e) = std::io::stdin().read_to_string(&mut text) {
                eprintln!("error: standard input: {e}");
                return ExitCode::FAILURE;
            }
            (text, PathBuf::from("<stdin>"))
        }
    };
    let correction = match &given {
        Given::Clear(players) => Correction::Clear(players),
        _ => Correction::Set(&text),
    };
    report(
        correct_results(tournament, round, correction, &shown),
        round,
        "corrected in",
        format,
    )
}

/// What entering or correcting a round did: the lines understood, the
/// warnings and where the round went (`done`, e.g. "written to"); or every
/// problem, the crosstable unchanged.
fn report(
    outcome: Result<Added, ResultsError>,
    round: u32,
    done: &str,
    format: MessageFormat,
) -> ExitCode {
    match outcome {
        Ok(added) => {
            for line in &added.understood {
                println!("{line}");
            }
            print_diagnostics(&added.warnings, Path::new("."), format);
            eprintln!("round {round} {done} {}", added.csv.display());
            ExitCode::SUCCESS
        }
        Err(ResultsError::Invalid(diagnostics)) => {
            print_diagnostics(&diagnostics, Path::new("."), format);
            eprintln!("{}; the crosstable was not changed", summary(&diagnostics));
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
