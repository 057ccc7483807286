//! The command-line edge: each subcommand's work, diagnostic printing, progress.
//!
//! `main.rs` only parses arguments ([`args`]) and hands them to [`run`], which
//! calls these functions; they print and return the process exit code.

mod args;
mod diff;
mod egd;
mod evaluate;
mod event;
mod export;
mod handicaps;
mod import;
mod import_fide;
mod import_legacy;
mod import_players;
mod manual;
mod new;
mod new_files;
mod pair_system;
mod pairing;
mod repository;
mod results;
mod run;
mod serve;
mod tiebreaks;

pub use args::Cli;
pub use diff::{diff, DiffArgs};
pub use egd::{export_egd, import_egd};
pub use evaluate::evaluate;
pub use event::{event_command, round_view};
pub use export::export_trf;
pub use handicaps::handicaps;
pub use import::{import, parse_mapping};
pub use import_fide::import_fide_list;
pub use import_legacy::{import_legacy, parse_legacy_date};
pub use import_players::{import_players, parse_pair};
pub use manual::{completions, generate_man};
pub use new::{new_player, new_tournament};
pub use new_files::{NewPlayer, NewTournament};
pub use pairing::{generate_trf, pair, pair_event};
pub use repository::{build, check, generate, init, sql};
pub use results::{results_add, results_correct};
pub use run::run;
pub use serve::serve;
pub use tiebreaks::tiebreaks;

use ratingbook::diagnostic::{Diagnostic, Severity};
use std::io::IsTerminal;
use std::path::Path;

/// How diagnostics are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum MessageFormat {
    /// Source excerpts with the place marked (default on a terminal).
    Fancy,
    /// One line per problem plus a `help:` line (default otherwise).
    Plain,
    /// One JSON object per line.
    Json,
    /// GitHub Actions workflow commands (`::error file=…,line=…::…`), so
    /// problems show on the pull request's changed lines.
    Github,
}

impl MessageFormat {
    /// The default for the current stderr.
    pub fn detect() -> MessageFormat {
        if std::io::stderr().is_terminal() {
            MessageFormat::Fancy
        } else {
            MessageFormat::Plain
        }
    }
}

/// Whether progress bars should be shown: on a terminal and not under CI.
pub fn show_progress() -> bool {
    std::io::stderr().is_terminal() && std::env::var_os("CI").is_none()
}

/// Formats one diagnostic; `root` is where relative file names are found.
pub fn format_diagnostic(d: &Diagnostic, root: &Path, format: MessageFormat) -> String {
    match format {
        MessageFormat::Plain => d.to_string(),
        MessageFormat::Json => serde_json::to_string(d).unwrap_or_default(),
        MessageFormat::Github => github(d, root),
        MessageFormat::Fancy => fancy(d, root).unwrap_or_else(|| d.to_string()),
    }
}

/// A GitHub Actions workflow command for `d`: `::error file=F,line=L,col=C,title=T::message`.
/// Files are named from the git repository's top when `root` is inside one,
/// as GitHub expects.
fn github(d: &Diagnostic, root: &Path) -> String {
    let level = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    let file = github_path(root, &d.file);
    let mut properties = vec![format!("file={}", github_property(&file))];
    if let Some(line) = d.line {
        properties.push(format!("line={line}"));
    }
    if let Some(column) = d.column {
        properties.push(format!("col={column}"));
    }
    let title = match &d.field {
        Some(field) => format!("ratingbook: {field}"),
        None => "ratingbook".to_string(),
    };
    properties.push(format!("title={}", github_property(&title)));
    let mut message = d.message.clone();
    if let Some(hint) = &d.hint {
        message.push_str(&format!("\nhelp: {hint}"));
    }
    format!(
        "::{level} {}::{}",
        properties.join(","),
        github_data(&message)
    )
}

/// The file's path from the top of the git repository holding `root` (or as
/// given when there is none), `/`-separated.
fn github_path(root: &Path, file: &Path) -> String {
    let prefix = std::process::Command::new("git")
        .arg("-C")
        .arg(root)
        .args(["rev-parse", "--show-prefix"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default();
    let relative = file
        .components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/");
    format!("{prefix}{relative}")
}

/// Escapes a workflow command's message: `%`, CR and LF.
fn github_data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a workflow command's property value: also `:` and `,`.
fn github_property(text: &str) -> String {
    github_data(text).replace(':', "%3A").replace(',', "%2C")
}

#[derive(Debug)]
struct Fancy {
    message: String,
    severity: miette::Severity,
    help: Option<String>,
    source: miette::NamedSource<String>,
    label: miette::LabeledSpan,
}

impl std::fmt::Display for Fancy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Fancy {}

impl miette::Diagnostic for Fancy {
    fn severity(&self) -> Option<miette::Severity> {
        Some(self.severity)
    }
    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn std::fmt::Display>)
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        Some(Box::new(std::iter::once(self.label.clone())))
    }
}

fn fancy(d: &Diagnostic, root: &Path) -> Option<String> {
    let line = d.line?;
    // Through the link policy: a refused link's target is never shown.
    let text = ratingbook::load::read_text(root, &root.join(&d.file), &d.file).ok()?;
    let line_start: usize = text
        .split_inclusive('\n')
        .take(line - 1)
        .map(str::len)
        .sum();
    let line_text = text[line_start..].lines().next().unwrap_or("");
    let offset = match d.column {
        Some(column) if is_csv(&d.file) => csv_field_offset(line_text, column),
        Some(column) => line_text
            .char_indices()
            .nth(column.saturating_sub(1))
            .map_or(line_text.len(), |(i, _)| i),
        None => 0,
    };
    let label_text = d.field.as_ref().map(|f| format!("field `{f}`"));
    let report = Fancy {
        message: format!("{}: {}", d.location(), d.message),
        severity: match d.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        },
        help: d.hint.clone(),
        source: miette::NamedSource::new(d.file.display().to_string(), text),
        label: miette::LabeledSpan::new(label_text, line_start + offset, 1),
    };
    let mut out = String::new();
    miette::GraphicalReportHandler::new()
        .render_report(&mut out, &report)
        .ok()?;
    Some(out)
}

fn is_csv(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "csv")
}

/// Byte offset of the n-th (1-based) comma-separated field in a line.
fn csv_field_offset(line: &str, field: usize) -> usize {
    let mut commas = 0;
    let mut quoted = false;
    for (i, c) in line.char_indices() {
        if commas + 1 == field {
            return i;
        }
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => commas += 1,
            _ => {}
        }
    }
    line.len()
}
