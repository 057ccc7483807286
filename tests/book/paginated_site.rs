//! A site too big for single pages: lists split over pages, the search index
//! over shards; every page small, every player reachable by following links
//! from the front page, every link leading to a page of the site.

use crate::util;

use std::collections::{BTreeSet, VecDeque};
use std::fs;
use std::path::Path;

/// Largest page the site may have.
const MAX_PAGE: u64 = 200 * 1024;

/// The `href` values of an HTML page, and its forms' `action`s.
fn links(html: &str) -> Vec<&str> {
    ["href=\"", "action=\""]
        .iter()
        .flat_map(|attribute| html.split(attribute).skip(1))
        .filter_map(|rest| rest.split('"').next())
        .collect()
}

/// `href` seen from the page `from` (both relative to the site root), as a
/// path from the site root; `None` for other sites and in-page anchors.
fn resolve(from: &str, href: &str) -> Option<String> {
    if href.contains(':') || href.starts_with('#') || href.starts_with('/') {
        return None;
    }
    let href = href.split(['#', '?']).next()?;
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    for part in href.split('/') {
        match part {
            ".." => {
                parts.pop()?;
            }
            "." | "" => {}
            p => parts.push(p),
        }
    }
    Some(parts.join("/"))
}

/// Every page linked from `first` and, breadth first, from each linked page
/// that `follow` accepts; each page visited must exist and be at most
/// [`MAX_PAGE`] bytes.
fn crawl(site: &Path, first: &str, follow: impl Fn(&str) -> bool) -> BTreeSet<String> {
    let mut seen = BTreeSet::from([first.to_string()]);
    let mut queue = VecDeque::from([first.to_string()]);
    while let Some(page) = queue.pop_front() {
        let path = site.join(&page);
        assert!(path.is_file(), "a link leads to the missing {page}");
        let size = fs::metadata(&path).unwrap().len();
        assert!(size <= MAX_PAGE, "{page} has {size} bytes");
        let html = fs::read_to_string(&path).unwrap();
        for target in links(&html).into_iter().filter_map(|h| resolve(&page, h)) {
            if seen.insert(target.clone()) && follow(&target) {
                queue.push_back(target);
            }
        }
    }
    seen
}

/// The list whose first page is `<stem>.html` has exactly `pages` pages,
/// `<stem>.2.html` on, the first and the last saying so.
fn assert_paged(site: &Path, stem: &str, pages: usize) {
    let page = |n: usize| match n {
        1 => site.join(format!("{stem}.html")),
        n => site.join(format!("{stem}.{n}.html")),
    };
    let first = fs::read_to_string(page(1)).unwrap();
    assert!(
        first.contains(&format!("Page 1 of {pages}")),
        "{first:.3000}"
    );
    let last = fs::read_to_string(page(pages)).unwrap();
    assert!(last.contains(&format!("Page {pages} of {pages}")), "{stem}");
    assert!(
        !page(pages + 1).exists(),
        "{stem} has more than {pages} pages"
    );
}

#[test]
fn every_player_is_reachable_and_every_page_is_small() {
    let (_dir, site) = util::large_generated_site();

    let ratings = fs::read_to_string(site.join("ratings.html")).unwrap();
    assert!(ratings.contains("Page 1 of "), "the list is split");
    assert!(ratings.contains("href=\"ratings.2.html\" rel=\"next\""));

    let seen = crawl(&site, "index.html", |target| target.ends_with(".html"));
    let players: Vec<String> = fs::read_dir(site.join("players"))
        .unwrap()
        .map(|e| format!("players/{}", e.unwrap().file_name().to_string_lossy()))
        .collect();
    assert_eq!(players.len(), 1500);
    let unreached: Vec<&String> = players.iter().filter(|p| !seen.contains(*p)).collect();
    assert!(unreached.is_empty(), "not reachable: {unreached:?}");

    // The search index is split, every shard small, every player in one.
    let index = fs::read_to_string(site.join("search-index.js")).unwrap();
    assert!(
        index.starts_with("window.RATINGBOOK_SHARDS = [["),
        "{index:.80}"
    );
    let mut shards = String::new();
    for entry in fs::read_dir(site.join("search")).unwrap() {
        let path = entry.unwrap().path();
        assert!(fs::metadata(&path).unwrap().len() <= MAX_PAGE);
        shards.push_str(&fs::read_to_string(&path).unwrap());
    }
    for player in &players {
        assert!(
            shards.contains(&format!("\"h\":\"{player}\"")),
            "{player} not in the search index"
        );
    }
    // The search page links to the browse list, players by letter and
    // tournaments by year, every player on one of its pages.
    let search = fs::read_to_string(site.join("search.html")).unwrap();
    assert!(search.contains("href=\"browse/players-"), "no browse list");
    assert!(
        search.contains("href=\"browse/tournaments-"),
        "no browse list"
    );
    let browsed = crawl(&site, "search.html", |t| t.starts_with("browse/"));
    let unlisted: Vec<&String> = players.iter().filter(|p| !browsed.contains(*p)).collect();
    assert!(unlisted.is_empty(), "not in the browse list: {unlisted:?}");
}

#[test]
fn many_tournaments_are_listed_by_year_every_one_reachable() {
    let dir = util::generated_repository(200, 450, 7);
    let root = dir.path();
    let site = root.join("site");
    ratingbook::build_repository(root, &site, &|| {}).unwrap();
    let tournaments: Vec<String> = fs::read_dir(site.join("tournaments"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|f| f.ends_with(".html") && f != "index.html")
        .map(|f| format!("tournaments/{f}"))
        .collect();
    assert_eq!(tournaments.len(), 450);
    for (first, folder) in [
        ("tournaments/index.html", "tournaments/by-year/"),
        ("downloads.html", "downloads/"),
    ] {
        let html = fs::read_to_string(site.join(first)).unwrap();
        assert!(
            html.contains("aria-label=\"Years\""),
            "{first} has no year links"
        );
        let seen = crawl(&site, first, |t| t.starts_with(folder));
        let years: Vec<&String> = seen.iter().filter(|p| p.starts_with(folder)).collect();
        assert!(years.len() >= 3, "{first}: {years:?}");
        let missing: Vec<&String> = tournaments.iter().filter(|t| !seen.contains(*t)).collect();
        assert!(missing.is_empty(), "{first}: not listed {missing:?}");
    }
    // The downloads list every tournament's crosstable.
    let csv = crawl(&site, "downloads.html", |t| t.starts_with("downloads/"));
    assert_eq!(
        csv.iter()
            .filter(|p| p.ends_with(".csv") && p.starts_with("tournaments/"))
            .count(),
        450
    );
}

#[test]
fn a_year_of_more_than_one_page_of_tournaments_is_paged_within_the_year() {
    let dir = util::generated_repository(100, 4, 11);
    let root = dir.path();
    // 420 two-player tournaments in 2010, more than one page (400) of a year.
    for n in 0..420 {
        for side in ["a", "b"] {
            let file = format!("data/players/year-{side}-{n}.toml");
            let text = format!("name = \"Year {side} {n}\"\nmembership = \"member\"\n");
            util::write(root, &file, &text);
        }
        let table = format!("no,player,rating,1\n1,year-a-{n},,2 w 1\n2,year-b-{n},,1 b 0\n");
        util::write(root, &format!("data/tournaments/2010/y-{n:03}.csv"), &table);
        let meta = format!(
            "name = \"Year event {n}\"\nstart = 2010-06-01\nend = 2010-06-01\n\
             system = \"round-robin\"\nrounds = 1\nrated = true\n"
        );
        util::write(root, &format!("data/tournaments/2010/y-{n:03}.toml"), &meta);
    }
    let site = root.join("site");
    ratingbook::build_repository(root, &site, &|| {}).unwrap();

    assert_paged(&site, "tournaments/by-year/2010", 2);
    let seen = crawl(&site, "tournaments/index.html", |t| {
        t.starts_with("tournaments/by-year/")
    });
    for n in 0..420 {
        let page = format!("tournaments/y-{n:03}.html");
        assert!(seen.contains(&page), "{page} is on no page of 2010");
    }
    let downloads = crawl(&site, "downloads.html", |t| t.starts_with("downloads/"));
    assert!(downloads.contains("downloads/2010.2.html"));
    assert!(
        downloads.contains("tournaments/y-419.csv") && downloads.contains("tournaments/y-000.csv")
    );
}

#[test]
fn a_browse_group_too_long_for_one_page_is_paged_and_complete() {
    let dir = util::generated_repository(300, 4, 5);
    let root = dir.path();
    // 900 more players whose names start with Q: three pages of 400, 400, 100+.
    for n in 0..900 {
        let text = format!("name = \"Quist Anna {n}\"\nmembership = \"member\"\n");
        util::write(root, &format!("data/players/quist-{n}.toml"), &text);
    }
    let site = root.join("site");
    ratingbook::build_repository(root, &site, &|| {}).unwrap();

    assert_paged(&site, "browse/players-q", 3);
    let browsed = crawl(&site, "search.html", |t| t.starts_with("browse/"));
    for n in 0..900 {
        let player = format!("players/quist-{n}.html");
        assert!(browsed.contains(&player), "{player} is on no page of Q");
    }
}

#[test]
fn every_player_of_a_long_further_list_is_reachable_from_its_pages() {
    let dir = util::generated_repository(1500, 24, 3);
    let root = dir.path();
    // Every tournament rated in a further list of its own.
    let mut config = fs::read_to_string(root.join("ratingbook.toml")).unwrap();
    config.push_str("\n[pools.long]\ntitle = \"Long list\"\nsystem = \"glicko2\"\n");
    fs::write(root.join("ratingbook.toml"), config).unwrap();
    for entry in walkdir::WalkDir::new(root.join("data/tournaments")) {
        let path = entry.unwrap().into_path();
        if path.extension().is_some_and(|e| e == "toml") {
            let text = fs::read_to_string(&path).unwrap();
            fs::write(&path, format!("{text}pool = \"long\"\n")).unwrap();
        }
    }
    let site = root.join("site");
    ratingbook::build_repository(root, &site, &|| {}).unwrap();

    // Who the list has: its established and provisional players.
    let loaded = ratingbook::load::load_repository(root);
    let pools = ratingbook::rating::rate_pools(&loaded.dataset, &loaded.config);
    let views = ratingbook::render::pools::PoolViews::new(&pools[0], &loaded.config);
    let list = views.builder(&loaded.dataset).rating_list();
    let listed: BTreeSet<String> = list
        .established
        .iter()
        .map(|r| r.player.href().to_string())
        .chain(list.provisional.iter().map(|r| r.player.href().to_string()))
        .collect();
    let per_page = ratingbook::render::paginate::ROWS_PER_PAGE;
    assert!(
        listed.len() > per_page,
        "{} players fit one page",
        listed.len()
    );

    // Following only the list's own pages from its first one.
    let first = "pools/long/ratings.html".to_string();
    let html = fs::read_to_string(site.join(&first)).unwrap();
    assert!(html.contains("Page 1 of "), "the list is split");
    let reached: BTreeSet<String> = crawl(&site, &first, |target| {
        target.starts_with("pools/long/ratings.")
    })
    .into_iter()
    .filter(|target| target.starts_with("players/"))
    .collect();
    let unreached: Vec<&String> = listed.difference(&reached).collect();
    assert!(unreached.is_empty(), "not reachable: {unreached:?}");
}
