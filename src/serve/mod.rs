//! `ratingbook serve`: a local preview for maintainers. Owns the run of the
//! preview: bind the address, build once, then rebuild whenever the
//! repository changes and tell open pages about it.
//!
//! The parts:
//!
//! - this module: [`Server`] (bind, first build, the rebuild loop, clean
//!   stop through a [`Stop`] handle) and the live state that the builder
//!   writes and the HTTP side reads ([`Live`]: which build the pages should
//!   show, and the errors of the last build if it failed);
//! - [`http`]: what is answered, which serves only the output folder and
//!   adds the reload script and the error banner to HTML responses (never to
//!   the files on disk);
//! - [`connection`]: the connections, each with a slot and deadlines, and
//!   the event streams;
//! - [`watch`]: which file-system changes in the repository start a rebuild,
//!   and the debounce.
//!
//! Builds are [`crate::pipeline::build_repository`], the same as `ratingbook
//! build`: the site is published atomically, so a page is always served from
//! a whole site, the old one or the new one. When a build fails the last
//! good site stays in place and every HTML page served gets a banner listing
//! the errors; the next good build removes it. What the terminal shows is up
//! to the caller, who receives every [`Event`] (the command line prints
//! diagnostics as `check` does).
//!
//! A rebuild runs in this process. A template that exceeds the page time or
//! memory budget therefore ends the preview with the same message as it ends
//! `build` (see [`crate::render::limits`]).

pub mod connection;
pub mod http;
pub mod watch;

use crate::diagnostic::Diagnostic;
use crate::pipeline::{self, BuildError, BuildReport};
use std::io;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant, SystemTime};

/// URL prefix of the preview's own endpoints; never looked up in the site.
pub const PREFIX: &str = "/__ratingbook/";

/// How `serve` runs.
#[derive(Debug, Clone)]
pub struct Options {
    /// Root of the data repository.
    pub root: PathBuf,
    /// Output folder: what is built and served.
    pub out: PathBuf,
    /// Where to listen (loopback unless the user asked otherwise).
    pub addr: SocketAddr,
    /// How long the repository must be quiet after a change before a rebuild.
    pub debounce: Duration,
}

/// What happened, for the terminal.
#[derive(Debug)]
pub enum Event<'a> {
    /// A build starts; `changed` lists the paths that triggered it (empty for
    /// the first build).
    Building {
        /// Changed paths, as reported by the file system.
        changed: &'a [PathBuf],
    },
    /// A build ended.
    Built {
        /// What `build_repository` returned.
        result: &'a Result<BuildReport, BuildError>,
        /// How long it took.
        took: Duration,
    },
    /// The server accepts connections at `url`.
    Listening {
        /// `http://address:port/`.
        url: &'a str,
    },
    /// Watching the repository failed: changes may go unnoticed.
    WatchProblem {
        /// What went wrong.
        message: String,
    },
    /// The server stopped.
    Stopped,
}

/// One problem shown in the browser's error banner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// `file:line:column`, or empty when the problem has no place.
    pub location: String,
    /// What is wrong (with the field, when there is one).
    pub message: String,
    /// How to fix it.
    pub hint: Option<String>,
}

impl Problem {
    fn from_diagnostic(d: &Diagnostic) -> Problem {
        let mut message = d.message.clone();
        if let Some(field) = &d.field {
            message.push_str(&format!(" (field `{field}`)"));
        }
        Problem {
            location: d.location(),
            message,
            hint: d.hint.clone(),
        }
    }
}

/// The errors a failed build shows in the browser: every error diagnostic
/// (warnings do not fail a build), or the one render or publish error.
pub fn problems_of(error: &BuildError) -> Vec<Problem> {
    match error {
        BuildError::InvalidData { diagnostics, .. } => diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(Problem::from_diagnostic)
            .collect(),
        other => vec![Problem {
            location: String::new(),
            message: other.to_string(),
            hint: None,
        }],
    }
}

/// What the served pages should reflect: read by the HTTP side, written by
/// the builder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Status {
    /// Identifies the site and banner a page was served with; a page whose
    /// build differs from the current one reloads. Unique per process run,
    /// so pages left open across a restart reload too.
    pub build: String,
    /// The errors of the last build, empty when it succeeded.
    pub problems: Vec<Problem>,
    /// The server is stopping: event streams end.
    pub stopping: bool,
}

/// The shared [`Status`] and a condition variable that wakes the event
/// streams when it changes.
#[derive(Debug)]
pub struct Live {
    status: Mutex<Status>,
    changed: Condvar,
    run: String,
    builds: AtomicU64,
}

impl Default for Live {
    fn default() -> Self {
        Live::new()
    }
}

impl Live {
    /// A fresh state: no build yet, no problems.
    pub fn new() -> Live {
        let run = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let run = format!("{run:x}-{}", std::process::id());
        Live {
            status: Mutex::new(Status {
                build: format!("{run}-0"),
                problems: Vec::new(),
                stopping: false,
            }),
            changed: Condvar::new(),
            run,
            builds: AtomicU64::new(0),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Status> {
        self.status.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The current status.
    pub fn snapshot(&self) -> Status {
        self.lock().clone()
    }

    /// Records a finished build. Open pages are told to reload when the site
    /// changed or the problems did.
    pub fn record(&self, site_changed: bool, problems: Vec<Problem>) {
        let mut status = self.lock();
        if !site_changed && status.problems == problems {
            return;
        }
        let build = self.builds.fetch_add(1, Ordering::Relaxed) + 1;
        status.build = format!("{}-{build}", self.run);
        status.problems = problems;
        self.changed.notify_all();
    }

    /// Marks the server as stopping and wakes every event stream.
    pub fn stop(&self) {
        self.lock().stopping = true;
        self.changed.notify_all();
    }

    /// Waits until the build differs from `seen`, the server stops or
    /// `closed` is set (see [`Live::wake`]), at most `timeout`; returns the
    /// status then.
    pub fn wait_change(&self, seen: &str, timeout: Duration, closed: &AtomicBool) -> Status {
        let status = self.lock();
        let (status, _) = self
            .changed
            .wait_timeout_while(status, timeout, |s| {
                s.build == seen && !s.stopping && !closed.load(Ordering::SeqCst)
            })
            .unwrap_or_else(|e| e.into_inner());
        status.clone()
    }

    /// Wakes every waiter of [`Live::wait_change`], so that one whose
    /// `closed` flag was just set sees it.
    pub fn wake(&self) {
        let _guard = self.lock();
        self.changed.notify_all();
    }
}

/// What the rebuild loop waits for.
#[derive(Debug)]
enum Signal {
    Changed(PathBuf),
    Stop,
}

/// Stops a running [`Server`] from another thread (a Ctrl-C handler).
#[derive(Debug, Clone)]
pub struct Stop(Sender<Signal>);

impl Stop {
    /// Asks the server to stop after the build in progress, if any.
    pub fn stop(&self) {
        let _ = self.0.send(Signal::Stop);
    }
}

/// A bound preview server, not yet building or accepting.
#[derive(Debug)]
pub struct Server {
    options: Options,
    listener: TcpListener,
    live: Arc<Live>,
    signals: Sender<Signal>,
    receiver: Receiver<Signal>,
}

impl Server {
    /// Binds the address (so a port in use fails before any build).
    pub fn bind(options: Options) -> io::Result<Server> {
        let listener = TcpListener::bind(options.addr)?;
        let (signals, receiver) = mpsc::channel();
        Ok(Server {
            options,
            listener,
            live: Arc::new(Live::new()),
            signals,
            receiver,
        })
    }

    /// The address actually bound (the port is chosen when 0 was asked for).
    pub fn local_addr(&self) -> io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// A handle that stops [`Server::run`].
    pub fn stop_handle(&self) -> Stop {
        Stop(self.signals.clone())
    }

    /// Watches the repository, builds, serves, and rebuilds on every change
    /// until stopped. `report` hears about each step.
    pub fn run(self, report: &mut dyn FnMut(Event<'_>)) -> io::Result<()> {
        let Server {
            options,
            listener,
            live,
            signals,
            receiver,
        } = self;
        // Watch first, so that a change made during the first build is seen.
        let changes = signals.clone();
        let mut watcher = match watch::Watcher::start(&options.root, &options.out, move |path| {
            let _ = changes.send(Signal::Changed(path));
        }) {
            Ok(watcher) => Some(watcher),
            Err(e) => {
                report(Event::WatchProblem {
                    message: format!(
                        "cannot watch {} for changes: {e}; restart serve to see changes",
                        options.root.display()
                    ),
                });
                None
            }
        };
        rebuild(&options, &live, &[], report);

        let local = listener.local_addr()?;
        let mut site = http::Site::new(&options.out, Arc::clone(&live));
        if !options.addr.ip().is_loopback() {
            site = site.for_any_host();
        }
        let site = Arc::new(site);
        let accepting = std::thread::Builder::new()
            .name("serve-accept".into())
            .spawn(move || connection::accept_loop(&listener, &site))?;
        let url = format!("http://{}/", reachable(local));
        report(Event::Listening { url: &url });

        'serving: while let Ok(Signal::Changed(first)) = receiver.recv() {
            let mut changed = vec![first];
            // Debounce: wait until the repository has been quiet for a
            // moment (an editor's save, a `git checkout`), but build within
            // ten quiet periods even while changes keep coming.
            let started = Instant::now();
            loop {
                match receiver.recv_timeout(options.debounce) {
                    Ok(Signal::Changed(path)) => {
                        if !changed.contains(&path) {
                            changed.push(path);
                        }
                        if started.elapsed() > options.debounce * 10 {
                            break;
                        }
                    }
                    Ok(Signal::Stop) => break 'serving,
                    Err(RecvTimeoutError::Timeout) => break,
                    Err(RecvTimeoutError::Disconnected) => break 'serving,
                }
            }
            if let Some(watcher) = &mut watcher {
                if changed.iter().any(|p| watcher.is_top_folder(p)) {
                    watcher.rewatch();
                }
            }
            rebuild(&options, &live, &changed, report);
        }

        live.stop();
        drop(watcher);
        // Wake the accepting thread with a connection of our own.
        let _ = TcpStream::connect_timeout(&reachable(local), Duration::from_secs(1));
        let _ = accepting.join();
        report(Event::Stopped);
        Ok(())
    }
}

/// One build, recorded in `live` and reported.
fn rebuild(options: &Options, live: &Live, changed: &[PathBuf], report: &mut dyn FnMut(Event<'_>)) {
    report(Event::Building { changed });
    let started = Instant::now();
    let result = pipeline::build_repository(&options.root, &options.out, &|| {});
    let took = started.elapsed();
    match &result {
        Ok(built) => {
            let w = &built.written;
            live.record(w.written > 0 || w.removed > 0, Vec::new());
        }
        Err(error) => live.record(false, problems_of(error)),
    }
    report(Event::Built {
        result: &result,
        took,
    });
}

/// `addr` with an unspecified IP (`0.0.0.0`, `::`) replaced by loopback:
/// where this machine reaches a server bound to every address.
fn reachable(mut addr: SocketAddr) -> SocketAddr {
    if addr.ip().is_unspecified() {
        addr.set_ip(match addr {
            SocketAddr::V4(_) => std::net::Ipv4Addr::LOCALHOST.into(),
            SocketAddr::V6(_) => std::net::Ipv6Addr::LOCALHOST.into(),
        });
    }
    addr
}
