//! The `ratingbook` command line: parses arguments, calls the library, prints diagnostics.
use std::collections::BTreeMap;
use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};
use ratingbook::handicap::{self, Basis, Grade, OutputFormat, SurveyOptions};

#[derive(Parser)]
#[command(
    name = "ratingbook",
    version,
    about = "Rating book and tournament tools"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Estimate grades from a handicap survey and suggest promotions and demotions.
    Handicaps {
        /// The survey CSV: header `,id1,id2,…`, then one row of opinions (stones) per player.
        survey: PathBuf,
        /// A player's nominal grade, ID=GRADE (e.g. ikonen-jussi=3k); repeat for every player.
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

fn main() -> miette::Result<()> {
    // Keep file:line:column locations and hyphenated ids whole: let the
    // terminal wrap long messages instead of miette.
    let _ = miette::set_hook(Box::new(|_| {
        Box::new(miette::MietteHandlerOpts::new().wrap_lines(false).build())
    }));
    let cli = Cli::parse();
    match cli.command {
        Command::Handicaps {
            survey,
            grades,
            threshold,
            basis,
            format,
            out,
        } => {
            let grades: BTreeMap<String, Grade> = grades.into_iter().collect();
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
            let run = handicap::run_survey(&survey, &grades, None, &options, format)?;
            for (id, closest) in handicap::unused_grade_ids(&grades, &run.report) {
                match closest {
                    Some(c) => {
                        eprintln!("warning: --grade {id} is not in the survey; did you mean {c}?")
                    }
                    None => eprintln!("warning: --grade {id} is not in the survey"),
                }
            }
            match out {
                Some(path) => std::fs::write(&path, &run.output).map_err(|source| {
                    handicap::HandicapError::Write {
                        file: path.display().to_string(),
                        source,
                    }
                })?,
                None => print!("{}", run.output),
            }
            Ok(())
        }
    }
}
