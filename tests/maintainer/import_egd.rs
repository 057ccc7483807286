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
    for name in ["kerava-opengotha.h", "kerava-composed.h"] {
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
        // The export is ASCII: `Mäkinen` is written `Makinen`.
        assert_eq!(
            (a.place, &a.name, &a.grade, &a.country, &a.club),
            (
                b.place,
                &b.name.replace('ä', "a"),
                &b.grade,
                &b.country,
                &b.club
            )
        );
        assert_eq!(a.results, b.results, "{}", a.name);
    }
}

#[test]
fn a_wrong_result_or_a_missing_place_is_named_by_its_line_and_nothing_is_written() {
    let repo = empty_repository();
    let root = repo.path();
    let text = std::fs::read_to_string(fixture("kerava-composed.h")).unwrap();
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
    let text = std::fs::read_to_string(fixture("kerava-composed.h"))
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

/// Reads the file at `name` among the fixtures and imports it, asserting
/// that the import, `check` and `build` all succeed; the repository stays.
fn import_checked(name: &str, extra: &[&str]) -> (tempfile::TempDir, String) {
    let repo = empty_repository();
    let root = repo.path();
    let path = fixture(name);
    let mut args = vec!["import-egd", path.to_str().unwrap()];
    args.extend_from_slice(extra);
    let output = ratingbook(root, &args);
    let stderr = util::stderr(&output);
    assert!(output.status.success(), "{name}: {stderr}");
    assert!(
        util::errors(root).is_empty(),
        "{name}: {:?}",
        util::error_lines(root)
    );
    let out = util::output_folder();
    util::build_site(root, out.path());
    (repo, stderr)
}

fn read(root: &Path, file: &str) -> String {
    std::fs::read_to_string(root.join(file)).unwrap()
}

/// The Kerava event entered in MacMahon 3.10 and written out by its own
/// "Export for EGD" (`tests/fixtures/egd/macmahon/`): tab-separated, CR LF,
/// only an `EV` header, the country in small letters, `0=` for the round
/// Mäkinen did not play. The places are the standings, here the start
/// order; the cells are worked by hand from the report's lines.
#[test]
fn a_report_written_by_macmahon_imports_checks_and_builds() {
    let (repo, stderr) = import_checked("macmahon-3.10-kerava.h", &["--date", "2025-10-11"]);
    let root = repo.path();
    let folder = "data/tournaments/2025";
    assert_eq!(
        read(root, &format!("{folder}/kerava-autumn-go-2025.csv")),
        "no,player,rating,rank,1,2,3\n\
         1,virtanen-matti,,1,4 w 1,2 w 1 h1,5 w =\n\
         2,korhonen-anna,,2,5 b 1,1 b 0 h1,3 w 1\n\
         3,nieminen-pekka,,3,bye,4 b 1,2 b 0\n\
         4,laine-sari,,4,1 b 0,3 w 0,bye\n\
         5,makinen-olli,,5,2 w 0,H,1 b =\n"
    );
    assert_eq!(
        read(root, &format!("{folder}/kerava-autumn-go-2025.toml")),
        "name = \"Kerava Autumn Go\"\nstart = 2025-10-11\nend = 2025-10-11\nsystem = \"swiss\"\nrounds = 3\n"
    );
    assert_eq!(
        read(root, "data/players/makinen-olli.toml"),
        "name = \"Mäkinen Olli\"\nmembership = \"other\"\nclub = \"Tamp\"\ncountry = \"FI\"\ngrade = \"5k\"\n"
    );
    // No class, komi, time or pins in MacMahon's report: nothing left out.
    assert!(!stderr.contains("is not kept"), "{stderr}");
}

/// The European Go Congress 2013 main tournament as OpenGotha 3.45.01
/// wrote it (594 players, ten rounds): 44 lines tied with the line above
/// leave the place blank, and 33 games given by default are written with
/// `!` (`22+!w0`). Figures read off the report's lines.
#[test]
fn opengotha_s_report_of_the_european_go_congress_2013_imports_checks_and_builds() {
    let (repo, _) = import_checked("opengotha-3.45-egc-2013.h9", &[]);
    let root = repo.path();
    let csv = read(root, "data/tournaments/2013/egc2013main.csv");
    let rows: Vec<Vec<&str>> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    assert_eq!(rows.len(), 594);
    assert!(rows.iter().all(|r| r.len() == 4 + 10));
    // Fan Hui won all ten games.
    assert_eq!(rows[0][1], "fan-hui");
    assert!(
        rows[0][4..].iter().all(|c| c.ends_with(" 1")),
        "{:?}",
        rows[0]
    );
    // Line 18 has no place: tied with Mero Csaba's 17.
    assert_eq!(rows[16][..4], ["17", "mero-csaba", "", "17"]);
    assert_eq!(rows[17][..4], ["18", "papazoglou-benjamin", "", "17"]);
    assert_eq!(rows[17][4], "12 w 0");
    // Round 8, Silt against Vashurov: given by default, a forfeit.
    assert_eq!((rows[5][1], rows[5][11]), ("silt-ondrej", "22 w +"));
    assert_eq!((rows[21][1], rows[21][11]), ("vashurov-alexandr", "6 b -"));
    assert_eq!(rows[21][12], "H");
    let meta = read(root, "data/tournaments/2013/egc2013main.toml");
    assert!(
        meta.starts_with(
            "name = \"EGC2013main\"\nstart = 2013-07-28\nend = 2013-08-10\ncity = \"Olsztyn\"\n"
        ),
        "{meta}"
    );
}

/// Two more of OpenGotha's own reports: Juvisy 2019 (3.49.03, written in
/// ISO 8859-15, handicap games, `0=` rounds) and Istanbul 2020 (3.50.01,
/// no `HA`, the place `PC[,TR, Istanbul]`, four players who all met).
#[test]
fn opengotha_s_reports_of_juvisy_and_istanbul_import_check_and_build() {
    let (repo, stderr) = import_checked("opengotha-3.49-juvisy-2019.h9", &[]);
    let root = repo.path();
    assert!(stderr.contains("read it as Latin-1"), "{stderr}");
    let csv = read(root, "data/tournaments/2019/tournoi-de-juvisy-2019.csv");
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(rows.len(), 1 + 19);
    assert_eq!(rows[1], "1,minieri-davide,,1,2 w 1,3 b 1,4 w 1,15 w 1 h4");
    assert_eq!(rows[2], "2,daguenet-mathieu,,2,1 b 0,H,H,H");
    assert_eq!(
        rows[19],
        "19,rebelo-manuela,,19,18 b 0 h7,17 b 0 h8,14 b 1 h9,13 b 0 h9"
    );
    assert!(read(root, "data/players/nemo-andre.toml").starts_with("name = \"Nemo André\"\n"));

    let (repo, _) = import_checked("opengotha-3.50-istanbul-2020.h9", &[]);
    let root = repo.path();
    let folder = "data/tournaments/2020";
    assert_eq!(
        read(
            root,
            &format!("{folder}/istanbul-online-city-tournament-2020-02.csv")
        ),
        "no,player,rating,rank,1,2,3\n\
         1,kulubecioglu-ali,,1,3 b 1 h7,4 w 1 h2,2 w 1 h2\n\
         2,kibar-banu,,2,4 w 1,3 b 1 h9,1 b 0 h2\n\
         3,celebican-barkin,,3,1 w 0 h7,2 w 0 h9,4 w 1 h9\n\
         4,ozgan-etkin,,4,2 b 0,1 b 0 h2,3 b 0 h9\n"
    );
    let meta = read(
        root,
        &format!("{folder}/istanbul-online-city-tournament-2020-02.toml"),
    );
    assert!(meta.contains("city = \"Istanbul\"\n"), "{meta}");
    assert!(meta.contains("system = \"round-robin\"\n"), "{meta}");
}

/// The rules of the EGD's published description of the tournament table
/// ("Comments on submitting tournament results", the EGF ratings pages),
/// typed from it: ASCII text; everything after `;` ignored; one line per
/// player, entries separated by blanks, the place first; the same number
/// of results on every line, each `<opponent's place><symbol>[/<colour>[<h>]]`
/// with `+` `-` `=` and `b` `w`, or `0+` `0-` `0=` for a round without a
/// game; the header's `CL` (A to D), `EV`, `PC` (country code, city), `DT`
/// (first and last day), `HA` (`h` and the reduction), `KM` and `TM`.
/// No checker of the format is published; this is the description's
/// wording as a test. Returns what breaks a rule.
fn breaks_of_the_description(text: &str, rounds: usize) -> Vec<String> {
    type HeaderRule<'a> = (&'a str, &'a dyn Fn(&str) -> bool);
    let mut breaks = Vec::new();
    if !text.is_ascii() {
        breaks.push("the file is not ASCII".to_string());
    }
    let header = |key: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(&format!("; {key}[")))
            .and_then(|rest| rest.strip_suffix(']'))
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let date = |s: &str| {
        let p: Vec<&str> = s.split('-').collect();
        p.len() == 3
            && p[0].len() == 4
            && p[1].len() == 2
            && p[2].len() == 2
            && p.iter().all(|x| digits(x))
    };
    let number = |s: &str| s.parse::<f64>().is_ok();
    let rules: [HeaderRule; 7] = [
        ("CL", &|v| ["A", "B", "C", "D"].contains(&v)),
        ("EV", &|v| !v.trim().is_empty()),
        ("PC", &|v| {
            v.split_once(", ").is_some_and(|(c, city)| {
                c.len() == 2 && c.bytes().all(|b| b.is_ascii_uppercase()) && !city.is_empty()
            })
        }),
        ("DT", &|v| {
            v.split_once(',')
                .is_some_and(|(a, b)| date(a) && date(b) && a <= b)
        }),
        ("HA", &|v| v.strip_prefix('h').is_some_and(digits)),
        ("KM", &number),
        ("TM", &number),
    ];
    for (key, rule) in rules {
        match header(key) {
            Some(v) if rule(v) => {}
            other => breaks.push(format!("header {key}: {other:?}")),
        }
    }
    // Player records: the text before `;`, when not blank.
    let records: Vec<Vec<&str>> = text
        .lines()
        .map(|l| l.split(';').next().unwrap_or(""))
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split_whitespace().collect())
        .collect();
    let places: Vec<&str> = records.iter().map(|r| r[0]).collect();
    // (place, round) -> (opponent, symbol, colour, stones)
    let mut games = std::collections::BTreeMap::new();
    for r in &records {
        if !digits(r[0]) || places.iter().filter(|p| **p == r[0]).count() != 1 {
            breaks.push(format!("`{}` is not a place of its own", r[0]));
        }
        if r.len() < 5 + rounds {
            breaks.push(format!(
                "line of place {}: fewer than {rounds} results",
                r[0]
            ));
            continue;
        }
        for (round, entry) in r[r.len() - rounds..].iter().enumerate() {
            let split = entry
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(entry.len());
            let (opponent, rest) = entry.split_at(split);
            let mut chars = rest.chars();
            let symbol = chars.next();
            let tail: String = chars.collect();
            let colour_and_stones = tail.strip_prefix('/');
            let well_formed = digits(opponent)
                && matches!(symbol, Some('+' | '-' | '='))
                && (tail.is_empty()
                    || colour_and_stones.is_some_and(|c| {
                        (c.starts_with('b') || c.starts_with('w'))
                            && (c.len() == 1 || digits(&c[1..]))
                    }));
            let free = opponent == "0" && tail.is_empty();
            if !well_formed || (opponent != "0" && !places.contains(&opponent)) {
                breaks.push(format!("`{entry}` (place {}, round {})", r[0], round + 1));
            } else if !free {
                let colour =
                    colour_and_stones.map(|c| (c.as_bytes()[0], c[1..].parse().unwrap_or(0)));
                games.insert((r[0], round), (opponent, symbol, colour));
            }
        }
    }
    // Each game as both players' lines give it: opposite results and colours, the same stones.
    for (&(place, round), &(opponent, symbol, colour)) in &games {
        let other = games.get(&(opponent, round));
        let opposite = |s| match s {
            Some('+') => Some('-'),
            Some('-') => Some('+'),
            s => s,
        };
        let agrees = other.is_some_and(|&(back, s, c)| {
            back == place
                && s == opposite(symbol)
                && match (colour, c) {
                    (Some((a, h)), Some((b, k))) => a != b && h == k,
                    (None, None) => true,
                    _ => false,
                }
        });
        if !agrees {
            breaks.push(format!(
                "place {place} round {}: {other:?} does not answer it",
                round + 1
            ));
        }
    }
    breaks
}

#[test]
fn the_format_rules_typed_from_the_description_catch_what_they_should() {
    // The description's own examples, then one break of each rule.
    let good = "; CL[B]\n; EV[Example]\n; PC[FI, Kerava]\n; DT[2025-10-11,2025-10-12]\n\
                ; HA[h9]\n; KM[6.5]\n; TM[75]\n\
                1 Ikonen Ari 3k FI Kera 35= 2+/b 0+\n\
                2 Aho Eva 5k FI Kera 35= 1-/w 0-\n";
    assert_eq!(breaks_of_the_description(good, 2), Vec::<String>::new());
    for (from, to) in [
        ("CL[B]", "CL[E]"),
        ("PC[FI, Kerava]", "PC[Kerava]"),
        ("DT[2025-10-11,2025-10-12]", "DT[11.10.2025]"),
        ("HA[h9]", "HA[9]"),
        ("Ikonen", "Ikönen"),
        ("2+/b 0+", "2+/x 0+"),
        ("2+/b 0+", "3+/b 0+"),
        ("1-/w 0-", "1-/b 0-"),
        ("1-/w 0-", "1+/w 0-"),
        ("2 Aho", "1 Aho"),
    ] {
        assert!(
            !breaks_of_the_description(&good.replace(from, to), 2).is_empty(),
            "{to}"
        );
    }
}

/// OpenGotha's report of Juvisy 2019 imported, then exported again: the
/// export keeps every rule of the EGD's description (an ASCII file: `Nemo
/// André` is written `Nemo Andre`) and every game of the original.
#[test]
fn an_export_keeps_the_rules_of_the_egd_s_description() {
    let (repo, _) = import_checked("opengotha-3.49-juvisy-2019.h9", &[]);
    let root = repo.path();
    let exported = ratingbook(
        root,
        &[
            "export-egd",
            "data/tournaments/2019/tournoi-de-juvisy-2019",
            "--class",
            "A",
            "--komi",
            "7.5",
            "--country",
            "FR",
            "--time",
            "82",
        ],
    );
    assert!(exported.status.success(), "{}", util::stderr(&exported));
    let text = String::from_utf8(exported.stdout).unwrap();
    assert_eq!(
        breaks_of_the_description(&text, 4),
        Vec::<String>::new(),
        "{text}"
    );
    for line in [
        "; CL[A]\n",
        "; EV[Tournoi de Juvisy]\n",
        "; PC[FR, Juvisy]\n",
        "; DT[2019-10-26,2019-10-28]\n",
        "; HA[h0]\n",
        "; KM[7.5]\n",
        "; TM[82]\n",
    ] {
        assert!(text.contains(line), "{line:?} not in:\n{text}");
    }
    let back = egd_format::parse(&text).unwrap();
    assert_eq!(back.players[4].name, "Nemo Andre");
    let original = std::fs::read(fixture("opengotha-3.49-juvisy-2019.h9")).unwrap();
    let original: String = original.iter().map(|&b| char::from(b)).collect();
    let first = egd_format::parse(&original).unwrap();
    for (a, b) in back.players.iter().zip(&first.players) {
        assert_eq!(a.results, b.results, "{}", b.name);
    }
}
