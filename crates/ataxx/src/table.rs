//! Zobrist keys and the transposition table.
//!
//! Keys cover the stones of both sides and the side to move; gaps are constant
//! within a game, so the search clears the table when they change. The table
//! holds buckets of two entries: the first keeps the deepest result of the
//! current search (depth-preferred), the second always takes the newest, so
//! deep results survive and fresh ones are still found.

use super::board::{Bits, Move, Position, Side, Square, NEIGHBOURS, SQUARES};

const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn square_keys(salt: u64) -> [u64; SQUARES] {
    let mut keys = [0; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        keys[sq] = splitmix(salt * 1000 + sq as u64);
        sq += 1;
    }
    keys
}

const fn flip_keys() -> [u64; SQUARES] {
    let mut keys = [0; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        keys[sq] = STONE_KEYS[0][sq] ^ STONE_KEYS[1][sq];
        sq += 1;
    }
    keys
}

/// Zobrist key of a stone of each side (`x` then `o`) on each square.
const STONE_KEYS: [[u64; SQUARES]; 2] = [square_keys(1), square_keys(2)];
/// Key change when a stone on the square changes colour.
const FLIP_KEYS: [u64; SQUARES] = flip_keys();
/// Key of `o` to move.
pub const SIDE_KEY: u64 = splitmix(7);

/// The Zobrist key of `pos`, computed from scratch.
pub fn key(pos: &Position) -> u64 {
    let mut key = match pos.turn() {
        Side::X => 0,
        Side::O => SIDE_KEY,
    };
    for side in [Side::X, Side::O] {
        for sq in Bits(pos.stones(side)) {
            key ^= STONE_KEYS[side as usize][sq.index()];
        }
    }
    key
}

/// The key of `pos.make(mv)`, updated from `key` (the key of `pos`).
#[inline]
pub fn child_key(pos: &Position, key: u64, mv: Move) -> u64 {
    let us = pos.turn() as usize;
    let mut next = key ^ SIDE_KEY;
    if let Some(to) = mv.to() {
        next ^= STONE_KEYS[us][to.index()];
        if let Move::Double(from, _) = mv {
            next ^= STONE_KEYS[us][from.index()];
        }
        for sq in Bits(NEIGHBOURS[to.index()] & pos.stones(pos.turn().other())) {
            next ^= FLIP_KEYS[sq.index()];
        }
    }
    next
}

/// What a stored score says about the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score.
    Exact,
    /// At least the stored score (the search failed high).
    Lower,
    /// At most the stored score (the search failed low).
    Upper,
}

/// One stored search result, 16 bytes.
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    key: u64,
    mv: u16,
    score: i16,
    depth: i8,
    /// 0 empty, 1 exact, 2 lower, 3 upper.
    bound: u8,
    generation: u8,
}

/// A stored result found by [`Table::probe`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// Best (or refuting) move found, if any.
    pub mv: Option<Move>,
    /// Score as stored (mate scores relative to the stored node).
    pub score: i16,
    /// Remaining depth of the search that stored it.
    pub depth: i8,
    /// How `score` bounds the true score.
    pub bound: Bound,
}

const NO_MOVE: u16 = u16::MAX;

fn encode(mv: Move) -> u16 {
    match mv {
        Move::Single(to) => (SQUARES as u16) << 6 | to.index() as u16,
        Move::Double(from, to) => (from.index() as u16) << 6 | to.index() as u16,
        Move::Pass => NO_MOVE,
    }
}

fn decode(code: u16) -> Option<Move> {
    let to = Square::from_index(usize::from(code & 63))?;
    match usize::from(code >> 6) {
        SQUARES => Some(Move::Single(to)),
        from => Square::from_index(from).map(|from| Move::Double(from, to)),
    }
}

/// The transposition table: a power of two of two-entry buckets.
pub struct Table {
    slots: Vec<Slot>,
    mask: usize,
    generation: u8,
}

impl Table {
    /// A table of at most `megabytes` MB (at least 1 MB).
    pub fn with_megabytes(megabytes: usize) -> Table {
        let bytes = megabytes.clamp(1, 1 << 16) << 20;
        let buckets = (bytes / (2 * std::mem::size_of::<Slot>())).max(1);
        Table::with_buckets(1 << buckets.ilog2())
    }

    /// A table of `2^bits` entries.
    pub fn with_bits(bits: u32) -> Table {
        Table::with_buckets(1 << (bits.clamp(2, 30) - 1))
    }

    fn with_buckets(buckets: usize) -> Table {
        Table {
            slots: vec![Slot::default(); buckets * 2],
            mask: buckets - 1,
            generation: 0,
        }
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.slots.fill(Slot::default());
        self.generation = 0;
    }

    /// Marks the start of a new search: older entries become replaceable.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    fn bucket(&self, key: u64) -> usize {
        (key as usize & self.mask) * 2
    }

    /// The entry stored for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let at = self.bucket(key);
        let slot = self.slots[at..at + 2]
            .iter()
            .find(|s| s.key == key && s.bound != 0)?;
        let bound = match slot.bound {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Hit {
            mv: decode(slot.mv),
            score: slot.score,
            depth: slot.depth,
            bound,
        })
    }

    /// Stores a result; the first slot of the bucket keeps the deepest result
    /// of the current search, the second takes everything else.
    pub fn store(&mut self, key: u64, mv: Option<Move>, score: i16, depth: i8, bound: Bound) {
        let at = self.bucket(key);
        let first = self.slots[at];
        let replace_first = first.bound == 0
            || first.key == key
            || first.generation != self.generation
            || depth >= first.depth;
        let index = if replace_first { at } else { at + 1 };
        let old = self.slots[index];
        let mv = match mv {
            Some(mv) => encode(mv),
            None if old.key == key => old.mv,
            None => NO_MOVE,
        };
        self.slots[index] = Slot {
            key,
            mv,
            score,
            depth,
            bound: match bound {
                Bound::Exact => 1,
                Bound::Lower => 2,
                Bound::Upper => 3,
            },
            generation: self.generation,
        };
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether the table has no entries (never: at least one bucket).
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::legal_moves;

    #[test]
    fn incremental_keys_match_full_keys() {
        let mut pos = Position::from_fen("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1").unwrap();
        let mut k = key(&pos);
        for ply in 0..120 {
            let moves = legal_moves(&pos);
            let Some(&mv) = moves.get((ply * 7919) % moves.len().max(1)) else {
                break;
            };
            k = child_key(&pos, k, mv);
            pos = pos.make(mv);
            assert_eq!(k, key(&pos), "after {mv} in {}", pos.fen());
        }
    }

    #[test]
    fn stores_and_finds_moves() {
        let mut table = Table::with_megabytes(1);
        let g2 = Square::new(6, 1).unwrap();
        let a1 = Square::new(0, 0).unwrap();
        let c3 = Square::new(2, 2).unwrap();
        for (k, mv) in [(5, Move::Single(g2)), (6, Move::Double(a1, c3))] {
            table.store(k, Some(mv), -7, 3, Bound::Lower);
            let hit = table.probe(k).unwrap();
            assert_eq!((hit.mv, hit.score, hit.bound), (Some(mv), -7, Bound::Lower));
        }
        assert_eq!(table.probe(7), None);
        assert_eq!(table.len(), (1 << 20) / 16);
    }
}
