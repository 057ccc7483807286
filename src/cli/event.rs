//! `event …`: running one of our events (registration, late entries,
//! withdrawals, requested byes, forbidden pairings, acceleration, a pairing
//! changed by hand), and `round`: a round's sheets as the venue posts them.

use super::args::{AccelerationArg, ByeArg, EventAction, FormatArg, LateByeArg, SheetArg};
use super::pairing::{checked_event, printout_format, write_out, BAD_INPUT};
use super::MessageFormat;
use ratingbook::files::tournament::{with_event_record, with_top_level_key, EventRecord};
use ratingbook::model::{Bye, Dataset, Slug, Tournament};
use ratingbook::printout::{self, Sheet};
use ratingbook::tournament::event;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `ratingbook event …`.
pub fn event_command(action: EventAction, format: MessageFormat) -> ExitCode {
    let (event, root) = match &action {
        EventAction::Register { event, root, .. }
        | EventAction::Withdraw { event, root, .. }
        | EventAction::Bye { event, root, .. }
        | EventAction::Forbid { event, root, .. }
        | EventAction::Accelerate { event, root, .. }
        | EventAction::LateEntryBye { event, root, .. }
        | EventAction::Change { event, root, .. } => (event.clone(), root.clone()),
    };
    let (checked, index) = match checked_event(&root, &event) {
        Ok(found) => found,
        Err(code) => return code,
    };
    let dataset = &checked.loaded.dataset;
    let t = &dataset.tournaments[index];
    let done = match action {
        EventAction::Register {
            players, rating, ..
        } => register(&root, t, dataset, &players, rating),
        EventAction::Withdraw {
            player, from_round, ..
        } => withdraw(&root, t, &player, from_round),
        EventAction::Bye {
            player,
            round,
            points,
            ..
        } => requested_bye(&root, t, &player, round, points),
        EventAction::Forbid { first, second, .. } => forbid(&root, t, &first, &second),
        EventAction::Accelerate { method, .. } => {
            let value = match method {
                AccelerationArg::None => "\"none\"",
                AccelerationArg::Baku => "\"baku\"",
            };
            set_key(&root, t, "acceleration", value)
        }
        EventAction::LateEntryBye { points, .. } => {
            let value = match points {
                LateByeArg::Zero => "\"zero\"",
                LateByeArg::Half => "\"half\"",
            };
            set_key(&root, t, "late_entry_bye", value)
        }
        EventAction::Change {
            white,
            black,
            round,
            ..
        } => change(&root, t, &white, &black, round),
    };
    match done {
        Ok(said) => {
            eprintln!("{said}");
            super::check(&root, format)
        }
        Err(message) => {
            eprintln!("error: {}: {message}", t.id);
            ExitCode::from(BAD_INPUT)
        }
    }
}

/// A player id given on the command line.
fn id(text: &str) -> Result<Slug, String> {
    Slug::parse(text.trim()).map_err(|e| format!("`{text}` is not a player id: {e}"))
}

fn write_in(root: &Path, relative: &Path, bytes: &[u8]) -> Result<(), String> {
    let path = root.join(relative);
    ratingbook::atomic_write::write_file_atomically_in(root, &path, bytes)
        .map_err(|e| format!("cannot write {}: {e}", relative.display()))
}

fn edit_metadata(
    root: &Path,
    t: &Tournament,
    edit: impl FnOnce(&str) -> String,
) -> Result<(), String> {
    let path = root.join(&t.meta_source);
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", t.meta_source.display()))?;
    write_in(root, &t.meta_source, edit(&text).as_bytes())
}

fn register(
    root: &Path,
    t: &Tournament,
    dataset: &Dataset,
    players: &[String],
    rating: Option<u32>,
) -> Result<String, String> {
    if rating.is_some() && players.len() > 1 {
        return Err("--rating is for one player at a time".into());
    }
    let mut t = t.clone();
    let mut said = Vec::new();
    for text in players {
        let player = id(text)?;
        let done = event::register(&t, dataset, &player, rating).map_err(|e| e.to_string())?;
        said.push(match done.missed.as_slice() {
            [] => format!("registered {player}"),
            missed => format!(
                "registered {player} as a late entry with start number {}: {} for round{} {}",
                done.start_no,
                match missed[0].1 {
                    Bye::Half => "a half-point bye",
                    _ => "no points",
                },
                if missed.len() > 1 { "s" } else { "" },
                missed
                    .iter()
                    .map(|(r, _)| r.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        });
        t.entries = rows_as_entries(&done.rows, &t);
    }
    let rows = entries_as_rows(&t);
    let text = ratingbook::files::crosstable::crosstable_text(t.rounds, false, rows);
    write_in(root, &t.table_source, &text)?;
    let numbers: Vec<String> = t
        .entries
        .iter()
        .map(|e| format!("{} {}", e.start_no, e.player))
        .collect();
    said.push(format!("start numbers: {}", numbers.join(", ")));
    Ok(said.join("\n"))
}

/// The crosstable rows read back as entries (for the next registration).
fn rows_as_entries(
    rows: &[ratingbook::files::crosstable::Row],
    t: &Tournament,
) -> Vec<ratingbook::model::Entry> {
    let text = ratingbook::files::crosstable::crosstable_text(t.rounds, false, rows.to_vec());
    let text = String::from_utf8(text).unwrap_or_default();
    let (entries, _) = ratingbook::files::crosstable::parse_crosstable(
        &text,
        &t.table_source,
        t.rounds,
        &mut Vec::new(),
    );
    entries
}

fn entries_as_rows(t: &Tournament) -> Vec<ratingbook::files::crosstable::Row> {
    t.entries
        .iter()
        .map(|e| ratingbook::files::crosstable::Row {
            start_no: e.start_no,
            player: e.player.to_string(),
            rating: e.rating,
            rank: e.rank,
            cells: (0..t.rounds as usize)
                .map(|r| {
                    e.cells
                        .get(r)
                        .map(|c| c.to_notation_with_handicap(e.handicap(r)))
                        .unwrap_or_default()
                })
                .collect(),
        })
        .collect()
}

fn withdraw(root: &Path, t: &Tournament, player: &str, from_round: u32) -> Result<String, String> {
    let player = id(player)?;
    event::check_withdrawal(t, &player, from_round).map_err(|e| match e {
        event::EventError::AlreadyPaired(r) => format!(
            "round {r} is already paired: enter the game as a forfeit (`ratingbook results set \
             … --round {r} WHITE BLACK +-` or `-+`) and withdraw the player from round {}",
            r + 1
        ),
        other => other.to_string(),
    })?;
    edit_metadata(root, t, |text| {
        with_event_record(
            text,
            &EventRecord::Withdrawal {
                player: &player,
                from_round,
            },
        )
    })?;
    Ok(format!(
        "{player} withdrawn from round {from_round}: not paired from then"
    ))
}

fn requested_bye(
    root: &Path,
    t: &Tournament,
    player: &str,
    round: u32,
    points: ByeArg,
) -> Result<String, String> {
    let player = id(player)?;
    let bye = match points {
        ByeArg::Half => Bye::Half,
        ByeArg::Zero => Bye::Zero,
        ByeArg::Full => Bye::Full,
    };
    let cell = event::requested_bye(t, &player, round, bye).map_err(|e| e.to_string())?;
    let column = t.first_round_column - 1 + round as usize - 1;
    let path = root.join(&t.table_source);
    ratingbook::atomic_write::refuse_links(root, &path).map_err(|e| e.to_string())?;
    ratingbook::files::crosstable::replace_round_cells(&path, column, &[cell])
        .map_err(|e| format!("cannot write {}: {e}", t.table_source.display()))?;
    Ok(format!(
        "{player}: {} in round {round}",
        printout::bye_words(bye, &ratingbook::translate::Translations::english())
    ))
}

fn forbid(root: &Path, t: &Tournament, first: &str, second: &str) -> Result<String, String> {
    let (a, b) = (id(first)?, id(second)?);
    event::check_forbidden(t, &a, &b).map_err(|e| e.to_string())?;
    edit_metadata(root, t, |text| {
        with_event_record(text, &EventRecord::Forbidden(&a, &b))
    })?;
    Ok(format!("{a} and {b} will not be paired with each other"))
}

fn set_key(root: &Path, t: &Tournament, key: &str, value: &str) -> Result<String, String> {
    edit_metadata(root, t, |text| with_top_level_key(text, key, value))?;
    Ok(format!("{key} = {value}"))
}

fn change(
    root: &Path,
    t: &Tournament,
    white: &str,
    black: &str,
    round: Option<u32>,
) -> Result<String, String> {
    let (w, b) = (id(white)?, id(black)?);
    let round = round.unwrap_or_else(|| last_paired_round(t));
    let cells = event::change_pairing(t, round, &w, &b).map_err(|e| e.to_string())?;
    let column = t.first_round_column - 1 + round as usize - 1;
    let path = root.join(&t.table_source);
    ratingbook::atomic_write::refuse_links(root, &path).map_err(|e| e.to_string())?;
    ratingbook::files::crosstable::replace_round_cells(&path, column, &cells)
        .map_err(|e| format!("cannot write {}: {e}", t.table_source.display()))?;
    edit_metadata(root, t, |text| {
        with_event_record(
            text,
            &EventRecord::ManualPairing {
                round,
                white: &w,
                black: &b,
            },
        )
    })?;
    Ok(format!(
        "round {round}: {w} (white) – {b} (black), paired by hand"
    ))
}

/// The last round anyone is paired in (1 when none is).
fn last_paired_round(t: &Tournament) -> u32 {
    (1..=t.rounds)
        .rev()
        .find(|&r| ratingbook::tournament::round::round(t, r).is_paired())
        .unwrap_or(1)
}

/// `ratingbook round`: a round's sheet.
pub fn round_view(
    event: &Path,
    root: &Path,
    round: Option<u32>,
    sheet: SheetArg,
    format: FormatArg,
    output: Option<&PathBuf>,
) -> ExitCode {
    let (checked, index) = match checked_event(root, event) {
        Ok(found) => found,
        Err(code) => return code,
    };
    let dataset = &checked.loaded.dataset;
    let t = &dataset.tournaments[index];
    let round = round.unwrap_or_else(|| last_paired_round(t));
    if round == 0 || round > t.rounds {
        eprintln!(
            "error: {}: round {round} is not a round of the tournament (1 to {})",
            t.id, t.rounds
        );
        return ExitCode::from(BAD_INPUT);
    }
    let words = printout::words(&checked.loaded);
    let sheet = match sheet {
        SheetArg::Pairings => Sheet::Pairings(printout::pairing_list(t, dataset, round, &words)),
        SheetArg::ScoreSheets => {
            Sheet::ScoreSheets(printout::pairing_list(t, dataset, round, &words))
        }
        SheetArg::WallChart => Sheet::WallChart(printout::wall_chart(t, dataset, &words)),
        SheetArg::Standings => {
            let chain = ratingbook::standings::chain_for(t, &checked.loaded.config);
            Sheet::Standings(printout::standings_sheet(t, dataset, &chain, round))
        }
    };
    write_out(
        output,
        &printout::write(&sheet, printout_format(format), &words),
    )
}
