//! Manual pages and shell completions, generated from the command line's
//! definition (`args.rs`), so they always say what `--help` says.

use super::args::Cli;
use clap::CommandFactory;
use std::path::Path;
use std::process::ExitCode;

/// `ratingbook generate-man DIR`: one manual page (section 1) for the command
/// and one for each visible subcommand, at any depth, named by the path of
/// words that calls it (`ratingbook-new-player.1`).
pub fn generate_man(dir: &Path) -> ExitCode {
    let mut command = Cli::command();
    command.build();
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("error: cannot create {}: {e}", dir.display());
        return ExitCode::from(2);
    }
    match write_pages(&command, "ratingbook", dir) {
        Ok(count) => {
            println!("wrote {count} manual pages into {}", dir.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!(
                "error: cannot write the manual pages into {}: {e}",
                dir.display()
            );
            ExitCode::from(2)
        }
    }
}

/// Writes `name.1` for `command` and recurses into its visible subcommands;
/// gives how many pages were written.
fn write_pages(command: &clap::Command, name: &str, dir: &Path) -> std::io::Result<usize> {
    // After `build`, each subcommand's display name is the path of words
    // joined by hyphens, as the page's title and NAME section give it.
    let mut bytes = Vec::new();
    clap_mangen::Man::new(command.clone())
        .title(name)
        .render(&mut bytes)?;
    std::fs::write(dir.join(format!("{name}.1")), bytes)?;
    let mut count = 1;
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        if sub.get_name() == "help" {
            continue;
        }
        count += write_pages(sub, &format!("{name}-{}", sub.get_name()), dir)?;
    }
    Ok(count)
}

/// `ratingbook completions SHELL`: the completion script on standard output.
pub fn completions(shell: clap_complete::Shell) -> ExitCode {
    let mut command = Cli::command();
    clap_complete::generate(shell, &mut command, "ratingbook", &mut std::io::stdout());
    ExitCode::SUCCESS
}
