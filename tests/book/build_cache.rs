//! The build cache never serves a stale page: after a change to the data, a
//! Markdown page, a template or the configuration, the rebuilt site is byte
//! for byte the site a build without any cache writes, and only the pages
//! whose inputs changed were rendered.

use crate::util;

use ratingbook::generate::{edit, write_repository, Options};
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// A small generated repository with one Markdown page, in a temporary folder.
fn repository() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    write_repository(
        dir.path(),
        &Options {
            players: 40,
            tournaments: 6,
            seed: 7,
        },
    )
    .unwrap();
    let pages = dir.path().join("data/pages");
    fs::create_dir_all(&pages).unwrap();
    fs::write(
        pages.join("about.md"),
        "---\ntitle: About\n---\nThe association.\n",
    )
    .unwrap();
    dir
}

fn build(root: &Path, out: &Path) -> ratingbook::BuildReport {
    ratingbook::build_repository(root, out, &|| {}).unwrap()
}

/// The site a build without any cache writes for `root`.
fn fresh_site(root: &Path) -> BTreeMap<String, Vec<u8>> {
    let elsewhere = tempfile::tempdir().unwrap();
    let out = elsewhere.path().join("site");
    build(root, &out);
    util::site_files(&out)
}

/// Files whose bytes differ between two sites, or that only one has.
fn differing(a: &BTreeMap<String, Vec<u8>>, b: &BTreeMap<String, Vec<u8>>) -> Vec<String> {
    let mut names: Vec<String> = a
        .keys()
        .chain(b.keys())
        .filter(|k| a.get(*k) != b.get(*k))
        .cloned()
        .collect();
    names.sort();
    names.dedup();
    names
}

struct Built {
    root: tempfile::TempDir,
    out: PathBuf,
    first: ratingbook::BuildReport,
}

fn built() -> Built {
    let root = repository();
    let out = root.path().join("site");
    let first = build(root.path(), &out);
    Built { root, out, first }
}

#[test]
fn an_unchanged_rebuild_renders_nothing_and_keeps_every_file() {
    let b = built();
    assert_eq!(b.first.cached.reused, 0);
    let before = util::site_files(&b.out);
    assert_eq!(b.first.cached.rendered, before.len());
    let cache = b.root.path().join(".ratingbook-cache/site.pages");
    assert!(cache.is_file(), "the cache lives beside the site");
    let again = build(b.root.path(), &b.out);
    assert_eq!(again.cached.rendered, 0);
    assert_eq!(again.cached.reused, before.len());
    assert_eq!(again.written.written, 0);
    assert_eq!(util::site_files(&b.out), before);
}

#[test]
fn a_markdown_page_edit_renders_that_page_only() {
    let b = built();
    fs::write(
        b.root.path().join("data/pages/about.md"),
        "---\ntitle: About\n---\nThe association, founded 1975.\n",
    )
    .unwrap();
    let again = build(b.root.path(), &b.out);
    assert_eq!(again.cached.rendered, 1);
    assert_eq!(again.written.written, 1);
    let page = String::from_utf8(fs::read(b.out.join("pages/about.html")).unwrap()).unwrap();
    assert!(page.contains("founded 1975"), "{page}");
    assert_eq!(util::site_files(&b.out), fresh_site(b.root.path()));
}

#[test]
fn an_old_result_edit_renders_what_it_changes_and_nothing_stale() {
    let b = built();
    let before = util::site_files(&b.out);
    let oldest = edit::crosstables_by_start(b.root.path())[0].clone();
    assert!(edit::reverse_first_decisive_result(&oldest)
        .unwrap()
        .is_some());
    let again = build(b.root.path(), &b.out);
    let after = util::site_files(&b.out);
    assert_eq!(after, fresh_site(b.root.path()), "no stale page");
    let changed = differing(&before, &after);
    assert!(!changed.is_empty());
    assert!(again.cached.rendered >= changed.len());
    assert!(
        again.cached.reused > 0,
        "pages whose inputs did not change are reused"
    );
    assert_eq!(again.written.written, changed.len());
}

#[test]
fn a_further_lists_pages_follow_a_result_edit_and_nothing_is_stale() {
    let b = built();
    let root = b.root.path();
    // Every tournament rated in a further list of its own too, over pages.
    let config = root.join("ratingbook.toml");
    let mut text = fs::read_to_string(&config).unwrap();
    text.push_str("\n[pools.long]\ntitle = \"Long list\"\nsystem = \"glicko2\"\n");
    fs::write(&config, text).unwrap();
    for table in edit::crosstables_by_start(root) {
        let meta = table.with_extension("toml");
        let text = fs::read_to_string(&meta).unwrap();
        fs::write(&meta, format!("{text}pool = \"long\"\n")).unwrap();
    }
    build(root, &b.out);
    let before = util::site_files(&b.out);
    let newest = edit::crosstables_by_start(root).pop().unwrap();
    assert!(edit::reverse_first_decisive_result(&newest)
        .unwrap()
        .is_some());
    build(root, &b.out);
    let after = util::site_files(&b.out);
    assert_eq!(after, fresh_site(root), "no stale page");
    let changed = differing(&before, &after);
    assert!(
        changed.iter().any(|f| f.starts_with("pools/long/ratings")),
        "the list's pages show the new ratings: {changed:?}"
    );
}

#[test]
fn a_template_edit_renders_every_page() {
    let b = built();
    let templates = b.root.path().join("templates/html");
    fs::create_dir_all(&templates).unwrap();
    let player = include_str!("../../templates/html/player.html");
    fs::write(
        templates.join("player.html"),
        player.replace("{% block content %}", "{% block content %}<!-- edited -->"),
    )
    .unwrap();
    let again = build(b.root.path(), &b.out);
    assert_eq!(again.cached.reused, 0);
    assert_eq!(again.cached.rendered, b.first.cached.rendered);
    let after = util::site_files(&b.out);
    assert_eq!(after, fresh_site(b.root.path()));
    let some_player = after
        .iter()
        .find(|(k, _)| k.starts_with("players/"))
        .unwrap();
    assert!(String::from_utf8_lossy(some_player.1).contains("<!-- edited -->"));
}

#[test]
fn a_config_edit_renders_every_page() {
    let b = built();
    let config = b.root.path().join("ratingbook.toml");
    let text = fs::read_to_string(&config).unwrap();
    assert!(text.contains("Synthetic rating book"));
    fs::write(
        &config,
        text.replace("Synthetic rating book", "Renamed book"),
    )
    .unwrap();
    let again = build(b.root.path(), &b.out);
    assert_eq!(again.cached.reused, 0);
    let after = util::site_files(&b.out);
    assert_eq!(after, fresh_site(b.root.path()));
    assert!(String::from_utf8_lossy(&after["index.html"]).contains("Renamed book"));
}

#[test]
fn a_published_file_changed_by_hand_is_rendered_again_and_a_deleted_cache_is_safe() {
    let b = built();
    let before = util::site_files(&b.out);
    fs::write(b.out.join("rules.html"), "vandalised").unwrap();
    let again = build(b.root.path(), &b.out);
    assert_eq!(again.cached.rendered, 1);
    assert_eq!(util::site_files(&b.out), before);
    fs::remove_dir_all(b.root.path().join(".ratingbook-cache")).unwrap();
    let cold = build(b.root.path(), &b.out);
    assert_eq!(cold.cached.reused, 0);
    assert_eq!(
        cold.written.written, 0,
        "same bytes, files kept as they were"
    );
    assert_eq!(util::site_files(&b.out), before);
}

#[test]
fn a_build_with_settled_unchanged_inputs_and_site_does_nothing_else() {
    let b = built();
    let before = util::site_files(&b.out);
    // Inputs written just now may still change unseen: their times are not
    // trusted, their content is.
    std::thread::sleep(
        ratingbook::incremental::inputs::SETTLE + std::time::Duration::from_millis(100),
    );
    let settled = build(b.root.path(), &b.out);
    assert_eq!(settled.cached.rendered, 0);
    let phases = |r: &ratingbook::BuildReport| r.timings.iter().map(|p| p.name).collect::<Vec<_>>();
    assert_eq!(phases(&settled), ["inputs unchanged"]);
    let skipped = build(b.root.path(), &b.out);
    assert_eq!(
        skipped.timings.iter().map(|p| p.name).collect::<Vec<_>>(),
        ["inputs unchanged"]
    );
    assert_eq!(skipped.cached.reused, before.len());
    assert_eq!(skipped.notes, settled.notes);
    assert_eq!(skipped.warnings, settled.warnings, "the same warnings");
    assert_eq!(util::site_files(&b.out), before);
    // A file of the site replaced by hand: the build does its work again.
    fs::remove_file(b.out.join("rules.html")).unwrap();
    fs::write(b.out.join("rules.html"), "vandalised").unwrap();
    let repaired = build(b.root.path(), &b.out);
    assert_eq!(repaired.cached.rendered, 1);
    assert_eq!(util::site_files(&b.out), before);
    // An input edited: the edit is seen, however soon after the last build.
    fs::write(
        b.root.path().join("data/pages/about.md"),
        "---\ntitle: About\n---\nThe association!\n",
    )
    .unwrap();
    let edited = build(b.root.path(), &b.out);
    assert_eq!(edited.cached.rendered, 1);
    assert_eq!(util::site_files(&b.out), fresh_site(b.root.path()));
}

/// A player with rated games in the repository at `root`, for `wanted`
/// (e.g. a membership); their file and the id of an opponent.
fn player_with_games(
    root: &Path,
    wanted: impl Fn(&ratingbook::model::Player) -> bool,
) -> (PathBuf, String) {
    let loaded = ratingbook::load::load_repository(root);
    let ratings = ratingbook::rating::rate(&loaded.dataset, &loaded.config.rating);
    let players = &loaded.dataset.players;
    (0..players.len())
        .filter(|&i| wanted(&players[i]))
        .find_map(|i| {
            let game = ratings.history(i).flat_map(|r| &r.games).next()?;
            let file = root.join(format!("data/players/{}.toml", players[i].id));
            Some((file, players[game.opponent].id.to_string()))
        })
        .expect("a player with games")
}

/// Rebuilds after `change` and checks that the site is the one a build
/// without cache writes, and that only the files whose bytes changed were
/// made, and the front page (its key covers the whole list, though it shows
/// the top ten): the changed files.
fn rebuild_exactly(b: &Built, change: impl FnOnce()) -> Vec<String> {
    let before = util::site_files(&b.out);
    change();
    let again = build(b.root.path(), &b.out);
    let after = util::site_files(&b.out);
    assert_eq!(after, fresh_site(b.root.path()), "no stale page");
    let changed = differing(&before, &after);
    assert_eq!(again.written.written, changed.len());
    let front = usize::from(!changed.contains(&"index.html".to_string()));
    assert!(
        again.cached.rendered <= changed.len() + front,
        "made {} files, {} changed: {changed:?}",
        again.cached.rendered,
        changed.len()
    );
    changed
}

#[test]
fn a_renamed_player_renders_exactly_the_pages_that_show_the_name() {
    let b = built();
    let (file, opponent) = player_with_games(b.root.path(), |_| true);
    let text = fs::read_to_string(&file).unwrap();
    let name = text
        .lines()
        .find(|l| l.starts_with("name = "))
        .unwrap()
        .to_string();
    let changed = rebuild_exactly(&b, || {
        fs::write(&file, text.replace(&name, "name = \"Renamed Person\"")).unwrap();
    });
    // The opponent's page shows the name in the games: only a neighbour's name changed there.
    let page = format!("players/{opponent}.html");
    assert!(changed.contains(&page), "{changed:?}");
    let html = fs::read_to_string(b.out.join(&page)).unwrap();
    assert!(html.contains("Renamed Person"));
}

#[test]
fn an_opponents_rating_change_renders_the_pages_that_show_it() {
    let b = built();
    // A player rated elsewhere: their international rating is what their
    // opponents' pages show for them.
    let (file, opponent) = player_with_games(b.root.path(), |p| {
        p.membership == ratingbook::model::Membership::Rif && p.international_rating.is_some()
    });
    let text = fs::read_to_string(&file).unwrap();
    let line = text
        .lines()
        .find(|l| l.starts_with("international_rating = "))
        .unwrap()
        .to_string();
    let changed = rebuild_exactly(&b, || {
        fs::write(&file, text.replace(&line, "international_rating = 2777")).unwrap();
    });
    let page = format!("players/{opponent}.html");
    assert!(changed.contains(&page), "{changed:?}");
    assert!(fs::read_to_string(b.out.join(&page))
        .unwrap()
        .contains("2777"));
}

/// Adds a tournament on the day after the newest one ends; the new date
/// and the ids of the players in it.
fn add_tournament_on_a_newer_date(root: &Path) -> (String, Vec<String>) {
    let table = edit::add_tournament_on_a_later_day(root).unwrap().unwrap();
    let meta = fs::read_to_string(table.with_extension("toml")).unwrap();
    let day = meta
        .lines()
        .find_map(|l| l.strip_prefix("end = "))
        .unwrap()
        .trim()
        .to_string();
    let players = fs::read_to_string(&table)
        .unwrap()
        .lines()
        .skip(1)
        .filter_map(|row| row.split(',').nth(1).map(String::from))
        .collect();
    (day, players)
}

#[test]
fn a_tournament_on_a_newer_date_leaves_the_pages_of_players_not_in_it_alone() {
    let b = built();
    let mut added = (String::new(), Vec::new());
    let changed = rebuild_exactly(&b, || added = add_tournament_on_a_newer_date(b.root.path()));
    let (day, players) = added;
    let front = fs::read_to_string(b.out.join("index.html")).unwrap();
    assert!(
        front.contains(&format!("datetime=\"{day}\"")),
        "the front page shows the new list date"
    );
    let player_pages: Vec<&String> = changed
        .iter()
        .filter(|f| f.starts_with("players/"))
        .collect();
    assert!(!player_pages.is_empty());
    for page in &player_pages {
        let id = page
            .trim_start_matches("players/")
            .trim_end_matches(".html");
        assert!(
            players.iter().any(|p| p == id),
            "{page} changed: {changed:?}"
        );
    }
    let all_players = util::site_files(&b.out)
        .keys()
        .filter(|f| f.starts_with("players/"))
        .count();
    assert!(player_pages.len() < all_players, "{player_pages:?}");
}

#[test]
fn a_layout_that_shows_the_list_date_gets_it_on_every_page() {
    let b = built();
    let base = ratingbook::render::templates::TemplateSet::built_in().templates["html/base.html"]
        .replace("</footer>", "<p>List of {{ site.as_of }}</p></footer>");
    fs::create_dir_all(b.root.path().join("templates/html")).unwrap();
    fs::write(b.root.path().join("templates/html/base.html"), base).unwrap();
    build(b.root.path(), &b.out);
    let mut day = String::new();
    let changed = rebuild_exactly(&b, || day = add_tournament_on_a_newer_date(b.root.path()).0);
    for (name, bytes) in util::site_files(&b.out) {
        if name.starts_with("players/") && name.ends_with(".html") {
            assert!(changed.contains(&name), "{name} kept the old date");
            let text = String::from_utf8(bytes).unwrap();
            assert!(text.contains(&format!("List of {day}")), "{name}");
        }
    }
}

#[test]
fn inputs_rewritten_with_the_same_bytes_are_no_change_and_an_edit_is_one() {
    let b = built();
    let before = util::site_files(&b.out);
    // Every input rewritten as it was, as a fresh checkout leaves them.
    let inputs = walkdir::WalkDir::new(b.root.path().join("data"))
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| e.into_path());
    for file in inputs.chain([b.root.path().join("ratingbook.toml")]) {
        let bytes = fs::read(&file).unwrap();
        fs::remove_file(&file).unwrap();
        fs::write(&file, bytes).unwrap();
    }
    let touched = build(b.root.path(), &b.out);
    let phases: Vec<&str> = touched.timings.iter().map(|p| p.name).collect();
    assert_eq!(phases, ["inputs unchanged"]);
    assert_eq!(util::site_files(&b.out), before);
    let oldest = edit::crosstables_by_start(b.root.path())[0].clone();
    assert!(edit::reverse_first_decisive_result(&oldest)
        .unwrap()
        .is_some());
    let edited = build(b.root.path(), &b.out);
    assert!(edited.cached.rendered > 0, "an edit is never skipped");
    assert_eq!(util::site_files(&b.out), fresh_site(b.root.path()));
}

/// The phases a build went through.
fn phases(report: &ratingbook::BuildReport) -> Vec<&'static str> {
    report.timings.iter().map(|p| p.name).collect()
}

/// Each file under `dir` with its inode and modification time.
fn identities(dir: &Path) -> BTreeMap<PathBuf, (u64, std::time::SystemTime)> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let meta = e.metadata().unwrap();
            #[cfg(unix)]
            let inode = std::os::unix::fs::MetadataExt::ino(&meta);
            #[cfg(not(unix))]
            let inode = 0;
            (e.into_path(), (inode, meta.modified().unwrap()))
        })
        .collect()
}

/// A repository built once and left to settle, so that the next build can
/// trust its inputs' times.
fn built_and_settled() -> Built {
    let b = built();
    std::thread::sleep(
        ratingbook::incremental::inputs::SETTLE + std::time::Duration::from_millis(100),
    );
    b
}

#[test]
fn an_unchanged_rebuild_writes_nothing_not_even_the_cache() {
    let b = built_and_settled();
    let settled = build(b.root.path(), &b.out);
    assert_eq!(phases(&settled), ["inputs unchanged"]);
    let site = identities(&b.out);
    let cache = identities(&b.root.path().join(".ratingbook-cache"));
    let again = build(b.root.path(), &b.out);
    assert_eq!(phases(&again), ["inputs unchanged"]);
    assert_eq!(again.written.written, 0);
    assert_eq!(again.files, site.len());
    assert_eq!(identities(&b.out), site, "every file as it was");
    assert_eq!(
        identities(&b.root.path().join(".ratingbook-cache")),
        cache,
        "the cache as it was"
    );
}

/// Something done by hand to a published site.
type Damage<'a> = Box<dyn Fn(&Path) + 'a>;

#[test]
fn a_site_file_edited_deleted_or_added_by_hand_is_repaired() {
    let b = built_and_settled();
    let clean = util::site_files(&b.out);
    assert_eq!(clean, fresh_site(b.root.path()));
    let player = clean
        .keys()
        .find(|k| k.starts_with("players/") && k.ends_with(".html"))
        .unwrap()
        .clone();
    let damages: [(&str, Damage); 5] = [
        (
            "a page edited in place",
            Box::new(|out| fs::write(out.join("rules.html"), "vandalised").unwrap()),
        ),
        (
            "a page rewritten with its own bytes",
            Box::new(|out| {
                let file = out.join("index.html");
                let bytes = fs::read(&file).unwrap();
                fs::remove_file(&file).unwrap();
                fs::write(&file, bytes).unwrap();
            }),
        ),
        (
            "a player's page deleted",
            Box::new(|out| fs::remove_file(out.join(&player)).unwrap()),
        ),
        (
            "a page added",
            Box::new(|out| fs::write(out.join("players/intruder.html"), "x").unwrap()),
        ),
        (
            "a folder added",
            Box::new(|out| {
                fs::create_dir_all(out.join("extra/deep")).unwrap();
                fs::write(out.join("extra/deep/page.html"), "x").unwrap();
            }),
        ),
    ];
    for (damage, apply) in damages {
        apply(&b.out);
        let repaired = build(b.root.path(), &b.out);
        assert_ne!(phases(&repaired), ["inputs unchanged"], "{damage}");
        assert_eq!(util::site_files(&b.out), clean, "{damage}");
        let again = build(b.root.path(), &b.out);
        assert_eq!(phases(&again), ["inputs unchanged"], "after {damage}");
    }
}

/// A generated repository whose SQL dump has many pieces (several thousand
/// rows in its big tables), built once.
fn built_with_a_big_dump() -> Built {
    generated_and_built(1500, 90)
}

/// A repository generated with `players` and `tournaments` (seed 11), built once.
fn generated_and_built(players: usize, tournaments: usize) -> Built {
    let dir = tempfile::tempdir().unwrap();
    let options = Options {
        players,
        tournaments,
        seed: 11,
    };
    write_repository(dir.path(), &options).unwrap();
    let out = dir.path().join("site");
    let first = build(dir.path(), &out);
    Built {
        root: dir,
        out,
        first,
    }
}

/// The dump files of a site, as text.
fn dumps(site: &BTreeMap<String, Vec<u8>>) -> BTreeMap<String, String> {
    let dumps: BTreeMap<String, String> = site
        .iter()
        .filter(|(name, _)| name.ends_with(".sql"))
        .map(|(name, bytes)| (name.clone(), String::from_utf8(bytes.clone()).unwrap()))
        .collect();
    assert!(!dumps.is_empty());
    dumps
}

/// Asserts that two sites' dumps are the same, showing the first line that is not.
fn assert_same_dumps(built: &BTreeMap<String, Vec<u8>>, fresh: &BTreeMap<String, Vec<u8>>) {
    let (built, fresh) = (dumps(built), dumps(fresh));
    assert_eq!(
        built.keys().collect::<Vec<_>>(),
        fresh.keys().collect::<Vec<_>>()
    );
    for (name, text) in &built {
        let first_difference = text
            .lines()
            .zip(fresh[name].lines())
            .enumerate()
            .find(|(_, (a, b))| a != b);
        assert_eq!(first_difference, None, "{name}");
        assert_eq!(text.len(), fresh[name].len(), "{name}");
    }
}

/// Reverses a result in the tournament `back` places before the newest and
/// rebuilds; the report.
fn edit_and_rebuild(b: &Built, back: usize) -> ratingbook::BuildReport {
    let tables = edit::crosstables_by_start(b.root.path());
    let table = &tables[tables.len() - 1 - back];
    assert!(edit::reverse_first_decisive_result(table)
        .unwrap()
        .is_some());
    build(b.root.path(), &b.out)
}

#[test]
fn a_changed_dump_takes_its_unchanged_pieces_over_and_is_the_dump_a_fresh_build_writes() {
    let b = built_with_a_big_dump();
    assert_eq!(b.first.cached.dump_pieces_reused, 0);
    let games: usize = edit::crosstables_by_start(b.root.path())
        .iter()
        .map(|t| fs::read_to_string(t).unwrap().matches(" w ").count())
        .sum();
    assert!(games > 5000, "{games} games: too few for pieces");

    let again = edit_and_rebuild(&b, 0);
    let rebuilt = util::site_files(&b.out);
    assert_same_dumps(&rebuilt, &fresh_site(b.root.path()));
    assert!(
        again.cached.dump_pieces_reused > 0,
        "a result in the newest tournament leaves most pieces as they were"
    );

    // A dump edited by hand is not the one the cache describes: nothing is
    // taken from it.
    for name in dumps(&rebuilt).keys() {
        let path = b.out.join(name);
        let mut bytes = fs::read(&path).unwrap();
        bytes.extend_from_slice(b"-- edited by hand\n");
        fs::write(&path, bytes).unwrap();
    }
    let after_hand_edit = edit_and_rebuild(&b, 1);
    assert_eq!(after_hand_edit.cached.dump_pieces_reused, 0);
    assert_same_dumps(&util::site_files(&b.out), &fresh_site(b.root.path()));
}

/// Gives every line of the kind `kind` (`piece`, `spare piece`) in the
/// build cache file another offset, `moved` from its own, leaving the
/// rest of the line, its check too, as it was.
fn move_pieces_in_cache(b: &Built, kind: &str, moved: impl Fn(u64) -> u64) {
    let cache = ratingbook::incremental::cache::file_for(&b.out).unwrap();
    let text = fs::read_to_string(&cache).unwrap();
    let prefix = format!("{kind}\t");
    assert!(
        text.contains(&format!("\n{prefix}")),
        "the cache notes {kind} lines"
    );
    let damaged: String = text
        .lines()
        .map(|line| match line.strip_prefix(&prefix) {
            Some(piece) => {
                let mut fields: Vec<String> = piece.split('\t').map(String::from).collect();
                fields[1] = moved(fields[1].parse().unwrap()).to_string();
                format!("{prefix}{}\n", fields.join("\t"))
            }
            None => format!("{line}\n"),
        })
        .collect();
    fs::write(&cache, damaged).unwrap();
}

#[test]
fn a_damaged_record_of_dump_pieces_takes_nothing_wrong_over() {
    let b = built_with_a_big_dump();
    // Every piece somewhere else, or far past the end of its file.
    move_pieces_in_cache(&b, "piece", |offset| {
        if offset.is_multiple_of(2) {
            offset + 7
        } else {
            u64::MAX - 3
        }
    });
    edit_and_rebuild(&b, 0);
    assert_same_dumps(&util::site_files(&b.out), &fresh_site(b.root.path()));
}

/// Adds the `n`-th tournament of its own on the newest date and rebuilds;
/// the report.
fn add_and_rebuild(b: &Built, n: usize) -> ratingbook::BuildReport {
    let added = edit::add_another_tournament_at_newest_date(b.root.path(), n).unwrap();
    assert!(added.is_some(), "a tournament to add");
    build(b.root.path(), &b.out)
}

/// A generated repository whose tournaments span four years, built once.
fn built_over_years() -> Built {
    let b = generated_and_built(300, 400);
    let years = fs::read_dir(b.root.path().join("data/tournaments"))
        .unwrap()
        .count();
    assert!(years >= 3, "{years} years");
    b
}

#[test]
fn a_dump_written_over_the_spare_leaves_earlier_years_in_place_and_trusts_nothing_changed() {
    let b = built_over_years();
    // The second build has no spare yet; the third is made in the first's
    // site, whose dump has every year before the newest as it is now.
    let second = add_and_rebuild(&b, 1);
    assert_eq!(second.cached.dump_pieces_in_place, 0);
    let third = add_and_rebuild(&b, 2);
    assert!(
        third.cached.dump_pieces_in_place > 0,
        "the earlier years' pieces stay where they were: {:?}",
        third.cached
    );
    let site = util::site_files(&b.out);
    assert_same_dumps(&site, &fresh_site(b.root.path()));
    // The second build wrote its dump whole; the third, as much else, not.
    let dump_bytes: u64 = dumps(&site).values().map(|d| d.len() as u64).sum();
    let (second, third) = (second.written.bytes_written, third.written.bytes_written);
    assert!(
        third + dump_bytes / 2 < second,
        "bytes left in place are not written: {third} against {second}, dumps of {dump_bytes}"
    );

    // The spare's dump written to since: nothing is left in place.
    let spare = b.out.with_file_name(".site.ratingbook-spare");
    for name in dumps(&util::site_files(&spare)).keys() {
        let path = spare.join(name);
        let mut bytes = fs::read(&path).unwrap();
        let middle = bytes.len() / 2;
        bytes[middle] ^= 1;
        fs::write(&path, bytes).unwrap();
    }
    let after_tampering = add_and_rebuild(&b, 3);
    assert_eq!(after_tampering.cached.dump_pieces_in_place, 0);
    assert_same_dumps(&util::site_files(&b.out), &fresh_site(b.root.path()));

    // The cache's notes of the spare's pieces damaged (another place):
    // none is believed.
    move_pieces_in_cache(&b, "spare piece", |offset| offset + 1);
    let after_damage = add_and_rebuild(&b, 4);
    assert_eq!(after_damage.cached.dump_pieces_in_place, 0);
    assert_same_dumps(&util::site_files(&b.out), &fresh_site(b.root.path()));
}

/// A result edited in the newest tournament: the rebuild takes over the
/// ratings the first build kept up to it and rates from there, and the site
/// is the site a build without any cache writes.
#[test]
fn a_newest_result_edit_rates_from_that_tournament_and_nothing_is_stale() {
    let b = built();
    assert_eq!(b.first.rated_again.map(|r| r.taken_over), Some(0));
    let newest = edit::crosstables_by_start(b.root.path()).pop().unwrap();
    assert!(edit::reverse_first_decisive_result(&newest)
        .unwrap()
        .is_some());
    let again = build(b.root.path(), &b.out);
    let rated = again.rated_again.unwrap();
    assert_eq!(rated.tournaments, 6);
    // The newest by start may share its day with one before it in the list.
    assert!((4..=5).contains(&rated.taken_over), "{rated:?}");
    assert_eq!(
        util::site_files(&b.out),
        fresh_site(b.root.path()),
        "no stale page"
    );
    // Unchanged kept ratings stay as they are; a damaged file is ignored.
    let kept = b.root.path().join(".ratingbook-cache/site.rated");
    let mut bytes = fs::read(&kept).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x40;
    fs::write(&kept, &bytes).unwrap();
    assert!(edit::reverse_first_decisive_result(&newest)
        .unwrap()
        .is_some());
    let third = build(b.root.path(), &b.out);
    assert_eq!(third.rated_again.map(|r| r.taken_over), Some(0));
    assert_eq!(
        util::site_files(&b.out),
        fresh_site(b.root.path()),
        "no stale page"
    );
}
