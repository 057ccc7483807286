//! The words of the published site in the association's language.
//!
//! Every interface word of the pages, reports and downloads is a message in
//! a Project Fluent file, one per language: `templates/translations/<language>.ftl`.
//! English, Finnish and Turkish are built in; a repository adds a language,
//! or changes a built-in one's words, with its own file of that name in its
//! `templates/translations/` folder. Plural forms follow CLDR's rules for
//! the language (Fluent's selectors on a number: `[one]`, `[few]`, `*[other]`, …).
//! A message a language lacks is taken from English, so a page never shows
//! a bare key; `check` reports the missing ones.
//!
//! Fluent is the Rust ecosystem's well-kept translation system (Mozilla's
//! `fluent-bundle`); this module only loads the files, reports their
//! problems with line and column, and formats messages for the templates and
//! the pages written directly.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use icu_decimal::input::Decimal;
use icu_decimal::options::{DecimalFormatterOptions, GroupingStrategy};
use icu_decimal::DecimalFormatter;
use std::borrow::Cow;

/// The built-in languages and their message files.
pub const BUILT_IN: &[(&str, &str)] = &[
    ("en", include_str!("../templates/translations/en.ftl")),
    ("fi", include_str!("../templates/translations/fi.ftl")),
    ("tr", include_str!("../templates/translations/tr.ftl")),
];

/// Where a language's own messages are, below `templates/`.
pub fn file_name(language: &str) -> String {
    format!("translations/{}.ftl", primary_language(language))
}

/// The primary subtag of a BCP 47 tag, lowercase: `fi-FI` → `fi`.
pub fn primary_language(language: &str) -> String {
    language
        .split(['-', '_'])
        .next()
        .unwrap_or("")
        .to_ascii_lowercase()
}

/// A problem in a message file: where, and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileProblem {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// The messages of one language, English beneath them.
pub struct Translations {
    language: String,
    own: Option<FluentBundle<FluentResource>>,
    english: FluentBundle<FluentResource>,
    numbers: Option<NumberSymbols>,
}

impl std::fmt::Debug for Translations {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Translations")
            .field("language", &self.language)
            .finish_non_exhaustive()
    }
}

/// A value put into a message.
#[derive(Debug, Clone, Copy)]
pub enum Arg<'a> {
    /// A count or other number: selects the plural form.
    Number(i64),
    /// Text, put in as it is.
    Text(&'a str),
}

impl From<usize> for Arg<'_> {
    /// A count: the number, selecting the plural form.
    fn from(count: usize) -> Self {
        Arg::Number(i64::try_from(count).unwrap_or(i64::MAX))
    }
}

impl Translations {
    /// The messages for `language`: the repository's own file (`own`, its
    /// text) over the built-in one of that language, over English. Problems
    /// in `own` are returned with their places; nothing of a broken file is used.
    pub fn new(language: &str, own: Option<&str>) -> Result<Translations, Vec<FileProblem>> {
        let primary = primary_language(language);
        let english = bundle("en", &[built_in("en").unwrap_or_default()]);
        let mut sources: Vec<String> = Vec::new();
        if let Some(text) = built_in(&primary).filter(|_| primary != "en") {
            sources.push(text);
        }
        if let Some(text) = own {
            let problems = problems_in(text);
            if !problems.is_empty() {
                return Err(problems);
            }
            sources.push(text.to_string());
        }
        let own = (!sources.is_empty()).then(|| bundle(&primary, &sources));
        Ok(Translations {
            numbers: NumberSymbols::of(&primary),
            language: primary,
            own,
            english,
        })
    }

    /// English, the built-in words.
    pub fn english() -> Translations {
        Translations::new("en", None)
            .unwrap_or_else(|_| unreachable!("the built-in English file parses"))
    }

    /// The language's primary subtag, e.g. `fi`.
    pub fn language(&self) -> &str {
        &self.language
    }

    /// The message `key` without arguments.
    pub fn text(&self, key: &str) -> String {
        self.with(key, &[])
    }

    /// The message `key` with `args` put in; English where the language
    /// lacks it, the key itself where English lacks it too.
    pub fn with(&self, key: &str, args: &[(&str, Arg)]) -> String {
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            match value {
                Arg::Number(n) => fluent_args.set(*name, FluentValue::from(*n)),
                Arg::Text(t) => fluent_args.set(*name, FluentValue::from(*t)),
            }
        }
        for bundle in self.own.iter().chain(std::iter::once(&self.english)) {
            if let Some(pattern) = bundle.get_message(key).and_then(|m| m.value()) {
                let mut errors = Vec::new();
                let text: Cow<str> =
                    bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
                return text.into_owned();
            }
        }
        key.to_string()
    }

    /// `value`, a number written with a full stop before its decimals, as
    /// this language writes numbers (see [`decimal`]).
    pub fn decimal(&self, value: &str) -> String {
        match &self.numbers {
            Some(symbols) => symbols.write(value),
            None => value.to_string(),
        }
    }

    /// The keys English has and this language's own files lack.
    pub fn missing(&self) -> Vec<String> {
        let Some(own) = &self.own else {
            return Vec::new();
        };
        keys(built_in("en").as_deref().unwrap_or_default())
            .into_iter()
            .filter(|key| !own.has_message(key))
            .collect()
    }
}

/// `value`, a number written with a full stop before its decimals (`5.5`,
/// `-0.25`, `+1.25`, as the downloads write them), as `language` writes
/// numbers on a page: CLDR's decimal separator and signs, so Finnish and
/// Turkish show `5,5` and `1,25`, Finnish its minus sign `−0,25`. Digits
/// are never grouped (a rating is `1850`, not `1 850`). Text that is not
/// such a number (`5½`, `—`, `new`) comes back as it is; so does every
/// number of a language CLDR does not know.
///
/// This is ICU4X's `icu_decimal`, the Unicode consortium's own formatter,
/// the same family as the collation that orders names.
pub fn decimal(language: &str, value: &str) -> String {
    match NumberSymbols::of(&primary_language(language)) {
        Some(symbols) => symbols.write(value),
        None => value.to_string(),
    }
}

/// The symbols a language writes numbers with, as CLDR gives them: its ten
/// digits, decimal separator and signs. Taken once from ICU4X's formatter
/// (whose data cannot cross threads) into plain text, which can.
#[derive(Debug, Clone)]
struct NumberSymbols {
    digits: [String; 10],
    separator: String,
    minus: String,
    plus: String,
}

impl NumberSymbols {
    /// The symbols of `language`, if CLDR knows the language.
    fn of(language: &str) -> Option<NumberSymbols> {
        let locale: icu_locale_core::Locale = language.parse().ok()?;
        let mut options = DecimalFormatterOptions::default();
        options.grouping_strategy = Some(GroupingStrategy::Never);
        let formatter = DecimalFormatter::try_new((&locale).into(), options).ok()?;
        let written = |text: &str| {
            Decimal::try_from_str(text)
                .map(|number| formatter.format(&number).to_string())
                .unwrap_or_default()
        };
        let digits: [String; 10] = std::array::from_fn(|d| written(&d.to_string()));
        let one = digits[1].as_str();
        let five = digits[5].as_str();
        let sign = |text: &str, or: &str| match written(text).strip_suffix(one) {
            Some(sign) if !sign.is_empty() => sign.to_string(),
            _ => or.to_string(),
        };
        let half = written("1.5");
        let separator = half
            .strip_prefix(one)
            .and_then(|rest| rest.strip_suffix(five))?
            .to_string();
        Some(NumberSymbols {
            minus: sign("-1", "-"),
            plus: sign("+1", "+"),
            separator,
            digits,
        })
    }

    /// `value` in these symbols when it is a plain decimal number (ASCII
    /// digits, at most one full stop, a sign in front); else as it is. A
    /// real minus sign (U+2212) in front, as the pages write changes, stays
    /// one unless the language has a minus of its own.
    fn write(&self, value: &str) -> String {
        let unsigned = value.strip_prefix(['-', '+', '−']).unwrap_or(value);
        let plain = !unsigned.is_empty()
            && unsigned.chars().all(|c| c.is_ascii_digit() || c == '.')
            && unsigned.matches('.').count() <= 1
            && unsigned.starts_with(|c: char| c.is_ascii_digit())
            && unsigned.ends_with(|c: char| c.is_ascii_digit());
        if !plain {
            return value.to_string();
        }
        let mut out = String::with_capacity(value.len() + 4);
        for c in value.chars() {
            match c {
                '-' => out.push_str(&self.minus),
                '−' if self.minus == "-" => out.push('−'),
                '−' => out.push_str(&self.minus),
                '+' => out.push_str(&self.plus),
                '.' => out.push_str(&self.separator),
                digit => {
                    let d = digit.to_digit(10).unwrap_or(0) as usize;
                    out.push_str(&self.digits[d]);
                }
            }
        }
        out
    }
}

/// The built-in file of a language, if there is one.
fn built_in(language: &str) -> Option<String> {
    BUILT_IN
        .iter()
        .find(|(code, _)| *code == language)
        .map(|(_, text)| (*text).to_string())
}

/// A bundle of `sources`, later ones overriding earlier ones' messages.
fn bundle(language: &str, sources: &[String]) -> FluentBundle<FluentResource> {
    let id: unic_langid::LanguageIdentifier = language
        .parse()
        .unwrap_or_else(|_| unic_langid::LanguageIdentifier::default());
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Pages are in one direction; isolation marks would be stray characters.
    bundle.set_use_isolating(false);
    for source in sources {
        let resource = match FluentResource::try_new(source.clone()) {
            Ok(resource) | Err((resource, _)) => resource,
        };
        bundle.add_resource_overriding(resource);
    }
    bundle
}

/// The message keys of a file, in file order.
pub fn keys(text: &str) -> Vec<String> {
    let resource = match FluentResource::try_new(text.to_string()) {
        Ok(resource) | Err((resource, _)) => resource,
    };
    resource
        .entries()
        .filter_map(|entry| match entry {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
            _ => None,
        })
        .collect()
}

/// Every syntax problem of a message file, with line and column.
pub fn problems_in(text: &str) -> Vec<FileProblem> {
    match FluentResource::try_new(text.to_string()) {
        Ok(_) => Vec::new(),
        Err((_, errors)) => errors
            .iter()
            .map(|e| {
                let (line, column) = line_and_column(text, e.pos.start);
                FileProblem {
                    line,
                    column,
                    message: format!("{}", e.kind),
                }
            })
            .collect(),
    }
}

/// 1-based line and column (in characters) of byte `offset`.
fn line_and_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..text.floor_char_boundary(offset.min(text.len()))];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    (line, column)
}

/// A membership (`member`, `honorary`, `rif`, `other`) named in the
/// words' language.
pub fn membership(words: &Translations, code: &str) -> String {
    words.with("membership-name", &[("membership", Arg::Text(code))])
}

/// A date written for a language as CLDR's long date gives it: `September
/// 21, 2003` (en), `21 September 2003` (en-GB), `21. syyskuuta 2003` (fi),
/// `21 Eylül 2003` (tr). `lang` is the site's BCP 47 tag, region included
/// where it has one; a tag that is not one is written as ISO (`2003-09-21`).
///
/// This is ICU4X's `icu_datetime` with its compiled CLDR data, the same
/// family as the decimal formatter and the collation that orders names. A
/// formatter is made once per language and thread: its data cannot cross
/// threads, and making one for every date would be most of the work.
pub fn local_date(date: crate::model::Date, lang: &str) -> String {
    use icu_datetime::fieldsets::YMD;
    use icu_datetime::DateTimeFormatter;
    use std::cell::RefCell;
    use std::collections::HashMap;
    thread_local! {
        static FORMATTERS: RefCell<HashMap<String, Option<DateTimeFormatter<YMD>>>> =
            RefCell::new(HashMap::new());
    }
    let Ok(input) = icu_datetime::input::Date::try_new_iso(
        date.year,
        u8::try_from(date.month).unwrap_or(1),
        u8::try_from(date.day).unwrap_or(1),
    ) else {
        return date.to_string();
    };
    FORMATTERS.with_borrow_mut(|formatters| {
        let formatter = formatters.entry(lang.to_string()).or_insert_with(|| {
            let locale: icu_locale_core::Locale = lang.replace('_', "-").parse().ok()?;
            DateTimeFormatter::try_new((&locale).into(), YMD::long()).ok()
        });
        match formatter {
            Some(formatter) => formatter.format(&input).to_string(),
            None => date.to_string(),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plural_forms_follow_each_languages_rules() {
        let count = |language: &str, n: i64| {
            Translations::new(language, None)
                .unwrap()
                .with("count-players", &[("count", Arg::Number(n))])
        };
        assert_eq!(count("en", 1), "1 player");
        assert_eq!(count("en", 2), "2 players");
        assert_eq!(count("fi", 1), "1 pelaaja");
        assert_eq!(count("fi", 5), "5 pelaajaa");
        // Turkish nouns take no plural ending after a number.
        assert_eq!(count("tr", 1), "1 oyuncu");
        assert_eq!(count("tr", 5), "5 oyuncu");
    }

    #[test]
    fn a_repositorys_file_adds_a_language_and_english_fills_its_gaps() {
        let own = "nav-ratings = Reitingu nimekiri\n";
        let estonian = Translations::new("et", Some(own)).unwrap();
        assert_eq!(estonian.text("nav-ratings"), "Reitingu nimekiri");
        assert_eq!(estonian.text("nav-tournaments"), "Tournaments");
        assert!(estonian.missing().contains(&"nav-tournaments".to_string()));
        assert!(!estonian.missing().contains(&"nav-ratings".to_string()));
    }

    #[test]
    fn a_broken_file_is_reported_with_its_line_and_column() {
        let problems = Translations::new("fi", Some("ok = fine\nbroken = { ! }\n")).unwrap_err();
        assert_eq!(problems.len(), 1);
        assert_eq!((problems[0].line, problems[0].column), (2, 12));
    }

    #[test]
    fn numbers_take_each_languages_decimal_separator_and_signs() {
        // CLDR: English 5.5; Finnish and Turkish a decimal comma, Finnish
        // the minus sign U+2212.
        assert_eq!(decimal("en", "5.5"), "5.5");
        assert_eq!(decimal("en", "-0.25"), "-0.25");
        assert_eq!(decimal("fi", "5.5"), "5,5");
        assert_eq!(decimal("fi-FI", "1.25"), "1,25");
        assert_eq!(decimal("fi", "-0.25"), "\u{2212}0,25");
        assert_eq!(decimal("tr", "1.25"), "1,25");
        assert_eq!(decimal("tr", "+12.50"), "+12,50");
        assert_eq!(decimal("tr", "-3.5"), "-3,5");
        // A change the pages write with a real minus sign: Finnish's own
        // minus is that sign; Turkish and English keep it.
        assert_eq!(decimal("fi", "−2.24"), "\u{2212}2,24");
        assert_eq!(decimal("tr", "−2.24"), "\u{2212}2,24");
        assert_eq!(decimal("en", "−2.24"), "\u{2212}2.24");
        // No grouping; not a number, as it is.
        assert_eq!(decimal("fi", "12345.5"), "12345,5");
        assert_eq!(decimal("fi", "5½"), "5½");
        assert_eq!(decimal("fi", "—"), "—");
        assert_eq!(decimal("fi", ""), "");
        let finnish = Translations::new("fi", None).unwrap();
        assert_eq!(finnish.decimal("0.75"), "0,75");
    }

    #[test]
    fn an_unknown_key_shows_itself_rather_than_nothing() {
        assert_eq!(Translations::english().text("no-such-key"), "no-such-key");
    }
}
