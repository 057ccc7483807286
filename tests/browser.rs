//! The real-browser suite: builds the sample site and runs `tests/browser/run.mjs`
//! (headless Debian chromium through playwright-core, axe-core, the Nu HTML checker).
//!
//! Needs `node`, `/usr/bin/chromium` (or `$CHROMIUM`), `java` and
//! `tests/browser/node_modules` (`npm ci --prefix tests/browser`; `.ci/run` does all of
//! it). Without them the test fails loudly; locally `RATINGBOOK_SKIP_BROWSER=1` turns
//! that into a loud skip. Under CI (`CI` set) it always fails.

use std::path::{Path, PathBuf};
use std::process::Command;

const REPO: &str = env!("CARGO_MANIFEST_DIR");

fn works(program: &str, arg: &str) -> bool {
    Command::new(program)
        .arg(arg)
        .output()
        .is_ok_and(|o| o.status.success())
}

/// What is missing to run the suite, if anything.
fn missing() -> Vec<String> {
    let mut missing = Vec::new();
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    if !Path::new(&chromium).is_file() {
        missing.push(format!(
            "{chromium} (apt-get install chromium chromium-driver)"
        ));
    }
    if !works("node", "--version") {
        missing.push("node (apt-get install nodejs npm)".into());
    }
    if !works("java", "-version") {
        missing.push("java, for the Nu HTML checker (apt-get install default-jre-headless)".into());
    }
    let modules = Path::new(REPO).join("tests/browser/node_modules");
    for package in ["playwright-core", "axe-core", "vnu-jar"] {
        if !modules.join(package).is_dir() {
            missing.push(format!(
                "npm package {package} (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --ignore-scripts --prefix tests/browser)"
            ));
        }
    }
    missing
}

#[test]
fn sample_site_in_a_real_browser() {
    let missing = missing();
    if !missing.is_empty() {
        let banner = format!(
            "\n\n################ BROWSER TESTS NOT RUN ################\nmissing:\n  - {}\n.ci/run installs all of it.\n#######################################################\n",
            missing.join("\n  - ")
        );
        if std::env::var_os("CI").is_none()
            && std::env::var("RATINGBOOK_SKIP_BROWSER").is_ok_and(|v| v == "1")
        {
            eprintln!("{banner}skipped because RATINGBOOK_SKIP_BROWSER=1\n");
            return;
        }
        panic!(
            "{banner}(set RATINGBOOK_SKIP_BROWSER=1 to skip locally; under CI this always fails)"
        );
    }
    let site = tempfile::tempdir().unwrap();
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
