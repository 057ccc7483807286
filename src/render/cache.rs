//! The build cache: what each published file was made from, so that a
//! rebuild renders only the pages whose inputs changed.
//!
//! Every file of the site gets a key: for a page, a hash of its template
//! name, its place in the site and everything its template receives (the
//! view data, the site-wide values), combined with a hash of the whole
//! template set, of the configuration and of the tool's version; for any
//! other file, a hash of its bytes. After a successful build the keys are
//! stored with each file's identity (inode, size, modification time) in
//! `.ratingbook-cache/<site folder name>.pages` beside the site folder. The
//! next build reuses the published file, without rendering it, only when the
//! key is the same and the file still has that identity, so an edited or
//! replaced file is rendered again. Deleting the folder is always safe: the
//! next build renders everything.

use super::output::{FileIdentity, Sink, WriteError};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::hash::Hasher;
use std::io::{BufRead, Write as _};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use xxhash_rust::xxh3::Xxh3;

/// A file's key: a 128-bit hash of everything it was made from.
pub type Key = u128;

/// The name of the cache folder, beside the site folder.
pub const FOLDER: &str = ".ratingbook-cache";

/// First line of a cache file; another first line means the file is ignored.
const HEADER: &str = "ratingbook page cache 1";

/// Keys of the previous build and of this one.
#[derive(Debug, Default)]
pub struct PageCache {
    /// Hash of what every page shares: tool version, templates, configuration.
    base: Key,
    previous: HashMap<String, (Key, FileIdentity)>,
    next: Mutex<Vec<(String, Key)>>,
    rendered: AtomicUsize,
    reused: AtomicUsize,
}

/// How much of a build the cache saved.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct CacheReport {
    /// Files made (pages rendered, other files produced and stored).
    pub rendered: usize,
    /// Files taken over from the published site without rendering.
    pub reused: usize,
}

impl PageCache {
    /// A cache whose keys depend on `shared` (e.g. the templates and the
    /// configuration, written with `Debug`), with the previous build's keys
    /// read from `file` when it exists and is readable.
    pub fn open(file: Option<&Path>, shared: &dyn std::fmt::Debug) -> PageCache {
        let mut hasher = KeyHasher::new();
        let _ = write!(hasher, "{} {shared:?}", env!("CARGO_PKG_VERSION"));
        PageCache {
            base: hasher.finish128(),
            previous: file.map(read_entries).unwrap_or_default(),
            ..PageCache::default()
        }
    }

    /// The key of a page: its template, root and path, and its context
    /// (`Debug` covers every value the template receives, whatever the keys).
    pub fn page_key(&self, template: &str, path: &str, ctx: &tera::Context) -> Key {
        let mut hasher = KeyHasher::new();
        let _ = write!(hasher, "{:x}\0{template}\0{path}\0{ctx:?}", self.base);
        hasher.finish128()
    }

    /// The key of a file that is not rendered from a template: its bytes.
    pub fn bytes_key(&self, path: &str, bytes: &[u8]) -> Key {
        let mut hasher = KeyHasher::new();
        let _ = write!(hasher, "{:x}\0{path}\0", self.base);
        hasher.0.update(bytes);
        hasher.finish128()
    }

    /// Stores the published file `path` in `sink` without making it again,
    /// if the previous build made it with `key` and it is unchanged since;
    /// whether it did.
    pub fn reuse(&self, sink: &dyn Sink, path: &str, key: Key) -> Result<bool, WriteError> {
        let Some(&(previous, identity)) = self.previous.get(path) else {
            return Ok(false);
        };
        if previous != key || !sink.keep(path, identity)? {
            return Ok(false);
        }
        self.record(path, key);
        self.reused.fetch_add(1, Ordering::Relaxed);
        Ok(true)
    }

    /// Notes that `path` was made with `key` in this build.
    pub fn made(&self, path: &str, key: Key) {
        self.record(path, key);
        self.rendered.fetch_add(1, Ordering::Relaxed);
    }

    fn record(&self, path: &str, key: Key) {
        self.next
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push((path.to_string(), key));
    }

    /// Files made and reused so far.
    pub fn report(&self) -> CacheReport {
        CacheReport {
            rendered: self.rendered.load(Ordering::Relaxed),
            reused: self.reused.load(Ordering::Relaxed),
        }
    }

    /// Writes this build's keys to `file`, each with the identity `identity`
    /// gives its path in the published site (paths without one are left out).
    /// Written to a temporary file and renamed, so a reader never sees half.
    pub fn save(
        self,
        file: &Path,
        identity: impl Fn(&str) -> Option<FileIdentity>,
    ) -> std::io::Result<()> {
        let mut entries = self
            .next
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        entries.sort_unstable();
        if let Some(parent) = file.parent() {
            std::fs::create_dir_all(parent)?;
        }
        let temporary = file.with_extension("partial");
        let mut out = std::io::BufWriter::new(std::fs::File::create(&temporary)?);
        writeln!(out, "{HEADER}")?;
        for (path, key) in entries {
            if let Some(id) = identity(&path) {
                writeln!(
                    out,
                    "{key:032x}\t{}\t{}\t{}\t{path}",
                    id.inode, id.size, id.modified
                )?;
            }
        }
        out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        std::fs::rename(&temporary, file)
    }
}

/// The cache file of the site folder `out`: `.ratingbook-cache/<name>.pages`
/// beside it.
pub fn file_for(out: &Path) -> Option<PathBuf> {
    let name = out.file_name()?.to_string_lossy().into_owned();
    Some(out.with_file_name(FOLDER).join(format!("{name}.pages")))
}

/// The entries of a cache file; none when it is missing, unreadable or of
/// another format (lines that do not parse are skipped).
fn read_entries(file: &Path) -> HashMap<String, (Key, FileIdentity)> {
    let Ok(handle) = std::fs::File::open(file) else {
        return HashMap::new();
    };
    let mut lines = std::io::BufReader::new(handle).lines();
    if !matches!(lines.next(), Some(Ok(first)) if first == HEADER) {
        return HashMap::new();
    }
    lines
        .map_while(Result::ok)
        .filter_map(|line| parse_entry(&line))
        .collect()
}

fn parse_entry(line: &str) -> Option<(String, (Key, FileIdentity))> {
    let mut fields = line.splitn(5, '\t');
    let key = Key::from_str_radix(fields.next()?, 16).ok()?;
    let identity = FileIdentity {
        inode: fields.next()?.parse().ok()?,
        size: fields.next()?.parse().ok()?,
        modified: fields.next()?.parse().ok()?,
    };
    Some((fields.next()?.to_string(), (key, identity)))
}

/// A 128-bit XXH3 hasher that text can be written into.
struct KeyHasher(Xxh3);

impl KeyHasher {
    fn new() -> Self {
        KeyHasher(Xxh3::new())
    }

    fn finish128(&self) -> Key {
        self.0.digest128()
    }
}

impl std::fmt::Write for KeyHasher {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0.write(s.as_bytes());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::output::MemorySink;

    #[test]
    fn keys_follow_every_input() {
        let cache = PageCache::open(None, &"templates A");
        let mut ctx = tera::Context::new();
        ctx.insert("player", &serde_json::json!({"rating": 2100}));
        let key = cache.page_key("html/player.html", "players/a.html", &ctx);
        assert_eq!(
            key,
            cache.page_key("html/player.html", "players/a.html", &ctx)
        );
        let mut changed = tera::Context::new();
        changed.insert("player", &serde_json::json!({"rating": 2101}));
        assert_ne!(
            key,
            cache.page_key("html/player.html", "players/a.html", &changed)
        );
        assert_ne!(
            key,
            cache.page_key("html/player.html", "players/b.html", &ctx)
        );
        let other = PageCache::open(None, &"templates B");
        assert_ne!(
            key,
            other.page_key("html/player.html", "players/a.html", &ctx)
        );
        assert_ne!(cache.bytes_key("a", b"1"), cache.bytes_key("a", b"2"));
    }

    #[test]
    fn saved_keys_are_reused_only_for_the_same_key_and_file() {
        let dir = tempfile::tempdir().unwrap();
        let page = dir.path().join("a.html");
        std::fs::write(&page, "bytes").unwrap();
        let file = dir.path().join(FOLDER).join("site.pages");
        let cache = PageCache::open(None, &"t");
        cache.made("a.html", 7);
        cache
            .save(&file, |p| FileIdentity::of(&dir.path().join(p)))
            .unwrap();
        let again = PageCache::open(Some(&file), &"t");
        let identity = FileIdentity::of(&page).unwrap();
        assert_eq!(again.previous.get("a.html"), Some(&(7, identity)));
        // A sink without a published site can reuse nothing.
        assert!(!again.reuse(&MemorySink::default(), "a.html", 7).unwrap());
        assert!(read_entries(&dir.path().join("missing")).is_empty());
        std::fs::write(&file, "another format\n").unwrap();
        assert!(read_entries(&file).is_empty());
    }
}
