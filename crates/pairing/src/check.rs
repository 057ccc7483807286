//! The pairing checker (`ratingbook pair --check`): re-pairs every round of
//! a tournament from its history and explains differences.
use super::dutch::{self, DutchOptions, Pairing, PairingError};
use super::history::{history_breaches, Breach, HistoryRules, PlayerHistory, RoundRecord};
use super::input::{Float, InputError, PairingInput, PointSystem, RoundByRound};
use std::collections::{HashMap, HashSet};
use trf::{Colour, TrfDocument};

/// Outcome for one round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundReport {
    /// Round number.
    pub round: u32,
    /// The recorded pairing (boards white/black, bye).
    pub recorded: Pairing,
    /// The engine's pairing (`None` if the engine found no legal pairing).
    pub engine: Option<Pairing>,
    /// `None` when they agree; otherwise which criterion decided.
    pub difference: Option<String>,
}

/// The quality of a whole pairing of one round, criterion by criterion,
/// in the Dutch system's priority order (lower is better everywhere).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quality {
    /// (name, value) in priority order; values are compared in this order.
    pub criteria: Vec<(&'static str, Vec<i64>)>,
}

/// Evaluates a pairing of `input` criterion by criterion.
pub fn evaluate(input: &PairingInput, pairing: &Pairing) -> Quality {
    let players: HashMap<u32, dutch::Player<'_>> = input
        .players
        .iter()
        .filter(|p| p.present)
        .map(|p| (p.id, dutch::derive(input, p)))
        .collect();
    let forbidden: HashSet<(u32, u32)> = input
        .forbidden
        .iter()
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect();
    let mut c1 = 0;
    let mut c3 = 0;
    let mut diffs = Vec::new();
    let (mut c1011, mut c12, mut c13) = (0i64, 0i64, 0i64);
    let mut floats = [0i64; 4];
    let mut alloc = 0;
    for &(w, b) in &pairing.boards {
        let (Some(pw), Some(pb)) = (players.get(&w), players.get(&b)) else {
            c1 += 1;
            continue;
        };
        if !dutch::c1_no_rematch(pw.st, pb.st, &forbidden) {
            c1 += 1;
        }
        if !dutch::c3_colour_compatible(pw, pb) {
            c3 += 1;
        }
        diffs.push(i64::from(pw.st.score.abs_diff(pb.st.score)));
        let costs = dutch::colour_costs_of(pw, pb, true);
        c1011 += (costs.beyond_two + costs.third_in_a_row) as i64;
        c12 += costs.preferences as i64;
        c13 += costs.strong_preferences as i64;
        if !dutch::allocate_colours(pw, pb, input.initial_colour) {
            alloc += 1;
        }
        let (hi, lo) = if pw.st.score > pb.st.score {
            (pw, pb)
        } else {
            (pb, pw)
        };
        if pw.st.score != pb.st.score {
            floats[0] += i64::from(dutch::float_at(hi, 1) == Float::Down);
            floats[1] += i64::from(dutch::float_at(lo, 1) == Float::Up);
            floats[2] += i64::from(dutch::float_at(hi, 2) == Float::Down);
            floats[3] += i64::from(dutch::float_at(lo, 2) == Float::Up);
        }
    }
    // Largest difference first: lexicographically smaller is better.
    diffs.sort_unstable_by(|a, b| b.cmp(a));
    let mut c2 = 0;
    let (mut bye_score, mut bye_unplayed, mut bye_rank) = (vec![], vec![], vec![]);
    if let Some(x) = pairing.bye {
        match players.get(&x) {
            Some(p) => {
                if !dutch::c2_bye_eligible(p.st) {
                    c2 += 1;
                }
                let played = p.st.played_colours().games.len() as i64;
                bye_score = vec![i64::from(p.st.score)];
                bye_unplayed = vec![i64::from(input.round) - 1 - played];
                bye_rank = vec![-i64::from(p.st.pairing_no)];
            }
            None => c2 += 1,
        }
    }
    let paired: usize = 2 * pairing.boards.len() + usize::from(pairing.bye.is_some());
    Quality {
        criteria: vec![
            ("C1 no rematch / forbidden pairs", vec![c1]),
            ("C2 bye eligibility", vec![c2]),
            ("C3 absolute colour preferences", vec![c3]),
            (
                "C4 completion (players left unpaired)",
                vec![(players.len() - paired.min(players.len())) as i64],
            ),
            ("C5 score of the PAB assignee", bye_score),
            (
                "C6-C8 downfloaters: score differences of the pairs (largest first)",
                diffs,
            ),
            ("C9 unplayed games of the PAB assignee", bye_unplayed),
            (
                "C10/C11 topscorer colour exceptions (|CD|>2, three in a row)",
                vec![c1011],
            ),
            ("C12 colour preferences not granted", vec![c12]),
            ("C13 strong colour preferences not granted", vec![c13]),
            ("C14 repeated downfloats (previous round)", vec![floats[0]]),
            ("C15 repeated upfloats (previous round)", vec![floats[1]]),
            (
                "C16 repeated downfloats (two rounds before)",
                vec![floats[2]],
            ),
            ("C17 repeated upfloats (two rounds before)", vec![floats[3]]),
            ("4.2 PAB to the lowest ranked", bye_rank),
            (
                "5.2 colour allocation (boards with colours not as 5.2.1-5.2.5 give)",
                vec![alloc],
            ),
        ],
    }
}

/// Names the first criterion on which `recorded` and `engine` differ, with
/// which side is better; or says they are of equal quality.
pub fn explain(input: &PairingInput, recorded: &Pairing, engine: &Pairing) -> String {
    let (qr, qe) = (evaluate(input, recorded), evaluate(input, engine));
    for ((name, vr), (_, ve)) in qr.criteria.iter().zip(&qe.criteria) {
        if vr != ve {
            let better = if vr < ve {
                "recorded pairing is better"
            } else {
                "recorded pairing is worse"
            };
            return format!("{name}: {better} (recorded {vr:?}, engine {ve:?})");
        }
    }
    "equal quality, different tie-break (S1/S2 order of the bracket)".to_string()
}

fn recorded_pairing(doc: &TrfDocument, round: u32) -> Pairing {
    let ix = (round - 1) as usize;
    let mut boards = Vec::new();
    let mut bye = None;
    for p in doc.players() {
        let Some(Some(e)) = p.rounds.get(ix) else {
            continue;
        };
        match (e.opponent, e.colour) {
            (Some(o), Some(Colour::White)) => boards.push((p.start_no, o)),
            (Some(o), None) if p.start_no < o => boards.push((p.start_no, o)),
            (None, _)
                if matches!(
                    e.result,
                    trf::ResultCode::PairingBye | trf::ResultCode::ForfeitWin
                ) =>
            {
                bye = Some(p.start_no)
            }
            _ => {}
        }
    }
    Pairing {
        boards,
        bye,
        dropped_criteria: vec![],
    }
}

fn same(a: &Pairing, b: &Pairing) -> bool {
    let norm = |p: &Pairing| {
        let mut v = p.boards.clone();
        // Colours matter: the same pairs with other colours is a difference.
        v.sort_unstable();
        (v, p.bye)
    };
    norm(a) == norm(b)
}

/// Re-pairs every recorded round and reports each one. The rounds' inputs
/// are built in turn, each from the one before ([`RoundByRound`]), so the
/// time grows linearly with the number of rounds (with the engine's work).
pub fn check_tournament(
    doc: &TrfDocument,
    opts: DutchOptions,
) -> Result<Vec<RoundReport>, InputError> {
    check_tournament_with(doc, crate::system::System::Dutch, opts)
}

/// [`check_tournament`] for the given system; differences are explained
/// criterion by criterion for the Dutch system only.
pub fn check_tournament_with(
    doc: &TrfDocument,
    system: crate::system::System,
    opts: DutchOptions,
) -> Result<Vec<RoundReport>, InputError> {
    let n = doc.rounds_present() as u32;
    let mut history = RoundByRound::new(doc)?;
    let mut out = Vec::new();
    for round in 1..=n {
        let input = history.input_for(round, false)?;
        let recorded = recorded_pairing(doc, round);
        let engine = system.pair(input, opts);
        let (engine, difference) = match engine {
            Ok(e) if same(&e, &recorded) => (Some(e), None),
            Ok(e) if system != crate::system::System::Dutch => {
                (Some(e), Some("the system pairs it otherwise".to_string()))
            }
            Ok(e) => {
                let d = explain(input, &recorded, &e);
                (Some(e), Some(d))
            }
            Err(PairingError::NoLegalPairing(_)) => {
                (None, Some("engine found no legal pairing".to_string()))
            }
            Err(PairingError::Internal(e)) => (None, Some(format!("engine error: {e}"))),
            Err(e @ PairingError::SearchLimit(_)) => (None, Some(e.to_string())),
        };
        out.push(RoundReport {
            round,
            recorded,
            engine,
            difference,
        });
    }
    Ok(out)
}

/// Human-readable report: one line per differing round, then a summary.
pub fn format_reports(reports: &[RoundReport]) -> String {
    let mut s = String::new();
    let mut differing = 0;
    for r in reports {
        if let Some(d) = &r.difference {
            differing += 1;
            s.push_str(&format!("round {}: differs: {d}\n", r.round));
        }
    }
    s.push_str(&format!(
        "{} rounds checked, {} differ from the engine\n",
        reports.len(),
        differing
    ));
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::PlayerState;

    fn st(id: u32, score: u32) -> PlayerState {
        PlayerState {
            id,
            pairing_no: id,
            rating: 0,
            score,
            colours: vec![None],
            floats: vec![Float::None],
            opponents: vec![],
            had_bye_or_forfeit_win: false,
            present: true,
            played: Default::default(),
        }
    }

    #[test]
    fn explains_score_difference_and_ties() {
        let input = PairingInput {
            round: 2,
            total_rounds: 5,
            initial_colour: Colour::White,
            win_points: 10,
            players: vec![st(1, 10), st(2, 10), st(3, 0), st(4, 0)],
            forbidden: vec![],
        };
        let engine = Pairing {
            boards: vec![(1, 2), (3, 4)],
            bye: None,
            dropped_criteria: vec![],
        };
        let recorded = Pairing {
            boards: vec![(1, 3), (2, 4)],
            bye: None,
            dropped_criteria: vec![],
        };
        let e = explain(&input, &recorded, &engine);
        assert!(
            e.starts_with("C6-C8") && e.contains("recorded pairing is worse"),
            "{e}"
        );
        let swapped = Pairing {
            boards: vec![(2, 1), (3, 4)],
            bye: None,
            dropped_criteria: vec![],
        };
        let e = explain(&input, &swapped, &engine);
        assert!(e.starts_with("5.2 colour allocation"), "{e}");
        let line = |no: u32, rounds: &[&str]| {
            let mut p = trf::PlayerLine::new(no, "X");
            p.rounds = rounds
                .iter()
                .map(|r| {
                    trf::parse(&format!("001    1{}{r}", " ".repeat(83)))
                        .ok()
                        .and_then(|d| d.players().next().and_then(|q| q.rounds[0].clone()))
                })
                .collect();
            p.to_line()
        };
        let text = [
            line(1, &["   2 w 1", "   2 w 1", "0000 - U", "   3 w ="]),
            line(2, &["   1 b 0", "   1 b 0", "0000 - U", "   4 b ="]),
            line(3, &["0000 - U", "0000 - U", "   4 w 1", "   1 b ="]),
            line(4, &["0000 - Z", "0000 - Z", "   3 b 0", "   2 w ="]),
        ]
        .join("\n");
        let doc = trf::parse(&text).unwrap();
        let w = history_warnings(&doc);
        let msgs: Vec<_> = w
            .iter()
            .map(|w| (w.round, w.player, w.message.as_str()))
            .collect();
        assert!(msgs.contains(&(2, 1, "plays 2 again")), "{msgs:?}");
        assert!(
            msgs.contains(&(2, 3, "second pairing-allocated bye")),
            "{msgs:?}"
        );
        assert!(
            msgs.contains(&(4, 1, "white three times in a row")),
            "{msgs:?}"
        );
        assert!(msgs.contains(&(4, 1, "colour difference +3")), "{msgs:?}");
        let same = Pairing {
            boards: vec![(1, 2), (3, 4)],
            bye: None,
            dropped_criteria: vec![],
        };
        assert!(explain(&input, &same, &engine).starts_with("equal quality"));
    }
}

/// A rule break found in a recorded history (the pairing history's logical checks).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HistoryWarning {
    /// Round (1-based) where it happened.
    pub round: u32,
    /// Start number of the player concerned.
    pub player: u32,
    /// What is wrong.
    pub message: String,
}

/// Checks a recorded history for breaks of the Swiss rules that pairings
/// must respect: a second pairing-allocated bye, a bye after a forfeit win,
/// a repeat pairing (allowed only after a forfeited game), and colour rules
/// (three equal colours in a row, colour difference beyond ±2; unplayed
/// games do not count). Mirror-image problems (asymmetric rounds, unknown
/// opponents) are reported by [`TrfDocument::check_consistency`].
pub fn history_warnings(doc: &TrfDocument) -> Vec<HistoryWarning> {
    use trf::ResultCode;
    let points = PointSystem::from_xxs(&doc.point_system()).unwrap_or_default();
    let players: Vec<PlayerHistory> = doc
        .players()
        .map(|p| PlayerHistory {
            player: p.start_no,
            rounds: p
                .rounds
                .iter()
                .map(|e| {
                    e.as_ref().map(|e| {
                        let pairing_bye = e.result == ResultCode::PairingBye
                            || (e.opponent.is_none() && e.result == ResultCode::ForfeitWin);
                        let played = e.result.is_played();
                        RoundRecord {
                            opponent: e.opponent,
                            colour: e.colour.filter(|_| played),
                            played,
                            pairing_bye,
                            unplayed_win: !played && points.points(e) >= points.win[0],
                        }
                    })
                })
                .collect(),
        })
        .collect();
    let rules = HistoryRules {
        swiss: true,
        byes_allowed: 1,
    };
    history_breaches(&players, rules)
        .into_iter()
        .map(|f| HistoryWarning {
            round: f.round as u32 + 1,
            player: f.player,
            message: match f.breach {
                Breach::Repeat { opponent, .. } => format!("plays {opponent} again"),
                Breach::ExtraBye { .. } => "second pairing-allocated bye".into(),
                Breach::ByeAfterUnplayedWin { .. } => {
                    "pairing-allocated bye after a win without playing".into()
                }
                Breach::SameColour { colour, .. } => format!(
                    "{} three times in a row",
                    if colour == Colour::White {
                        "white"
                    } else {
                        "black"
                    }
                ),
                Breach::ColourDifference { colour, difference } => format!(
                    "colour difference {:+}",
                    if colour == Colour::White {
                        difference
                    } else {
                        -difference
                    }
                ),
            },
        })
        .collect()
}
