//! Nothing from a pull request leaves its place. A data repository arrives
//! by pull request, and CI builds it with the job's credentials in
//! `.git/config`: ratingbook reads `ratingbook.toml`, `data/` and
//! `templates/` and nothing else, whatever link leads elsewhere; it never
//! writes through a link; and a closed output ends a command quietly.

use crate::util;

use crate::util::write;
use std::os::unix::fs::symlink;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// The signal a write to a closed pipe raises (13 on every Unix).
const SIGPIPE: i32 = 13;

/// What `actions/checkout` leaves in `.git/config` by default.
const SECRET: &str = "eC1hY2Nlc3MtdG9rZW46Z2hzX3NlY3JldA";

/// The small sample repository in `repo/` of a new folder, with a git
/// folder holding CI's credentials.
fn repository() -> tempfile::TempDir {
    let dir = util::mini_repo();
    let root = dir.path().join("repo");
    write(
        &root,
        ".git/config",
        &format!("[http \"https://github.com/\"]\n\textraheader = AUTHORIZATION: basic {SECRET}\n"),
    );
    dir
}

fn ratingbook(args: &[&str], root: &Path) -> Output {
    Command::new(util::binary())
        .args(args)
        .arg("--root")
        .arg(root)
        .output()
        .unwrap()
}

fn all_output(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

fn assert_secret_kept(text: &str) {
    assert!(!text.contains(SECRET), "the secret was shown:\n{text}");
}

/// Every published file's bytes, as text.
fn site_text(out: &Path) -> String {
    util::site_files(out)
        .values()
        .map(|bytes| String::from_utf8_lossy(bytes).into_owned())
        .collect()
}

#[test]
fn links_into_git_are_errors_that_show_nothing_of_it() {
    let dir = repository();
    let root = dir.path().join("repo");
    write(&root, "templates/html/page.html", "{{ title }}");
    symlink("../../.git/config", root.join("templates/static-cfg.txt")).unwrap();
    std::fs::create_dir_all(root.join("templates/static")).unwrap();
    symlink("../../.git/config", root.join("templates/static/cfg.txt")).unwrap();
    std::fs::remove_file(root.join("data/players/ilu-timo.toml")).unwrap();
    symlink("../../.git/config", root.join("data/players/ilu-timo.toml")).unwrap();
    std::fs::create_dir_all(root.join("data/surveys")).unwrap();
    symlink("../../.git/config", root.join("data/surveys/club.csv")).unwrap();

    for format in ["plain", "fancy", "json", "github"] {
        let output = ratingbook(&["check", "--message-format", format], &root);
        let text = all_output(&output);
        assert_eq!(output.status.code(), Some(1), "{text}");
        assert_secret_kept(&text);
        for link in [
            "templates/static/cfg.txt",
            "templates/static-cfg.txt",
            "data/players/ilu-timo.toml",
            "data/surveys/club.csv",
        ] {
            assert!(text.contains(link), "{link} not named ({format}):\n{text}");
        }
        assert!(text.contains("../../.git/config"), "{text}");
    }
    let out = dir.path().join("site");
    let built = Command::new(util::binary())
        .args(["build", "--root"])
        .arg(&root)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(!built.status.success());
    assert_secret_kept(&all_output(&built));
    assert!(!out.exists(), "a refused build published a site");
}

#[test]
fn a_page_template_replaced_by_a_link_into_git_is_never_published() {
    let dir = repository();
    let root = dir.path().join("repo");
    std::fs::create_dir_all(root.join("templates/html")).unwrap();
    symlink("../../.git/config", root.join("templates/html/404.html")).unwrap();
    let checked = ratingbook(&["check"], &root);
    let text = all_output(&checked);
    assert!(text.contains("templates/html/404.html"), "{text}");
    assert!(text.contains("which is no file ratingbook reads"), "{text}");
    std::fs::remove_file(root.join("templates/html/404.html")).unwrap();
    let out = root.join("site");
    assert!(ratingbook(&["build"], &root).status.success());
    assert_secret_kept(&site_text(&out));
}

#[test]
fn a_committed_lock_link_is_refused_and_its_target_untouched() {
    let dir = repository();
    let root = dir.path().join("repo");
    let victim = dir.path().join("victim.txt");
    std::fs::write(&victim, "precious").unwrap();
    symlink(&victim, root.join(".site.ratingbook-lock")).unwrap();
    let checked = ratingbook(&["check"], &root);
    let text = all_output(&checked);
    assert_eq!(checked.status.code(), Some(1), "{text}");
    assert!(
        text.contains(".site.ratingbook-lock: is a symbolic link"),
        "{text}"
    );
    let built = ratingbook(&["build"], &root);
    assert!(!built.status.success());
    assert!(all_output(&built).contains(".site.ratingbook-lock is a symbolic link"));
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    assert!(!root.join("site").exists());

    // Dangling: the build would have created the file at the link's target.
    std::fs::remove_file(&victim).unwrap();
    assert!(!ratingbook(&["build"], &root).status.success());
    assert!(!victim.exists(), "the build created the lock's target");
}

#[test]
fn a_committed_cache_link_is_refused_and_nothing_written_through_it() {
    let dir = repository();
    let root = dir.path().join("repo");
    let elsewhere = dir.path().join("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    symlink("../elsewhere", root.join(".ratingbook-cache")).unwrap();
    let checked = ratingbook(&["check"], &root);
    let text = all_output(&checked);
    assert_eq!(checked.status.code(), Some(1), "{text}");
    assert!(
        text.contains(".ratingbook-cache: is a symbolic link"),
        "{text}"
    );
    let built = ratingbook(&["build"], &root);
    assert!(!built.status.success());
    assert_eq!(std::fs::read_dir(&elsewhere).unwrap().count(), 0);

    // Without the link, the build makes the folder itself.
    std::fs::remove_file(root.join(".ratingbook-cache")).unwrap();
    assert!(ratingbook(&["build"], &root).status.success());
    assert!(root.join(".ratingbook-cache").is_dir());
}

#[test]
fn a_site_folder_that_is_a_link_is_refused() {
    let dir = repository();
    let root = dir.path().join("repo");
    let elsewhere = dir.path().join("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    symlink(&elsewhere, root.join("site")).unwrap();
    let built = ratingbook(&["build"], &root);
    assert!(!built.status.success());
    assert!(all_output(&built).contains("is a symbolic link"));
    assert_eq!(std::fs::read_dir(&elsewhere).unwrap().count(), 0);
}

/// Runs `ratingbook args` with its output (`stdout`, or both) read by
/// nobody; its exit and what it said on the other.
fn with_closed_output(
    args: &[&str],
    both: bool,
    root: &Path,
) -> (std::process::ExitStatus, String) {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let stderr = if both {
        Stdio::from(writer.try_clone().unwrap())
    } else {
        Stdio::piped()
    };
    let output = Command::new(util::binary())
        .args(args)
        .current_dir(root)
        .stdout(Stdio::from(writer))
        .stderr(stderr)
        .output()
        .unwrap();
    (
        output.status,
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_closed_output_ends_a_command_quietly() {
    use std::os::unix::process::ExitStatusExt;
    let dir = repository();
    let root = dir.path().join("repo");
    let cases: [(&[&str], bool); 4] = [
        (
            &[
                "generate-trf",
                "--players",
                "40",
                "--rounds",
                "5",
                "--seed",
                "1",
            ],
            false,
        ),
        (&["check"], true),
        (&["new", "player", "Closed Output"], false),
        (&["--help"], false),
    ];
    for (args, both) in cases {
        let (status, said) = with_closed_output(args, both, &root);
        assert_ne!(status.code(), Some(101), "{args:?} panicked: {said}");
        assert!(!said.contains("panicked"), "{args:?}: {said}");
        assert!(
            status.success() || status.signal() == Some(SIGPIPE),
            "{args:?}: {status:?} {said}"
        );
    }
}
