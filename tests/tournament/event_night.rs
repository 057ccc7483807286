//! A 30-player, 7-round Swiss run only through commands, in a repository
//! made by `init --empty`: registration, a forbidden pairing, pairing, result
//! entry, a late entry, a withdrawal and a correction. Every round's pairing
//! is the engine's: the same round paired from the event's TRF export (with
//! its forbidden pair as an `XXP` line and the withdrawn player marked
//! absent) by `pair` on the file, FIDE's endorsed path. `check` and `build`
//! pass after each round.

use crate::util;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

const EVENT: &str = "data/tournaments/2026/club-swiss-2026";
const ROUNDS: u32 = 7;
/// Players at the start (the late entrant makes 30).
const REGISTERED: u32 = 29;

fn run(root: &Path, args: &[&str]) -> (bool, String, String) {
    let out = Command::new(util::binary())
        .args(args)
        .current_dir(root)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn ok(root: &Path, args: &[&str]) -> String {
    let (success, stdout, stderr) = run(root, args);
    assert!(
        success,
        "`ratingbook {}` failed:\n{stdout}\n{stderr}",
        args.join(" ")
    );
    stdout
}

/// Player `i`'s id and rating: 2500 down in steps of 20 (player 31 is the
/// late entrant, rated 2350, between players 8 and 9).
fn player(i: u32) -> (String, u32) {
    let rating = if i == 31 { 2350 } else { 2500 - 20 * (i - 1) };
    (format!("player-{i:02}"), rating)
}

/// Each player's cell in `round` (from 1), by start number.
fn round_cells(root: &Path, round: u32) -> BTreeMap<u32, String> {
    let text = std::fs::read_to_string(root.join(format!("{EVENT}.csv"))).unwrap();
    text.lines()
        .skip(1)
        .map(|line| {
            let fields: Vec<&str> = line.split(',').collect();
            (
                fields[0].parse().unwrap(),
                fields[3 + round as usize - 1].to_string(),
            )
        })
        .collect()
}

/// The boards of `round` as the crosstable holds them: `(white, black)`,
/// and the pairing-allocated bye.
fn boards(root: &Path, round: u32) -> (Vec<(u32, u32)>, Option<u32>) {
    let mut boards = Vec::new();
    let mut bye = None;
    for (no, cell) in round_cells(root, round) {
        let parts: Vec<&str> = cell.split(' ').collect();
        match parts.as_slice() {
            [opponent, "w", _] => boards.push((no, opponent.parse().unwrap())),
            ["bye"] => bye = Some(no),
            _ => {}
        }
    }
    boards.sort();
    (boards, bye)
}

/// The engine's pairing of the next round from the event's TRF export:
/// `forbidden` start numbers as an `XXP` line, `withdrawn` marked absent
/// (`0000 - -`) in `round`. The boards in the engine's board order.
fn engine_pairing(
    root: &Path,
    round: u32,
    forbidden: (u32, u32),
    withdrawn: Option<u32>,
) -> (Vec<(u32, u32)>, Option<u32>) {
    let trf = ok(root, &["export-trf", EVENT]);
    let mut lines: Vec<String> = trf.lines().map(str::to_string).collect();
    if let Some(absent) = withdrawn {
        let start = 91 + (round as usize - 1) * 10;
        for line in lines.iter_mut().filter(|l| l.starts_with("001")) {
            if line[4..8].trim().parse::<u32>().unwrap() == absent {
                while line.len() < start + 8 {
                    line.push(' ');
                }
                line.replace_range(start..start + 8, "0000 - -");
            }
        }
    }
    lines.push(format!("XXP {} {}", forbidden.0, forbidden.1));
    let file = root.join("next.trf");
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    let pairs = ok(root, &["pair", "next.trf", "--round", &round.to_string()]);
    let mut boards = Vec::new();
    let mut bye = None;
    for line in pairs.lines().skip(1) {
        let (a, b) = line.split_once(' ').unwrap();
        let (a, b): (u32, u32) = (a.parse().unwrap(), b.parse().unwrap());
        if b == 0 {
            bye = Some(a);
        } else {
            boards.push((a, b));
        }
    }
    (boards, bye)
}

/// The results of a round: the higher-rated player (the better start
/// number) wins, unless the start numbers and round add up to a multiple
/// of 4 (a draw).
fn results_of(paired: &[(u32, u32)], round: u32) -> String {
    paired
        .iter()
        .map(|&(w, b)| {
            let score = if (w + b + round).is_multiple_of(4) {
                "½-½"
            } else if w < b {
                "1-0"
            } else {
                "0-1"
            };
            format!("{w} {b} {score}\n")
        })
        .collect()
}

/// A cell's points, by the crosstable's notation: a game's result, a
/// half-point (`H`), zero-point (`Z`) or full-point (`F`) bye, the
/// pairing-allocated bye (a point, FIDE's default), nothing when not paired.
fn cell_points(cell: &str) -> f64 {
    match cell.trim() {
        "" | "Z" => 0.0,
        "H" => 0.5,
        "F" | "bye" => 1.0,
        game => match game.split(' ').next_back().unwrap_or("") {
            "1" | "+" => 1.0,
            "½" | "=" => 0.5,
            _ => 0.0,
        },
    }
}

/// Points as the site writes them: `3`, `3½`, `½`.
fn points_text(points: f64) -> String {
    let whole = points.trunc() as u32;
    match (whole, points.fract() > 0.0) {
        (0, true) => "½".to_string(),
        (w, true) => format!("{w}½"),
        (w, false) => w.to_string(),
    }
}

/// The site after `round`, checked against the crosstable the commands
/// wrote: the event page links every round so far; the round's page lists
/// every board of the crosstable with its result, and its standings give
/// each player the points of the rounds so far; every player's card ends
/// on that running score.
fn assert_site_after_round(root: &Path, site: &Path, round: u32) {
    use util::event_site::{card, cards_page, event_page, round_page, table_rows};
    let id = "club-swiss-2026";
    let event = event_page(site, id);
    for r in 1..=round {
        let link = format!("tournaments/{id}/round-{r}.html\"");
        assert!(
            event.contains(&link),
            "round {round}: the event page lacks {link}"
        );
    }
    let page = round_page(site, id, round);
    let (boards, _) = boards(root, round);
    let shown: Vec<(u32, u32)> = {
        let mut shown: Vec<(u32, u32)> = table_rows(&page, "pairings", 0)
            .iter()
            .map(|row| {
                assert_ne!(row[5], "?", "round {round}: a result to come: {row:?}");
                (row[1].parse().unwrap(), row[9].parse().unwrap())
            })
            .collect();
        shown.sort();
        shown
    };
    assert_eq!(shown, boards, "round {round}: the boards on the round page");
    let mut totals: BTreeMap<u32, f64> = BTreeMap::new();
    for r in 1..=round {
        for (no, cell) in round_cells(root, r) {
            *totals.entry(no).or_default() += cell_points(&cell);
        }
    }
    let standings = table_rows(&page, "standings", 0);
    assert_eq!(
        standings.len(),
        totals.len(),
        "round {round}: standings rows"
    );
    for row in &standings {
        let no: u32 = row[1].parse().unwrap();
        assert_eq!(
            row[4],
            points_text(totals[&no]),
            "round {round}: points of No {no}"
        );
    }
    let cards = cards_page(site, id);
    for (no, total) in &totals {
        let rows = table_rows(card(&cards, *no), "card-rounds", 0);
        let last = rows
            .last()
            .unwrap_or_else(|| panic!("round {round}: No {no}'s card is empty"));
        assert_eq!(
            last[6],
            points_text(*total),
            "round {round}: No {no}'s card"
        );
    }
}

#[test]
fn a_thirty_player_swiss_runs_through_commands() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("club");
    let (success, _, stderr) = run(dir.path(), &["init", "club", "--empty"]);
    assert!(success, "{stderr}");
    for i in 1..=31 {
        let (id, rating) = player(i);
        ok(
            &root,
            &["new", "player", &format!("Player {i:02}"), "--id", &id],
        );
        util::edit(
            &root,
            &format!("data/players/{id}.toml"),
            "# international_rating = 1898",
            &format!("international_rating = {rating}"),
        );
    }
    ok(
        &root,
        &[
            "new",
            "tournament",
            "--name",
            "Club Swiss",
            "--start",
            "2026-03-07",
            "--end",
            "2026-03-29",
            "--system",
            "swiss",
            "--rounds",
            "7",
        ],
    );
    // Registered in no particular order; start numbers follow the ratings.
    let mut order: Vec<u32> = (1..=REGISTERED).collect();
    order.rotate_left(11);
    order.swap(0, 20);
    let ids: Vec<String> = order.iter().map(|&i| player(i).0).collect();
    let mut args = vec!["event", "register", EVENT];
    args.extend(ids.iter().map(String::as_str));
    ok(&root, &args);
    let csv = std::fs::read_to_string(root.join(format!("{EVENT}.csv"))).unwrap();
    for i in 1..=REGISTERED {
        let (id, rating) = player(i);
        assert!(csv.contains(&format!("\n{i},{id},{rating},")), "{csv}");
    }
    // Start numbers 1 and 15 would meet in round 1 (29 players: the bye to
    // 29, then 1-15, 2-16, …); they are forbidden to meet.
    let forbidden = (1, 15);
    ok(
        &root,
        &["event", "forbid", EVENT, &player(1).0, &player(15).0],
    );
    let late_no = REGISTERED + 1;
    let withdrawn_no = 10;
    let mut withdrawn = None;
    let site = root.join("site");
    for round in 1..=ROUNDS {
        if round == 3 {
            // A late entry before round 3, with the half-point byes the
            // event gives for rounds 1 and 2.
            ok(&root, &["event", "late-entry-bye", EVENT, "half"]);
            let said = run(&root, &["event", "register", EVENT, &player(31).0]).2;
            assert!(said.contains("start number 30"), "{said}");
            let cells = (
                round_cells(&root, 1)[&late_no].clone(),
                round_cells(&root, 2)[&late_no].clone(),
            );
            assert_eq!(cells, ("H".to_string(), "H".to_string()));
        }
        if round == 4 {
            ok(
                &root,
                &[
                    "event",
                    "withdraw",
                    EVENT,
                    &player(withdrawn_no).0,
                    "--from-round",
                    "4",
                ],
            );
            withdrawn = Some(withdrawn_no);
        }
        let expected = engine_pairing(&root, round, forbidden, withdrawn);
        let printed = ok(&root, &["pair", EVENT, "--write"]);
        assert!(
            printed.contains(&format!("Club Swiss: round {round} pairings")),
            "{printed}"
        );
        let (mut engine_boards, engine_bye) = expected.clone();
        let in_order: Vec<(u32, u32)> = engine_boards.clone();
        engine_boards.sort();
        assert_eq!(
            boards(&root, round),
            (engine_boards, engine_bye),
            "round {round}"
        );
        // The round's sheet lists the boards in the engine's board order.
        let sheet = ok(&root, &["round", EVENT, "--round", &round.to_string()]);
        let listed: Vec<(u32, u32)> = sheet
            .lines()
            .skip(4)
            .filter(|l| !l.starts_with("Bye"))
            .map(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                (f[1].parse().unwrap(), f[f.len() - 1].parse().unwrap())
            })
            .collect();
        assert_eq!(listed, in_order, "round {round}:\n{sheet}");
        let (paired, _) = boards(&root, round);
        assert!(
            !paired.contains(&forbidden) && !paired.contains(&(forbidden.1, forbidden.0)),
            "round {round}: the forbidden pair meets"
        );
        if let Some(w) = withdrawn {
            assert_eq!(
                round_cells(&root, round)[&w],
                "",
                "round {round}: withdrawn player paired"
            );
        }
        // Pairing again before the results is refused, naming the boards.
        if round < ROUNDS {
            let (success, _, stderr) = run(&root, &["pair", EVENT]);
            assert!(
                !success && stderr.contains("has no result on board 1 ("),
                "{stderr}"
            );
        }
        let file = root.join(format!("round{round}.txt"));
        let mut entered = results_of(&paired, round);
        if round == 4 {
            // Board result typed wrong, corrected below.
            let (w, b) = paired[0];
            entered = entered.replace(&format!("{w} {b} ½-½\n"), &format!("{w} {b} 1-0\n"));
            entered = entered.replace(&format!("{w} {b} 0-1\n"), &format!("{w} {b} 1-0\n"));
        }
        std::fs::write(&file, entered).unwrap();
        ok(
            &root,
            &[
                "results",
                "add",
                &format!("{EVENT}.toml"),
                "--round",
                &round.to_string(),
                "--from",
                file.to_str().unwrap(),
            ],
        );
        if round == 4 {
            let (w, b) = paired[0];
            let said = ok(
                &root,
                &[
                    "results",
                    "set",
                    &format!("{EVENT}.toml"),
                    "--round",
                    "4",
                    &w.to_string(),
                    &b.to_string(),
                    "½-½",
                ],
            );
            assert!(said.contains("½-½, draw"), "{said}");
            assert_eq!(round_cells(&root, 4)[&w], format!("{b} w ="));
            assert_eq!(round_cells(&root, 4)[&b], format!("{w} b ="));
        }
        ok(&root, &["check"]);
        ok(&root, &["build", "--out", site.to_str().unwrap()]);
        assert_site_after_round(&root, &site, round);
    }
    // The late entrant played from round 3; the withdrawn player not from round 4.
    assert!(
        round_cells(&root, 3)[&late_no].contains(" w ")
            || round_cells(&root, 3)[&late_no].contains(" b ")
            || round_cells(&root, 3)[&late_no] == "bye"
    );
    for round in 4..=ROUNDS {
        assert_eq!(round_cells(&root, round)[&withdrawn_no], "");
    }
    let (success, _, stderr) = run(&root, &["pair", EVENT]);
    assert!(
        !success && stderr.contains("all 7 rounds are already paired"),
        "{stderr}"
    );
}
