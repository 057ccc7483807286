//! `ratingbook init`: the new repository checks and builds at once, its
//! workflow files are valid YAML, and their shell steps, run in order in a
//! local clone (a pull request on a branch, then the default branch), are
//! green: the same commands CI runs.

use crate::util;

use crate::util::git;

use std::path::{Path, PathBuf};
use std::process::Command;
use yaml_rust2::{Yaml, YamlLoader};

pub(crate) fn ratingbook(dir: &Path, args: &[&str]) -> std::process::Output {
    Command::new(util::binary())
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

pub(crate) fn init(dir: &Path) -> PathBuf {
    let repo = dir.join("ratings");
    let output = ratingbook(
        dir,
        &[
            "init",
            "ratings",
            "--association",
            "Suomen \"Go\" ry",
            "--language",
            "fi",
        ],
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    repo
}

pub(crate) fn yaml(path: &Path) -> Yaml {
    let text = std::fs::read_to_string(path).unwrap();
    let mut docs =
        YamlLoader::load_from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(docs.len(), 1);
    docs.remove(0)
}

#[test]
fn a_new_repository_checks_and_builds_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let repo = init(dir.path());
    let check = ratingbook(&repo, &["check"]);
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stderr)
    );
    assert!(String::from_utf8_lossy(&check.stderr).contains("0 errors, 0 warnings"));
    let build = ratingbook(&repo, &["build"]);
    assert!(
        build.status.success(),
        "{}",
        String::from_utf8_lossy(&build.stderr)
    );
    let index = std::fs::read_to_string(repo.join("site/index.html")).unwrap();
    // `--language fi` and no `--title`: the Finnish default title.
    assert!(
        index.contains("Suomen &quot;Go&quot; ry – rankinglista"),
        "{index}"
    );
    assert!(repo.join("site/ratingbook.postgres.sql").exists());
    // Never over an existing folder.
    let again = ratingbook(dir.path(), &["init", "ratings"]);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("is not empty"));
}

/// Today's date as `init` and `new tournament` read it (YYYY-MM-DD).
fn today() -> String {
    let output = Command::new("date").arg("+%F").output().unwrap();
    String::from_utf8(output.stdout).unwrap().trim().to_string()
}

#[test]
fn the_example_never_blocks_a_first_real_event_on_the_init_date() {
    let dir = tempfile::tempdir().unwrap();
    let repo = init(dir.path());
    // The example is a year old, marked as an example, named "Example".
    let table = walkdir::WalkDir::new(repo.join("data/tournaments"))
        .into_iter()
        .filter_map(Result::ok)
        .find(|e| e.path().extension().is_some_and(|x| x == "csv"))
        .unwrap()
        .into_path();
    let meta = std::fs::read_to_string(table.with_extension("toml")).unwrap();
    let year: i32 = today()[..4].parse().unwrap();
    assert!(
        meta.contains(&format!(
            "name = \"Example Club Championship {}\"",
            year - 1
        )),
        "{meta}"
    );
    assert!(meta.contains("\nillustrative = true"), "{meta}");
    let csv = std::fs::read_to_string(&table).unwrap();
    let example_player = csv.lines().nth(1).unwrap().split(',').nth(1).unwrap();
    assert!(example_player.starts_with("example-"), "{csv}");
    // MAINTAINING.md names every file of the example to remove.
    let guide = std::fs::read_to_string(repo.join("MAINTAINING.md")).unwrap();
    let relative = table.strip_prefix(&repo).unwrap().with_extension("");
    assert!(
        guide.contains(&format!("`{}.toml` and `.csv`", relative.display())),
        "{guide}"
    );
    assert!(
        guide.contains("`data/players/example-anna.toml` and `data/players/example-mikko.toml`"),
        "{guide}"
    );
    // A first real event on the init date, an example player entered by mistake included.
    for name in ["Mäkinen Pekka", "Laine Liisa"] {
        assert!(ratingbook(&repo, &["new", "player", name]).status.success());
    }
    let players = format!("makinen-pekka,laine-liisa,{example_player}");
    let new = ratingbook(
        &repo,
        &[
            "new",
            "tournament",
            "--name",
            "Spring Open",
            "--start",
            &today(),
            "--system",
            "round-robin",
            "--rounds",
            "3",
            "--players",
            &players,
        ],
    );
    assert!(
        new.status.success(),
        "{}",
        String::from_utf8_lossy(&new.stderr)
    );
    let check = ratingbook(&repo, &["check"]);
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stderr)
    );
    // The example's page says it is an example.
    assert!(ratingbook(&repo, &["build"]).status.success());
    let page = std::fs::read_to_string(repo.join(format!(
        "site/tournaments/{}.html",
        table.file_stem().unwrap().to_str().unwrap()
    )))
    .unwrap();
    // The repository is Finnish: "these results are invented".
    assert!(page.contains("nämä tulokset on keksitty"), "{page}");
}

#[test]
fn init_empty_starts_without_the_example_and_builds_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let output = ratingbook(dir.path(), &["init", "ratings", "--empty"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let repo = dir.path().join("ratings");
    assert!(!repo.join("data").exists());
    let guide = std::fs::read_to_string(repo.join("MAINTAINING.md")).unwrap();
    assert!(!guide.contains("example-"), "{guide}");
    let check = ratingbook(&repo, &["check"]);
    assert!(String::from_utf8_lossy(&check.stderr)
        .contains("checked 0 players and 0 tournaments: 0 errors, 0 warnings"));
    let build = ratingbook(&repo, &["build"]);
    assert!(
        build.status.success(),
        "{}",
        String::from_utf8_lossy(&build.stderr)
    );
    assert!(repo.join("site/index.html").is_file());
}

/// The `run:` steps of a GitHub Actions job, in order.
fn github_steps(workflow: &Yaml, job: &str) -> Vec<String> {
    workflow["jobs"][job]["steps"]
        .as_vec()
        .unwrap()
        .iter()
        .filter_map(|step| step["run"].as_str().map(String::from))
        .collect()
}

/// The `script:` lines of a GitLab CI job, in order.
fn gitlab_script(pipeline: &Yaml, job: &str) -> Vec<String> {
    pipeline[job]["script"]
        .as_vec()
        .unwrap()
        .iter()
        .map(|line| line.as_str().unwrap().to_string())
        .collect()
}

/// Runs each step with bash in `dir`, as CI would, with `ratingbook`, a
/// recording stand-in for `gh` and the CI variables on hand.
fn run_steps(dir: &Path, steps: &[String], bin: &Path, env: &[(&str, &str)]) {
    let path = format!(
        "{}:{}:{}",
        bin.display(),
        util::binary().parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for step in steps {
        let output = Command::new("bash")
            .args(["-e", "-c", step])
            .current_dir(dir)
            .env("PATH", &path)
            .env("RATINGBOOK_INSTALL", "true")
            .envs(env.iter().copied())
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "step `{step}` failed:\n{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
    }
}

#[test]
fn the_workflows_are_valid_and_their_steps_run_green_in_a_clone() {
    if !util::require_git() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let repo = init(dir.path());
    let github = yaml(&repo.join(".github/workflows/ratingbook.yml"));
    let gitlab = yaml(&repo.join(".gitlab-ci.yml"));
    assert_eq!(
        github["env"]["RATINGBOOK_INSTALL"].as_str(),
        Some(ratingbook::init::DEFAULT_INSTALL)
    );
    assert!(github["on"]["pull_request"].is_null() && !github["on"]["push"].is_badvalue());
    assert_eq!(
        gitlab["pages"]["artifacts"]["paths"][0].as_str(),
        Some("public")
    );

    git(&repo, &["init", "-q", "-b", "main"]);
    git(&repo, &["add", "-A"]);
    git(&repo, &["commit", "-q", "-m", "Rating book"]);
    let clone = dir.path().join("clone");
    git(
        dir.path(),
        &[
            "clone",
            "-q",
            repo.to_str().unwrap(),
            clone.to_str().unwrap(),
        ],
    );

    // A pull request: the example game's result reversed on a branch.
    git(&clone, &["checkout", "-q", "-b", "fix-result"]);
    let table = walkdir::WalkDir::new(clone.join("data/tournaments"))
        .into_iter()
        .filter_map(Result::ok)
        .find(|e| e.path().extension().is_some_and(|x| x == "csv"))
        .unwrap()
        .into_path();
    let text = std::fs::read_to_string(&table).unwrap();
    std::fs::write(
        &table,
        text.replace("2 w 1", "2 w 0").replace("1 b 0", "1 b 1"),
    )
    .unwrap();
    git(&clone, &["commit", "-q", "-a", "-m", "Result corrected"]);

    let bin = dir.path().join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let gh_log = dir.path().join("gh.log");
    std::fs::write(
        bin.join("gh"),
        format!("#!/bin/sh\necho \"$@\" >> {}\n", gh_log.display()),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(bin.join("gh"), std::fs::Permissions::from_mode(0o755)).unwrap();

    let review = github_steps(&github, "review");
    assert_eq!(review.len(), 4, "{review:?}");
    run_steps(
        &clone,
        &review,
        &bin,
        &[("GITHUB_BASE_REF", "main"), ("PR", "7"), ("GH_TOKEN", "x")],
    );
    let comment = std::fs::read_to_string(clone.join("diff.md")).unwrap();
    // Both players are still provisional: the change moves their performance
    // ratings, which their pages show (one game against the pool's 1600:
    // 1600 ± 0.5 × 850), and the game shows under Results.
    assert!(
        comment.contains(": Example Anna – Example Mikko: 1–0 → 0–1"),
        "{comment}"
    );
    assert!(comment.contains("suoritusluku 1175 → 2025"), "{comment}");
    assert!(
        comment.contains("| muutettu | Example Club Championship"),
        "{comment}"
    );
    assert_eq!(
        std::fs::read_to_string(&gh_log).unwrap(),
        "pr comment 7 --body-file diff.md --edit-last\n"
    );

    let script = gitlab_script(&gitlab, "review");
    std::fs::remove_file(clone.join("diff.md")).unwrap();
    run_steps(
        &clone,
        &script,
        &bin,
        &[("CI_MERGE_REQUEST_TARGET_BRANCH_NAME", "main")],
    );
    assert!(std::fs::read_to_string(clone.join("diff.md"))
        .unwrap()
        .contains("| muutettu | Example Club Championship"));

    // After the merge: the default branch publishes.
    git(&clone, &["checkout", "-q", "main"]);
    run_steps(&clone, &github_steps(&github, "publish"), &bin, &[]);
    assert!(clone.join("site/index.html").exists() && clone.join("site/ratingbook.sql").exists());
    run_steps(&clone, &gitlab_script(&gitlab, "pages"), &bin, &[]);
    assert!(clone.join("public/index.html").exists());
}

#[test]
fn init_refuses_a_line_break_in_the_association_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let output = ratingbook(
        dir.path(),
        &["init", "ratings", "--association", "Evil\nName"],
    );
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("error: --association contains a control character or text override (U+000A): remove it; it is a single line of plain text"),
        "{stderr}"
    );
    assert!(!dir.path().join("ratings").exists());
}

#[test]
fn what_init_writes_from_hostile_names_passes_check() {
    let long = "Long ".repeat(30);
    let names = [
        "Club \"Go\" ry",
        "Back\\slash\\",
        "\"\"\"",
        "'''",
        "Ünïcødé 囲碁 ✓",
        "{install}{year}{title}",
        long.as_str(),
    ];
    for name in names {
        let dir = tempfile::tempdir().unwrap();
        let output = ratingbook(dir.path(), &["init", "ratings", "--association", name]);
        assert!(
            output.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let check = ratingbook(&dir.path().join("ratings"), &["check"]);
        assert!(
            check.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&check.stderr)
        );
        let config = std::fs::read_to_string(dir.path().join("ratings/ratingbook.toml")).unwrap();
        let value: toml::Table = toml::from_str(&config).unwrap();
        assert_eq!(value["site"]["association"].as_str(), Some(name));
    }
    let dir = tempfile::tempdir().unwrap();
    let too_long = "Long ".repeat(1000);
    let output = ratingbook(dir.path(), &["init", "ratings", "--association", &too_long]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("characters long; the most is 200"));
    assert!(!dir.path().join("ratings").exists());
}
