//! The dump's schema, described once as data and written as DDL per dialect.
//!
//! Tables, in dependency order: `memberships` (lookup), `players`,
//! `tournaments`, `tournament_players`, `games`, `rating_changes`,
//! `game_ratings`, `published_ratings`. Every table has a primary key, foreign keys to the
//! tables it refers to, NOT NULL where a value always exists, CHECK
//! constraints where the data has rules, and a comment on the table and on
//! every column (SQL comments in SQLite, `COMMENT ON` in PostgreSQL, `COMMENT`
//! clauses in MariaDB/MySQL).

use super::{quote_string, Dialect};
use serde::Serialize;
use std::fmt::Write;

/// A column's type, mapped to each dialect's own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Type {
    /// A slug id (at most 64 characters): compared byte-wise in every database.
    Id,
    /// Free text of any length (names, cities).
    Text,
    /// A whole number.
    Int,
    /// True or false.
    Bool,
    /// A calendar date, `YYYY-MM-DD`.
    Date,
    /// A decimal with `.0` digits in all and `.1` after the point.
    Decimal(u8, u8),
}

impl Type {
    fn sql(self, dialect: Dialect) -> String {
        match (self, dialect) {
            (Type::Id, Dialect::Sqlite) => "TEXT".into(),
            (Type::Id, Dialect::Postgres) => "TEXT COLLATE \"C\"".into(),
            (Type::Id, Dialect::Mysql) => "VARCHAR(64)".into(),
            (Type::Text, _) => "TEXT".into(),
            (Type::Int, Dialect::Mysql) => "INT".into(),
            (Type::Int, _) => "INTEGER".into(),
            (Type::Bool, Dialect::Sqlite) => "INTEGER".into(),
            (Type::Bool, _) => "BOOLEAN".into(),
            (Type::Date, Dialect::Sqlite) => "TEXT".into(),
            (Type::Date, _) => "DATE".into(),
            (Type::Decimal(..), Dialect::Sqlite) => "REAL".into(),
            (Type::Decimal(p, s), Dialect::Postgres) => format!("NUMERIC({p}, {s})"),
            (Type::Decimal(p, s), Dialect::Mysql) => format!("DECIMAL({p}, {s})"),
        }
    }
}

/// One column.
#[derive(Debug, Clone, Copy)]
pub struct Column {
    /// Column name (never a reserved word in any dialect).
    pub name: &'static str,
    /// Type.
    pub ty: Type,
    /// Whether NULL is allowed.
    pub nullable: bool,
    /// A CHECK expression on this column, in portable SQL.
    pub check: Option<&'static str>,
    /// What the column holds.
    pub comment: &'static str,
}

/// A foreign key.
#[derive(Debug, Clone, Copy)]
pub struct ForeignKey {
    /// Columns of this table.
    pub columns: &'static [&'static str],
    /// The referenced table.
    pub table: &'static str,
    /// The referenced columns (its primary key or a unique key).
    pub references: &'static [&'static str],
}

/// A secondary index.
#[derive(Debug, Clone, Copy)]
pub struct Index {
    /// Index name, unique in the database.
    pub name: &'static str,
    /// Indexed columns, with `DESC` where wanted.
    pub columns: &'static [&'static str],
}

/// One table.
#[derive(Debug, Clone, Copy)]
pub struct Table {
    /// Table name.
    pub name: &'static str,
    /// What a row is.
    pub comment: &'static str,
    /// Columns in insert order.
    pub columns: &'static [Column],
    /// Primary key columns.
    pub primary_key: &'static [&'static str],
    /// Further unique keys.
    pub unique: &'static [&'static [&'static str]],
    /// Foreign keys.
    pub foreign_keys: &'static [ForeignKey],
    /// Table-level CHECK expressions.
    pub checks: &'static [&'static str],
    /// Secondary indexes for the usual queries.
    pub indexes: &'static [Index],
}

impl Table {
    /// Column names in insert order.
    pub fn column_names(&self) -> Vec<&'static str> {
        self.columns.iter().map(|c| c.name).collect()
    }
}

const fn col(name: &'static str, ty: Type, comment: &'static str) -> Column {
    Column {
        name,
        ty,
        nullable: false,
        check: None,
        comment,
    }
}

const fn null(name: &'static str, ty: Type, comment: &'static str) -> Column {
    Column {
        name,
        ty,
        nullable: true,
        check: None,
        comment,
    }
}

const fn checked(
    name: &'static str,
    ty: Type,
    check: &'static str,
    comment: &'static str,
) -> Column {
    Column {
        name,
        ty,
        nullable: false,
        check: Some(check),
        comment,
    }
}

const fn null_checked(
    name: &'static str,
    ty: Type,
    check: &'static str,
    comment: &'static str,
) -> Column {
    Column {
        name,
        ty,
        nullable: true,
        check: Some(check),
        comment,
    }
}

const fn fk(
    columns: &'static [&'static str],
    table: &'static str,
    references: &'static [&'static str],
) -> ForeignKey {
    ForeignKey {
        columns,
        table,
        references,
    }
}

const PHASES: &str = "IN ('provisional', 'established')";

/// The schema: every table in dependency order (referenced tables first).
pub const TABLES: &[Table] = &[
    Table {
        name: "memberships",
        comment: "Membership kinds and whether the association rates them.",
        columns: &[
            checked("code", Type::Id, "IN ('member', 'honorary', 'rif', 'other')", "member, honorary, rif or other"),
            col("rated_by_us", Type::Bool, "Whether the association computes ratings for this kind"),
            col("description", Type::Text, "What the kind means"),
        ],
        primary_key: &["code"],
        unique: &[],
        foreign_keys: &[],
        checks: &[],
        indexes: &[],
    },
    Table {
        name: "players",
        comment: "One row per player file (data/players/<id>.toml).",
        columns: &[
            col("id", Type::Id, "Stable id: the player file's name"),
            col("name", Type::Text, "Name as written in the player file"),
            checked("membership", Type::Id, "IN ('member', 'honorary', 'rif', 'other')", "Membership kind"),
            null("country", Type::Text, "Country code"),
            null("club", Type::Text, "Club"),
            null_checked("licence", Type::Int, "> 0", "Licence number"),
            null_checked("international_rating", Type::Int, ">= 0", "International (RIF) rating"),
            checked("preset_rating", Type::Int, "IN (1600, 1700, 1800, 1900, 2000)", "Preset rating that starts the provisional phase"),
            checked("preset_games", Type::Int, "IN (0, 5, 10, 15)", "Virtual games the preset counts as"),
        ],
        primary_key: &["id"],
        unique: &[],
        foreign_keys: &[fk(&["membership"], "memberships", &["code"])],
        checks: &[],
        indexes: &[],
    },
    Table {
        name: "tournaments",
        comment: "One row per tournament; chronological order is (start_date, sequence, id).",
        columns: &[
            col("id", Type::Id, "Stable id: the tournament file's name"),
            col("name", Type::Text, "Tournament name"),
            col("start_date", Type::Date, "First day"),
            col("end_date", Type::Date, "Last day"),
            null("city", Type::Text, "Where it was played"),
            checked("pairing_system", Type::Id, "IN ('swiss', 'round-robin')", "swiss or round-robin"),
            checked("rounds", Type::Int, "> 0", "Number of rounds"),
            col("rated", Type::Bool, "Whether the games count for ratings"),
            checked("time_control", Type::Id, "IN ('standard', 'rapid')", "standard or rapid (rapid halves K)"),
            checked("rules", Type::Id, "IN ('standard', 'modified')", "standard or modified (modified halves K)"),
            null_checked("base_k", Type::Int, "> 0", "Base K fixed by the tournament, if any"),
            checked("sequence", Type::Int, ">= 0", "Order among tournaments starting the same day"),
        ],
        primary_key: &["id"],
        unique: &[],
        foreign_keys: &[],
        checks: &["end_date >= start_date"],
        indexes: &[Index {
            name: "tournaments_by_date",
            columns: &["start_date", "sequence", "id"],
        }],
    },
    Table {
        name: "tournament_players",
        comment: "Participants: start number, the international rating used for the event, points.",
        columns: &[
            col("tournament_id", Type::Id, "Tournament"),
            col("player_id", Type::Id, "Player"),
            checked("start_no", Type::Int, "> 0", "Start number in the crosstable"),
            null_checked("international_rating", Type::Int, ">= 0", "International rating used for this event"),
            checked("points", Type::Decimal(6, 1), ">= 0", "Points scored, byes and forfeits included"),
        ],
        primary_key: &["tournament_id", "player_id"],
        unique: &[&["tournament_id", "start_no"]],
        foreign_keys: &[
            fk(&["tournament_id"], "tournaments", &["id"]),
            fk(&["player_id"], "players", &["id"]),
        ],
        checks: &[],
        indexes: &[Index {
            name: "tournament_players_by_player",
            columns: &["player_id"],
        }],
    },
    Table {
        name: "games",
        comment: "Every paired game once, from the lower start number's side, and every bye.",
        columns: &[
            col("tournament_id", Type::Id, "Tournament"),
            checked("round", Type::Int, "> 0", "Round number, from 1"),
            col("player_id", Type::Id, "The player with the lower start number, or the player with the bye"),
            null("opponent_id", Type::Id, "The opponent; NULL for a bye"),
            null_checked("colour", Type::Id, "IN ('white', 'black')", "The player's colour, when recorded"),
            checked("result", Type::Id, "IN ('win', 'draw', 'loss', 'forfeit-win', 'forfeit-loss', 'bye', 'bye-full', 'bye-half', 'bye-zero')", "Result from the player's side, or the kind of bye"),
            checked("stones_received", Type::Int, "BETWEEN -99 AND 99", "Handicap stones the player received (negative: gave them, as White); 0 for an even game or a bye"),
        ],
        primary_key: &["tournament_id", "round", "player_id"],
        unique: &[],
        foreign_keys: &[
            fk(&["tournament_id", "player_id"], "tournament_players", &["tournament_id", "player_id"]),
            fk(&["tournament_id", "opponent_id"], "tournament_players", &["tournament_id", "player_id"]),
        ],
        checks: &["(opponent_id IS NULL) = (result IN ('bye', 'bye-full', 'bye-half', 'bye-zero'))"],
        indexes: &[
            Index {
                name: "games_by_player",
                columns: &["player_id"],
            },
            Index {
                name: "games_by_opponent",
                columns: &["opponent_id"],
            },
        ],
    },
    Table {
        name: "rating_changes",
        comment: "What the rating rules did for each member in each tournament.",
        columns: &[
            col("player_id", Type::Id, "Member"),
            col("tournament_id", Type::Id, "Tournament"),
            checked("phase_before", Type::Id, PHASES, "Phase at the start"),
            checked("phase_after", Type::Id, PHASES, "Phase at the end"),
            null("rating_before", Type::Int, "Published rating at the start (established players)"),
            null("rating_after", Type::Int, "Published rating at the end"),
            null("k_values", Type::Text, "The K values of the counted games, ascending, e.g. '16, 32' (established players; each game's K is in game_ratings)"),
            checked("games_counted", Type::Int, ">= 0", "Games that counted for the rating"),
            checked("score", Type::Decimal(6, 1), ">= 0", "Points in counted games"),
            null("expected", Type::Decimal(8, 2), "Sum of expected scores in counted games (established players)"),
            null("change_sum", Type::Decimal(12, 5), "Σ K × (W - We) over the counted games, unrounded (established players)"),
            null("rating_change", Type::Int, "rating_after - rating_before: the rounded sum"),
        ],
        primary_key: &["player_id", "tournament_id"],
        unique: &[],
        foreign_keys: &[fk(&["tournament_id", "player_id"], "tournament_players", &["tournament_id", "player_id"])],
        checks: &[],
        indexes: &[Index {
            name: "rating_changes_by_tournament",
            columns: &["tournament_id"],
        }],
    },
    Table {
        name: "game_ratings",
        comment: "Every paired game of each member in each tournament (both sides: one row per player per game), as the rating rules saw it.",
        columns: &[
            col("player_id", Type::Id, "Member"),
            col("tournament_id", Type::Id, "Tournament"),
            checked("round", Type::Int, "> 0", "Round number, from 1"),
            col("opponent_id", Type::Id, "Opponent"),
            checked("score", Type::Decimal(3, 1), "IN (0, 0.5, 1)", "W: the member's points in the game"),
            col("counted", Type::Bool, "Whether the game counted for the rating"),
            null_checked("not_counted", Type::Id, "IN ('unrated-tournament', 'opponent-other', 'opponent-without-rating', 'opponent-provisional', 'not-played', 'player-unrated')", "Why the game did not count; NULL when it counted"),
            null("opponent_rating", Type::Int, "The opponent rating the rules used, when the game counted"),
            null("expected", Type::Decimal(7, 5), "We: expected score (established players)"),
            null_checked("k", Type::Decimal(7, 3), "> 0", "K for this game (established players)"),
            null("rating_delta", Type::Decimal(12, 5), "K × (W - We), unrounded (established players); their sum is rating_changes.change_sum"),
        ],
        primary_key: &["player_id", "tournament_id", "round"],
        unique: &[],
        foreign_keys: &[
            fk(&["player_id", "tournament_id"], "rating_changes", &["player_id", "tournament_id"]),
            fk(&["tournament_id", "opponent_id"], "tournament_players", &["tournament_id", "player_id"]),
        ],
        checks: &["counted = (not_counted IS NULL)"],
        indexes: &[Index {
            name: "game_ratings_by_tournament",
            columns: &["tournament_id", "round"],
        }],
    },
    Table {
        name: "published_ratings",
        comment: "The current list: every member's phase and published rating, ranked as on the site's rating list.",
        columns: &[
            col("player_id", Type::Id, "Member"),
            col("list_date", Type::Date, "The list date: the last day of the newest tournament"),
            null_checked("list_rank", Type::Int, "> 0", "Rank among active established players (equal ratings share it); NULL for inactive and provisional players"),
            null("active", Type::Bool, "Established players: a rated game within rating.inactive_after_months of the list date; NULL for provisional players"),
            checked("phase", Type::Id, PHASES, "Current phase"),
            null("rating", Type::Int, "Published rating (established players only)"),
            checked("provisional_games", Type::Int, ">= 0", "Provisional-phase games so far, preset included"),
            checked("rated_games", Type::Int, ">= 0", "Rated games in total, preset excluded"),
        ],
        primary_key: &["player_id"],
        unique: &[],
        foreign_keys: &[fk(&["player_id"], "players", &["id"])],
        checks: &[
            "(phase = 'established') = (rating IS NOT NULL)",
            "(phase = 'established') = (active IS NOT NULL)",
            "(list_rank IS NOT NULL) = (phase = 'established' AND active)",
        ],
        indexes: &[
            Index {
                name: "published_ratings_by_rating",
                columns: &["phase", "rating DESC"],
            },
            Index {
                name: "published_ratings_by_rank",
                columns: &["list_rank"],
            },
        ],
    },
];

/// The further rating lists' tables (`[pools.<name>]`), written only when the
/// repository has such lists, so that a repository without them gets the same
/// dump as before. Every row names its list; the association's own list is in
/// `rating_changes`, `game_ratings` and `published_ratings`.
pub const POOL_TABLES: &[Table] = &[
    Table {
        name: "pool_rating_changes",
        comment: "What a further rating list's system did for each player in each of the list's tournaments.",
        columns: &[
            col("pool", Type::Id, "The rating list (its name in ratingbook.toml)"),
            col("player_id", Type::Id, "Player"),
            col("tournament_id", Type::Id, "Tournament"),
            null("rating_before", Type::Int, "Published rating at the start"),
            null("rating_after", Type::Int, "Published rating at the end"),
            checked("games_counted", Type::Int, ">= 0", "Games that counted for the rating"),
            checked("score", Type::Decimal(6, 1), ">= 0", "Points in counted games"),
            null("expected", Type::Decimal(8, 2), "Sum of expected scores in counted games"),
        ],
        primary_key: &["player_id", "tournament_id"],
        unique: &[],
        foreign_keys: &[fk(&["tournament_id", "player_id"], "tournament_players", &["tournament_id", "player_id"])],
        checks: &[],
        indexes: &[Index {
            name: "pool_rating_changes_by_pool",
            columns: &["pool", "tournament_id"],
        }],
    },
    Table {
        name: "pool_ratings",
        comment: "Each further rating list as published: every rated player of the list, ranked as on the list's page.",
        columns: &[
            col("pool", Type::Id, "The rating list (its name in ratingbook.toml)"),
            col("player_id", Type::Id, "Player"),
            col("list_date", Type::Date, "The list date"),
            null_checked("list_rank", Type::Int, "> 0", "Rank among the list's active rated players; NULL for inactive players"),
            col("active", Type::Bool, "A rated game within rating.inactive_after_months of the list date"),
            col("rating", Type::Int, "Published rating"),
            null("deviation", Type::Decimal(8, 2), "One standard deviation of the rating, for systems that keep one (Glicko-2)"),
            checked("rated_games", Type::Int, ">= 0", "Rated games in the list"),
        ],
        primary_key: &["pool", "player_id"],
        unique: &[],
        foreign_keys: &[fk(&["player_id"], "players", &["id"])],
        checks: &["(list_rank IS NOT NULL) = active"],
        indexes: &[Index {
            name: "pool_ratings_by_rank",
            columns: &["pool", "list_rank"],
        }],
    },
];

/// The tables of a dump, with the further lists' tables when it has any.
pub fn tables(pooled: bool) -> impl Iterator<Item = &'static Table> {
    let extra: &[Table] = if pooled { POOL_TABLES } else { &[] };
    TABLES.iter().chain(extra)
}

/// Looks up a table by name.
pub fn table(name: &str) -> Option<&'static Table> {
    tables(true).find(|t| t.name == name)
}

/// The schema written out for one dialect, ready for the template.
#[derive(Debug, Clone, Serialize)]
pub struct Ddl {
    /// `DROP TABLE IF EXISTS` for every table, referencing tables first.
    pub drop: String,
    /// `CREATE TABLE` (MySQL: `IF NOT EXISTS`) and indexes and comments, in dependency order.
    pub create: String,
    /// `DELETE FROM` every table, referencing tables first.
    pub clear: String,
    /// What is faster to build once the rows are in, inside the same transaction:
    /// secondary indexes (SQLite, PostgreSQL) and foreign keys (PostgreSQL, checked
    /// in one pass instead of row by row). Empty for MySQL, whose tables persist.
    pub after_data: String,
}

impl Ddl {
    /// Writes the schema for `dialect`, with the further lists' tables when `pooled`.
    pub fn new(dialect: Dialect, pooled: bool) -> Ddl {
        let all: Vec<&Table> = tables(pooled).collect();
        let mut drop = String::new();
        let mut clear = String::new();
        for t in all.iter().rev() {
            let _ = writeln!(drop, "DROP TABLE IF EXISTS {};", t.name);
            let _ = writeln!(clear, "DELETE FROM {};", t.name);
        }
        let create = all
            .iter()
            .map(|t| create_table(t, dialect))
            .collect::<Vec<_>>()
            .join("\n");
        let after_data = all
            .iter()
            .map(|t| after_data(t, dialect))
            .collect::<String>();
        Ddl {
            drop,
            create,
            clear,
            after_data,
        }
    }
}

fn create_table(t: &Table, dialect: Dialect) -> String {
    let mut out = String::new();
    let q = |s: &str| quote_string(s, dialect);
    if dialect != Dialect::Mysql {
        let _ = writeln!(out, "-- {}", t.comment);
    }
    let if_not_exists = if dialect == Dialect::Mysql {
        "IF NOT EXISTS "
    } else {
        ""
    };
    let _ = writeln!(out, "CREATE TABLE {if_not_exists}{} (", t.name);
    let mut lines: Vec<String> = t.columns.iter().map(|c| column_line(c, dialect)).collect();
    lines.push(format!("PRIMARY KEY ({})", t.primary_key.join(", ")));
    for u in t.unique {
        lines.push(format!("UNIQUE ({})", u.join(", ")));
    }
    if dialect != Dialect::Postgres {
        lines.extend(t.foreign_keys.iter().map(foreign_key));
    }
    for c in t.checks {
        lines.push(format!("CHECK ({c})"));
    }
    if dialect == Dialect::Mysql {
        for i in t.indexes {
            lines.push(format!("KEY {} ({})", i.name, i.columns.join(", ")));
        }
    }
    let last = lines.len() - 1;
    for (n, line) in lines.iter().enumerate() {
        let comma = if n == last { "" } else { "," };
        match (dialect, t.columns.get(n)) {
            (Dialect::Sqlite, Some(c)) => {
                let _ = writeln!(out, "  {line}{comma} -- {}", c.comment);
            }
            _ => {
                let _ = writeln!(out, "  {line}{comma}");
            }
        }
    }
    match dialect {
        Dialect::Mysql => {
            let _ = writeln!(
                out,
                ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin COMMENT={};",
                q(t.comment)
            );
        }
        _ => out.push_str(");\n"),
    }
    if dialect == Dialect::Postgres {
        let _ = writeln!(out, "COMMENT ON TABLE {} IS {};", t.name, q(t.comment));
        for c in t.columns {
            let _ = writeln!(
                out,
                "COMMENT ON COLUMN {}.{} IS {};",
                t.name,
                c.name,
                q(c.comment)
            );
        }
    }
    out
}

fn foreign_key(f: &ForeignKey) -> String {
    format!(
        "FOREIGN KEY ({}) REFERENCES {} ({})",
        f.columns.join(", "),
        f.table,
        f.references.join(", ")
    )
}

fn after_data(t: &Table, dialect: Dialect) -> String {
    let mut out = String::new();
    if dialect == Dialect::Mysql {
        return out;
    }
    if dialect == Dialect::Postgres {
        for f in t.foreign_keys {
            let _ = writeln!(out, "ALTER TABLE {} ADD {};", t.name, foreign_key(f));
        }
    }
    for i in t.indexes {
        let _ = writeln!(
            out,
            "CREATE INDEX {} ON {} ({});",
            i.name,
            t.name,
            i.columns.join(", ")
        );
    }
    out
}

fn column_line(c: &Column, dialect: Dialect) -> String {
    let mut line = format!("{} {}", c.name, c.ty.sql(dialect));
    if !c.nullable {
        line.push_str(" NOT NULL");
    }
    // MariaDB wants the comment before a column's CHECK.
    if dialect == Dialect::Mysql {
        let _ = write!(line, " COMMENT {}", quote_string(c.comment, dialect));
    }
    if let Some(check) = c.check {
        let _ = write!(line, " CHECK ({} {check})", c.name);
    }
    if c.ty == Type::Bool && dialect == Dialect::Sqlite {
        let _ = write!(line, " CHECK ({} IN (0, 1))", c.name);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn foreign_keys_point_at_earlier_tables_and_real_columns() {
        let all: Vec<&Table> = tables(true).collect();
        for (i, t) in all.iter().enumerate() {
            let names = t.column_names();
            for k in t
                .primary_key
                .iter()
                .chain(t.unique.iter().copied().flatten())
            {
                assert!(names.contains(k), "{}.{k}", t.name);
            }
            for f in t.foreign_keys {
                let target = all[..i]
                    .iter()
                    .find(|r| r.name == f.table)
                    .unwrap_or_else(|| panic!("{} refers to a later table", t.name));
                for c in f.columns {
                    assert!(names.contains(c), "{}.{c}", t.name);
                }
                assert!(
                    f.references == target.primary_key || target.unique.contains(&f.references),
                    "{} -> {}",
                    t.name,
                    f.table
                );
            }
        }
    }

    #[test]
    fn every_dialect_writes_every_table_and_comment() {
        for d in Dialect::ALL {
            let ddl = Ddl::new(d, true);
            for t in tables(true) {
                assert!(
                    ddl.create.contains(&format!("{} (\n", t.name)),
                    "{d} {}",
                    t.name
                );
                assert!(ddl.drop.contains(t.name));
                assert_eq!(
                    Ddl::new(d, false)
                        .create
                        .contains(&format!("{} (\n", t.name)),
                    !t.name.starts_with("pool_"),
                    "the further lists' tables only with pools"
                );
                let quoted = t.comment.replace('\'', "''");
                assert!(
                    ddl.create.contains(t.comment) || ddl.create.contains(&quoted),
                    "{d} {}",
                    t.name
                );
            }
        }
        assert!(Ddl::new(Dialect::Postgres, false)
            .create
            .contains("COMMENT ON COLUMN players.name IS"));
        assert!(Ddl::new(Dialect::Mysql, false)
            .create
            .contains("CREATE TABLE IF NOT EXISTS games"));
    }
}
