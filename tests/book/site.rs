//! The published site's features on the sample data (issue 7): charts, player
//! statistics, head-to-head, filtered and archived lists, the search index,
//! Markdown pages, the rules page from the configuration, and site structure.

use crate::util;

use std::path::Path;
use std::process::Command;

const REPO: &str = env!("CARGO_MANIFEST_DIR");

use crate::util::build_site as build;

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn sample_site() -> util::OutputFolder {
    let out = util::output_folder();
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
    assert!(page.contains("role=\"figure\""));
    assert!(page.contains("<title>Saarenpää Samuli: Finnish Championship 2004, 2004-03-21: 2160 (first established rating)</title>"), "{page}");
    assert!(
        page.contains("<dt>Peak</dt><dd>2160 (March 21, 2004)</dd>"),
        "{page}"
    );
    assert!(
        page.contains("<dt>Lowest</dt><dd>2115 (September 19, 2004)</dd>"),
        "{page}"
    );
    assert!(
        page.contains("<dt>Score</dt><dd>20½ / 33 (62 %)</dd>"),
        "{page}"
    );
    // Performance per tournament: 7/7 against opponents averaging 2039 → 2039 + 0.5 × 850.
    assert!(
        page.contains("<td class=\"num opt\"><a class=\"rule-link\" href=\"../rules.html#rule-performance\" title=\"performance rating\">2464</a></td>"),
        "{page}"
    );
    // The last chart point is named in visible text (no hover on touch screens).
    assert!(page.contains(">2115 (September 19, 2004)</text>"), "{page}");
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
    // As of 2026 the 2003–2004 players are inactive: present, marked, hidden by CSS;
    // with them, every established member without a rated game since 2024-10-25.
    assert!(list.contains("<tr class=\"inactive\"><td class=\"num\"></td><td><a href=\"players/saarenpaa-samuli.html\">"), "{list}");
    assert!(list.contains("<a class=\"show-inactive\" href=\"#all\">Show 79 inactive players</a>"));
    // The front page links the list with the same count.
    let index = read(&out.path().join("index.html"));
    assert!(
        index.contains("(79 inactive players hidden by default)"),
        "{index}"
    );
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
    assert!(!y2003.contains("ataxx-depth"), "{y2003}");
    // Nobody was established at the end of 2003 in the sample: all provisional, with n/20.
    assert!(y2003.contains("/20</td>"));
    let y2004 = read(&out.path().join("archive/2004.html"));
    assert!(
        y2004.contains("<tr><td class=\"num\">1</td><td><a href=\"../players/"),
        "{y2004}"
    );
    assert!(!y2004.contains("class=\"inactive\""));
    assert!(y2004.contains("As of <time datetime=\"2004-12-31\">December 31, 2004</time>"));
    // The sample's latest results end on 25 October 2026: the 2026 list stands
    // at that day, as the current list does, not at a year's end to come.
    let y2026 = read(&out.path().join("archive/2026.html"));
    assert!(
        y2026.contains("As of <time datetime=\"2026-10-25\">October 25, 2026</time>"),
        "{y2026}"
    );
    assert!(!y2026.contains("2026-12-31"), "{y2026}");
    assert!(list.contains("As of <time datetime=\"2026-10-25\">October 25, 2026</time>"));
}

#[test]
fn search_index_is_folded_and_embedded_as_a_script() {
    let out = sample_site();
    let index = read(&out.path().join("search-index.js"));
    assert!(index.starts_with("window.RATINGBOOK_INDEX = ["));
    // A player is found by club and country too, and shown with the rating
    // the published list gives them.
    let csv = read(&out.path().join("ratings.csv"));
    let rating = csv
        .lines()
        .find(|l| l.contains(",saarenpaa-samuli,"))
        .and_then(|l| l.split(',').nth(7))
        .unwrap();
    let entry = format!("{{\"n\":\"Saarenpää Samuli\",\"k\":\"saarenpaa samuli saarenpaa-samuli helsinki fin\",\"h\":\"players/saarenpaa-samuli.html\",\"t\":\"p\",\"d\":\"Helsinki, FIN · rating {rating}\"}}");
    assert!(index.contains(&entry), "{entry}");
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
    assert!(search.contains("data-key=\"saarenpaa samuli saarenpaa-samuli helsinki fin\""));
}

#[test]
fn markdown_pages_news_rules_and_structure() {
    let out = sample_site();
    let about = read(&out.path().join("pages/about.html"));
    assert!(about.contains("<h1>About</h1>"));
    assert!(about.contains("<h2>What you find here</h2>"), "{about}");
    assert!(about.contains("<strong>rating list</strong>"));
    let index = read(&out.path().join("index.html"));
    let newest = index.find("Oulu Autumn Open 2026 rated").unwrap();
    let older = index.find("Ataxx engines join the rating book").unwrap();
    assert!(newest < older, "news newest first");
    assert!(index.contains("<time datetime=\"2026-10-29\">October 29, 2026</time>"));
    // The home page shows the five newest news items only.
    assert!(
        !index.contains("Finnish Championship 2004 rated"),
        "{index}"
    );
    assert!(index.contains("<li><a href=\"pages/about.html\">About</a></li>"));
    // The club's top active player: Saarenpää Samuli (2115) last played in
    // 2004, inactive on the 2026 list; Heikkinen Oliver (1836) played in 2026.
    assert!(
        index.contains("<li>Club <a href=\"lists/club-helsinki.html\">Helsinki</a>: <a href=\"players/heikkinen-oliver.html\">Heikkinen Oliver</a>"),
        "{index}"
    );
    let rules = read(&out.path().join("rules.html"));
    assert!(rules.contains("Base K = 32, unless"), "{rules}");
    assert!(rules.contains("From a rating of 2400 at the start of the tournament, K = 24"));
    assert!(rules.contains("until preset games plus rated games reach 20"));
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
    util::copy_tree(&Path::new(REPO).join("data"), &root.path().join("data"));
    std::fs::write(
        root.path().join("ratingbook.toml"),
        "[site]\ntitle = \"Reittauskirja\"\nlanguage = \"fi\"\nbase_url = \"https://example.org/ratings\"\nchart_players = 2\n\n[rating]\nbase_k = 20\nhigh_k = 16\ninactive_after_months = 360\n\n[output]\nsql_dialects = [\"sqlite\", \"postgres\", \"mysql\"]\n".to_string() + util::SAMPLE_POOLS,
    )
    .unwrap();
    let out = util::output_folder();
    let stderr = build(root.path(), out.path());
    assert!(!stderr.contains("sitemap"), "{stderr}");
    let index = read(&out.path().join("index.html"));
    assert!(index.contains("<html lang=\"fi\">"));
    assert!(
        index.contains("<time datetime=\"2026-10-25\">25. lokakuuta 2026</time>"),
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
        ("ratingbook.mysql.sql", "MariaDB / MySQL"),
    ] {
        assert!(
            downloads.contains(&format!(
                "<a href=\"{file}\">Koko vahvuuslukukirja tietokannalle {database} (SQL)</a>"
            )),
            "{downloads}"
        );
        assert!(out.path().join(file).is_file(), "{file}");
    }
    assert!(read(&out.path().join("ratingbook.sql")).contains("PRAGMA foreign_keys"));
    let tournament = read(&out.path().join("tournaments/helsinki-open-2003.html"));
    assert!(tournament.contains(
        "<a href=\"../ratingbook.postgres.sql\">koko kirjan SQL-vedos tietokannalle PostgreSQL</a>"
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
            "<li>Seura <a href=\"lists/club-helsinki.html\">Helsinki</a>: <a href=\"{first}</a>"
        )),
        "{first}: {index}"
    );
    let rules = read(&out.path().join("rules.html"));
    assert!(rules.contains("Perus-K = 20, ellei"), "{rules}");
    assert!(rules.contains("K = 16 (ei koskaan enempää"));
    // 20 and 16, each halved up to three times (the book: The rating rules as
    // implemented, K), with Finnish decimal commas, so the list's items are
    // separated by semicolons.
    assert!(
        rules.contains("Mahdolliset arvot ovat 20; 16; 10; 8; 5; 4; 2,5; 2."),
        "{rules}"
    );
    assert!(rules.contains("edeltävien 360 kuukauden aikana"));
    // A 30-year span: nobody is inactive, and the chart has two players.
    let list = read(&out.path().join("ratings.html"));
    assert!(!list.contains("class=\"inactive\""));
    assert_eq!(list.matches("class=\"legend s").count(), 2);
}

#[test]
fn a_broken_markdown_page_stops_the_build() {
    let root = tempfile::tempdir().unwrap();
    util::copy_tree(&Path::new(REPO).join("data"), &root.path().join("data"));
    std::fs::write(
        root.path().join("data/pages/broken.md"),
        "no front matter here\n",
    )
    .unwrap();
    let out = util::output_folder();
    let output = Command::new(util::binary())
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
                        r.id.to_string(),
                        r.rating,
                        r.games,
                        r.last_played,
                        r.active,
                        r.rank,
                    )
                })
                .collect::<Vec<_>>(),
            l.provisional
                .iter()
                .map(|r| (r.player.href().to_string(), r.progress.clone()))
                .collect::<Vec<_>>(),
        )
    };
    assert_eq!(key(&current), key(&as_of));
    assert!(!current.established.is_empty());
}

#[test]
fn a_list_as_of_a_date_is_that_date_in_the_lists_history() {
    let repository = util::generated_repository(600, 90, 5);
    let loaded = ratingbook::load::load_repository(repository.path());
    let ratings = ratingbook::rating::rate(&loaded.dataset, &loaded.config.rating);
    let views =
        ratingbook::render::view::ViewBuilder::new(&loaded.dataset, &ratings, &loaded.config);
    let history = views.list_history();
    // Each tournament's first and last day, the day before its start, and each year's end.
    let mut dates = std::collections::BTreeSet::new();
    for t in &loaded.dataset.tournaments {
        dates.insert(t.start);
        dates.insert(t.end);
        dates.insert(ratingbook::model::Date::new(t.start.year, 12, 31).unwrap());
        let before = if t.start.day > 1 {
            ratingbook::model::Date::new(t.start.year, t.start.month, t.start.day - 1)
        } else {
            ratingbook::model::Date::new(t.start.year - 1, 12, 31)
        };
        dates.insert(before.unwrap());
    }
    let mut sizes = std::collections::BTreeSet::new();
    for &date in &dates {
        let as_of = views.rating_list_as_of(date);
        let from_history = views.rating_list_from(&history, date);
        sizes.insert(as_of.row_count());
        assert_eq!(
            serde_json::to_string(&as_of).unwrap(),
            serde_json::to_string(&from_history).unwrap(),
            "the list as of {date}"
        );
    }
    assert!(sizes.len() > 20, "lists of only {} sizes", sizes.len());
}

/// What the maintainers wrote into the data (tournament and player names, notes)
/// may say anything; everything else on a published page is the rating book's own
/// wording and must not use project jargon or configuration ids.
fn maintainers_text() -> Vec<String> {
    let mut texts = Vec::new();
    for entry in walkdir::WalkDir::new(Path::new(REPO).join("data"))
        .into_iter()
        .map(Result::unwrap)
        .filter(|e| e.path().extension().is_some_and(|x| x == "toml"))
    {
        let value: toml::Value = toml::from_str(&read(entry.path())).unwrap();
        for key in ["name", "note", "city"] {
            if let Some(text) = value.get(key).and_then(|v| v.as_str()) {
                texts.push(text.to_string());
                // As the HTML pages escape it.
                texts.push(
                    text.replace('&', "&amp;")
                        .replace('\'', "&#39;")
                        .replace('"', "&quot;"),
                );
            }
        }
    }
    // Longest first, so that a name containing another is removed whole.
    texts.sort_by_key(|t| std::cmp::Reverse(t.len()));
    texts
}

#[test]
fn published_pages_use_no_project_jargon_or_tiebreak_ids() {
    let out = sample_site();
    let data = maintainers_text();
    let ids: Vec<String> = ratingbook::standings::TieBreak::all_ids()
        .into_iter()
        .filter(|id| id.contains('-'))
        .collect();
    assert!(ids.iter().any(|id| id == "bh-c1-virtual"), "{ids:?}");
    let mut pages = 0;
    for entry in walkdir::WalkDir::new(out.path())
        .into_iter()
        .map(Result::unwrap)
        .filter(|e| {
            e.path()
                .extension()
                .is_some_and(|x| x == "html" || x == "md")
        })
    {
        pages += 1;
        let mut text = read(entry.path());
        for t in &data {
            text = text.replace(t.as_str(), "");
        }
        let mut lower = text.to_lowercase();
        for t in &data {
            // The search index holds the names lower-cased.
            lower = lower.replace(t.to_lowercase().as_str(), "");
        }
        let path = entry.path().display();
        if let Some(at) = lower.find("seed") {
            let from = lower[..at]
                .char_indices()
                .rev()
                .nth(60)
                .map_or(0, |(i, _)| i);
            let excerpt: String = lower[from..].chars().take(90).collect();
            panic!("{path} says \"seed\": …{excerpt}…");
        }
        // Ids are lower case; the FIDE abbreviations in column heads (BH-C1) are not.
        for id in &ids {
            assert!(
                !text.contains(id.as_str()),
                "{path} shows the config id {id}"
            );
        }
    }
    assert!(pages > 50, "{pages} pages checked");
}

#[test]
fn rules_page_states_every_rule_with_its_anchor_and_numbers() {
    let out = sample_site();
    let rules = read(&out.path().join("rules.html"));
    for anchor in [
        "rule-opponents",
        "rule-membership-member",
        "rule-membership-rif",
        "rule-membership-other",
        "rule-not-rated",
        "rule-provisional",
        "rule-provisional-formula",
        "rule-performance",
        "rule-change",
        "rule-rounding",
        "rule-k-base",
        "rule-k-high",
        "rule-k-modified",
        "rule-k-rapid",
        "rule-k-international",
        "rule-we",
        "rule-activity",
    ] {
        assert!(
            rules.contains(&format!("id=\"{anchor}\"")),
            "{anchor}: {rules}"
        );
    }
    // The spec's K values with base 32 and 24 from 2400.
    assert!(
        rules.contains("The possible values are 32, 24, 16, 12, 8, 6, 4, 3;"),
        "{rules}"
    );
    assert!(rules.contains("(W<sub>c</sub> − 0.5) × 850"));
    assert!(rules.contains("at most 425 points from"));
    // rif games count; the old page said games against outsiders were not rated.
    assert!(
        rules.contains("games against them count for our members at their international rating")
    );
    assert!(!rules.contains("players outside the association"));
    // The spec's table: first, a middle and the last bands.
    assert!(
        rules.contains("<tr><td>0–3</td><td class=\"num\">.50</td><td class=\"num\">.50</td></tr>"),
        "{rules}"
    );
    assert!(rules
        .contains("<tr><td>485–517</td><td class=\"num\">.96</td><td class=\"num\">.04</td></tr>"));
    assert!(
        rules.contains(
            "<tr><td>&gt; 735</td><td class=\"num\">1.00</td><td class=\"num\">.00</td></tr>"
        ),
        "{rules}"
    );
    assert!(rules.contains("a half is rounded away from zero"));
}

fn player_view(d: &ratingbook::model::Dataset, id: &str) -> ratingbook::render::view::PlayerView {
    let config = ratingbook::config::Config::default();
    let r = ratingbook::rating::rate(d, &config.rating);
    ratingbook::render::view::ViewBuilder::new(d, &r, &config).player(d.player_index(id).unwrap())
}

/// The spec's worked example 1 on the player page: Rc = 2000, Wc = 11/20,
/// Rp = 2042.5 → 2043, over 20 games of which 15 preset.
#[test]
fn player_page_works_out_the_first_rating() {
    let mut book = util::Book::worked_example_1();
    let view = player_view(&book.finish(), "p");
    let row = view.history.last().unwrap();
    assert_eq!(
        row.working,
        "2043 = round(2000 + (11 / 20 − 0.5) × 850) = round(2042.5)"
    );
    assert!(
        row.working_terms
            .starts_with("n = 20 games, 15 of them preset games at 2000; Rc = 2000"),
        "{}",
        row.working_terms
    );
    assert!(
        row.working_terms.contains("Wc = 11 / 20 = 0.55"),
        "{}",
        row.working_terms
    );
    // Only the completing tournament shows the working.
    assert_eq!(
        view.history
            .iter()
            .filter(|r| !r.working.is_empty())
            .count(),
        1
    );
}

/// The spec's worked examples 2 and 3: the sum before rounding, and how each K came about.
#[test]
fn player_page_shows_the_sum_and_each_k_step() {
    let view = player_view(&util::Book::worked_example_3().finish(), "a");
    let row = view.history.last().unwrap();
    // 32 × 0.64 + 16 × (0.5 − 0.64) = 20.48 − 2.24 = 18.24 → +18.
    assert_eq!((row.sum.as_str(), row.change.as_str()), ("+18.24", "+18"));
    let reasons: Vec<&str> = view.games[..2]
        .iter()
        .map(|g| g.k_reason.as_str())
        .collect();
    assert_eq!(
        reasons,
        [
            "32 (base K)",
            "32 (base K) → 16 (opponent at an international rating)"
        ]
    );

    let mut book = util::Book::new();
    book.established("high", 2475);
    book.established("low", 1959);
    book.tournament_with(&[("high", &["2 1"]), ("low", &["1 0"])], |t| {
        t.time_control = ratingbook::model::TimeControl::Rapid;
        t.rules = ratingbook::model::Rules::Modified;
    });
    let view = player_view(&book.finish(), "high");
    assert_eq!(
        view.games[0].k_reason,
        "32 (base K) → 24 (rating ≥ 2400) → 12 (modified rules) → 6 (rapid)"
    );
    // 6 × (1 − 0.96) = 0.24, rounded to 0.
    assert_eq!(view.history.last().unwrap().sum, "+0.24");
}

#[test]
fn abbreviations_are_explained_and_link_to_their_rules() {
    let out = sample_site();
    let player = read(&out.path().join("players/saarenpaa-samuli.html"));
    for (term, anchor) in [
        ("ΣWe", "rule-we"),
        ("Perf.", "rule-performance"),
        ("K", "rule-k"),
        ("Σ", "rule-change"),
        ("Δ", "rule-rounding"),
        ("We", "rule-we"),
        ("K×(W−We)", "rule-change"),
    ] {
        let dt = format!("<a href=\"../rules.html#{anchor}\">{term}</a></dt>");
        assert!(player.contains(&dt), "{dt}: {player}");
    }
    // A legend explains a column where the column is shown: the entries of
    // the columns a phone hides (`opt`) are hidden with them.
    for (table, legend) in [
        ("sortable history", "history-legend"),
        ("sortable\">", "games-legend"),
    ] {
        let head = &player[player.find(table).unwrap()..];
        let head = &head[..head.find("</thead>").unwrap()];
        let legend = &player[player.find(&format!("id=\"{legend}\"")).unwrap()..];
        let legend = &legend[..legend.find("</dl>").unwrap()];
        for entry in legend.split("<dt").skip(1) {
            let term = entry.split("</a></dt>").next().unwrap();
            let term = &term[term.rfind('>').unwrap() + 1..];
            let Some(th) = head
                .split("<th ")
                .find(|th| th.contains(&format!(">{term}</th>")))
            else {
                continue;
            };
            assert_eq!(
                th.contains("opt"),
                entry.starts_with(" class=\"opt\""),
                "{legend}: {term}"
            );
        }
    }
    assert!(
        player.contains("First rating</a>: <span class=\"formula\">2160 = round("),
        "{player}"
    );
    let tournament = read(&out.path().join("tournaments/helsinki-open-2004.html"));
    assert!(tournament.contains("id=\"changes-legend\""), "{tournament}");
    assert!(tournament.contains("<dt><a href=\"../rules.html#rule-k\">K</a></dt>"));
    let rules = read(&out.path().join("rules.html"));
    for anchor in [
        "rule-we",
        "rule-performance",
        "rule-k",
        "rule-change",
        "rule-rounding",
        "rule-opponents",
    ] {
        assert!(rules.contains(&format!("id=\"{anchor}\"")), "{anchor}");
    }
}

/// Movement since the previous list (the year-end list of the year before the
/// list date), worked by hand from the sample data: the list is dated
/// 2026-10-25, so the previous list is that of 2025-12-31. Saarenpää Samuli
/// and Ikonen Jussi last played in 2004: on the end-of-2004 list at 2115 and
/// 2020, on the end-of-2025 list at the same ratings, both inactive (no rank)
/// as they are now: change 0, no rank change.
/// The Ataxx engines' first event is 2026-01-01: not on it, so `new`.
#[test]
fn rating_lists_show_the_movement_since_the_previous_list() {
    let repo = tempfile::tempdir().unwrap();
    util::sample_with_engines_in_association_list(repo.path());
    let out = util::output_folder();
    build(repo.path(), out.path());
    let archive = read(&out.path().join("archive/2004.html"));
    assert!(archive.contains(
        r#"<a href="../players/saarenpaa-samuli.html">Saarenpää Samuli</a></td><td class="opt">Helsinki</td><td class="opt">FIN</td><td class="num">2115</td>"#
    ));
    assert!(archive
        .contains(r#"Ikonen Jussi</a></td><td class="opt">Tampere</td><td class="opt">FIN</td><td class="num">2020</td>"#));
    assert!(!archive.contains("ataxx-depth-4"));

    let page = read(&out.path().join("ratings.html"));
    assert!(page.contains(r#"since the list of <time datetime="2025-12-31">"#));
    assert!(page.contains(
        r#"Saarenpää Samuli</a></td><td class="opt">Helsinki</td><td class="opt">FIN</td><td class="num">2115</td><td class="num change opt">0</td><td class="num change opt"></td>"#
    ));
    assert!(page.contains(
        r#"Ikonen Jussi</a></td><td class="opt">Tampere</td><td class="opt">FIN</td><td class="num">2020</td><td class="num change opt">0</td><td class="num change opt"></td>"#
    ));
    assert!(page.contains(
        r#"<td class="num">1</td><td><a href="players/ataxx-depth-4.html">Ataxx depth 4</a></td><td class="opt"></td><td class="opt"></td><td class="num">1997</td><td class="num change opt">new</td><td class="num change opt">new</td>"#
    ));
    // Per-club lists compare with the same club's previous list and show the dates.
    let club = read(&out.path().join("lists/club-helsinki.html"));
    assert!(club.contains(r#"As of <time datetime="2026-10-25">"#));
    assert!(club.contains(r#"since the list of <time datetime="2025-12-31">"#));
    assert!(club.contains(
        r#"<td class="num">2115</td><td class="num change opt">0</td><td class="num change opt"></td>"#
    ));
    let markdown = read(&out.path().join("ratings.md"));
    assert!(markdown.contains("As of 2026-10-25."));
    assert!(markdown.contains("Changes are since the list of 2025-12-31"));
    assert!(markdown.contains("| 1 | Ataxx depth 4 |  | 1997 | new | new | 30 |"));
    assert!(markdown.contains("| Saarenpää Samuli | Helsinki | 2115 | 0 |  | 33 |"));
    let csv = read(&out.path().join("ratings.csv"));
    assert!(csv.lines().next().unwrap().ends_with(
        "list_date,rank,id,name,club,country,membership,rating,games,last_played,active,previous_list_date,rating_change,rank_change"
    ));
    assert!(csv.contains("2026-10-25,,saarenpaa-samuli,Saarenpää Samuli,Helsinki,FIN,member,2115,33,2004-09-19,false,2025-12-31,0,\n"));
    assert!(csv.contains("2026-10-25,1,ataxx-depth-4,Ataxx depth 4,,,member,1997,30,2026-01-01,true,2025-12-31,new,new\n"));
}

/// Category lists (junior, senior, women) are built only when configured,
/// and then ranked within the category from the same list.
#[test]
fn category_lists_only_when_configured() {
    let sample = sample_site();
    assert!(!sample.path().join("lists/junior.html").exists());
    assert!(!read(&sample.path().join("ratings.html")).contains("Category"));

    let repo = tempfile::tempdir().unwrap();
    util::sample_with_engines_in_association_list(repo.path());
    let config = read(&Path::new(REPO).join("ratingbook.toml"))
        .replace("[site]", "[site]\npublish_personal_data = true")
        + "\n[lists]\ncategories = [\"junior\", \"senior\", \"women\"]\n";
    util::write(repo.path(), "ratingbook.toml", &config);
    util::edit(
        repo.path(),
        "data/players/ataxx-depth-1.toml",
        "membership = \"member\"",
        "membership = \"member\"\nbirth_year = 2010",
    );
    util::edit(
        repo.path(),
        "data/players/ataxx-depth-2.toml",
        "membership = \"member\"",
        "membership = \"member\"\nbirth_year = 1950\nsex = \"w\"",
    );
    let out = repo.path().join("site");
    build(repo.path(), &out);
    // The list is dated 2026: born 2010 is 16 (junior), born 1950 is 76 (senior).
    let junior = read(&out.join("lists/junior.html"));
    assert!(junior.contains(
        r#"<tr><td class="num">1</td><td><a href="../players/ataxx-depth-1.html">Ataxx depth 1</a>"#
    ));
    assert!(!junior.contains("ataxx-depth-2"));
    let senior = read(&out.join("lists/senior.html"));
    assert!(senior.contains(
        r#"<tr><td class="num">1</td><td><a href="../players/ataxx-depth-2.html">Ataxx depth 2</a>"#
    ));
    let women = read(&out.join("lists/women.html"));
    assert!(women.contains(r#"<td class="num">1</td><td><a href="../players/ataxx-depth-2.html">"#));
    assert!(!women.contains("ataxx-depth-1"));
    assert!(read(&out.join("ratings.html")).contains(r#"href="lists/junior.html""#));
}

/// `diff` ranks players without making the list's rows: the same ranks as
/// the published list, on the sample data and on a generated federation
/// with inactive players and tied ratings.
#[test]
fn ranks_without_rows_are_the_published_lists_ranks() {
    let generated = util::generated_repository(400, 80, 3);
    // Players idle for three months count as inactive: many unranked rows.
    let config = generated.path().join("ratingbook.toml");
    let text = std::fs::read_to_string(&config).unwrap();
    std::fs::write(&config, text + "\n[rating]\ninactive_after_months = 3\n").unwrap();
    for root in [Path::new(REPO), generated.path()] {
        let loaded = ratingbook::load::load_repository(root);
        let ratings = ratingbook::rating::rate(&loaded.dataset, &loaded.config.rating);
        let views =
            ratingbook::render::view::ViewBuilder::new(&loaded.dataset, &ratings, &loaded.config);
        let list = views.rating_list();
        let mut published = vec![None; loaded.dataset.players.len()];
        for row in &list.established {
            published[row.player_index()] = row.rank;
        }
        if root == generated.path() {
            assert!(
                list.inactive > 0,
                "some inactive: {} of {}",
                list.inactive,
                list.established.len()
            );
            assert!(published.iter().flatten().count() > 100, "many ranked");
        }
        assert_eq!(views.current_ranks(), published, "{}", root.display());
    }
}
