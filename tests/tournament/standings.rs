//! Standings and tie-breaks against hand computations on a small swiss event
//! (tests/fixtures/standings/swiss: 5 players, 4 rounds, a bye every round, a forfeit
//! in round 3 and a requested half-point bye in round 4).
//!
//! ```text
//! no  rating  R1       R2       R3       R4       pts
//! 1   2000    3 w 1    5 b 1    2 w =    H        3
//! 2   1900    4 w =    3 b 1    1 b =    5 w 1    3
//! 3   1800    1 b 0    2 w 0    bye      4 w =    1½
//! 4   1700    2 b =    bye      5 w +    3 b =    3
//! 5   -       bye      1 w 0    4 b -    2 b 0    1
//! ```
//! Final scores in half points: S = [6, 6, 3, 6, 2]. Completed rounds n = 4. The
//! event starts on 2025-05-03, so FIDE's edition applied from 1 August 2024 rules.
//! Scores as opponents see them (C.07 16.3): only rounds without an opponent after a
//! player's last round that is not a voluntarily unplayed one count as draws; nobody
//! has such a round (1's H is in round 4 but is worth a draw anyway; 5's forfeit loss
//! has an opponent), so A = S = [6, 6, 3, 6, 2].

use ratingbook::load::load_repository;
use ratingbook::model::Tournament;
use ratingbook::standings::{self, Facts, TieBreak};
use std::path::Path;

const SWISS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/standings/swiss"
);

fn tournament() -> Tournament {
    let loaded = load_repository(Path::new(SWISS));
    assert!(
        loaded.diagnostics.iter().all(|d| !d.is_error()),
        "{:?}",
        loaded.diagnostics
    );
    loaded.dataset.tournaments[0].clone()
}

fn rating(t: &Tournament) -> impl Fn(u32) -> Option<u32> + '_ {
    move |s| t.entry(s).and_then(|e| e.rating)
}

/// Values of one tie-break for players 1..=5, as displayed.
fn shown(t: &Tournament, id: &str) -> Vec<String> {
    let tb = TieBreak::parse(id).unwrap();
    let rating = rating(t);
    let facts = Facts::new(t, &rating);
    (1..=5)
        .map(|s| {
            facts
                .value(tb, s, &[s])
                .map(|v| standings::tiebreak::format_value(v, tb.kind.scale()))
                .unwrap_or_default()
        })
        .collect()
}

fn check(t: &Tournament, id: &str, expected: [&str; 5]) {
    assert_eq!(shown(t, id), expected, "tie-break {id}");
}

// FIDE dummy opponent. Per player, per round: (opponent value in half points).
// Unplayed rounds use the player's own final score; * marks a VUR (cut first).
// 1: [A3=3, A5=2, A2=6, *6]   2: [A4=6, A3=3, A1=6, A5=2]   3: [A1=6, A2=6, 3 (PAB), A4=6]
// 4: [A2=6, 6 (PAB), 6 (forfeit win), A3=3]                  5: [2 (PAB), A1=6, *2, A2=6]
#[test]
fn buchholz_family_fide() {
    let t = tournament();
    // BH = sum: 1: 17h=8½, 2: 17h=8½, 3: 21h=10½, 4: 21h=10½, 5: 16h=8
    check(&t, "bh", ["8½", "8½", "10½", "10½", "8"]);
    // BH-C1: 1 cuts its VUR 6 → 11h=5½; 2 cuts 2 → 15h=7½; 3 cuts 3 → 18h=9;
    // 4 cuts 3 → 18h=9; 5 cuts its VUR 2 → 14h=7
    check(&t, "bh-c1", ["5½", "7½", "9", "9", "7"]);
    // BH-C2: 1: VUR 6, then 2 → 9h=4½; 2: 2,3 → 12h=6; 3: 3,6 → 12h=6; 4: 3,6 → 12h=6;
    // 5: VUR 2 then 2 → 12h=6
    check(&t, "bh-c2", ["4½", "6", "6", "6", "6"]);
    // BH-M1 (low cut VUR first, then the highest): 1: [3,2,6]−6 → 5h=2½; 2: [6,3,6]−6 → 9h=4½;
    // 3: [6,6,6]−6 → 12h=6; 4: [6,6,6]−6 → 12h=6; 5: [2,6,6]−6 → 8h=4
    check(&t, "bh-m1", ["2½", "4½", "6", "6", "4"]);
}

// SB = Σ value × points scored that round (quarters).
// 1: 2·3 + 2·2 + 1·6 + 1·6(H, dummy 6) = 22q = 5½
// 2: 1·6 + 2·3 + 1·6 + 2·2 = 22q = 5½
// 3: 0 + 0 + 2·3 (PAB, dummy 3) + 1·6 = 12q = 3
// 4: 1·6 + 2·6 (PAB) + 2·6 (forfeit win) + 1·3 = 33q = 8¼
// 5: 2·2 (PAB) + 0 + 0 + 0 = 4q = 1
#[test]
fn sonneborn_berger_fide() {
    let t = tournament();
    check(&t, "sb", ["5½", "5½", "3", "8¼", "1"]);
}

// The same event starting on or after 1 March 2026: the dummy's score is at most the
// real opponent's (forfeits) or a draw in each of the 4 rounds, 4h (byes).
// 1: R4 H min(6, 4) = 4 → [3, 2, 6, 4] = 15h; 3: PAB min(3, 4) = 3 → 21h unchanged;
// 4: PAB min(6, 4) = 4, forfeit win over 5 min(6, A5=2) = 2 → [6, 4, 2, 3] = 15h;
// 5: PAB min(2, 4) = 2, forfeit loss to 4 min(2, 6) = 2 → 16h unchanged.
#[test]
fn buchholz_under_the_2026_amendment() {
    let mut t = tournament();
    t.start = ratingbook::model::Date::new(2026, 5, 3).unwrap();
    check(&t, "bh", ["7½", "8½", "10½", "7½", "8"]);
}

// Seed 003 virtual opponent: real final scores S for played games; an unplayed round r
// is worth (score before r) + ½ per round after r.
// 1: [S3=3, S5=2, S2=6, R4 H: before 5h + 0 = 5]
// 2: [S4=6, S3=3, S1=6, S5=2]
// 3: [S1=6, S2=6, R3 bye: 0 + 1 = 1, S4=6]
// 4: [S2=6, R2 bye: 1 + 2 = 3, R3 forfeit win: 3 + 1 = 4, S3=3]
// 5: [R1 bye: 0 + 3 = 3, S1=6, R3 forfeit loss: 2 + 1 = 3, S2=6]
#[test]
fn buchholz_family_virtual_opponent() {
    let t = tournament();
    // 1: 16h=8; 2: 17h=8½; 3: 19h=9½; 4: 16h=8; 5: 18h=9
    check(&t, "bh-virtual", ["8", "8½", "9½", "8", "9"]);
    // cut lowest: 1: −2 → 14h=7; 2: −2 → 15h=7½; 3: −1 → 18h=9; 4: −3 → 13h=6½; 5: −3 → 15h=7½
    check(&t, "bh-c1-virtual", ["7", "7½", "9", "6½", "7½"]);
    // cut two lowest: 1: −2−3 → 11h=5½; 2: −2−3 → 12h=6; 3: −1−6 → 12h=6; 4: −3−3 → 10h=5;
    // 5: −3−3 → 12h=6
    check(&t, "bh-c2-virtual", ["5½", "6", "6", "5", "6"]);
    // median: 1: −2−6 → 8h=4; 2: −2−6 → 9h=4½; 3: −1−6 → 12h=6; 4: −3−6 → 7h=3½; 5: −3−6 → 9h=4½
    check(&t, "bh-m1-virtual", ["4", "4½", "6", "3½", "4½"]);
    // SB: 1: 2·3 + 2·2 + 1·6 + 1·5 = 21q = 5¼; 2: 1·6 + 2·3 + 1·6 + 2·2 = 22q = 5½;
    // 3: 0 + 0 + 2·1 + 1·6 = 8q = 2; 4: 1·6 + 2·3 + 2·4 + 1·3 = 23q = 5¾; 5: 2·3 + 0 + 0·3 + 0 = 6q = 1½
    check(&t, "sb-virtual", ["5¼", "5½", "2", "5¾", "1½"]);
}

#[test]
fn counting_tie_breaks() {
    let t = tournament();
    // WIN: rounds worth a win: 1: R1,R2; 2: R2,R4; 3: bye; 4: bye + forfeit win; 5: bye
    check(&t, "win", ["2", "2", "1", "2", "1"]);
    // WON: over the board only
    check(&t, "won", ["2", "2", "0", "0", "0"]);
    // GS (the Turkish tournament manager's report): over the board + forfeit wins
    check(&t, "gs", ["2", "2", "0", "1", "0"]);
    // PS: running scores (halves) 1: 2+4+5+6=17 → 8½; 2: 1+3+4+6=14 → 7; 3: 0+0+2+3=5 → 2½;
    // 4: 1+3+5+6=15 → 7½; 5: 2+2+2+2=8 → 4
    check(&t, "ps", ["8½", "7", "2½", "7½", "4"]);
    // BPG: games played with black; player 5's forfeit with black does not count
    check(&t, "bpg", ["1", "2", "1", "2", "1"]);
}

#[test]
fn rating_tie_breaks() {
    let t = tournament();
    // ARO over rated opponents played over the board (5 is unrated):
    // 1: (1800+1900)/2 = 1850; 2: (1700+1800+2000)/3 = 1833.3 → 1833;
    // 3: (2000+1900+1700)/3 = 1866.7 → 1867; 4: (1900+1800)/2 = 1850; 5: (2000+1900)/2 = 1950
    check(&t, "aro", ["1850", "1833", "1867", "1850", "1950"]);
    // TPR = ARO + dp(p): 1: 1.5/2 = .75 → +193 = 2043; 2: 2/3 = .67 → +125 = 1958;
    // 3: .5/3 = .17 → −273 = 1594; 4: 1/2 = .50 → 1850; 5: 0/2 → −800 = 1150
    check(&t, "tpr", ["2043", "1958", "1594", "1850", "1150"]);
}

#[test]
fn direct_encounter_orders_the_tied_group() {
    let t = tournament();
    let r = rating(&t);
    let facts = Facts::new(&t, &r);
    let de = TieBreak::parse("de").unwrap();
    // 1 beat 3 in round 1: 2 halves against 0; both met, so 1 goes first.
    assert_eq!(facts.value(de, 1, &[1, 3]), Some(2));
    assert_eq!(facts.value(de, 3, &[1, 3]), Some(0));
    assert_eq!(facts.direct_encounter_tiers(&[1, 3]), [vec![1], vec![3]]);
    // {1, 2, 4}: 2 drew with 4 (round 1) and with 1 (round 3): 1 point; 1 and 4 never
    // met, each has ½ and could reach 1½. 2's 1 point does not exceed 1½: still tied.
    assert_eq!(facts.value(de, 2, &[1, 2, 4]), Some(2));
    assert_eq!(facts.value(de, 1, &[1, 2, 4]), Some(1));
    assert_eq!(facts.direct_encounter_tiers(&[1, 2, 4]), [vec![2, 1, 4]]);
}

fn ranks(t: &Tournament, ids: &[&str]) -> Vec<(u32, String)> {
    let chain: Vec<TieBreak> = ids.iter().map(|i| TieBreak::parse(i).unwrap()).collect();
    let r = rating(t);
    standings::standings(t, &chain, &r)
        .into_iter()
        .map(|s| (s.start_no, s.rank_label))
        .collect()
}

#[test]
fn seed_003_chain_orders_the_tied_group() {
    let t = tournament();
    // 1, 2 and 4 have 3 points. BH-C1ᵛ: 2 → 7½, 1 → 7, 4 → 6½.
    let expected = [(2, "1"), (1, "2"), (4, "3"), (3, "4"), (5, "5")];
    let got = ranks(&t, &["bh-c1-virtual", "bh-c2-virtual", "sb-virtual", "gs"]);
    assert_eq!(got, expected.map(|(s, l)| (s, l.to_string())));
    // FIDE 2023: BH-C1 4 → 9, 2 → 7½, 1 → 6.
    let expected = [(4, "1"), (2, "2"), (1, "3"), (3, "4"), (5, "5")];
    let got = ranks(&t, &["bh-c1", "bh-c2", "sb", "gs"]);
    assert_eq!(got, expected.map(|(s, l)| (s, l.to_string())));
}

#[test]
fn ranks_are_shared_only_when_the_whole_chain_ties() {
    let t = tournament();
    let shared = |ids: &[&str]| ranks(&t, ids);
    assert_eq!(
        shared(&[]),
        [(1, "1–3"), (2, "1–3"), (4, "1–3"), (3, "4"), (5, "5")].map(|(s, l)| (s, l.to_string()))
    );
    // WON separates 4 (0) from 1 and 2 (2 each); DE between 1 and 2 is a draw: still shared.
    assert_eq!(
        shared(&["won", "de"]),
        [(1, "1–2"), (2, "1–2"), (4, "3"), (3, "4"), (5, "5")].map(|(s, l)| (s, l.to_string()))
    );
    // PS then breaks it: 1 → 8½, 2 → 7.
    assert_eq!(
        shared(&["won", "de", "ps"]),
        [(1, "1"), (2, "2"), (4, "3"), (3, "4"), (5, "5")].map(|(s, l)| (s, l.to_string()))
    );
}

#[test]
fn standings_carry_tie_break_values_in_chain_order() {
    let t = tournament();
    let chain: Vec<TieBreak> = ["bh", "tpr"]
        .iter()
        .map(|i| TieBreak::parse(i).unwrap())
        .collect();
    let r = rating(&t);
    let rows = standings::standings(&t, &chain, &r);
    let first = &rows[0];
    // BH applies within the 3-point group {1, 2, 4}: 9, 9, 10½ → 4 first, TPR 1850.
    assert_eq!(first.start_no, 4);
    assert_eq!(first.tiebreaks, vec![Some(21), Some(1850)]);
}

// ---------------------------------------------------------------- result entry

use crate::util;

use ratingbook::tournament::results::{apply, parse_round_file};

const CSV: &str = "data/tournaments/2025/small-swiss.csv";

fn fixture_csv() -> String {
    std::fs::read_to_string(Path::new(SWISS).join(CSV)).unwrap()
}

/// The fixture with round `round`'s cells emptied, except for players in `keep`.
fn blank_round(text: &str, round: usize, keep: &[u32]) -> String {
    text.lines()
        .enumerate()
        .map(|(i, line)| {
            let mut fields: Vec<&str> = line.split(',').collect();
            let no: u32 = fields[0].parse().unwrap_or(0);
            if i > 0 && !keep.contains(&no) {
                fields[2 + round] = "";
            }
            fields.join(",") + "\n"
        })
        .collect()
}

fn entered(
    before: &str,
    round: u32,
    codes: &str,
) -> Result<String, Vec<ratingbook::diagnostic::Diagnostic>> {
    let lines = parse_round_file(codes, Path::new("r.txt"))?;
    apply(
        before,
        Path::new("t.csv"),
        Path::new("r.txt"),
        round,
        4,
        &lines,
    )
}

#[test]
fn codes_round_trip_to_the_crosstable() {
    let original = fixture_csv();
    // Round 3: 1–2 draw (code 0), 5 did not come against 4 (code 3 with 4 white), 3 has the bye.
    let before = blank_round(&original, 3, &[]);
    assert_ne!(before, original);
    assert_eq!(
        entered(&before, 3, "# round 3\n1 2 0\n4 5 3\nbye 3\n").unwrap(),
        original
    );
    // Round 4: player 1's requested H stays untouched; 2 beats 5 (1), 3–4 draw (0).
    let before = blank_round(&original, 4, &[1]);
    assert_eq!(entered(&before, 4, "2 5 1\n3 4 0\n").unwrap(), original);
}

#[test]
fn every_code_writes_the_seed_003_cells() {
    let before = "no,player,1\n1,a,\n2,b,\n";
    // Line `2 1 CODE`: player 2 has white, player 1 black.
    let expect = [
        (0, "2 b =", "1 w ="),
        (1, "2 b 0", "1 w 1"),
        (2, "2 b 1", "1 w 0"),
        (3, "2 b -", "1 w +"),
        (4, "2 b +", "1 w -"),
        (5, "2 b -", "1 w -"),
    ];
    for (code, black_cell, white_cell) in expect {
        let lines = parse_round_file(&format!("2 1 {code}"), Path::new("r.txt")).unwrap();
        let out = apply(before, Path::new("t.csv"), Path::new("r.txt"), 1, 1, &lines).unwrap();
        assert_eq!(
            out,
            format!("no,player,1\n1,a,{black_cell}\n2,b,{white_cell}\n"),
            "code {code}"
        );
    }
}

#[test]
fn a_missing_round_column_is_added_and_crlf_kept() {
    let before = "no,player,rating,1\r\n1,a,,2 w 1\r\n2,b,1500,1 b 0\r\n3,c,,bye\r\n";
    let lines = parse_round_file("3 1 2\nbye 2\n", Path::new("r.txt")).unwrap();
    let out = apply(before, Path::new("t.csv"), Path::new("r.txt"), 2, 3, &lines).unwrap();
    assert_eq!(
        out,
        "no,player,rating,1,2\r\n1,a,,2 w 1,3 b 1\r\n2,b,1500,1 b 0,bye\r\n3,c,,bye,1 w 0\r\n"
    );
}

#[test]
fn bad_codes_and_impossible_pairs_name_the_line() {
    let bad = parse_round_file("1 2 0\n3 4 7\nx y\n5 5 1\n", Path::new("r.txt")).unwrap_err();
    let lines: Vec<_> = bad.iter().map(|d| d.location()).collect();
    assert_eq!(lines, ["r.txt:2", "r.txt:3", "r.txt:4"]);
    assert!(bad[0].message.contains("`7` is not a result code"));

    let original = fixture_csv();
    let before = blank_round(&original, 4, &[1]);
    // Player 9 does not exist; player 2 is paired twice; player 1 already has H.
    let errors = entered(&before, 4, "2 9 1\n2 3 0\n1 5 0\n").unwrap_err();
    let shown: Vec<String> = errors
        .iter()
        .map(|d| format!("{}: {}", d.location(), d.message))
        .collect();
    assert!(
        shown
            .iter()
            .any(|m| m.starts_with("r.txt:1: start number 9")),
        "{shown:?}"
    );
    assert!(
        shown
            .iter()
            .any(|m| m.starts_with("r.txt:2: player 2 is already paired on line 1")),
        "{shown:?}"
    );
    assert!(
        shown
            .iter()
            .any(|m| m.starts_with("r.txt:3: player 1 already has `H`")),
        "{shown:?}"
    );
    // A round outside the tournament.
    assert!(entered(&before, 5, "2 5 1\n").is_err());
}

#[test]
fn the_command_rewrites_the_file_or_nothing() {
    let dir = tempfile::tempdir().unwrap();
    util::copy_tree(Path::new(SWISS), dir.path());
    let csv = dir.path().join(CSV);
    let original = fixture_csv();
    std::fs::write(&csv, blank_round(&original, 4, &[1])).unwrap();
    let codes = dir.path().join("4.txt");
    std::fs::write(&codes, "2 5 1\n3 4 9\n").unwrap();
    let run = |codes: &Path| {
        std::process::Command::new(util::binary())
            .args(["--message-format", "plain", "results", "add"])
            .arg(dir.path().join("data/tournaments/2025/small-swiss.toml"))
            .args(["--round", "4", "--from"])
            .arg(codes)
            .output()
            .unwrap()
    };
    let failed = run(&codes);
    assert!(!failed.status.success());
    let stderr = String::from_utf8_lossy(&failed.stderr);
    assert!(stderr.contains("4.txt:2"), "{stderr}");
    assert_eq!(
        std::fs::read_to_string(&csv).unwrap(),
        blank_round(&original, 4, &[1])
    );
    std::fs::write(&codes, "2 5 1\n3 4 0\n").unwrap();
    let ok = run(&codes);
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    assert_eq!(std::fs::read_to_string(&csv).unwrap(), original);
    // No temporary files left behind.
    let leftovers = std::fs::read_dir(csv.parent().unwrap()).unwrap().count();
    assert_eq!(leftovers, 2);
}

// ---------------------------------------------------------------- history checks

const HISTORY: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/standings/history"
);

fn history_diagnostics() -> Vec<ratingbook::diagnostic::Diagnostic> {
    ratingbook::check_repository(Path::new(HISTORY)).diagnostics
}

#[test]
fn history_warnings_point_at_row_and_round() {
    let all = history_diagnostics();
    let warnings: Vec<String> = all
        .iter()
        .filter(|d| !d.is_error() && d.file.ends_with("bad-swiss.csv"))
        .map(|d| format!("{} {}", d.location(), d.message))
        .collect();
    let f = "data/tournaments/2025/bad-swiss.csv";
    let expected = [
        format!("{f}:2:6 round 3: player 1 has 3 more white games than black"),
        format!("{f}:2:6 round 3: player 1 has white for the 3rd game in a row"),
        format!("{f}:2:7 round 4: players 1 and 2 meet again (they played in round 1)"),
        format!("{f}:2:8 round 5: players 1 and 4 meet again (they played in round 3)"),
        format!("{f}:3:6 round 3: player 2 gets the bye after already scoring a point without playing in round 2"),
        format!("{f}:4:8 round 5: player 3 gets pairing-allocated bye number 2 (at most 1)"),
        format!("{f}:6:8 round 5: player 5 has 3 more black games than white"),
        format!("{f}:6:8 round 5: player 5 has black for the 3rd game in a row"),
    ];
    assert_eq!(warnings, expected);
    // Every history warning has a field (the round) and a hint.
    assert!(all
        .iter()
        .filter(|d| d.file.ends_with("bad-swiss.csv"))
        .all(|d| d.field.is_some() && d.hint.is_some()));
}

#[test]
fn round_robin_cycles_repeat_and_rest_without_warnings() {
    let all = history_diagnostics();
    let rr: Vec<_> = all
        .iter()
        .filter(|d| d.file.to_string_lossy().contains("double-round-robin"))
        .collect();
    assert!(rr.is_empty(), "{rr:?}");
}

#[test]
fn unknown_tie_break_ids_are_errors_with_suggestions() {
    let all = history_diagnostics();
    let d = all
        .iter()
        .find(|d| d.message.contains("unknown tie-break"))
        .expect("reported");
    assert!(d.is_error());
    assert!(d.file.ends_with("bad-swiss.toml"));
    assert_eq!(d.message, "unknown tie-break `bhc2`");
    assert_eq!(d.field.as_deref(), Some("tiebreaks"));
    let hint = d.hint.as_deref().unwrap();
    assert!(hint.starts_with("did you mean `bh-c2`?"), "{hint}");
    assert!(
        hint.contains("bh-c1-virtual") && hint.contains("tpr"),
        "{hint}"
    );
    assert!(all
        .iter()
        .any(|d| d.field.as_deref() == Some("language") && !d.is_error()));
}

#[test]
fn unknown_ids_in_the_config_are_reported() {
    let dir = tempfile::tempdir().unwrap();
    util::copy_tree(Path::new(SWISS), dir.path());
    std::fs::write(
        dir.path().join("ratingbook.toml"),
        "[standings]\ntiebreaks = [\"bh-c1\", \"buchholz\"]\n",
    )
    .unwrap();
    let all = ratingbook::check_repository(dir.path()).diagnostics;
    let d = all
        .iter()
        .find(|d| d.message == "unknown tie-break `buchholz`")
        .expect("reported");
    assert!(d.file.ends_with("ratingbook.toml"));
    assert_eq!(d.field.as_deref(), Some("standings.tiebreaks"));
}

// ---------------------------------------------------------------- starting ranks and collation

use ratingbook::collation;
use ratingbook::standings::starting::{sort_starting, StartingEntry};

fn unrated(key: usize, name: &str, licence: u32) -> StartingEntry {
    StartingEntry {
        key,
        half_points: 0,
        international: None,
        national: None,
        name: name.to_string(),
        licence: Some(licence),
    }
}

fn order(language: &str, names: &[&str]) -> Vec<String> {
    let mut entries: Vec<StartingEntry> = names
        .iter()
        .enumerate()
        .map(|(i, n)| unrated(i, n, 100 + i as u32))
        .collect();
    sort_starting(language, &mut entries);
    entries.into_iter().map(|e| e.name).collect()
}

#[test]
fn turkish_names_sort_and_upper_case_correctly() {
    let names = [
        "Zeynep Ova",
        "Özgür Yılmaz",
        "IŞIL Kaya",
        "İpek Ünal",
        "ıŞIK İLKER",
        "ÇAĞLAR Demir",
        "Cem Aydın",
        "Oğuz Şen",
    ];
    // Turkish alphabet: c < ç < ... < ı < i < ... < o < ö < ... < z.
    assert_eq!(
        order("tr", &names),
        [
            "Cem Aydın",
            "ÇAĞLAR Demir",
            "ıŞIK İLKER",
            "IŞIL Kaya",
            "İpek Ünal",
            "Oğuz Şen",
            "Özgür Yılmaz",
            "Zeynep Ova",
        ]
    );
    // The root order puts Ç with C (before Cem), unlike Turkish.
    assert_eq!(order("en", &names)[0], "ÇAĞLAR Demir");
    assert_eq!(collation::uppercase("tr", "ıŞIK İLKER"), "IŞIK İLKER");
    assert_eq!(collation::uppercase("tr", "çağlar"), "ÇAĞLAR");
    assert_eq!(collation::uppercase("tr", "özgür"), "ÖZGÜR");
    assert_eq!(collation::uppercase("tr", "ışıl"), "IŞIL");
    assert_eq!(collation::uppercase("tr", "ilker"), "İLKER");
    assert_eq!(collation::uppercase("fi", "ilker"), "ILKER");
}

#[test]
fn finnish_puts_a_ring_a_umlaut_and_o_umlaut_after_z() {
    let names = [
        "Öhman",
        "Zetterberg",
        "Åberg",
        "Ärväs",
        "Aho",
        "Wiik",
        "Vainio",
    ];
    assert_eq!(
        order("fi", &names),
        [
            "Aho",
            "Vainio",
            "Wiik",
            "Zetterberg",
            "Åberg",
            "Ärväs",
            "Öhman"
        ]
    );
    assert!(collation::sort_key("fi", "Öhman") > collation::sort_key("fi", "Zetterberg"));
    assert_eq!(
        collation::compare("fi", "Ärväs", "Åberg"),
        std::cmp::Ordering::Greater
    );
}

#[test]
fn starting_ranks_follow_seed_003_criteria() {
    let mut entries = vec![
        unrated(0, "Berg", 7),
        StartingEntry {
            national: Some(1700),
            ..unrated(1, "Zorn", 9)
        },
        StartingEntry {
            international: Some(1800),
            ..unrated(2, "Young", 8)
        },
        unrated(3, "Berg", 3),
        StartingEntry {
            half_points: 2,
            ..unrated(4, "Last", 99)
        },
    ];
    sort_starting("en", &mut entries);
    let keys: Vec<usize> = entries.iter().map(|e| e.key).collect();
    // points, then international, then national, then name, then licence (3 before 7).
    assert_eq!(keys, [4, 2, 1, 3, 0]);
}

#[test]
fn the_turkish_sample_page_shows_upper_cased_starting_list_and_the_page_languages_colours() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("site");
    ratingbook::build_repository(root, &out, &|| {}).unwrap();
    let md = std::fs::read_to_string(out.join("tournaments/izmir-acik-2026.md")).unwrap();
    let starting = md
        .split("## Starting list")
        .nth(1)
        .unwrap()
        .split("## ")
        .next()
        .unwrap();
    let names: Vec<&str> = starting
        .lines()
        .filter_map(|l| l.split(" | ").nth(2))
        .filter(|n| n.chars().any(char::is_alphabetic) && *n != "Name")
        .collect();
    assert_eq!(
        names,
        [
            "ÖZGÜR YILMAZ",
            "ZEYNEP OVA",
            "CEM AYDIN",
            "ÇAĞLAR DEMİR",
            "IŞIK İLKER",
            "IŞIL KAYA",
            "İPEK ÜNAL",
            "OĞUZ ŞEN"
        ]
    );
    // The page is in English (site.language = "en"): w = white, b = black, as on
    // every other page, whatever the language of the names (round 1 white, round 2 black).
    assert!(md.contains("| 1 | Özgür Yılmaz | 5w 1 | 2b ½ |"), "{md}");
    assert!(md.contains("colour (w = white, b = black)"), "{md}");
    // A bye reads the same in both crosstables: the word and its points.
    assert!(md.matches("| bye 1 |").count() >= 2, "{md}");
    assert!(md.contains("| # | No | Player | Pts | BH-C1ᵛ | BH-C2ᵛ | SBᵛ | GS |"));
    let html = std::fs::read_to_string(out.join("tournaments/izmir-acik-2026.html")).unwrap();
    assert!(html.contains("Starting list") && html.contains("Crosstable by start number"));
    assert!(html.contains("<abbr title=\"Buchholz Cut 1"), "{html}");
    assert_eq!(
        html.matches("colour: w = white, b = black").count(),
        2,
        "{html}"
    );
}

#[test]
fn entering_a_round_cannot_break_an_existing_pairing() {
    // Row 3 already says it played 1 in round 2; the file pairs 1 with 2.
    let before = "no,player,1,2\n1,a,2 w 1,\n2,b,1 b 0,\n3,c,bye,1 w 1\n4,d,,\n";
    let lines = parse_round_file("1 2 0\n", Path::new("r.txt")).unwrap();
    let errors = apply(before, Path::new("t.csv"), Path::new("r.txt"), 2, 2, &lines).unwrap_err();
    assert_eq!(errors[0].location(), "r.txt:1");
    assert!(
        errors[0].message.contains("already pairs 3 with 1"),
        "{errors:?}"
    );
}

#[test]
fn the_command_warns_about_pairing_rules_after_writing() {
    let dir = tempfile::tempdir().unwrap();
    util::copy_tree(Path::new(SWISS), dir.path());
    let csv = dir.path().join(CSV);
    std::fs::write(&csv, blank_round(&fixture_csv(), 4, &[1])).unwrap();
    let codes = dir.path().join("4.txt");
    // 2 meets 4 again (they played in round 1): written, with a warning.
    std::fs::write(&codes, "2 4 1\n3 5 0\n").unwrap();
    let run = std::process::Command::new(util::binary())
        .args(["--message-format", "plain", "results", "add"])
        .arg(&csv)
        .args(["--round", "4", "--from"])
        .arg(&codes)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{stderr}");
    assert!(
        stderr.contains("warning: ") && stderr.contains("players 2 and 4 meet again"),
        "{stderr}"
    );
    assert!(std::fs::read_to_string(&csv)
        .unwrap()
        .contains("2,berg-b,1900,4 w =,3 b 1,1 b =,4 w 1"));
}

#[test]
fn rounds_not_yet_played_do_not_count_as_unplayed() {
    // The same event after round 2: rounds 3 and 4 are empty for everyone, so the
    // virtual opponent of 4's round-2 bye is worth 1 (before) + 0 (no later round).
    let mut t = tournament();
    for e in &mut t.entries {
        e.cells[2] = ratingbook::model::Cell::Absent;
        e.cells[3] = ratingbook::model::Cell::Absent;
    }
    let r = rating(&t);
    let facts = Facts::new(&t, &r);
    assert_eq!(facts.rounds, 2);
    let bh = TieBreak::parse("bh-virtual").unwrap();
    // 4: R1 vs 2 (2 after two rounds: ½ + 1 = 3 halves) + R2 bye (1 + 0 = 1) = 4 halves.
    assert_eq!(facts.value(bh, 4, &[4]), Some(4));
    // FIDE: the dummy is 4's own score after two rounds (3 halves): 3 + 3 = 6.
    let bh = TieBreak::parse("bh").unwrap();
    assert_eq!(facts.value(bh, 4, &[4]), Some(6));
}

fn any_cell(code: u32) -> ratingbook::model::Cell {
    use ratingbook::model::{Bye, Cell, Colour, GameResult};
    let results = [
        GameResult::Win,
        GameResult::Draw,
        GameResult::Loss,
        GameResult::ForfeitWin,
        GameResult::ForfeitLoss,
    ];
    match code % 10 {
        0 => Cell::Absent,
        1 => Cell::Bye(Bye::PairingAllocated),
        2 => Cell::Bye(Bye::Half),
        3 => Cell::Bye(Bye::Zero),
        _ => Cell::Game {
            // Opponents 1..=7: some are not in the table, some are the player itself.
            opponent: (code / 10) % 7 + 1,
            colour: [None, Some(Colour::White), Some(Colour::Black)][(code / 70) as usize % 3],
            result: results[(code / 210) as usize % 5],
        },
    }
}

proptest::proptest! {
    /// Any crosstable, even an inconsistent one, gives standings and history checks without panicking.
    #[test]
    fn standings_and_history_never_panic(codes in proptest::collection::vec(0u32..2000, 20)) {
        let mut t = tournament();
        for (i, e) in t.entries.iter_mut().enumerate() {
            for r in 0..4 {
                e.cells[r] = any_cell(codes[i * 4 + r]);
            }
        }
        let chain: Vec<TieBreak> = TieBreak::all_ids().iter().filter_map(|i| TieBreak::parse(i)).collect();
        let r = rating(&t);
        let rows = standings::standings(&t, &chain, &r);
        proptest::prop_assert_eq!(rows.len(), 5);
        proptest::prop_assert!(rows.iter().all(|s| s.tiebreaks.len() == chain.len()));
        let _ = ratingbook::check::check_history(&t);
    }
}

#[test]
fn the_command_reads_scores_and_echoes_each_game() {
    let dir = tempfile::tempdir().unwrap();
    util::copy_tree(Path::new(SWISS), dir.path());
    let csv = dir.path().join(CSV);
    let original = fixture_csv();
    std::fs::write(&csv, blank_round(&original, 3, &[])).unwrap();
    let codes = dir.path().join("3.txt");
    let run = |codes: &Path| {
        std::process::Command::new(util::binary())
            .args(["--message-format", "plain", "results", "add"])
            .arg(dir.path().join("data/tournaments/2025/small-swiss.toml"))
            .args(["--round", "3", "--from"])
            .arg(codes)
            .output()
            .unwrap()
    };
    // An unknown form: file:line and every accepted form; nothing written.
    std::fs::write(&codes, "1 2 ½-½\n4 5 1:0\nbye 3\n").unwrap();
    let failed = run(&codes);
    assert_eq!(failed.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&failed.stderr);
    assert!(
        stderr.contains("3.txt:2: `1:0` is not a result code or score"),
        "{stderr}"
    );
    assert!(
        stderr.contains("1-0, 0-1, ½-½ (also =, 1/2-1/2, 0.5-0.5), +- (black did not come)"),
        "{stderr}"
    );
    assert!(failed.stdout.is_empty());
    assert_eq!(
        std::fs::read_to_string(&csv).unwrap(),
        blank_round(&original, 3, &[])
    );
    // Scores write the same cells as the association's codes 0 and 3.
    std::fs::write(&codes, "1 2 ½-½\n4 5 +-\nbye 3\n").unwrap();
    let ok = run(&codes);
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    assert_eq!(std::fs::read_to_string(&csv).unwrap(), original);
    assert_eq!(
        String::from_utf8_lossy(&ok.stdout),
        "board 1: Aalto A (1, white) – Berg B (2, black): ½-½, draw\n\
         board 2: Dahl D (4, white) – Eno E (5, black): +-, black did not come: white wins by forfeit\n\
         bye: Cedar C (3): pairing-allocated bye, 1 point\n"
    );
}

// FIDE's performance rating Rp = Ra + dp(p) over the games played over the
// board against rated opponents (player 5 is unrated; byes and forfeits are
// not games), dp from FIDE's table (rating regulations, table 8.1a):
// p .75 → 193, .67 → 125, .50 → 0, .17 → −273, 0 → −800.
// 1: 3 (1800) won, 2 (1900) drawn: 1½/2 = .75, Ra 1850 → 2043.
// 2: 4 (1700) drawn, 3 (1800) won, 1 (2000) drawn: 2/3 = .67, Ra 1833 → 1958.
// 3: 1 (2000) lost, 2 (1900) lost, 4 (1700) drawn: ½/3 = .17, Ra 1867 → 1594.
// 4: 2 (1900) drawn, 3 (1800) drawn (round 3 was a forfeit): .50, Ra 1850 → 1850.
// 5: 1 (2000) lost, 2 (1900) lost: 0, Ra 1950 → 1150.
#[test]
fn performance_ratings_from_fides_table() {
    let t = tournament();
    let rating = rating(&t);
    let rp: Vec<Option<i64>> = (1..=5)
        .map(|s| standings::performance(&t, s, &rating))
        .collect();
    assert_eq!(
        rp,
        [Some(2043), Some(1958), Some(1594), Some(1850), Some(1150)]
    );
    // Without ratings there is no performance.
    assert_eq!(standings::performance(&t, 1, &|_| None), None);
}

// After round 2 (R1: 1 beat 3, 2–4 drawn, 5 bye; R2: 5 lost to 1, 3 lost to
// 2, 4 bye): 1 has 2, 2 has 1½, 4 has 1½, 5 has 1, 3 has 0. The standings
// of the cut table are those of a table that ended there.
#[test]
fn standings_after_a_round_count_only_the_rounds_so_far() {
    let t = tournament();
    let rating = rating(&t);
    let chain = standings::parse_chain(&["bh".to_string()]);
    let after = standings::standings_after(&t, 2, &chain, &rating);
    let points: Vec<(u32, u32)> = after.iter().map(|s| (s.start_no, s.half_points)).collect();
    assert_eq!(points[0], (1, 4));
    assert_eq!(points.last(), Some(&(3, 0)));
    let mut tied: Vec<u32> = points.iter().filter(|p| p.1 == 3).map(|p| p.0).collect();
    tied.sort_unstable();
    assert_eq!(tied, [2, 4]);
    assert_eq!(
        standings::standings(&standings::after_round(&t, 2), &chain, &rating),
        after
    );
    // Published places number tied players apart, in the order listed.
    let places = standings::published_places(&t, &chain, &rating);
    let mut seen: Vec<u32> = places.values().copied().collect();
    seen.sort_unstable();
    assert_eq!(seen, [1, 2, 3, 4, 5]);
}
