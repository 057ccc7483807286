//! The `ratingbook` command line: parses arguments, calls the library, prints diagnostics.
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "ratingbook", version, about = "Rating book and tournament tools")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {}

fn main() -> miette::Result<()> {
    let cli = Cli::parse();
    match cli.command {}
}
