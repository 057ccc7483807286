//! Accelerated pairings: virtual points added to the pairing score in the
//! first rounds, as `XXA` lines (the TRF extension pairing programs read:
//! `XXA NNNN` then one ` pp.p` field per round), and the FIDE Baku
//! Acceleration Method (Handbook C.04.5.1) that writes them.
//!
//! Virtual points only change the score the pairing uses (scoregroups,
//! floats, the bye's score); they are never part of a player's points, so
//! standings and tie-breaks never see them.
use crate::presence::entry_is_present;
use std::collections::HashMap;
use trf::{TrfDocument, TrfLine};

/// Virtual points per start number, one value per round (tenths of a
/// point), from the document's `XXA` lines. Missing rounds count 0.
pub fn virtual_points(doc: &TrfDocument) -> HashMap<u32, Vec<u32>> {
    doc.lines
        .iter()
        .filter_map(|line| match line {
            TrfLine::Other(text) => parse_xxa(text),
            _ => None,
        })
        .collect()
}

/// One `XXA` line: start number in columns 5–8, then 4-character fields
/// every 5 columns from column 10 (blank = 0). `None` if it is not one.
fn parse_xxa(text: &str) -> Option<(u32, Vec<u32>)> {
    let rest = text.strip_prefix("XXA")?;
    let chars: Vec<char> = rest.chars().collect();
    let id: String = chars.iter().skip(1).take(4).collect();
    let id = id.trim().parse().ok()?;
    let values = chars
        .get(6..)
        .unwrap_or_default()
        .chunks(5)
        .map(|field| {
            let field: String = field.iter().take(4).collect();
            tenths(field.trim())
        })
        .collect();
    Some((id, values))
}

/// `1.5` → 15, blank → 0; anything else that is not a number counts 0.
fn tenths(s: &str) -> u32 {
    let (whole, frac) = s.split_once('.').unwrap_or((s, "0"));
    let whole: u32 = whole.parse().unwrap_or(0);
    let frac: u32 = frac
        .chars()
        .next()
        .and_then(|c| c.to_digit(10))
        .unwrap_or(0);
    whole * 10 + frac
}

/// The players in group A of the Baku Acceleration Method (C.04.5.1): the
/// first half of the players to be paired in round 1, rounded up to an even
/// number (2 × ⌈N/4⌉), in pairing-number order. Players entered later take
/// their place in the list, and the last player of group A stays the same,
/// so a late entry numbered above him is in group A too.
pub fn baku_group_a(doc: &TrfDocument) -> Vec<u32> {
    let mut numbers: Vec<u32> = doc.players().map(|p| p.start_no).collect();
    numbers.sort_unstable();
    let first_round: Vec<u32> = doc
        .players()
        .filter(|p| entry_is_present(p.rounds.first().and_then(|e| e.as_ref()), true))
        .map(|p| p.start_no)
        .collect();
    let mut round_one = first_round.clone();
    round_one.sort_unstable();
    let size = 2 * round_one.len().div_ceil(4);
    let Some(&last) = round_one.get(size.wrapping_sub(1)) else {
        return Vec::new();
    };
    numbers.into_iter().filter(|&n| n <= last).collect()
}

/// Baku virtual points for round `round` (1-based) of an event of `total`
/// rounds: the accelerated rounds are the first half (rounded up); group A
/// gets 1 point in the first half (rounded up) of them and ½ point in the
/// rest; nobody gets any afterwards.
pub fn baku_points(round: u32, total: u32) -> u32 {
    let accelerated = total.div_ceil(2);
    if round == 0 || round > accelerated {
        0
    } else if round <= accelerated.div_ceil(2) {
        10
    } else {
        5
    }
}

/// A copy of `doc` with `XXA` lines for the Baku Acceleration Method over
/// its `total` rounds, replacing any `XXA` lines it had.
pub fn with_baku(doc: &TrfDocument, total: u32) -> TrfDocument {
    let mut out = doc.clone();
    out.lines
        .retain(|l| !matches!(l, TrfLine::Other(t) if t.starts_with("XXA")));
    for id in baku_group_a(doc) {
        let mut line = format!("XXA {id:>4}");
        for round in 1..=total {
            let p = baku_points(round, total);
            line.push_str(&format!(" {:>2}.{}", p / 10, p % 10));
        }
        out.lines.push(TrfLine::Other(line));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn baku_rounds_follow_the_handbook_example() {
        // C.04.5.1: in a nine-round tournament the accelerated rounds are
        // five; group A has one virtual point in the first three rounds
        // and half a point in the fourth and fifth.
        let nine: Vec<u32> = (1..=9).map(|r| baku_points(r, 9)).collect();
        assert_eq!(nine, vec![10, 10, 10, 5, 5, 0, 0, 0, 0]);
        // Seven rounds: four accelerated, two with 1 point, two with ½.
        let seven: Vec<u32> = (1..=7).map(|r| baku_points(r, 7)).collect();
        assert_eq!(seven, vec![10, 10, 5, 5, 0, 0, 0]);
    }

    #[test]
    fn xxa_fields_read_back() {
        assert_eq!(
            parse_xxa("XXA    7  1.0  1.0  0.5"),
            Some((7, vec![10, 10, 5]))
        );
        assert_eq!(parse_xxa("XXR 9"), None);
    }
}
