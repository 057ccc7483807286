//! TRF → our files → TRF keeps every game, colour, result, bye and forfeit;
//! `import-trf` matches known players and reports what it cannot decide.

use crate::util;

use ratingbook::tournament::trf_exchange::{import_trf, tournament_to_trf, ImportOptions};
use std::path::Path;
use std::process::Command;
use trf::{ResultCode, RoundEntry, TrfDocument};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/crates/trf/tests/fixtures");

fn fixture(name: &str) -> TrfDocument {
    trf::parse(&std::fs::read_to_string(Path::new(FIXTURES).join(name)).unwrap()).unwrap()
}

/// The round blocks as our format can hold them: unrated results as played ones,
/// `0000 - +` as the pairing-allocated bye, `0000 - -` as an absence, no trailing blanks.
fn normalized(doc: &TrfDocument) -> Vec<(u32, Vec<Option<RoundEntry>>, u32)> {
    let mut players: Vec<_> = doc
        .players()
        .map(|p| {
            let mut rounds: Vec<Option<RoundEntry>> = p
                .rounds
                .iter()
                .map(|block| {
                    let mut block = block.clone()?;
                    if block.opponent.is_none() {
                        match block.result {
                            ResultCode::ForfeitWin => block.result = ResultCode::PairingBye,
                            ResultCode::ForfeitLoss | ResultCode::Pending => return None,
                            _ => {}
                        }
                        block.colour = None;
                    }
                    block.result = match block.result {
                        ResultCode::UnratedWin => ResultCode::Win,
                        ResultCode::UnratedDraw => ResultCode::Draw,
                        ResultCode::UnratedLoss => ResultCode::Loss,
                        other => other,
                    };
                    Some(block)
                })
                .collect();
            while rounds.last().is_some_and(Option::is_none) {
                rounds.pop();
            }
            (p.start_no, rounds, p.points.0)
        })
        .collect();
    players.sort_by_key(|p| p.0);
    players
}

fn round_trip(name: &str) {
    let original = fixture(name);
    let repo = tempfile::tempdir().unwrap();
    let options = ImportOptions {
        date: ratingbook::model::Date::new(2026, 5, 1),
        ..ImportOptions::default()
    };
    let imported = import_trf(&original, &Default::default(), &options).unwrap();
    for (path, content) in &imported.files {
        util::write(repo.path(), path, content);
    }
    let (checked, errors) = util::check_with_errors(repo.path());
    assert!(errors.is_empty(), "{name}: {errors:#?}");
    let dataset = &checked.loaded.dataset;
    assert_eq!(dataset.tournaments.len(), 1);
    let exported = tournament_to_trf(&dataset.tournaments[0], dataset);
    let reparsed = trf::parse(&exported.write()).unwrap();
    assert_eq!(normalized(&reparsed), normalized(&original), "{name}");
    assert_eq!(
        reparsed.total_rounds(),
        original.total_rounds().or(reparsed.total_rounds())
    );
}

#[test]
fn byes_forfeits_and_a_withdrawn_player_round_trip() {
    round_trip("byes_forfeits_withdrawn.trf");
}

#[test]
fn generated_events_round_trip() {
    for name in ["gen_9x4.trf", "gen_12x5.trf", "gen_31x7.trf"] {
        round_trip(name);
    }
}

#[test]
fn the_sample_data_round_trips_through_trf() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let loaded = ratingbook::load::load_repository(root);
    for t in &loaded.dataset.tournaments {
        let doc = trf::parse(&tournament_to_trf(t, &loaded.dataset).write()).unwrap();
        assert!(doc.check_consistency().is_empty(), "{}", t.id);
        let imported = import_trf(&doc, &loaded.dataset, &ImportOptions::default()).unwrap();
        // Every player is recognised by id: nothing new is created.
        assert!(
            imported.matches.iter().all(|m| m.3 != "new"),
            "{}: {:?}",
            t.id,
            imported.matches
        );
        // The TRF carries each player's rating and rank (by points here), which
        // come back as the event's rating and rank columns: compare everything else.
        let without_ratings = |text: &str| -> Vec<String> {
            let ranked = text.starts_with("no,player,rating,rank,");
            text.lines()
                .map(|line| {
                    let mut fields: Vec<&str> = line.split(',').collect();
                    if ranked {
                        fields.remove(3);
                    }
                    fields.remove(2);
                    fields.join(",")
                })
                .collect()
        };
        let csv = util::imported_file(&imported, |path| path.ends_with(".csv"));
        let original = String::from_utf8(ratingbook::files::crosstable::crosstable_csv(t)).unwrap();
        assert_eq!(without_ratings(csv), without_ratings(&original), "{}", t.id);
    }
}

#[test]
fn import_matches_known_players_by_name_and_reports_ambiguity() {
    let mut book = util::Book::new();
    book.member("ikonen-jussi", 1600, 0);
    book.dataset.players[0].name = "Ikonen Jussi".into();
    let dataset = book.finish();
    let doc = fixture("byes_forfeits_withdrawn.trf");
    let imported = import_trf(&doc, &dataset, &ImportOptions::default()).unwrap();
    assert_eq!(imported.matches[0].2.as_str(), "ikonen-jussi");
    assert_eq!(imported.matches[0].3, "id");
    assert_eq!(imported.matches[2].2.as_str(), "ohman-orjan");
    assert!(imported
        .files
        .iter()
        .any(|f| f.0 == "data/players/ohman-orjan.toml"
            && f.1.contains("name = \"Öhman Örjan\"")
            && f.1.contains("international_rating = 2100")));
    assert!(!imported
        .files
        .iter()
        .any(|f| f.0 == "data/players/ikonen-jussi.toml"));

    let mut book = util::Book::new();
    book.member("jussi-ikonen-a", 1600, 0);
    book.member("jussi-ikonen-b", 1600, 0);
    book.dataset.players[0].name = "IKONEN, Jussi".into();
    book.dataset.players[1].name = "Ikonen Jussi".into();
    let dataset = book.finish();
    let error = import_trf(&doc, &dataset, &ImportOptions::default()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "player 1 `Ikonen, Jussi` matches several players: jussi-ikonen-a, jussi-ikonen-b"
    );
}

#[test]
fn import_trf_command_writes_a_valid_tournament() {
    let repo = tempfile::tempdir().unwrap();
    util::copy_tree(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mini"),
        repo.path(),
    );
    let out = Command::new(util::binary())
        .args([
            "import-trf",
            &format!("{FIXTURES}/byes_forfeits_withdrawn.trf"),
            "--root",
        ])
        .arg(repo.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("-> ikonen-jussi (matched by id)"),
        "{stderr}"
    );
    assert!(
        stderr.contains("wrote data/tournaments/2026/helsinki-spring-rapid-2026.csv"),
        "{stderr}"
    );
    assert!(stderr.contains("0 errors"), "{stderr}");
    // A second import would overwrite: refused.
    let again = Command::new(util::binary())
        .args([
            "import-trf",
            &format!("{FIXTURES}/byes_forfeits_withdrawn.trf"),
            "--root",
        ])
        .arg(repo.path())
        .output()
        .unwrap();
    assert_eq!(again.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&again.stderr).contains("exists; nothing written"));
}

#[test]
fn malformed_trf_lines_give_file_line_column() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.trf");
    std::fs::write(
        &path,
        "012 Bad\n042 2026/01/01\n001    1      Alpha                             25x0\n",
    )
    .unwrap();
    let out = Command::new(util::binary())
        .args(["import-trf"])
        .arg(&path)
        .args(["--root"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("bad.trf:3:51: rating: expected a rating in columns 49-52"),
        "{stderr}"
    );
}

#[test]
fn export_trf_command_writes_either_edition() {
    let repo = tempfile::tempdir().unwrap();
    util::copy_tree(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mini"),
        repo.path(),
    );
    let sample = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crates/trf/tests/fixtures/trf2026_individual.trf");
    let out = Command::new(util::binary())
        .arg("import-trf")
        .arg(&sample)
        .arg("--root")
        .arg(repo.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("read as TRF-2026"), "{stderr}");
    let csv = stderr
        .lines()
        .find_map(|l| l.split("wrote ").nth(1).filter(|p| p.ends_with(".csv")))
        .unwrap_or_else(|| panic!("{stderr}"))
        .to_string();
    let export = |args: &[&str]| {
        let out = Command::new(util::binary())
            .arg("export-trf")
            .arg(&csv)
            .arg("--root")
            .arg(repo.path())
            .args(args)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, trf2026, stderr) = export(&["--trf-version", "2026", "--personal-data"]);
    assert_eq!(code, Some(0), "{stderr}");
    for line in ["142 3", "240 F   1    3", "240 H   3    1"] {
        assert!(trf2026.lines().any(|l| l == line), "{line}:\n{trf2026}");
    }
    let doc = trf::parse(&trf2026).unwrap();
    assert_eq!(doc.version(), trf::Version::Trf2026);
    let alpha = doc.players().next().unwrap();
    assert_eq!(
        (alpha.name.as_str(), alpha.birth_date.as_str(), alpha.rank),
        ("Alpha, Anna", "1990/05/17", Some(1))
    );
    // TRF-16 by default, and no personal data where the site does not publish it.
    let (code, trf16, _) = export(&[]);
    assert_eq!(code, Some(0));
    let doc = trf::parse(&trf16).unwrap();
    assert_eq!(doc.version(), trf::Version::Trf16);
    assert!(trf16.lines().any(|l| l == "XXR 3"), "{trf16}");
    assert!(doc
        .players()
        .all(|p| p.birth_date.is_empty() && p.sex.is_none()));
    let (code, _, stderr) = export(&["--trf-version", "2025"]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("`2025` is not a TRF edition; use 16 or 2026"),
        "{stderr}"
    );
}

/// A TRF `001` line: start number, name, and round blocks (`2 w 1`).
fn trf_player(no: u32, name: &str, blocks: &[&str]) -> String {
    let head = format!("001 {no:>4} m    {name:<33} 1800 FIN             1990        0.0       ");
    let head: String = head.chars().take(91).collect();
    let rounds: String = blocks
        .iter()
        .map(|b| {
            let (opponent, rest) = b.split_once(' ').unwrap();
            format!("{opponent:>4} {rest}  ")
        })
        .collect();
    format!("{head}{rounds}").trim_end().to_string()
}

/// Imports the TRF `text` into a copy of the mini repository; the exit
/// code, stderr, and whether the repository's files are as they were.
fn import_into_mini(
    text: &str,
    args: &[&str],
    prepare: impl FnOnce(&Path),
) -> (Option<i32>, String, bool) {
    let repo = tempfile::tempdir().unwrap();
    util::copy_tree(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mini"),
        repo.path(),
    );
    prepare(repo.path());
    let listing = |root: &Path| {
        let mut found: Vec<String> = walkdir::WalkDir::new(root)
            .into_iter()
            .filter_map(Result::ok)
            .map(|e| e.path().display().to_string())
            .collect();
        found.sort();
        found
    };
    let before = listing(repo.path());
    let folder = tempfile::tempdir().unwrap();
    let trf = folder.path().join("import-test.trf");
    std::fs::write(&trf, text).unwrap();
    let out = Command::new(util::binary())
        .args(["--message-format", "plain", "import-trf"])
        .arg(&trf)
        .args(args)
        .arg("--root")
        .arg(repo.path())
        .output()
        .unwrap();
    let unchanged = listing(repo.path()) == before;
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        unchanged,
    )
}

#[test]
fn import_writes_nothing_when_names_hold_control_characters() {
    let text = [
        "012 Control Open".to_string(),
        "042 2026/03/14".to_string(),
        trf_player(1, "Evil\u{1b}[31mName", &["2 w 1"]),
        trf_player(2, "Other\u{7}Bell", &["1 b 0"]),
        "XXR 1".to_string(),
    ]
    .join("\n");
    let (code, stderr, unchanged) = import_into_mini(&text, &[], |_| {});
    assert_eq!(code, Some(1), "{stderr}");
    assert!(unchanged, "{stderr}");
    assert!(
        stderr.contains("data/players/evil-31mname.toml:1:8: `name` contains a control character (U+001B) (from "),
        "{stderr}"
    );
    assert!(stderr.contains("import-test.trf:3)"), "{stderr}");
    assert!(stderr.contains("other-bell.toml:1:8"), "{stderr}");
    assert!(stderr.contains("import-test.trf:4)"), "{stderr}");
    assert!(stderr.contains("nothing written"), "{stderr}");
    // The report shows the name without letting the terminal read the escape.
    assert!(!stderr.contains('\u{1b}'), "{stderr}");
}

#[test]
fn import_refuses_ten_thousand_round_blocks_without_xxr_at_once() {
    let blocks = vec!["0000 - Z"; 10_000];
    let text = [
        "012 Long Open".to_string(),
        "042 2026/03/14".to_string(),
        trf_player(1, "Alpha, A", &blocks),
        trf_player(2, "Beta, B", &blocks),
    ]
    .join("\n");
    let started = std::time::Instant::now();
    let (code, stderr, unchanged) = import_into_mini(&text, &[], |_| {});
    assert_eq!(code, Some(2), "{stderr}");
    assert!(unchanged, "{stderr}");
    assert!(
        stderr.contains(
            "import-test.trf: line 3: 10000 rounds; a tournament has at most 1000 rounds"
        ),
        "{stderr}"
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
}

#[test]
fn import_refuses_one_player_mapped_to_two_start_numbers() {
    let text = [
        "012 Twice Open".to_string(),
        "042 2026/03/14".to_string(),
        trf_player(1, "Alpha, A", &["2 w 1"]),
        trf_player(2, "Beta, B", &["1 b 0"]),
        "XXR 1".to_string(),
    ]
    .join("\n");
    let args = ["--map", "1=ilu-timo", "--map", "2=ilu-timo"];
    let (code, stderr, unchanged) = import_into_mini(&text, &args, |_| {});
    assert_eq!(code, Some(2), "{stderr}");
    assert!(unchanged, "{stderr}");
    assert!(
        stderr.contains("--map 1=ilu-timo and --map 2=ilu-timo give one player two start numbers"),
        "{stderr}"
    );
}

#[test]
fn import_does_not_write_a_player_file_through_a_dangling_link() {
    let outside = tempfile::tempdir().unwrap();
    let target = outside.path().join("planted.toml");
    let text = [
        "012 Link Open".to_string(),
        "042 2026/03/14".to_string(),
        trf_player(1, "Zed, Victim", &["2 w 1"]),
        trf_player(2, "Beta, B", &["1 b 0"]),
        "XXR 1".to_string(),
    ]
    .join("\n");
    let (code, stderr, unchanged) = import_into_mini(&text, &[], |root| {
        std::os::unix::fs::symlink(&target, root.join("data/players/zed-victim.toml")).unwrap();
    });
    assert_eq!(code, Some(1), "{stderr}");
    assert!(unchanged, "{stderr}");
    assert!(!target.exists(), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "data/players/zed-victim.toml is a symbolic link (to `{}`); ratingbook does not write through links: remove the link",
            target.display()
        )),
        "{stderr}"
    );
}

/// Imports `text` into a copy of the small repository, then runs `check`
/// and `build` there; returns the imported crosstable.
fn import_check_build(name: &str, text: &str) -> String {
    let repo = tempfile::tempdir().unwrap();
    util::copy_tree(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mini"),
        repo.path(),
    );
    let trf = repo.path().join(format!("{name}.trf"));
    std::fs::write(&trf, text).unwrap();
    let run = |args: &[&str]| {
        Command::new(util::binary())
            .args(args)
            .arg("--root")
            .arg(repo.path())
            .output()
            .unwrap()
    };
    let imported = run(&["import-trf", trf.to_str().unwrap()]);
    let said = String::from_utf8_lossy(&imported.stderr).into_owned();
    assert_eq!(imported.status.code(), Some(0), "{said}");
    for command in [&["check"][..], &["build"][..]] {
        let out = run(command);
        assert!(
            out.status.success(),
            "{command:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let table = walkdir::WalkDir::new(repo.path().join("data/tournaments"))
        .into_iter()
        .filter_map(Result::ok)
        .find(|e| {
            e.path().extension().is_some_and(|x| x == "csv")
                && e.path().to_string_lossy().contains(name)
        })
        .expect("the imported crosstable");
    std::fs::read_to_string(table.path()).unwrap()
}

#[test]
fn blank_and_zero_ranks_among_ranked_players_import_and_the_event_builds() {
    // Some programs leave the rank blank for players they did not rank
    // (absent all along, or not yet placed), others write 0; the points
    // column may disagree with the games (here 0.0 everywhere).
    let ranked = |line: String, rank: &str| {
        let mut chars: Vec<char> = line.chars().collect();
        chars.splice(85..89, format!("{rank:>4}").chars());
        chars.into_iter().collect::<String>()
    };
    let text = [
        "012 Blankrank Open".to_string(),
        "042 2026/03/14".to_string(),
        ranked(trf_player(1, "Alpha Anna", &["2 w 1", "3 b 1"]), "1"),
        ranked(trf_player(2, "Beta Bert", &["1 b 0", "0000 - U"]), ""),
        ranked(trf_player(3, "Gamma Gus", &["0000 - U", "1 w 0"]), "3"),
        ranked(trf_player(4, "Delta Dora", &["0000 - Z", "0000 - H"]), "0"),
        "XXR 2".to_string(),
    ]
    .join("\n");
    let rows = import_check_build("blankrank", &text);
    let rank_of = |no: &str| {
        let row = rows.lines().find(|l| l.starts_with(no)).unwrap();
        row.split(',').nth(3).unwrap().to_string()
    };
    assert_eq!(rank_of("1,"), "1", "{rows}");
    assert_eq!(rank_of("2,"), "", "{rows}");
    assert_eq!(rank_of("3,"), "3", "{rows}");
    assert_eq!(rank_of("4,"), "", "{rows}");
}

#[test]
fn withdrawn_players_ranked_zero_import_unranked_and_the_event_builds() {
    // Swiss-Manager writes rank 0 (columns 86-89) for a player who withdrew.
    let ranked = |line: String, rank: u32| {
        let mut chars: Vec<char> = line.chars().collect();
        chars.splice(85..89, format!("{rank:>4}").chars());
        chars.into_iter().collect::<String>()
    };
    let text = [
        "012 Withdrawal Open".to_string(),
        "042 2026/03/14".to_string(),
        ranked(trf_player(1, "Alpha Anna", &["2 w 1"]), 1),
        ranked(trf_player(2, "Beta Bert", &["1 b 0"]), 2),
        ranked(trf_player(3, "Gamma Gus", &["0000 - Z"]), 0),
        "XXR 1".to_string(),
    ]
    .join("\n");
    let repo = tempfile::tempdir().unwrap();
    util::copy_tree(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mini"),
        repo.path(),
    );
    let trf = repo.path().join("withdrawal.trf");
    std::fs::write(&trf, &text).unwrap();
    let run = |args: &[&str]| {
        Command::new(util::binary())
            .args(args)
            .arg("--root")
            .arg(repo.path())
            .output()
            .unwrap()
    };
    let imported = run(&["import-trf", trf.to_str().unwrap()]);
    let said = String::from_utf8_lossy(&imported.stderr).into_owned();
    assert_eq!(imported.status.code(), Some(0), "{said}");
    let table = walkdir::WalkDir::new(repo.path().join("data/tournaments"))
        .into_iter()
        .filter_map(Result::ok)
        .find(|e| {
            e.path().extension().is_some_and(|x| x == "csv")
                && e.path().to_string_lossy().contains("withdrawal")
        })
        .expect("the imported crosstable");
    let rows = std::fs::read_to_string(table.path()).unwrap();
    let gus = rows.lines().find(|l| l.starts_with("3,")).unwrap();
    let rank = gus.split(',').nth(3).unwrap();
    assert_eq!(rank, "", "a withdrawn player has no rank: {rows}");
    for command in [&["check"][..], &["build"][..]] {
        let out = run(command);
        assert!(
            out.status.success(),
            "{command:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
