//! The association's ratings kept from one build to the next, so that a
//! rebuild, or a `diff`, rates only the tournaments from the first one
//! that changed.
//!
//! Ratings go in chronological order: a tournament's records depend only on
//! the players, the rating rules and the tournaments before it. The file
//! holds a chain of keys, one per tournament in the list's order, each the
//! hash of the one before and of the tournament as entered; the first
//! covers the tool, the rating rules and every player. Another version of
//! the data takes over the records of the longest run of first tournaments
//! whose keys it shares ([`Rated::prefix`]) and rates the rest.
//!
//! The encoding is hand-written, little-endian, one record after another,
//! with a hash of everything after the header at the end; a file that does
//! not check out whole, or was written by another version of the program,
//! is ignored.

use super::cache::Key;
use super::rating_bytes::{decode_record, encode_record, put_u64, Reader};
use crate::model::Dataset;
use crate::rating::TournamentRating;
use std::io::Write;
use std::path::Path;

/// The first bytes of the file.
const MAGIC: &[u8; 16] = b"ratingbook-rated";

/// The keys of a dataset's rating, tournament by tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chain {
    /// After `n` tournaments: `keys[n]` (`keys[0]` covers the tool, the
    /// rules and the players).
    pub keys: Vec<Key>,
}

impl Chain {
    /// The chain of `dataset` rated by `rules` (its `Debug` text, which
    /// names every setting) with the tool `tool`.
    pub fn of(dataset: &Dataset, rules: &str, tool: Key) -> Chain {
        Chain::from_prints(
            &super::fingerprint::EnteredPrints::new(dataset),
            rules,
            tool,
        )
    }

    /// The chain of the dataset whose records `prints` hashed.
    pub fn from_prints(
        prints: &super::fingerprint::EnteredPrints,
        rules: &str,
        tool: Key,
    ) -> Chain {
        let first = super::fingerprint::of(&(tool, rules, prints.player_keys()));
        let mut keys = Vec::with_capacity(prints.tournament_keys().len() + 1);
        keys.push(first);
        for tournament in prints.tournament_keys() {
            let last = keys[keys.len() - 1];
            keys.push(super::fingerprint::of(&(last, tournament)));
        }
        Chain { keys }
    }
}

/// Ratings read back from a file: the chain they were made with and the
/// records of each tournament.
#[derive(Debug, Default)]
pub struct Rated {
    keys: Vec<Key>,
    by_tournament: Vec<Vec<TournamentRating>>,
}

impl Rated {
    /// How many first tournaments `chain` shares with these ratings (0 when
    /// the tool, the rules or a player differ).
    pub fn prefix(&self, chain: &Chain) -> usize {
        let shared = self
            .keys
            .iter()
            .zip(&chain.keys)
            .take_while(|(a, b)| a == b)
            .count();
        shared.saturating_sub(1)
    }

    /// Whether these are the ratings of the dataset whose chain is `chain`,
    /// every tournament and no other.
    pub fn is_of(&self, chain: &Chain) -> bool {
        self.keys == chain.keys
    }

    /// The records of the first `count` tournaments.
    pub fn take(mut self, count: usize) -> Vec<Vec<TournamentRating>> {
        self.by_tournament.truncate(count);
        self.by_tournament
    }

    /// Reads the ratings kept in `file`; `None` when there are none, or
    /// they do not check out whole.
    pub fn read(file: &Path) -> Option<Rated> {
        let bytes = std::fs::read(file).ok()?;
        decode(&bytes)
    }
}

/// Writes `by_tournament` (the association's records of a dataset whose
/// chain is `chain`) to `file`, through a temporary file beside it; a
/// tournament at a time, so that the file is never whole in memory.
pub fn write(
    file: &Path,
    chain: &Chain,
    by_tournament: &[Vec<TournamentRating>],
) -> std::io::Result<()> {
    if let Some(parent) = file.parent() {
        std::fs::create_dir_all(parent)?;
    }
    let temporary = file.with_extension("rated-partial");
    let mut out = std::io::BufWriter::with_capacity(1 << 20, std::fs::File::create(&temporary)?);
    out.write_all(MAGIC)?;
    out.write_all(&super::inputs::tool_key().to_le_bytes())?;
    let mut check = xxhash_rust::xxh3::Xxh3::new();
    let mut piece = Vec::with_capacity(1 << 16);
    put_u64(&mut piece, chain.keys.len() as u64);
    for key in &chain.keys {
        piece.extend_from_slice(&key.to_le_bytes());
    }
    put_u64(&mut piece, by_tournament.len() as u64);
    for records in by_tournament {
        put_u64(&mut piece, records.len() as u64);
        for record in records {
            encode_record(&mut piece, record);
        }
        check.update(&piece);
        out.write_all(&piece)?;
        piece.clear();
    }
    check.update(&piece);
    out.write_all(&piece)?;
    out.write_all(&check.digest128().to_le_bytes())?;
    // Not synced: a torn file fails its hash and is ignored.
    drop(out.into_inner().map_err(|e| e.into_error())?);
    std::fs::rename(&temporary, file)
}

/// How many of a dataset's tournaments were rated again: those after the
/// first `taken_over`, whose records came from kept ratings.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct RatedAgain {
    /// Tournaments in the dataset.
    pub tournaments: usize,
    /// The first tournaments whose records were taken over.
    pub taken_over: usize,
}

/// The text the chain keys the rating rules by: every setting, named.
pub fn rules_text(config: &crate::config::Config) -> String {
    format!("{:?}", config.rating)
}

/// Every list of `dataset` rated, the association's taking over from
/// `kept` the records of the first tournaments its chain shares with
/// `chain` (the chain of `dataset`); further lists are rated whole.
pub fn rate_all_taking_over(
    dataset: &Dataset,
    config: &crate::config::Config,
    chain: &Chain,
    kept: Option<Rated>,
) -> (crate::rating::AllRatings, RatedAgain) {
    let taken_over = kept.as_ref().map_or(0, |kept| kept.prefix(chain));
    let association = match kept.filter(|_| taken_over > 0) {
        Some(kept) => {
            let records = kept.take(taken_over);
            crate::rating::rate_taking_over(dataset, &config.rating, records)
        }
        None => crate::rating::rate(dataset, &config.rating),
    };
    let ratings = crate::rating::AllRatings {
        association,
        pools: crate::rating::rate_pools(dataset, config),
    };
    let again = RatedAgain {
        tournaments: dataset.tournaments.len(),
        taken_over,
    };
    (ratings, again)
}

fn decode(bytes: &[u8]) -> Option<Rated> {
    let rest = bytes.strip_prefix(MAGIC.as_slice())?;
    let (tool, rest) = rest.split_at_checked(16)?;
    if u128::from_le_bytes(tool.try_into().ok()?) != super::inputs::tool_key() {
        return None;
    }
    let (body, check) = rest.split_at_checked(rest.len().checked_sub(16)?)?;
    if xxhash_rust::xxh3::xxh3_128(body) != u128::from_le_bytes(check.try_into().ok()?) {
        return None;
    }
    let mut input = Reader(body);
    let count = input.length(16)?;
    let keys = (0..count)
        .map(|_| input.u128())
        .collect::<Option<Vec<_>>>()?;
    let tournaments = input.length(8)?;
    let mut by_tournament = Vec::with_capacity(tournaments);
    for _ in 0..tournaments {
        let records = input.length(40)?;
        let records = (0..records).map(|_| decode_record(&mut input));
        by_tournament.push(records.collect::<Option<Vec<_>>>()?);
    }
    input
        .0
        .is_empty()
        .then_some(Rated {
            keys,
            by_tournament,
        })
        .filter(|r| r.keys.len() == r.by_tournament.len() + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rating::{GameRating, KFactor, NotCounted, OptionalF64, Phase};

    fn game(opponent: usize, k: Option<u16>, not_counted: Option<NotCounted>) -> GameRating {
        GameRating {
            round: 3,
            opponent,
            half_points: 2,
            opponent_rating: Some(1834),
            expected: OptionalF64::from(Some(0.64)),
            k: k.map(KFactor),
            change: OptionalF64::NONE,
            not_counted,
            stones_received: -2,
            difference: Some(-7),
        }
    }

    fn record(player: usize, tournament: usize, games: Vec<GameRating>) -> TournamentRating {
        TournamentRating {
            player,
            tournament,
            start_no: 4,
            phase_before: Phase::Provisional,
            phase_after: Phase::Established,
            rating_before: None,
            rating_after: Some(1702),
            provisional_games_before: 9,
            provisional_games_after: 12,
            games,
            tournament_half_points: 5,
        }
    }

    #[test]
    fn records_read_back_as_written_and_a_changed_byte_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("site.rated");
        let chain = Chain {
            keys: vec![11, 22, 33],
        };
        let records = vec![
            vec![record(0, 0, vec![game(1, Some(160), None)])],
            vec![
                record(
                    1,
                    1,
                    vec![game(0, None, Some(NotCounted::OpponentProvisional))],
                ),
                record(0, 1, Vec::new()),
            ],
        ];
        write(&file, &chain, &records).unwrap();
        let rated = Rated::read(&file).unwrap();
        assert_eq!(rated.prefix(&chain), 2);
        let other = Chain {
            keys: vec![11, 22, 34, 44],
        };
        assert_eq!(rated.prefix(&other), 1);
        assert_eq!(rated.prefix(&Chain { keys: vec![12, 22] }), 0);
        assert_eq!(rated.take(2), records);
        let mut bytes = std::fs::read(&file).unwrap();
        let middle = bytes.len() / 2;
        bytes[middle] ^= 1;
        std::fs::write(&file, &bytes).unwrap();
        assert!(Rated::read(&file).is_none());
        std::fs::write(&file, &bytes[..middle]).unwrap();
        assert!(Rated::read(&file).is_none());
    }
}
