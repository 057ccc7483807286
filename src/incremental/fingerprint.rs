//! Fingerprints of the per-player and per-tournament pages, computed from
//! the data model and the rating results the pages are made of, without
//! building their view data: a rebuild keys these pages with
//! [`super::cache::PageCache::fingerprint_key`] and builds and renders only
//! those whose fingerprint changed.
//!
//! Each fingerprint hashes (XXH3, 128 bits) the records a page reads, in
//! full. The records of the association's list, millions of them, and the
//! players and tournaments as entered are laid out by hand (the latter as
//! the parsed-files checkpoint stores them), each type destructured so that
//! a field added to it does not compile until it is hashed; anything else
//! is serialized in the binary encoding of [`super::hashing`], which covers
//! a new field by itself. What every page shares (the configuration, the
//! templates, the site values) is part of the page key, not of these
//! fingerprints.

use super::checkpoint;
use super::hashing::Key;
use crate::model::Dataset;
use crate::rating::{Ratings, TournamentRating};
use rayon::prelude::*;
use serde::Serialize;
use xxhash_rust::xxh3::Xxh3;

/// A hasher that serialized values are written into.
#[derive(Default)]
pub struct Hasher(Xxh3);

impl Hasher {
    /// Adds `value`, serialized (serialization cannot fail for the model's
    /// types; a failure only ends the value early).
    pub fn add(&mut self, value: &impl Serialize) -> &mut Self {
        super::hashing::hash_into(&mut self.0, value);
        self
    }

    /// Adds a key computed before.
    pub fn key(&mut self, key: Key) -> &mut Self {
        self.0.update(&key.to_le_bytes());
        self
    }

    /// The hash of everything added.
    pub fn finish(&self) -> Key {
        self.0.digest128()
    }
}

/// The hash of one serialized value.
pub fn of(value: &impl Serialize) -> Key {
    Hasher::default().add(value).finish()
}

/// The hashes of the data as entered (each tournament's and each player's
/// record), which the ratings do not change: they can be made while the
/// ratings are computed.
#[derive(Debug, Clone)]
pub struct EnteredPrints {
    /// The hash of each tournament's whole record (metadata and crosstable).
    tournaments: Vec<Key>,
    /// The hash of each player's whole record, in `Dataset::players` order.
    player_records: Vec<Key>,
    /// The hash of each player's id and name (what an opponent's page shows).
    player_names: Vec<Key>,
}

impl EnteredPrints {
    /// Hashes every tournament and every player of `dataset` (in parallel).
    pub fn new(dataset: &Dataset) -> Self {
        let (tournaments, (player_records, player_names)) = rayon::join(
            || {
                let each = dataset.tournaments.par_iter();
                each.map(checkpoint::tournament_fingerprint).collect()
            },
            || {
                let each = dataset.players.par_iter();
                each.map(|p| (checkpoint::player_fingerprint(p), name_key(p)))
                    .unzip()
            },
        );
        EnteredPrints {
            tournaments,
            player_records,
            player_names,
        }
    }

    /// The hash of each tournament's whole record, in `Dataset::tournaments` order.
    pub fn tournament_keys(&self) -> &[Key] {
        &self.tournaments
    }

    /// The hash of each player's whole record, in `Dataset::players` order.
    pub fn player_keys(&self) -> &[Key] {
        &self.player_records
    }

    /// Whether these hashes can be `dataset`'s: one per tournament and player.
    fn counts_match(&self, dataset: &Dataset) -> bool {
        self.tournaments.len() == dataset.tournaments.len()
            && self.player_records.len() == dataset.players.len()
    }
}

/// Per-tournament hashes over a dataset, shared by every fingerprint.
///
/// They are all made in [`Fingerprints::new`], in parallel, and not when
/// first asked for: pages are fingerprinted from parallel loops, and a
/// thread making such a hash in parallel could, while it waits, take up
/// another page that asks for the same hash and wait for itself.
pub struct Fingerprints<'a> {
    dataset: &'a Dataset,
    /// The association's ratings, whose per-tournament records are hashed once.
    association: &'a Ratings,
    /// The hashes of the data as entered.
    entered: std::borrow::Cow<'a, EnteredPrints>,
    /// The hash of every player's record.
    players: Key,
    /// The key of each rating record in the association's list (see
    /// [`Fingerprints::record_key`]), by tournament and position (as
    /// `Ratings::by_tournament`): a record is hashed once for its
    /// tournament and its player, going through the records in the order
    /// they are stored.
    record_hashes: Vec<Vec<Key>>,
    /// The hash of each tournament's rating records in the association's list.
    records: Vec<Key>,
    /// Each tournament's [`Fingerprints::tournament_people`]: its pages and
    /// downloads all read it.
    people: Vec<Key>,
}

impl<'a> Fingerprints<'a> {
    /// The fingerprints of `dataset`, whose association ratings are
    /// `association`, with the hashes of its data as `entered` (made here
    /// when not given: they must be `dataset`'s).
    pub fn new(
        dataset: &'a Dataset,
        association: &'a Ratings,
        entered: Option<&'a EnteredPrints>,
    ) -> Self {
        let entered = match entered {
            Some(entered) if entered.counts_match(dataset) => std::borrow::Cow::Borrowed(entered),
            _ => std::borrow::Cow::Owned(EnteredPrints::new(dataset)),
        };
        let mut prints = Fingerprints {
            dataset,
            association,
            players: all_of(&entered.player_records),
            entered,
            record_hashes: Vec::new(),
            records: Vec::new(),
            people: Vec::new(),
        };
        let (record_hashes, people): (Vec<Vec<Key>>, Vec<Key>) = rayon::join(
            || {
                let each = association.by_tournament.par_iter();
                each.map(|records| records.iter().map(|r| prints.record_key(r)).collect())
                    .collect()
            },
            || {
                let each = (0..dataset.tournaments.len()).into_par_iter();
                each.map(|i| prints.people_of(i)).collect()
            },
        );
        prints.records = association_records(&record_hashes);
        prints.record_hashes = record_hashes;
        prints.people = people;
        prints
    }

    /// The hash of the whole dataset: every player's record and every
    /// tournament. With the configuration (part of every page key) it
    /// determines the ratings, so it fingerprints what is made of all of
    /// them, such as the SQL dumps.
    pub fn dataset(&self) -> Key {
        let mut hasher = Hasher::default();
        hasher.key(self.players);
        for &t in &self.entered.tournaments {
            hasher.key(t);
        }
        hasher.finish()
    }

    /// What the association's year-end list at `date` is made of: every
    /// player, and every tournament that starts by then, with its place
    /// and, if it ends by then, its rating records. Tournaments after
    /// `date` do not change it.
    pub fn list_as_of(&self, date: crate::model::Date) -> Key {
        let records = &self.records;
        let mut hasher = Hasher::default();
        hasher.key(self.players).add(&date.to_string());
        for (i, t) in self.dataset.tournaments.iter().enumerate() {
            if t.start <= date {
                hasher.add(&i).key(self.entered.tournaments[i]);
                if t.end <= date {
                    hasher.key(records[i]);
                }
            }
        }
        hasher.finish()
    }

    /// What the player at `index` looks like in `ratings`: the player's
    /// record and rating, each tournament record with its tournament, and
    /// the name and id of every opponent (their ratings as used are in the
    /// records).
    pub fn player(&self, ratings: &Ratings, index: usize) -> Key {
        let mut hasher = Hasher::default();
        hasher
            .key(self.entered.player_records[index])
            .add(&ratings.players[index])
            .add(&ratings.pool);
        let association = std::ptr::eq(ratings, self.association);
        for &(t, i) in &ratings.player_records[index] {
            hasher.key(if association {
                self.record_hashes[t][i]
            } else {
                self.record_key(&ratings.by_tournament[t][i])
            });
        }
        hasher.finish()
    }

    /// A rating record with what a page shows beside it: its tournament as
    /// entered, and the name and id of each opponent.
    fn record_key(&self, record: &TournamentRating) -> Key {
        let mut bytes = Vec::with_capacity(96 + 80 * record.games.len());
        crate::incremental::rating_bytes::encode_record(&mut bytes, record);
        bytes.extend_from_slice(&self.entered.tournaments[record.tournament].to_le_bytes());
        for game in &record.games {
            bytes.extend_from_slice(&self.entered.player_names[game.opponent].to_le_bytes());
        }
        xxhash_rust::xxh3::xxh3_128(&bytes)
    }

    /// The keys the SQL dump's big tables are made of: each player's and
    /// tournament's record as entered, and each rating record's key.
    pub fn unit_keys(&self) -> crate::sql::UnitKeys<'_> {
        crate::sql::UnitKeys {
            players: &self.entered.player_records,
            player_names: &self.entered.player_names,
            tournaments: &self.entered.tournaments,
            records: &self.record_hashes,
        }
    }

    /// The tournament at `index` as entered: its record (metadata and crosstable).
    pub fn tournament_record(&self, index: usize) -> Key {
        self.entered.tournaments[index]
    }

    /// The tournament at `index` and the record of every player in it:
    /// what its downloads show apart from ratings.
    pub fn tournament_people(&self, index: usize) -> Key {
        self.people[index]
    }

    /// [`Fingerprints::tournament_people`], made.
    fn people_of(&self, index: usize) -> Key {
        let t = &self.dataset.tournaments[index];
        let mut hasher = Hasher::default();
        hasher.key(self.entered.tournaments[index]);
        for entry in &t.entries {
            match self.dataset.player_index(entry.player.as_str()) {
                Some(p) => hasher.key(self.entered.player_records[p]),
                None => hasher.add(&entry.player),
            };
        }
        hasher.finish()
    }

    /// What the tournament at `index` looks like in `ratings`: the
    /// tournament, the record of every player in it, and their rating
    /// records for it.
    pub fn tournament(&self, ratings: &Ratings, index: usize) -> Key {
        let mut hasher = Hasher::default();
        hasher.key(self.tournament_people(index)).add(&ratings.pool);
        if std::ptr::eq(ratings, self.association) {
            hasher.key(self.records[index]);
        } else {
            hasher.add(&ratings.by_tournament[index]);
        }
        hasher.finish()
    }
}

/// The hash of all of `keys`, in order.
fn all_of(keys: &[Key]) -> Key {
    let mut hasher = Hasher::default();
    for &key in keys {
        hasher.key(key);
    }
    hasher.finish()
}

/// The hash of each tournament's rating records (with the names they show,
/// which the tournament's people cover as well), from the key of each
/// record by tournament.
fn association_records(record_hashes: &[Vec<Key>]) -> Vec<Key> {
    let each = record_hashes.par_iter();
    each.map(|records| {
        let mut hasher = Hasher::default();
        hasher.add(&records.len());
        for &record in records {
            hasher.key(record);
        }
        hasher.finish()
    })
    .collect()
}

/// The hash of a player's id and name.
fn name_key(p: &crate::model::Player) -> Key {
    let (id, name) = (p.id.as_str(), p.name.as_str());
    let mut bytes = Vec::with_capacity(16 + id.len() + name.len());
    bytes.extend_from_slice(&(id.len() as u64).to_le_bytes());
    bytes.extend_from_slice(id.as_bytes());
    bytes.extend_from_slice(name.as_bytes());
    xxhash_rust::xxh3::xxh3_128(&bytes)
}

/// Asserts that of `base` and `base` with each of `changes` made, two get
/// the same key (`keyed` gives each one's serialization and key) exactly
/// when they serialize the same: a hand-made hash neither leaves a field
/// out nor hashes one in another's place.
#[cfg(test)]
pub(crate) fn assert_keys_tell_apart_what_serializes_apart<T: Clone>(
    base: &T,
    changes: &[fn(&mut T)],
    keyed: impl Fn(&T) -> (String, Key),
) {
    let mut values = vec![base.clone()];
    for change in changes {
        let mut value = base.clone();
        change(&mut value);
        values.push(value);
    }
    let mut seen: Vec<(String, Key)> = Vec::new();
    for (shown, key) in values.iter().map(keyed) {
        for (other, other_key) in &seen {
            assert_eq!(
                shown == *other,
                key == *other_key,
                "{shown}\nagainst\n{other}"
            );
        }
        seen.push((shown, key));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rating::{GameRating, KFactor, NotCounted, Phase};

    fn hashed(record: &TournamentRating) -> Key {
        let mut bytes = Vec::new();
        crate::incremental::rating_bytes::encode_record(&mut bytes, record);
        xxhash_rust::xxh3::xxh3_128(&bytes)
    }

    /// Every field of a rating record and of its games changed in turn:
    /// the hand-made layout tells apart exactly the records that serialize
    /// differently, so no field is left out or hashed in another's place.
    #[test]
    fn a_rating_records_hash_changes_with_every_field() {
        let mut game = GameRating::unrated(1, 7, 2);
        game.opponent_rating = Some(1800);
        game.expected = Some(0.64).into();
        game.k = Some(KFactor::whole(20));
        game.change = Some(7.2).into();
        let base = TournamentRating {
            player: 3,
            tournament: 5,
            start_no: 2,
            phase_before: Phase::Established,
            phase_after: Phase::Established,
            rating_before: Some(1900),
            rating_after: Some(1907),
            provisional_games_before: 0,
            provisional_games_after: 0,
            games: vec![game],
            tournament_half_points: 2,
        };
        type Change = fn(&mut TournamentRating);
        let changes: Vec<Change> = vec![
            |r| r.player = 4,
            |r| r.tournament = 6,
            |r| r.start_no = 3,
            |r| r.phase_before = Phase::Provisional,
            |r| r.phase_after = Phase::Unrated,
            |r| r.rating_before = None,
            |r| r.rating_before = Some(1901),
            |r| r.rating_after = Some(1908),
            |r| r.provisional_games_before = 1,
            |r| r.provisional_games_after = 1,
            |r| r.tournament_half_points = 3,
            |r| r.games.clear(),
            |r| r.games.push(GameRating::unrated(2, 8, 0)),
            |r| r.games[0].round = 2,
            |r| r.games[0].opponent = 8,
            |r| r.games[0].half_points = 1,
            |r| r.games[0].opponent_rating = None,
            |r| r.games[0].opponent_rating = Some(1801),
            |r| r.games[0].expected = None.into(),
            |r| r.games[0].expected = Some(0.65).into(),
            |r| r.games[0].k = None,
            |r| r.games[0].k = Some(KFactor::whole(20).halved()),
            |r| r.games[0].change = Some(7.3).into(),
            |r| r.games[0].change = None.into(),
            |r| r.games[0].not_counted = Some(NotCounted::NotPlayed),
            |r| r.games[0].not_counted = Some(NotCounted::OpponentOther),
            |r| r.games[0].stones_received = 2,
            |r| r.games[0].difference = Some(-12),
            // The same number moved from one field to the next.
            |r| {
                r.games[0].expected = Some(7.2).into();
                r.games[0].change = Some(0.64).into();
            },
        ];
        assert_keys_tell_apart_what_serializes_apart(&base, &changes, |r| {
            (serde_json::to_string(r).unwrap(), hashed(r))
        });
    }
}
