//! Running one of our events: registration in FIDE's initial order, late
//! entries with the byes the event gives for rounds missed, requested byes,
//! withdrawals, forbidden pairings and a pairing changed by hand.
//!
//! Each operation is pure: it takes the loaded tournament and gives the new
//! crosstable rows or the metadata record to write; the command line writes
//! them (crosstable through [`crate::files::crosstable`], metadata through
//! [`crate::files::tournament`]).

use crate::files::crosstable::Row;
use crate::model::{Bye, Cell, Colour, Dataset, Entry, Slug, Tournament};

/// Why an event operation is refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum EventError {
    /// The player is already in the event.
    #[error("{0} is already registered with start number {1}")]
    AlreadyRegistered(Slug, u32),
    /// The player is not in the event.
    #[error("{0} is not registered in this event")]
    NotRegistered(Slug),
    /// The player has no player file.
    #[error("there is no player `{0}` (data/players/{0}.toml)")]
    UnknownPlayer(Slug),
    /// Every round is paired: nobody can join.
    #[error("every round is paired already; a late entrant could not play")]
    NoRoundLeft,
    /// A round outside the tournament.
    #[error("round {0} is not a round of the tournament (1 to {1})")]
    NoSuchRound(u32, u32),
    /// The round is already paired.
    #[error("round {0} is already paired")]
    AlreadyPaired(u32),
    /// The player is already withdrawn.
    #[error("{0} has withdrawn already, from round {1}")]
    AlreadyWithdrawn(Slug, u32),
    /// A player cannot be forbidden to meet themself.
    #[error("a forbidden pairing needs two different players")]
    SamePlayer,
    /// The pair is forbidden already.
    #[error("{0} and {1} are already forbidden to meet")]
    AlreadyForbidden(Slug, Slug),
    /// The round has results or no pairing: a manual change applies to a paired round.
    #[error("round {0} is not paired, or has results: change a pairing after `pair --write` and before the results")]
    NotChangeable(u32),
}

/// The title's place in FIDE's initial order (C.04.2: GM, IM, WGM, FM, WIM,
/// CM, WFM, WCM, then no title), from the title as the TRF writes it
/// (`g`, `i`, `wg`, …) or spelled out (`GM`, `IM`, …).
pub fn title_rank(title: Option<&str>) -> u8 {
    match title.map(|t| t.trim().to_ascii_lowercase()).as_deref() {
        Some("g" | "gm") => 0,
        Some("i" | "im") => 1,
        Some("wg" | "wgm") => 2,
        Some("f" | "fm") => 3,
        Some("wi" | "wim") => 4,
        Some("c" | "cm") => 5,
        Some("wf" | "wfm") => 6,
        Some("wc" | "wcm") => 7,
        _ => 8,
    }
}

/// One player as FIDE's initial order sees them.
#[derive(Debug, Clone)]
pub struct Registrant {
    /// The player's id.
    pub player: Slug,
    /// The rating for the event, if any (none sorts last).
    pub rating: Option<u32>,
    /// The FIDE title, if any.
    pub title: Option<String>,
    /// The name as printed.
    pub name: String,
}

/// Sorts registrants into FIDE's initial order (C.04.2 A.2): rating
/// (highest first), then title, then name in the event's language, then id.
pub fn sort_initial_order(language: &str, players: &mut [Registrant]) {
    let collator = crate::collation::collator(language);
    let names = |a: &str, b: &str| match &collator {
        Some(c) => c.compare(a, b).then_with(|| a.cmp(b)),
        None => a.cmp(b),
    };
    players.sort_by(|a, b| {
        b.rating
            .unwrap_or(0)
            .cmp(&a.rating.unwrap_or(0))
            .then(title_rank(a.title.as_deref()).cmp(&title_rank(b.title.as_deref())))
            .then_with(|| names(&a.name, &b.name))
            .then_with(|| a.player.cmp(&b.player))
    });
}

/// A new event's crosstable rows: the players in FIDE's initial order,
/// numbered from 1, each with the rating they start with, no results.
pub fn initial_rows(language: &str, mut players: Vec<Registrant>, rounds: u32) -> Vec<Row> {
    sort_initial_order(language, &mut players);
    players
        .into_iter()
        .enumerate()
        .map(|(i, p)| Row {
            start_no: i as u32 + 1,
            player: p.player.to_string(),
            rating: p.rating,
            rank: None,
            cells: vec![String::new(); rounds as usize],
        })
        .collect()
}

/// A registrant from their player file; `rating` overrides the file's
/// international rating.
pub fn registrant(dataset: &Dataset, player: &Slug, rating: Option<u32>) -> Registrant {
    let file = dataset.player(player.as_str());
    Registrant {
        player: player.clone(),
        rating: rating.or_else(|| file.and_then(|p| p.international_rating)),
        title: file.and_then(|p| p.title.clone()),
        name: file.map_or_else(|| player.to_string(), |p| p.name.clone()),
    }
}

/// Whether round 1 is paired (then start numbers are frozen).
pub fn started(t: &Tournament) -> bool {
    crate::tournament::pair::round_to_pair(t) != Some(0)
}

/// The crosstable after registering `player` (see [`register`]).
#[derive(Debug, Clone)]
pub struct Registered {
    /// The player's start number.
    pub start_no: u32,
    /// The rounds the player missed (a late entry), each with the bye given.
    pub missed: Vec<(u32, Bye)>,
    /// Every row of the crosstable, start number order.
    pub rows: Vec<Row>,
}

/// Registers `player` in `t`. Before round 1 is paired every start number
/// follows FIDE's initial order (rating, title, name), renumbered; after,
/// start numbers are frozen and the late entrant gets the next one, with
/// the event's late-entry bye (`late_entry_bye`, zero points unless the
/// event gives half) in every round already paired.
pub fn register(
    t: &Tournament,
    dataset: &Dataset,
    player: &Slug,
    rating: Option<u32>,
) -> Result<Registered, EventError> {
    if dataset.player(player.as_str()).is_none() {
        return Err(EventError::UnknownPlayer(player.clone()));
    }
    if let Some(e) = t.entries.iter().find(|e| &e.player == player) {
        return Err(EventError::AlreadyRegistered(player.clone(), e.start_no));
    }
    let rounds = t.rounds as usize;
    let cells = |e: &Entry| -> Vec<String> {
        (0..rounds)
            .map(|r| {
                e.cells
                    .get(r)
                    .map(|c| c.to_notation_with_handicap(e.handicap(r)))
                    .unwrap_or_default()
            })
            .collect()
    };
    let row = |e: &Entry, start_no: u32| Row {
        start_no,
        player: e.player.to_string(),
        rating: e.rating,
        rank: e.rank,
        cells: cells(e),
    };
    if !started(t) {
        return Ok(register_before_round_one(t, dataset, player, rating));
    }
    let next = crate::tournament::pair::round_to_pair(t).ok_or(EventError::NoRoundLeft)?;
    let start_no = t.entries.iter().map(|e| e.start_no).max().unwrap_or(0) + 1;
    let bye = t.event.late_entry_bye.bye();
    let missed: Vec<(u32, Bye)> = (1..=next as u32).map(|r| (r, bye)).collect();
    let mut rows: Vec<Row> = t.entries.iter().map(|e| row(e, e.start_no)).collect();
    let mut late = vec![String::new(); rounds];
    for (r, bye) in &missed {
        late[*r as usize - 1] = bye.token().to_string();
    }
    let rating = registrant(dataset, player, rating).rating;
    rows.push(Row {
        start_no,
        player: player.to_string(),
        rating,
        rank: None,
        cells: late,
    });
    Ok(Registered {
        start_no,
        missed,
        rows,
    })
}

/// Registration before round 1: every row renumbered in the initial order.
fn register_before_round_one(
    t: &Tournament,
    dataset: &Dataset,
    player: &Slug,
    rating: Option<u32>,
) -> Registered {
    let language = t.language.as_deref().unwrap_or("en");
    let mut everyone: Vec<(Registrant, Vec<String>)> = t
        .entries
        .iter()
        .map(|e| {
            let cells = (0..t.rounds as usize)
                .map(|r| e.cells.get(r).map(Cell::to_notation).unwrap_or_default())
                .collect();
            (registrant(dataset, &e.player, e.rating), cells)
        })
        .collect();
    everyone.push((
        registrant(dataset, player, rating),
        vec![String::new(); t.rounds as usize],
    ));
    let mut order: Vec<Registrant> = everyone.iter().map(|(r, _)| r.clone()).collect();
    sort_initial_order(language, &mut order);
    let rows: Vec<Row> = order
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let cells = everyone
                .iter()
                .find(|(e, _)| e.player == r.player)
                .map(|(_, c)| c.clone())
                .unwrap_or_default();
            Row {
                start_no: i as u32 + 1,
                player: r.player.to_string(),
                rating: r.rating,
                rank: None,
                cells,
            }
        })
        .collect();
    let start_no = order.iter().position(|r| &r.player == player).unwrap_or(0) as u32 + 1;
    Registered {
        start_no,
        missed: Vec::new(),
        rows,
    }
}

/// The start number of `player` in `t`.
pub fn start_no_of(t: &Tournament, player: &Slug) -> Result<u32, EventError> {
    t.entries
        .iter()
        .find(|e| &e.player == player)
        .map(|e| e.start_no)
        .ok_or_else(|| EventError::NotRegistered(player.clone()))
}

/// Checks that `player` may withdraw from `from_round` on: registered, not
/// withdrawn already, and the round not paired yet (a game already paired
/// is a forfeit, entered as a result).
pub fn check_withdrawal(t: &Tournament, player: &Slug, from_round: u32) -> Result<(), EventError> {
    start_no_of(t, player)?;
    if from_round == 0 || from_round > t.rounds {
        return Err(EventError::NoSuchRound(from_round, t.rounds));
    }
    if let Some(w) = t.event.withdrawals.iter().find(|w| &w.player == player) {
        return Err(EventError::AlreadyWithdrawn(player.clone(), w.from_round));
    }
    let next = crate::tournament::pair::round_to_pair(t).map_or(t.rounds + 1, |r| r as u32 + 1);
    if from_round < next {
        return Err(EventError::AlreadyPaired(from_round));
    }
    Ok(())
}

/// Checks that `a` and `b` may be forbidden to meet: two registered players
/// not forbidden already.
pub fn check_forbidden(t: &Tournament, a: &Slug, b: &Slug) -> Result<(), EventError> {
    start_no_of(t, a)?;
    start_no_of(t, b)?;
    if a == b {
        return Err(EventError::SamePlayer);
    }
    let known = t
        .event
        .forbidden
        .iter()
        .any(|(x, y)| (x == a && y == b) || (x == b && y == a));
    if known {
        return Err(EventError::AlreadyForbidden(a.clone(), b.clone()));
    }
    Ok(())
}

/// The cell a requested bye writes: `bye` in round `round`, which is not
/// paired yet.
pub fn requested_bye(
    t: &Tournament,
    player: &Slug,
    round: u32,
    bye: Bye,
) -> Result<(u32, Cell), EventError> {
    let start_no = start_no_of(t, player)?;
    if round == 0 || round > t.rounds {
        return Err(EventError::NoSuchRound(round, t.rounds));
    }
    let next = crate::tournament::pair::round_to_pair(t).map_or(t.rounds + 1, |r| r as u32 + 1);
    if round < next {
        return Err(EventError::AlreadyPaired(round));
    }
    Ok((start_no, Cell::Bye(bye)))
}

/// The cells of round `round` after the director pairs `white` with `black`
/// by hand: their former opponents meet each other (the one who had white
/// keeps it), or take over the bye one of them had. The round must be
/// paired and without results.
pub fn change_pairing(
    t: &Tournament,
    round: u32,
    white: &Slug,
    black: &Slug,
) -> Result<Vec<(u32, Cell)>, EventError> {
    let (w, b) = (start_no_of(t, white)?, start_no_of(t, black)?);
    if w == b {
        return Err(EventError::SamePlayer);
    }
    let index = round.saturating_sub(1) as usize;
    let changeable = round >= 1
        && round <= t.rounds
        && t.entries
            .iter()
            .all(|e| !matches!(e.cells.get(index), Some(Cell::Game { .. })))
        && t.entries
            .iter()
            .any(|e| matches!(e.cells.get(index), Some(Cell::Paired { .. })));
    if !changeable {
        return Err(EventError::NotChangeable(round));
    }
    let cell = |n: u32| {
        t.entry(n)
            .and_then(|e| e.cells.get(index).copied())
            .unwrap_or(Cell::Absent)
    };
    let opponent = |c: Cell| match c {
        Cell::Paired { opponent, colour } => Some((opponent, colour)),
        _ => None,
    };
    let mut cells = vec![
        (w, paired_cell(b, Colour::White)),
        (b, paired_cell(w, Colour::Black)),
    ];
    let (cw, cb) = (cell(w), cell(b));
    match (opponent(cw), opponent(cb)) {
        (Some((x, _)), Some((y, _))) if x == b && y == w => {}
        (Some((x, xc)), Some((y, _))) => {
            // x had the colour opposite to w's, and keeps it.
            let x_white = xc == Some(Colour::Black);
            let (xw, yb) = if x_white { (x, y) } else { (y, x) };
            cells.push((xw, paired_cell(yb, Colour::White)));
            cells.push((yb, paired_cell(xw, Colour::Black)));
        }
        (Some((x, _)), None) => cells.push((x, cb)),
        (None, Some((y, _))) => cells.push((y, cw)),
        (None, None) => {}
    }
    cells.sort_by_key(|c| c.0);
    Ok(cells)
}

fn paired_cell(opponent: u32, colour: Colour) -> Cell {
    Cell::Paired {
        opponent,
        colour: Some(colour),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn registrant(id: &str, rating: Option<u32>, title: Option<&str>, name: &str) -> Registrant {
        Registrant {
            player: Slug::parse(id).unwrap(),
            rating,
            title: title.map(String::from),
            name: name.into(),
        }
    }

    #[test]
    fn initial_order_is_rating_then_title_then_name() {
        // C.04.2 A.2: rating first; at equal rating the title (an IM before
        // an FM); then alphabetically; no rating last.
        let mut players = vec![
            registrant("d", None, Some("GM"), "Aaltonen"),
            registrant("a", Some(1447), None, "Berg"),
            registrant("b", Some(2589), Some("f"), "Xu"),
            registrant("c", Some(2589), Some("IM"), "Young"),
            registrant("e", Some(2589), Some("FM"), "Adams"),
            registrant("f", Some(2697), None, "Zed"),
        ];
        sort_initial_order("en", &mut players);
        let ids: Vec<&str> = players.iter().map(|p| p.player.as_str()).collect();
        assert_eq!(ids, vec!["f", "c", "e", "b", "a", "d"]);
    }
}
