use super::*;
use crate::input::Float;
use Colour::{Black as B, White as W};

fn st(id: u32, score: u32, colours: &[Option<Colour>]) -> PlayerState {
    PlayerState {
        id,
        pairing_no: id,
        rating: 0,
        score,
        colours: colours.to_vec(),
        floats: vec![Float::None; colours.len()],
        opponents: vec![],
        had_bye_or_forfeit_win: false,
        present: true,
        played: Default::default(),
    }
}

fn input(round: u32, total: u32, players: Vec<PlayerState>) -> PairingInput {
    PairingInput {
        round,
        total_rounds: total,
        initial_colour: W,
        win_points: 10,
        players,
        forbidden: vec![],
    }
}

fn pref(c: &[Option<Colour>]) -> (Option<Colour>, Strength) {
    let p = colour_preference(&st(1, 0, c));
    (p.colour, p.strength)
}

#[test]
fn a6_preferences() {
    assert_eq!(pref(&[]), (None, Strength::None));
    assert_eq!(pref(&[Some(W)]), (Some(B), Strength::Strong));
    assert_eq!(pref(&[Some(W), Some(B)]), (Some(W), Strength::Mild));
    assert_eq!(
        pref(&[Some(B), Some(W), Some(B)]),
        (Some(W), Strength::Strong)
    );
    assert_eq!(pref(&[Some(W), Some(W)]), (Some(B), Strength::Absolute));
    assert_eq!(
        pref(&[Some(B), Some(W), Some(B), Some(B)]),
        (Some(W), Strength::Absolute)
    );
    // Unplayed rounds do not count: W, bye, W is two whites in a row.
    assert_eq!(
        pref(&[Some(W), None, Some(B), None, Some(B)]),
        (Some(W), Strength::Absolute)
    );
}

fn white_of(inp: &PairingInput, a: usize, b: usize) -> u32 {
    let (pa, pb) = (derive(inp, &inp.players[a]), derive(inp, &inp.players[b]));
    if allocate_colours(&pa, &pb, inp.initial_colour) {
        pa.st.id
    } else {
        pb.st.id
    }
}

#[test]
fn e1_both_preferences_granted() {
    let inp = input(2, 5, vec![st(1, 10, &[Some(W)]), st(2, 10, &[Some(B)])]);
    assert_eq!(white_of(&inp, 0, 1), 2);
}

#[test]
fn e2_stronger_preference_wins() {
    // 1: strong white (CD -1); 2: mild white (CD 0, last black).
    let inp = input(
        3,
        5,
        vec![st(1, 10, &[None, Some(B)]), st(2, 20, &[Some(W), Some(B)])],
    );
    assert_eq!(white_of(&inp, 1, 0), 1);
    // Both absolute (topscorers, last round): the wider difference wins.
    let inp = input(
        4,
        4,
        vec![
            st(1, 30, &[Some(B), Some(B), Some(W)]),
            st(2, 25, &[Some(B), Some(W), Some(B)]),
        ],
    );
    let (p1, p2) = (derive(&inp, &inp.players[0]), derive(&inp, &inp.players[1]));
    assert_eq!(
        (p1.pref.strength, p2.pref.strength),
        (Strength::Strong, Strength::Strong)
    );
    let inp = input(
        5,
        5,
        vec![
            st(1, 35, &[Some(B), Some(B), Some(W), Some(B)]),
            st(2, 30, &[Some(W), Some(B), Some(B), Some(B)]),
        ],
    );
    assert_eq!(white_of(&inp, 0, 1), 2);
}

#[test]
fn e3_alternate_from_last_different_round() {
    // Both strong white; in the last round 1 had black and 2 white.
    let inp = input(
        4,
        5,
        vec![
            st(1, 20, &[Some(B), Some(W), Some(B)]),
            st(2, 30, &[Some(B), Some(B), Some(W)]),
        ],
    );
    // 5.2.4 would give white to the higher ranked 2; 5.2.3 comes first.
    assert_eq!(white_of(&inp, 0, 1), 1);
}

#[test]
fn e4_higher_ranked_gets_preference() {
    let inp = input(2, 5, vec![st(1, 10, &[Some(B)]), st(2, 10, &[Some(B)])]);
    assert_eq!(white_of(&inp, 1, 0), 1);
}

#[test]
fn initial_colour_by_pairing_number() {
    let mut inp = input(
        1,
        5,
        vec![st(1, 0, &[]), st(4, 0, &[]), st(2, 0, &[]), st(5, 0, &[])],
    );
    assert_eq!(white_of(&inp, 0, 1), 1);
    assert_eq!(white_of(&inp, 2, 3), 5);
    inp.initial_colour = B;
    assert_eq!(white_of(&inp, 0, 1), 4);
    assert_eq!(white_of(&inp, 2, 3), 2);
}

#[test]
fn c1_c2_c3_absolute_criteria() {
    let mut a = st(1, 10, &[Some(W), Some(W)]);
    let b = st(2, 10, &[Some(W), Some(W)]);
    let c = st(3, 10, &[Some(B), Some(B)]);
    a.opponents.push(3);
    let inp = input(3, 5, vec![a.clone(), b.clone(), c.clone()]);
    assert!(!is_legal_pair(&inp, &a, &c), "C1 rematch");
    assert!(!is_legal_pair(&inp, &a, &b), "C3 same absolute preference");
    assert!(is_legal_pair(&inp, &b, &c));
    // Final round, topscorers: C3 does not apply.
    let inp = input(3, 3, vec![a.clone(), b.clone(), c]);
    let (x, y) = (
        st(1, 20, &[Some(W), Some(W)]),
        st(2, 20, &[Some(W), Some(W)]),
    );
    assert!(is_legal_pair(&inp, &x, &y));
    let mut bye = st(4, 0, &[]);
    assert!(c2_bye_eligible(&bye));
    bye.had_bye_or_forfeit_win = true;
    assert!(!c2_bye_eligible(&bye));
    let mut inp = input(1, 3, vec![st(1, 0, &[]), st(2, 0, &[])]);
    inp.forbidden.push((2, 1));
    assert_eq!(pair_dutch(&inp), Err(PairingError::NoLegalPairing(2)));
}

fn pairs(p: &Pairing) -> Vec<(u32, u32)> {
    let mut v: Vec<_> = p
        .boards
        .iter()
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect();
    v.sort_unstable();
    v
}

#[test]
fn c6_c7_pairs_inside_score_groups_and_mdp_meets_top_resident() {
    // 1 and 2 have 2 points, 3 has 1.5, 4-7 have 1: 3 floats to the 1-point
    // bracket and meets its highest resident (4); 5-6 and 7 with 8.
    let inp = input(
        3,
        5,
        vec![
            st(1, 20, &[Some(W), Some(B)]),
            st(2, 20, &[Some(B), Some(W)]),
            st(3, 15, &[Some(W), Some(B)]),
            st(4, 10, &[Some(B), Some(W)]),
            st(5, 10, &[Some(W), Some(B)]),
            st(6, 10, &[Some(B), Some(W)]),
            st(7, 10, &[Some(W), Some(B)]),
            st(8, 10, &[Some(B), Some(W)]),
        ],
    );
    let p = pair_dutch(&inp).unwrap();
    assert_eq!(p.bye, None);
    // 3 floats and meets 4 (top resident); remainder {5,6,7,8}: S1 5 6,
    // S2 7 8; 5-7 would deny a colour preference (C10), so 5-8, 6-7.
    assert_eq!(pairs(&p), vec![(1, 2), (3, 4), (5, 8), (6, 7)]);
}

#[test]
fn c12_colour_preferences_before_s1_s2_order() {
    // One score group: S1 = 1 3 4 6, S2 = 7 8 9 20; preferences
    // 1 B, 3 B, 4 W, 6 W, 7 B, 8 W, 9 B, 20 none. The first
    // transposition meeting every preference is 8 20 7 9.
    let c = |x: Colour| vec![Some(x.opposite())];
    let mut ps = vec![
        st(1, 10, &c(B)),
        st(3, 10, &c(B)),
        st(4, 10, &c(W)),
        st(6, 10, &c(W)),
        st(7, 10, &c(B)),
        st(8, 10, &c(W)),
        st(9, 10, &c(B)),
        st(20, 10, &[None]),
    ];
    ps[7].had_bye_or_forfeit_win = true;
    let p = pair_dutch(&input(2, 5, ps)).unwrap();
    assert_eq!(pairs(&p), vec![(1, 8), (3, 20), (4, 7), (6, 9)]);
    assert!(p.boards.contains(&(8, 1)) && p.boards.contains(&(4, 7)));
}

#[test]
fn c14_avoids_repeated_downfloat() {
    // Three players with 1 point, two with 0: the lowest of the top group
    // (3) would float, but it floated last round, so 2 floats instead
    // (2-3 is excluded by colours: both prefer white).
    let mut ps = vec![
        st(1, 10, &[Some(W)]),
        st(2, 10, &[Some(B)]),
        st(3, 10, &[Some(B)]),
        st(4, 0, &[Some(B)]),
        st(5, 0, &[Some(W)]),
        st(6, 0, &[Some(B)]),
    ];
    ps[2].floats = vec![Float::Down];
    let p = pair_dutch(&input(2, 5, ps)).unwrap();
    assert!(pairs(&p).contains(&(1, 3)), "{:?}", p.boards);
}

#[test]
fn bye_goes_to_lowest_score_then_lowest_rank() {
    let mut ps = vec![
        st(1, 10, &[Some(W)]),
        st(2, 10, &[Some(B)]),
        st(3, 0, &[Some(W)]),
        st(4, 0, &[Some(B)]),
        st(5, 0, &[None]),
    ];
    ps[4].had_bye_or_forfeit_win = true;
    let p = pair_dutch(&input(2, 5, ps)).unwrap();
    assert_eq!(p.bye, Some(4));
}

fn played(mut p: PlayerState, opponents: &[u32]) -> PlayerState {
    p.opponents = opponents.to_vec();
    p
}

#[test]
fn c5_bye_score_is_fixed_before_the_top_bracket_pairs() {
    // Round 3: 1 and 3 have 2 points, 2 and 5 one point (they met),
    // 6 none. Pairing 1-3 would leave 2, 5, 6 to give the bye to 5 (one
    // point); C5 puts the bye on 6 (no points) even though that floats
    // both 2-point players.
    let ps = vec![
        played(st(1, 20, &[Some(W), Some(B)]), &[4, 2]),
        played(st(2, 10, &[Some(B), Some(W)]), &[5, 1]),
        played(st(3, 20, &[Some(W), Some(B)]), &[6, 4]),
        played(st(5, 10, &[Some(W), Some(B)]), &[2, 6]),
        played(st(6, 0, &[Some(B), Some(W)]), &[3, 5]),
    ];
    let p = pair_dutch(&input(3, 3, ps)).unwrap();
    assert_eq!(p.bye, Some(6));
    assert_eq!(pairs(&p), vec![(1, 5), (2, 3)]);
}

#[test]
fn c9_bye_goes_to_the_player_with_fewer_unplayed_games() {
    // Round 2: 5 missed round 1, so among the 0-point players the bye
    // goes to 4 (no unplayed game) although 5 is lower ranked.
    let ps = vec![
        played(st(1, 10, &[Some(W)]), &[3]),
        played(st(2, 10, &[Some(B)]), &[4]),
        played(st(3, 0, &[Some(B)]), &[1]),
        played(st(4, 0, &[Some(W)]), &[2]),
        st(5, 0, &[None]),
    ];
    let p = pair_dutch(&input(2, 3, ps)).unwrap();
    assert_eq!(p.bye, Some(4));
    assert_eq!(pairs(&p), vec![(1, 2), (3, 5)]);
}

/// Round 4 of 6: everyone alternates colours, so preferences are mild
/// or strong but never block a pair.
fn alternating(id: u32, score: u32, first: Colour, opponents: &[u32]) -> PlayerState {
    let colours: Vec<Option<Colour>> = (0..opponents.len())
        .map(|r| Some(if r % 2 == 0 { first } else { first.opposite() }))
        .collect();
    played(st(id, score, &colours), opponents)
}

#[test]
fn c4_completion_floats_a_bracket_that_could_pair_itself() {
    // 1-2 could meet, but 3 and 4 have met each other and 5 and 6:
    // they can only be paired with 1 and 2, so neither meets the other.
    let ps = vec![
        alternating(1, 20, W, &[7, 8, 9]),
        alternating(2, 20, B, &[8, 7, 10]),
        alternating(3, 10, W, &[4, 5, 6]),
        alternating(4, 10, B, &[3, 6, 5]),
        alternating(5, 10, W, &[3, 4, 9]),
        alternating(6, 10, B, &[4, 3, 10]),
    ];
    let p = pair_dutch(&input(4, 6, ps)).unwrap();
    let got = pairs(&p);
    assert!(!got.contains(&(1, 2)), "{got:?}");
    assert_eq!(got.len(), 3);
}

#[test]
fn c7_the_higher_scored_mdp_is_paired() {
    // MDPs 1 (3 points) and 2 (2.5) meet the 2-point bracket {3, 4}, but
    // 4 has met both: one MDP pairs with 3, and C7 keeps the downfloater's
    // score low, so 1 meets 3 and 2 floats on.
    let ps = vec![
        alternating(1, 30, W, &[4, 7, 8]),
        alternating(2, 25, B, &[8, 4, 7]),
        alternating(3, 20, W, &[5, 6, 9]),
        alternating(4, 20, B, &[1, 2, 10]),
        alternating(5, 10, W, &[3, 9, 6]),
        alternating(6, 10, B, &[9, 3, 5]),
    ];
    let p = pair_dutch(&input(4, 6, ps)).unwrap();
    assert!(pairs(&p).contains(&(1, 3)), "{:?}", p.boards);
}

#[test]
fn c8_floats_the_player_the_following_bracket_can_pair() {
    // {1, 2, 3} floats one player to {4, 5, 6}, where only 4-6 and
    // pairs with the floater are possible. 3 (the natural floater) has
    // met 5, so with 3 floating 5 would be left over: C8 floats 2 (1
    // floating would cost 2-3 a colour preference).
    let ps = vec![
        alternating(1, 20, W, &[7, 8]),
        alternating(2, 20, B, &[8, 7]),
        alternating(3, 20, B, &[5, 9]),
        alternating(4, 10, B, &[5, 10]),
        alternating(5, 10, W, &[4, 3, 6]),
        alternating(6, 10, B, &[5, 11]),
    ];
    let p = pair_dutch(&input(4, 6, ps)).unwrap();
    let got = pairs(&p);
    assert!(got.contains(&(1, 3)), "{got:?}");
    assert!(got.contains(&(2, 5)), "{got:?}");
    assert!(got.contains(&(4, 6)), "{got:?}");
}

#[test]
fn c13_a_mild_preference_gives_way_before_a_strong_one() {
    // 1 and 2 both want white: 1 mildly (colour difference 0), 2
    // strongly (one black more). Against 3 (wants black) one of them
    // must take black; C13 makes it the mild one.
    let ps = vec![
        st(1, 10, &[Some(W), Some(B)]),
        st(2, 10, &[Some(B)]),
        st(3, 10, &[Some(W)]),
        st(4, 10, &[Some(B), Some(W)]),
    ];
    let mut ps = ps;
    ps[0].opponents = vec![4, 3];
    ps[3].opponents = vec![1];
    let p = pair_dutch(&input(3, 5, ps)).unwrap();
    // 1 has met 3 and 4: 1-2; 3-4. 2 gets white (strong), 1 black.
    assert!(p.boards.contains(&(2, 1)), "{:?}", p.boards);
}

#[test]
fn exchange_has_the_smallest_pairing_number_difference() {
    // One score group S1 = {1, 2, 3, 4} (all want white), S2 = {5, 6,
    // 7, 8} (all want black); 2 has met all of S2, so one exchange is
    // needed. Moving 4 down and 5 up changes the pairing numbers least,
    // and 2 meets 4.
    let ps = vec![
        alternating(1, 10, W, &[9, 10]),
        alternating(2, 10, W, &[5, 6, 7, 8]),
        alternating(3, 10, W, &[11, 12]),
        alternating(4, 10, W, &[13, 14]),
        alternating(5, 10, B, &[2, 15]),
        alternating(6, 10, B, &[2, 16]),
        alternating(7, 10, B, &[2, 17]),
        alternating(8, 10, B, &[2, 18]),
    ];
    let p = pair_dutch(&input(5, 7, ps)).unwrap();
    assert!(pairs(&p).contains(&(2, 4)), "{:?}", p.boards);
}

#[test]
fn e3_colour_histories_are_compared_game_by_game() {
    // 5.2.3 with unplayed rounds left out of each history on its own: 1
    // played W B W, 2 missed rounds 1 and 3 and played W in round 2. Both
    // prefer black (colour difference +1). Latest games first: W against
    // W, then 2 has no earlier game, so the histories never differ and
    // 5.2.4 gives the higher ranked 1 his black. Comparing round by round
    // (round 2: 1 black, 2 white) would wrongly alternate to 1 white.
    let inp = input(
        4,
        6,
        vec![
            st(1, 20, &[Some(W), Some(B), Some(W)]),
            st(2, 20, &[None, Some(W), None]),
        ],
    );
    assert_eq!(white_of(&inp, 0, 1), 2);
}

#[test]
fn c9_applies_in_the_bracket_the_bye_candidates_floated_into() {
    // Round 4: 1 and 2 (two points) met in round 2, so both float into the
    // one-point bracket, whose three residents all had a pairing-allocated
    // bye. C5 puts the bye on a two-point player; the only downfloater of
    // the one-point bracket is then the PAB assignee, and C9 (fewest
    // unplayed games) picks 1 (three games) over 2 (missed round 1),
    // although 2 ranks lower.
    let mut ps = vec![
        played(st(1, 20, &[Some(W), Some(B), Some(W)]), &[6, 2, 7]),
        played(st(2, 20, &[None, Some(W), Some(B)]), &[1, 8]),
        played(st(3, 10, &[Some(W), Some(B), None]), &[6, 7]),
        played(st(4, 10, &[Some(B), None, Some(W)]), &[7, 8]),
        played(st(5, 10, &[None, Some(W), Some(B)]), &[6, 8]),
    ];
    for p in &mut ps[2..] {
        p.had_bye_or_forfeit_win = true;
    }
    let p = pair_dutch(&input(4, 5, ps)).unwrap();
    assert_eq!(p.bye, Some(1));
}

#[test]
fn transposition_order_4_2_reaches_partners_far_from_the_ideal_one() {
    // Round 4, twelve players on 1½ points: S1 = 1-6, S2 = 7-12. Player 1
    // met 7, 8 and 9; every S1 player prefers black and every S2 player
    // white, so colours never decide. 4.2: S1 players in order take the
    // lowest S2 player left: 1-10, 2-7, 3-8, 4-9, 5-11, 6-12. With a
    // candidate graph of one neighbour the pair 1-10 lies outside it; the
    // engine must still find it.
    let s1 = [Some(W), Some(B), Some(W)];
    let s2 = [Some(B), Some(W), Some(B)];
    let mut ps = vec![played(st(1, 15, &s1), &[7, 8, 9])];
    ps.extend((2..=6).map(|id| st(id, 15, &s1)));
    ps.push(played(st(7, 15, &s2), &[1]));
    ps.push(played(st(8, 15, &s2), &[1]));
    ps.push(played(st(9, 15, &s2), &[1]));
    ps.extend((10..=12).map(|id| st(id, 15, &s2)));
    let expected = vec![(1, 10), (2, 7), (3, 8), (4, 9), (5, 11), (6, 12)];
    let narrow = DutchOptions {
        dense_limit: 2,
        window: 1,
        exact: false,
    };
    for opts in [DutchOptions::default(), narrow] {
        let p = pair_dutch_with(&input(4, 9, ps.clone()), opts).unwrap();
        assert_eq!(pairs(&p), expected, "{opts:?}");
    }
}

/// 4.2: the S2 partners of S1[0], S1[1], ... are lexicographically the
/// smallest, even when S1[1] must then take a partner far from his ideal
/// one. A bracket of 12 (S1 = 1-6, S2 = 7-12) in which 2 may meet only 7
/// and 12: 1-7, 2-12, 3-8, 4-9, 5-10, 6-11 (S2 partners 7, 12, 8, ...)
/// before 1-8, 2-7, 3-9, ... (8, 7, ...). With a candidate graph of
/// near neighbours only (as in brackets of hundreds of players) the pair
/// 2-12 is left out, yet 1 keeps 7.
#[test]
fn transposition_order_4_2_a_lower_partner_first_even_if_a_later_one_is_far() {
    let players: Vec<PlayerState> = (1..=12).map(|i| st(i, 0, &[])).collect();
    let mut inp = input(1, 5, players);
    inp.forbidden = (3..=11).filter(|&o| o != 7).map(|o| (2, o)).collect();
    inp.forbidden.push((1, 2));
    let expected = vec![(1, 7), (12, 2), (3, 8), (9, 4), (5, 10), (11, 6)];
    let exact = DutchOptions {
        exact: true,
        ..DutchOptions::default()
    };
    assert_eq!(pair_dutch_with(&inp, exact).unwrap().boards, expected);
    let near_only = DutchOptions {
        dense_limit: 2,
        window: 1,
        exact: false,
    };
    let p = pair_dutch_with(&inp, near_only).unwrap();
    assert_eq!(p.boards, expected);
    assert!(p.dropped_criteria.is_empty(), "{:?}", p.dropped_criteria);
}
