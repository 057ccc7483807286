//! The manual builds with mdBook, every internal link and anchor of the built
//! book resolves, no page cites a document the repository does not hold, and
//! the README (the front door) stays short and its links lead somewhere.

use crate::links::broken_links;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The workspace's top folder.
fn workspace() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// mdBook, on `PATH` or where `cargo install` puts it.
fn mdbook() -> Option<PathBuf> {
    let cargo_bin = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cargo")))
        .map(|home| home.join("bin"));
    test_tools::find_program("mdbook", &cargo_bin.into_iter().collect::<Vec<_>>())
}

/// Every file under `dir` whose name ends in `.html`, relative to `dir`.
fn html_pages(dir: &Path) -> Vec<PathBuf> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .map(Result::unwrap)
        .filter(|e| e.file_type().is_file() && e.path().extension().is_some_and(|x| x == "html"))
        .map(|e| e.path().strip_prefix(dir).unwrap().to_path_buf())
        .collect()
}

/// Citations of documents the repository does not hold, found in `text`: the
/// original documents are named in words, the rules written in the book.
fn outside_citations(text: &str) -> Vec<String> {
    let lower = text.to_lowercase();
    let mut found = Vec::new();
    for needle in ["rating-rules.md", "seed 0", "seed's", "shared/spec"] {
        if lower.contains(needle) {
            found.push(needle.to_string());
        }
    }
    let words = lower.split(|c: char| !c.is_alphanumeric() && c != '-');
    if words.into_iter().any(|w| w == "spec") {
        found.push("spec".into());
    }
    found
}

#[test]
fn the_citation_check_finds_outside_documents() {
    assert_eq!(
        outside_citations("as seed 003 says, the seed's table"),
        ["seed 0", "seed's"]
    );
    assert_eq!(
        outside_citations("the spec: rating-rules.md"),
        ["rating-rules.md", "spec"]
    );
    assert!(outside_citations("--seed S, seeded events, a specific rating").is_empty());
}

#[test]
fn the_book_builds_and_every_internal_link_resolves() {
    let mdbook = mdbook();
    let install = "cargo install --locked mdbook --version 0.4.52 (scripts/install-test-deps)";
    if !test_tools::require_tool("mdbook", mdbook.is_some(), install) {
        return;
    }
    let out = tempfile::tempdir().unwrap();
    let status = Command::new(mdbook.unwrap())
        .arg("build")
        .arg(workspace().join("docs"))
        .arg("--dest-dir")
        .arg(out.path())
        .status()
        .unwrap();
    assert!(status.success(), "mdbook build docs failed");
    // mdBook's 404 page resolves its links against the server's root.
    let pages: Vec<PathBuf> = html_pages(out.path())
        .into_iter()
        .filter(|p| p != Path::new("404.html"))
        .collect();
    for chapter in [
        "introduction.html",
        "maintainers/getting-started.html",
        "reference/configuration.html",
    ] {
        assert!(
            pages.contains(&PathBuf::from(chapter)),
            "no {chapter} in the built book"
        );
    }
    let broken = broken_links(out.path(), &pages);
    assert!(
        broken.is_empty(),
        "broken links in the book:\n{}",
        broken.join("\n")
    );
    for page in &pages {
        let text = std::fs::read_to_string(out.path().join(page)).unwrap();
        let cited = outside_citations(&text);
        assert!(cited.is_empty(), "{} cites {cited:?}", page.display());
    }
}

#[test]
fn the_readme_is_a_short_front_door_whose_links_resolve() {
    let readme = std::fs::read_to_string(workspace().join("README.md")).unwrap();
    let lines: Vec<&str> = readme.lines().collect();
    assert!(
        lines.len() <= 200,
        "the README has {} lines; the manual is docs/",
        lines.len()
    );
    let first_command = lines
        .iter()
        .position(|l| l.starts_with("cargo run --release -- build"))
        .unwrap();
    assert!(lines[first_command + 1]
        .starts_with("bash scripts/install-test-deps && cargo test --workspace --locked"));
    assert!(first_command < 10, "the two commands open the README");
    assert!(readme.contains("cargo install --locked ratingbook"));
    assert!(
        outside_citations(&readme).is_empty(),
        "{:?}",
        outside_citations(&readme)
    );
    let mut rest = readme.as_str();
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        let target = &rest[..rest.find(')').unwrap()];
        let path = target.split('#').next().unwrap();
        if path.is_empty() || target.contains("://") {
            continue;
        }
        assert!(
            workspace().join(path).exists(),
            "the README links to {target}, which is not in the repository"
        );
    }
}

#[test]
fn every_chapter_is_in_the_table_of_contents() {
    let src = workspace().join("docs/src");
    let summary = std::fs::read_to_string(src.join("SUMMARY.md")).unwrap();
    for entry in walkdir::WalkDir::new(&src).into_iter().map(Result::unwrap) {
        let path = entry
            .path()
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        if path.ends_with(".md") && path != "SUMMARY.md" {
            assert!(
                summary.contains(&format!("({path})")),
                "{path} is not in docs/src/SUMMARY.md"
            );
        }
        if path.ends_with(".md") {
            let text = std::fs::read_to_string(entry.path()).unwrap();
            assert!(
                outside_citations(&text).is_empty(),
                "{path} cites {:?}",
                outside_citations(&text)
            );
        }
    }
}
