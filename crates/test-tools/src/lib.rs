//! The one rule for a test that needs a program from outside the workspace
//! (Chromium, Node.js, Java, PostgreSQL, MariaDB, git, the Python reference
//! implementations): when the tool is missing the test fails, naming it and
//! how to install it, unless `RATINGBOOK_SKIP_<TOOL>=1` is set; then the test
//! returns without running and says so loudly on stderr. The same rule in or
//! out of CI: whether `CI` is set changes nothing.
//!
//! ```no_run
//! if !test_tools::require_tool("git", test_tools::runs("git", &["--version"]), "apt-get install git") {
//!     return;
//! }
//! ```
use std::ffi::OsStr;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The variable that skips the tests needing `tool`: `RATINGBOOK_SKIP_` and
/// the tool's name in capitals, `-` as `_` (`whr-reference` →
/// `RATINGBOOK_SKIP_WHR_REFERENCE`).
pub fn skip_variable(tool: &str) -> String {
    let name: String = tool
        .chars()
        .map(|c| match c {
            'a'..='z' => c.to_ascii_uppercase(),
            'A'..='Z' | '0'..='9' => c,
            _ => '_',
        })
        .collect();
    format!("RATINGBOOK_SKIP_{name}")
}

/// Whether a test that needs `tool` runs: `true` when it was `found`. When it
/// was not, panics naming the tool and `install` (how to get it), unless
/// `RATINGBOOK_SKIP_<TOOL>=1` is set: then writes a banner on stderr (shown
/// even when the test's output is captured) and returns `false`, and the
/// test returns at once.
#[track_caller]
pub fn require_tool(tool: &str, found: bool, install: &str) -> bool {
    if found {
        return true;
    }
    let variable = skip_variable(tool);
    if std::env::var_os(&variable).is_some_and(|v| v == "1") {
        // Straight to the process's stderr: the test harness captures
        // `eprintln!` of a passing test, and this must not be hidden.
        let _ = writeln!(
            std::io::stderr().lock(),
            "\n######## TEST NOT RUN: `{tool}` is missing ({install}); skipped because {variable}=1 ########\n"
        );
        return false;
    }
    panic!(
        "`{tool}` is missing: {install} (`bash scripts/install-test-deps` installs every tool the tests need), \
         or set {variable}=1 to skip the tests that need it"
    );
}

/// Whether `program args` starts and exits successfully (output discarded).
pub fn runs(program: impl AsRef<OsStr>, args: &[&str]) -> bool {
    Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// The file `name` in the first of `extra_dirs`, then of `PATH`, then of
/// `/usr/sbin` and `/usr/bin`, that has it.
pub fn find_program(name: &str, extra_dirs: &[PathBuf]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    extra_dirs
        .iter()
        .cloned()
        .chain(std::env::split_paths(&path))
        .chain([PathBuf::from("/usr/sbin"), PathBuf::from("/usr/bin")])
        .map(|dir| dir.join(name))
        .find(|candidate| Path::new(candidate).is_file())
}

/// The Python interpreter that can run `probe` (e.g. `import whr`), if any:
/// the `RATINGBOOK_REFERENCE_PYTHON` variable, the virtual environment that
/// `scripts/install-test-deps` makes under the workspace's `target/`, or
/// `python3`. The reference implementations the tests compare with are
/// Python packages installed there.
pub fn reference_python(probe: &str) -> Option<PathBuf> {
    let mut candidates = Vec::new();
    if let Some(p) = std::env::var_os("RATINGBOOK_REFERENCE_PYTHON") {
        candidates.push(PathBuf::from(p));
    }
    candidates.push(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/reference-python/bin/python3"),
    );
    candidates.push(PathBuf::from("python3"));
    candidates.into_iter().find(|python| {
        Command::new(python)
            .args(["-c", probe])
            .output()
            .is_ok_and(|o| o.status.success())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_skip_variable_is_the_tool_in_capitals() {
        assert_eq!(skip_variable("chromium"), "RATINGBOOK_SKIP_CHROMIUM");
        assert_eq!(
            skip_variable("whr-reference"),
            "RATINGBOOK_SKIP_WHR_REFERENCE"
        );
    }

    #[test]
    fn a_found_tool_runs_whatever_the_environment() {
        assert!(require_tool("anything", true, "nothing to install"));
    }

    #[test]
    #[should_panic(expected = "RATINGBOOK_SKIP_A_TOOL_NOBODY_HAS=1")]
    fn a_missing_tool_fails_and_names_its_skip_variable() {
        require_tool("a-tool-nobody-has", false, "nowhere to get it");
    }

    #[test]
    fn a_missing_tool_is_skipped_when_asked() {
        std::env::set_var("RATINGBOOK_SKIP_ANOTHER_TOOL", "1");
        assert!(!require_tool("another-tool", false, "nowhere to get it"));
    }
}
