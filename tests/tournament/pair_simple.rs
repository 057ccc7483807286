//! `ratingbook pair --system`: the systems listed, and an event of five
//! players paired round by round by the Turkish tournament manager's rules
//! (`simple`) with its reports. Every pairing and every standings value
//! below was worked out by hand from the rules' text.
use std::path::Path;
use std::process::Command;
use trf::{Colour, PlayerLine, ResultCode, RoundEntry};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_ratingbook"))
}

const PLAYERS: [(&str, u32, u64); 5] = [
    ("Işık, Ali", 2100, 34500011),
    ("Çelik, İpek", 2100, 34500022),
    ("Şahin, Ömer", 1800, 34500033),
    ("Güneş, Ayşe", 1700, 34500044),
    ("Yılmaz, Can", 0, 34500055),
];

/// One round played: the boards (white, black, white's result) and the bye.
type Round = (Vec<(u32, u32, ResultCode)>, u32);

/// The event with the rounds played so far.
fn write_event(path: &Path, rounds: &[Round]) {
    let mut lines = vec!["012 Kulüp Turnuvası".to_string(), "042 2026/03/14".into()];
    for (i, &(name, rating, fide)) in PLAYERS.iter().enumerate() {
        let no = i as u32 + 1;
        let mut p = PlayerLine::new(no, name);
        p.rating = (rating > 0).then_some(rating);
        p.fide_id = Some(fide);
        for (boards, bye) in rounds {
            let game = |opponent, colour, result| RoundEntry {
                opponent: Some(opponent),
                colour: Some(colour),
                result,
            };
            let entry = boards.iter().find_map(|&(w, b, r)| {
                let lost = match r {
                    ResultCode::Win => ResultCode::Loss,
                    ResultCode::Loss => ResultCode::Win,
                    other => other,
                };
                (w == no)
                    .then(|| game(b, Colour::White, r))
                    .or_else(|| (b == no).then(|| game(w, Colour::Black, lost)))
            });
            p.rounds.push(entry.or_else(|| {
                (*bye == no).then_some(RoundEntry {
                    opponent: None,
                    colour: None,
                    result: ResultCode::PairingBye,
                })
            }));
        }
        lines.push(p.to_line());
    }
    lines.extend(["XXR 3".to_string(), "XXC white1".into()]);
    std::fs::write(path, lines.join("\n") + "\n").unwrap();
}

fn pair(path: &Path) -> String {
    let out = bin()
        .args(["pair", "--system", "simple"])
        .arg(path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn pair_system_lists_every_system() {
    let out = bin().args(["pair", "--system"]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let names: Vec<&str> = text.lines().filter_map(|l| l.split(' ').next()).collect();
    assert_eq!(names, ["dutch", "simple"], "{text}");
    let out = bin()
        .args(["pair", "--system", "swiss-perfect", "x.trf"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let help = bin().args(["pair", "--help"]).output().unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    assert!(
        help.contains("`simple`") && help.contains("`dutch`"),
        "{help}"
    );
}

#[test]
fn pair_simple_event_round_by_round_and_its_reports() {
    use ResultCode::{Draw, Loss, Win};
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("event.trf");
    // Round 1: neighbours 1-2, 3-4, odd ranks white (XXC white1); 5 has the
    // bye.
    write_event(&file, &[]);
    assert_eq!(pair(&file), "3\n1 2\n3 4\n5 0\n");
    let mut played = vec![(vec![(1, 2, Win), (3, 4, Draw)], 5)];
    // Round 2: order 1, 5 (1 point), 3, 4 (½), 2 (0): the bye to 2. 1 and
    // 5 (no colour yet) fit 1.1, but then 3 and 4, who have met, are left:
    // 1 takes the next fitting opponent, 4 (last black: 1.1), and 5 meets 3.
    write_event(&file, &played);
    assert_eq!(pair(&file), "3\n4 1\n5 3\n2 0\n");
    played.push((vec![(4, 1, Loss), (5, 3, Win)], 2));
    // Round 3: 1, 5 (2 points), 2 (1), 3, 4 (½): the bye to 4. 1 (last
    // black) and 5 (last white) alternate: 1-5. 2 and 3 both had black
    // last: by 1.2 2 alternates and 3 repeats black: 2-3.
    write_event(&file, &played);
    assert_eq!(pair(&file), "3\n1 5\n2 3\n4 0\n");
    played.push((vec![(1, 5, Loss), (2, 3, Draw)], 4));
    write_event(&file, &played);
    let out = bin()
        .args(["pair", "--system", "simple", "--report"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(out.status.success());
    let report = String::from_utf8(out.stdout).unwrap();
    let words = |l: &str| l.split_whitespace().collect::<Vec<_>>().join(" ");
    let row = |prefix: &str| {
        report
            .lines()
            .map(words)
            .find(|l| l.starts_with(prefix))
            .unwrap_or_else(|| panic!("no line {prefix:?} in\n{report}"))
    };
    // Names upper-cased by Turkish rules; ELO, UKD 0 (a TRF has one rating).
    assert_eq!(row("1 34500011"), "1 34500011 IŞIK, ALİ 2100 0");
    // Standings: points, BH-1, BH-2, SB, wins. 5's bye in round 1 counts as
    // a virtual opponent with 0 + ½ × 2 = 1 point: opponents 1, 1 (3), 2
    // (1): BH-1 3, BH-2 2, SB 1 + 1 + 2 = 4, two wins over the board. 2
    // and 4 are equal on everything and share places 3-4.
    assert_eq!(row("1 5 "), "1 5 34500055 YILMAZ, CAN 0 0 3 3 2 4 2");
    assert_eq!(row("2 1 "), "2 1 34500011 IŞIK, ALİ 2100 0 2 4,5 3 3 2");
    assert_eq!(
        row("3-4 2 "),
        "3-4 2 34500022 ÇELİK, İPEK 2100 0 1,5 3 2 1 0"
    );
    assert_eq!(
        row("3-4 4 "),
        "3-4 4 34500044 GÜNEŞ, AYŞE 1700 0 1,5 3 2 1 0"
    );
    assert_eq!(row("5 3 "), "5 3 34500033 ŞAHİN, ÖMER 1800 0 1 4,5 3 1,5 0");
    // Crosstable: opponent, colour (b white, s black), result; a bye "- - 1".
    let cross = &report[report.find("Crosstable").unwrap()..];
    let cross_row = |no: &str| {
        cross
            .lines()
            .map(words)
            .find(|l| l.starts_with(no))
            .unwrap()
    };
    assert_eq!(
        cross_row("2 34500022"),
        "2 34500022 ÇELİK, İPEK 2100 0 1 s 0 - - 1 3 b ½ 1,5"
    );
    assert_eq!(
        cross_row("5 34500055"),
        "5 34500055 YILMAZ, CAN 0 0 - - 1 3 b 1 1 s 1 3"
    );
    // The pairing list of round 2 in the order the boards were made.
    let round2 = &report[report.find("Round 2 pairings").unwrap()..];
    let boards: Vec<String> = round2.lines().skip(2).take(3).map(words).collect();
    assert_eq!(
        boards,
        [
            "1 4 GÜNEŞ, AYŞE 0,5 - 1 1 IŞIK, ALİ",
            "2 5 YILMAZ, CAN 1 - 0,5 3 ŞAHİN, ÖMER",
            "2 ÇELİK, İPEK 0 - BYE",
        ]
    );
}
