//! The `ratingbook` command line: parses arguments, calls the library, prints
//! diagnostics. The words are in `cli/args.rs`, the calls in `cli/run.rs`.

mod cli;

use clap::Parser;
use std::process::ExitCode;

// Rendering allocates many small strings; mimalloc is markedly faster at that
// than the system allocator on large sites. The wrapper keeps the process
// within its memory budget (see `ratingbook::memory`).
#[global_allocator]
static ALLOCATOR: ratingbook::memory::BoundedAllocator = ratingbook::memory::BoundedAllocator;

/// With `true`, writing to a closed output (`ratingbook check | head -1`)
/// ends the process quietly, as it ends any Unix tool, where Rust's default
/// would panic at the next print. `serve` keeps Rust's default (`false`):
/// a browser closing its connection must not end the server.
fn closed_output_ends_the_process(yes: bool) {
    #[cfg(unix)]
    {
        let action = if yes { libc::SIG_DFL } else { libc::SIG_IGN };
        // SAFETY: called on the main thread before any other thread starts
        // (and for `serve` before it starts its own), with a handler the C
        // library defines; nothing else of this process changes SIGPIPE.
        unsafe {
            libc::signal(libc::SIGPIPE, action);
        }
    }
    #[cfg(not(unix))]
    let _ = yes;
}

fn main() -> ExitCode {
    ratingbook::memory::prefer_ordinary_pages();
    ratingbook::memory::set_limit_from_environment();
    // Keep file:line:column locations and hyphenated ids whole: let the
    // terminal wrap long messages instead of miette.
    let _ = miette::set_hook(Box::new(|_| {
        Box::new(miette::MietteHandlerOpts::new().wrap_lines(false).build())
    }));
    closed_output_ends_the_process(true);
    let cli = cli::Cli::parse();
    if cli.serves() {
        closed_output_ends_the_process(false);
    } else {
        ratingbook::memory::ends_with_command();
    }
    cli::run(cli)
}
