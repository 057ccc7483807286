//! Runs `ratingbook handicaps` on the fixture surveys.

use crate::util;

use std::path::Path;
use std::process::{Command, Output};

const SEED: &str = "tests/fixtures/surveys/club-example.csv";
const SEED_GRADES: [&str; 8] = [
    "--grade",
    "go-aalto=2k",
    "--grade",
    "go-berg=3k",
    "--grade",
    "go-carlsson=11k",
    "--grade",
    "go-dahl=8k",
];

fn run(args: &[&str]) -> Output {
    // The fixture surveys name players without player files: read grades from
    // the command line only, with no data repository around them.
    let root: &[&str] = if args.first() == Some(&"handicaps") {
        &["--root", "tests/fixtures/surveys"]
    } else {
        &[]
    };
    Command::new(env!("CARGO_BIN_EXE_ratingbook"))
        .args(args)
        .args(root)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .output()
        .expect("run ratingbook")
}

/// Standard error with miette's wrapping and frame characters removed.
fn stderr(output: &Output) -> String {
    let text = String::from_utf8_lossy(&output.stderr).replace(['│', '×'], " ");
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).unwrap()
}

#[test]
fn seed_example_table() {
    let mut args = vec!["handicaps", SEED];
    args.extend(SEED_GRADES);
    let out = stdout(&run(&args));
    assert!(out.contains("Handicap survey club-example"), "{out}");
    assert!(out.contains("4 players, 12 of 12 opinions"), "{out}");
    let row = out.lines().find(|l| l.starts_with("go-aalto")).unwrap();
    let cells: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(
        cells,
        ["go-aalto", "2", "(2k)", "2.75", "(3k)", "+0.75", "2.75", "(3k)", "+0.75"]
    );
    let row = out.lines().find(|l| l.starts_with("go-carlsson")).unwrap();
    assert!(row.contains("10.38 (10k)"), "{row}");
    assert!(
        out.contains("MSE: original method 0.2422, least squares 0.2422"),
        "{out}"
    );
    // Columns are aligned: every table line has the header's "diff" column
    // ending at the same place.
    let header = out.lines().find(|l| l.starts_with("player")).unwrap();
    let end = header.find("diff").unwrap() + 4;
    for line in out.lines().filter(|l| l.starts_with("go-")) {
        assert!(line.as_bytes()[end - 1].is_ascii_digit(), "{line}");
        assert_eq!(line.as_bytes()[end], b' ', "{line}");
    }
}

#[test]
fn seed_example_suggestions_with_threshold() {
    let mut args = vec!["handicaps", SEED, "--threshold", "0.5"];
    args.extend(SEED_GRADES);
    let out = stdout(&run(&args));
    assert!(out.contains("demote 2k → 3k"), "{out}");
    assert!(out.contains("promote 11k → 10k"), "{out}");
    assert!(out.contains("|diff| >= 0.5"), "{out}");
}

#[test]
fn markdown_and_html_reports() {
    let mut args = vec!["handicaps", SEED, "--format", "markdown"];
    args.extend(SEED_GRADES);
    let md = stdout(&run(&args));
    assert!(md.starts_with("# Handicap survey club-example"), "{md}");
    assert!(
        md.contains("| go-berg | 3k | 3.00 (3k) | 0.00 | 3.00 (3k) | 0.00 |  |"),
        "{md}"
    );

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("survey.html");
    let file_arg = file.to_str().unwrap();
    let mut args = vec!["handicaps", SEED, "--format", "html", "--out", file_arg];
    args.extend(SEED_GRADES);
    let out = stdout(&run(&args));
    assert!(out.is_empty());
    let html = std::fs::read_to_string(&file).unwrap();
    assert!(
        html.contains("<title>Handicap survey club-example</title>"),
        "{html}"
    );
    assert!(html.contains("<tr id=\"go-dahl\">"), "{html}");
    assert!(html.contains("original method 0.2422"), "{html}");
}

#[test]
fn partial_survey_least_squares() {
    let out = stdout(&run(&[
        "handicaps",
        "tests/fixtures/surveys/partial.csv",
        "--grade",
        "go-aalto=1d",
        "--grade",
        "go-berg=1k",
        "--grade",
        "go-carlsson=8k",
        "--grade",
        "go-dahl=5k",
        "--grade",
        "go-eklund=12k",
        "--basis",
        "least-squares",
    ]));
    assert!(out.contains("5 players, 9 of 20 opinions"), "{out}");
    let row = out.lines().find(|l| l.starts_with("go-eklund")).unwrap();
    assert!(row.contains("12.00 (no opinions)"), "{row}");
    assert!(out.contains("Note: 11 of 20 opinions are missing"), "{out}");
    assert!(
        out.contains("Note: No opinions given or received: go-eklund"),
        "{out}"
    );
    assert!(
        out.contains("least-squares estimate where |diff| >= 1"),
        "{out}"
    );
}

#[test]
fn malformed_survey_is_a_precise_error() {
    let output = run(&[
        "handicaps",
        "tests/fixtures/surveys/absurd.csv",
        "--grade",
        "go-aalto=1k",
        "--grade",
        "go-berg=2k",
    ]);
    assert!(!output.status.success());
    let err = stderr(&output);
    assert!(
        err.contains("tests/fixtures/surveys/absurd.csv:2:3: handicap `40` is out of range (row `go-aalto`, column `go-berg`): at most 25 stones either way"),
        "{err}"
    );
    assert!(err.contains("not points or grades"), "{err}");
}

#[test]
fn missing_grade_and_bad_arguments() {
    let output = run(&["handicaps", SEED, "--grade", "go-aalto=2k"]);
    assert!(!output.status.success());
    let err = stderr(&output);
    assert!(
        err.contains("no nominal grade for go-berg, go-carlsson, go-dahl"),
        "{err}"
    );
    assert!(err.contains("--grade go-berg=3k"), "{err}");

    let output = run(&["handicaps", SEED, "--grade", "go-aalto=42k"]);
    assert!(!output.status.success());
    let err = stderr(&output);
    assert!(err.contains("`42k` is out of range"), "{err}");

    let output = run(&["handicaps", "tests/fixtures/surveys/nonexistent.csv"]);
    assert!(!output.status.success());
    let err = stderr(&output);
    assert!(
        err.contains("cannot read survey tests/fixtures/surveys/nonexistent.csv"),
        "{err}"
    );
}

#[test]
fn unused_grade_is_a_warning() {
    let mut args = vec!["handicaps", SEED, "--grade", "go-dal=8k"];
    args.extend(SEED_GRADES);
    let output = run(&args);
    assert!(output.status.success());
    let err = stderr(&output);
    assert!(
        err.contains("warning: --grade go-dal is not in the survey; did you mean go-dahl?"),
        "{err}"
    );
}

/// Surveys under data/surveys/ become site pages, with grades from the player files.
#[test]
fn surveys_are_published_on_the_site() {
    let dir = util::output_folder();
    util::build_site(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/go-club"),
        dir.path(),
    );
    let html = std::fs::read_to_string(dir.path().join("surveys/autumn-2026.html")).unwrap();
    assert!(html.contains("<td>Carlsson Cecilia</td>"), "{html}");
    assert!(html.contains("10.38 (10k)"), "{html}");
    assert!(html.contains("original method 0.2422"), "{html}");
    let md = std::fs::read_to_string(dir.path().join("surveys/autumn-2026.md")).unwrap();
    assert!(
        md.contains("| Aalto Aino | 2k | 2.75 (3k) | +0.75 |"),
        "{md}"
    );
    let index = std::fs::read_to_string(dir.path().join("surveys/index.html")).unwrap();
    assert!(
        index.contains("href=\"../surveys/autumn-2026.html\""),
        "{index}"
    );
}

/// A survey naming a player without a grade is a check error, with a fix.
#[test]
fn survey_players_need_grades() {
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/go-club");
    util::copy_tree(&root, dir.path());
    std::fs::write(
        dir.path().join("data/players/go-dahl.toml"),
        "name = \"Dahl Dag\"\nmembership = \"member\"\n",
    )
    .unwrap();
    let checked = ratingbook::check_repository(dir.path());
    let errors: Vec<String> = checked.diagnostics.iter().map(|d| d.to_string()).collect();
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(
        errors[0].contains("data/surveys/autumn-2026.csv:1: no nominal grade for go-dahl"),
        "{}",
        errors[0]
    );
    assert!(errors[0].contains("add `grade = \"...\"`"), "{}", errors[0]);
}

/// With `[grades] enabled`, player pages show the grade for the rating (2100 = 1d).
#[test]
fn player_pages_show_grades_for_ratings() {
    let config = ratingbook::config::GradesConfig {
        enabled: true,
        ..Default::default()
    };
    assert_eq!(config.grade_for_rating(2100.0).unwrap().to_string(), "1d");
    assert_eq!(config.grade_for_rating(2000.0).unwrap().to_string(), "1k");
    assert_eq!(config.grade_for_rating(2200.0).unwrap().to_string(), "2d");
    let dir = util::output_folder();
    util::build_site(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/go-club"),
        dir.path(),
    );
    let page = std::fs::read_to_string(dir.path().join("players/go-carlsson.html")).unwrap();
    assert!(page.contains("<dt>Grade</dt><dd>11k</dd>"), "{page}");
}
