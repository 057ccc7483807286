//! `import-trf`: a TRF file becomes tournament metadata, a crosstable and player files.

use crate::model::Slug;
use crate::tournament::trf_exchange::{import_trf, ImportOptions};
use std::path::Path;
use std::process::ExitCode;

/// `ratingbook import-trf`: writes the imported files under `root` (never
/// overwriting a file), prints how each player was matched, then checks the repository.
pub fn import(file: &Path, root: &Path, options: &ImportOptions, dry_run: bool) -> ExitCode {
    let bytes = match std::fs::read(file) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", file.display());
            return ExitCode::from(2);
        }
    };
    let (text, encoding) = trf::decode(&bytes);
    if encoding == trf::Encoding::Latin1 {
        eprintln!(
            "warning: {} is not UTF-8; read it as Latin-1 (ISO 8859-1)",
            file.display()
        );
    }
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
    let dataset = crate::load::load_repository(root).dataset;
    let imported = match import_trf(&doc, &dataset, options) {
        Ok(i) => i,
        Err(e) => {
            eprintln!("error: {}: {e}", file.display());
            if matches!(
                e,
                crate::tournament::trf_exchange::ImportError::Ambiguous { .. }
            ) {
                eprintln!("  help: choose with --map START=ID");
            }
            return ExitCode::from(2);
        }
    };
    for warning in &imported.warnings {
        eprintln!("warning: {}: {warning}", file.display());
    }
    for (start_no, name, id, how) in &imported.matches {
        let how = match *how {
            "new" => "new player file",
            "mapped" => "matched by --map",
            "id" => "matched by id",
            _ => "matched by name",
        };
        eprintln!("{start_no:>4} {name:<32} -> {id} ({how})");
    }
    if let Some((existing, _)) = imported
        .files
        .iter()
        .find(|(path, _)| root.join(path).exists())
    {
        eprintln!("error: {existing} exists; nothing written");
        eprintln!("  help: give another tournament id with --id");
        return ExitCode::FAILURE;
    }
    if dry_run {
        for (path, _) in &imported.files {
            eprintln!("would write {path}");
        }
        return ExitCode::SUCCESS;
    }
    for (path, content) in &imported.files {
        let target = root.join(path);
        let written = target
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::write(&target, content));
        if let Err(e) = written {
            eprintln!("error: cannot write {}: {e}", target.display());
            return ExitCode::FAILURE;
        }
        eprintln!("wrote {path}");
    }
    eprintln!("imported tournament `{}`", imported.id);
    super::check(root, super::MessageFormat::detect())
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
