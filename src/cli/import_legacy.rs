//! `import-legacy`: the thesis program's `data.bin` becomes player files,
//! tournaments and crosstables, checked as `import-trf`'s are before any
//! file is written.

use ratingbook::import::{legacy, legacy_format};
use ratingbook::model::{Date, Slug};
use ratingbook::tournament::trf_exchange::Imported;
use std::collections::BTreeMap;
use std::path::Path;
use std::process::ExitCode;

/// Parses `--date ID=YYYY-MM-DD`.
pub fn parse_legacy_date(text: &str) -> Result<(u32, Date), String> {
    let (id, date) = text
        .split_once('=')
        .ok_or_else(|| format!("`{text}` is not ID=YYYY-MM-DD"))?;
    let id = id
        .trim()
        .parse::<u32>()
        .map_err(|_| format!("`{id}` is not the program's tournament id"))?;
    let date = super::args::parse_date(date.trim())?;
    Ok((id, date))
}

/// `ratingbook import-legacy`: reads `file`, maps every record, checks the
/// files with `check`'s rules and writes them all, or, on any problem,
/// none; each problem names the byte offset of the record or word.
pub fn import_legacy(
    file: &Path,
    root: &Path,
    dates: &BTreeMap<u32, Date>,
    dry_run: bool,
) -> ExitCode {
    let shown = file.display();
    let bytes = match std::fs::read(file) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: cannot read {shown}: {e}");
            return ExitCode::from(2);
        }
    };
    let db = match legacy_format::read(&bytes) {
        Ok(db) => db,
        Err(e) => {
            eprintln!("error: {shown}: byte {}: {}", e.offset, e.message);
            eprintln!(
                "  help: give the data.bin the rating program saved (its menu's 9), unchanged"
            );
            return ExitCode::from(2);
        }
    };
    let loaded = ratingbook::load::load_repository(root);
    let mapped = match legacy::map(&db, dates) {
        Ok(m) => m,
        Err(problems) => {
            for p in &problems {
                eprintln!(
                    "error: {shown}: byte {}: {}",
                    p.offset,
                    p.message.escape_debug()
                );
                eprintln!("  help: {}", p.hint);
            }
            eprintln!(
                "{} record(s) cannot be imported; nothing written",
                problems.len()
            );
            return ExitCode::FAILURE;
        }
    };
    for warning in &mapped.warnings {
        eprintln!("warning: {shown}: {}", warning.escape_debug());
    }
    for (offset, id, name, slug) in &mapped.records {
        let name = name.escape_debug().to_string();
        eprintln!("byte {offset:>7}  {id:>5} {name:<32} -> {slug}");
    }
    let imported = Imported {
        id: Slug::from_name("data.bin"),
        files: mapped.files,
        matches: Vec::new(),
        warnings: Vec::new(),
    };
    if !none_taken(root, &imported) || !super::import::writable(root, &imported) {
        return ExitCode::FAILURE;
    }
    if let Err(code) =
        super::import::check_then_write(root, (&loaded, &imported), (file, &[]), dry_run)
    {
        return code;
    }
    super::check(root, super::MessageFormat::detect())
}

/// Whether no file of the import exists yet; prints each that does.
fn none_taken(root: &Path, imported: &Imported) -> bool {
    let taken: Vec<&String> = imported
        .files
        .iter()
        .map(|(path, _)| path)
        .filter(|path| std::fs::symlink_metadata(root.join(path)).is_ok())
        .collect();
    for path in &taken {
        eprintln!("error: {path} exists; nothing written");
    }
    if !taken.is_empty() {
        eprintln!("  help: import the history into a new data repository (`ratingbook init`), or move those files aside");
    }
    taken.is_empty()
}
