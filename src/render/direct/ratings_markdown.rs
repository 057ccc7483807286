//! `md/ratings.md`: the whole rating list as one Markdown page.
//!
//! Why not through the template engine: the page is the whole list, a row
//! per rated player. At 300 000 players the list as one template value took
//! about 190 MB while it was rendered, on top of everything a build holds;
//! written here it is the page's own bytes and nothing more.

use std::fmt::Write as _;

use crate::render::format::push_markdown_escaped;
use crate::render::view::RatingListView;

/// The page's template.
pub const RATINGS_MARKDOWN: &str = "md/ratings.md";

/// The page `md/ratings.md` renders for the site titled `title`.
pub fn ratings_markdown(title: &str, list: &RatingListView<'_>) -> Vec<u8> {
    let mut o = String::with_capacity(64 * list.row_count() + 1024);
    o.push_str("# ");
    push_markdown_escaped(title, &mut o);
    let _ = write!(
        o,
        ": rating list\n\nAs of {}. Ranked: established members with a rated game since {}; inactive players are listed without a rank.",
        list.date, list.inactive_before
    );
    let changes = !list.previous_date.is_empty();
    if changes {
        let _ = write!(
            o,
            " Changes are since the list of {} (rank change: + is up); \"new\" marks players not on it.",
            list.previous_date
        );
    }
    o.push_str("\n\n## Established\n\n| # | Player | Club | Rating |");
    if changes {
        o.push_str(" Change | Rank change |");
    }
    o.push_str(" Games | Last rated | Active |\n|---:|---|---|---:|");
    if changes {
        o.push_str("---:|---:|");
    }
    o.push_str("---:|---|---|\n");
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
            let _ = write!(o, " {} | {} |", row.rating_change, row.rank_change);
        }
        let _ = write!(o, " {} | {} | ", row.games, row.last_played);
        o.push_str(if row.active { "active" } else { "inactive" });
        o.push_str(" |\n");
    }
    o.push_str("\n## Provisional\n\n| Player | Club | Games |\n|---|---|---:|\n");
    for row in &list.provisional {
        player_row(&mut o, (row.player.text(), row.club), &row.progress);
    }
    o.push_str(
        "\n## International players\n\n| Player | Country | International rating |\n|---|---|---:|\n",
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
