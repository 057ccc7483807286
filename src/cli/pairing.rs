//! `pair` and `generate-trf`: Swiss pairings on TRF files.

use crate::pairing::{self, generate, DutchOptions};
use crate::trf;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Exit code for bad input (unreadable or malformed files).
const BAD_INPUT: u8 = 2;

fn read_trf(path: &Path) -> Result<trf::TrfDocument, ExitCode> {
    let bytes = std::fs::read(path).map_err(|e| {
        eprintln!("error: cannot read {}: {e}", path.display());
        ExitCode::from(BAD_INPUT)
    })?;
    trf::parse_bytes(&bytes).map_err(|e| {
        eprintln!(
            "error: {}:{}:{}: {}",
            path.display(),
            e.line,
            e.column,
            e.kind
        );
        ExitCode::from(BAD_INPUT)
    })
}

fn write_out(out: Option<&PathBuf>, text: &str) -> ExitCode {
    match out {
        Some(p) => match std::fs::write(p, text) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: cannot write {}: {e}", p.display());
                ExitCode::from(BAD_INPUT)
            }
        },
        None => {
            print!("{text}");
            ExitCode::SUCCESS
        }
    }
}

/// `ratingbook pair`: pairs the next (or given) round of a TRF tournament with
/// the Dutch system, or with `check` re-pairs every recorded round.
/// Exit codes: 0 ok, 1 no legal pairing exists, 2 bad input.
pub fn pair(file: &Path, check: bool, output: Option<&PathBuf>, round: Option<u32>) -> ExitCode {
    let doc = match read_trf(file) {
        Ok(d) => d,
        Err(c) => return c,
    };
    if check {
        return match pairing::check::check_tournament(&doc, DutchOptions::default()) {
            Ok(reports) => {
                for w in pairing::check::history_warnings(&doc) {
                    println!(
                        "round {}: warning: player {} {}",
                        w.round, w.player, w.message
                    );
                }
                print!("{}", pairing::check::format_reports(&reports));
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {}: {e}", file.display());
                ExitCode::from(BAD_INPUT)
            }
        };
    }
    match pairing::pair_trf(&doc, round, DutchOptions::default()) {
        Ok((r, p)) => {
            eprintln!(
                "round {r}: {} boards{}",
                p.boards.len(),
                if p.bye.is_some() { " and a bye" } else { "" }
            );
            for c in &p.dropped_criteria {
                eprintln!("warning: criterion left out for size reasons: {c}");
            }
            write_out(output, &pairing::format_pairings(&p))
        }
        Err(e) => {
            eprintln!("error: {}: {e}", file.display());
            ExitCode::from(e.exit_code() as u8)
        }
    }
}

/// `ratingbook generate-trf`: simulates a Swiss event paired by the engine.
pub fn generate_trf(
    players: u32,
    rounds: u32,
    seed: u64,
    play: Option<u32>,
    out: Option<&PathBuf>,
) -> ExitCode {
    let mut opts = generate::GenerateOptions::new(players, rounds, seed);
    opts.play_rounds = play;
    match generate::generate_trf(&opts) {
        Ok(doc) => write_out(out, &doc.write()),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}
