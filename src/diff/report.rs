//! The diff as a pull request comment (Markdown) or as JSON.

use super::{Diff, PlayerChange, TournamentChange};
use crate::render::format::markdown_text;

/// Labels of the two versions, e.g. `main (3f2a1c0)` and `this branch`.
#[derive(Debug, Clone)]
pub struct Versions {
    /// The base's label.
    pub base: String,
    /// The head's label.
    pub head: String,
}

/// The diff as Markdown, ready to post as a pull request comment.
pub fn markdown(diff: &Diff, versions: &Versions) -> String {
    let mut out = String::from("## Rating book: what this change publishes\n\n");
    out.push_str(&format!(
        "Comparing {} with {}.\n\n",
        markdown_text(&versions.base),
        markdown_text(&versions.head)
    ));
    if !diff.base_builds {
        out.push_str(&format!(
            "> The base ({}) does not build, so there is nothing to compare with; \
             this is the state of the change alone.\n\n",
            markdown_text(&versions.base)
        ));
    }
    if !diff.head_builds {
        out.push_str("> **This change does not build**: fix the errors below; the site would not be published.\n\n");
    }
    out.push_str(&summary_line(diff));
    out.push('\n');
    tournaments_section(&mut out, diff);
    players_section(&mut out, diff);
    for pool in &diff.pools {
        out.push_str(&format!(
            "\n### {} (rating list `{}`)\n\n",
            markdown_text(&pool.title),
            markdown_text(&pool.name)
        ));
        players_table(&mut out, &pool.players_changed, diff);
    }
    roster_section(&mut out, "New players", &diff.players_added);
    roster_section(&mut out, "Removed players", &diff.players_removed);
    if !diff.head_problems.is_empty() {
        out.push_str("\n### Problems in this change\n\n```text\n");
        for line in &diff.head_problems {
            out.push_str(&line.replace("```", "'''"));
            out.push('\n');
        }
        out.push_str("```\n");
    }
    out
}

/// `37 players change, largest +18 (Ikonen Jussi); 1 tournament changed.`
pub fn summary_line(diff: &Diff) -> String {
    let tournaments = diff.tournaments_added.len()
        + diff.tournaments_removed.len()
        + diff.tournaments_changed.len();
    let players = diff.players_changed.len();
    let mut line = match players {
        0 => "No published rating changes".to_string(),
        1 => "1 player changes".to_string(),
        n => format!("{n} players change"),
    };
    if let Some(largest) = diff.players_changed.iter().find(|c| c.delta.is_some()) {
        line.push_str(&format!(
            ", largest {} ({})",
            signed(largest.delta.unwrap_or(0)),
            markdown_text(&largest.name)
        ));
    }
    line.push_str(&format!(
        "; {tournaments} tournament{} added, removed or changed",
        if tournaments == 1 { "" } else { "s" }
    ));
    if !diff.players_added.is_empty() || !diff.players_removed.is_empty() {
        line.push_str(&format!(
            "; {} new and {} removed player(s)",
            diff.players_added.len(),
            diff.players_removed.len()
        ));
    }
    for pool in &diff.pools {
        let n = pool.players_changed.len();
        line.push_str(&format!(
            "; {}: {n} player{} change{}",
            markdown_text(&pool.title),
            if n == 1 { "" } else { "s" },
            if n == 1 { "s" } else { "" }
        ));
    }
    line.push_str(".\n");
    line
}

fn signed(n: i32) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

fn tournaments_section(out: &mut String, diff: &Diff) {
    let groups: [(&str, &Vec<TournamentChange>); 3] = [
        ("added", &diff.tournaments_added),
        ("removed", &diff.tournaments_removed),
        ("changed", &diff.tournaments_changed),
    ];
    if groups.iter().all(|(_, list)| list.is_empty()) {
        return;
    }
    out.push_str(
        "\n### Tournaments\n\n| | Tournament | Start | Rated games |\n|---|---|---|---|\n",
    );
    for (what, list) in groups {
        for t in list {
            let games = match (t.rated_games_before, t.rated_games_after) {
                (Some(b), Some(a)) if a != b => format!("{b} → {a}"),
                (_, Some(a)) => a.to_string(),
                (Some(b), None) => format!("{b} → 0"),
                (None, None) => String::new(),
            };
            out.push_str(&format!(
                "| {what} | {} | {} | {games} |\n",
                markdown_text(&t.name),
                t.start
            ));
        }
    }
}

fn players_section(out: &mut String, diff: &Diff) {
    if diff.players_changed.is_empty() {
        return;
    }
    out.push_str("\n### Players\n\n");
    players_table(out, &diff.players_changed, diff);
}

fn players_table(out: &mut String, changes: &[PlayerChange], diff: &Diff) {
    out.push_str(
        "| Player | Rating | Δ | Phase | Rank | Rated games | Because of |\n|---|---:|---:|---|---:|---:|---|\n",
    );
    for change in changes {
        out.push_str(&player_row(change, diff));
    }
}

fn player_row(c: &PlayerChange, diff: &Diff) -> String {
    let rating = |r: Option<i32>| r.map_or("–".to_string(), |r| r.to_string());
    let rank = |r: Option<usize>| r.map_or("–".to_string(), |r| r.to_string());
    let pair = |before: String, after: String| {
        if before == after {
            after
        } else {
            format!("{before} → {after}")
        }
    };
    let names = |ids: &[String]| -> String {
        ids.iter()
            .map(|id| markdown_text(&tournament_name(diff, id)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let cause = match &c.ripple_from {
        Some(from) => format!(
            "ripple from {}",
            markdown_text(&tournament_name(diff, from))
        ),
        None => names(&c.played_in),
    };
    format!(
        "| {} | {} | {} | {} | {} | {} | {} |\n",
        markdown_text(&c.name),
        pair(rating(c.before.rating), rating(c.after.rating)),
        c.delta.map(signed).unwrap_or_default(),
        pair(c.before.phase.to_string(), c.after.phase.to_string()),
        pair(rank(c.before.rank), rank(c.after.rank)),
        pair(
            c.before.rated_games.to_string(),
            c.after.rated_games.to_string()
        ),
        cause
    )
}

fn tournament_name(diff: &Diff, id: &str) -> String {
    diff.tournaments_added
        .iter()
        .chain(&diff.tournaments_removed)
        .chain(&diff.tournaments_changed)
        .find(|t| t.id == id)
        .map_or_else(|| id.to_string(), |t| t.name.clone())
}

fn roster_section(out: &mut String, title: &str, players: &[(String, String)]) {
    if players.is_empty() {
        return;
    }
    out.push_str(&format!("\n### {title}\n\n"));
    for (_, name) in players {
        out.push_str(&format!("- {}\n", markdown_text(name)));
    }
}

/// The diff as JSON.
pub fn json(diff: &Diff, versions: &Versions) -> String {
    let value = serde_json::json!({
        "base": versions.base,
        "head": versions.head,
        "summary": summary_line(diff).trim_end(),
        "diff": diff,
    });
    serde_json::to_string_pretty(&value).unwrap_or_default() + "\n"
}
