//! Mutation fuzzing of whole data repositories: a file of the small sample
//! repository (player, tournament metadata, crosstable, configuration, page,
//! survey or template) gets a few random edits with bytes that matter to its
//! parser or a very long run of text, and may be replaced by a symbolic link
//! (into `.git/`, out of the repository, to nothing, to a folder, to another
//! data file) or have a link put where a build writes; then the repository
//! is checked and, when the check passes and no template was touched, built.
//! Nothing may panic, every case must finish within a few seconds, a failed
//! build leaves no site, and the secret kept in the repository's
//! `.git/config` never shows in a message or a published file.
//!
//! `RATINGBOOK_FUZZ_CASES` sets the number of cases (default 200, what CI
//! runs); for a long run:
//!
//! ```text
//! RATINGBOOK_FUZZ_CASES=5000 cargo test --release --test book fuzz_repository -- --nocapture
//! ```

use crate::util;

use proptest::prelude::*;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const MINI: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/mini");

/// The files a case may mutate, with a valid starting text for those the
/// sample repository does not have.
const TARGETS: [(&str, Option<&str>); 8] = [
    ("data/players/ikonen-jussi.toml", None),
    ("data/players/ilu-timo.toml", None),
    ("data/tournaments/2005/spring-open.toml", None),
    ("data/tournaments/2005/spring-open.csv", None),
    ("ratingbook.toml", Some("[site]\ntitle = \"Club\"\nlanguage = \"fi\"\n\n[rating]\nbase_k = 32\n\n[output]\nsql_dialects = [\"sqlite\"]\n")),
    ("data/pages/news.md", Some("---\ntitle: News\ndate: 2005-05-01\n---\nSee [the list](ratings.html).\n")),
    ("data/surveys/club.csv", Some(",ikonen-jussi,pellikka-marko\nikonen-jussi,,2\npellikka-marko,-2,\n")),
    ("templates/html/page.html", Some("{% extends \"html/base.html\" %}\n{% block content %}<h1>{{ title }}</h1>{{ body | safe }}{% endblock content %}\n")),
];

/// Bytes and tokens that mean something to one of the parsers.
const TOKENS: [&str; 30] = [
    "\n",
    ",",
    "\"",
    "=",
    "[",
    "]",
    "{{",
    "}}",
    "{%",
    "%}",
    "---",
    "#",
    " w ",
    " b ",
    "+",
    "-",
    "½",
    "?",
    "bye",
    "0",
    "99999999999",
    "-1",
    "\0",
    "\u{202E}",
    "\r\n",
    "\\u0000",
    "é",
    "[x](javascript:1)",
    "2005-02-30",
    "{% for i in range(end=9) %}",
];

/// What a mutated file may become instead: a symbolic link to each of
/// these (relative to the file's folder, `{top}` the way up to the
/// repository's root), or, with `None`, nothing but the edited file.
const LINKS: [&str; 6] = [
    "{top}.git/config",
    "{top}../outside.toml",
    "{top}data/nowhere.toml",
    "{top}data/players",
    "/etc/hostname",
    "{top}data/players/ilu-timo.toml",
];

/// Where a build writes, beside the default site: a link there may lead out.
const WRITTEN_PLACES: [&str; 3] = [".ratingbook-cache", ".site.ratingbook-lock", "site"];

/// What CI's checkout keeps in `.git/config`, and must never be shown.
const SECRET: &str = "c2VjcmV0LXRva2VuLWluLWdpdC1jb25maWc";

#[derive(Debug, Clone)]
enum Edit {
    Insert {
        at: f64,
        token: usize,
    },
    /// A run of `10^power` characters, as a pasted text that never ends.
    InsertLong {
        at: f64,
        power: u32,
    },
    Delete {
        at: f64,
        len: usize,
    },
    Replace {
        at: f64,
        byte: u8,
    },
    DuplicateLine {
        at: f64,
    },
}

fn edit_strategy() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (0.0..1.0f64, 0..TOKENS.len()).prop_map(|(at, token)| Edit::Insert { at, token }),
        (0.0..1.0f64, 3u32..7).prop_map(|(at, power)| Edit::InsertLong { at, power }),
        (0.0..1.0f64, 1usize..12).prop_map(|(at, len)| Edit::Delete { at, len }),
        (0.0..1.0f64, any::<u8>()).prop_map(|(at, byte)| Edit::Replace { at, byte }),
        (0.0..1.0f64).prop_map(|at| Edit::DuplicateLine { at }),
    ]
}

fn apply(bytes: &mut Vec<u8>, edit: &Edit) {
    let position = |at: f64, len: usize| ((at * len as f64) as usize).min(len);
    match *edit {
        Edit::Insert { at, token } => {
            let p = position(at, bytes.len());
            bytes.splice(p..p, TOKENS[token].bytes());
        }
        Edit::InsertLong { at, power } => {
            let p = position(at, bytes.len());
            let run = "Lö".repeat(10usize.pow(power) / 2);
            bytes.splice(p..p, run.bytes());
        }
        Edit::Delete { at, len } => {
            let p = position(at, bytes.len());
            let end = (p + len).min(bytes.len());
            bytes.drain(p..end);
        }
        Edit::Replace { at, byte } => {
            if !bytes.is_empty() {
                let p = position(at, bytes.len() - 1);
                bytes[p] = byte;
            }
        }
        Edit::DuplicateLine { at } => {
            let text = bytes.clone();
            let lines: Vec<&[u8]> = text.split_inclusive(|b| *b == b'\n').collect();
            if !lines.is_empty() {
                let i = position(at, lines.len() - 1);
                let mut out = Vec::new();
                for (n, line) in lines.iter().enumerate() {
                    out.extend_from_slice(line);
                    if n == i {
                        out.extend_from_slice(line);
                    }
                }
                *bytes = out;
            }
        }
    }
}

static CASES: AtomicUsize = AtomicUsize::new(0);
static BUILT: AtomicUsize = AtomicUsize::new(0);
static REJECTED: AtomicUsize = AtomicUsize::new(0);
static LINKED: AtomicUsize = AtomicUsize::new(0);

fn cases() -> u32 {
    std::env::var("RATINGBOOK_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200)
}

/// Longest a case may take before it counts as a hang.
const HANG: Duration = Duration::from_secs(20);

/// The sample repository with a configuration, a page, a survey (and the
/// grades it needs) and a template of its own: every file kind present.
fn base_repository(root: &Path) {
    util::copy_tree(Path::new(MINI), root);
    for (file, initial) in TARGETS.iter().filter(|(_, initial)| initial.is_some()) {
        let path = root.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, initial.unwrap()).unwrap();
    }
    std::fs::create_dir_all(root.join(".git")).unwrap();
    let config =
        format!("[http \"https://github.com/\"]\n\textraheader = AUTHORIZATION: basic {SECRET}\n");
    std::fs::write(root.join(".git/config"), config).unwrap();
    std::fs::write(
        root.join("../outside.toml"),
        format!("name = \"{SECRET}\"\n"),
    )
    .unwrap();
    for (player, grade) in [("ikonen-jussi", "3k"), ("pellikka-marko", "1d")] {
        let path = root.join(format!("data/players/{player}.toml"));
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, format!("grade = \"{grade}\"\n{text}")).unwrap();
    }
}

#[test]
fn the_unmutated_base_checks_and_builds() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("repo");
    base_repository(&root);
    let checked = ratingbook::check_repository(&root);
    assert_eq!(checked.error_count(), 0, "{:?}", checked.diagnostics);
    let out = dir.path().join("site");
    ratingbook::build_repository(&root, &out, &|| {}).unwrap();
    assert!(out.join("pages/news.html").exists() || out.join("index.html").exists());
    assert!(out.join("surveys/club.html").exists());
}

/// One case: the edits, then maybe a link in place of the file and a link
/// where a build writes.
#[derive(Debug, Clone)]
struct Case {
    target: usize,
    edits: Vec<Edit>,
    link: Option<usize>,
    written_place: Option<usize>,
}

fn case_strategy() -> impl Strategy<Value = Case> {
    (
        0..TARGETS.len(),
        proptest::collection::vec(edit_strategy(), 1..8),
        proptest::option::weighted(0.2, 0..LINKS.len()),
        proptest::option::weighted(0.05, 0..WRITTEN_PLACES.len()),
    )
        .prop_map(|(target, edits, link, written_place)| Case {
            target,
            edits,
            link,
            written_place,
        })
}

/// Replaces `file` of `root` by a link to [`LINKS`]`[link]`; whether the
/// link policy lets it be read.
#[cfg(unix)]
fn link_in_place(root: &Path, file: &str, link: usize) -> bool {
    let top = "../".repeat(file.matches('/').count());
    let target = LINKS[link].replace("{top}", &top);
    let path = root.join(file);
    std::fs::remove_file(&path).unwrap();
    std::os::unix::fs::symlink(&target, &path).unwrap();
    LINKS[link].ends_with("ilu-timo.toml") && file != "data/players/ilu-timo.toml"
}

/// Makes the place where a build writes a link to a folder outside the
/// repository, holding one file; that folder.
#[cfg(unix)]
fn link_where_a_build_writes(dir: &Path, root: &Path, place: usize) -> std::path::PathBuf {
    let elsewhere = dir.join("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    std::fs::write(elsewhere.join("kept.txt"), "kept").unwrap();
    std::os::unix::fs::symlink(&elsewhere, root.join(WRITTEN_PLACES[place])).unwrap();
    elsewhere
}

fn run_case(case: &Case) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("repo");
    base_repository(&root);
    let (file, _) = TARGETS[case.target];
    let path = root.join(file);
    let mut bytes = std::fs::read(&path).unwrap();
    for edit in &case.edits {
        apply(&mut bytes, edit);
    }
    std::fs::write(&path, &bytes).unwrap();
    #[cfg(unix)]
    let refused_link = case
        .link
        .is_some_and(|link| !link_in_place(&root, file, link));
    #[cfg(unix)]
    let elsewhere = case
        .written_place
        .map(|place| link_where_a_build_writes(dir.path(), &root, place));
    #[cfg(not(unix))]
    let (refused_link, elsewhere) = (false, None::<std::path::PathBuf>);
    let started = Instant::now();
    let checked = ratingbook::check_repository(&root);
    for d in &checked.diagnostics {
        prop_assert!(!d.message.is_empty(), "an empty message: {d:?}");
        prop_assert!(!format!("{d:?}").contains(SECRET), "a secret shown: {d:?}");
    }
    if refused_link || elsewhere.is_some() {
        LINKED.fetch_add(1, Ordering::Relaxed);
        prop_assert!(checked.error_count() > 0, "a refused link passed the check");
    }
    let template_touched = file.starts_with("templates/");
    let out = root.join("site");
    if checked.error_count() == 0 && !template_touched {
        match ratingbook::build_repository(&root, &out, &|| {}) {
            Ok(_) => {
                BUILT.fetch_add(1, Ordering::Relaxed);
                prop_assert!(!util::site_files(&out)
                    .values()
                    .any(|bytes| bytes.windows(SECRET.len()).any(|w| w == SECRET.as_bytes())));
            }
            Err(e) => {
                prop_assert!(!out.exists(), "a failed build left a site: {e}");
                REJECTED.fetch_add(1, Ordering::Relaxed);
            }
        }
    } else if checked.error_count() > 0 {
        let result = ratingbook::build_repository(&root, &out, &|| {});
        prop_assert!(result.is_err(), "the build accepted what the check refused");
        let linked_site =
            elsewhere.is_some() && WRITTEN_PLACES[case.written_place.unwrap()] == "site";
        prop_assert!(linked_site || !out.exists(), "a refused build left a site");
        REJECTED.fetch_add(1, Ordering::Relaxed);
    }
    if let Some(elsewhere) = elsewhere {
        let names: Vec<_> = std::fs::read_dir(&elsewhere).unwrap().collect();
        prop_assert_eq!(names.len(), 1, "a build wrote through a link");
        prop_assert_eq!(
            std::fs::read_to_string(elsewhere.join("kept.txt")).unwrap(),
            "kept"
        );
    }
    prop_assert!(
        started.elapsed() < HANG,
        "case took {:?}: {file}",
        started.elapsed()
    );
    CASES.fetch_add(1, Ordering::Relaxed);
    Ok(())
}

#[test]
fn mutated_repositories_never_panic_hang_or_half_publish() {
    let config = ProptestConfig {
        cases: cases(),
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    let started = Instant::now();
    let result = proptest::test_runner::TestRunner::new(config)
        .run(&case_strategy(), |case| run_case(&case));
    eprintln!(
        "fuzzed {} mutated repositories in {:.1} s: {} built, {} refused ({} with a refused link), {} panics or hangs",
        CASES.load(Ordering::Relaxed),
        started.elapsed().as_secs_f64(),
        BUILT.load(Ordering::Relaxed),
        REJECTED.load(Ordering::Relaxed),
        LINKED.load(Ordering::Relaxed),
        usize::from(result.is_err()),
    );
    if let Err(e) = result {
        panic!("{e}");
    }
}
