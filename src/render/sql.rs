//! The SQL dump's view model and the `sql` template filter that quotes values.

use crate::model::{Bye, Cell, Colour, Dataset, GameResult};
use crate::rating::Ratings;
use serde::Serialize;

/// Quotes a string as an SQL literal: `'O''Brien'`. Standard SQL (SQLite, PostgreSQL):
/// only the single quote needs doubling; NUL cannot be stored and is dropped.
pub fn quote_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('\'');
    for c in text.chars() {
        match c {
            '\'' => out.push_str("''"),
            '\0' => {}
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// Renders a template value as an SQL literal: strings quoted, null as `NULL`,
/// booleans as 1/0, numbers as written.
pub fn literal(value: &tera::Value) -> String {
    if value.is_none() || value.is_undefined() {
        return "NULL".to_string();
    }
    if let Some(b) = value.as_bool() {
        return if b { "1" } else { "0" }.to_string();
    }
    if value.is_number() {
        return value.to_string();
    }
    match value.as_str() {
        Some(s) => quote_string(s),
        None => quote_string(&value.to_string()),
    }
}

/// A player row.
#[derive(Debug, Serialize)]
pub struct PlayerRow {
    id: String,
    name: String,
    membership: &'static str,
    country: Option<String>,
    club: Option<String>,
    licence: Option<u32>,
    international_rating: Option<u32>,
    preset_rating: u32,
    preset_games: u32,
}

/// A tournament row.
#[derive(Debug, Serialize)]
pub struct TournamentRow {
    id: String,
    name: String,
    start_date: String,
    end_date: String,
    city: Option<String>,
    system: &'static str,
    rounds: u32,
    rated: bool,
    time_control: &'static str,
    rules: &'static str,
    base_k: Option<u32>,
    sequence: u32,
}

/// A tournament participant row.
#[derive(Debug, Serialize)]
pub struct EntryRow {
    tournament_id: String,
    player_id: String,
    start_no: u32,
    international_rating: Option<u32>,
    points: String,
}

/// A game or bye row.
#[derive(Debug, Serialize)]
pub struct GameRow {
    tournament_id: String,
    round: u32,
    player_id: String,
    opponent_id: Option<String>,
    colour: Option<&'static str>,
    result: &'static str,
}

/// A rating change row.
#[derive(Debug, Serialize)]
pub struct ChangeRow {
    player_id: String,
    tournament_id: String,
    phase_before: &'static str,
    phase_after: &'static str,
    rating_before: Option<i32>,
    rating_after: Option<i32>,
    games_counted: usize,
    score: String,
    expected: Option<String>,
    change: Option<i32>,
}

/// A current rating row.
#[derive(Debug, Serialize)]
pub struct PublishedRow {
    player_id: String,
    phase: &'static str,
    rating: Option<i32>,
    provisional_games: u32,
    rated_games: u32,
}

/// Everything the SQL template inserts.
#[derive(Debug, Serialize)]
pub struct SqlDump {
    players: Vec<PlayerRow>,
    tournaments: Vec<TournamentRow>,
    entries: Vec<EntryRow>,
    games: Vec<GameRow>,
    changes: Vec<ChangeRow>,
    published: Vec<PublishedRow>,
}

/// The code stored for a result from the first player's side.
pub fn result_code(result: GameResult) -> &'static str {
    match result {
        GameResult::Win => "win",
        GameResult::Draw => "draw",
        GameResult::Loss => "loss",
        GameResult::ForfeitWin => "forfeit-win",
        GameResult::ForfeitLoss => "forfeit-loss",
    }
}

fn bye_code(bye: Bye) -> &'static str {
    match bye {
        Bye::PairingAllocated => "bye",
        Bye::Full => "bye-full",
        Bye::Half => "bye-half",
        Bye::Zero => "bye-zero",
    }
}

fn phase_code(phase: crate::rating::Phase) -> &'static str {
    match phase {
        crate::rating::Phase::Provisional => "provisional",
        crate::rating::Phase::Established => "established",
        crate::rating::Phase::Unrated => "unrated",
    }
}

impl SqlDump {
    /// Collects every row from the dataset and ratings.
    pub fn new(dataset: &Dataset, ratings: &Ratings) -> SqlDump {
        let players = dataset
            .players
            .iter()
            .map(|p| PlayerRow {
                id: p.id.to_string(),
                name: p.name.clone(),
                membership: p.membership.as_str(),
                country: p.country.clone(),
                club: p.club.clone(),
                licence: p.licence,
                international_rating: p.international_rating,
                preset_rating: p.preset.rating,
                preset_games: p.preset.games,
            })
            .collect();
        let mut tournaments = Vec::new();
        let mut entries = Vec::new();
        let mut games = Vec::new();
        for t in &dataset.tournaments {
            tournaments.push(TournamentRow {
                id: t.id.to_string(),
                name: t.name.clone(),
                start_date: t.start.to_string(),
                end_date: t.end.to_string(),
                city: t.city.clone(),
                system: match t.system {
                    crate::model::System::Swiss => "swiss",
                    crate::model::System::RoundRobin => "round-robin",
                },
                rounds: t.rounds,
                rated: t.rated,
                time_control: match t.time_control {
                    crate::model::TimeControl::Standard => "standard",
                    crate::model::TimeControl::Rapid => "rapid",
                },
                rules: match t.rules {
                    crate::model::Rules::Standard => "standard",
                    crate::model::Rules::Modified => "modified",
                },
                base_k: t.base_k,
                sequence: t.sequence,
            });
            for e in &t.entries {
                entries.push(EntryRow {
                    tournament_id: t.id.to_string(),
                    player_id: e.player.to_string(),
                    start_no: e.start_no,
                    international_rating: e.rating,
                    points: super::format::points_decimal(e.half_points()),
                });
            }
            for round in 0..t.rounds as usize {
                for e in &t.entries {
                    match e.cells.get(round) {
                        Some(Cell::Game {
                            opponent,
                            colour,
                            result,
                        }) if e.start_no < *opponent => games.push(GameRow {
                            tournament_id: t.id.to_string(),
                            round: round as u32 + 1,
                            player_id: e.player.to_string(),
                            opponent_id: t.entry(*opponent).map(|o| o.player.to_string()),
                            colour: colour.map(|c| match c {
                                Colour::White => "white",
                                Colour::Black => "black",
                            }),
                            result: result_code(*result),
                        }),
                        Some(Cell::Bye(bye)) => games.push(GameRow {
                            tournament_id: t.id.to_string(),
                            round: round as u32 + 1,
                            player_id: e.player.to_string(),
                            opponent_id: None,
                            colour: None,
                            result: bye_code(*bye),
                        }),
                        _ => {}
                    }
                }
            }
        }
        let changes = ratings
            .by_tournament
            .iter()
            .flatten()
            .filter(|r| r.phase_before != crate::rating::Phase::Unrated)
            .map(|r| ChangeRow {
                player_id: dataset.players[r.player].id.to_string(),
                tournament_id: dataset.tournaments[r.tournament].id.to_string(),
                phase_before: phase_code(r.phase_before),
                phase_after: phase_code(r.phase_after),
                rating_before: r.rating_before,
                rating_after: r.rating_after,
                games_counted: r.games_counted(),
                score: super::format::points_decimal(r.counted_half_points()),
                expected: r.expected_total().map(|e| format!("{e:.2}")),
                change: r.change(),
            })
            .collect();
        let published = dataset
            .players
            .iter()
            .zip(&ratings.players)
            .filter(|(_, s)| s.phase != crate::rating::Phase::Unrated)
            .map(|(p, s)| PublishedRow {
                player_id: p.id.to_string(),
                phase: phase_code(s.phase),
                rating: s.rating,
                provisional_games: s.provisional_games,
                rated_games: s.rated_games,
            })
            .collect();
        SqlDump {
            players,
            tournaments,
            entries,
            games,
            changes,
            published,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_strings() {
        assert_eq!(quote_string("O'Brien"), "'O''Brien'");
        assert_eq!(quote_string("a\\b"), "'a\\b'");
        assert_eq!(quote_string("x\0y"), "'xy'");
    }
}
