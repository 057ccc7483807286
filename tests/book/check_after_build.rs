//! `check` after a build of the site in the repository: while no input
//! changed, it reports what that build found (its warnings, and links in
//! the way looked for again) without checking the inputs again; any
//! change, and it checks them.

use crate::util::{self, build_site, edit, mini_repo};
use std::path::Path;
use std::process::Command;

/// `check --root ROOT`: whether it succeeded, and what it printed on
/// standard error, its last line (the summary) apart.
fn check(root: &Path) -> (bool, String, String) {
    let out = Command::new(util::binary())
        .args(["check", "--root"])
        .arg(root)
        .output()
        .unwrap();
    let stderr = util::stderr(&out);
    let (findings, summary) = stderr.trim_end().rsplit_once('\n').unwrap_or(("", &stderr));
    (
        out.status.success(),
        findings.into(),
        summary.trim_end().into(),
    )
}

const AS_BUILT: &str = " (nothing changed since the last build)";

#[test]
fn check_after_a_build_reports_its_findings_until_an_input_changes() {
    let dir = mini_repo();
    let root = dir.path().join("repo");
    let autumn = "data/tournaments/2005/autumn-cup.toml";
    edit(&root, autumn, "rounds = 3", "rounds = 3\nlanguage = \"qq\"");
    let fresh = check(&root);
    assert!(fresh.0, "{fresh:?}");
    assert!(
        fresh.1.contains("`qq` is not a known language"),
        "{fresh:?}"
    );
    assert_eq!(
        fresh.2,
        "checked 4 players and 2 tournaments: 0 errors, 1 warning"
    );

    build_site(&root, &root.join("site"));
    let after_build = check(&root);
    assert_eq!(
        after_build.1, fresh.1,
        "the build's warning, as a fresh check words it"
    );
    assert_eq!(after_build.2, format!("{}{AS_BUILT}", fresh.2));

    // A link where a build writes is looked for on every check.
    let old = root.join(".site.ratingbook-old");
    std::os::unix::fs::symlink(dir.path(), &old).unwrap();
    let linked = check(&root);
    assert!(!linked.0, "{linked:?}");
    assert!(linked.1.contains("is a symbolic link"), "{linked:?}");
    assert!(linked.2.ends_with(AS_BUILT), "{linked:?}");
    std::fs::remove_file(&old).unwrap();

    // An edit is read: the error it makes, not the build's findings.
    let player = "data/players/ikonen-jussi.toml";
    edit(
        &root,
        player,
        "membership = \"member\"",
        "membership = \"membr\"",
    );
    let broken = check(&root);
    assert!(!broken.0, "{broken:?}");
    assert!(broken.1.contains("membr"), "{broken:?}");
    assert!(!broken.2.ends_with(AS_BUILT), "{broken:?}");

    // Put back as it was: touched, but with the content the build read.
    edit(
        &root,
        player,
        "membership = \"membr\"",
        "membership = \"member\"",
    );
    let restored = check(&root);
    assert_eq!(restored.1, fresh.1);
    assert_eq!(restored.2, format!("{}{AS_BUILT}", fresh.2));

    // Another edit that checks clean is checked all the same.
    edit(
        &root,
        player,
        "membership = \"member\"",
        "membership = \"rif\"",
    );
    let edited = check(&root);
    assert!(edited.1.contains("is a rif player"), "{edited:?}");
    assert_eq!(
        edited.2,
        "checked 4 players and 2 tournaments: 0 errors, 3 warnings"
    );
    for file in [autumn, "data/tournaments/2005/autumn-cup.csv"] {
        std::fs::remove_file(root.join(file)).unwrap();
    }
    let removed = check(&root);
    assert_eq!(
        removed.2,
        "checked 4 players and 1 tournament: 0 errors, 1 warning"
    );
}
