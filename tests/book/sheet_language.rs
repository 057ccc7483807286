//! What a tournament director prints and the handicap survey page, in the
//! association's language: the sheets of every tournament of the sample and
//! the survey report in Finnish and Turkish show no English interface word,
//! and the pages write dates as CLDR gives them in each language.

use super::site_language::{data_words, sample_built_in, shown_text, words, KEPT};
use ratingbook::printout::{self, Format, Sheet};
use ratingbook::translate::{keys, Arg, Translations};
use std::collections::BTreeSet;
use std::sync::Arc;

/// Every word the messages of `language` can show, with the places where
/// a value goes left out (so that an argument's name, `round` or `event`,
/// never passes for a word the language uses).
fn own_words(language: &str) -> BTreeSet<String> {
    let messages = Translations::new(language, None).unwrap();
    let mut all = String::new();
    for key in keys(include_str!("../../templates/translations/en.ftl")) {
        for n in [1, 5] {
            let args: Vec<(&str, Arg)> = ["count", "games", "total", "number", "round"]
                .iter()
                .map(|name| (*name, Arg::Number(n)))
                .collect();
            let mut text = messages.with(&key, &args);
            while let Some(start) = text.find("{$") {
                let end = text[start..]
                    .find('}')
                    .map_or(text.len(), |e| start + e + 1);
                text.replace_range(start..end, " ");
            }
            all.push_str(&text);
            all.push(' ');
        }
    }
    words(&all)
}

/// The words of `english` that `other` shows too, less the data's words,
/// the other language's own and the symbols every language keeps.
fn english_in(
    english: &BTreeSet<String>,
    other: &BTreeSet<String>,
    data: &BTreeSet<String>,
    own: &BTreeSet<String>,
) -> Vec<String> {
    english
        .iter()
        .filter(|w| other.contains(*w) && !data.contains(*w) && !own.contains(*w))
        .filter(|w| !KEPT.contains(&w.as_str()))
        .cloned()
        .collect()
}

/// The words a written sheet shows: an HTML page's shown text, else the text.
fn sheet_words(text: &str, format: Format) -> BTreeSet<String> {
    match format {
        Format::Html => words(&shown_text(text)),
        Format::Text | Format::Markdown => words(text),
    }
}

/// Every sheet of every tournament of the sample: the pairings, score
/// sheets and standings of its last round, and its wall chart, as the
/// words `words` print them.
fn every_sheet(loaded: &ratingbook::load::Loaded, words: &Translations) -> Vec<Sheet> {
    let mut sheets = Vec::new();
    for t in &loaded.dataset.tournaments {
        let last = t.rounds.max(1);
        let chain = ratingbook::standings::chain_for(t, &loaded.config);
        let list = printout::pairing_list(t, &loaded.dataset, last, words);
        sheets.push(Sheet::Pairings(list.clone()));
        sheets.push(Sheet::ScoreSheets(list));
        sheets.push(Sheet::Standings(printout::standings_sheet(
            t,
            &loaded.dataset,
            &chain,
            last,
        )));
        sheets.push(Sheet::WallChart(printout::wall_chart(
            t,
            &loaded.dataset,
            words,
        )));
    }
    sheets
}

#[test]
fn finnish_and_turkish_printable_sheets_show_no_english_interface_word() {
    let dir = crate::util::sample_repository();
    let data = data_words(dir.path());
    let loaded = ratingbook::load::load_repository(dir.path());
    let english = Translations::english();
    let ours = every_sheet(&loaded, &english);
    assert!(ours.len() >= 8, "{}", ours.len());
    let formats = [Format::Text, Format::Markdown, Format::Html];
    // The check finds English: the English sheets keep their words.
    let all_english: BTreeSet<String> = ours
        .iter()
        .flat_map(|s| formats.map(|f| sheet_words(&printout::write(s, f, &english), f)))
        .flatten()
        .collect();
    for word in [
        "board",
        "white",
        "black",
        "rank",
        "pairings",
        "standings",
        "bye",
    ] {
        assert!(all_english.contains(word), "{word}: {all_english:?}");
    }
    for language in ["fi", "tr"] {
        let theirs_words = Translations::new(language, None).unwrap();
        let theirs = every_sheet(&loaded, &theirs_words);
        let own = own_words(language);
        for (ours, theirs) in ours.iter().zip(&theirs) {
            for format in formats {
                let english_text = printout::write(ours, format, &english);
                let their_text = printout::write(theirs, format, &theirs_words);
                let left = english_in(
                    &sheet_words(&english_text, format),
                    &sheet_words(&their_text, format),
                    &data,
                    &own,
                );
                assert!(
                    left.is_empty(),
                    "{language} {format:?} shows English {left:?}:\n{their_text}"
                );
            }
        }
        let page = printout::write(&theirs[0], Format::Html, &theirs_words);
        assert!(
            page.contains(&format!("<html lang=\"{language}\">")),
            "{page}"
        );
    }
}

/// Survey reports with every kind of remark and suggestion: the club's
/// example (promotions and demotions), the partial survey (missing
/// opinions, a player with none) and two pairs no opinion links.
fn surveys() -> Vec<handicap::SurveyReport> {
    use handicap::{build_report, Basis, Grade, Survey, SurveyOptions};
    let grades = |pairs: &[(&str, &str)]| -> std::collections::BTreeMap<String, Grade> {
        pairs
            .iter()
            .map(|(id, g)| (id.to_string(), g.parse().unwrap()))
            .collect()
    };
    let club = Survey::parse(
        "club-example.csv",
        include_str!("../fixtures/surveys/club-example.csv"),
        None,
    )
    .unwrap();
    let partial = Survey::parse(
        "partial.csv",
        include_str!("../fixtures/surveys/partial.csv"),
        None,
    )
    .unwrap();
    let split = Survey::parse(
        "split.csv",
        ",go-a,go-b,go-c,go-d\ngo-a,,0,,\ngo-b,0,,,\ngo-c,,,,1\ngo-d,,,-1,\n",
        None,
    )
    .unwrap();
    let least_squares = SurveyOptions {
        basis: Basis::LeastSquares,
        ..SurveyOptions::default()
    };
    vec![
        build_report(
            &club,
            &grades(&[
                ("go-aalto", "2k"),
                ("go-berg", "3k"),
                ("go-carlsson", "11k"),
                ("go-dahl", "8k"),
            ]),
            None,
            &SurveyOptions {
                threshold: 0.5,
                ..SurveyOptions::default()
            },
        )
        .unwrap(),
        build_report(
            &partial,
            &grades(&[
                ("go-aalto", "1d"),
                ("go-berg", "1k"),
                ("go-carlsson", "8k"),
                ("go-dahl", "5k"),
                ("go-eklund", "12k"),
            ]),
            None,
            &least_squares,
        )
        .unwrap(),
        build_report(
            &split,
            &grades(&[
                ("go-a", "1k"),
                ("go-b", "1k"),
                ("go-c", "5k"),
                ("go-d", "4k"),
            ]),
            None,
            &SurveyOptions::default(),
        )
        .unwrap(),
    ]
}

#[test]
fn finnish_and_turkish_survey_reports_show_no_english_interface_word() {
    use ratingbook::render::survey::{render_report, survey_tera_in, OutputFormat};
    let reports = surveys();
    let kinds: BTreeSet<String> = reports
        .iter()
        .flat_map(|r| &r.notes)
        .map(|n| {
            format!("{n:?}")
                .split([' ', '{'])
                .next()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(kinds.len(), 3, "every kind of remark: {kinds:?}");
    // The players' ids and the surveys' names are the data.
    let data = words(
        "go aalto berg carlsson dahl eklund club example partial split \
         Lorem ipsum",
    );
    let render = |language: &str, report, format| {
        let tera = survey_tera_in(Arc::new(Translations::new(language, None).unwrap())).unwrap();
        render_report(&tera, report, format).unwrap()
    };
    for report in &reports {
        for format in [OutputFormat::Html, OutputFormat::Markdown] {
            let ours = render("en", report, format);
            let ours_words = words(&shown_text(&ours));
            for word in ["survey", "opinions", "least", "squares"] {
                assert!(ours_words.contains(word), "{word}: {ours}");
            }
            for language in ["fi", "tr"] {
                let theirs = render(language, report, format);
                let left = english_in(
                    &ours_words,
                    &words(&shown_text(&theirs)),
                    &data,
                    &own_words(language),
                );
                assert!(
                    left.is_empty(),
                    "{language} {format:?} shows English {left:?}:\n{theirs}"
                );
            }
        }
    }
    // The suggestions and the remarks in words (hand-written, as each
    // language's messages say them): at half a grade, the club's example
    // demotes go-aalto (estimate 2.75) from 2k to 3k.
    let finnish = render("fi", &reports[0], OutputFormat::Html);
    assert!(finnish.contains("alennus 2k → 3k"), "{finnish}");
    let turkish = render("tr", &reports[1], OutputFormat::Html);
    assert!(turkish.contains("20 görüşten 11 tanesi eksik"), "{turkish}");
}

#[test]
fn each_language_writes_its_own_cldr_dates() {
    // Saarenpää Samuli's peak, 2160 on 21 March 2004, on his page; CLDR's
    // long date (dateFormatLength "long"): en "MMMM d, y", fi "d. MMMM y"
    // with the month's genitive, tr "d MMMM y".
    for (language, peak) in [
        ("en", "2160 (March 21, 2004)"),
        ("fi", "2160 (21. maaliskuuta 2004)"),
        ("tr", "2160 (21 Mart 2004)"),
    ] {
        let (_dir, site) = sample_built_in(language);
        let player = std::fs::read_to_string(site.join("players/saarenpaa-samuli.html")).unwrap();
        assert!(player.contains(peak), "{language}: {peak}");
    }
    // The Turkish list stands at the sample's last day, 25 October 2026.
    let (_dir, site) = sample_built_in("tr");
    let list = std::fs::read_to_string(site.join("ratings.html")).unwrap();
    assert!(
        list.contains("<time datetime=\"2026-10-25\">25 Ekim 2026</time>"),
        "{list}"
    );
}

#[test]
fn memberships_are_named_in_the_pages_language() {
    // Saarenpää Samuli is a member; his page and the rating list's
    // membership filter name it in words of the page's language.
    for (language, member) in [("en", "member"), ("fi", "jäsen"), ("tr", "üye")] {
        let (_dir, site) = sample_built_in(language);
        let player = std::fs::read_to_string(site.join("players/saarenpaa-samuli.html")).unwrap();
        assert!(
            player.contains(&format!("<dd>{member}</dd>")),
            "{language}: {member}"
        );
        let list = std::fs::read_to_string(site.join("ratings.html")).unwrap();
        assert!(
            list.contains(&format!("membership-member.html\">{member}</a>")),
            "{language}: {member} in the filter"
        );
    }
}
