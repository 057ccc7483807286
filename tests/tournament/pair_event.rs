//! `ratingbook pair` on our own tournaments: the next round is paired, printed
//! with names, and with `--write` stored as `opponent colour ?` cells.

use crate::util;

use std::path::Path;
use std::process::Command;

fn repo() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    util::copy_tree(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mini"),
        dir.path(),
    );
    dir
}

const SPRING_OPEN_CSV: &str = "data/tournaments/2005/spring-open.csv";

/// The mini repository with the Spring Open as the event in progress, its
/// crosstable so far `table`: the newest event on record (an event with
/// later tournaments recorded is over, and its empty rounds are errors).
fn spring_open_in_progress(table: &str) -> tempfile::TempDir {
    let repo = repo();
    for file in ["autumn-cup.csv", "autumn-cup.toml"] {
        std::fs::remove_file(repo.path().join("data/tournaments/2005").join(file)).unwrap();
    }
    std::fs::write(repo.path().join(SPRING_OPEN_CSV), table).unwrap();
    repo
}

fn run(root: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(util::binary())
        .args(args)
        .arg("--root")
        .arg(root)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn pairs_the_next_swiss_round_and_writes_it() {
    // Round 3 not played yet: the only pairing without rematches is 1-4, 2-3.
    let repo = spring_open_in_progress(
        "no,player,rating,1,2\n1,ikonen-jussi,,2 w 1,3 b =\n2,pellikka-marko,,1 b 0,4 w 1\n3,saarenpaa-samuli,,4 b 1,1 w =\n4,ilu-timo,,3 w 0,2 b 0\n",
    );
    let (code, stdout, stderr) = run(repo.path(), &["pair", "data/tournaments/2005/spring-open"]);
    assert_eq!(code, Some(0), "{stderr}");
    // The pairing list: title, header, rule, one line per board with
    // start numbers, names and points before the round.
    assert!(
        stdout.starts_with("Spring Open: round 3 pairings\n"),
        "{stdout}"
    );
    let boards: Vec<&str> = stdout.lines().skip(4).collect();
    assert_eq!(boards.len(), 2, "{stdout}");
    assert!(boards[0].trim_start().starts_with("1  "), "{stdout}");
    assert!(boards[1].trim_start().starts_with("2  "), "{stdout}");
    let (code, _, stderr) = run(
        repo.path(),
        &["pair", "data/tournaments/2005/spring-open.toml", "--write"],
    );
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.contains("0 errors"), "{stderr}");
    let csv =
        std::fs::read_to_string(repo.path().join("data/tournaments/2005/spring-open.csv")).unwrap();
    assert!(csv.starts_with("no,player,rating,1,2,3\n"), "{csv}");
    assert_eq!(csv.matches(" ?").count(), 4, "{csv}");
    // Rounds 1-2 are unchanged.
    assert!(csv.contains("1,ikonen-jussi,,2 w 1,3 b =,4 "), "{csv}");
    // No rematches: everyone has played everyone except one opponent each.
    let loaded = ratingbook::load::load_repository(repo.path());
    let t = loaded
        .dataset
        .tournaments
        .iter()
        .find(|t| t.id.as_str() == "spring-open")
        .unwrap();
    for e in &t.entries {
        let (opponent, _) = e.paired_with(2).unwrap();
        assert!(
            (0..2).all(|r| e.paired_with(r).map(|p| p.0) != Some(opponent)),
            "rematch for {}",
            e.start_no
        );
    }
    // The results of the paired round go in with the association's result codes.
    let loaded = ratingbook::load::load_repository(repo.path());
    let t = loaded
        .dataset
        .tournaments
        .iter()
        .find(|t| t.id.as_str() == "spring-open")
        .unwrap();
    let mut codes = String::new();
    for e in &t.entries {
        if let Some((opponent, Some(ratingbook::model::Colour::White))) = e.paired_with(2) {
            codes.push_str(&format!("{} {opponent} 1\n", e.start_no));
        }
    }
    let codes_file = repo.path().join("3.txt");
    std::fs::write(&codes_file, codes).unwrap();
    let out = Command::new(util::binary())
        .args([
            "results",
            "add",
            "data/tournaments/2005/spring-open.toml",
            "--round",
            "3",
            "--from",
        ])
        .arg(&codes_file)
        .current_dir(repo.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let csv =
        std::fs::read_to_string(repo.path().join("data/tournaments/2005/spring-open.csv")).unwrap();
    assert!(!csv.contains('?'), "{csv}");
    // All rounds now paired.
    let (code, _, stderr) = run(repo.path(), &["pair", "data/tournaments/2005/spring-open"]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("all 3 rounds are already paired"),
        "{stderr}"
    );
}

#[test]
fn round_robins_follow_the_berger_table() {
    let repo = repo();
    let cup = repo.path().join("data/tournaments/2005/autumn-cup.csv");
    std::fs::write(
        &cup,
        "no,player,1,2,3\n1,ikonen-jussi,,,\n2,pellikka-marko,,,\n3,saarenpaa-samuli,,,\n",
    )
    .unwrap();
    for round in 1..=3 {
        let (code, stdout, stderr) = run(
            repo.path(),
            &["pair", "data/tournaments/2005/autumn-cup", "--write"],
        );
        assert_eq!(code, Some(0), "{stderr}");
        assert!(stdout.contains(&format!("round {round}")), "{stdout}");
        assert!(stdout.contains("Bye: "), "{stdout}");
        // The next round is paired once this one's game has its result.
        let csv = std::fs::read_to_string(&cup).unwrap();
        let white = csv
            .lines()
            .skip(1)
            .find_map(|l| {
                let f: Vec<&str> = l.split(',').collect();
                let cell = f[1 + round as usize];
                cell.ends_with(" w ?")
                    .then(|| format!("{} {} 1-0\n", f[0], cell.split(' ').next().unwrap()))
            })
            .unwrap();
        let out = Command::new(util::binary())
            .args([
                "results",
                "add",
                "data/tournaments/2005/autumn-cup.toml",
                "--round",
            ])
            .arg(round.to_string())
            .arg("--from")
            .arg("-")
            .current_dir(repo.path())
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                use std::io::Write;
                child.stdin.take().unwrap().write_all(white.as_bytes())?;
                child.wait_with_output()
            })
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let loaded = ratingbook::load::load_repository(repo.path());
    let t = loaded
        .dataset
        .tournaments
        .iter()
        .find(|t| t.id.as_str() == "autumn-cup")
        .unwrap();
    for e in &t.entries {
        let mut opponents: Vec<u32> = (0..3)
            .filter_map(|r| e.paired_with(r).map(|p| p.0))
            .collect();
        opponents.sort();
        let expected: Vec<u32> = (1..=3).filter(|&n| n != e.start_no).collect();
        assert_eq!(opponents, expected, "player {}", e.start_no);
    }
}

#[test]
fn unknown_event_suggests_the_closest() {
    let repo = repo();
    let (code, _, stderr) = run(repo.path(), &["pair", "data/tournaments/2005/spring-opn"]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("did you mean `spring-open`?"), "{stderr}");
}

#[test]
fn requested_byes_are_not_paired_and_score_what_the_rules_give() {
    // Round 2: Ilu Timo (4) asked for a half-point bye (`H`). The three
    // others are paired: the pairing-allocated bye goes to the lowest score,
    // Pellikka Marko (2, no points), and 1 meets 3. Both 1 and 3 had white
    // and prefer black; their histories never differ, so the higher ranked
    // 1 (one point) gets black (5.2.4).
    let repo = spring_open_in_progress(
        "no,player,rating,1,2\n1,ikonen-jussi,,2 w 1,\n2,pellikka-marko,,1 b 0,\n3,saarenpaa-samuli,,4 w =,\n4,ilu-timo,,3 b =,H\n",
    );
    let table = repo.path().join(SPRING_OPEN_CSV);
    let (code, stdout, stderr) = run(
        repo.path(),
        &["pair", "data/tournaments/2005/spring-open", "--write"],
    );
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stdout.starts_with("Spring Open: round 2 pairings\n"),
        "{stdout}"
    );
    let csv = std::fs::read_to_string(&table).unwrap();
    assert!(csv.contains("\n1,ikonen-jussi,,2 w 1,3 b ?"), "{csv}");
    assert!(csv.contains("\n2,pellikka-marko,,1 b 0,bye"), "{csv}");
    assert!(csv.contains("\n4,ilu-timo,,3 b =,H"), "{csv}");
    // The half-point bye counts half a point in the standings, the
    // pairing-allocated bye a whole one.
    let loaded = ratingbook::load::load_repository(repo.path());
    let t = loaded
        .dataset
        .tournaments
        .iter()
        .find(|t| t.id.as_str() == "spring-open")
        .unwrap();
    let points = |no: u32| t.entry(no).unwrap().half_points();
    assert_eq!((points(2), points(4)), (2, 2));
}

#[test]
fn baku_acceleration_changes_pairings_never_points() {
    let repo = spring_open_in_progress(
        "no,player,rating,1,2,3\n1,ikonen-jussi,,,,\n2,pellikka-marko,,,,\n3,saarenpaa-samuli,,,,\n4,ilu-timo,,,,\n",
    );
    // Four players, three rounds, `acceleration = "baku"`: group A is
    // 2 × ⌈4/4⌉ = 2 players (1, 2) with one virtual point in round 1
    // (accelerated rounds ⌈3/2⌉ = 2, one of them with a full point). So
    // 1 meets 2 and 3 meets 4 (without acceleration: 1-3, 2-4), white to
    // the odd pairing numbers (5.2.5).
    let meta = repo.path().join("data/tournaments/2005/spring-open.toml");
    let text = std::fs::read_to_string(&meta).unwrap();
    std::fs::write(&meta, format!("{text}acceleration = \"baku\"\n")).unwrap();
    let table = repo.path().join(SPRING_OPEN_CSV);
    let (code, _, stderr) = run(
        repo.path(),
        &["pair", "data/tournaments/2005/spring-open", "--write"],
    );
    assert_eq!(code, Some(0), "{stderr}");
    let csv = std::fs::read_to_string(&table).unwrap();
    assert!(csv.contains("\n1,ikonen-jussi,,2 w ?"), "{csv}");
    assert!(csv.contains("\n3,saarenpaa-samuli,,4 w ?"), "{csv}");
    // Results in: the standings hold the points won and nothing more.
    std::fs::write(
        &table,
        "no,player,rating,1,2,3\n1,ikonen-jussi,,2 w 1,,\n2,pellikka-marko,,1 b 0,,\n3,saarenpaa-samuli,,4 w =,,\n4,ilu-timo,,3 b =,,\n",
    )
    .unwrap();
    let loaded = ratingbook::load::load_repository(repo.path());
    let t = loaded
        .dataset
        .tournaments
        .iter()
        .find(|t| t.id.as_str() == "spring-open")
        .unwrap();
    assert_eq!(t.acceleration, ratingbook::model::Acceleration::Baku);
    let table = ratingbook::standings::standings(t, &[], &|_| None);
    let points: Vec<(u32, u32)> = table.iter().map(|s| (s.start_no, s.half_points)).collect();
    assert_eq!(points, vec![(1, 2), (3, 1), (4, 1), (2, 0)]);
}

#[test]
fn pair_write_does_not_write_through_a_linked_crosstable() {
    let repo = spring_open_in_progress(
        "no,player,rating,1,2\n1,ikonen-jussi,,2 w 1,3 b =\n2,pellikka-marko,,1 b 0,4 w 1\n3,saarenpaa-samuli,,4 b 1,1 w =\n4,ilu-timo,,3 w 0,2 b 0\n",
    );
    let table = repo.path().join(SPRING_OPEN_CSV);
    // A link the loader reads (its target is a file it reads anyway: every
    // file under `templates/` is), but no writer follows.
    std::fs::create_dir_all(repo.path().join("templates")).unwrap();
    std::fs::rename(&table, repo.path().join("templates/kept.csv")).unwrap();
    std::os::unix::fs::symlink("../../../templates/kept.csv", &table).unwrap();
    let kept = std::fs::read_to_string(repo.path().join("templates/kept.csv")).unwrap();
    let (code, _, stderr) = run(
        repo.path(),
        &["pair", "data/tournaments/2005/spring-open.toml", "--write"],
    );
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("data/tournaments/2005/spring-open.csv is a symbolic link (to `../../../templates/kept.csv`); ratingbook does not write through links: remove the link"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(repo.path().join("templates/kept.csv")).unwrap(),
        kept
    );
    assert!(std::fs::symlink_metadata(&table).unwrap().is_symlink());
}

/// Runs the binary in `root` (for the commands that take the tournament's path).
fn run_in(root: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(util::binary())
        .args(args)
        .current_dir(root)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Round 2 paired while round 1's game 3 – 4 has no result.
const PAIRED_PAST_A_MISSING_RESULT: &str = "no,player,rating,1,2\n1,ikonen-jussi,,2 w 1,3 b ?\n2,pellikka-marko,,1 b 0,4 w ?\n3,saarenpaa-samuli,,4 w ?,1 w ?\n4,ilu-timo,,3 b ?,2 b ?\n";

#[test]
fn a_round_paired_past_a_missing_result_is_an_error_naming_the_game() {
    let repo = spring_open_in_progress(PAIRED_PAST_A_MISSING_RESULT);
    let (code, _, stderr) = run(repo.path(), &["check"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains(
            "spring-open.csv:4:4: round 1: 3 – 4 has no result, though round 2 is paired"
        ),
        "{stderr}"
    );
}

#[test]
fn pair_refuses_while_the_previous_round_waits_for_results() {
    let repo = spring_open_in_progress(
        "no,player,rating,1,2,3\n1,ikonen-jussi,,2 w 1,,\n2,pellikka-marko,,1 b 0,,\n3,saarenpaa-samuli,,4 w ?,,\n4,ilu-timo,,3 b ?,,\n",
    );
    let before = std::fs::read_to_string(repo.path().join(SPRING_OPEN_CSV)).unwrap();
    let (code, _, stderr) = run(
        repo.path(),
        &["pair", "data/tournaments/2005/spring-open", "--write"],
    );
    assert_eq!(code, Some(2), "{stderr}");
    // Board 1 is 1 – 2 (one point before round 2 against none): 3 – 4 is board 2.
    assert!(
        stderr.contains("round 1 has no result on board 2 (3 – 4)"),
        "{stderr}"
    );
    let after = std::fs::read_to_string(repo.path().join(SPRING_OPEN_CSV)).unwrap();
    assert_eq!(before, after);
}

#[test]
fn results_are_corrected_and_colours_typed_reversed_get_the_line_to_write() {
    let repo = spring_open_in_progress(
        "no,player,rating,1,2\n1,ikonen-jussi,,2 w 1,\n2,pellikka-marko,,1 b 0,\n3,saarenpaa-samuli,,4 w ?,\n4,ilu-timo,,3 b ?,\n",
    );
    let toml = "data/tournaments/2005/spring-open.toml";
    // 4 had black: `4 3 0-1` (4 white, 3 wins) is the game with colours reversed.
    let (code, _, stderr) = run_in(
        repo.path(),
        &["results", "set", toml, "--round", "1", "4", "3", "0-1"],
    );
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("white is 3 and black 4 in the pairing: write `3 4 1-0`"),
        "{stderr}"
    );
    // The echo names the round's board, not the line: with every score 0
    // before round 1, board 1 is 1 – 2 (the better start number), 3 – 4 board 2.
    let (code, stdout, stderr) = run_in(
        repo.path(),
        &["results", "set", toml, "--round", "1", "3", "4", "1-0"],
    );
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stdout.starts_with("board 2: Saarenpää Samuli (3, white) – Ilu Timo (4, black): 1-0"),
        "{stdout}"
    );
    // Typed wrong, set right: ½-½ replaces 1-0 on both sides.
    let (code, _, stderr) = run_in(
        repo.path(),
        &["results", "set", toml, "--round", "1", "1", "2", "½-½"],
    );
    assert_eq!(code, Some(0), "{stderr}");
    let csv = std::fs::read_to_string(repo.path().join(SPRING_OPEN_CSV)).unwrap();
    assert!(csv.contains("\n1,ikonen-jussi,,2 w =,"), "{csv}");
    assert!(csv.contains("\n2,pellikka-marko,,1 b =,"), "{csv}");
    // Cleared: back to the pairing.
    let (code, _, stderr) = run_in(
        repo.path(),
        &["results", "clear", toml, "--round", "1", "3"],
    );
    assert_eq!(code, Some(0), "{stderr}");
    let csv = std::fs::read_to_string(repo.path().join(SPRING_OPEN_CSV)).unwrap();
    assert!(csv.contains("\n3,saarenpaa-samuli,,4 w ?,"), "{csv}");
    assert!(csv.contains("\n4,ilu-timo,,3 b ?,"), "{csv}");
}

#[test]
fn a_pairing_changed_by_hand_is_recorded_and_check_names_the_rules_it_departs_from() {
    // Round 2 paired by the engine: 1 – 3 would be a rematch-free pairing.
    let repo = spring_open_in_progress(
        "no,player,rating,1,2\n1,ikonen-jussi,,2 w 1,\n2,pellikka-marko,,1 b 0,\n3,saarenpaa-samuli,,4 w 1,\n4,ilu-timo,,3 b 0,\n",
    );
    let event = "data/tournaments/2005/spring-open";
    let (code, _, stderr) = run(repo.path(), &["pair", event, "--write"]);
    assert_eq!(code, Some(0), "{stderr}");
    // The director pairs 1 with 2 again, white to 2: 3 and 4 meet again too.
    let (code, _, stderr) = run(
        repo.path(),
        &["event", "change", event, "pellikka-marko", "ikonen-jussi"],
    );
    assert_eq!(code, Some(0), "{stderr}");
    let csv = std::fs::read_to_string(repo.path().join(SPRING_OPEN_CSV)).unwrap();
    assert!(csv.contains("\n2,pellikka-marko,,1 b 0,1 w ?"), "{csv}");
    let meta = std::fs::read_to_string(repo.path().join("data/tournaments/2005/spring-open.toml"))
        .unwrap();
    assert!(
        meta.contains(
            "[[manual_pairing]]\nround = 2\nwhite = \"pellikka-marko\"\nblack = \"ikonen-jussi\"\n"
        ),
        "{meta}"
    );
    let (_, _, stderr) = run(repo.path(), &["check"]);
    for rule in [
        "pellikka-marko – ikonen-jussi was paired by hand and departs from the rule that players meet only once (they met in round 1)",
        "pellikka-marko – ikonen-jussi was paired by hand and departs from the engine's pairing",
    ] {
        assert!(stderr.contains(rule), "{rule}\n{stderr}");
    }
}

#[test]
fn a_withdrawal_applies_to_rounds_not_yet_paired() {
    let repo = spring_open_in_progress(
        "no,player,rating,1,2,3\n1,ikonen-jussi,,2 w 1,,\n2,pellikka-marko,,1 b 0,,\n3,saarenpaa-samuli,,4 w 1,,\n4,ilu-timo,,3 b 0,,\n",
    );
    let event = "data/tournaments/2005/spring-open";
    let (code, _, stderr) = run(
        repo.path(),
        &["event", "withdraw", event, "ilu-timo", "--from-round", "1"],
    );
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("round 1 is already paired: enter the game as a forfeit"),
        "{stderr}"
    );
    let (code, _, stderr) = run(
        repo.path(),
        &["event", "withdraw", event, "ilu-timo", "--from-round", "2"],
    );
    assert_eq!(code, Some(0), "{stderr}");
    // Three players left: the lowest score without a bye gets it, 1 meets 3.
    let (code, _, stderr) = run(repo.path(), &["pair", event, "--write"]);
    assert_eq!(code, Some(0), "{stderr}");
    let csv = std::fs::read_to_string(repo.path().join(SPRING_OPEN_CSV)).unwrap();
    assert!(csv.contains("\n4,ilu-timo,,3 b 0,,"), "{csv}");
    assert!(csv.contains("\n2,pellikka-marko,,1 b 0,bye,"), "{csv}");
}

#[test]
fn printouts_are_escaped_and_print_one_sheet_per_page() {
    let repo = spring_open_in_progress(
        "no,player,rating,1,2\n1,ikonen-jussi,,2 w 1,3 b ?\n2,pellikka-marko,,1 b 0,4 w ?\n3,saarenpaa-samuli,,4 b 1,1 w ?\n4,ilu-timo,,3 w 0,2 b ?\n",
    );
    util::edit(
        repo.path(),
        "data/players/ilu-timo.toml",
        "name = \"Ilu Timo\"",
        "name = \"Ilu <Timo> & *co*\"",
    );
    let event = "data/tournaments/2005/spring-open";
    let (code, html, stderr) = run(
        repo.path(),
        &[
            "round",
            event,
            "--sheet",
            "score-sheets",
            "--format",
            "html",
        ],
    );
    assert_eq!(code, Some(0), "{stderr}");
    assert!(html.contains("Ilu &lt;Timo&gt; &amp; *co*"), "{html}");
    assert!(!html.contains("<Timo>"), "{html}");
    assert_eq!(
        html.matches("<section class=\"sheet\">").count(),
        2,
        "{html}"
    );
    let (code, markdown, _) = run(repo.path(), &["round", event, "--format", "markdown"]);
    assert_eq!(code, Some(0));
    assert!(
        markdown.contains("Ilu &lt;Timo&gt; &amp; \\*co\\*"),
        "{markdown}"
    );
    let (code, text, _) = run(
        repo.path(),
        &["round", event, "--round", "1", "--sheet", "standings"],
    );
    assert_eq!(code, Some(0));
    assert!(
        text.starts_with("Spring Open: standings after round 1\n"),
        "{text}"
    );
    let (code, chart, _) = run(repo.path(), &["round", event, "--sheet", "wall-chart"]);
    assert_eq!(code, Some(0));
    assert!(chart.contains("2w1"), "{chart}");
}
