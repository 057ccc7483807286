//! How the repository `init` writes installs ratingbook in CI: its GitHub
//! Actions and GitLab CI workflows name exactly the version of the binary
//! that wrote them, in every install step and cache key, and the install
//! script they run takes the release binary after checking its SHA-256,
//! refuses one that does not match, and otherwise builds that same version
//! with `cargo install`. The script runs here against stand-ins for `curl`
//! and `cargo` that serve a release from a folder and record their calls.

use crate::init::{init, ratingbook, yaml};

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;
use yaml_rust2::Yaml;

/// The version `ratingbook --version` of the tested binary reports.
fn binary_version(dir: &Path) -> String {
    let output = ratingbook(dir, &["--version"]);
    let text = String::from_utf8(output.stdout).unwrap();
    text.trim()
        .strip_prefix("ratingbook ")
        .unwrap_or_else(|| panic!("{text}"))
        .to_string()
}

/// The GitHub Actions steps that install ratingbook or keep it in the cache.
fn github_install_steps(workflow: &Yaml) -> Vec<&Yaml> {
    let jobs = workflow["jobs"].as_hash().unwrap();
    jobs.values()
        .flat_map(|job| job["steps"].as_vec().unwrap())
        .filter(|step| {
            step["name"]
                .as_str()
                .is_some_and(|name| name.contains("ratingbook"))
        })
        .collect()
}

#[test]
fn the_workflows_install_exactly_the_version_that_wrote_them() {
    let dir = tempfile::tempdir().unwrap();
    let repo = init(dir.path());
    let version = binary_version(dir.path());
    assert_eq!(version, env!("CARGO_PKG_VERSION"));
    let install = format!("sh ci/install-ratingbook.sh {version}");

    let github = yaml(&repo.join(".github/workflows/ratingbook.yml"));
    assert_eq!(
        github["env"]["RATINGBOOK_INSTALL"].as_str(),
        Some(&*install)
    );
    let steps = github_install_steps(&github);
    assert_eq!(steps.len(), 4, "a cache and an install step per job");
    for step in steps {
        let name = step["name"].as_str().unwrap();
        assert!(name.ends_with(&format!("ratingbook {version}")), "{name}");
        if let Some(run) = step["run"].as_str() {
            assert_eq!(run, "$RATINGBOOK_INSTALL");
        } else {
            assert_eq!(step["uses"].as_str(), Some("actions/cache@v4"));
            let key = step["with"]["key"].as_str().unwrap();
            assert!(key.starts_with(&format!("ratingbook-{version}-")), "{key}");
            assert_eq!(step["with"]["path"].as_str(), Some(".ratingbook-install"));
        }
    }

    let gitlab = yaml(&repo.join(".gitlab-ci.yml"));
    assert_eq!(
        gitlab["variables"]["RATINGBOOK_INSTALL"].as_str(),
        Some(&*install)
    );
    let key = format!("ratingbook-{version}");
    assert_eq!(gitlab["default"]["cache"]["key"].as_str(), Some(&*key));
    for job in ["review", "pages"] {
        let script: Vec<&str> = gitlab[job]["script"]
            .as_vec()
            .unwrap()
            .iter()
            .map(|line| line.as_str().unwrap())
            .collect();
        assert_eq!(script[0], "$RATINGBOOK_INSTALL", "{job}");
    }

    // No install anywhere that takes whatever is newest.
    for file in [".github/workflows/ratingbook.yml", ".gitlab-ci.yml"] {
        let text = std::fs::read_to_string(repo.join(file)).unwrap();
        for line in text.lines().filter(|l| l.contains("install")) {
            assert!(!line.contains("latest"), "{file}: {line}");
            assert!(!line.contains("cargo install"), "{file}: {line}");
        }
    }
    let script = std::fs::read_to_string(repo.join("ci/install-ratingbook.sh")).unwrap();
    let cargo: Vec<&str> = script
        .lines()
        .filter(|l| l.contains("cargo install"))
        .collect();
    assert_eq!(
        cargo,
        ["    cargo install --locked ratingbook --version \"$version\" --root \"$root\""]
    );
}

/// The release's name for this machine, as the install script derives it.
fn this_target() -> &'static str {
    match (std::env::consts::OS, std::env::consts::ARCH) {
        ("linux", "x86_64") => "x86_64-unknown-linux-gnu",
        ("linux", "aarch64") => "aarch64-unknown-linux-gnu",
        ("macos", "x86_64") => "x86_64-apple-darwin",
        ("macos", "aarch64") => "aarch64-apple-darwin",
        other => panic!("no release binary for {other:?}"),
    }
}

fn write_program(path: &Path, text: &str) {
    std::fs::write(path, text).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// A folder with stand-ins for `curl` (serving the files of `release/` by
/// their name, recording each address in `calls`) and `cargo` (recording
/// its arguments and installing a `ratingbook` that reports `version`).
fn stand_ins(dir: &Path, version: &str) {
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    std::fs::create_dir_all(dir.join("release")).unwrap();
    let calls = dir.join("calls");
    write_program(
        &bin.join("curl"),
        &format!(
            r#"#!/bin/sh
out=""; url=""
while [ $# -gt 0 ]; do
  case "$1" in --output) out="$2"; shift ;; https://*) url="$1" ;; esac
  shift
done
echo "curl $url" >> {calls}
[ -f "{release}/${{url##*/}}" ] || exit 22
cp "{release}/${{url##*/}}" "$out"
"#,
            calls = calls.display(),
            release = dir.join("release").display()
        ),
    );
    write_program(
        &bin.join("cargo"),
        &format!(
            r#"#!/bin/sh
echo "cargo $*" >> {calls}
root=""
while [ $# -gt 0 ]; do [ "$1" = --root ] && root="$2"; shift; done
mkdir -p "$root/bin"
printf '#!/bin/sh\necho "ratingbook {version}"\n' > "$root/bin/ratingbook"
chmod +x "$root/bin/ratingbook"
"#,
            calls = calls.display()
        ),
    );
}

/// Publishes a release archive of a stand-in `ratingbook` into `release/`,
/// with the checksum file beside it (`checksum`, or the archive's own).
fn publish_release(dir: &Path, version: &str, checksum: Option<&str>) {
    let name = format!("ratingbook-{version}-{}", this_target());
    let staging = dir.join("staging").join(&name);
    std::fs::create_dir_all(&staging).unwrap();
    write_program(
        &staging.join("ratingbook"),
        &format!("#!/bin/sh\necho \"ratingbook {version}\"\n"),
    );
    let archive = dir.join("release").join(format!("{name}.tar.gz"));
    let tar = Command::new("tar")
        .arg("-czf")
        .arg(&archive)
        .arg("-C")
        .arg(dir.join("staging"))
        .arg(&name)
        .status()
        .unwrap();
    assert!(tar.success());
    let sum = Command::new("sha256sum").arg(&archive).output().unwrap();
    let own = String::from_utf8(sum.stdout).unwrap();
    let hash = checksum.unwrap_or_else(|| own.split(' ').next().unwrap());
    std::fs::write(
        dir.join("release").join(format!("{name}.tar.gz.sha256")),
        format!("{hash}  {name}.tar.gz\n"),
    )
    .unwrap();
}

/// Runs the repository's install script for `version` in `repo`, with the
/// stand-ins first on `PATH`; its output and the calls it made.
fn install(dir: &Path, repo: &Path, version: &str) -> (std::process::Output, String) {
    let path = format!(
        "{}:{}",
        dir.join("bin").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let _ = std::fs::remove_file(dir.join("calls"));
    let output = Command::new("sh")
        .args(["ci/install-ratingbook.sh", version])
        .current_dir(repo)
        .env("PATH", path)
        .env("GITHUB_PATH", dir.join("github-path"))
        .output()
        .unwrap();
    let calls = std::fs::read_to_string(dir.join("calls")).unwrap_or_default();
    (output, calls)
}

fn stderr(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn the_install_script_checks_the_release_and_falls_back_to_that_version_on_crates_io() {
    let dir = tempfile::tempdir().unwrap();
    let repo = init(dir.path());
    let version = env!("CARGO_PKG_VERSION");
    let installed = repo.join(".ratingbook-install/bin/ratingbook");
    stand_ins(dir.path(), version);

    // No release binary: built from crates.io at exactly this version.
    let (output, calls) = install(dir.path(), &repo, version);
    assert!(output.status.success(), "{}", stderr(&output));
    let address = format!(
        "https://github.com/ratingbook/ratingbook/releases/download/v{version}/ratingbook-{version}-{}.tar.gz",
        this_target()
    );
    assert_eq!(
        calls,
        format!("curl {address}\ncargo install --locked ratingbook --version {version} --root .ratingbook-install\n")
    );
    let github_path = std::fs::read_to_string(dir.path().join("github-path")).unwrap();
    assert_eq!(
        github_path.trim(),
        repo.join(".ratingbook-install/bin").to_str().unwrap()
    );

    // Installed already (the cache): nothing fetched.
    let (output, calls) = install(dir.path(), &repo, version);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(calls, "");

    // A release whose checksum does not match: refused, not built instead.
    std::fs::remove_dir_all(repo.join(".ratingbook-install")).unwrap();
    publish_release(dir.path(), version, Some(&"0".repeat(64)));
    let (output, calls) = install(dir.path(), &repo, version);
    assert!(!output.status.success());
    assert!(
        stderr(&output).contains("the release says 0000"),
        "{}",
        stderr(&output)
    );
    assert!(!calls.contains("cargo"), "{calls}");
    assert!(!installed.exists());

    // The release binary whose checksum matches.
    publish_release(dir.path(), version, None);
    let (output, calls) = install(dir.path(), &repo, version);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(calls, format!("curl {address}\ncurl {address}.sha256\n"));
    let run = Command::new(&installed).arg("--version").output().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&run.stdout).trim(),
        format!("ratingbook {version}")
    );

    // Another version asked for: the installed one is not taken for it.
    let (output, calls) = install(dir.path(), &repo, "0.0.1");
    assert!(!output.status.success());
    assert!(calls.contains("--version 0.0.1"), "{calls}");
    assert!(
        stderr(&output).contains("not ratingbook 0.0.1"),
        "{}",
        stderr(&output)
    );
}
