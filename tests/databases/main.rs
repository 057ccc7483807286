//! The SQL dumps loaded into real databases: SQLite (rusqlite), PostgreSQL
//! (initdb + pg_ctl on a temporary directory) and MariaDB (mariadb-install-db +
//! mariadbd on a temporary datadir and socket), each through the database's own
//! loader. Every test loads a dump twice, runs the same queries (current rating
//! list, one player's history, one tournament's games) and compares them with
//! the engine's results; hostile names must round-trip exactly; a load that
//! fails halfway must leave the previous contents untouched.
//!
//! A missing server binary fails the test unless `RATINGBOOK_SKIP_POSTGRES=1`
//! or `RATINGBOOK_SKIP_MARIADB=1` is set (the rule of
//! `test_tools::require_tool`, the same in or out of CI).
mod servers;
#[path = "../util/mod.rs"]
mod util;

use ratingbook::model::{Colour, Dataset};
use ratingbook::rating::{Phase, Ratings};
use servers::{Database, Mariadb, Postgres, Rows, Sqlite, NULL};
use std::path::Path;
use std::process::Command;

const REPO: &str = env!("CARGO_MANIFEST_DIR");
// ---------- the dumps and the engine's answers ----------

fn write_dump(root: &Path, dialect: &str, out: &Path) {
    let output = Command::new(util::binary())
        .args(["sql", "--dialect", dialect, "--root"])
        .arg(root)
        .arg("--out")
        .arg(out)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "ratingbook sql failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Numbers print differently per database (`3.5`, `3.50`, `3.0`): compare them as numbers.
fn normalize(rows: Rows) -> Rows {
    rows.into_iter()
        .map(|row| {
            row.into_iter()
                .map(|v| match v.parse::<f64>() {
                    Ok(x) if v.chars().all(|c| c.is_ascii_digit() || "-.".contains(c)) => {
                        format!("{x}")
                    }
                    _ => v,
                })
                .collect()
        })
        .collect()
}

fn text<T: ToString>(v: Option<T>) -> String {
    v.map_or(NULL.to_string(), |v| v.to_string())
}

const RATING_LIST: &str = "SELECT p.id, p.name, r.rating, r.rated_games FROM published_ratings r \
     JOIN players p ON p.id = r.player_id WHERE r.phase = 'established' \
     ORDER BY r.rating DESC, p.id";

fn history_query(player: &str) -> String {
    format!(
        "SELECT c.tournament_id, t.start_date, c.phase_before, c.phase_after, c.rating_before, \
         c.rating_after, c.rating_change, c.games_counted, c.score, c.k_values, c.expected \
         FROM rating_changes c JOIN tournaments t ON t.id = c.tournament_id \
         WHERE c.player_id = '{player}' ORDER BY t.start_date, t.sequence, t.id"
    )
}

fn game_ratings_query(player: &str) -> String {
    format!(
        "SELECT g.tournament_id, g.round, g.opponent_id, g.score, \
         CASE WHEN g.counted THEN 1 ELSE 0 END, g.k, g.expected, \
         g.rating_delta FROM game_ratings g JOIN tournaments t ON t.id = g.tournament_id \
         WHERE g.player_id = '{player}' ORDER BY t.start_date, t.sequence, t.id, g.round"
    )
}

/// The per-game rows of `player`, as the engine computed them.
fn game_ratings(data: &Dataset, ratings: &Ratings, player: &str) -> Rows {
    let index = data.player_index(player).unwrap();
    let five = |x: f64| (x * 100_000.0).round() / 100_000.0;
    ratings
        .history(index)
        .flat_map(|r| {
            r.games.iter().map(move |g| {
                vec![
                    data.tournaments[r.tournament].id.to_string(),
                    g.round.to_string(),
                    data.players[g.opponent].id.to_string(),
                    (f64::from(g.half_points) / 2.0).to_string(),
                    if g.counted() { "1" } else { "0" }.to_string(),
                    text(g.k.map(|k| k.value())),
                    text(g.expected.get().map(five)),
                    text(g.change.get().map(five)),
                ]
            })
        })
        .collect()
}

fn games_query(tournament: &str) -> String {
    format!(
        "SELECT g.round, g.player_id, g.opponent_id, g.colour, g.result, g.stones_received FROM games g \
         WHERE g.tournament_id = '{tournament}' AND g.opponent_id IS NOT NULL \
         ORDER BY g.round, g.player_id"
    )
}

const COUNTS: &str = "SELECT (SELECT count(*) FROM players), (SELECT count(*) FROM tournaments), \
     (SELECT count(*) FROM tournament_players), (SELECT count(*) FROM rating_changes), \
     (SELECT count(*) FROM published_ratings), (SELECT count(*) FROM memberships)";

/// What the engine says, for the same questions.
struct Expected {
    queries: Vec<(String, Rows)>,
    counts: Rows,
}

fn phase(p: Phase) -> &'static str {
    match p {
        Phase::Provisional => "provisional",
        Phase::Established => "established",
        Phase::Unrated => "unrated",
    }
}

fn expected(root: &Path) -> Expected {
    let loaded = ratingbook::load::load_repository(root);
    let data = &loaded.dataset;
    let ratings = ratingbook::rating::rate(data, &loaded.config.rating);
    let mut list: Vec<(i32, &str, &str, u32)> = data
        .players
        .iter()
        .zip(&ratings.players)
        .filter(|(_, s)| s.phase == Phase::Established)
        .filter_map(|(p, s)| Some((s.rating?, p.id.as_str(), p.name.as_str(), s.rated_games)))
        .collect();
    list.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(b.1)));
    let list: Rows = list
        .into_iter()
        .map(|(r, id, name, games)| vec![id.into(), name.into(), r.to_string(), games.to_string()])
        .collect();
    let (player, history) = longest_history(data, &ratings);
    let (tournament, games) = busiest_tournament(data);
    let counts = vec![vec![
        data.players.len().to_string(),
        data.tournaments.len().to_string(),
        data.tournaments
            .iter()
            .map(|t| t.entries.len())
            .sum::<usize>()
            .to_string(),
        ratings
            .by_tournament
            .iter()
            .flatten()
            .filter(|r| r.phase_before != Phase::Unrated)
            .count()
            .to_string(),
        ratings
            .players
            .iter()
            .filter(|s| s.phase != Phase::Unrated)
            .count()
            .to_string(),
        "4".into(),
    ]];
    Expected {
        queries: vec![
            (RATING_LIST.to_string(), normalize(list)),
            (history_query(&player), normalize(history)),
            (
                game_ratings_query(&player),
                normalize(game_ratings(data, &ratings, &player)),
            ),
            (games_query(&tournament), normalize(games)),
        ],
        counts,
    }
}

/// The member with the most rated tournaments and their history, as the engine computed it.
fn longest_history(data: &Dataset, ratings: &Ratings) -> (String, Rows) {
    let player = (0..data.players.len())
        .max_by_key(|&i| {
            (
                ratings
                    .history(i)
                    .filter(|r| r.phase_before != Phase::Unrated)
                    .count(),
                std::cmp::Reverse(i),
            )
        })
        .unwrap_or(0);
    let rows = ratings
        .history(player)
        .filter(|r| r.phase_before != Phase::Unrated)
        .map(|r| {
            let t = &data.tournaments[r.tournament];
            let mut ks: Vec<u16> = r
                .games
                .iter()
                .filter(|g| g.counted())
                .filter_map(|g| g.k.map(|k| k.0))
                .collect();
            ks.sort_unstable();
            ks.dedup();
            // K is kept in eighths: 128 is K 16.
            let k_values = ks
                .iter()
                .map(|&e| (f64::from(e) / 8.0).to_string())
                .collect::<Vec<_>>()
                .join(", ");
            vec![
                t.id.to_string(),
                t.start.to_string(),
                phase(r.phase_before).into(),
                phase(r.phase_after).into(),
                text(r.rating_before),
                text(r.rating_after),
                text(r.change()),
                r.games_counted().to_string(),
                (f64::from(r.counted_half_points()) / 2.0).to_string(),
                if k_values.is_empty() {
                    NULL.to_string()
                } else {
                    k_values
                },
                text(r.expected_total().map(|e| (e * 100.0).round() / 100.0)),
            ]
        })
        .collect();
    (data.players[player].id.to_string(), rows)
}

/// The tournament with the most games and its games, from the crosstable.
fn busiest_tournament(data: &Dataset) -> (String, Rows) {
    let t = data
        .tournaments
        .iter()
        .max_by_key(|t| t.pairings().count())
        .expect("a tournament");
    let id_of = |no: u32| t.entry(no).map(|e| e.player.to_string()).unwrap();
    let mut rows: Rows = t
        .pairings()
        .map(|p| {
            vec![
                p.round.to_string(),
                id_of(p.first),
                id_of(p.second),
                text(p.first_colour.map(|c| match c {
                    Colour::White => "white",
                    Colour::Black => "black",
                })),
                ratingbook::sql::result_code(p.result).to_string(),
                t.entry(p.first)
                    .unwrap()
                    .stones_received(p.round as usize - 1)
                    .to_string(),
            ]
        })
        .collect();
    rows.sort_by(|a, b| (a[0].parse::<u32>().ok(), &a[1]).cmp(&(b[0].parse::<u32>().ok(), &b[1])));
    (t.id.to_string(), rows)
}

// ---------- the shared scenario ----------

/// Loads the sample data's dump twice and compares every query with the engine;
/// then shows that a load failing halfway leaves the loaded contents as they were.
fn sample_round_trip(db: &dyn Database, dialect: &str, name: &str) {
    let dir = tempfile::tempdir().unwrap();
    let dump = dir.path().join(format!("ratingbook.{dialect}.sql"));
    write_dump(Path::new(REPO), dialect, &dump);
    let want = expected(Path::new(REPO));
    for pass in ["first load", "second load (reload)"] {
        db.load(name, &dump)
            .unwrap_or_else(|e| panic!("{dialect} {pass}: {e}"));
        assert_eq!(
            db.query(name, COUNTS),
            want.counts,
            "{dialect} {pass}: counts"
        );
        for (sql, rows) in &want.queries {
            assert!(!rows.is_empty(), "{sql}: the engine has no rows");
            assert_eq!(
                &normalize(db.query(name, sql)),
                rows,
                "{dialect} {pass}: {sql}"
            );
        }
    }
    let text = std::fs::read_to_string(&dump).unwrap();
    let at = text.rfind("COMMIT;").expect("the dump commits");
    let broken = format!(
        "{}INSERT INTO no_such_table VALUES (1);\n{}",
        &text[..at],
        &text[at..]
    );
    let broken_path = dir.path().join("broken.sql");
    std::fs::write(&broken_path, broken).unwrap();
    assert!(
        db.load(name, &broken_path).is_err(),
        "{dialect}: the broken dump loaded"
    );
    assert_eq!(
        db.query(name, COUNTS),
        want.counts,
        "{dialect}: after a failed load"
    );
    assert_eq!(
        &normalize(db.query(name, RATING_LIST)),
        &want.queries[0].1,
        "{dialect}: after a failed load"
    );
}

fn hostile_names() -> Vec<String> {
    let mut names: Vec<String> = [
        "O'Brien",
        "O'Brien \"Pat\"",
        "Robert'); DROP TABLE players;--",
        "\\",
        "\\'",
        "Back\\slash \\' end\\",
        "<b>bold</b> & <script>alert(1)</script>",
        "Işık İlker ÇAĞLAR Öztürk ğüşıöç",
        "Saarenpää Åke Öhman",
        "Emoji 😀 Player 🎲👍🏽",
        "100% _under_ `tick` $1 ?",
        "' OR '1'='1",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    names.push("L".repeat(200));
    names.push("Ä'\\😀".repeat(50));
    names
}

/// Writes a repository whose players have hostile names, all in one
/// tournament; its first game is a handicap game (p00, Black, receives 3
/// stones from p01).
fn hostile_repository(root: &Path, names: &[String]) {
    let players = root.join("data/players");
    std::fs::create_dir_all(&players).unwrap();
    let mut rows = String::from("no,player,1\n");
    let n = names.len();
    for (i, name) in names.iter().enumerate() {
        let id = format!("p{i:02}");
        let toml_name = toml::Value::String(name.clone()).to_string();
        std::fs::write(
            players.join(format!("{id}.toml")),
            format!("name = {toml_name}\nmembership = \"member\"\n"),
        )
        .unwrap();
        let cell = if i == 0 {
            "2 b 1 h3".to_string()
        } else if i == 1 {
            "1 w 0 h3".to_string()
        } else if i % 2 == 0 && i + 2 <= n {
            format!("{} 1", i + 2)
        } else if i % 2 == 1 {
            format!("{} 0", i)
        } else {
            "bye".into()
        };
        rows.push_str(&format!("{},{id},{cell}\n", i + 1));
    }
    let dir = root.join("data/tournaments/2020");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("hostile.toml"),
        "name = \"<b>Hostile</b> & 'Co' \\\\ 😀\"\nstart = 2020-01-01\nend = 2020-01-01\nsystem = \"swiss\"\nrounds = 1\n",
    )
    .unwrap();
    std::fs::write(dir.join("hostile.csv"), rows).unwrap();
}

/// Hostile names round-trip exactly, twice.
fn hostile_round_trip(db: &dyn Database, dialect: &str, name: &str) {
    let dir = tempfile::tempdir().unwrap();
    let names = hostile_names();
    hostile_repository(dir.path(), &names);
    let dump = dir.path().join(format!("hostile.{dialect}.sql"));
    write_dump(dir.path(), dialect, &dump);
    let mut want: Rows = names
        .iter()
        .enumerate()
        .map(|(i, n)| vec![format!("p{i:02}"), n.clone()])
        .collect();
    want.push(vec!["hostile".into(), "<b>Hostile</b> & 'Co' \\ 😀".into()]);
    want.sort();
    for pass in ["first load", "reload"] {
        db.load(name, &dump)
            .unwrap_or_else(|e| panic!("{dialect} hostile {pass}: {e}"));
        let got = db.query(
            name,
            "SELECT id, name FROM players UNION ALL SELECT id, name FROM tournaments ORDER BY id",
        );
        assert_eq!(got, want, "{dialect} hostile {pass}");
        let stones = db.query(
            name,
            "SELECT player_id, opponent_id, stones_received FROM games WHERE stones_received <> 0",
        );
        let handicap = vec![vec!["p00".to_string(), "p01".to_string(), "3".to_string()]];
        assert_eq!(stones, handicap, "{dialect} hostile {pass}: handicaps");
        let long = db.query(
            name,
            &format!("SELECT id FROM players WHERE name = '{}'", "L".repeat(200)),
        );
        assert_eq!(long, vec![vec!["p12".to_string()]], "{dialect}");
    }
}

#[test]
fn sqlite_loads_the_dumps_and_matches_the_engine() {
    let db = Sqlite::default();
    sample_round_trip(&db, "sqlite", "sample");
    hostile_round_trip(&db, "sqlite", "hostile");
}

#[test]
fn postgres_loads_the_dumps_and_matches_the_engine() {
    let Some(server) = Postgres::start() else {
        return;
    };
    server.create("sample");
    server.create("hostile");
    sample_round_trip(&server, "postgres", "sample");
    hostile_round_trip(&server, "postgres", "hostile");
}

#[test]
fn mariadb_loads_the_dumps_and_matches_the_engine() {
    let Some(server) = Mariadb::start() else {
        return;
    };
    server.create("sample");
    server.create("hostile");
    sample_round_trip(&server, "mysql", "sample");
    hostile_round_trip(&server, "mysql", "hostile");
}

#[test]
fn dumps_are_deterministic_and_the_site_gets_the_configured_dialects() {
    let dir = tempfile::tempdir().unwrap();
    for dialect in ["sqlite", "postgres", "mysql"] {
        let a = dir.path().join(format!("a.{dialect}"));
        let b = dir.path().join(format!("b.{dialect}"));
        write_dump(Path::new(REPO), dialect, &a);
        write_dump(Path::new(REPO), dialect, &b);
        assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    }
    let repo = dir.path().join("repo");
    util::copy_tree(&Path::new(REPO).join("data"), &repo.join("data"));
    std::fs::write(
        repo.join("ratingbook.toml"),
        "[output]\nhtml = false\nmarkdown = false\ncsv = false\nsql_dialects = [\"sqlite\", \"postgres\", \"mariadb\"]\n".to_string() + util::SAMPLE_POOLS,
    )
    .unwrap();
    let site = repo.join("site");
    let out = Command::new(util::binary())
        .args(["build", "--root"])
        .arg(&repo)
        .arg("--out")
        .arg(&site)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for file in [
        "ratingbook.sql",
        "ratingbook.postgres.sql",
        "ratingbook.mysql.sql",
    ] {
        let sql = std::fs::read_to_string(site.join(file)).unwrap();
        assert_eq!(
            sql,
            std::fs::read_to_string(dir.path().join(match file {
                "ratingbook.sql" => "a.sqlite",
                "ratingbook.postgres.sql" => "a.postgres",
                _ => "a.mysql",
            }))
            .unwrap()
            .replace("\r\n", "\n"),
            "{file}"
        );
    }
}

#[test]
fn sql_refuses_invalid_data_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let players = dir.path().join("data/players");
    std::fs::create_dir_all(&players).unwrap();
    std::fs::write(
        players.join("bad.toml"),
        "name = \"\"\nmembership = \"king\"\n",
    )
    .unwrap();
    let out = dir.path().join("dump.sql");
    let output = Command::new(util::binary())
        .args([
            "sql",
            "--dialect",
            "postgres",
            "--message-format",
            "plain",
            "--root",
        ])
        .arg(dir.path())
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "{stderr}");
    assert!(stderr.contains("no dump written"), "{stderr}");
    assert!(!out.exists());
}
