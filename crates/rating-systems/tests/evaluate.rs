//! `evaluate` replays each candidate with its own parameters: Glicko-2's τ
//! reaches the rating periods, and where volatility matters the candidates'
//! predictions and scores differ.

use rating_systems::evaluate::{evaluate, predictions, table, Candidate};
use rating_systems::{
    rate_list, Dataset, Date, Entry, ExpectedScore, Game, GameResult, Glicko2Settings, Membership,
    Player, Preset, Rules, System, TimeControl, Tournament,
};

fn member() -> Player {
    Player {
        membership: Membership::Member,
        international_rating: None,
        grade: None,
        preset: Preset {
            rating: 1600,
            games: 0,
        },
        birth_year: None,
        starts: Vec::new(),
    }
}

/// A tournament a month from January 2020, `months` months: player 0 plays
/// players 1 to 10, one round each, and scores `result(month)` in every game.
fn monthly_events(months: u32, result: impl Fn(u32) -> GameResult) -> Dataset {
    let row = |player: usize, games: Vec<Game>| Entry {
        start_no: player as u32 + 1,
        player: Some(player),
        rating: None,
        half_points: games.iter().map(|g| g.result.half_points()).sum(),
        games,
    };
    let game = |round: u32, opponent: u32, result: GameResult| Game {
        round,
        opponent,
        result,
        stones_received: 0,
    };
    let tournaments = (0..months)
        .map(|m| {
            let day = Date {
                year: 2020 + (m / 12) as i32,
                month: m % 12 + 1,
                day: 10,
            };
            let first = result(m);
            let second = match first {
                GameResult::Win => GameResult::Loss,
                GameResult::Loss => GameResult::Win,
                other => other,
            };
            let mut entries = vec![row(0, (1..=10).map(|r| game(r, r + 1, first)).collect())];
            entries.extend((1..=10).map(|p| row(p, vec![game(p as u32, 1, second)])));
            Tournament {
                start: day,
                end: day,
                rated: true,
                time_control: TimeControl::Standard,
                rules: Rules::Standard,
                base_k: None,
                pool: None,
                entries,
            }
        })
        .collect();
    Dataset {
        players: vec![member(); 11],
        tournaments,
    }
}

fn glicko(tau: f64) -> System {
    System::Glicko2(Glicko2Settings {
        tau,
        ..Glicko2Settings::default()
    })
}

/// A player who wins all ten games of every monthly event for a year and
/// then loses all ten for a year: the swing is what Glicko-2's volatility is
/// for, and τ bounds how fast it may grow (Glickman 2013, step 5). With ten
/// games a period the variance of the period's results is small enough for
/// the volatility to move: it grows further with τ 1.2 than with τ 0.3, the
/// deviation widens more, and the predictions after the swing differ; so do
/// the candidates' scores.
#[test]
fn glicko2_tau_reaches_the_replay_and_changes_the_predictions() {
    let dataset = monthly_events(24, |m| {
        if m < 12 {
            GameResult::Win
        } else {
            GameResult::Loss
        }
    });
    let low = rate_list(&dataset, &glicko(0.3), None);
    let high = rate_list(&dataset, &glicko(1.2), None);
    let p_low = predictions(&dataset, &low, ExpectedScore::Table);
    let p_high = predictions(&dataset, &high, ExpectedScore::Table);
    assert_eq!(p_low.len(), 240);
    let largest = p_low
        .iter()
        .zip(&p_high)
        .map(|(a, b)| (a.p - b.p).abs())
        .fold(0.0, f64::max);
    assert!(largest > 0.0005, "largest difference {largest}");
    let candidates: Vec<Candidate> = [0.3, 1.2]
        .into_iter()
        .map(|tau| Candidate {
            label: format!("glicko2 τ={tau}"),
            system: glicko(tau),
            fallback: ExpectedScore::Table,
        })
        .collect();
    let scores = evaluate(&dataset, None, &candidates);
    // The larger τ follows the swing sooner: the better log loss, first.
    assert_eq!(scores[0].label, "glicko2 τ=1.2");
    assert!(scores[1].log_loss - scores[0].log_loss > 0.0001);
    // The table shows the difference.
    let table = table(&scores);
    let figures: Vec<&str> = table
        .lines()
        .skip(1)
        .map(|l| l.split_whitespace().nth(3).unwrap())
        .collect();
    assert_ne!(figures[0], figures[1], "{table}");
}
