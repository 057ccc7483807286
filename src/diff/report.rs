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
    problems_section(&mut out, diff);
    out
}

/// Most problem lines a comment shows.
pub const MAX_PROBLEM_LINES: usize = 100;

/// The problems this change brings (at most [`MAX_PROBLEM_LINES`]), and how
/// many the head has besides.
fn problems_section(out: &mut String, diff: &Diff) {
    if diff.head_problems.is_empty() {
        return;
    }
    out.push_str("\n### Problems in this change\n\n");
    if diff.new_problems.is_empty() {
        out.push_str("None new.\n");
    } else {
        out.push_str("```text\n");
        for line in diff.new_problems.iter().take(MAX_PROBLEM_LINES) {
            out.push_str(&line.replace("```", "'''"));
            out.push('\n');
        }
        out.push_str("```\n");
    }
    let not_shown = diff.new_problems.len().saturating_sub(MAX_PROBLEM_LINES);
    let earlier = diff.head_problems.len() - diff.new_problems.len();
    let mut notes = Vec::new();
    if not_shown > 0 {
        notes.push(format!("{not_shown} more that this change brings"));
    }
    if earlier > 0 {
        notes.push(format!("{earlier} that were there before this change"));
    }
    if !notes.is_empty() {
        out.push_str(&format!(
            "\nNot shown: {}. `ratingbook check` lists them all.\n",
            notes.join(" and ")
        ));
    }
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
    let rank_only = diff
        .players_changed
        .iter()
        .filter(|c| c.rank_only())
        .count();
    if rank_only > 0 {
        line.push_str(&format!(", {rank_only} of them in rank only"));
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

/// Most rows a players table shows: a pull request comment has to stay
/// readable (and within what code hosts accept, 65 536 characters on
/// GitHub) however many players a change moves.
pub const MAX_PLAYER_ROWS: usize = 200;

/// The players table: players whose rating, phase or rated games change
/// first (largest change first), then those whose rank alone moves, at
/// most [`MAX_PLAYER_ROWS`] rows; a line after it says what was left out.
fn players_table(out: &mut String, changes: &[PlayerChange], diff: &Diff) {
    out.push_str(
        "| Player | Rating | Δ | Phase | Rank | Rated games | Because of |\n|---|---:|---:|---|---:|---:|---|\n",
    );
    let (moved, rank_only): (Vec<&PlayerChange>, Vec<&PlayerChange>) =
        changes.iter().partition(|c| !c.rank_only());
    for change in moved.iter().chain(&rank_only).take(MAX_PLAYER_ROWS) {
        out.push_str(&player_row(change, diff));
    }
    let shown_moved = moved.len().min(MAX_PLAYER_ROWS);
    let shown_rank_only = rank_only.len().min(MAX_PLAYER_ROWS - shown_moved);
    let left_moved = moved.len() - shown_moved;
    let left_rank_only = rank_only.len() - shown_rank_only;
    if left_moved + left_rank_only > 0 {
        let players = |n: usize| {
            if n == 1 {
                "1 player".to_string()
            } else {
                format!("{n} players")
            }
        };
        let mut parts = Vec::new();
        if left_moved > 0 {
            parts.push(format!(
                "{} whose rating, phase or rated games change",
                players(left_moved)
            ));
        }
        if left_rank_only > 0 {
            parts.push(format!(
                "{} whose rank alone moves",
                players(left_rank_only)
            ));
        }
        out.push_str(&format!(
            "\nNot shown: {}. The whole list: `ratingbook diff --format json`.\n",
            parts.join(" and ")
        ));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_problems_a_change_brings_are_listed() {
        let text = |s: &str| s.to_string();
        let diff = Diff {
            base_builds: true,
            head_builds: true,
            head_problems: vec![text("old one"), text("old two"), text("new one")],
            new_problems: vec![text("new one")],
            ..Diff::default()
        };
        let mut out = String::new();
        problems_section(&mut out, &diff);
        assert_eq!(
            out,
            "\n### Problems in this change\n\n```text\nnew one\n```\n\n\
             Not shown: 2 that were there before this change. `ratingbook check` lists them all.\n"
        );
    }

    #[test]
    fn past_the_limit_problems_are_counted() {
        let many: Vec<String> = (0..MAX_PROBLEM_LINES + 3)
            .map(|i| format!("p{i}"))
            .collect();
        let diff = Diff {
            head_problems: many.clone(),
            new_problems: many,
            ..Diff::default()
        };
        let mut out = String::new();
        problems_section(&mut out, &diff);
        assert_eq!(out.matches("\np").count(), MAX_PROBLEM_LINES);
        assert!(out.ends_with(
            "Not shown: 3 more that this change brings. `ratingbook check` lists them all.\n"
        ));
    }
}
