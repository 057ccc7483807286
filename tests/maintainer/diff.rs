//! `ratingbook diff` on real git repositories made here: an edited result
//! (its ripple checked against the ratings two real builds publish), added
//! and removed tournaments, a base that does not build, a shallow clone; and
//! `check --message-format github`.

use crate::util;

use crate::util::git;

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn commit_all(dir: &Path, message: &str) -> String {
    git(dir, &["add", "-A"]);
    git(dir, &["commit", "-q", "-m", message]);
    String::from_utf8_lossy(&git(dir, &["rev-parse", "HEAD"]).stdout)
        .trim()
        .to_string()
}

/// The small sample repository copied to `dir/repo`; git initialised there
/// when `under_git`.
fn mini_repository(dir: &Path, under_git: bool) -> PathBuf {
    let repo = dir.join("repo");
    util::copy_tree(
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/mini")),
        &repo,
    );
    if under_git {
        git(&repo, &["init", "-q", "-b", "main"]);
    }
    repo
}

fn ratingbook(dir: &Path, args: &[&str]) -> Output {
    Command::new(util::binary())
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

fn diff_json(dir: &Path, args: &[&str]) -> Value {
    let mut all = vec!["diff", "--format", "json"];
    all.extend_from_slice(args);
    let output = ratingbook(dir, &all);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

/// A generated repository (many tournaments over several years) under git.
fn generated_repository(dir: &Path) -> PathBuf {
    generated_repository_of(dir, ("120", "14", "5"))
}

/// A generated repository of `(players, tournaments, seed)` under git.
fn generated_repository_of(
    dir: &Path,
    (players, tournaments, seed): (&str, &str, &str),
) -> PathBuf {
    let repo = dir.join("repo");
    let status = Command::new(util::binary())
        .args([
            "generate",
            "--players",
            players,
            "--tournaments",
            tournaments,
        ])
        .args(["--seed", seed, "--out"])
        .arg(&repo)
        .stderr(std::process::Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    git(&repo, &["init", "-q", "-b", "main"]);
    std::fs::write(repo.join(".gitignore"), "/site\n").unwrap();
    commit_all(&repo, "results");
    repo
}

/// The crosstable of the tournament in the middle of the history: its
/// players are established by then, and later events carry the change on.
fn middle_crosstable(repo: &Path) -> PathBuf {
    let mut tables = ratingbook::generate::edit::crosstables_by_start(repo);
    tables.remove(tables.len() * 2 / 3)
}

/// Published ratings by id, from the `ratings.csv` of the site built from `repo`.
fn published_ratings(repo: &Path, out: &Path) -> BTreeMap<String, i64> {
    util::build_site(repo, out);
    util::listed_ratings(out)
}

#[test]
fn an_edited_result_shows_every_rating_it_moves_and_why() {
    if !util::require_git() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let repo = generated_repository(dir.path());
    let before = published_ratings(&repo, &dir.path().join("before"));
    let table = middle_crosstable(&repo);
    let tournament = table.file_stem().unwrap().to_string_lossy().into_owned();
    ratingbook::generate::edit::reverse_first_decisive_result(&table)
        .unwrap()
        .expect("a decisive game");
    let after = published_ratings(&repo, &dir.path().join("after"));
    // What two real builds publish differently is the reference.
    let expected: BTreeMap<&String, i64> = after
        .iter()
        .filter_map(|(id, a)| before.get(id).filter(|b| *b != a).map(|b| (id, a - b)))
        .collect();
    assert!(!expected.is_empty());

    let diff = diff_json(&repo, &["--base", "HEAD"]);
    let changed = diff["diff"]["players_changed"].as_array().unwrap();
    let shown: BTreeMap<String, i64> = changed
        .iter()
        .filter_map(|c| Some((c["id"].as_str()?.to_string(), c["delta"].as_i64()?)))
        .filter(|(_, delta)| *delta != 0)
        .collect();
    let expected: BTreeMap<String, i64> =
        expected.into_iter().map(|(k, v)| (k.clone(), v)).collect();
    assert_eq!(shown, expected);
    // Sorted by the size of the change.
    let sizes: Vec<i64> = changed
        .iter()
        .map(|c| c["delta"].as_i64().unwrap_or(0).abs())
        .collect();
    assert!(sizes.windows(2).all(|w| w[0] >= w[1]), "{sizes:?}");
    // Each change names its cause: the edited event, directly or as a ripple.
    let mut ripples = 0;
    for c in changed {
        let direct = c["played_in"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t == tournament.as_str());
        let ripple = c["ripple_from"] == tournament.as_str();
        assert!(direct || ripple, "{c}");
        ripples += usize::from(ripple);
    }
    assert!(ripples > 0, "no ripple found: {changed:#?}");
    let changed_tournaments = diff["diff"]["tournaments_changed"].as_array().unwrap();
    assert_eq!(changed_tournaments.len(), 1);
    assert_eq!(changed_tournaments[0]["id"], tournament.as_str());
    let summary = diff["summary"].as_str().unwrap();
    assert!(
        summary.starts_with(&format!("{} players change, largest ", changed.len())),
        "{summary}"
    );

    let markdown =
        String::from_utf8(ratingbook(&repo, &["diff", "--base", "HEAD"]).stdout).unwrap();
    assert!(markdown.contains("### Players"), "{markdown}");
    assert!(markdown.contains("ripple from"), "{markdown}");
}

#[test]
fn added_and_removed_tournaments_between_commits() {
    if !util::require_git() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let repo = mini_repository(dir.path(), true);
    let base = commit_all(&repo, "two tournaments");
    let year = repo.join("data/tournaments/2006");
    std::fs::create_dir_all(&year).unwrap();
    std::fs::write(
        year.join("winter-open.toml"),
        "name = \"Winter Open\"\nstart = 2006-01-14\nend = 2006-01-14\nsystem = \"swiss\"\nrounds = 1\n",
    )
    .unwrap();
    std::fs::write(
        year.join("winter-open.csv"),
        "no,player,rating,1\n1,ikonen-jussi,,2 w 1\n2,pellikka-marko,,1 b 0\n",
    )
    .unwrap();
    let added = commit_all(&repo, "winter open");
    let diff = diff_json(&repo, &["--base", &base, "--head", &added]);
    let tournaments = diff["diff"]["tournaments_added"].as_array().unwrap();
    assert_eq!(tournaments.len(), 1);
    assert_eq!(tournaments[0]["name"], "Winter Open");
    // One game, played over the board between two members.
    assert_eq!(tournaments[0]["rated_games_after"], 1);
    let ids: Vec<&str> = diff["diff"]["players_changed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert!(
        ids.contains(&"ikonen-jussi") && ids.contains(&"pellikka-marko"),
        "{ids:?}"
    );
    let back = diff_json(&repo, &["--base", &added, "--head", &base]);
    assert_eq!(back["diff"]["tournaments_removed"][0]["id"], "winter-open");
    // Folders compare the same way as revisions.
    let folders = diff_json(
        dir.path(),
        &[
            "--base-dir",
            repo.join("data/..").to_str().unwrap(),
            "--head-dir",
            repo.to_str().unwrap(),
        ],
    );
    assert_eq!(
        folders["diff"]["players_changed"].as_array().unwrap().len(),
        0
    );
}

#[test]
fn a_base_that_does_not_build_is_said_and_the_head_shown() {
    if !util::require_git() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let repo = mini_repository(dir.path(), false);
    let table = repo.join("data/tournaments/2005/spring-open.csv");
    let good = std::fs::read_to_string(&table).unwrap();
    std::fs::write(&table, good.replace("1,ikonen-jussi", "1,ikonen-jusi")).unwrap();
    git(&repo, &["init", "-q", "-b", "main"]);
    commit_all(&repo, "broken");
    std::fs::write(&table, good).unwrap();
    let output = ratingbook(&repo, &["diff", "--base", "main"]);
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(output.status.success());
    assert!(
        text.contains("does not build, so there is nothing to compare with"),
        "{text}"
    );
    assert!(text.contains("Spring Open"), "{text}");
    // And the other way round, the head's errors are listed.
    let head_broken = ratingbook(&repo, &["diff", "--base", "main", "--head", "main"]);
    let text = String::from_utf8(head_broken.stdout).unwrap();
    assert!(text.contains("This change does not build"), "{text}");
    // Shown as Markdown shows text: the data's backquotes escaped.
    assert!(text.contains("unknown player \\`ikonen-jusi\\`"), "{text}");
}

#[test]
fn a_shallow_clone_says_to_fetch_more_history() {
    if !util::require_git() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let repo = mini_repository(dir.path(), true);
    commit_all(&repo, "one");
    git(&repo, &["checkout", "-q", "-b", "feature"]);
    std::fs::write(repo.join("README.md"), "results\n").unwrap();
    commit_all(&repo, "two");
    std::fs::write(repo.join("README.md"), "results, more\n").unwrap();
    commit_all(&repo, "three");
    git(&repo, &["checkout", "-q", "main"]);
    let shallow = dir.path().join("shallow");
    let url = format!("file://{}", repo.display());
    git(
        dir.path(),
        &[
            "clone",
            "-q",
            "--depth",
            "1",
            "--no-single-branch",
            "--branch",
            "feature",
            &url,
            shallow.to_str().unwrap(),
        ],
    );
    let output = ratingbook(&shallow, &["diff", "--base", "HEAD~2"]);
    let text = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(
        text.contains("shallow clone") && text.contains("fetch-depth: 0"),
        "{text}"
    );
    let output = ratingbook(&shallow, &["diff"]);
    let text = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(text.contains("shallow clone"), "{text}");
}

/// The mini rating book in `ratings/` of a larger folder `association/`
/// (not yet a git repository): the temporary folder, the top and the book.
fn mini_in_a_git_subfolder() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let top = dir.path().join("association");
    let repo = top.join("ratings");
    util::copy_tree(
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/mini")),
        &repo,
    );
    (dir, top, repo)
}

#[test]
fn github_format_puts_problems_on_the_changed_lines() {
    if !util::require_git() {
        return;
    }
    let (_dir, top, repo) = mini_in_a_git_subfolder();
    git(&top, &["init", "-q", "-b", "main"]);
    let table = repo.join("data/tournaments/2005/spring-open.csv");
    let text = std::fs::read_to_string(&table).unwrap();
    std::fs::write(&table, text.replace("1,ikonen-jussi", "1,ikonen-jusi")).unwrap();
    let output = ratingbook(&repo, &["check", "--message-format", "github"]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    let line = stderr.lines().find(|l| l.starts_with("::error ")).unwrap();
    assert_eq!(
        line,
        "::error file=ratings/data/tournaments/2005/spring-open.csv,line=2,col=2,title=ratingbook%3A player::unknown player `ikonen-jusi`%0Ahelp: did you mean `ikonen-jussi`?"
    );
}

#[test]
fn a_rating_book_in_a_subfolder_of_the_git_repository() {
    if !util::require_git() {
        return;
    }
    let (_dir, top, repo) = mini_in_a_git_subfolder();
    std::fs::write(top.join("README.md"), "the association's files\n").unwrap();
    git(&top, &["init", "-q", "-b", "main"]);
    commit_all(&top, "results");
    util::edit(
        &repo,
        "data/tournaments/2005/spring-open.csv",
        "1,ikonen-jussi,,2 w 1",
        "1,ikonen-jussi,,2 w 0",
    );
    util::edit(
        &repo,
        "data/tournaments/2005/spring-open.csv",
        "2,pellikka-marko,,1 b 0",
        "2,pellikka-marko,,1 b 1",
    );
    let diff = diff_json(&repo, &["--base", "main"]);
    assert_eq!(
        diff["diff"]["tournaments_added"].as_array().unwrap().len(),
        0,
        "{diff}"
    );
    assert_eq!(diff["diff"]["tournaments_changed"][0]["id"], "spring-open");
    let ids: Vec<&str> = diff["diff"]["players_changed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert!(ids.contains(&"ikonen-jussi"), "{ids:?}");
}

/// `diff` reports every rating list: with the Spring Open rated in a list of
/// its own (`go`, by the EGD formula), an edited Spring Open result moves
/// ratings on that list only. The diff names the list, and each player's Δ is
/// the difference of the list's ratings in the two versions as the rating
/// systems compute them; the association's list, which the Spring Open is
/// not part of, reports no change. A repository without lists reports none.
#[test]
fn diff_reports_every_rating_list() {
    let dir = tempfile::tempdir().unwrap();
    let base = mini_repository(&dir.path().join("base"), false);
    util::write(
        &base,
        "ratingbook.toml",
        "[pools.go]\ntitle = \"Go\"\nsystem = \"egd\"\n",
    );
    util::edit(
        &base,
        "data/tournaments/2005/spring-open.toml",
        "rounds = 3\n",
        "rounds = 3\npool = \"go\"\n",
    );
    let head = dir.path().join("head");
    util::copy_tree(&base, &head);
    util::edit(
        &head,
        "data/tournaments/2005/spring-open.csv",
        "1 b 0,4 w 1",
        "1 b =,4 w 1",
    );
    util::edit(
        &head,
        "data/tournaments/2005/spring-open.csv",
        "2 w 1,",
        "2 w =,",
    );
    let diff = ratingbook::diff::diff_folders(&base, &head);
    assert!(diff.head_builds, "{:?}", diff.head_problems);
    assert!(
        diff.players_changed.is_empty(),
        "{:?}",
        diff.players_changed
    );
    assert_eq!(diff.pools.len(), 1);
    let go = &diff.pools[0];
    assert_eq!((go.name.as_str(), go.title.as_str()), ("go", "Go"));
    let rating_on_go = |root: &Path, id: &str| {
        let loaded = ratingbook::load::load_repository(root);
        let rated = ratingbook::rating::rate_all(&loaded.dataset, &loaded.config);
        rated.pools[0].ratings.players[loaded.dataset.player_index(id).unwrap()].rating
    };
    for id in ["ikonen-jussi", "pellikka-marko"] {
        let change = go
            .players_changed
            .iter()
            .find(|c| c.id == id)
            .unwrap_or_else(|| panic!("{id} changes on the go list"));
        let (before, after) = (
            rating_on_go(&base, id).unwrap(),
            rating_on_go(&head, id).unwrap(),
        );
        assert_ne!(before, after);
        assert_eq!(change.delta, Some(after - before), "{id}");
        assert_eq!(change.played_in, vec!["spring-open".to_string()]);
    }
    let markdown = ratingbook::diff::report::markdown(
        &diff,
        &ratingbook::diff::report::Versions {
            base: "base".into(),
            head: "head".into(),
        },
    );
    assert!(markdown.contains("### Go (rating list go)"), "{markdown}");
    assert!(markdown.contains("; Go: "), "{markdown}");

    let plain = mini_repository(&dir.path().join("plain"), false);
    assert!(ratingbook::diff::diff_folders(&plain, &plain)
        .pools
        .is_empty());
    let json = ratingbook::diff::report::json(
        &ratingbook::diff::diff_folders(&plain, &plain),
        &ratingbook::diff::report::Versions {
            base: "a".into(),
            head: "b".into(),
        },
    );
    assert!(!json.contains("\"pools\""), "{json}");
}

#[test]
fn a_change_that_moves_thousands_keeps_its_comment_short_and_says_what_it_left_out() {
    if !util::require_git() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let repo = generated_repository_of(dir.path(), ("3000", "300", "7"));
    ratingbook::generate::edit::add_tournament_at_newest_date(&repo)
        .unwrap()
        .expect("a tournament added");

    let diff = diff_json(&repo, &["--base", "HEAD"]);
    let changed = diff["diff"]["players_changed"].as_array().unwrap();
    let rank_only = changed
        .iter()
        .filter(|c| {
            ["rating", "phase", "rated_games"]
                .iter()
                .all(|field| c["before"][field] == c["after"][field])
                && c["history_changed"].as_array().unwrap().is_empty()
        })
        .count();
    let moved = changed.len() - rank_only;
    assert!(
        changed.len() > 200,
        "too few changes to test: {}",
        changed.len()
    );
    let problems = diff["diff"]["head_problems"].as_array().unwrap().len();
    assert!(problems > 0, "the generated results have warnings");
    assert_eq!(diff["diff"]["new_problems"].as_array().unwrap().len(), 0);

    let output = ratingbook(&repo, &["diff", "--base", "HEAD"]);
    let markdown = String::from_utf8(output.stdout).unwrap();
    assert!(markdown.len() < 65_536, "{} characters", markdown.len());
    let players = markdown.split("### Players").nth(1).unwrap();
    let rows = players
        .lines()
        .take_while(|l| !l.starts_with("Not shown"))
        .filter(|l| l.starts_with("| ") && !l.starts_with("| Player"))
        .count();
    assert_eq!(rows, 200, "{markdown}");
    let shown_moved = moved.min(200);
    let mut left = Vec::new();
    if moved > shown_moved {
        left.push(format!(
            "{} players whose rating, phase or rated games change",
            moved - shown_moved
        ));
    }
    left.push(format!(
        "{} players whose rank alone moves",
        rank_only - (200 - shown_moved)
    ));
    let note = format!(
        "Not shown: {}. The whole list: `ratingbook diff --format json`.",
        left.join(" and ")
    );
    assert!(markdown.contains(&note), "{note}\n{markdown}");
    assert!(
        markdown.contains(&format!("{} players change, largest ", changed.len()))
            && markdown.contains(&format!(", {rank_only} of them in rank only;")),
        "{markdown}"
    );
    // Warnings the base had already are counted, not listed.
    assert!(!markdown.contains("warning:"), "{markdown}");
    assert!(
        markdown.contains(&format!(
            "Not shown: {problems} that were there before this change."
        )),
        "{markdown}"
    );
}

/// Commits, on top of HEAD, `count` files `f<i>.toml` (one small content)
/// in each folder of `folders` (each new, ending in `/`): a pull request
/// that adds many files. Returns the commit.
fn commit_with_many_files(repo: &Path, folders: &[(&str, usize)]) -> String {
    let run = |args: &[&str], input: Option<String>, index: &Path| {
        use std::io::Write;
        let mut child = Command::new("git")
            .arg("-C")
            .arg(repo)
            .args(args)
            .env("GIT_INDEX_FILE", index)
            .env("GIT_AUTHOR_NAME", "Contributor")
            .env("GIT_AUTHOR_EMAIL", "contributor@example.org")
            .env("GIT_COMMITTER_NAME", "Contributor")
            .env("GIT_COMMITTER_EMAIL", "contributor@example.org")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let writing = std::thread::spawn(move || {
            stdin
                .write_all(input.unwrap_or_default().as_bytes())
                .unwrap();
        });
        let output = child.wait_with_output().unwrap();
        writing.join().unwrap();
        assert!(output.status.success(), "git {args:?}");
        String::from_utf8(output.stdout).unwrap().trim().to_string()
    };
    let scratch = tempfile::tempdir().unwrap();
    let index = scratch.path().join("index");
    let blob = run(
        &["hash-object", "-w", "--stdin"],
        Some("name = \"Same\"\n".into()),
        &index,
    );
    run(&["read-tree", "HEAD"], None, &index);
    for (folder, count) in folders {
        let lines: String = (0..*count)
            .map(|i| format!("100644 blob {blob}\tf{i}.toml\n"))
            .collect();
        let tree = run(&["mktree"], Some(lines), &index);
        run(
            &["read-tree", &format!("--prefix={folder}"), &tree],
            None,
            &index,
        );
    }
    let tree = run(&["write-tree"], None, &index);
    run(
        &["commit-tree", &tree, "-p", "HEAD", "-m", "many files"],
        None,
        &index,
    )
}

/// Every file under `dir` (none when there is no such folder).
fn files_under(dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    entries
        .map(|entry| {
            let entry = entry.unwrap();
            if entry.file_type().unwrap().is_dir() {
                files_under(&entry.path())
            } else {
                1
            }
        })
        .sum()
}

#[test]
fn a_folder_no_build_reads_is_never_brought_out() {
    if !util::require_git() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let repo = mini_repository(dir.path(), true);
    commit_all(&repo, "results");
    let read_files = files_under(&repo.join("data"))
        + files_under(&repo.join("templates"))
        + usize::from(repo.join("ratingbook.toml").exists());
    let many = commit_with_many_files(
        &repo,
        &[
            ("data/bomb/", 100_000),
            ("data/players/sub/", 1_000),
            ("data/tournaments/2024/deep/", 1_000),
            ("templates/a/b/c/d/e/f/g/h/", 1_000),
        ],
    );

    let into = tempfile::tempdir().unwrap();
    let started = std::time::Instant::now();
    let budget = ratingbook::diff::git::Budget::default();
    let root = ratingbook::diff::git::unpack(&repo, &many, into.path(), budget).unwrap();
    assert!(started.elapsed().as_secs() < 10, "{:?}", started.elapsed());
    assert_eq!(files_under(&root), read_files);
    assert!(!root.join("data/bomb").exists());
    assert!(!root.join("data/players/sub").exists());

    let started = std::time::Instant::now();
    let diff = diff_json(&repo, &["--base", &many, "--head", "HEAD"]);
    assert!(started.elapsed().as_secs() < 30, "{:?}", started.elapsed());
    assert_eq!(diff["diff"]["players_changed"], serde_json::json!([]));
}

#[test]
fn a_revision_over_the_budget_is_refused_with_what_to_do() {
    if !util::require_git() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let repo = mini_repository(dir.path(), true);
    let commit = commit_all(&repo, "results");
    let short = &commit[..7];
    for (limit, what) in [("--max-files", "3 files"), ("--max-bytes", "100 bytes")] {
        let number = what.split(' ').next().unwrap();
        let output = ratingbook(
            &repo,
            &["diff", "--base", short, "--head", short, limit, number],
        );
        assert_eq!(output.status.code(), Some(2));
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(
            message.contains(&format!("error: revision `{short}` has more than {what}")),
            "{message}"
        );
        assert!(
            message.contains(&format!("git diff --stat {short}")),
            "{message}"
        );
        assert!(
            message.contains(&format!("raise the limit with {limit}")),
            "{message}"
        );
    }
}

/// The folders where `diff` brings revisions out, as its scratch folders go.
fn scratch_parents() -> Vec<PathBuf> {
    let mut parents = vec![std::env::temp_dir()];
    if Path::new("/dev/shm").is_dir() {
        parents.push(PathBuf::from("/dev/shm"));
    }
    parents
}

/// The scratch folders of the process `pid`.
fn scratch_folders_of(pid: u32) -> Vec<PathBuf> {
    let prefix = format!("{}{pid}-", ratingbook::diff::scratch::PREFIX);
    scratch_parents()
        .iter()
        .filter_map(|parent| std::fs::read_dir(parent).ok())
        .flatten()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().starts_with(&prefix))
        .map(|e| e.path())
        .collect()
}

#[cfg(unix)]
#[test]
fn an_interrupted_diff_leaves_no_revision_behind() {
    if !util::require_git() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let repo = mini_repository(dir.path(), true);
    commit_all(&repo, "results");
    let large = commit_with_many_files(&repo, &[("templates/many/", 200_000)]);
    for signal in [libc::SIGINT, libc::SIGTERM] {
        let child = Command::new(util::binary())
            .current_dir(&repo)
            .args(["diff", "--base", &large, "--head", "HEAD"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let pid = child.id();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        while scratch_folders_of(pid).is_empty() {
            assert!(
                std::time::Instant::now() < deadline,
                "no scratch folder appeared"
            );
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        std::thread::sleep(std::time::Duration::from_millis(300));
        // SAFETY: `kill` only sends a signal to the child started here.
        assert_eq!(unsafe { libc::kill(pid as i32, signal) }, 0);
        let output = child.wait_with_output().unwrap();
        let said = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(130), "{signal}: {said}");
        assert!(said.contains("interrupted"), "{said}");
        assert_eq!(scratch_folders_of(pid), Vec::<PathBuf>::new());
    }
}

#[cfg(unix)]
#[test]
fn a_revision_left_by_a_killed_diff_is_removed_by_the_next() {
    if !util::require_git() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let repo = mini_repository(dir.path(), true);
    commit_all(&repo, "results");
    let mut gone = Command::new("true").spawn().unwrap();
    gone.wait().unwrap();
    let parent = scratch_parents().pop().unwrap();
    let name = |pid: u32, rest: &str| {
        parent.join(format!("{}{pid}-{rest}", ratingbook::diff::scratch::PREFIX))
    };
    let stale = name(gone.id(), "stale");
    std::fs::create_dir_all(stale.join("data/players")).unwrap();
    std::fs::write(stale.join("data/players/a.toml"), "name = \"A\"\n").unwrap();
    // A live process's folder, and a link named like a stale folder, stay.
    let live = name(std::process::id(), "live");
    std::fs::create_dir_all(&live).unwrap();
    let target = dir.path().join("kept");
    std::fs::create_dir_all(&target).unwrap();
    std::fs::write(target.join("file"), "kept").unwrap();
    let link = name(gone.id(), "link");
    std::os::unix::fs::symlink(&target, &link).unwrap();

    let output = ratingbook(&repo, &["diff", "--base", "HEAD", "--head", "HEAD"]);
    let said = String::from_utf8_lossy(&output.stderr);
    let exists = |p: &Path| std::fs::symlink_metadata(p).is_ok();
    let (stale_left, live_left, link_left) = (exists(&stale), exists(&live), exists(&link));
    let _ = std::fs::remove_dir_all(&live);
    let _ = std::fs::remove_file(&link);
    assert!(output.status.success(), "{said}");
    assert!(!stale_left, "{said}");
    assert!(
        said.contains(&format!("note: removed {}", stale.display())),
        "{said}"
    );
    assert!(live_left && link_left);
    assert!(target.join("file").exists());
}

#[test]
fn names_in_the_comment_mention_link_and_reference_nothing() {
    if !util::require_git() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let repo = mini_repository(dir.path(), true);
    commit_all(&repo, "results");
    let hostile = "@octocat https://evil.example/login #1 www.evil.example <b>x</b> \
                   [x](javascript:alert(1)) | pipe";
    util::edit(
        &repo,
        "data/players/ikonen-jussi.toml",
        "name = \"Ikonen Jussi\"",
        &format!("name = \"{hostile}\""),
    );
    let output = ratingbook(&repo, &["diff", "--base", "HEAD"]);
    let comment = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{comment}");
    assert!(comment.contains("octocat"), "{comment}");
    for live in [
        "@octocat", "#1", "https://", "www.", "<b>", "x](", " | pipe",
    ] {
        assert!(!comment.contains(live), "{live} in {comment}");
    }
}

/// The bundled sample's 2003 and 2004 events with its players and
/// settings, under git on `main`: the later events the sample may gain do
/// not come in.
fn sample_2003_and_2004(dir: &Path) -> PathBuf {
    let sample = Path::new(env!("CARGO_MANIFEST_DIR"));
    let repo = dir.join("repo");
    std::fs::create_dir_all(repo.join("data/tournaments")).unwrap();
    std::fs::copy(sample.join("ratingbook.toml"), repo.join("ratingbook.toml")).unwrap();
    util::copy_tree(&sample.join("data/players"), &repo.join("data/players"));
    for year in ["2003", "2004"] {
        util::copy_tree(
            &sample.join("data/tournaments").join(year),
            &repo.join("data/tournaments").join(year),
        );
    }
    git(&repo, &["init", "-q", "-b", "main"]);
    std::fs::write(repo.join(".gitignore"), "/site\n").unwrap();
    commit_all(&repo, "the sample's 2003 and 2004");
    repo
}

/// The round robin's round 3 draw Saarenpää–Haikonen made a win for
/// Saarenpää (white).
fn reverse_the_2003_draw(repo: &Path) {
    let table = "data/tournaments/2003/kaikki-kaikkia-vastaan.csv";
    util::edit(
        repo,
        table,
        "1,saarenpaa-samuli,,3 w 1,2 w 0,4 w =",
        "1,saarenpaa-samuli,,3 w 1,2 w 0,4 w 1",
    );
    util::edit(
        repo,
        table,
        "4,haikonen-kari,,2 b =,3 b =,1 b =",
        "4,haikonen-kari,,2 b =,3 b =,1 b 0",
    );
}

// The players whose own pages show other numbers when the sites built
// before and after the reversal are compared (their rating, or the rating
// or performance rating of a history row): Haikonen and Grahn and Horelli
// are provisional, their current numbers stay.
const MOVED_BY_THE_2003_REVERSAL: [&str; 8] = [
    "grahn-johan",
    "haikonen-kari",
    "horelli-lauri",
    "ikonen-jussi",
    "kauppila-oskari",
    "pellikka-marko",
    "saarenpaa-samuli",
    "toivonen-lauri",
];

#[test]
fn a_player_is_listed_when_any_rating_in_their_history_moves() {
    if !util::require_git() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let repo = sample_2003_and_2004(dir.path());
    git(&repo, &["checkout", "-q", "-b", "fix-2003"]);
    reverse_the_2003_draw(&repo);
    let diff = diff_json(&repo, &[]);
    let changed = diff["diff"]["players_changed"].as_array().unwrap();
    let ids: Vec<&str> = changed.iter().map(|c| c["id"].as_str().unwrap()).collect();
    let mut sorted = ids.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, MOVED_BY_THE_2003_REVERSAL, "{ids:?}");
    // Haikonen: his performance ratings, as his page shows them before and after.
    let haikonen = changed.iter().find(|c| c["id"] == "haikonen-kari").unwrap();
    let rows: Vec<(String, i64, i64)> = haikonen["history_changed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            (
                row["tournament_name"].as_str().unwrap().to_string(),
                row["before"]["performance"].as_i64().unwrap(),
                row["after"]["performance"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("Kaikki kaikkia vastaan 2003".to_string(), 2000, 1858),
            ("Helsinki Open 2004".to_string(), 1833, 1836)
        ]
    );
    // The game, in the JSON and in the comment.
    let games = diff["diff"]["games_changed"].as_array().unwrap();
    assert_eq!(games.len(), 1, "{games:?}");
    let game = &games[0];
    assert_eq!(
        (&game["round"], &game["first"], &game["second"]),
        (
            &Value::from(3),
            &Value::from("saarenpaa-samuli"),
            &Value::from("haikonen-kari")
        )
    );
    assert_eq!(
        (&game["before"], &game["after"]),
        (&Value::from("½–½"), &Value::from("1–0"))
    );
    let comment = String::from_utf8(ratingbook(&repo, &["diff"]).stdout).unwrap();
    assert!(
        comment.contains(
            "### Results\n\n- Kaikki kaikkia vastaan 2003, round 3: \
             Saarenpää Samuli – Haikonen Kari: ½–½ → 1–0\n"
        ),
        "{comment}"
    );
    assert!(
        comment.contains(
            "| Haikonen Kari | – |  | provisional | – | 16 | after Kaikki kaikkia vastaan 2003: \
             performance 2000 → 1858; after Helsinki Open 2004: performance 1833 → 1836 |"
        ),
        "{comment}"
    );
}

#[test]
fn the_header_names_the_branches_and_folders_compared() {
    if !util::require_git() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let repo = sample_2003_and_2004(dir.path());
    let main = String::from_utf8(git(&repo, &["rev-parse", "HEAD"]).stdout).unwrap();
    git(&repo, &["checkout", "-q", "-b", "fix-2003"]);
    reverse_the_2003_draw(&repo);
    let fix = commit_all(&repo, "the 2003 draw was a win");
    let short = |c: &str| c[..7].to_string();
    let comment = String::from_utf8(ratingbook(&repo, &["diff"]).stdout).unwrap();
    assert!(
        comment.contains(&format!(
            "Comparing main ({}) with the working tree of fix-2003 ({}).",
            short(&main),
            short(&fix)
        )),
        "{comment}"
    );
    let revisions = diff_json(&repo, &["--base", "main", "--head", "fix-2003"]);
    assert_eq!(revisions["base"], format!("main ({})", short(&main)));
    assert_eq!(revisions["head"], format!("fix-2003 ({})", short(&fix)));
    // Compared commit to commit, the game and Haikonen are there too.
    assert_eq!(
        revisions["diff"]["games_changed"].as_array().unwrap().len(),
        1
    );
    assert!(revisions["diff"]["players_changed"]
        .as_array()
        .unwrap()
        .iter()
        .any(|c| c["id"] == "haikonen-kari"));
    // Folders by their names.
    let before = dir.path().join("before-fix");
    util::copy_tree(&repo, &before);
    git(&before, &["checkout", "-q", "main"]);
    let folders = diff_json(
        dir.path(),
        &[
            "--base-dir",
            before.to_str().unwrap(),
            "--head-dir",
            repo.to_str().unwrap(),
        ],
    );
    assert_eq!(
        (&folders["base"], &folders["head"]),
        (&Value::from("before-fix"), &Value::from("repo"))
    );
    assert_eq!(
        folders["diff"]["games_changed"].as_array().unwrap().len(),
        1
    );
}

#[test]
fn a_long_ripple_keeps_the_comment_within_what_github_holds() {
    if !util::require_git() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let repo = generated_repository_of(dir.path(), ("1000", "100", "11"));
    // A result reversed in each event: the ratings of hundreds of players
    // move, after many events each.
    let tables = ratingbook::generate::edit::crosstables_by_start(&repo);
    for table in &tables {
        ratingbook::generate::edit::reverse_first_decisive_result(table).unwrap();
    }
    let diff = diff_json(&repo, &["--base", "HEAD"]);
    let players = diff["diff"]["players_changed"].as_array().unwrap().len();
    assert!(players > 200, "too few changes to test: {players}");
    let comment = String::from_utf8(ratingbook(&repo, &["diff", "--base", "HEAD"]).stdout).unwrap();
    let length = comment.chars().count();
    assert!(length <= 65_536, "{length} characters");
    let (open, rest) = comment.split_once("\n<details>").expect("a collapsed part");
    assert!(open.chars().count() <= 60_000);
    assert!(
        open.contains("players change, largest"),
        "the summary comes first"
    );
    assert!(rest.contains("</details>"));
    // Every row is shown or counted: the tournaments, the changed games, the
    // first 200 players and the problems this change brings.
    let rows = diff["diff"]["tournaments_changed"]
        .as_array()
        .unwrap()
        .len()
        + diff["diff"]["games_changed"].as_array().unwrap().len()
        + players.min(200)
        + diff["diff"]["new_problems"].as_array().unwrap().len();
    let shown = comment
        .lines()
        .filter(|l| {
            (l.starts_with("| ") && !l.starts_with("| Player") && !l.starts_with("| | Tournament"))
                || l.starts_with("- ")
        })
        .count();
    let note = format!("**Left out of this comment: {} rows**", rows - shown);
    assert!(comment.contains(&note), "{note}\n{comment}");
    assert!(comment.contains("`ratingbook diff --format json`"));
}
