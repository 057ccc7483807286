//! The `ratingbook` command line: parses arguments, calls the library, prints diagnostics.
use clap::{Parser, Subcommand};
use ratingbook::pairing::{self, generate, DutchOptions};
use ratingbook::trf;
use std::path::PathBuf;
use std::process::ExitCode;

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
    /// Pair the next round of a TRF tournament (FIDE Dutch system), or check
    /// every recorded round against the engine.
    ///
    /// Exit codes: 0 ok, 1 no legal pairing exists, 2 bad input.
    Pair {
        /// Pair with the FIDE Dutch system (the only system implemented).
        #[arg(long)]
        dutch: bool,
        /// Re-pair every recorded round and list the rounds that differ.
        #[arg(long, conflicts_with = "output")]
        check: bool,
        /// The tournament as a TRF-16 file.
        file: PathBuf,
        /// Write the pairings here (number of pairs, then `white black`
        /// per board, the bye as `N 0`); default: standard output.
        #[arg(short = 'p', long = "pairings")]
        output: Option<PathBuf>,
        /// Round to pair (default: the first incomplete round).
        #[arg(long)]
        round: Option<u32>,
    },
    /// Simulate a Swiss event paired by the engine and write it as TRF.
    GenerateTrf {
        /// Number of players (1-9999).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=9999))]
        players: u32,
        /// Number of rounds (1-999).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=999))]
        rounds: u32,
        /// Random seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Only pair and play this many rounds (an event in progress).
        #[arg(long)]
        play: Option<u32>,
        /// Output file (default: standard output).
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

fn read_trf(path: &PathBuf) -> Result<trf::TrfDocument, ExitCode> {
    let bytes = std::fs::read(path).map_err(|e| {
        eprintln!("error: cannot read {}: {e}", path.display());
        ExitCode::from(2)
    })?;
    trf::parse_bytes(&bytes).map_err(|e| {
        eprintln!(
            "error: {}:{}:{}: {}",
            path.display(),
            e.line,
            e.column,
            e.kind
        );
        ExitCode::from(2)
    })
}

fn write_out(out: Option<&PathBuf>, text: &str) -> ExitCode {
    match out {
        Some(p) => match std::fs::write(p, text) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: cannot write {}: {e}", p.display());
                ExitCode::from(2)
            }
        },
        None => {
            print!("{text}");
            ExitCode::SUCCESS
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Pair {
            dutch: _,
            check,
            file,
            output,
            round,
        } => {
            let doc = match read_trf(&file) {
                Ok(d) => d,
                Err(c) => return c,
            };
            if check {
                return match pairing::check::check_tournament(&doc, DutchOptions::default()) {
                    Ok(reports) => {
                        for w in pairing::check::history_warnings(&doc) {
                            println!(
                                "round {}: warning: player {} {}",
                                w.round, w.player, w.message
                            );
                        }
                        print!("{}", pairing::check::format_reports(&reports));
                        ExitCode::SUCCESS
                    }
                    Err(e) => {
                        eprintln!("error: {}: {e}", file.display());
                        ExitCode::from(2)
                    }
                };
            }
            match pairing::pair_trf(&doc, round, DutchOptions::default()) {
                Ok((r, p)) => {
                    eprintln!(
                        "round {r}: {} boards{}",
                        p.boards.len(),
                        if p.bye.is_some() { " and a bye" } else { "" }
                    );
                    for c in &p.dropped_criteria {
                        eprintln!("warning: criterion left out for size reasons: {c}");
                    }
                    write_out(output.as_ref(), &pairing::format_pairings(&p))
                }
                Err(e) => {
                    eprintln!("error: {}: {e}", file.display());
                    ExitCode::from(e.exit_code() as u8)
                }
            }
        }
        Command::GenerateTrf {
            players,
            rounds,
            seed,
            play,
            out,
        } => {
            let mut opts = generate::GenerateOptions::new(players, rounds, seed);
            opts.play_rounds = play;
            match generate::generate_trf(&opts) {
                Ok(doc) => write_out(out.as_ref(), &doc.write()),
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(1)
                }
            }
        }
    }
}
