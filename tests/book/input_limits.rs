//! Limits the input cannot raise: every text field has a longest length, a
//! data file a largest size, and the page budgets of `ratingbook.toml` a
//! ceiling that only the command line or the environment raises.

use crate::util;
use crate::util::{error_lines, mini_repo, stderr};

use crate::util::{edit, write};
use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// Runs `ratingbook ARGS --root ROOT` with `env` set.
fn run(args: &[&str], root: &Path, env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(util::binary());
    command
        .args(args)
        .arg("--root")
        .arg(root)
        .env("NO_COLOR", "1")
        .env_remove("RATINGBOOK_MAX_PAGE_MEGABYTES")
        .env_remove("RATINGBOOK_PAGE_RENDER_SECONDS");
    command.args(["--message-format", "plain"]);
    for (key, value) in env {
        command.env(key, value);
    }
    command.output().unwrap()
}

#[test]
fn a_ten_megabyte_name_is_refused_quickly_and_nothing_is_built() {
    let dir = mini_repo();
    let root = dir.path().join("repo");
    let huge = "A".repeat(10_000_000);
    edit(
        &root,
        "data/players/ilu-timo.toml",
        "name = \"Ilu Timo\"",
        &format!("name = \"{huge}\""),
    );
    let started = Instant::now();
    let output = run(&["check"], &root, &[]);
    let took = started.elapsed();
    let text = stderr(&output);
    assert!(!output.status.success(), "{}", &text[..text.len().min(500)]);
    assert!(text.len() < 2_000, "the message repeats the name");
    assert!(
        text.contains(
            "data/players/ilu-timo.toml:1:8: `name` is 10000000 characters long; the most is 200"
        ),
        "{text}"
    );
    assert!(
        text.contains("help: shorten it to at most 200 characters"),
        "{text}"
    );
    assert!(took < Duration::from_secs(2), "check took {took:?}");

    let out = dir.path().join("site");
    let output = run(&["build", "--out", out.to_str().unwrap()], &root, &[]);
    let text = stderr(&output);
    assert!(!output.status.success(), "{}", &text[..text.len().min(500)]);
    assert!(text.contains("site not changed"), "{text}");
    assert!(!out.exists());
}

#[test]
fn every_text_field_longer_than_its_limit_is_named_with_its_place() {
    let dir = mini_repo();
    let root = dir.path().join("repo");
    // At the limits everything is accepted.
    edit(
        &root,
        "data/players/ilu-timo.toml",
        "name = \"Ilu Timo\"",
        &format!(
            "name = \"{}\"\nclub = \"{}\"",
            "ä".repeat(200),
            "c".repeat(200)
        ),
    );
    edit(
        &root,
        "data/tournaments/2005/spring-open.toml",
        "city = \"Helsinki\"",
        &format!("city = \"Helsinki\"\nnote = \"{}\"", "n".repeat(2_000)),
    );
    write(
        &root,
        "ratingbook.toml",
        &format!("[site]\nassociation = \"{}\"\n", "a".repeat(200)),
    );
    assert_eq!(error_lines(&root), Vec::<String>::new());

    edit(
        &root,
        "data/players/ilu-timo.toml",
        "club = \"c",
        "club = \"cc",
    );
    edit(
        &root,
        "data/tournaments/2005/spring-open.toml",
        "note = \"n",
        "note = \"nn",
    );
    edit(
        &root,
        "ratingbook.toml",
        "association = \"a",
        "association = \"aa",
    );
    let cell = "9".repeat(101);
    edit(
        &root,
        "data/tournaments/2005/autumn-cup.csv",
        "2,pellikka-marko,1 b 0",
        &format!("2,pellikka-marko,{cell}"),
    );
    let lines = error_lines(&root);
    let text = lines.join("\n");
    for expected in [
        "data/players/ilu-timo.toml:2:8: `club` is 201 characters long; the most is 200",
        "data/tournaments/2005/spring-open.toml:5:8: `note` is 2001 characters long; the most is 2000",
        "ratingbook.toml:2:1: `association` is 201 characters long; the most is 200",
        "data/tournaments/2005/autumn-cup.csv:3:3: column 3 is 101 characters long; the most a cell may hold is 100",
    ] {
        assert!(lines.iter().any(|l| l == expected), "{expected}\n{text}");
    }
    assert!(!text.contains(&cell), "{text}");
}

#[test]
fn a_data_file_larger_than_the_limit_is_refused() {
    let dir = mini_repo();
    let root = dir.path().join("repo");
    let content = format!(
        "name = \"Ilu Timo\"\nmembership = \"rif\"\n# {}\n",
        "x".repeat(17 * 1024 * 1024)
    );
    write(&root, "data/players/ilu-timo.toml", &content);
    let lines = error_lines(&root);
    let expected = format!(
        "data/players/ilu-timo.toml: the file is {} bytes; the most a data file may hold is 16777216 bytes (16 MiB)",
        content.len()
    );
    assert_eq!(lines, [expected]);
}

#[test]
fn the_repository_cannot_raise_the_page_budgets() {
    let dir = mini_repo();
    let root = dir.path().join("repo");
    let out = dir.path().join("site");
    for (setting, message, hint) in [
        (
            "max_page_megabytes = 4096",
            "ratingbook.toml:2:1: max_page_megabytes = 4096 is above the ceiling of 256 MB, which the repository cannot raise",
            "`--max-page-megabytes N` or RATINGBOOK_MAX_PAGE_MEGABYTES=N",
        ),
        (
            "page_render_seconds = 3600",
            "ratingbook.toml:2:1: page_render_seconds = 3600 is above the ceiling of 600 s, which the repository cannot raise",
            "`--page-render-seconds N` or RATINGBOOK_PAGE_RENDER_SECONDS=N",
        ),
    ] {
        write(&root, "ratingbook.toml", &format!("[output]\n{setting}\n"));
        let output = run(&["check"], &root, &[]);
        let text = stderr(&output);
        assert!(!output.status.success(), "{text}");
        assert!(text.contains(message), "{text}");
        assert!(text.contains(hint), "{text}");
        let output = run(&["build", "--out", out.to_str().unwrap()], &root, &[]);
        assert!(!output.status.success(), "{}", stderr(&output));
        assert!(!out.exists());
    }
}

#[test]
fn the_command_line_and_the_environment_raise_the_ceilings() {
    let dir = mini_repo();
    let root = dir.path().join("repo");
    write(
        &root,
        "ratingbook.toml",
        "[output]\nmax_page_megabytes = 4096\npage_render_seconds = 3600\n",
    );
    let raised = [
        ("RATINGBOOK_MAX_PAGE_MEGABYTES", "4096"),
        ("RATINGBOOK_PAGE_RENDER_SECONDS", "3600"),
    ];
    let output = run(&["check"], &root, &raised);
    assert!(output.status.success(), "{}", stderr(&output));
    let output = run(
        &[
            "check",
            "--max-page-megabytes",
            "4096",
            "--page-render-seconds",
            "3600",
        ],
        &root,
        &[],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    // Raising one ceiling leaves the other.
    let output = run(&["check", "--max-page-megabytes", "4096"], &root, &[]);
    let text = stderr(&output);
    assert!(!output.status.success(), "{text}");
    assert!(
        text.contains("page_render_seconds = 3600 is above"),
        "{text}"
    );
    assert!(
        !text.contains("max_page_megabytes = 4096 is above"),
        "{text}"
    );
    let output = run(
        &["check"],
        &root,
        &[("RATINGBOOK_MAX_PAGE_MEGABYTES", "lots")],
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("RATINGBOOK_MAX_PAGE_MEGABYTES=`lots` is not a whole number"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn budgets_lowered_by_the_repository_or_the_command_line_hold() {
    let dir = mini_repo();
    let root = dir.path().join("repo");
    let out = dir.path().join("site");
    let big_page = "{% for i in range(end=100000) %}xxxxxxxxxxxxxxxxxxxx{% endfor %}";
    write(&root, "templates/html/404.html", big_page);
    // The default 64 MB takes a 2 MB page.
    let output = run(&["build", "--out", out.to_str().unwrap()], &root, &[]);
    assert!(output.status.success(), "{}", stderr(&output));
    std::fs::remove_dir_all(&out).unwrap();
    write(
        &root,
        "ratingbook.toml",
        "[output]\nmax_page_megabytes = 1\n",
    );
    let output = run(&["build", "--out", out.to_str().unwrap()], &root, &[]);
    let text = stderr(&output);
    assert!(!output.status.success(), "{text}");
    assert!(text.contains("larger than 1 MB"), "{text}");
    assert!(!out.exists());
    // A ceiling below the default lowers the default.
    write(&root, "ratingbook.toml", "");
    let output = run(
        &[
            "build",
            "--out",
            out.to_str().unwrap(),
            "--max-page-megabytes",
            "1",
        ],
        &root,
        &[],
    );
    let text = stderr(&output);
    assert!(!output.status.success(), "{text}");
    assert!(text.contains("larger than 1 MB"), "{text}");
    assert!(!out.exists());
}
