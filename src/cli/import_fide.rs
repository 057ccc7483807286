//! `import-fide-list`: FIDE's published rating list gives the repository's
//! players (matched by `fide_id`) their start in a FIDE list.

use ratingbook::config::SystemKind;
use ratingbook::files::fide_list::{import_plan, read_fide_list, ImportPlan};
use ratingbook::files::player::with_start;
use ratingbook::model::Date;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `ratingbook import-fide-list`: reads the list, matches players by FIDE
/// id, prints what it would change, and (without `dry_run`) rewrites every
/// matched player file's `[start.<pool>]`, all or none, then checks the
/// repository.
pub fn import_fide_list(
    file: &Path,
    root: &Path,
    pool: &str,
    date: Option<Date>,
    dry_run: bool,
) -> ExitCode {
    let bytes = match std::fs::read(file) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", file.display());
            return ExitCode::from(2);
        }
    };
    let (text, _) = trf::decode(&bytes);
    let list = match read_fide_list(&text, file) {
        Ok(list) => list,
        Err(problems) => {
            super::repository::print_diagnostics(&problems, root, super::MessageFormat::Plain);
            return ExitCode::from(2);
        }
    };
    let Some(date) = date.or(list.date) else {
        eprintln!(
            "error: {}: the rating column's name gives no month",
            file.display()
        );
        eprintln!("  help: give the list's date with --date YYYY-MM-01");
        return ExitCode::from(2);
    };
    let loaded = ratingbook::load::load_repository(root);
    match loaded.config.pools.get(pool) {
        Some(list) if list.system == SystemKind::Fide => {}
        Some(_) => {
            eprintln!("error: `[pools.{pool}]` is not rated by FIDE's regulations");
            eprintln!("  help: name a list with `system = \"fide\"`");
            return ExitCode::from(2);
        }
        None => {
            eprintln!("error: ratingbook.toml has no `[pools.{pool}]`");
            eprintln!(
                "  help: add `[pools.{pool}]` with `system = \"fide\"`, or name another list"
            );
            return ExitCode::from(2);
        }
    }
    let plan = import_plan(&list, &loaded.dataset.players, pool, date);
    report(&plan, date);
    let Some(files) = new_texts(root, &plan) else {
        return ExitCode::FAILURE;
    };
    if dry_run {
        for (path, _, _) in &files {
            eprintln!("would write {}", shown(root, path));
        }
        return ExitCode::SUCCESS;
    }
    if !write_all(root, &files) {
        return ExitCode::FAILURE;
    }
    super::check(root, super::MessageFormat::detect())
}

fn report(plan: &ImportPlan, date: Date) {
    for (id, _, start) in &plan.starts {
        let k = start.k.map(|k| format!(", K {k}")).unwrap_or_default();
        eprintln!("{id}: {} on the list of {date}{k}", start.rating);
    }
    for id in &plan.not_on_list {
        eprintln!("{id}: fide_id not on the list; left as it is");
    }
    for id in &plan.unrated {
        eprintln!("{id}: on the list without a rating; left as it is");
    }
}

fn shown(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// Each matched player file: its path, its text now, and with the start.
/// `None` (after printing why) when a file cannot be read or rewritten.
fn new_texts(root: &Path, plan: &ImportPlan) -> Option<Vec<(PathBuf, String, String)>> {
    let mut files = Vec::new();
    for (_, source, start) in &plan.starts {
        let path = if source.is_absolute() {
            source.clone()
        } else {
            root.join(source)
        };
        let before = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) => {
                eprintln!(
                    "error: cannot read {}: {e}; nothing written",
                    shown(root, &path)
                );
                return None;
            }
        };
        match with_start(&before, start) {
            Ok(after) => files.push((path, before, after)),
            Err(e) => {
                eprintln!("error: {}: {e}; nothing written", shown(root, &path));
                return None;
            }
        }
    }
    Some(files)
}

/// Replaces every file, or none: when one cannot be written, those written
/// before it get their old text back.
fn write_all(root: &Path, files: &[(PathBuf, String, String)]) -> bool {
    for (done, (path, _, after)) in files.iter().enumerate() {
        if let Err(e) =
            ratingbook::atomic_write::write_file_atomically_in(root, path, after.as_bytes())
        {
            eprintln!("error: cannot write {}: {e}", shown(root, path));
            for (written, before, _) in &files[..done] {
                let _ = ratingbook::atomic_write::write_file_atomically_in(
                    root,
                    written,
                    before.as_bytes(),
                );
            }
            eprintln!("nothing written");
            return false;
        }
    }
    for (path, _, _) in files {
        eprintln!("wrote {}", shown(root, path));
    }
    true
}
