//! EGD tournament reports ([`super::egd_format`]) as our files, and our
//! tournaments as EGD reports.
//!
//! | report | rating book |
//! |---|---|
//! | `EV` | the tournament's name |
//! | `DT` `start,end` | its first and last day (else `--date`) |
//! | `PC` `country, city` | its city |
//! | a player line | a crosstable row in place order; a new player file (name, grade, country, club) unless a player of that id exists |
//! | `12+/b3` | `12 b 1 h3`: a game with colour and handicap stones |
//! | `12+!b0` (OpenGotha: given by default) | `12 b +`: a forfeit, which is not rated |
//! | a line without a place (OpenGotha: a tie) | the place of the line above |
//! | `de_Butler Tristan`, country `fi` | the name `de Butler Tristan`, country `FI` |
//! | `0+` / `0=` / `0-` | `bye` / `H` / an empty cell (no game) |
//! | everyone met everyone once | a round robin; otherwise swiss |
//!
//! A game written without colour and stones (`12+`) takes the handicap the
//! `HA` rule gives (`h2`: the grade difference less 2 stones; `h9`: none),
//! the weaker player black. Not carried over: the class (`CL`), komi
//! (`KM`), time (`TM`) and the players' EGD pins; the rating book has no
//! field for them.

use super::egd_format::{Outcome, PlayerLine, Report, RoundResult};
use crate::files::crosstable::{crosstable_text, Row};
use crate::files::player::{player_file_text, PlayerFile};
use crate::files::tournament::{tournament_file_text, TournamentFile};
use crate::model::{
    Bye, Cell, Colour, Dataset, Date, GameResult, Membership, Slug, System, Tournament,
};
use std::collections::{BTreeMap, BTreeSet};

/// A report line that cannot be mapped: its line and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// 1-based line in the report (0: the report as a whole).
    pub line: usize,
    /// What is wrong and how to fix it.
    pub message: String,
}

/// What an import writes.
#[derive(Debug, Clone)]
pub struct Mapped {
    /// The tournament's id.
    pub id: Slug,
    /// Files to create: path and content.
    pub files: Vec<(String, String)>,
    /// Each player line: line, name, player id, whether the player is new.
    pub players: Vec<(usize, String, Slug, bool)>,
    /// What was left out.
    pub warnings: Vec<String>,
}

/// Maps a report to files: `name` is the tournament name when the report
/// gives no `EV`, `date` its first day when it gives no `DT`; players
/// whose id (made from the name) is in `dataset` are matched, the others
/// get new files with `membership`.
pub fn import(
    report: &Report,
    dataset: &Dataset,
    name: &str,
    date: Option<Date>,
    membership: Membership,
) -> Result<Mapped, Vec<Problem>> {
    let mut problems = Vec::new();
    let name = report
        .header("EV")
        .filter(|n| !n.is_empty())
        .unwrap_or(name);
    let (start, end) = dates(report.header("DT"), date);
    let Some(start) = start else {
        return Err(vec![Problem {
            line: 0,
            message: "the report gives no date `; DT[YYYY-MM-DD,YYYY-MM-DD]`: give the first day with --date".into(),
        }]);
    };
    let end = end.filter(|e| *e >= start).unwrap_or(start);
    let n = report.players.len();
    let mut by_place = BTreeMap::new();
    for (index, p) in report.players.iter().enumerate() {
        if by_place.insert(p.place, index).is_some() {
            problems.push(Problem {
                line: p.line,
                message: format!(
                    "place {} is given to two lines; each line needs its own place",
                    p.place
                ),
            });
        }
    }
    let rounds = report.players.first().map_or(0, |p| p.results.len());
    let reduction = report
        .header("HA")
        .and_then(|ha| ha.trim().strip_prefix('h')?.parse::<i32>().ok());
    let mut rows = Vec::with_capacity(n);
    // The id is the name with the year, unless the name has it already.
    let year = start.year.to_string();
    let id = if name.contains(&year) {
        Slug::from_name(name)
    } else {
        Slug::from_name(&format!("{name} {year}"))
    };
    let mut out = Mapped {
        id: id.clone(),
        files: Vec::new(),
        players: Vec::new(),
        warnings: Vec::new(),
    };
    let mut seen = BTreeSet::new();
    for (index, p) in report.players.iter().enumerate() {
        let (id, new) = player_id(p, dataset, &mut seen, &mut out, membership, &mut problems);
        let mut cells = Vec::with_capacity(rounds);
        let mut handicaps = Vec::with_capacity(rounds);
        for (round, r) in p.results.iter().enumerate() {
            let implied = by_place
                .get(&r.opponent)
                .filter(|_| r.black.is_none() && r.handicap.is_none())
                .and_then(|&o| implied_handicap(reduction, p, &report.players[o]));
            let r = &RoundResult {
                black: r.black.or(implied.map(|(black, _)| black)),
                handicap: r.handicap.or(implied.map(|(_, stones)| stones)),
                ..*r
            };
            let (cell, stones) = cell(r, &by_place, p, round, &mut problems);
            cells.push(cell.to_notation_with_handicap(stones));
            handicaps.push(stones);
        }
        // A tied line shares the place of the line above.
        let rank = match rows.last() {
            Some(Row { rank, .. }) if p.tied => *rank,
            _ => Some(p.place),
        };
        rows.push(Row {
            start_no: index as u32 + 1,
            player: id.as_str().to_string(),
            rating: None,
            rank,
            cells,
        });
        out.players.push((p.line, p.name.clone(), id, new));
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let folder = format!("data/tournaments/{}", start.year);
    // `PC[country, city]`; OpenGotha writes `PC[,place]`, and the place
    // may be `TR, Istanbul`: the city is the last part.
    let city = report
        .header("PC")
        .map(|pc| pc.rsplit_once(',').map_or(pc, |(_, city)| city).trim())
        .filter(|city| !city.is_empty());
    out.files.push((
        format!("{folder}/{id}.toml"),
        tournament_file_text(&TournamentFile {
            name,
            start,
            end,
            city,
            system: system(report, rounds),
            rounds: rounds as u32,
            ..TournamentFile::default()
        }),
    ));
    let csv = crosstable_text(rounds as u32, true, rows);
    out.files.push((
        format!("{folder}/{id}.csv"),
        String::from_utf8_lossy(&csv).into_owned(),
    ));
    out.warnings.extend(not_kept(report));
    Ok(out)
}

/// A warning for each header value and field the rating book has no place for.
fn not_kept(report: &Report) -> Vec<String> {
    let mut warnings = Vec::new();
    for key in ["CL", "KM", "TM"] {
        if let Some(value) = report.header(key) {
            warnings.push(format!(
                "`{key}[{value}]` is not kept: the rating book has no field for it"
            ));
        }
    }
    if report.players.iter().any(|p| p.pin.is_some()) {
        warnings.push("the players' EGD pins are not kept".into());
    }
    warnings
}

/// The colour (`true`: black) and stones of `p`'s game against `opponent`
/// when the report writes neither: the grade difference less the `HA`
/// reduction, at most 9 less it, the weaker player taking black; `None`
/// for an even game, or without `HA` or either grade.
fn implied_handicap(
    reduction: Option<i32>,
    p: &PlayerLine,
    opponent: &PlayerLine,
) -> Option<(bool, u8)> {
    let reduction = reduction.filter(|r| (0..9).contains(r))?;
    let stones = |line: &PlayerLine| {
        let lower = line.grade.to_ascii_lowercase();
        lower
            .parse::<go_grades::Grade>()
            .ok()
            .or_else(|| format!("{lower}k").parse().ok())
            .map(go_grades::Grade::stones)
    };
    let difference = stones(p)? - stones(opponent)?;
    let given = difference.abs().min(9) - reduction;
    (given > 0).then_some((difference > 0, given as u8))
}

/// Round robin when everyone met everyone once in as many rounds as that
/// takes; swiss (the McMahon system's kind) otherwise.
fn system(report: &Report, rounds: usize) -> System {
    let n = report.players.len();
    let mut met = BTreeSet::new();
    let mut games = 0;
    for p in &report.players {
        for r in p.results.iter().filter(|r| r.opponent != 0) {
            met.insert((p.place.min(r.opponent), p.place.max(r.opponent)));
            games += 1;
        }
    }
    let needed = if n.is_multiple_of(2) {
        n.saturating_sub(1)
    } else {
        n
    };
    let everyone = n * n.saturating_sub(1) / 2;
    if n > 1 && rounds == needed && met.len() == everyone && games == 2 * everyone {
        System::RoundRobin
    } else {
        System::Swiss
    }
}

/// The first and last day `DT` gives (`2016-01-30,2016-01-30`), else `date`.
fn dates(dt: Option<&str>, date: Option<Date>) -> (Option<Date>, Option<Date>) {
    let mut days = dt
        .unwrap_or("")
        .split(',')
        .filter_map(|d| Date::parse(d.trim()));
    let start = days.next().or(date);
    (start, days.next())
}

fn player_id(
    p: &PlayerLine,
    dataset: &Dataset,
    seen: &mut BTreeSet<String>,
    out: &mut Mapped,
    membership: Membership,
    problems: &mut Vec<Problem>,
) -> (Slug, bool) {
    let id = Slug::from_name(&p.name);
    if !seen.insert(id.as_str().to_string()) {
        problems.push(Problem {
            line: p.line,
            message: format!("`{}` is on two lines: a player enters once", p.name),
        });
    }
    if dataset.player(id.as_str()).is_some() {
        return (id, false);
    }
    let lower = p.grade.to_ascii_lowercase();
    let grade = lower
        .parse::<go_grades::Grade>()
        .ok()
        .or_else(|| format!("{lower}k").parse().ok());
    if grade.is_none() {
        out.warnings.push(format!(
            "line {}: grade `{}` is not kept (the rating book takes 30k..1k, 1d..9d)",
            p.line, p.grade
        ));
    }
    let mut text = player_file_text(&PlayerFile {
        name: &p.name,
        membership,
        club: &p.club,
        country: &p.country.to_ascii_uppercase(),
        international_rating: None,
        fide_id: None,
        title: "",
        fide_name: None,
        sex: None,
        birth_date: None,
        birth_year: None,
        preset: None,
        starts: &[],
    });
    if let Some(grade) = grade {
        text.push_str(&format!("grade = \"{grade}\"\n"));
    }
    out.files.push((format!("data/players/{id}.toml"), text));
    (id, true)
}

/// A report entry as a crosstable cell and its handicap stones.
fn cell(
    r: &RoundResult,
    by_place: &BTreeMap<u32, usize>,
    p: &PlayerLine,
    round: usize,
    problems: &mut Vec<Problem>,
) -> (Cell, u8) {
    if r.opponent == 0 {
        let cell = match r.outcome {
            Outcome::Won => Cell::Bye(Bye::PairingAllocated),
            Outcome::Jigo => Cell::Bye(Bye::Half),
            Outcome::Lost => Cell::Absent,
        };
        return (cell, 0);
    }
    let Some(&index) = by_place.get(&r.opponent) else {
        problems.push(Problem {
            line: p.line,
            message: format!("round {}: no line has place {}", round + 1, r.opponent),
        });
        return (Cell::Absent, 0);
    };
    let stones = r.handicap.unwrap_or(0);
    if stones > crate::model::MAX_HANDICAP {
        problems.push(Problem {
            line: p.line,
            message: format!(
                "round {}: {stones} handicap stones; the most is 9",
                round + 1
            ),
        });
    }
    let cell = Cell::Game {
        opponent: index as u32 + 1,
        colour: r
            .black
            .map(|b| if b { Colour::Black } else { Colour::White }),
        result: match (r.outcome, r.by_default) {
            (Outcome::Won, false) => GameResult::Win,
            (Outcome::Lost, false) => GameResult::Loss,
            (Outcome::Jigo, _) => GameResult::Draw,
            (Outcome::Won, true) => GameResult::ForfeitWin,
            (Outcome::Lost, true) => GameResult::ForfeitLoss,
        },
    };
    (cell, stones.min(crate::model::MAX_HANDICAP))
}

/// What an export needs that the tournament does not hold.
#[derive(Debug, Clone, Default)]
pub struct ExportOptions {
    /// The EGF class, `A` to `D`.
    pub class: String,
    /// Komi, e.g. `6.5`.
    pub komi: Option<String>,
    /// The country code for `PC`.
    pub country: Option<String>,
    /// Adjusted time in minutes for `TM`.
    pub time: Option<String>,
}

/// One of our tournaments as an EGD report: players in order of their
/// final place (the crosstable's `rank`, else points, ties by start
/// number), each referring to the others by place. Problems: a player
/// without a grade or country (the EGD needs both), a forfeit (not a game
/// the EGD rates).
pub fn export(
    t: &Tournament,
    dataset: &Dataset,
    options: &ExportOptions,
) -> Result<Report, Vec<Problem>> {
    let mut problems = Vec::new();
    let mut order: Vec<&crate::model::Entry> = t.entries.iter().collect();
    order.sort_by_key(|e| {
        (
            e.rank.unwrap_or(u32::MAX),
            std::cmp::Reverse(e.half_points()),
            e.start_no,
        )
    });
    let place: BTreeMap<u32, u32> = order
        .iter()
        .enumerate()
        .map(|(i, e)| (e.start_no, i as u32 + 1))
        .collect();
    let mut players = Vec::with_capacity(order.len());
    for (i, e) in order.iter().enumerate() {
        let Some(player) = dataset.player(e.player.as_str()) else {
            continue;
        };
        let grade = player.grade.map(|g| g.to_string());
        if grade.is_none() {
            problems.push(Problem {
                line: e.line,
                message: format!(
                    "`{}` has no grade: write `grade = \"5k\"` in data/players/{}.toml",
                    player.name, player.id
                ),
            });
        }
        let mut results = Vec::with_capacity(e.cells.len());
        for (round, cell) in e.cells.iter().enumerate() {
            let stones = e.handicap(round);
            let result = |opponent: u32, outcome, colour: Option<Colour>| RoundResult {
                opponent: place.get(&opponent).copied().unwrap_or(0),
                outcome,
                black: colour.map(|c| c == Colour::Black),
                handicap: colour.map(|_| stones),
                by_default: false,
            };
            results.push(match *cell {
                Cell::Game {
                    opponent,
                    colour,
                    result: r,
                } => match r {
                    GameResult::Win => result(opponent, Outcome::Won, colour),
                    GameResult::Loss => result(opponent, Outcome::Lost, colour),
                    GameResult::Draw => result(opponent, Outcome::Jigo, colour),
                    GameResult::ForfeitWin => result(0, Outcome::Won, None),
                    GameResult::ForfeitLoss => result(0, Outcome::Lost, None),
                },
                Cell::Bye(Bye::PairingAllocated | Bye::Full) => result(0, Outcome::Won, None),
                Cell::Bye(Bye::Half) => result(0, Outcome::Jigo, None),
                Cell::Bye(Bye::Zero) | Cell::Absent | Cell::Paired { .. } => {
                    result(0, Outcome::Lost, None)
                }
            });
        }
        players.push(PlayerLine {
            line: 0,
            place: i as u32 + 1,
            tied: false,
            name: ascii_token(&player.name),
            grade: grade.unwrap_or_default(),
            country: ascii_token(player.country.as_deref().unwrap_or("xx")),
            club: ascii_token(player.club.as_deref().unwrap_or("-")).replace(' ', ""),
            results,
            pin: None,
        });
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let mut header = vec![
        ("CL".to_string(), options.class.clone()),
        ("EV".to_string(), ascii_token(&t.name)),
    ];
    let city = ascii_token(t.city.as_deref().unwrap_or_default());
    header.push((
        "PC".into(),
        match &options.country {
            Some(c) => format!("{c}, {city}"),
            None => city,
        },
    ));
    header.push(("DT".into(), format!("{},{}", t.start, t.end)));
    // `h9` is no handicap; with handicap games every game's colour and
    // stones are written, which the EGD takes over its rule (`h0`).
    let handicap = t.entries.iter().any(|e| e.handicaps.iter().any(|&h| h > 0));
    header.push(("HA".into(), if handicap { "h0" } else { "h9" }.into()));
    if let Some(komi) = &options.komi {
        header.push(("KM".into(), komi.clone()));
    }
    if let Some(time) = &options.time {
        header.push(("TM".into(), time.clone()));
    }
    Ok(Report { header, players })
}

/// Text in ASCII letters, as the EGD's description asks of the file
/// (`Mäkinen` is written `Makinen`), without the report's own marks (`;`,
/// `|`, `[`, `]`) or line breaks.
fn ascii_token(text: &str) -> String {
    token_safe(&deunicode::deunicode_with_tofu(text, "?"))
}

/// Text without the report's own marks (`;`, `|`, `[`, `]`) or line breaks.
fn token_safe(text: &str) -> String {
    text.chars()
        .map(|c| {
            if matches!(c, ';' | '|' | '[' | ']' | '\n' | '\r' | '\t') {
                ' '
            } else {
                c
            }
        })
        .collect::<String>()
        .trim()
        .to_string()
}
