//! The binary on the bundled sample data: pages, determinism, incremental writes,
//! the SQL dump in a real SQLite database, and escaping of hostile names.

use crate::util;

use std::path::Path;
use std::process::Command;

const REPO: &str = env!("CARGO_MANIFEST_DIR");

use crate::util::build_site as build;

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn a_provisional_players_rating_column_says_provisional_in_words() {
    let out = util::output_folder();
    build(Path::new(REPO), out.path());
    // Horelli Lauri played 7 games at the Helsinki Open 2003, his first
    // tournament: 7 of the 20 a first rating needs.
    let ho = read(&out.path().join("tournaments/helsinki-open-2003.html"));
    assert!(
        ho.contains("<td class=\"num\">provisional (7 of 20 games)</td>"),
        "{ho}"
    );
    let player = read(&out.path().join("players/horelli-lauri.html"));
    assert!(
        player.contains("<td class=\"num\">provisional (7 of 20 games)</td></tr>"),
        "{player}"
    );
    assert!(player.contains("<td class=\"num\">provisional (14 of 20 games)</td></tr>"));
    assert!(!ho.contains("7/20") && !player.contains("7/20"));
}

#[test]
fn no_page_of_the_sample_says_collation() {
    let out = util::output_folder();
    build(Path::new(REPO), out.path());
    for entry in walkdir::WalkDir::new(out.path()) {
        let entry = entry.unwrap();
        let Ok(text) = std::fs::read_to_string(entry.path()) else {
            continue;
        };
        assert!(!text.contains("collation"), "{}", entry.path().display());
    }
}

#[test]
fn sample_site_shows_the_computed_ratings() {
    let out = util::output_folder();
    build(Path::new(REPO), out.path());
    let list = read(&out.path().join("ratings.html"));
    assert!(list.contains("<td><a href=\"players/saarenpaa-samuli.html\">Saarenpää Samuli</a></td><td class=\"opt\">Helsinki</td><td class=\"opt\">FIN</td><td class=\"num\">2115</td>"), "{list}");
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
        md.contains(
            "|  | Saarenpää Samuli | Helsinki | 2115 | 0 |  | 33 | 2004-09-19 | inactive |"
        ),
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
    let first = util::output_folder();
    let second = util::output_folder();
    build(Path::new(REPO), first.path());
    build(Path::new(REPO), second.path());
    assert_eq!(
        util::site_files(first.path()),
        util::site_files(second.path())
    );
    let again = build(Path::new(REPO), first.path());
    assert!(again.contains(" 0 written, "), "{again}");
    assert!(again.contains(" 0 removed"), "{again}");
}

#[test]
fn sql_dump_loads_into_sqlite_and_matches_the_engine() {
    let out = util::output_folder();
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
        .filter(|(p, s)| {
            p.membership.is_rated_by_us() && s.phase != ratingbook::rating::Phase::Unrated
        })
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
    let long_name = "L".repeat(200);
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
    let status = Command::new(util::binary())
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
    util::copy_tree(&Path::new(REPO).join("tests/fixtures/mini"), dir.path());
    assert!(!dir.path().join("ratingbook.toml").exists());
    assert!(!dir.path().join("templates").exists());
    build(dir.path(), &dir.path().join("site"));
    assert!(dir.path().join("site/players/ikonen-jussi.html").is_file());
}

/// The engines are rated in their own list (Glicko-2), in depth order, and
/// are no longer on the association's list or its front page.
#[test]
fn the_ataxx_gauntlet_rates_engines_in_depth_order() {
    let loaded = ratingbook::load::load_repository(Path::new(REPO));
    let pools = ratingbook::rating::rate_pools(&loaded.dataset, &loaded.config);
    let engines = &pools[0];
    assert_eq!(engines.name, "ataxx-engines");
    let by_depth: Vec<i32> = (1..=4)
        .map(|depth| {
            let index = loaded
                .dataset
                .player_index(&format!("ataxx-depth-{depth}"))
                .unwrap();
            engines.ratings.players[index]
                .rating
                .expect("engines have a rating after 30 games")
        })
        .collect();
    assert!(by_depth.windows(2).all(|w| w[0] < w[1]), "{by_depth:?}");
    let out = util::output_folder();
    build(Path::new(REPO), out.path());
    let list = read(&out.path().join("pools/ataxx-engines/ratings.html"));
    let position = |depth: i32| list.find(&format!("Ataxx depth {depth}</a>")).unwrap();
    assert!(position(4) < position(3) && position(3) < position(2) && position(2) < position(1));
    for page in ["ratings.html", "index.html", "ratings.csv", "ratings.md"] {
        assert!(
            !read(&out.path().join(page)).contains("ataxx-depth"),
            "{page} lists an engine"
        );
    }
    // The list's year-end archive: the gauntlet was its only tournament, so
    // the 2026 list ranks the engines as the current one does.
    let archive = read(&out.path().join("pools/ataxx-engines/archive/2026.html"));
    assert!(archive.contains("<h1>Ataxx engines: Rating list 2026</h1>"));
    let archived = |depth: i32| archive.find(&format!("Ataxx depth {depth}</a>")).unwrap();
    assert!(archived(4) < archived(3) && archived(3) < archived(2) && archived(2) < archived(1));
    assert!(
        list.contains(r#"<a href="../../pools/ataxx-engines/archive/2026.html">2026 to date</a>"#)
    );
    let engine = read(&out.path().join("players/ataxx-depth-4.html"));
    assert!(engine.contains(
        r##"<section aria-labelledby="pool-ataxx-engines-heading" id="pool-ataxx-engines">"##
    ));
}

/// One ranking everywhere: the rating list's players, ranks and active flags
/// are the same in ratings.html, ratings.md, ratings.csv and the SQL dump
/// (loaded into SQLite).
#[test]
fn every_output_ranks_the_list_the_same_way() {
    type Ranked = Vec<(String, Option<u32>, bool)>;
    let repo = tempfile::tempdir().unwrap();
    util::sample_with_engines_in_association_list(repo.path());
    let out = util::output_folder();
    build(repo.path(), out.path());

    // ratings.csv: id, rank (empty when unranked), active.
    let csv_text = read(&out.path().join("ratings.csv"));
    let mut reader = csv::Reader::from_reader(csv_text.as_bytes());
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    let at = |name: &str| header.iter().position(|h| h == name).unwrap();
    let (date_col, rank_col, id_col, name_col, active_col) = (
        at("list_date"),
        at("rank"),
        at("id"),
        at("name"),
        at("active"),
    );
    let mut csv_rows: Ranked = Vec::new();
    let mut names = std::collections::BTreeMap::new();
    for record in reader.records() {
        let r = record.unwrap();
        assert_eq!(&r[date_col], "2026-10-25", "the newest event's last day");
        names.insert(r[name_col].to_string(), r[id_col].to_string());
        csv_rows.push((
            r[id_col].to_string(),
            r[rank_col].parse().ok(),
            match &r[active_col] {
                "true" => true,
                "false" => false,
                other => panic!("active = {other}"),
            },
        ));
    }

    // ratings.html: the established table, rows in order.
    let html = read(&out.path().join("ratings.html"));
    let table = html
        .split("id=\"established-heading\"")
        .nth(1)
        .unwrap()
        .split("</tbody>")
        .next()
        .unwrap();
    let html_rows: Ranked = table
        .split("<tr")
        .skip(2) // before the header row, the header row
        .map(|row| {
            let rank = row
                .split("<td class=\"num\">")
                .nth(1)
                .unwrap()
                .split("</td>")
                .next()
                .unwrap();
            let id = row
                .split("href=\"players/")
                .nth(1)
                .unwrap()
                .split(".html")
                .next()
                .unwrap();
            let inactive = row.starts_with(" class=\"inactive\"");
            assert_eq!(
                inactive,
                row.contains("<span class=\"tag\">inactive</span>"),
                "{row}"
            );
            (id.to_string(), rank.parse().ok(), !inactive)
        })
        .collect();

    // ratings.md: the Established table; players by name.
    let md = read(&out.path().join("ratings.md"));
    let section = md
        .split("## Established")
        .nth(1)
        .unwrap()
        .split("## ")
        .next()
        .unwrap();
    let md_rows: Ranked = section
        .lines()
        .filter(|l| l.starts_with('|'))
        .skip(2)
        .map(|line| {
            let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
            let active = match cells[cells.len() - 1] {
                "active" => true,
                "inactive" => false,
                other => panic!("{other}"),
            };
            (names[cells[1]].clone(), cells[0].parse().ok(), active)
        })
        .collect();

    // The SQL dump in SQLite.
    let db = rusqlite::Connection::open_in_memory().unwrap();
    db.execute_batch(&read(&out.path().join("ratingbook.sql")))
        .unwrap();
    let mut stmt = db
        .prepare(
            "SELECT player_id, list_rank, active, list_date FROM published_ratings \
             WHERE phase = 'established' ORDER BY rating DESC, player_id",
        )
        .unwrap();
    let sql_rows: Ranked = stmt
        .query_map([], |r| {
            let date: String = r.get(3)?;
            assert_eq!(date, "2026-10-25");
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })
        .unwrap()
        .map(Result::unwrap)
        .collect();
    let unranked_provisional: u32 = db
        .query_row(
            "SELECT count(*) FROM published_ratings WHERE phase = 'provisional' \
             AND (list_rank IS NOT NULL OR active IS NOT NULL)",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(unranked_provisional, 0);

    assert_eq!(html_rows, csv_rows, "ratings.html vs ratings.csv");
    assert_eq!(md_rows, csv_rows, "ratings.md vs ratings.csv");
    assert_eq!(sql_rows, csv_rows, "SQL vs ratings.csv");
    // By hand from the sample data: the list is dated 2026-10-25, so the
    // established players with a rated game since 2024-10-25 are ranked: the
    // four Ataxx engines (gauntlet on 2026-01-01) among the 19 members who
    // played in 2025–2026, by rating; the 2003–2004 players are inactive and
    // unranked.
    let ranked: Vec<(&str, u32)> = csv_rows
        .iter()
        .filter_map(|(id, rank, _)| Some((id.as_str(), (*rank)?)))
        .collect();
    let expected = [
        "ataxx-depth-4",
        "heikkinen-oliver",
        "vesterinen-aleksi",
        "peltonen-riikka",
        "backman-aleksi",
        "ataxx-depth-3",
        "korpela-leevi",
        "lehtinen-arttu",
        "parviainen-aarni",
        "hamalainen-oona",
        "makela-eino",
        "hamalainen-iida",
        "rautio-anni",
        "ahonen-minna",
        "nurmi-minna",
        "turunen-leevi",
        "kauppinen-eero",
        "halonen-noora",
        "kurki-elina",
        "sundqvist-antti",
        "ataxx-depth-2",
        "ylonen-markus",
        "ataxx-depth-1",
    ];
    let expected: Vec<(&str, u32)> = expected.into_iter().zip(1..).collect();
    assert_eq!(ranked, expected);
    assert!(csv_rows
        .iter()
        .all(|(_, rank, active)| rank.is_some() == *active));
    assert!(csv_rows
        .iter()
        .any(|(id, _, active)| id == "saarenpaa-samuli" && !active));
}

/// The dump carries what the pages show: per game We, K and K × (W − We), and
/// per tournament the unrounded sum, the rounded change and every K used
/// (Ikonen Jussi in Helsinki Open 2004 played under K 32 and K 16).
#[test]
fn sql_dump_has_each_games_k_expected_and_change() {
    let out = util::output_folder();
    build(Path::new(REPO), out.path());
    let db = rusqlite::Connection::open_in_memory().unwrap();
    db.execute_batch(&read(&out.path().join("ratingbook.sql")))
        .unwrap();
    let mut stmt = db
        .prepare(
            "SELECT round, opponent_id, score, counted, k, expected, rating_delta FROM game_ratings \
             WHERE player_id = 'ikonen-jussi' AND tournament_id = 'helsinki-open-2004' ORDER BY round",
        )
        .unwrap();
    type GameRow = (
        u32,
        String,
        f64,
        bool,
        Option<f64>,
        Option<f64>,
        Option<f64>,
    );
    let rows: Vec<GameRow> = stmt
        .query_map([], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
                r.get(6)?,
            ))
        })
        .unwrap()
        .map(Result::unwrap)
        .collect();
    // We and K as the player page shows them; Δ = K × (W − We) worked by hand.
    let expected: Vec<GameRow> = vec![
        (
            1,
            "siiria-simo".into(),
            1.0,
            true,
            Some(32.0),
            Some(0.68),
            Some(10.24),
        ),
        (
            2,
            "toivonen-lauri".into(),
            0.0,
            true,
            Some(32.0),
            Some(0.56),
            Some(-17.92),
        ),
        (
            3,
            "pellikka-marko".into(),
            1.0,
            true,
            Some(32.0),
            Some(0.40),
            Some(19.2),
        ),
        (
            4,
            "saarenpaa-samuli".into(),
            1.0,
            true,
            Some(32.0),
            Some(0.29),
            Some(22.72),
        ),
        (5, "sneitz-nina".into(), 1.0, false, None, None, None),
        (6, "horelli-lauri".into(), 0.5, false, None, None, None),
        (
            7,
            "eggert-ester".into(),
            0.5,
            true,
            Some(16.0),
            Some(0.77),
            Some(-4.32),
        ),
    ];
    assert_eq!(rows, expected);
    let (k_values, sum, change, before, after): (String, f64, i32, i32, i32) = db
        .query_row(
            "SELECT k_values, change_sum, rating_change, rating_before, rating_after \
             FROM rating_changes WHERE player_id = 'ikonen-jussi' \
             AND tournament_id = 'helsinki-open-2004'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
        )
        .unwrap();
    // 10.24 − 17.92 + 19.2 + 22.72 − 4.32 = 29.92, rounded: +30.
    assert_eq!(k_values, "16, 32");
    assert!((sum - 29.92).abs() < 1e-9, "{sum}");
    assert_eq!(change, 30);
    assert_eq!(after - before, 30);
    // The same on the player page's history row.
    let page = read(&out.path().join("players/ikonen-jussi.html"));
    let row = page
        .split("<tr")
        .find(|r| r.contains("helsinki-open-2004.html") && r.contains("16, 32"))
        .unwrap_or_else(|| panic!("{page}"));
    assert!(
        row.contains(&format!("<td class=\"num\">{after}</td>")),
        "{row}"
    );
    assert!(row.contains(">+30</a></td>"), "{row}");
    // The sum's sign and the per-game changes are consistent everywhere.
    let total: f64 = db
        .query_row(
            "SELECT sum(rating_delta) FROM game_ratings WHERE player_id = 'ikonen-jussi' \
             AND tournament_id = 'helsinki-open-2004' AND counted",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!((total - sum).abs() < 1e-9);
}

#[test]
fn streamed_sql_dumps_are_the_template_rendered_whole() {
    // With the built-in template, the build and `ratingbook sql` write the
    // dumps row by row; a repository's own template is rendered over the
    // whole dump. The built-in template, copied with a comment added (so it
    // counts as the repository's own), must give the same bytes, for every
    // dialect and with the further lists' tables.
    let repo = util::sample_repository();
    let config = repo.path().join("ratingbook.toml");
    let mut text = read(&config);
    text.push_str("\n[output]\nsql_dialects = [\"sqlite\", \"postgres\", \"mysql\"]\n");
    std::fs::write(&config, text).unwrap();
    let out = repo.path().join("site");
    build(repo.path(), &out);
    let mut streamed_by_command = Vec::new();
    ratingbook::pipeline::dump_repository(
        repo.path(),
        ratingbook::sql::Dialect::Postgres,
        &mut streamed_by_command,
    )
    .unwrap();
    assert!(
        streamed_by_command == read(&out.join("ratingbook.postgres.sql")).into_bytes(),
        "`ratingbook sql` and the build wrote different dumps"
    );
    let own = repo.path().join("templates/sql/ratingbook.sql");
    std::fs::create_dir_all(own.parent().unwrap()).unwrap();
    let built_in = read(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/sql/ratingbook.sql"),
    );
    std::fs::write(&own, format!("{built_in}{{# the repository's own copy #}}")).unwrap();
    for dialect in ratingbook::sql::Dialect::ALL {
        let mut whole = Vec::new();
        ratingbook::pipeline::dump_repository(repo.path(), dialect, &mut whole).unwrap();
        let whole = String::from_utf8(whole).unwrap();
        assert!(whole.contains("INSERT INTO pool_ratings"), "{dialect}");
        let streamed = read(&out.join(dialect.file_name()));
        assert!(streamed == whole, "{dialect}: the streamed dump differs");
    }
}

#[test]
fn the_rating_list_links_its_markdown_copy_only_when_there_is_one() {
    let root = util::sample_repository();
    let out = util::output_folder();
    build(root.path(), out.path());
    let link = "<a href=\"ratings.md\">as Markdown</a>";
    assert!(read(&out.path().join("ratings.html")).contains(link));
    let config = read(&root.path().join("ratingbook.toml"));
    let config = if config.contains("[output]") {
        config.replace("[output]", "[output]\nmarkdown = false")
    } else {
        config + "\n[output]\nmarkdown = false\n"
    };
    util::write(root.path(), "ratingbook.toml", &config);
    let without = util::output_folder();
    build(root.path(), without.path());
    assert!(!without.path().join("ratings.md").exists());
    assert!(!read(&without.path().join("ratings.html")).contains(link));
}
