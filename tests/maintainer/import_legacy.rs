//! `ratingbook import-legacy`: the association's rating history from the
//! thesis program's `data.bin`. The fixtures under `tests/fixtures/legacy/`
//! were written by the program's own `SaveAll` (and, for `rated.bin`, its
//! own rating run), compiled from the thesis's appendices
//! (`tests/fixtures/legacy/regenerate.sh`); the expected values below come
//! from the thesis (appendix 1's crosstable, section 5.1's round robin) and
//! from the ratings the program stored, or are worked by hand from the
//! association's rules.

use crate::init::ratingbook;
use crate::util;
use crate::util::empty_repository;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/legacy");

fn fixture(name: &str) -> PathBuf {
    Path::new(FIXTURES).join(name)
}

fn import(root: &Path, file: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["import-legacy", file.to_str().unwrap()];
    args.extend(extra);
    ratingbook(root, &args)
}

fn read(root: &Path, file: &str) -> String {
    std::fs::read_to_string(root.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// The files under `data/`, by path (none when there is no `data/`).
fn data_files(root: &Path) -> Vec<String> {
    if !root.join("data").exists() {
        return Vec::new();
    }
    util::site_files(&root.join("data")).into_keys().collect()
}

#[test]
fn the_history_imports_to_files_check_accepts_and_build_builds() {
    let repo = empty_repository();
    let root = repo.path();
    let output = import(root, &fixture("history.bin"), &[]);
    assert!(output.status.success(), "{}", util::stderr(&output));
    assert!(
        util::errors(root).is_empty(),
        "{:?}",
        util::error_lines(root)
    );
    let out = util::output_folder();
    util::build_site(root, out.path());

    // Names in code page 850, as the program's console typed them.
    assert_eq!(
        read(root, "data/players/saarenpaa-samuli.toml"),
        "name = \"Saarenpää Samuli\"\nmembership = \"member\"\n\n[preset]\nrating = 2000\ngames = 0\n"
    );
    // Rating-pool values a preset allows are a preset; 1600 with 0 games is the default.
    assert!(read(root, "data/players/siiria-simo.toml")
        .contains("[preset]\nrating = 1900\ngames = 10\n"));
    assert!(!read(root, "data/players/pinola-tuomo.toml").contains("[preset]"));
    assert!(read(root, "data/players/horelli-lauri.toml").contains("membership = \"honorary\""));
    // Appendix 4: Ilu Timo, RIF, 2237.
    assert_eq!(
        read(root, "data/players/ilu-timo.toml"),
        "name = \"Ilu Timo\"\nmembership = \"rif\"\ninternational_rating = 2237\n"
    );
    assert_eq!(
        read(root, "data/players/lindh.toml"),
        "name = \"Lindh\"\nmembership = \"other\"\n"
    );
    // No BYE player.
    assert!(!root.join("data/players/bye.toml").exists());

    // Section 5.1: everyone met everyone, so a round robin; the program's
    // pairs "1 3 +", "2 4 =", "1 2 -", "3 4 =", "1 4 =", "2 3 -".
    let meta = read(root, "data/tournaments/2003/kaikki-kaikkia-vastaan.toml");
    assert!(
        meta.contains("system = \"round-robin\"\nrounds = 3\n"),
        "{meta}"
    );
    assert!(meta.contains("start = 2003-03-01\n"), "{meta}");
    assert_eq!(
        read(root, "data/tournaments/2003/kaikki-kaikkia-vastaan.csv"),
        "no,player,rating,1,2,3\n\
         1,saarenpaa-samuli,,3 1,2 0,4 =\n\
         2,pellikka-marko,,4 =,1 1,3 0\n\
         3,ikonen-jussi,,1 0,4 =,2 1\n\
         4,haikonen-kari,,2 =,3 =,1 =\n"
    );
}

/// Appendix 1 of the thesis: Helsinki Open 2003, each player's points
/// (`Po`) in the crosstable's order, a `+` (the round without opponent)
/// counting as a win.
const HELSINKI_OPEN_POINTS: [u32; 17] = [7, 6, 5, 4, 4, 4, 4, 4, 4, 4, 3, 3, 3, 3, 2, 2, 1];

#[test]
fn helsinki_open_2003_keeps_the_published_crosstable() {
    let repo = empty_repository();
    let root = repo.path();
    let output = import(root, &fixture("history.bin"), &[]);
    assert!(output.status.success(), "{}", util::stderr(&output));
    let meta = read(root, "data/tournaments/2003/helsinki-open-2003.toml");
    assert!(meta.contains("start = 2003-09-20\n"), "{meta}");
    assert!(meta.contains("system = \"swiss\"\nrounds = 7\n"), "{meta}");
    let checked = ratingbook::check_repository(root);
    let event = checked
        .loaded
        .dataset
        .tournaments
        .iter()
        .find(|t| t.id.as_str() == "helsinki-open-2003")
        .unwrap();
    let points: Vec<u32> = event.entries.iter().map(|e| e.half_points() / 2).collect();
    assert_eq!(points, HELSINKI_OPEN_POINTS);
    // Row 11, Ikonen Jussi: 3 0, 15 1, 10 1, 4 0, 8 1, 1 0, 7 0 (appendix 2).
    let ikonen = &event.entries[10];
    assert_eq!(ikonen.player.as_str(), "ikonen-jussi");
    let cells: Vec<String> = ikonen.cells.iter().map(|c| c.to_notation()).collect();
    assert_eq!(cells, ["3 0", "15 1", "10 1", "4 0", "8 1", "1 0", "7 0"]);
    // Tuvikene Maris had no opponent in round 1; the RIF rating of the event.
    assert_eq!(event.entries[6].cells[0].to_notation(), "bye");
    assert_eq!(event.entries[6].rating, Some(1837));
}

/// The ratings the old program stored in `rated.bin` after its own rating
/// run (player records at bytes 92.. : Ikonen Jussi 1920, Saarenpää Samuli
/// 2014, Pellikka Marko 2102, Haikonen Kari 1825).
#[test]
fn the_rated_history_rates_to_the_old_program_s_ratings_where_the_rules_agree() {
    let bytes = std::fs::read(fixture("rated.bin")).unwrap();
    let stored = |offset: usize| u32::from_le_bytes(bytes[offset..offset + 4].try_into().unwrap());
    // Each record's rating word is 40 bytes into it; records from byte 36, 56 bytes each.
    let rating_of = |record: usize| stored(36 + 56 * record + 40);
    assert_eq!(
        [rating_of(1), rating_of(2), rating_of(3), rating_of(4)],
        [1920, 2014, 2102, 1825]
    );

    let repo = empty_repository();
    let root = repo.path();
    let output = import(root, &fixture("rated.bin"), &[]);
    assert!(output.status.success(), "{}", util::stderr(&output));
    let out = util::output_folder();
    util::build_site(root, out.path());
    let ratings = util::listed_ratings(out.path());

    // Where the rules agree: one game won by the player the pair lists
    // first, against an established member (K 32: 1900 beats 2000, We .36,
    // +20.48; K 16: 2100 beats 1800, We .85, +2.4), and games against an
    // `other` player or a provisional member, which change nothing.
    assert_eq!(ratings["ikonen-jussi"], i64::from(rating_of(1)));
    assert_eq!(ratings["pellikka-marko"], i64::from(rating_of(3)));
    // Where they do not: the program scores the pair's result code for
    // both players (the loser too gains) and rates game by game. By the
    // rules: Saarenpää 2000 − 20.48 → 1980, then loses at K 16 to 1800
    // (We .74): 1980 − 11.84 → 1968. Haikonen 1800: −2.4 (We .15 against
    // 2100) + 11.84 (We .26 against 1980) = 9.44 → 1809.
    assert_eq!(ratings["saarenpaa-samuli"], 1968);
    assert_eq!(ratings["haikonen-kari"], 1809);
    // Kauppila Oskari is provisional (2 of 20 games): no published
    // rating, as the program kept his rating-pool 1800.
    assert!(!ratings.contains_key("kauppila-oskari"));
}

/// `history.bin` with one word replaced.
fn damaged(offset: usize, value: u32) -> Vec<u8> {
    let mut bytes = std::fs::read(fixture("history.bin")).unwrap();
    bytes[offset..offset + 4].copy_from_slice(&value.to_le_bytes());
    bytes
}

#[test]
fn every_record_that_cannot_be_mapped_is_named_by_its_byte_and_nothing_is_written() {
    let repo = empty_repository();
    let root = repo.path();
    let before = data_files(root);
    // Header: 9 words (36 bytes); the BYE at 36, Ikonen Jussi at 92 (his
    // membership word at 136); 20 player records end at 1156, where the
    // round robin's record starts; its list at 1208: 4 ids, 4 ratings,
    // then round 1's first pair (1240) with its result word at 1248.
    let mut bytes = damaged(136, 9);
    bytes[1248..1252].copy_from_slice(&7u32.to_le_bytes());
    bytes[1208..1212].copy_from_slice(&555u32.to_le_bytes());
    let file = root.join("data.bin");
    std::fs::write(&file, &bytes).unwrap();
    let output = import(root, &file, &[]);
    let stderr = util::stderr(&output);
    assert!(!output.status.success());
    for wanted in [
        "byte 136: player 101 `Ikonen Jussi` has membership code 9",
        "byte 1208: tournament 100 `Kaikki kaikkia vastaan` lists player id 555",
        "byte 1248: tournament 100 `Kaikki kaikkia vastaan`, round 1, pair 1: result code 7",
        "nothing written",
    ] {
        assert!(stderr.contains(wanted), "{wanted:?} not in:\n{stderr}");
    }
    assert_eq!(data_files(root), before);
}

#[test]
fn a_date_word_that_is_no_date_is_given_with_date() {
    let repo = empty_repository();
    let root = repo.path();
    // The round robin's date word: 40 bytes into its record at 1156.
    let file = root.join("data.bin");
    std::fs::write(&file, damaged(1196, 0)).unwrap();
    let output = import(root, &file, &[]);
    let stderr = util::stderr(&output);
    assert!(!output.status.success());
    assert!(stderr.contains("byte 1196: tournament 100"), "{stderr}");
    assert!(stderr.contains("--date 100=YYYY-MM-DD"), "{stderr}");
    let output = import(root, &file, &["--date", "100=2003-03-01"]);
    assert!(output.status.success(), "{}", util::stderr(&output));
    assert!(
        read(root, "data/tournaments/2003/kaikki-kaikkia-vastaan.toml")
            .contains("start = 2003-03-01")
    );
}

#[test]
fn a_cut_or_foreign_file_is_refused_at_its_byte() {
    let repo = empty_repository();
    let root = repo.path();
    let whole = std::fs::read(fixture("history.bin")).unwrap();
    let file = root.join("data.bin");
    let before = data_files(root);
    for (bytes, wanted) in [
        (
            whole[..whole.len() - 3].to_vec(),
            "byte 36: the header's 20 players and 2 tournaments take",
        ),
        (
            whole[..20].to_vec(),
            "byte 20: the file ends inside its header",
        ),
        (
            b"name,rating\n".to_vec(),
            "byte 12: the file ends inside its header",
        ),
        (Vec::new(), "byte 0: the file ends inside its header"),
    ] {
        std::fs::write(&file, &bytes).unwrap();
        let output = import(root, &file, &[]);
        let stderr = util::stderr(&output);
        assert!(!output.status.success());
        assert!(stderr.contains(wanted), "{wanted:?} not in:\n{stderr}");
    }
    assert_eq!(data_files(root), before);
}

#[test]
fn a_dry_run_writes_nothing_and_an_existing_file_stops_the_import() {
    let repo = empty_repository();
    let root = repo.path();
    let before = data_files(root);
    let output = import(root, &fixture("history.bin"), &["--dry-run"]);
    assert!(output.status.success(), "{}", util::stderr(&output));
    assert!(util::stderr(&output).contains("would write data/players/ikonen-jussi.toml"));
    assert_eq!(data_files(root), before);

    util::write(
        root,
        "data/players/ikonen-jussi.toml",
        "name = \"Ikonen Jussi\"\nmembership = \"member\"\n",
    );
    let before = data_files(root);
    let output = import(root, &fixture("history.bin"), &[]);
    assert!(!output.status.success());
    assert!(
        util::stderr(&output).contains("data/players/ikonen-jussi.toml exists; nothing written")
    );
    assert_eq!(data_files(root), before);
}

/// The bytes of the BYE record the program never sets (its `CreateBYE`
/// leaves them as memory held them): the name after `BYE\0`, the games,
/// the rating-pool words. The record is the first, at byte 36.
const BYE_UNSET: [std::ops::Range<usize>; 2] = [44..76, 84..92];

#[test]
fn the_fixtures_are_what_the_program_writes_again() {
    let gxx = test_tools::runs("g++", &["--version"]);
    if !test_tools::require_tool("gxx", gxx, "the GNU C++ compiler g++: apt-get install g++") {
        return;
    }
    let out = tempfile::tempdir().unwrap();
    let status = Command::new("sh")
        .arg(fixture("regenerate.sh"))
        .arg(out.path())
        .output()
        .unwrap();
    assert!(status.status.success(), "{}", util::stderr(&status));
    for name in ["history.bin", "rated.bin"] {
        let mut again = std::fs::read(out.path().join(name)).unwrap();
        let mut committed = std::fs::read(fixture(name)).unwrap();
        assert_eq!(again.len(), committed.len(), "{name}");
        for range in BYE_UNSET {
            again[range.clone()].fill(0);
            committed[range].fill(0);
        }
        assert!(
            again == committed,
            "{name} differs from what the program writes"
        );
    }
}
