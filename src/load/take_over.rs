//! What a load may take over from a previous build instead of parsing a
//! file again: the records the parsed-input checkpoint
//! (`incremental::checkpoint`) kept for the files unchanged since, and the
//! build's listing of `data/`.

use crate::model::{Player, Tournament};
use std::path::Path;

/// Records a previous build parsed, for the files unchanged since.
pub trait TakeOver: Sync {
    /// The player the previous build read from `path` (under `root`), if
    /// its content is unchanged.
    fn player(&self, root: &Path, path: &Path) -> Option<Player>;

    /// The tournament the previous build read from the metadata file
    /// `meta_path` (under `root`) and the crosstable beside it, if neither
    /// changed.
    fn tournament(&self, root: &Path, meta_path: &Path) -> Option<Tournament>;

    /// The files under `data/` as the build's listing of its inputs found
    /// them, by path relative to the root, each folder's entries in name
    /// order; only when that listing met no symbolic link there.
    fn listed(&self) -> Option<&[&str]>;
}

/// Nothing to take over: every file is parsed and every folder listed.
#[derive(Debug, Clone, Copy, Default)]
pub struct NothingToTakeOver;

impl TakeOver for NothingToTakeOver {
    fn player(&self, _root: &Path, _path: &Path) -> Option<Player> {
        None
    }

    fn tournament(&self, _root: &Path, _meta_path: &Path) -> Option<Tournament> {
        None
    }

    fn listed(&self) -> Option<&[&str]> {
        None
    }
}
