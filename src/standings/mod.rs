//! Tournament standings: points, a configurable tie-break chain, and ranks.
//!
//! Players are ordered by points, then by each tie-break of the chain in turn; a
//! tie-break only separates players still tied on everything before it (this matters
//! for direct encounter, which looks at the tied group). Players tied on points and the
//! whole chain share a rank, shown as `3–4`; within a shared rank rows are listed by
//! start number. See [`tiebreak`] for the ids and their unplayed-round rules.

pub mod starting;
pub mod tiebreak;

pub use crate::check::check_ids;
use crate::model::{System, Tournament};
use serde::Serialize;
pub use tiebreak::{parse_chain, Facts, Kind, TieBreak, Unplayed};

/// One player's place in the final standings.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Standing {
    /// Start number.
    pub start_no: u32,
    /// Points in half points.
    pub half_points: u32,
    /// Rank as shown: `3`, or `3–4` when shared.
    pub rank_label: String,
    /// Tie-break values in chain order, scaled by [`Kind::scale`]; `None` when the
    /// tie-break has no value for the player (e.g. direct encounter outside a tie).
    pub tiebreaks: Vec<Option<i64>>,
}

/// Final standings in rank order for the given chain; `rating(start_no)` supplies the
/// rating used by ARO and TPR.
pub fn standings(
    t: &Tournament,
    chain: &[TieBreak],
    rating: &dyn Fn(u32) -> Option<u32>,
) -> Vec<Standing> {
    let facts = Facts::new(t, rating);
    let mut order: Vec<u32> = t.entries.iter().map(|e| e.start_no).collect();
    order.sort_by(|a, b| facts.score_of(*b).cmp(&facts.score_of(*a)).then(a.cmp(b)));
    let mut values: std::collections::BTreeMap<u32, Vec<Option<i64>>> =
        order.iter().map(|&s| (s, Vec::new())).collect();
    // Groups of players still tied: ranges of `order`.
    let mut groups = split(&order, |s| Some(facts.score_of(*s)));
    for &tb in chain {
        let mut next = Vec::new();
        for group in groups {
            let computed: Vec<(u32, Option<i64>)> = group
                .iter()
                .map(|&s| (s, facts.value(tb, s, &group)))
                .collect();
            if tb.kind == Kind::DirectEncounter {
                for (s, v) in &computed {
                    if let Some(list) = values.get_mut(s) {
                        list.push(*v);
                    }
                }
                next.extend(facts.direct_encounter_tiers(&group));
                continue;
            }
            let mut sorted = computed.clone();
            // Higher is better; no value sorts last; then start number.
            sorted.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
            for (s, v) in &computed {
                if let Some(list) = values.get_mut(s) {
                    list.push(*v);
                }
            }
            let members: Vec<u32> = sorted.iter().map(|p| p.0).collect();
            let lookup: std::collections::BTreeMap<u32, Option<i64>> = sorted.into_iter().collect();
            next.extend(split(&members, |s| lookup.get(s).copied().flatten()));
        }
        groups = next;
    }
    let mut out = Vec::with_capacity(order.len());
    let mut place = 1;
    for group in groups {
        let label = if group.len() > 1 {
            format!("{}–{}", place, place + group.len() - 1)
        } else {
            place.to_string()
        };
        place += group.len();
        for s in group {
            out.push(Standing {
                start_no: s,
                half_points: u32::try_from(facts.score_of(s)).unwrap_or(0),
                rank_label: label.clone(),
                tiebreaks: values.remove(&s).unwrap_or_default(),
            });
        }
    }
    out
}

/// Each start number's place as the standings list it: 1, 2, 3… in rank
/// order, players of a shared rank numbered in the order they are listed
/// (as the crosstable in final order numbers them).
pub fn published_places(
    t: &Tournament,
    chain: &[TieBreak],
    rating: &dyn Fn(u32) -> Option<u32>,
) -> std::collections::BTreeMap<u32, u32> {
    standings(t, chain, rating)
        .iter()
        .zip(1..)
        .map(|(s, place)| (s.start_no, place))
        .collect()
}

/// Splits an ordered list into runs with equal keys.
fn split(order: &[u32], key: impl Fn(&u32) -> Option<i64>) -> Vec<Vec<u32>> {
    let mut out: Vec<Vec<u32>> = Vec::new();
    let mut last: Option<Option<i64>> = None;
    for s in order {
        let k = key(s);
        match out.last_mut() {
            Some(run) if last == Some(k) => run.push(*s),
            _ => out.push(vec![*s]),
        }
        last = Some(k);
    }
    out
}

/// The tie-break chain in force for a tournament: its own list, else the
/// configured default for its system (round robins: FIDE C.07's direct
/// encounter, wins, Sonneborn–Berger and Koya unless configured otherwise).
pub fn chain_for(t: &Tournament, config: &crate::config::Config) -> Vec<TieBreak> {
    let default = match t.system {
        System::RoundRobin => &config.standings.round_robin_tiebreaks,
        System::Swiss => &config.standings.tiebreaks,
    };
    parse_chain(t.tiebreaks.as_ref().unwrap_or(default))
}

/// The tournament as it stood after `rounds` rounds: every row's cells cut
/// after that round (the declared number of rounds stays).
pub fn after_round(t: &Tournament, rounds: usize) -> Tournament {
    let mut cut = t.clone();
    for entry in &mut cut.entries {
        entry.cells.truncate(rounds);
        entry.handicaps.truncate(rounds);
    }
    cut
}

/// Standings after `rounds` rounds, with the chain's tie-breaks as they
/// stood then (see [`standings`]).
pub fn standings_after(
    t: &Tournament,
    rounds: usize,
    chain: &[TieBreak],
    rating: &dyn Fn(u32) -> Option<u32>,
) -> Vec<Standing> {
    standings(&after_round(t, rounds), chain, rating)
}

/// FIDE's performance rating Rp of one player (the rating regulations'
/// Ra + dp(p), as the TPR tie-break computes it): over the games played
/// over the board against opponents with a rating; `None` without one.
pub fn performance(
    t: &Tournament,
    start_no: u32,
    rating: &dyn Fn(u32) -> Option<u32>,
) -> Option<i64> {
    let tpr = TieBreak {
        kind: Kind::Performance,
        unplayed: Unplayed::Dummy,
    };
    Facts::new(t, rating).value(tpr, start_no, &[start_no])
}
