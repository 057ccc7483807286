//! `ratingbook diff` against the working tree makes the base from the
//! working tree as loaded, with the base's versions of the changed player
//! and tournament files swapped in. Whatever the change, that must be
//! exactly the base a whole load of the base's files gives, problems
//! included: each case here commits a base, changes the working tree, and
//! compares both versions with a whole load of a copy of each.

use crate::util;

use crate::util::git;
use ratingbook::diff::{self, git as diff_git};
use std::path::{Path, PathBuf};

/// A change: what the base commit has on top of the starting repository,
/// what the working tree then changes, and whether it touches only player
/// and tournament files (else the base is loaded whole; so it is too when
/// the base has a link).
struct Case {
    name: &'static str,
    base: fn(&Path),
    head: fn(&Path),
    swapped: bool,
}

fn nothing(_: &Path) {}

fn tables(root: &Path) -> Vec<PathBuf> {
    ratingbook::generate::edit::crosstables_by_start(root)
}

fn middle_table(root: &Path) -> PathBuf {
    let tables = tables(root);
    tables[tables.len() / 2].clone()
}

fn players(root: &Path) -> Vec<PathBuf> {
    let mut players: Vec<PathBuf> = std::fs::read_dir(root.join("data/players"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    players.sort();
    players
}

/// A player who plays in the middle tournament.
fn playing(root: &Path) -> PathBuf {
    let text = std::fs::read_to_string(middle_table(root)).unwrap();
    let id = text.lines().nth(1).unwrap().split(',').nth(1).unwrap();
    root.join("data/players").join(format!("{id}.toml"))
}

fn replace_in(path: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{} has no {from:?}", path.display());
    std::fs::write(path, text.replacen(from, to, 1)).unwrap();
}

fn start_line(meta: &Path) -> String {
    let text = std::fs::read_to_string(meta).unwrap();
    text.lines()
        .find(|l| l.starts_with("start"))
        .unwrap()
        .to_string()
}

fn edit_result(root: &Path) {
    let reversed = ratingbook::generate::edit::reverse_first_decisive_result(&middle_table(root));
    assert!(reversed.unwrap().is_some());
}

fn add_newest_tournament(root: &Path) {
    let added = ratingbook::generate::edit::add_tournament_at_newest_date(root);
    assert!(added.unwrap().is_some());
}

fn add_later_tournament_staged(root: &Path) {
    let added = ratingbook::generate::edit::add_tournament_on_a_later_day(root);
    assert!(added.unwrap().is_some());
    git(root, &["add", "-A"]);
}

/// Leaves the last round of the newest tournament without results: fine
/// while it is the newest, an error once a later one has started.
fn last_round_not_played_yet(root: &Path) {
    let table = tables(root).pop().unwrap();
    let text = std::fs::read_to_string(&table).unwrap();
    let mut lines = text.lines();
    let mut blanked = format!("{}\n", lines.next().unwrap());
    for line in lines {
        let (cells, _last) = line.rsplit_once(',').unwrap();
        blanked.push_str(&format!("{cells},\n"));
    }
    std::fs::write(&table, blanked).unwrap();
}

fn remove_tournament(root: &Path) {
    let table = middle_table(root);
    std::fs::remove_file(table.with_extension("toml")).unwrap();
    std::fs::remove_file(table).unwrap();
}

fn remove_metadata(root: &Path) {
    std::fs::remove_file(middle_table(root).with_extension("toml")).unwrap();
}

fn move_start_date(root: &Path) {
    let meta = middle_table(root).with_extension("toml");
    let first = tables(root)[0].with_extension("toml");
    let (from, to) = (start_line(&meta), start_line(&first));
    replace_in(&meta, &from, &to);
}

fn move_to_another_year(root: &Path) {
    let table = middle_table(root);
    let folder = root.join("data/tournaments/1999");
    std::fs::create_dir_all(&folder).unwrap();
    for extension in ["toml", "csv"] {
        let from = table.with_extension(extension);
        std::fs::rename(&from, folder.join(from.file_name().unwrap())).unwrap();
    }
}

/// A copy of the oldest tournament's files, same id, in the folder `year`.
fn copy_oldest_tournament_into(root: &Path, year: &str) {
    let table = tables(root)[0].clone();
    let folder = root.join("data/tournaments").join(year);
    std::fs::create_dir_all(&folder).unwrap();
    for extension in ["toml", "csv"] {
        let from = table.with_extension(extension);
        std::fs::copy(&from, folder.join(from.file_name().unwrap())).unwrap();
    }
}

fn same_id_in_another_year(root: &Path) {
    copy_oldest_tournament_into(root, "2099");
}

fn same_id_in_an_earlier_folder(root: &Path) {
    copy_oldest_tournament_into(root, "1990");
}

fn remove_earlier_folder(root: &Path) {
    std::fs::remove_dir_all(root.join("data/tournaments/1990")).unwrap();
}

fn restore_the_starting_tournaments(root: &Path) {
    git(
        root,
        &["checkout", "-q", "HEAD~1", "--", "data/tournaments"],
    );
}

fn rename_player(root: &Path) {
    replace_in(&playing(root), "name = \"", "name = \"Renamed ");
}

fn remove_playing_player(root: &Path) {
    std::fs::remove_file(playing(root)).unwrap();
}

fn break_player(root: &Path) {
    std::fs::write(playing(root), "name = \"Unclosed\n").unwrap();
}

/// The player `remove_playing_player` removed, back with a broken file.
fn break_player_after_removal(root: &Path) {
    let back = playing(root);
    assert!(!back.exists());
    std::fs::write(back, "name = \"Unclosed\n").unwrap();
}

fn break_first_player(root: &Path) {
    std::fs::write(&players(root)[0], "name = [\n").unwrap();
}

fn restore_the_starting_players(root: &Path) {
    git(root, &["checkout", "-q", "HEAD~1", "--", "data/players"]);
}

fn unknown_player_in_table(root: &Path) {
    let table = middle_table(root);
    let text = std::fs::read_to_string(&table).unwrap();
    let id = text.lines().nth(1).unwrap().split(',').nth(1).unwrap();
    replace_in(&table, &format!(",{id},"), &format!(",{id}x,"));
}

fn ignore_new_players(root: &Path) {
    std::fs::write(root.join(".gitignore"), "data/players/ignored-*.toml\n").unwrap();
}

fn add_ignored_player(root: &Path) {
    let name = "name = \"Ignored Newcomer\"\nmembership = \"member\"\n";
    std::fs::write(root.join("data/players/ignored-newcomer.toml"), name).unwrap();
    let status = git(root, &["status", "--porcelain"]);
    assert!(status.stdout.is_empty(), "git sees the ignored file");
}

fn add_files_no_build_reads(root: &Path) {
    std::fs::write(root.join("data/players/notes.txt"), "to do").unwrap();
    let year = tables(root)[0].parent().unwrap().to_path_buf();
    std::fs::write(year.join("README.md"), "# the year").unwrap();
    std::fs::write(root.join("NOTES.md"), "notes").unwrap();
    edit_result(root);
}

fn change_configuration(root: &Path) {
    replace_in(
        &root.join("ratingbook.toml"),
        "title = \"",
        "title = \"Renamed ",
    );
    edit_result(root);
}

fn add_template(root: &Path) {
    let folder = root.join("templates/html");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("unused.html"), "{{ nothing }}").unwrap();
    edit_result(root);
}

/// A player file whose name is not UTF-8, and an edited result.
#[cfg(unix)]
fn add_a_name_that_is_not_utf8(root: &Path) {
    use std::os::unix::ffi::OsStrExt;
    let name = std::ffi::OsStr::from_bytes(b"caf\xe9.toml");
    std::fs::write(root.join("data/players").join(name), "name = \"Caf\"\n").unwrap();
    edit_result(root);
}

#[cfg(not(unix))]
fn add_a_name_that_is_not_utf8(root: &Path) {
    edit_result(root);
}

#[cfg(unix)]
fn link_a_player(root: &Path) {
    let target = playing(root);
    let name = target.file_name().unwrap().to_os_string();
    std::os::unix::fs::symlink(name, root.join("data/players/alias.toml")).unwrap();
}

#[cfg(not(unix))]
fn link_a_player(_: &Path) {}

fn the_cases() -> Vec<Case> {
    let swapped = |name, head: fn(&Path)| Case {
        name,
        base: nothing,
        head,
        swapped: true,
    };
    vec![
        swapped("an edited result", edit_result),
        swapped("the first result edited", edit_first_result),
        swapped("the newest result edited", edit_newest_result),
        swapped("a new tournament at the newest date", add_newest_tournament),
        swapped(
            "a new tournament on a later day, staged",
            add_later_tournament_staged,
        ),
        swapped("a tournament removed", remove_tournament),
        swapped("a crosstable left without its metadata", remove_metadata),
        swapped("a start date moved", move_start_date),
        swapped("a tournament moved to another year", move_to_another_year),
        swapped("one tournament id in two years", same_id_in_another_year),
        swapped("a player renamed", rename_player),
        swapped("a player who plays removed", remove_playing_player),
        swapped("a player file broken", break_player),
        swapped("an unknown player in a crosstable", unknown_player_in_table),
        swapped(
            "files no build reads, and a result",
            add_files_no_build_reads,
        ),
        Case {
            name: "a base that does not load, mended",
            base: break_first_player,
            head: restore_the_starting_players,
            swapped: true,
        },
        Case {
            name: "a later tournament after one with a round not played yet",
            base: last_round_not_played_yet,
            head: add_later_tournament_staged,
            swapped: true,
        },
        Case {
            name: "a duplicate tournament id removed",
            base: same_id_in_an_earlier_folder,
            head: remove_earlier_folder,
            swapped: true,
        },
        Case {
            name: "a crosstable without metadata, mended",
            base: remove_metadata,
            head: restore_the_starting_tournaments,
            swapped: true,
        },
        Case {
            name: "a missing player added, unreadable",
            base: remove_playing_player,
            head: break_player_after_removal,
            swapped: true,
        },
        Case {
            name: "a new player git ignores",
            base: ignore_new_players,
            head: add_ignored_player,
            swapped: true,
        },
        Case {
            name: "the configuration changed",
            base: nothing,
            head: change_configuration,
            swapped: false,
        },
        Case {
            name: "a template added",
            base: nothing,
            head: add_template,
            swapped: false,
        },
        Case {
            name: "a file name that is not UTF-8",
            base: nothing,
            head: add_a_name_that_is_not_utf8,
            swapped: !cfg!(unix),
        },
        Case {
            name: "a link in the base, its target edited",
            base: link_a_player,
            head: rename_player,
            swapped: true,
        },
    ]
}

/// Copies what a build reads of `from` (not `.git`) to a new folder.
fn copy_of_book(from: &Path) -> tempfile::TempDir {
    let copy = tempfile::tempdir().unwrap();
    for name in ["data", "templates"] {
        if from.join(name).exists() {
            util::copy_tree(&from.join(name), &copy.path().join(name));
        }
    }
    std::fs::copy(
        from.join("ratingbook.toml"),
        copy.path().join("ratingbook.toml"),
    )
    .unwrap();
    copy
}

fn commit_all(repo: &Path, message: &str) -> String {
    git(repo, &["add", "-A"]);
    git(repo, &["commit", "-q", "--allow-empty", "-m", message]);
    let head = git(repo, &["rev-parse", "HEAD"]).stdout;
    String::from_utf8(head).unwrap().trim().to_string()
}

/// Runs `case` on `repo` (committed at `start`): both versions as the
/// working-tree diff makes them against whole loads of copies.
fn compare(repo: &Path, start: &str, case: &Case) {
    git(repo, &["reset", "-q", "--hard", start]);
    git(repo, &["clean", "-q", "-fdx"]);
    (case.base)(repo);
    let base_commit = commit_all(repo, case.name);
    let base_copy = copy_of_book(repo);
    (case.head)(repo);
    let changed = diff_git::changed_in_working_tree(repo, &base_commit).unwrap();
    assert!(
        changed.as_ref().is_none_or(|c| !c.is_empty()),
        "{}: nothing changed",
        case.name
    );
    let planned = changed
        .as_ref()
        .is_some_and(|c| ratingbook::load::Swap::plan(c).is_some());
    assert_eq!(planned, case.swapped, "{}: {changed:?}", case.name);

    let scratch = tempfile::tempdir().unwrap();
    let (base, head) = diff::snapshots_against_working_tree(
        repo,
        &base_commit,
        scratch.path(),
        Default::default(),
    )
    .unwrap();
    let (mut whole_base, base_data) = diff::snapshot_keeping_data(base_copy.path());
    let (mut whole_head, head_data) = diff::snapshot_keeping_data(repo);
    diff::add_changed_games(
        (&mut whole_base, &base_data.loaded.dataset),
        (&mut whole_head, &head_data.loaded.dataset),
    );
    // The same games changed; each way keeps the games it needs for that.
    let games_changed = |b, h| format!("{:#?}", diff::compare(b, h).games_changed);
    assert_eq!(
        games_changed(&base, &head),
        games_changed(&whole_base, &whole_head),
        "{}: other games changed than a whole load finds",
        case.name
    );
    // The working-tree diff leaves out the histories both versions share,
    // so the snapshots are compared by what the site shows of each player
    // and tournament, their problems, and the diff they make.
    for (made, whole, version) in [(&base, &whole_base, "base"), (&head, &whole_head, "head")] {
        assert_eq!(
            shown(made),
            shown(whole),
            "{}: the {version} differs from a whole load",
            case.name
        );
    }
    assert_eq!(
        found(&base, &head),
        found(&whole_base, &whole_head),
        "{}: the diff differs from the diff of whole loads",
        case.name
    );
    assert!(
        shown(&base) != shown(&head) || found(&base, &head) != found(&head, &head),
        "{}: the change shows nowhere",
        case.name
    );
}

/// What a version's site shows of its players and tournaments, and its
/// problems, as text.
fn shown(snapshot: &diff::Snapshot) -> String {
    let players: Vec<_> = snapshot
        .players
        .iter()
        .map(|(id, p)| (id, &p.name, p.rating, p.phase, p.rank, p.rated_games))
        .collect();
    let tournaments: Vec<_> = snapshot
        .tournaments
        .iter()
        .map(|(id, t)| (id, &t.name, &t.start, t.rated_games))
        .collect();
    let pools: Vec<_> = snapshot
        .pools
        .iter()
        .map(|(name, pool)| (name, &pool.title, &pool.players))
        .collect();
    format!(
        "{:?}\n{players:#?}\n{tournaments:#?}\n{pools:#?}\n{:#?}\n{:?}",
        snapshot.builds, snapshot.diagnostics, snapshot.words
    )
}

/// The diff of two versions as its JSON report, without the note of how
/// each version was rated (which differs by design).
fn found(base: &diff::Snapshot, head: &diff::Snapshot) -> String {
    let mut found = diff::compare(base, head);
    found.rated = Default::default();
    let versions = diff::report::Versions {
        base: "base".into(),
        head: "head".into(),
    };
    diff::report::json(&found, &versions)
}

#[test]
fn the_base_made_from_the_working_tree_is_the_base_loaded_whole() {
    if !util::require_git() {
        return;
    }
    let dir = util::generated_repository(200, 12, 5);
    let repo = dir.path();
    git(repo, &["init", "-q", "-b", "main"]);
    let start = commit_all(repo, "results");
    for case in the_cases() {
        compare(repo, &start, &case);
    }
}

#[test]
fn surveys_are_checked_against_the_base_players() {
    if !util::require_git() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let repo = dir.path();
    util::copy_tree(
        Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/go-club"
        )),
        repo,
    );
    std::fs::write(repo.join("ratingbook.toml"), "").unwrap();
    git(repo, &["init", "-q", "-b", "main"]);
    let start = commit_all(repo, "club");
    let removed = Case {
        name: "a surveyed player removed",
        base: nothing,
        head: |repo| std::fs::remove_file(repo.join("data/players/go-dahl.toml")).unwrap(),
        swapped: true,
    };
    let added = Case {
        name: "a surveyed player added",
        base: |repo| std::fs::remove_file(repo.join("data/players/go-dahl.toml")).unwrap(),
        head: restore_the_starting_players,
        swapped: true,
    };
    for case in [removed, added] {
        compare(repo, &start, &case);
    }
}

fn edit_first_result(root: &Path) {
    let first = tables(root)[0].clone();
    let reversed = ratingbook::generate::edit::reverse_first_decisive_result(&first);
    assert!(reversed.unwrap().is_some());
}

fn edit_newest_result(root: &Path) {
    let newest = tables(root).pop().unwrap();
    let reversed = ratingbook::generate::edit::reverse_first_decisive_result(&newest);
    assert!(reversed.unwrap().is_some());
}

/// The working tree's diff against `base_commit`, as Markdown and JSON
/// (without the note of how each version was rated), with that note.
fn reports(repo: &Path, base_commit: &str) -> (String, String, diff::RatedPaths) {
    let scratch = tempfile::tempdir().unwrap();
    let (base, head) =
        diff::snapshots_against_working_tree(repo, base_commit, scratch.path(), Default::default())
            .unwrap();
    let mut found = diff::compare(&base, &head);
    let versions = diff::report::Versions {
        base: "main".into(),
        head: "the working tree".into(),
    };
    let markdown = diff::report::markdown(&found, &versions);
    let rated = std::mem::take(&mut found.rated);
    (markdown, diff::report::json(&found, &versions), rated)
}

/// A change to the repository: its name, what it does, and whether the head
/// takes over kept ratings (`None`: either may hold).
type KeptRatingsCase = (&'static str, fn(&Path), Option<bool>);

/// With the ratings a build of the base kept, the diff rates only from the
/// first tournament the change touches; its reports are those of the diff
/// without them, which rates everything, whatever the change.
#[test]
fn the_diff_taking_over_kept_ratings_reports_what_the_whole_rating_does() {
    if !util::require_git() {
        return;
    }
    let dir = util::generated_repository(300, 24, 7);
    let repo = dir.path();
    git(repo, &["init", "-q", "-b", "main"]);
    std::fs::write(repo.join(".gitignore"), "/site/\n/.ratingbook-cache/\n").unwrap();
    let start = commit_all(repo, "results");
    // (name, change, whether the head takes over ratings: the first
    // tournament by start may share its day with others, whose order decides)
    let cases: [KeptRatingsCase; 7] = [
        ("a result in the first tournament", edit_first_result, None),
        ("a result in the middle", edit_result, Some(true)),
        (
            "a result in the newest tournament",
            edit_newest_result,
            Some(true),
        ),
        ("a tournament added", add_newest_tournament, Some(true)),
        (
            "a tournament added on a later day",
            add_later_tournament_staged,
            Some(true),
        ),
        ("a tournament removed", remove_tournament, Some(true)),
        ("a player renamed", rename_player, Some(false)),
    ];
    for (name, change, takes_over) in cases {
        git(repo, &["reset", "-q", "--hard", &start]);
        git(repo, &["clean", "-q", "-fdx"]);
        ratingbook::build_repository(repo, &repo.join("site"), &|| {}).unwrap();
        change(repo);
        let (markdown, json, rated) = reports(repo, &start);
        let head = rated.head.unwrap();
        let tournaments = head.tournaments;
        match takes_over {
            Some(true) => assert!(head.taken_over > 0, "{name}: rated whole: {rated:?}"),
            Some(false) => assert_eq!(head.taken_over, 0, "{name}: {rated:?}"),
            None => {}
        }
        std::fs::remove_dir_all(repo.join(".ratingbook-cache")).unwrap();
        let (whole_markdown, whole_json, whole) = reports(repo, &start);
        let whole_head = whole.head.unwrap();
        assert_eq!(
            (whole_head.taken_over, whole_head.tournaments),
            (0, tournaments),
            "{name}"
        );
        assert_eq!(markdown, whole_markdown, "{name}: the comments differ");
        assert_eq!(json, whole_json, "{name}: the JSON reports differ");
        assert!(
            markdown.contains("1 tournament added") || markdown.contains("1 player changes"),
            "{name}: the change shows nowhere:\n{markdown}"
        );
    }
}
