//! The parsed-files checkpoint: what a rebuild takes over from it is exactly
//! what parsing the files gives, an edited file is parsed again, and a
//! damaged checkpoint is ignored.

use crate::util;

use ratingbook::incremental::checkpoint::{self, Checkpoint, ContentHash, Reuse};
use ratingbook::load::{load_repository, load_repository_reusing, Loaded, Records};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Each file under `root/data` by its path relative to `root`, with the
/// hash of its bytes (made here, not by the program).
fn content_hashes(root: &Path) -> HashMap<PathBuf, ContentHash> {
    walkdir::WalkDir::new(root.join("data"))
        .into_iter()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let bytes = std::fs::read(e.path()).unwrap();
            let path = e.path().strip_prefix(root).unwrap().to_path_buf();
            (path, xxhash_rust::xxh3::xxh3_128(&bytes))
        })
        .collect()
}

/// Writes the checkpoint of `root` as loaded now into `file`.
fn write_checkpoint(root: &Path, file: &Path) {
    let loaded = load_repository(root);
    assert!(
        loaded.diagnostics.is_empty(),
        "the repository loads without a problem: {:?}",
        loaded.diagnostics
    );
    write_taking_over(root, file, 7, &loaded.dataset, &Checkpoint::default(), &[]);
}

/// Writes into `file`, for the program version `tool`, the checkpoint of
/// `dataset` (loaded from `root` with `diagnostics`), taking over from
/// `previous`.
fn write_taking_over(
    root: &Path,
    file: &Path,
    tool: ContentHash,
    dataset: &ratingbook::model::Dataset,
    previous: &Checkpoint,
    diagnostics: &[ratingbook::diagnostic::Diagnostic],
) {
    let hashes = content_hashes(root);
    let content = |p: &Path| hashes.get(p).copied();
    let reuse = Reuse {
        checkpoint: previous,
        content: &content,
        listed: None,
    };
    checkpoint::write(file, tool, dataset, reuse, diagnostics).unwrap();
}

/// Loads `root` taking over from the checkpoint in `file`; how many players
/// and tournaments were taken over.
fn load_reusing(root: &Path, file: &Path) -> (Loaded, usize, usize) {
    let stored = Checkpoint::read(file, 7);
    let hashes = content_hashes(root);
    let content = |p: &Path| hashes.get(p).copied();
    let reuse = Reuse {
        checkpoint: &stored,
        content: &content,
        listed: None,
    };
    let loaded = load_repository_reusing(root, &reuse);
    let players = (loaded.dataset.players.iter())
        .filter(|p| reuse.player(root, &root.join(&p.source)).is_some())
        .count();
    let tournaments = (loaded.dataset.tournaments.iter())
        .filter(|t| reuse.tournament(root, &root.join(&t.meta_source)).is_some())
        .count();
    (loaded, players, tournaments)
}

/// The dataset as text, every field (personal data too) included.
fn dataset_text(loaded: &Loaded) -> String {
    format!(
        "{:#?}\n{:#?}",
        loaded.dataset.players, loaded.dataset.tournaments
    )
}

/// A repository whose files use every field and every kind of cell.
fn repository_with_every_field() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    util::write(
        root,
        "data/players/aho-anna.toml",
        "name = \"Aho, Anna\"\nmembership = \"member\"\ncountry = \"FIN\"\nclub = \"Oulun Shakki\"\n\
         licence = 1234\ninternational_rating = 2105\ngrade = \"3d\"\nbirth_year = 1987\n\
         birth_date = 1987-04-09\nsex = \"w\"\nfide_id = 503010\ntitle = \"WFM\"\n\
         fide_name = \"Aho,Anna\"\n\n[preset]\nrating = 1800\ngames = 10\n",
    );
    util::write(
        root,
        "data/players/berg-bo.toml",
        "name = \"Berg Bo\"\nmembership = \"honorary\"\ngrade = \"12k\"\nsex = \"m\"\nbirth_year = 2011\n",
    );
    util::write(
        root,
        "data/players/cruz-cy.toml",
        "name = \"Cruz Cy\"\nmembership = \"rif\"\n",
    );
    util::write(
        root,
        "data/players/dahl-di.toml",
        "name = \"Dahl Di\"\nmembership = \"other\"\ncountry = \"Suomi – Finland\"\n",
    );
    util::write(
        root,
        "data/tournaments/2024/spring-open.toml",
        "name = \"Spring Open\"\nstart = 2024-03-01\nend = 2024-03-03\ncity = \"Oulu\"\n\
         system = \"swiss\"\nacceleration = \"baku\"\nrounds = 4\nrated = true\n\
         time_control = \"rapid\"\nrules = \"modified\"\nbase_k = 24\nsequence = 2\n\
         illustrative = true\nnote = \"Played in the *old* hall\"\n\
         tiebreaks = [\"bh\", \"sb\"]\nlanguage = \"fi\"\n",
    );
    util::write(
        root,
        "data/tournaments/2024/spring-open.csv",
        "no,player,rating,1,2,3,4\n\
         1,aho-anna,2105,2 w 1,3 b =,4 w +,F\n\
         2,berg-bo,,1 b 0,4 w 1 h2,H,3 b -\n\
         3,cruz-cy,1650,4 b 1,1 w =,Z,2 w +\n\
         4,dahl-di,,3 w 0,2 b 0 h2,1 b -,bye\n",
    );
    util::write(
        root,
        "data/tournaments/2024/club-round-robin.toml",
        "name = \"Club round robin\"\nstart = 2024-05-04\nend = 2024-05-04\nsystem = \"round-robin\"\n\
         rounds = 3\nrated = false\ntime_control = \"standard\"\nrules = \"standard\"\n",
    );
    util::write(
        root,
        "data/tournaments/2024/club-round-robin.csv",
        "no,player,rating,1,2,3\n\
         1,aho-anna,,2 w 1,3 b 1,\n\
         2,berg-bo,,1 b 0,,3 w ?\n\
         3,cruz-cy,,,1 w 0,2 b ?\n",
    );
    dir
}

/// [`repository_with_every_field`], built once into its `site` folder.
fn built_repository_with_every_field() -> (tempfile::TempDir, PathBuf) {
    let repository = repository_with_every_field();
    let site = repository.path().join("site");
    ratingbook::build_repository(repository.path(), &site, &|| {}).unwrap();
    (repository, site)
}

#[test]
fn what_is_taken_over_is_what_parsing_gives_for_every_field() {
    let repository = repository_with_every_field();
    let root = repository.path();
    let file = root.join("cache/site.parsed");
    write_checkpoint(root, &file);
    let (reused, players, tournaments) = load_reusing(root, &file);
    assert_eq!((players, tournaments), (4, 2), "every file was taken over");
    assert!(reused.diagnostics.is_empty(), "{:?}", reused.diagnostics);
    assert_eq!(dataset_text(&reused), dataset_text(&load_repository(root)));
    let text = dataset_text(&reused);
    for field in [
        "birth_year: Some(",
        "birth_date: Some(",
        "sex: Some(",
        "stones: -2",
        "Woman",
        "Paired",
        "ForfeitWin",
        "PairingAllocated",
        "Half",
        "Zero",
        "Full",
        "Baku",
        "RoundRobin",
        "handicaps: [\n",
    ] {
        assert!(
            text.contains(field),
            "the fixture covers {field:?}:\n{text}"
        );
    }
}

#[test]
fn a_generated_federation_is_taken_over_whole() {
    let repository = util::generated_repository(400, 40, 3);
    let root = repository.path();
    let file = root.join("cache/site.parsed");
    let fresh = load_repository(root);
    // Files with a problem are left out and parsed again, so they report it again.
    let nothing = Checkpoint::default();
    write_taking_over(root, &file, 7, &fresh.dataset, &nothing, &fresh.diagnostics);
    let (reused, players, tournaments) = load_reusing(root, &file);
    assert_eq!(players, fresh.dataset.players.len());
    let named: std::collections::HashSet<_> = fresh.diagnostics.iter().map(|d| &d.file).collect();
    let clean = (fresh.dataset.tournaments.iter())
        .filter(|t| !named.contains(&t.meta_source) && !named.contains(&t.table_source))
        .count();
    assert_eq!(tournaments, clean);
    assert!(clean > 30, "most tournaments load without a problem");
    assert_eq!(dataset_text(&reused), dataset_text(&fresh));
    assert_eq!(
        format!("{:?}", reused.diagnostics),
        format!("{:?}", fresh.diagnostics)
    );
}

#[test]
fn an_edited_file_is_parsed_again() {
    let repository = repository_with_every_field();
    let root = repository.path();
    let file = root.join("cache/site.parsed");
    write_checkpoint(root, &file);
    util::edit(root, "data/players/cruz-cy.toml", "Cruz Cy", "Cruz Cyrus");
    util::edit(
        root,
        "data/tournaments/2024/spring-open.csv",
        "3 b -",
        "3 b +",
    );
    util::edit(
        root,
        "data/tournaments/2024/club-round-robin.toml",
        "Club round robin",
        "Club round robin 2024",
    );
    let (reused, players, tournaments) = load_reusing(root, &file);
    assert_eq!((players, tournaments), (3, 0));
    assert_eq!(dataset_text(&reused), dataset_text(&load_repository(root)));
    assert!(dataset_text(&reused).contains("Cruz Cyrus"));
    assert!(dataset_text(&reused).contains("Club round robin 2024"));
}

#[test]
fn a_damaged_or_foreign_checkpoint_is_ignored() {
    let repository = repository_with_every_field();
    let root = repository.path();
    let file = root.join("cache/site.parsed");
    write_checkpoint(root, &file);
    let good = std::fs::read(&file).unwrap();
    // Another version of the program.
    let other = Checkpoint::read(&file, 8);
    let hashes = content_hashes(root);
    let content = |p: &Path| hashes.get(p).copied();
    let reuse = Reuse {
        checkpoint: &other,
        content: &content,
        listed: None,
    };
    assert!(reuse
        .player(root, &root.join("data/players/aho-anna.toml"))
        .is_none());
    // Every single byte changed, and the file cut short anywhere.
    for at in (0..good.len()).step_by(7) {
        let mut bad = good.clone();
        bad[at] ^= 0x5a;
        std::fs::write(&file, &bad).unwrap();
        let (_, players, tournaments) = load_reusing(root, &file);
        assert_eq!((players, tournaments), (0, 0), "byte {at} changed");
        std::fs::write(&file, &good[..at]).unwrap();
        let (_, players, tournaments) = load_reusing(root, &file);
        assert_eq!((players, tournaments), (0, 0), "cut at {at}");
    }
    std::fs::write(&file, &good).unwrap();
    assert_eq!(load_reusing(root, &file).1, 4, "the good one still works");
}

#[test]
fn a_file_turned_into_a_link_out_of_the_repository_fails_the_next_build() {
    let (repository, site) = built_repository_with_every_field();
    let root = repository.path();
    assert!(
        root.join(".ratingbook-cache/site.parsed").is_file(),
        "the build kept its parsed files"
    );
    let outside = tempfile::tempdir().unwrap();
    let player = root.join("data/players/dahl-di.toml");
    let moved = outside.path().join("dahl-di.toml");
    std::fs::copy(&player, &moved).unwrap();
    std::fs::remove_file(&player).unwrap();
    std::os::unix::fs::symlink(&moved, &player).unwrap();
    // The same bytes, but now through a link: a change, whose content is
    // not offered for taking over, and the loader's link policy refuses it.
    let report = ratingbook::build_repository(root, &site, &|| {});
    let Err(ratingbook::BuildError::InvalidData { diagnostics, .. }) = report else {
        panic!("a link out of the repository fails the build");
    };
    assert!(
        diagnostics
            .iter()
            .any(|d| d.file.ends_with("dahl-di.toml") && d.is_error()),
        "{diagnostics:?}"
    );
}

#[test]
fn a_checkpoint_written_from_values_taken_over_reads_the_same() {
    let repository = repository_with_every_field();
    let root = repository.path();
    let first = root.join("cache/first.parsed");
    write_checkpoint(root, &first);
    util::edit(root, "data/players/cruz-cy.toml", "Cruz Cy", "Cruz Cyrus");
    // The second checkpoint copies what the first holds for unchanged
    // files and encodes the edited one.
    let stored = Checkpoint::read(&first, 7);
    let (loaded, ..) = load_reusing(root, &first);
    let second = root.join("cache/second.parsed");
    write_taking_over(root, &second, 7, &loaded.dataset, &stored, &[]);
    let (reused, players, tournaments) = load_reusing(root, &second);
    assert_eq!((players, tournaments), (4, 2));
    assert_eq!(dataset_text(&reused), dataset_text(&load_repository(root)));
    assert!(dataset_text(&reused).contains("Cruz Cyrus"));
}

#[test]
fn a_rebuild_parses_only_the_changed_file() {
    let repository = repository_with_every_field();
    let root = repository.path();
    let site = root.join("site");
    let first = ratingbook::build_repository(root, &site, &|| {}).unwrap();
    assert_eq!(first.records.parsed, 6);
    assert_eq!(first.records.taken_over, 0);
    util::edit(root, "data/players/cruz-cy.toml", "Cruz Cy", "Cruz Cyrus");
    let second = ratingbook::build_repository(root, &site, &|| {}).unwrap();
    assert_eq!((second.records.parsed, second.records.taken_over), (1, 5));
    let page = std::fs::read_to_string(site.join("players/cruz-cy.html")).unwrap();
    assert!(page.contains("Cruz Cyrus"));
}

/// Rebuilds `root` into `site`, asserting that what the build finds (its
/// warnings, or the errors that stop it) is what a check of the files alone
/// finds (`what` names the case); that, and the records the build parsed
/// and took over, if it built the site.
fn rebuild_as_a_fresh_check(root: &Path, site: &Path, what: &str) -> (Option<Records>, String) {
    let (built, found) = match ratingbook::build_repository(root, site, &|| {}) {
        Ok(report) => (Some(report.records), report.warnings),
        Err(ratingbook::pipeline::BuildError::InvalidData { diagnostics, .. }) => {
            (None, diagnostics)
        }
        Err(e) => panic!("{what}: {e}"),
    };
    let found = format!("{found:?}");
    let fresh = ratingbook::pipeline::check_loaded(load_repository(root));
    assert_eq!(found, problems(&fresh), "{what}");
    (built, found)
}

/// The rules of a tournament taken over unchanged run again when a player
/// it names changed or is gone.
#[test]
fn a_rebuild_finds_what_a_changed_or_missing_player_makes_of_an_unchanged_tournament() {
    let (repository, site) = built_repository_with_every_field();
    let root = repository.path();
    // A rif player without an international rating, in a rated tournament.
    util::edit(root, "data/players/berg-bo.toml", "\"honorary\"", "\"rif\"");
    let (built, found) = rebuild_as_a_fresh_check(root, &site, "a rif player");
    let records = built.expect("warnings only: the site is built");
    // Only the player file is parsed: the tournament is taken over.
    assert_eq!((records.parsed, records.taken_over), (1, 5));
    assert!(
        found.contains("spring-open.csv") && found.contains("`berg-bo` is a rif player"),
        "{found}"
    );
    // A player file removed: the tournament names an unknown player.
    std::fs::remove_file(root.join("data/players/dahl-di.toml")).unwrap();
    let (built, found) = rebuild_as_a_fresh_check(root, &site, "a player removed");
    assert!(
        built.is_none(),
        "a tournament naming a removed player fails the build"
    );
    assert!(found.contains("unknown player `dahl-di`"), "{found}");
}

/// Over generated repositories and edits of every kind that matters to the
/// rules of the tournaments a player is in, what each rebuild finds is what
/// a check of the files alone finds, whatever the builds before took over;
/// and so it is after a crosstable edit that makes the two sides of a game
/// disagree, its players unchanged.
#[test]
fn a_rebuild_after_player_edits_finds_what_a_fresh_check_finds() {
    let (mut rif_warnings, mut unknown) = (0, 0);
    for seed in [1, 2, 3] {
        let repository = util::generated_repository(300, 30, seed);
        let root = repository.path();
        let site = root.join("site");
        ratingbook::build_repository(root, &site, &|| {}).unwrap();
        let mut players: Vec<PathBuf> = std::fs::read_dir(root.join("data/players"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        players.sort();
        for (step, some) in players.chunks(41).take(7).enumerate() {
            for (n, player) in some.iter().take(4).enumerate() {
                edit_player(player, (step + n) % 3, step == 6 && n == 0);
            }
            let what = format!("seed {seed}, step {step}");
            let (_, found) = rebuild_as_a_fresh_check(root, &site, &what);
            rif_warnings += found.matches("without an international rating").count();
            unknown += found.matches("unknown player").count();
        }
    }
    // The edits did make the tournaments' rules find something.
    assert!(rif_warnings > 3 && unknown >= 3, "{rif_warnings} {unknown}");
    let repository = util::generated_repository(300, 30, 4);
    let root = repository.path();
    let site = root.join("site");
    ratingbook::build_repository(root, &site, &|| {}).unwrap();
    let table = ratingbook::generate::edit::crosstables_by_start(root)[0].clone();
    let text = std::fs::read_to_string(&table).unwrap();
    let first_row = text.lines().nth(1).unwrap();
    let won = first_row.split(',').find(|c| c.ends_with(" 1")).unwrap();
    std::fs::write(&table, text.replacen(won, &won.replace(" 1", " 0"), 1)).unwrap();
    let (built, _) = rebuild_as_a_fresh_check(root, &site, "sides that disagree");
    assert!(built.is_none(), "sides that disagree fail the build");
}

/// Edits the player file `path` (`name` on its first line): a rif member
/// without an international rating (`kind` 0), a member (1), a rif member
/// with one (2); or removes it.
fn edit_player(path: &Path, kind: usize, remove: bool) {
    if remove {
        std::fs::remove_file(path).unwrap();
        return;
    }
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines: Vec<String> = text
        .lines()
        .filter(|l| !l.starts_with("international_rating") && !l.starts_with("membership"))
        .map(String::from)
        .collect();
    let membership = ["rif", "member", "rif"][kind];
    lines.insert(1, format!("membership = \"{membership}\""));
    if kind == 2 {
        lines.insert(2, "international_rating = 1850".to_string());
    }
    std::fs::write(path, lines.join("\n") + "\n").unwrap();
}

/// Puts in place of the build's checkpoint of `root/site` one from
/// elsewhere (a checkout, say), valid for this very program and these very
/// files, that names `cruz-cy` "Mallory".
fn forge_checkpoint(root: &Path) {
    let mut loaded = load_repository(root);
    let player = (loaded.dataset.players.iter_mut())
        .find(|p| p.id.as_str() == "cruz-cy")
        .unwrap();
    player.name = "Mallory".into();
    let tool = ratingbook::incremental::inputs::tool_key();
    let file = root.join(".ratingbook-cache/site.parsed");
    let nothing = Checkpoint::default();
    write_taking_over(root, &file, tool, &loaded.dataset, &nothing, &[]);
}

#[test]
fn a_checkpoint_the_previous_build_did_not_write_is_not_trusted() {
    let (repository, site) = built_repository_with_every_field();
    let root = repository.path();
    forge_checkpoint(root);
    util::edit(root, "data/players/aho-anna.toml", "Aho, Anna", "Aho, Anne");
    let report = ratingbook::build_repository(root, &site, &|| {}).unwrap();
    assert_eq!(report.records.taken_over, 0);
    let page = std::fs::read_to_string(site.join("players/cruz-cy.html")).unwrap();
    assert!(page.contains("Cruz Cy") && !page.contains("Mallory"));
}

/// The diagnostics of `checked`, as text.
fn problems(checked: &ratingbook::Checked) -> String {
    format!("{:?}", checked.diagnostics)
}

/// `path` (absolute) as a path relative to the working folder.
fn relative_from_working_folder(path: &Path) -> PathBuf {
    let here = std::env::current_dir().unwrap();
    let up = here.components().count() - 1;
    let mut relative: PathBuf = std::iter::repeat_n("..", up).collect();
    relative.push(path.strip_prefix("/").unwrap());
    assert_eq!(
        std::fs::canonicalize(&relative).unwrap(),
        std::fs::canonicalize(path).unwrap()
    );
    relative
}

#[test]
fn check_takes_over_what_the_latest_build_parsed() {
    let repository = util::generated_repository(400, 40, 3);
    let root = repository.path();
    ratingbook::build_repository(root, &root.join("site"), &|| {}).unwrap();
    let first_player = (std::fs::read_dir(root.join("data/players")).unwrap())
        .map(|e| e.unwrap().path())
        .min()
        .unwrap();
    let text = std::fs::read_to_string(&first_player).unwrap();
    std::fs::write(
        &first_player,
        text.replacen("name = \"", "name = \"Renamed ", 1),
    )
    .unwrap();
    let fresh = load_repository(root);
    let after_build = ratingbook::load_after_build(root);
    let records = after_build.records;
    let files = fresh.dataset.players.len() + fresh.dataset.tournaments.len();
    assert_eq!(records.parsed + records.taken_over, files);
    assert!(records.parsed >= 1, "the edited file is parsed again");
    assert!(
        records.taken_over * 10 > files * 9,
        "{records:?} of {files}"
    );
    assert!(dataset_text(&after_build).contains("Renamed "));
    assert_eq!(dataset_text(&after_build), dataset_text(&fresh));
    // The repository named another way than the build named it.
    let again = ratingbook::load_after_build(&relative_from_working_folder(root));
    assert_eq!(again.records, records);
    assert_eq!(dataset_text(&again), dataset_text(&fresh));
    // `check` reports exactly what it reports without the build's records.
    let checked = ratingbook::check_repository(root);
    let plain = ratingbook::pipeline::check_loaded(load_repository(root));
    assert_eq!(problems(&checked), problems(&plain));
}

#[test]
fn check_takes_over_nothing_from_a_site_built_elsewhere_or_a_foreign_checkpoint() {
    let repository = repository_with_every_field();
    let root = repository.path();
    let elsewhere = tempfile::tempdir().unwrap();
    ratingbook::build_repository(root, &elsewhere.path().join("site"), &|| {}).unwrap();
    assert_eq!(ratingbook::load_after_build(root).records.taken_over, 0);
    ratingbook::build_repository(root, &root.join("site"), &|| {}).unwrap();
    assert_eq!(ratingbook::load_after_build(root).records.taken_over, 6);
    forge_checkpoint(root);
    let after = ratingbook::load_after_build(root);
    assert_eq!(after.records.taken_over, 0);
    assert!(!dataset_text(&after).contains("Mallory"));
}

#[test]
fn diff_reports_the_same_with_and_without_the_builds_records() {
    let base = util::generated_repository(300, 30, 5);
    let head = util::generated_repository(300, 30, 5);
    let tables = ratingbook::generate::edit::crosstables_by_start(head.path());
    ratingbook::generate::edit::reverse_first_decisive_result(tables.last().unwrap())
        .unwrap()
        .expect("a decisive game");
    // Everything but which records were taken over (`rated`) is the same.
    let json = |mut diff: ratingbook::diff::Diff| {
        diff.rated = Default::default();
        serde_json::to_string(&diff).unwrap()
    };
    let without = json(ratingbook::diff::diff_folders(base.path(), head.path()));
    assert!(
        without.contains("\"players_changed\":[{"),
        "the change moves ratings: {without}"
    );
    ratingbook::build_repository(head.path(), &head.path().join("site"), &|| {}).unwrap();
    assert!(ratingbook::load_after_build(head.path()).records.taken_over > 300);
    let with = json(ratingbook::diff::diff_folders(base.path(), head.path()));
    assert_eq!(with, without);
}

/// `check` after a build, taking over that build's records, reports every
/// problem exactly as a check that parses every file does: after an edit
/// that makes one tournament wrong, after the removal of a player file that
/// crosstables name, and after both are put right again.
#[test]
fn check_with_the_builds_records_reports_what_a_full_check_reports() {
    let repository = util::generated_repository(300, 30, 6);
    let root = repository.path();
    ratingbook::build_repository(root, &root.join("site"), &|| {}).unwrap();
    let same = |what: &str| -> ratingbook::Checked {
        let with = ratingbook::check_repository(root);
        assert!(
            with.loaded.records.taken_over > 300,
            "{what}: the build's records are taken over: {:?}",
            with.loaded.records
        );
        let full = ratingbook::pipeline::check_loaded(load_repository(root));
        assert_eq!(full.loaded.records.taken_over, 0);
        let lines = |c: &ratingbook::Checked| -> Vec<String> {
            c.diagnostics.iter().map(|d| format!("{d:?}")).collect()
        };
        let (taking_over, parsing) = (lines(&with), lines(&full));
        let only = |a: &[String], b: &[String]| -> Vec<String> {
            a.iter().filter(|d| !b.contains(d)).cloned().collect()
        };
        assert_eq!(
            taking_over,
            parsing,
            "{what}: only with the build's records {:#?}, only without {:#?}",
            only(&taking_over, &parsing),
            only(&parsing, &taking_over)
        );
        with
    };
    let before = same("as built");
    assert_eq!(before.error_count(), 0);
    // (a) One tournament names its second player twice.
    let table = ratingbook::generate::edit::crosstables_by_start(root)[5].clone();
    let text = std::fs::read_to_string(&table).unwrap();
    let rows: Vec<&str> = text.lines().collect();
    let id = |row: &str| row.split(',').nth(1).unwrap().to_string();
    let (first, second) = (id(rows[1]), id(rows[2]));
    let twice = text.replacen(&format!(",{first},"), &format!(",{second},"), 1);
    std::fs::write(&table, &twice).unwrap();
    let found = problems(&same("a player named twice"));
    assert!(
        found.contains(&format!("player `{second}` appears twice")),
        "{found}"
    );
    // (b) A player file removed: every crosstable naming the player names
    // an unknown one, the unchanged ones taken over from the build too.
    let newest = ratingbook::generate::edit::crosstables_by_start(root)
        .last()
        .unwrap()
        .clone();
    let newest_text = std::fs::read_to_string(&newest).unwrap();
    let gone = id(newest_text.lines().nth(1).unwrap());
    let player_file = root.join(format!("data/players/{gone}.toml"));
    let player_text = std::fs::read_to_string(&player_file).unwrap();
    std::fs::remove_file(&player_file).unwrap();
    let found = problems(&same("a player file removed"));
    assert!(
        found.contains(&format!("unknown player `{gone}`")),
        "{found}"
    );
    assert!(found.contains(&format!("player `{second}` appears twice")));
    // (c) Both put right: what the check found before the edits.
    std::fs::write(&table, &text).unwrap();
    std::fs::write(&player_file, &player_text).unwrap();
    let after = same("both put right");
    assert_eq!(problems(&after), problems(&before));
}
