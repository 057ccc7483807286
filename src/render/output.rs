//! Writing the rendered site: only changed files, nothing when the build failed.

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};

/// Rendered files by path relative to the site root (always `/`-separated).
pub type SiteFiles = BTreeMap<String, Vec<u8>>;

/// What syncing the site did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct WriteReport {
    /// Files written because they were new or changed.
    pub written: usize,
    /// Files left alone because their content was the same.
    pub unchanged: usize,
    /// Files removed because the build no longer produces them.
    pub removed: usize,
}

/// Makes `dir` hold exactly `files`: writes new and changed files (each through a
/// temporary file and a rename, so no file is ever half-written), leaves identical
/// files untouched, and removes files no longer produced.
pub fn write_site(dir: &Path, files: &SiteFiles) -> io::Result<WriteReport> {
    let mut report = WriteReport::default();
    std::fs::create_dir_all(dir)?;
    for (name, content) in files {
        let path = dir.join(name);
        if std::fs::read(&path).is_ok_and(|old| old == *content) {
            report.unchanged += 1;
            continue;
        }
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        let temporary = temporary_path(&path);
        std::fs::write(&temporary, content)?;
        std::fs::rename(&temporary, &path)?;
        report.written += 1;
    }
    report.removed = remove_stale(dir, files)?;
    Ok(report)
}

/// `path` relative to `dir`, `/`-separated on every platform: the key of a site file.
pub fn slash_path(dir: &Path, path: &Path) -> String {
    path.strip_prefix(dir)
        .unwrap_or(path)
        .components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

fn temporary_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".ratingbook-tmp");
    path.with_file_name(name)
}

fn remove_stale(dir: &Path, files: &SiteFiles) -> io::Result<usize> {
    let mut removed = 0;
    let mut dirs = Vec::new();
    for entry in walkdir::WalkDir::new(dir).min_depth(1) {
        let entry = entry.map_err(io::Error::other)?;
        let relative = slash_path(dir, entry.path());
        if entry.file_type().is_dir() {
            dirs.push(entry.into_path());
        } else if !files.contains_key(&relative) {
            std::fs::remove_file(entry.path())?;
            removed += 1;
        }
    }
    // Deepest first, so emptied parents go too.
    dirs.sort_by_key(|d| std::cmp::Reverse(d.components().count()));
    for d in dirs {
        if std::fs::read_dir(&d)?.next().is_none() {
            std::fs::remove_dir(&d)?;
        }
    }
    Ok(removed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_only_changes_and_removes_stale() {
        let dir = tempfile::tempdir().unwrap();
        let mut files = SiteFiles::new();
        files.insert("a.html".into(), b"one".to_vec());
        files.insert("sub/b.html".into(), b"two".to_vec());
        let first = write_site(dir.path(), &files).unwrap();
        assert_eq!(first.written, 2);
        let second = write_site(dir.path(), &files).unwrap();
        assert_eq!((second.written, second.unchanged), (0, 2));
        files.remove("sub/b.html");
        files.insert("a.html".into(), b"changed".to_vec());
        let third = write_site(dir.path(), &files).unwrap();
        assert_eq!((third.written, third.removed), (1, 1));
        assert!(!dir.path().join("sub").exists());
        assert_eq!(
            std::fs::read(dir.path().join("a.html")).unwrap(),
            b"changed"
        );
    }
}
