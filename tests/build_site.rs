//! The binary on the bundled sample data: pages, determinism, incremental writes,
//! the SQL dump in a real SQLite database, and escaping of hostile names.

mod common;

use std::path::Path;
use std::process::Command;

const REPO: &str = env!("CARGO_MANIFEST_DIR");

use common::build_site as build;

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn sample_site_shows_the_computed_ratings() {
    let out = tempfile::tempdir().unwrap();
    build(Path::new(REPO), out.path());
    let list = read(&out.path().join("ratings.html"));
    assert!(list.contains("<td><a href=\"players/saarenpaa-samuli.html\">Saarenpää Samuli</a></td><td>Helsinki</td><td>FIN</td><td class=\"num\">2115</td>"), "{list}");
    assert!(list.contains("Haikonen Kari"));
    assert!(list.contains("16/20"));
    let player = read(&out.path().join("players/saarenpaa-samuli.html"));
    assert!(player.contains("<dd class=\"rating\" data-phase=\"established\">2115</dd>"));
    assert!(
        player.contains("provisional rating computed over 24 games"),
        "{player}"
    );
    let ho = read(&out.path().join("tournaments/helsinki-open-2003.html"));
    assert!(ho.contains("Helsinki Open 2003"));
    assert!(ho.contains("Saarenpää Samuli"));
    let md = read(&out.path().join("ratings.md"));
    assert!(
        md.contains("| 1 | Saarenpää Samuli | Helsinki | 2115 | 33 |"),
        "{md}"
    );
    for page in [
        "index.html",
        "tournaments/index.html",
        "tournaments/helsinki-open-2003.md",
        "tournaments/helsinki-open-2003.csv",
        "ratings.csv",
        "ratingbook.sql",
        "static/style.css",
    ] {
        assert!(out.path().join(page).is_file(), "{page} missing");
    }
}

#[test]
fn builds_are_deterministic_and_incremental() {
    let first = tempfile::tempdir().unwrap();
    let second = tempfile::tempdir().unwrap();
    build(Path::new(REPO), first.path());
    build(Path::new(REPO), second.path());
    let files = |dir: &Path| -> Vec<(String, Vec<u8>)> {
        walkdir::WalkDir::new(dir)
            .sort_by_file_name()
            .into_iter()
            .map(Result::unwrap)
            .filter(|e| e.file_type().is_file())
            .map(|e| {
                (
                    e.path().strip_prefix(dir).unwrap().display().to_string(),
                    std::fs::read(e.path()).unwrap(),
                )
            })
            .collect()
    };
    assert_eq!(files(first.path()), files(second.path()));
    let again = build(Path::new(REPO), first.path());
    assert!(again.contains(" 0 written, "), "{again}");
    assert!(again.contains(" 0 removed"), "{again}");
}

#[test]
fn sql_dump_loads_into_sqlite_and_matches_the_engine() {
    let out = tempfile::tempdir().unwrap();
    build(Path::new(REPO), out.path());
    let sql = read(&out.path().join("ratingbook.sql"));
    let db = rusqlite::Connection::open_in_memory().unwrap();
    db.execute_batch("PRAGMA foreign_keys = ON;").unwrap();
    db.execute_batch(&sql).unwrap();
    // Loading twice replaces the contents.
    db.execute_batch(&sql).unwrap();
    let loaded = ratingbook::load::load_repository(Path::new(REPO));
    let ratings = ratingbook::rating::rate(&loaded.dataset, &loaded.config.rating);
    let mut stmt = db
        .prepare("SELECT player_id, phase, rating, provisional_games FROM published_ratings ORDER BY player_id")
        .unwrap();
    let rows: Vec<(String, String, Option<i32>, u32)> = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    let expected: Vec<(String, String, Option<i32>, u32)> = loaded
        .dataset
        .players
        .iter()
        .zip(&ratings.players)
        .filter(|(p, _)| p.membership.is_rated_by_us())
        .map(|(p, s)| {
            let phase = if s.rating.is_some() {
                "established"
            } else {
                "provisional"
            };
            (
                p.id.to_string(),
                phase.to_string(),
                s.rating,
                s.provisional_games,
            )
        })
        .collect();
    assert_eq!(rows, expected);
    let history: i64 = db
        .query_row(
            "SELECT count(*) FROM rating_changes WHERE player_id = 'saarenpaa-samuli'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(history, 6);
    let games: i64 = db
        .query_row("SELECT count(*) FROM games WHERE tournament_id = 'helsinki-open-2003' AND opponent_id IS NOT NULL", [], |r| r.get(0))
        .unwrap();
    assert_eq!(games, 56);
}

const HOSTILE: &[&str] = &[
    "O'Brien \"Pat\"",
    "Robert'); DROP TABLE players;--",
    "<script>alert(1)</script>",
    "Back\\slash \\' end\\",
    "Işık İlker ÇAĞLAR Öztürk",
    "Saarenpää Åke",
    "Emoji 😀 Player",
    "| pipe * star _under_ [link](x)",
];

#[test]
fn hostile_names_are_escaped_in_html_and_round_trip_through_sql() {
    let repo = tempfile::tempdir().unwrap();
    let players = repo.path().join("data/players");
    std::fs::create_dir_all(&players).unwrap();
    let long_name = "L".repeat(300);
    let mut names: Vec<String> = HOSTILE.iter().map(|s| s.to_string()).collect();
    names.push(long_name);
    let mut rows = String::from("no,player,1\n");
    let n = names.len();
    for (i, name) in names.iter().enumerate() {
        let id = format!("p{i}");
        let toml_name = toml::Value::String(name.clone()).to_string();
        std::fs::write(
            players.join(format!("{id}.toml")),
            format!("name = {toml_name}\nmembership = \"member\"\n"),
        )
        .unwrap();
        let opponent = if i % 2 == 0 { i + 2 } else { i };
        let cell = if opponent <= n {
            format!("{opponent} {}", if i % 2 == 0 { "1" } else { "0" })
        } else {
            "bye".into()
        };
        rows.push_str(&format!("{},{id},{cell}\n", i + 1));
    }
    let dir = repo.path().join("data/tournaments/2020");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("hostile.toml"), "name = \"<b>Hostile</b> & 'Co'\"\nstart = 2020-01-01\nend = 2020-01-01\nsystem = \"swiss\"\nrounds = 1\n").unwrap();
    std::fs::write(dir.join("hostile.csv"), rows).unwrap();
    let out = repo.path().join("site");
    build(repo.path(), &out);
    let mut html = String::new();
    for entry in walkdir::WalkDir::new(&out) {
        let entry = entry.unwrap();
        if entry.path().extension().is_some_and(|e| e == "html") {
            html.push_str(&read(entry.path()));
        }
    }
    assert!(!html.contains("<script>alert"), "unescaped script tag");
    assert!(!html.contains("<b>Hostile"), "unescaped tournament name");
    assert!(
        html.contains("&lt;script&gt;alert(1)&lt;&#x2F;script&gt;")
            || html.contains("&lt;script&gt;alert(1)&lt;/script&gt;")
    );
    let md = read(&out.join("tournaments/hostile.md"));
    assert!(!md.contains("<script>"), "{md}");
    assert!(
        md.contains("\\| pipe \\* star \\_under\\_ \\[link\\](x)"),
        "{md}"
    );
    let db = rusqlite::Connection::open_in_memory().unwrap();
    db.execute_batch(&read(&out.join("ratingbook.sql")))
        .unwrap();
    for (i, name) in names.iter().enumerate() {
        let stored: String = db
            .query_row(
                "SELECT name FROM players WHERE id = ?1",
                [format!("p{i}")],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(&stored, name);
    }
    let count: i64 = db
        .query_row("SELECT count(*) FROM players", [], |r| r.get(0))
        .unwrap();
    assert_eq!(count as usize, names.len());
}

#[test]
fn generated_repositories_check_clean_and_build() {
    let dir = tempfile::tempdir().unwrap();
    let repo = dir.path().join("repo");
    let status = Command::new(common::binary())
        .args([
            "generate",
            "--players",
            "150",
            "--tournaments",
            "12",
            "--seed",
            "7",
            "--out",
        ])
        .arg(&repo)
        .status()
        .unwrap();
    assert!(status.success());
    let checked = ratingbook::check_repository(&repo);
    assert!(checked.diagnostics.is_empty(), "{:#?}", checked.diagnostics);
    assert_eq!(checked.loaded.dataset.tournaments.len(), 12);
    build(&repo, &repo.join("site"));
}

#[test]
fn builds_without_config_or_templates() {
    let dir = tempfile::tempdir().unwrap();
    common::copy_tree(&Path::new(REPO).join("tests/fixtures/mini"), dir.path());
    assert!(!dir.path().join("ratingbook.toml").exists());
    assert!(!dir.path().join("templates").exists());
    build(dir.path(), &dir.path().join("site"));
    assert!(dir.path().join("site/players/ikonen-jussi.html").is_file());
}

#[test]
fn the_ataxx_gauntlet_rates_engines_in_depth_order() {
    let loaded = ratingbook::load::load_repository(Path::new(REPO));
    let ratings = ratingbook::rating::rate(&loaded.dataset, &loaded.config.rating);
    let by_depth: Vec<i32> = (1..=4)
        .map(|depth| {
            let index = loaded
                .dataset
                .player_index(&format!("ataxx-depth-{depth}"))
                .unwrap();
            ratings.players[index]
                .rating
                .expect("engines are established after 30 games")
        })
        .collect();
    assert!(by_depth.windows(2).all(|w| w[0] < w[1]), "{by_depth:?}");
    let out = tempfile::tempdir().unwrap();
    build(Path::new(REPO), out.path());
    let list = read(&out.path().join("ratings.html"));
    let position = |depth: i32| list.find(&format!("Ataxx depth {depth}</a>")).unwrap();
    assert!(position(4) < position(3) && position(3) < position(2) && position(2) < position(1));
}
