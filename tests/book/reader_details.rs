//! The details a reader notices on the sample site: the downloads page lists
//! every file the site offers, the archive's wording matches what it can do,
//! a chart's caption agrees with the table under it, filter rows are never
//! empty, and lone points are not drawn as a chart.

use crate::util;
use std::path::Path;

const REPO: &str = env!("CARGO_MANIFEST_DIR");

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn sample_site() -> util::OutputFolder {
    let out = util::output_folder();
    util::build_site(Path::new(REPO), out.path());
    out
}

/// Every `href` of a page, in order.
fn links(html: &str) -> Vec<&str> {
    html.split("href=\"")
        .skip(1)
        .map(|rest| &rest[..rest.find('"').unwrap()])
        .collect()
}

#[test]
fn the_downloads_page_links_every_tournament_file_and_every_list() {
    let out = sample_site();
    let downloads = read(&out.path().join("downloads.html"));
    let offered = links(&downloads);
    // Each tournament page links its CSV and TRF: the downloads page has both.
    for entry in std::fs::read_dir(out.path().join("tournaments")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".trf") || name.ends_with(".csv") {
            let wanted = format!("tournaments/{name}");
            assert!(
                offered.contains(&wanted.as_str()),
                "{wanted} is not offered"
            );
        }
    }
    // The further list (Ataxx engines) has a CSV; the page offers it.
    assert!(out.path().join("pools/ataxx-engines/ratings.csv").is_file());
    assert!(
        offered.contains(&"pools/ataxx-engines/ratings.csv"),
        "{downloads}"
    );
    // Every file the page links exists.
    for href in offered
        .iter()
        .filter(|h| !h.starts_with('#') && !h.contains(':'))
    {
        assert!(
            out.path().join(href).is_file(),
            "{href} is linked but missing"
        );
    }
}

#[test]
fn a_list_says_inactive_players_can_be_shown_only_when_it_has_some() {
    let out = sample_site();
    for entry in std::fs::read_dir(out.path().join("archive")).unwrap() {
        let path = entry.unwrap().path();
        let page = read(&path);
        if !page.contains("Players without a rated game since") {
            continue;
        }
        let toggle = page.contains("class=\"show-inactive\"");
        let promise = page.contains("hidden until you choose");
        assert_eq!(toggle, promise, "{}", path.display());
        if !toggle {
            assert!(
                page.contains("are inactive; this list has none."),
                "{}",
                path.display()
            );
        }
    }
    // The 2004 list has no inactive player: no promise of a way to show them.
    let list = read(&out.path().join("archive/2004.html"));
    assert!(!list.contains("until you"), "{list}");
}

#[test]
fn a_charts_caption_counts_what_the_table_below_shows() {
    let out = sample_site();
    // Samuli Saarenpää: three tournaments with a rating after them, below
    // three provisional ones.
    let page = read(&out.path().join("players/saarenpaa-samuli.html"));
    assert_eq!(page.matches("<tr id=\"history-").count(), 6);
    assert_eq!(page.matches("data-charted=\"1\"").count(), 3);
    assert!(
        page.contains("<figcaption>Ratings after 3 of the 6 tournaments below;"),
        "{page}"
    );
    assert!(page.contains("(the rows with a rating)"));
    // On every player page, the caption's count is the table's.
    for entry in std::fs::read_dir(out.path().join("players")).unwrap() {
        let page = read(&entry.unwrap().path());
        // The main history's chart, not a further list's.
        let history = page.find("id=\"history-heading\"").unwrap();
        let section = &page[history..page[history..].find("</section>").unwrap() + history];
        let Some(at) = section.find("<figcaption>") else {
            continue;
        };
        let page = section;
        let caption = &page[at..page[at..].find("</figcaption>").unwrap() + at];
        let rows = page.matches("<tr id=\"history-").count();
        let charted = page.matches("data-charted=\"1\"").count();
        if rows == charted {
            let noun = if rows == 1 {
                "tournament"
            } else {
                "tournaments"
            };
            assert!(
                caption.starts_with(&format!("<figcaption>{rows} rated {noun}")),
                "{caption}"
            );
            assert!(caption.contains("(one row per point)"), "{caption}");
        } else {
            let says =
                format!("<figcaption>Ratings after {charted} of the {rows} tournaments below");
            assert!(caption.starts_with(&says), "{caption}");
        }
    }
}

#[test]
fn lists_of_lone_ratings_get_no_chart() {
    let out = sample_site();
    // The Ataxx engines each have one rated tournament: no chart of lone dots.
    let pool = read(&out.path().join("pools/ataxx-engines/ratings.html"));
    assert!(!pool.contains("<svg"), "{pool}");
    assert!(pool.contains("<table"));
}

#[test]
fn a_generated_list_has_no_empty_filter_row() {
    // Generated players have clubs but no country.
    let dir = util::generated_repository(60, 4, 7);
    let site = dir.path().join("site");
    ratingbook::build_repository(dir.path(), &site, &|| {}).unwrap();
    let list = read(&site.join("ratings.html"));
    let filters = &list[list.find("class=\"filters\"").unwrap()..];
    let filters = &filters[..filters.find("</nav>").unwrap()];
    for row in filters.split("<p>").skip(1) {
        assert!(row.contains("<a href="), "an empty filter row: {row}");
    }
    assert!(!filters.contains("Country:"), "{filters}");
}
