//! `import-legacy`: the thesis program's database ([`super::legacy_format`])
//! as a rating book's files.
//!
//! | in `data.bin` | in the rating book |
//! |---|---|
//! | player record (not the BYE, id 99) | `data/players/<id>.toml`: name, membership (1 honorary, 2 member, 3 rif, 4 other) |
//! | a member's rating-pool rating and games | `[preset]` when they are a preset the rules allow, else `[start.association]` (established from the first event at 20 games or more) |
//! | a `rif` player's rating | `international_rating`; the rating in an event's result list goes in its crosstable's `rating` column |
//! | tournament record | `data/tournaments/<year>/<id>.toml`: name, date (`pvm` read as `YYYYMMDD`, or `--date`), rounds; rating status 0 unrated, 32 the usual K, 24..2 `base_k` |
//! | its result list | the crosstable: one row per participant in the list's order, a game per pair, `bye` for a pair without opponent |
//!
//! The program never wrote the tournament's `system` word: a tournament in
//! which everyone met everyone once is a round robin, any other swiss.
//! The ratings and changes the program stored are not carried over: the
//! rating book computes its own.

use super::legacy_format::{decode_name, Database, PersonRecord, TournamentRecord};
use crate::files::crosstable::{crosstable_text, Row};
use crate::files::player::{player_file_text, PlayerFile};
use crate::files::tournament::{tournament_file_text, TournamentFile};
use crate::model::{Bye, Cell, Date, GameResult, Membership, Preset, Slug, Start, System};
use std::collections::{BTreeMap, BTreeSet};

/// The program's id of the BYE record.
pub const BYE_ID: u32 = 99;

/// The K values the program's rating status takes.
const RATING_STATUSES: [u32; 10] = [32, 24, 16, 12, 8, 6, 4, 3, 2, 0];

/// A record that cannot be mapped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// Byte offset of the word or record.
    pub offset: usize,
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub hint: String,
}

fn problem(offset: usize, message: impl Into<String>, hint: impl Into<String>) -> Problem {
    Problem {
        offset,
        message: message.into(),
        hint: hint.into(),
    }
}

/// What the import writes and how each record was mapped.
#[derive(Debug, Clone, Default)]
pub struct Mapped {
    /// Files to create: path and content.
    pub files: Vec<(String, String)>,
    /// Each record mapped: byte offset, the program's id, name, the file's id.
    pub records: Vec<(usize, u32, String, Slug)>,
    /// What was filled in or left out.
    pub warnings: Vec<String>,
}

/// A player as the import maps them.
struct Person {
    slug: Slug,
    membership: Membership,
}

/// Maps the database to files. `dates` gives a tournament's date by the
/// program's id, for records whose date word is not `YYYYMMDD`. Every
/// record that cannot be mapped is a problem; no files then. Ids are made
/// from the names, unique within the import (two records with one name
/// get the program's id added); whether the repository has them already
/// is for the caller to see.
pub fn map(db: &Database, dates: &BTreeMap<u32, Date>) -> Result<Mapped, Vec<Problem>> {
    let mut problems = Vec::new();
    let mut out = Mapped::default();
    let mut taken = BTreeSet::new();
    let mut people = BTreeMap::new();
    for record in db.players.iter().filter(|p| p.id != BYE_ID) {
        if people.contains_key(&record.id) {
            problems.push(problem(
                record.offset,
                format!("player id {} is given to two records", record.id),
                "give each player record its own id",
            ));
            continue;
        }
        if let Some(person) = map_person(record, &mut taken, &mut out, &mut problems) {
            people.insert(record.id, person);
        }
    }
    let mut tournament_ids = BTreeSet::new();
    for record in &db.tournaments {
        map_tournament(
            record,
            &people,
            dates,
            &mut tournament_ids,
            &mut out,
            &mut problems,
        );
    }
    if problems.is_empty() {
        Ok(out)
    } else {
        problems.sort_by_key(|p| p.offset);
        Err(problems)
    }
}

/// An id made from `name` not yet `taken`: the name's slug, else with the
/// program's id added.
fn free_slug(name: &str, legacy_id: u32, taken: &mut BTreeSet<String>) -> Slug {
    let mut slug = Slug::from_name(name);
    if taken.contains(slug.as_str()) {
        slug = Slug::from_name(&format!("{name} {legacy_id}"));
    }
    taken.insert(slug.as_str().to_string());
    slug
}

fn map_person(
    record: &PersonRecord,
    taken: &mut BTreeSet<String>,
    out: &mut Mapped,
    problems: &mut Vec<Problem>,
) -> Option<Person> {
    let name = decode_name(&record.name).trim().to_string();
    if name.is_empty() {
        problems.push(problem(
            record.offset + 4,
            format!("player {} has no name", record.id),
            "give the player a name in the program and save again",
        ));
        return None;
    }
    let membership = match record.membership {
        1 => Membership::Honorary,
        2 => Membership::Member,
        3 => Membership::Rif,
        4 => Membership::Other,
        code => {
            problems.push(problem(
                record.offset + 44,
                format!("player {} `{name}` has membership code {code}, which the program never writes (1 honorary, 2 member, 3 RIF, 4 other)", record.id),
                "set the membership in the program and save again",
            ));
            return None;
        }
    };
    let (preset, start) = if membership.is_rated_by_us() {
        let [rating, games] = record.orig;
        if !(1..=3500).contains(&rating) {
            problems.push(problem(
                record.offset + 48,
                format!(
                    "member {} `{name}` starts at rating {rating}, outside 1..3500",
                    record.id
                ),
                "give the member a rating-pool rating in the program and save again",
            ));
            return None;
        }
        let is_preset = Preset::RATINGS.contains(&rating) && Preset::GAMES.contains(&games);
        let default = rating == 1600 && games == 0;
        match (default, is_preset) {
            (true, _) => (None, None),
            (false, true) => (Some((rating, games)), None),
            (false, false) => (None, Some((rating, games))),
        }
    } else {
        (None, None)
    };
    let international_rating = (membership == Membership::Rif
        && (1..=3500).contains(&record.rating))
    .then_some(record.rating);
    let slug = free_slug(&name, record.id, taken);
    out.files.push((
        format!("data/players/{slug}.toml"),
        player_file_text(&PlayerFile {
            name: &name,
            membership,
            club: "",
            country: "",
            international_rating,
            fide_id: None,
            title: "",
            fide_name: None,
            sex: None,
            birth_date: None,
            birth_year: None,
            preset,
            starts: &start
                .map(|(rating, games)| Start {
                    pool: None,
                    rating: f64::from(rating),
                    deviation: None,
                    volatility: None,
                    games: Some(games),
                    k: None,
                    as_of: None,
                    line: 0,
                })
                .into_iter()
                .collect::<Vec<_>>(),
        }),
    ));
    out.records
        .push((record.offset, record.id, name, slug.clone()));
    Some(Person { slug, membership })
}

/// The date a tournament's date word gives read as `YYYYMMDD`.
fn date_word(word: u32) -> Option<Date> {
    let year = i32::try_from(word / 10_000).ok()?;
    Date::new(year, word / 100 % 100, word % 100).filter(|_| (1900..=2999).contains(&year))
}

fn map_tournament(
    record: &TournamentRecord,
    people: &BTreeMap<u32, Person>,
    dates: &BTreeMap<u32, Date>,
    ids: &mut BTreeSet<String>,
    out: &mut Mapped,
    problems: &mut Vec<Problem>,
) {
    let before = problems.len();
    let name = decode_name(&record.name).trim().to_string();
    let shown = format!("tournament {} `{name}`", record.id);
    if name.is_empty() {
        problems.push(problem(
            record.offset + 4,
            format!("tournament {} has no name", record.id),
            "give it a name in the program and save again",
        ));
    }
    let date = dates
        .get(&record.id)
        .copied()
        .or_else(|| date_word(record.date));
    if date.is_none() {
        problems.push(problem(
            record.offset + 40,
            format!(
                "{shown} has date word {}, which is not a date written YYYYMMDD",
                record.date
            ),
            format!("give its first day with --date {}=YYYY-MM-DD", record.id),
        ));
    }
    if !RATING_STATUSES.contains(&record.rating_status) {
        problems.push(problem(
            record.offset + 36,
            format!("{shown} has rating status {}, not one of the program's K values 32, 24, 16, 12, 8, 6, 4, 3, 2, 0", record.rating_status),
            "set the tournament's K in the program (its K menu) and save again",
        ));
    }
    let table = crosstable(record, people, &shown, problems);
    let (Some(date), Some(table)) = (date, table) else {
        return;
    };
    if problems.len() > before {
        return;
    }
    let slug = free_slug(&name, record.id, ids);
    let folder = format!("data/tournaments/{}", date.year);
    let rated = (record.rating_status == 0).then_some(false);
    let base_k =
        (record.rating_status != 0 && record.rating_status != 32).then_some(record.rating_status);
    out.files.push((
        format!("{folder}/{slug}.toml"),
        tournament_file_text(&TournamentFile {
            name: &name,
            start: date,
            end: date,
            system: table.system,
            rounds: record.rounds,
            rated,
            base_k,
            ..TournamentFile::default()
        }),
    ));
    let csv = crosstable_text(record.rounds, false, table.rows);
    out.files.push((
        format!("{folder}/{slug}.csv"),
        String::from_utf8_lossy(&csv).into_owned(),
    ));
    out.warnings.extend(table.warnings);
    out.records.push((record.offset, record.id, name, slug));
}

/// A result list as crosstable rows.
struct Table {
    rows: Vec<Row>,
    system: System,
    warnings: Vec<String>,
}

/// The participants: each id's player and, for a `rif` player, the
/// rating the list gives them for the event.
fn participants<'a>(
    record: &TournamentRecord,
    people: &'a BTreeMap<u32, Person>,
    shown: &str,
    problems: &mut Vec<Problem>,
) -> Vec<(&'a Person, Option<u32>)> {
    let n = record.participants as usize;
    let mut seen = BTreeSet::new();
    let mut found = Vec::with_capacity(n);
    for i in 0..n {
        let offset = record.list_offset + 4 * i;
        let id = record.list[i];
        match people.get(&id) {
            Some(_) if !seen.insert(id) => problems.push(problem(
                offset,
                format!("{shown} lists player {id} twice"),
                "a player enters a tournament once: remove the second entry in the program",
            )),
            Some(person) => {
                let rating = record.list[n + i];
                let rating = (person.membership == Membership::Rif && (1..=3500).contains(&rating))
                    .then_some(rating);
                found.push((person, rating));
            }
            None => problems.push(problem(
                offset,
                format!("{shown} lists player id {id}, which no player record has"),
                "add the player in the program, or correct the participant, and save again",
            )),
        }
    }
    found
}

fn crosstable(
    record: &TournamentRecord,
    people: &BTreeMap<u32, Person>,
    shown: &str,
    problems: &mut Vec<Problem>,
) -> Option<Table> {
    let n = record.participants as usize;
    let rounds = record.rounds as usize;
    let pairs = n.div_ceil(2);
    if n < 2 || rounds == 0 || rounds > 1000 || n > 100_000 {
        problems.push(problem(
            record.offset + 44,
            format!("{shown} has {n} participants and {rounds} rounds"),
            "a tournament has at least 2 participants and 1 to 1000 rounds",
        ));
        return None;
    }
    let expected = 2 * n + 5 * pairs * rounds;
    if record.list.len() != expected {
        problems.push(problem(
            record.list_offset,
            format!(
                "{shown}'s result list has {} words; {n} participants and {rounds} rounds make {expected}",
                record.list.len()
            ),
            "enter every round's pairs in the program and save again",
        ));
        return None;
    }
    let players = participants(record, people, shown, problems);
    let mut cells = vec![vec![Cell::Absent; rounds]; n];
    let mut warnings = Vec::new();
    let mut met = BTreeSet::new();
    for round in 0..rounds {
        for pair in 0..pairs {
            let at = 2 * n + 5 * (round * pairs + pair);
            let offset = record.list_offset + 4 * at;
            let [a, b, result] = [record.list[at], record.list[at + 1], record.list[at + 2]];
            let place = format!("{shown}, round {}, pair {}", round + 1, pair + 1);
            let Some(game) = pair_cells(a, b, result, n, &place, offset, problems) else {
                continue;
            };
            for (index, cell) in game {
                let Some(slot) = cells[index].get_mut(round) else {
                    continue;
                };
                if *slot != Cell::Absent {
                    problems.push(problem(
                        offset,
                        format!(
                            "{place}: participant {} is paired twice in the round",
                            index + 1
                        ),
                        "give each participant one pair a round in the program",
                    ));
                }
                *slot = cell;
            }
            if result == 4 || result == 5 {
                warnings.push(format!(
                    "{place}: no result entered; imported as paired, result to come"
                ));
            }
            if a != 0 && b != 0 {
                met.insert((a.min(b), a.max(b)));
            }
        }
    }
    if players.len() != n {
        return None;
    }
    let everyone = n * (n - 1) / 2;
    let round_robin =
        met.len() == everyone && rounds == if n.is_multiple_of(2) { n - 1 } else { n };
    let rows = players
        .iter()
        .zip(cells)
        .enumerate()
        .map(|(i, ((person, rating), cells))| Row {
            start_no: i as u32 + 1,
            player: person.slug.as_str().to_string(),
            rating: *rating,
            rank: None,
            cells: cells.iter().map(Cell::to_notation).collect(),
        })
        .collect();
    Some(Table {
        rows,
        system: if round_robin {
            System::RoundRobin
        } else {
            System::Swiss
        },
        warnings,
    })
}

/// The cells one pair of the result list gives: (participant index, cell);
/// `None` for an empty pair or a problem.
fn pair_cells(
    a: u32,
    b: u32,
    result: u32,
    n: usize,
    place: &str,
    offset: usize,
    problems: &mut Vec<Problem>,
) -> Option<Vec<(usize, Cell)>> {
    for (index, word_offset) in [(a, offset), (b, offset + 4)] {
        if index as usize > n {
            problems.push(problem(
                word_offset,
                format!("{place}: participant {index} is not one of the {n}"),
                "pair participants by their numbers 1..n (0 for no opponent) in the program",
            ));
            return None;
        }
    }
    if a == b {
        if a != 0 {
            problems.push(problem(
                offset,
                format!("{place}: participant {a} is paired with themselves"),
                "correct the pair in the program",
            ));
        }
        return None;
    }
    if a == 0 || b == 0 {
        let index = a.max(b) as usize - 1;
        return Some(vec![(index, Cell::Bye(Bye::PairingAllocated))]);
    }
    let (first, second) = (a as usize - 1, b as usize - 1);
    let result = match result {
        1 => Some(GameResult::Win),
        2 => Some(GameResult::Loss),
        3 => Some(GameResult::Draw),
        4 | 5 => None,
        other => {
            problems.push(problem(
                offset + 8,
                format!("{place}: result code {other} is not one the program writes (1 first won, 2 second won, 3 draw)"),
                "enter the pair's result in the program again",
            ));
            return None;
        }
    };
    let cell = |opponent: usize, result: Option<GameResult>| match result {
        Some(result) => Cell::Game {
            opponent: opponent as u32 + 1,
            colour: None,
            result,
        },
        None => Cell::Paired {
            opponent: opponent as u32 + 1,
            colour: None,
        },
    };
    Some(vec![
        (first, cell(second, result)),
        (second, cell(first, result.map(GameResult::complement))),
    ])
}
