//! The games of a tournament as the diff compares them: each game once, by
//! round and its two players, with its result; and the games whose result
//! differs between two versions of a tournament, or that only one has.

use crate::model::{Cell, Colour, GameResult, Tournament};
use serde::Serialize;
use std::collections::BTreeMap;

/// A game's place: round, then the two players' ids in sorted order (the
/// same game whichever colour or start number each had).
pub type GameKey = (u32, String, String);

/// One game of a crosstable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// The player named first: white when colours are recorded, else the
    /// lower start number.
    pub first: String,
    /// The other player.
    pub second: String,
    /// The result as both sides wrote it, e.g. `1–0`, `½–½`, `+–−`.
    pub result: String,
}

/// The games of `t`, by place.
pub fn games_of(t: &Tournament) -> BTreeMap<GameKey, Game> {
    let mut games = BTreeMap::new();
    for pairing in t.pairings() {
        let (Some(a), Some(b)) = (t.entry(pairing.first), t.entry(pairing.second)) else {
            continue;
        };
        let round = pairing.round as usize - 1;
        let own = pairing.result;
        let theirs = match b.cells.get(round) {
            Some(Cell::Game { result, .. }) => *result,
            _ => own.complement(),
        };
        let (ida, idb) = (a.player.to_string(), b.player.to_string());
        let black_first = pairing.first_colour == Some(Colour::Black);
        let (first, second, result) = if black_first {
            (idb.clone(), ida.clone(), score(theirs, own))
        } else {
            (ida.clone(), idb.clone(), score(own, theirs))
        };
        let key = (pairing.round, ida.clone().min(idb.clone()), ida.max(idb));
        games.insert(
            key,
            Game {
                first,
                second,
                result,
            },
        );
    }
    games
}

/// `1–0`, `½–½`, `+–−` (a forfeit), `−–−` (both forfeited).
fn score(first: GameResult, second: GameResult) -> String {
    let side = |result: GameResult| match result {
        GameResult::Win => "1",
        GameResult::Draw => "½",
        GameResult::Loss => "0",
        GameResult::ForfeitWin => "+",
        GameResult::ForfeitLoss => "−",
    };
    format!("{}–{}", side(first), side(second))
}

/// The same result told from the other side: `1–0` becomes `0–1`.
fn reversed(result: &str) -> String {
    let mut sides: Vec<&str> = result.split('–').collect();
    sides.reverse();
    sides.join("–")
}

/// A game whose result changed, or that one version only has.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameChange {
    /// The tournament's id.
    pub tournament: String,
    /// The tournament as the comment names it (with its year).
    pub tournament_name: String,
    /// Round, from 1.
    pub round: u32,
    /// Id of the player named first (white, else the lower start number).
    pub first: String,
    /// Their name.
    pub first_name: String,
    /// Id of the other player.
    pub second: String,
    /// Their name.
    pub second_name: String,
    /// The result before, from the first player's side; `None` for a game added.
    pub before: Option<String>,
    /// The result after; `None` for a game removed.
    pub after: Option<String>,
}

/// The games of one tournament that differ between `before` and `after`,
/// in round order; `name_of` gives a player's name by id.
pub fn changed_games(
    (tournament, tournament_name): (&str, &str),
    before: &BTreeMap<GameKey, Game>,
    after: &BTreeMap<GameKey, Game>,
    name_of: impl Fn(&str) -> String,
) -> Vec<GameChange> {
    let keys: std::collections::BTreeSet<&GameKey> = before.keys().chain(after.keys()).collect();
    let mut changes = Vec::new();
    for key in keys {
        let (b, a) = (before.get(key), after.get(key));
        let Some(shown) = a.or(b) else { continue };
        // Both results from the side of the player the head names first.
        let told = |game: &Game| {
            if game.first == shown.first {
                game.result.clone()
            } else {
                reversed(&game.result)
            }
        };
        let (was, is) = (b.map(told), a.map(told));
        if was == is {
            continue;
        }
        changes.push(GameChange {
            tournament: tournament.to_string(),
            tournament_name: tournament_name.to_string(),
            round: key.0,
            first: shown.first.clone(),
            first_name: name_of(&shown.first),
            second: shown.second.clone(),
            second_name: name_of(&shown.second),
            before: was,
            after: is,
        });
    }
    changes
}

/// A tournament as the comment names it: its name, with the year of its
/// start (`YYYY-MM-DD`) added when the name does not say it.
pub fn event_label(name: &str, start: &str) -> String {
    let year = start.get(..4).unwrap_or_default();
    if year.is_empty() || name.contains(year) {
        name.to_string()
    } else {
        format!("{name} {year}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_is_told_from_either_side() {
        assert_eq!(reversed("1–0"), "0–1");
        assert_eq!(reversed("+–−"), "−–+");
        assert_eq!(reversed("½–½"), "½–½");
        assert_eq!(
            score(GameResult::ForfeitLoss, GameResult::ForfeitLoss),
            "−–−"
        );
    }

    #[test]
    fn an_event_is_named_with_its_year() {
        assert_eq!(
            event_label("Kaikki kaikkia vastaan", "2003-10-11"),
            "Kaikki kaikkia vastaan 2003"
        );
        assert_eq!(
            event_label("Helsinki Open 2004", "2004-09-18"),
            "Helsinki Open 2004"
        );
    }

    #[test]
    fn a_game_seen_with_its_colours_swapped_is_the_same_game() {
        let game = |first: &str, second: &str, result: &str| Game {
            first: first.into(),
            second: second.into(),
            result: result.into(),
        };
        let key: GameKey = (3, "a".into(), "b".into());
        let before = BTreeMap::from([(key.clone(), game("a", "b", "1–0"))]);
        let same = BTreeMap::from([(key.clone(), game("b", "a", "0–1"))]);
        let name = |id: &str| id.to_uppercase();
        assert!(changed_games(("t", "T"), &before, &same, name).is_empty());
        let drawn = BTreeMap::from([(key, game("b", "a", "½–½"))]);
        let changes = changed_games(("t", "T"), &before, &drawn, name);
        assert_eq!(changes.len(), 1);
        let change = &changes[0];
        assert_eq!(
            (change.first_name.as_str(), change.second_name.as_str()),
            ("B", "A")
        );
        assert_eq!(
            (change.before.as_deref(), change.after.as_deref()),
            (Some("0–1"), Some("½–½"))
        );
        let removed = changed_games(("t", "T"), &before, &BTreeMap::new(), name);
        assert_eq!(removed[0].after, None);
    }
}
