//! The Markdown reports and the pull request comment in the association's
//! language: built in Finnish and in Turkish, they keep no interface word of
//! the English ones (the data's words, names and places, aside); counts take
//! the form their number asks for; decimals are written the language's way.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Words that are the same in every language: the tie-breaks' proper names,
/// their column headings and FIDE, and the commands a maintainer types.
const SAME_IN_EVERY_LANGUAGE: [&str; 14] = [
    "WIN",
    "WON",
    "BPG",
    "ARO",
    "TPR",
    "Buchholz",
    "Sonneborn",
    "Berger",
    "Koya",
    "FIDE",
    "Cut",
    "ratingbook",
    "diff",
    "json",
];

/// The words of `text`: runs of letters, three or more, as written (the
/// mark `ᵛ` of a virtual-opponent tie-break's heading is not a letter here).
fn words(text: &str) -> BTreeSet<String> {
    text.split(|c: char| !c.is_alphabetic() || c == 'ᵛ')
        .filter(|w| w.chars().count() >= 3)
        .map(str::to_string)
        .collect()
}

/// The words of the sample's data: names, clubs, places, tournament
/// titles and notes, as their files write them.
fn data_words(root: &Path) -> BTreeSet<String> {
    let mut all = BTreeSet::new();
    for entry in walkdir::WalkDir::new(root.join("data"))
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "toml"))
    {
        let text = std::fs::read_to_string(entry.path()).unwrap();
        for line in text.lines() {
            let key = line.split('=').next().unwrap_or("").trim();
            if ["name", "club", "city", "country", "note", "title"].contains(&key) {
                // Starting lists write names in capitals.
                let value = line.split_once('=').unwrap().1;
                all.extend(words(value));
                all.extend(words(&value.to_uppercase()));
                // In Turkish, i is İ in capitals.
                all.extend(words(&value.replace('i', "İ").to_uppercase()));
            }
        }
    }
    all.extend(words(TITLE));
    all
}

/// The site's title in every build here: data, not an interface word.
const TITLE: &str = "Renju ry";

/// A copy of the sample in `language`, titled [`TITLE`].
fn sample_in(language: &str) -> tempfile::TempDir {
    let dir = crate::util::sample_repository_in(language);
    let config = std::fs::read_to_string(dir.path().join("ratingbook.toml")).unwrap();
    let title = config
        .lines()
        .find(|l| l.starts_with("title = "))
        .unwrap()
        .to_string();
    crate::util::edit(
        dir.path(),
        "ratingbook.toml",
        &title,
        &format!("title = \"{TITLE}\""),
    );
    dir
}

/// The Markdown reports of the sample built in `language`, by path.
fn reports_in(language: &str) -> Vec<(PathBuf, String)> {
    let dir = sample_in(language);
    let site = dir.path().join("site");
    ratingbook::build_repository(dir.path(), &site, &|| {}).unwrap();
    let mut reports: Vec<(PathBuf, String)> = walkdir::WalkDir::new(&site)
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "md"))
        .map(|e| {
            let text = std::fs::read_to_string(e.path()).unwrap();
            (e.path().strip_prefix(&site).unwrap().to_path_buf(), text)
        })
        .collect();
    reports.sort();
    reports
}

/// The English interface words `english` has that `translated` still
/// shows: neither data nor the same in every language.
fn english_left(english: &str, translated: &str, data: &BTreeSet<String>) -> Vec<String> {
    let theirs = words(translated);
    words(english)
        .into_iter()
        .filter(|w| !data.contains(w) && !SAME_IN_EVERY_LANGUAGE.contains(&w.as_str()))
        .filter(|w| theirs.contains(w))
        .collect()
}

#[test]
fn finnish_and_turkish_reports_keep_no_english_word() {
    let data = data_words(Path::new(env!("CARGO_MANIFEST_DIR")));
    let english = reports_in("en");
    assert!(english.len() > 10, "{}", english.len());
    assert!(english.iter().any(|(p, _)| p.ends_with("ratings.md")));
    for language in ["fi", "tr"] {
        let translated = reports_in(language);
        assert_eq!(
            english.iter().map(|r| &r.0).collect::<Vec<_>>(),
            translated.iter().map(|r| &r.0).collect::<Vec<_>>()
        );
        for ((path, en), (_, text)) in english.iter().zip(&translated) {
            let left = english_left(en, text, &data);
            assert!(left.is_empty(), "{language} {}: {left:?}", path.display());
        }
    }
}

#[test]
fn the_tournament_report_counts_rounds_and_players_in_the_languages_forms() {
    // The sample's round robin of 2003: 4 players over 3 rounds.
    let line = |language: &str| {
        let dir = sample_in(language);
        let site = dir.path().join("site");
        ratingbook::build_repository(dir.path(), &site, &|| {}).unwrap();
        std::fs::read_to_string(site.join("tournaments/kaikki-kaikkia-vastaan.md"))
            .unwrap()
            .lines()
            .nth(2)
            .unwrap()
            .to_string()
    };
    let finnish = line("fi");
    assert!(
        finnish.contains("kaikki kaikkia vastaan, 3 kierrosta, 4 pelaajaa, laskettu vahvuuslukuun"),
        "{finnish}"
    );
    let turkish = line("tr");
    assert!(
        turkish.contains("herkes herkesle, 3 tur, 4 oyuncu, reytingli"),
        "{turkish}"
    );
}

#[test]
fn counts_in_the_comment_take_each_languages_plural_form() {
    use ratingbook::translate::{Arg, Translations};
    let say = |language: &str, key: &str, n: i64| {
        Translations::new(language, None)
            .unwrap()
            .with(key, &[("count", Arg::Number(n))])
    };
    assert_eq!(
        say("fi", "diff-players-change", 0),
        "Julkaistut vahvuusluvut eivät muutu"
    );
    assert_eq!(
        say("fi", "diff-tournaments-changed", 1),
        "1 turnaus lisätty, poistettu tai muutettu"
    );
    assert_eq!(
        say("fi", "diff-tournaments-changed", 3),
        "3 turnausta lisätty, poistettu tai muutettu"
    );
    assert_eq!(say("fi", "report-rounds", 1), "1 kierros");
    assert_eq!(say("fi", "report-rounds", 7), "7 kierrosta");
    assert_eq!(say("fi", "diff-history-more", 2), "2 turnausta lisää");
    // Turkish: the noun stays singular after a number.
    assert_eq!(say("tr", "diff-players-change", 1), "1 oyuncu değişiyor");
    assert_eq!(say("tr", "diff-players-change", 12), "12 oyuncu değişiyor");
    assert_eq!(
        say("tr", "diff-players-change", 0),
        "Yayımlanan reytinglerde değişim yok"
    );
    assert_eq!(say("tr", "report-rounds", 9), "9 tur");
    // English for comparison: one, other.
    assert_eq!(say("en", "diff-players-change", 1), "1 player changes");
    assert_eq!(say("en", "diff-players-change", 2), "2 players change");
}

#[test]
fn decimals_in_reports_follow_the_language() {
    use ratingbook::translate::decimal;
    // CLDR: a decimal comma in Finnish and Turkish; Finnish writes minus
    // as U+2212, Turkish as a hyphen-minus.
    assert_eq!(decimal("en", "3.42"), "3.42");
    assert_eq!(decimal("fi", "3.42"), "3,42");
    assert_eq!(decimal("tr", "3.42"), "3,42");
    assert_eq!(decimal("fi", "-0.35"), "\u{2212}0,35");
    assert_eq!(decimal("tr", "-0.35"), "-0,35");
    assert_eq!(decimal("fi", "+1.5"), "+1,5");
    for not_a_number in ["", "new", "3/20", "1.2.3"] {
        assert_eq!(decimal("fi", not_a_number), not_a_number);
    }
}

/// The sample in `language`, and a copy of it in which the 2003 round
/// robin's round 3 draw Saarenpää–Haikonen is a win for Saarenpää.
fn a_changed_result_in(language: &str) -> (tempfile::TempDir, tempfile::TempDir) {
    let base = sample_in(language);
    let head = tempfile::tempdir().unwrap();
    crate::util::copy_tree(base.path(), head.path());
    let table = "data/tournaments/2003/kaikki-kaikkia-vastaan.csv";
    crate::util::edit(
        head.path(),
        table,
        "1,saarenpaa-samuli,,3 w 1,2 w 0,4 w =",
        "1,saarenpaa-samuli,,3 w 1,2 w 0,4 w 1",
    );
    crate::util::edit(
        head.path(),
        table,
        "4,haikonen-kari,,2 b =,3 b =,1 b =",
        "4,haikonen-kari,,2 b =,3 b =,1 b 0",
    );
    (base, head)
}

#[test]
fn the_comment_on_a_change_is_in_the_heads_language() {
    let data = data_words(Path::new(env!("CARGO_MANIFEST_DIR")));
    let comment = |language: &str| {
        let (base, head) = a_changed_result_in(language);
        let diff = ratingbook::diff::diff_folders(base.path(), head.path());
        assert!(!diff.players_changed.is_empty() && !diff.games_changed.is_empty());
        let versions = ratingbook::diff::report::Versions {
            base: "v1".into(),
            head: "v2".into(),
        };
        ratingbook::diff::report::markdown(&diff, &versions)
    };
    let english = comment("en");
    assert!(english.contains("### Results"), "{english}");
    for language in ["fi", "tr"] {
        let text = comment(language);
        let left = english_left(&english, &text, &data);
        assert!(left.is_empty(), "{language}: {left:?}\n{text}");
    }
    let finnish = comment("fi");
    assert!(finnish
        .starts_with("## Vahvuuslukukirja: mitä tämä muutos julkaisee\n\nVerrataan v1 ja v2.\n"));
    assert!(finnish.contains(", kierros 3: "), "{finnish}");
}

#[test]
fn the_comments_summary_counts_in_the_heads_language() {
    use ratingbook::diff::{report, Diff, TournamentChange, Words};
    let tournament = |id: &str| TournamentChange {
        id: id.into(),
        name: "Syysturnaus".into(),
        start: "2024-09-14".into(),
        rated_games_before: Some(10),
        rated_games_after: Some(12),
    };
    let versions = report::Versions {
        base: "main".into(),
        head: "v2".into(),
    };
    let summary = |language: &str, tournaments: usize| {
        let diff = Diff {
            base_builds: true,
            head_builds: true,
            tournaments_changed: (0..tournaments)
                .map(|i| tournament(&i.to_string()))
                .collect(),
            words: Words {
                language: language.into(),
                own: None,
            },
            ..Diff::default()
        };
        let comment = report::markdown(&diff, &versions);
        comment.lines().nth(4).unwrap_or_default().to_string()
    };
    assert_eq!(
        summary("fi", 1),
        "Julkaistut vahvuusluvut eivät muutu; 1 turnaus lisätty, poistettu tai muutettu."
    );
    assert_eq!(
        summary("fi", 2),
        "Julkaistut vahvuusluvut eivät muutu; 2 turnausta lisätty, poistettu tai muutettu."
    );
    assert_eq!(
        summary("tr", 2),
        "Yayımlanan reytinglerde değişim yok; 2 turnuva eklendi, çıkarıldı ya da değişti."
    );
    assert_eq!(
        summary("en", 1),
        "No published rating changes; 1 tournament added, removed or changed."
    );
}
