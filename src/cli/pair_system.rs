//! `pair --system`: the pairing systems listed, and a TRF file paired (or
//! its rounds checked) by a system other than the default Dutch one.

use super::pairing::{read_trf, write_out, BAD_INPUT};
use pairing::{DutchOptions, System};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The system `--system NAME` names (`Ok(None)`: list them, for
/// `--system` without a name); the Dutch system without the option.
pub(super) fn chosen(name: Option<&str>, has_file: bool) -> Result<Option<System>, ExitCode> {
    match name {
        None => Ok(Some(System::Dutch)),
        Some("") if !has_file => Ok(None),
        Some("") => Ok(Some(System::Dutch)),
        Some(name) => System::from_name(name).map(Some).ok_or_else(|| {
            let names: Vec<&str> = System::ALL.iter().map(|s| s.name()).collect();
            eprintln!(
                "error: unknown pairing system {name:?} (systems: {})",
                names.join(", ")
            );
            ExitCode::from(BAD_INPUT)
        }),
    }
}

/// The text of `pair --system`: one line per system, name and description.
pub(super) fn systems_text() -> String {
    System::ALL
        .iter()
        .map(|s| format!("{:<8}{}\n", s.name(), s.description()))
        .collect()
}

/// Prints [`systems_text`].
pub(super) fn list_systems() -> ExitCode {
    print!("{}", systems_text());
    ExitCode::SUCCESS
}

/// Pairs the next (or given) round of a TRF file with `system`, or with
/// `check` re-pairs every recorded round; output as for the Dutch system.
pub(super) fn pair_trf(
    file: &Path,
    system: System,
    check: bool,
    output: Option<&PathBuf>,
    round: Option<u32>,
) -> ExitCode {
    let doc = match read_trf(file) {
        Ok(d) => d,
        Err(c) => return c,
    };
    if check {
        return match pairing::check::check_tournament_with(&doc, system, DutchOptions::default()) {
            Ok(reports) => {
                print!("{}", pairing::check::format_reports(&reports));
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {}: {e}", file.display());
                ExitCode::from(BAD_INPUT)
            }
        };
    }
    match pairing::pair_trf_with(&doc, round, system, DutchOptions::default()) {
        Ok((r, p)) => {
            eprintln!(
                "round {r} ({}): {} boards{}",
                system.name(),
                p.boards.len(),
                if p.bye.is_some() { " and a bye" } else { "" }
            );
            write_out(output, &pairing::format_pairings(&p))
        }
        Err(e) => {
            eprintln!("error: {}: {e}", file.display());
            ExitCode::from(e.exit_code() as u8)
        }
    }
}

/// `pair --system simple --report FILE.trf`: the Turkish tournament
/// manager's reports of the file (names upper-cased by Turkish rules).
pub(super) fn report(file: &Path, system: System) -> ExitCode {
    if system != System::Simple {
        eprintln!("error: --report prints the reports of `--system simple`");
        return ExitCode::from(BAD_INPUT);
    }
    let doc = match read_trf(file) {
        Ok(d) => d,
        Err(c) => return c,
    };
    match ratingbook::render::simple_reports::simple_reports(&doc, "tr") {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {}: {e}", file.display());
            ExitCode::from(BAD_INPUT)
        }
    }
}
