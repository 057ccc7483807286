//! The build cache file's lines, as they are written and read back: the
//! header, each site file's key and identity, an SQL dump's pieces, the
//! inputs' hashes, each line with a check of its own so that a torn or
//! edited line is ignored rather than trusted.

use super::hashing::Key;
use super::scan::SiteFingerprint;
use crate::site_files::FileIdentity;
use std::collections::HashMap;
use std::hash::Hasher;
use xxhash_rust::xxh3::Xxh3;

/// First line of a cache file; another first line means the file is ignored.
pub(super) const HEADER: &str = "ratingbook page cache 5";

pub(super) fn is_input_line(line: &str) -> bool {
    line.starts_with("input\t")
}

/// A per-file line of the cache file.
pub(super) enum FileLine {
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
pub(super) fn piece_check(path: &str, key: Key, piece: Piece) -> Key {
    line_check(
        b"piece\0",
        &[key, piece.offset.into(), piece.length.into()],
        path,
    )
}

/// The check of a spare dump's piece's line, as [`piece_check`], covering
/// the dump's identity too.
pub(super) fn spare_piece_check(
    path: &str,
    key: Key,
    (piece, identity): (Piece, FileIdentity),
) -> Key {
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
pub(super) fn line_check(kind: &[u8], numbers: &[u128], path: &str) -> Key {
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
pub(super) type PieceIndex = HashMap<String, HashMap<Key, Piece>>;

/// Where each piece of the spare site's dumps is, as [`PieceIndex`], with
/// the identity the dump had.
pub(super) type SparePieceIndex = HashMap<String, HashMap<Key, (Piece, FileIdentity)>>;

pub(super) fn parse_file_line(line: &str) -> Option<FileLine> {
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

/// Appends the fields of a cache file's line, tab-separated: `keys` (as
/// [`push_key`] writes them), `numbers` and `path`, and the line's end.
pub(super) fn push_fields(line: &mut Vec<u8>, keys: &[Key], numbers: &[u128], path: &str) {
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
pub(super) fn push_key(line: &mut Vec<u8>, key: Key) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut text = [0; 32];
    for (i, digit) in text.iter_mut().enumerate() {
        *digit = DIGITS[((key >> (124 - 4 * i)) & 0xf) as usize];
    }
    line.extend_from_slice(&text);
}

/// Appends `number` in decimal digits.
pub(super) fn push_number(line: &mut Vec<u8>, number: u128) {
    line.extend_from_slice(itoa::Buffer::new().format(number).as_bytes());
}

/// Whether `line` is one of the cache file's first lines (not per file).
pub(super) fn is_first_line(line: &str) -> bool {
    [
        "inputs\t",
        "content\t",
        "site\t",
        "parsed\t",
        "rated\t",
        "warning\t",
    ]
    .iter()
    .any(|prefix| line.starts_with(prefix))
}

/// An identity as `inode<TAB>size<TAB>modified`.
pub(super) fn parse_identity(text: &str) -> Option<FileIdentity> {
    let mut fields = text.split('\t');
    let identity = parse_identity_fields(&mut fields)?;
    fields.next().is_none().then_some(identity)
}

/// A file's identity from the next three fields: inode, size, modification time.
pub(super) fn parse_identity_fields<'t>(
    fields: &mut impl Iterator<Item = &'t str>,
) -> Option<FileIdentity> {
    Some(FileIdentity {
        inode: fields.next()?.parse().ok()?,
        size: fields.next()?.parse().ok()?,
        modified: fields.next()?.parse().ok()?,
    })
}

/// A piece's key and place from the next three fields: key, offset, length.
pub(super) fn parse_piece<'t>(fields: &mut impl Iterator<Item = &'t str>) -> Option<(Key, Piece)> {
    let key = Key::from_str_radix(fields.next()?, 16).ok()?;
    let piece = Piece {
        offset: fields.next()?.parse().ok()?,
        length: fields.next()?.parse().ok()?,
    };
    Some((key, piece))
}

pub(super) fn parse_site(text: &str) -> Option<SiteFingerprint> {
    let (sum, files) = text.split_once('\t')?;
    Some(SiteFingerprint {
        sum: Key::from_str_radix(sum, 16).ok()?,
        files: files.parse().ok()?,
    })
}

pub(super) fn parse_input(text: &str) -> Option<(String, (Key, Key))> {
    let mut fields = text.splitn(3, '\t');
    let identity = Key::from_str_radix(fields.next()?, 16).ok()?;
    let content = Key::from_str_radix(fields.next()?, 16).ok()?;
    Some((fields.next()?.to_string(), (identity, content)))
}

pub(super) fn parse_inputs(text: &str) -> Option<(Key, bool)> {
    let (key, note) = text.split_once('\t')?;
    Some((Key::from_str_radix(key, 16).ok()?, note == "1"))
}

/// The players and tournaments a build read, from a `checked` line
/// (`players\ttournaments`).
pub(super) fn parse_checked(text: &str) -> Option<(usize, usize)> {
    let (players, tournaments) = text.split_once('\t')?;
    Some((players.parse().ok()?, tournaments.parse().ok()?))
}

pub(super) fn parse_entry(line: &str) -> Option<(String, (Key, FileIdentity))> {
    let mut fields = line.splitn(5, '\t');
    let key = Key::from_str_radix(fields.next()?, 16).ok()?;
    let identity = parse_identity_fields(&mut fields)?;
    Some((fields.next()?.to_string(), (key, identity)))
}

/// A 128-bit XXH3 hasher that text can be written into.
pub(super) struct KeyHasher(pub(super) Xxh3);

impl KeyHasher {
    pub(super) fn new() -> Self {
        KeyHasher(Xxh3::new())
    }

    pub(super) fn finish128(&self) -> Key {
        self.0.digest128()
    }
}

impl std::fmt::Write for KeyHasher {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0.write(s.as_bytes());
        Ok(())
    }
}

/// Writes a line made by `line` for each of `items` into `out`. A
/// federation's cache file has hundreds of thousands of lines: they are
/// made in parallel, a few thousand at a time, and written in order.
pub(super) fn write_lines<T: Sync>(
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
