//! `import-players`: a member list (CSV) creates and updates player files.
//! Without `--write` it only shows what would change; with it, the files
//! are checked with `check`'s rules first and written all or none.

use ratingbook::import::members::{self, Change};
use ratingbook::model::Membership;
use ratingbook::tournament::trf_exchange::Imported;
use ratingbook::tournament::trf_import_check::problems_after_import;
use std::collections::BTreeMap;
use std::path::Path;
use std::process::ExitCode;

/// Parses `KEY=VALUE`.
pub fn parse_pair(text: &str) -> Result<(String, String), String> {
    let (key, value) = text
        .split_once('=')
        .ok_or_else(|| format!("`{text}` is not KEY=VALUE"))?;
    Ok((key.trim().to_string(), value.trim().to_string()))
}

/// `ratingbook import-players members.csv [--column FIELD=HEADER] [--write]`.
pub fn import_players(
    file: &Path,
    root: &Path,
    columns: Vec<(String, String)>,
    memberships: Vec<(String, String)>,
    write: bool,
) -> ExitCode {
    let shown = file.display();
    let mut codes = BTreeMap::new();
    for (word, value) in memberships {
        match Membership::parse(&value) {
            Some(m) => {
                codes.insert(word, m);
            }
            None => {
                eprintln!("error: --membership {word}={value}: `{value}` is not member, honorary, rif or other");
                return ExitCode::from(2);
            }
        }
    }
    let Some(text) = super::import::read_text(file) else {
        return ExitCode::from(2);
    };
    let mapping: BTreeMap<String, String> = columns.into_iter().collect();
    let loaded = ratingbook::load::load_repository(root);
    let text_of = |id: &ratingbook::model::Slug| {
        let path = root.join(format!("data/players/{id}.toml"));
        ratingbook::atomic_write::refuse_links(root, &path).ok()?;
        std::fs::read_to_string(path).ok()
    };
    let plan = members::read(&text, &mapping)
        .and_then(|rows| members::plan(&rows, &loaded.dataset, &codes, &text_of));
    let plan = match plan {
        Ok(plan) => plan,
        Err(problems) => {
            for p in &problems {
                eprintln!("error: {shown}:{}: {}", p.line, p.message.escape_debug());
            }
            eprintln!("{} problem(s); nothing written", problems.len());
            return ExitCode::FAILURE;
        }
    };
    report(&plan);
    if !write {
        eprintln!("nothing written: run again with --write to write these files");
        return ExitCode::SUCCESS;
    }
    let imported = Imported {
        id: ratingbook::model::Slug::from_name("members"),
        files: plan
            .files
            .iter()
            .map(|(p, c, _)| (p.clone(), c.clone()))
            .collect(),
        matches: Vec::new(),
        warnings: Vec::new(),
    };
    match problems_after_import(&loaded, &imported, file, &[]) {
        Ok(problems) if problems.is_empty() => {}
        Ok(problems) => {
            super::repository::print_diagnostics(&problems, root, super::MessageFormat::Plain);
            eprintln!(
                "{}: the player files would not pass `check`; nothing written",
                super::repository::summary(&problems)
            );
            return ExitCode::FAILURE;
        }
        Err(e) => {
            eprintln!("error: cannot check the files in a temporary folder: {e}");
            return ExitCode::FAILURE;
        }
    }
    if !write_files(root, &plan.files) {
        return ExitCode::FAILURE;
    }
    super::check(root, super::MessageFormat::detect())
}

/// Prints every new, changed and unmatched member.
fn report(plan: &members::Plan) {
    let (mut new, mut changed, mut same) = (0, 0, 0);
    for (line, id, change) in &plan.rows {
        match change {
            Change::New => {
                new += 1;
                eprintln!("{line:>6}  new      {id}");
            }
            Change::Changed(fields) => {
                changed += 1;
                let what: Vec<String> = fields
                    .iter()
                    .map(|(f, before, after)| {
                        format!("{f}: {} -> {}", before.escape_debug(), after.escape_debug())
                    })
                    .collect();
                eprintln!("{line:>6}  changed  {id} ({})", what.join("; "));
            }
            Change::Same => same += 1,
        }
    }
    for id in &plan.unmatched {
        eprintln!("        unmatched {id} (a member of the book the list does not name)");
    }
    eprintln!(
        "{new} new, {changed} changed, {same} unchanged, {} unmatched",
        plan.unmatched.len()
    );
}

/// Writes new files (never over an existing one) and rewrites changed
/// ones (never through a link); on a failure, the new files written are
/// removed and the rewritten ones put back.
fn write_files(root: &Path, files: &[(String, String, bool)]) -> bool {
    let mut undo: Vec<(std::path::PathBuf, Option<String>)> = Vec::new();
    for (path, content, new) in files {
        let target = root.join(path);
        let before = if *new {
            None
        } else {
            std::fs::read_to_string(&target).ok()
        };
        let written = if *new {
            ratingbook::atomic_write::create_new_file_in(root, &target, content.as_bytes())
        } else {
            ratingbook::atomic_write::write_file_atomically_in(root, &target, content.as_bytes())
        };
        if let Err(e) = written {
            eprintln!("error: cannot write {path}: {e}");
            for (done, before) in undo.iter().rev() {
                match before {
                    Some(text) => {
                        let _ = ratingbook::atomic_write::write_file_atomically_in(
                            root,
                            done,
                            text.as_bytes(),
                        );
                    }
                    None => {
                        let _ = std::fs::remove_file(done);
                    }
                }
            }
            eprintln!("nothing written");
            return false;
        }
        undo.push((target, before));
    }
    for (path, _, new) in files {
        eprintln!("{} {path}", if *new { "wrote" } else { "updated" });
    }
    true
}
