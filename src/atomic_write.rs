//! Writing one file all at once, for every command that writes a file the
//! user keeps (crosstables, dumps, pairings, reports): through a temporary
//! file beside it and a rename, so a reader or a crash never sees it
//! half-written. The whole site is published by `publish` instead.

use std::fs;
use std::io;
use std::path::Path;

/// Replaces `path` with `bytes` in one step.
pub fn write_file_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temporary = path.with_file_name(format!(".{name}.ratingbook-tmp"));
    let written = fs::write(&temporary, bytes).and_then(|()| fs::rename(&temporary, path));
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_files_are_replaced_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("dump.sql");
        fs::write(&path, "old").unwrap();
        write_file_atomically(&path, b"new").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
        let missing = dir.path().join("no-such-folder").join("x");
        assert!(write_file_atomically(&missing, b"x").is_err());
    }
}
