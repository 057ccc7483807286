//! TRF files written by other programs (tests/fixtures/trf-real, sources in its
//! README.md): every file imports, the repository builds, and the export keeps every
//! game and every player field the file had. Run with `--nocapture` for the report.

use crate::util;

use ratingbook::tournament::trf_exchange::{
    import_trf, tournament_to_trf_version, ImportOptions, PersonalData,
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

/// A birth date in comparable form: `YYYY-MM-DD` when it names a day, else the
/// year alone (`1987`, `1987/00/00`), else empty.
fn born(text: &str) -> String {
    match trf::date::parse_date(text) {
        Some(d) => format!("{:04}-{:02}-{:02}", d.date.year, d.date.month, d.date.day),
        None => text
            .get(..4)
            .filter(|y| y.bytes().all(|b| b.is_ascii_digit()))
            .unwrap_or("")
            .to_string(),
    }
}

/// Everything a player line says, in comparable form.
fn fields(p: &PlayerLine) -> String {
    let mut games: Vec<_> = p.rounds.iter().map(game).collect();
    while games.last().is_some_and(Option::is_none) {
        games.pop();
    }
    format!(
        "{} sex={:?} title={} name={} rating={:?} fed={} id={:?} born={} points={} rank={:?} games={games:?}",
        p.start_no,
        p.sex,
        p.title,
        p.name,
        p.rating,
        p.federation,
        p.fide_id.filter(|&i| i > 0),
        born(&p.birth_date),
        p.points,
        p.rank,
    )
}

fn by_start_no(doc: &TrfDocument) -> Vec<String> {
    let mut players: Vec<&PlayerLine> = doc.players().collect();
    players.sort_by_key(|p| p.start_no);
    players.into_iter().map(fields).collect()
}

/// The exported players' fields, without the ranks the export computed where the
/// original file had none (the file's own ranks must come back unchanged).
fn exported_fields(exported: &TrfDocument, original: &TrfDocument) -> Vec<String> {
    let mut exported = exported.clone();
    for p in exported.players_mut() {
        let had_rank = original
            .players()
            .any(|o| o.start_no == p.start_no && o.rank.is_some());
        if !had_rank {
            p.rank = None;
        }
    }
    by_start_no(&exported)
}

/// Imports a document into a fresh repository, checks it (and builds the site when
/// `build`), and exports the tournament in `version` with personal data.
fn import_export(
    doc: &TrfDocument,
    name: &str,
    version: trf::Version,
    build: bool,
) -> (TrfDocument, Vec<String>) {
    let options = ImportOptions {
        date: ratingbook::model::Date::new(2025, 1, 1),
        name: Some(name.to_string()),
        ..ImportOptions::default()
    };
    let imported =
        import_trf(doc, &Default::default(), &options).unwrap_or_else(|e| panic!("{name}: {e}"));
    let repo = tempfile::tempdir().unwrap();
    for (file, content) in &imported.files {
        util::write(repo.path(), file, content);
    }
    let (checked, errors) = util::check_with_errors(repo.path());
    assert!(errors.is_empty(), "{name}: {errors:#?}");
    if build {
        let out = repo.path().join("site");
        ratingbook::build_repository(repo.path(), &out, &|| ())
            .unwrap_or_else(|e| panic!("{name}: the imported files do not build: {e}"));
    }
    let dataset = &checked.loaded.dataset;
    let text = tournament_to_trf_version(
        &dataset.tournaments[0],
        dataset,
        PersonalData::Include,
        version,
    )
    .write();
    let exported = trf::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
    assert_eq!(exported.version(), version, "{name}");
    (exported, imported.warnings)
}

/// Imports one file into a fresh repository, builds it, exports the tournament and
/// compares; then the same through TRF-2026 (ours → TRF-2026 → ours → TRF-16);
/// returns the report line.
fn import_build_export(path: &Path) -> String {
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let (text, encoding) = trf::decode(&std::fs::read(path).unwrap());
    let original = trf::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    let (exported, warnings) = import_export(&original, &name, trf::Version::Trf16, true);
    assert_eq!(
        exported_fields(&exported, &original),
        by_start_no(&original),
        "{name}"
    );
    let (as_2026, _) = import_export(&original, &name, trf::Version::Trf2026, false);
    let (back, _) = import_export(&as_2026, &name, trf::Version::Trf16, false);
    assert_eq!(
        exported_fields(&back, &original),
        by_start_no(&original),
        "{name} through TRF-2026"
    );
    let fields_kept = by_start_no(&original).len() * 10;
    let games = original
        .players()
        .flat_map(|p| p.rounds.iter().filter(|r| r.is_some()))
        .count();
    format!(
        "{name}: {}, {} players, {games} round entries, {fields_kept} player fields identical (start number, sex, title, name, rating, federation, FIDE id, birth date, points, rank), {:?}, {} warning(s){}; imported, built, round trip identical in TRF-16 and through TRF-2026",
        original.version(),
        original.players().count(),
        encoding,
        warnings.len(),
        warnings
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
    assert!(files.len() >= 13, "corpus has {} files", files.len());
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
    let meta = util::imported_file(&imported, |path| {
        path.ends_with(".toml") && path.contains("tournaments")
    });
    assert!(
        meta.contains("start = 2005-07-28") && meta.contains("end = 2005-07-30"),
        "{meta}"
    );
    let adair = util::imported_file(&imported, |path| path.contains("adair"));
    for line in [
        "fide_id = 3400042",
        "title = \"g\"",
        "fide_name = \"Adair,Robin\"",
        "birth_date = 1965-03-12",
        "country = \"ENG\"",
    ] {
        assert!(adair.contains(line), "{adair}");
    }
    // The file's rank column is kept in the crosstable.
    let csv = util::imported_file(&imported, |path| path.ends_with(".csv"));
    assert!(csv.starts_with("no,player,rating,rank,1,2,3\n"), "{csv}");
    assert!(csv.contains("\n1,adair-robin,2540,1,"), "{csv}");
    let (lichess, _) = read("lichess-layout-swiss.trf");
    let imported = import_trf(&lichess, &Default::default(), &ImportOptions::default()).unwrap();
    let meta = util::imported_file(&imported, |path| {
        path.contains("tournaments") && path.ends_with(".toml")
    });
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

#[test]
fn trf_2026_byes_and_records_are_imported_or_reported() {
    // The hand-written TRF-2026 sample of the trf crate (columns from FIDE's
    // description): the `240` records and the blocks agree, so importing and
    // exporting in TRF-2026 gives the same records back.
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/trf/tests/fixtures/trf2026_individual.trf"
    );
    let doc = trf::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    let imported = import_trf(&doc, &Default::default(), &ImportOptions::default()).unwrap();
    assert_eq!(imported.warnings[0], "read as TRF-2026");
    assert!(
        imported
            .warnings
            .iter()
            .any(|w| w.contains("national rating lines")
                && w.contains("250 accelerated rounds")
                && w.contains("260 prohibited pairings")),
        "{:?}",
        imported.warnings
    );
    let csv = util::imported_file(&imported, |path| path.ends_with(".csv"));
    assert!(
        csv.contains("\n1,alpha-anna,2150,1,2 w 1,3 b =,H\n"),
        "{csv}"
    );
    assert!(
        csv.contains("\n3,gamma-gustav,2010,3,F,1 w =,2 b -\n"),
        "{csv}"
    );
    let alpha = util::imported_file(&imported, |path| path.contains("alpha-anna"));
    assert!(alpha.contains("birth_date = 1990-05-17"), "{alpha}");
    let beta = util::imported_file(&imported, |path| path.contains("beta-bertil"));
    assert!(beta.contains("birth_year = 1985"), "{beta}");
    let (exported, _) = import_export(&doc, "sample", trf::Version::Trf2026, false);
    let text = exported.write();
    for line in [
        "142 3",
        "240 F   1    3",
        "240 Z   1    4",
        "240 H   3    1",
    ] {
        assert!(text.lines().any(|l| l == line), "{line} missing:\n{text}");
    }
    assert_eq!(exported_fields(&exported, &doc), by_start_no(&doc));
}
