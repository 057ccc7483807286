//! FIDE's published monthly rating list (TXT) read, and `import-fide-list`
//! starting the repository's players from it.

use crate::util::{self, copy_tree, write};
use ratingbook::files::fide_list::read_fide_list;
use std::path::Path;
use std::process::Command;

const LIST: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/fide-list/standard_sep24.txt"
);
const MINI: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/mini");

/// A list player's id, name, rating, K and line.
type Row<'a> = (u64, &'a str, Option<u32>, Option<u32>, usize);

/// The excerpt as written in FIDE's layout: the list's date from its rating
/// column (`SEP24`), each player's id, name, rating and K; a player without
/// a rating has none.
#[test]
fn a_fide_list_is_read_by_its_header() {
    let text = std::fs::read_to_string(LIST).unwrap();
    let list = read_fide_list(&text, Path::new("standard_sep24.txt")).unwrap();
    assert_eq!(list.date.unwrap().to_string(), "2024-09-01");
    let read: Vec<Row> = list
        .players
        .iter()
        .map(|p| (p.id, p.name.as_str(), p.rating, p.k, p.line))
        .collect();
    assert_eq!(
        read,
        [
            (90000011, "Virtanen, Aino", Some(1987), Some(20), 2),
            (90000022, "Korhonen, Pekka", Some(2310), Some(20), 3),
            (90000033, "Makinen, Ville", Some(2455), Some(10), 4),
            (90000044, "Lahtinen, Sara", None, None, 5),
            (90000055, "Niemi, Eero", Some(1620), Some(40), 6),
        ]
    );
}

/// A value out of its column is reported at its line and column, with
/// every other such value.
#[test]
fn a_shifted_line_is_reported_where_it_is() {
    let text = std::fs::read_to_string(LIST)
        .unwrap()
        .replace("2310  4", "23 10 4")
        .replace("90000055", "9000005x");
    let problems = read_fide_list(&text, Path::new("list.txt")).unwrap_err();
    let shown: Vec<String> = problems.iter().map(|d| d.to_string()).collect();
    assert_eq!(shown.len(), 2, "{shown:#?}");
    assert!(
        shown[0].starts_with("error: list.txt:3:114: the rating `23 10` is not a number"),
        "{}",
        shown[0]
    );
    assert!(
        shown[1].starts_with("error: list.txt:6:1: the FIDE id `9000005x` is not a number"),
        "{}",
        shown[1]
    );
}

fn ratingbook(root: &Path, extra: &[&str]) -> std::process::Output {
    Command::new(util::binary())
        .args(["import-fide-list", LIST, "--pool", "fide", "--root"])
        .arg(root)
        .args(extra)
        .output()
        .unwrap()
}

/// Players matched by `fide_id` get `[start.fide]` with the list's rating,
/// K and date, every other line of their files kept; `--dry-run` writes
/// nothing; players whose id is not on the list, or who have no rating on
/// it, are named and left alone.
#[test]
fn import_fide_list_starts_matched_players() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    copy_tree(Path::new(MINI), root);
    write(root, "ratingbook.toml", "[pools.fide]\nsystem = \"fide\"\n");
    let add = |file: &str, line: &str| {
        let path = root.join(format!("data/players/{file}.toml"));
        let text = std::fs::read_to_string(&path).unwrap();
        let (head, tail) = text.split_once('\n').unwrap();
        std::fs::write(&path, format!("{head}\n{line}\n{tail}")).unwrap();
    };
    add(
        "pellikka-marko",
        "fide_id = 90000022 # on the September list",
    );
    add("ilu-timo", "fide_id = 90000033");
    add("ikonen-jussi", "fide_id = 90000044");
    add("saarenpaa-samuli", "fide_id = 90000099");
    let pellikka = root.join("data/players/pellikka-marko.toml");
    let before = std::fs::read_to_string(&pellikka).unwrap();

    let dry = ratingbook(root, &["--dry-run"]);
    let said = util::stderr(&dry);
    assert!(dry.status.success(), "{said}");
    assert_eq!(std::fs::read_to_string(&pellikka).unwrap(), before);
    for line in [
        "pellikka-marko: 2310 on the list of 2024-09-01, K 20",
        "ilu-timo: 2455 on the list of 2024-09-01, K 10",
        "saarenpaa-samuli: fide_id not on the list; left as it is",
        "ikonen-jussi: on the list without a rating; left as it is",
        "would write data/players/pellikka-marko.toml",
    ] {
        assert!(said.contains(line), "{line} not in {said}");
    }

    let run = ratingbook(root, &[]);
    assert!(run.status.success(), "{}", util::stderr(&run));
    let after = std::fs::read_to_string(&pellikka).unwrap();
    assert!(after.starts_with(&before), "{after}");
    assert!(after.contains("fide_id = 90000022 # on the September list"));
    assert!(
        after.ends_with("\n[start.fide]\nrating = 2310\nk = 20\nas_of = 2024-09-01\n"),
        "{after}"
    );
    let checked = ratingbook::check_repository(root);
    assert!(checked.diagnostics.is_empty(), "{:#?}", checked.diagnostics);
    let ilu =
        &checked.loaded.dataset.players[checked.loaded.dataset.player_index("ilu-timo").unwrap()];
    assert_eq!(ilu.starts[0].rating, 2455.0);
    assert_eq!(ilu.starts[0].k, Some(10));
    // Imported again from the same list: the start is replaced, not repeated.
    let again = ratingbook(root, &[]);
    assert!(again.status.success(), "{}", util::stderr(&again));
    assert_eq!(std::fs::read_to_string(&pellikka).unwrap(), after);
}
