//! `check`, `build` and `generate`: the rating book's own commands.

use super::{format_diagnostic, show_progress, MessageFormat};
use ratingbook::diagnostic::Diagnostic;
use std::io::Write as _;
use std::path::Path;
use std::process::ExitCode;

/// Prints diagnostics in the chosen format.
pub fn print_diagnostics(diagnostics: &[Diagnostic], root: &Path, format: MessageFormat) {
    for d in diagnostics {
        eprintln!("{}", format_diagnostic(d, root, format));
    }
}

/// `1 error, 2 warnings`.
pub fn summary(diagnostics: &[Diagnostic]) -> String {
    use ratingbook::text::count;
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    let warnings = diagnostics.len() - errors;
    format!("{}, {}", count(errors, "error"), count(warnings, "warning"))
}

/// `ratingbook check`: prints every problem; fails on errors.
pub fn check(root: &Path, format: MessageFormat) -> ExitCode {
    let report = ratingbook::pipeline::check_report(root);
    print_diagnostics(&report.diagnostics, root, format);
    eprintln!("{}", checked_summary(&report));
    if report.diagnostics.iter().any(Diagnostic::is_error) {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// `checked 7 players and 1 tournament: 4 errors, 0 warnings`: what
/// `check` read, the files with errors included, and what it found; noting
/// when those are the latest build's findings.
fn checked_summary(report: &ratingbook::pipeline::CheckReport) -> String {
    use ratingbook::text::count;
    let as_built = if report.as_built {
        " (nothing changed since the last build)"
    } else {
        ""
    };
    format!(
        "checked {} and {}: {}{as_built}",
        count(report.players, "player"),
        count(report.tournaments, "tournament"),
        summary(&report.diagnostics)
    )
}

/// `ratingbook build`: checks, rates, renders, writes only what changed.
pub fn build(root: &Path, out: &Path, format: MessageFormat, timings: bool) -> ExitCode {
    let bar = show_progress().then(|| {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_message("rendering pages");
        bar
    });
    let tick = || {
        if let Some(bar) = &bar {
            bar.inc(1);
        }
    };
    let result = ratingbook::pipeline::build_repository(root, out, &tick);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    if print_build(&result, root, out, format, timings) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Prints what a build did, or why it did not; `true` when it succeeded.
pub(super) fn print_build(
    result: &Result<ratingbook::pipeline::BuildReport, ratingbook::pipeline::BuildError>,
    root: &Path,
    out: &Path,
    format: MessageFormat,
    timings: bool,
) -> bool {
    match result {
        Ok(report) => {
            print_diagnostics(&report.warnings, root, format);
            if timings {
                for phase in &report.timings {
                    eprintln!(
                        "{:>16}: {:.3} s, at most {} MiB in use",
                        phase.name,
                        phase.took.as_secs_f64(),
                        phase.peak_live_bytes >> 20
                    );
                }
                eprintln!(
                    "{:>16}: {} made, {} reused from the build cache",
                    "files", report.cached.rendered, report.cached.reused
                );
                let records = report.records;
                if records.parsed + records.taken_over > 0 {
                    eprintln!(
                        "{:>16}: {} parsed, {} taken over from the previous build",
                        "records", records.parsed, records.taken_over
                    );
                }
                if let Some(rated) = report.rated_again {
                    eprintln!(
                        "{:>16}: {} of {} tournaments taken over from the previous build, {} rated again",
                        "ratings",
                        rated.taken_over,
                        rated.tournaments,
                        rated.tournaments - rated.taken_over
                    );
                }
                let cached = report.cached;
                if cached.dump_pieces_reused + cached.dump_pieces_in_place > 0 {
                    eprintln!(
                        "{:>16}: {} pieces taken over from the published dumps, {} left in place",
                        "SQL", cached.dump_pieces_reused, cached.dump_pieces_in_place
                    );
                }
            }
            eprintln!(
                "built {} files into {}: {} written, {} unchanged, {} removed",
                report.files,
                out.display(),
                report.written.written,
                report.written.unchanged,
                report.written.removed
            );
            for note in &report.notes {
                eprintln!("note: {note}");
            }
            if let Some(warning) = &report.written.cleanup_warning {
                eprintln!("warning: {warning}");
            }
            true
        }
        Err(ratingbook::pipeline::BuildError::InvalidData { diagnostics, .. }) => {
            print_diagnostics(diagnostics, root, format);
            eprintln!("build stopped, site not changed: {}", summary(diagnostics));
            false
        }
        Err(e) => {
            eprintln!("error: {e}");
            eprintln!("build stopped, site not changed");
            false
        }
    }
}

/// `ratingbook generate`: writes a synthetic data repository.
pub fn generate(players: usize, tournaments: usize, seed: u64, out: &Path) -> ExitCode {
    match ratingbook::generate::write_repository(
        out,
        &ratingbook::generate::Options {
            players,
            tournaments,
            seed,
        },
    ) {
        Ok(stats) => {
            eprintln!(
                "wrote {}, {}, {} into {}",
                ratingbook::text::count(stats.players, "player"),
                ratingbook::text::count(stats.tournaments, "tournament"),
                ratingbook::text::count(stats.games, "game"),
                out.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `ratingbook sql`: checks, rates and writes one dialect's dump.
pub fn sql(
    root: &Path,
    dialect: ratingbook::sql::Dialect,
    out: Option<&Path>,
    format: MessageFormat,
) -> ExitCode {
    let written = match out {
        Some(path) => ratingbook::atomic_write::write_file_atomically_with(path, |file| {
            ratingbook::pipeline::dump_repository(root, dialect, file)
        }),
        None => {
            let stdout = std::io::stdout();
            let mut stdout = std::io::BufWriter::with_capacity(1 << 20, stdout.lock());
            ratingbook::pipeline::dump_repository(root, dialect, &mut stdout).and_then(|warnings| {
                stdout.flush()?;
                Ok(warnings)
            })
        }
    };
    let warnings = match written {
        Ok(warnings) => warnings,
        Err(ratingbook::pipeline::BuildError::InvalidData { diagnostics, .. }) => {
            print_diagnostics(&diagnostics, root, format);
            eprintln!("no dump written: {}", summary(&diagnostics));
            return ExitCode::FAILURE;
        }
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    print_diagnostics(&warnings, root, format);
    if let Some(path) = out {
        eprintln!("wrote the {dialect} dump to {}", path.display());
    }
    ExitCode::SUCCESS
}

/// `ratingbook init`: writes a new association's repository.
pub fn init(dir: &Path, options: &ratingbook::init::InitOptions) -> ExitCode {
    match ratingbook::init::write_repository(dir, options) {
        Ok(files) => {
            for file in &files {
                eprintln!("wrote {}", dir.join(file).display());
            }
            eprintln!(
                "\nnext: cd {dir} && ratingbook build   (the site is in site/index.html)\n\
                 then: git init && git add -A && git commit -m \"Rating book\", push, and read MAINTAINING.md",
                dir = dir.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
