//! `ratingbook new player` and `new tournament` through the binary: the files
//! they write pass `check` and `build`, collisions and unknown players are
//! refused without writing anything.

use crate::util;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn run(root: &Path, args: &[&str]) -> Output {
    Command::new(util::binary())
        .args(["--message-format", "plain"])
        .args(args)
        .arg("--root")
        .arg(root)
        .output()
        .unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn succeeds(root: &Path, args: &[&str]) -> String {
    let output = run(root, args);
    assert!(output.status.success(), "{args:?}: {}", stderr(&output));
    stderr(&output)
}

fn fails(root: &Path, args: &[&str]) -> String {
    let output = run(root, args);
    assert_eq!(
        output.status.code(),
        Some(1),
        "{args:?}: {}",
        stderr(&output)
    );
    stderr(&output)
}

/// Every file under `root`, sorted, relative.
fn files(root: &Path) -> Vec<String> {
    let mut found: Vec<String> = walkdir::WalkDir::new(root)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| e.path().strip_prefix(root).unwrap().display().to_string())
        .collect();
    found.sort();
    found
}

fn new_players(root: &Path) {
    let said = succeeds(
        root,
        &["new", "player", "Ikonen Jussi", "--club", "Helsinki"],
    );
    assert!(said.contains("wrote "), "{said}");
    assert!(said.contains("data/players/ikonen-jussi.toml"), "{said}");
    assert!(said.contains("--players ikonen-jussi"), "{said}");
    succeeds(
        root,
        &[
            "new",
            "player",
            "Saarenpää Samuli",
            "--country",
            "FIN",
            "--membership",
            "honorary",
        ],
    );
    let said = succeeds(root, &["new", "player", "Ilu Timo", "--membership", "rif"]);
    assert!(said.contains("international_rating"), "{said}");
}

#[test]
fn new_players_and_a_new_tournament_check_and_build() {
    let repo = tempfile::tempdir().unwrap();
    let root = repo.path();
    new_players(root);
    let said = succeeds(
        root,
        &[
            "new",
            "tournament",
            "--name",
            "Spring Open",
            "--start",
            "2026-04-11",
            "--end",
            "2026-04-12",
            "--system",
            "swiss",
            "--rounds",
            "5",
            "--players",
            "ikonen-jussi,saarenpaa-samuli,ilu-timo",
        ],
    );
    assert!(
        said.contains("data/tournaments/2026/spring-open-2026.csv (3 players, 5 rounds"),
        "{said}"
    );
    assert!(said.contains("ratingbook pair "), "{said}");
    assert!(said.contains("ratingbook results add "), "{said}");
    let csv = std::fs::read_to_string(root.join("data/tournaments/2026/spring-open-2026.csv"));
    // FIDE's initial order, not the order typed: without ratings or titles,
    // by name (Ikonen, Ilu, Saarenpää).
    assert_eq!(
        csv.unwrap(),
        "no,player,rating,1,2,3,4,5\n1,ikonen-jussi,,,,,,\n2,ilu-timo,,,,,,\n3,saarenpaa-samuli,,,,,,\n"
    );
    // A round robin without players yet, named by --id.
    succeeds(
        root,
        &[
            "new",
            "tournament",
            "--name",
            "Club Championship",
            "--start",
            "2026-09-01",
            "--system",
            "round-robin",
            "--rounds",
            "3",
            "--id",
            "club-ch-2026",
        ],
    );
    assert!(root
        .join("data/tournaments/2026/club-ch-2026.toml")
        .is_file());
    let checked = succeeds(root, &["check"]);
    assert!(
        checked.contains("checked 3 players and 2 tournaments: 0 errors"),
        "{checked}"
    );
    let out = root.join("site");
    let built = Command::new(util::binary())
        .args(["build", "--root"])
        .arg(root)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(built.status.success(), "{}", stderr(&built));
    assert!(out.join("tournaments/spring-open-2026.html").is_file());
    assert!(out.join("players/saarenpaa-samuli.html").is_file());
}

#[test]
fn collisions_and_unknown_players_write_nothing() {
    let repo = tempfile::tempdir().unwrap();
    let root = repo.path();
    new_players(root);
    let before = files(root);

    let said = fails(root, &["new", "player", "Ikonen Jussi"]);
    assert!(
        said.contains(
            "error: player `ikonen-jussi` already exists: data/players/ikonen-jussi.toml"
        ),
        "{said}"
    );
    assert!(said.contains("--id ikonen-jussi-2"), "{said}");

    let said = fails(
        root,
        &[
            "new",
            "tournament",
            "--name",
            "Spring Open",
            "--start",
            "2026-04-11",
            "--system",
            "swiss",
            "--rounds",
            "5",
            "--players",
            "ikonen-jussi,ilu-timmo",
        ],
    );
    assert!(said.contains("error: unknown player `ilu-timmo`"), "{said}");
    assert!(said.contains("help: did you mean `ilu-timo`?"), "{said}");
    assert!(said.contains("nothing written"), "{said}");
    assert_eq!(files(root), before);

    // A bad --id is refused by the argument parser with a suggestion.
    let bad = run(root, &["new", "player", "X", "--id", "Ikonen_Jussi"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("ikonen-jussi"), "{}", stderr(&bad));

    // The same person twice: the second one by an explicit id.
    succeeds(
        root,
        &["new", "player", "Ikonen Jussi", "--id", "ikonen-jussi-2"],
    );
    let args = [
        "new",
        "tournament",
        "--name",
        "Autumn Cup",
        "--start",
        "2026-10-03",
        "--system",
        "round-robin",
        "--rounds",
        "3",
    ];
    succeeds(root, &args);
    let said = fails(root, &args);
    assert!(
        said.contains(
            "tournament `autumn-cup-2026` already exists: data/tournaments/2026/autumn-cup-2026.toml"
        ),
        "{said}"
    );
    assert!(said.contains("--id autumn-cup-2026-2"), "{said}");
    succeeds(root, &["check"]);
}

#[test]
fn the_maintainers_loop_new_pair_results_check_build() {
    let repo = tempfile::tempdir().unwrap();
    let root = repo.path();
    let event = new_swiss_of_four(root, "Spring Open");
    let paired = Command::new(util::binary())
        .arg("pair")
        .arg(&event)
        .arg("--root")
        .arg(root)
        .arg("--write")
        .output()
        .unwrap();
    assert!(paired.status.success(), "{}", stderr(&paired));
    // Round 1 as paired: read the boards back from the crosstable.
    let csv_path = event.with_extension("csv");
    let csv = std::fs::read_to_string(&csv_path).unwrap();
    let mut boards: Vec<(u32, u32)> = Vec::new();
    for line in csv.lines().skip(1) {
        let fields: Vec<&str> = line.split(',').collect();
        let no: u32 = fields[0].parse().unwrap();
        if let Some(opponent) = fields[3].strip_suffix(" w ?") {
            boards.push((no, opponent.parse().unwrap()));
        }
    }
    assert_eq!(boards.len(), 2, "{csv}");
    let round_file = root.join("round1.txt");
    let text = format!(
        "{} {} 1-0\n{} {} ½-½\n",
        boards[0].0, boards[0].1, boards[1].0, boards[1].1
    );
    std::fs::write(&round_file, text).unwrap();
    let entered = Command::new(util::binary())
        .args(["--message-format", "plain", "results", "add"])
        .arg(event.with_extension("toml"))
        .args(["--round", "1", "--from"])
        .arg(&round_file)
        .output()
        .unwrap();
    assert!(entered.status.success(), "{}", stderr(&entered));
    let echo = String::from_utf8_lossy(&entered.stdout);
    assert!(
        echo.starts_with("board 1: ")
            && echo.contains(", white) – ")
            && echo.contains(": 1-0, white wins\nboard 2: "),
        "{echo}"
    );
    assert!(echo.ends_with(": ½-½, draw\n"), "{echo}");
    assert!(!echo.contains('?'));
    let csv = std::fs::read_to_string(&csv_path).unwrap();
    assert!(csv.contains(&format!("{} w 1", boards[0].1)), "{csv}");
    assert!(!csv.contains('?'), "{csv}");
    succeeds(root, &["check"]);
    let built = Command::new(util::binary())
        .args(["build", "--root"])
        .arg(root)
        .output()
        .unwrap();
    assert!(built.status.success(), "{}", stderr(&built));
}

/// A handicap written with a pairing (`5 b ? h2`) stays when the result is
/// entered: `results add` writes `5 b 1 h2`, and the crosstable checks.
#[test]
fn results_add_keeps_a_handicap_written_with_the_pairing() {
    let repo = tempfile::tempdir().unwrap();
    let root = repo.path();
    let event = new_swiss_of_four(root, "Go Cup");
    succeeds(root, &["pair", event.to_str().unwrap(), "--write"]);
    let csv_path = event.with_extension("csv");
    let csv = std::fs::read_to_string(&csv_path).unwrap();
    // The first board: white's row says `<black> w ?`, black's `<white> b ?`.
    let mut board = None;
    for line in csv.lines().skip(1) {
        let fields: Vec<&str> = line.split(',').collect();
        if let Some(black) = fields[3].strip_suffix(" w ?") {
            board = Some((fields[0].to_string(), black.to_string()));
            break;
        }
    }
    let (white, black) = board.expect("a board");
    let edited = csv
        .replace(&format!(",{black} w ?"), &format!(",{black} w ? h2"))
        .replace(&format!(",{white} b ?"), &format!(",{white} b ? h2"));
    std::fs::write(&csv_path, &edited).unwrap();
    succeeds(root, &["check"]);
    let round_file = root.join("round1.txt");
    std::fs::write(&round_file, format!("{white} {black} 0-1\n")).unwrap();
    let entered = Command::new(util::binary())
        .args(["--message-format", "plain", "results", "add"])
        .arg(event.with_extension("toml"))
        .args(["--round", "1", "--from"])
        .arg(&round_file)
        .output()
        .unwrap();
    assert!(entered.status.success(), "{}", stderr(&entered));
    let csv = std::fs::read_to_string(&csv_path).unwrap();
    assert!(csv.contains(&format!(",{black} w 0 h2")), "{csv}");
    assert!(csv.contains(&format!(",{white} b 1 h2")), "{csv}");
    succeeds(root, &["check"]);
}

/// A new three-round Swiss tournament `name` starting 2026-04-11, with four
/// new players; its path without extension.
fn new_swiss_of_four(root: &Path, name: &str) -> PathBuf {
    new_players(root);
    succeeds(root, &["new", "player", "Pellikka Marko"]);
    let said = succeeds(
        root,
        &[
            "new",
            "tournament",
            "--name",
            name,
            "--start",
            "2026-04-11",
            "--system",
            "swiss",
            "--rounds",
            "3",
            "--players",
            "ikonen-jussi,saarenpaa-samuli,ilu-timo,pellikka-marko",
        ],
    );
    let slug = format!("{}-2026", name.to_lowercase().replace(' ', "-"));
    let event = root.join("data/tournaments/2026").join(slug);
    assert!(event.with_extension("toml").is_file(), "{said}");
    event
}

#[test]
fn new_player_and_results_add_do_not_write_through_links() {
    let repo = tempfile::tempdir().unwrap();
    let root = repo.path();
    util::copy_tree(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mini"),
        root,
    );
    let outside = tempfile::tempdir().unwrap();
    let planted = outside.path().join("planted.toml");
    std::os::unix::fs::symlink(&planted, root.join("data/players/virtanen-anna.toml")).unwrap();
    let said = fails(root, &["new", "player", "Virtanen Anna"]);
    assert!(
        said.contains(&format!(
            "data/players/virtanen-anna.toml is a symbolic link (to `{}`); ratingbook does not write through links: remove the link",
            planted.display()
        )),
        "{said}"
    );
    assert!(!planted.exists());
    // A crosstable that is a link to another file of the repository.
    let folder = root.join("data/tournaments/2005");
    std::fs::remove_file(folder.join("autumn-cup.csv")).unwrap();
    std::fs::write(
        root.join("kept.csv"),
        "no,player,1,2,3\n1,ikonen-jussi,2 w ?,,\n2,pellikka-marko,1 b ?,,\n3,saarenpaa-samuli,bye,,\n",
    )
    .unwrap();
    std::os::unix::fs::symlink("../../../kept.csv", folder.join("autumn-cup.csv")).unwrap();
    let kept = std::fs::read_to_string(root.join("kept.csv")).unwrap();
    let codes = root.join("codes.txt");
    std::fs::write(&codes, "1 2 1-0\n").unwrap();
    let output = Command::new(util::binary())
        .args(["--message-format", "plain", "results", "add"])
        .arg(folder.join("autumn-cup.toml"))
        .args(["--round", "1", "--from"])
        .arg(&codes)
        .output()
        .unwrap();
    let said = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{said}");
    assert!(
        said.contains("autumn-cup.csv is a symbolic link (to `../../../kept.csv`)"),
        "{said}"
    );
    assert_eq!(
        std::fs::read_to_string(root.join("kept.csv")).unwrap(),
        kept
    );
    assert!(std::fs::symlink_metadata(folder.join("autumn-cup.csv"))
        .unwrap()
        .is_symlink());
}
