//! The rules a recorded pairing history must respect, in one place for both
//! checkers: our tournaments (`ratingbook check`, see `check::history`) and
//! TRF files (`ratingbook pair --check`, see [`super::check`]).
//!
//! - **Repeat pairings** (swiss only): two players meet at most once, unless
//!   every earlier meeting was a forfeit.
//! - **Byes**: at most `byes_allowed` pairing-allocated byes, and (swiss) none
//!   after scoring a win's points without playing (C2: a bye, a forfeit win,
//!   a full-point bye).
//! - **Colours** (swiss only, games played over the board): no colour three
//!   times in a row, whites − blacks within ±2. Each player's first breach of
//!   each colour rule is reported.
use std::collections::BTreeMap;
use trf::Colour;

/// One round of one player, as the rules see it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RoundRecord {
    /// The opponent, for a game (played or forfeited).
    pub opponent: Option<u32>,
    /// The colour of a game played over the board.
    pub colour: Option<Colour>,
    /// The game was played (not forfeited).
    pub played: bool,
    /// A pairing-allocated bye.
    pub pairing_bye: bool,
    /// A win's points without playing (forfeit win, full-point bye; a
    /// pairing-allocated bye counts too).
    pub unplayed_win: bool,
}

/// A player's rounds (`None`: no entry that round).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerHistory {
    /// Start number.
    pub player: u32,
    /// Round by round, from round 1.
    pub rounds: Vec<Option<RoundRecord>>,
}

/// Which rules apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HistoryRules {
    /// Swiss: repeat pairings, byes after unplayed wins and colours count.
    pub swiss: bool,
    /// Pairing-allocated byes a player may get.
    pub byes_allowed: usize,
}

/// What a history breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Breach {
    /// The player (the lower start number) meets `opponent` again; they
    /// played in round `earlier` (0-based).
    Repeat { opponent: u32, earlier: usize },
    /// Pairing-allocated bye number `number`, more than `allowed`.
    ExtraBye { number: usize, allowed: usize },
    /// A pairing-allocated bye after a win's points without playing in
    /// round `earlier` (0-based).
    ByeAfterUnplayedWin { earlier: usize },
    /// `colour` for the `run`th game in a row (`run` ≥ 3).
    SameColour { colour: Colour, run: usize },
    /// `difference` more games with `colour` than with the other.
    ColourDifference { colour: Colour, difference: i32 },
}

/// One breach, in round `round` (0-based) of `player`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Finding {
    pub round: usize,
    pub player: u32,
    pub breach: Breach,
}

/// Every breach of `rules` in the histories, ordered by round, then player.
pub fn history_breaches(players: &[PlayerHistory], rules: HistoryRules) -> Vec<Finding> {
    let mut out = Vec::new();
    for p in players {
        byes(p, rules, &mut out);
        if rules.swiss {
            colours(p, &mut out);
        }
    }
    if rules.swiss {
        repeats(players, &mut out);
    }
    out.sort_by_key(|f| (f.round, f.player));
    out
}

fn byes(p: &PlayerHistory, rules: HistoryRules, out: &mut Vec<Finding>) {
    let mut count = 0;
    let mut unplayed_win: Option<usize> = None;
    for (round, r) in p.rounds.iter().enumerate() {
        let Some(r) = r else { continue };
        if r.pairing_bye {
            count += 1;
            let breach = if count > rules.byes_allowed {
                Some(Breach::ExtraBye {
                    number: count,
                    allowed: rules.byes_allowed,
                })
            } else if rules.swiss {
                unplayed_win.map(|earlier| Breach::ByeAfterUnplayedWin { earlier })
            } else {
                None
            };
            if let Some(breach) = breach {
                out.push(Finding {
                    round,
                    player: p.player,
                    breach,
                });
            }
        }
        if (r.unplayed_win || r.pairing_bye) && unplayed_win.is_none() {
            unplayed_win = Some(round);
        }
    }
}

fn colours(p: &PlayerHistory, out: &mut Vec<Finding>) {
    let mut last: Option<Colour> = None;
    let mut run = 0;
    let mut difference: i32 = 0;
    let (mut reported_run, mut reported_difference) = (false, false);
    for (round, r) in p.rounds.iter().enumerate() {
        let Some(RoundRecord {
            colour: Some(colour),
            played: true,
            ..
        }) = *r
        else {
            continue;
        };
        run = if last == Some(colour) { run + 1 } else { 1 };
        last = Some(colour);
        difference += if colour == Colour::White { 1 } else { -1 };
        let mut report = |breach| {
            out.push(Finding {
                round,
                player: p.player,
                breach,
            })
        };
        if run >= 3 && !reported_run {
            reported_run = true;
            report(Breach::SameColour { colour, run });
        }
        if difference.abs() > 2 && !reported_difference {
            reported_difference = true;
            report(Breach::ColourDifference {
                colour,
                difference: difference.abs(),
            });
        }
    }
}

fn repeats(players: &[PlayerHistory], out: &mut Vec<Finding>) {
    // (low, high) start numbers → round of the first played meeting.
    let mut met: BTreeMap<(u32, u32), usize> = BTreeMap::new();
    let rounds = players.iter().map(|p| p.rounds.len()).max().unwrap_or(0);
    for round in 0..rounds {
        for p in players {
            let Some(Some(r)) = p.rounds.get(round) else {
                continue;
            };
            let Some(opponent) = r.opponent else { continue };
            if p.player > opponent {
                continue;
            }
            let key = (p.player, opponent);
            if let Some(&earlier) = met.get(&key) {
                out.push(Finding {
                    round,
                    player: p.player,
                    breach: Breach::Repeat { opponent, earlier },
                });
            }
            if r.played {
                met.entry(key).or_insert(round);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(opponent: u32, colour: Colour, played: bool) -> Option<RoundRecord> {
        Some(RoundRecord {
            opponent: Some(opponent),
            colour: Some(colour),
            played,
            ..RoundRecord::default()
        })
    }

    fn bye(pairing_bye: bool, unplayed_win: bool) -> Option<RoundRecord> {
        Some(RoundRecord {
            pairing_bye,
            unplayed_win,
            ..RoundRecord::default()
        })
    }

    #[test]
    fn full_point_bye_bars_the_pairing_allocated_bye_in_a_swiss_only() {
        let p = PlayerHistory {
            player: 7,
            rounds: vec![bye(false, true), None, bye(true, false), bye(true, false)],
        };
        let swiss = HistoryRules {
            swiss: true,
            byes_allowed: 1,
        };
        let found: Vec<Breach> = history_breaches(std::slice::from_ref(&p), swiss)
            .into_iter()
            .map(|f| f.breach)
            .collect();
        assert_eq!(
            found,
            vec![
                Breach::ByeAfterUnplayedWin { earlier: 0 },
                Breach::ExtraBye {
                    number: 2,
                    allowed: 1
                }
            ]
        );
        let round_robin = HistoryRules {
            swiss: false,
            byes_allowed: 2,
        };
        assert!(history_breaches(&[p], round_robin).is_empty());
    }

    #[test]
    fn forfeited_meetings_may_repeat_and_colours_report_once() {
        use Colour::{Black as B, White as W};
        let one = PlayerHistory {
            player: 1,
            rounds: vec![
                game(2, W, false),
                game(2, W, true),
                game(3, W, true),
                game(2, W, true),
            ],
        };
        let two = PlayerHistory {
            player: 2,
            rounds: vec![game(1, B, false), game(1, B, true), None, game(1, B, true)],
        };
        let rules = HistoryRules {
            swiss: true,
            byes_allowed: 1,
        };
        let found = history_breaches(&[one, two], rules);
        let repeat = Breach::Repeat {
            opponent: 2,
            earlier: 1,
        };
        assert_eq!(
            found
                .iter()
                .filter(|f| matches!(f.breach, Breach::Repeat { .. }))
                .map(|f| (f.round, f.breach))
                .collect::<Vec<_>>(),
            vec![(3, repeat)]
        );
        let same_colour = found
            .iter()
            .filter(|f| f.player == 1 && matches!(f.breach, Breach::SameColour { .. }))
            .count();
        assert_eq!(same_colour, 1);
    }
}
