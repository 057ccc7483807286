//! `serve`: the preview server's terminal side. Binds, installs the Ctrl-C
//! handler, and prints what [`ratingbook::serve::Server`] reports: each build as
//! `build` prints it (diagnostics as `check` prints them), the URL, the
//! changes that start a rebuild.

use super::repository::print_build;
use super::MessageFormat;
use ratingbook::serve::{Event, Options, Server};
use std::io::Write;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// `ratingbook serve`: builds, serves `out` on `addr`, rebuilds on every
/// change of the repository, until Ctrl-C.
pub fn serve(root: &Path, out: &Path, addr: SocketAddr, format: MessageFormat) -> ExitCode {
    let server = match Server::bind(Options {
        root: root.to_path_buf(),
        out: out.to_path_buf(),
        addr,
        debounce: Duration::from_millis(200),
    }) {
        Ok(server) => server,
        Err(e) => {
            eprintln!("error: cannot listen on {addr}: {e}");
            if e.kind() == std::io::ErrorKind::AddrInUse {
                eprintln!(
                    "  help: another program uses port {}; choose another with --port",
                    addr.port()
                );
            }
            return ExitCode::FAILURE;
        }
    };
    let stop = server.stop_handle();
    let stopping = AtomicBool::new(false);
    // The handler writes with `write!`, not `eprintln!`, which would panic
    // (and end the handler's thread) when standard error is a closed pipe.
    let handler = ctrlc::set_handler(move || {
        let mut stderr = std::io::stderr();
        if stopping.swap(true, Ordering::SeqCst) {
            let _ = writeln!(
                stderr,
                "stopped at once; the site is whole, the old build or the new one"
            );
            std::process::exit(130);
        }
        stop.stop();
        let _ = writeln!(stderr, "stopping (Ctrl-C again to stop at once)");
    });
    if let Err(e) = handler {
        eprintln!("warning: cannot catch Ctrl-C ({e}); it ends the preview at once");
    }
    if !addr.ip().is_loopback() {
        eprintln!(
            "warning: listening on {addr}, not only on this machine: anyone who can reach it \
             on port {} can read the preview",
            addr.port()
        );
    }
    let shown_root = std::path::absolute(root)
        .ok()
        .and_then(|p| p.canonicalize().ok())
        .unwrap_or_else(|| root.to_path_buf());
    let mut report = |event: Event<'_>| match event {
        Event::Building { changed } if !changed.is_empty() => {
            eprintln!("changed: {}; rebuilding", describe(changed, &shown_root));
        }
        Event::Building { .. } => {}
        Event::Built { result, took } => {
            let ok = print_build(result, root, out, format, false);
            if ok {
                eprintln!("build took {:.2} s", took.as_secs_f64());
            } else {
                eprintln!(
                    "serving the last good site; every page shows these errors until a build succeeds"
                );
            }
        }
        Event::Listening { url } => {
            eprintln!("serving {} at {url} (Ctrl-C to stop)", out.display());
        }
        Event::WatchProblem { message } => eprintln!("warning: {message}"),
        Event::Stopped => eprintln!("stopped"),
    };
    match server.run(&mut report) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The first few changed paths, relative to the repository.
fn describe(changed: &[PathBuf], root: &Path) -> String {
    const SHOWN: usize = 3;
    let mut names: Vec<String> = changed
        .iter()
        .take(SHOWN)
        .map(|p| p.strip_prefix(root).unwrap_or(p).display().to_string())
        .collect();
    if changed.len() > SHOWN {
        names.push(format!("and {} more", changed.len() - SHOWN));
    }
    names.join(", ")
}
