//! Writing one file all at once, for every command that writes a file the
//! user keeps (crosstables, dumps, pairings, reports): through a temporary
//! file beside it and a rename, so a reader or a crash never sees it
//! half-written. The whole site is published by `publish` instead.

use std::fs;
use std::io;
use std::path::Path;

/// Replaces `path` with `bytes` in one step.
pub fn write_file_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_file_atomically_with(path, |out| out.write_all(bytes))
}

/// Replaces `path` in one step with what `write` writes, as it writes it
/// (for files too big to hold); on an error `path` stays as it was.
pub fn write_file_atomically_with<T, E: From<io::Error>>(
    path: &Path,
    write: impl FnOnce(&mut dyn io::Write) -> Result<T, E>,
) -> Result<T, E> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temporary = path.with_file_name(format!(".{name}.ratingbook-tmp"));
    let written = (|| {
        let mut out = io::BufWriter::with_capacity(1 << 20, fs::File::create(&temporary)?);
        let value = write(&mut out)?;
        out.into_inner().map_err(io::IntoInnerError::into_error)?;
        fs::rename(&temporary, path)?;
        Ok(value)
    })();
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
