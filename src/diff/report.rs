//! The diff as a pull request comment (Markdown) or as JSON.
//!
//! The comment is bounded: GitHub refuses a comment past
//! [`COMMENT_LIMIT`] characters, so past [`COMMENT_BUDGET`] the rest of
//! the sections goes into a collapsed `<details>` part, as much as fits, and
//! a note says how many rows were left out and where the whole report is.

use super::games::GameChange;
use super::{Diff, HistoryChange, HistoryPoint, PlayerChange, TournamentChange};
use crate::render::format::push_markdown_escaped;
use crate::translate::{Arg, Translations};

/// Labels of the two versions, e.g. `main (3f2a1c0)` and `this branch`.
#[derive(Debug, Clone)]
pub struct Versions {
    /// The base's label.
    pub base: String,
    /// The head's label.
    pub head: String,
}

/// A zero-width space, as an entity: it splits what GitHub would link.
const SPLIT: &str = "&#8203;";

/// `text` (from the data: a name, a title, an id, a message that quotes
/// them) as GitHub-flavoured Markdown that shows it and does nothing else:
/// Markdown and HTML are escaped, and a zero-width space splits what GitHub
/// would make a mention (`@name`), an issue reference (`#1`, `GH-1`), an
/// autolink (`https:`, `mailto:`, `www.`, `a@b.example`) or math (`$`).
/// Every text of the data in the comment goes through here.
pub fn inert(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() + 16);
    let ends_with = |i: usize, word: &str| {
        let n = word.chars().count();
        i >= n
            && chars[i - n..i]
                .iter()
                .zip(word.chars())
                .all(|(a, b)| a.eq_ignore_ascii_case(&b))
    };
    for (i, &c) in chars.iter().enumerate() {
        let next = chars.get(i + 1).copied();
        let split_before = match c {
            ':' => next.is_some_and(|n| !n.is_ascii_digit() && !n.is_whitespace()),
            '.' => ends_with(i, "www"),
            '-' => ends_with(i, "gh"),
            _ => false,
        };
        if split_before {
            out.push_str(SPLIT);
        }
        let list_marker = (i == 0 && matches!(c, '-' | '+'))
            || (matches!(c, '.' | ')') && chars[..i].iter().all(char::is_ascii_digit));
        match c {
            '$' => out.push_str("\\$"),
            _ if list_marker => {
                out.push('\\');
                out.push(c);
            }
            _ => push_markdown_escaped(c.encode_utf8(&mut [0; 4]), &mut out),
        }
        if matches!(c, '@' | '#') {
            out.push_str(SPLIT);
        }
    }
    out
}

/// The most characters a GitHub comment holds.
pub const COMMENT_LIMIT: usize = 65_536;

/// Past this many characters the comment's rows go into a collapsed part.
pub const COMMENT_BUDGET: usize = 60_000;

/// The words of the comment: the head's language, its own message file
/// over the built-in one (the built-in words alone when that file is broken).
pub fn words(diff: &Diff) -> Translations {
    let language = &diff.words.language;
    Translations::new(language, diff.words.own.as_deref())
        .or_else(|_| Translations::new(language, None))
        .unwrap_or_else(|_| Translations::english())
}

/// `the working tree of fix-2003 (a1b2c3d)` in the comment's language, for
/// the branch label `branch`.
pub fn working_tree_label(diff: &Diff, branch: &str) -> String {
    words(diff).with("diff-working-tree", &[("branch", Arg::Text(branch))])
}

/// The diff as Markdown, ready to post as a pull request comment: at most
/// [`COMMENT_LIMIT`] characters (see `bounded`), in the head's language.
pub fn markdown(diff: &Diff, versions: &Versions) -> String {
    let w = &words(diff);
    let top = top_part(diff, versions, w);
    let mut sections = Vec::new();
    let mut add = |write: &dyn Fn(&mut String)| {
        let mut text = String::new();
        write(&mut text);
        if !text.is_empty() {
            sections.push(Section::of(text));
        }
    };
    add(&|out| tournaments_section(out, diff, w));
    add(&|out| results_section(out, diff, w));
    add(&|out| players_section(out, diff, w));
    for pool in &diff.pools {
        add(&|out| {
            let (title, name) = (inert(&pool.title), inert(&pool.name));
            let heading = w.with(
                "diff-pool-heading",
                &[("title", Arg::Text(&title)), ("name", Arg::Text(&name))],
            );
            out.push_str(&format!("\n### {heading}\n\n"));
            players_table(out, &pool.players_changed, diff, w);
        });
    }
    add(&|out| roster_section(out, &w.text("diff-new-players"), &diff.players_added));
    add(&|out| roster_section(out, &w.text("diff-removed-players"), &diff.players_removed));
    add(&|out| problems_section(out, diff, w));
    bounded(top, &sections, (COMMENT_BUDGET, COMMENT_LIMIT), w)
}

/// The heading, the versions compared, what cannot be compared, and the summary line.
fn top_part(diff: &Diff, versions: &Versions, w: &Translations) -> String {
    let (base, head) = (inert(&versions.base), inert(&versions.head));
    let mut out = format!("## {}\n\n", w.text("diff-title"));
    out.push_str(&w.with(
        "diff-comparing",
        &[("base", Arg::Text(&base)), ("head", Arg::Text(&head))],
    ));
    out.push_str("\n\n");
    if !diff.base_builds {
        let text = w.with("diff-base-broken", &[("base", Arg::Text(&base))]);
        out.push_str(&format!("> {text}\n\n"));
    }
    if !diff.head_builds {
        out.push_str(&format!("> {}\n\n", w.text("diff-head-broken")));
    }
    out.push_str(&summary_in(diff, w));
    out
}

/// A section of the comment: its heading (and table head), its rows (table
/// rows or list items), and what follows them.
#[derive(Debug, Clone)]
struct Section {
    head: String,
    rows: Vec<String>,
    tail: String,
}

impl Section {
    /// `text` split into its head, its rows (the lines after a table's
    /// `|---` line, or the list items) and its tail.
    fn of(text: String) -> Section {
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        let is_row = |line: &&str| line.starts_with("| ") || line.starts_with("- ");
        let start = match lines.iter().position(|l| l.starts_with("|---")) {
            Some(separator) => separator + 1,
            None => lines.iter().position(is_row).unwrap_or(lines.len()),
        };
        let end = start + lines[start..].iter().take_while(|l| is_row(l)).count();
        Section {
            head: lines[..start].concat(),
            rows: lines[start..end].iter().map(|l| l.to_string()).collect(),
            tail: lines[end..].concat(),
        }
    }
}

/// `top` and the `sections`, whole while they stay within `budget`
/// characters; the rest, as far as it goes, in a collapsed `<details>` part
/// that keeps the whole within `limit`, and a note saying how many rows were
/// left out and where to see them all.
fn bounded(
    top: String,
    sections: &[Section],
    (budget, limit): (usize, usize),
    w: &Translations,
) -> String {
    let size = |text: &str| text.chars().count();
    let mut out = top;
    let mut used = size(&out);
    // Where the open part ends: a section, and a row in it.
    let mut from = None;
    'sections: for (i, section) in sections.iter().enumerate() {
        if used + size(&section.head) + size(&section.tail) > budget {
            from = Some((i, 0, false));
            break;
        }
        out.push_str(&section.head);
        used += size(&section.head);
        for (r, row) in section.rows.iter().enumerate() {
            if used + size(row) + size(&section.tail) > budget {
                from = Some((i, r, true));
                break 'sections;
            }
            out.push_str(row);
            used += size(row);
        }
        out.push_str(&section.tail);
        used += size(&section.tail);
    }
    let Some((first, first_row, continued)) = from else {
        return out;
    };
    let open = format!("\n<details><summary>{}</summary>\n\n", w.text("diff-rest"));
    const CLOSE: &str = "\n</details>\n";
    // Room for the note, whatever its numbers.
    const NOTE_ROOM: usize = 400;
    let room = limit.saturating_sub(used + size(&open) + size(CLOSE) + NOTE_ROOM);
    let mut hidden = String::new();
    let mut left_out = 0;
    let mut full = false;
    for (i, section) in sections.iter().enumerate().skip(first) {
        let rows = if i == first { first_row } else { 0 };
        let head = if i == first && continued {
            // A table goes on under its own head, without the heading again.
            section
                .head
                .lines()
                .filter(|l| l.starts_with('|'))
                .map(|l| format!("{l}\n"))
                .collect::<String>()
        } else {
            section.head.clone()
        };
        let head = head.trim_start_matches('\n');
        let head = if hidden.is_empty() {
            head.to_string()
        } else {
            format!("\n{head}")
        };
        if full || size(&hidden) + size(&head) + size(&section.tail) > room {
            full = true;
            left_out += section.rows.len() - rows;
            continue;
        }
        hidden.push_str(&head);
        let mut all = true;
        for row in &section.rows[rows..] {
            if !full && size(&hidden) + size(row) + size(&section.tail) <= room {
                hidden.push_str(row);
            } else {
                full = true;
                all = false;
                left_out += 1;
            }
        }
        if all {
            hidden.push_str(&section.tail);
        }
    }
    if !hidden.is_empty() {
        out.push_str(&open);
        out.push_str(&hidden);
        out.push_str(CLOSE);
    }
    if left_out > 0 {
        let note = w.with(
            "diff-left-out",
            &[
                ("count", Arg::Number(count(left_out))),
                ("limit", Arg::Number(count(limit))),
            ],
        );
        out.push_str(&format!("\n{note}\n"));
    }
    out
}

/// Most problem lines a comment shows.
pub const MAX_PROBLEM_LINES: usize = 100;

/// The problems this change brings (at most [`MAX_PROBLEM_LINES`]), and how
/// many the head has besides.
fn problems_section(out: &mut String, diff: &Diff, w: &Translations) {
    if diff.head_problems.is_empty() {
        return;
    }
    out.push_str(&format!("\n### {}\n\n", w.text("diff-problems")));
    if diff.new_problems.is_empty() {
        out.push_str(&format!("{}\n", w.text("diff-none-new")));
    } else {
        for line in diff.new_problems.iter().take(MAX_PROBLEM_LINES) {
            out.push_str("- ");
            out.push_str(&inert(line));
            out.push('\n');
        }
    }
    let not_shown = diff.new_problems.len().saturating_sub(MAX_PROBLEM_LINES);
    let earlier = diff.head_problems.len() - diff.new_problems.len();
    let mut notes = Vec::new();
    if not_shown > 0 {
        notes.push(w.with(
            "diff-more-problems",
            &[("count", Arg::Number(count(not_shown)))],
        ));
    }
    if earlier > 0 {
        notes.push(w.with(
            "diff-earlier-problems",
            &[("count", Arg::Number(count(earlier)))],
        ));
    }
    if let Some(what) = both(&notes, w) {
        let text = w.with("diff-problems-not-shown", &[("what", Arg::Text(&what))]);
        out.push_str(&format!("\n{text}\n"));
    }
}

/// One or two parts as one phrase: `a`, or `a and b` in the comment's language.
fn both(parts: &[String], w: &Translations) -> Option<String> {
    match parts {
        [] => None,
        [one] => Some(one.clone()),
        [first, second, ..] => Some(w.with(
            "diff-both",
            &[("first", Arg::Text(first)), ("second", Arg::Text(second))],
        )),
    }
}

/// A count as a message's number.
fn count(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// `37 players change, largest +18 (Ikonen Jussi); 1 tournament changed.`,
/// in English (the JSON's summary).
pub fn summary_line(diff: &Diff) -> String {
    summary_in(diff, &Translations::english())
}

/// The summary line in the language of `w`.
fn summary_in(diff: &Diff, w: &Translations) -> String {
    let tournaments = diff.tournaments_added.len()
        + diff.tournaments_removed.len()
        + diff.tournaments_changed.len();
    let players = diff.players_changed.len();
    let mut parts = vec![w.with(
        "diff-players-change",
        &[("count", Arg::Number(count(players)))],
    )];
    if let Some(largest) = diff.players_changed.iter().find(|c| c.delta.is_some()) {
        let (delta, name) = (signed(largest.delta.unwrap_or(0)), inert(&largest.name));
        let text = w.with(
            "diff-largest",
            &[("delta", Arg::Text(&delta)), ("name", Arg::Text(&name))],
        );
        parts[0].push_str(&format!(", {text}"));
    }
    let rank_only = diff
        .players_changed
        .iter()
        .filter(|c| c.rank_only())
        .count();
    if rank_only > 0 {
        let text = w.with(
            "diff-rank-only",
            &[("count", Arg::Number(count(rank_only)))],
        );
        parts[0].push_str(&format!(", {text}"));
    }
    parts.push(w.with(
        "diff-tournaments-changed",
        &[("count", Arg::Number(count(tournaments)))],
    ));
    if !diff.players_added.is_empty() || !diff.players_removed.is_empty() {
        parts.push(w.with(
            "diff-roster",
            &[
                ("added", Arg::Number(count(diff.players_added.len()))),
                ("removed", Arg::Number(count(diff.players_removed.len()))),
            ],
        ));
    }
    for pool in &diff.pools {
        let title = inert(&pool.title);
        parts.push(w.with(
            "diff-pool-players",
            &[
                ("title", Arg::Text(&title)),
                ("count", Arg::Number(count(pool.players_changed.len()))),
            ],
        ));
    }
    format!("{}.\n", parts.join("; "))
}

fn signed(n: i32) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

fn tournaments_section(out: &mut String, diff: &Diff, w: &Translations) {
    let groups: [(&str, &Vec<TournamentChange>); 3] = [
        ("added", &diff.tournaments_added),
        ("removed", &diff.tournaments_removed),
        ("changed", &diff.tournaments_changed),
    ];
    if groups.iter().all(|(_, list)| list.is_empty()) {
        return;
    }
    out.push_str(&format!(
        "\n### {}\n\n| | {} | {} | {} |\n|---|---|---|---|\n",
        w.text("diff-tournaments"),
        w.text("diff-col-tournament"),
        w.text("diff-col-start"),
        w.text("diff-col-rated-games")
    ));
    for (state, list) in groups {
        let what = w.with("diff-tournament-state", &[("state", Arg::Text(state))]);
        for t in list {
            let games = match (t.rated_games_before, t.rated_games_after) {
                (Some(b), Some(a)) if a != b => format!("{b} → {a}"),
                (_, Some(a)) => a.to_string(),
                (Some(b), None) => format!("{b} → 0"),
                (None, None) => String::new(),
            };
            out.push_str(&format!(
                "| {what} | {} | {} | {games} |\n",
                inert(&t.name),
                t.start
            ));
        }
    }
}

fn players_section(out: &mut String, diff: &Diff, w: &Translations) {
    if diff.players_changed.is_empty() {
        return;
    }
    out.push_str(&format!("\n### {}\n\n", w.text("diff-players")));
    players_table(out, &diff.players_changed, diff, w);
}

/// Most rows a players table shows: a pull request comment has to stay
/// readable (and within what code hosts accept, 65 536 characters on
/// GitHub) however many players a change moves.
pub const MAX_PLAYER_ROWS: usize = 200;

/// The players table: players whose rating, phase or rated games change
/// first (largest change first), then those whose rank alone moves, at
/// most [`MAX_PLAYER_ROWS`] rows; a line after it says what was left out.
fn players_table(out: &mut String, changes: &[PlayerChange], diff: &Diff, w: &Translations) {
    out.push_str(&format!(
        "| {} | {} | Δ | {} | {} | {} | {} | {} |\n|---|---:|---:|---|---:|---:|---|---|\n",
        w.text("report-col-player"),
        w.text("report-col-rating"),
        w.text("diff-col-phase"),
        w.text("report-col-rank"),
        w.text("diff-col-rated-games"),
        w.text("diff-col-history"),
        w.text("diff-col-cause")
    ));
    let (moved, rank_only): (Vec<&PlayerChange>, Vec<&PlayerChange>) =
        changes.iter().partition(|c| !c.rank_only());
    for change in moved.iter().chain(&rank_only).take(MAX_PLAYER_ROWS) {
        out.push_str(&player_row(change, diff, w));
    }
    let shown_moved = moved.len().min(MAX_PLAYER_ROWS);
    let shown_rank_only = rank_only.len().min(MAX_PLAYER_ROWS - shown_moved);
    let left_moved = moved.len() - shown_moved;
    let left_rank_only = rank_only.len() - shown_rank_only;
    if left_moved + left_rank_only > 0 {
        let mut parts = Vec::new();
        if left_moved > 0 {
            parts.push(w.with(
                "diff-players-moved",
                &[("count", Arg::Number(count(left_moved)))],
            ));
        }
        if left_rank_only > 0 {
            parts.push(w.with(
                "diff-players-rank-only",
                &[("count", Arg::Number(count(left_rank_only)))],
            ));
        }
        let what = both(&parts, w).unwrap_or_default();
        let text = w.with("diff-players-not-shown", &[("what", Arg::Text(&what))]);
        out.push_str(&format!("\n{text}\n"));
    }
}

fn player_row(c: &PlayerChange, diff: &Diff, w: &Translations) -> String {
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
            .map(|id| inert(&tournament_name(diff, id)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let cause = match &c.ripple_from {
        Some(from) => {
            let name = inert(&tournament_name(diff, from));
            w.with("diff-ripple", &[("tournament", Arg::Text(&name))])
        }
        None => names(&c.played_in),
    };
    let phase = |p: &str| w.with("diff-phase", &[("phase", Arg::Text(p))]);
    format!(
        "| {} | {} | {} | {} | {} | {} | {} | {} |\n",
        inert(&c.name),
        pair(rating(c.before.rating), rating(c.after.rating)),
        c.delta.map(signed).unwrap_or_default(),
        pair(phase(c.before.phase), phase(c.after.phase)),
        pair(rank(c.before.rank), rank(c.after.rank)),
        pair(
            c.before.rated_games.to_string(),
            c.after.rated_games.to_string()
        ),
        history_text(&c.history_changed, w),
        cause
    )
}

/// Most history rows a player's row tells; the JSON has them all.
pub const MAX_HISTORY_ROWS: usize = 6;

/// `after Kaikki kaikkia vastaan 2003: performance 2000 → 1858; after …`,
/// at most [`MAX_HISTORY_ROWS`] of them, then how many more.
fn history_text(changes: &[HistoryChange], w: &Translations) -> String {
    let mut parts: Vec<String> = changes
        .iter()
        .take(MAX_HISTORY_ROWS)
        .map(|change| {
            let name = inert(&change.tournament_name);
            let what = point_change(change.before.as_ref(), change.after.as_ref(), w);
            w.with(
                "diff-history-after",
                &[
                    ("tournament", Arg::Text(&name)),
                    ("change", Arg::Text(&what)),
                ],
            )
        })
        .collect();
    let more = changes.len().saturating_sub(MAX_HISTORY_ROWS);
    if more > 0 {
        parts.push(w.with("diff-history-more", &[("count", Arg::Number(count(more)))]));
    }
    parts.join("; ")
}

/// What changed in one history row: `2144 → 2161`, `performance 2000 →
/// 1858`, `provisional → established`; `not played before` and `no longer
/// played` for a row one version lacks.
fn point_change(
    before: Option<&HistoryPoint>,
    after: Option<&HistoryPoint>,
    w: &Translations,
) -> String {
    let number = |n: Option<i32>| n.map_or("–".to_string(), |n| n.to_string());
    let (b, a) = match (before, after) {
        (Some(b), Some(a)) => (b, a),
        (None, Some(a)) => {
            let value = number(a.rating.or(a.performance));
            return w.with("diff-not-played-before", &[("value", Arg::Text(&value))]);
        }
        (Some(_), None) => return w.text("diff-no-longer-played"),
        (None, None) => return String::new(),
    };
    let mut parts = Vec::new();
    if b.rating != a.rating {
        parts.push(format!("{} → {}", number(b.rating), number(a.rating)));
    }
    if b.performance != a.performance {
        let (before, after) = (number(b.performance), number(a.performance));
        parts.push(w.with(
            "diff-performance",
            &[("before", Arg::Text(&before)), ("after", Arg::Text(&after))],
        ));
    }
    if b.phase != a.phase {
        let phase = |p: &str| w.with("diff-phase", &[("phase", Arg::Text(p))]);
        parts.push(format!("{} → {}", phase(b.phase), phase(a.phase)));
    }
    parts.join(", ")
}

/// The games whose result changed, or that were added or removed, one line each:
/// `Kaikki kaikkia vastaan 2003, round 3: Saarenpää Samuli – Haikonen Kari: ½–½ → 1–0`.
fn results_section(out: &mut String, diff: &Diff, w: &Translations) {
    if diff.games_changed.is_empty() {
        return;
    }
    out.push_str(&format!("\n### {}\n\n", w.text("diff-results")));
    for game in &diff.games_changed {
        out.push_str(&game_line(game, w));
    }
}

fn game_line(game: &GameChange, w: &Translations) -> String {
    let result = match (&game.before, &game.after) {
        (Some(b), Some(a)) => format!("{b} → {a}"),
        (None, Some(a)) => w.with("diff-game-added", &[("result", Arg::Text(a))]),
        (Some(b), None) => w.with("diff-game-removed", &[("result", Arg::Text(b))]),
        (None, None) => String::new(),
    };
    let (tournament, first, second) = (
        inert(&game.tournament_name),
        inert(&game.first_name),
        inert(&game.second_name),
    );
    let line = w.with(
        "diff-game",
        &[
            ("tournament", Arg::Text(&tournament)),
            ("round", Arg::Number(i64::from(game.round))),
            ("first", Arg::Text(&first)),
            ("second", Arg::Text(&second)),
            ("result", Arg::Text(&result)),
        ],
    );
    format!("- {line}\n")
}

fn tournament_name(diff: &Diff, id: &str) -> String {
    diff.tournaments_added
        .iter()
        .chain(&diff.tournaments_removed)
        .chain(&diff.tournaments_changed)
        .find(|t| t.id == id)
        .map_or_else(
            || id.to_string(),
            |t| super::games::event_label(&t.name, &t.start),
        )
}

fn roster_section(out: &mut String, title: &str, players: &[(String, String)]) {
    if players.is_empty() {
        return;
    }
    out.push_str(&format!("\n### {title}\n\n"));
    for (_, name) in players {
        out.push_str(&format!("- {}\n", inert(name)));
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
        problems_section(&mut out, &diff, &Translations::english());
        assert_eq!(
            out,
            "\n### Problems in this change\n\n- new one\n\n\
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
        problems_section(&mut out, &diff, &Translations::english());
        assert_eq!(out.matches("\n- p").count(), MAX_PROBLEM_LINES);
        assert!(out.ends_with(
            "Not shown: 3 more that this change brings. `ratingbook check` lists them all.\n"
        ));
    }

    const HOSTILE: &str = "@octocat https://evil.example/login #1 www.evil.example <b>x</b> \
                           [x](javascript:alert(1)) | pipe GH-2 a@b.example $x$ mailto:a@b.example";

    /// The text GitHub would see in `markdown`, its links, images and HTML
    /// counted as problems.
    fn rendered_text(markdown: &str) -> String {
        use pulldown_cmark::{Event, Options, Parser, Tag};
        let options = Options::ENABLE_TABLES
            | Options::ENABLE_STRIKETHROUGH
            | Options::ENABLE_TASKLISTS
            | Options::ENABLE_FOOTNOTES
            | Options::ENABLE_MATH;
        let mut text = String::new();
        for event in Parser::new_ext(markdown, options) {
            match event {
                Event::Text(t) | Event::Code(t) => text.push_str(&t),
                Event::Start(Tag::Link { .. } | Tag::Image { .. } | Tag::HtmlBlock)
                | Event::Html(_)
                | Event::InlineHtml(_)
                | Event::InlineMath(_)
                | Event::DisplayMath(_)
                | Event::FootnoteReference(_) => panic!("{event:?} in {markdown}"),
                _ => text.push(' '),
            }
        }
        text
    }

    #[test]
    fn data_in_the_comment_mentions_links_and_references_nothing() {
        let text = rendered_text(&inert(HOSTILE));
        for live in [
            "@octocat",
            "#1",
            "https:",
            "www.",
            "javascript:",
            "GH-2",
            "a@b",
            "mailto:",
        ] {
            assert!(!text.replace('\\', "").contains(live), "{live} in {text}");
        }
        // Shown all the same, a zero-width space apart.
        let shown = text.replace('\u{200b}', "");
        assert!(shown.contains("@octocat https://evil.example/login #1 www.evil.example <b>x</b>"));
        assert!(shown.contains("[x](javascript:alert(1)) | pipe GH-2 a@b.example"));
        // A list item or heading cannot start with the data.
        for start in ["- x", "+ x", "1. x", "2) x", "# x"] {
            let item = format!("- {}\n", inert(start));
            assert_eq!(rendered_text(&item).trim(), start.replace('#', "#\u{200b}"));
        }
        // Places of a file keep their form.
        assert_eq!(
            inert("data/players/a.toml:3:5: error"),
            "data/players/a.toml:3:5: error"
        );
    }

    #[test]
    fn every_text_of_the_data_in_the_comment_is_inert() {
        let state = |rating| super::super::PlayerState {
            name: HOSTILE.into(),
            rating: Some(rating),
            phase: "established",
            rank: Some(1),
            rated_games: 9,
            tournaments: Vec::new(),
            history: Vec::new(),
            history_settled: false,
        };
        let point = |rating| super::super::HistoryPoint {
            tournament: HOSTILE.into(),
            rating: Some(rating),
            performance: None,
            phase: "established",
        };
        let tournament = TournamentChange {
            id: HOSTILE.into(),
            name: HOSTILE.into(),
            start: "2024-01-01".into(),
            rated_games_before: Some(1),
            rated_games_after: Some(2),
        };
        let change = PlayerChange {
            id: HOSTILE.into(),
            name: HOSTILE.into(),
            before: state(1500),
            after: state(1510),
            delta: Some(10),
            played_in: vec![HOSTILE.into()],
            ripple_from: None,
            history_changed: vec![HistoryChange {
                tournament: HOSTILE.into(),
                tournament_name: HOSTILE.into(),
                before: Some(point(1500)),
                after: Some(point(1510)),
            }],
        };
        let game = GameChange {
            tournament: HOSTILE.into(),
            tournament_name: HOSTILE.into(),
            round: 1,
            first: HOSTILE.into(),
            first_name: HOSTILE.into(),
            second: HOSTILE.into(),
            second_name: HOSTILE.into(),
            before: Some("1–0".into()),
            after: None,
        };
        let rippled = PlayerChange {
            played_in: Vec::new(),
            ripple_from: Some("unknown @octocat #1".into()),
            ..change.clone()
        };
        let diff = Diff {
            base_builds: false,
            head_builds: false,
            tournaments_added: vec![tournament.clone()],
            tournaments_removed: vec![tournament.clone()],
            tournaments_changed: vec![tournament],
            games_changed: vec![game],
            players_changed: vec![change.clone(), rippled.clone()],
            players_added: vec![(HOSTILE.into(), HOSTILE.into())],
            players_removed: vec![(HOSTILE.into(), HOSTILE.into())],
            head_problems: vec![format!("data/players/a.toml:1:1: {HOSTILE}")],
            new_problems: vec![format!("data/players/a.toml:1:1: {HOSTILE}")],
            pools: vec![super::super::PoolDiff {
                name: HOSTILE.into(),
                title: HOSTILE.into(),
                players_changed: vec![change, rippled],
            }],
            rated: Default::default(),
            words: Default::default(),
        };
        let versions = Versions {
            base: "@octocat".into(),
            head: "#1".into(),
        };
        let markdown = markdown(&diff, &versions);
        let text = rendered_text(&markdown).replace('\\', "");
        for live in [
            "@octocat",
            "#1",
            "https:",
            "www.",
            "javascript:",
            "GH-2",
            "a@b",
        ] {
            assert!(!text.contains(live), "{live} in {markdown}");
        }
        assert!(
            text.replace('\u{200b}', "")
                .matches("@octocat https")
                .count()
                >= 15
        );
    }

    /// A section of `rows` rows of `width` characters each.
    fn long_section(title: &str, rows: usize, width: usize) -> Section {
        let row = format!("- {}\n", "x".repeat(width - 3));
        Section::of(format!("\n### {title}\n\n{}", row.repeat(rows)))
    }

    #[test]
    fn a_long_comment_puts_the_rest_in_a_collapsed_part_and_counts_what_it_left_out() {
        // 3 × 100 rows of 100 characters: 30 000 in all, past a budget of
        // 10 000 and a limit of 20 000.
        let sections: Vec<Section> = ["A", "B", "C"]
            .iter()
            .map(|t| long_section(t, 100, 100))
            .collect();
        let comment = bounded(
            "Summary.\n".into(),
            &sections,
            (10_000, 20_000),
            &Translations::english(),
        );
        assert!(comment.chars().count() <= 20_000);
        let (open, hidden) = comment.split_once("<details>").unwrap();
        assert!(open.starts_with("Summary.\n\n### A\n\n"));
        assert!(open.chars().count() <= 10_000);
        let shown = comment.matches("\n- x").count();
        // Head room: the opening and closing lines and the note.
        assert!(shown >= 190, "{shown}");
        assert!(hidden.contains("</details>"));
        let note = format!("**Left out of this comment: {} rows**", 300 - shown);
        assert!(comment.contains(&note), "{note}");
        assert!(comment.contains("`ratingbook diff --format json`"));
    }

    #[test]
    fn a_comment_within_the_budget_is_whole() {
        let sections = vec![long_section("A", 10, 50)];
        let comment = bounded(
            "Summary.\n".into(),
            &sections,
            (10_000, 20_000),
            &Translations::english(),
        );
        assert!(!comment.contains("<details>") && !comment.contains("Left out"));
        assert_eq!(comment.matches("\n- x").count(), 10);
    }
}
