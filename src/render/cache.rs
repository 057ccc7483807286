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
//!
//! The cache file also keeps a fingerprint of the build's inputs (every file
//! under `data/` and `templates/` and `ratingbook.toml`: path, size, inode,
//! modification and change times) and the build's warnings. A build
//! whose inputs have the same fingerprint, into a site folder that holds
//! exactly the files the cache lists with their identities, has nothing to
//! do and stops there, with the same warnings. A file changed less than [`SETTLE`] before a build is
//! not fingerprinted (its times may not yet tell a later change apart).
//! The cache file also keeps a hash of the inputs' names and bytes, taken
//! before loading them: a build whose inputs were touched (a fresh checkout,
//! a file written again) but whose content hash is the same, into an intact
//! site, stops there too, and records the new fingerprint.

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
const HEADER: &str = "ratingbook page cache 2";

/// How long after its last change an input file counts as settled.
pub const SETTLE: std::time::Duration = std::time::Duration::from_secs(2);

/// What the previous build left in the cache file.
#[derive(Debug, Default)]
pub struct Previous {
    entries: HashMap<String, (Key, FileIdentity)>,
    /// The inputs' fingerprint, and whether that build noted the missing sitemap.
    inputs: Option<(Key, bool)>,
    /// The hash of the inputs' content, and whether that build noted the missing sitemap.
    content: Option<(Key, bool)>,
    /// That build's warnings.
    warnings: Vec<crate::diagnostic::Diagnostic>,
    /// What that build read of each input file.
    input_hashes: InputHashes,
}

impl Previous {
    /// The cache file's content; empty when it is missing, unreadable or of
    /// another format (lines that do not parse are skipped).
    pub fn read(file: Option<&Path>) -> Previous {
        let Some(handle) = file.and_then(|f| std::fs::File::open(f).ok()) else {
            return Previous::default();
        };
        let mut lines = std::io::BufReader::new(handle).lines();
        if !matches!(lines.next(), Some(Ok(first)) if first == HEADER) {
            return Previous::default();
        }
        let mut previous = Previous::default();
        for line in lines.map_while(Result::ok) {
            if let Some(inputs) = line.strip_prefix("inputs\t") {
                previous.inputs = parse_inputs(inputs);
            } else if let Some(content) = line.strip_prefix("content\t") {
                previous.content = parse_inputs(content);
            } else if let Some(input) = line.strip_prefix("input\t") {
                if let Some((path, hashes)) = parse_input(input) {
                    previous.input_hashes.insert(path, hashes);
                }
            } else if let Some(warning) = line.strip_prefix("warning\t") {
                match serde_json::from_str(warning) {
                    Ok(warning) => previous.warnings.push(warning),
                    // Without all its warnings the build cannot be skipped.
                    Err(_) => (previous.inputs, previous.content) = (None, None),
                }
            } else if let Some((path, entry)) = parse_entry(&line) {
                previous.entries.insert(path, entry);
            }
        }
        previous
    }

    /// Whether the previous build had the inputs `inputs` and left `out`
    /// exactly as it is now; then, whether it noted the missing sitemap,
    /// and its warnings.
    pub fn unchanged(
        &mut self,
        inputs: Key,
        out: &Path,
    ) -> Option<(bool, Vec<crate::diagnostic::Diagnostic>)> {
        let (key, sitemap_note) = self.inputs?;
        (key == inputs && self.site_intact(out))
            .then(|| (sitemap_note, std::mem::take(&mut self.warnings)))
    }

    /// As [`Previous::unchanged`], for inputs whose content hash
    /// ([`inputs_content`]) is `content`: inputs touched (e.g. checked out
    /// again) but not changed.
    pub fn same_content(
        &mut self,
        content: Key,
        out: &Path,
    ) -> Option<(bool, Vec<crate::diagnostic::Diagnostic>)> {
        let (key, sitemap_note) = self.content?;
        (key == content && self.site_intact(out))
            .then(|| (sitemap_note, std::mem::take(&mut self.warnings)))
    }

    /// What the previous build read of each input file.
    pub fn input_hashes(&self) -> &InputHashes {
        &self.input_hashes
    }

    /// Number of files the previous build made or reused.
    pub fn files(&self) -> usize {
        self.entries.len()
    }

    /// Whether `out` holds exactly the listed files, each with its identity.
    fn site_intact(&self, out: &Path) -> bool {
        use rayon::prelude::*;
        let Ok(top) = std::fs::read_dir(out) else {
            return false;
        };
        let Ok(top) = top
            .map(|e| e.map(|e| e.path()))
            .collect::<Result<Vec<_>, _>>()
        else {
            return false;
        };
        // The site's top-level folders (players, tournaments, …) side by side.
        let counts: Option<Vec<usize>> = top
            .par_iter()
            .map(|path| self.intact_under(out, path))
            .collect();
        counts.is_some_and(|c| c.iter().sum::<usize>() == self.entries.len())
    }

    /// The number of files under `path` (a file or folder of the site `out`),
    /// or `None` if one is not listed with its identity.
    fn intact_under(&self, out: &Path, path: &Path) -> Option<usize> {
        let mut seen = 0;
        for entry in walkdir::WalkDir::new(path) {
            let entry = entry.ok()?;
            if entry.file_type().is_dir() {
                continue;
            }
            let name = super::output::slash_path(out, entry.path());
            let listed = self.entries.get(&name).map(|&(_, identity)| identity);
            if listed.is_none() || listed != FileIdentity::of(entry.path()) {
                return None;
            }
            seen += 1;
        }
        Some(seen)
    }
}

/// The files under `path` (a file or folder; none when missing) in name
/// order, each with its metadata and change time; `None` for one that cannot
/// be read.
fn input_files(
    path: &Path,
) -> impl Iterator<Item = Option<(walkdir::DirEntry, std::fs::Metadata, std::time::SystemTime)>> {
    let walk = path.exists().then(|| {
        walkdir::WalkDir::new(path)
            .follow_links(true)
            .sort_by_file_name()
    });
    walk.into_iter().flatten().filter_map(|entry| {
        let file = (|| {
            let entry = entry.ok()?;
            let meta = entry.metadata().ok()?;
            let changed = changed_time(&meta)?;
            Some((entry, meta, changed))
        })();
        match file {
            Some((_, meta, _)) if meta.is_dir() => None,
            file => Some(file),
        }
    })
}

/// The fingerprint of the files under `paths` (files or folders; missing
/// ones count as missing), or `None` when one cannot be read or changed
/// less than [`SETTLE`] before `started`.
pub fn inputs_fingerprint(paths: &[PathBuf], started: std::time::SystemTime) -> Option<Key> {
    let settled = started.checked_sub(SETTLE)?;
    let mut hasher = KeyHasher::new();
    for path in paths {
        let _ = write!(hasher, "{}\0", path.display());
        for file in input_files(path) {
            let (entry, meta, changed) = file?;
            if meta.modified().ok()? >= settled || changed >= settled {
                return None;
            }
            let identity = FileIdentity::of(entry.path())?;
            let _ = write!(
                hasher,
                "{}\0{}\0{}\0{}\0{:?}\0",
                entry.path().display(),
                identity.inode,
                identity.size,
                identity.modified,
                changed
            );
        }
    }
    Some(hasher.finish128())
}

/// The content hash of each input file the previous build read, by path:
/// the hash of the file's identity (inode, size, modification and change
/// times) when it was read, and of its bytes.
pub type InputHashes = HashMap<String, (Key, Key)>;

/// The hash of the inputs' content, and each settled file's hashes for the next build.
pub type InputsContent = (Key, Vec<(String, Key, Key)>);

/// The hash of the names and bytes of the files under `paths` (files or
/// folders; missing ones count as missing), and each settled file's hashes;
/// `None` when one cannot be read. A file settled since the previous build
/// read it ([`SETTLE`] before `started`), with the identity `known` gives,
/// is not read again; the others are read in parallel.
pub fn inputs_content(
    paths: &[PathBuf],
    started: std::time::SystemTime,
    known: &InputHashes,
) -> Option<InputsContent> {
    use rayon::prelude::*;
    let settled = started.checked_sub(SETTLE)?;
    // Each file with its identity's hash, if settled, and its content's, if known.
    let mut files: Vec<(PathBuf, Option<Key>, Option<Key>)> = Vec::new();
    for path in paths {
        for file in input_files(path) {
            let (entry, meta, changed) = file?;
            let identity = (meta.modified().ok()? < settled && changed < settled)
                .then(|| FileIdentity::of(entry.path()))
                .flatten()
                .map(|id| {
                    let mut hasher = KeyHasher::new();
                    let _ = write!(
                        hasher,
                        "{}\0{}\0{}\0{changed:?}",
                        id.inode, id.size, id.modified
                    );
                    hasher.finish128()
                });
            let name = entry.path().display().to_string();
            let content = known
                .get(&name)
                .filter(|&&(id, _)| Some(id) == identity)
                .map(|&(_, content)| content);
            files.push((entry.into_path(), identity, content));
        }
    }
    let hashes: Option<Vec<Key>> = files
        .par_iter()
        .map(|(f, _, known)| {
            known.or_else(|| {
                std::fs::read(f)
                    .ok()
                    .map(|b| xxhash_rust::xxh3::xxh3_128(&b))
            })
        })
        .collect();
    let mut hasher = KeyHasher::new();
    let _ = write!(hasher, "{paths:?}\0");
    let mut record = Vec::with_capacity(files.len());
    for ((file, identity, _), hash) in files.into_iter().zip(hashes?) {
        let name = file.display().to_string();
        let _ = write!(hasher, "{name}\0{hash:x}\0");
        if let Some(identity) = identity {
            record.push((name, identity, hash));
        }
    }
    Some((hasher.finish128(), record))
}

/// Rewrites the cache file `file` with `inputs` as its inputs' fingerprint,
/// after a build found the inputs touched but their content unchanged.
pub fn refresh_inputs(file: &Path, inputs: Key) -> std::io::Result<()> {
    let text = std::fs::read_to_string(file)?;
    let Some(note) = text
        .lines()
        .find_map(|l| l.strip_prefix("content\t"))
        .and_then(parse_inputs)
        .map(|(_, note)| note)
    else {
        return Ok(());
    };
    let mut out = String::with_capacity(text.len() + 64);
    for (i, line) in text.lines().enumerate() {
        if i == 1 {
            out.push_str(&format!("inputs\t{inputs:032x}\t{}\n", u8::from(note)));
        }
        if !line.starts_with("inputs\t") {
            out.push_str(line);
            out.push('\n');
        }
    }
    let temporary = file.with_extension("partial");
    std::fs::write(&temporary, out)?;
    std::fs::rename(&temporary, file)
}

/// When the file's metadata last changed (which no program can set back).
#[cfg(unix)]
fn changed_time(meta: &std::fs::Metadata) -> Option<std::time::SystemTime> {
    use std::os::unix::fs::MetadataExt;
    let nanos = u64::try_from(meta.ctime()).ok()? * 1_000_000_000
        + u64::try_from(meta.ctime_nsec()).ok()?;
    Some(std::time::UNIX_EPOCH + std::time::Duration::from_nanos(nanos))
}

/// Elsewhere the modification time stands in.
#[cfg(not(unix))]
fn changed_time(meta: &std::fs::Metadata) -> Option<std::time::SystemTime> {
    meta.modified().ok()
}

fn parse_input(text: &str) -> Option<(String, (Key, Key))> {
    let mut fields = text.splitn(3, '\t');
    let identity = Key::from_str_radix(fields.next()?, 16).ok()?;
    let content = Key::from_str_radix(fields.next()?, 16).ok()?;
    Some((fields.next()?.to_string(), (identity, content)))
}

fn parse_inputs(text: &str) -> Option<(Key, bool)> {
    let (key, note) = text.split_once('\t')?;
    Some((Key::from_str_radix(key, 16).ok()?, note == "1"))
}

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
    /// configuration, written with `Debug`), over the previous build's keys.
    pub fn open(previous: Previous, shared: &dyn std::fmt::Debug) -> PageCache {
        let mut hasher = KeyHasher::new();
        let _ = write!(hasher, "{} {shared:?}", env!("CARGO_PKG_VERSION"));
        PageCache {
            base: hasher.finish128(),
            previous: previous.entries,
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

    /// The key of a page whose own data is fingerprinted instead of given
    /// whole: its template, path and root, the hash of what every page
    /// shares (`shared`) and the fingerprint of its own data.
    pub fn fingerprint_key(
        &self,
        (template, path, root): (&str, &str, &str),
        shared: Key,
        fingerprint: Key,
    ) -> Key {
        let mut hasher = KeyHasher::new();
        let _ = write!(
            hasher,
            "{:x}\0fingerprint\0{template}\0{path}\0{root}\0{shared:x}\0{fingerprint:x}",
            self.base
        );
        hasher.finish128()
    }

    /// The key of a file that is not rendered from a template: its bytes.
    pub fn bytes_key(&self, path: &str, bytes: &[u8]) -> Key {
        let mut hasher = KeyHasher::new();
        let _ = write!(hasher, "{:x}\0{path}\0", self.base);
        hasher.0.update(bytes);
        hasher.finish128()
    }

    /// The files the previous build made or reused, by path.
    pub fn previous_paths(&self) -> impl Iterator<Item = &str> {
        self.previous.keys().map(String::as_str)
    }

    /// Whether the previous build made `path` with `key`.
    pub fn had(&self, path: &str, key: Key) -> bool {
        self.previous.get(path).is_some_and(|&(k, _)| k == key)
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
    /// gives its path in the published site (paths without one are left out),
    /// and what it says of the build's inputs. Written to a temporary file
    /// and renamed, so a reader never sees half.
    pub fn save(
        self,
        file: &Path,
        identity: impl Fn(&str) -> Option<FileIdentity>,
        inputs: &InputsRecord,
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
        let note = u8::from(inputs.sitemap_note);
        if let Some(key) = inputs.metadata {
            writeln!(out, "inputs\t{key:032x}\t{note}")?;
        }
        if let Some((key, files)) = &inputs.content {
            writeln!(out, "content\t{key:032x}\t{note}")?;
            for (path, identity, content) in files {
                writeln!(out, "input\t{identity:032x}\t{content:032x}\t{path}")?;
            }
        }
        if inputs.metadata.is_some() || inputs.content.is_some() {
            for warning in inputs.warnings {
                let json = serde_json::to_string(warning).map_err(std::io::Error::other)?;
                writeln!(out, "warning\t{json}")?;
            }
        }
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

/// What the cache file keeps of a build's inputs, for skipping the next
/// build when they are the same.
#[derive(Debug, Default)]
pub struct InputsRecord<'a> {
    /// Their fingerprint ([`inputs_fingerprint`]), if they were settled.
    pub metadata: Option<Key>,
    /// Their content's hash and each file's ([`inputs_content`]), if they could be read.
    pub content: Option<InputsContent>,
    /// Whether the build noted the missing sitemap.
    pub sitemap_note: bool,
    /// The build's warnings.
    pub warnings: &'a [crate::diagnostic::Diagnostic],
}

/// The cache file of the site folder `out`: `.ratingbook-cache/<name>.pages`
/// beside it.
pub fn file_for(out: &Path) -> Option<PathBuf> {
    let name = out.file_name()?.to_string_lossy().into_owned();
    Some(out.with_file_name(FOLDER).join(format!("{name}.pages")))
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
        let cache = PageCache::open(Previous::default(), &"templates A");
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
        let other = PageCache::open(Previous::default(), &"templates B");
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
        let cache = PageCache::open(Previous::default(), &"t");
        cache.made("a.html", 7);
        cache
            .save(
                &file,
                |p| FileIdentity::of(&dir.path().join(p)),
                &InputsRecord {
                    metadata: Some(9),
                    content: Some((11, vec![("data/a.toml".into(), 3, 4)])),
                    sitemap_note: true,
                    warnings: &[],
                },
            )
            .unwrap();
        let previous = Previous::read(Some(&file));
        assert_eq!(previous.inputs, Some((9, true)));
        assert_eq!(previous.content, Some((11, true)));
        refresh_inputs(&file, 10).unwrap();
        let mut previous = Previous::read(Some(&file));
        assert_eq!(previous.inputs, Some((10, true)));
        assert_eq!(previous.content, Some((11, true)));
        assert_eq!(previous.input_hashes().get("data/a.toml"), Some(&(3, 4)));
        assert_eq!(
            previous.unchanged(10, dir.path()),
            None,
            "the cache file is no page"
        );
        let again = PageCache::open(previous, &"t");
        let identity = FileIdentity::of(&page).unwrap();
        assert_eq!(again.previous.get("a.html"), Some(&(7, identity)));
        // A sink without a published site can reuse nothing.
        assert!(!again.reuse(&MemorySink::default(), "a.html", 7).unwrap());
        assert_eq!(Previous::read(Some(&dir.path().join("missing"))).files(), 0);
        std::fs::write(&file, "another format\n").unwrap();
        assert_eq!(Previous::read(Some(&file)).files(), 0);
    }
}
