//! `import-egd` and `export-egd`: European Go Database tournament reports in
//! and out. An import is checked as `import-trf`'s is before any file is
//! written.

use ratingbook::import::{egd, egd_format};
use ratingbook::model::{Date, Membership};
use ratingbook::tournament::trf_exchange::Imported;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `ratingbook import-egd FILE.h`: the report as a tournament and player files.
pub fn import_egd(
    file: &Path,
    root: &Path,
    date: Option<Date>,
    membership: &str,
    dry_run: bool,
) -> ExitCode {
    let shown = file.display();
    let Some(membership) = Membership::parse(membership) else {
        eprintln!("error: `{membership}` is not a membership: member, honorary, rif or other");
        return ExitCode::from(2);
    };
    let Some(text) = super::import::read_text(file) else {
        return ExitCode::from(2);
    };
    let report = match egd_format::parse(&text) {
        Ok(r) => r,
        Err(errors) => {
            for e in &errors {
                eprintln!(
                    "error: {shown}:{}:{}: {}",
                    e.line,
                    e.column,
                    e.message.escape_debug()
                );
            }
            eprintln!("  help: correct the lines and import again; nothing written");
            return ExitCode::from(2);
        }
    };
    let loaded = ratingbook::load::load_repository(root);
    let stem = file.file_stem().unwrap_or_default().to_string_lossy();
    let mapped = match egd::import(&report, &loaded.dataset, &stem, date, membership) {
        Ok(m) => m,
        Err(problems) => {
            for p in &problems {
                eprintln!("error: {shown}:{}: {}", p.line, p.message.escape_debug());
            }
            eprintln!("{} problem(s); nothing written", problems.len());
            return ExitCode::FAILURE;
        }
    };
    for warning in &mapped.warnings {
        eprintln!("warning: {shown}: {}", warning.escape_debug());
    }
    for (line, name, id, new) in &mapped.players {
        let how = if *new {
            "new player file"
        } else {
            "matched by id"
        };
        eprintln!(
            "{line:>5} {:<32} -> {id} ({how})",
            name.escape_debug().to_string()
        );
    }
    let imported = Imported {
        id: mapped.id.clone(),
        files: mapped.files,
        matches: Vec::new(),
        warnings: Vec::new(),
    };
    if !super::import::writable(root, &imported) {
        return ExitCode::FAILURE;
    }
    if let Err(code) =
        super::import::check_then_write(root, (&loaded, &imported), (file, &[]), dry_run)
    {
        return code;
    }
    eprintln!("imported tournament `{}`", imported.id);
    super::check(root, super::MessageFormat::detect())
}

/// `ratingbook export-egd EVENT --class A`: the tournament as an EGD report.
pub fn export_egd(
    event: &Path,
    root: &Path,
    options: &egd::ExportOptions,
    out: Option<&PathBuf>,
) -> ExitCode {
    let (checked, index) = match super::pairing::checked_event(root, event) {
        Ok(found) => found,
        Err(code) => return code,
    };
    let dataset = &checked.loaded.dataset;
    let t = &dataset.tournaments[index];
    match egd::export(t, dataset, options) {
        Ok(report) => super::pairing::write_out(out, &egd_format::write(&report)),
        Err(problems) => {
            for p in &problems {
                eprintln!(
                    "error: {}:{}: {}",
                    t.table_source.display(),
                    p.line,
                    p.message.escape_debug()
                );
            }
            eprintln!("  help: the EGD needs every player's grade; nothing written");
            ExitCode::FAILURE
        }
    }
}
