//! What the preview answers. Owns everything between a request's method and
//! target and a file of the output folder: mapping the path into the folder
//! (and refusing anything that would leave it), content types, the 404 page,
//! and the reload script and error banner added to HTML responses.
//!
//! The connections themselves (slots, deadlines, reading the request, the
//! `Host` check, writing the answer, the Server-Sent Events stream that tells
//! pages a build finished) are in [`super::connection`].
//!
//! Path safety: the request path is percent-decoded once, split on `/`, and
//! refused (403) if any segment is `..` or is not a plain file name (a drive
//! prefix, a backslash, a NUL). The file found is then resolved through any
//! symbolic links and must still be inside the output folder, or it is
//! refused too. Nothing outside the output folder is ever read. A folder
//! asked for without its trailing slash is redirected to a `Location` built
//! from the decoded segments, so it always starts with exactly one `/`.

use super::{Live, Problem, Status, PREFIX};
use crate::render::format::html_escaped as escape;
use std::fs::File;
use std::io::{self, Read};
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

/// Path of the event stream.
pub const EVENTS_PATH: &str = "/__ratingbook/events";

/// Path of the reload script.
pub const SCRIPT_PATH: &str = "/__ratingbook/live.js";

/// The reload script: follows the event stream while the page is visible
/// and reloads when the build differs from the one the page was served with.
/// Hidden tabs close their stream, so open tabs do not use up the browser's
/// six connections per host.
pub const LIVE_SCRIPT: &str = r#"// ratingbook serve: reloads this page when a build finishes.
(function () {
  "use strict";
  var script = document.currentScript;
  var shown = script && script.getAttribute("data-build");
  if (!shown || !window.EventSource) return;
  var source = null;
  function connect() {
    if (source) return;
    source = new EventSource("/__ratingbook/events");
    source.addEventListener("build", function (event) {
      if (event.data !== shown) {
        source.close();
        location.reload();
      }
    });
  }
  function disconnect() {
    if (source) {
      source.close();
      source = null;
    }
  }
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") disconnect();
    else connect();
  });
  if (document.visibilityState !== "hidden") connect();
})();
"#;

/// What the server serves: the output folder and the live build state.
#[derive(Debug)]
pub struct Site {
    out: PathBuf,
    pub(super) live: Arc<Live>,
    pub(super) any_host: bool,
}

impl Site {
    /// Serves `out`, with pages following `live`, to loopback `Host`s only.
    pub fn new(out: &Path, live: Arc<Live>) -> Site {
        Site {
            out: out.to_path_buf(),
            live,
            any_host: false,
        }
    }

    /// Answers requests for any `Host` (the server listens beyond loopback).
    pub fn for_any_host(mut self) -> Site {
        self.any_host = true;
        self
    }
}

/// Whether a `Host` header names this machine's loopback: `localhost`,
/// `127.0.0.1` (any of 127/8) or `[::1]`, with or without a port.
pub fn is_loopback_host(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(rest) => rest.split(']').next().unwrap_or(""),
        None => host.split(':').next().unwrap_or(""),
    };
    name.eq_ignore_ascii_case("localhost")
        || name
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// A response body.
#[derive(Debug)]
pub enum Body {
    /// Bytes in memory (HTML after injection, error pages, the script).
    Bytes(Vec<u8>),
    /// A file streamed from disk, with its length.
    File(File, u64),
}

/// A response to one request (the event stream aside).
#[derive(Debug)]
pub struct Response {
    /// HTTP status code.
    pub status: u16,
    /// `Content-Type`.
    pub content_type: &'static str,
    /// `Location`, for redirects.
    pub location: Option<String>,
    /// The body (not sent for `HEAD`).
    pub body: Body,
}

impl Response {
    pub(super) fn text(status: u16, message: &str) -> Response {
        Response {
            status,
            content_type: "text/plain; charset=utf-8",
            location: None,
            body: Body::Bytes(format!("{message}\n").into_bytes()),
        }
    }

    /// The body read into memory (tests).
    pub fn into_bytes(self) -> io::Result<Vec<u8>> {
        match self.body {
            Body::Bytes(bytes) => Ok(bytes),
            Body::File(mut file, len) => {
                let mut bytes = Vec::with_capacity(usize::try_from(len).unwrap_or(0));
                file.read_to_end(&mut bytes)?;
                Ok(bytes)
            }
        }
    }
}

/// Where a request path leads inside the output folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolved {
    /// A regular file inside the folder (resolved through symbolic links).
    File(PathBuf),
    /// A folder asked for without its trailing slash: redirect here so that
    /// its page's relative links work.
    Redirect(String),
    /// Nothing there.
    NotFound,
    /// The path leaves the folder (`..`, a symbolic link out) or is not a
    /// plain path.
    Forbidden,
    /// Not a path (bad percent-encoding, not UTF-8, not starting with `/`).
    BadRequest,
}

/// Decodes `%XX` escapes; `None` for a malformed escape.
pub fn percent_decode(text: &str) -> Option<Vec<u8>> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes.get(i + 1..i + 3)?;
            let hex = std::str::from_utf8(hex).ok()?;
            if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                return None;
            }
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    Some(out)
}

/// The path part of a request target (`/a/b.html?x#y` → `/a/b.html`);
/// absolute-form targets (`http://host/a`) give their path.
pub(super) fn target_path(target: &str) -> Option<&str> {
    let target = match target.find("://") {
        Some(scheme_end) if !target.starts_with('/') => {
            let rest = &target[scheme_end + 3..];
            rest.find('/').map_or("/", |slash| &rest[slash..])
        }
        _ => target,
    };
    let end = target.find(['?', '#']).unwrap_or(target.len());
    let path = &target[..end];
    path.starts_with('/').then_some(path)
}

/// Maps a request target to a file of `out`, refusing anything that would
/// read outside it.
pub fn resolve(out: &Path, target: &str) -> Resolved {
    let Some(raw) = target_path(target) else {
        return Resolved::BadRequest;
    };
    let Some(decoded) = percent_decode(raw).and_then(|b| String::from_utf8(b).ok()) else {
        return Resolved::BadRequest;
    };
    let mut relative = PathBuf::new();
    let mut segments = Vec::new();
    for segment in decoded.split('/') {
        match segment {
            "" | "." => {}
            ".." => return Resolved::Forbidden,
            _ => {
                let plain = !segment.contains(['\\', '\0'])
                    && matches!(
                        Path::new(segment).components().collect::<Vec<_>>().as_slice(),
                        [Component::Normal(name)] if *name == std::ffi::OsStr::new(segment)
                    );
                if !plain {
                    return Resolved::Forbidden;
                }
                relative.push(segment);
                segments.push(segment);
            }
        }
    }
    let Ok(root) = out.canonicalize() else {
        return Resolved::NotFound;
    };
    let Ok(found) = root.join(&relative).canonicalize() else {
        return Resolved::NotFound;
    };
    if !found.starts_with(&root) {
        return Resolved::Forbidden;
    }
    if found.is_dir() {
        if !decoded.ends_with('/') {
            let query = target.find('?').map_or("", |q| &target[q..]);
            // Only a plain query goes into the `Location` header.
            if !query.bytes().all(|b| b.is_ascii_graphic()) {
                return Resolved::NotFound;
            }
            return Resolved::Redirect(format!("{}{query}", folder_location(&segments)));
        }
        let Ok(index) = found.join("index.html").canonicalize() else {
            return Resolved::NotFound;
        };
        if !index.starts_with(&root) {
            return Resolved::Forbidden;
        }
        return if index.is_file() {
            Resolved::File(index)
        } else {
            Resolved::NotFound
        };
    }
    if found.is_file() {
        Resolved::File(found)
    } else {
        Resolved::NotFound
    }
}

/// The path of the folder made of `segments`, with its trailing slash, as
/// it goes into a `Location`: each segment percent-encoded, so the result
/// starts with exactly one `/` and never reads as another host (`//host`,
/// `/\host`), whatever slashes and dots the request had.
fn folder_location(segments: &[&str]) -> String {
    let mut location = String::from("/");
    for segment in segments {
        for byte in segment.bytes() {
            if byte.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@".contains(&byte) {
                location.push(char::from(byte));
            } else {
                location.push_str(&format!("%{byte:02X}"));
            }
        }
        location.push('/');
    }
    location
}

/// The `Content-Type` of a site file, by extension.
pub fn content_type(path: &Path) -> &'static str {
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match extension.as_deref() {
        Some("html" | "htm") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("json") => "application/json",
        Some("svg") => "image/svg+xml",
        Some("csv") => "text/csv; charset=utf-8",
        // RFC 6922.
        Some("sql") => "application/sql; charset=utf-8",
        // RFC 7763.
        Some("md") => "text/markdown; charset=utf-8",
        Some("xml") => "application/xml",
        // FIDE TRF: plain text, no registered type.
        Some("trf" | "txt") => "text/plain; charset=utf-8",
        Some("png") => "image/png",
        Some("jpg" | "jpeg") => "image/jpeg",
        Some("gif") => "image/gif",
        Some("webp") => "image/webp",
        Some("ico") => "image/x-icon",
        Some("woff2") => "font/woff2",
        Some("woff") => "font/woff",
        Some("pdf") => "application/pdf",
        _ => "application/octet-stream",
    }
}

/// What is added to every HTML response: the reload script, tagged with the
/// build the page shows, and the error banner when the last build failed.
pub fn snippet(status: &Status) -> String {
    let mut html = String::new();
    if !status.problems.is_empty() {
        html.push_str(&banner(&status.problems));
    }
    html.push_str(&format!(
        "<script src=\"{SCRIPT_PATH}\" data-build=\"{}\"></script>\n",
        escape(&status.build)
    ));
    html
}

/// Most problems listed in the banner; the terminal has them all.
const BANNER_PROBLEMS: usize = 50;

/// The banner listing a failed build's errors over the last good site.
fn banner(problems: &[Problem]) -> String {
    let count = problems.len();
    let mut html = String::from(
        "<div id=\"ratingbook-serve-errors\" role=\"alert\" style=\"position:fixed;top:0;left:0;\
         right:0;z-index:2147483647;max-height:60vh;overflow:auto;margin:0;padding:12px 16px;\
         background:#fff1f0;color:#5c0011;border-bottom:4px solid #cf1322;\
         box-shadow:0 2px 12px rgba(0,0,0,.35);font:15px/1.45 system-ui,sans-serif;\
         text-align:left\">\n",
    );
    html.push_str(&format!(
        "<p style=\"margin:0 0 6px;font-weight:bold\">The last build failed with {count} \
         error{}; this is the last good site. Fix the data and save: the page reloads \
         by itself.</p>\n<ul style=\"margin:0;padding-left:20px\">\n",
        if count == 1 { "" } else { "s" }
    ));
    for problem in problems.iter().take(BANNER_PROBLEMS) {
        html.push_str("<li>");
        if !problem.location.is_empty() {
            html.push_str(&format!(
                "<code style=\"font-weight:bold\">{}</code>: ",
                escape(&problem.location)
            ));
        }
        // Template errors carry a source excerpt over several lines.
        html.push_str(&format!(
            "<span style=\"white-space:pre-wrap\">{}</span>",
            escape(&problem.message)
        ));
        if let Some(hint) = &problem.hint {
            html.push_str(&format!("<br><small>help: {}</small>", escape(hint)));
        }
        html.push_str("</li>\n");
    }
    if count > BANNER_PROBLEMS {
        html.push_str(&format!(
            "<li>… and {} more (see the terminal)</li>\n",
            count - BANNER_PROBLEMS
        ));
    }
    html.push_str("</ul>\n</div>\n");
    html
}

/// `html` with `snippet` inserted before its last `</body>` (or at the end).
pub fn inject(html: &[u8], snippet: &str) -> Vec<u8> {
    let at = html
        .windows(7)
        .rposition(|w| w.eq_ignore_ascii_case(b"</body>"))
        .unwrap_or(html.len());
    let mut out = Vec::with_capacity(html.len() + snippet.len());
    out.extend_from_slice(&html[..at]);
    out.extend_from_slice(snippet.as_bytes());
    out.extend_from_slice(&html[at..]);
    out
}

/// The page shown when there is no site yet (the first build failed).
fn placeholder(status: &Status) -> Vec<u8> {
    let html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
                <title>No site yet</title>\n</head>\n<body>\n<h1>No site yet</h1>\n\
                <p>ratingbook serve has no site to show: the build failed and there is no \
                earlier one. The errors are listed above and in the terminal.</p>\n</body>\n</html>\n";
    inject(html.as_bytes(), &snippet(status))
}

/// Answers `GET` or `HEAD` of `target` (everything but the event stream).
pub fn response(site: &Site, method: &str, target: &str) -> Response {
    if method != "GET" && method != "HEAD" {
        return Response::text(405, "only GET and HEAD are served");
    }
    if target_path(target) == Some(SCRIPT_PATH) {
        return Response {
            status: 200,
            content_type: "text/javascript; charset=utf-8",
            location: None,
            body: Body::Bytes(LIVE_SCRIPT.as_bytes().to_vec()),
        };
    }
    if target_path(target).is_some_and(|p| p.starts_with(PREFIX)) {
        return Response::text(404, "not found");
    }
    let file = match resolve(&site.out, target) {
        Resolved::File(file) => file,
        Resolved::Redirect(location) => {
            return Response {
                location: Some(location),
                ..Response::text(301, "moved")
            }
        }
        Resolved::Forbidden => return Response::text(403, "forbidden: outside the site"),
        Resolved::BadRequest => return Response::text(400, "bad request path"),
        Resolved::NotFound => return not_found(site),
    };
    match serve_file(site, &file, 200) {
        Ok(response) => response,
        Err(e) if e.kind() == io::ErrorKind::NotFound => not_found(site),
        Err(e) => Response::text(500, &format!("cannot read the file: {e}")),
    }
}

/// The site's `404.html` with status 404, or a placeholder when there is no
/// site.
fn not_found(site: &Site) -> Response {
    let status = site.live.snapshot();
    if !site.out.is_dir() {
        return Response {
            status: 404,
            content_type: "text/html; charset=utf-8",
            location: None,
            body: Body::Bytes(placeholder(&status)),
        };
    }
    match resolve(&site.out, "/404.html") {
        Resolved::File(page) => match serve_file(site, &page, 404) {
            Ok(response) => response,
            Err(_) => Response::text(404, "not found"),
        },
        _ => Response::text(404, "not found"),
    }
}

fn serve_file(site: &Site, file: &Path, status: u16) -> io::Result<Response> {
    let content_type = content_type(file);
    let mut handle = File::open(file)?;
    if content_type.starts_with("text/html") {
        let mut html = Vec::new();
        handle.read_to_end(&mut html)?;
        let snippet = snippet(&site.live.snapshot());
        return Ok(Response {
            status,
            content_type,
            location: None,
            body: Body::Bytes(inject(&html, &snippet)),
        });
    }
    let len = handle.metadata()?.len();
    Ok(Response {
        status,
        content_type,
        location: None,
        body: Body::File(handle, len),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_decoding() {
        assert_eq!(percent_decode("a%20b").unwrap(), b"a b");
        assert_eq!(percent_decode("%2e%2E").unwrap(), b"..");
        assert_eq!(percent_decode("%C3%A4").unwrap(), "ä".as_bytes());
        assert!(percent_decode("%").is_none());
        assert!(percent_decode("%2").is_none());
        assert!(percent_decode("%zz").is_none());
        assert!(percent_decode("%+1").is_none());
    }

    #[test]
    fn target_paths() {
        assert_eq!(target_path("/a/b.html?x=1#y"), Some("/a/b.html"));
        assert_eq!(target_path("http://h:1/a?q"), Some("/a"));
        assert_eq!(target_path("http://h:1"), Some("/"));
        assert_eq!(target_path("*"), None);
        assert_eq!(target_path("a/b"), None);
    }

    #[test]
    fn loopback_hosts() {
        for host in [
            "localhost",
            "LOCALHOST:8000",
            "127.0.0.1",
            "127.0.0.1:8000",
            "127.1.2.3:1",
            "[::1]",
            "[::1]:8000",
        ] {
            assert!(is_loopback_host(host), "{host}");
        }
        for host in [
            "",
            "example.org",
            "example.org:8000",
            "localhost.example.org",
            "10.0.0.1:8000",
            "[::2]:80",
            "127.0.0.1.example.org",
        ] {
            assert!(!is_loopback_host(host), "{host}");
        }
    }

    #[test]
    fn injection_goes_before_the_last_body_end() {
        let html = b"<html><body><p></body></p></BODY></html>";
        let out = inject(html, "<x>");
        assert_eq!(out, b"<html><body><p></body></p><x></BODY></html>");
        assert_eq!(inject(b"<p>hi", "<x>"), b"<p>hi<x>");
    }

    #[test]
    fn the_banner_escapes_and_counts() {
        let status = Status {
            build: "b-1".into(),
            problems: vec![Problem {
                location: "data/players/<a>.toml:2:1".into(),
                message: "bad & <script>".into(),
                hint: Some("use \"x\"".into()),
            }],
            stopping: false,
        };
        let html = snippet(&status);
        assert!(html.contains("ratingbook-serve-errors"));
        assert!(html.contains("1 error;"));
        assert!(html.contains("data/players/&lt;a&gt;.toml:2:1"));
        assert!(html.contains("bad &amp; &lt;script&gt;"));
        assert!(!html.contains("<script>"));
        assert!(html.contains("data-build=\"b-1\""));
        let clean = snippet(&Status {
            problems: Vec::new(),
            ..status
        });
        assert!(!clean.contains("ratingbook-serve-errors"));
    }
}
