//! Loading the tera templates: the repository's `templates/` over built-in defaults.

use std::collections::BTreeMap;
use std::path::Path;

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
}

/// An error reading a template directory.
#[derive(Debug, thiserror::Error)]
#[error("cannot read template {path}: {source}")]
pub struct TemplateReadError {
    /// The file.
    pub path: String,
    /// Why.
    pub source: std::io::Error,
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

    /// The built-in set overridden by files under `dir`, if it exists.
    pub fn load(dir: &Path) -> Result<TemplateSet, TemplateReadError> {
        let mut set = TemplateSet::built_in();
        if !dir.is_dir() {
            return Ok(set);
        }
        for entry in walkdir::WalkDir::new(dir).sort_by_file_name() {
            let entry = entry.map_err(|e| TemplateReadError {
                path: dir.display().to_string(),
                source: e.into(),
            })?;
            if !entry.file_type().is_file() {
                continue;
            }
            let name = super::output::slash_path(dir, entry.path());
            let bytes = std::fs::read(entry.path()).map_err(|source| TemplateReadError {
                path: entry.path().display().to_string(),
                source,
            })?;
            set.insert(&name, bytes);
        }
        Ok(set)
    }

    fn insert(&mut self, name: &str, bytes: Vec<u8>) {
        if let Some(rest) = name.strip_prefix("static/") {
            self.statics.insert(rest.to_string(), bytes);
        } else if name.starts_with("html/") || name.starts_with("md/") || name.starts_with("sql/") {
            self.templates.insert(
                name.to_string(),
                String::from_utf8_lossy(&bytes).into_owned(),
            );
        }
    }

    /// Compiles the templates into a tera engine with the project's filters.
    pub fn engine(&self) -> Result<tera::Tera, tera::Error> {
        let mut tera = new_engine();
        tera.add_raw_templates(self.templates.iter().map(|(k, v)| (k.as_str(), v.as_str())))?;
        Ok(tera)
    }
}

/// An empty tera engine with the project's escaping rules and filters:
/// autoescape for HTML, XML and SVG; `sql` (a literal for the template's
/// dialect) and `md` (Markdown-escaped text).
pub fn new_engine() -> tera::Tera {
    let mut tera = tera::Tera::new();
    tera.autoescape_on(vec![".html", ".xml", ".svg"]);
    tera.register_filter(
        "sql",
        |value: &tera::Value, _: tera::Kwargs, state: &tera::State| {
            crate::sql::literal(value, crate::sql::dialect_of(state))
        },
    );
    tera.register_filter("md", |value: &str, _: tera::Kwargs, _: &tera::State| {
        super::format::markdown_text(value)
    });
    tera
}
