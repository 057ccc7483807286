//! `md/ratings.md`: the whole rating list as one Markdown page.
//!
//! Why not through the template engine: the page is the whole list, a row
//! per rated player. At 300 000 players the list as one template value took
//! about 190 MB while it was rendered, on top of everything a build holds;
//! written here it is the page's own bytes and nothing more.

use std::fmt::Write as _;

use crate::render::format::push_markdown_escaped;
use crate::render::view::{Change, RatingListView};
use crate::translate::{Arg, Translations};

/// The page's template.
pub const RATINGS_MARKDOWN: &str = "md/ratings.md";

/// The page `md/ratings.md` renders for the site titled `title`, in the
/// language of `words`.
pub fn ratings_markdown(title: &str, list: &RatingListView<'_>, words: &Translations) -> Vec<u8> {
    let mut o = String::with_capacity(64 * list.row_count() + 1024);
    let mut escaped = String::new();
    push_markdown_escaped(title, &mut escaped);
    o.push_str("# ");
    o.push_str(&words.with("report-list-title", &[("title", Arg::Text(&escaped))]));
    o.push_str("\n\n");
    o.push_str(&words.with(
        "report-list-intro",
        &[
            ("date", Arg::Text(&list.date)),
            ("since", Arg::Text(&list.inactive_before.to_string())),
        ],
    ));
    let changes = !list.previous_date.is_empty();
    if changes {
        o.push(' ');
        o.push_str(&words.with(
            "report-list-changes",
            &[("previous", Arg::Text(&list.previous_date))],
        ));
    }
    let _ = write!(
        o,
        "\n\n## {}\n\n| # | {} | {} | {} |",
        words.text("report-established"),
        words.text("report-col-player"),
        words.text("report-col-club"),
        words.text("report-col-rating")
    );
    if changes {
        let _ = write!(
            o,
            " {} | {} |",
            words.text("report-col-change"),
            words.text("report-col-rank-change")
        );
    }
    let _ = write!(
        o,
        " {} | {} | {} |\n|---:|---|---|---:|",
        words.text("report-col-games"),
        words.text("report-col-last-rated"),
        words.text("report-col-active")
    );
    if changes {
        o.push_str("---:|---:|");
    }
    o.push_str("---:|---|---|\n");
    let new = words.text("report-new");
    let change = |c: Change| match c {
        Change::New => new.clone(),
        other => other.to_string(),
    };
    let active = words.with("report-active", &[("active", Arg::Text("yes"))]);
    let inactive = words.with("report-active", &[("active", Arg::Text("no"))]);
    for row in &list.established {
        o.push_str("| ");
        if let Some(rank) = row.rank {
            let _ = write!(o, "{rank}");
        }
        o.push_str(" | ");
        push_markdown_escaped(row.player.text(), &mut o);
        o.push_str(" | ");
        push_markdown_escaped(row.club, &mut o);
        let _ = write!(o, " | {} |", row.rating);
        if changes {
            let _ = write!(
                o,
                " {} | {} |",
                change(row.rating_change),
                change(row.rank_change)
            );
        }
        let _ = write!(o, " {} | {} | ", row.games, row.last_played);
        o.push_str(if row.active { &active } else { &inactive });
        o.push_str(" |\n");
    }
    let _ = write!(
        o,
        "\n## {}\n\n| {} | {} | {} |\n|---|---|---:|\n",
        words.text("report-provisional"),
        words.text("report-col-player"),
        words.text("report-col-club"),
        words.text("report-col-games")
    );
    for row in &list.provisional {
        player_row(&mut o, (row.player.text(), row.club), &row.progress);
    }
    let _ = write!(
        o,
        "\n## {}\n\n| {} | {} | {} |\n|---|---|---:|\n",
        words.text("report-international"),
        words.text("report-col-player"),
        words.text("report-col-country"),
        words.text("report-col-international-rating")
    );
    for row in &list.international {
        player_row(&mut o, (row.player.text(), row.country), row.rating);
    }
    o.push('\n');
    o.into_bytes()
}

/// A row of the provisional or the international players' table: the
/// player's name, a club or country, and a number.
fn player_row(o: &mut String, (name, place): (&str, &str), number: impl std::fmt::Display) {
    o.push_str("| ");
    push_markdown_escaped(name, o);
    o.push_str(" | ");
    push_markdown_escaped(place, o);
    let _ = writeln!(o, " | {number} |");
}
