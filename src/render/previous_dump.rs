//! The pieces of a changed SQL dump taken over from the published one.
//!
//! A dump is written piece by piece (the statements of a run of one table's
//! rows, see [`crate::sql::Pieces`]). The build cache notes where each piece
//! of the published dump is and the hash of its bytes; a piece of the new
//! dump whose rows are the same is read back from there, and taken only if
//! its bytes still hash the same.

use super::cache::{self, PageCache};
use super::output::Sink;

/// More than any piece's text: a cache file that says otherwise is damaged.
const LONGEST_PIECE: u64 = 256 << 20;

/// The published dump a new one of the same name takes its unchanged
/// pieces from, and where the new one's pieces are noted.
pub struct PreviousDump<'a> {
    cache: &'a PageCache,
    file: &'a str,
    /// The published dump and its length, when it is the one the build
    /// cache describes.
    published: Option<(std::fs::File, u64)>,
}

impl<'a> PreviousDump<'a> {
    /// The published dump `file`, if `sink` still has the one `cache` describes.
    pub fn open(cache: &'a PageCache, sink: &dyn Sink, file: &'a str) -> PreviousDump<'a> {
        let published = cache
            .previous_identity(file)
            .and_then(|identity| Some((sink.open_published(file, identity)?, identity.size)));
        PreviousDump {
            cache,
            file,
            published,
        }
    }
}

impl crate::sql::Pieces for PreviousDump<'_> {
    fn text(&self, key: u128) -> Option<Vec<u8>> {
        let (published, size) = self.published.as_ref()?;
        let piece = self.cache.previous_piece(self.file, key)?;
        // A damaged cache file asks for no more than the file has (nor more
        // than a piece can be), and what it names is taken only if it is
        // the text that was written.
        let end = piece.offset.checked_add(piece.length)?;
        (end <= *size && piece.length <= LONGEST_PIECE).then_some(())?;
        let text = read_at(published, piece.offset, piece.length)?;
        (cache::text_hash(&text) == piece.text).then_some(())?;
        self.cache.piece_reused();
        Some(text)
    }

    fn made(&self, key: u128, offset: u64, text: &[u8]) {
        self.cache.made_piece(self.file, key, offset, text);
    }
}

/// `length` bytes of `file` from `offset`, if it has them.
#[cfg(unix)]
fn read_at(file: &std::fs::File, offset: u64, length: u64) -> Option<Vec<u8>> {
    use std::os::unix::fs::FileExt as _;
    let mut bytes = vec![0; usize::try_from(length).ok()?];
    file.read_exact_at(&mut bytes, offset).ok()?;
    Some(bytes)
}

#[cfg(not(unix))]
fn read_at(file: &std::fs::File, offset: u64, length: u64) -> Option<Vec<u8>> {
    use std::io::{Read as _, Seek as _};
    let mut file = file;
    file.seek(std::io::SeekFrom::Start(offset)).ok()?;
    let mut bytes = vec![0; usize::try_from(length).ok()?];
    file.read_exact(&mut bytes).ok()?;
    Some(bytes)
}
