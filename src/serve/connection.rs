//! The preview's connections: one thread accepts, each connection gets a
//! thread of its own, reads one request head, gets one answer (or becomes an
//! event stream) and ends (`Connection: close`).
//!
//! Built on `std::net` rather than an HTTP crate. The preview needs `GET` and
//! `HEAD` of static files plus one endpoint that keeps its response open and
//! writes an event whenever a build ends. A hyper and tokio stack (what
//! Zola's and mdBook's `serve` stand on) would bring dozens of crates and
//! minutes of compilation for that; `tiny_http` would put the event stream
//! behind a response writer we do not control. What such a server would give
//! us is that nobody can hold it, and this one keeps these bounds itself,
//! each held by a test in `tests/maintainer/serve.rs`:
//!
//! - **Slots.** At most [`MAX_CONNECTIONS`] requests at once. When every slot
//!   is taken, a new connection takes the slot of the oldest one still
//!   sending its head (which is closed); only when every slot is answering is
//!   it refused with `503`. A crowd of slow clients therefore never keeps a
//!   real request out (`slow_clients_are_cut_off_and_cannot_hold_the_server`).
//! - **Deadlines.** A request head must arrive whole within
//!   [`HEAD_DEADLINE`] in total, however it trickles in (`408` otherwise,
//!   same test), and an answer must be written within [`RESPONSE_DEADLINE`].
//! - **Event streams** leave the request slots once their head is read and
//!   have [`MAX_STREAMS`] slots of their own; a new stream over that closes
//!   the oldest (the browser's `EventSource` of a page still open reconnects
//!   by itself). Open streams never keep a page from being served
//!   (`event_streams_have_their_own_slots_and_the_oldest_gives_way`).
//! - **One meaning per request.** A header that must be single (`Host`,
//!   `Content-Length`, …) appearing twice, a folded or malformed header line
//!   is refused with `400`, so the `Host` checked is the one meant
//!   (`a_header_that_must_be_single_and_appears_twice_is_refused`); redirects
//!   never point to another host (`redirects_never_leave_the_site`, see
//!   [`super::http::resolve`]).
//!
//! Host check: a server on loopback answers only requests whose `Host` (and
//! the host of an absolute-form target) is loopback (`localhost`,
//! `127.0.0.1`, `[::1]`), so a web page elsewhere cannot read the preview
//! through DNS rebinding. With `--bind` on another address any `Host` is
//! accepted.

use super::http::{self, is_loopback_host, Body, Response, Site, EVENTS_PATH};
use super::Live;
use std::collections::BTreeMap;
use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Requests served at once (event streams aside).
pub const MAX_CONNECTIONS: usize = 128;

/// Event streams open at once; a new one closes the oldest.
pub const MAX_STREAMS: usize = 64;

/// How long a client has, in total, to send its request line and headers.
pub const HEAD_DEADLINE: Duration = Duration::from_secs(5);

/// How long writing an answer may take, in total.
pub const RESPONSE_DEADLINE: Duration = Duration::from_secs(30);

/// How long writing one event may take.
const EVENT_DEADLINE: Duration = Duration::from_secs(10);

/// Longest request head read (request line and headers).
const MAX_HEAD: usize = 16 * 1024;

/// How often an idle event stream writes a comment, to notice closed pages.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// Headers whose value is one item: a second one makes the request mean two
/// things (which `Host`?), so it is refused.
const SINGLE_HEADERS: &[&str] = &[
    "host",
    "content-length",
    "content-type",
    "transfer-encoding",
    "authorization",
    "proxy-authorization",
    "range",
    "if-modified-since",
    "if-unmodified-since",
    "origin",
    "referer",
];

/// The request and stream slots, by age (a smaller id is older).
#[derive(Debug, Default)]
struct Slots {
    state: Mutex<SlotState>,
}

#[derive(Debug, Default)]
struct SlotState {
    next: u64,
    /// Requests; the socket is kept while the head is being read, so that
    /// the slot can be taken back.
    requests: BTreeMap<u64, Option<TcpStream>>,
    /// Event streams and the flag that tells each to close.
    streams: BTreeMap<u64, Arc<AtomicBool>>,
}

impl Slots {
    fn lock(&self) -> MutexGuard<'_, SlotState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A request slot for `stream`, taken from the oldest connection still
    /// sending its head when all are used; `None` when every slot is
    /// answering.
    fn admit(self: &Arc<Self>, stream: &TcpStream) -> Option<RequestSlot> {
        let mut state = self.lock();
        if state.requests.len() >= MAX_CONNECTIONS {
            let oldest = state
                .requests
                .iter()
                .find_map(|(id, head)| head.is_some().then_some(*id))?;
            if let Some(Some(reading)) = state.requests.remove(&oldest) {
                let _ = reading.shutdown(Shutdown::Both);
            }
        }
        let id = state.next;
        state.next += 1;
        state.requests.insert(id, stream.try_clone().ok());
        Some(RequestSlot {
            slots: Arc::clone(self),
            id,
        })
    }
}

/// A request's slot, given back when dropped.
struct RequestSlot {
    slots: Arc<Slots>,
    id: u64,
}

impl RequestSlot {
    /// The head is read: the slot is no longer taken back.
    fn head_read(&self) {
        if let Some(head) = self.slots.lock().requests.get_mut(&self.id) {
            *head = None;
        }
    }

    /// Moves the request to a stream slot, closing the oldest stream when
    /// all are used.
    fn into_stream(self, live: &Live) -> StreamSlot {
        let mut state = self.slots.lock();
        state.requests.remove(&self.id);
        if state.streams.len() >= MAX_STREAMS {
            if let Some((_, closed)) = state.streams.pop_first() {
                closed.store(true, Ordering::SeqCst);
                live.wake();
            }
        }
        let closed = Arc::new(AtomicBool::new(false));
        state.streams.insert(self.id, Arc::clone(&closed));
        drop(state);
        StreamSlot {
            slots: Arc::clone(&self.slots),
            id: self.id,
            closed,
        }
    }
}

impl Drop for RequestSlot {
    fn drop(&mut self) {
        self.slots.lock().requests.remove(&self.id);
    }
}

/// An event stream's slot, given back when dropped.
struct StreamSlot {
    slots: Arc<Slots>,
    id: u64,
    closed: Arc<AtomicBool>,
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        self.slots.lock().streams.remove(&self.id);
    }
}

/// Accepts connections until the live state says stop; each connection is
/// answered on its own thread.
pub fn accept_loop(listener: &TcpListener, site: &Arc<Site>) {
    let slots = Arc::new(Slots::default());
    for stream in listener.incoming() {
        if site.live.snapshot().stopping {
            break;
        }
        let Ok(mut stream) = stream else { continue };
        let Some(slot) = slots.admit(&stream) else {
            let refusal = Response::text(
                503,
                "too many requests at once: every connection is being answered; try again in a moment",
            );
            let _ = write_response(
                &mut stream,
                refusal,
                false,
                Instant::now() + Duration::from_secs(1),
            );
            let _ = stream.shutdown(Shutdown::Write);
            continue;
        };
        let site = Arc::clone(site);
        let _ = std::thread::Builder::new()
            .name("serve-connection".into())
            .spawn(move || {
                let _ = handle(stream, &site, slot);
            });
    }
}

/// Wraps a socket so that all writes together end by a deadline.
struct Deadline<'a> {
    stream: &'a TcpStream,
    until: Instant,
}

impl Write for Deadline<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let left = self.until.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(io::ErrorKind::TimedOut.into());
        }
        self.stream.set_write_timeout(Some(left))?;
        (&mut &*self.stream).write(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        (&mut &*self.stream).flush()
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        301 => "Moved Permanently",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        431 => "Request Header Fields Too Large",
        503 => "Service Unavailable",
        _ => "Internal Server Error",
    }
}

fn write_response(
    stream: &mut TcpStream,
    response: Response,
    head_only: bool,
    until: Instant,
) -> io::Result<()> {
    let length = match &response.body {
        Body::Bytes(bytes) => bytes.len() as u64,
        Body::File(_, len) => *len,
    };
    let mut head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {length}\r\n\
         Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n",
        response.status,
        reason(response.status),
        response.content_type
    );
    if response.status == 405 {
        head.push_str("Allow: GET, HEAD\r\n");
    }
    if let Some(location) = &response.location {
        head.push_str(&format!("Location: {location}\r\n"));
    }
    head.push_str("\r\n");
    let mut out = Deadline { stream, until };
    out.write_all(head.as_bytes())?;
    if !head_only {
        match response.body {
            Body::Bytes(bytes) => out.write_all(&bytes)?,
            Body::File(file, len) => {
                io::copy(&mut file.take(len), &mut out)?;
            }
        }
    }
    out.flush()
}

/// A request's method, target and `Host`.
#[derive(Debug)]
struct Request {
    method: String,
    target: String,
    host: Option<String>,
}

/// Reads the request head (up to its blank line) by `until`; the answer to
/// send instead when it does not come whole and in time, `None` when the
/// connection is gone.
fn read_head(stream: &TcpStream, until: Instant) -> Result<Vec<u8>, Option<Response>> {
    let mut head = Vec::with_capacity(1024);
    let mut chunk = [0u8; 2048];
    loop {
        let left = until.saturating_duration_since(Instant::now());
        let late = || {
            let seconds = HEAD_DEADLINE.as_secs();
            Response::text(
                408,
                &format!(
                    "the request line and headers did not arrive within {seconds} seconds; \
                     send the whole request head at once"
                ),
            )
        };
        if left.is_zero() {
            return Err(Some(late()));
        }
        stream.set_read_timeout(Some(left)).map_err(|_| None)?;
        let read = match (&mut &*stream).read(&mut chunk) {
            Ok(0) => return Err(Some(Response::text(400, "incomplete request"))),
            Ok(read) => read,
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) =>
            {
                return Err(Some(late()))
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => return Err(None),
        };
        let searched_from = head.len().saturating_sub(3);
        head.extend_from_slice(&chunk[..read]);
        if let Some(end) = head_end(&head, searched_from) {
            head.truncate(end);
            return Ok(head);
        }
        if head.len() > MAX_HEAD {
            return Err(Some(Response::text(
                431,
                &format!(
                    "request head longer than {MAX_HEAD} bytes; send fewer or shorter headers"
                ),
            )));
        }
    }
}

/// Where the head ends (after its blank line), searching from `from`; blank
/// lines before the request line do not end it.
fn head_end(head: &[u8], from: usize) -> Option<usize> {
    let start = head.iter().position(|b| !matches!(b, b'\r' | b'\n'))?;
    let from = from.max(start);
    (from..head.len()).find_map(|i| {
        let rest = &head[i..];
        if rest.starts_with(b"\n\r\n") {
            Some(i + 3)
        } else if rest.starts_with(b"\n\n") {
            Some(i + 2)
        } else {
            None
        }
    })
}

/// Parses a request head: one request line, headers each once if they
/// must be single.
fn parse_request(head: &[u8]) -> Result<Request, Response> {
    let bad = |message: String| Response::text(400, &message);
    let head = std::str::from_utf8(head).map_err(|_| bad("request head is not UTF-8".into()))?;
    let mut lines = head
        .split('\n')
        .map(|line| line.strip_suffix('\r').unwrap_or(line))
        .skip_while(|line| line.is_empty());
    let request_line = lines.next().unwrap_or_default();
    let mut host = None;
    let mut seen: Vec<&str> = Vec::new();
    for line in lines.take_while(|line| !line.is_empty()) {
        if line.starts_with([' ', '\t']) {
            return Err(bad(format!(
                "folded header line {line:?}; put each header on one line"
            )));
        }
        let Some((name, value)) = line.split_once(':') else {
            return Err(bad(format!(
                "header line {line:?} has no `:`; write `Name: value`"
            )));
        };
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_graphic()) {
            return Err(bad(format!(
                "header name {name:?} is empty or has spaces; write `Name: value`"
            )));
        }
        if let Some(single) = SINGLE_HEADERS
            .iter()
            .find(|single| name.eq_ignore_ascii_case(single))
        {
            if seen.contains(single) {
                return Err(bad(format!(
                    "the `{name}` header appears twice; send it once"
                )));
            }
            seen.push(single);
        }
        if name.eq_ignore_ascii_case("host") {
            host = Some(value.trim().to_string());
        }
    }
    let mut parts = request_line.split(' ');
    match (parts.next(), parts.next(), parts.next(), parts.next()) {
        (Some(method), Some(target), Some(version), None) if version.starts_with("HTTP/1.") => {
            Ok(Request {
                method: method.to_string(),
                target: target.to_string(),
                host,
            })
        }
        _ => Err(bad("not an HTTP/1 request".into())),
    }
}

/// The host of an absolute-form target (`http://host:port/path`).
fn target_authority(target: &str) -> Option<&str> {
    if target.starts_with('/') {
        return None;
    }
    let rest = &target[target.find("://")? + 3..];
    Some(&rest[..rest.find(['/', '?', '#']).unwrap_or(rest.len())])
}

fn handle(mut stream: TcpStream, site: &Site, slot: RequestSlot) -> io::Result<()> {
    let arrived = Instant::now();
    let request = read_head(&stream, arrived + HEAD_DEADLINE).and_then(|head| {
        slot.head_read();
        parse_request(&head).map_err(Some)
    });
    let until = Instant::now() + RESPONSE_DEADLINE;
    let Request {
        method,
        target,
        host,
    } = match request {
        Ok(request) => request,
        Err(answer) => {
            if let Some(response) = answer {
                write_response(&mut stream, response, false, until)?;
            }
            return stream.shutdown(Shutdown::Both);
        }
    };
    let loopback = host.as_deref().is_some_and(is_loopback_host)
        && target_authority(&target).is_none_or(is_loopback_host);
    if !site.any_host && !loopback {
        let response = Response::text(
            403,
            "forbidden: this preview answers requests for localhost only",
        );
        write_response(&mut stream, response, method == "HEAD", until)?;
        return stream.shutdown(Shutdown::Write);
    }
    if http::target_path(&target) == Some(EVENTS_PATH) && method == "GET" {
        let stream_slot = slot.into_stream(&site.live);
        return events(stream, &site.live, &stream_slot);
    }
    let response = http::response(site, &method, &target);
    write_response(&mut stream, response, method == "HEAD", until)?;
    stream.shutdown(Shutdown::Write)
}

/// The event stream: the current build at once, then each new one, until
/// the page goes away, the slot is needed by a newer stream or the server
/// stops.
fn events(stream: TcpStream, live: &Live, slot: &StreamSlot) -> io::Result<()> {
    let status = live.snapshot();
    let mut seen = status.build;
    let write = |text: &[u8]| {
        let mut out = Deadline {
            stream: &stream,
            until: Instant::now() + EVENT_DEADLINE,
        };
        out.write_all(text)?;
        out.flush()
    };
    write(
        format!(
            "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n\
             X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\nretry: 1000\n\n\
             event: build\ndata: {seen}\n\n"
        )
        .as_bytes(),
    )?;
    loop {
        let status = live.wait_change(&seen, KEEP_ALIVE, &slot.closed);
        if status.stopping || slot.closed.load(Ordering::SeqCst) {
            break;
        }
        if status.build == seen {
            write(b": still here\n\n")?;
        } else {
            seen = status.build;
            write(format!("event: build\ndata: {seen}\n\n").as_bytes())?;
        }
    }
    stream.shutdown(Shutdown::Both)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heads_end_at_their_blank_line() {
        assert_eq!(
            head_end(b"GET / HTTP/1.1\r\nHost: a\r\n\r\nbody", 0),
            Some(27)
        );
        assert_eq!(head_end(b"GET / HTTP/1.1\nHost: a\n\n", 0), Some(24));
        assert_eq!(head_end(b"\r\n\r\nGET / HTTP/1.1\r\n", 0), None);
        assert_eq!(head_end(b"GET / HTTP/1.1\r\nHost: a\r\n", 0), None);
    }

    #[test]
    fn requests_with_two_meanings_are_refused() {
        let parsed = parse_request(
            b"\r\nGET /a HTTP/1.1\r\nHost: localhost\r\nAccept: a\r\nAccept: b\r\n\r\n",
        )
        .unwrap();
        assert_eq!(
            (parsed.method.as_str(), parsed.target.as_str()),
            ("GET", "/a")
        );
        assert_eq!(parsed.host.as_deref(), Some("localhost"));
        for head in [
            "GET / HTTP/1.1\r\nHost: a\r\nHOST: b\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: a\r\n Host: b\r\n\r\n",
            "GET / HTTP/1.1\r\nHost : a\r\n\r\n",
            "GET / HTTP/1.1\r\nnonsense\r\n\r\n",
            "GET / HTTP/1.1 extra\r\n\r\n",
        ] {
            let refused = parse_request(head.as_bytes()).unwrap_err();
            assert_eq!(refused.status, 400, "{head:?}");
        }
    }

    #[test]
    fn writes_stop_at_their_deadline_when_the_client_does_not_read() {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let client = TcpStream::connect(listener.local_addr().unwrap()).unwrap();
        let (server, _) = listener.accept().unwrap();
        // Far more than the kernel's socket buffers hold, made before the
        // clock starts: only the deadline can end the write.
        let bytes = vec![b'x'; 64 << 20];
        let started = Instant::now();
        let mut out = Deadline {
            stream: &server,
            until: started + Duration::from_millis(300),
        };
        let error = out.write_all(&bytes).unwrap_err();
        assert!(
            matches!(
                error.kind(),
                io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock
            ),
            "{error}"
        );
        // Without the deadline the write would wait for ever; a loaded
        // machine may take a while to notice it passed.
        assert!(started.elapsed() < Duration::from_secs(10));
        drop(client);
    }

    #[test]
    fn absolute_targets_name_their_host() {
        assert_eq!(
            target_authority("http://localhost:8000/a?b"),
            Some("localhost:8000")
        );
        assert_eq!(
            target_authority("http://evil.example"),
            Some("evil.example")
        );
        assert_eq!(target_authority("/a://b"), None);
    }
}
