//! Player pages are written without the template engine while their
//! templates are the built-in ones. These tests build each repository
//! twice: as it is, and with a player template whose text differs from the
//! built-in one only by a comment, which the template engine renders. Every
//! player page must come out byte for byte the same.

mod common;

use std::path::Path;

/// The built-in player template with a comment added: the same pages, but
/// no longer the built-in text.
fn engine_rendered_template(root: &Path) {
    let template = "templates/html/player.html";
    let built_in =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(template)).unwrap();
    common::write(
        root,
        template,
        &format!("{built_in}{{# rendered by the template engine #}}\n"),
    );
}

/// Builds `repository` both ways and compares every player page; returns
/// the pages, for the callers' checks that the cases they cover are there.
fn pages_both_ways(repository: &Path) -> Vec<String> {
    let written = tempfile::tempdir().unwrap();
    common::build_site(repository, written.path());
    let rendered_repository = tempfile::tempdir().unwrap();
    common::copy_tree(repository, rendered_repository.path());
    engine_rendered_template(rendered_repository.path());
    let rendered = tempfile::tempdir().unwrap();
    common::build_site(rendered_repository.path(), rendered.path());

    let mut names: Vec<_> = std::fs::read_dir(written.path().join("players"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .collect();
    names.sort();
    assert!(names.len() > 1, "no player pages were built");
    names
        .iter()
        .map(|name| {
            let file = Path::new("players").join(name);
            let page = std::fs::read_to_string(written.path().join(&file)).unwrap();
            let reference = std::fs::read_to_string(rendered.path().join(&file)).unwrap();
            assert!(
                page == reference,
                "{} differs from the template's rendering:\n{}",
                file.display(),
                first_difference(&page, &reference)
            );
            page
        })
        .collect()
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

#[test]
fn the_sample_player_pages_as_bundled_and_with_every_kind_of_list() {
    let bundled = common::sample_repository();
    let with_lists = sample_with_every_kind_of_list();
    let mut pages = pages_both_ways(bundled.path());
    pages.extend(pages_both_ways(with_lists.path()));
    let some = |text: &str| {
        assert!(
            pages.iter().any(|page| page.contains(text)),
            "no player page shows {text:?}"
        )
    };
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
    let repository = common::generated_repository(400, 60, 7);
    let pages = pages_both_ways(repository.path());
    assert_eq!(pages.len(), 400);
    assert!(pages
        .iter()
        .any(|page| page.contains("id=\"games-legend\"")));
}
