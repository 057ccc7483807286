//! Player data and the per-pair criteria of the Dutch system: colour
//! preferences (1.7), topscorers (1.8), the absolute criteria C1–C3, colour
//! allocation (5.2) and the quality criteria's per-edge values (C6–C21).
use super::weights::{field, levels_value, LevelTable, NF};
use crate::input::{Float, PairingInput, PlayedColours, PlayerState};
use std::borrow::Cow;
use std::collections::HashSet;
use trf::Colour;

/// Colour preference strength (1.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    /// No games played yet.
    None,
    /// Colour difference 0: alternate.
    Mild,
    /// Colour difference ±1.
    Strong,
    /// Colour difference beyond ±1 or the same colour twice in a row.
    Absolute,
}

/// A colour preference (1.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ColourPreference {
    /// Preferred colour (`None` with `Strength::None`).
    pub colour: Option<Colour>,
    /// Its strength.
    pub strength: Strength,
}

/// Derived per-player data used by the criteria.
#[derive(Debug, Clone)]
pub(crate) struct Player<'a> {
    pub(crate) st: &'a PlayerState,
    /// The colours of the games played.
    pub(crate) played: Cow<'a, PlayedColours>,
    pub(crate) pref: ColourPreference,
    pub(crate) cd: i32,
    pub(crate) last_two: Option<(Colour, Colour)>,
    pub(crate) topscorer: bool,
}

/// Colour difference and the last two colours of played games, from the
/// summary the file reader keeps (no pass over the history).
pub(super) fn colour_history(
    played: &PlayedColours,
) -> (i32, Option<Colour>, Option<(Colour, Colour)>) {
    let games = &played.games;
    let last = games.last().copied();
    let before_last = games.len().checked_sub(2).map(|k| games[k]);
    (played.difference, last, before_last.zip(last))
}

/// 1.7 Colour preference: absolute when the colour difference is beyond ±1
/// or the last two played games had the same colour; strong at ±1; mild at
/// 0 (alternate from the last game); none before the first game.
pub fn colour_preference(st: &PlayerState) -> ColourPreference {
    preference_of(colour_history(&st.played_colours()))
}

/// [`colour_preference`] from the colour difference and the last two colours.
fn preference_of(
    (cd, last, last_two): (i32, Option<Colour>, Option<(Colour, Colour)>),
) -> ColourPreference {
    let pref = |colour, strength| ColourPreference {
        colour: Some(colour),
        strength,
    };
    if cd < -1 {
        return pref(Colour::White, Strength::Absolute);
    }
    if cd > 1 {
        return pref(Colour::Black, Strength::Absolute);
    }
    if let Some((a, b)) = last_two {
        if a == b {
            return pref(a.opposite(), Strength::Absolute);
        }
    }
    match (cd, last) {
        (-1, _) => pref(Colour::White, Strength::Strong),
        (1, _) => pref(Colour::Black, Strength::Strong),
        (_, Some(l)) => pref(l.opposite(), Strength::Mild),
        _ => ColourPreference {
            colour: None,
            strength: Strength::None,
        },
    }
}

/// 1.8 Topscorers: when pairing the final round, players with more than 50%
/// of the maximum possible score.
pub fn is_topscorer(input: &PairingInput, st: &PlayerState) -> bool {
    input.round == input.total_rounds
        && u64::from(st.score) * 2
            > u64::from(input.win_points) * u64::from(input.round.saturating_sub(1))
}

pub(crate) fn derive<'a>(input: &PairingInput, st: &'a PlayerState) -> Player<'a> {
    let played = st.played_colours();
    let history = colour_history(&played);
    let (cd, _, last_two) = history;
    Player {
        st,
        played,
        pref: preference_of(history),
        cd,
        last_two,
        topscorer: is_topscorer(input, st),
    }
}

/// C1: two players shall not play against each other more than once (games
/// forfeited before they started do not count); forbidden pairs (`XXP`) are
/// treated the same way.
pub fn c1_no_rematch(a: &PlayerState, b: &PlayerState, forbidden: &HashSet<(u32, u32)>) -> bool {
    !a.opponents.contains(&b.id) && !forbidden.contains(&(a.id.min(b.id), a.id.max(b.id)))
}

/// C2: a player who has already received a pairing-allocated bye, or
/// scored a win's points in one round without playing, shall not receive
/// the pairing-allocated bye.
pub fn c2_bye_eligible(a: &PlayerState) -> bool {
    !a.had_bye_or_forfeit_win
}

/// C3: non-topscorers with the same absolute colour preference shall not
/// meet.
pub(crate) fn c3_colour_compatible(a: &Player<'_>, b: &Player<'_>) -> bool {
    !(a.pref.strength == Strength::Absolute
        && b.pref.strength == Strength::Absolute
        && a.pref.colour == b.pref.colour
        && !a.topscorer
        && !b.topscorer)
}

/// True if `a` is ranked higher than `b` (1.2: score, then pairing number).
pub(super) fn ranks_higher(a: &Player<'_>, b: &Player<'_>) -> bool {
    (std::cmp::Reverse(a.st.score), a.st.pairing_no)
        < (std::cmp::Reverse(b.st.score), b.st.pairing_no)
}

/// 5.2 colour allocation (5.2.1–5.2.5); returns true if `a` gets white.
///
/// 5.2.1 grant both preferences; 5.2.2 grant the stronger preference (both
/// absolute: the wider colour difference); 5.2.3 alternate from the most
/// recent round in which one had white and the other black; 5.2.4 grant the
/// higher ranked player's preference; 5.2.5 the higher ranked player gets the
/// initial colour if his pairing number is odd, the other colour if even.
pub(crate) fn allocate_colours(a: &Player<'_>, b: &Player<'_>, initial: Colour) -> bool {
    grant_both_preferences(a, b)
        .or_else(|| grant_stronger_preference(a, b))
        .or_else(|| alternate_from_last_difference(a, b))
        .or_else(|| grant_higher_ranked_preference(a, b))
        .unwrap_or_else(|| initial_colour_by_pairing_number(a, b, initial))
}

/// 5.2.1: grant both colour preferences (when they differ, or only one
/// player has one). `Some(true)` means `a` gets white.
pub(super) fn grant_both_preferences(a: &Player<'_>, b: &Player<'_>) -> Option<bool> {
    match (a.pref.colour, b.pref.colour) {
        (Some(x), Some(y)) if x != y => Some(x == Colour::White),
        (Some(x), None) => Some(x == Colour::White),
        (None, Some(y)) => Some(y == Colour::Black),
        _ => None,
    }
}

/// 5.2.2: grant the stronger colour preference; if both are absolute
/// (topscorers), grant the wider colour difference.
pub(super) fn grant_stronger_preference(a: &Player<'_>, b: &Player<'_>) -> Option<bool> {
    let (pa, pb) = (a.pref, b.pref);
    let x = pa.colour?;
    pb.colour?;
    if pa.strength != pb.strength {
        return Some(if pa.strength > pb.strength {
            x == Colour::White
        } else {
            x == Colour::Black
        });
    }
    if pa.strength == Strength::Absolute && a.cd.abs() != b.cd.abs() {
        return Some(if a.cd.abs() > b.cd.abs() {
            x == Colour::White
        } else {
            x == Colour::Black
        });
    }
    None
}

/// 5.2.3: alternate the colours to the most recent time in which one player
/// had white and the other black. Unplayed rounds are left out of each
/// player's colour history on its own (General Handling Rules: a history
/// `W - B` counts as `W B`), so the two histories are compared game by game
/// from their latest played games, not round by round.
pub(super) fn alternate_from_last_difference<'a>(a: &Player<'a>, b: &Player<'a>) -> Option<bool> {
    a.played
        .games
        .iter()
        .rev()
        .zip(b.played.games.iter().rev())
        .find(|(ca, cb)| ca != cb)
        .map(|(ca, _)| *ca == Colour::Black)
}

/// 5.2.4: grant the colour preference of the higher ranked player.
pub(super) fn grant_higher_ranked_preference(a: &Player<'_>, b: &Player<'_>) -> Option<bool> {
    let (hi, a_is_hi) = if ranks_higher(a, b) {
        (a, true)
    } else {
        (b, false)
    };
    hi.pref.colour.map(|c| (c == Colour::White) == a_is_hi)
}

/// 5.2.5: the higher ranked player gets the initial colour if his pairing
/// number is odd, the other colour if it is even.
pub(super) fn initial_colour_by_pairing_number(
    a: &Player<'_>,
    b: &Player<'_>,
    initial: Colour,
) -> bool {
    let (hi, a_is_hi) = if ranks_higher(a, b) {
        (a, true)
    } else {
        (b, false)
    };
    let hi_white = if hi.st.pairing_no % 2 == 1 {
        initial == Colour::White
    } else {
        initial == Colour::Black
    };
    hi_white == a_is_hi
}

/// What a pair's colour allocation costs under C10–C13.
pub(crate) struct ColourCosts {
    /// C10: players of a topscorer's pair whose colour difference goes
    /// beyond ±2.
    pub(crate) beyond_two: u64,
    /// C11: players of a topscorer's pair getting the same colour a third
    /// time in a row.
    pub(crate) third_in_a_row: u64,
    /// C12: players not getting their colour preference.
    pub(crate) preferences: u64,
    /// C13: players not getting their strong (or absolute) preference.
    pub(crate) strong_preferences: u64,
}

/// The colour criteria costs of pairing `a` with `b` (colours by 5.2).
pub(super) fn colour_costs(a: &Player<'_>, b: &Player<'_>, initial: Colour) -> ColourCosts {
    colour_costs_of(a, b, allocate_colours(a, b, initial))
}

/// The colour criteria costs of `a` against `b` when `a` has white if
/// `a_white` (also used by the checker on recorded boards).
pub(crate) fn colour_costs_of(a: &Player<'_>, b: &Player<'_>, a_white: bool) -> ColourCosts {
    let topscorers = a.topscorer || b.topscorer;
    let mut costs = ColourCosts {
        beyond_two: 0,
        third_in_a_row: 0,
        preferences: 0,
        strong_preferences: 0,
    };
    for (p, white) in [(a, a_white), (b, !a_white)] {
        let got = if white { Colour::White } else { Colour::Black };
        if let Some(c) = p.pref.colour {
            if c != got {
                costs.preferences += 1;
                if p.pref.strength >= Strength::Strong {
                    costs.strong_preferences += 1;
                }
            }
        }
        let cd = p.cd + if white { 1 } else { -1 };
        if topscorers && cd.abs() > 2 {
            costs.beyond_two += 1;
        }
        if topscorers && p.last_two == Some((got, got)) {
            costs.third_in_a_row += 1;
        }
    }
    costs
}

/// Per-bracket constants for the quality criteria of one edge.
pub(super) struct BracketCriteria<'l> {
    /// Score levels of the bracket and the following scoregroup.
    pub(super) levels: &'l LevelTable,
    /// Initial colour (5.2.5).
    pub(super) initial: Colour,
}

impl BracketCriteria<'_> {
    /// Fills the fields of an edge between two players of the bracket
    /// (`pa` ranked higher; higher values are better).
    pub(super) fn fill(&self, pa: &Player<'_>, pb: &Player<'_>, f: &mut [u64; NF]) {
        let level = |p: &Player<'_>| self.levels.of(p.st.score);
        f[field::C6_PAIRS] = 1;
        f[field::C7_SCORES] = levels_value(Some(level(pa)), None);
        let costs = colour_costs(pa, pb, self.initial);
        f[field::C10_TOPSCORER_DIFFERENCE] = 2 - costs.beyond_two;
        f[field::C11_TOPSCORER_THIRD_COLOUR] = 2 - costs.third_in_a_row;
        f[field::C12_PREFERENCES] = 2 - costs.preferences;
        f[field::C13_STRONG_PREFERENCES] = 2 - costs.strong_preferences;
        let upfloater = (pa.st.score > pb.st.score).then_some(pb);
        for back in [1, 2] {
            let at = field::C14_C17_FLOATS + 2 * (back - 1);
            f[at] = repeated_downfloat_gain(pa, pb, back);
            f[at + 1] = repeated_upfloat_gain(upfloater, back);
            let at = field::C18_C21_SCORES + 2 * (back - 1);
            let was_down = |p: &Player<'_>| (float_at(p, back) == Float::Down).then(|| level(p));
            f[at] = levels_value(was_down(pa), was_down(pb));
            if repeated_upfloat_gain(upfloater, back) == 1 {
                f[at + 1] = levels_value(Some(level(pa)), None);
            }
        }
    }
}

/// The float a player received `back` rounds ago (1 = previous round).
pub(crate) fn float_at(p: &Player<'_>, back: usize) -> Float {
    let f = &p.st.floats;
    if f.len() >= back {
        f[f.len() - back]
    } else {
        Float::None
    }
}

/// Games a player actually played (for C9).
pub(super) fn played_games(st: &PlayerState) -> u64 {
    st.played_colours().games.len() as u64
}

/// C14 (`back` = 1) / C16 (`back` = 2): minimise the players who receive
/// the same downfloat as one / two rounds before. A pair inside the
/// bracket saves its players from floating down, except the higher-scored
/// player of a pair with different scores, who receives a downfloat
/// anyway: the gain is the number of players saved who had that float.
pub(super) fn repeated_downfloat_gain(pa: &Player<'_>, pb: &Player<'_>, back: usize) -> u64 {
    let was_down = |p: &Player<'_>| u64::from(float_at(p, back) == Float::Down);
    let saved_a = if pa.st.score > pb.st.score {
        0
    } else {
        was_down(pa)
    };
    saved_a + was_down(pb)
}

/// C15 (`back` = 1) / C17 (`back` = 2): minimise the players who receive
/// the same upfloat as one / two rounds before (the lower-scored player of
/// a pair with different scores upfloats); 1 when the pair repeats none.
pub(super) fn repeated_upfloat_gain(upfloater: Option<&Player<'_>>, back: usize) -> u64 {
    1 - upfloater.map_or(0, |p| u64::from(float_at(p, back) == Float::Up))
}
