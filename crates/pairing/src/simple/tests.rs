//! Examples worked by hand from the Turkish tournament manager's rules.
use super::*;
use crate::input::Float;
use trf::{PlayerLine, ResultCode, RoundEntry, TrfDocument, TrfLine, XxcLine};
use Colour::{Black as B, White as W};

/// A player before the round: score in tenths, colours of the games
/// played, opponents met.
fn st(id: u32, score: u32, colours: &[Option<Colour>], opponents: &[u32]) -> PlayerState {
    PlayerState {
        id,
        pairing_no: id,
        rating: 0,
        score,
        colours: colours.to_vec(),
        floats: vec![Float::None; colours.len()],
        opponents: opponents.to_vec(),
        had_bye_or_forfeit_win: false,
        present: true,
        played: Default::default(),
    }
}

fn input(round: u32, initial: Colour, players: Vec<PlayerState>) -> PairingInput {
    PairingInput {
        round,
        total_rounds: 5,
        initial_colour: initial,
        win_points: 10,
        players,
        forbidden: vec![],
    }
}

fn pair(i: &PairingInput) -> (Vec<(u32, u32)>, Option<u32>) {
    let p = pair_simple(i).unwrap();
    (p.boards, p.bye)
}

#[test]
fn round_one_pairs_neighbours_odd_starting_ranks_take_the_directors_colour() {
    // 1-2, 3-4, 5-6: odd starting ranks get the colour chosen for the first.
    let six: Vec<_> = (1..=6).map(|i| st(i, 0, &[], &[])).collect();
    assert_eq!(
        pair(&input(1, W, six.clone())),
        (vec![(1, 2), (3, 4), (5, 6)], None)
    );
    assert_eq!(
        pair(&input(1, B, six)),
        (vec![(2, 1), (4, 3), (6, 5)], None)
    );
    // Five players: the lowest, 5, has the bye.
    let five: Vec<_> = (1..=5).map(|i| st(i, 0, &[], &[])).collect();
    assert_eq!(pair(&input(1, W, five)), (vec![(1, 2), (3, 4)], Some(5)));
}

#[test]
fn step_1_1_both_alternate_and_the_next_score_group_when_the_own_is_met() {
    // Round 1: 1 (W) beat 2, 3 (W) drew 4, 6 (B) beat 5. Order: 1, 6 (1
    // point), 3, 4 (½), 2, 5 (0). 1 (last W) and 6 (last B) alternate:
    // 6-1. 3 has met 4, the only other ½; in the 0 group 2 (last B) takes
    // white and 3 black by 1.1: 2-3. 4 (last B) and 5 (last W): 4-5.
    let players = vec![
        st(1, 10, &[Some(W)], &[2]),
        st(2, 0, &[Some(B)], &[1]),
        st(3, 5, &[Some(W)], &[4]),
        st(4, 5, &[Some(B)], &[3]),
        st(5, 0, &[Some(W)], &[6]),
        st(6, 10, &[Some(B)], &[5]),
    ];
    assert_eq!(
        pair(&input(2, W, players)),
        (vec![(6, 1), (2, 3), (4, 5)], None)
    );
}

#[test]
fn step_1_2_the_opponent_repeats_his_colour() {
    // Round 1: 1 (W) beat 2, 3 (W) beat 4. 1 and 3 both had white: no
    // 1.1 opponent for 1; by 1.2 he gets black and 3 white again: 3-1.
    // 2 and 4 both had black: 2 gets white, 4 black again: 2-4.
    let players = vec![
        st(1, 10, &[Some(W)], &[2]),
        st(2, 0, &[Some(B)], &[1]),
        st(3, 10, &[Some(W)], &[4]),
        st(4, 0, &[Some(B)], &[3]),
    ];
    assert_eq!(pair(&input(2, W, players)), (vec![(3, 1), (2, 4)], None));
}

#[test]
fn step_1_3_the_searching_player_repeats_when_the_opponent_may_not() {
    // After two rounds (1-2, 3-4; then 3-1, 2-4): 1 W B 2 points, 2 B W
    // 1, 3 W W 1, 4 B B 0. 1 has met 2 and 3, so he searches the 0 group:
    // 4 had black too (no 1.1) and may not have a third black (no 1.2);
    // by 1.3 1 keeps black and 4 gets white: 4-1. 2 and 3 both had white;
    // 3 may not have a third: 2 keeps white by 1.3: 2-3.
    let players = vec![
        st(1, 20, &[Some(W), Some(B)], &[2, 3]),
        st(2, 10, &[Some(B), Some(W)], &[1, 4]),
        st(3, 10, &[Some(W), Some(W)], &[4, 1]),
        st(4, 0, &[Some(B), Some(B)], &[3, 2]),
    ];
    assert_eq!(pair(&input(3, W, players)), (vec![(4, 1), (2, 3)], None));
}

#[test]
fn bye_goes_to_the_lowest_who_has_not_scored_without_playing() {
    // Round 1: 1 beat 2, 3 beat 4, 5 had the bye. Order 1, 3, 5 (1
    // point), 2, 4 (0): 4 is the lowest and has had no bye: bye 4.
    // 1 (last W): 3 had white too, 5 has no colour yet, so 5 fits 1.1
    // with white: 5-1. 3 (last W) in the 0 group: 2 (last B): 2-3.
    let mut players = vec![
        st(1, 10, &[Some(W)], &[2]),
        st(2, 0, &[Some(B)], &[1]),
        st(3, 10, &[Some(W)], &[4]),
        st(4, 0, &[Some(B)], &[3]),
        st(5, 10, &[None], &[]),
    ];
    players[4].had_bye_or_forfeit_win = true;
    assert_eq!(
        pair(&input(2, W, players.clone())),
        (vec![(5, 1), (2, 3)], Some(4))
    );
    // Had 4 won by forfeit in round 1 instead, 2 would have the bye.
    players[3].had_bye_or_forfeit_win = true;
    assert_eq!(pair(&input(2, W, players)).1, Some(2));
}

#[test]
fn a_dead_end_goes_back_to_the_next_opponent_in_the_same_order() {
    // Four players without colours, 3 and 4 have met: 1-2 would leave
    // 3 and 4, so 1 takes the next, 3 (white, odd rank); 2 (even) gets
    // black against 4.
    let players = vec![
        st(1, 0, &[None], &[]),
        st(2, 0, &[None], &[]),
        st(3, 0, &[None], &[4]),
        st(4, 0, &[None], &[3]),
    ];
    assert_eq!(pair(&input(2, W, players)), (vec![(1, 3), (4, 2)], None));
}

#[test]
fn no_pairing_when_everyone_has_met() {
    let players = vec![st(1, 10, &[Some(W)], &[2]), st(2, 0, &[Some(B)], &[1])];
    assert_eq!(
        pair_simple(&input(2, W, players)),
        Err(PairingError::NoLegalPairing(2))
    );
}

#[test]
fn colour_rules_bar_a_third_colour_in_a_row_and_a_difference_of_three() {
    let c = |colours: &[Colour]| {
        Colours::of(&st(
            1,
            0,
            &colours.iter().map(|&c| Some(c)).collect::<Vec<_>>(),
            &[],
        ))
    };
    assert!(!c(&[W, W]).allows(W));
    assert!(c(&[W, W]).allows(B));
    assert!(!c(&[W, B, W, W]).allows(W));
    assert!(!c(&[W, W, B, W]).allows(W), "difference +3");
    assert!(c(&[B, W, W]).allows(B));
}

/// Round 3 of the 1.3 example read from a TRF file (results as played).
#[test]
fn pairs_round_3_of_a_trf_file() {
    let game = |o: u32, c: Colour, r: ResultCode| {
        Some(RoundEntry {
            opponent: Some(o),
            colour: Some(c),
            result: r,
        })
    };
    use ResultCode::{Loss, Win};
    let rounds = [
        vec![game(2, W, Win), game(3, B, Win)],
        vec![game(1, B, Loss), game(4, W, Win)],
        vec![game(4, W, Win), game(1, W, Loss)],
        vec![game(3, B, Loss), game(2, B, Loss)],
    ];
    let mut doc = TrfDocument::default();
    for (i, r) in rounds.into_iter().enumerate() {
        let mut p = PlayerLine::new(i as u32 + 1, &format!("P{}", i + 1));
        p.rounds = r;
        doc.lines.push(TrfLine::Player(p));
    }
    doc.lines.push(TrfLine::TotalRounds(3));
    doc.lines.push(TrfLine::Xxc(XxcLine {
        initial_colour: Some(W),
        rank: false,
    }));
    let round = crate::input::round_to_pair(&doc);
    assert_eq!(round, 3);
    let input = PairingInput::from_trf(&doc, round, true).unwrap();
    let p = pair_simple(&input).unwrap();
    assert_eq!(p.boards, vec![(4, 1), (2, 3)]);
}
