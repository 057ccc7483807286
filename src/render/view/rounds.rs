//! A tournament's round pages and player cards.
//!
//! A round page (`tournaments/<id>/round-<r>.html`) lists the round's games
//! board by board: both players with their start numbers, ratings and points
//! before the round, and the result; then the players without a game (byes,
//! absences) and the standings after the round with the event's tie-breaks.
//! A round paired but with results to come shows the standings before it.
//!
//! The crosstable holds no board numbers, so boards are numbered as FIDE's
//! general handling rules for Swiss pairings order them (C.04.2): by the
//! higher score of the two players before the round, then by the sum of
//! their scores, then by the better start number of the two.
//!
//! The player cards (`tournaments/<id>/cards.html`, one section `#no-<start
//! number>` each) follow each player round by round: opponent, colour,
//! result and running score.

use super::notation::{self, board_result, result_symbol};
pub use super::round_links::{cards_href, round_href, rounds_with_pages, RoundLink};
use super::shared::Link;
use super::tournament::{colour_letters, StandingRow, TieBreakHead};
use super::ViewBuilder;
use crate::model::{Bye, Cell, Colour, Entry, GameResult};
use crate::render::format;
use crate::standings;
use serde::Serialize;

/// One side of a board.
#[derive(Debug, Clone, Serialize)]
pub struct BoardSide {
    /// Start number.
    pub start_no: u32,
    /// Player link.
    pub player: Link,
    /// Rating for the event, or empty.
    pub rating: String,
    /// Points before the round.
    pub points: String,
}

/// One board of a round.
#[derive(Debug, Clone, Serialize)]
pub struct BoardRow {
    /// Board number, from 1.
    pub board: usize,
    /// White, or the player with the lower start number when the colours are not recorded.
    pub first: BoardSide,
    /// Black, or the other player.
    pub second: BoardSide,
    /// `1–0`, `½–½`, `0–1`, `+–−`, `−–+`, `−–−` or `?`.
    pub result: String,
}

/// A player without a game in the round.
#[derive(Debug, Clone, Serialize)]
pub struct UnpairedRow {
    /// Start number.
    pub start_no: u32,
    /// Player link.
    pub player: Link,
    /// Points before the round.
    pub points: String,
    /// What the round was, in words: `bye (1 point)`, `not paired`.
    pub what: String,
}

/// A round's page.
#[derive(Debug, Clone, Serialize)]
pub struct RoundView {
    /// The tournament's name and page.
    pub tournament: Link,
    /// The round, from 1.
    pub round: u32,
    /// Declared number of rounds.
    pub rounds: u32,
    /// Every round with a page.
    pub round_links: Vec<RoundLink>,
    /// Whether results of this round are still to come.
    pub pending: bool,
    /// Whether the boards name white and black (else: the players as paired).
    pub colours: bool,
    /// The games, board by board.
    pub boards: Vec<BoardRow>,
    /// Players without a game.
    pub unpaired: Vec<UnpairedRow>,
    /// Rounds the standings count: this one, or the one before when results are to come.
    pub standings_after: u32,
    /// Tie-break columns.
    pub tiebreak_heads: Vec<TieBreakHead>,
    /// The standings after `standings_after` rounds.
    pub standings: Vec<StandingRow>,
    /// Path of the player cards page from the site root.
    pub cards_href: String,
}

/// One round of a player's card.
#[derive(Debug, Clone, Serialize)]
pub struct CardRow {
    /// Round number.
    pub round: u32,
    /// Path of the round's page from the site root.
    pub round_href: String,
    /// Opponent's start number, or empty.
    pub opponent_no: String,
    /// Opponent link (empty text for a bye or no pairing).
    pub opponent: Link,
    /// Opponent's rating for the event, or empty.
    pub opponent_rating: String,
    /// `white`, `black`, or empty.
    pub colour: String,
    /// The round in the crosstable notation's symbols: `1`, `½`, `0`, `+`, `−`,
    /// `?`, `bye 1`…, or empty when not paired.
    pub result: String,
    /// Points after the round.
    pub running: String,
}

/// A player's card for one event.
#[derive(Debug, Clone, Serialize)]
pub struct Card {
    /// Anchor of the card: `no-<start number>`.
    pub anchor: String,
    /// Start number.
    pub start_no: u32,
    /// Player link.
    pub player: Link,
    /// Rating for the event, or empty.
    pub rating: String,
    /// Final place, `3–4` when shared.
    pub rank: String,
    /// Points.
    pub points: String,
    /// FIDE's performance rating Rp, or empty.
    pub performance: String,
    /// Round by round.
    pub rounds: Vec<CardRow>,
}

/// A tournament's player cards page.
#[derive(Debug, Clone, Serialize)]
pub struct CardsView {
    /// The tournament's name and page.
    pub tournament: Link,
    /// Every round with a page.
    pub round_links: Vec<RoundLink>,
    /// One card per player, in start-number order.
    pub cards: Vec<Card>,
}

/// Points in half points before round `round` (from 1).
fn points_before(entry: &Entry, round: u32) -> u32 {
    entry
        .cells
        .iter()
        .take(round as usize - 1)
        .map(Cell::half_points)
        .sum()
}

/// The message saying a round was without a game.
fn unpaired_words(cell: &Cell) -> Option<&'static str> {
    match cell {
        Cell::Bye(Bye::PairingAllocated) => Some("unpaired-bye"),
        Cell::Bye(Bye::Full) => Some("unpaired-full-bye"),
        Cell::Bye(Bye::Half) => Some("unpaired-half-bye"),
        Cell::Bye(Bye::Zero) => Some("unpaired-zero-bye"),
        Cell::Absent => Some("unpaired-absent"),
        Cell::Game { .. } | Cell::Paired { .. } => None,
    }
}

impl ViewBuilder<'_> {
    fn rating_text(&self, index: usize, start_no: u32) -> String {
        self.event_rating(index, start_no)
            .map(|r| r.to_string())
            .unwrap_or_default()
    }

    fn board_side(&self, index: usize, entry: &Entry, round: u32) -> BoardSide {
        BoardSide {
            start_no: entry.start_no,
            player: self.entry_link(entry),
            rating: self.rating_text(index, entry.start_no),
            points: format::points(points_before(entry, round)),
        }
    }

    /// Tournament `index`'s page of round `round` (from 1).
    pub fn round(&self, index: usize, round: u32) -> RoundView {
        let t = &self.dataset.tournaments[index];
        let r = round as usize - 1;
        let mut games: Vec<(&Entry, &Entry, Option<Colour>, Option<GameResult>)> = Vec::new();
        let mut unpaired = Vec::new();
        for entry in &t.entries {
            let cell = entry.cells.get(r).unwrap_or(&Cell::Absent);
            let (opponent, colour, result) = match *cell {
                Cell::Game {
                    opponent,
                    colour,
                    result,
                } => (opponent, colour, Some(result)),
                Cell::Paired { opponent, colour } => (opponent, colour, None),
                _ => {
                    unpaired.push(UnpairedRow {
                        start_no: entry.start_no,
                        player: self.entry_link(entry),
                        points: format::points(points_before(entry, round)),
                        what: unpaired_words(cell)
                            .map(|key| self.words.text(key))
                            .unwrap_or_default(),
                    });
                    continue;
                }
            };
            let Some(other) = t.entry(opponent) else {
                continue;
            };
            // Each game once: from white's side, or the lower start number's.
            let first = match colour {
                Some(c) => c == Colour::White,
                None => entry.start_no < opponent,
            };
            if first {
                games.push((entry, other, colour, result));
            }
        }
        let key = |(a, b, ..): &(&Entry, &Entry, Option<Colour>, Option<GameResult>)| {
            let (pa, pb) = (points_before(a, round), points_before(b, round));
            (
                std::cmp::Reverse(pa.max(pb)),
                std::cmp::Reverse(pa + pb),
                a.start_no.min(b.start_no),
            )
        };
        games.sort_by_key(key);
        let colours = games.iter().any(|g| g.2.is_some());
        let pending = games.iter().any(|g| g.3.is_none());
        let boards = games
            .iter()
            .enumerate()
            .map(|(i, (a, b, _, result))| BoardRow {
                board: i + 1,
                first: self.board_side(index, a, round),
                second: self.board_side(index, b, round),
                result: board_result(*result, None),
            })
            .collect();
        let after = if pending { round - 1 } else { round };
        let chain = standings::chain_for(t, self.config);
        let rating = |start_no: u32| self.event_rating(index, start_no);
        let standing = standings::standings_after(t, after as usize, &chain, &rating);
        RoundView {
            tournament: self.tournament_link(index),
            round,
            rounds: t.rounds,
            round_links: self.round_links(t, Some(round)),
            pending,
            colours,
            boards,
            unpaired,
            standings_after: after,
            tiebreak_heads: chain
                .iter()
                .map(|tb| TieBreakHead {
                    label: tb.label(),
                    id: tb.id(),
                    description: super::tournament::tiebreak_description(*tb, &self.words),
                })
                .collect(),
            standings: match after {
                0 => Vec::new(),
                _ => standing
                    .iter()
                    .map(|s| self.round_standing_row(index, after, s, &chain))
                    .collect(),
            },
            cards_href: cards_href(t),
        }
    }

    /// A row of the standings after `after` rounds: points and tie-breaks
    /// as they stood then; performance over those rounds.
    fn round_standing_row(
        &self,
        index: usize,
        after: u32,
        s: &standings::Standing,
        chain: &[standings::TieBreak],
    ) -> StandingRow {
        let mut row = self.standing_row(index, s, chain);
        let cut = standings::after_round(&self.dataset.tournaments[index], after as usize);
        let rating = |start_no: u32| self.event_rating(index, start_no);
        row.performance = standings::performance(&cut, s.start_no, &rating)
            .map(|r| r.to_string())
            .unwrap_or_default();
        row.change = String::new();
        row.reported_rank = String::new();
        row
    }

    /// Tournament `index`'s player cards.
    pub fn cards(&self, index: usize) -> CardsView {
        let t = &self.dataset.tournaments[index];
        let chain = standings::chain_for(t, self.config);
        let rating = |start_no: u32| self.event_rating(index, start_no);
        let standing = standings::standings(t, &chain, &rating);
        let cards = t
            .entries
            .iter()
            .map(|entry| {
                let place = standing.iter().find(|s| s.start_no == entry.start_no);
                Card {
                    anchor: format!("no-{}", entry.start_no),
                    start_no: entry.start_no,
                    player: self.entry_link(entry),
                    rating: self.rating_text(index, entry.start_no),
                    rank: place.map(|s| s.rank_label.clone()).unwrap_or_default(),
                    points: format::points(entry.half_points()),
                    performance: standings::performance(t, entry.start_no, &rating)
                        .map(|r| r.to_string())
                        .unwrap_or_default(),
                    rounds: self.card_rows(index, entry),
                }
            })
            .collect();
        CardsView {
            tournament: self.tournament_link(index),
            round_links: self.round_links(t, None),
            cards,
        }
    }

    fn card_rows(&self, index: usize, entry: &Entry) -> Vec<CardRow> {
        let t = &self.dataset.tournaments[index];
        let letters = colour_letters(self.config.site.language.as_str());
        let mut running = 0;
        rounds_with_pages(t)
            .into_iter()
            .map(|(round, _)| {
                let cell = entry.cells.get(round as usize - 1).unwrap_or(&Cell::Absent);
                running += cell.half_points();
                let number = |n: u32| n.to_string();
                let parts = notation::cross_cell(cell, 0, letters, &number);
                let opponent = entry.paired_with(round as usize - 1);
                let other = opponent.and_then(|(o, _)| t.entry(o));
                let colour = match opponent.and_then(|(_, c)| c) {
                    Some(Colour::White) => self.words.text("colour-white"),
                    Some(Colour::Black) => self.words.text("colour-black"),
                    None => String::new(),
                };
                let result = match cell {
                    Cell::Game { result, .. } => result_symbol(*result).to_string(),
                    Cell::Bye(_) => format!("{} {}", self.words.text("notation-bye"), parts.result),
                    _ => parts.text,
                };
                CardRow {
                    round,
                    round_href: round_href(t, round),
                    opponent_no: other.map(|o| o.start_no.to_string()).unwrap_or_default(),
                    opponent: other.map(|o| self.entry_link(o)).unwrap_or(Link {
                        text: String::new(),
                        href: String::new(),
                    }),
                    opponent_rating: other
                        .map(|o| self.rating_text(index, o.start_no))
                        .unwrap_or_default(),
                    colour,
                    result,
                    running: format::points(running),
                }
            })
            .collect()
    }
}
