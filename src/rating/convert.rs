//! The loaded dataset and the configuration's sections in the engine's types.

use crate::config::{Config, ExpectedScore, PoolConfig, RatingConfig, Rounding, SystemKind};
use crate::config::{EgdConfig, FideConfig, Glicko2Config, Glicko2Period, WhrConfig};
use crate::model;
use rating_systems as rs;

/// The players and tournaments as the engine reads them; each crosstable
/// row's player is looked up here, on every thread, before the rating, which
/// goes one tournament at a time.
pub fn dataset(dataset: &model::Dataset) -> rs::Dataset {
    use rayon::prelude::*;
    rs::Dataset {
        players: dataset.players.iter().map(player).collect(),
        tournaments: dataset
            .tournaments
            .par_iter()
            .map(|t| tournament(dataset, t))
            .collect(),
    }
}

/// [`dataset`] with only the crosstables that rating the association's
/// list from tournament `first` on reads, the records of the tournaments
/// before taken over ([`rs::Dataset::entries_needed`]); the others keep
/// their terms and no entries. Each crosstable row costs a look-up of its
/// player: millions at a federation's scale.
pub fn dataset_from(dataset: &model::Dataset, first: usize) -> rs::Dataset {
    use rayon::prelude::*;
    rs::Dataset {
        players: dataset.players.iter().map(player).collect(),
        tournaments: dataset
            .tournaments
            .par_iter()
            .enumerate()
            .map(|(index, t)| {
                if rs::Dataset::entries_needed(t.pool.as_deref(), index, first) {
                    tournament(dataset, t)
                } else {
                    rs::Tournament {
                        pool: t.pool.clone(),
                        ..tournament_terms(t)
                    }
                }
            })
            .collect(),
    }
}

fn player(player: &model::Player) -> rs::Player {
    rs::Player {
        membership: membership(player.membership),
        international_rating: player.international_rating,
        grade: player.grade,
        preset: rs::Preset {
            rating: player.preset.rating,
            games: player.preset.games,
        },
        birth_year: player.birth_year,
        starts: player.starts.iter().map(start).collect(),
    }
}

fn start(start: &model::Start) -> (Option<String>, rs::Start) {
    (
        start.pool.clone(),
        rs::Start {
            rating: start.rating,
            deviation: start.deviation,
            volatility: start.volatility,
            games: start.games,
            k: start.k,
            as_of: start.as_of.map(date),
        },
    )
}

fn membership(membership: model::Membership) -> rs::Membership {
    match membership {
        model::Membership::Member => rs::Membership::Member,
        model::Membership::Honorary => rs::Membership::Honorary,
        model::Membership::Rif => rs::Membership::Rif,
        model::Membership::Other => rs::Membership::Other,
    }
}

/// A date in the engine's type.
pub fn date(date: model::Date) -> rs::Date {
    rs::Date {
        year: date.year,
        month: date.month,
        day: date.day,
    }
}

/// An engine's date in the model's type.
pub fn model_date(date: rs::Date) -> model::Date {
    model::Date {
        year: date.year,
        month: date.month,
        day: date.day,
    }
}

/// What the rules read of a tournament, without its crosstable.
pub fn tournament_terms(t: &model::Tournament) -> rs::Tournament {
    rs::Tournament {
        start: date(t.start),
        end: date(t.end),
        rated: t.rated,
        time_control: match t.time_control {
            model::TimeControl::Standard => rs::TimeControl::Standard,
            model::TimeControl::Rapid => rs::TimeControl::Rapid,
        },
        rules: match t.rules {
            model::Rules::Standard => rs::Rules::Standard,
            model::Rules::Modified => rs::Rules::Modified,
        },
        base_k: t.base_k,
        pool: None,
        entries: Vec::new(),
    }
}

fn tournament(dataset: &model::Dataset, t: &model::Tournament) -> rs::Tournament {
    rs::Tournament {
        pool: t.pool.clone(),
        entries: t.entries.iter().map(|e| entry(dataset, e)).collect(),
        ..tournament_terms(t)
    }
}

fn entry(dataset: &model::Dataset, entry: &model::Entry) -> rs::Entry {
    let games = entry
        .cells
        .iter()
        .enumerate()
        .filter_map(|(round, cell)| {
            let model::Cell::Game {
                opponent, result, ..
            } = *cell
            else {
                return None;
            };
            Some(rs::Game {
                round: round as u32 + 1,
                opponent,
                result: game_result(result),
                stones_received: entry.stones_received(round),
            })
        })
        .collect();
    rs::Entry {
        start_no: entry.start_no,
        player: dataset.player_index(entry.player.as_str()),
        rating: entry.rating,
        games,
        half_points: entry.half_points(),
    }
}

fn game_result(result: model::GameResult) -> rs::GameResult {
    match result {
        model::GameResult::Win => rs::GameResult::Win,
        model::GameResult::Draw => rs::GameResult::Draw,
        model::GameResult::Loss => rs::GameResult::Loss,
        model::GameResult::ForfeitWin => rs::GameResult::ForfeitWin,
        model::GameResult::ForfeitLoss => rs::GameResult::ForfeitLoss,
    }
}

/// `[rating]` (or a pool's) as the association's system's settings.
pub fn association(config: &RatingConfig) -> rs::AssociationSettings {
    rs::AssociationSettings {
        base_k: config.base_k,
        high_rating: config.high_rating,
        high_k: config.high_k,
        provisional_games: config.provisional_games,
        provisional_spread: config.provisional_spread,
        expected: expected(config.expected),
        rounding: rounding(config.rounding),
    }
}

/// The expected-score method in the engine's type.
pub fn expected(method: ExpectedScore) -> rs::ExpectedScore {
    match method {
        ExpectedScore::Table => rs::ExpectedScore::Table,
        ExpectedScore::Logistic => rs::ExpectedScore::Logistic,
    }
}

/// The rounding rule in the engine's type.
pub fn rounding(rounding: Rounding) -> rs::Rounding {
    match rounding {
        Rounding::HalfAwayFromZero => rs::Rounding::HalfAwayFromZero,
        Rounding::HalfEven => rs::Rounding::HalfEven,
    }
}

fn glicko2(config: &Glicko2Config) -> rs::Glicko2Settings {
    rs::Glicko2Settings {
        tau: config.tau,
        initial_rating: config.initial_rating,
        initial_deviation: config.initial_deviation,
        initial_volatility: config.initial_volatility,
        period: match config.period {
            Glicko2Period::Tournament => rs::Glicko2Period::Tournament,
            Glicko2Period::Month => rs::Glicko2Period::Month,
        },
    }
}

fn fide(config: &FideConfig, use_birth_years: bool) -> rs::FideSettings {
    rs::FideSettings {
        initial_games: config.initial_games,
        rating_floor: config.rating_floor,
        use_birth_years,
    }
}

fn egd(config: &EgdConfig, grades: go_grades::GradeScale) -> rs::EgdSettings {
    rs::EgdSettings {
        initial_rating: config.initial_rating,
        grades,
    }
}

/// `[pools.<name>.whr]` as Whole-History Rating's settings.
pub fn whr(config: &WhrConfig) -> rs::WhrSettings {
    rs::WhrSettings {
        w2: config.w2,
        anchor: config.anchor,
        prior_games: config.prior_games,
    }
}

/// A list's system with its parameters; birth years count for FIDE's K only
/// when the site may publish personal data, and EGD starts from the
/// repository's grade scale.
pub fn system(config: &Config, pool: &PoolConfig) -> rs::System {
    match pool.system {
        SystemKind::Association => rs::System::Association(association(&pool.rating)),
        SystemKind::Glicko2 => rs::System::Glicko2(glicko2(&pool.glicko2)),
        SystemKind::Fide => rs::System::Fide(fide(&pool.fide, config.site.publish_personal_data)),
        SystemKind::Egd => rs::System::Egd(egd(&pool.egd, config.grades.scale)),
        SystemKind::Whr => rs::System::Whr(whr(&pool.whr)),
    }
}
