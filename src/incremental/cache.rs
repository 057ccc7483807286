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

use super::scan::{self, InputFile, SiteFingerprint};
use crate::site_files::{lock, FileIdentity, Sink, WriteError};
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
const HEADER: &str = "ratingbook page cache 5";

/// How long after its last change an input file counts as settled.
pub const SETTLE: std::time::Duration = std::time::Duration::from_secs(2);

/// What the previous build left in the cache file.
#[derive(Debug, Default)]
pub struct Previous {
    /// That build's site files and its dumps' pieces.
    files: PreviousFiles,
    /// The inputs' fingerprint, and whether that build noted the missing sitemap.
    inputs: Option<(Key, bool)>,
    /// The hash of the inputs' content, and whether that build noted the missing sitemap.
    content: Option<(Key, bool)>,
    /// The fingerprint of the site that build left.
    site: Option<SiteFingerprint>,
    /// That build's warnings.
    warnings: Vec<crate::diagnostic::Diagnostic>,
    /// What that build read of each input file.
    input_hashes: InputHashes,
    /// The identity the parsed-files checkpoint had when that build wrote it.
    parsed: Option<FileIdentity>,
    /// The cache file and where its per-file lines start, until they are read.
    rest: Option<(PathBuf, u64)>,
}

impl Previous {
    /// The cache file's first lines (what an unchanged build needs); empty
    /// when it is missing, unreadable or of another format (lines that do
    /// not parse are skipped). The per-file lines are read by
    /// [`Previous::read_files`], when the build goes on.
    pub fn read(file: Option<&Path>) -> Previous {
        let Some(path) = file else {
            return Previous::default();
        };
        let Some(handle) = open_regular(path) else {
            return Previous::default();
        };
        let mut reader = std::io::BufReader::new(handle);
        let mut line = String::new();
        if read_line(&mut reader, &mut line).is_none_or(|_| line != HEADER) {
            return Previous::default();
        }
        let mut previous = Previous::default();
        let mut start = (HEADER.len() + 1) as u64;
        while let Some(length) = read_line(&mut reader, &mut line) {
            if !previous.read_header_line(&line) {
                break;
            }
            start += length as u64;
        }
        previous.rest = Some((path.to_path_buf(), start));
        previous
    }

    /// Takes in a line of the cache file's first part; whether it was one.
    fn read_header_line(&mut self, line: &str) -> bool {
        if let Some(inputs) = line.strip_prefix("inputs\t") {
            self.inputs = parse_inputs(inputs);
        } else if let Some(content) = line.strip_prefix("content\t") {
            self.content = parse_inputs(content);
        } else if let Some(site) = line.strip_prefix("site\t") {
            self.site = parse_site(site);
        } else if let Some(parsed) = line.strip_prefix("parsed\t") {
            self.parsed = parse_identity(parsed);
        } else if let Some(warning) = line.strip_prefix("warning\t") {
            match serde_json::from_str(warning) {
                Ok(warning) => self.warnings.push(warning),
                // Without all its warnings the build cannot be skipped.
                Err(_) => (self.inputs, self.content) = (None, None),
            }
        } else {
            return false;
        }
        true
    }

    /// Reads the cache file's per-file lines (each input's hashes, each
    /// site file's key and identity), once.
    pub fn read_files(&mut self) {
        if let Some(rest) = self.rest.take() {
            self.add(read_file_lines(&rest, |_| true));
        }
    }

    /// Reads only what the previous build read of each input file (its
    /// hashes), once: all that taking over its parsed files needs.
    pub fn read_inputs(&mut self) {
        self.read_inputs_leaving_files();
    }

    /// Reads what the previous build read of each input file now, and hands
    /// back the reading of the other per-file lines (the site's files and
    /// the dumps' pieces), for another thread to do while the build goes
    /// on; [`Previous::add_files`] takes them in. The inputs' lines come
    /// first in the file: reading stops at the first other line, where the
    /// other reading starts (an input's line found later is skipped there;
    /// that input is only read again).
    pub fn read_inputs_leaving_files(&mut self) -> FilesToRead {
        let Some((path, start)) = self.rest.take() else {
            return FilesToRead(None);
        };
        let (hashes, end) = read_input_lines(&path, start);
        self.input_hashes = hashes;
        FilesToRead(Some((path, end)))
    }

    /// Takes in the site's files and the dumps' pieces [`FilesToRead::read`] read.
    pub fn add_files(&mut self, files: PreviousFiles) {
        if self.files.entries.is_empty() && self.files.pieces.is_empty() {
            self.files = files;
        } else {
            self.files.entries.extend(files.entries);
            for (path, pieces) in files.pieces {
                self.files.pieces.entry(path).or_default().extend(pieces);
            }
            for (path, pieces) in files.spare_pieces {
                self.files
                    .spare_pieces
                    .entry(path)
                    .or_default()
                    .extend(pieces);
            }
        }
    }

    fn add(&mut self, lines: Vec<FileLine>) {
        let inputs = lines.iter().filter(|l| matches!(l, FileLine::Input(..)));
        self.input_hashes.reserve(inputs.count());
        for line in lines {
            match line {
                FileLine::Input(path, hashes) => {
                    self.input_hashes.insert(path, hashes);
                }
                other => self.files.add(other),
            }
        }
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

    /// What the previous build read of each input file (after
    /// [`Previous::read_files`] or [`Previous::read_inputs`]).
    pub fn input_hashes(&self) -> &InputHashes {
        &self.input_hashes
    }

    /// The identity the previous build's parsed-files checkpoint had when
    /// it was written: a checkpoint with another was not written there (a
    /// file from a checkout, say) and is not to be trusted.
    pub fn parsed_identity(&self) -> Option<FileIdentity> {
        self.parsed
    }

    /// Number of files the previous build made or reused.
    pub fn files(&self) -> usize {
        match self.site {
            Some(site) if self.files.entries.is_empty() => site.files,
            _ => self.files.entries.len(),
        }
    }

    /// Whether `out` holds exactly the files the previous build left, each
    /// with its identity.
    fn site_intact(&self, out: &Path) -> bool {
        self.site
            .is_some_and(|site| scan::site_fingerprint(out) == Some(site))
    }
}

/// The per-file lines of a cache file other than the inputs', still to
/// be read: the cache file and where its per-file lines start.
pub struct FilesToRead(Option<(PathBuf, u64)>);

impl FilesToRead {
    /// Reads them (nothing when there is no cache file).
    pub fn read(self) -> PreviousFiles {
        let mut files = PreviousFiles::default();
        if let Some(rest) = self.0 {
            let lines = read_file_lines(&rest, |line| !is_input_line(line));
            // Nearly every line is a site file's: the list is made at its size.
            files.entries.reserve(lines.len());
            for line in lines {
                files.add(line);
            }
        }
        files
    }
}

/// A previous build's site files (each one's key and identity) and where
/// its SQL dumps had each piece.
#[derive(Debug, Default)]
pub struct PreviousFiles {
    entries: foldhash::HashMap<String, PreviousFile>,
    pieces: PieceIndex,
    spare_pieces: SparePieceIndex,
}

/// A site file the previous build left.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct PreviousFile {
    /// The key it was made with.
    key: Key,
    /// Its identity when that build published it.
    identity: FileIdentity,
    /// Whether the staging folder held that very file (the same identity)
    /// when [`PreviousFiles::find_staged`] looked.
    staged: bool,
}

impl PreviousFiles {
    /// Looks, file by file, whether the staging folder holds the file the
    /// previous build published (`staged` gives the identity of its file of
    /// a name), until all are seen or `stop` is set: a file found is kept
    /// later without a look of its own.
    pub fn find_staged(
        &mut self,
        mut staged: impl FnMut(&str) -> Option<FileIdentity>,
        stop: &std::sync::atomic::AtomicBool,
    ) {
        for (name, file) in &mut self.entries {
            if stop.load(Ordering::Relaxed) {
                return;
            }
            file.staged = staged(name) == Some(file.identity);
        }
    }

    /// Takes in a site file's or a dump piece's line (not an input's).
    fn add(&mut self, line: FileLine) {
        match line {
            FileLine::Entry(path, (key, identity)) => {
                let file = PreviousFile {
                    key,
                    identity,
                    staged: false,
                };
                self.entries.insert(path, file);
            }
            FileLine::Piece(path, key, piece) => {
                self.pieces.entry(path).or_default().insert(key, piece);
            }
            FileLine::SparePiece(path, key, piece) => {
                self.spare_pieces
                    .entry(path)
                    .or_default()
                    .insert(key, piece);
            }
            FileLine::Input(..) => {}
        }
    }
}

fn is_input_line(line: &str) -> bool {
    line.starts_with("input\t")
}

/// The per-file lines that `wanted` keeps of the cache file at `path`,
/// whose per-file lines start at `start`; none when it cannot be read.
fn read_file_lines(
    (path, start): &(PathBuf, u64),
    wanted: impl Fn(&str) -> bool + Sync,
) -> Vec<FileLine> {
    use rayon::prelude::*;
    use std::io::{Read as _, Seek as _};
    let Some(mut file) = open_regular(path) else {
        return Vec::new();
    };
    let mut text = String::new();
    let read = file.seek(std::io::SeekFrom::Start(*start));
    if read.and_then(|_| file.read_to_string(&mut text)).is_err() {
        return Vec::new();
    }
    text.par_lines()
        .filter(|line| wanted(line))
        .filter_map(parse_file_line)
        .collect()
}

/// The inputs' lines at the start of the cache file's per-file lines (from
/// `start` in the cache file at `path`), and where the first other line
/// starts; none when the file cannot be read.
fn read_input_lines(path: &Path, start: u64) -> (InputHashes, u64) {
    use std::io::Seek as _;
    let mut hashes = InputHashes::default();
    let Some(mut file) = open_regular(path) else {
        return (hashes, start);
    };
    if file.seek(std::io::SeekFrom::Start(start)).is_err() {
        return (hashes, start);
    }
    let mut reader = std::io::BufReader::with_capacity(1 << 20, file);
    let mut line = String::new();
    let mut end = start;
    // Gathered first and filed at once: a map grown line by line hashes
    // its hundreds of thousands of paths again at every step.
    let mut lines = Vec::new();
    while let Some(length) = read_line(&mut reader, &mut line) {
        let Some(input) = line.strip_prefix("input\t") else {
            break;
        };
        lines.extend(parse_input(input));
        end += length as u64;
    }
    hashes.reserve(lines.len());
    hashes.extend(lines);
    (hashes, end)
}

/// Reads the next line of `reader` into `line`, without its line break;
/// its length in the file, or `None` at the end.
/// The cache file at `path` opened for reading, if it is a regular file:
/// never through a symbolic link (a checkout could bring one, pointing at
/// a device that never ends, say).
fn open_regular(path: &Path) -> Option<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NOFOLLOW);
    let file = options.open(path).ok()?;
    file.metadata().ok()?.is_file().then_some(file)
}

fn read_line(reader: &mut impl BufRead, line: &mut String) -> Option<usize> {
    line.clear();
    let length = reader.read_line(line).ok().filter(|&n| n > 0)?;
    if line.ends_with('\n') {
        line.pop();
    }
    Some(length)
}

/// A per-file line of the cache file.
enum FileLine {
    /// An input file's path, identity hash and content hash.
    Input(String, (Key, Key)),
    /// A site file's path, key and identity.
    Entry(String, (Key, FileIdentity)),
    /// A dump's path, one of its pieces' key, and where that piece is.
    Piece(String, Key, Piece),
    /// As [`FileLine::Piece`], for the dump of the site before the
    /// previous one (the spare the next build is made in), with that
    /// dump's identity.
    SparePiece(String, Key, (Piece, FileIdentity)),
}

/// Where a piece of a dump is in its file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece {
    /// Bytes before it.
    pub offset: u64,
    /// Its length in bytes.
    pub length: u64,
}

/// The check of a piece's line in the cache file: a hash of everything
/// else on it. The piece's bytes are copied without being read, so a line
/// damaged anywhere (another offset, say) must not be taken at its word.
fn piece_check(path: &str, key: Key, piece: Piece) -> Key {
    line_check(
        b"piece\0",
        &[key, piece.offset.into(), piece.length.into()],
        path,
    )
}

/// The check of a spare dump's piece's line, as [`piece_check`], covering
/// the dump's identity too.
fn spare_piece_check(path: &str, key: Key, (piece, identity): (Piece, FileIdentity)) -> Key {
    let numbers = [
        key,
        piece.offset.into(),
        piece.length.into(),
        identity.inode.into(),
        identity.size.into(),
        identity.modified,
    ];
    line_check(b"spare piece\0", &numbers, path)
}

/// A hash of a line's kind, numbers and path.
fn line_check(kind: &[u8], numbers: &[u128], path: &str) -> Key {
    let mut hasher = Xxh3::new();
    hasher.update(kind);
    for number in numbers {
        hasher.update(&number.to_le_bytes());
    }
    hasher.update(path.as_bytes());
    hasher.digest128()
}

/// Where each piece of a dump is in its file, by the piece's key, for each
/// dump's path.
type PieceIndex = HashMap<String, HashMap<Key, Piece>>;

/// Where each piece of the spare site's dumps is, as [`PieceIndex`], with
/// the identity the dump had.
type SparePieceIndex = HashMap<String, HashMap<Key, (Piece, FileIdentity)>>;

fn parse_file_line(line: &str) -> Option<FileLine> {
    if let Some(input) = line.strip_prefix("input\t") {
        return parse_input(input).map(|(path, hashes)| FileLine::Input(path, hashes));
    }
    if let Some(piece) = line.strip_prefix("piece\t") {
        let mut fields = piece.splitn(5, '\t');
        let (key, piece) = parse_piece(&mut fields)?;
        let check = Key::from_str_radix(fields.next()?, 16).ok()?;
        let path = fields.next()?;
        return (check == piece_check(path, key, piece))
            .then(|| FileLine::Piece(path.to_string(), key, piece));
    }
    if let Some(spare) = line.strip_prefix("spare piece\t") {
        let mut fields = spare.splitn(8, '\t');
        let (key, piece) = parse_piece(&mut fields)?;
        let identity = parse_identity_fields(&mut fields)?;
        let check = Key::from_str_radix(fields.next()?, 16).ok()?;
        let path = fields.next()?;
        return (check == spare_piece_check(path, key, (piece, identity)))
            .then(|| FileLine::SparePiece(path.to_string(), key, (piece, identity)));
    }
    parse_entry(line).map(|(path, entry)| FileLine::Entry(path, entry))
}

/// The hash of the tool making the site: its version and its executable's
/// bytes (its built-in templates and its page code), so that a build by
/// another release, or by a tool rebuilt from changed sources, never takes
/// over pages made by the one before. Read once per process (a few
/// milliseconds); an executable that cannot be read gives a key of its own
/// every run, which only costs a full render.
pub fn tool_key() -> Key {
    static KEY: std::sync::OnceLock<Key> = std::sync::OnceLock::new();
    *KEY.get_or_init(|| {
        let mut hasher = KeyHasher::new();
        let _ = write!(hasher, "{}\0", env!("CARGO_PKG_VERSION"));
        match std::env::current_exe().and_then(std::fs::read) {
            Ok(bytes) => hasher.0.update(&bytes),
            Err(_) => {
                let now = std::time::SystemTime::now();
                let _ = write!(hasher, "unreadable {now:?} {}", std::process::id());
            }
        }
        hasher.finish128()
    })
}

/// The fingerprint of `files` (the settled inputs' paths, identities and
/// change times, as [`scan::input_files`] lists them under `paths`), or
/// `None` when one changed less than [`SETTLE`] before `started`.
pub fn inputs_fingerprint(
    tool: Key,
    paths: &[PathBuf],
    files: &[InputFile],
    started: std::time::SystemTime,
) -> Option<Key> {
    let settled = started.checked_sub(SETTLE)?;
    let settled_nanos = nanos_since_epoch(settled)?;
    hash_in_order(&format!("{tool:x}\0{paths:?}\0"), files, |file, bytes| {
        if file.identity.modified >= settled_nanos || file.changed >= settled {
            return None;
        }
        bytes.extend_from_slice(file.path.as_os_str().as_encoded_bytes());
        bytes.extend_from_slice(&[0, u8::from(file.link)]);
        let changed = nanos_since_epoch(file.changed)?;
        for number in [
            u128::from(file.identity.inode),
            u128::from(file.identity.size),
            file.identity.modified,
            changed,
        ] {
            bytes.extend_from_slice(&number.to_le_bytes());
        }
        Some(())
    })
}

/// The hash of `header`, then of each of `items` in order, as `bytes`
/// writes it; `None` if `bytes` gives none for one. The items are hashed
/// on every thread and their hashes joined on one: a federation has
/// hundreds of thousands of inputs, hashed before anything else can start.
fn hash_in_order<T: Sync>(
    header: &str,
    items: &[T],
    bytes: impl Fn(&T, &mut Vec<u8>) -> Option<()> + Sync,
) -> Option<Key> {
    use rayon::prelude::*;
    let each: Vec<Key> = items
        .par_iter()
        .with_min_len(1024)
        .map_init(Vec::new, |buffer, item| {
            buffer.clear();
            bytes(item, buffer)?;
            Some(xxhash_rust::xxh3::xxh3_128(buffer))
        })
        .collect::<Option<_>>()?;
    let mut hasher = KeyHasher::new();
    hasher.0.update(header.as_bytes());
    for key in each {
        hasher.0.update(&key.to_le_bytes());
    }
    Some(hasher.finish128())
}

fn nanos_since_epoch(time: std::time::SystemTime) -> Option<u128> {
    Some(time.duration_since(std::time::UNIX_EPOCH).ok()?.as_nanos())
}

/// The content hash of each input file the previous build read, by path:
/// the hash of the file's identity (inode, size, modification and change
/// times) when it was read, and of its bytes.
pub type InputHashes = foldhash::HashMap<String, (Key, Key)>;

/// The hash of the inputs' content, and each file's hashes.
pub type InputsContent = (Key, Vec<InputHash>);

/// One input file's hashes, as [`inputs_content`] made them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputHash {
    /// Its path, as listed.
    pub path: String,
    /// The hash of its identity when it is settled (kept for the next
    /// build, which then need not read it again).
    pub identity: Option<Key>,
    /// The hash of its bytes.
    pub content: Key,
    /// Whether the path itself is a symbolic link.
    pub link: bool,
}

/// The hash of the names and bytes of `files` (as [`scan::input_files`]
/// lists them under `paths`, the inputs of the repository at `root`,
/// resolved), and each settled file's hashes; `None` when
/// one cannot be read. A file settled since the previous build read it
/// ([`SETTLE`] before `started`), with the identity `known` gives, is not
/// read again; the others are read in parallel.
pub fn inputs_content(
    tool: Key,
    root: &Path,
    paths: &[PathBuf],
    files: &[InputFile],
    started: std::time::SystemTime,
    known: &InputHashes,
) -> Option<InputsContent> {
    use rayon::prelude::*;
    let settled = started.checked_sub(SETTLE)?;
    let settled_nanos = nanos_since_epoch(settled)?;
    let hashed: Option<Vec<InputHash>> = crate::load::reading(|| {
        files
            .par_iter()
            .with_min_len(64)
            .map(|file| {
                let id = file.identity;
                let settled = id.modified < settled_nanos && file.changed < settled;
                let identity = settled
                    .then(|| {
                        let changed = nanos_since_epoch(file.changed)?;
                        let mut hasher = Xxh3::new();
                        hasher.update(&id.inode.to_le_bytes());
                        hasher.update(&id.size.to_le_bytes());
                        hasher.update(&id.modified.to_le_bytes());
                        hasher.update(&changed.to_le_bytes());
                        Some(hasher.digest128())
                    })
                    .flatten();
                // Hundreds of thousands of paths: taken as they are when
                // they are UTF-8, as nearly all are.
                let path = file
                    .path
                    .to_str()
                    .map_or_else(|| file.path.display().to_string(), str::to_string);
                let content = known
                    .get(&path)
                    .filter(|&&(id, _)| Some(id) == identity)
                    .map(|&(_, content)| content)
                    .or_else(|| content_hash(file, root))?;
                Some(InputHash {
                    path,
                    identity,
                    content,
                    link: file.link,
                })
            })
            .collect()
    });
    let hashed = hashed?;
    let key = hash_in_order(&format!("{tool:x}\0{paths:?}\0"), &hashed, |file, bytes| {
        bytes.extend_from_slice(file.path.as_bytes());
        // A file turned into a link to the same bytes is a change: the
        // link policy must see it.
        bytes.extend_from_slice(&[0, u8::from(file.link)]);
        bytes.extend_from_slice(&file.content.to_le_bytes());
        Some(())
    })?;
    Some((key, hashed))
}

/// The hash of the bytes of `file`, an input of the repository at `root`.
/// A link the loader refuses ([`crate::load::is_read_place`]) is not
/// followed: its target's name stands for its content.
fn content_hash(file: &InputFile, root: &Path) -> Option<Key> {
    let refused = || {
        std::fs::canonicalize(&file.path)
            .map_or(true, |target| !crate::load::is_read_place(root, &target))
    };
    let bytes = if file.link && refused() {
        std::fs::read_link(&file.path)
            .ok()?
            .into_os_string()
            .into_encoded_bytes()
    } else {
        std::fs::read(&file.path).ok()?
    };
    Some(xxhash_rust::xxh3::xxh3_128(&bytes))
}

/// Rewrites the cache file `file` with `inputs` as its inputs' fingerprint
/// and `files` as each input's hashes, after a build found the inputs
/// touched but their content unchanged: the next build reads none of them
/// again.
pub fn refresh_inputs(file: &Path, inputs: Key, files: &[InputHash]) -> std::io::Result<()> {
    let text = std::fs::read_to_string(file)?;
    let Some(note) = text
        .lines()
        .find_map(|l| l.strip_prefix("content\t"))
        .and_then(parse_inputs)
        .map(|(_, note)| note)
    else {
        return Ok(());
    };
    let mut out = Vec::with_capacity(text.len() + 64);
    let mut first_lines = true;
    for (i, line) in text.lines().enumerate() {
        if i == 1 {
            let _ = writeln!(out, "inputs\t{inputs:032x}\t{}", u8::from(note));
        }
        if line.starts_with("inputs\t") || line.starts_with("input\t") {
            continue;
        }
        if first_lines && i > 0 && !is_first_line(line) {
            first_lines = false;
            input_lines(&mut out, files)?;
        }
        out.extend_from_slice(line.as_bytes());
        out.push(b'\n');
    }
    if first_lines {
        input_lines(&mut out, files)?;
    }
    let temporary = file.with_extension("partial");
    let mut written = crate::atomic_write::create_or_write_over(&temporary)?;
    written.write_all(&out)?;
    crate::atomic_write::cut_after_written(&mut written)?;
    drop(written);
    crate::atomic_write::swap_in(&temporary, file)
}

/// Writes each settled input's line (path, identity and content hashes) to `out`.
fn input_lines(out: &mut impl std::io::Write, files: &[InputHash]) -> std::io::Result<()> {
    let settled: Vec<_> = settled(files).collect();
    write_lines(out, &settled, |line, &(path, identity, content)| {
        line.extend_from_slice(b"input\t");
        push_fields(line, &[identity, content], &[], path);
        Ok(())
    })
}

/// Appends the fields of a cache file's line, tab-separated: `keys` (as
/// [`push_key`] writes them), `numbers` and `path`, and the line's end.
fn push_fields(line: &mut Vec<u8>, keys: &[Key], numbers: &[u128], path: &str) {
    for &key in keys {
        push_key(line, key);
        line.push(b'\t');
    }
    for &number in numbers {
        push_number(line, number);
        line.push(b'\t');
    }
    line.extend_from_slice(path.as_bytes());
    line.push(b'\n');
}

/// Appends `key` as 32 lowercase hexadecimal digits, as `{key:032x}`
/// writes it: hundreds of thousands of keys go into a cache file, and the
/// formatting machinery took a tenth of writing it.
fn push_key(line: &mut Vec<u8>, key: Key) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut text = [0; 32];
    for (i, digit) in text.iter_mut().enumerate() {
        *digit = DIGITS[((key >> (124 - 4 * i)) & 0xf) as usize];
    }
    line.extend_from_slice(&text);
}

/// Appends `number` in decimal digits.
fn push_number(line: &mut Vec<u8>, number: u128) {
    line.extend_from_slice(itoa::Buffer::new().format(number).as_bytes());
}

/// Each settled file's path, identity hash and content hash.
fn settled(files: &[InputHash]) -> impl Iterator<Item = (&str, Key, Key)> {
    files
        .iter()
        .filter_map(|f| Some((f.path.as_str(), f.identity?, f.content)))
}

/// Whether `line` is one of the cache file's first lines (not per file).
fn is_first_line(line: &str) -> bool {
    ["inputs\t", "content\t", "site\t", "parsed\t", "warning\t"]
        .iter()
        .any(|prefix| line.starts_with(prefix))
}

/// An identity as `inode<TAB>size<TAB>modified`.
fn parse_identity(text: &str) -> Option<FileIdentity> {
    let mut fields = text.split('\t');
    let identity = parse_identity_fields(&mut fields)?;
    fields.next().is_none().then_some(identity)
}

/// A file's identity from the next three fields: inode, size, modification time.
fn parse_identity_fields<'t>(fields: &mut impl Iterator<Item = &'t str>) -> Option<FileIdentity> {
    Some(FileIdentity {
        inode: fields.next()?.parse().ok()?,
        size: fields.next()?.parse().ok()?,
        modified: fields.next()?.parse().ok()?,
    })
}

/// A piece's key and place from the next three fields: key, offset, length.
fn parse_piece<'t>(fields: &mut impl Iterator<Item = &'t str>) -> Option<(Key, Piece)> {
    let key = Key::from_str_radix(fields.next()?, 16).ok()?;
    let piece = Piece {
        offset: fields.next()?.parse().ok()?,
        length: fields.next()?.parse().ok()?,
    };
    Some((key, piece))
}

fn parse_site(text: &str) -> Option<SiteFingerprint> {
    let (sum, files) = text.split_once('\t')?;
    Some(SiteFingerprint {
        sum: Key::from_str_radix(sum, 16).ok()?,
        files: files.parse().ok()?,
    })
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
    /// (and its line in the cache file is intact: [`piece_check`]). The key
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
        if inputs.metadata.is_some() || inputs.content.is_some() {
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

/// Writes a line made by `line` for each of `items` into `out`. A
/// federation's cache file has hundreds of thousands of lines: they are
/// made in parallel, a few thousand at a time, and written in order.
fn write_lines<T: Sync>(
    out: &mut impl std::io::Write,
    items: &[T],
    line: impl Fn(&mut Vec<u8>, &T) -> std::io::Result<()> + Sync,
) -> std::io::Result<()> {
    use rayon::prelude::*;
    const RUN: usize = 4096;
    // At most this many runs' text is held at once.
    const RUNS_AT_ONCE: usize = 64;
    for group in items.chunks(RUN * RUNS_AT_ONCE) {
        let texts: Vec<Vec<u8>> = group
            .par_chunks(RUN)
            .map(|run| {
                let mut text = Vec::with_capacity(run.len() * 96);
                for item in run {
                    line(&mut text, item)?;
                }
                Ok(text)
            })
            .collect::<std::io::Result<_>>()?;
        for text in texts {
            out.write_all(&text)?;
        }
    }
    Ok(())
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
    /// The build's warnings.
    pub warnings: &'a [crate::diagnostic::Diagnostic],
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

fn parse_entry(line: &str) -> Option<(String, (Key, FileIdentity))> {
    let mut fields = line.splitn(5, '\t');
    let key = Key::from_str_radix(fields.next()?, 16).ok()?;
    let identity = parse_identity_fields(&mut fields)?;
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
                    warnings: &[],
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
        assert_eq!(previous.content, Some((11, true)));
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
