//! Which files a load reads, told by their paths from the data root alone,
//! so that a revision can be brought out of git with nothing a build would
//! not read ([`read_by_a_load`]).

use std::ops::RangeInclusive;
use std::path::Path;

/// A folder whose files a load lists.
#[derive(Debug, Clone)]
pub struct ReadFolder {
    /// Its path from the data root, parts separated by `/`.
    pub path: &'static str,
    /// The extensions of the files read there; every file when empty.
    pub extensions: &'static [&'static str],
    /// How many folders below it the files are (1: directly in it).
    pub depth: RangeInclusive<usize>,
}

/// Most folders below `templates/` a template is read from.
pub const TEMPLATE_DEPTH: usize = 8;

/// The folders a load lists, beside [`super::CONFIG_FILE`]: players,
/// tournaments (metadata and crosstables), surveys, pages and templates.
pub const READ_FOLDERS: [ReadFolder; 5] = [
    ReadFolder {
        path: "data/players",
        extensions: &["toml"],
        depth: 1..=1,
    },
    ReadFolder {
        path: "data/tournaments",
        extensions: &["toml", "csv"],
        depth: 2..=2,
    },
    ReadFolder {
        path: "data/surveys",
        extensions: &["csv"],
        depth: 1..=1,
    },
    ReadFolder {
        path: "data/pages",
        extensions: &["md"],
        depth: 1..=1,
    },
    ReadFolder {
        path: "templates",
        extensions: &[],
        depth: 1..=TEMPLATE_DEPTH,
    },
];

/// How many folders `path` is below `folder` (1: directly in it), when it is below it.
fn depth_below(folder: &str, path: &str) -> Option<usize> {
    let below = path.strip_prefix(folder)?.strip_prefix('/')?;
    Some(below.split('/').count())
}

/// Whether a load reads the file at `path` (from the data root, parts
/// separated by `/`), a link there included.
pub fn read_by_a_load(path: &str) -> bool {
    if path == super::CONFIG_FILE {
        return true;
    }
    let extension = Path::new(path).extension().and_then(|e| e.to_str());
    READ_FOLDERS.iter().any(|folder| {
        depth_below(folder.path, path).is_some_and(|depth| folder.depth.contains(&depth))
            && (folder.extensions.is_empty()
                || extension.is_some_and(|e| folder.extensions.contains(&e)))
    })
}

/// Whether the folder at `path` (from the data root) may hold files a load
/// reads: it leads to one of [`READ_FOLDERS`] or is one, or lies in one
/// less deep than its files.
pub fn may_hold_read_files(path: &str) -> bool {
    READ_FOLDERS.iter().any(|folder| {
        let leads_there = folder
            .path
            .strip_prefix(path)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'));
        leads_there || depth_below(folder.path, path).is_some_and(|d| d < *folder.depth.end())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Files at every place a load reads and beside them, each unreadable
    /// as what it claims to be: a load that reads one says so.
    #[test]
    fn the_rule_names_exactly_the_files_a_load_reads() {
        let read = [
            "data/players/a.toml",
            "data/tournaments/2020/e.toml",
            "data/surveys/s.csv",
            "templates/html/x.html",
            "templates/a/b/c/d/e/f/g/h.html",
        ];
        let unread = [
            "data/players/sub/b.toml",
            "data/players/c.txt",
            "data/tournaments/f.toml",
            "data/tournaments/2020/sub/g.toml",
            "data/surveys/t.txt",
            "data/pages/sub/q.md",
            "data/bomb/x.toml",
            "templates/a/b/c/d/e/f/g/h/i.html",
            "notes/n.toml",
        ];
        let repo = tempfile::tempdir().unwrap();
        for path in read.iter().chain(&unread) {
            let file = repo.path().join(path);
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(file, "[[[ not what it should be\n").unwrap();
        }
        let loaded = super::super::load_repository(repo.path());
        let named = |path: &str| {
            loaded
                .diagnostics
                .iter()
                .any(|d| d.to_string().contains(path))
                || path
                    .strip_prefix("templates/")
                    .is_some_and(|name| loaded.templates.contains_key(name))
        };
        for path in read {
            assert!(read_by_a_load(path), "{path}");
            assert!(named(path), "the load does not read {path}");
        }
        for path in unread {
            assert!(!read_by_a_load(path), "{path}");
            assert!(!named(path), "the load reads {path}");
        }
        assert!(read_by_a_load(super::super::CONFIG_FILE));
        assert!(read_by_a_load("data/tournaments/2020/e.csv"));
        assert!(read_by_a_load("data/pages/p.md"));
    }

    #[test]
    fn only_folders_that_may_hold_read_files_are_entered() {
        for folder in [
            "data",
            "data/players",
            "data/tournaments/2020",
            "templates/a",
        ] {
            assert!(may_hold_read_files(folder), "{folder}");
        }
        for folder in [
            "data/bomb",
            "data/players/sub",
            "data/tournaments/2020/sub",
            "data/playersx",
            "templates/a/b/c/d/e/f/g/h",
            ".git",
        ] {
            assert!(!may_hold_read_files(folder), "{folder}");
        }
    }
}
