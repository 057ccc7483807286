//! A tournament's page: crosstable and standings in final order, rating
//! changes, and the starting list and crosstable in start order (the Turkish tournament manager's report).

use super::notation;
pub use super::notation::CrossCell;
use super::round_links::{cards_href, RoundLink};
use super::shared::{dates, k_values, phase_name, Link};
use super::ViewBuilder;
use crate::model::Tournament;
use crate::rating::{Phase, TournamentRating};
use crate::render::format;
use crate::standings::{self, Standing};
use crate::translate::{Arg, Translations};
use serde::Serialize;

/// A row of the tournament's crosstable in final order.
#[derive(Debug, Clone, Serialize)]
pub struct CrossRow {
    /// Rank, `3–4` when shared.
    pub rank: String,
    /// Start number.
    pub start_no: u32,
    /// Player link.
    pub player: Link,
    /// One cell per round.
    pub cells: Vec<CrossCell>,
    /// Points.
    pub points: String,
    /// Rating after, or change, or provisional progress.
    pub rating: String,
    /// Change or empty.
    pub change: String,
    /// Phase after the event, empty without a rating record.
    pub phase: String,
    /// Provisional games after the event.
    pub games: u32,
}

/// A row of the tournament's rating changes.
#[derive(Debug, Clone, Serialize)]
pub struct ChangeRow {
    /// Player link.
    pub player: Link,
    /// Phase at the start.
    pub phase: String,
    /// Rating at the start, or provisional progress.
    pub before: String,
    /// Counted games.
    pub games: usize,
    /// Score in counted games.
    pub score: String,
    /// Expected score or empty.
    pub expected: String,
    /// K values or empty.
    pub k: String,
    /// Change or empty.
    pub change: String,
    /// Rating after, or provisional progress.
    pub after: String,
    /// Phase at the end.
    pub phase_after: String,
    /// Provisional games at the start.
    pub games_before: u32,
    /// Provisional games at the end.
    pub games_after: u32,
}

/// A tournament page.
#[derive(Debug, Clone, Serialize)]
pub struct TournamentView {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
    /// `2003-09-20 – 2003-09-21` or a single day.
    pub dates: String,
    /// City or empty.
    pub city: String,
    /// `swiss` or `round-robin`.
    pub system: String,
    /// Rounds.
    pub rounds: u32,
    /// Round numbers 1..=rounds for table headers.
    pub round_numbers: Vec<u32>,
    /// Number of players.
    pub players: usize,
    /// Rated or not.
    pub rated: bool,
    /// `standard` or `rapid`.
    pub time_control: String,
    /// `standard` or `modified`.
    pub rules: String,
    /// Base K in force.
    pub base_k: u32,
    /// Games a provisional rating needs to become established.
    pub provisional_games: u32,
    /// Invented sample results.
    pub illustrative: bool,
    /// Note or empty.
    pub note: String,
    /// Crosstable in final order.
    pub crosstable: Vec<CrossRow>,
    /// Rating changes, in final order.
    pub changes: Vec<ChangeRow>,
    /// Language of names (BCP 47).
    pub language: String,
    /// Colour letters of both crosstables in the page language, e.g. `w/b`.
    pub colour_letters: String,
    /// The colour letters explained in the page language, e.g. `colour: w = white, b = black`.
    pub colour_legend: String,
    /// Whether any game records handicap stones (the legend then explains `h3`).
    pub handicaps: bool,
    /// Tie-break columns of the standings.
    pub tiebreak_heads: Vec<TieBreakHead>,
    /// The notation explained for the crosstable by start number.
    pub start_legend: String,
    /// The notation explained for the crosstable in final order.
    pub final_legend: String,
    /// Whether any player has a federation (the standings then show it).
    pub federations: bool,
    /// Whether any player has a title (the standings then show it).
    pub titles: bool,
    /// Whether any player has a performance rating.
    pub performances: bool,
    /// Whether any game of the event counted for a rating: a rated event
    /// in which none did says so plainly.
    pub counted: bool,
    /// Whether the event's own report ranks players in another order than
    /// these standings (the standings then show its ranks).
    pub reported_ranks: bool,
    /// The rounds that have a page: played, or paired with results to come.
    pub round_links: Vec<RoundLink>,
    /// Path of the player cards page from the site root.
    pub cards_href: String,
    /// Standings in final order.
    pub standings: Vec<StandingRow>,
    /// Starting list in the Turkish tournament manager's order.
    pub starting_list: Vec<StartRow>,
    /// Seed 003's crosstable in start order.
    pub start_crosstable: Vec<StartCrossRow>,
}

/// A tie-break column heading.
#[derive(Debug, Clone, Serialize)]
pub struct TieBreakHead {
    /// Short heading, e.g. `BH-C1`.
    pub label: String,
    /// Id as configured.
    pub id: String,
    /// What it is.
    pub description: String,
}

/// A row of the standings table.
#[derive(Debug, Clone, Serialize)]
pub struct StandingRow {
    /// Rank, `3–4` when shared.
    pub rank: String,
    /// Start number.
    pub start_no: u32,
    /// Player link.
    pub player: Link,
    /// Points.
    pub points: String,
    /// Tie-break values in chain order (empty when there is none).
    pub tiebreaks: Vec<String>,
    /// Rating for the event (its rating column, the international rating
    /// or our rating at the start), or empty.
    pub rating: String,
    /// Federation (the player's country), or empty.
    pub federation: String,
    /// Title, or empty.
    pub title: String,
    /// FIDE's performance rating Rp over the games against rated
    /// opponents, or empty.
    pub performance: String,
    /// Rating change in the list the event is rated in, or empty.
    pub change: String,
    /// The rank the event's own report gives, or empty.
    pub reported_rank: String,
    /// Path of the player's card from the site root.
    pub card: String,
}

/// A row of the starting list (the Turkish tournament manager's report).
#[derive(Debug, Clone, Serialize)]
pub struct StartRow {
    /// Starting rank by the Turkish tournament manager's order.
    pub rank: usize,
    /// Start number in the crosstable.
    pub start_no: u32,
    /// Player link (text upper-cased in the tournament's language).
    pub player: Link,
    /// International rating or empty.
    pub international: String,
    /// National rating at the start or empty.
    pub national: String,
    /// Licence number or empty.
    pub licence: String,
}

/// A row of the Turkish tournament manager's crosstable (start order).
#[derive(Debug, Clone, Serialize)]
pub struct StartCrossRow {
    /// Start number.
    pub start_no: u32,
    /// Player link.
    pub player: Link,
    /// One cell per round, by start number (in the notation of `view::notation`).
    pub cells: Vec<CrossCell>,
    /// Points.
    pub points: String,
}

impl ViewBuilder<'_> {
    /// A tournament's page.
    pub fn tournament(&self, index: usize) -> TournamentView {
        let t = &self.dataset.tournaments[index];
        let records = &self.ratings.by_tournament[index];
        let record_of = |start_no: u32| records.iter().find(|r| r.start_no == start_no);
        let chain = standings::chain_for(t, self.config);
        let rating = |start_no: u32| self.event_rating(index, start_no);
        let standing = standings::standings(t, &chain, &rating);
        let letters = colour_letters(self.page_language());
        let colours = colour_legend(self.page_language(), &self.words);
        let rows: Vec<StandingRow> = standing
            .iter()
            .map(|s| self.standing_row(index, s, &chain))
            .collect();
        let rank_of_start: std::collections::BTreeMap<u32, usize> = standing
            .iter()
            .enumerate()
            .map(|(i, s)| (s.start_no, i + 1))
            .collect();
        let crosstable = standing
            .iter()
            .map(|s| self.cross_row(t, s, &rank_of_start, record_of(s.start_no)))
            .collect();
        let changes = standing
            .iter()
            .filter_map(|s| record_of(s.start_no))
            .filter(|r| r.phase_before != Phase::Unrated)
            .map(|r| self.change_row(r))
            .collect();
        TournamentView {
            id: t.id.to_string(),
            name: t.name.clone(),
            dates: dates(t),
            city: t.city.clone().unwrap_or_default(),
            system: match t.system {
                crate::model::System::Swiss => "swiss".into(),
                crate::model::System::RoundRobin => "round-robin".into(),
            },
            rounds: t.rounds,
            round_numbers: (1..=t.rounds).collect(),
            players: t.entries.len(),
            rated: t.rated,
            time_control: format!("{:?}", t.time_control).to_lowercase(),
            rules: format!("{:?}", t.rules).to_lowercase(),
            base_k: t.base_k.unwrap_or(self.config.rating.base_k),
            provisional_games: self.config.rating.provisional_games,
            illustrative: t.illustrative,
            note: t.note.clone().unwrap_or_default(),
            crosstable,
            changes,
            language: self.language_of(t).to_string(),
            colour_letters: letters.join("/"),
            start_legend: self.notation_legend("notation-start-number", &colours),
            final_legend: self.notation_legend("notation-final-place", &colours),
            colour_legend: colours,
            federations: rows.iter().any(|r| !r.federation.is_empty()),
            titles: rows.iter().any(|r| !r.title.is_empty()),
            performances: rows.iter().any(|r| !r.performance.is_empty()),
            counted: records.iter().any(|r| r.games_counted() > 0),
            reported_ranks: reported_ranks_differ(t, &standing),
            round_links: self.round_links(t, None),
            cards_href: cards_href(t),
            handicaps: t.entries.iter().any(|e| e.handicaps.iter().any(|&h| h > 0)),
            tiebreak_heads: chain
                .iter()
                .map(|tb| TieBreakHead {
                    label: tb.label(),
                    id: tb.id(),
                    description: tiebreak_description(*tb, &self.words),
                })
                .collect(),
            standings: rows,
            starting_list: self.starting_list(index),
            start_crosstable: t.entries.iter().map(|e| self.start_cross_row(e)).collect(),
        }
    }

    /// The legend of the crosstables' notation, the opponents numbered by
    /// the message `numbers` (start number or final place), `colours` the
    /// colour letters explained.
    fn notation_legend(&self, numbers: &str, colours: &str) -> String {
        let numbers = self.words.text(numbers);
        self.words.with(
            "notation-legend",
            &[
                ("numbers", Arg::Text(&numbers)),
                ("colours", Arg::Text(colours)),
            ],
        )
    }

    /// The language the pages are written in (`site.language`): colour letters follow it,
    /// whatever the language of a tournament's names.
    fn page_language(&self) -> &str {
        self.config.site.language.as_str()
    }

    fn language_of<'t>(&'t self, t: &'t Tournament) -> &'t str {
        t.language
            .as_deref()
            .unwrap_or(self.config.site.language.as_str())
    }

    pub(super) fn entry_link(&self, entry: &crate::model::Entry) -> Link {
        match self.dataset.player_index(entry.player.as_str()) {
            Some(i) => self.player_link(i),
            None => Link {
                text: entry.player.to_string(),
                href: String::new(),
            },
        }
    }

    /// A row of the standings; also the round pages' standings after a round.
    pub(super) fn standing_row(
        &self,
        index: usize,
        s: &Standing,
        chain: &[standings::TieBreak],
    ) -> StandingRow {
        let t = &self.dataset.tournaments[index];
        let entry = t.entry(s.start_no);
        let player = match entry {
            Some(e) => self.entry_link(e),
            None => Link {
                text: String::new(),
                href: String::new(),
            },
        };
        let known = entry.and_then(|e| self.dataset.player(e.player.as_str()));
        let rating = |start_no: u32| self.event_rating(index, start_no);
        let record = self.ratings.by_tournament[index]
            .iter()
            .find(|r| r.start_no == s.start_no);
        let show = |v: Option<String>| v.unwrap_or_default();
        StandingRow {
            rating: show(rating(s.start_no).map(|r| r.to_string())),
            federation: show(known.and_then(|p| p.country.clone())),
            title: show(known.and_then(|p| p.title.clone())),
            performance: show(
                standings::performance(t, s.start_no, &rating).map(|r| r.to_string()),
            ),
            change: show(record.and_then(|r| r.change()).map(format::signed)),
            reported_rank: show(entry.and_then(|e| e.rank).map(|r| r.to_string())),
            card: format!("{}#no-{}", cards_href(t), s.start_no),
            rank: s.rank_label.clone(),
            start_no: s.start_no,
            player,
            points: format::points(s.half_points),
            tiebreaks: chain
                .iter()
                .zip(&s.tiebreaks)
                .map(|(tb, v)| {
                    v.map(|v| standings::tiebreak::format_value(v, tb.kind.scale()))
                        .unwrap_or_default()
                })
                .collect(),
        }
    }

    fn starting_list(&self, index: usize) -> Vec<StartRow> {
        let t = &self.dataset.tournaments[index];
        use standings::starting::{sort_starting, StartingEntry};
        let language = self.language_of(t);
        let mut entries: Vec<StartingEntry> = t
            .entries
            .iter()
            .map(|e| {
                let player = self.dataset.player(e.player.as_str());
                StartingEntry {
                    key: e.start_no as usize,
                    half_points: 0,
                    international: e
                        .rating
                        .or_else(|| player.and_then(|p| p.international_rating)),
                    national: self.national_rating(index, e.start_no),
                    name: player.map_or_else(|| e.player.to_string(), |p| p.name.clone()),
                    licence: player.and_then(|p| p.licence),
                }
            })
            .collect();
        sort_starting(language, &mut entries);
        entries
            .into_iter()
            .enumerate()
            .filter_map(|(i, s)| {
                let entry = t.entry(s.key as u32)?;
                let mut player = self.entry_link(entry);
                player.text = crate::collation::uppercase(language, &s.name);
                let show = |v: Option<u32>| v.map(|v| v.to_string()).unwrap_or_default();
                Some(StartRow {
                    rank: i + 1,
                    start_no: entry.start_no,
                    player,
                    international: show(s.international),
                    national: show(s.national),
                    licence: show(s.licence),
                })
            })
            .collect()
    }

    fn start_cross_row(&self, entry: &crate::model::Entry) -> StartCrossRow {
        let letters = colour_letters(self.page_language());
        let number = |start_no: u32| start_no.to_string();
        let cells = entry
            .cells
            .iter()
            .enumerate()
            .map(|(round, cell)| {
                notation::cross_cell(cell, entry.handicap(round), letters, &number)
            })
            .collect();
        StartCrossRow {
            start_no: entry.start_no,
            player: self.entry_link(entry),
            cells,
            points: format::points(entry.half_points()),
        }
    }

    /// Each start number's place in the published standings (1, 2, 3…,
    /// tied players in the order listed): the ranks a TRF export writes.
    pub fn published_places(&self, index: usize) -> std::collections::BTreeMap<u32, u32> {
        let t = &self.dataset.tournaments[index];
        let chain = standings::chain_for(t, self.config);
        let rating = |start_no: u32| self.event_rating(index, start_no);
        standings::published_places(t, &chain, &rating)
    }

    /// Each player's rating for the event, in start-number order (see
    /// `ViewBuilder::event_rating`).
    pub fn event_ratings(&self, index: usize) -> Vec<Option<u32>> {
        let t = &self.dataset.tournaments[index];
        t.entries
            .iter()
            .map(|e| self.event_rating(index, e.start_no))
            .collect()
    }

    /// Rating for ARO/TPR and the starting list: the event's rating column, else the
    /// international rating, else our established rating at the tournament's start.
    pub(super) fn event_rating(&self, index: usize, start_no: u32) -> Option<u32> {
        let t = &self.dataset.tournaments[index];
        let entry = t.entry(start_no)?;
        let player = self.dataset.player(entry.player.as_str());
        entry
            .rating
            .or_else(|| player.and_then(|p| p.international_rating))
            .or_else(|| self.national_rating(index, start_no))
    }

    /// Our rating at the tournament's start, when the player was established then.
    fn national_rating(&self, index: usize, start_no: u32) -> Option<u32> {
        self.ratings.by_tournament[index]
            .iter()
            .find(|r| r.start_no == start_no && r.phase_before == Phase::Established)
            .and_then(|r| r.rating_before)
            .and_then(|r| u32::try_from(r).ok())
    }

    fn cross_row(
        &self,
        t: &Tournament,
        standing: &Standing,
        rank_of_start: &std::collections::BTreeMap<u32, usize>,
        record: Option<&TournamentRating>,
    ) -> CrossRow {
        let entry = t
            .entry(standing.start_no)
            .expect("standings come from entries");
        let index = self
            .dataset
            .player_index(entry.player.as_str())
            .unwrap_or(0);
        let letters = colour_letters(self.page_language());
        let place = |start_no: u32| {
            rank_of_start
                .get(&start_no)
                .map(|r| r.to_string())
                .unwrap_or_default()
        };
        let cells = entry
            .cells
            .iter()
            .enumerate()
            .map(|(round, cell)| notation::cross_cell(cell, entry.handicap(round), letters, &place))
            .collect();
        let (rating, change) = match record {
            Some(r) => (
                self.rating_or_progress(r.rating_after, r.phase_after, r.provisional_games_after),
                r.change().map(format::signed).unwrap_or_default(),
            ),
            None => (String::new(), String::new()),
        };
        let phase = record.map_or("", |r| phase_name(r.phase_after)).to_string();
        let games = record.map_or(0, |r| r.provisional_games_after);
        CrossRow {
            rank: standing.rank_label.clone(),
            start_no: entry.start_no,
            player: self.player_link(index),
            cells,
            points: format::points(standing.half_points),
            rating,
            phase,
            games,
            change,
        }
    }

    fn change_row(&self, r: &TournamentRating) -> ChangeRow {
        ChangeRow {
            player: self.player_link(r.player),
            phase: phase_name(r.phase_before).to_string(),
            before: self.rating_or_progress(
                r.rating_before,
                r.phase_before,
                r.provisional_games_before,
            ),
            games: r.games_counted(),
            score: format::points(r.counted_half_points()),
            expected: r
                .expected_total()
                .map(format::two_decimals)
                .unwrap_or_default(),
            k: k_values(r, &self.words),
            change: r.change().map(format::signed).unwrap_or_default(),
            after: self.rating_or_progress(
                r.rating_after,
                r.phase_after,
                r.provisional_games_after,
            ),
            phase_after: phase_name(r.phase_after).to_string(),
            games_before: r.provisional_games_before,
            games_after: r.provisional_games_after,
        }
    }
}

/// Colour letters (white, black) in a page language: Turkish `b`/`s` (beyaz/siyah),
/// Finnish `v`/`m` (valkea/musta), otherwise `w`/`b`. One convention per
/// page, stated by `colour_legend`.
pub fn colour_letters(language: &str) -> [&'static str; 2] {
    let primary = language.split(['-', '_']).next().unwrap_or("");
    if primary.eq_ignore_ascii_case("tr") {
        ["b", "s"]
    } else if primary.eq_ignore_ascii_case("fi") {
        ["v", "m"]
    } else {
        ["w", "b"]
    }
}

/// The colour letters of `language` explained in `words`.
pub fn colour_legend(language: &str, words: &Translations) -> String {
    let [white, black] = colour_letters(language);
    words.with(
        "colour-legend",
        &[("white", Arg::Text(white)), ("black", Arg::Text(black))],
    )
}

/// A tie-break's one-line description for the legends, in `words`.
pub(super) fn tiebreak_description(
    tb: crate::model::tiebreak::TieBreak,
    words: &Translations,
) -> String {
    let id = tb.id();
    let base = id.strip_suffix("-virtual").unwrap_or(&id);
    let key = match base {
        "bh" => "tiebreak-bh",
        "bh-c1" => "tiebreak-bh-c1",
        "bh-c2" => "tiebreak-bh-c2",
        "bh-m1" => "tiebreak-bh-m1",
        "sb" => "tiebreak-sb",
        "win" => "tiebreak-win",
        "won" => "tiebreak-won",
        "gs" => "tiebreak-gs",
        "ps" => "tiebreak-ps",
        "de" => "tiebreak-de",
        "bpg" => "tiebreak-bpg",
        "aro" => "tiebreak-aro",
        "tpr" => "tiebreak-tpr",
        "ks" => "tiebreak-ks",
        _ => return tb.description(),
    };
    let what = words.text(key);
    if !tb.kind.uses_opponent_scores() {
        return what;
    }
    let unplayed = if id.ends_with("-virtual") {
        "tiebreak-unplayed-virtual"
    } else {
        "tiebreak-unplayed-dummy"
    };
    words.with(unplayed, &[("what", Arg::Text(&what))])
}

/// Whether the event's own report (the crosstable's rank column) ranks a
/// player outside the place these standings give them (a shared place
/// `4–6` agrees with any of 4, 5 and 6).
fn reported_ranks_differ(t: &Tournament, standing: &[Standing]) -> bool {
    let mut place = 0;
    standing.iter().any(|s| {
        place += 1;
        let Some(reported) = t.entry(s.start_no).and_then(|e| e.rank) else {
            return false;
        };
        let (low, high) = match s.rank_label.split_once('–') {
            Some((a, b)) => (a.parse().unwrap_or(place), b.parse().unwrap_or(place)),
            None => (place, place),
        };
        !(low..=high).contains(&reported)
    })
}
