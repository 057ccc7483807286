//! Simulated Swiss events written as TRF (`ratingbook generate-trf`): the
//! input for tests and benchmarks.
use super::dutch::{pair_dutch_with, DutchOptions, Pairing, PairingError};
use super::input::{PairingInput, PointSystem};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;
use trf::{Colour, PlayerLine, Points, ResultCode, RoundEntry, TrfDocument, TrfLine, XxcLine};

/// Generator settings.
#[derive(Debug, Clone, Copy)]
pub struct GenerateOptions {
    /// Number of players.
    pub players: u32,
    /// Number of rounds (all are paired and played).
    pub rounds: u32,
    /// Random seed; the same seed gives the same file.
    pub seed: u64,
    /// Rounds to pair and play; `None` = all. Fewer gives an event in
    /// progress (`XXR` still says `rounds`).
    pub play_rounds: Option<u32>,
    /// Probability per game that one side forfeits.
    pub forfeit_rate: f64,
    /// Probability per game that both sides forfeit (double forfeit).
    pub double_forfeit_rate: f64,
    /// Draw probability between equally rated players above a 5 % floor
    /// (the part above the floor shrinks as the rating gap grows).
    pub draw_rate: f64,
    /// Probability per player and round of a requested bye (half-point `H`
    /// or zero-point `Z`).
    pub bye_rate: f64,
    /// Players who withdraw halfway (only in events of 8 players or more).
    pub withdrawals: u32,
    /// Players who join in round 2 or 3 (earlier rounds `Z`).
    pub late_entries: u32,
    /// Ratings are drawn uniformly from this half-open range.
    pub rating_range: (u32, u32),
    /// Pair with the Baku Acceleration Method (`XXA` lines are written).
    pub baku: bool,
    /// Engine options.
    pub engine: DutchOptions,
}

impl GenerateOptions {
    /// Defaults: 1% forfeits, 2% requested byes, one withdrawal.
    pub fn new(players: u32, rounds: u32, seed: u64) -> Self {
        GenerateOptions {
            players,
            rounds,
            seed,
            play_rounds: None,
            forfeit_rate: 0.01,
            double_forfeit_rate: 0.0,
            draw_rate: 0.3,
            bye_rate: 0.02,
            withdrawals: 1,
            late_entries: 0,
            rating_range: (1000, 2700),
            baku: false,
            engine: DutchOptions::default(),
        }
    }
}

/// Simulates the event: ratings, requested byes, withdrawals halfway
/// (players ≥ 8), late entries, results from rating-based probabilities with
/// draws and some (single and double) forfeits, the Dutch engine pairing
/// every round.
pub fn generate_trf(opts: &GenerateOptions) -> Result<TrfDocument, PairingError> {
    let mut rng = ChaCha8Rng::seed_from_u64(opts.seed);
    let mut doc = new_event(opts, &mut rng);
    let n = opts.players.clamp(1, 9999);
    let withdrawn: Vec<u32> = if n >= 8 {
        (0..opts.withdrawals)
            .map(|_| rng.random_range(1..=n))
            .collect()
    } else {
        Vec::new()
    };
    let late: Vec<(u32, u32)> = (0..opts.late_entries.min(n))
        .map(|_| (rng.random_range(1..=n), rng.random_range(2..=3)))
        .collect();
    let absent = Absences {
        withdrawn,
        withdraw_from: opts.rounds / 2 + 1,
        late,
    };
    let play = opts.play_rounds.unwrap_or(opts.rounds).min(opts.rounds);
    for round in 1..=play {
        mark_absences(&mut doc, round, &absent, opts, &mut rng);
        if round == 1 && opts.baku {
            doc = crate::acceleration::with_baku(&doc, opts.rounds);
        }
        let input = PairingInput::from_trf(&doc, round, true)
            .map_err(|_| PairingError::NoLegalPairing(0))?;
        let pairing = pair_dutch_with(&input, opts.engine)?;
        play_round(&mut doc, round, &pairing, opts, &mut rng);
    }
    set_points_and_ranks(&mut doc, &PointSystem::default());
    Ok(doc)
}

/// The event before its first round: headers, players with ratings drawn
/// from `opts.rating_range` (highest first) and sexes, the number of
/// rounds and the initial colour drawn by lot.
fn new_event(opts: &GenerateOptions, rng: &mut ChaCha8Rng) -> TrfDocument {
    let n = opts.players.clamp(1, 9999);
    let (low, high) = opts.rating_range;
    let mut ratings: Vec<u32> = (0..n)
        .map(|_| rng.random_range(low.min(high)..high.max(low + 1)))
        .collect();
    ratings.sort_unstable_by(|a, b| b.cmp(a));
    let initial = if rng.random_bool(0.5) {
        Colour::White
    } else {
        Colour::Black
    };
    let mut doc = TrfDocument::default();
    doc.lines.push(TrfLine::Header {
        code: "012".into(),
        text: format!("Generated Swiss {n}x{} seed {}", opts.rounds, opts.seed),
    });
    doc.lines.push(TrfLine::Header {
        code: "062".into(),
        text: n.to_string(),
    });
    doc.lines.push(TrfLine::Header {
        code: "092".into(),
        text: "Individual: Swiss-System (FIDE Dutch)".into(),
    });
    for (i, &r) in ratings.iter().enumerate() {
        let mut p = PlayerLine::new(i as u32 + 1, &format!("Player {:04}", i + 1));
        p.rating = Some(r);
        p.sex = Some(if rng.random_bool(0.3) { 'w' } else { 'm' });
        p.federation = "FIN".into();
        doc.lines.push(TrfLine::Player(p));
    }
    doc.lines.push(TrfLine::TotalRounds(opts.rounds));
    doc.lines.push(TrfLine::Xxc(XxcLine {
        initial_colour: Some(initial),
        rank: false,
    }));
    doc
}

/// Who misses rounds for reasons of their own: players who withdraw from
/// round `withdraw_from` on, late entries by the round they join.
struct Absences {
    withdrawn: Vec<u32>,
    withdraw_from: u32,
    late: Vec<(u32, u32)>,
}

/// Writes the absences of `round` into its column: withdrawn and not yet
/// entered players `Z`, requested byes (`H` or `Z`, never in the last round)
/// drawn at `opts.bye_rate`; everyone else left blank, to be paired.
fn mark_absences(
    doc: &mut TrfDocument,
    round: u32,
    absences: &Absences,
    opts: &GenerateOptions,
    rng: &mut ChaCha8Rng,
) {
    let ix = (round - 1) as usize;
    for p in doc.players_mut() {
        let gone = absences.withdrawn.contains(&p.start_no) && round >= absences.withdraw_from;
        let not_yet = absences
            .late
            .iter()
            .any(|&(no, from)| no == p.start_no && round < from);
        let absent = if gone || not_yet {
            Some(ResultCode::ZeroBye)
        } else if round < opts.rounds && rng.random_bool(opts.bye_rate) {
            Some(if rng.random_bool(0.7) {
                ResultCode::HalfBye
            } else {
                ResultCode::ZeroBye
            })
        } else {
            None
        };
        p.rounds.resize(ix, None);
        p.rounds.push(absent.map(|result| RoundEntry {
            opponent: None,
            colour: None,
            result,
        }));
    }
}

/// Plays the boards of `pairing` (results drawn from the ratings) and
/// writes them, with the pairing-allocated bye, into the column of `round`.
fn play_round(
    doc: &mut TrfDocument,
    round: u32,
    pairing: &Pairing,
    opts: &GenerateOptions,
    rng: &mut ChaCha8Rng,
) {
    let rating_of: HashMap<u32, u32> = doc
        .players()
        .map(|p| (p.start_no, p.rating.unwrap_or(1500)))
        .collect();
    let mut results: HashMap<u32, RoundEntry> = HashMap::new();
    for &(w, b) in &pairing.boards {
        let (rw_code, rb_code) = game_result(rating_of[&w], rating_of[&b], opts, rng);
        let entry = |opponent, colour, result| RoundEntry {
            opponent: Some(opponent),
            colour: Some(colour),
            result,
        };
        results.insert(w, entry(b, Colour::White, rw_code));
        results.insert(b, entry(w, Colour::Black, rb_code));
    }
    if let Some(x) = pairing.bye {
        results.insert(
            x,
            RoundEntry {
                opponent: None,
                colour: None,
                result: ResultCode::PairingBye,
            },
        );
    }
    let ix = (round - 1) as usize;
    for p in doc.players_mut() {
        if let Some(e) = results.remove(&p.start_no) {
            p.rounds[ix] = Some(e);
        }
    }
}

/// The result codes of White (rated `white`) and Black (rated `black`):
/// a double forfeit, a forfeit, or a game won, drawn or lost by the
/// expected score with White's edge and a draw chance that shrinks as the
/// rating gap grows.
fn game_result(
    white: u32,
    black: u32,
    opts: &GenerateOptions,
    rng: &mut ChaCha8Rng,
) -> (ResultCode, ResultCode) {
    let (rw, rb) = (white as f64, black as f64);
    let expected = 1.0 / (1.0 + 10f64.powf((rb - rw - 35.0) / 400.0));
    let draw = opts.draw_rate * (1.0 - (expected - 0.5).abs() * 2.0) + 0.05;
    let x: f64 = rng.random();
    if opts.double_forfeit_rate > 0.0 && rng.random_bool(opts.double_forfeit_rate.min(1.0)) {
        (ResultCode::ForfeitLoss, ResultCode::ForfeitLoss)
    } else if rng.random_bool(opts.forfeit_rate) {
        if rng.random_bool(0.5) {
            (ResultCode::ForfeitWin, ResultCode::ForfeitLoss)
        } else {
            (ResultCode::ForfeitLoss, ResultCode::ForfeitWin)
        }
    } else if x < expected - draw / 2.0 {
        (ResultCode::Win, ResultCode::Loss)
    } else if x < expected + draw / 2.0 {
        (ResultCode::Draw, ResultCode::Draw)
    } else {
        (ResultCode::Loss, ResultCode::Win)
    }
}

/// Each player's points (`ps`) and final rank (points, then starting number).
fn set_points_and_ranks(doc: &mut TrfDocument, ps: &PointSystem) {
    let mut totals: Vec<(u32, u32)> = Vec::new();
    for p in doc.players_mut() {
        let pts: u32 = p.rounds.iter().flatten().map(|e| ps.points(e).0).sum();
        p.points = Points(pts);
        totals.push((p.start_no, pts));
    }
    totals.sort_by_key(|&(no, pts)| (std::cmp::Reverse(pts), no));
    let rank_of: HashMap<u32, u32> = totals
        .iter()
        .enumerate()
        .map(|(i, &(no, _))| (no, i as u32 + 1))
        .collect();
    for p in doc.players_mut() {
        p.rank = Some(rank_of[&p.start_no]);
    }
}
