//! Files of the staging folder compared with the current site's and
//! written new, never through a file or link left in their place.
use super::FileIdentity;
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::Path;

/// The identity of `path` if it is a regular file (not a link) holding
/// exactly `content`.
pub(super) fn same_content(path: &Path, content: &[u8]) -> Option<FileIdentity> {
    let meta = fs::symlink_metadata(path).ok()?;
    let same = meta.is_file()
        && meta.len() == content.len() as u64
        && fs::read(path).is_ok_and(|old| old == content);
    same.then(|| FileIdentity::from_metadata(&meta)).flatten()
}

/// Creates the file `path`, which must not exist: a file or link left
/// there is never written through.
pub(super) fn create_new(path: &Path) -> io::Result<File> {
    File::options().write(true).create_new(true).open(path)
}

/// Writes `content` to the new file `path`; its identity.
pub(super) fn write_new(path: &Path, content: &[u8]) -> io::Result<FileIdentity> {
    let mut file = create_new(path)?;
    file.write_all(content)?;
    FileIdentity::from_metadata(&file.metadata()?)
        .ok_or_else(|| io::Error::other("the written file has no identity"))
}

/// The identity of `old` if it is a regular file (not a link) with the
/// same bytes as `new`, compared a block at a time.
pub(super) fn same_files(old: &Path, new: &Path) -> Option<FileIdentity> {
    let meta = fs::symlink_metadata(old).ok()?;
    let new_meta = fs::metadata(new).ok()?;
    let identity = FileIdentity::from_metadata(&meta)?;
    (same_bytes(old, new, meta.len() == new_meta.len())).then_some(identity)
}

/// Whether the files `old` and `new`, of the same length if `same_length`,
/// hold the same bytes.
fn same_bytes(old: &Path, new: &Path, same_length: bool) -> bool {
    if !same_length {
        return false;
    }
    let (Ok(mut a), Ok(mut b)) = (File::open(old), File::open(new)) else {
        return false;
    };
    let mut left = vec![0; 1 << 20];
    let mut right = vec![0; 1 << 20];
    loop {
        let n = match read_block(&mut a, &mut left) {
            Ok(n) => n,
            Err(_) => return false,
        };
        if read_block(&mut b, &mut right[..n]).ok() != Some(n) || left[..n] != right[..n] {
            return false;
        }
        if n == 0 {
            return true;
        }
    }
}

/// Fills `buffer` as far as the file goes; the number of bytes read.
fn read_block(file: &mut File, buffer: &mut [u8]) -> io::Result<usize> {
    let mut filled = 0;
    while filled < buffer.len() {
        match file.read(&mut buffer[filled..])? {
            0 => break,
            n => filled += n,
        }
    }
    Ok(filled)
}

/// A copy that keeps the modification time, where hard links are not possible.
pub(super) fn copy_keeping_time(from: &Path, to: &Path) -> io::Result<()> {
    fs::copy(from, to)?;
    let modified = fs::metadata(from)?.modified()?;
    File::options().write(true).open(to)?.set_modified(modified)
}
