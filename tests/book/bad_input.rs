//! A corpus of broken data repositories, one problem each: every problem is
//! reported with file, line, column or field, and a fix; nothing panics; the
//! site is not touched.

use crate::util;

use crate::util::edit;

use ratingbook::diagnostic::Diagnostic;
use std::path::{Path, PathBuf};
use std::process::Command;

const MINI: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/mini");
const SPRING: &str = "data/tournaments/2005/spring-open";

fn mini_repo() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    util::copy_tree(Path::new(MINI), dir.path());
    dir
}

fn write(root: &Path, file: &str, content: &[u8]) {
    let path = root.join(file);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, content).unwrap();
}

fn errors(root: &Path) -> Vec<Diagnostic> {
    ratingbook::check_repository(root)
        .diagnostics
        .into_iter()
        .filter(Diagnostic::is_error)
        .collect()
}

/// Asserts there is exactly one error and it reads as expected.
fn expect_one(root: &Path, location: &str, message: &str, hint: &str) {
    let errors = errors(root);
    let shown: Vec<String> = errors.iter().map(|d| d.to_string()).collect();
    assert_eq!(errors.len(), 1, "expected one error, got {shown:#?}");
    let d = &errors[0];
    assert_eq!(d.location(), location, "{}", shown[0]);
    assert!(d.message.contains(message), "message: {}", shown[0]);
    assert!(
        d.hint.as_deref().unwrap_or("").contains(hint),
        "hint: {}",
        shown[0]
    );
}

#[test]
fn the_base_repository_is_clean() {
    let repo = mini_repo();
    assert!(errors(repo.path()).is_empty());
}

#[test]
fn unknown_player_suggests_the_closest_id() {
    let repo = mini_repo();
    edit(
        repo.path(),
        &format!("{SPRING}.csv"),
        "1,ikonen-jussi",
        "1,ikonen-jusi",
    );
    expect_one(
        repo.path(),
        "data/tournaments/2005/spring-open.csv:2:2",
        "unknown player `ikonen-jusi`",
        "did you mean `ikonen-jussi`?",
    );
}

#[test]
fn duplicate_start_numbers() {
    let repo = mini_repo();
    edit(
        repo.path(),
        "data/tournaments/2005/autumn-cup.csv",
        "3,saarenpaa",
        "2,saarenpaa",
    );
    let errors = errors(repo.path());
    assert!(errors
        .iter()
        .any(|d| d.message.contains("start number 2 is used twice")
            && d.location() == "data/tournaments/2005/autumn-cup.csv:4:1"));
}

#[test]
fn asymmetric_results() {
    let repo = mini_repo();
    edit(
        repo.path(),
        &format!("{SPRING}.csv"),
        "1 b 0,4 w 1",
        "1 b 1,4 w 1",
    );
    expect_one(
        repo.path(),
        "data/tournaments/2005/spring-open.csv:2:4",
        "1 scored `1` against 2, but 2 scored `1`",
        "results must complement each other",
    );
}

#[test]
fn equal_colours() {
    let repo = mini_repo();
    edit(
        repo.path(),
        &format!("{SPRING}.csv"),
        "1 b 0,4 w 1",
        "1 w 0,4 w 1",
    );
    expect_one(
        repo.path(),
        "data/tournaments/2005/spring-open.csv:2:4",
        "1 and 2 both have colour `w`",
        "one player has white",
    );
}

#[test]
fn colour_on_one_side_only() {
    let repo = mini_repo();
    edit(
        repo.path(),
        &format!("{SPRING}.csv"),
        "1 b 0,4 w 1",
        "1 0,4 w 1",
    );
    expect_one(
        repo.path(),
        "data/tournaments/2005/spring-open.csv:2:4",
        "written on one side only",
        "in both cells or in neither",
    );
}

#[test]
fn player_twice_in_a_round() {
    let repo = mini_repo();
    // Round 1: player 3 also claims to have played 2.
    edit(
        repo.path(),
        &format!("{SPRING}.csv"),
        "3,saarenpaa-samuli,,4 b 1",
        "3,saarenpaa-samuli,,2 b 1",
    );
    let errors = errors(repo.path());
    assert!(
        errors.iter().any(|d| d
            .message
            .contains("3 says they played 2, but row 2 says they played 1")),
        "{errors:#?}"
    );
}

#[test]
fn opponent_not_in_the_crosstable() {
    let repo = mini_repo();
    edit(
        repo.path(),
        &format!("{SPRING}.csv"),
        "2 w 1,3 b =",
        "9 w 1,3 b =",
    );
    let errors = errors(repo.path());
    assert!(errors.iter().any(
        |d| d.message.contains("opponent 9 is not in the crosstable")
            && d.location() == "data/tournaments/2005/spring-open.csv:2:4"
    ));
}

#[test]
fn impossible_date() {
    let repo = mini_repo();
    edit(
        repo.path(),
        &format!("{SPRING}.toml"),
        "start = 2005-04-02",
        "start = 2005-02-30",
    );
    let errors = errors(repo.path());
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(errors[0].file, PathBuf::from(format!("{SPRING}.toml")));
    assert_eq!(errors[0].line, Some(2));
}

#[test]
fn end_before_start() {
    let repo = mini_repo();
    edit(
        repo.path(),
        &format!("{SPRING}.toml"),
        "end = 2005-04-03",
        "end = 2005-04-01",
    );
    expect_one(
        repo.path(),
        "data/tournaments/2005/spring-open.toml:3:7",
        "ends (2005-04-01) before it starts (2005-04-02)",
        "end = start",
    );
}

#[test]
fn preset_rating_outside_the_allowed_set() {
    let repo = mini_repo();
    edit(
        repo.path(),
        "data/players/ikonen-jussi.toml",
        "rating = 2000",
        "rating = 2050",
    );
    expect_one(
        repo.path(),
        "data/players/ikonen-jussi.toml:5:10",
        "preset rating 2050 is not allowed",
        "1600, 1700, 1800, 1900, 2000",
    );
}

#[test]
fn preset_games_outside_the_allowed_set() {
    let repo = mini_repo();
    edit(
        repo.path(),
        "data/players/ikonen-jussi.toml",
        "games = 15",
        "games = 20",
    );
    expect_one(
        repo.path(),
        "data/players/ikonen-jussi.toml:6:9",
        "preset game count 20 is not allowed",
        "0, 5, 10, 15",
    );
}

#[test]
fn rounds_beyond_the_declared_count() {
    let repo = mini_repo();
    edit(
        repo.path(),
        &format!("{SPRING}.toml"),
        "rounds = 3",
        "rounds = 2",
    );
    expect_one(
        repo.path(),
        "data/tournaments/2005/spring-open.csv:1:6",
        "3 round columns but the tournament declares 2 rounds",
        "raise `rounds`",
    );
}

#[test]
fn an_empty_round_column_before_played_rounds() {
    let repo = mini_repo();
    // Round 2 emptied on every row; rounds 1 and 3 keep their games.
    write(
        repo.path(),
        &format!("{SPRING}.csv"),
        b"no,player,rating,1,2,3\n\
          1,ikonen-jussi,,2 w 1,,4 w 0\n\
          2,pellikka-marko,,1 b 0,,3 b 1\n\
          3,saarenpaa-samuli,,4 b 1,,2 w 0\n\
          4,ilu-timo,,3 w 0,,1 b 1\n",
    );
    expect_one(
        repo.path(),
        "data/tournaments/2005/spring-open.csv:2:5",
        "round 2: every cell is empty",
        "`Z` zero-point bye, `H` half-point bye, `F` full-point bye, `bye`",
    );
    // Empty last rounds of an event that is over (the Autumn Cup started after
    // it ended) would be published as absences too.
    write(
        repo.path(),
        &format!("{SPRING}.csv"),
        b"no,player,rating,1,2,3\n\
          1,ikonen-jussi,,2 w 1,3 b 0,\n\
          2,pellikka-marko,,1 b 0,4 w 1,\n\
          3,saarenpaa-samuli,,4 b 1,1 w 1,\n\
          4,ilu-timo,,3 w 0,2 b 0,\n",
    );
    expect_one(
        repo.path(),
        "data/tournaments/2005/spring-open.csv:2:6",
        "round 3: every cell is empty, though the tournament ended on 2005-04-03",
        "lower `rounds` in the tournament's metadata",
    );
    // In the newest event they are rounds not played yet: a warning, no error.
    std::fs::remove_file(repo.path().join("data/tournaments/2005/autumn-cup.csv")).unwrap();
    std::fs::remove_file(repo.path().join("data/tournaments/2005/autumn-cup.toml")).unwrap();
    let report = ratingbook::check_repository(repo.path());
    assert!(errors(repo.path()).is_empty(), "{:#?}", report.diagnostics);
    let warnings: Vec<String> = report.diagnostics.iter().map(|d| d.to_string()).collect();
    assert!(
        warnings
            .iter()
            .any(|w| w.contains("round 3 has no results yet")),
        "{warnings:#?}"
    );
    // So is a round where some players are absent and the others marked.
    write(
        repo.path(),
        &format!("{SPRING}.csv"),
        b"no,player,rating,1,2,3\n\
          1,ikonen-jussi,,2 w 1,Z,4 w 0\n\
          2,pellikka-marko,,1 b 0,,3 b 1\n\
          3,saarenpaa-samuli,,4 b 1,,2 w 0\n\
          4,ilu-timo,,3 w 0,,1 b 1\n",
    );
    assert!(errors(repo.path()).is_empty());
}

#[test]
fn malformed_cell() {
    let repo = mini_repo();
    edit(
        repo.path(),
        &format!("{SPRING}.csv"),
        "2 w 1,3 b =",
        "2 w x,3 b =",
    );
    expect_one(
        repo.path(),
        "data/tournaments/2005/spring-open.csv:2:4",
        "round 1: unknown result `x`",
        "1 (win), 0 (loss)",
    );
}

#[test]
fn ambiguous_cell() {
    let repo = mini_repo();
    edit(
        repo.path(),
        &format!("{SPRING}.csv"),
        "2 w 1,3 b =",
        "21,3 b =",
    );
    expect_one(
        repo.path(),
        "data/tournaments/2005/spring-open.csv:2:4",
        "ambiguous",
        "`12 1` or `12w1`",
    );
}

#[test]
fn invalid_utf8() {
    let repo = mini_repo();
    write(
        repo.path(),
        "data/players/pellikka-marko.toml",
        b"name = \"Pellikka \xff\"\nmembership = \"member\"\n",
    );
    expect_one(
        repo.path(),
        "data/players/pellikka-marko.toml:1:18",
        "not valid UTF-8",
        "save the file as UTF-8",
    );
}

/// Moves the autumn cup onto the last day of the spring open, which three
/// of its players also play.
fn move_autumn_cup_onto_spring_open(root: &Path) {
    edit(
        root,
        "data/tournaments/2005/autumn-cup.toml",
        "start = 2005-10-01\nend = 2005-10-01",
        "start = 2005-04-03\nend = 2005-04-03",
    );
}

/// The association's own list refuses overlapping tournaments when its
/// configuration says so (`[rating] overlapping = "refuse"`).
fn refuse_overlaps(root: &Path) {
    write(
        root,
        "ratingbook.toml",
        b"[rating]\noverlapping = \"refuse\"\n",
    );
}

#[test]
fn overlapping_tournaments() {
    let repo = mini_repo();
    move_autumn_cup_onto_spring_open(repo.path());
    refuse_overlaps(repo.path());
    let errors = errors(repo.path());
    assert_eq!(errors.len(), 3, "{errors:#?}");
    assert!(errors[0].message.contains("plays in `autumn-cup` (2005-04-03 to 2005-04-03) while also playing in `spring-open` (2005-04-02 to 2005-04-03)"));
}

#[test]
fn overlapping_tournaments_of_ids_without_a_player_file() {
    let repo = mini_repo();
    move_autumn_cup_onto_spring_open(repo.path());
    refuse_overlaps(repo.path());
    // Two ids without a file are still two players.
    for id in ["ikonen-jussi", "pellikka-marko"] {
        std::fs::remove_file(repo.path().join(format!("data/players/{id}.toml"))).unwrap();
    }
    let overlaps: Vec<String> = (errors(repo.path()).into_iter())
        .filter(|d| d.message.contains("while also playing in"))
        .map(|d| d.message)
        .collect();
    let expected: Vec<String> = ["ikonen-jussi", "pellikka-marko", "saarenpaa-samuli"]
        .iter()
        .map(|id| format!("`{id}` plays in `autumn-cup` (2005-04-03 to 2005-04-03) while also playing in `spring-open` (2005-04-02 to 2005-04-03)"))
        .collect();
    assert_eq!(overlaps, expected);
}

#[test]
fn bad_player_file_name() {
    let repo = mini_repo();
    std::fs::rename(
        repo.path().join("data/players/ilu-timo.toml"),
        repo.path().join("data/players/Ilu_Timo.toml"),
    )
    .unwrap();
    let errors = errors(repo.path());
    assert!(errors
        .iter()
        .any(|d| d.message.contains("invalid player id `Ilu_Timo`")
            && d.hint.as_deref() == Some("rename the file to `ilu-timo.toml`")));
}

#[test]
fn path_tricks_in_ids_are_rejected() {
    let repo = mini_repo();
    edit(
        repo.path(),
        &format!("{SPRING}.csv"),
        "4,ilu-timo",
        "4,../../etc/passwd",
    );
    let errors = errors(repo.path());
    assert!(errors
        .iter()
        .any(|d| d.message.contains("invalid player id `../../etc/passwd`")));
}

#[test]
fn unknown_membership() {
    let repo = mini_repo();
    edit(
        repo.path(),
        "data/players/ilu-timo.toml",
        "\"rif\"",
        "\"fide\"",
    );
    expect_one(
        repo.path(),
        "data/players/ilu-timo.toml:2:14",
        "unknown membership `fide`",
        "member, honorary, rif, other",
    );
}

#[test]
fn misspelt_field() {
    let repo = mini_repo();
    edit(
        repo.path(),
        "data/players/ilu-timo.toml",
        "membership",
        "memebership",
    );
    let errors = errors(repo.path());
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(errors[0].message.contains("unknown field `memebership`"));
    assert_eq!(errors[0].location(), "data/players/ilu-timo.toml:2:1");
    assert!(errors[0].hint.as_deref().unwrap().contains("spelling"));
}

#[test]
fn misspelt_field_suggests_the_closest_one() {
    let repo = mini_repo();
    edit(repo.path(), &format!("{SPRING}.toml"), "city", "ctiy");
    expect_one(
        repo.path(),
        "data/tournaments/2005/spring-open.toml:4:1",
        "unknown field `ctiy`",
        "check the spelling: did you mean `city`?",
    );
}

#[test]
fn a_rating_in_a_player_file_points_to_preset_or_international_rating() {
    let repo = mini_repo();
    edit(
        repo.path(),
        "data/players/ilu-timo.toml",
        "international_rating = 2237",
        "rating = 2237",
    );
    expect_one(
        repo.path(),
        "data/players/ilu-timo.toml:3:1",
        "unknown field `rating`",
        "for a new member's rating-pool start write `rating = …` under `[preset]` (one of 1600, 1700, 1800, 1900, 2000); for an international rating write `international_rating = 2237`",
    );
}

#[test]
fn preset_games_outside_the_preset_table() {
    let repo = mini_repo();
    edit(
        repo.path(),
        "data/players/pellikka-marko.toml",
        "membership = \"member\"",
        "membership = \"member\"\ngames = 10 # from the old list",
    );
    expect_one(
        repo.path(),
        "data/players/pellikka-marko.toml:3:1",
        "unknown field `games`",
        "preset games go under `[preset]`: write `games = 10` there (one of 0, 5, 10, 15)",
    );
}

#[test]
fn a_quoted_date_says_to_drop_the_quotes() {
    let repo = mini_repo();
    edit(
        repo.path(),
        &format!("{SPRING}.toml"),
        "start = 2005-04-02",
        "start = \"2005-04-02\"",
    );
    expect_one(
        repo.path(),
        "data/tournaments/2005/spring-open.toml:2:9",
        "`start` is a date in quotes",
        "write start = 2005-04-02 (no quotes)",
    );
    edit(
        repo.path(),
        &format!("{SPRING}.toml"),
        "start = \"2005-04-02\"",
        "start = 2005-04-02",
    );
    edit(
        repo.path(),
        &format!("{SPRING}.toml"),
        "end = 2005-04-03",
        "end = \"3.4.2005\"",
    );
    expect_one(
        repo.path(),
        "data/tournaments/2005/spring-open.toml:3:7",
        "`end` is the text \"3.4.2005\", not a date",
        "YYYY-MM-DD without quotes, e.g. end = 2003-09-20",
    );
}

/// Every error, as `location: message`.
fn located(root: &Path) -> Vec<String> {
    errors(root)
        .iter()
        .map(|d| format!("{}: {}", d.location(), d.message))
        .collect()
}

#[test]
fn metadata_and_crosstable_problems_are_reported_together() {
    let repo = mini_repo();
    // Unreadable metadata (a TOML type error) and a bad cell: both at once, the
    // crosstable read against the declared 3 rounds.
    edit(repo.path(), &format!("{SPRING}.toml"), "city", "ctiy");
    edit(
        repo.path(),
        &format!("{SPRING}.csv"),
        "2 w 1,3 b =",
        "2 w x,3 b =",
    );
    assert_eq!(
        located(repo.path()),
        [
            "data/tournaments/2005/spring-open.csv:2:4: round 1: unknown result `x`",
            "data/tournaments/2005/spring-open.toml:4:1: unknown field `ctiy`, expected one of `name`, `start`, `end`, `city`, `system`, `acceleration`, `rounds`, `rated`, `time_control`, `rules`, `base_k`, `sequence`, `illustrative`, `note`, `pool`, `tiebreaks`, `language`, `late_entry_bye`, `withdrawal`, `forbidden`, `manual_pairing`",
        ]
    );
    // The declared round count still applies to the crosstable.
    edit(
        repo.path(),
        &format!("{SPRING}.toml"),
        "rounds = 3",
        "rounds = 2",
    );
    let shown = located(repo.path());
    assert_eq!(shown.len(), 2, "{shown:#?}");
    assert_eq!(
        shown[0],
        "data/tournaments/2005/spring-open.csv:1:6: the crosstable has 3 round columns but the tournament declares 2 rounds"
    );
}

/// Breaks the spring open four ways: an unknown field (`rouns`), a date in
/// quotes, results that do not complement each other and an unknown player.
fn spring_open_broken_four_ways(root: &Path) {
    edit(root, &format!("{SPRING}.toml"), "rounds = 3", "rouns = 3");
    edit(
        root,
        &format!("{SPRING}.toml"),
        "start = 2005-04-02",
        "start = \"2005-04-02\"",
    );
    edit(root, &format!("{SPRING}.csv"), "2 w 1,3 b =", "2 w =,3 b =");
    edit(
        root,
        &format!("{SPRING}.csv"),
        "3,saarenpaa-samuli",
        "3,saarenpaa-samul",
    );
}

#[test]
fn metadata_errors_hide_none_of_the_crosstables() {
    let repo = mini_repo();
    spring_open_broken_four_ways(repo.path());
    let errors = errors(repo.path());
    let shown: Vec<String> = errors
        .iter()
        .map(|d| format!("{}: {}", d.location(), d.message))
        .collect();
    assert_eq!(
        shown,
        [
            "data/tournaments/2005/spring-open.csv:2:4: round 1: 1 scored `½` against 2, but 2 scored `0`",
            "data/tournaments/2005/spring-open.csv:4:2: unknown player `saarenpaa-samul`",
            "data/tournaments/2005/spring-open.toml:2:9: `start` is a date in quotes, which TOML reads as text",
            "data/tournaments/2005/spring-open.toml:6:1: unknown field `rouns`, expected one of `name`, `start`, `end`, `city`, `system`, `acceleration`, `rounds`, `rated`, `time_control`, `rules`, `base_k`, `sequence`, `illustrative`, `note`, `pool`, `tiebreaks`, `language`, `late_entry_bye`, `withdrawal`, `forbidden`, `manual_pairing`",
        ]
    );
    assert_eq!(
        errors[1].hint.as_deref(),
        Some("did you mean `saarenpaa-samuli`?")
    );
    assert_eq!(
        errors[3].hint.as_deref(),
        Some("check the spelling: did you mean `rounds`?")
    );
}

#[test]
fn every_field_of_a_metadata_file_is_reported_not_only_the_first() {
    let repo = mini_repo();
    edit(repo.path(), &format!("{SPRING}.toml"), "city", "ctiy");
    edit(
        repo.path(),
        &format!("{SPRING}.toml"),
        "\"swiss\"",
        "\"swis\"",
    );
    edit(
        repo.path(),
        &format!("{SPRING}.toml"),
        "rounds = 3",
        "rounds = \"3\"",
    );
    let shown = located(repo.path());
    let at: Vec<&str> = shown
        .iter()
        .map(|s| s.split(": ").next().unwrap())
        .collect();
    assert_eq!(
        at,
        [
            "data/tournaments/2005/spring-open.toml:4:1",
            "data/tournaments/2005/spring-open.toml:5:10",
            "data/tournaments/2005/spring-open.toml:6:10",
        ],
        "{shown:#?}"
    );
    assert!(
        shown[1].ends_with("unknown value `swis`, expected `swiss` or `round-robin`"),
        "{shown:#?}"
    );
}

fn check_summary(root: &Path) -> String {
    let out = Command::new(util::binary())
        .args(["check", "--root"])
        .arg(root)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    stderr.lines().last().unwrap_or_default().to_string()
}

#[test]
fn the_check_summary_counts_what_it_read_in_words() {
    let repo = mini_repo();
    spring_open_broken_four_ways(repo.path());
    assert_eq!(
        check_summary(repo.path()),
        "checked 4 players and 2 tournaments: 4 errors, 0 warnings"
    );
    let repo = mini_repo();
    for file in ["autumn-cup.toml", "autumn-cup.csv"] {
        std::fs::remove_file(repo.path().join("data/tournaments/2005").join(file)).unwrap();
    }
    edit(
        repo.path(),
        &format!("{SPRING}.toml"),
        "rounds = 3",
        "rouns = 3",
    );
    edit(
        repo.path(),
        "data/players/ikonen-jussi.toml",
        "membership = \"member\"",
        "membership = \"rif\"",
    );
    edit(
        repo.path(),
        "data/players/pellikka-marko.toml",
        "membership = \"member\"",
        "membership = \"membr\"",
    );
    assert_eq!(
        check_summary(repo.path()),
        "checked 4 players and 1 tournament: 2 errors, 0 warnings"
    );
    edit(
        repo.path(),
        &format!("{SPRING}.toml"),
        "rouns = 3",
        "rounds = 3",
    );
    assert_eq!(
        check_summary(repo.path()),
        "checked 4 players and 1 tournament: 1 error, 1 warning"
    );
}

#[test]
fn an_unknown_membership_suggests_the_closest() {
    let repo = mini_repo();
    edit(
        repo.path(),
        "data/players/pellikka-marko.toml",
        "membership = \"member\"",
        "membership = \"membr\"",
    );
    expect_one(
        repo.path(),
        "data/players/pellikka-marko.toml:2:14",
        "unknown membership `membr`",
        "did you mean `member`? use one of: member, honorary, rif, other",
    );
}

#[test]
fn a_crosstable_is_read_by_its_header_when_rounds_cannot_be_read() {
    let repo = mini_repo();
    edit(
        repo.path(),
        &format!("{SPRING}.toml"),
        "rounds = 3",
        "rounds = \"3\"",
    );
    edit(
        repo.path(),
        &format!("{SPRING}.csv"),
        "4,ilu-timo,,3 w 0",
        "four,ilu-timo,,3 w 0",
    );
    let shown = located(repo.path());
    assert_eq!(shown.len(), 2, "{shown:#?}");
    assert_eq!(
        shown[0],
        "data/tournaments/2005/spring-open.csv:5:1: start number `four` is not a positive integer"
    );
    assert!(
        shown[1]
            .starts_with("data/tournaments/2005/spring-open.toml:6:10: invalid type: string \"3\""),
        "{shown:#?}"
    );
    // Metadata without a usable date, and a crosstable with a bad cell.
    edit(
        repo.path(),
        &format!("{SPRING}.toml"),
        "rounds = \"3\"",
        "rounds = 3",
    );
    edit(
        repo.path(),
        &format!("{SPRING}.toml"),
        "start = 2005-04-02",
        "start = \"2005-04-02\"",
    );
    let shown = located(repo.path());
    assert_eq!(shown.len(), 2, "{shown:#?}");
    assert!(shown[1]
        .starts_with("data/tournaments/2005/spring-open.toml:2:9: `start` is a date in quotes"));
}

#[test]
fn missing_crosstable() {
    let repo = mini_repo();
    std::fs::remove_file(repo.path().join("data/tournaments/2005/autumn-cup.csv")).unwrap();
    expect_one(
        repo.path(),
        "data/tournaments/2005/autumn-cup.toml",
        "the tournament has no crosstable",
        "autumn-cup.csv",
    );
}

#[test]
fn player_twice_in_a_tournament() {
    let repo = mini_repo();
    edit(
        repo.path(),
        "data/tournaments/2005/autumn-cup.csv",
        "3,saarenpaa-samuli",
        "3,ikonen-jussi",
    );
    let errors = errors(repo.path());
    assert!(errors.iter().any(|d| d
        .message
        .contains("player `ikonen-jussi` appears twice (also on line 2)")));
}

#[test]
fn wrong_field_count() {
    let repo = mini_repo();
    edit(repo.path(), &format!("{SPRING}.csv"), "4 w 0\n", "4 w 0,\n");
    let errors = errors(repo.path());
    assert!(errors.iter().any(|d| d
        .message
        .contains("the row has 7 fields but the header has 6")
        && d.line == Some(2)));
}

#[test]
fn tournament_in_the_wrong_year_folder() {
    let repo = mini_repo();
    edit(
        repo.path(),
        &format!("{SPRING}.toml"),
        "start = 2005-04-02\nend = 2005-04-03",
        "start = 2006-04-02\nend = 2006-04-03",
    );
    let errors = errors(repo.path());
    assert!(errors
        .iter()
        .any(|d| d.message.contains("starts in 2006 but is in folder `2005`")));
}

#[test]
fn a_failed_build_leaves_the_site_untouched() {
    let repo = mini_repo();
    let site = repo.path().join("site");
    let ok = Command::new(util::binary())
        .args(["build", "--root"])
        .arg(repo.path())
        .output()
        .unwrap();
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    let before = snapshot(&site);
    edit(
        repo.path(),
        &format!("{SPRING}.csv"),
        "1,ikonen-jussi",
        "1,ikonen-jusi",
    );
    let failed = Command::new(util::binary())
        .args(["build", "--root"])
        .arg(repo.path())
        .output()
        .unwrap();
    assert_eq!(failed.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&failed.stderr);
    assert!(
        stderr.contains(
            "error: data/tournaments/2005/spring-open.csv:2:2: unknown player `ikonen-jusi`"
        ),
        "{stderr}"
    );
    assert!(
        stderr.contains("help: did you mean `ikonen-jussi`?"),
        "{stderr}"
    );
    assert!(stderr.contains("site not changed"), "{stderr}");
    assert_eq!(snapshot(&site), before);
}

#[test]
fn a_broken_template_names_itself_and_writes_nothing() {
    let repo = mini_repo();
    write(repo.path(), "templates/html/player.html", b"{% extends \"html/base.html\" %}\n{% block content %}\n{{ player.name \n{% endblock content %}\n");
    let out = Command::new(util::binary())
        .args(["build", "--root"])
        .arg(repo.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("html/player.html"), "{stderr}");
    assert!(!repo.path().join("site").exists());
}

#[test]
fn check_reports_every_problem_and_fails() {
    let repo = mini_repo();
    edit(
        repo.path(),
        &format!("{SPRING}.csv"),
        "1,ikonen-jussi",
        "1,ikonen-jusi",
    );
    edit(
        repo.path(),
        "data/players/ikonen-jussi.toml",
        "games = 15",
        "games = 3",
    );
    let out = Command::new(util::binary())
        .args(["check", "--root"])
        .arg(repo.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("unknown player `ikonen-jusi`"), "{stderr}");
    assert!(
        stderr.contains("preset game count 3 is not allowed"),
        "{stderr}"
    );
    assert!(stderr.contains("2 errors, 0 warnings"), "{stderr}");
}

fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>, std::time::SystemTime)> {
    let mut out = Vec::new();
    for entry in walkdir::WalkDir::new(dir).sort_by_file_name() {
        let entry = entry.unwrap();
        if entry.file_type().is_file() {
            let meta = entry.metadata().unwrap();
            out.push((
                entry.path().to_path_buf(),
                std::fs::read(entry.path()).unwrap(),
                meta.modified().unwrap(),
            ));
        }
    }
    out
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// Arbitrary bytes in a player file, a crosstable or tournament metadata never panic.
    #[test]
    fn arbitrary_files_never_panic(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..300), which in 0usize..3) {
        let repo = mini_repo();
        let file = ["data/players/ilu-timo.toml", "data/tournaments/2005/spring-open.csv", "data/tournaments/2005/spring-open.toml"][which];
        write(repo.path(), file, &bytes);
        let _ = ratingbook::check_repository(repo.path());
    }

    /// Crosstables made of plausible tokens never panic and always name a line.
    #[test]
    fn plausible_crosstables_never_panic(cells in proptest::collection::vec("(|[0-9]{1,2} ?[wb]? ?[10=+-]|bye|H|x|,)", 0..40)) {
        let repo = mini_repo();
        let mut text = String::from("no,player,rating,1,2,3\n");
        for (i, chunk) in cells.chunks(3).enumerate() {
            let ids = ["ikonen-jussi", "pellikka-marko", "saarenpaa-samuli", "ilu-timo"];
            text.push_str(&format!("{},{},,{}\n", i + 1, ids[i % 4], chunk.join(",")));
        }
        write(repo.path(), "data/tournaments/2005/spring-open.csv", text.as_bytes());
        let checked = ratingbook::check_repository(repo.path());
        for d in checked.diagnostics.iter().filter(|d| d.file.extension().is_some_and(|e| e == "csv")) {
            proptest::prop_assert!(d.line.is_some(), "{}", d);
        }
    }
}

#[test]
fn unknown_system_lists_the_values_and_suggests_one() {
    let repo = mini_repo();
    edit(
        repo.path(),
        &format!("{SPRING}.toml"),
        "\"swiss\"",
        "\"swis\"",
    );
    expect_one(
        repo.path(),
        "data/tournaments/2005/spring-open.toml:5:10",
        "unknown value `swis`, expected `swiss` or `round-robin`",
        "did you mean `swiss`?",
    );
}

#[test]
fn a_birth_year_out_of_range_is_reported_at_its_place() {
    let repo = mini_repo();
    write(
        repo.path(),
        "data/players/ikonen-jussi.toml",
        b"name = \"Ikonen Jussi\"\nmembership = \"member\"\nbirth_year = 1899\n",
    );
    expect_one(
        repo.path(),
        "data/players/ikonen-jussi.toml:3:14",
        "birth year 1899 is out of range",
        "give the year of birth, 1900 to",
    );
}

#[test]
fn a_birth_date_outside_its_birth_year_is_reported_at_its_place() {
    let repo = mini_repo();
    write(
        repo.path(),
        "data/players/ikonen-jussi.toml",
        b"name = \"Ikonen Jussi\"\nmembership = \"member\"\nbirth_year = 1964\nbirth_date = 1965-03-12\n",
    );
    expect_one(
        repo.path(),
        "data/players/ikonen-jussi.toml:4:14",
        "birth date 1965-03-12 is not in birth year 1964",
        "make birth_year and birth_date agree",
    );
}

#[test]
fn a_birth_date_written_as_text_is_reported_at_its_place() {
    let repo = mini_repo();
    write(
        repo.path(),
        "data/players/ikonen-jussi.toml",
        b"name = \"Ikonen Jussi\"\nmembership = \"member\"\nbirth_date = \"12.03.1965\"\n",
    );
    let errors = errors(repo.path());
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(errors[0].location(), "data/players/ikonen-jussi.toml:3:14");
    assert!(
        errors[0].to_string().contains("birth_date"),
        "{}",
        errors[0]
    );
}

#[test]
fn a_rank_that_is_not_a_number_is_reported_at_its_place() {
    let repo = mini_repo();
    let csv = format!("{SPRING}.csv");
    edit(
        repo.path(),
        &csv,
        "no,player,rating,1,2,3",
        "no,player,rating,rank,1,2,3",
    );
    let text = std::fs::read_to_string(repo.path().join(&csv)).unwrap();
    let ranked: String = text
        .lines()
        .enumerate()
        .map(|(i, line)| match (i, line.split_once(",,")) {
            (0, _) | (_, None) => format!("{line}\n"),
            (1, Some((head, tail))) => format!("{head},,first,{tail}\n"),
            (_, Some((head, tail))) => format!("{head},,{i},{tail}\n"),
        })
        .collect();
    write(repo.path(), &csv, ranked.as_bytes());
    expect_one(
        repo.path(),
        "data/tournaments/2005/spring-open.csv:2:4",
        "rank `first` is not a rank",
        "give the final rank",
    );
    // With numbers the same file is clean, and the ranks are read.
    write(
        repo.path(),
        &csv,
        ranked.replace(",,first,", ",,1,").as_bytes(),
    );
    assert!(errors(repo.path()).is_empty(), "{:#?}", errors(repo.path()));
    let checked = ratingbook::check_repository(repo.path());
    let spring = checked
        .loaded
        .dataset
        .tournaments
        .iter()
        .find(|t| t.id.as_str() == "spring-open")
        .unwrap();
    let ranks: Vec<Option<u32>> = spring.entries.iter().map(|e| e.rank).collect();
    assert_eq!(ranks[..2], [Some(1), Some(2)]);
}

#[test]
fn a_sex_other_than_m_or_w_is_reported_at_its_place() {
    let repo = mini_repo();
    write(
        repo.path(),
        "data/players/ikonen-jussi.toml",
        b"name = \"Ikonen Jussi\"\nmembership = \"member\"\nsex = \"f\"\n",
    );
    expect_one(
        repo.path(),
        "data/players/ikonen-jussi.toml:3:7",
        "`f` is not a sex",
        "write `m` or `w` (FIDE's TRF letters)",
    );
}

/// Birth year, birth date and sex are personal data: recorded, checked, and
/// never published. A site built with them is byte for byte the site built without.
#[test]
fn personal_data_never_reaches_the_site() {
    let plain = mini_repo();
    let personal = mini_repo();
    util::edit(
        personal.path(),
        "data/players/ikonen-jussi.toml",
        "membership = \"member\"",
        "membership = \"member\"\nbirth_year = 1923\nbirth_date = 1923-04-13\nsex = \"m\"",
    );
    assert!(errors(personal.path()).is_empty());
    let files = |dir: &Path| -> Vec<(std::path::PathBuf, Vec<u8>)> {
        let out = dir.join("site-out");
        util::build_site(dir, &out);
        walkdir::WalkDir::new(&out)
            .sort_by_file_name()
            .into_iter()
            .map(Result::unwrap)
            .filter(|e| e.file_type().is_file())
            .map(|e| {
                (
                    e.path().strip_prefix(&out).unwrap().to_path_buf(),
                    std::fs::read(e.path()).unwrap(),
                )
            })
            .collect()
    };
    let with = files(personal.path());
    assert!(!with.is_empty());
    for (path, bytes) in &with {
        let text = String::from_utf8_lossy(bytes);
        assert!(
            !text.contains("1923"),
            "{} shows the birth year",
            path.display()
        );
    }
    assert_eq!(with, files(plain.path()));
}

#[test]
fn category_lists_need_personal_data_to_be_published() {
    let repo = mini_repo();
    write(
        repo.path(),
        "ratingbook.toml",
        b"[lists]\ncategories = [\"junior\"]\n",
    );
    let errors = errors(repo.path());
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(
        errors[0]
            .to_string()
            .contains("publish_personal_data = true"),
        "{}",
        errors[0]
    );
}

#[test]
fn a_trf_edition_other_than_16_or_2026_is_reported_at_its_place() {
    let repo = mini_repo();
    write(
        repo.path(),
        "ratingbook.toml",
        b"[output]\ntrf_version = 2025\n",
    );
    let errors = errors(repo.path());
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(
        errors[0]
            .to_string()
            .contains("2025 is not a TRF edition; write 16 or 2026"),
        "{}",
        errors[0]
    );
    assert!(
        errors[0].location().starts_with("ratingbook.toml:2"),
        "{}",
        errors[0]
    );
}

/// `[output] trf_version = 2026` publishes the `.trf` downloads in TRF-2026.
#[test]
fn the_trf_downloads_follow_the_configured_edition() {
    let repo = mini_repo();
    write(
        repo.path(),
        "ratingbook.toml",
        b"[output]\ntrf_version = 2026\n",
    );
    assert!(errors(repo.path()).is_empty());
    let out = repo.path().join("site-out");
    util::build_site(repo.path(), &out);
    let text = std::fs::read_to_string(out.join("tournaments/spring-open.trf")).unwrap();
    let doc = trf::parse(&text).unwrap();
    assert_eq!(doc.version(), trf::Version::Trf2026, "{text}");
    assert!(text.lines().any(|l| l == "142 3"), "{text}");
    assert!(!text.contains("XXR"), "{text}");
}

/// A handicap is `h` and 0–9 stones after the result; more stones are an
/// error at the cell, with the way to write it.
#[test]
fn handicap_out_of_range() {
    let repo = mini_repo();
    edit(
        repo.path(),
        &format!("{SPRING}.csv"),
        "1,ikonen-jussi,,2 w 1,",
        "1,ikonen-jussi,,2 w 1 h12,",
    );
    expect_one(
        repo.path(),
        &format!("{SPRING}.csv:2:4"),
        "handicap of 12 stones is more than 9",
        "`12 b 1 h3`",
    );
}

/// A handicap written that is not a number of stones.
#[test]
fn handicap_not_a_number() {
    let repo = mini_repo();
    edit(
        repo.path(),
        &format!("{SPRING}.csv"),
        "1,ikonen-jussi,,2 w 1,",
        "1,ikonen-jussi,,2 w 1 hx,",
    );
    expect_one(
        repo.path(),
        &format!("{SPRING}.csv:2:4"),
        "handicap `hx` is not `h` and a number of stones",
        "0 to 9",
    );
}

/// The two cells of a handicap game must give the same stones.
#[test]
fn handicap_on_one_side_only() {
    let repo = mini_repo();
    edit(
        repo.path(),
        &format!("{SPRING}.csv"),
        "1,ikonen-jussi,,2 w 1,",
        "1,ikonen-jussi,,2 w 1 h2,",
    );
    expect_one(
        repo.path(),
        &format!("{SPRING}.csv:2:4"),
        "1 has a handicap of 2 against 2, but 2 has 0",
        "write the same handicap in both cells",
    );
}

/// A handicap game needs its colours: black received the stones.
#[test]
fn handicap_without_colours() {
    let repo = mini_repo();
    edit(
        repo.path(),
        &format!("{SPRING}.csv"),
        "1,ikonen-jussi,,2 w 1,",
        "1,ikonen-jussi,,2 1 h2,",
    );
    edit(
        repo.path(),
        &format!("{SPRING}.csv"),
        "2,pellikka-marko,,1 b 0,",
        "2,pellikka-marko,,1 0 h2,",
    );
    expect_one(
        repo.path(),
        &format!("{SPRING}.csv:2:4"),
        "has a handicap of 2 but no colours",
        "the player with black (b) received the stones",
    );
}

/// A handicap on a bye is an error at its cell.
#[test]
fn handicap_on_a_bye() {
    let repo = mini_repo();
    edit(
        repo.path(),
        &format!("{SPRING}.csv"),
        "4,ilu-timo,,3 w 0,2 b 0,1 b 1",
        "4,ilu-timo,,3 w 0,2 b 0,1 b 1\n5,ikonen-jussi,,bye h2,,",
    );
    let errors = errors(repo.path());
    assert!(
        errors
            .iter()
            .any(|d| d.message.contains("has a handicap but no game")
                && d.location() == format!("{SPRING}.csv:6:4")
                && d.hint
                    .as_deref()
                    .unwrap_or("")
                    .contains("remove it from byes")),
        "{errors:#?}"
    );
}
