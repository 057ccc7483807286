//! `pair` and `generate-trf`: Swiss pairings on TRF files.

use pairing::{generate, DutchOptions};
use ratingbook::pipeline::Checked;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Exit code for bad input (unreadable or malformed files).
pub(super) const BAD_INPUT: u8 = 2;

/// Reads a TRF file for the engine; a TRF-2026 file is put in the TRF-16 form
/// the engine reads (its `240` byes in the round blocks, `162` as `XXS`, ...).
pub(super) fn read_trf(path: &Path) -> Result<trf::TrfDocument, ExitCode> {
    let bytes = std::fs::read(path).map_err(|e| {
        eprintln!("error: cannot read {}: {e}", path.display());
        ExitCode::from(BAD_INPUT)
    })?;
    let doc = trf::parse_bytes(&bytes).map_err(|e| {
        eprintln!(
            "error: {}:{}:{}: {}",
            path.display(),
            e.line,
            e.column,
            e.kind
        );
        ExitCode::from(BAD_INPUT)
    })?;
    Ok(match doc.version() {
        trf::Version::Trf16 => doc,
        trf::Version::Trf2026 => doc.to_version(trf::Version::Trf16),
    })
}

pub(super) fn write_out(out: Option<&PathBuf>, text: &str) -> ExitCode {
    match out {
        Some(p) => match ratingbook::atomic_write::write_file_atomically(p, text.as_bytes()) {
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
/// With `baku` the rounds are paired with the Baku acceleration (`XXA`
/// lines written from it, replacing any in the file).
/// Exit codes: 0 ok, 1 no legal pairing exists, 2 bad input.
pub fn pair(
    file: &Path,
    check: bool,
    output: Option<&PathBuf>,
    round: Option<u32>,
    baku: bool,
) -> ExitCode {
    let mut doc = match read_trf(file) {
        Ok(d) => d,
        Err(c) => return c,
    };
    if baku {
        let Some(total) = doc.total_rounds() else {
            eprintln!(
                "error: {}: the Baku acceleration needs the number of rounds (add e.g. \"XXR 9\")",
                file.display()
            );
            return ExitCode::from(BAD_INPUT);
        };
        doc = pairing::acceleration::with_baku(&doc, total);
    }
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
                eprintln!("warning: not exact in a bracket this large: {c}");
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
pub fn generate_trf(opts: &generate::GenerateOptions, out: Option<&PathBuf>) -> ExitCode {
    match generate::generate_trf(opts) {
        Ok(doc) => write_out(out, &doc.write()),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

/// `ratingbook pair data/tournaments/<year>/<id>`: pairs the next round of one of
/// our tournaments, prints the pairing list (board, names, ratings, points,
/// colours) as text, Markdown or printable HTML, and with `write` stores the
/// boards in the crosstable as `opponent colour ?` cells (and `bye`).
pub fn pair_event(
    event: &Path,
    root: &Path,
    write: bool,
    format: super::args::FormatArg,
) -> ExitCode {
    let (checked, index) = match checked_event(root, event) {
        Ok(found) => found,
        Err(code) => return code,
    };
    let dataset = &checked.loaded.dataset;
    let t = &dataset.tournaments[index];
    let next = match ratingbook::tournament::pair::pair_next_round(t, dataset) {
        Ok(next) => next,
        Err(e) => {
            eprintln!("error: {}: {e}", t.id);
            return ExitCode::from(e.exit_code());
        }
    };
    let cells = ratingbook::tournament::pair::pairing_cells(&next);
    let mut paired = t.clone();
    for (start_no, cell) in &cells {
        if let Some(e) = paired.entries.iter_mut().find(|e| e.start_no == *start_no) {
            let index = next.round as usize - 1;
            if e.cells.len() <= index {
                e.cells.resize(index + 1, ratingbook::model::Cell::Absent);
            }
            e.cells[index] = *cell;
        }
    }
    let words = ratingbook::printout::words(&checked.loaded);
    let list = ratingbook::printout::pairing_list(&paired, dataset, next.round, &words);
    print!(
        "{}",
        ratingbook::printout::write(
            &ratingbook::printout::Sheet::Pairings(list),
            printout_format(format),
            &words
        )
    );
    if !write {
        return ExitCode::SUCCESS;
    }
    let path = root.join(&t.table_source);
    if let Err(e) = ratingbook::atomic_write::refuse_links(root, &path) {
        eprintln!("error: {e}");
        return ExitCode::FAILURE;
    }
    let column = t.first_round_column - 1 + next.round as usize - 1;
    match ratingbook::files::crosstable::replace_round_cells(&path, column, &cells) {
        Ok(()) => {
            eprintln!(
                "wrote round {} into {}",
                next.round,
                t.table_source.display()
            );
            super::check(root, super::MessageFormat::detect())
        }
        Err(e) => {
            eprintln!("error: cannot write {}: {e}", path.display());
            ExitCode::FAILURE
        }
    }
}

/// The format of a printout.
pub(super) fn printout_format(format: super::args::FormatArg) -> ratingbook::printout::Format {
    use super::args::FormatArg;
    use ratingbook::printout::Format;
    match format {
        FormatArg::Text => Format::Text,
        FormatArg::Markdown => Format::Markdown,
        FormatArg::Html => Format::Html,
    }
}

/// Checks the repository at `root` and finds the tournament `event` names
/// (by its file stem). On errors in the data, or a tournament that does not
/// exist, prints why (with the closest tournament id) and returns the exit code.
pub(super) fn checked_event(root: &Path, event: &Path) -> Result<(Checked, usize), ExitCode> {
    let checked = ratingbook::pipeline::check_repository(root);
    if checked.error_count() > 0 {
        for d in checked.diagnostics.iter().filter(|d| d.is_error()) {
            eprintln!("{d}");
        }
        eprintln!("error: fix the data first (ratingbook check)");
        return Err(ExitCode::from(BAD_INPUT));
    }
    let tournaments = &checked.loaded.dataset.tournaments;
    let id = event.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    match tournaments.iter().position(|t| t.id.as_str() == id) {
        Some(index) => Ok((checked, index)),
        None => {
            let hint = ratingbook::text::closest(id, tournaments.iter().map(|t| t.id.as_str()));
            eprintln!("error: no tournament `{id}` under {}", root.display());
            if let Some(near) = hint {
                eprintln!("  help: did you mean `{near}`?");
            }
            Err(ExitCode::from(BAD_INPUT))
        }
    }
}
