//! The real-browser suite: builds the sample site and runs `tests/browser/run.mjs`
//! (headless Debian chromium through playwright-core, axe-core, the Nu HTML checker),
//! and runs `ratingbook serve` on a copy of the sample data under
//! `tests/browser/serve.mjs` (an open page reloads with the new rating after an
//! edit, shows the error banner for broken data and loses it when fixed).
//!
//! Needs `node`, `/usr/bin/chromium` (or `$CHROMIUM`), `java` and
//! `tests/browser/node_modules` (`npm ci --prefix tests/browser`; `.ci/run` does all of
//! it). A missing one fails the tests unless `RATINGBOOK_SKIP_<TOOL>=1` is set
//! (`CHROMIUM`, `NODE`, `JAVA`, `NPM_PACKAGES`): the rule of
//! `test_tools::require_tool`, the same in or out of CI.
#[path = "../util/mod.rs"]
mod util;

use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;
use test_tools::{require_tool, runs};

const REPO: &str = env!("CARGO_MANIFEST_DIR");

/// Whether the suite can run, each tool under the rule of
/// `test_tools::require_tool`; the serve test needs neither Java nor the
/// checkers.
fn ready(checkers: bool) -> bool {
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    let modules = Path::new(REPO).join("tests/browser/node_modules");
    let packages: &[&str] = if checkers {
        &["playwright-core", "axe-core", "vnu-jar"]
    } else {
        &["playwright-core"]
    };
    require_tool(
        "chromium",
        Path::new(&chromium).is_file(),
        &format!("{chromium} (apt-get install chromium chromium-driver, or set CHROMIUM)"),
    ) && require_tool(
        "node",
        runs("node", &["--version"]),
        "apt-get install nodejs npm",
    ) && (!checkers
        || require_tool(
            "java",
            runs("java", &["-version"]),
            "for the Nu HTML checker (apt-get install default-jre-headless)",
        ))
        && require_tool(
            "npm-packages",
            packages.iter().all(|package| modules.join(package).is_dir()),
            &format!(
                "{} under tests/browser/node_modules (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --ignore-scripts --prefix tests/browser)",
                packages.join(", ")
            ),
        )
}

#[test]
fn sample_site_in_a_real_browser() {
    if !ready(true) {
        return;
    }
    let site = util::output_folder();
    let build = Command::new(env!("CARGO_BIN_EXE_ratingbook"))
        .args(["build", "--root", REPO, "--out"])
        .arg(site.path())
        .output()
        .unwrap();
    assert!(
        build.status.success(),
        "build failed: {}",
        String::from_utf8_lossy(&build.stderr)
    );
    // What a venue posts, as `round` prints it: checked and photographed
    // beside the site's pages (under `printouts/`, which no page links).
    for sheet in ["pairings", "standings", "wall-chart", "score-sheets"] {
        let out = site.path().join(format!("printouts/{sheet}.html"));
        std::fs::create_dir_all(out.parent().unwrap()).unwrap();
        let printed = Command::new(env!("CARGO_BIN_EXE_ratingbook"))
            .args([
                "round",
                "--root",
                REPO,
                "data/tournaments/2006/helsinki-open-2006",
            ])
            .args(["--round", "3", "--sheet", sheet, "--format", "html", "-o"])
            .arg(&out)
            .output()
            .unwrap();
        assert!(
            printed.status.success(),
            "round --sheet {sheet}: {}",
            String::from_utf8_lossy(&printed.stderr)
        );
    }
    let shots: PathBuf = Path::new(REPO).join("site-screenshots");
    let status = Command::new("node")
        .arg(Path::new(REPO).join("tests/browser/run.mjs"))
        .arg(site.path())
        .arg(&shots)
        .status()
        .unwrap();
    assert!(
        status.success(),
        "browser suite failed (see its output above)"
    );
}

/// The sample site built in English, Finnish and Turkish, each opened in
/// the browser: the front page, the rating list, a player and a tournament
/// at 390 and 1280 px, in their language and without a script error
/// (`tests/browser/language.mjs`). The pictures are the manual's.
#[test]
fn sample_site_in_three_languages_in_a_real_browser() {
    if !ready(false) {
        return;
    }
    let mut sites = Vec::new();
    for language in ["en", "fi", "tr"] {
        let dir = util::sample_repository_in(language);
        let site = dir.path().join("site");
        ratingbook::build_repository(dir.path(), &site, &|| {}).unwrap();
        sites.push((language, dir, site));
    }
    let shots: PathBuf = Path::new(REPO).join("site-screenshots");
    let status = Command::new("node")
        .arg(Path::new(REPO).join("tests/browser/language.mjs"))
        .arg(&shots)
        .args(
            sites
                .iter()
                .map(|(language, _, site)| format!("{language}={}", site.display())),
        )
        .status()
        .unwrap();
    assert!(
        status.success(),
        "the site in three languages failed in the browser (see the output above)"
    );
}

/// A generated site too big for single pages: from `file://`, the search
/// finds a player on the last shard of the split index, and the rating
/// list's "Next" links lead through every page (`tests/browser/large.mjs`).
#[test]
fn large_site_search_and_pages_in_a_real_browser() {
    if !ready(false) {
        return;
    }
    let (_dir, site) = util::large_generated_site();
    let status = Command::new("node")
        .arg(Path::new(REPO).join("tests/browser/large.mjs"))
        .arg(&site)
        .status()
        .unwrap();
    assert!(
        status.success(),
        "large-site browser checks failed (see their output above)"
    );
}

/// The current rating of `player` in the repository at `root`, as the
/// player page prints it.
fn rating_of(root: &Path, player: &str) -> String {
    let checked = ratingbook::check_repository(root);
    assert_eq!(checked.error_count(), 0, "{:?}", checked.diagnostics);
    let loaded = &checked.loaded;
    let ratings = ratingbook::rating::rate(&loaded.dataset, &loaded.config.rating);
    let index = loaded
        .dataset
        .players
        .iter()
        .position(|p| p.id.as_str() == player)
        .unwrap();
    ratings.players[index]
        .rating
        .expect("an established player")
        .to_string()
}

/// `text` with `from` replaced once; `from` must be there.
fn replaced(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "no {from:?}");
    text.replacen(from, to, 1)
}

/// A `ratingbook serve` process, interrupted (as by Ctrl-C) when dropped.
struct Serve {
    child: std::process::Child,
    output: std::sync::Arc<std::sync::Mutex<String>>,
}

impl Serve {
    /// Starts `ratingbook serve --root ROOT --port 0`; returns it and its URL.
    fn start(root: &Path) -> (Serve, String) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ratingbook"))
            .args(["serve", "--port", "0", "--root"])
            .arg(root)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let output = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
        let (url_tx, url_rx) = std::sync::mpsc::channel();
        let stderr = child.stderr.take().unwrap();
        {
            let output = std::sync::Arc::clone(&output);
            std::thread::spawn(move || {
                for line in std::io::BufReader::new(stderr).lines() {
                    let Ok(line) = line else { break };
                    eprintln!("serve: {line}");
                    if let Some(at) = line.find("http://") {
                        let url = line[at..].split_whitespace().next().unwrap().to_string();
                        let _ = url_tx.send(url);
                    }
                    let mut output = output.lock().unwrap();
                    output.push_str(&line);
                    output.push('\n');
                }
            });
        }
        let serve = Serve { child, output };
        let url = url_rx
            .recv_timeout(Duration::from_secs(120))
            .expect("serve printed no URL");
        (serve, url)
    }

    /// Interrupts the server and waits for it; returns its exit status.
    fn interrupt(&mut self) -> std::process::ExitStatus {
        #[cfg(unix)]
        // SAFETY: kill(2) on our own child's pid.
        unsafe {
            libc::kill(self.child.id() as libc::pid_t, libc::SIGINT);
        }
        #[cfg(not(unix))]
        let _ = self.child.kill();
        let deadline = std::time::Instant::now() + Duration::from_secs(30);
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            if std::time::Instant::now() > deadline {
                let _ = self.child.kill();
                return self.child.wait().unwrap();
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        if self.child.try_wait().ok().flatten().is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

#[test]
fn serve_reloads_an_open_page_in_a_real_browser() {
    if !ready(false) {
        return;
    }
    let repository = util::sample_repository();
    let root = repository.path();
    // Saarenpää's first game of the Helsinki Open 2003, a win against Ilu,
    // becomes a draw on both sides of the crosstable.
    let csv = root.join("data/tournaments/2003/helsinki-open-2003.csv");
    let original = std::fs::read_to_string(&csv).unwrap();
    let edited = replaced(
        &replaced(
            &original,
            "\n1,saarenpaa-samuli,,2 1,",
            "\n1,saarenpaa-samuli,,2 =,",
        ),
        "\n2,ilu-timo,,1 0,",
        "\n2,ilu-timo,,1 =,",
    );
    let broken = replaced(&edited, "\n2,ilu-timo,,1 =,", "\n2,ilu-timo,,1 1,");
    let old_rating = rating_of(root, "saarenpaa-samuli");
    std::fs::write(&csv, &edited).unwrap();
    let new_rating = rating_of(root, "saarenpaa-samuli");
    std::fs::write(&csv, &original).unwrap();
    assert_ne!(old_rating, new_rating, "the edit must change the rating");

    let (mut serve, url) = Serve::start(root);
    let config = root.join("serve-test.json");
    let shots: PathBuf = Path::new(REPO).join("site-screenshots");
    std::fs::write(
        &config,
        serde_json::json!({
            "url": url,
            "page": "players/saarenpaa-samuli.html",
            "csv": csv,
            "edited": edited,
            "broken": broken,
            "oldRating": old_rating,
            "newRating": new_rating,
            "errorLocation": "data/tournaments/2003/helsinki-open-2003.csv:2:4",
            "shots": shots,
        })
        .to_string(),
    )
    .unwrap();
    let status = Command::new("node")
        .arg(Path::new(REPO).join("tests/browser/serve.mjs"))
        .arg(&config)
        .status()
        .unwrap();
    let stopped = serve.interrupt();
    let output = serve.output.lock().unwrap().clone();
    assert!(
        status.success(),
        "serve browser test failed (see its output above)"
    );
    assert!(stopped.success(), "serve ended with {stopped}: {output}");
    assert!(output.contains("\nstopped\n"), "{output}");
    assert!(
        output.contains("helsinki-open-2003.csv:2:4: round 1"),
        "the terminal shows the error as `check` does: {output}"
    );
}
