//! `ratingbook serve`: the HTTP side on a built sample site (paths that try
//! to leave the output folder, content types, folders, the 404 page, the
//! reload script and error banner in served HTML but never on disk), and a
//! live server on a copy of the sample data that rebuilds on a change and
//! tells its event stream.

use crate::util;

use ratingbook::serve::connection;
use ratingbook::serve::http::{self, Resolved, Site};
use ratingbook::serve::{Event, Live, Options, Problem, Server};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::{mpsc, Arc, OnceLock};
use std::time::{Duration, Instant};

const REPO: &str = env!("CARGO_MANIFEST_DIR");

/// The sample site, built once for the tests that only read it, inside a
/// folder that also holds a secret beside the site: `parent/secret.txt`.
/// A static is never dropped: the folder is removed when the process exits.
fn sample() -> &'static (tempfile::TempDir, PathBuf) {
    static SITE: OnceLock<(tempfile::TempDir, PathBuf)> = OnceLock::new();
    extern "C" fn remove_sample() {
        if let Some((parent, _)) = SITE.get() {
            let _ = std::fs::remove_dir_all(parent.path());
        }
    }
    SITE.get_or_init(|| {
        let parent = tempfile::tempdir().unwrap();
        let out = parent.path().join("site");
        ratingbook::build_repository(Path::new(REPO), &out, &|| {}).unwrap();
        std::fs::write(parent.path().join("secret.txt"), "TOP SECRET\n").unwrap();
        // The sample has no base_url, hence no sitemap.xml: an XML file to serve.
        std::fs::write(out.join("feed.xml"), "<?xml version=\"1.0\"?><feed/>\n").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::symlink;
            symlink(parent.path().join("secret.txt"), out.join("leak.txt")).unwrap();
            symlink(parent.path(), out.join("leak-folder")).unwrap();
            symlink(out.join("rules.html"), out.join("also-rules.html")).unwrap();
        }
        // SAFETY: atexit(3) with a function that takes nothing and does not unwind.
        unsafe {
            libc::atexit(remove_sample);
        }
        (parent, out)
    })
}

fn site() -> Site {
    Site::new(&sample().1, Arc::new(Live::new()))
}

fn get(site: &Site, target: &str) -> (u16, &'static str, Vec<u8>) {
    let response = http::response(site, "GET", target);
    let status = response.status;
    let content_type = response.content_type;
    (status, content_type, response.into_bytes().unwrap())
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn paths_that_leave_the_site_are_refused() {
    let site = site();
    let out = &sample().1;
    for target in [
        "/../secret.txt",
        "/./../secret.txt",
        "/players/../../secret.txt",
        "/%2e%2e/secret.txt",
        "/%2E%2E/secret.txt",
        "/%2e%2e%2fsecret.txt",
        "/players/%2e%2e%2f%2e%2e%2fsecret.txt",
        "/..%5csecret.txt",
        "/players/..",
        "/index.html%00.txt",
        "http://example.org/../secret.txt",
    ] {
        let (status, _, body) = get(&site, target);
        assert_eq!(status, 403, "{target}: {}", text(&body));
        assert!(!text(&body).contains("TOP SECRET"), "{target}");
    }
    // Absolute paths are paths inside the site.
    for target in [
        "//etc/passwd",
        "/%2Fetc%2Fpasswd",
        "/etc/passwd",
        &format!("/{}", out.parent().unwrap().join("secret.txt").display()),
    ] {
        let (status, _, body) = get(&site, target);
        assert_eq!(status, 404, "{target}");
        assert!(!text(&body).contains("TOP SECRET") && !text(&body).contains("root:"));
    }
    for target in ["/%zz", "/%2", "/%C3%28", "*", "players/x.html"] {
        assert_eq!(get(&site, target).0, 400, "{target}");
    }
    assert_eq!(
        http::resolve(out, "/%2e%2e/secret.txt"),
        Resolved::Forbidden
    );
}

#[cfg(unix)]
#[test]
fn symbolic_links_out_of_the_site_are_refused() {
    let site = site();
    let (status, _, body) = get(&site, "/leak.txt");
    assert_eq!(status, 403);
    assert!(!text(&body).contains("TOP SECRET"));
    assert_eq!(get(&site, "/leak-folder/secret.txt").0, 403);
    assert_eq!(get(&site, "/leak-folder/").0, 403);
    // A link to a page inside the site is served.
    let (status, content_type, body) = get(&site, "/also-rules.html");
    assert_eq!(status, 200);
    assert_eq!(content_type, "text/html; charset=utf-8");
    assert!(text(&body).contains("<h1"));
}

#[test]
fn content_types_follow_the_extension() {
    let site = site();
    let out = &sample().1;
    for (target, expected) in [
        ("/index.html", "text/html; charset=utf-8"),
        ("/static/style.css", "text/css; charset=utf-8"),
        ("/static/site.js", "text/javascript; charset=utf-8"),
        ("/search-index.js", "text/javascript; charset=utf-8"),
        ("/static/favicon.svg", "image/svg+xml"),
        ("/ratings.csv", "text/csv; charset=utf-8"),
        (
            "/tournaments/helsinki-open-2003.csv",
            "text/csv; charset=utf-8",
        ),
        ("/ratingbook.sql", "application/sql; charset=utf-8"),
        ("/ratings.md", "text/markdown; charset=utf-8"),
        ("/feed.xml", "application/xml"),
        (
            "/tournaments/helsinki-open-2003.trf",
            "text/plain; charset=utf-8",
        ),
    ] {
        let (status, content_type, body) = get(&site, target);
        assert_eq!(status, 200, "{target}");
        assert_eq!(content_type, expected, "{target}");
        if !expected.starts_with("text/html") {
            let disk = std::fs::read(out.join(&target[1..])).unwrap();
            assert_eq!(body, disk, "{target}: served bytes differ from the file");
        }
    }
    assert_eq!(
        http::content_type(Path::new("x.unknown")),
        "application/octet-stream"
    );
    // HEAD: the same status and type, no body on the wire (checked live below).
    let head = http::response(&site, "HEAD", "/ratings.csv");
    assert_eq!(
        (head.status, head.content_type),
        (200, "text/csv; charset=utf-8")
    );
    assert_eq!(http::response(&site, "POST", "/index.html").status, 405);
    assert_eq!(http::response(&site, "DELETE", "/index.html").status, 405);
}

#[test]
fn folders_serve_their_index_and_missing_pages_the_404_page() {
    let out = &sample().1;
    let live = Arc::new(Live::new());
    let site = Site::new(out, Arc::clone(&live));
    let (status, _, body) = get(&site, "/");
    assert_eq!(status, 200);
    assert!(text(&body).starts_with(&text(&std::fs::read(out.join("index.html")).unwrap())[..40]));
    let (status, _, body) = get(&site, "/tournaments/?sort=1");
    assert_eq!(status, 200);
    let index = text(&std::fs::read(out.join("tournaments/index.html")).unwrap());
    assert!(text(&body).contains(&index[index.len() - 200..index.len() - 20]));
    let redirect = http::response(&site, "GET", "/tournaments?sort=1");
    assert_eq!(redirect.status, 301);
    assert_eq!(redirect.location.as_deref(), Some("/tournaments/?sort=1"));

    let page404 = text(&std::fs::read(out.join("404.html")).unwrap());
    for target in [
        "/no-such-page.html",
        "/players/nobody.html",
        "/nothing/here/",
    ] {
        let (status, content_type, body) = get(&site, target);
        assert_eq!(status, 404, "{target}");
        assert_eq!(content_type, "text/html; charset=utf-8");
        let body = text(&body);
        assert!(body.contains("/__ratingbook/live.js"), "{target}");
        assert_eq!(
            body.replace(&http::snippet(&live.snapshot()), ""),
            page404,
            "{target}: the 404 page plus the script"
        );
    }
    // The preview's own paths are never looked up in the site.
    assert_eq!(get(&site, "/__ratingbook/nothing").0, 404);
    let (status, content_type, body) = get(&site, "/__ratingbook/live.js");
    assert_eq!(
        (status, content_type),
        (200, "text/javascript; charset=utf-8")
    );
    assert!(text(&body).contains("EventSource"));
}

#[test]
fn served_html_has_the_script_and_banner_but_the_files_on_disk_do_not() {
    let out = &sample().1;
    let live = Arc::new(Live::new());
    let site = Site::new(out, Arc::clone(&live));
    let disk = std::fs::read(out.join("players/saarenpaa-samuli.html")).unwrap();
    assert!(!text(&disk).contains("__ratingbook"));
    let (status, _, served) = get(&site, "/players/saarenpaa-samuli.html");
    assert_eq!(status, 200);
    let served = text(&served);
    let snippet = http::snippet(&live.snapshot());
    assert!(snippet.contains("<script src=\"/__ratingbook/live.js\" data-build=\""));
    assert!(served.contains(&format!("{snippet}</body>")));
    assert_eq!(served.replace(&snippet, ""), text(&disk));
    assert!(!served.contains("ratingbook-serve-errors"));

    // A failed build: every HTML page gets the banner, other files do not.
    live.record(
        false,
        vec![Problem {
            location: "data/tournaments/2003/helsinki-open-2003.csv:3:4".into(),
            message: "round 1: 2 scored `1` against 1, but 1 scored `1`".into(),
            hint: Some("results must complement each other".into()),
        }],
    );
    let (_, _, served) = get(&site, "/players/saarenpaa-samuli.html");
    let served = text(&served);
    assert!(served.contains("id=\"ratingbook-serve-errors\""));
    assert!(served.contains("data/tournaments/2003/helsinki-open-2003.csv:3:4</code>: <span style=\"white-space:pre-wrap\">round 1"));
    let (_, _, csv) = get(&site, "/ratings.csv");
    assert_eq!(csv, std::fs::read(out.join("ratings.csv")).unwrap());
    // Fixed: the banner goes.
    live.record(false, Vec::new());
    let (_, _, served) = get(&site, "/players/saarenpaa-samuli.html");
    assert!(!text(&served).contains("ratingbook-serve-errors"));
    // Nothing of it reached the disk.
    assert_eq!(
        std::fs::read(out.join("players/saarenpaa-samuli.html")).unwrap(),
        disk
    );
}

#[test]
fn without_a_site_every_page_explains_and_lists_the_errors() {
    let empty = tempfile::tempdir().unwrap();
    let live = Arc::new(Live::new());
    let site = Site::new(&empty.path().join("site"), Arc::clone(&live));
    live.record(
        false,
        vec![Problem {
            location: "ratingbook.toml:1:1".into(),
            message: "expected a table".into(),
            hint: None,
        }],
    );
    for target in ["/", "/players/saarenpaa-samuli.html"] {
        let (status, content_type, body) = get(&site, target);
        assert_eq!((status, content_type), (404, "text/html; charset=utf-8"));
        let body = text(&body);
        assert!(body.contains("No site yet"), "{body}");
        assert!(body.contains(
            "<code style=\"font-weight:bold\">ratingbook.toml:1:1</code>: <span style=\"white-space:pre-wrap\">expected a table"
        ));
        assert!(body.contains("/__ratingbook/live.js"));
    }
}

// --- a live server ------------------------------------------------------------

/// One raw HTTP/1.1 request; returns the status line, the head and the body.
fn fetch(addr: SocketAddr, method: &str, target: &str) -> (String, String, Vec<u8>) {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    write!(
        stream,
        "{method} {target} HTTP/1.1\r\nHost: localhost\r\n\r\n"
    )
    .unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).unwrap();
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = text(&raw[..split]);
    let status = head.lines().next().unwrap().to_string();
    (status, head, raw[split + 4..].to_vec())
}

/// An open event stream.
struct Events {
    reader: BufReader<TcpStream>,
}

impl Events {
    fn open(addr: SocketAddr) -> Events {
        let mut stream = TcpStream::connect(addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        write!(
            stream,
            "GET /__ratingbook/events HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n"
        )
        .unwrap();
        let mut reader = BufReader::new(stream);
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        assert_eq!(line.trim_end(), "HTTP/1.1 200 OK");
        loop {
            line.clear();
            reader.read_line(&mut line).unwrap();
            if line == "\r\n" {
                break;
            }
            if line.to_ascii_lowercase().starts_with("content-type:") {
                assert_eq!(line.trim_end(), "Content-Type: text/event-stream");
            }
        }
        Events { reader }
    }

    /// The next build announced, or `None` when the stream ended.
    fn next_build(&mut self) -> Option<String> {
        let mut line = String::new();
        loop {
            line.clear();
            if self.reader.read_line(&mut line).unwrap() == 0 {
                return None;
            }
            if let Some(data) = line.strip_prefix("data: ") {
                return Some(data.trim_end().to_string());
            }
        }
    }
}

fn build_of(page: &[u8]) -> String {
    let page = text(page);
    let start = page.find("data-build=\"").unwrap() + "data-build=\"".len();
    page[start..start + page[start..].find('"').unwrap()].to_string()
}

/// `text` with each `(from, to)` replaced once; each must be there.
fn replaced(text: &str, edits: &[(&str, &str)]) -> String {
    let mut out = text.to_string();
    for (from, to) in edits {
        assert!(out.contains(from), "no {from:?}");
        out = out.replacen(from, to, 1);
    }
    out
}

/// The sample repository with `crosstable` as the Helsinki Open 2003 table,
/// built into a fresh folder: the temporary folder (removed when dropped)
/// and its `site/`.
fn fresh_build(crosstable: &str) -> (tempfile::TempDir, PathBuf) {
    let temporary = tempfile::tempdir().unwrap();
    let dir = temporary.path();
    util::copy_tree(&Path::new(REPO).join("data"), &dir.join("data"));
    std::fs::copy(
        Path::new(REPO).join("ratingbook.toml"),
        dir.join("ratingbook.toml"),
    )
    .unwrap();
    std::fs::write(
        dir.join("data/tournaments/2003/helsinki-open-2003.csv"),
        crosstable,
    )
    .unwrap();
    let site = dir.join("site");
    ratingbook::build_repository(dir, &site, &|| {}).unwrap();
    (temporary, site)
}

#[test]
fn a_live_server_rebuilds_on_change_and_tells_its_event_streams() {
    let repository = util::sample_repository();
    let root = repository.path();
    let out = root.join("site");
    let server = Server::bind(Options {
        root: root.to_path_buf(),
        out: out.clone(),
        addr: "127.0.0.1:0".parse().unwrap(),
        debounce: Duration::from_millis(100),
    })
    .unwrap();
    let addr = server.local_addr().unwrap();
    let stop = server.stop_handle();
    let (events_tx, events_rx) = mpsc::channel::<String>();
    let running = std::thread::spawn(move || {
        server.run(&mut |event| {
            let line = match event {
                Event::Listening { url } => format!("listening {url}"),
                Event::Building { changed } => format!("building {}", changed.len()),
                Event::Built { result, .. } => match result {
                    Ok(_) => "built".to_string(),
                    Err(e) => format!("failed {e}"),
                },
                Event::WatchProblem { message } => format!("watch problem {message}"),
                Event::Stopped => "stopped".to_string(),
            };
            let _ = events_tx.send(line);
        })
    });
    let wait_for = |prefix: &str| -> String {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = events_rx
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no `{prefix}` event"));
            assert!(!line.starts_with("watch problem"), "{line}");
            if line.starts_with(prefix) {
                return line;
            }
        }
    };
    assert_eq!(wait_for("listening"), format!("listening http://{addr}/"));

    // Over a real socket: a page, a refused path, HEAD, a request that is not HTTP.
    let (status, head, page) = fetch(addr, "GET", "/players/saarenpaa-samuli.html");
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert!(head.contains("Content-Type: text/html; charset=utf-8"));
    assert!(head.contains(&format!("Content-Length: {}", page.len())));
    let first = build_of(&page);
    let (status, _, body) = fetch(addr, "GET", "/../ratingbook.toml");
    assert_eq!(status, "HTTP/1.1 403 Forbidden");
    assert!(!text(&body).contains("[site]"));
    let (status, _, body) = fetch(addr, "GET", "/%2e%2e/ratingbook.toml");
    assert_eq!(status, "HTTP/1.1 403 Forbidden");
    assert!(!text(&body).contains("[site]"));
    let (status, head, body) = fetch(addr, "HEAD", "/ratings.csv");
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert!(head.contains("Content-Type: text/csv; charset=utf-8"));
    assert!(body.is_empty());
    let (status, _, _) = fetch(addr, "GET", "/no-such-page.html");
    assert_eq!(status, "HTTP/1.1 404 Not Found");
    {
        let mut stream = TcpStream::connect(addr).unwrap();
        stream.write_all(b"NONSENSE\r\n\r\n").unwrap();
        let mut reply = String::new();
        stream.read_to_string(&mut reply).unwrap();
        assert!(reply.starts_with("HTTP/1.1 400 "), "{reply}");
    }

    // Only for this machine: another Host is refused (DNS rebinding).
    {
        let mut stream = TcpStream::connect(addr).unwrap();
        stream
            .write_all(b"GET /index.html HTTP/1.1\r\nHost: attacker.example:8000\r\n\r\n")
            .unwrap();
        let mut reply = String::new();
        stream.read_to_string(&mut reply).unwrap();
        assert!(reply.starts_with("HTTP/1.1 403 "), "{reply}");
        assert!(!reply.contains("<html"));
    }

    // The stream announces the build the page was served with ...
    let mut events = Events::open(addr);
    assert_eq!(events.next_build().as_deref(), Some(first.as_str()));

    // ... and a new one after a change of a result (both sides of the game).
    let csv = root.join("data/tournaments/2003/helsinki-open-2003.csv");
    let original = std::fs::read_to_string(&csv).unwrap();
    let edited = replaced(
        &original,
        &[
            ("\n1,saarenpaa-samuli,,2 1,", "\n1,saarenpaa-samuli,,2 =,"),
            ("\n2,ilu-timo,,1 0,", "\n2,ilu-timo,,1 =,"),
        ],
    );
    std::fs::write(&csv, &edited).unwrap();
    let second = events.next_build().unwrap();
    assert_ne!(second, first);
    let (_, _, page) = fetch(addr, "GET", "/players/saarenpaa-samuli.html");
    assert_eq!(build_of(&page), second);
    assert!(!text(&page).contains("ratingbook-serve-errors"));
    let good = std::fs::read(out.join("players/saarenpaa-samuli.html")).unwrap();
    let (_fresh, fresh_site) = fresh_build(&original);
    assert_ne!(
        good,
        std::fs::read(fresh_site.join("players/saarenpaa-samuli.html")).unwrap(),
        "the edit changed the player's page"
    );

    // Broken data: a new build id, the banner on every page, the last good site.
    std::fs::write(
        &csv,
        replaced(&edited, &[("\n2,ilu-timo,,1 =,", "\n2,ilu-timo,,1 1,")]),
    )
    .unwrap();
    let third = events.next_build().unwrap();
    assert_ne!(third, second);
    let (_, _, page) = fetch(addr, "GET", "/players/saarenpaa-samuli.html");
    let page = text(&page);
    assert!(page.contains("id=\"ratingbook-serve-errors\""), "{page}");
    assert!(page.contains("data/tournaments/2003/helsinki-open-2003.csv:2:4</code>: <span style=\"white-space:pre-wrap\">round 1"));
    let banner = page.find("<div id=\"ratingbook-serve-errors\"").unwrap();
    let body_end = page.rfind("</body>").unwrap();
    assert_eq!(
        format!("{}{}", &page[..banner], &page[body_end..]),
        text(&good),
        "the last good page, with the banner and script only in the response"
    );
    assert_eq!(
        std::fs::read(out.join("players/saarenpaa-samuli.html")).unwrap(),
        good
    );

    // Fixed: the banner goes.
    std::fs::write(&csv, &edited).unwrap();
    let fourth = events.next_build().unwrap();
    assert_ne!(fourth, third);
    let (_, _, page) = fetch(addr, "GET", "/players/saarenpaa-samuli.html");
    assert!(!text(&page).contains("ratingbook-serve-errors"));

    // The site on disk is byte for byte what `build` writes.
    let fresh = tempfile::tempdir().unwrap();
    ratingbook::build_repository(root, &fresh.path().join("site"), &|| {}).unwrap();
    let mut compared = 0;
    for entry in walkdir::WalkDir::new(fresh.path().join("site")) {
        let entry = entry.unwrap();
        if entry.file_type().is_file() {
            let relative = entry
                .path()
                .strip_prefix(fresh.path().join("site"))
                .unwrap();
            assert_eq!(
                std::fs::read(entry.path()).unwrap(),
                std::fs::read(out.join(relative)).unwrap(),
                "{}",
                relative.display()
            );
            compared += 1;
        }
    }
    assert!(compared > 100);

    // Stopping ends the event stream and `run`.
    stop.stop();
    wait_for("stopped");
    assert_eq!(events.next_build(), None);
    running.join().unwrap().unwrap();
}

// --- a server that cannot be held ---------------------------------------------

/// The HTTP side serving the sample site on a loopback port of its own,
/// without builds; stopped when dropped.
struct Serving {
    addr: SocketAddr,
    live: Arc<Live>,
    accepting: Option<std::thread::JoinHandle<()>>,
}

impl Serving {
    fn start() -> Serving {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let live = Arc::new(Live::new());
        let site = Arc::new(Site::new(&sample().1, Arc::clone(&live)));
        let accepting = std::thread::spawn(move || connection::accept_loop(&listener, &site));
        Serving {
            addr,
            live,
            accepting: Some(accepting),
        }
    }
}

impl Drop for Serving {
    fn drop(&mut self) {
        self.live.stop();
        let _ = TcpStream::connect_timeout(&self.addr, Duration::from_secs(1));
        if let Some(accepting) = self.accepting.take() {
            let _ = accepting.join();
        }
    }
}

/// Sends `request` as it is and reads the whole answer, within 5 seconds.
fn exchange(addr: SocketAddr, request: &[u8]) -> String {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    stream.write_all(request).unwrap();
    let mut reply = Vec::new();
    stream.read_to_end(&mut reply).unwrap();
    text(&reply)
}

/// A normal page request answers 200 within two seconds.
fn assert_a_page_answers(addr: SocketAddr) {
    let started = Instant::now();
    let reply = exchange(addr, b"GET /index.html HTTP/1.1\r\nHost: localhost\r\n\r\n");
    assert!(
        reply.starts_with("HTTP/1.1 200 OK\r\n"),
        "{}",
        &reply[..reply.len().min(200)]
    );
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "took {:?}",
        started.elapsed()
    );
}

#[test]
fn slow_clients_are_cut_off_and_cannot_hold_the_server() {
    let server = Serving::start();
    // Many more slow clients than there are connection slots ...
    let mut crowd: Vec<TcpStream> = (0..connection::MAX_CONNECTIONS + 72)
        .map(|_| TcpStream::connect(server.addr).unwrap())
        .collect();
    // ... and one that sends a byte every 300 ms: it is cut off after the
    // head deadline in total, with a 408 ...
    let mut slow = TcpStream::connect(server.addr).unwrap();
    slow.set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let mut writer = slow.try_clone().unwrap();
    let started = Instant::now();
    let dripping = std::thread::spawn(move || {
        let head = format!(
            "GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: {}",
            "a".repeat(100)
        );
        for byte in head.bytes() {
            if writer.write_all(&[byte]).is_err() || started.elapsed() > Duration::from_secs(15) {
                break;
            }
            std::thread::sleep(Duration::from_millis(300));
        }
    });

    // ... while a normal page still answers at once, again and again.
    for round in 0..3 {
        for client in &mut crowd {
            let _ = client.write_all(if round == 0 { b"G" } else { b"E" });
        }
        std::thread::sleep(Duration::from_millis(400));
        assert_a_page_answers(server.addr);
    }

    let mut reply = String::new();
    let _ = slow.read_to_string(&mut reply);
    let took = started.elapsed();
    assert!(
        took >= connection::HEAD_DEADLINE - Duration::from_millis(200)
            && took < connection::HEAD_DEADLINE + Duration::from_secs(2),
        "cut off after {took:?}"
    );
    assert!(reply.starts_with("HTTP/1.1 408 "), "{reply}");
    assert!(reply.contains("within 5 seconds"), "{reply}");
    dripping.join().unwrap();
}

#[test]
fn event_streams_have_their_own_slots_and_the_oldest_gives_way() {
    let server = Serving::start();
    let first = server.live.snapshot().build;
    let opened = connection::MAX_CONNECTIONS + 80;
    let mut streams = Vec::new();
    for _ in 0..opened {
        let mut events = Events::open(server.addr);
        events
            .reader
            .get_ref()
            .set_read_timeout(Some(Duration::from_secs(5)))
            .unwrap();
        assert_eq!(events.next_build().as_deref(), Some(first.as_str()));
        streams.push(events);
    }
    assert_a_page_answers(server.addr);
    // A new build: the newest streams hear of it, the oldest were closed.
    server.live.record(true, Vec::new());
    let second = server.live.snapshot().build;
    let kept = opened - connection::MAX_STREAMS;
    for (i, events) in streams.iter_mut().enumerate() {
        let expected = (i >= kept).then(|| second.clone());
        assert_eq!(events.next_build(), expected, "stream {i} of {opened}");
    }
    assert_a_page_answers(server.addr);
}

#[test]
fn a_header_that_must_be_single_and_appears_twice_is_refused() {
    let server = Serving::start();
    for request in [
        "GET /index.html HTTP/1.1\r\nHost: localhost\r\nHost: attacker.example\r\n\r\n",
        "GET /index.html HTTP/1.1\r\nHost: attacker.example\r\nHost: localhost\r\n\r\n",
        "GET /index.html HTTP/1.1\r\nHost: localhost\r\nhost: localhost\r\n\r\n",
        "GET /index.html HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nContent-Length: 5\r\n\r\n",
    ] {
        let reply = exchange(server.addr, request.as_bytes());
        assert!(reply.starts_with("HTTP/1.1 400 "), "{request:?}: {reply}");
        assert!(reply.contains("appears twice"), "{reply}");
        assert!(!reply.contains("<html"), "{reply}");
    }
    // Headers that may repeat still do.
    let reply = exchange(
        server.addr,
        b"GET /index.html HTTP/1.1\r\nHost: localhost\r\nAccept: text/html\r\nAccept: */*\r\n\r\n",
    );
    assert!(reply.starts_with("HTTP/1.1 200 OK\r\n"), "{reply}");
}

#[test]
fn redirects_never_leave_the_site() {
    let server = Serving::start();
    for (target, expected) in [
        ("//players", Some("/players/")),
        ("///players?x=1", Some("/players/?x=1")),
        ("/./players", Some("/players/")),
        ("/.", Some("/")),
        ("http://localhost//players", Some("/players/")),
        ("/\\evil.example", None),
        ("/%5Cevil.example", None),
        ("//evil.example", None),
        ("/%2F%2Fevil.example", None),
    ] {
        let request = format!("GET {target} HTTP/1.1\r\nHost: localhost\r\n\r\n");
        let reply = exchange(server.addr, request.as_bytes());
        let head = &reply[..reply.find("\r\n\r\n").unwrap()];
        let location = head
            .lines()
            .find_map(|line| line.strip_prefix("Location: "));
        assert_eq!(location, expected, "{target}: {head}");
        if let Some(location) = location {
            assert!(head.starts_with("HTTP/1.1 301 "), "{target}: {head}");
            assert!(!location.starts_with("//") && !location.starts_with("/\\"));
        }
    }
}
