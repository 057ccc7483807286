//! The tera templates: the repository's `templates/` over built-in defaults,
//! and the engine with the project's escaping filters.

use std::collections::{BTreeMap, BTreeSet};

/// Built-in templates and static files, used where the repository has none of its own.
const BUILT_IN: &[(&str, &str)] = &[
    (
        "html/base.html",
        include_str!("../../templates/html/base.html"),
    ),
    (
        "html/index.html",
        include_str!("../../templates/html/index.html"),
    ),
    (
        "html/ratings.html",
        include_str!("../../templates/html/ratings.html"),
    ),
    (
        "html/player.html",
        include_str!("../../templates/html/player.html"),
    ),
    (
        "html/tournament.html",
        include_str!("../../templates/html/tournament.html"),
    ),
    (
        "html/round.html",
        include_str!("../../templates/html/round.html"),
    ),
    (
        "html/cards.html",
        include_str!("../../templates/html/cards.html"),
    ),
    (
        "html/tournaments.html",
        include_str!("../../templates/html/tournaments.html"),
    ),
    (
        "html/survey.html",
        include_str!("../../templates/html/survey.html"),
    ),
    (
        "html/surveys.html",
        include_str!("../../templates/html/surveys.html"),
    ),
    ("md/survey.md", include_str!("../../templates/md/survey.md")),
    (
        "html/page.html",
        include_str!("../../templates/html/page.html"),
    ),
    (
        "html/rules.html",
        include_str!("../../templates/html/rules.html"),
    ),
    (
        "html/methods.html",
        include_str!("../../templates/html/methods.html"),
    ),
    (
        "html/pool.html",
        include_str!("../../templates/html/pool.html"),
    ),
    (
        "html/system-rules.html",
        include_str!("../../templates/html/system-rules.html"),
    ),
    (
        "html/search.html",
        include_str!("../../templates/html/search.html"),
    ),
    (
        "html/downloads.html",
        include_str!("../../templates/html/downloads.html"),
    ),
    (
        "html/404.html",
        include_str!("../../templates/html/404.html"),
    ),
    (
        "html/archive.html",
        include_str!("../../templates/html/archive.html"),
    ),
    (
        "static/site.js",
        include_str!("../../templates/static/site.js"),
    ),
    (
        "static/favicon.svg",
        include_str!("../../templates/static/favicon.svg"),
    ),
    (
        "md/ratings.md",
        include_str!("../../templates/md/ratings.md"),
    ),
    (
        "md/tournament.md",
        include_str!("../../templates/md/tournament.md"),
    ),
    (
        "sql/ratingbook.sql",
        include_str!("../../templates/sql/ratingbook.sql"),
    ),
    (
        "static/style.css",
        include_str!("../../templates/static/style.css"),
    ),
];

/// Templates and static files by name (`html/player.html`, `static/style.css`).
#[derive(Debug, Default, Clone)]
pub struct TemplateSet {
    /// Template sources by name.
    pub templates: BTreeMap<String, String>,
    /// Static files copied to the site as they are, by path under `static/`.
    pub statics: BTreeMap<String, Vec<u8>>,
    /// The repository's own message files, by name under `translations/`
    /// (`fi.ftl`); the built-in languages are in [`crate::translate`].
    pub translations: BTreeMap<String, String>,
}

impl TemplateSet {
    /// The built-in set.
    pub fn built_in() -> TemplateSet {
        let mut set = TemplateSet::default();
        for (name, text) in BUILT_IN {
            set.insert(name, text.as_bytes().to_vec());
        }
        set
    }

    /// The built-in set overridden by the repository's files (by name, as
    /// `load` reads them from `templates/`).
    pub fn with_overrides(files: &BTreeMap<String, Vec<u8>>) -> TemplateSet {
        let mut set = TemplateSet::built_in();
        for (name, bytes) in files {
            set.insert(name, bytes.clone());
        }
        set
    }

    fn insert(&mut self, name: &str, bytes: Vec<u8>) {
        if let Some(rest) = name.strip_prefix("static/") {
            self.statics.insert(rest.to_string(), bytes);
        } else if let Some(rest) = name.strip_prefix("translations/") {
            self.translations.insert(
                rest.to_string(),
                String::from_utf8_lossy(&bytes).into_owned(),
            );
        } else if name.starts_with("html/") || name.starts_with("md/") || name.starts_with("sql/") {
            self.templates.insert(
                name.to_string(),
                String::from_utf8_lossy(&bytes).into_owned(),
            );
        }
    }

    /// Whether the template `name` is the built-in one (not overridden).
    pub fn is_built_in(&self, name: &str) -> bool {
        BUILT_IN.iter().any(|(n, text)| {
            *n == name && self.templates.get(name).map(String::as_str) == Some(*text)
        })
    }

    /// The templates whose output may show the date of the current lists
    /// (`site.as_of`): those that name it or use `site` other than through
    /// one of its fields, and those that name (to extend, include or import)
    /// a template that does. Every other page is made without the date, so
    /// that a tournament on a newer date does not change every page.
    pub fn dated_templates(&self) -> BTreeSet<String> {
        let mut dated: BTreeSet<String> = self
            .templates
            .iter()
            .filter(|(_, text)| shows_list_date(text))
            .map(|(name, _)| name.clone())
            .collect();
        loop {
            let pulling_in: Vec<String> = self
                .templates
                .iter()
                .filter(|(name, text)| {
                    !dated.contains(*name) && dated.iter().any(|d| text.contains(d.as_str()))
                })
                .map(|(name, _)| name.clone())
                .collect();
            if pulling_in.is_empty() {
                return dated;
            }
            dated.extend(pulling_in);
        }
    }

    /// Compiles the templates into a tera engine with the project's filters
    /// and the words of `language` (the function `t`, see [`translations`]).
    ///
    /// [`translations`]: TemplateSet::translations_for
    pub fn engine(&self, language: &str) -> Result<tera::Tera, tera::Error> {
        let translations = self.translations_for(language).map_err(|problems| {
            let first = problems
                .first()
                .map(|p| format!("line {}, column {}: {}", p.line, p.column, p.message));
            tera::Error::message(format!(
                "templates/{}: {}",
                crate::translate::file_name(language),
                first.unwrap_or_default()
            ))
        })?;
        self.engine_with(std::sync::Arc::new(translations))
    }

    /// Compiles the templates into a tera engine with the project's filters
    /// and the function `t` giving the words of `translations`.
    pub fn engine_with(
        &self,
        translations: std::sync::Arc<crate::translate::Translations>,
    ) -> Result<tera::Tera, tera::Error> {
        let mut tera = new_engine();
        register_translations(&mut tera, translations);
        tera.add_raw_templates(self.templates.iter().map(|(k, v)| (k.as_str(), v.as_str())))?;
        Ok(tera)
    }

    /// The words of `language`: the repository's own file for it
    /// (`templates/translations/<language>.ftl`) over the built-in one,
    /// over English; the file's problems with their places.
    pub fn translations_for(
        &self,
        language: &str,
    ) -> Result<crate::translate::Translations, Vec<crate::translate::FileProblem>> {
        let primary = crate::translate::primary_language(language);
        let own = self.translations.get(&format!("{primary}.ftl"));
        crate::translate::Translations::new(language, own.map(String::as_str))
    }
}

/// Whether a template's own text may show `site.as_of`: it names `as_of`,
/// or a tag of it uses `site` whole (`{{ site }}`, `site["…"]`, a loop
/// over it) rather than one of its fields.
fn shows_list_date(text: &str) -> bool {
    text.contains("as_of") || tags(text).any(uses_site_whole)
}

/// The insides of a template's `{{ … }}` and `{% … %}` tags.
fn tags(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || loop {
        let start = rest.find('{')?;
        let close = match rest[start + 1..].chars().next() {
            Some('{') => "}}",
            Some('%') => "%}",
            _ => {
                rest = &rest[start + 1..];
                continue;
            }
        };
        let inside = &rest[start + 2..];
        let end = inside.find(close).unwrap_or(inside.len());
        rest = &inside[end..];
        return Some(&inside[..end]);
    })
}

/// Whether the tag `inside` uses the variable `site` other than as `site.field`.
fn uses_site_whole(inside: &str) -> bool {
    let is_name = |c: char| c.is_alphanumeric() || c == '_';
    inside.match_indices("site").any(|(at, _)| {
        let before = inside[..at].chars().next_back();
        let after = inside[at + 4..].trim_start().chars().next();
        !before.is_some_and(|c| is_name(c) || c == '.')
            && !after.is_some_and(|c| is_name(c) || c == '.')
    })
}

/// Every problem of the repository's own templates, by template name. The
/// whole set is compiled; the template an error names is set aside and the
/// rest compiled again, so every broken template is found, not just the first.
pub fn template_problems(files: &BTreeMap<String, Vec<u8>>) -> Vec<(String, String)> {
    let mut problems = Vec::new();
    let mut remaining: BTreeMap<String, Vec<u8>> = BTreeMap::new();
    for (name, bytes) in files {
        let is_template = ["html/", "md/", "sql/"].iter().any(|p| name.starts_with(p));
        if is_template && std::str::from_utf8(bytes).is_err() {
            problems.push((name.clone(), "the template is not valid UTF-8".to_string()));
        } else {
            remaining.insert(name.clone(), bytes.clone());
        }
    }
    while let Err(e) = TemplateSet::with_overrides(&remaining).engine("en") {
        let message = error_text(&e);
        let culprit = remaining
            .keys()
            .find(|name| {
                message.contains(&format!("'{name}'")) || message.contains(&format!("--> {name}:"))
            })
            .cloned();
        match culprit {
            Some(name) => {
                remaining.remove(&name);
                problems.push((name, message));
            }
            None => {
                problems.push((String::new(), message));
                break;
            }
        }
    }
    problems
}

/// A tera error with its causes, on one line each.
pub fn error_text(error: &tera::Error) -> String {
    let mut text = error.to_string();
    let mut source = std::error::Error::source(error);
    while let Some(cause) = source {
        text.push_str(&format!("\n{cause}"));
        source = cause.source();
    }
    text
}

/// An empty tera engine with the project's escaping rules and filters:
/// autoescape for HTML, XML and SVG (by [`super::format::write_html_escaped`]); `sql` (a literal for the template's
/// dialect), `md` (Markdown-escaped text) and `count` (a number with its
/// noun in the form the number takes: `{{ n | count(noun="round") }}` gives
/// `1 round`, `3 rounds`; [`crate::text::count`]).
pub fn new_engine() -> tera::Tera {
    let mut tera = tera::Tera::new();
    tera.autoescape_on(vec![".html", ".xml", ".svg"]);
    tera.set_escape_fn(super::format::write_html_escaped);
    tera.register_filter(
        "sql",
        |value: &tera::Value, _: tera::Kwargs, state: &tera::State| {
            crate::sql::literal(value, crate::sql::dialect_of(state))
        },
    );
    tera.register_filter("md", |value: &str, _: tera::Kwargs, _: &tera::State| {
        super::format::markdown_text(value)
    });
    tera.register_filter(
        "count",
        |value: &tera::Value, kwargs: tera::Kwargs, _: &tera::State| {
            let noun: &str = kwargs.must_get("noun")?;
            Ok::<_, tera::Error>(crate::text::count(value, noun))
        },
    );
    tera
}

/// The template function `t`: `{{ t(key="nav-ratings") }}` gives the
/// message in the site's language; further arguments are put into it
/// (`{{ t(key="count-players", count=n) }}`: a number also chooses the
/// plural form).
///
/// The filter `decimal` writes a number as the site's language does:
/// `{{ row.expected | decimal }}` is `3.45` in English, `3,45` in Finnish.
fn register_translations(
    tera: &mut tera::Tera,
    translations: std::sync::Arc<crate::translate::Translations>,
) {
    let numbers = translations.clone();
    tera.register_filter(
        "decimal",
        move |value: &tera::Value, _: tera::Kwargs, _: &tera::State| {
            let text = match value.as_str() {
                Some(text) => text.to_string(),
                None => value.to_string(),
            };
            numbers.decimal(&text)
        },
    );
    tera.register_function("t", move |kwargs: tera::Kwargs, _: &tera::State| {
        let key: &str = kwargs.must_get("key")?;
        let mut numbers: Vec<(String, i64)> = Vec::new();
        let mut texts: Vec<(String, String)> = Vec::new();
        for (name, value) in kwargs.iter() {
            let Some(name) = name.as_str().filter(|n| *n != "key") else {
                continue;
            };
            match (value.as_i128(), value.as_str()) {
                (Some(n), _) => {
                    numbers.push((name.to_string(), i64::try_from(n).unwrap_or(i64::MAX)))
                }
                (None, Some(text)) => texts.push((name.to_string(), text.to_string())),
                (None, None) => texts.push((name.to_string(), value.to_string())),
            }
        }
        let args: Vec<(&str, crate::translate::Arg)> = numbers
            .iter()
            .map(|(k, n)| (k.as_str(), crate::translate::Arg::Number(*n)))
            .chain(
                texts
                    .iter()
                    .map(|(k, t)| (k.as_str(), crate::translate::Arg::Text(t))),
            )
            .collect();
        Ok::<_, tera::Error>(translations.with(key, &args))
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set_with(name: &str, text: &str) -> TemplateSet {
        let mut files = BTreeMap::new();
        files.insert(name.to_string(), text.as_bytes().to_vec());
        TemplateSet::with_overrides(&files)
    }

    #[test]
    fn only_the_front_page_shows_the_list_date() {
        let dated: Vec<String> = TemplateSet::built_in()
            .dated_templates()
            .into_iter()
            .collect();
        assert_eq!(dated, ["html/index.html"]);
    }

    #[test]
    fn a_layout_showing_the_date_dates_every_page_built_on_it() {
        let set = set_with(
            "html/base.html",
            "<footer>{{ site.as_of_text }}</footer>{% block content %}{% endblock content %}",
        );
        let dated = set.dated_templates();
        for page in ["html/player.html", "html/tournament.html", "html/base.html"] {
            assert!(dated.contains(page), "{page}: {dated:?}");
        }
        assert!(!dated.contains("md/tournament.md"));
    }

    #[test]
    fn site_used_whole_counts_as_showing_the_date_and_its_fields_do_not() {
        for text in [
            "{{ site }}",
            "{{ site | json_encode }}",
            "{% for key, value in site %}{{ value }}{% endfor %}",
            "{{ site[\"as\" ~ \"_of\"] }}",
            "{% set s = site %}{{ s.title }}",
        ] {
            assert!(shows_list_date(text), "{text}");
        }
        for text in [
            "{{ site.title }} {{ site . lang }}",
            "<input id=\"site-search\"> {{ website }} {{ site_name }}",
            "{ site } {{ player.site }}",
        ] {
            assert!(!shows_list_date(text), "{text}");
        }
    }
}
