//! Player and tournament pages are written without the template engine
//! while their templates are the built-in ones. These tests build each
//! repository twice: as it is, and with player and tournament templates
//! whose text differs from the built-in ones only by a comment, which the
//! template engine renders. Every such page must come out byte for byte the
//! same.

mod common;

use std::path::Path;

/// The pages compared, by folder and template.
const PAGES: [(&str, &str); 2] = [
    ("players", "templates/html/player.html"),
    ("tournaments", "templates/html/tournament.html"),
];

/// The built-in templates with a comment added: the same pages, but no
/// longer the built-in text.
fn engine_rendered_templates(root: &Path) {
    for (_, template) in PAGES {
        let built_in =
            std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(template)).unwrap();
        common::write(
            root,
            template,
            &format!("{built_in}{{# rendered by the template engine #}}\n"),
        );
    }
}

/// Builds `repository` both ways and compares every player and tournament
/// page; returns the pages, for the callers' checks that the cases they
/// cover are there.
fn pages_both_ways(repository: &Path) -> Vec<String> {
    let written = tempfile::tempdir().unwrap();
    common::build_site(repository, written.path());
    let rendered_repository = tempfile::tempdir().unwrap();
    common::copy_tree(repository, rendered_repository.path());
    engine_rendered_templates(rendered_repository.path());
    let rendered = tempfile::tempdir().unwrap();
    common::build_site(rendered_repository.path(), rendered.path());

    let mut pages = Vec::new();
    for (folder, _) in PAGES {
        let mut names: Vec<_> = std::fs::read_dir(written.path().join(folder))
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".html") && name != "index.html")
            .collect();
        names.sort();
        assert!(names.len() > 1, "no {folder} pages were built");
        for name in names {
            let file = Path::new(folder).join(&name);
            let page = std::fs::read_to_string(written.path().join(&file)).unwrap();
            let reference = std::fs::read_to_string(rendered.path().join(&file)).unwrap();
            assert!(
                page == reference,
                "{} differs from the template's rendering:\n{}",
                file.display(),
                first_difference(&page, &reference)
            );
            pages.push(page);
        }
    }
    pages
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
    let repository = common::sample_repository();
    let root = repository.path();
    common::edit(
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
    common::write(root, "ratingbook.toml", &config);
    common::write(
        root,
        "data/pages/questions.md",
        "---\ntitle: Q&A <\"us\">\n---\n\nThe association.\n",
    );
    // A handicap game, with stones and a note that needs escaping.
    common::edit(
        root,
        "data/tournaments/2004/tampere-rapid-2004.csv",
        "1,saarenpaa-samuli,,6 w 0,",
        "1,saarenpaa-samuli,,6 w 0 h3,",
    );
    common::edit(
        root,
        "data/tournaments/2004/tampere-rapid-2004.csv",
        "6,grahn-johan,,1 b 1,",
        "6,grahn-johan,,1 b 1 h3,",
    );
    common::edit(
        root,
        "data/tournaments/2004/tampere-rapid-2004.toml",
        "city = \"Tampere\"\n",
        "city = \"Tampere\"\nnote = \"Played at <Café> & \\\"friends\\\"\"\n",
    );
    for (tournament, pool) in [
        ("2003/helsinki-open-2003", "classic"),
        ("2003/kaikki-kaikkia-vastaan", "history"),
        ("2004/tampere-rapid-2004", "go"),
        ("2004/helsinki-open-2004", "club"),
    ] {
        let file = format!("data/tournaments/{tournament}.toml");
        let metadata = std::fs::read_to_string(root.join(&file)).unwrap();
        common::write(root, &file, &format!("{metadata}pool = \"{pool}\"\n"));
    }
    repository
}

/// The sample data with the Markdown report and two SQL dumps as the
/// tournaments' downloads, but no crosstable files.
fn sample_without_crosstable_files() -> tempfile::TempDir {
    let repository = common::sample_repository();
    let config = std::fs::read_to_string(repository.path().join("ratingbook.toml")).unwrap()
        + "\n[output]\ncsv = false\nsql_dialects = [\"sqlite\", \"postgres\"]\n";
    common::write(repository.path(), "ratingbook.toml", &config);
    repository
}

#[test]
fn the_sample_pages_as_bundled_with_every_kind_of_list_and_without_crosstable_files() {
    let bundled = common::sample_repository();
    let with_lists = sample_with_every_kind_of_list();
    let no_crosstables = sample_without_crosstable_files();
    let mut pages = pages_both_ways(bundled.path());
    pages.extend(pages_both_ways(with_lists.path()));
    let no_crosstable_pages = pages_both_ways(no_crosstables.path());
    assert!(no_crosstable_pages.iter().any(|page| page.contains(
        ".md\">Markdown report</a> · <a href=\"../ratingbook.sql\">SQL dump of the whole book for SQLite</a> · <a href=\"../ratingbook.postgres.sql\">"
    )));
    assert!(no_crosstable_pages
        .iter()
        .all(|page| !page.contains("crosstable CSV")));
    pages.extend(no_crosstable_pages);
    let some = |text: &str| {
        assert!(
            pages.iter().any(|page| page.contains(text)),
            "no page shows {text:?}"
        )
    };
    // The cases the comparison has to cover: on player pages,
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
    // and on tournament pages.
    some("<link rel=\"canonical\" href=\"https://ratings.example.org/tournaments/");
    some("<p class=\"notice\">Illustrative sample");
    some("<p>Played at &lt;Café&gt; &amp; &quot;friends&quot;</p>");
    some("<dt>Rating</dt><dd>not rated</dd>");
    some("<dt>City</dt><dd>Tampere</dd>");
    some("“h3” after a result");
    some("<small class=\"handicap\"");
    some("<th scope=\"col\" class=\"num\"><abbr title=\"");
    some("<h2 id=\"changes-heading\">Rating changes</h2>");
    some("<h2 id=\"changes-heading\">Rating changes in the Classic &lt;FIDE&gt; list</h2>");
    some("<p>Rated on the list of ");
    some("Markdown report</a> · <a href=\"../ratingbook.sql\">");
}

#[test]
fn a_generated_federations_pages() {
    let repository = common::generated_repository(400, 60, 7);
    let pages = pages_both_ways(repository.path());
    assert_eq!(pages.len(), 400 + 60);
    assert!(pages
        .iter()
        .any(|page| page.contains("id=\"games-legend\"")));
}
