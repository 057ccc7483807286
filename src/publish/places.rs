//! The places a build of an output folder writes: the folder itself and
//! its siblings (lock, staging, previous and spare folders), named from it.
use super::{io_error, PublishError};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The sibling of `out` named `.<name>.ratingbook-<suffix>`.
pub(super) fn sibling(out: &Path, suffix: &str) -> PathBuf {
    let name = out
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "site".into());
    out.with_file_name(format!(".{name}.ratingbook-{suffix}"))
}

/// The places a build of `out` writes: the output folder itself, its lock
/// file, its staging, previous and spare folders beside it, and the build
/// cache's folder. A repository may bring any of these names with it.
pub fn written_places(out: &Path) -> Vec<PathBuf> {
    let Ok(out) = named(out) else {
        return vec![out.to_path_buf()];
    };
    let mut places = vec![out.clone()];
    places.extend(["lock", "staging", "old", "spare"].map(|suffix| sibling(&out, suffix)));
    places.push(out.with_file_name(crate::incremental::cache::FOLDER));
    places
}

/// Those of [`written_places`] of `out` that are symbolic links: a build
/// writes through none of them, and stops before writing anything.
pub fn links_in_the_way(out: &Path) -> Vec<PathBuf> {
    written_places(out)
        .into_iter()
        .filter(|p| fs::symlink_metadata(p).is_ok_and(|m| m.file_type().is_symlink()))
        .collect()
}

/// `out` with a file name, so that siblings can be named (`.` → the current
/// folder's absolute path).
pub(super) fn named(out: &Path) -> io::Result<PathBuf> {
    if out.file_name().is_some() {
        Ok(out.to_path_buf())
    } else {
        std::path::absolute(out)?
            .canonicalize()
            .or_else(|_| std::path::absolute(out))
    }
}

/// `out` made absolute where it has no file name (`.`), as the build names it.
pub fn resolved(out: &Path) -> Result<PathBuf, PublishError> {
    named(out).map_err(io_error("resolve", out))
}
