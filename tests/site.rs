//! The published site's features on the sample data (issue 7): charts, player
//! statistics, head-to-head, filtered and archived lists, the search index,
//! Markdown pages, the rules page from the configuration, and site structure.

mod common;

use std::path::Path;
use std::process::Command;

const REPO: &str = env!("CARGO_MANIFEST_DIR");

use common::build_site as build;

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn sample_site() -> tempfile::TempDir {
    let out = tempfile::tempdir().unwrap();
    let stderr = build(Path::new(REPO), out.path());
    assert!(
        stderr.contains("note: no sitemap.xml: set `site.base_url`"),
        "{stderr}"
    );
    out
}

fn html_pages(dir: &Path) -> Vec<std::path::PathBuf> {
    walkdir::WalkDir::new(dir)
        .sort_by_file_name()
        .into_iter()
        .map(Result::unwrap)
        .filter(|e| e.path().extension().is_some_and(|x| x == "html"))
        .map(|e| e.path().to_path_buf())
        .collect()
}

#[test]
fn player_page_has_chart_statistics_and_head_to_head() {
    let out = sample_site();
    let page = read(&out.path().join("players/saarenpaa-samuli.html"));
    // One chart point per tournament with an established rating after it.
    let points = page.matches("<circle class=\"pt\"").count();
    assert_eq!(points, page.matches("data-charted=\"1\"").count());
    assert_eq!(points, 3, "{page}");
    assert_eq!(page.matches("<rect class=\"provisional\"").count(), 1);
    assert!(page.contains("role=\"img\""));
    assert!(page.contains("<title>Saarenpää Samuli: Finnish Championship 2004, 2004-03-21: 2160 (first established rating)</title>"), "{page}");
    assert!(
        page.contains("<dt>Peak</dt><dd>2160 (21 March 2004)</dd>"),
        "{page}"
    );
    assert!(
        page.contains("<dt>Lowest</dt><dd>2115 (19 September 2004)</dd>"),
        "{page}"
    );
    assert!(
        page.contains("<dt>Score</dt><dd>20½ / 33 (62 %)</dd>"),
        "{page}"
    );
    // Performance per tournament: 7/7 against opponents averaging 2039 → 2039 + 0.5 × 850.
    assert!(page.contains("<td class=\"num opt\">2464</td>"), "{page}");
    // The last chart point is named in visible text (no hover on touch screens).
    assert!(page.contains(">2115 (2004-09-19)</text>"), "{page}");
    assert!(page.contains("<h2 id=\"wins-heading\">Best wins</h2>"));
    assert!(page.contains("<li><a href=\"../players/ilu-timo.html\">Ilu Timo</a> (2237)"));
    assert!(page.contains("<tr><td class=\"wrap\"><a href=\"../players/ikonen-jussi.html\">Ikonen Jussi</a></td><td class=\"num opt\">6</td><td class=\"num\">2</td><td class=\"num\">1</td><td class=\"num\">3</td><td class=\"num\">2½</td></tr>"), "{page}");
    // A provisional player: no chart, no peak.
    let provisional = read(&out.path().join("players/haikonen-kari.html"));
    assert!(!provisional.contains("<svg"));
    assert!(!provisional.contains("<dt>Peak</dt>"));
}

#[test]
fn lists_filter_hide_inactive_and_archive() {
    let out = sample_site();
    let list = read(&out.path().join("ratings.html"));
    // As of 2026 the 2003–2004 players are inactive: present, marked, hidden by CSS.
    assert!(list.contains("<tr class=\"inactive\"><td class=\"num\"></td><td><a href=\"players/saarenpaa-samuli.html\">"), "{list}");
    assert!(list.contains("<a class=\"show-inactive\" href=\"#all\">Show 6 inactive players</a>"));
    assert!(list.contains("<svg class=\"chart\""));
    assert!(list.contains("href=\"lists/club-helsinki.html\""));
    assert!(list.contains("href=\"archive/2003.html\""));
    let club = read(&out.path().join("lists/club-tampere.html"));
    assert!(club.contains("<h1>Club: Tampere</h1>"));
    assert!(club.contains("Sneitz Nina"));
    assert!(!club.contains("Saarenpää Samuli"), "{club}");
    assert!(club.contains("aria-current=\"page\">Tampere</a>"));
    let y2003 = read(&out.path().join("archive/2003.html"));
    assert!(y2003.contains("<h1>Rating list 2003</h1>"));
    assert!(!y2003.contains("Ataxx"), "{y2003}");
    // Nobody was established at the end of 2003 in the sample: all provisional, with n/20.
    assert!(y2003.contains("/20</td>"));
    let y2004 = read(&out.path().join("archive/2004.html"));
    assert!(
        y2004.contains("<tr><td class=\"num\">1</td><td><a href=\"../players/"),
        "{y2004}"
    );
    assert!(!y2004.contains("class=\"inactive\""));
}

#[test]
fn search_index_is_folded_and_embedded_as_a_script() {
    let out = sample_site();
    let index = read(&out.path().join("search-index.js"));
    assert!(index.starts_with("window.RATINGBOOK_INDEX = ["));
    assert!(index.contains("{\"n\":\"Saarenpää Samuli\",\"k\":\"saarenpaa samuli saarenpaa-samuli\",\"h\":\"players/saarenpaa-samuli.html\",\"t\":\"p\",\"d\":\"Helsinki, FIN\"}"), "{index}");
    assert!(index.contains("\"h\":\"tournaments/helsinki-open-2003.html\""));
    for page in html_pages(out.path()) {
        let text = read(&page);
        assert!(
            text.contains("search-index.js\" defer></script>"),
            "{}",
            page.display()
        );
        assert!(text.contains("id=\"site-search\""), "{}", page.display());
    }
    let search = read(&out.path().join("search.html"));
    assert!(search.contains("data-key=\"saarenpaa samuli saarenpaa-samuli\""));
}

#[test]
fn markdown_pages_news_rules_and_structure() {
    let out = sample_site();
    let about = read(&out.path().join("pages/about.html"));
    assert!(about.contains("<h1>About</h1>"));
    assert!(about.contains("<h2>What you find here</h2>"), "{about}");
    assert!(about.contains("<strong>rating list</strong>"));
    let index = read(&out.path().join("index.html"));
    let newest = index.find("Ataxx engines join the rating book").unwrap();
    let older = index.find("Finnish Championship 2004 rated").unwrap();
    assert!(newest < older, "news newest first");
    assert!(index.contains("<time datetime=\"2003-09-25\">25 September 2003</time>"));
    assert!(index.contains("<li><a href=\"pages/about.html\">About</a></li>"));
    // Every Helsinki player last played in 2004, inactive on the 2026 list
    // (ratings.html): the club has no top active player.
    assert!(
        !index.contains("<li>Club <a href=\"lists/club-helsinki.html\">"),
        "{index}"
    );
    let rules = read(&out.path().join("rules.html"));
    assert!(rules.contains("K is 32 unless"), "{rules}");
    assert!(rules.contains("From a start-of-tournament rating of 2400 upwards, K is 24"));
    assert!(rules.contains("until they have 20 games"));
    assert!(rules.contains("in the 24 months before the list date"));
    assert!(
        rules.contains("Ratings follow the association"),
        "rules.md opens the page"
    );
    assert!(!out.path().join("pages/rules.html").exists());
    // No base_url: the sitemap protocol forbids relative addresses, so no sitemap.
    assert!(!out.path().join("sitemap.xml").exists());
    // The 404 page's links are relative to the site root, like every page's.
    let not_found = read(&out.path().join("404.html"));
    assert!(
        not_found.contains("href=\"static/style.css\""),
        "{not_found}"
    );
    assert!(not_found.contains("href=\"ratings.html\""), "{not_found}");
    for page in html_pages(out.path()) {
        let text = read(&page);
        assert!(
            !text.contains("href=\"/") && !text.contains("src=\"/"),
            "{}: a root-absolute link",
            page.display()
        );
    }
    assert!(out.path().join("static/favicon.svg").is_file());
    assert!(out.path().join("static/site.js").is_file());
    let tournament = read(&out.path().join("tournaments/helsinki-open-2003.html"));
    assert!(tournament.contains("<a href=\"helsinki-open-2003.csv\">crosstable CSV</a>"));
    assert!(tournament
        .contains("<a href=\"../ratingbook.sql\">SQL dump of the whole book for SQLite</a>"));
    assert!(!tournament.contains("PostgreSQL"));
    let downloads = read(&out.path().join("downloads.html"));
    assert!(downloads.contains("href=\"tournaments/helsinki-open-2003.csv\""));
    // Only SQLite is configured: one dump, labelled SQLite only.
    assert!(
        downloads.contains("<a href=\"ratingbook.sql\">Whole rating book for SQLite (SQL)</a>"),
        "{downloads}"
    );
    assert!(downloads.contains("loads into SQLite only"));
    assert!(
        !downloads.contains("PostgreSQL") && !downloads.contains("MariaDB"),
        "{downloads}"
    );
    assert_eq!(downloads.matches("Whole rating book for").count(), 1);
    // Page weight: no HTML page with the stylesheet and scripts over 100 KB.
    let assets: usize = ["static/style.css", "static/site.js", "search-index.js"]
        .iter()
        .map(|f| read(&out.path().join(f)).len())
        .sum();
    for page in html_pages(out.path()) {
        let size = read(&page).len() + assets;
        assert!(size < 100 * 1024, "{}: {size} bytes", page.display());
        let text = read(&page);
        assert!(!text.contains("http://") || text.contains("http://www.w3.org/2000/svg"));
        assert!(
            !text.contains("https://"),
            "{}: external reference",
            page.display()
        );
    }
}

#[test]
fn configuration_sets_language_base_url_and_rules() {
    let root = tempfile::tempdir().unwrap();
    common::copy_tree(&Path::new(REPO).join("data"), &root.path().join("data"));
    std::fs::write(
        root.path().join("ratingbook.toml"),
        "[site]\ntitle = \"Reittauskirja\"\nlanguage = \"fi\"\nbase_url = \"https://example.org/ratings\"\nchart_players = 2\n\n[rating]\nbase_k = 20\nhigh_k = 16\ninactive_after_months = 360\n\n[output]\nsql_dialects = [\"sqlite\", \"postgres\", \"mysql\"]\n",
    )
    .unwrap();
    let out = tempfile::tempdir().unwrap();
    let stderr = build(root.path(), out.path());
    assert!(!stderr.contains("sitemap"), "{stderr}");
    let index = read(&out.path().join("index.html"));
    assert!(index.contains("<html lang=\"fi\">"));
    assert!(
        index.contains("<time datetime=\"2026-03-15\">15.3.2026</time>"),
        "{index}"
    );
    assert!(
        index.contains("<link rel=\"canonical\" href=\"https://example.org/ratings/index.html\">")
    );
    let player = read(&out.path().join("players/saarenpaa-samuli.html"));
    assert!(player.contains("<link rel=\"canonical\" href=\"https://example.org/ratings/players/saarenpaa-samuli.html\">"));
    let sitemap = read(&out.path().join("sitemap.xml"));
    assert!(
        sitemap.contains("<loc>https://example.org/ratings/players/saarenpaa-samuli.html</loc>")
    );
    assert!(!sitemap.contains("404.html"));
    assert_eq!(
        sitemap.matches("<url>").count(),
        html_pages(out.path()).len() - 1
    );
    assert_eq!(
        sitemap.matches("<loc>https://example.org/ratings/").count(),
        sitemap.matches("<loc>").count(),
        "every address absolute"
    );
    let not_found = read(&out.path().join("404.html"));
    assert!(not_found.contains("href=\"https://example.org/ratings/static/style.css\""));
    // One file per dialect, each labelled with the database it loads into.
    let downloads = read(&out.path().join("downloads.html"));
    for (file, database) in [
        ("ratingbook.sql", "SQLite"),
        ("ratingbook.postgres.sql", "PostgreSQL"),
        ("ratingbook.mysql.sql", "MariaDB or MySQL"),
    ] {
        assert!(
            downloads.contains(&format!(
                "<a href=\"{file}\">Whole rating book for {database} (SQL)</a>"
            )),
            "{downloads}"
        );
        assert!(out.path().join(file).is_file(), "{file}");
    }
    assert!(read(&out.path().join("ratingbook.sql")).contains("PRAGMA foreign_keys"));
    let tournament = read(&out.path().join("tournaments/helsinki-open-2003.html"));
    assert!(tournament.contains(
        "<a href=\"../ratingbook.postgres.sql\">SQL dump of the whole book for PostgreSQL</a>"
    ));
    assert!(!read(&out.path().join("ratingbook.postgres.sql")).contains("PRAGMA"));
    // Everyone is active over 30 years: the club's leader is its list's rank 1.
    let club = read(&out.path().join("lists/club-helsinki.html"));
    let first = club
        .split("<td class=\"num\">1</td><td><a href=\"")
        .nth(1)
        .unwrap()
        .split("</a>")
        .next()
        .unwrap()
        .replace("../", "");
    assert!(
        index.contains(&format!(
            "<li>Club <a href=\"lists/club-helsinki.html\">Helsinki</a>: <a href=\"{first}</a>"
        )),
        "{first}: {index}"
    );
    let rules = read(&out.path().join("rules.html"));
    assert!(rules.contains("K is 20 unless"));
    assert!(rules.contains("K is 16 (never more"));
    assert!(rules.contains("in the 360 months before"));
    // A 30-year span: nobody is inactive, and the chart has two players.
    let list = read(&out.path().join("ratings.html"));
    assert!(!list.contains("class=\"inactive\""));
    assert_eq!(list.matches("class=\"legend s").count(), 2);
}

#[test]
fn a_broken_markdown_page_stops_the_build() {
    let root = tempfile::tempdir().unwrap();
    common::copy_tree(&Path::new(REPO).join("data"), &root.path().join("data"));
    std::fs::write(
        root.path().join("data/pages/broken.md"),
        "no front matter here\n",
    )
    .unwrap();
    let out = tempfile::tempdir().unwrap();
    let output = Command::new(common::binary())
        .args(["build", "--root"])
        .arg(root.path())
        .arg("--out")
        .arg(out.path())
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("broken.md"), "{stderr}");
    assert!(stderr.contains("front matter"), "{stderr}");
}

#[test]
fn the_list_as_of_the_last_date_is_the_current_list() {
    let loaded = ratingbook::load::load_repository(Path::new(REPO));
    let ratings = ratingbook::rating::rate(&loaded.dataset, &loaded.config.rating);
    let views =
        ratingbook::render::view::ViewBuilder::new(&loaded.dataset, &ratings, &loaded.config);
    let current = views.rating_list();
    let date = views.list_date().unwrap();
    let as_of = views.rating_list_as_of(date);
    let key = |l: &ratingbook::render::view::RatingListView| {
        (
            l.established
                .iter()
                .map(|r| {
                    (
                        r.id.clone(),
                        r.rating,
                        r.games,
                        r.last_played.clone(),
                        r.active,
                        r.rank,
                    )
                })
                .collect::<Vec<_>>(),
            l.provisional
                .iter()
                .map(|r| (r.player.href.clone(), r.progress.clone()))
                .collect::<Vec<_>>(),
        )
    };
    assert_eq!(key(&current), key(&as_of));
    assert!(!current.established.is_empty());
}
