//! The inputs' hashes: a fingerprint of their names and metadata, taken
//! without reading them, and a hash of their names and bytes, taken before
//! they are loaded; each input file's own content hash, which the loader's
//! checkpoint files its records under.

use super::cache_file::*;
use super::hashing::Key;
use super::scan::InputFile;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use xxhash_rust::xxh3::Xxh3;

/// How long after its last change an input file counts as settled.
pub const SETTLE: std::time::Duration = std::time::Duration::from_secs(2);

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
/// change times, as [`scan::input_files`](super::scan::input_files) lists them under `paths`), or
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
pub(super) fn hash_in_order<T: Sync>(
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

pub(super) fn nanos_since_epoch(time: std::time::SystemTime) -> Option<u128> {
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

/// The hash of the names and bytes of `files` (as [`scan::input_files`](super::scan::input_files)
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
pub(super) fn content_hash(file: &InputFile, root: &Path) -> Option<Key> {
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
pub(super) fn input_lines(
    out: &mut impl std::io::Write,
    files: &[InputHash],
) -> std::io::Result<()> {
    let settled: Vec<_> = settled(files).collect();
    write_lines(out, &settled, |line, &(path, identity, content)| {
        line.extend_from_slice(b"input\t");
        push_fields(line, &[identity, content], &[], path);
        Ok(())
    })
}

/// Each settled file's path, identity hash and content hash.
pub(super) fn settled(files: &[InputHash]) -> impl Iterator<Item = (&str, Key, Key)> {
    files
        .iter()
        .filter_map(|f| Some((f.path.as_str(), f.identity?, f.content)))
}
