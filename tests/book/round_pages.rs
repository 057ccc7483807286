//! Round pages, player cards and the standings columns on the sample site,
//! against figures worked by hand from the sample crosstables.
//!
//! Helsinki Open 2006 (swiss, 8 players, 5 rounds, colours recorded; the
//! default chain BH-C1ᵛ, BH-C2ᵛ, SBᵛ, GS):
//!
//! ```text
//! no  R1      R2      R3      R4      R5
//! 1   5 w 1   3 b 1   2 w =   6 w =   4 b =
//! 2   6 w 1   4 b 1   1 b =   5 w 1   3 b 0
//! 3   7 w 1   1 w 0   6 b 1   8 b 1   2 w 1
//! 4   8 w =   2 w 0   5 b 0   7 b 1   1 w =
//! 5   1 b 0   8 b 1   4 w 1   2 b 0   7 w 1
//! 6   2 b 0   7 w 1   3 w 0   1 b =   8 w 1
//! 7   3 b 0   6 b 0   8 w 1   4 w 0   5 b 0
//! 8   4 b =   5 w 0   7 b 0   3 w 0   6 b 0
//! ```
//!
//! After round 2 the scores are 1: 2, 2: 2, 3: 1, 4: ½, 5: 1, 6: 1, 7: 0,
//! 8: ½. No round is unplayed, so the virtual opponent never enters.
//! - 1 and 2 (2 points): opponents 5 and 3 (1, 1) and 6 and 4 (1, ½): BH-C1
//!   1 and 1, BH-C2 0 and 0; SB 1 + 1 = 2 against 1 + ½ = 1½: 1 first.
//! - 5, 3 and 6 (1 point): opponents 1, 8 (2, ½); 7, 1 (0, 2); 2, 7 (2, 0):
//!   BH-C1 2 each, BH-C2 0 each; SB ½ (beat 8), 0 (beat 7), 0 (beat 7): 5
//!   third; 3 and 6 each one win (GS 1): they share 4–5.
//! - 4 and 8 (½): opponents 8, 2 (½, 2) and 4, 5 (½, 1): BH-C1 2 and 1: 4
//!   sixth, 8 seventh; 7 eighth.
//!
//! Round 3's boards, by the higher score before the round, then the sum,
//! then the better start number: 1–2 (2 and 2) ½–½; 6–3 (1 and 1) 0–1;
//! 5–4 (1 and ½) 1–0; 7–8 (0 and ½) 1–0 (white first).
//!
//! Kaikki kaikkia vastaan (round robin, 4 players, 3 rounds; the default
//! round-robin chain DE, WIN, SB, KS): everyone ends on 1½. Direct
//! encounter among all four is the whole table: no help. Wins: 1 (beat 3),
//! 2 (beat 1), 3 (beat 2) one each, 4 none: 4 is fourth. SB for 1, 2 and 3:
//! the beaten opponent's 1½ plus half of 4's 1½ = 2¼ each; Koya: everyone
//! has half the maximum, so each player's whole 1½: 1–3 shared.

use crate::util;
use crate::util::event_site::{card, cards_page, event_page, round_page, table_rows, text};
use std::path::Path;

/// The sample site, built once for this module's tests.
fn site() -> &'static Path {
    static SITE: std::sync::OnceLock<util::OutputFolder> = std::sync::OnceLock::new();
    SITE.get_or_init(|| {
        let out = util::output_folder();
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        ratingbook::build_repository(root, out.path(), &|| {}).unwrap();
        out
    })
    .path()
}

/// Rank, start number, player and points of each standings row.
fn ranks(rows: &[Vec<String>]) -> Vec<[String; 4]> {
    rows.iter()
        .map(|r| [r[0].clone(), r[1].clone(), r[2].clone(), r[4].clone()])
        .collect()
}

fn row(rank: &str, no: &str, player: &str, points: &str) -> [String; 4] {
    [rank, no, player, points].map(String::from)
}

#[test]
fn a_swiss_round_page_shows_the_boards_in_fide_order_and_the_standings_after_it() {
    let page = round_page(site(), "helsinki-open-2006", 3);
    let boards: Vec<Vec<String>> = table_rows(&page, "pairings", 0);
    // Board, No, White, Rating, Pts, Result, Pts, Black, Rating, No.
    let summary: Vec<String> = boards
        .iter()
        .map(|b| format!("{} {}({}) {} ({}){}", b[0], b[1], b[4], b[5], b[6], b[9]))
        .collect();
    assert_eq!(
        summary,
        [
            "1 1(2) ½–½ (2)2",
            "2 6(1) 0–1 (1)3",
            "3 5(1) 1–0 (½)4",
            "4 7(0) 1–0 (½)8"
        ]
    );
    assert!(page.contains(">White</th>") && page.contains(">Black</th>"));
    assert!(page.contains("Soosyrv"), "players are named on the boards");
    let after_two = round_page(site(), "helsinki-open-2006", 2);
    assert!(after_two.contains("Standings after round 2"));
    let standings = table_rows(&after_two, "standings", 0);
    let names = |no: &str| {
        boards_name(&standings, no).unwrap_or_else(|| panic!("no row for start number {no}"))
    };
    assert_eq!(
        ranks(&standings),
        [
            row("1", "1", &names("1"), "2"),
            row("2", "2", &names("2"), "2"),
            row("3", "5", &names("5"), "1"),
            row("4–5", "3", &names("3"), "1"),
            row("4–5", "6", &names("6"), "1"),
            row("6", "4", &names("4"), "½"),
            row("7", "8", &names("8"), "½"),
            row("8", "7", &names("7"), "0"),
        ]
    );
    // Tie-breaks after round 2: BH-C1ᵛ, BH-C2ᵛ, SBᵛ, GS of 1, 2 and 5.
    let tiebreaks = |i: usize| standings[i][5..9].join(" ");
    assert_eq!(tiebreaks(0), "1 0 2 2");
    assert_eq!(tiebreaks(1), "1 0 1½ 2");
    assert_eq!(tiebreaks(2), "2 0 ½ 1");
}

/// The name in the row of start number `no`.
fn boards_name(rows: &[Vec<String>], no: &str) -> Option<String> {
    rows.iter().find(|r| r[1] == no).map(|r| r[2].clone())
}

#[test]
fn the_event_page_links_every_round_and_the_cards() {
    let page = event_page(site(), "helsinki-open-2006");
    for round in 1..=5 {
        assert!(
            page.contains(&format!(
                "<a href=\"../tournaments/helsinki-open-2006/round-{round}.html\">Round {round}</a>"
            )),
            "round {round}"
        );
    }
    assert!(!page.contains("round-6.html"));
    assert!(page.contains("helsinki-open-2006/cards.html\">Player cards</a>"));
    // Each standings row's start number leads to the player's card.
    assert!(page.contains("helsinki-open-2006/cards.html#no-5\" title=\"player card\">5</a>"));
}

#[test]
fn a_card_follows_the_player_round_by_round_with_the_running_score() {
    let cards = cards_page(site(), "helsinki-open-2006");
    // Player 5: lost to 1 with black, beat 8 with black, beat 4 with white,
    // lost to 2 with black, beat 7 with white: 0, 1, 2, 2, 3.
    let five = card(&cards, 5);
    let rows = table_rows(five, "card-rounds", 0);
    let seen: Vec<String> = rows
        .iter()
        .map(|r| format!("{} {} {} {} {}", r[0], r[1], r[4], r[5], r[6]))
        .collect();
    assert_eq!(
        seen,
        [
            "1 1 black 0 0",
            "2 8 black 1 1",
            "3 4 white 1 2",
            "4 2 black 0 2",
            "5 7 white 1 3"
        ]
    );
    assert!(text(five).contains("3 points"));
}

#[test]
fn a_round_robin_defaults_to_fides_round_robin_tie_breaks() {
    let page = event_page(site(), "kaikki-kaikkia-vastaan");
    for label in [">DE</abbr>", ">WIN</abbr>", ">SB</abbr>", ">KS</abbr>"] {
        assert!(page.contains(label), "{label}");
    }
    let standings = table_rows(&page, "standings", 0);
    let ranked: Vec<(String, String)> = standings
        .iter()
        .map(|r| (r[0].clone(), r[1].clone()))
        .collect();
    assert_eq!(
        ranked,
        [("1–3", "1"), ("1–3", "2"), ("1–3", "3"), ("4", "4")].map(|(a, b)| (a.into(), b.into()))
    );
    // Points, then DE (no value: nobody is separated), WIN, SB, KS for player 1.
    let one = &standings[0];
    let points = one.iter().position(|c| c == "1½").unwrap();
    assert_eq!(one[points + 2..points + 5], ["1", "2¼", "1½"]);
    // After round 2: 2 leads on 1½; 1 and 4 (1 point, not met yet) are
    // told apart by wins (1 beat 3); 3 last on ½.
    let after_two = table_rows(
        &round_page(site(), "kaikki-kaikkia-vastaan", 2),
        "standings",
        0,
    );
    let order: Vec<&str> = after_two.iter().map(|r| r[1].as_str()).collect();
    assert_eq!(order, ["2", "1", "4", "3"]);
}

#[test]
fn both_crosstables_and_every_legend_use_one_notation() {
    let page = event_page(site(), "izmir-acik-2026");
    // Player 4 had a bye in round 5 and a forfeit loss against 6 in round 4.
    let by_start = table_rows(&page, "crosstable", 0);
    let four = by_start.iter().find(|r| r[0] == "4").unwrap();
    assert_eq!(four[2..7], ["8b 0", "3w 1", "5b ½", "6w −", "bye 1"]);
    let final_order = table_rows(&page, "crosstable", 1);
    assert!(final_order.iter().any(|r| r.contains(&"bye 1".to_string())));
    let legends: Vec<&str> = page.split("<p class=\"legend-text\">").skip(1).collect();
    assert_eq!(legends.len(), 2);
    for legend in legends {
        assert!(
            legend.contains("+ win by forfeit, − loss by forfeit"),
            "{legend}"
        );
        assert!(legend.contains("“bye 1”, “bye ½”, “bye 0”"), "{legend}");
    }
    assert!(!page.contains("- - 1"));
}

#[test]
fn a_game_without_colours_does_not_read_as_a_score() {
    let page = event_page(site(), "helsinki-open-2003");
    let by_start = table_rows(&page, "crosstable", 0);
    assert!(
        by_start.iter().flatten().all(|c| !c.contains(" - ")),
        "{by_start:?}"
    );
    // Player 17's bye in round 3 reads the same in both orders.
    let cells: Vec<&String> = by_start.iter().flatten().collect();
    assert!(cells.iter().any(|c| c.as_str() == "bye 1"));
}

#[test]
fn an_event_in_progress_shows_the_rounds_so_far_and_the_next_pairing() {
    // Helsinki Open 2006 with round 5 paired but not played: 1–4, 2–3,
    // 5–7 and 6–8 written with `?` for the result.
    let root = util::sample_repository();
    let csv = "data/tournaments/2006/helsinki-open-2006.csv";
    for (from, to) in [
        ("6 w =,4 b =", "6 w =,4 b ?"),
        ("5 w 1,3 b 0", "5 w 1,3 b ?"),
        ("8 b 1,2 w 1", "8 b 1,2 w ?"),
        ("7 b 1,1 w =", "7 b 1,1 w ?"),
        ("2 b 0,7 w 1", "2 b 0,7 w ?"),
        ("1 b =,8 w 1", "1 b =,8 w ?"),
        ("4 w 0,5 b 0", "4 w 0,5 b ?"),
        ("3 w 0,6 b 0", "3 w 0,6 b ?"),
    ] {
        util::edit(root.path(), csv, from, to);
    }
    let out = util::output_folder();
    util::build_site(root.path(), out.path());
    let page = event_page(out.path(), "helsinki-open-2006");
    assert!(page.contains("round-4.html\">Round 4</a></li>"));
    assert!(page.contains("round-5.html\">Round 5</a> (pairing; results to come)</li>"));
    let five = round_page(out.path(), "helsinki-open-2006", 5);
    assert!(five.contains(">Pairings</h2>") && five.contains("Standings before round 5"));
    let boards = table_rows(&five, "pairings", 0);
    assert_eq!(boards.len(), 4);
    assert!(boards.iter().all(|b| b[5] == "?"), "{boards:?}");
    // The standings are those after round 4: 2 leads with 1 + 1 + ½ + 1 = 3½.
    let standings = table_rows(&five, "standings", 0);
    assert_eq!(
        (standings[0][1].as_str(), standings[0][4].as_str()),
        ("2", "3½")
    );
}
