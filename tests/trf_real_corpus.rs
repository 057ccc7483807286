//! TRF files written by other programs (tests/fixtures/trf-real, sources in its
//! README.md): every file imports, the repository builds, and the export keeps every
//! game and every player field the file had. Run with `--nocapture` for the report.

mod common;

use ratingbook::tournament::trf_exchange::{
    import_trf, tournament_to_trf_with, ImportOptions, PersonalData,
};
use std::path::{Path, PathBuf};
use trf::{PlayerLine, ResultCode, RoundEntry, TrfDocument};

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/trf-real");

/// A round block as our crosstables hold it: unrated results as played ones, a
/// forfeit win without opponent as the pairing-allocated bye, `0000 - -` as absent.
fn game(block: &Option<RoundEntry>) -> Option<(Option<u32>, Option<trf::Colour>, ResultCode)> {
    let block = block.as_ref()?;
    let mut result = match block.result {
        ResultCode::UnratedWin => ResultCode::Win,
        ResultCode::UnratedDraw => ResultCode::Draw,
        ResultCode::UnratedLoss => ResultCode::Loss,
        other => other,
    };
    if block.opponent.is_none() {
        match result {
            ResultCode::ForfeitWin => result = ResultCode::PairingBye,
            ResultCode::ForfeitLoss | ResultCode::Pending => return None,
            _ => {}
        }
        return Some((None, None, result));
    }
    Some((block.opponent, block.colour, result))
}

/// Everything a player line says, in comparable form (birth date as its year, which
/// is what player files keep).
fn fields(p: &PlayerLine) -> String {
    let mut games: Vec<_> = p.rounds.iter().map(game).collect();
    while games.last().is_some_and(Option::is_none) {
        games.pop();
    }
    format!(
        "{} sex={:?} title={} name={} rating={:?} fed={} id={:?} born={} points={} games={games:?}",
        p.start_no,
        p.sex,
        p.title,
        p.name,
        p.rating,
        p.federation,
        p.fide_id.filter(|&i| i > 0),
        p.birth_date.get(..4).unwrap_or(""),
        p.points,
    )
}

fn by_start_no(doc: &TrfDocument) -> Vec<String> {
    let mut players: Vec<&PlayerLine> = doc.players().collect();
    players.sort_by_key(|p| p.start_no);
    players.into_iter().map(fields).collect()
}

/// Imports one file into a fresh repository, builds it, exports the tournament and
/// compares; returns the report line.
fn import_build_export(path: &Path) -> String {
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let (text, encoding) = trf::decode(&std::fs::read(path).unwrap());
    let original = trf::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    let options = ImportOptions {
        date: ratingbook::model::Date::new(2025, 1, 1),
        name: Some(name.clone()),
        ..ImportOptions::default()
    };
    let imported = import_trf(&original, &Default::default(), &options)
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let repo = tempfile::tempdir().unwrap();
    for (file, content) in &imported.files {
        common::write(repo.path(), file, content);
    }
    let (checked, errors) = common::check_with_errors(repo.path());
    assert!(errors.is_empty(), "{name}: {errors:#?}");
    let out = repo.path().join("site");
    ratingbook::build_repository(repo.path(), &out, &|| ())
        .unwrap_or_else(|e| panic!("{name}: the imported files do not build: {e}"));
    let dataset = &checked.loaded.dataset;
    let exported = trf::parse(
        &tournament_to_trf_with(&dataset.tournaments[0], dataset, PersonalData::Include).write(),
    )
    .unwrap();
    assert_eq!(by_start_no(&exported), by_start_no(&original), "{name}");
    let games = original
        .players()
        .flat_map(|p| p.rounds.iter().filter(|r| r.is_some()))
        .count();
    format!(
        "{name}: {} players, {games} round entries, {:?}, {} warning(s){}; imported, built, round trip identical",
        original.players().count(),
        encoding,
        imported.warnings.len(),
        imported
            .warnings
            .iter()
            .map(|w| format!(" [{w}]"))
            .collect::<String>()
    )
}

#[test]
fn every_real_file_imports_builds_and_round_trips() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(CORPUS)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "trf"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "corpus has {} files", files.len());
    for f in &files {
        eprintln!("{}", import_build_export(f));
    }
}

#[test]
fn dialects_are_read_with_warnings_where_guessed() {
    let read = |name: &str| {
        let bytes = std::fs::read(Path::new(CORPUS).join(name)).unwrap();
        let (text, encoding) = trf::decode(&bytes);
        (trf::parse(&text).unwrap(), encoding)
    };
    let (german, encoding) = read("german-open-latin1.trf");
    assert_eq!(encoding, trf::Encoding::Latin1);
    let imported = import_trf(&german, &Default::default(), &ImportOptions::default()).unwrap();
    let meta = &imported
        .files
        .iter()
        .find(|f| f.0.ends_with(".toml") && f.0.contains("tournaments"))
        .unwrap()
        .1;
    assert!(
        meta.contains("start = 2005-07-28") && meta.contains("end = 2005-07-30"),
        "{meta}"
    );
    let adair = &imported
        .files
        .iter()
        .find(|f| f.0.contains("adair"))
        .unwrap()
        .1;
    for line in [
        "fide_id = 3400042",
        "title = \"g\"",
        "fide_name = \"Adair,Robin\"",
        "birth_year = 1965",
        "country = \"ENG\"",
    ] {
        assert!(adair.contains(line), "{adair}");
    }
    let (lichess, _) = read("lichess-layout-swiss.trf");
    let imported = import_trf(&lichess, &Default::default(), &ImportOptions::default()).unwrap();
    let meta = &imported
        .files
        .iter()
        .find(|f| f.0.contains("tournaments") && f.0.ends_with(".toml"))
        .unwrap()
        .1;
    assert!(meta.contains("start = 2020-06-26"), "{meta}");
    // No 042 at all: the first round date of 132 is taken, with a warning.
    let text = std::fs::read_to_string(Path::new(CORPUS).join("chesspairing-basic.trf")).unwrap();
    let without_042: String = text
        .lines()
        .filter(|l| !l.starts_with("042"))
        .map(|l| format!("{l}\n"))
        .collect();
    let doc = trf::parse(&without_042).unwrap();
    let imported = import_trf(&doc, &Default::default(), &ImportOptions::default()).unwrap();
    assert!(
        imported.warnings.iter().any(|w| w.contains("132")),
        "{:?}",
        imported.warnings
    );
}
