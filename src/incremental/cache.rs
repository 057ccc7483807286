//! The build cache: what each published file was made from, so that a
//! rebuild renders only the pages whose inputs changed.
//!
//! Every file of the site gets a key: for a page, a hash of its template
//! name, its place in the site and everything its template receives (the
//! view data, the site-wide values), combined with a hash of the whole
//! template set, of the configuration and of the tool ([`tool_key`]); for any
//! other file, a hash of its bytes. After a successful build the keys are
//! stored with each file's identity (inode, size, modification time) in
//! `.ratingbook-cache/<site folder name>.pages` beside the site folder. The
//! next build reuses the published file, without rendering it, only when the
//! key is the same and the file still has that identity, so an edited or
//! replaced file is rendered again. Deleting the folder is always safe: the
//! next build renders everything.
//!
//! The cache file also keeps a fingerprint of the build's inputs (the tool,
//! and every file under `data/` and `templates/` and `ratingbook.toml`:
//! path, size, inode, modification and change times), a fingerprint of the site it left (every
//! file's path and identity, [`SiteFingerprint`]) and the build's warnings,
//! in its first lines; the per-file lines come last. A build whose inputs
//! have the same fingerprint, into a site folder whose files have the same
//! fingerprint (a scan that stats them side by side), has nothing to do and
//! stops there, with the same warnings, having read only the first lines.
//! A site file edited, added or deleted by hand changes the site's
//! fingerprint: the build goes on and repairs it. A file changed less than [`SETTLE`] before a build is
//! not fingerprinted (its times may not yet tell a later change apart).
//! The cache file also keeps a hash of the inputs' names and bytes, taken
//! before loading them: a build whose inputs were touched (a fresh checkout,
//! a file written again) but whose content hash is the same, into an intact
//! site, stops there too, and records the new fingerprint.

use super::cache_file::*;
use super::inputs::*;
use super::previous::*;
use super::scan::SiteFingerprint;
use crate::site_files::{lock, FileIdentity, Sink, WriteError};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

pub use super::hashing::Key;

/// The name of the cache folder, beside the site folder.
pub const FOLDER: &str = ".ratingbook-cache";

/// Keys of the previous build and of this one.
#[derive(Debug, Default)]
pub struct PageCache {
    /// Hash of what every page shares: tool version, templates, configuration.
    base: Key,
    previous: foldhash::HashMap<String, PreviousFile>,
    next: PerThread<(String, Key)>,
    rendered: AtomicUsize,
    reused: AtomicUsize,
    /// Where the previous build's dumps had each piece.
    previous_pieces: PieceIndex,
    /// Where this build's dumps have each piece, by path and key.
    next_pieces: Mutex<Vec<(String, Key, Piece)>>,
    /// Where the dumps of the site before the previous one had each piece.
    spare_pieces: SparePieceIndex,
    pieces_reused: AtomicUsize,
    pieces_in_place: AtomicUsize,
}

/// A list that any number of threads add to at once, each to a part of
/// its own: every page of a rebuild adds a line, hundreds of thousands of
/// them from every processor, and behind one lock the processors keep
/// taking the lock's memory from each other. The parts are joined in no
/// particular order.
#[derive(Debug)]
struct PerThread<T> {
    /// One part per worker thread of the thread pool, and one for any
    /// other thread (they share it).
    parts: Box<[Mutex<Vec<T>>]>,
}

impl<T> Default for PerThread<T> {
    fn default() -> Self {
        PerThread::with_capacity(0)
    }
}

impl<T> PerThread<T> {
    /// Room for about `items` in all, shared by the worker threads.
    fn with_capacity(items: usize) -> Self {
        let workers = rayon::current_num_threads();
        let parts = (0..=workers)
            .map(|part| {
                Mutex::new(Vec::with_capacity(if part == 0 {
                    0
                } else {
                    items / workers
                }))
            })
            .collect();
        PerThread { parts }
    }

    fn push(&self, item: T) {
        let part = rayon::current_thread_index().map_or(0, |worker| worker + 1);
        let part = &self.parts[part.min(self.parts.len() - 1)];
        lock(part).push(item);
    }

    /// Every item added so far, leaving none.
    fn take(&self) -> Vec<T> {
        let mut parts: Vec<std::sync::MutexGuard<'_, Vec<T>>> =
            self.parts.iter().map(lock).collect();
        let mut all = Vec::with_capacity(parts.iter().map(|part| part.len()).sum());
        for part in &mut parts {
            all.append(part);
        }
        all
    }
}

/// How much of a build the cache saved.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct CacheReport {
    /// Files made (pages rendered, other files produced and stored).
    pub rendered: usize,
    /// Files taken over from the published site without rendering.
    pub reused: usize,
    /// Pieces of SQL dumps taken over from the published dumps.
    pub dump_pieces_reused: usize,
    /// Pieces of SQL dumps left where they were in the dump written over.
    pub dump_pieces_in_place: usize,
}

impl PageCache {
    /// A cache whose keys depend on `shared` (e.g. the tool, the templates
    /// and the configuration, written with `Debug`), over the previous
    /// build's keys.
    pub fn open(mut previous: Previous, shared: &dyn std::fmt::Debug) -> PageCache {
        previous.read_files();
        let mut hasher = KeyHasher::new();
        let _ = write!(hasher, "{shared:?}");
        // This build has about as many files as the previous one.
        let next = PerThread::with_capacity(previous.files.entries.len());
        PageCache {
            base: hasher.finish128(),
            next,
            previous: previous.files.entries,
            previous_pieces: previous.files.pieces,
            spare_pieces: previous.files.spare_pieces,
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
        // Laid out in one buffer and hashed at once: every page of a
        // federation's site asks for one, and formatting the hashes as text
        // for a streaming hasher cost several times more.
        let texts = template.len() + path.len() + root.len();
        let mut bytes = Vec::with_capacity(64 + texts);
        bytes.extend_from_slice(&self.base.to_le_bytes());
        bytes.extend_from_slice(b"\0fingerprint\0");
        for text in [template, path, root] {
            bytes.extend_from_slice(text.as_bytes());
            bytes.push(0);
        }
        bytes.extend_from_slice(&shared.to_le_bytes());
        bytes.extend_from_slice(&fingerprint.to_le_bytes());
        xxhash_rust::xxh3::xxh3_128(&bytes)
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
        self.previous.get(path).is_some_and(|file| file.key == key)
    }

    /// Stores the published file `path` in `sink` without making it again,
    /// if the previous build made it with `key` and it is unchanged since;
    /// whether it did.
    pub fn reuse(&self, sink: &dyn Sink, path: &str, key: Key) -> Result<bool, WriteError> {
        let Some(&previous) = self.previous.get(path) else {
            return Ok(false);
        };
        if previous.key != key {
            return Ok(false);
        }
        let kept = if previous.staged {
            sink.keep_found(path, previous.identity)?
        } else {
            sink.keep(path, previous.identity)?
        };
        if !kept {
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
        self.next.push((path.to_string(), key));
    }

    /// Files made and reused so far.
    pub fn report(&self) -> CacheReport {
        CacheReport {
            rendered: self.rendered.load(Ordering::Relaxed),
            reused: self.reused.load(Ordering::Relaxed),
            dump_pieces_reused: self.pieces_reused.load(Ordering::Relaxed),
            dump_pieces_in_place: self.pieces_in_place.load(Ordering::Relaxed),
        }
    }

    /// How many files the previous build left.
    pub fn previous_count(&self) -> usize {
        self.previous.len()
    }

    /// The identity the published file `path` had when the previous build
    /// left it.
    pub fn previous_identity(&self, path: &str) -> Option<FileIdentity> {
        self.previous.get(path).map(|file| file.identity)
    }

    /// Where the previous build's `path` had the piece `key`, if it had it
    /// (and its line in the cache file is intact: `piece_check`). The key
    /// is the piece's content's; the tool that wrote it is mixed in here.
    pub fn previous_piece(&self, path: &str, key: Key) -> Option<Piece> {
        self.previous_pieces
            .get(path)?
            .get(&self.piece_key(key))
            .copied()
    }

    /// Where the dump `path` of the site before the previous one had the
    /// piece `key`, if that dump is the file `spare` identifies and its line
    /// in the cache file is intact (`spare_piece_check`).
    pub fn spare_piece(&self, path: &str, key: Key, spare: FileIdentity) -> Option<Piece> {
        let &(piece, identity) = self.spare_pieces.get(path)?.get(&self.piece_key(key))?;
        (identity == spare).then_some(piece)
    }

    /// Notes that a piece of a dump was left where it was in the dump written over.
    pub fn piece_in_place(&self) {
        self.pieces_in_place.fetch_add(1, Ordering::Relaxed);
    }

    /// A piece's key as the cache keeps it: its content's key, with what
    /// every page shares (the tool, the templates, the configuration).
    fn piece_key(&self, content: Key) -> Key {
        let mut hasher = KeyHasher::new();
        let _ = write!(hasher, "{:x}\0piece\0{content:x}", self.base);
        hasher.finish128()
    }

    /// Notes that a piece of the previous build's dump was taken over.
    pub fn piece_reused(&self) {
        self.pieces_reused.fetch_add(1, Ordering::Relaxed);
    }

    /// Notes that this build's `path` has the piece `key`, `length` bytes
    /// at `offset`.
    pub fn made_piece(&self, path: &str, key: Key, offset: u64, length: u64) {
        let piece = Piece { offset, length };
        lock(&self.next_pieces).push((path.to_string(), self.piece_key(key), piece));
    }

    /// Writes this build's keys for `file`, each with the identity `identity`
    /// gives its path in the published site (paths without one are left out),
    /// and what it says of the build's inputs, to a temporary file beside
    /// it: [`SavedCache::put_in_place`] renames it once the site is
    /// published, so a reader never sees half, nor a cache of a site that
    /// was not published. Takes the keys: a second call saves none.
    pub fn save_beside(
        &self,
        file: &Path,
        identity: impl Fn(&str) -> Option<FileIdentity> + Sync,
        inputs: &InputsRecord,
    ) -> std::io::Result<SavedCache> {
        use rayon::prelude::*;
        let mut entries = self.next.take();
        entries.par_sort_unstable();
        let entries: Vec<(String, Key, FileIdentity)> = entries
            .into_par_iter()
            .filter_map(|(path, key)| identity(&path).map(|id| (path, key, id)))
            .collect();
        let site = entries
            .par_iter()
            .map(|(path, _, id)| SiteFingerprint::one(path.as_bytes(), *id))
            .reduce(SiteFingerprint::default, SiteFingerprint::with);
        if let Some(parent) = file.parent() {
            std::fs::create_dir_all(parent)?;
        }
        let temporary = file.with_extension("partial");
        let written = crate::atomic_write::create_or_write_over(&temporary)?;
        let mut out = std::io::BufWriter::with_capacity(1 << 20, written);
        writeln!(out, "{HEADER}")?;
        let note = u8::from(inputs.sitemap_note);
        if let Some(key) = inputs.metadata {
            writeln!(out, "inputs\t{key:032x}\t{note}")?;
        }
        if let Some((key, _)) = &inputs.content {
            writeln!(out, "content\t{key:032x}\t{note}")?;
        }
        writeln!(out, "site\t{:032x}\t{}", site.sum, site.files)?;
        if let Some(id) = inputs.parsed {
            writeln!(out, "parsed\t{}\t{}\t{}", id.inode, id.size, id.modified)?;
        }
        if let Some(id) = inputs.rated {
            writeln!(out, "rated\t{}\t{}\t{}", id.inode, id.size, id.modified)?;
        }
        if inputs.metadata.is_some() || inputs.content.is_some() {
            let (players, tournaments) = inputs.checked;
            writeln!(out, "checked\t{players}\t{tournaments}")?;
            for warning in inputs.warnings {
                let json = serde_json::to_string(warning).map_err(std::io::Error::other)?;
                writeln!(out, "warning\t{json}")?;
            }
        }
        // The per-file lines last: an unchanged build stops reading before them.
        if let Some((_, files)) = &inputs.content {
            input_lines(&mut out, files)?;
        }
        write_lines(&mut out, &entries, |line, (path, key, id)| {
            let numbers = [u128::from(id.inode), u128::from(id.size), id.modified];
            push_fields(line, &[*key], &numbers, path);
            Ok(())
        })?;
        let pieces = std::mem::take(&mut *lock(&self.next_pieces));
        // Only pieces of files kept with their identity: a piece is found
        // in the file the identity names, or not at all. (The entries are
        // in path order.)
        let kept = |path: &str| {
            entries
                .binary_search_by(|(entry, _, _)| entry.as_str().cmp(path))
                .is_ok()
        };
        for (path, key, piece) in pieces {
            if kept(path.as_str()) {
                let Piece { offset, length } = piece;
                let check = piece_check(&path, key, piece);
                writeln!(
                    out,
                    "piece\t{key:032x}\t{offset}\t{length}\t{check:032x}\t{path}"
                )?;
            }
        }
        self.write_spare_pieces(&mut out)?;
        let mut written = out.into_inner().map_err(|e| e.into_error())?;
        crate::atomic_write::cut_after_written(&mut written)?;
        written.sync_all()?;
        Ok(SavedCache {
            temporary,
            file: file.to_path_buf(),
        })
    }
}

impl PageCache {
    /// Writes the previous build's dumps' pieces as the spare's: once this
    /// build's site is published, the previous one is the spare the next
    /// build is made in, and a dump written over its dump there leaves in
    /// place each piece that is where it was.
    fn write_spare_pieces(&self, out: &mut impl std::io::Write) -> std::io::Result<()> {
        let mut paths: Vec<&String> = self.previous_pieces.keys().collect();
        paths.sort();
        for path in paths {
            let Some(file) = self.previous.get(path.as_str()) else {
                continue;
            };
            let mut pieces: Vec<(&Key, &Piece)> = self.previous_pieces[path].iter().collect();
            pieces.sort_by_key(|(_, piece)| piece.offset);
            for (&key, &piece) in pieces {
                let spare = (piece, file.identity);
                let check = spare_piece_check(path, key, spare);
                let (Piece { offset, length }, id) = spare;
                writeln!(
                    out,
                    "spare piece\t{key:032x}\t{offset}\t{length}\t{}\t{}\t{}\t{check:032x}\t{path}",
                    id.inode, id.size, id.modified
                )?;
            }
        }
        Ok(())
    }
}

/// A build cache written beside its file by [`PageCache::save_beside`],
/// not yet in place.
#[derive(Debug)]
pub struct SavedCache {
    temporary: PathBuf,
    file: PathBuf,
}

impl SavedCache {
    /// Puts the cache in place of the previous one, in one step; the
    /// previous one waits beside it, to be written over next time.
    pub fn put_in_place(self) -> std::io::Result<()> {
        crate::atomic_write::swap_in(&self.temporary, &self.file)
    }

    /// Removes it: the site it describes was not published.
    pub fn discard(self) {
        let _ = std::fs::remove_file(&self.temporary);
    }
}

/// What the cache file keeps of a build's inputs, for skipping the next
/// build when they are the same.
#[derive(Debug, Default)]
pub struct InputsRecord<'a> {
    /// Their fingerprint ([`inputs_fingerprint`]), if they were settled.
    pub metadata: Option<Key>,
    /// Their content's hash and each file's ([`inputs_content`]), if they could be read.
    pub content: Option<&'a InputsContent>,
    /// Whether the build noted the missing sitemap.
    pub sitemap_note: bool,
    /// The identity of the parsed-files checkpoint the build wrote.
    pub parsed: Option<FileIdentity>,
    /// The identity of the ratings the build kept for the next one.
    pub rated: Option<FileIdentity>,
    /// The build's warnings.
    pub warnings: &'a [crate::diagnostic::Diagnostic],
    /// How many players and tournaments the build read.
    pub checked: (usize, usize),
}

/// The cache file of the site folder `out`: `.ratingbook-cache/<name>.pages`
/// beside it.
pub fn file_for(out: &Path) -> Option<PathBuf> {
    let name = out.file_name()?.to_string_lossy().into_owned();
    Some(out.with_file_name(FOLDER).join(format!("{name}.pages")))
}

/// The cache file of the site built most recently into a folder in `root`
/// (its cache is in `root`'s cache folder), if there is one.
pub fn latest_in(root: &Path) -> Option<PathBuf> {
    let folder = root.join(FOLDER);
    // A link (brought by the repository, say) is not followed out of it.
    if std::fs::symlink_metadata(&folder)
        .ok()?
        .file_type()
        .is_symlink()
    {
        return None;
    }
    let folder = std::fs::read_dir(folder).ok()?;
    let files = folder.filter_map(Result::ok).filter_map(|entry| {
        let path = entry.path();
        let metadata = entry.metadata().ok()?;
        let pages = metadata.is_file() && path.extension()? == "pages";
        pages.then_some((metadata.modified().ok()?, path))
    });
    files.max().map(|(_, path)| path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::incremental::scan;
    use crate::site_files::MemorySink;

    #[test]
    fn a_list_added_to_from_every_thread_gives_back_each_item_once() {
        use rayon::prelude::*;
        let list = PerThread::with_capacity(10);
        (0..10_000u32).into_par_iter().for_each(|n| list.push(n));
        list.push(10_000);
        let mut items = list.take();
        items.sort_unstable();
        assert_eq!(items, (0..=10_000).collect::<Vec<u32>>());
        assert!(list.take().is_empty(), "taken items are gone");
    }

    #[test]
    fn keys_and_numbers_are_written_as_the_formatter_writes_them() {
        for key in [
            0,
            1,
            0xabc,
            u128::MAX,
            0x0123_4567_89ab_cdef_fedc_ba98_7654_3210,
        ] {
            let mut line = Vec::new();
            push_key(&mut line, key);
            assert_eq!(String::from_utf8(line).unwrap(), format!("{key:032x}"));
            let mut line = Vec::new();
            push_number(&mut line, key);
            assert_eq!(String::from_utf8(line).unwrap(), key.to_string());
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_cache_file_behind_a_link_is_not_read() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join(FOLDER);
        std::fs::create_dir(&folder).unwrap();
        let real = dir.path().join("elsewhere.pages");
        std::fs::write(&real, format!("{HEADER}\n")).unwrap();
        assert!(Previous::read(Some(&real)).rest.is_some(), "a cache file");
        let link = folder.join("site.pages");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        assert!(Previous::read(Some(&link)).rest.is_none());
        assert_eq!(latest_in(dir.path()), None);
        std::fs::copy(&real, folder.join("public.pages")).unwrap();
        assert_eq!(latest_in(dir.path()), Some(folder.join("public.pages")));
    }

    #[test]
    fn another_tool_changes_the_inputs_hash() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.toml"), "name = \"A\"\n").unwrap();
        let paths = vec![dir.path().to_path_buf()];
        let files = scan::input_files(&paths).unwrap();
        let later = std::time::SystemTime::now() + std::time::Duration::from_secs(60);
        let none = InputHashes::default();
        let hash = |tool: Key| {
            inputs_content(tool, dir.path(), &paths, &files, later, &none)
                .unwrap()
                .0
        };
        assert_eq!(hash(1), hash(1));
        assert_ne!(
            hash(1),
            hash(2),
            "a build by another tool would keep the site"
        );
        let fingerprint = |tool| inputs_fingerprint(tool, &paths, &files, later);
        assert!(fingerprint(1).is_some());
        assert_ne!(fingerprint(1), fingerprint(2));
        // The running tool has one key, the same each time it is asked.
        assert_eq!(tool_key(), tool_key());
    }

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
    fn the_inputs_lines_are_read_up_to_the_first_other_line_and_the_rest_after_it() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("site.pages");
        let hex = |n: u128| format!("{n:032x}");
        let lines = [
            HEADER.to_string(),
            format!("inputs\t{}\t0", hex(1)),
            format!("input\t{}\t{}\tdata/a.toml", hex(2), hex(3)),
            "input\tnot a hash\tdata/b.toml".to_string(),
            format!("input\t{}\t{}\tdata/c.toml", hex(4), hex(5)),
            format!("{}\t1\t2\t3\ta.html", hex(6)),
            format!("input\t{}\t{}\tdata/late.toml", hex(7), hex(8)),
            format!("{}\t4\t5\t6\tb.html", hex(9)),
        ];
        std::fs::write(&file, lines.join("\n") + "\n").unwrap();
        let mut previous = Previous::read(Some(&file));
        let rest = previous.read_inputs_leaving_files();
        let mut inputs: Vec<_> = previous.input_hashes().iter().collect();
        inputs.sort();
        let a = ("data/a.toml".to_string(), (2, 3));
        let c = ("data/c.toml".to_string(), (4, 5));
        assert_eq!(inputs, [(&a.0, &a.1), (&c.0, &c.1)]);
        previous.add_files(rest.read());
        let mut files: Vec<_> = previous.files.entries.iter().collect();
        files.sort_by_key(|(name, _)| name.as_str());
        let keys: Vec<_> = files
            .iter()
            .map(|(name, f)| (name.as_str(), f.key))
            .collect();
        assert_eq!(keys, [("a.html", 6), ("b.html", 9)]);
        assert_eq!(
            previous.input_hashes().len(),
            2,
            "a late input line is skipped"
        );
    }

    #[test]
    fn saved_keys_are_reused_only_for_the_same_key_and_file() {
        let dir = tempfile::tempdir().unwrap();
        let page = dir.path().join("a.html");
        std::fs::write(&page, "bytes").unwrap();
        let file = dir.path().join(FOLDER).join("site.pages");
        let cache = PageCache::open(Previous::default(), &"t");
        cache.made("a.html", 7);
        let saved = cache
            .save_beside(
                &file,
                |p| FileIdentity::of(&dir.path().join(p)),
                &InputsRecord {
                    metadata: Some(9),
                    content: Some(&(
                        11,
                        vec![InputHash {
                            path: "data/a.toml".into(),
                            identity: Some(3),
                            content: 4,
                            link: false,
                        }],
                    )),
                    sitemap_note: true,
                    parsed: Some(FileIdentity {
                        inode: 5,
                        size: 6,
                        modified: 7,
                    }),
                    rated: Some(FileIdentity {
                        inode: 12,
                        size: 13,
                        modified: 14,
                    }),
                    warnings: &[],
                    checked: (15, 16),
                },
            )
            .unwrap();
        assert!(!file.exists(), "not in place before the site is published");
        saved.put_in_place().unwrap();
        // A cache whose site was not published leaves the one in place alone.
        let before = std::fs::read(&file).unwrap();
        cache.made("b.html", 8);
        let unpublished = cache
            .save_beside(&file, |_| None, &InputsRecord::default())
            .unwrap();
        unpublished.discard();
        assert_eq!(std::fs::read(&file).unwrap(), before);
        assert_eq!(
            std::fs::read_dir(file.parent().unwrap()).unwrap().count(),
            1
        );
        let mut previous = Previous::read(Some(&file));
        assert_eq!(previous.inputs, Some((9, true)));
        let parsed = previous
            .parsed_identity()
            .map(|p| (p.inode, p.size, p.modified));
        assert_eq!(parsed, Some((5, 6, 7)));
        let rated = previous
            .rated_identity()
            .map(|p| (p.inode, p.size, p.modified));
        assert_eq!(rated, Some((12, 13, 14)));
        assert_eq!(previous.content, Some((11, true)));
        assert_eq!(previous.checked, Some((15, 16)));
        assert!(previous.checked_unchanged(10).is_none(), "other inputs");
        let checked = previous.checked_unchanged(9).unwrap();
        assert_eq!((checked.players, checked.tournaments), (15, 16));
        assert_eq!(previous.files(), 1, "the site's size from the first lines");
        assert!(previous.files.entries.is_empty() && previous.input_hashes().is_empty());
        previous.read_files();
        assert_eq!(previous.files.entries.len(), 1);
        assert_eq!(previous.input_hashes().get("data/a.toml"), Some(&(3, 4)));
        let settled = InputHash {
            path: "data/a.toml".into(),
            identity: Some(5),
            content: 4,
            link: false,
        };
        refresh_inputs(&file, 10, &[settled]).unwrap();
        let mut previous = Previous::read(Some(&file));
        assert_eq!(previous.inputs, Some((10, true)));
        assert_eq!(previous.content, Some((11, true)));
        assert_eq!(previous.files(), 1);
        previous.read_files();
        assert_eq!(previous.input_hashes().get("data/a.toml"), Some(&(5, 4)));
        assert_eq!(
            previous.unchanged(10, dir.path()),
            None,
            "the cache file is no page"
        );
        let again = PageCache::open(previous, &"t");
        let identity = FileIdentity::of(&page).unwrap();
        let expected = PreviousFile {
            key: 7,
            identity,
            staged: false,
        };
        assert_eq!(again.previous.get("a.html"), Some(&expected));
        // A sink without a published site can reuse nothing.
        assert!(!again.reuse(&MemorySink::default(), "a.html", 7).unwrap());
        let mut intact = Previous::read(Some(&file));
        // Only the page left in the folder: the site the cache file lists.
        std::fs::remove_dir_all(dir.path().join(FOLDER)).unwrap();
        assert_eq!(intact.unchanged(10, dir.path()), Some((true, vec![])));
        std::fs::write(&page, "edited").unwrap();
        assert_eq!(intact.unchanged(10, dir.path()), None);
        assert_eq!(Previous::read(Some(&dir.path().join("missing"))).files(), 0);
        std::fs::create_dir_all(dir.path().join(FOLDER)).unwrap();
        std::fs::write(&file, "another format\n").unwrap();
        assert_eq!(Previous::read(Some(&file)).files(), 0);
    }
}
