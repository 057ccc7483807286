//! A player's start in a list (`[start.<list>]` in the player file), and
//! overlapping tournaments as each list's configuration says.

use crate::util::{copy_tree, edit, write};
use ratingbook::diagnostic::{Diagnostic, Severity};
use std::path::Path;

const MINI: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/mini");
const PELLIKKA: &str = "data/players/pellikka-marko.toml";

fn mini_repo() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(Path::new(MINI), dir.path());
    dir
}

fn diagnostics(root: &Path) -> Vec<Diagnostic> {
    ratingbook::check_repository(root).diagnostics
}

fn shown(found: &[Diagnostic], severity: Severity) -> Vec<String> {
    found
        .iter()
        .filter(|d| d.severity == severity)
        .map(|d| d.to_string())
        .collect()
}

fn append(root: &Path, file: &str, text: &str) {
    let before = std::fs::read_to_string(root.join(file)).unwrap();
    write(root, file, &format!("{before}{text}"));
}

/// Every start read, its values kept, and the list it names configured:
/// no problem at all.
#[test]
fn starts_in_the_association_list_and_a_pool_are_read() {
    let repo = mini_repo();
    write(
        repo.path(),
        "ratingbook.toml",
        "[pools.go]\nsystem = \"glicko2\"\n\n[pools.go.glicko2]\nperiod = \"month\"\n",
    );
    append(
        repo.path(),
        PELLIKKA,
        "\n[start.association]\nrating = 1850\ngames = 48\n\n\
         [start.go]\nrating = 1612.5\ndeviation = 80\nvolatility = 0.059\nas_of = 2004-12-01\n",
    );
    let checked = ratingbook::check_repository(repo.path());
    assert!(checked.diagnostics.is_empty(), "{:#?}", checked.diagnostics);
    let dataset = &checked.loaded.dataset;
    let player = &dataset.players[dataset.player_index("pellikka-marko").unwrap()];
    assert_eq!(player.starts.len(), 2);
    assert_eq!(player.starts[0].pool, None);
    assert_eq!(player.starts[0].rating, 1850.0);
    assert_eq!(player.starts[0].games, Some(48));
    assert_eq!(player.starts[1].pool.as_deref(), Some("go"));
    assert_eq!(player.starts[1].deviation, Some(80.0));
    assert_eq!(player.starts[1].volatility, Some(0.059));
    assert_eq!(player.starts[1].as_of.unwrap().to_string(), "2004-12-01");
    // The association's list: established at the start's rating from his first game.
    let ratings = ratingbook::rating::rate(dataset, &checked.loaded.config.rating);
    let index = dataset.player_index("pellikka-marko").unwrap();
    let first = ratings.history(index).next().unwrap();
    assert_eq!(first.rating_before, Some(1850));
}

/// Every wrong value of a start is reported at once, each at its line and
/// column with the fix.
#[test]
fn every_bad_start_value_at_once() {
    let repo = mini_repo();
    append(
        repo.path(),
        PELLIKKA,
        "\n[start.association]\nrating = \"high\"\ngames = -3\nk = 15\nas_of = \"2004-12-01\"\n",
    );
    let errors = shown(&diagnostics(repo.path()), Severity::Error);
    let expected = [
        "data/players/pellikka-marko.toml:5:10",
        "data/players/pellikka-marko.toml:6:9",
        "data/players/pellikka-marko.toml:7:5",
        "data/players/pellikka-marko.toml:8:9",
    ];
    assert_eq!(errors.len(), expected.len(), "{errors:#?}");
    for (error, at) in errors.iter().zip(expected) {
        assert!(
            error.starts_with(&format!("error: {at}: ")),
            "{error} is not at {at}"
        );
    }
    assert!(errors[0].contains("`rating = \"high\"` is not a number"));
    assert!(errors[1].contains("`games = -3` is not a number of games"));
    assert!(errors[2].contains("`k = 15` is not one of FIDE's K factors"));
}

/// A start naming no configured list is an error suggesting the nearest
/// name; a value the list's system does not read is a warning.
#[test]
fn a_start_names_a_configured_list_and_what_its_system_reads() {
    let repo = mini_repo();
    write(
        repo.path(),
        "ratingbook.toml",
        "[pools.fide-standard]\nsystem = \"fide\"\n",
    );
    append(
        repo.path(),
        PELLIKKA,
        "\n[start.fide-standart]\nrating = 2013\n\n[start.association]\nrating = 1900\ndeviation = 50\n",
    );
    let found = diagnostics(repo.path());
    let errors = shown(&found, Severity::Error);
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(
        errors[0].starts_with("error: data/players/pellikka-marko.toml:4:1: "),
        "{}",
        errors[0]
    );
    assert!(errors[0].contains("`[start.fide-standart]` names no rating list"));
    assert!(errors[0].contains("did you mean `[start.fide-standard]`"));
    let warnings = shown(&found, Severity::Warning);
    assert_eq!(warnings.len(), 1, "{warnings:#?}");
    assert!(
        warnings[0].starts_with("warning: data/players/pellikka-marko.toml:7:1: "),
        "{}",
        warnings[0]
    );
    assert!(warnings[0].contains("gives `deviation` which the association's system does not read"));
}

/// `[preset]` and `[start.association]` both say where a member starts: one must go.
#[test]
fn preset_and_association_start_together_are_an_error() {
    let repo = mini_repo();
    append(
        repo.path(),
        "data/players/ikonen-jussi.toml",
        "\n[start.association]\nrating = 2000\n",
    );
    let errors = shown(&diagnostics(repo.path()), Severity::Error);
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(errors[0].contains("both `[preset]` and `[start.association]`"));
}

/// Moves the autumn cup onto the last day of the spring open, which three
/// of its players also play.
fn overlap(root: &Path) {
    edit(
        root,
        "data/tournaments/2005/autumn-cup.toml",
        "start = 2005-10-01\nend = 2005-10-01",
        "start = 2005-04-03\nend = 2005-04-03",
    );
}

/// The association's rules rate one tournament after another: by default an
/// overlap is a warning that says how both are rated; `allow` says nothing.
#[test]
fn overlapping_tournaments_warn_in_the_association_list_by_default() {
    let repo = mini_repo();
    overlap(repo.path());
    let found = diagnostics(repo.path());
    assert!(shown(&found, Severity::Error).is_empty(), "{found:#?}");
    let warnings = shown(&found, Severity::Warning);
    assert_eq!(warnings.len(), 3, "{warnings:#?}");
    assert!(warnings[0].contains(
        "the association's rules rate one tournament after another, so both are rated, \
         `autumn-cup` from the ratings after `spring-open`"
    ));
    assert!(warnings[0].contains("overlapping = \"allow\""));
    write(
        repo.path(),
        "ratingbook.toml",
        "[rating]\noverlapping = \"allow\"\n",
    );
    assert!(diagnostics(repo.path()).is_empty());
}

/// A FIDE list allows overlapping tournaments by default (a league and a
/// weekend open inside it): both are rated, each on the list after it ends.
#[test]
fn overlapping_tournaments_of_a_fide_list_are_allowed_and_rated() {
    let repo = mini_repo();
    overlap(repo.path());
    write(
        repo.path(),
        "ratingbook.toml",
        "[pools.fide]\nsystem = \"fide\"\n",
    );
    for t in ["autumn-cup", "spring-open"] {
        append(
            repo.path(),
            &format!("data/tournaments/2005/{t}.toml"),
            "pool = \"fide\"\n",
        );
    }
    let checked = ratingbook::check_repository(repo.path());
    assert!(checked.diagnostics.is_empty(), "{:#?}", checked.diagnostics);
    let pools = ratingbook::rating::rate_pools(&checked.loaded.dataset, &checked.loaded.config);
    let rated: Vec<usize> = pools[0]
        .ratings
        .by_tournament
        .iter()
        .map(Vec::len)
        .collect();
    assert!(rated.iter().all(|&n| n > 0), "{rated:?}");
}
