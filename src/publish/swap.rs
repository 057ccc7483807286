//! The atomic switch: the staging folder and the output folder exchanged in
//! one step (step 5 of the module documentation).
use super::{io_error, PublishError};
use std::fs;
use std::path::Path;

/// Swaps the folders `staging` and `out` in one step; afterwards `staging`
/// holds the previous site.
#[cfg(target_os = "linux")]
pub(super) fn swap(staging: &Path, out: &Path, old: &Path) -> Result<(), PublishError> {
    use rustix::fs::{renameat_with, RenameFlags, CWD};
    match renameat_with(CWD, staging, CWD, out, RenameFlags::EXCHANGE) {
        Ok(()) => Ok(()),
        // File systems without RENAME_EXCHANGE (some network mounts).
        Err(rustix::io::Errno::INVAL | rustix::io::Errno::NOSYS | rustix::io::Errno::OPNOTSUPP) => {
            swap_by_two_renames(staging, out, old)
        }
        Err(e) => Err(io_error("switch to the new site in", out)(e.into())),
    }
}

/// The fallback where no atomic exchange exists.
#[cfg(not(target_os = "linux"))]
pub(super) fn swap(staging: &Path, out: &Path, old: &Path) -> Result<(), PublishError> {
    swap_by_two_renames(staging, out, old)
}

/// Renames `out` to `old` and `staging` to `out`, then `old` to `staging`,
/// leaving the previous site where [`swap`] leaves it.
fn swap_by_two_renames(staging: &Path, out: &Path, old: &Path) -> Result<(), PublishError> {
    fs::rename(out, old).map_err(io_error("move the previous site out of", out))?;
    if let Err(e) = fs::rename(staging, out) {
        let _ = fs::rename(old, out);
        return Err(io_error("move the new site to", out)(e));
    }
    fs::rename(old, staging).map_err(io_error("move the previous site to", staging))
}
