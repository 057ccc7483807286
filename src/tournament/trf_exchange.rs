//! Our tournaments as FIDE TRF documents (TRF-16 or TRF-2026) and back:
//! `import-trf`, `export-trf` and the `.trf` download. The format itself
//! (columns, codes, parsing, the two editions) lives in [`trf`].
//!
//! Mapping, cell by cell:
//!
//! | crosstable cell | TRF round block |
//! |---|---|
//! | `12 w 1`, `12 b 0`, `12 =` | `  12 w 1`, `  12 b 0`, `  12 - =` |
//! | `12 w +` / `12 b -` (forfeits) | `  12 w +` / `  12 b -` |
//! | `bye` (pairing-allocated) | `0000 - U` (`0000 - +` reads as this too) |
//! | `F`, `H`, `Z` | `0000 - F`, `0000 - H`, `0000 - Z` |
//! | `12 w ?` (paired, not played yet) | `  12 w  ` (blank result) |
//! | empty (absent) | blank block (`0000 - -` reads as this too) |
//!
//! TRF's unrated results `W`, `D`, `L` are read as played wins, draws and losses.

use crate::files::crosstable;
use crate::files::player::{player_file_text, PlayerFile};
use crate::files::tournament::{tournament_file_text, TournamentFile};
use crate::model::{
    Bye, Cell, Colour, Dataset, Date, Entry, GameResult, Membership, Slug, System, Tournament,
};
use std::collections::BTreeMap;
use trf::{PlayerLine, ResultCode, RoundEntry, TrfDocument, TrfLine};

/// The TRF round block for one crosstable cell (`None` = blank block).
pub fn cell_to_block(cell: &Cell) -> Option<RoundEntry> {
    let bye = |result| {
        Some(RoundEntry {
            opponent: None,
            colour: None,
            result,
        })
    };
    match *cell {
        Cell::Game {
            opponent,
            colour,
            result,
        } => Some(RoundEntry {
            opponent: Some(opponent),
            colour: colour.map(Into::into),
            result: match result {
                GameResult::Win => ResultCode::Win,
                GameResult::Draw => ResultCode::Draw,
                GameResult::Loss => ResultCode::Loss,
                GameResult::ForfeitWin => ResultCode::ForfeitWin,
                GameResult::ForfeitLoss => ResultCode::ForfeitLoss,
            },
        }),
        Cell::Paired { opponent, colour } => Some(RoundEntry {
            opponent: Some(opponent),
            colour: colour.map(Into::into),
            result: ResultCode::Pending,
        }),
        Cell::Bye(Bye::PairingAllocated) => bye(ResultCode::PairingBye),
        Cell::Bye(Bye::Full) => bye(ResultCode::FullBye),
        Cell::Bye(Bye::Half) => bye(ResultCode::HalfBye),
        Cell::Bye(Bye::Zero) => bye(ResultCode::ZeroBye),
        Cell::Absent => None,
    }
}

/// The crosstable cell for one TRF round block.
pub fn block_to_cell(block: Option<&RoundEntry>) -> Cell {
    let Some(block) = block else {
        return Cell::Absent;
    };
    let Some(opponent) = block.opponent else {
        return match block.result {
            ResultCode::PairingBye | ResultCode::ForfeitWin => Cell::Bye(Bye::PairingAllocated),
            ResultCode::FullBye => Cell::Bye(Bye::Full),
            ResultCode::HalfBye => Cell::Bye(Bye::Half),
            ResultCode::ZeroBye => Cell::Bye(Bye::Zero),
            _ => Cell::Absent,
        };
    };
    let result = match block.result {
        ResultCode::Win | ResultCode::UnratedWin => GameResult::Win,
        ResultCode::Draw | ResultCode::UnratedDraw => GameResult::Draw,
        ResultCode::Loss | ResultCode::UnratedLoss => GameResult::Loss,
        ResultCode::ForfeitWin | ResultCode::FullBye | ResultCode::PairingBye => {
            GameResult::ForfeitWin
        }
        ResultCode::ForfeitLoss | ResultCode::ZeroBye => GameResult::ForfeitLoss,
        ResultCode::HalfBye => GameResult::Draw,
        ResultCode::Pending => {
            return Cell::Paired {
                opponent,
                colour: block.colour.map(Into::into),
            }
        }
    };
    Cell::Game {
        opponent,
        colour: block.colour.map(Into::into),
        result,
    }
}

fn trf_date(date: Date) -> String {
    format!("{:04}/{:02}/{:02}", date.year, date.month, date.day)
}

/// Parses the dates TRF files carry (see [`trf::date`]): `2026/03/14`, `14.03.2026`,
/// `14. 03. 2026`, `Mar 14, 2026`, ...
pub fn parse_trf_date(text: &str) -> Option<Date> {
    read_date(text).map(|(date, _)| date)
}

/// A date and whether reading it was a guess.
fn read_date(text: &str) -> Option<(Date, bool)> {
    let parsed = trf::date::parse_date(text)?;
    let d = parsed.date;
    Some((Date::new(d.year, d.month, d.day)?, parsed.guessed))
}

/// The event's start date: `042`, else `fallback` (`--date`), else the first round
/// date of `132`, else `052`; with a warning when it was guessed or taken from
/// another line.
fn start_date(
    doc: &TrfDocument,
    fallback: Option<Date>,
    warnings: &mut Vec<String>,
) -> Option<Date> {
    let header = |code| doc.header(code).unwrap_or_default();
    if let Some((date, guessed)) = read_date(header("042")) {
        if guessed {
            warnings.push(format!(
                "042: read `{}` as {date} (the form is ambiguous)",
                header("042")
            ));
        }
        return Some(date);
    }
    if fallback.is_some() {
        return fallback;
    }
    let round_dates = header("132").split_whitespace().find_map(read_date);
    let (date, code) = match (round_dates, read_date(header("052"))) {
        (Some((date, _)), _) => (date, "132 (first round date)"),
        (None, Some((date, _))) => (date, "052 (end date)"),
        (None, None) => return None,
    };
    warnings.push(format!("no start date in 042: took {date} from {code}"));
    Some(date)
}

/// The tournament as a TRF-16 document: header lines, `XXR`, and one player
/// line per entry with the player file's name as FIDE writes it, title, federation,
/// FIDE id, rating, points, rank (the crosstable's `rank` column, else by points;
/// ties share the better rank) and every round; personal data (sex, birth date)
/// left blank.
pub fn tournament_to_trf(t: &Tournament, dataset: &Dataset) -> TrfDocument {
    tournament_to_trf_with(t, dataset, PersonalData::Omit)
}

/// Whether a TRF export carries the players' personal data (sex, birth date).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PersonalData {
    /// Left blank: what the published site writes unless `site.publish_personal_data`.
    Omit,
    /// Written as the player files hold them.
    Include,
}

/// [`tournament_to_trf_with`] in the given edition of the format: TRF-2026
/// writes `142` for the number of rounds and lists the byes in `240` records
/// as well (see [`trf::trf26`]).
pub fn tournament_to_trf_version(
    t: &Tournament,
    dataset: &Dataset,
    personal: PersonalData,
    version: trf::Version,
) -> TrfDocument {
    let doc = tournament_to_trf_with(t, dataset, personal);
    match version {
        trf::Version::Trf16 => doc,
        trf::Version::Trf2026 => doc.to_version(version),
    }
}

/// The document with each player's rank replaced by `ranks` (start number
/// → rank), e.g. the places the published standings give; players not in
/// `ranks` keep theirs.
pub fn with_ranks(mut doc: TrfDocument, ranks: &BTreeMap<u32, u32>) -> TrfDocument {
    for line in &mut doc.lines {
        if let TrfLine::Player(p) = line {
            if let Some(&rank) = ranks.get(&p.start_no) {
                p.rank = Some(rank);
            }
        }
    }
    doc
}

/// [`tournament_to_trf`], choosing whether personal data is written.
pub fn tournament_to_trf_with(
    t: &Tournament,
    dataset: &Dataset,
    personal: PersonalData,
) -> TrfDocument {
    let mut lines = vec![header("012", &t.name)];
    if let Some(city) = &t.city {
        lines.push(header("022", city));
    }
    lines.push(header("042", &trf_date(t.start)));
    lines.push(header("052", &trf_date(t.end)));
    lines.push(header("062", &t.entries.len().to_string()));
    lines.push(header(
        "092",
        match t.system {
            System::Swiss => "Individual: Swiss-System",
            System::RoundRobin => "Individual: Round-Robin",
        },
    ));
    let ranks = ranks_by_points(t);
    for entry in &t.entries {
        lines.push(TrfLine::Player(player_line(
            entry,
            dataset,
            entry.rank.unwrap_or(ranks[&entry.start_no]),
            personal,
        )));
    }
    lines.push(TrfLine::TotalRounds(t.rounds));
    TrfDocument { lines }
}

fn header(code: &str, text: &str) -> TrfLine {
    TrfLine::Header {
        code: code.to_string(),
        text: text.to_string(),
    }
}

fn ranks_by_points(t: &Tournament) -> BTreeMap<u32, u32> {
    let mut points: Vec<(u32, u32)> = t
        .entries
        .iter()
        .map(|e| (e.start_no, e.half_points()))
        .collect();
    points.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut ranks = BTreeMap::new();
    let mut rank = 0;
    for (i, &(start_no, p)) in points.iter().enumerate() {
        if i == 0 || points[i - 1].1 != p {
            rank = i as u32 + 1;
        }
        ranks.insert(start_no, rank);
    }
    ranks
}

fn player_line(entry: &Entry, dataset: &Dataset, rank: u32, personal: PersonalData) -> PlayerLine {
    let player = dataset.player(entry.player.as_str());
    let name = player.map_or(entry.player.as_str(), |p| {
        p.fide_name.as_deref().unwrap_or(p.name.as_str())
    });
    let mut line = PlayerLine::new(entry.start_no, name);
    line.rating = entry.rating.or(player.and_then(|p| p.international_rating));
    line.federation = player
        .and_then(|p| p.country.clone())
        .unwrap_or_default()
        .chars()
        .take(3)
        .collect();
    if let Some(p) = player {
        line.title = p.title.clone().unwrap_or_default();
        line.fide_id = p.fide_id;
        if personal == PersonalData::Include {
            line.sex = p.sex.map(|s| match s {
                crate::model::Sex::Man => 'm',
                crate::model::Sex::Woman => 'w',
            });
            line.birth_date = match (p.birth_date, p.birth_year) {
                (Some(date), _) => trf_date(date),
                (None, Some(year)) => year.to_string(),
                (None, None) => String::new(),
            };
        }
    }
    line.points = trf::Points(entry.half_points() * 5);
    line.rank = Some(rank);
    line.rounds = entry.cells.iter().map(cell_to_block).collect();
    while line.rounds.last().is_some_and(Option::is_none) {
        line.rounds.pop();
    }
    line
}

/// How imported players that match nobody are filed.
#[derive(Debug, Clone)]
pub struct ImportOptions {
    /// Tournament id (default: from the tournament's name and year).
    pub id: Option<Slug>,
    /// Membership of players created by the import, unless
    /// `memberships` gives their federation's.
    pub membership: Membership,
    /// Membership of created players by their federation as the file
    /// writes it (`FIN` → member), before `membership`.
    pub memberships: BTreeMap<String, Membership>,
    /// Explicit start number → player id matches, for ambiguous or renamed players.
    pub map: BTreeMap<u32, Slug>,
    /// Start date when the TRF has none (`042`).
    pub date: Option<Date>,
    /// Tournament name when the TRF has none (`012`), e.g. the file name.
    pub name: Option<String>,
}

impl ImportOptions {
    /// The membership a player created from `p` gets: their federation's
    /// from `memberships` (case-insensitive), else `membership`.
    pub fn membership_of(&self, p: &PlayerLine) -> Membership {
        let federation = p.federation.trim().to_uppercase();
        self.memberships
            .iter()
            .find(|(fed, _)| fed.to_uppercase() == federation)
            .map_or(self.membership, |(_, &m)| m)
    }
}

impl Default for ImportOptions {
    fn default() -> Self {
        ImportOptions {
            id: None,
            membership: Membership::Other,
            memberships: BTreeMap::new(),
            map: BTreeMap::new(),
            date: None,
            name: None,
        }
    }
}

/// Why a TRF document cannot be imported.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    /// The file has no `012` name line.
    #[error("the TRF has no tournament name (line `012`)")]
    NoName,
    /// No usable start date.
    #[error("the TRF has no start date in `042` (or it is not a date); give one with --date")]
    NoDate,
    /// No player lines.
    #[error("the TRF has no player lines (`001`)")]
    NoPlayers,
    /// A player name matches several known players.
    #[error("player {start_no} `{name}` matches several players: {candidates}")]
    Ambiguous {
        /// Start number in the TRF.
        start_no: u32,
        /// The name in the TRF.
        name: String,
        /// The matching ids, comma-separated.
        candidates: String,
    },
    /// `--map` names an id that has no player file.
    #[error("--map {start_no}={id}: no player `{id}`")]
    UnknownMappedId {
        /// Start number.
        start_no: u32,
        /// The id given.
        id: String,
    },
    /// `--map` gives one player to two start numbers: he would play himself.
    #[error("--map {first}={id} and --map {second}={id} give one player two start numbers")]
    MappedTwice {
        /// The id given twice.
        id: String,
        /// The first start number it was given.
        first: u32,
        /// The second.
        second: u32,
    },
    /// More rounds than a tournament may have.
    #[error("line {line}: {rounds} rounds; a tournament has at most {max} rounds")]
    TooManyRounds {
        /// The line that makes the count (the `XXR` line or a player's).
        line: usize,
        /// How many rounds.
        rounds: u32,
        /// The most allowed.
        max: u32,
    },
    /// Start numbers do not run 1..n.
    #[error("start numbers must run from 1 to the number of players; {0} is out of place")]
    StartNumbers(u32),
    /// The rounds are inconsistent (see `TrfDocument::check_consistency`).
    #[error("line {line}, column {column}: {message}")]
    Inconsistent {
        /// Line.
        line: usize,
        /// Column.
        column: usize,
        /// What is wrong.
        message: String,
    },
}

/// What an import produces: files to write, relative to the repository root.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    /// The tournament id.
    pub id: Slug,
    /// Files to create: path and content.
    pub files: Vec<(String, String)>,
    /// How each TRF player was matched, for the report: (start no, name, id, how).
    pub matches: Vec<(u32, String, Slug, &'static str)>,
    /// What the import had to guess or fill in (dates, a missing name).
    pub warnings: Vec<String>,
}

/// Converts a TRF document into our files: tournament metadata, crosstable, and
/// player files for players not in `dataset` (matched by `--map`, then by id,
/// then by name ignoring accents, case and commas).
pub fn import_trf(
    doc: &TrfDocument,
    dataset: &Dataset,
    options: &ImportOptions,
) -> Result<Imported, ImportError> {
    mapped_once(&options.map)?;
    rounds_in_range(doc)?;
    if let Some(e) = doc.check_consistency().into_iter().next() {
        return Err(ImportError::Inconsistent {
            line: e.line,
            column: e.column,
            message: e.kind.to_string(),
        });
    }
    let mut warnings = Vec::new();
    let converted = individual_games(doc, &mut warnings);
    let doc = &converted;
    let name = match doc.name().map(str::trim).filter(|n| !n.is_empty()) {
        Some(name) => name,
        None => {
            let name = options.name.as_deref().ok_or(ImportError::NoName)?;
            warnings.push(format!("no tournament name in 012: named it `{name}`"));
            name
        }
    };
    let start = start_date(doc, options.date, &mut warnings).ok_or(ImportError::NoDate)?;
    let end = doc
        .header("052")
        .and_then(parse_trf_date)
        .filter(|e| *e >= start)
        .unwrap_or(start);
    let mut players: Vec<&PlayerLine> = doc.players().collect();
    if players.is_empty() {
        return Err(ImportError::NoPlayers);
    }
    players.sort_by_key(|p| p.start_no);
    for (i, p) in players.iter().enumerate() {
        if p.start_no != i as u32 + 1 {
            return Err(ImportError::StartNumbers(p.start_no));
        }
    }
    let rounds = doc
        .total_rounds()
        .unwrap_or(0)
        .max(players.iter().map(|p| p.rounds.len()).max().unwrap_or(0) as u32)
        .max(1);
    let id = options
        .id
        .clone()
        .unwrap_or_else(|| Slug::from_name(name).with_year_suffix(start.year));
    let mut files = Vec::new();
    let mut matches = Vec::new();
    let mut taken: BTreeMap<String, ()> = BTreeMap::new();
    let ranked = players.iter().any(|p| final_rank(p).is_some());
    let mut rows = Vec::new();
    for p in &players {
        let (player_id, how) = match_player(p, dataset, options)?;
        let player_id = match how {
            "new" => {
                let fresh = unique_id(&player_id, dataset, &taken);
                files.push((
                    format!("data/players/{fresh}.toml"),
                    new_player_file(p, options.membership_of(p)),
                ));
                fresh
            }
            _ => player_id,
        };
        taken.insert(player_id.to_string(), ());
        matches.push((p.start_no, p.name.clone(), player_id.clone(), how));
        rows.push(crosstable::Row {
            start_no: p.start_no,
            player: player_id.to_string(),
            rating: p.rating,
            rank: final_rank(p),
            cells: (0..rounds as usize)
                .map(|round| {
                    block_to_cell(p.rounds.get(round).and_then(Option::as_ref)).to_notation()
                })
                .collect(),
        });
    }
    let rows =
        String::from_utf8(crosstable::crosstable_text(rounds, ranked, rows)).unwrap_or_default();
    let system = system_of(doc, players.len(), rounds);
    let folder = format!("data/tournaments/{}", start.year);
    files.push((
        format!("{folder}/{id}.toml"),
        tournament_file_text(&TournamentFile {
            name,
            start,
            end,
            city: doc.header("022"),
            system,
            rounds,
            ..TournamentFile::default()
        }),
    ));
    files.push((format!("{folder}/{id}.csv"), rows));
    Ok(Imported {
        id,
        files,
        matches,
        warnings,
    })
}

/// Refuses a `--map` that gives one id to two start numbers.
fn mapped_once(map: &BTreeMap<u32, Slug>) -> Result<(), ImportError> {
    let mut seen: BTreeMap<&Slug, u32> = BTreeMap::new();
    for (&start_no, id) in map {
        if let Some(&first) = seen.get(id) {
            return Err(ImportError::MappedTwice {
                id: id.to_string(),
                first,
                second: start_no,
            });
        }
        seen.insert(id, start_no);
    }
    Ok(())
}

/// Refuses more rounds (by `XXR` or by a player's round blocks) than a
/// tournament file may declare, before anything is built from them.
fn rounds_in_range(doc: &TrfDocument) -> Result<(), ImportError> {
    let max = crate::files::tournament::MAX_ROUNDS as u32;
    let lines = doc.lines.iter().enumerate();
    let too_many = lines
        .filter_map(|(i, line)| match line {
            TrfLine::TotalRounds(n) => Some((i + 1, *n)),
            TrfLine::Player(p) => Some((i + 1, p.rounds.len() as u32)),
            _ => None,
        })
        .find(|&(_, rounds)| rounds > max);
    match too_many {
        Some((line, rounds)) => Err(ImportError::TooManyRounds { line, rounds, max }),
        None => Ok(()),
    }
}

/// The TRF's event as an in-memory tournament, without player files: each row's
/// player id is `p` and its start number. Used to compute standings and tie-breaks
/// straight from a TRF file. The start date is `042`, else `date`.
pub fn tournament_from_trf(
    doc: &TrfDocument,
    date: Option<Date>,
) -> Result<Tournament, ImportError> {
    if let Some(e) = doc.check_consistency().into_iter().next() {
        return Err(ImportError::Inconsistent {
            line: e.line,
            column: e.column,
            message: e.kind.to_string(),
        });
    }
    let converted = individual_games(doc, &mut Vec::new());
    let doc = &converted;
    let start = start_date(doc, date, &mut Vec::new()).ok_or(ImportError::NoDate)?;
    let mut players: Vec<&PlayerLine> = doc.players().collect();
    if players.is_empty() {
        return Err(ImportError::NoPlayers);
    }
    players.sort_by_key(|p| p.start_no);
    let rounds = doc
        .total_rounds()
        .unwrap_or(0)
        .max(doc.rounds_present() as u32);
    let entries = players
        .iter()
        .map(|p| Entry {
            start_no: p.start_no,
            player: Slug::from_name(&format!("p{}", p.start_no)),
            rating: p.rating,
            rank: final_rank(p),
            cells: (0..rounds as usize)
                .map(|r| block_to_cell(p.rounds.get(r).and_then(Option::as_ref)))
                .collect(),
            handicaps: Vec::new(),
            line: 0,
        })
        .collect();
    let system = system_of(doc, players.len(), rounds);
    Ok(Tournament {
        id: Slug::from_name(doc.name().unwrap_or("trf")),
        name: doc.name().unwrap_or_default().to_string(),
        start,
        end: start,
        city: doc.header("022").map(str::to_string),
        system,
        rounds,
        rated: false,
        time_control: crate::model::TimeControl::Standard,
        rules: crate::model::Rules::Standard,
        base_k: None,
        sequence: 0,
        illustrative: false,
        note: None,
        pool: None,
        acceleration: crate::model::Acceleration::None,
        tiebreaks: None,
        language: None,
        event: Default::default(),
        entries,
        first_round_column: 4,
        meta_source: Default::default(),
        table_source: Default::default(),
    })
}

/// The pairing system: as `092` names it (`Swiss`, `Round-Robin`, `Berger`), else a
/// round robin when there are as many rounds as players, or one fewer (as FIDE's
/// checker decides), else Swiss.
fn system_of(doc: &TrfDocument, players: usize, rounds: u32) -> System {
    let kind = doc.header("092").unwrap_or_default().to_lowercase();
    let named = kind.contains("robin") || kind.contains("berger");
    let sized = players == rounds as usize || players == rounds as usize + 1;
    if !kind.contains("swiss") && (named || sized) {
        System::RoundRobin
    } else {
        System::Swiss
    }
}

/// A player line's final rank, if it gives one. Pairing programs such as
/// Swiss-Manager write rank 0 for a player who withdrew and is not ranked:
/// that is no rank, not a rank below the first.
fn final_rank(p: &PlayerLine) -> Option<u32> {
    p.rank.filter(|&rank| rank > 0)
}

/// The player file a TRF import writes for a player not yet in the rating book.
fn new_player_file(p: &PlayerLine, membership: Membership) -> String {
    let name = display_name(&p.name);
    let birth_date = full_birth_date(&p.birth_date);
    player_file_text(&PlayerFile {
        name: &name,
        membership,
        club: "",
        country: &p.federation,
        international_rating: p.rating,
        fide_id: p.fide_id.filter(|&id| id > 0),
        title: &p.title,
        fide_name: (p.name != name).then_some(p.name.as_str()),
        sex: p.sex.filter(|s| matches!(s, 'm' | 'w')),
        birth_date,
        birth_year: birth_date.map_or_else(|| birth_year(&p.birth_date), |_| None),
        preset: None,
        starts: &[],
    })
}

/// A TRF birth date naming a day (`1965/04/13`, `13.04.1965`); `None` for a year
/// alone (`1965`, `1965/00/00`) or an implausible year.
fn full_birth_date(text: &str) -> Option<Date> {
    let (date, _) = read_date(text)?;
    (1900..=2100).contains(&date.year).then_some(date)
}

/// The document's individual games in TRF-16 form, with a warning for each
/// TRF-2026 record the rating book has no place for. A TRF-2026 file's `240`
/// byes are written into the round blocks; a team event keeps only its players'
/// games.
fn individual_games(doc: &TrfDocument, warnings: &mut Vec<String>) -> TrfDocument {
    if doc.version() == trf::Version::Trf16 {
        return doc.clone();
    }
    warnings.push("read as TRF-2026".to_string());
    let team = doc.team_records();
    if !team.is_empty() {
        warnings.push(format!(
            "team records ({}) are not imported: the rating book keeps individual games only, so the players' games are imported without the teams",
            team.join(", ")
        ));
    }
    let scoring = doc.scoring();
    let standard = |class: trf::ScoreClass, points: trf::Points| match class {
        trf::ScoreClass::Win | trf::ScoreClass::PairingBye => points.0 == 10,
        trf::ScoreClass::Draw | trf::ScoreClass::Unknown => points.0 == 5,
        trf::ScoreClass::Loss | trf::ScoreClass::Absence => points.0 == 0,
    };
    if scoring.iter().any(|&(c, p)| !standard(c, p)) {
        warnings.push(
            "162: the event scores other than 1, ½, 0; the crosstable counts 1, ½, 0".to_string(),
        );
    }
    let mut skipped = Vec::new();
    for line in &doc.lines {
        let what = match line {
            TrfLine::National(_) => "national rating lines",
            TrfLine::Acceleration(_) => "250 accelerated rounds",
            TrfLine::Prohibited(_) => "260 prohibited pairings",
            TrfLine::Abnormal(_) => "299 point adjustments",
            _ => continue,
        };
        if !skipped.contains(&what) {
            skipped.push(what);
        }
    }
    if !skipped.is_empty() {
        warnings.push(format!(
            "not imported (our tournament files have no place for them): {}",
            skipped.join(", ")
        ));
    }
    doc.to_version(trf::Version::Trf16)
}

/// The year of a TRF birth date (`1963/04/13`, `1963`, `13.04.1963`), if plausible.
fn birth_year(text: &str) -> Option<i32> {
    let year = match read_date(text) {
        Some((date, _)) => date.year,
        None => text.trim().get(..4)?.parse().ok()?,
    };
    (1900..=2100).contains(&year).then_some(year)
}

/// TRF writes `Surname, Given`; our files write `Surname Given`.
fn display_name(trf_name: &str) -> String {
    trf_name
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

fn name_key(name: &str) -> String {
    crate::text::search_key(&display_name(name))
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Finds the player a TRF line stands for: `(id, how)`, `how` one of `mapped`,
/// `id`, `name`, `new`.
fn match_player(
    p: &PlayerLine,
    dataset: &Dataset,
    options: &ImportOptions,
) -> Result<(Slug, &'static str), ImportError> {
    if let Some(id) = options.map.get(&p.start_no) {
        return match dataset.player(id.as_str()) {
            Some(_) => Ok((id.clone(), "mapped")),
            None => Err(ImportError::UnknownMappedId {
                start_no: p.start_no,
                id: id.to_string(),
            }),
        };
    }
    let slug = Slug::from_name(&display_name(&p.name));
    if dataset.player(slug.as_str()).is_some() {
        return Ok((slug, "id"));
    }
    let key = name_key(&p.name);
    let same_name: Vec<&crate::model::Player> = dataset
        .players
        .iter()
        .filter(|q| name_key(&q.name) == key)
        .collect();
    match same_name.as_slice() {
        [] => Ok((slug, "new")),
        [one] => Ok((one.id.clone(), "name")),
        many => Err(ImportError::Ambiguous {
            start_no: p.start_no,
            name: p.name.clone(),
            candidates: many
                .iter()
                .map(|q| q.id.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        }),
    }
}

fn unique_id(base: &Slug, dataset: &Dataset, taken: &BTreeMap<String, ()>) -> Slug {
    let free = |id: &str| dataset.player(id).is_none() && !taken.contains_key(id);
    if free(base.as_str()) {
        return base.clone();
    }
    (2..)
        .map(|n| base.numbered(n))
        .find(|id| free(id.as_str()))
        .expect("some suffix is free")
}

/// A crosstable colour as TRF (and the pairing engine) writes it.
impl From<Colour> for trf::Colour {
    fn from(colour: Colour) -> trf::Colour {
        match colour {
            Colour::White => trf::Colour::White,
            Colour::Black => trf::Colour::Black,
        }
    }
}

/// A TRF colour as our crosstables hold it.
impl From<trf::Colour> for Colour {
    fn from(colour: trf::Colour) -> Colour {
        match colour {
            trf::Colour::White => Colour::White,
            trf::Colour::Black => Colour::Black,
        }
    }
}
