//! The rendered site in memory, before [`crate::publish`] puts it in place.

use std::collections::BTreeMap;
use std::path::Path;

/// Rendered files by path relative to the site root (always `/`-separated).
pub type SiteFiles = BTreeMap<String, Vec<u8>>;

/// `path` relative to `dir`, `/`-separated on every platform: the key of a site file.
pub fn slash_path(dir: &Path, path: &Path) -> String {
    path.strip_prefix(dir)
        .unwrap_or(path)
        .components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}
