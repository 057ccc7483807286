//! `ratingbook init`: a new association's data repository, ready to build
//! and to review in CI: a commented `ratingbook.toml`, an example tournament
//! with its two players (unless `--empty`), `.gitignore`, workflow files for
//! GitHub Actions and GitLab CI with the script they install ratingbook with,
//! and `MAINTAINING.md`, the maintainers' guide.
//!
//! The workflows install exactly the version that wrote them ([`VERSION`]):
//! the release binary, checked against its SHA-256, or `cargo install` of
//! that version where the release has none; never the newest.
//!
//! The example is an example, never real data: it is dated a year before the
//! init date (so it never overlaps a first real event), marked illustrative
//! (every page says its results are invented) and named "Example ...";
//! `MAINTAINING.md` names its files to remove.
//!
//! The files' texts live beside this module (`files/`), with `{name}` marks
//! filled in here.

use std::path::{Path, PathBuf};

/// The version of ratingbook that writes the repository, which its
/// workflows install.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The command the workflows run to install ratingbook unless `--install`
/// gives another: the script `init` writes, at [`VERSION`].
pub const DEFAULT_INSTALL: &str =
    concat!("sh ci/install-ratingbook.sh ", env!("CARGO_PKG_VERSION"));

/// What the new repository is for.
#[derive(Debug, Clone)]
pub struct InitOptions {
    /// The association's name.
    pub association: String,
    /// The site's title.
    pub title: String,
    /// The site's language tag.
    pub language: String,
    /// The init date; the example tournament is dated a year before it.
    pub date: crate::model::Date,
    /// Without the example tournament and its two players.
    pub empty: bool,
    /// The command CI runs to install ratingbook.
    pub install: String,
}

/// Why the repository was not written.
#[derive(Debug, thiserror::Error)]
pub enum InitError {
    /// The folder already has files.
    #[error("{0} is not empty; choose a new folder (init never overwrites files)")]
    NotEmpty(String),
    /// An argument would make a file that `check` rejects.
    #[error("{option} {message}: {hint}")]
    Argument {
        /// The option, e.g. `--association`.
        option: &'static str,
        /// What is wrong with its value.
        message: String,
        /// How to fix it.
        hint: String,
    },
    /// A symbolic link where a file was to be written.
    #[error(transparent)]
    Link(#[from] crate::atomic_write::LinkRefused),
    /// Writing failed.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
}

/// The example players' files (path under `data/players/`, content).
const EXAMPLE_PLAYERS: [(&str, &str); 2] = [
    ("example-anna", include_str!("files/player-1.toml")),
    ("example-mikko", include_str!("files/player-2.toml")),
];

/// The example tournament's date: a year before `date` (28 February for a
/// 29 February), so a first real event on the init date never overlaps it.
pub fn example_date(date: crate::model::Date) -> crate::model::Date {
    let year = date.year - 1;
    crate::model::Date::new(year, date.month, date.day)
        .or_else(|| crate::model::Date::new(year, date.month, date.day - 1))
        .unwrap_or(date)
}

/// The example tournament's path without extension, e.g.
/// `data/tournaments/2025/example-club-championship-2025`.
fn example_tournament(options: &InitOptions) -> String {
    let year = example_date(options.date).year;
    format!("data/tournaments/{year}/example-club-championship-{year}")
}

/// `MAINTAINING.md`'s paragraph on the example: the files to remove.
fn example_paragraph(options: &InitOptions) -> String {
    if options.empty {
        return String::new();
    }
    let tournament = example_tournament(options);
    let players: Vec<String> = EXAMPLE_PLAYERS
        .iter()
        .map(|(id, _)| format!("`data/players/{id}.toml`"))
        .collect();
    format!(
        "## The example\n\n\
         `ratingbook init` wrote an example so that the site is not empty: the\n\
         tournament `{tournament}.toml` and `.csv`, dated a year\n\
         before the repository began and marked `illustrative = true` (its pages say\n\
         the results are invented), and its two players {}.\n\
         Remove these four files (`git rm`) in the pull request that adds your first\n\
         real results.\n\n",
        players.join(" and ")
    )
}

/// The files of a new repository: path relative to its root, and content.
pub fn files(options: &InitOptions) -> Vec<(PathBuf, String)> {
    let example = example_date(options.date);
    let marks = [
        ("{title}", toml_string_body(&options.title)),
        ("{association}", toml_string_body(&options.association)),
        ("{language}", toml_string_body(&options.language)),
        ("{install}", yaml_string_body(&options.install)),
        ("{version}", VERSION.to_string()),
        ("{year}", example.year.to_string()),
        ("{date}", example.to_string()),
    ];
    let fill = |text: &str| fill_marks(text, &marks);
    let mut files: Vec<(PathBuf, String)> = vec![
        (
            "ratingbook.toml".into(),
            fill(include_str!("files/ratingbook.toml")),
        ),
        (".gitignore".into(), include_str!("files/gitignore").into()),
        (
            ".github/workflows/ratingbook.yml".into(),
            fill(include_str!("files/github-workflow.yml")),
        ),
        (
            ".gitlab-ci.yml".into(),
            fill(include_str!("files/gitlab-ci.yml")),
        ),
        (
            "ci/install-ratingbook.sh".into(),
            include_str!("files/install-ratingbook.sh").into(),
        ),
        (
            "MAINTAINING.md".into(),
            fill_marks(
                include_str!("files/MAINTAINING.md"),
                &[
                    ("{association}", options.association.clone()),
                    ("{version}", VERSION.to_string()),
                    ("{example}", example_paragraph(options)),
                ],
            ),
        ),
    ];
    if !options.empty {
        for (id, text) in EXAMPLE_PLAYERS {
            files.push((format!("data/players/{id}.toml").into(), text.into()));
        }
        let tournament = example_tournament(options);
        files.push((
            format!("{tournament}.toml").into(),
            fill(include_str!("files/tournament.toml")),
        ));
        files.push((
            format!("{tournament}.csv").into(),
            include_str!("files/tournament.csv").into(),
        ));
    }
    files
}

/// `text` with each mark replaced by its value, in one pass: a value that
/// holds a mark (a title `{install}`) is not filled again.
fn fill_marks(text: &str, marks: &[(&str, String)]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('{') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        match marks.iter().find(|(mark, _)| rest.starts_with(mark)) {
            Some((mark, value)) => {
                out.push_str(value);
                rest = &rest[mark.len()..];
            }
            None => {
                out.push('{');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Refuses arguments that would make files `check` rejects: control
/// characters (a line break, ...) in any of them, and whatever `check`'s
/// rules for `ratingbook.toml` find in the settings they fill in.
pub fn validate(options: &InitOptions) -> Result<(), InitError> {
    let arguments = [
        ("--association", &options.association),
        ("--title", &options.title),
        ("--language", &options.language),
        ("--install", &options.install),
    ];
    for (option, text) in arguments {
        if let Some((_, c)) = crate::text::forbidden_char(text, false) {
            return Err(InitError::Argument {
                option,
                message: format!(
                    "contains a control character or text override ({})",
                    crate::text::char_name(c)
                ),
                hint: "remove it; it is a single line of plain text".into(),
            });
        }
    }
    let config = files(options)
        .into_iter()
        .find(|(path, _)| path == Path::new(crate::load::CONFIG_FILE))
        .map(|(_, text)| text)
        .unwrap_or_default();
    let parsed =
        toml::from_str::<crate::config::Config>(&config).map_err(|e| InitError::Argument {
            option: "--association",
            message: format!(
                "makes a ratingbook.toml that does not read: {}",
                e.message()
            ),
            hint: "report this as a bug in ratingbook, with the arguments given".into(),
        })?;
    match parsed.problems().into_iter().next() {
        Some(problem) => Err(InitError::Argument {
            option: match problem.key {
                "title" => "--title",
                "language" => "--language",
                _ => "--association",
            },
            message: problem.message,
            hint: problem.hint,
        }),
        None => Ok(()),
    }
}

/// The inside of a TOML basic string holding `text`.
fn toml_string_body(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", u32::from(c))),
            c => out.push(c),
        }
    }
    out
}

/// The inside of a YAML double-quoted string holding `text`.
fn yaml_string_body(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', " ")
}

/// Writes a new repository into `dir` (created if needed, and must be
/// empty), after [`validate`]; never through a symbolic link.
pub fn write_repository(dir: &Path, options: &InitOptions) -> Result<Vec<PathBuf>, InitError> {
    validate(options)?;
    let not_empty = std::fs::read_dir(dir).is_ok_and(|mut entries| entries.next().is_some());
    if not_empty {
        return Err(InitError::NotEmpty(dir.display().to_string()));
    }
    let mut written = Vec::new();
    for (relative, content) in files(options) {
        let path = dir.join(&relative);
        let write = || -> std::io::Result<()> {
            std::fs::create_dir_all(dir)?;
            crate::atomic_write::create_new_file_in(dir, &path, content.as_bytes())
        };
        write().map_err(|e| match crate::atomic_write::LinkRefused::taken_from(e) {
            Ok(link) => InitError::Link(link),
            Err(source) => InitError::Write {
                path: path.display().to_string(),
                source,
            },
        })?;
        written.push(relative);
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_is_a_year_before_the_init_date() {
        let date = |y, m, d| crate::model::Date::new(y, m, d).unwrap();
        assert_eq!(example_date(date(2026, 11, 28)), date(2025, 11, 28));
        assert_eq!(example_date(date(2028, 2, 29)), date(2027, 2, 28));
    }

    #[test]
    fn names_with_quotes_stay_valid_toml_and_yaml() {
        let options = InitOptions {
            association: "Club \"Go\" ry".into(),
            title: "Ratings \\ \"Go\"".into(),
            language: "fi".into(),
            date: crate::model::Date::new(2026, 4, 11).unwrap(),
            install: "cargo install --locked \"ratingbook\"".into(),
            empty: false,
        };
        let files = files(&options);
        let config = &files
            .iter()
            .find(|(p, _)| p == Path::new("ratingbook.toml"))
            .unwrap()
            .1;
        let value: toml::Table = toml::from_str(config).unwrap();
        assert_eq!(value["site"]["title"].as_str(), Some("Ratings \\ \"Go\""));
        assert_eq!(
            value["site"]["association"].as_str(),
            Some("Club \"Go\" ry")
        );
    }
}
