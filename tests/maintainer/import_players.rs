//! `ratingbook import-players`: a member list creates and updates player
//! files, shown first, written only with `--write`, checked before. The
//! list (`tests/fixtures/members/members.csv`, see its README) is read
//! against the small repository; the expected files are written out by
//! hand.

use crate::util;

use std::path::Path;
use std::process::{Command, Output};

const MEMBERS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/members/members.csv"
);

/// The list's Finnish headers and membership words.
const MAPPING: [&str; 14] = [
    "--column",
    "name=Nimi",
    "--column",
    "membership=Jäsenlaji",
    "--column",
    "club=Seura",
    "--column",
    "country=Maa",
    "--column",
    "licence=Lisenssi",
    "--membership",
    "Jäsen=member",
    "--membership",
    "Kunniajäsen=honorary",
];

fn import(root: &Path, file: &str, extra: &[&str]) -> Output {
    Command::new(util::binary())
        .current_dir(root)
        .arg("import-players")
        .arg(file)
        .args(MAPPING)
        .args(extra)
        .output()
        .unwrap()
}

fn read(root: &Path, file: &str) -> String {
    std::fs::read_to_string(root.join(file)).unwrap()
}

/// Every player file's text, by path.
fn players(root: &Path) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = std::fs::read_dir(root.join("data/players"))
        .unwrap()
        .map(|e| {
            let path = e.unwrap().path();
            (
                path.display().to_string(),
                std::fs::read_to_string(&path).unwrap(),
            )
        })
        .collect();
    files.sort();
    files
}

#[test]
fn a_dry_run_shows_every_new_changed_and_unmatched_member_and_writes_nothing() {
    let dir = util::mini_repo();
    let root = dir.path().join("repo");
    let before = players(&root);
    let output = import(&root, MEMBERS, &[]);
    let stderr = util::stderr(&output);
    assert!(output.status.success(), "{stderr}");
    for wanted in [
        "     2  changed  ikonen-jussi (club:  -> Oulu; country:  -> FIN; licence:  -> 111)",
        "     3  changed  saarenpaa-samuli (membership: member -> honorary; club:  -> Helsinki; country:  -> FIN)",
        "     4  new      haikonen-kari",
        "     5  changed  ilu-timo (country:  -> EST)",
        "        unmatched pellikka-marko",
        "1 new, 3 changed, 0 unchanged, 1 unmatched",
        "nothing written",
    ] {
        assert!(stderr.contains(wanted), "{wanted:?} not in:\n{stderr}");
    }
    assert_eq!(players(&root), before);
}

#[test]
fn written_files_keep_the_rest_of_each_file_and_pass_check_and_build() {
    let dir = util::mini_repo();
    let root = dir.path().join("repo");
    let output = import(&root, MEMBERS, &["--write"]);
    assert!(output.status.success(), "{}", util::stderr(&output));
    assert_eq!(
        read(&root, "data/players/ikonen-jussi.toml"),
        "name = \"Ikonen Jussi\"\nmembership = \"member\"\nclub = \"Oulu\"\ncountry = \"FIN\"\nlicence = 111\n\n[preset]\nrating = 2000\ngames = 15\n"
    );
    assert_eq!(
        read(&root, "data/players/saarenpaa-samuli.toml"),
        "name = \"Saarenpää Samuli\"\nmembership = \"honorary\"\nclub = \"Helsinki\"\ncountry = \"FIN\"\n"
    );
    assert_eq!(
        read(&root, "data/players/haikonen-kari.toml"),
        "name = \"Haikonen Kari\"\nmembership = \"member\"\nclub = \"Tampere\"\ncountry = \"FIN\"\nlicence = 118\n"
    );
    assert_eq!(
        read(&root, "data/players/ilu-timo.toml"),
        "name = \"Ilu Timo\"\nmembership = \"rif\"\ninternational_rating = 2237\ncountry = \"EST\"\n"
    );
    assert_eq!(
        read(&root, "data/players/pellikka-marko.toml"),
        "name = \"Pellikka Marko\"\nmembership = \"member\"\n"
    );
    assert!(
        util::errors(&root).is_empty(),
        "{:?}",
        util::error_lines(&root)
    );
    let out = util::output_folder();
    util::build_site(&root, out.path());

    // The same list again changes nothing.
    let again = import(&root, MEMBERS, &[]);
    assert!(util::stderr(&again).contains("0 new, 0 changed, 4 unchanged, 1 unmatched"));
}

#[test]
fn every_row_that_cannot_be_read_is_named_and_nothing_is_written() {
    let dir = util::mini_repo();
    let root = dir.path().join("repo");
    let before = players(&root);
    let list = dir.path().join("broken.csv");
    let text = std::fs::read_to_string(MEMBERS)
        .unwrap()
        .replace("Haikonen Kari;Jäsen", "Haikonen Kari;Kannatusjäsen")
        .replace(";EST;", ";EST;abc");
    std::fs::write(&list, text).unwrap();
    let output = import(&root, list.to_str().unwrap(), &["--write"]);
    let stderr = util::stderr(&output);
    assert!(!output.status.success());
    for wanted in [
        "broken.csv:4: membership `Kannatusjäsen` is not member, honorary, rif or other",
        "broken.csv:5: licence `abc` is not a positive whole number",
        "nothing written",
    ] {
        assert!(stderr.contains(wanted), "{wanted:?} not in:\n{stderr}");
    }
    assert_eq!(players(&root), before);

    let output = Command::new(util::binary())
        .current_dir(&root)
        .args(["import-players", MEMBERS, "--column", "name=Name"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(util::stderr(&output).contains("no column `Name` for `name`"));
}
