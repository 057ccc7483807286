//! Round-robin schedules by Berger tables (FIDE Handbook C.05 Annex 1).

/// One round of a round-robin: `(white, black)` player numbers (1-based)
/// and the player with the bye (odd player counts).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundRobinRound {
    /// Boards, board 1 first.
    pub boards: Vec<(u32, u32)>,
    /// Player sitting out this round, if the count is odd.
    pub bye: Option<u32>,
}

/// Berger schedule for `n` players: `n - 1` rounds for even `n`, `n` rounds
/// for odd `n` (a dummy player `n + 1` gives the bye). The rounds are those
/// of FIDE's published Berger tables (player `n`, or the dummy, on board 1
/// alternating colours); every pair meets once and each player's whites and
/// blacks differ by at most one over the event.
pub fn berger_schedule(n: u32) -> Vec<RoundRobinRound> {
    if n < 2 {
        return Vec::new();
    }
    let m = if n.is_multiple_of(2) { n } else { n + 1 };
    let rounds = m - 1;
    let half = m / 2;
    let mut out = Vec::with_capacity(rounds as usize);
    for r in 0..rounds {
        let mut boards = Vec::with_capacity(half as usize);
        let mut bye = None;
        // Rotating circle of players 1..m-1 (0-based 0..m-2), player m fixed.
        let pos = |k: u32| -> u32 { (r * half + k) % (m - 1) + 1 };
        // Board 1: fixed player m against the player at position 0.
        let p = pos(0);
        let (w, b) = if r % 2 == 0 { (p, m) } else { (m, p) };
        boards.push((w, b));
        for k in 1..half {
            let a = pos(k);
            let c = pos(m - 1 - k);
            boards.push((a, c));
        }
        let boards = boards
            .into_iter()
            .filter(|&(w, b)| {
                if w > n || b > n {
                    bye = Some(if w > n { b } else { w });
                    false
                } else {
                    true
                }
            })
            .collect();
        out.push(RoundRobinRound { boards, bye });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn matches_fide_berger_table_for_six() {
        let s = berger_schedule(6);
        assert_eq!(s[0].boards, vec![(1, 6), (2, 5), (3, 4)]);
        assert_eq!(s[1].boards, vec![(6, 4), (5, 3), (1, 2)]);
        assert_eq!(s[2].boards, vec![(2, 6), (3, 1), (4, 5)]);
        let s = berger_schedule(5);
        assert_eq!(s[0].bye, Some(1));
        assert_eq!(s[0].boards, vec![(2, 5), (3, 4)]);
    }

    #[test]
    fn every_pair_once_and_colours_balanced() {
        for n in 2..=16u32 {
            let s = berger_schedule(n);
            let mut seen = HashSet::new();
            let mut whites = vec![0i32; n as usize + 1];
            let mut byes = vec![0; n as usize + 1];
            for r in &s {
                let mut in_round = HashSet::new();
                for &(w, b) in &r.boards {
                    assert!(seen.insert((w.min(b), w.max(b))), "n={n} repeat {w}-{b}");
                    assert!(in_round.insert(w) && in_round.insert(b));
                    whites[w as usize] += 1;
                    whites[b as usize] -= 1;
                }
                if let Some(x) = r.bye {
                    byes[x as usize] += 1;
                }
            }
            assert_eq!(seen.len() as u32, n * (n - 1) / 2);
            for p in 1..=n as usize {
                assert!(
                    whites[p].abs() <= 1,
                    "n={n} player {p} colour diff {}",
                    whites[p]
                );
                if n % 2 == 1 {
                    assert_eq!(byes[p], 1);
                }
            }
        }
    }
}
