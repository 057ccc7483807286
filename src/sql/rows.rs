//! The dump's rows: dataset and ratings turned into insert batches that follow
//! the column order of [`super::schema::TABLES`].

use super::schema;
use crate::model::{
    Bye, Cell, Colour, Dataset, GameResult, Membership, Rules, System, TimeControl,
};
use crate::rating::{NotCounted, Phase, Ratings, TournamentRating};
use serde::Serialize;
use std::borrow::Cow;

/// Rows per multi-row `INSERT` (keeps statements small and loads fast).
pub const BATCH_ROWS: usize = 250;

/// One value of a row.
#[derive(Debug, Clone, PartialEq, Serialize, Default)]
#[serde(untagged)]
pub enum SqlValue<'a> {
    /// NULL.
    #[default]
    Null,
    /// A boolean.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A decimal with a short exact representation (points, K, expected scores).
    Decimal(f64),
    /// Text (ids, names, codes), borrowed from the data where it can be.
    Text(Cow<'a, str>),
}

impl<'a> From<&'a str> for SqlValue<'a> {
    fn from(s: &'a str) -> Self {
        SqlValue::Text(Cow::Borrowed(s))
    }
}

impl From<String> for SqlValue<'_> {
    fn from(s: String) -> Self {
        SqlValue::Text(Cow::Owned(s))
    }
}

impl From<bool> for SqlValue<'_> {
    fn from(b: bool) -> Self {
        SqlValue::Bool(b)
    }
}

impl From<u32> for SqlValue<'_> {
    fn from(n: u32) -> Self {
        SqlValue::Int(n.into())
    }
}

impl From<i32> for SqlValue<'_> {
    fn from(n: i32) -> Self {
        SqlValue::Int(n.into())
    }
}

impl From<usize> for SqlValue<'_> {
    fn from(n: usize) -> Self {
        SqlValue::Int(n as i64)
    }
}

impl From<f64> for SqlValue<'_> {
    fn from(x: f64) -> Self {
        SqlValue::Decimal(x)
    }
}

impl SqlValue<'_> {
    /// The value with its text owned, to be kept beyond the data it came from.
    pub fn into_owned(self) -> SqlValue<'static> {
        match self {
            SqlValue::Null => SqlValue::Null,
            SqlValue::Bool(b) => SqlValue::Bool(b),
            SqlValue::Int(n) => SqlValue::Int(n),
            SqlValue::Decimal(x) => SqlValue::Decimal(x),
            SqlValue::Text(text) => SqlValue::Text(Cow::Owned(text.into_owned())),
        }
    }
}

impl<'a, T: Into<SqlValue<'a>>> From<Option<T>> for SqlValue<'a> {
    fn from(v: Option<T>) -> Self {
        v.map_or(SqlValue::Null, Into::into)
    }
}

/// One multi-row `INSERT INTO table (columns) VALUES …;`.
#[derive(Debug, Clone, Serialize)]
pub struct InsertBatch {
    /// Table name.
    pub table: &'static str,
    /// Column names, in the schema's order.
    pub columns: Vec<&'static str>,
    /// Rows, each with one value per column.
    pub rows: Vec<Vec<SqlValue<'static>>>,
}

/// Every row of the dump, as insert batches in dependency order.
#[derive(Debug, Clone, Default, Serialize)]
pub struct SqlDump {
    /// Batches of at most [`BATCH_ROWS`] rows, in the order [`base_tables`] hands them over.
    pub inserts: Vec<InsertBatch>,
    /// Row count per table, in schema order.
    pub counts: Vec<(&'static str, usize)>,
    /// Whether the dump has the further rating lists' tables.
    pub pooled: bool,
}

/// A further rating list for the dump: its name, its ratings and its list as published.
pub struct PoolList<'a> {
    /// The pool's name.
    pub name: &'a str,
    /// What its system computed.
    pub ratings: &'a Ratings,
    /// Its list's date, ranks and active flags.
    pub list: PublishedList,
}

/// A row as named values, one per column of its table: `N` of them, in
/// an array rather than on the heap (a federation's dump has millions).
type Row<'a, const N: usize> = [(&'static str, SqlValue<'a>); N];

/// The current rating list as the rating-list view model ranks it
/// (`render::view::RatedRow`): the dump copies its date, ranks and active
/// flags rather than ranking again.
#[derive(Debug, Clone, Default)]
pub struct PublishedList {
    /// The list date, `YYYY-MM-DD`.
    pub date: String,
    /// Established players by index in `Dataset::players`: rank (active
    /// players only) and whether the player is active.
    pub established: std::collections::BTreeMap<usize, (Option<usize>, bool)>,
}

/// The code stored for a result from the first player's side.
pub fn result_code(result: GameResult) -> &'static str {
    match result {
        GameResult::Win => "win",
        GameResult::Draw => "draw",
        GameResult::Loss => "loss",
        GameResult::ForfeitWin => "forfeit-win",
        GameResult::ForfeitLoss => "forfeit-loss",
    }
}

fn bye_code(bye: Bye) -> &'static str {
    match bye {
        Bye::PairingAllocated => "bye",
        Bye::Full => "bye-full",
        Bye::Half => "bye-half",
        Bye::Zero => "bye-zero",
    }
}

fn phase_code(phase: Phase) -> &'static str {
    match phase {
        Phase::Provisional => "provisional",
        Phase::Established => "established",
        Phase::Unrated => "unrated",
    }
}

fn half_points(half: u32) -> SqlValue<'static> {
    SqlValue::Decimal(f64::from(half) / 2.0)
}

fn membership_description(m: Membership) -> &'static str {
    match m {
        Membership::Member => "A member of the association: rated by us",
        Membership::Honorary => "An honorary member: rated like a member",
        Membership::Rif => {
            "International federation only: not rated by us; counts at the international rating"
        }
        Membership::Other => "Anyone else: games against them are ignored",
    }
}

/// Takes the dump's tables one at a time, in schema order, each row's values
/// in the schema's column order: [`SqlDump`] collects them, the streaming
/// writer ([`super::InsertWriter`]) writes them out as they come.
pub trait TableSink {
    /// Takes the rows of `table`, whose columns are `columns`.
    fn table<'a>(
        &mut self,
        table: &'static str,
        columns: &[&'static str],
        rows: &mut dyn RowSource<'a>,
    ) -> std::io::Result<()>;

    /// Takes the rows of `table` as `units` gives them. By default they are
    /// taken one row after another, as [`TableSink::table`] takes them.
    fn units<'a>(
        &mut self,
        table: &'static str,
        columns: &[&'static str],
        units: &dyn Units<'a>,
    ) -> std::io::Result<()> {
        self.table(table, columns, &mut UnitRows::new(units, columns.len()))
    }
}

/// A table whose rows come in units (a player, a tournament, a rating
/// record), each unit's rows told apart by a key known before they are
/// made: a writer that takes unchanged text over from a previous dump
/// needs the rows of the changed units only.
pub trait Units<'a>: Sync {
    /// How many units the table has.
    fn count(&self) -> usize;
    /// How many rows unit `unit` has.
    fn rows_in(&self, unit: usize) -> usize;
    /// The key of unit `unit`: units with the same key have the same rows.
    /// `None` when the keys are not known.
    fn key(&self, unit: usize) -> Option<u128>;
    /// Appends the values of unit `unit`'s rows, in column order, to `out`.
    fn push_rows(&self, unit: usize, out: &mut Vec<SqlValue<'a>>);
}

/// What the rows of the units of the big tables are made of, as keys made
/// beforehand (the pages' fingerprints of the same records).
#[derive(Debug, Clone, Copy)]
pub struct UnitKeys<'k> {
    /// The key of each player's record, in `Dataset::players` order.
    pub players: &'k [u128],
    /// The key of each player's id and name.
    pub player_names: &'k [u128],
    /// The key of each tournament's record (metadata and crosstable).
    pub tournaments: &'k [u128],
    /// The key of each rating record of the association's list, as
    /// `Ratings::by_tournament` holds them, covering the record, its
    /// tournament and its opponents' ids.
    pub records: &'k [Vec<u128>],
}

/// The rows of `units`, one after another.
pub(super) struct UnitRows<'u, 'a> {
    units: &'u dyn Units<'a>,
    width: usize,
    /// The next unit to make.
    next: usize,
    /// The values of the unit being handed over, and how many are handed over.
    values: Vec<SqlValue<'a>>,
    taken: usize,
}

impl<'u, 'a> UnitRows<'u, 'a> {
    pub(super) fn new(units: &'u dyn Units<'a>, width: usize) -> Self {
        UnitRows {
            units,
            width,
            next: 0,
            values: Vec::new(),
            taken: 0,
        }
    }
}

impl<'a> RowSource<'a> for UnitRows<'_, 'a> {
    fn next_row(&mut self, out: &mut Vec<SqlValue<'a>>) -> bool {
        while self.taken >= self.values.len() {
            if self.next == self.units.count() || self.width == 0 {
                return false;
            }
            self.values.clear();
            self.taken = 0;
            self.units.push_rows(self.next, &mut self.values);
            self.next += 1;
        }
        let row = self.taken..self.taken + self.width;
        out.extend(self.values[row].iter_mut().map(std::mem::take));
        self.taken += self.width;
        true
    }
}

/// A table made unit by unit: `make` gives a unit's rows as named values,
/// `rows_in` how many it has, `key` its key.
struct UnitTable<'c, R, K, M> {
    count: usize,
    columns: &'c [&'static str],
    rows_in: R,
    key: K,
    make: M,
}

impl<'a, const N: usize, I, R, K, M> Units<'a> for UnitTable<'_, R, K, M>
where
    R: Fn(usize) -> usize + Sync,
    K: Fn(usize) -> Option<u128> + Sync,
    M: Fn(usize) -> I + Sync,
    I: IntoIterator<Item = Row<'a, N>>,
{
    fn count(&self) -> usize {
        self.count
    }

    fn rows_in(&self, unit: usize) -> usize {
        (self.rows_in)(unit)
    }

    fn key(&self, unit: usize) -> Option<u128> {
        (self.key)(unit)
    }

    fn push_rows(&self, unit: usize, out: &mut Vec<SqlValue<'a>>) {
        for row in (self.make)(unit) {
            push_in_column_order(row, self.columns, out);
        }
    }
}

/// The rows of one table, handed over one at a time: a federation's dump
/// has millions, so each row's values go straight into the taker's buffer
/// rather than into a list of their own.
pub trait RowSource<'a> {
    /// Appends the next row's values (one per column, in column order) to
    /// `out`; `false` when there are no more rows.
    fn next_row(&mut self, out: &mut Vec<SqlValue<'a>>) -> bool;
}

/// Rows given as lists of values.
impl<'a, I: Iterator<Item = Vec<SqlValue<'a>>>> RowSource<'a> for I {
    fn next_row(&mut self, out: &mut Vec<SqlValue<'a>>) -> bool {
        self.next().map(|row| out.extend(row)).is_some()
    }
}

/// Takes up to `most` rows of `width` values each from `rows` into
/// `values`; returns how many it took. A row of another width is cut or
/// filled with NULL, so every row takes `width` places.
pub fn take_rows<'a>(
    rows: &mut dyn RowSource<'a>,
    values: &mut Vec<SqlValue<'a>>,
    most: usize,
    width: usize,
) -> usize {
    let mut taken = 0;
    while taken < most {
        let before = values.len();
        if !rows.next_row(values) {
            break;
        }
        values.resize(before + width, SqlValue::Null);
        taken += 1;
    }
    taken
}

/// Rows given as named values, put in the order of the table's columns.
struct NamedRows<'c, I> {
    rows: I,
    columns: &'c [&'static str],
}

impl<'a, const N: usize, I: Iterator<Item = Row<'a, N>>> RowSource<'a> for NamedRows<'_, I> {
    fn next_row(&mut self, out: &mut Vec<SqlValue<'a>>) -> bool {
        self.rows
            .next()
            .map(|row| push_in_column_order(row, self.columns, out))
            .is_some()
    }
}

/// Orders each row's values by the schema's columns and hands the table to `sink`.
fn emit<'a, const N: usize>(
    sink: &mut dyn TableSink,
    table: &'static str,
    rows: impl Iterator<Item = Row<'a, N>>,
) -> std::io::Result<()> {
    let columns = schema::table(table)
        .map(|t| t.column_names())
        .unwrap_or_default();
    let mut named = NamedRows {
        rows,
        columns: &columns,
    };
    sink.table(table, &columns, &mut named)
}

/// Appends the row's values to `out` in the order of `columns`; a column
/// the row lacks is NULL.
fn push_in_column_order<'a, const N: usize>(
    row: Row<'a, N>,
    columns: &[&'static str],
    out: &mut Vec<SqlValue<'a>>,
) {
    // Rows are written in the schema's order: then nothing needs moving.
    let in_order = N == columns.len()
        && row
            .iter()
            .zip(columns)
            .all(|((name, _), column)| std::ptr::eq(*name, *column) || name == column);
    if in_order {
        out.extend(row.into_iter().map(|(_, value)| value));
        return;
    }
    let mut row = Vec::from(row);
    out.extend(
        columns
            .iter()
            .map(|c| match row.iter().position(|(name, _)| name == c) {
                Some(i) => row.swap_remove(i).1,
                None => SqlValue::Null,
            }),
    );
}

/// Hands every table of the association's list to `sink`, in an order that
/// loads: memberships and players, then the tournaments' tables (from
/// `tournaments` to `game_ratings`) year by year, then the published list.
/// With `keys` (for this dataset and these ratings), the big tables go unit
/// by unit with their keys.
pub fn base_tables(
    dataset: &Dataset,
    ratings: &Ratings,
    list: &PublishedList,
    keys: Option<UnitKeys>,
    sink: &mut dyn TableSink,
) -> std::io::Result<()> {
    let keys = keys.filter(|keys| keys.fit(dataset, ratings));
    emit(
        sink,
        "memberships",
        Membership::ALL.iter().map(|&m| {
            [
                ("code", m.as_str().into()),
                ("rated_by_us", m.is_rated_by_us().into()),
                ("description", membership_description(m).into()),
            ]
        }),
    )?;
    let players = &dataset.players;
    emit_units(
        sink,
        "players",
        (players.len(), |_| 1),
        |i| keys.map(|k| k.players[i]),
        |i| [player_row(&players[i])],
    )?;
    // The records of players rated by the association, by tournament and place.
    let rated: Vec<(usize, usize)> = ratings
        .by_tournament
        .iter()
        .enumerate()
        .flat_map(|(t, records)| {
            let each = records.iter().enumerate();
            each.filter(|(_, r)| r.phase_before != Phase::Unrated)
                .map(move |(i, _)| (t, i))
        })
        .collect();
    for year in year_groups(&dataset.tournaments) {
        let records = rated.partition_point(|&(t, _)| t < year.start)
            ..rated.partition_point(|&(t, _)| t < year.end);
        tournament_tables(dataset, ratings, (year, &rated[records]), keys, sink)?;
    }
    emit(
        sink,
        "published_ratings",
        dataset
            .players
            .iter()
            .zip(&ratings.players)
            .enumerate()
            .filter(|(_, (_, s))| s.phase != Phase::Unrated)
            .map(|(i, (p, s))| {
                let (rank, active) = match list.established.get(&i) {
                    Some(&(rank, active)) => (rank, Some(active)),
                    None => (None, None),
                };
                [
                    ("player_id", p.id.as_str().into()),
                    ("list_date", list.date.as_str().into()),
                    ("list_rank", rank.into()),
                    ("active", active.into()),
                    ("phase", phase_code(s.phase).into()),
                    ("rating", s.rating.into()),
                    ("provisional_games", s.provisional_games.into()),
                    ("rated_games", s.rated_games.into()),
                ]
            }),
    )
}

/// The tournaments' tables for the tournaments `year` (indexes into
/// `dataset.tournaments`) and the rated records `rated` of them.
fn tournament_tables(
    dataset: &Dataset,
    ratings: &Ratings,
    (year, rated): (std::ops::Range<usize>, &[(usize, usize)]),
    keys: Option<UnitKeys>,
    sink: &mut dyn TableSink,
) -> std::io::Result<()> {
    let tournaments = &dataset.tournaments[year.clone()];
    let first = year.start;
    let tournament_key = |i: usize| keys.map(|k| k.tournaments[first + i]);
    emit_units(
        sink,
        "tournaments",
        (tournaments.len(), |_| 1),
        tournament_key,
        |i| [tournament_row(&tournaments[i])],
    )?;
    emit_units(
        sink,
        "tournament_players",
        (tournaments.len(), |i| tournaments[i].entries.len()),
        tournament_key,
        |i| {
            let t = &tournaments[i];
            t.entries.iter().map(move |e| {
                [
                    ("tournament_id", t.id.as_str().into()),
                    ("player_id", e.player.as_str().into()),
                    ("start_no", e.start_no.into()),
                    ("international_rating", e.rating.into()),
                    ("points", half_points(e.half_points())),
                ]
            })
        },
    )?;
    emit_units(
        sink,
        "games",
        (tournaments.len(), |i| game_cells(&tournaments[i]).count()),
        tournament_key,
        |i| game_cells(&tournaments[i]).map(game_row),
    )?;
    let record = |unit: usize| {
        let (t, i) = rated[unit];
        &ratings.by_tournament[t][i]
    };
    // A record's key covers its opponents' ids; its own player's is added.
    let record_key = |unit: usize| {
        let (t, i) = rated[unit];
        let player = ratings.by_tournament[t][i].player;
        keys.map(|k| both(k.records[t][i], k.player_names[player]))
    };
    emit_units(
        sink,
        "rating_changes",
        (rated.len(), |_| 1),
        record_key,
        |unit| [change_row(dataset, record(unit))],
    )?;
    emit_units(
        sink,
        "game_ratings",
        (rated.len(), |unit| record(unit).games.len()),
        record_key,
        |unit| game_rating_rows(dataset, record(unit)),
    )
}

/// The tournaments (sorted by start) in runs of one starting year, as
/// ranges of indexes; one empty run when there are none, so that every
/// table is handed over. A dump goes year by year, so that results added
/// at the newest date change only its last year's statements (and the
/// list's): a dump written over the one of a build before keeps the bytes
/// of every earlier year where they are.
fn year_groups(tournaments: &[crate::model::Tournament]) -> Vec<std::ops::Range<usize>> {
    let mut groups = Vec::new();
    let mut start = 0;
    for i in 1..=tournaments.len() {
        if i == tournaments.len() || tournaments[i].start.year != tournaments[start].start.year {
            groups.push(start..i);
            start = i;
        }
    }
    if groups.is_empty() {
        groups.push(0..0);
    }
    groups
}

/// Hands the further rating lists' tables to `sink`, every row naming its
/// list (nothing when there are none).
pub fn pool_tables(
    dataset: &Dataset,
    pools: &[PoolList],
    sink: &mut dyn TableSink,
) -> std::io::Result<()> {
    if pools.is_empty() {
        return Ok(());
    }
    emit(
        sink,
        "pool_rating_changes",
        pools.iter().flat_map(|p| {
            p.ratings
                .by_tournament
                .iter()
                .flatten()
                .filter(|r| r.phase_before != Phase::Unrated)
                .map(|r| {
                    [
                        ("pool", p.name.into()),
                        ("player_id", dataset.players[r.player].id.as_str().into()),
                        (
                            "tournament_id",
                            dataset.tournaments[r.tournament].id.as_str().into(),
                        ),
                        ("rating_before", r.rating_before.into()),
                        ("rating_after", r.rating_after.into()),
                        ("games_counted", r.games_counted().into()),
                        ("score", half_points(r.counted_half_points())),
                        ("expected", r.expected_total().map(round_hundredths).into()),
                    ]
                })
        }),
    )?;
    emit(
        sink,
        "pool_ratings",
        pools.iter().flat_map(|p| {
            p.list
                .established
                .iter()
                .filter_map(|(&i, &(rank, active))| {
                    let state = &p.ratings.players[i];
                    Some([
                        ("pool", p.name.into()),
                        ("player_id", dataset.players[i].id.as_str().into()),
                        ("list_date", p.list.date.as_str().into()),
                        ("list_rank", rank.into()),
                        ("active", active.into()),
                        ("rating", state.rating?.into()),
                        ("deviation", state.deviation.map(round_hundredths).into()),
                        ("rated_games", state.rated_games.into()),
                    ])
                })
        }),
    )
}

impl SqlDump {
    /// Collects every row from the dataset and ratings.
    pub fn new(dataset: &Dataset, ratings: &Ratings, list: &PublishedList) -> SqlDump {
        let mut dump = SqlDump::default();
        // Collecting in memory cannot fail.
        let _ = base_tables(dataset, ratings, list, None, &mut dump);
        dump
    }

    /// Adds the further rating lists' tables, every row naming its list.
    pub fn add_pools(&mut self, dataset: &Dataset, pools: &[PoolList]) {
        if pools.is_empty() {
            return;
        }
        self.pooled = true;
        let _ = pool_tables(dataset, pools, self);
    }
}

impl TableSink for SqlDump {
    /// Splits the rows into batches of [`BATCH_ROWS`].
    fn table<'a>(
        &mut self,
        table: &'static str,
        columns: &[&'static str],
        rows: &mut dyn RowSource<'a>,
    ) -> std::io::Result<()> {
        let width = columns.len();
        let mut count = 0;
        loop {
            let mut values = Vec::with_capacity(BATCH_ROWS * width);
            let taken = take_rows(rows, &mut values, BATCH_ROWS, width);
            if taken == 0 {
                break;
            }
            count += taken;
            let mut values = values.into_iter().map(SqlValue::into_owned);
            let rows = (0..taken)
                .map(|_| values.by_ref().take(width).collect())
                .collect();
            self.inserts.push(InsertBatch {
                table,
                columns: columns.to_vec(),
                rows,
            });
        }
        match self.counts.iter_mut().find(|(name, _)| *name == table) {
            Some((_, total)) => *total += count,
            None => self.counts.push((table, count)),
        }
        Ok(())
    }
}

impl UnitKeys<'_> {
    /// Whether these are keys of `dataset` and `ratings`: one for each
    /// player, tournament and rating record.
    fn fit(&self, dataset: &Dataset, ratings: &Ratings) -> bool {
        let records = &ratings.by_tournament;
        self.players.len() == dataset.players.len()
            && self.player_names.len() == dataset.players.len()
            && self.tournaments.len() == dataset.tournaments.len()
            && self.records.len() == records.len()
            && self
                .records
                .iter()
                .zip(records)
                .all(|(k, r)| k.len() == r.len())
            && records
                .iter()
                .flatten()
                .all(|r| r.player < dataset.players.len())
    }
}

/// One key made of two.
fn both(a: u128, b: u128) -> u128 {
    let mut bytes = [0; 32];
    bytes[..16].copy_from_slice(&a.to_le_bytes());
    bytes[16..].copy_from_slice(&b.to_le_bytes());
    xxhash_rust::xxh3::xxh3_128(&bytes)
}

/// Hands `table` to `sink` unit by unit: `count` units, each with the rows
/// `rows_in` says, the key `key` gives and the rows `make` makes.
fn emit_units<'a, const N: usize, I>(
    sink: &mut dyn TableSink,
    table: &'static str,
    (count, rows_in): (usize, impl Fn(usize) -> usize + Sync),
    key: impl Fn(usize) -> Option<u128> + Sync,
    make: impl Fn(usize) -> I + Sync,
) -> std::io::Result<()>
where
    I: IntoIterator<Item = Row<'a, N>>,
{
    let columns = schema::table(table)
        .map(|t| t.column_names())
        .unwrap_or_default();
    let units = UnitTable {
        count,
        columns: &columns,
        rows_in,
        key,
        make,
    };
    sink.units(table, &columns, &units)
}

fn player_row(p: &crate::model::Player) -> Row<'_, 9> {
    [
        ("id", p.id.as_str().into()),
        ("name", p.name.as_str().into()),
        ("membership", p.membership.as_str().into()),
        ("country", p.country.as_deref().into()),
        ("club", p.club.as_deref().into()),
        ("licence", p.licence.into()),
        ("international_rating", p.international_rating.into()),
        ("preset_rating", p.preset.rating.into()),
        ("preset_games", p.preset.games.into()),
    ]
}

fn tournament_row(t: &crate::model::Tournament) -> Row<'_, 12> {
    [
        ("id", t.id.as_str().into()),
        ("name", t.name.as_str().into()),
        ("start_date", t.start.to_string().into()),
        ("end_date", t.end.to_string().into()),
        ("city", t.city.as_deref().into()),
        (
            "pairing_system",
            match t.system {
                System::Swiss => "swiss",
                System::RoundRobin => "round-robin",
            }
            .into(),
        ),
        ("rounds", t.rounds.into()),
        ("rated", t.rated.into()),
        (
            "time_control",
            match t.time_control {
                TimeControl::Standard => "standard",
                TimeControl::Rapid => "rapid",
            }
            .into(),
        ),
        (
            "rules",
            match t.rules {
                Rules::Standard => "standard",
                Rules::Modified => "modified",
            }
            .into(),
        ),
        ("base_k", t.base_k.into()),
        ("sequence", t.sequence.into()),
    ]
}

/// One row of `games`: a game, once, from the side of the lower start
/// number, or a bye.
struct GameCell<'t> {
    tournament: &'t str,
    /// From 1.
    round: usize,
    player: &'t str,
    opponent: Option<&'t str>,
    colour: Option<&'static str>,
    result: &'static str,
    /// Handicap stones `player` received (negative: gave).
    stones_received: i32,
}

/// The rows of `games` of `t`, round by round.
fn game_cells(t: &crate::model::Tournament) -> impl Iterator<Item = GameCell<'_>> {
    (0..t.rounds as usize).flat_map(move |round| {
        t.entries.iter().filter_map(move |e| {
            let (opponent, colour, result) = match e.cells.get(round)? {
                Cell::Game {
                    opponent,
                    colour,
                    result,
                } if e.start_no < *opponent => (
                    t.entry(*opponent).map(|o| o.player.as_str()),
                    colour.map(|c| match c {
                        Colour::White => "white",
                        Colour::Black => "black",
                    }),
                    result_code(*result),
                ),
                Cell::Bye(bye) => (None, None, bye_code(*bye)),
                _ => return None,
            };
            Some(GameCell {
                tournament: t.id.as_str(),
                round: round + 1,
                player: e.player.as_str(),
                opponent,
                colour,
                result,
                stones_received: e.stones_received(round),
            })
        })
    })
}

fn game_row(cell: GameCell<'_>) -> Row<'_, 7> {
    [
        ("tournament_id", cell.tournament.into()),
        ("round", cell.round.into()),
        ("player_id", cell.player.into()),
        ("opponent_id", cell.opponent.into()),
        ("colour", cell.colour.into()),
        ("result", cell.result.into()),
        ("stones_received", cell.stones_received.into()),
    ]
}

/// The K values of a record's counted games, ascending, as the pages write them: `16, 32`.
fn k_values(r: &TournamentRating) -> Option<String> {
    let mut ks: Vec<u16> = r
        .games
        .iter()
        .filter(|g| g.counted())
        .filter_map(|g| g.k.map(|k| k.0))
        .collect();
    ks.sort_unstable();
    ks.dedup();
    (!ks.is_empty()).then(|| {
        ks.iter()
            .map(|&eighths| {
                let value = crate::rating::KFactor(eighths).value();
                if value.fract() == 0.0 {
                    format!("{value:.0}")
                } else {
                    format!("{value:.3}").trim_end_matches('0').to_string()
                }
            })
            .collect::<Vec<_>>()
            .join(", ")
    })
}

/// Rounds to five decimals: exact for the table's sums (units of 1/800) and
/// free of binary noise in the dump.
fn round_5(x: f64) -> f64 {
    (x * 100_000.0).round() / 100_000.0
}

fn game_rating_rows<'a>(
    dataset: &'a Dataset,
    r: &'a TournamentRating,
) -> impl Iterator<Item = Row<'a, 11>> + 'a {
    r.games.iter().map(move |g| {
        [
            ("player_id", dataset.players[r.player].id.as_str().into()),
            (
                "tournament_id",
                dataset.tournaments[r.tournament].id.as_str().into(),
            ),
            ("round", u32::from(g.round).into()),
            (
                "opponent_id",
                dataset.players[g.opponent].id.as_str().into(),
            ),
            ("score", half_points(g.half_points.into())),
            ("counted", g.counted().into()),
            ("not_counted", g.not_counted.map(not_counted_code).into()),
            ("opponent_rating", g.opponent_rating.into()),
            ("expected", g.expected.get().map(round_5).into()),
            ("k", g.k.map(|k| k.value()).into()),
            ("rating_delta", g.change.get().map(round_5).into()),
        ]
    })
}

fn not_counted_code(n: NotCounted) -> &'static str {
    match n {
        NotCounted::UnratedTournament => "unrated-tournament",
        NotCounted::OpponentOther => "opponent-other",
        NotCounted::OpponentWithoutRating => "opponent-without-rating",
        NotCounted::OpponentProvisional => "opponent-provisional",
        NotCounted::NotPlayed => "not-played",
        NotCounted::PlayerUnrated => "player-unrated",
    }
}

fn change_row<'a>(dataset: &'a Dataset, r: &'a TournamentRating) -> Row<'a, 12> {
    let deltas: Vec<f64> = r
        .games
        .iter()
        .filter(|g| g.counted())
        .filter_map(|g| g.change.get())
        .collect();
    let change_sum = (!deltas.is_empty()).then(|| round_5(deltas.iter().sum()));
    [
        ("player_id", dataset.players[r.player].id.as_str().into()),
        (
            "tournament_id",
            dataset.tournaments[r.tournament].id.as_str().into(),
        ),
        ("phase_before", phase_code(r.phase_before).into()),
        ("phase_after", phase_code(r.phase_after).into()),
        ("rating_before", r.rating_before.into()),
        ("rating_after", r.rating_after.into()),
        ("k_values", k_values(r).into()),
        ("games_counted", r.games_counted().into()),
        ("score", half_points(r.counted_half_points())),
        ("expected", r.expected_total().map(round_hundredths).into()),
        ("change_sum", change_sum.into()),
        ("rating_change", r.change().into()),
    ]
}

/// Rounds to two decimals (the `expected` column's scale).
pub fn round_hundredths(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_follow_the_schema_and_batch() {
        let dataset = crate::model::Dataset::default();
        let ratings = crate::rating::rate(&dataset, &crate::config::RatingConfig::default());
        let dump = SqlDump::new(&dataset, &ratings, &PublishedList::default());
        assert_eq!(dump.counts.len(), schema::TABLES.len());
        assert_eq!(dump.inserts.len(), 1);
        let b = &dump.inserts[0];
        assert_eq!(b.table, "memberships");
        assert!(b.rows.iter().all(|r| r.len() == b.columns.len()));
        assert!(b.rows.iter().all(|r| !r.contains(&SqlValue::Null)));
    }
}
