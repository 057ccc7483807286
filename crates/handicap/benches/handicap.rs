//! Handicap survey benchmark: parsing a survey and building its report (both
//! grade estimates) for clubs of 20, 100 and 300 players.
//!
//! Run with `cargo bench -p handicap --bench handicap` (release build). Each
//! survey is CSV text in the survey file format (`,go-p001,go-p002,...`, then
//! one row per player) with about 70% of the opinions filled in: the hidden
//! grade difference plus noise, rounded to whole stones. Nominal grades are the
//! hidden grades give or take a stone. Everything comes from a fixed seed. The
//! table gives the median wall time of `Survey::parse`, of each estimate alone
//! and of `build_report` (which computes both), and how far the least-squares
//! estimate is from the hidden grades. `RB_BENCH_SIZES=20,100` sets the sizes.
use handicap::estimate::{filled_in_estimate, least_squares_estimate};
use handicap::survey::MAX_HANDICAP_STONES;
use handicap::{build_report, Grade, Survey, SurveyOptions};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Share of the off-diagonal opinions that are filled in.
const FILLED: f64 = 0.7;

/// A generated survey: its CSV text, the nominal grades and the hidden
/// strengths (stone units, larger = weaker) the opinions were drawn from.
struct Generated {
    text: String,
    grades: BTreeMap<String, Grade>,
    hidden: Vec<f64>,
    opinions: usize,
}

/// A standard normal deviate (Box–Muller).
fn normal(rng: &mut ChaCha8Rng) -> f64 {
    let u1: f64 = rng.random_range(f64::EPSILON..1.0);
    let u2: f64 = rng.random();
    (-2.0 * u1.ln()).sqrt() * (2.0 * std::f64::consts::PI * u2).cos()
}

fn survey(players: usize, seed: u64) -> Generated {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let ids: Vec<String> = (1..=players).map(|i| format!("go-p{i:03}")).collect();
    // Club players from about 25k to 5d, centred on 10k.
    let hidden: Vec<f64> = (0..players)
        .map(|_| (10.0 + 7.0 * normal(&mut rng)).clamp(-4.0, 25.0))
        .collect();
    let grades = ids
        .iter()
        .zip(&hidden)
        .map(|(id, h)| {
            let nominal = Grade::nearest(h + 0.8 * normal(&mut rng)).expect("finite");
            (id.clone(), nominal)
        })
        .collect();
    let mut text = String::new();
    for id in &ids {
        let _ = write!(text, ",{id}");
    }
    text.push('\n');
    let mut opinions = 0;
    for (i, id) in ids.iter().enumerate() {
        text.push_str(id);
        for j in 0..players {
            text.push(',');
            if i != j && rng.random_bool(FILLED) {
                // Positive when the row player (weaker) receives stones.
                let stones = (hidden[i] - hidden[j] + normal(&mut rng)).round() as i64;
                let stones = stones.clamp(-MAX_HANDICAP_STONES, MAX_HANDICAP_STONES);
                let _ = write!(text, "{stones}");
                opinions += 1;
            }
        }
        text.push('\n');
    }
    Generated {
        text,
        grades,
        hidden,
        opinions,
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
    let sizes: Vec<usize> = std::env::var("RB_BENCH_SIZES")
        .ok()
        .map(|s| s.split(',').filter_map(|x| x.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![20, 100, 300]);
    let options = SurveyOptions::default();
    println!("| players | opinions | survey (KB) | parse (ms) | seed estimate (ms) | least squares (ms) | build_report (ms) | least squares vs hidden (RMS stones) |");
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|");
    for &n in &sizes {
        let generated = survey(n, 2026);
        let file = format!("bench-{n}.csv");
        let parsed = Survey::parse(&file, &generated.text, None).expect("valid survey");
        assert_eq!(parsed.len(), n);
        assert_eq!(parsed.opinion_count(), generated.opinions);
        let report =
            build_report(&parsed, &generated.grades, None, &options).expect("report builds");
        assert_eq!(report.players, n);
        let error = (report
            .rows
            .iter()
            .zip(&generated.hidden)
            .map(|(row, h)| (row.least_squares_estimate - h).powi(2))
            .sum::<f64>()
            / n as f64)
            .sqrt();

        let matrix = parsed.matrix();
        let nominal: Vec<f64> = parsed
            .ids()
            .iter()
            .map(|id| f64::from(generated.grades[id].stones()))
            .collect();
        let parse_ms = median_ms(|| {
            Survey::parse(&file, black_box(&generated.text), None).expect("valid survey")
        });
        let seed_ms = median_ms(|| filled_in_estimate(black_box(&matrix), &nominal).expect("seed"));
        let ls_ms = median_ms(|| {
            least_squares_estimate(black_box(&matrix), &nominal).expect("least squares")
        });
        let report_ms = median_ms(|| {
            build_report(black_box(&parsed), &generated.grades, None, &options).expect("report")
        });
        println!(
            "| {n} | {} | {:.1} | {parse_ms:.3} | {seed_ms:.3} | {ls_ms:.3} | {report_ms:.3} | {error:.2} |",
            generated.opinions,
            generated.text.len() as f64 / 1000.0,
        );
    }
}
