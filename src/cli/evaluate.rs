//! `ratingbook evaluate`: replay a rating list under each candidate system and
//! print how well each predicted the games.

use super::repository::print_diagnostics;
use super::MessageFormat;
use ratingbook::config::PoolConfig;
use ratingbook::rating::evaluate::{
    calibration_table, default_candidates, evaluate as replay, table,
};
use std::path::Path;
use std::process::ExitCode;

/// Checks the repository, replays the list `pool` (the association's list when
/// `None`) under the default candidates and prints the table, best first, with
/// the winner's calibration.
pub fn evaluate(root: &Path, pool: Option<&str>, format: MessageFormat) -> ExitCode {
    let checked = ratingbook::pipeline::check_repository(root);
    if checked.error_count() > 0 {
        print_diagnostics(&checked.diagnostics, root, format);
        eprintln!("error: the data has errors; nothing evaluated");
        return ExitCode::FAILURE;
    }
    let config = &checked.loaded.config;
    let own = match pool {
        None => PoolConfig {
            rating: config.rating.clone(),
            ..PoolConfig::default()
        },
        Some(name) => match config.pools.get(name) {
            Some(p) => p.clone(),
            None => {
                let names: Vec<&str> = config.pools.keys().map(String::as_str).collect();
                eprintln!(
                    "error: no rating list `{name}` in ratingbook.toml (lists: {})",
                    if names.is_empty() {
                        "none".to_string()
                    } else {
                        names.join(", ")
                    }
                );
                return ExitCode::FAILURE;
            }
        },
    };
    let started = std::time::Instant::now();
    let scores = replay(
        &checked.loaded.dataset,
        config,
        pool,
        &default_candidates(&own),
    );
    print!("{}", table(&scores));
    if let Some(best) = scores.first() {
        print!("\n{}", calibration_table(best));
    }
    eprintln!(
        "evaluated {} systems on {} in {:.1} s",
        scores.len(),
        pool.map_or("the association's list".to_string(), |p| format!(
            "the list `{p}`"
        )),
        started.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
