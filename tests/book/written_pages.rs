//! Player, rating list and tournament pages are written without the template engine
//! while their templates are the built-in ones. These tests build each
//! repository twice: as it is, and with the page's template differing from
//! the built-in one only by a comment, which the template engine renders.
//! The two sites must come out byte for byte the same, every file of them.

use crate::util;

use std::path::Path;

/// The player page's template.
const PLAYER: &str = "html/player.html";
/// The rating list's template.
const RATING_LIST: &str = "html/ratings.html";
/// The tournament page's template.
const TOURNAMENT: &str = "html/tournament.html";
/// The whole rating list in Markdown.
const RATINGS_MARKDOWN: &str = "md/ratings.md";

/// The built-in `template` with a comment added before its last line
/// break: the same pages, but no longer the built-in text.
fn engine_rendered_template(root: &Path, template: &str) {
    let file = format!("templates/{template}");
    let built_in =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(&file)).unwrap();
    let text = built_in.strip_suffix('\n').unwrap_or(&built_in);
    util::write(
        root,
        &file,
        &format!("{text}{{# rendered by the template engine #}}\n"),
    );
}

/// Builds `repository` both ways for `template` and compares every file;
/// returns the HTML pages whose paths start with one of `prefixes`, for the
/// callers' checks that the cases they cover are there.
fn pages_both_ways(repository: &Path, template: &str, prefixes: &[&str]) -> Vec<String> {
    let written = sites_both_ways(repository, template);
    let pages: Vec<String> = written
        .iter()
        .filter(|(file, _)| prefixes.iter().any(|p| file.starts_with(p)))
        .filter(|(file, _)| file.ends_with(".html"))
        .map(|(_, bytes)| String::from_utf8(bytes.clone()).unwrap())
        .collect();
    assert!(pages.len() > 1, "no pages under {prefixes:?}");
    pages
}

/// Builds `repository` both ways for `template`, compares every file and
/// returns the site's files.
fn sites_both_ways(
    repository: &Path,
    template: &str,
) -> std::collections::BTreeMap<String, Vec<u8>> {
    let written = util::output_folder();
    util::build_site(repository, written.path());
    let rendered_repository = tempfile::tempdir().unwrap();
    util::copy_tree(repository, rendered_repository.path());
    engine_rendered_template(rendered_repository.path(), template);
    let rendered = util::output_folder();
    util::build_site(rendered_repository.path(), rendered.path());

    let written = util::site_files(written.path());
    let rendered = util::site_files(rendered.path());
    assert_eq!(
        written.keys().collect::<Vec<_>>(),
        rendered.keys().collect::<Vec<_>>(),
        "the two builds made different files"
    );
    for (file, bytes) in &written {
        let reference = &rendered[file];
        assert!(
            bytes == reference,
            "{file} differs from the template's rendering:\n{}",
            first_difference(
                &String::from_utf8_lossy(bytes),
                &String::from_utf8_lossy(reference)
            )
        );
    }
    written
}

/// Asserts that some page of `pages` shows `text`.
fn some(pages: &[String], text: &str) {
    assert!(
        pages.iter().any(|page| page.contains(text)),
        "no page shows {text:?}"
    )
}

/// The first line where `page` and `reference` differ, both ways.
fn first_difference(page: &str, reference: &str) -> String {
    let line = page
        .lines()
        .zip(reference.lines())
        .position(|(a, b)| a != b)
        .unwrap_or_else(|| page.lines().count().min(reference.lines().count()));
    format!(
        "line {}:\n written: {:?}\nrendered: {:?}",
        line + 1,
        page.lines().nth(line),
        reference.lines().nth(line)
    )
}

/// The sample data with a site address (canonical links), a page in the
/// navigation, and tournaments moved into further lists of every system.
fn sample_with_every_kind_of_list() -> tempfile::TempDir {
    let repository = util::sample_repository();
    let root = repository.path();
    util::edit(
        root,
        "ratingbook.toml",
        "[site]\n",
        "[site]\nbase_url = \"https://ratings.example.org/\"\n",
    );
    let config = std::fs::read_to_string(root.join("ratingbook.toml")).unwrap()
        + "\n[pools.classic]\ntitle = \"Classic <FIDE>\"\nsystem = \"fide\"\n\
           \n[pools.history]\ntitle = \"Whole history\"\nsystem = \"whr\"\n\
           \n[pools.go]\ntitle = \"Go & more\"\nsystem = \"egd\"\n\
           \n[pools.club]\ntitle = \"Club list\"\nsystem = \"association\"\n";
    util::write(root, "ratingbook.toml", &config);
    util::write(
        root,
        "data/pages/questions.md",
        "---\ntitle: Q&A <\"us\">\n---\n\nThe association.\n",
    );
    // A handicap game: black received 2 stones.
    let crosstable = "data/tournaments/2004/tampere-rapid-2004.csv";
    util::edit(
        root,
        crosstable,
        "saarenpaa-samuli,,6 w 0,",
        "saarenpaa-samuli,,6 w 0 h2,",
    );
    util::edit(
        root,
        crosstable,
        "grahn-johan,,1 b 1,",
        "grahn-johan,,1 b 1 h2,",
    );
    for (tournament, pool) in [
        ("2003/helsinki-open-2003", "classic"),
        ("2003/kaikki-kaikkia-vastaan", "history"),
        ("2004/tampere-rapid-2004", "go"),
        ("2004/helsinki-open-2004", "club"),
    ] {
        let file = format!("data/tournaments/{tournament}.toml");
        let metadata = std::fs::read_to_string(root.join(&file)).unwrap();
        util::write(root, &file, &format!("{metadata}pool = \"{pool}\"\n"));
    }
    repository
}

#[test]
fn the_sample_player_pages_as_bundled_and_with_every_kind_of_list() {
    let bundled = util::sample_repository();
    let with_lists = sample_with_every_kind_of_list();
    let mut pages = pages_both_ways(bundled.path(), PLAYER, &["players/"]);
    pages.extend(pages_both_ways(with_lists.path(), PLAYER, &["players/"]));
    let some = |text: &str| some(&pages, text);
    // The cases the comparison has to cover.
    some("<link rel=\"canonical\" href=\"https://ratings.example.org/players/");
    some(">Q&amp;A &lt;&quot;us&quot;&gt;</a></li>");
    some("provisional, ");
    some("<figure class=\"chart-figure\">");
    some("<div class=\"working\">");
    some("Best wins");
    some("Head to head");
    some("<span class=\"note\">(");
    some("<h2 id=\"pool-classic-heading\">Classic &lt;FIDE&gt;</h2>");
    some("Diff.</th>");
    some("Whole-History Rating has no K factor.");
    some("Go &amp; more");
    some("Club list");
    some("<abbr title=\"rating deviation");
    some("<abbr title=\"uncertainty");
    some("Ataxx engines");
}

#[test]
fn a_generated_federations_player_pages() {
    let repository = util::generated_repository(400, 60, 7);
    let pages = pages_both_ways(repository.path(), PLAYER, &["players/"]);
    assert_eq!(pages.len(), 400);
    assert!(pages
        .iter()
        .any(|page| page.contains("id=\"games-legend\"")));
}

#[test]
fn the_sample_rating_lists_as_bundled_and_with_every_kind_of_list() {
    let bundled = util::sample_repository();
    let with_lists = sample_with_every_kind_of_list();
    let lists = ["ratings", "lists/", "archive/"];
    let mut pages = pages_both_ways(bundled.path(), RATING_LIST, &lists);
    pages.extend(pages_both_ways(with_lists.path(), RATING_LIST, &lists));
    let some = |text: &str| some(&pages, text);
    // The cases the comparison has to cover.
    some("<link rel=\"canonical\" href=\"https://ratings.example.org/ratings.html\">");
    some(">Q&amp;A &lt;&quot;us&quot;&gt;</a></li>");
    some("<a href=\"../ratings.html\">Rating list</a> › Club: ");
    some("<figure class=\"chart-figure\">");
    some("<td class=\"num change opt\">0</td>");
    some(" aria-current=\"page\">");
    some("<tr class=\"inactive\">");
    some("inactive players</a>");
    some("<h2 id=\"provisional-heading\">Provisional</h2>\n\n<p>No published rating");
    some("<p>No provisional members.</p>");
    some("<th scope=\"col\" class=\"num\">International rating</th>");
    some("<p>No international players.</p>");
    some("<p>No established ratings.</p>");
    some(" · <a href=\"ratings.md\">as Markdown</a>");
}

#[test]
fn a_generated_federations_rating_lists_over_several_pages() {
    let repository = util::generated_repository(1000, 120, 11);
    let pages = pages_both_ways(repository.path(), RATING_LIST, &["ratings", "archive/"]);
    let some = |text: &str| some(&pages, text);
    some("<nav aria-label=\"Pages\" class=\"pagination\"><p>Page 2 of ");
    some("<nav aria-label=\"Pages, end of list\" class=\"pagination\">");
    some(" rel=\"next\">");
    some(" rel=\"prev\">");
    some("<span aria-current=\"page\">3</span>");
    some("<td class=\"num change opt\">new</td>");
}

#[test]
fn the_whole_rating_list_in_markdown_bundled_with_every_kind_of_list_and_generated() {
    let bundled = util::sample_repository();
    let with_lists = sample_with_every_kind_of_list();
    // Markdown's and HTML's own characters in a club's name, escaped both ways alike.
    util::edit(
        bundled.path(),
        "data/players/grahn-johan.toml",
        "club = \"Helsinki\"",
        "club = \"Renju | *Club* <b> & [x]_\"",
    );
    let generated = util::generated_repository(1000, 120, 11);
    let mut lists = Vec::new();
    for repository in [&bundled, &with_lists, &generated] {
        let site = sites_both_ways(repository.path(), RATINGS_MARKDOWN);
        lists.push(String::from_utf8(site["ratings.md"].clone()).unwrap());
    }
    let some = |text: &str| some(&lists, text);
    // The cases the comparison has to cover.
    some("Renju \\| \\*Club\\* &lt;b&gt; &amp; \\[x\\]\\_");
    some(" Changes are since the list of ");
    some(" | new | new | ");
    some(" | inactive |\n");
    some("\n|  | ");
    some("## Provisional\n\n| Player | Club | Games |\n|---|---|---:|\n| ");
    some("| Player | Country | International rating |\n|---|---|---:|\n| ");
}

#[test]
fn the_sample_tournament_pages_as_bundled_and_with_every_kind_of_list() {
    let bundled = util::sample_repository();
    let with_lists = sample_with_every_kind_of_list();
    let mut pages = pages_both_ways(bundled.path(), TOURNAMENT, &["tournaments/"]);
    pages.extend(pages_both_ways(
        with_lists.path(),
        TOURNAMENT,
        &["tournaments/"],
    ));
    let some = |text: &str| some(&pages, text);
    // The cases the comparison has to cover.
    some("<link rel=\"canonical\" href=\"https://ratings.example.org/tournaments/");
    some("<p class=\"notice\">Illustrative sample");
    some("<dt>City</dt><dd>");
    some("<dd>not rated</dd>");
    some("<dd>rated, base K ");
    some("\">FIDE TRF</a> · <a href=\"");
    some("\">SQL dump of the whole book for ");
    some("<th scope=\"col\" class=\"num\"><abbr title=\"");
    some("<h2 id=\"changes-heading\">Rating changes</h2>");
    some("<a class=\"rule-link\" href=\"../rules.html#rule-k\" title=\"K factor\">");
    some("<h2 id=\"changes-heading\">Rating changes in the Classic &lt;FIDE&gt; list</h2>");
    some("<p>Rated on the list of ");
    some("#pool-go\">");
    some("the rating change, by ");
    some(" “h3” after a result: a handicap game, black received 3 stones.");
    some(" <small class=\"handicap\" title=\"handicap stones received by black\">");
}

#[test]
fn a_generated_federations_tournament_pages() {
    let repository = util::generated_repository(400, 60, 7);
    let pages = pages_both_ways(repository.path(), TOURNAMENT, &["tournaments/"]);
    let some = |text: &str| some(&pages, text);
    some("<td class=\"num cell\"><sub>");
    some("<h2 id=\"changes-heading\">Rating changes</h2>");
}
