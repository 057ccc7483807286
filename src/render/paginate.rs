//! Long lists split over pages, so that no page grows with the association:
//! page 1 keeps the list's address (`ratings.html`), page `n` adds `.n`
//! before the extension (`ratings.2.html`, `lists/club-x.3.html`), which no
//! id or slug can produce (they have no dots). A list that fits one page is
//! one page, exactly as without pagination.

use serde::Serialize;

/// Rows on one page of a rating list, tournament list or downloads list.
pub const ROWS_PER_PAGE: usize = 400;

/// Page numbers shown on each side of the current one.
const WINDOW: usize = 2;

/// The navigation of one page: "Page n of m" with links.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Pagination {
    /// This page's number, from 1.
    pub number: usize,
    /// Number of pages.
    pub count: usize,
    /// The address of page 1 (the list's own address).
    pub first: String,
    /// Links: first, previous, nearby page numbers, next, last.
    pub links: Vec<PageLink>,
}

/// A link of the page navigation.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct PageLink {
    /// Shown text: `First`, `Previous`, a number, `Next`, `Last`.
    pub text: String,
    /// Address from the site root.
    pub href: String,
    /// Whether this is the current page (shown, not linked).
    pub current: bool,
    /// `prev` or `next` for those links, else empty.
    pub rel: &'static str,
    /// The message the link shows in the site's language (`page-first`,
    /// `page-previous`, `page-next`, `page-last`), empty for a number.
    pub key: &'static str,
}

/// The address of page `number` of the list whose first page is `first`.
pub fn page_file(first: &str, number: usize) -> String {
    if number <= 1 {
        return first.to_string();
    }
    match first.rsplit_once('.') {
        Some((stem, extension)) if !stem.is_empty() && !stem.ends_with('/') => {
            format!("{stem}.{number}.{extension}")
        }
        _ => format!("{first}.{number}"),
    }
}

/// Number of pages for `rows` rows (at least one).
pub fn page_count(rows: usize) -> usize {
    rows.div_ceil(ROWS_PER_PAGE).max(1)
}

/// The rows of page `number` (from 1) among `rows` rows.
pub fn page_rows(rows: usize, number: usize) -> std::ops::Range<usize> {
    let start = (number.saturating_sub(1) * ROWS_PER_PAGE).min(rows);
    start..(start + ROWS_PER_PAGE).min(rows)
}

impl Pagination {
    /// The navigation of page `number` of `count` pages of the list at `first`.
    pub fn new(first: &str, number: usize, count: usize) -> Pagination {
        let mut links = Vec::new();
        let link = |(text, key): (String, &'static str), n: usize, rel: &'static str| PageLink {
            text,
            href: page_file(first, n),
            current: n == number,
            rel,
            key,
        };
        if count > 1 {
            if number > 1 {
                links.push(link(("First".into(), "page-first"), 1, ""));
                links.push(link(
                    ("Previous".into(), "page-previous"),
                    number - 1,
                    "prev",
                ));
            }
            let low = number.saturating_sub(WINDOW).max(1);
            let high = (number + WINDOW).min(count);
            for n in low..=high {
                links.push(link((n.to_string(), ""), n, ""));
            }
            if number < count {
                links.push(link(("Next".into(), "page-next"), number + 1, "next"));
                links.push(link(("Last".into(), "page-last"), count, ""));
            }
        }
        Pagination {
            number,
            count,
            first: first.to_string(),
            links,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_addresses_keep_the_first_and_number_the_rest() {
        assert_eq!(page_file("ratings.html", 1), "ratings.html");
        assert_eq!(page_file("ratings.html", 2), "ratings.2.html");
        assert_eq!(page_file("lists/club-x.html", 12), "lists/club-x.12.html");
        assert_eq!(page_file("archive/2020.html", 3), "archive/2020.3.html");
        assert_eq!(page_count(0), 1);
        assert_eq!(page_count(ROWS_PER_PAGE), 1);
        assert_eq!(page_count(ROWS_PER_PAGE + 1), 2);
        assert_eq!(page_rows(10, 1), 0..10);
        assert_eq!(
            page_rows(ROWS_PER_PAGE + 5, 2),
            ROWS_PER_PAGE..ROWS_PER_PAGE + 5
        );
    }

    #[test]
    fn navigation_links_neighbours_and_ends() {
        assert!(Pagination::new("ratings.html", 1, 1).links.is_empty());
        let middle = Pagination::new("ratings.html", 5, 9);
        let texts: Vec<&str> = middle.links.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(
            texts,
            ["First", "Previous", "3", "4", "5", "6", "7", "Next", "Last"]
        );
        assert_eq!(middle.links[1].href, "ratings.4.html");
        assert_eq!(middle.links[1].rel, "prev");
        assert!(middle.links[4].current);
        assert_eq!(middle.links[8].href, "ratings.9.html");
        let first = Pagination::new("ratings.html", 1, 2);
        let texts: Vec<&str> = first.links.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(texts, ["1", "2", "Next", "Last"]);
    }
}
