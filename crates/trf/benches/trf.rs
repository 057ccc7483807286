//! TRF benchmark: parse and write swiss events of 100, 1000 and 9999 players
//! × 11 rounds (TRF-16 start numbers and ranks have four digits, so 9999 is
//! the largest field a file can hold).
//!
//! Run with `cargo bench -p ratingbook-trf --bench trf` (release build). The documents
//! are built in memory with the crate's own types (headers, `XXR`/`XXC`,
//! player lines with UTF-8 names, random pairings with byes and forfeits,
//! results from ratings) from a fixed seed; each size checks the round trip
//! `parse(write(doc)) == doc` once, then reports the median wall time of
//! parsing and of writing. `RB_BENCH_SIZES=100,1000` sets the sizes.
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use std::time::{Duration, Instant};
use trf::{Colour, PlayerLine, Points, ResultCode, RoundEntry, TrfDocument, TrfLine};

const ROUNDS: usize = 11;
/// The largest start number (and rank) TRF-16's four columns can hold.
const MAX_PLAYERS: u32 = 9999;

const GIVEN: [&str; 12] = [
    "Aino", "Eero", "Kaisa", "Lauri", "Ayşe", "Emre", "Işıl", "Çağlar", "Jana", "Peter", "Zuzana",
    "Marek",
];
const FAMILY: [&str; 12] = [
    "Virtanen",
    "Mäkinen",
    "Hämäläinen",
    "Järvinen",
    "Yılmaz",
    "Şahin",
    "Çelik",
    "Öztürk",
    "Novák",
    "Horváth",
    "Kováč",
    "Baláž",
];
const FEDERATIONS: [&str; 3] = ["FIN", "TUR", "SVK"];
const TITLES: [&str; 5] = ["GM", "IM", "FM", "WGM", "CM"];

/// A swiss event of `players` players and `ROUNDS` rounds: every round a
/// random pairing (a pairing-allocated bye for the odd one out; repeats and
/// colour runs are allowed, only the format matters here), results drawn from
/// the ratings with a few forfeits, then points and ranks.
fn document(players: u32, seed: u64) -> TrfDocument {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut lines: Vec<PlayerLine> = (1..=players)
        .map(|no| {
            let given = GIVEN[rng.random_range(0..GIVEN.len())];
            let family = FAMILY[rng.random_range(0..FAMILY.len())];
            let mut p = PlayerLine::new(no, &format!("{family}, {given} {no}"));
            p.sex = Some(if rng.random_bool(0.7) { 'm' } else { 'w' });
            if rng.random_bool(0.05) {
                p.title = TITLES[rng.random_range(0..TITLES.len())].to_string();
            }
            p.rating = Some(rng.random_range(1200..2700));
            p.federation = FEDERATIONS[rng.random_range(0..FEDERATIONS.len())].to_string();
            p.fide_id = Some(rng.random_range(100_000..40_000_000));
            p.birth_date = format!(
                "{}/{:02}/{:02}",
                rng.random_range(1950..2015),
                rng.random_range(1..=12),
                rng.random_range(1..=28)
            );
            p
        })
        .collect();
    let n = lines.len();
    let mut order: Vec<usize> = (0..n).collect();
    for _ in 0..ROUNDS {
        order.shuffle(&mut rng);
        let mut round: Vec<Option<RoundEntry>> = vec![None; n];
        for pair in order.chunks(2) {
            let &[white, black] = pair else {
                round[pair[0]] = Some(RoundEntry {
                    opponent: None,
                    colour: None,
                    result: ResultCode::PairingBye,
                });
                continue;
            };
            let result = draw_result(&mut rng, &lines[white], &lines[black]);
            round[white] = Some(RoundEntry {
                opponent: Some(lines[black].start_no),
                colour: Some(Colour::White),
                result,
            });
            round[black] = Some(RoundEntry {
                opponent: Some(lines[white].start_no),
                colour: Some(Colour::Black),
                result: result.complement().expect("a game result"),
            });
        }
        for (p, entry) in lines.iter_mut().zip(round) {
            p.rounds.push(entry);
        }
    }
    for p in &mut lines {
        p.points = Points(p.rounds.iter().flatten().map(|e| tenths(e.result)).sum());
    }
    let mut ranking: Vec<usize> = (0..n).collect();
    ranking.sort_by(|&a, &b| {
        (lines[b].points, lines[b].rating)
            .cmp(&(lines[a].points, lines[a].rating))
            .then(a.cmp(&b))
    });
    for (rank, &i) in ranking.iter().enumerate() {
        lines[i].rank = Some(rank as u32 + 1);
    }

    let header = |code: &str, text: String| TrfLine::Header {
        code: code.to_string(),
        text,
    };
    // Round dates in the round-block columns (from column 92; the text starts
    // at column 5).
    let round_dates = format!(
        "{}{}",
        " ".repeat(trf::FIRST_ROUND_COLUMN - 5),
        (0..ROUNDS)
            .map(|r| format!("26/01/{:02}", 10 + r))
            .collect::<Vec<_>>()
            .join("  ")
    );
    let mut doc = TrfDocument {
        lines: vec![
            header("012", format!("Benchmark Open {players}")),
            header("022", "Tampere".to_string()),
            header("032", "FIN".to_string()),
            header("042", "2026/01/10".to_string()),
            header("052", format!("2026/01/{}", 10 + ROUNDS - 1)),
            header("062", players.to_string()),
            header("072", players.to_string()),
            header("092", "Individual: Swiss-System".to_string()),
            header("102", "Virtanen, Aino (IA)".to_string()),
            header("122", "90 min/40 moves + 30 min, 30 s per move".to_string()),
            header("132", round_dates),
            TrfLine::TotalRounds(ROUNDS as u32),
            TrfLine::Xxc(trf::XxcLine {
                initial_colour: Some(Colour::White),
                rank: false,
            }),
        ],
    };
    doc.lines.extend(lines.into_iter().map(TrfLine::Player));
    doc
}

/// White's result against black: 2% forfeits, else win, draw or loss from the
/// Elo expectation with a 15% draw band.
fn draw_result(rng: &mut ChaCha8Rng, white: &PlayerLine, black: &PlayerLine) -> ResultCode {
    if rng.random_bool(0.02) {
        return if rng.random_bool(0.5) {
            ResultCode::ForfeitWin
        } else {
            ResultCode::ForfeitLoss
        };
    }
    let (a, b) = (white.rating.unwrap_or(1500), black.rating.unwrap_or(1500));
    let expected = 1.0 / (1.0 + 10f64.powf((f64::from(b) - f64::from(a)) / 400.0));
    let roll: f64 = rng.random();
    if roll < expected - 0.075 {
        ResultCode::Win
    } else if roll < expected + 0.075 {
        ResultCode::Draw
    } else {
        ResultCode::Loss
    }
}

/// Points in tenths for a result (a pairing-allocated bye scores a win).
fn tenths(result: ResultCode) -> u32 {
    match result {
        ResultCode::Win | ResultCode::ForfeitWin | ResultCode::PairingBye => 10,
        ResultCode::Draw => 5,
        _ => 0,
    }
}

/// Median wall time of `f` in ms, over at least 5 runs and 0.3 s; dropping
/// the result is not timed.
fn median_ms<T>(mut f: impl FnMut() -> T) -> f64 {
    let mut times = Vec::new();
    let start = Instant::now();
    while times.len() < 5 || start.elapsed() < Duration::from_millis(300) {
        let t = Instant::now();
        let out = black_box(f());
        times.push(t.elapsed().as_secs_f64() * 1000.0);
        drop(out);
    }
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn main() {
    let sizes: Vec<u32> = std::env::var("RB_BENCH_SIZES")
        .ok()
        .map(|s| s.split(',').filter_map(|x| x.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![100, 1000, MAX_PLAYERS]);
    println!(
        "| players | rounds | file (MB) | parse (ms) | parse (MB/s) | write (ms) | write (MB/s) |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|");
    for &n in &sizes {
        assert!(
            (1..=MAX_PLAYERS).contains(&n),
            "{n} players: a TRF-16 file holds 1 to {MAX_PLAYERS}"
        );
        let doc = document(n, 2026);
        let text = doc.write();
        assert_eq!(trf::parse(&text).expect("valid TRF"), doc, "round trip");
        assert!(doc.check_consistency().is_empty(), "consistent rounds");
        let mb = text.len() as f64 / 1e6;
        let parse_ms = median_ms(|| trf::parse(black_box(&text)).expect("valid TRF"));
        let write_ms = median_ms(|| black_box(&doc).write());
        println!(
            "| {n} | {ROUNDS} | {mb:.2} | {parse_ms:.2} | {:.0} | {write_ms:.2} | {:.0} |",
            mb / (parse_ms / 1000.0),
            mb / (write_ms / 1000.0)
        );
    }
}
