//! The `ratingbook` command line: parses arguments, calls the library, prints diagnostics.

use clap::{Parser, Subcommand, ValueEnum};
use ratingbook::cli::{format_diagnostic, show_progress, MessageFormat};
use ratingbook::diagnostic::Diagnostic;
use ratingbook::handicap::{self, Basis, Grade, OutputFormat, SurveyOptions};
use ratingbook::sql::Dialect;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "ratingbook",
    version,
    about = "Rating book and tournament tools for a games association"
)]
struct Cli {
    /// How to print problems in the data (default: fancy on a terminal, plain otherwise).
    #[arg(long, global = true, value_enum)]
    message_format: Option<MessageFormat>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check the data repository and report every problem.
    Check {
        /// Root of the data repository (holds data/ and ratingbook.toml).
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
    /// Check, compute ratings and write the site (HTML, Markdown, SQL, CSV).
    Build {
        /// Root of the data repository.
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// Output folder (default: <root>/site).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Print the time each phase took.
        #[arg(long)]
        timings: bool,
    },
    /// Check, compute ratings and write the SQL dump for one database.
    Sql {
        /// Target database: sqlite, postgres (PostgreSQL) or mysql (MariaDB/MySQL).
        #[arg(long, value_enum, default_value_t = DialectArg::Sqlite)]
        dialect: DialectArg,
        /// Root of the data repository.
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// Write the dump to FILE instead of standard output.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// Write a synthetic data repository for tests and benchmarks.
    Generate {
        /// Number of players.
        #[arg(long, default_value_t = 200)]
        players: usize,
        /// Number of tournaments.
        #[arg(long, default_value_t = 20)]
        tournaments: usize,
        /// Random seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Folder to write (created; must be empty or absent).
        #[arg(long)]
        out: PathBuf,
    },
    /// Estimate grades from a handicap survey and suggest promotions and demotions.
    Handicaps {
        /// The survey CSV: header `,id1,id2,…`, then one row of opinions (stones) per player.
        survey: PathBuf,
        /// Root of the data repository: nominal grades and names come from its player files.
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// A player's nominal grade, ID=GRADE (e.g. ikonen-jussi=3k); overrides the player file.
        #[arg(long = "grade", value_name = "ID=GRADE", value_parser = handicap::parse_grade_assignment)]
        grades: Vec<(String, Grade)>,
        /// Suggest a grade change when |estimate − nominal| reaches this many grades.
        #[arg(long, default_value_t = 1.0)]
        threshold: f64,
        /// Which estimate the suggestions follow.
        #[arg(long, value_enum, default_value_t = BasisArg::Seed)]
        basis: BasisArg,
        /// Output format.
        #[arg(long, value_enum, default_value_t = FormatArg::Text)]
        format: FormatArg,
        /// Write the report to FILE instead of standard output.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum DialectArg {
    Sqlite,
    #[value(alias = "postgresql")]
    Postgres,
    #[value(alias = "mariadb")]
    Mysql,
}

impl From<DialectArg> for Dialect {
    fn from(d: DialectArg) -> Dialect {
        match d {
            DialectArg::Sqlite => Dialect::Sqlite,
            DialectArg::Postgres => Dialect::Postgres,
            DialectArg::Mysql => Dialect::Mysql,
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum FormatArg {
    Text,
    Markdown,
    Html,
}

#[derive(Clone, Copy, ValueEnum)]
enum BasisArg {
    Seed,
    LeastSquares,
}

fn main() -> ExitCode {
    // Keep file:line:column locations and hyphenated ids whole: let the
    // terminal wrap long messages instead of miette.
    let _ = miette::set_hook(Box::new(|_| {
        Box::new(miette::MietteHandlerOpts::new().wrap_lines(false).build())
    }));
    let cli = Cli::parse();
    let format = cli.message_format.unwrap_or_else(MessageFormat::detect);
    match cli.command {
        Command::Check { root } => check(&root, format),
        Command::Build { root, out, timings } => {
            let out = out.unwrap_or_else(|| root.join("site"));
            build(&root, &out, format, timings)
        }
        Command::Sql { dialect, root, out } => sql(&root, dialect.into(), out.as_deref(), format),
        Command::Generate {
            players,
            tournaments,
            seed,
            out,
        } => generate(players, tournaments, seed, &out),
        Command::Handicaps {
            survey,
            root,
            grades,
            threshold,
            basis,
            format,
            out,
        } => {
            let options = SurveyOptions {
                threshold,
                basis: match basis {
                    BasisArg::Seed => Basis::Seed,
                    BasisArg::LeastSquares => Basis::LeastSquares,
                },
                known_ids: None,
            };
            let format = match format {
                FormatArg::Text => OutputFormat::Text,
                FormatArg::Markdown => OutputFormat::Markdown,
                FormatArg::Html => OutputFormat::Html,
            };
            handicaps(&survey, &root, grades, options, format, out.as_deref())
        }
    }
}

fn handicaps(
    survey: &Path,
    root: &Path,
    overrides: Vec<(String, Grade)>,
    mut options: SurveyOptions,
    format: OutputFormat,
    out: Option<&Path>,
) -> ExitCode {
    let players = ratingbook::load::load_repository(root).dataset.players;
    let mut grades: BTreeMap<String, Grade> = players
        .iter()
        .filter_map(|p| Some((p.id.to_string(), p.grade?)))
        .collect();
    grades.extend(overrides.iter().cloned());
    let names: BTreeMap<String, String> = players
        .iter()
        .map(|p| (p.id.to_string(), p.name.clone()))
        .collect();
    if !players.is_empty() {
        options.known_ids = Some(names.keys().cloned().collect());
    }
    let names = (!names.is_empty()).then_some(&names);
    let run = match handicap::run_survey(survey, &grades, names, &options, format) {
        Ok(run) => run,
        Err(e) => {
            eprintln!("{:?}", miette::Report::new(e));
            return ExitCode::FAILURE;
        }
    };
    let explicit: BTreeMap<String, Grade> = overrides.into_iter().collect();
    for (id, closest) in handicap::unused_grade_ids(&explicit, &run.report) {
        match closest {
            Some(c) => eprintln!("warning: --grade {id} is not in the survey; did you mean {c}?"),
            None => eprintln!("warning: --grade {id} is not in the survey"),
        }
    }
    match out {
        Some(path) => {
            if let Err(e) = std::fs::write(path, &run.output) {
                eprintln!("error: cannot write {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        }
        None => print!("{}", run.output),
    }
    ExitCode::SUCCESS
}

fn print_diagnostics(diagnostics: &[Diagnostic], root: &Path, format: MessageFormat) {
    for d in diagnostics {
        eprintln!("{}", format_diagnostic(d, root, format));
    }
}

fn summary(diagnostics: &[Diagnostic]) -> String {
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    let warnings = diagnostics.len() - errors;
    format!("{errors} error(s), {warnings} warning(s)")
}

fn check(root: &Path, format: MessageFormat) -> ExitCode {
    let checked = ratingbook::check_repository(root);
    print_diagnostics(&checked.diagnostics, root, format);
    let data = &checked.loaded.dataset;
    eprintln!(
        "checked {} players and {} tournaments: {}",
        data.players.len(),
        data.tournaments.len(),
        summary(&checked.diagnostics)
    );
    if checked.error_count() > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn build(root: &Path, out: &Path, format: MessageFormat, timings: bool) -> ExitCode {
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
    let result = ratingbook::build_repository(root, out, &tick);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    match result {
        Ok(report) => {
            print_diagnostics(&report.warnings, root, format);
            if timings {
                for (phase, took) in &report.timings {
                    eprintln!("{phase:>16}: {:.3} s", took.as_secs_f64());
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
            ExitCode::SUCCESS
        }
        Err(ratingbook::BuildError::InvalidData { diagnostics, .. }) => {
            print_diagnostics(&diagnostics, root, format);
            eprintln!("build stopped, site not changed: {}", summary(&diagnostics));
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("error: {e}");
            eprintln!("build stopped, site not changed");
            ExitCode::FAILURE
        }
    }
}

fn sql(root: &Path, dialect: Dialect, out: Option<&Path>, format: MessageFormat) -> ExitCode {
    let report = match ratingbook::sql::dump_repository(root, dialect) {
        Ok(report) => report,
        Err(ratingbook::BuildError::InvalidData { diagnostics, .. }) => {
            print_diagnostics(&diagnostics, root, format);
            eprintln!("no dump written: {}", summary(&diagnostics));
            return ExitCode::FAILURE;
        }
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    print_diagnostics(&report.warnings, root, format);
    match out {
        Some(path) => {
            if let Err(e) = std::fs::write(path, &report.text) {
                eprintln!("error: cannot write {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
            eprintln!("wrote the {dialect} dump to {}", path.display());
        }
        None => print!("{}", report.text),
    }
    ExitCode::SUCCESS
}

fn generate(players: usize, tournaments: usize, seed: u64, out: &Path) -> ExitCode {
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
                "wrote {} players, {} tournaments, {} games into {}",
                stats.players,
                stats.tournaments,
                stats.games,
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
