//! The files `ratingbook new` writes: a player file, and a tournament's
//! metadata with its empty crosstable.
//!
//! Each file is valid as written (`ratingbook check` accepts it) and carries
//! the optional fields as comments with their allowed values, so a maintainer
//! fills it in by removing a `#`; the texts are [`ratingbook::files`]'. Planning ([`plan_player`],
//! [`plan_tournament`]) checks the request against the repository (id
//! collisions, unknown players) and has the texts written out; [`write_new_files`]
//! then creates the files, never overwriting one.

use ratingbook::files::player::player_text;
use ratingbook::files::tournament::tournament_text;
use ratingbook::model::{Date, IdError, Membership, Slug, System};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// A player to create.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPlayer {
    /// The name as printed, e.g. `Ikonen Jussi`.
    pub name: String,
    /// The id (file name); made from the name when `None`.
    pub id: Option<Slug>,
    /// Membership class.
    pub membership: Membership,
    /// Club, if given.
    pub club: Option<String>,
    /// Country, if given.
    pub country: Option<String>,
}

/// A tournament to create.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewTournament {
    /// The tournament's name, e.g. `Spring Open 2026`.
    pub name: String,
    /// The id (file name); made from the name and start year when `None`.
    pub id: Option<Slug>,
    /// First day.
    pub start: Date,
    /// Last day; the start day when `None`.
    pub end: Option<Date>,
    /// Pairing system.
    pub system: System,
    /// Number of rounds, 1–1000.
    pub rounds: u32,
    /// Player ids in start-number order (start numbers 1, 2, …).
    pub players: Vec<String>,
}

/// One file to create, relative to the repository root.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewFile {
    /// Where it goes, e.g. `data/players/ikonen-jussi.toml`.
    pub path: PathBuf,
    /// Its full text.
    pub text: String,
}

/// Why a `new` request was refused. Nothing is written then.
#[derive(Debug, thiserror::Error)]
pub enum NewError {
    /// A name is empty.
    #[error("the {what} name is empty")]
    EmptyName {
        /// `player` or `tournament`.
        what: &'static str,
    },
    /// A text field holds a control character or a bidirectional override.
    #[error("`{field}` contains the character {character}, which is not allowed in names")]
    ForbiddenCharacter {
        /// The option concerned (`name`, `club`, `country`).
        field: &'static str,
        /// The character, as `U+0000`.
        character: String,
    },
    /// No id can be made from the name (no letter or digit).
    #[error("no id can be made from the name `{name}`")]
    NoId {
        /// The name given.
        name: String,
    },
    /// The id is already taken by a file.
    #[error("{what} `{id}` already exists: {}", .existing.display())]
    Exists {
        /// `player` or `tournament`.
        what: &'static str,
        /// The id.
        id: Slug,
        /// The file that has it, relative to the root.
        existing: PathBuf,
        /// A free id to suggest.
        free: Slug,
    },
    /// A listed player id is not a valid id.
    #[error("`{id}` is not a player id: {source}")]
    InvalidPlayerId {
        /// The text given.
        id: String,
        /// Why it is not an id.
        source: IdError,
        /// The closest existing id, if one is close.
        closest: Option<String>,
    },
    /// A listed player has no player file.
    #[error("unknown player `{id}`: there is no data/players/{id}.toml")]
    UnknownPlayer {
        /// The id given.
        id: String,
        /// The closest existing id, if one is close.
        closest: Option<String>,
    },
    /// A player is listed twice.
    #[error("player `{id}` is listed twice in --players")]
    DuplicatePlayer {
        /// The id.
        id: String,
    },
    /// The tournament ends before it starts.
    #[error("the tournament ends ({end}) before it starts ({start})")]
    EndBeforeStart {
        /// First day.
        start: Date,
        /// Last day given.
        end: Date,
    },
    /// The round count is outside 1–1000.
    #[error("{0} rounds is out of range")]
    Rounds(u32),
    /// A symbolic link where a file was to be written.
    #[error(transparent)]
    Link(#[from] ratingbook::atomic_write::LinkRefused),
    /// A file or folder could not be written.
    #[error("cannot write {}: {source}", .path.display())]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
}

impl NewError {
    /// How to fix it, when there is something to say.
    pub fn hint(&self) -> Option<String> {
        match self {
            NewError::EmptyName { .. } => Some("give the name as it should be printed".into()),
            NewError::ForbiddenCharacter { .. } => {
                Some("remove it; names are a single line of plain text".into())
            }
            NewError::NoId { .. } => {
                Some("choose the id (file name) with --id, e.g. --id ikonen-jussi".into())
            }
            NewError::Exists {
                what: "player",
                free,
                ..
            } => Some(format!(
                "if this is another person of the same name, choose another id with --id, e.g. --id {free}"
            )),
            NewError::Exists { free, .. } => {
                Some(format!("choose another id with --id, e.g. --id {free}"))
            }
            NewError::InvalidPlayerId {
                closest: Some(near),
                ..
            }
            | NewError::UnknownPlayer {
                closest: Some(near),
                ..
            } => Some(format!("did you mean `{near}`?")),
            NewError::InvalidPlayerId { .. } | NewError::UnknownPlayer { .. } => Some(
                "create the player first with `ratingbook new player \"Name\"`, or use an id \
                 from data/players/"
                    .into(),
            ),
            NewError::DuplicatePlayer { .. } => Some("list each player once".into()),
            NewError::EndBeforeStart { .. } => {
                Some("check the dates; a one-day event has --end equal to --start".into())
            }
            NewError::Rounds(_) => Some("give the number of rounds, from 1 to 1000".into()),
            NewError::Io { .. } | NewError::Link(_) => None,
        }
    }
}

/// Most rounds a tournament may declare (as `check` accepts).
pub const MAX_ROUNDS: u32 = 1000;

/// Where player files live, relative to the root.
const PLAYERS_DIR: &str = "data/players";
/// Where tournaments live, relative to the root.
const TOURNAMENTS_DIR: &str = "data/tournaments";

/// Checks a new player against the repository at `root` and renders its file.
pub fn plan_player(root: &Path, player: &NewPlayer) -> Result<NewFile, NewError> {
    let name = single_line("name", &player.name)?;
    if name.is_empty() {
        return Err(NewError::EmptyName { what: "player" });
    }
    let club = optional_line("club", player.club.as_deref())?;
    let country = optional_line("country", player.country.as_deref())?;
    let id = match &player.id {
        Some(id) => id.clone(),
        None => Slug::from_text(name).ok_or_else(|| NewError::NoId { name: name.into() })?,
    };
    let taken = player_ids(root);
    if taken.contains(id.as_str()) {
        return Err(NewError::Exists {
            what: "player",
            existing: player_path(&id),
            free: free_id(&id, &taken),
            id,
        });
    }
    let text = player_text(name, player.membership, club, country);
    Ok(NewFile {
        path: player_path(&id),
        text,
    })
}

/// Checks a new tournament against the repository at `root` and renders its
/// metadata and crosstable (in that order). Every problem is returned.
pub fn plan_tournament(root: &Path, t: &NewTournament) -> Result<[NewFile; 2], Vec<NewError>> {
    let mut problems = Vec::new();
    let name = match single_line("name", &t.name) {
        Ok(name) if name.is_empty() => {
            problems.push(NewError::EmptyName { what: "tournament" });
            name
        }
        Ok(name) => name,
        Err(e) => {
            problems.push(e);
            ""
        }
    };
    let end = t.end.unwrap_or(t.start);
    if end < t.start {
        problems.push(NewError::EndBeforeStart {
            start: t.start,
            end,
        });
    }
    if !(1..=MAX_ROUNDS).contains(&t.rounds) {
        problems.push(NewError::Rounds(t.rounds));
    }
    let id = tournament_id(t, name);
    match &id {
        Some(id) => problems.extend(tournament_collision(root, id)),
        None => problems.push(NewError::NoId { name: name.into() }),
    }
    let players = checked_players(&player_ids(root), &t.players, &mut problems);
    let Some(id) = id.filter(|_| problems.is_empty()) else {
        return Err(problems);
    };
    let folder = Path::new(TOURNAMENTS_DIR).join(t.start.year.to_string());
    let meta = NewFile {
        path: folder.join(format!("{id}.toml")),
        text: tournament_text(name, t.start, end, t.system, t.rounds),
    };
    let table = NewFile {
        path: folder.join(format!("{id}.csv")),
        text: initial_crosstable(root, &players, t.rounds),
    };
    Ok([meta, table])
}

/// A new tournament's crosstable: the players in FIDE's initial order
/// (rating, title, name, from their files), numbered from 1, each with the
/// rating they start with.
fn initial_crosstable(root: &Path, players: &[Slug], rounds: u32) -> String {
    use ratingbook::tournament::event::{initial_rows, Registrant};
    let registrants = players
        .iter()
        .map(|id| {
            let file = root.join(PLAYERS_DIR).join(format!("{id}.toml"));
            let (player, _) = ratingbook::load::load_player(root, &file);
            Registrant {
                player: id.clone(),
                rating: player.as_ref().and_then(|p| p.international_rating),
                title: player.as_ref().and_then(|p| p.title.clone()),
                name: player.map_or_else(|| id.to_string(), |p| p.name),
            }
        })
        .collect();
    let rows = initial_rows("en", registrants, rounds);
    String::from_utf8(ratingbook::files::crosstable::crosstable_text(
        rounds, false, rows,
    ))
    .unwrap_or_default()
}

/// Creates each file under `root` (and its folder), refusing to replace an
/// existing file. When one cannot be written, those written before it are
/// removed again.
pub fn write_new_files(root: &Path, files: &[NewFile]) -> Result<(), NewError> {
    for (done, file) in files.iter().enumerate() {
        if let Err(e) = create_file(root, &root.join(&file.path), &file.text) {
            for written in &files[..done] {
                let _ = std::fs::remove_file(root.join(&written.path));
            }
            return Err(e);
        }
    }
    Ok(())
}

fn create_file(root: &Path, path: &Path, text: &str) -> Result<(), NewError> {
    ratingbook::atomic_write::create_new_file_in(root, path, text.as_bytes()).map_err(|e| {
        match ratingbook::atomic_write::LinkRefused::taken_from(e) {
            Ok(link) => NewError::Link(link),
            Err(source) => NewError::Io {
                path: path.to_path_buf(),
                source,
            },
        }
    })
}

/// `text` trimmed, refused if it holds a character text fields may not have.
fn single_line<'a>(field: &'static str, text: &'a str) -> Result<&'a str, NewError> {
    match ratingbook::text::forbidden_char(text, false) {
        Some((_, c)) => Err(NewError::ForbiddenCharacter {
            field,
            character: ratingbook::text::char_name(c),
        }),
        None => Ok(text.trim()),
    }
}

/// Like [`single_line`]; an empty text counts as not given.
fn optional_line<'a>(
    field: &'static str,
    text: Option<&'a str>,
) -> Result<Option<&'a str>, NewError> {
    let text = text.map(|t| single_line(field, t)).transpose()?;
    Ok(text.filter(|t| !t.is_empty()))
}

fn player_path(id: &Slug) -> PathBuf {
    Path::new(PLAYERS_DIR).join(format!("{id}.toml"))
}

/// Ids of the player files present (file stems of `data/players/*.toml`).
fn player_ids(root: &Path) -> BTreeSet<String> {
    stems(root, &root.join(PLAYERS_DIR), "toml", 1)
}

/// File stems of `extension` files exactly `depth` folders below `dir`.
fn stems(root: &Path, dir: &Path, extension: &str, depth: usize) -> BTreeSet<String> {
    let (files, _) = ratingbook::load::repository_files(root, dir, Some(extension), depth..=depth);
    files
        .iter()
        .filter_map(|f| f.file_stem()?.to_str().map(str::to_string))
        .collect()
}

/// The first of `id-2`, `id-3`, … not in `taken` (the id shortened when the
/// number would not fit in [`Slug::MAX_LEN`]).
fn free_id(id: &Slug, taken: &BTreeSet<String>) -> Slug {
    (2..=taken.len() + 2)
        .map(|n| id.numbered(n))
        .find(|candidate| !taken.contains(candidate.as_str()))
        .unwrap_or_else(|| id.clone())
}

fn tournament_id(t: &NewTournament, name: &str) -> Option<Slug> {
    match &t.id {
        Some(id) => Some(id.clone()),
        None => Slug::from_text(name).map(|s| s.with_year_suffix(t.start.year)),
    }
}

/// A tournament id must be unique across all year folders.
fn tournament_collision(root: &Path, id: &Slug) -> Option<NewError> {
    let dir = root.join(TOURNAMENTS_DIR);
    let (files, _) = ratingbook::load::repository_files(root, &dir, None, 2..=2);
    let named = |extension: &str| {
        files.iter().find(|f| {
            f.file_stem().and_then(|s| s.to_str()) == Some(id.as_str())
                && f.extension().is_some_and(|e| e == extension)
        })
    };
    let existing = named("toml").or_else(|| named("csv"))?;
    let mut taken = stems(root, &dir, "toml", 2);
    taken.extend(stems(root, &dir, "csv", 2));
    Some(NewError::Exists {
        what: "tournament",
        id: id.clone(),
        existing: ratingbook::load::relative(root, existing),
        free: free_id(id, &taken),
    })
}

/// The listed players as ids, each known and listed once; problems otherwise.
fn checked_players(
    known: &BTreeSet<String>,
    listed: &[String],
    problems: &mut Vec<NewError>,
) -> Vec<Slug> {
    let closest = |wanted: &str| {
        ratingbook::text::closest(&wanted.to_lowercase(), known.iter().map(String::as_str))
            .map(str::to_string)
    };
    let mut seen = BTreeSet::new();
    let mut players = Vec::new();
    for wanted in listed.iter().map(|p| p.trim()).filter(|p| !p.is_empty()) {
        match Slug::parse(wanted) {
            Err(source) => problems.push(NewError::InvalidPlayerId {
                id: wanted.into(),
                source,
                closest: closest(wanted),
            }),
            Ok(_) if !known.contains(wanted) => problems.push(NewError::UnknownPlayer {
                id: wanted.into(),
                closest: closest(wanted),
            }),
            Ok(_) if !seen.insert(wanted) => {
                problems.push(NewError::DuplicatePlayer { id: wanted.into() })
            }
            Ok(id) => players.push(id),
        }
    }
    players
}

#[cfg(test)]
mod tests {
    use super::*;

    fn repo() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let players = dir.path().join(PLAYERS_DIR);
        std::fs::create_dir_all(&players).unwrap();
        for id in ["ikonen-jussi", "ilu-timo"] {
            std::fs::write(
                players.join(format!("{id}.toml")),
                "name = \"X\"\nmembership = \"member\"\n",
            )
            .unwrap();
        }
        dir
    }

    fn player(name: &str) -> NewPlayer {
        NewPlayer {
            name: name.into(),
            id: None,
            membership: Membership::Member,
            club: None,
            country: None,
        }
    }

    fn tournament(players: &[&str]) -> NewTournament {
        NewTournament {
            name: "Spring Open".into(),
            id: None,
            start: Date::new(2026, 4, 11).unwrap(),
            end: Date::new(2026, 4, 12),
            system: System::Swiss,
            rounds: 5,
            players: players.iter().map(|p| p.to_string()).collect(),
        }
    }

    #[test]
    fn a_new_player_file_loads_cleanly() {
        let dir = repo();
        let mut new = player("Saarenpää Samuli");
        new.club = Some("Helsinki".into());
        new.membership = Membership::Honorary;
        let file = plan_player(dir.path(), &new).unwrap();
        assert_eq!(file.path, Path::new("data/players/saarenpaa-samuli.toml"));
        assert!(file.text.contains("# grade = \"3k\""), "{}", file.text);
        assert!(file.text.contains("# [preset]"));
        assert!(file.text.contains("# country = \"FIN\""));
        write_new_files(dir.path(), std::slice::from_ref(&file)).unwrap();
        let (loaded, problems) =
            ratingbook::load::load_player(dir.path(), &dir.path().join(&file.path));
        assert!(problems.is_empty(), "{problems:?}");
        let loaded = loaded.unwrap();
        assert_eq!(loaded.name, "Saarenpää Samuli");
        assert_eq!(loaded.club.as_deref(), Some("Helsinki"));
        assert_eq!(loaded.country, None);
        assert_eq!(loaded.membership, Membership::Honorary);
    }

    #[test]
    fn names_with_quotes_and_backslashes_stay_valid_toml() {
        let dir = repo();
        let mut new = player("O'Brien \"Pat\" \\ Jr");
        new.country = Some("IRL".into());
        let file = plan_player(dir.path(), &new).unwrap();
        write_new_files(dir.path(), std::slice::from_ref(&file)).unwrap();
        let (loaded, problems) =
            ratingbook::load::load_player(dir.path(), &dir.path().join(&file.path));
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(loaded.unwrap().name, "O'Brien \"Pat\" \\ Jr");
    }

    #[test]
    fn an_existing_player_id_is_refused_with_a_free_one() {
        let dir = repo();
        let error = plan_player(dir.path(), &player("Ikonen Jussi")).unwrap_err();
        assert_eq!(
            error.to_string(),
            "player `ikonen-jussi` already exists: data/players/ikonen-jussi.toml"
        );
        assert!(error.hint().unwrap().contains("--id ikonen-jussi-2"));
        let mut chosen = player("Ikonen Jussi");
        chosen.id = Some(Slug::parse("ikonen-jussi-2").unwrap());
        let file = plan_player(dir.path(), &chosen).unwrap();
        assert_eq!(file.path, Path::new("data/players/ikonen-jussi-2.toml"));
    }

    #[test]
    fn a_free_id_fits_the_length_limit() {
        let long = Slug::parse(&"a".repeat(Slug::MAX_LEN)).unwrap();
        let taken = BTreeSet::from([long.to_string(), format!("{}-2", "a".repeat(62))]);
        let free = free_id(&long, &taken);
        assert_eq!(free.as_str(), format!("{}-3", "a".repeat(62)));
    }

    #[test]
    fn names_without_an_id_or_with_control_characters_are_refused() {
        let dir = repo();
        assert!(matches!(
            plan_player(dir.path(), &player("???")),
            Err(NewError::NoId { .. })
        ));
        assert!(matches!(
            plan_player(dir.path(), &player("  ")),
            Err(NewError::EmptyName { .. })
        ));
        assert!(matches!(
            plan_player(dir.path(), &player("a\u{202E}b")),
            Err(NewError::ForbiddenCharacter { field: "name", .. })
        ));
    }

    #[test]
    fn a_new_tournament_loads_cleanly() {
        let dir = repo();
        let [meta, table] =
            plan_tournament(dir.path(), &tournament(&["ilu-timo", "ikonen-jussi"])).unwrap();
        assert_eq!(
            meta.path,
            Path::new("data/tournaments/2026/spring-open-2026.toml")
        );
        // Start numbers in FIDE's initial order: neither is rated, so by
        // name (Ikonen before Ilu), whatever the order typed.
        assert_eq!(
            table.text,
            "no,player,rating,1,2,3,4,5\n1,ikonen-jussi,,,,,,\n2,ilu-timo,,,,,,\n"
        );
        assert!(meta.text.contains("# base_k = 32"));
        write_new_files(dir.path(), &[meta.clone(), table]).unwrap();
        let (loaded, problems) =
            ratingbook::load::load_tournament(dir.path(), &dir.path().join(&meta.path));
        assert!(problems.is_empty(), "{problems:?}");
        let loaded = loaded.unwrap();
        assert_eq!(loaded.rounds, 5);
        assert_eq!(loaded.end, Date::new(2026, 4, 12).unwrap());
        assert_eq!(loaded.entries.len(), 2);
    }

    #[test]
    fn unknown_players_are_refused_with_the_closest_id() {
        let dir = repo();
        let errors = plan_tournament(
            dir.path(),
            &tournament(&["ikonen-jusi", "Ilu-Timo", "ilu-timo", "ilu-timo"]),
        )
        .unwrap_err();
        let shown: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(
            shown,
            [
                "unknown player `ikonen-jusi`: there is no data/players/ikonen-jusi.toml",
                "`Ilu-Timo` is not a player id: the id contains `I`; use only lowercase letters a-z, digits and single hyphens",
                "player `ilu-timo` is listed twice in --players",
            ]
        );
        assert_eq!(errors[0].hint().unwrap(), "did you mean `ikonen-jussi`?");
        assert_eq!(errors[1].hint().unwrap(), "did you mean `ilu-timo`?");
    }

    #[test]
    fn an_existing_tournament_id_is_refused_in_any_year() {
        let dir = repo();
        let old = dir.path().join("data/tournaments/2025");
        std::fs::create_dir_all(&old).unwrap();
        std::fs::write(old.join("spring-open-2026.csv"), "no,player\n").unwrap();
        let errors = plan_tournament(dir.path(), &tournament(&[])).unwrap_err();
        assert_eq!(
            errors[0].to_string(),
            "tournament `spring-open-2026` already exists: data/tournaments/2025/spring-open-2026.csv"
        );
        assert!(errors[0]
            .hint()
            .unwrap()
            .contains("--id spring-open-2026-2"));
    }

    #[test]
    fn impossible_requests_report_every_problem() {
        let dir = repo();
        let mut t = tournament(&[]);
        t.end = Date::new(2026, 4, 10);
        t.rounds = 0;
        t.name = "!!".into();
        let errors = plan_tournament(dir.path(), &t).unwrap_err();
        assert_eq!(errors.len(), 3, "{errors:?}");
    }

    #[test]
    fn writing_never_replaces_a_file() {
        let dir = repo();
        let file = NewFile {
            path: "data/players/ilu-timo.toml".into(),
            text: "x".into(),
        };
        let first = NewFile {
            path: "data/players/new.toml".into(),
            text: "y".into(),
        };
        assert!(write_new_files(dir.path(), &[first, file]).is_err());
        assert!(!dir.path().join("data/players/new.toml").exists());
        let kept = std::fs::read_to_string(dir.path().join("data/players/ilu-timo.toml"));
        assert!(kept.unwrap().starts_with("name = \"X\""));
    }
}
