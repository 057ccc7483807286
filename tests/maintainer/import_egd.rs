//! `ratingbook import-egd` and `export-egd`: European Go Database
//! tournament reports in and out. The fixtures (`tests/fixtures/egd/`, see
//! its README) are in OpenGotha's and MacMahon's layouts; the expected
//! crosstable is worked by hand from the reports' lines.

use crate::init::ratingbook;
use crate::util;
use crate::util::empty_repository;

use ratingbook::import::egd_format::{self, Outcome, Report};
use std::path::{Path, PathBuf};
use std::process::Output;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/egd");

fn fixture(name: &str) -> PathBuf {
    Path::new(FIXTURES).join(name)
}

fn import(root: &Path, file: &Path) -> Output {
    ratingbook(root, &["import-egd", file.to_str().unwrap()])
}

/// The crosstable both layouts give, worked from their lines: places are
/// start numbers; `4+/w0` is `4 w 1`, `2+/w1` a game with one stone,
/// `5=/w0` a jigo, `0+` a bye, `0-` no game.
const KERAVA_CSV: &str = "no,player,rating,rank,1,2,3\n\
    1,virtanen-matti,,1,4 w 1,2 w 1 h1,5 w =\n\
    2,korhonen-anna,,2,5 b 1,1 b 0 h1,3 w 1\n\
    3,nieminen-pekka,,3,bye,4 b 1,2 b 0\n\
    4,laine-sari,,4,1 b 0,3 w 0,bye\n\
    5,makinen-olli,,5,2 w 0,,1 b =\n";

#[test]
fn reports_in_opengotha_s_and_macmahon_s_layouts_import_check_and_build() {
    for name in ["kerava-opengotha.h", "kerava-macmahon.h"] {
        let repo = empty_repository();
        let root = repo.path();
        let output = import(root, &fixture(name));
        assert!(output.status.success(), "{name}: {}", util::stderr(&output));
        assert!(
            util::errors(root).is_empty(),
            "{name}: {:?}",
            util::error_lines(root)
        );
        let folder = root.join("data/tournaments/2025");
        let csv = std::fs::read_to_string(folder.join("kerava-autumn-go-2025.csv")).unwrap();
        assert_eq!(csv, KERAVA_CSV, "{name}");
        let meta = std::fs::read_to_string(folder.join("kerava-autumn-go-2025.toml")).unwrap();
        assert_eq!(
            meta,
            "name = \"Kerava Autumn Go\"\nstart = 2025-10-11\nend = 2025-10-12\ncity = \"Kerava\"\nsystem = \"swiss\"\nrounds = 3\n",
            "{name}"
        );
        let player = std::fs::read_to_string(root.join("data/players/makinen-olli.toml")).unwrap();
        assert_eq!(
            player,
            "name = \"Mäkinen Olli\"\nmembership = \"other\"\nclub = \"Tamp\"\ncountry = \"FI\"\ngrade = \"5k\"\n",
            "{name}"
        );
        let out = util::output_folder();
        util::build_site(root, out.path());
    }
}

#[test]
fn opengotha_s_own_report_reads_as_the_format_describes() {
    let text = std::fs::read_to_string(fixture("opengotha-belfast-2016-excerpt.h")).unwrap();
    let report = egd_format::parse(&text).unwrap();
    assert_eq!(report.header("EV"), Some("BelfastHandicap"));
    assert_eq!(report.header("PC"), Some("IE, Belfast"));
    assert_eq!(report.header("DT"), Some("2016-01-30,2016-01-30"));
    assert_eq!(report.header("HA"), Some("h9"));
    assert_eq!(report.header("KM"), Some("6.5"));
    let line = &report.players[0];
    assert_eq!(
        (
            line.place,
            line.name.as_str(),
            line.grade.as_str(),
            line.country.as_str(),
            line.club.as_str()
        ),
        (1, "Gociu Tiberiu", "5k", "IE", "Belf")
    );
    assert_eq!(line.pin.as_deref(), Some("12850431"));
    let cells: Vec<String> = line.results.iter().map(|r| r.notation()).collect();
    assert_eq!(cells, ["2+/b7", "4+/w6", "5+/w1", "0-"]);
    assert_eq!(line.results[0].handicap, Some(7));
    assert_eq!(line.results[3].outcome, Outcome::Lost);
}

#[test]
fn an_exported_report_reads_back_to_the_same_games() {
    let repo = empty_repository();
    let root = repo.path();
    let original = fixture("kerava-opengotha.h");
    let output = import(root, &original);
    assert!(output.status.success(), "{}", util::stderr(&output));
    let exported = ratingbook(
        root,
        &[
            "export-egd",
            "data/tournaments/2025/kerava-autumn-go-2025",
            "--class",
            "B",
            "--komi",
            "6.5",
            "--country",
            "FI",
            "--time",
            "75",
        ],
    );
    assert!(exported.status.success(), "{}", util::stderr(&exported));
    let text = String::from_utf8(exported.stdout).unwrap();
    for header in [
        "; CL[B]\n",
        "; EV[Kerava Autumn Go]\n",
        "; PC[FI, Kerava]\n",
        "; DT[2025-10-11,2025-10-12]\n",
        // Games with stones: every game's colour and stones are written.
        "; HA[h0]\n",
        "; KM[6.5]\n",
        "; TM[75]\n",
    ] {
        assert!(text.contains(header), "{header:?} not in:\n{text}");
    }
    let back = egd_format::parse(&text).unwrap();
    let first = egd_format::parse(&std::fs::read_to_string(original).unwrap()).unwrap();
    assert_eq!(back.players.len(), first.players.len());
    for (a, b) in back.players.iter().zip(&first.players) {
        assert_eq!(
            (a.place, &a.name, &a.grade, &a.country, &a.club),
            (b.place, &b.name, &b.grade, &b.country, &b.club)
        );
        assert_eq!(a.results, b.results, "{}", a.name);
    }
}

#[test]
fn a_wrong_result_or_a_missing_place_is_named_by_its_line_and_nothing_is_written() {
    let repo = empty_repository();
    let root = repo.path();
    let text = std::fs::read_to_string(fixture("kerava-macmahon.h")).unwrap();
    let file = root.join("broken.h");
    std::fs::write(&file, text.replace("4+/b    2-/b", "4+/x    2-/b")).unwrap();
    let output = import(root, &file);
    let stderr = util::stderr(&output);
    assert!(!output.status.success());
    assert!(stderr.contains("broken.h:12:"), "{stderr}");
    assert!(stderr.contains("`4+/x` is not a result"), "{stderr}");

    std::fs::write(&file, text.replace("1=/b", "9=/b")).unwrap();
    let output = import(root, &file);
    let stderr = util::stderr(&output);
    assert!(!output.status.success());
    assert!(
        stderr.contains("broken.h:14: round 3: no line has place 9"),
        "{stderr}"
    );
    assert!(!root.join("data/tournaments").exists() || util::errors(root).is_empty());
    assert!(!root.join("data/players/virtanen-matti.toml").exists());
}

#[test]
fn a_game_without_colour_takes_the_handicap_the_ha_rule_gives() {
    // Virtanen 2d and Korhonen 1k are two grades apart: under `h0` their
    // game `2+` / `1-` is Korhonen's with black and two stones; under `h1`
    // one stone; under `h9` an even game with no colour.
    let text = std::fs::read_to_string(fixture("kerava-macmahon.h"))
        .unwrap()
        .replace("2+/w1", "2+   ")
        .replace("1-/b1", "1-   ");
    for (rule, first, second) in [
        ("h0", "2 w 1 h2", "1 b 0 h2"),
        ("h1", "2 w 1 h1", "1 b 0 h1"),
        ("h9", "2 1", "1 0"),
    ] {
        let repo = empty_repository();
        let root = repo.path();
        let file = root.join("report.h");
        std::fs::write(&file, text.replace("HA[h9]", &format!("HA[{rule}]"))).unwrap();
        let output = import(root, &file);
        assert!(output.status.success(), "{rule}: {}", util::stderr(&output));
        let csv =
            std::fs::read_to_string(root.join("data/tournaments/2025/kerava-autumn-go-2025.csv"))
                .unwrap();
        let rows: Vec<Vec<&str>> = csv.lines().map(|l| l.split(',').collect()).collect();
        assert_eq!((rows[1][5], rows[2][5]), (first, second), "{rule}");
    }
}

/// Each player's wins as the EGD's copies of the reports give them (the
/// first column after the club), in place order.
const CZECH_WINS: [(&str, [u32; 8]); 2] = [
    ("egd-czech-championship-2019.h", [6, 6, 5, 5, 3, 2, 1, 0]),
    ("egd-czech-championship-2023.h", [7, 6, 5, 4, 2, 2, 2, 0]),
];

#[test]
fn the_egd_s_own_reports_import_as_round_robins_with_their_scores() {
    for (name, wins) in CZECH_WINS {
        let repo = empty_repository();
        let root = repo.path();
        let output = import(root, &fixture(name));
        let stderr = util::stderr(&output);
        assert!(output.status.success(), "{name}: {stderr}");
        assert!(
            util::errors(root).is_empty(),
            "{name}: {:?}",
            util::error_lines(root)
        );
        let checked = ratingbook::check_repository(root);
        let t = &checked.loaded.dataset.tournaments[0];
        assert_eq!(t.system, ratingbook::model::System::RoundRobin, "{name}");
        assert_eq!(t.rounds, 7, "{name}");
        let points: Vec<u32> = t.entries.iter().map(|e| e.half_points() / 2).collect();
        assert_eq!(points, wins, "{name}");
        let out = util::output_folder();
        util::build_site(root, out.path());
        if name.ends_with("2023.h") {
            // A professional grade has no place among 30k..9d.
            assert!(stderr.contains("grade `1p` is not kept"), "{stderr}");
            let simara =
                std::fs::read_to_string(root.join("data/players/simara-jan.toml")).unwrap();
            assert!(!simara.contains("grade"), "{simara}");
        }
    }
}

/// One game as both reports must give it: opponent's place, result,
/// colour (`true`: black), stones (`/w` is `/w0`).
type Game = (u32, Outcome, Option<bool>, u8);

#[test]
fn the_egd_s_report_exported_again_has_the_same_games() {
    let repo = empty_repository();
    let root = repo.path();
    let original = fixture("egd-czech-championship-2019.h");
    assert!(import(root, &original).status.success());
    let exported = ratingbook(
        root,
        &[
            "export-egd",
            "data/tournaments/2019/czech-championship-2019",
            "--class",
            "A",
            "--country",
            "CZ",
        ],
    );
    assert!(exported.status.success(), "{}", util::stderr(&exported));
    let text = String::from_utf8(exported.stdout).unwrap();
    assert!(
        text.contains("; PC[CZ, Olomouc]\n; DT[2019-07-04,2019-07-07]\n; HA[h9]\n"),
        "{text}"
    );
    let back = egd_format::parse(&text).unwrap();
    let first = egd_format::parse(&std::fs::read_to_string(original).unwrap()).unwrap();
    let games = |r: &Report| -> Vec<Vec<Game>> {
        r.players
            .iter()
            .map(|p| {
                p.results
                    .iter()
                    .map(|g| (g.opponent, g.outcome, g.black, g.handicap.unwrap_or(0)))
                    .collect()
            })
            .collect()
    };
    assert_eq!(games(&back), games(&first));
    let names = |r: &Report| -> Vec<(String, String)> {
        r.players
            .iter()
            .map(|p| (p.name.clone(), p.grade.clone()))
            .collect()
    };
    assert_eq!(names(&back), names(&first));
}
