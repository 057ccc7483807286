//! The site in the association's language: every built-in language has
//! every message, every message is used, and a build in Finnish or Turkish
//! shows the frame's words in that language.

use std::path::Path;

const REPO: &str = env!("CARGO_MANIFEST_DIR");

/// Every file below `dir` whose name ends with one of `extensions`.
pub(crate) fn files(dir: &Path, extensions: &[&str]) -> Vec<std::path::PathBuf> {
    walkdir::WalkDir::new(dir)
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
        .map(|e| e.into_path())
        .filter(|p| extensions.iter().any(|x| p.to_string_lossy().ends_with(x)))
        .collect()
}

#[test]
fn every_language_has_every_message_and_every_message_is_used() {
    let english = ratingbook::translate::keys(include_str!("../../templates/translations/en.ftl"));
    assert!(!english.is_empty());
    for (language, text) in ratingbook::translate::BUILT_IN {
        let keys = ratingbook::translate::keys(text);
        let missing: Vec<&String> = english.iter().filter(|k| !keys.contains(k)).collect();
        let extra: Vec<&String> = keys.iter().filter(|k| !english.contains(k)).collect();
        assert!(missing.is_empty(), "{language} lacks {missing:?}");
        assert!(
            extra.is_empty(),
            "{language} has messages English lacks: {extra:?}"
        );
        assert!(
            ratingbook::translate::problems_in(text).is_empty(),
            "{language}"
        );
    }
    // A message is used when its key is quoted in the code or a template.
    let root = Path::new(REPO);
    let mut sources = files(&root.join("src"), &[".rs"]);
    sources.extend(files(
        &root.join("templates"),
        &[".html", ".md", ".sql", ".js"],
    ));
    let text: String = sources
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    let unused: Vec<&String> = english
        .iter()
        .filter(|k| !text.contains(&format!("\"{k}\"")))
        .collect();
    assert!(unused.is_empty(), "messages no page uses: {unused:?}");
    // Every key a template or a page written directly asks for exists.
    let asked: Vec<&str> = ["t(key=\"", ".t(\""]
        .iter()
        .flat_map(|call| text.split(call).skip(1))
        .map(|rest| &rest[..rest.find('"').unwrap()])
        .collect();
    assert!(asked.len() > 20, "{asked:?}");
    let unknown: Vec<&&str> = asked
        .iter()
        .filter(|k| !english.iter().any(|e| e == *k))
        .collect();
    assert!(
        unknown.is_empty(),
        "asked for but not in the messages: {unknown:?}"
    );
}

/// The sample repository with `[site] language` set to `language`, built.
pub(crate) fn sample_built_in(language: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = crate::util::sample_repository_in(language);
    let site = dir.path().join("site");
    ratingbook::build_repository(dir.path(), &site, &|| {}).unwrap();
    (dir, site)
}

#[test]
fn finnish_and_turkish_sites_carry_their_own_frame() {
    for (language, words) in [
        (
            "fi",
            [
                "Siirry sisältöön",
                "Rankinglista",
                "Turnaukset",
                "151 pelaajaa",
            ],
        ),
        (
            "tr",
            [
                "İçeriğe geç",
                "Derecelendirme listesi",
                "Turnuvalar",
                "151 oyuncu",
            ],
        ),
    ] {
        let (_dir, site) = sample_built_in(language);
        let index = std::fs::read_to_string(site.join("index.html")).unwrap();
        for word in words {
            assert!(index.contains(word), "{language}: {word}");
        }
        // Pages written directly and pages from templates say the same.
        let player = std::fs::read_to_string(site.join("players/saarenpaa-samuli.html")).unwrap();
        assert!(
            player.contains(words[0]) && player.contains(words[1]),
            "{language}"
        );
        for english in [
            "Skip to content",
            ">Rating list<",
            ">Tournaments<",
            "Player or tournament",
        ] {
            assert!(!index.contains(english), "{language}: {english}");
        }
        for english in ["Skip to content", "Player or tournament", "rating list CSV"] {
            assert!(!player.contains(english), "{language}: {english}");
        }
    }
}

#[test]
fn check_names_a_broken_message_file_and_the_messages_a_language_lacks() {
    let dir = crate::util::sample_repository_in("et");
    // No Estonian words: the pages are in English, and check says so.
    let lines = crate::util::error_lines(dir.path());
    assert!(lines.is_empty(), "{lines:?}");
    let (checked, _) = crate::util::check_with_errors(dir.path());
    let warning = checked
        .diagnostics
        .iter()
        .find(|d| d.file.ends_with("templates/translations/et.ftl"))
        .expect("a warning for the missing language");
    assert!(
        warning.message.contains("no words in language `et`"),
        "{}",
        warning.message
    );
    // A file with one message: the rest are listed as missing.
    crate::util::write(
        dir.path(),
        "templates/translations/et.ftl",
        "nav-ratings = Reitingu nimekiri\n",
    );
    let (checked, _) = crate::util::check_with_errors(dir.path());
    let warning = checked
        .diagnostics
        .iter()
        .find(|d| d.file.ends_with("templates/translations/et.ftl"))
        .unwrap();
    assert!(
        warning.message.contains("nav-tournaments"),
        "{}",
        warning.message
    );
    assert!(
        !warning.message.contains("nav-ratings,"),
        "{}",
        warning.message
    );
    // A broken file: an error at its line and column, and build refuses.
    crate::util::write(
        dir.path(),
        "templates/translations/et.ftl",
        "nav-ratings = Reitingu nimekiri\nnav-rules = { ! }\n",
    );
    let lines = crate::util::error_lines(dir.path());
    assert!(
        lines
            .iter()
            .any(|l| l.contains("templates/translations/et.ftl:2:15")),
        "{lines:?}"
    );
}

/// The sample repository in `language` with the methods page, and its
/// Markdown pages (news, about, the rules' introduction) in placeholder
/// Latin, so that no English prose of the data stands on a page; built.
fn neutral_sample_in(language: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = crate::util::sample_repository_in(language);
    let config = std::fs::read_to_string(dir.path().join("ratingbook.toml")).unwrap();
    crate::util::write(
        dir.path(),
        "ratingbook.toml",
        &format!("{config}\n[output]\nmethods = true\n"),
    );
    for (n, file) in files(&dir.path().join("data/pages"), &[".md"])
        .iter()
        .enumerate()
    {
        let text = std::fs::read_to_string(file).unwrap();
        let date = text.lines().find(|l| l.starts_with("date:"));
        let front = match date {
            Some(date) => format!("title: Lorem ipsum {n}\n{date}"),
            None => format!("title: Lorem ipsum {n}"),
        };
        std::fs::write(
            file,
            format!("---\n{front}\n---\nLorem ipsum dolor sit amet.\n"),
        )
        .unwrap();
    }
    let site = dir.path().join("site");
    ratingbook::build_repository(dir.path(), &site, &|| {}).unwrap();
    (dir, site)
}

/// The words of the data a page may show: the values (not the keys) of
/// the players' and tournaments' files and of `ratingbook.toml` (names,
/// clubs, countries, cities, memberships, notes, titles).
pub(crate) fn data_words(repository: &Path) -> std::collections::BTreeSet<String> {
    let mut values = String::new();
    let mut toml_files = files(&repository.join("data"), &[".toml"]);
    toml_files.push(repository.join("ratingbook.toml"));
    for file in toml_files {
        for line in std::fs::read_to_string(file).unwrap().lines() {
            if let Some((_, value)) = line.split_once('=') {
                values.push_str(value);
                values.push('\n');
            }
        }
    }
    values.push_str(PLACEHOLDER);
    words(&values)
}

/// The Markdown pages' placeholder text.
const PLACEHOLDER: &str = "Lorem ipsum dolor sit amet.";

/// Words every language keeps: the tie-breaks' FIDE labels, the formulas'
/// symbols, and the names of the databases the dumps load into.
pub(crate) const KEPT: &[&str] = &[
    "bh",
    "sb",
    "sbᵛ",
    "gs",
    "ps",
    "de",
    "bpg",
    "aro",
    "tpr",
    "ks",
    "win",
    "won",
    "σwe",
    "we",
    "rp",
    "sqlite",
    "postgresql",
    "mysql",
    "mariadb",
    "duckdb",
];

/// The first file of the built `site` (its address from the site's root)
/// that `wanted` accepts.
fn first_page(site: &Path, wanted: impl Fn(&str) -> bool) -> String {
    files(site, &[".html"])
        .iter()
        .map(|p| {
            p.strip_prefix(site)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/")
        })
        .find(|p| wanted(p))
        .expect("a page of that kind")
}

/// One page of every kind the sample has, by address.
fn one_page_of_every_kind(site: &Path) -> Vec<String> {
    let round = first_page(site, |p| {
        p.starts_with("tournaments/") && p.ends_with("/round-1.html")
    });
    let event = round.trim_end_matches("/round-1.html").to_string();
    let pool_list = std::fs::read_to_string(site.join("pools/ataxx-engines/ratings.html")).unwrap();
    let engine = pool_list
        .split("href=\"../../players/")
        .nth(1)
        .and_then(|rest| rest.split('#').next())
        .expect("an engine on the further list");
    vec![
        "index.html".into(),
        "ratings.html".into(),
        first_page(site, |p| p.starts_with("lists/club-")),
        "archive/index.html".into(),
        first_page(site, |p| {
            p.starts_with("archive/") && p != "archive/index.html"
        }),
        "pools/ataxx-engines/ratings.html".into(),
        "pools/ataxx-engines/rules.html".into(),
        "players/saarenpaa-samuli.html".into(),
        format!("players/{engine}"),
        "tournaments/index.html".into(),
        format!("{event}.html"),
        round,
        format!("{event}/cards.html"),
        "rules.html".into(),
        "methods.html".into(),
        "downloads.html".into(),
        "search.html".into(),
        "404.html".into(),
        "pages/about.html".into(),
    ]
}

/// `html` without the elements from `open` to `close`.
fn without(html: &str, open: &str, close: &str) -> String {
    let mut kept = String::new();
    let mut rest = html;
    while let Some((before, after)) = rest.split_once(open) {
        kept.push_str(before);
        rest = after.split_once(close).map_or("", |(_, a)| a);
    }
    kept.push_str(rest);
    kept
}

/// What a reader meets on a page: the text of its body (scripts left out)
/// and the words of its tooltips and labels (`title`, `aria-label`,
/// `placeholder`) and those the site's script shows from the page (the
/// search's and the scroll hint's `data-` attributes).
pub(crate) fn shown_text(html: &str) -> String {
    let body = html.split("<body").nth(1).unwrap_or(html);
    let body = body.split_once('>').map_or(body, |(_, rest)| rest);
    // Scripts are not shown; code (a command to load a dump) is not words.
    let shown = without(&without(body, "<script", "</script>"), "<code", "</code>");
    let mut attributes = String::new();
    let names = [
        " title=\"",
        " aria-label=\"",
        " placeholder=\"",
        " data-all-found=\"",
        " data-player=\"",
        " data-tournament=\"",
        " data-found-for=\"",
        " data-scroll-hint=\"",
    ];
    for name in names {
        for value in shown.split(name).skip(1) {
            attributes.push(' ');
            attributes.push_str(value.split('"').next().unwrap_or(""));
        }
    }
    format!(
        "{} {attributes}",
        crate::util::event_site::text(&shown.replace('>', "> "))
    )
}

/// The words of `text`, lowercase: runs of letters, two or more long.
pub(crate) fn words(text: &str) -> std::collections::BTreeSet<String> {
    text.split(|c: char| !c.is_alphabetic())
        .filter(|w| w.chars().count() > 1)
        .map(str::to_lowercase)
        .collect()
}

/// Every word the messages of `language` can show (each message with its
/// numbers at one and at five, so every plural form is seen).
fn message_words(language: &str) -> std::collections::BTreeSet<String> {
    use ratingbook::translate::{keys, Arg, Translations};
    let messages = Translations::new(language, None).unwrap();
    let mut all = String::new();
    for key in keys(include_str!("../../templates/translations/en.ftl")) {
        for n in [1, 5] {
            let args: Vec<(&str, Arg)> = ["count", "games", "total", "number"]
                .iter()
                .map(|name| (*name, Arg::Number(n)))
                .collect();
            all.push_str(&messages.with(&key, &args));
            all.push(' ');
        }
    }
    words(&all)
}

/// The words of the English page that a page in another language shows as
/// well, leaving out the data's words (`data`: names of players, clubs,
/// tournaments, the association's own pages) and the words that language's
/// own messages use (`own`: `SQL`, `CSV`, `Buchholz`, …).
fn english_left(
    english: &str,
    other: &str,
    data: &std::collections::BTreeSet<String>,
    own: &std::collections::BTreeSet<String>,
) -> Vec<String> {
    let theirs = words(&shown_text(other));
    words(&shown_text(english))
        .into_iter()
        .filter(|w| theirs.contains(w) && !data.contains(w) && !own.contains(w))
        .filter(|w| !KEPT.contains(&w.as_str()))
        .collect()
}

#[test]
fn finnish_and_turkish_pages_of_every_kind_show_no_english_interface_word() {
    let (english_dir, english) = neutral_sample_in("en");
    let data = data_words(english_dir.path());
    let pages = one_page_of_every_kind(&english);
    assert!(pages.len() >= 19);
    let english_words: std::collections::BTreeSet<String> = message_words("en");
    for (language, every) in [("fi", message_words("fi")), ("tr", message_words("tr"))] {
        let (_dir, site) = neutral_sample_in(language);
        // The check itself finds English: an English page against itself
        // keeps its interface words.
        let front = std::fs::read_to_string(english.join("index.html")).unwrap();
        let itself = english_left(&front, &front, &data, &every);
        assert!(
            ["tournaments", "search", "downloads"]
                .iter()
                .all(|w| itself.contains(&w.to_string())),
            "{itself:?}"
        );
        for page in &pages {
            let theirs = std::fs::read_to_string(site.join(page))
                .unwrap_or_else(|e| panic!("{language}: {page}: {e}"));
            let ours = std::fs::read_to_string(english.join(page)).unwrap();
            // The page has interface words to compare: English ones the
            // data does not hold.
            let interface: Vec<String> = words(&shown_text(&ours))
                .into_iter()
                .filter(|w| english_words.contains(w) && !data.contains(w))
                .collect();
            assert!(interface.len() >= 3, "{page}: {interface:?}");
            let left = english_left(&ours, &theirs, &data, &every);
            assert!(
                left.is_empty(),
                "{language}: {page} shows English: {left:?}"
            );
        }
    }
}

#[test]
fn finnish_and_turkish_pages_write_decimals_with_a_comma() {
    for (language, expected) in [("en", '.'), ("fi", ','), ("tr", ',')] {
        let (_dir, site) = sample_built_in(language);
        let player = std::fs::read_to_string(site.join("players/saarenpaa-samuli.html")).unwrap();
        // The games table: the expected score W_e of each counted game
        // (seventh column), two decimals.
        let rows = crate::util::event_site::table_rows(&player, "sortable", 0);
        let expected_scores: Vec<&String> = rows
            .iter()
            .filter_map(|r| r.get(6))
            .filter(|v| !v.is_empty())
            .collect();
        assert!(!expected_scores.is_empty(), "{language}");
        for value in expected_scores {
            let separator = value.chars().find(|c| !c.is_ascii_digit());
            assert_eq!(separator, Some(expected), "{language}: {value}");
        }
    }
}
