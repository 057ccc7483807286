//! A player's `[start.<list>]` must name a list, and say only what that
//! list's system reads.

use crate::config::{Config, SystemKind};
use crate::diagnostic::Diagnostic;
use crate::model::{Dataset, Start, ASSOCIATION_LIST};

/// Reports every start naming a list that is not configured (an error) and
/// every value the list's system does not read (a warning).
pub fn check_starts(dataset: &Dataset, config: &Config) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    for player in &dataset.players {
        for start in &player.starts {
            let system = match start.pool.as_deref() {
                None => SystemKind::Association,
                Some(pool) => match config.pools.get(pool) {
                    Some(list) => list.system,
                    None => {
                        problems.push(unknown_list(&player.source, start, pool, config));
                        continue;
                    }
                },
            };
            let unread = unread_values(start, system);
            if !unread.is_empty() {
                let list = start.pool.as_deref().unwrap_or(ASSOCIATION_LIST);
                problems.push(
                    Diagnostic::warning(
                        &player.source,
                        format!(
                            "`[start.{list}]` gives {} which {} does not read",
                            unread.join(", "),
                            system.title()
                        ),
                    )
                    .at(start.line, 1)
                    .field(format!("start.{list}"))
                    .hint(format!(
                        "remove {}, or check the list's name",
                        unread.join(", ")
                    )),
                );
            }
        }
    }
    problems
}

fn unknown_list(
    source: &std::path::Path,
    start: &Start,
    pool: &str,
    config: &Config,
) -> Diagnostic {
    let names = config
        .pools
        .keys()
        .map(String::as_str)
        .chain([ASSOCIATION_LIST]);
    let hint = match crate::text::closest(pool, names) {
        Some(close) => format!("did you mean `[start.{close}]`? Lists are `association` (the association's own) or a `[pools.<name>]` of ratingbook.toml"),
        None => format!("write `[start.association]` for the association's own list, or add `[pools.{pool}]` to ratingbook.toml"),
    };
    Diagnostic::error(source, format!("`[start.{pool}]` names no rating list"))
        .at(start.line, 1)
        .field(format!("start.{pool}"))
        .hint(hint)
}

/// The values of `start` that `system` does not read.
fn unread_values(start: &Start, system: SystemKind) -> Vec<&'static str> {
    let given = [
        ("`rating`", true),
        ("`deviation`", start.deviation.is_some()),
        ("`volatility`", start.volatility.is_some()),
        ("`games`", start.games.is_some()),
        ("`k`", start.k.is_some()),
        ("`as_of`", start.as_of.is_some()),
    ];
    let read: &[&str] = match system {
        SystemKind::Association => &["`rating`", "`games`"],
        SystemKind::Glicko2 => &[
            "`rating`",
            "`deviation`",
            "`volatility`",
            "`games`",
            "`as_of`",
        ],
        SystemKind::Fide => &["`rating`", "`games`", "`k`", "`as_of`"],
        SystemKind::Egd => &["`rating`", "`games`"],
        // Whole-History Rating: a prior centred on the rating, as wide as the deviation.
        SystemKind::Whr => &["`rating`", "`deviation`"],
    };
    given
        .into_iter()
        .filter(|(name, present)| *present && !read.contains(name))
        .map(|(name, _)| name)
        .collect()
}
