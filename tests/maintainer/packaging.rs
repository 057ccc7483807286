//! The workspace as crates.io would take it: every package but the dev-only
//! `test-tools` publishable, with the metadata crates.io shows, its
//! workspace dependencies versioned; `cargo package --workspace` assembles
//! them all; the rating book's package holds its templates and licence but
//! no data, tests, benches or browser tooling. And the release workflow
//! builds the binaries under the names `init`'s install script downloads.
//!
//! Needs `cargo` (the one running the tests). The package is assembled
//! without verification here (a full build of every package takes longer
//! than the rest of the harness); the release checklist runs it with.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The cargo running the tests, or `None` (after the one rule's verdict)
/// when the test is to return.
fn cargo() -> Option<PathBuf> {
    let cargo = PathBuf::from(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    test_tools::require_tool(
        "cargo",
        test_tools::runs(&cargo, &["--version"]),
        "install Rust with rustup (https://rustup.rs)",
    )
    .then_some(cargo)
}

fn run(cargo: &Path, args: &[&str], target: &Path) -> String {
    let output = Command::new(cargo)
        .args(args)
        .current_dir(root())
        .env("CARGO_TARGET_DIR", target)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "cargo {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// Slugs of crates.io categories (a subset: those a package here could use).
const CATEGORIES: &[&str] = &[
    "algorithms",
    "command-line-utilities",
    "data-structures",
    "games",
    "game-development",
    "mathematics",
    "parser-implementations",
    "science",
    "simulation",
];

#[test]
fn every_package_but_the_test_tools_is_publishable_with_its_metadata() {
    let Some(cargo) = cargo() else { return };
    let target = tempfile::tempdir().unwrap();
    let metadata = run(
        &cargo,
        &["metadata", "--no-deps", "--format-version", "1", "--locked"],
        target.path(),
    );
    let metadata: serde_json::Value = serde_json::from_str(&metadata).unwrap();
    let packages = metadata["packages"].as_array().unwrap();
    let version = env!("CARGO_PKG_VERSION");
    let mut published = BTreeSet::new();
    for package in packages {
        let name = package["name"].as_str().unwrap();
        if name == "test-tools" {
            assert_eq!(package["publish"], serde_json::json!([]), "{name}");
            continue;
        }
        published.insert(name.to_string());
        assert!(package["publish"].is_null(), "{name} is not publishable");
        for field in ["description", "license", "repository", "readme"] {
            assert!(package[field].is_string(), "{name} has no {field}");
        }
        assert_eq!(package["license"], "MIT", "{name}");
        assert_eq!(
            package["repository"], "https://github.com/ratingbook/ratingbook",
            "{name}"
        );
        let keywords = package["keywords"].as_array().unwrap();
        assert!((1..=5).contains(&keywords.len()), "{name}: {keywords:?}");
        for category in package["categories"].as_array().unwrap() {
            let category = category.as_str().unwrap();
            assert!(CATEGORIES.contains(&category), "{name}: {category}");
        }
        for dependency in package["dependencies"].as_array().unwrap() {
            let dependency_name = dependency["name"].as_str().unwrap();
            if dependency["path"].is_null() || dependency_name == "test-tools" {
                continue;
            }
            assert_eq!(
                dependency["req"],
                format!("^{version}"),
                "{name} → {dependency_name}"
            );
        }
    }
    assert_eq!(published.len(), 7, "{published:?}");
    assert!(root().join("LICENSE").is_file());
}

#[test]
fn the_workspace_packages_and_the_rating_book_holds_what_it_builds_from() {
    let Some(cargo) = cargo() else { return };
    let target = tempfile::tempdir().unwrap();
    let list = run(
        &cargo,
        &[
            "package",
            "-p",
            "ratingbook",
            "--list",
            "--locked",
            "--allow-dirty",
        ],
        target.path(),
    );
    let files: BTreeSet<&str> = list.lines().collect();
    for needed in [
        "Cargo.toml",
        "Cargo.lock",
        "LICENSE",
        "README.md",
        "src/main.rs",
        "src/init/files/install-ratingbook.sh",
        "templates/html/base.html",
        "templates/static/style.css",
        "tests/fixtures/surveys/club-example.csv",
    ] {
        assert!(files.contains(needed), "{needed} is not packaged");
    }
    let stray: Vec<&&str> = files
        .iter()
        .filter(|f| {
            [
                "tests/", "data/", "docs/", "benches/", "scripts/", ".github/",
            ]
            .iter()
            .any(|prefix| f.starts_with(prefix))
                && **f != "tests/fixtures/surveys/club-example.csv"
        })
        .collect();
    assert!(stray.is_empty(), "packaged: {stray:?}");
    assert!(!list.contains("node_modules"));

    run(
        &cargo,
        &[
            "package",
            "--workspace",
            "--exclude",
            "test-tools",
            "--locked",
            "--no-verify",
            "--allow-dirty",
        ],
        target.path(),
    );
    let crates: BTreeSet<String> = std::fs::read_dir(target.path().join("package"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".crate"))
        .collect();
    let version = env!("CARGO_PKG_VERSION");
    for package in [
        "ratingbook",
        "go-grades",
        "handicap",
        "rating-systems",
        "ratingbook-trf",
        "ratingbook-pairing",
        "ratingbook-ataxx",
    ] {
        let file = format!("{package}-{version}.crate");
        assert!(crates.contains(&file), "{file} not in {crates:?}");
    }
    // The published manifests: workspace crates by version and crates.io
    // name, the dev-only test tools left out.
    let manifest = Command::new("tar")
        .arg("-xzOf")
        .arg(
            target
                .path()
                .join(format!("package/ratingbook-pairing-{version}.crate")),
        )
        .arg(format!("ratingbook-pairing-{version}/Cargo.toml"))
        .output()
        .unwrap();
    let manifest: toml::Table =
        toml::from_str(&String::from_utf8(manifest.stdout).unwrap()).unwrap();
    let trf = &manifest["dependencies"]["trf"];
    assert_eq!(trf["package"].as_str(), Some("ratingbook-trf"));
    assert_eq!(trf["version"].as_str(), Some(version));
    assert!(trf.get("path").is_none());
    assert!(!manifest["dev-dependencies"]
        .as_table()
        .unwrap()
        .contains_key("test-tools"));
    let size = std::fs::metadata(
        target
            .path()
            .join(format!("package/ratingbook-{version}.crate")),
    )
    .unwrap()
    .len();
    assert!(
        size < 1_000_000,
        "the rating book's package is {size} bytes"
    );
}

#[test]
fn the_release_builds_every_platform_the_install_script_downloads() {
    let text = std::fs::read_to_string(root().join(".github/workflows/release.yml")).unwrap();
    let workflow = &yaml_rust2::YamlLoader::load_from_str(&text).unwrap()[0];
    let built: BTreeSet<&str> = workflow["jobs"]["build"]["strategy"]["matrix"]["include"]
        .as_vec()
        .unwrap()
        .iter()
        .map(|entry| entry["target"].as_str().unwrap())
        .collect();
    let script = include_str!("../../src/init/files/install-ratingbook.sh");
    let downloaded: BTreeSet<&str> = script
        .lines()
        .filter_map(|line| line.split_once(") target=")?.1.split(' ').next())
        .filter(|target| !target.starts_with('"'))
        .collect();
    assert_eq!(downloaded.len(), 4, "{downloaded:?}");
    assert!(downloaded.is_subset(&built), "{downloaded:?} ⊄ {built:?}");
    assert!(built.contains("x86_64-pc-windows-msvc"));
    // The names the script asks for are the ones the release packs.
    assert!(script.contains(r#"name="ratingbook-$version-$target""#));
    assert!(script.contains(r#"url="$releases/v$version/$name.tar.gz""#));
    assert!(text.contains(r#"name="$binary-$VERSION-$TARGET""#));
    assert!(text.contains(r#"archive="$name.tar.gz""#));
    assert!(text.contains(r#"> "$archive.sha256")"#));
    assert!(text.contains("for binary in ratingbook ataxx; do"));
    assert_eq!(
        workflow["on"]["push"]["tags"][0].as_str(),
        Some("v[0-9]+.[0-9]+.[0-9]+*")
    );
}
