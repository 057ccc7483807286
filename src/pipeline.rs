//! The whole pipeline, in order: load and check the repository, rate it,
//! render every output, write the site (or one SQL dump).

use crate::diagnostic::{self, Diagnostic};
use crate::{check, load, publish, rating, render, sql, standings};
use std::path::Path;

/// A repository loaded and checked.
#[derive(Debug)]
pub struct Checked {
    /// What was loaded.
    pub loaded: load::Loaded,
    /// Every problem, loading and cross-file, sorted.
    pub diagnostics: Vec<Diagnostic>,
}

impl Checked {
    /// Number of errors.
    pub fn error_count(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.is_error()).count()
    }
}

/// Loads the repository at `root` and runs every check.
pub fn check_repository(root: &Path) -> Checked {
    let mut loaded = load::load_repository(root);
    let mut diagnostics = std::mem::take(&mut loaded.diagnostics);
    diagnostics.extend(standings::check_ids(
        &loaded.config.standings.tiebreaks,
        Path::new("ratingbook.toml"),
        "standings.tiebreaks",
    ));
    diagnostics.extend(check::check_dataset(
        &loaded.dataset,
        &loaded.unreadable_players,
    ));
    diagnostic::sort(&mut diagnostics);
    Checked {
        loaded,
        diagnostics,
    }
}

/// Why a build did not produce a site.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// The data has errors; nothing was written.
    #[error("the data has {errors} error(s); site not written")]
    InvalidData {
        /// Number of errors.
        errors: usize,
        /// All diagnostics (errors and warnings).
        diagnostics: Vec<Diagnostic>,
    },
    /// Templates could not be read.
    #[error(transparent)]
    Templates(#[from] render::templates::TemplateReadError),
    /// A template failed; nothing was written.
    #[error(transparent)]
    Render(#[from] render::RenderError),
    /// The site could not be put in place (or another build holds it).
    #[error(transparent)]
    Publish(#[from] publish::PublishError),
}

/// What a successful build did.
#[derive(Debug)]
pub struct BuildReport {
    /// Warnings found by the checks.
    pub warnings: Vec<Diagnostic>,
    /// Files in the site.
    pub files: usize,
    /// What changed on disk.
    pub written: publish::WriteReport,
    /// Wall time of each phase, in order.
    pub timings: Vec<(&'static str, std::time::Duration)>,
}

/// Checks, rates and renders the repository at `root` into `out`, one build
/// of `out` at a time. `out` changes only if everything succeeded, and then
/// in one atomic step, with new bytes only in files whose content changed.
/// `tick` is called once per rendered page (for progress display).
pub fn build_repository(
    root: &Path,
    out: &Path,
    tick: &(dyn Fn() + Sync),
) -> Result<BuildReport, BuildError> {
    let _lock = publish::BuildLock::acquire(out)?;
    let mut timings = Vec::new();
    let mut clock = std::time::Instant::now();
    let mut lap = |name: &'static str| {
        timings.push((name, clock.elapsed()));
        clock = std::time::Instant::now();
    };
    let checked = check_repository(root);
    lap("load and check");
    let errors = checked.error_count();
    if errors > 0 {
        return Err(BuildError::InvalidData {
            errors,
            diagnostics: checked.diagnostics,
        });
    }
    let loaded = checked.loaded;
    let ratings = rating::rate(&loaded.dataset, &loaded.config.rating);
    lap("rate");
    let templates = render::templates::TemplateSet::load(&root.join("templates"))?;
    let pages = render::pages::load_pages(&root.join("data").join("pages")).map_err(|e| {
        render::RenderError {
            template: e.path.clone(),
            message: e.message.clone(),
        }
    })?;
    let files = render::render_site_with_pages(
        &loaded.dataset,
        &ratings,
        &loaded.config,
        &templates,
        &render::Content {
            pages: &pages,
            surveys: &loaded.surveys,
        },
        tick,
    )?;
    lap("render");
    let written = publish::publish_site(out, &files)?;
    lap("write");
    Ok(BuildReport {
        warnings: checked.diagnostics,
        files: files.len(),
        written,
        timings,
    })
}

/// A dump written by [`dump_repository`].
#[derive(Debug)]
pub struct DumpReport {
    /// The SQL text.
    pub text: String,
    /// Warnings found by the checks.
    pub warnings: Vec<Diagnostic>,
}

/// Checks and rates the repository at `root` and writes its dump for `dialect`
/// (the repository's `templates/sql/ratingbook.sql` overrides the built-in one).
pub fn dump_repository(root: &Path, dialect: sql::Dialect) -> Result<DumpReport, BuildError> {
    let checked = check_repository(root);
    let errors = checked.error_count();
    if errors > 0 {
        return Err(BuildError::InvalidData {
            errors,
            diagnostics: checked.diagnostics,
        });
    }
    let loaded = checked.loaded;
    let ratings = rating::rate(&loaded.dataset, &loaded.config.rating);
    let templates = render::templates::TemplateSet::load(&root.join("templates"))?;
    let tera = templates
        .engine()
        .map_err(|e| render::RenderError::new("(compiling templates)", &e))?;
    let dump = sql::SqlDump::new(&loaded.dataset, &ratings);
    let text = sql::render(&tera, &dump, dialect)
        .map_err(|e| render::RenderError::new(sql::TEMPLATE, &e))?;
    Ok(DumpReport {
        text,
        warnings: checked.diagnostics,
    })
}
