//! An imported TRF file keeps the file's view: memberships by federation,
//! the file's final ranks shown where they differ from ours, "not rated"
//! said plainly when no game counts, and an export ranking players as the
//! published standings do.
//!
//! The file (2 rounds, 4 players):
//!
//! ```text
//! no  fed  rating  R1       R2       pts  file's rank
//! 1   FIN  2000    2 w 1    3 b =    1½   2
//! 2   FIN  1900    1 b 0    4 w 1    1    3
//! 3   SWE  2100    4 w 1    1 w =    1½   1
//! 4   EST  1800    3 b 0    2 b 0    0    4
//! ```
//!
//! Our default chain (BH-C1ᵛ, BH-C2ᵛ, SBᵛ, GS; no unplayed round): 1 and 3
//! tie on 1½. BH-C1: 1's opponents 2 (1) and 3 (1½) → 1½; 3's 4 (0) and 1
//! (1½) → 1½. BH-C2: 0 and 0. SB: 1 beat 2 (1) and drew 3 (¾) → 1¾; 3 beat
//! 4 (0) and drew 1 (¾) → ¾. So 1 is first and 3 second: the file's rank
//! of 1 (2) differs from ours, and the export writes 1, 3, 2, 4 in start
//! order as 1st, 2nd, 3rd and 4th: ranks 1, 3, 2, 4.

use crate::util;
use ratingbook::model::Membership;
use ratingbook::tournament::trf_exchange::{import_trf, ImportOptions};
use std::process::Command;

/// One TRF-16 player line.
fn line(
    no: u32,
    name: &str,
    rating: u32,
    fed: &str,
    points: &str,
    rank: u32,
    rounds: &[&str],
) -> String {
    let blocks: String = rounds.iter().map(|r| format!("  {r}")).collect();
    format!(
        "001 {no:>4}      {name:<33} {rating:>4} {fed:<3} {:>11} {:>10} {points:>4} {rank:>4}{blocks}",
        "", ""
    )
}

fn file() -> String {
    [
        "012 Ranks Open".to_string(),
        "042 2025/03/01".to_string(),
        "052 2025/03/01".to_string(),
        "092 Individual: Swiss-System".to_string(),
        line(
            1,
            "Aho, Aino",
            2000,
            "FIN",
            "1.5",
            2,
            &["0002 w 1", "0003 b ="],
        ),
        line(
            2,
            "Berg, Bo",
            1900,
            "FIN",
            "1.0",
            3,
            &["0001 b 0", "0004 w 1"],
        ),
        line(
            3,
            "Carlsson, Cai",
            2100,
            "SWE",
            "1.5",
            1,
            &["0004 w 1", "0001 w ="],
        ),
        line(
            4,
            "Dorn, Dan",
            1800,
            "EST",
            "0.0",
            4,
            &["0003 b 0", "0002 b 0"],
        ),
        "XXR 2".to_string(),
    ]
    .join("\n")
        + "\n"
}

/// The repository made by importing the file with `options`.
fn imported(options: &ImportOptions) -> tempfile::TempDir {
    let doc = trf::parse(&file()).unwrap();
    let imported = import_trf(&doc, &Default::default(), options).unwrap();
    let repo = tempfile::tempdir().unwrap();
    for (path, content) in &imported.files {
        util::write(repo.path(), path, content);
    }
    let (_, errors) = util::check_with_errors(repo.path());
    assert!(errors.is_empty(), "{errors:#?}");
    repo
}

#[test]
fn memberships_by_federation_file_ranks_and_exported_ranks() {
    let options = ImportOptions {
        membership: Membership::Rif,
        memberships: [("FIN".to_string(), Membership::Member)].into(),
        ..ImportOptions::default()
    };
    let repo = imported(&options);
    let loaded = ratingbook::load::load_repository(repo.path());
    let membership = |name: &str| {
        loaded
            .dataset
            .players
            .iter()
            .find(|p| p.name.contains(name))
            .map(|p| p.membership)
            .unwrap()
    };
    assert_eq!(membership("Aho"), Membership::Member);
    assert_eq!(membership("Berg"), Membership::Member);
    assert_eq!(membership("Carlsson"), Membership::Rif);
    assert_eq!(membership("Dorn"), Membership::Rif);

    let out = util::output_folder();
    util::build_site(repo.path(), out.path());
    let page =
        std::fs::read_to_string(out.path().join("tournaments/ranks-open-2025.html")).unwrap();
    let rows = util::event_site::table_rows(&page, "standings", 0);
    // #, No, Player, Fed, Rating, Pts, four tie-breaks, Rp, Δ, Report.
    let first = &rows[0];
    assert_eq!((first[0].as_str(), first[1].as_str()), ("1", "1"));
    assert!(
        page.contains("rank in the event&#39;s own report"),
        "{page}"
    );
    assert_eq!(first.last().map(String::as_str), Some("2"));
    assert!(page.contains("rated, base K"), "members played each other");

    let export = Command::new(util::binary())
        .args([
            "export-trf",
            "data/tournaments/2025/ranks-open-2025",
            "--root",
        ])
        .arg(repo.path())
        .output()
        .unwrap();
    assert!(export.status.success(), "{}", util::stderr(&export));
    let doc = trf::parse(&String::from_utf8_lossy(&export.stdout)).unwrap();
    let ranks: Vec<(u32, Option<u32>)> = doc.players().map(|p| (p.start_no, p.rank)).collect();
    assert_eq!(
        ranks,
        [(1, Some(1)), (2, Some(3)), (3, Some(2)), (4, Some(4))]
    );
    // The site's TRF download says the same.
    let download =
        std::fs::read_to_string(out.path().join("tournaments/ranks-open-2025.trf")).unwrap();
    assert_eq!(download, String::from_utf8_lossy(&export.stdout));
}

#[test]
fn an_event_of_players_outside_the_list_says_not_rated() {
    let repo = imported(&ImportOptions::default());
    let out = util::output_folder();
    util::build_site(repo.path(), out.path());
    let page =
        std::fs::read_to_string(out.path().join("tournaments/ranks-open-2025.html")).unwrap();
    assert!(
        page.contains("not rated: none of its games counts for a rating"),
        "{page}"
    );
    assert!(!page.contains("rated, base K"));
}

#[test]
fn import_trf_takes_memberships_by_federation_on_the_command_line() {
    let repo = tempfile::tempdir().unwrap();
    let trf = repo.path().join("ranks.trf");
    std::fs::write(&trf, file()).unwrap();
    let run = Command::new(util::binary())
        .arg("import-trf")
        .arg(&trf)
        .arg("--root")
        .arg(repo.path())
        .args(["--membership-of", "fin=member", "--membership", "rif"])
        .output()
        .unwrap();
    assert!(run.status.success(), "{}", util::stderr(&run));
    let loaded = ratingbook::load::load_repository(repo.path());
    let members = loaded
        .dataset
        .players
        .iter()
        .filter(|p| p.membership == Membership::Member)
        .count();
    assert_eq!(members, 2);
    let bad = Command::new(util::binary())
        .arg("import-trf")
        .arg(&trf)
        .arg("--root")
        .arg(repo.path())
        .args(["--membership-of", "FIN"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(
        util::stderr(&bad).contains("FED=MEMBERSHIP"),
        "{}",
        util::stderr(&bad)
    );
}
