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
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum SqlValue<'a> {
    /// NULL.
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
    /// Batches of at most [`BATCH_ROWS`] rows; tables in schema order.
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

/// Hands every table of the association's list to `sink`, in schema order.
pub fn base_tables(
    dataset: &Dataset,
    ratings: &Ratings,
    list: &PublishedList,
    sink: &mut dyn TableSink,
) -> std::io::Result<()> {
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
    emit(
        sink,
        "players",
        dataset.players.iter().map(|p| {
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
        }),
    )?;
    emit(
        sink,
        "tournaments",
        dataset.tournaments.iter().map(tournament_row),
    )?;
    emit(
        sink,
        "tournament_players",
        dataset.tournaments.iter().flat_map(|t| {
            t.entries.iter().map(move |e| {
                [
                    ("tournament_id", t.id.as_str().into()),
                    ("player_id", e.player.as_str().into()),
                    ("start_no", e.start_no.into()),
                    ("international_rating", e.rating.into()),
                    ("points", half_points(e.half_points())),
                ]
            })
        }),
    )?;
    emit(
        sink,
        "games",
        dataset.tournaments.iter().flat_map(game_rows),
    )?;
    let rated = || {
        ratings
            .by_tournament
            .iter()
            .flatten()
            .filter(|r| r.phase_before != Phase::Unrated)
    };
    emit(
        sink,
        "rating_changes",
        rated().map(|r| change_row(dataset, r)),
    )?;
    emit(
        sink,
        "game_ratings",
        rated().flat_map(|r| game_rating_rows(dataset, r)),
    )?;
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
        let _ = base_tables(dataset, ratings, list, &mut dump);
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
        self.counts.push((table, count));
        Ok(())
    }
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

fn game_rows(t: &crate::model::Tournament) -> Vec<Row<'_, 6>> {
    let mut rows = Vec::new();
    for round in 0..t.rounds as usize {
        for e in &t.entries {
            let (opponent, colour, result) = match e.cells.get(round) {
                Some(Cell::Game {
                    opponent,
                    colour,
                    result,
                }) if e.start_no < *opponent => (
                    t.entry(*opponent).map(|o| o.player.as_str()),
                    colour.map(|c| match c {
                        Colour::White => "white",
                        Colour::Black => "black",
                    }),
                    result_code(*result),
                ),
                Some(Cell::Bye(bye)) => (None, None, bye_code(*bye)),
                _ => continue,
            };
            rows.push([
                ("tournament_id", t.id.as_str().into()),
                ("round", (round + 1).into()),
                ("player_id", e.player.as_str().into()),
                ("opponent_id", opponent.into()),
                ("colour", colour.into()),
                ("result", result.into()),
            ]);
        }
    }
    rows
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
