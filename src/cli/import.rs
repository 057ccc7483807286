//! `import-trf`: a TRF file becomes tournament metadata, a crosstable and player files.

use ratingbook::model::Slug;
use ratingbook::tournament::trf_exchange::{import_trf, ImportError, ImportOptions, Imported};
use ratingbook::tournament::trf_import_check::problems_after_import;
use std::path::Path;
use std::process::ExitCode;

/// The text of a file an importer reads: UTF-8, or else Latin-1 (ISO
/// 8859-1) with a warning, as the programs that write these files do;
/// `None`, the reason printed, when it cannot be read.
pub fn read_text(file: &Path) -> Option<String> {
    let bytes = match std::fs::read(file) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", file.display());
            return None;
        }
    };
    let (text, encoding) = trf::decode(&bytes);
    if encoding == trf::Encoding::Latin1 {
        eprintln!(
            "warning: {} is not UTF-8; read it as Latin-1 (ISO 8859-1)",
            file.display()
        );
    }
    Some(text)
}

/// `ratingbook import-trf`: writes the imported files under `root` (never
/// overwriting a file, never through a link), prints how each player was
/// matched, then checks the repository. Nothing is written when `check`
/// would find a problem in what the import adds.
pub fn import(file: &Path, root: &Path, options: &ImportOptions, dry_run: bool) -> ExitCode {
    let Some(text) = read_text(file) else {
        return ExitCode::from(2);
    };
    let doc = match trf::parse(&text) {
        Ok(doc) => doc,
        Err(e) => {
            eprintln!(
                "error: {}:{}:{}: {}",
                file.display(),
                e.line,
                e.column,
                e.kind
            );
            return ExitCode::from(2);
        }
    };
    let loaded = ratingbook::load::load_repository(root);
    let imported = match import_trf(&doc, &loaded.dataset, options) {
        Ok(i) => i,
        Err(e) => {
            eprintln!("error: {}: {e}", file.display());
            match e {
                ImportError::Ambiguous { .. } => eprintln!("  help: choose with --map START=ID"),
                ImportError::MappedTwice { .. } => {
                    eprintln!("  help: give each start number its own player")
                }
                ImportError::TooManyRounds { .. } => eprintln!(
                    "  help: end the player lines after the rounds played, or give the number of rounds in an `XXR` line"
                ),
                _ => {}
            }
            return ExitCode::from(2);
        }
    };
    for warning in &imported.warnings {
        eprintln!("warning: {}: {}", file.display(), warning.escape_debug());
    }
    for (start_no, name, id, how) in &imported.matches {
        let how = match *how {
            "new" => "new player file",
            "mapped" => "matched by --map",
            "id" => "matched by id",
            _ => "matched by name",
        };
        let name = name.escape_debug().to_string();
        eprintln!("{start_no:>4} {name:<32} -> {id} ({how})");
    }
    if !writable(root, &imported) {
        return ExitCode::FAILURE;
    }
    let lines = doc.player_line_numbers();
    if let Err(code) = check_then_write(root, (&loaded, &imported), (file, &lines), dry_run) {
        if code == ExitCode::FAILURE {
            eprintln!("  help: correct {} and import it again", file.display());
        }
        return code;
    }
    eprintln!("imported tournament `{}`", imported.id);
    super::check(root, super::MessageFormat::detect())
}

/// An import's last steps, the same for every importer: the imported files
/// checked with `check`'s rules beside the repository's own (nothing
/// written when they fail), listed with `dry_run`, else written all
/// together. `Ok` once written; else the exit code to end with
/// (`SUCCESS` after a dry run). `lines` are the input's line numbers by
/// start number, for problems to point at.
pub(super) fn check_then_write(
    root: &Path,
    (loaded, imported): (&ratingbook::load::Loaded, &Imported),
    (file, lines): (&Path, &[(u32, usize)]),
    dry_run: bool,
) -> Result<(), ExitCode> {
    match problems_after_import(loaded, imported, file, lines) {
        Ok(problems) if problems.is_empty() => {}
        Ok(problems) => {
            super::repository::print_diagnostics(&problems, root, super::MessageFormat::Plain);
            eprintln!(
                "{}: the imported files would not pass `check`; nothing written",
                super::repository::summary(&problems)
            );
            return Err(ExitCode::FAILURE);
        }
        Err(e) => {
            eprintln!("error: cannot check the imported files in a temporary folder: {e}");
            return Err(ExitCode::FAILURE);
        }
    }
    if dry_run {
        for (path, _) in &imported.files {
            eprintln!("would write {path}");
        }
        return Err(ExitCode::SUCCESS);
    }
    if !write_all(root, imported) {
        return Err(ExitCode::FAILURE);
    }
    Ok(())
}

/// Whether every file of the import can be created: no name taken (not
/// even by a dangling link), no link on the way. Prints each refusal.
pub(super) fn writable(root: &Path, imported: &Imported) -> bool {
    let mut ok = true;
    for (path, _) in &imported.files {
        let target = root.join(path);
        if let Err(e) = ratingbook::atomic_write::refuse_links(root, &target) {
            match ratingbook::atomic_write::LinkRefused::within(&e) {
                Some(link) => eprintln!("error: {link}; nothing written"),
                None => eprintln!("error: cannot look at {path}: {e}; nothing written"),
            }
            ok = false;
        } else if std::fs::symlink_metadata(&target).is_ok() {
            eprintln!("error: {path} exists; nothing written");
            eprintln!("  help: give another tournament id with --id");
            ok = false;
        }
    }
    ok
}

/// Creates every file of the import, or none: when one cannot be written,
/// those written before it are removed. Prints what it wrote.
pub(super) fn write_all(root: &Path, imported: &Imported) -> bool {
    for (done, (path, content)) in imported.files.iter().enumerate() {
        let target = root.join(path);
        if let Err(e) =
            ratingbook::atomic_write::create_new_file_in(root, &target, content.as_bytes())
        {
            match ratingbook::atomic_write::LinkRefused::within(&e) {
                Some(link) => eprintln!("error: {link}"),
                None => eprintln!("error: cannot write {path}: {e}"),
            }
            for (written, _) in &imported.files[..done] {
                let _ = std::fs::remove_file(root.join(written));
            }
            eprintln!("nothing written");
            return false;
        }
    }
    for (path, _) in &imported.files {
        eprintln!("wrote {path}");
    }
    true
}

/// Parses `--map START=ID`.
pub fn parse_mapping(text: &str) -> Result<(u32, Slug), String> {
    let (start, id) = text
        .split_once('=')
        .ok_or_else(|| format!("`{text}` is not START=ID"))?;
    let start = start
        .trim()
        .parse::<u32>()
        .map_err(|_| format!("`{start}` is not a start number"))?;
    let id = Slug::parse(id.trim()).map_err(|e| format!("`{id}`: {e}"))?;
    Ok((start, id))
}
