//! The site in the association's language: every built-in language has
//! every message, every message is used, and a build in Finnish or Turkish
//! shows the frame's words in that language.

use std::path::Path;

const REPO: &str = env!("CARGO_MANIFEST_DIR");

/// Every file below `dir` whose name ends with one of `extensions`.
fn files(dir: &Path, extensions: &[&str]) -> Vec<std::path::PathBuf> {
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
fn sample_built_in(language: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = crate::util::sample_repository();
    crate::util::edit(
        dir.path(),
        "ratingbook.toml",
        "language = \"en\"",
        &format!("language = \"{language}\""),
    );
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
    let dir = crate::util::sample_repository();
    crate::util::edit(
        dir.path(),
        "ratingbook.toml",
        "language = \"en\"",
        "language = \"et\"",
    );
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
