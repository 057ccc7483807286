//! The pieces of a changed SQL dump taken over from the published one.
//!
//! A dump is written piece by piece (the statements of a run of one table's
//! rows, see [`crate::sql::Pieces`]). The build cache notes where each piece
//! of the published dump is; a piece of the new dump whose rows are the same
//! is copied from there, file to file, when the published dump is still the
//! file the cache describes (its identity, as for every file a build keeps)
//! and the cache's note of the piece is intact (see
//! [`cache::PageCache::previous_piece`]).
//!
//! A dump written over the spare site's dump (the site before the previous
//! one, see [`crate::publish`]) does better where it can: a piece that the
//! spare's dump holds at the very place the new dump puts it is left there,
//! unwritten. A dump goes year by year ([`crate::sql::base_tables`]), so
//! results added at the newest date leave every earlier year's pieces in
//! place, and a rebuild writes only the last year's statements and the
//! list's, not the whole dump again.

use super::cache::PageCache;
use crate::site_files::FileIdentity;
use crate::site_files::Sink;
use crate::sql::{PieceText, Placed};

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
    fn text(&self, key: u128) -> Option<PieceText<'_>> {
        let (published, size) = self.published.as_ref()?;
        let piece = self.cache.previous_piece(self.file, key)?;
        // No more than the file has, nor more than a piece can be.
        let end = piece.offset.checked_add(piece.length)?;
        (end <= *size && piece.length <= LONGEST_PIECE).then_some(())?;
        Some(PieceText::InFile {
            file: published,
            offset: piece.offset,
            length: piece.length,
        })
    }

    fn made(&self, key: u128, (offset, length): (u64, u64), placed: Placed) {
        match placed {
            Placed::Copied => self.cache.piece_reused(),
            Placed::InPlace => self.cache.piece_in_place(),
            Placed::Written => {}
        }
        self.cache.made_piece(self.file, key, offset, length);
    }

    /// Only a dump written over the spare's (the site before the previous
    /// one) that is still the file the build cache describes, and only
    /// where that dump had the piece: a piece's bytes are not read to be
    /// compared.
    fn held(&self, key: u128, offset: u64, over: &std::fs::Metadata) -> Option<u64> {
        let over = FileIdentity::from_metadata(over)?;
        let piece = self.cache.spare_piece(self.file, key, over)?;
        let end = piece.offset.checked_add(piece.length)?;
        let held = piece.offset == offset && end <= over.size && piece.length <= LONGEST_PIECE;
        held.then_some(piece.length)
    }
}
