//! SQL dump benchmark: `cargo bench --bench sql`.
//!
//! For the sample data and a generated history (20 000 players, 2 000
//! tournaments, about 175 000 games; cached under target/bench-data, shared
//! with the build benchmark), times writing each dialect's dump (streamed, as the build writes it) and loading it
//! into a real database twice (first load, then the reload over it): SQLite
//! through rusqlite, PostgreSQL through psql, MariaDB through the mariadb
//! client, on servers started on temporary directories as in the tests.
//! Sizes can be set with `BENCH_PLAYERS` and `BENCH_TOURNAMENTS`.

mod common;

#[path = "../tests/databases/servers.rs"]
mod databases;

use databases::{Database, Mariadb, Postgres, Sqlite};
use ratingbook::sql::Dialect;
use std::path::{Path, PathBuf};
use std::time::Instant;

fn main() {
    let players = common::env_number("BENCH_PLAYERS", 20_000);
    let tournaments = common::env_number("BENCH_TOURNAMENTS", 2_000);
    let sets = [
        ("sample", PathBuf::from(env!("CARGO_MANIFEST_DIR"))),
        ("generated", common::repository(players, tournaments)),
    ];
    println!(
        "sql benchmark on {} cores, load average {}",
        std::thread::available_parallelism().map_or(1, |n| n.get()),
        common::load_average()
    );
    let sqlite = Sqlite::default();
    let postgres = Postgres::start();
    let mariadb = Mariadb::start();
    let dir = tempfile::tempdir().expect("temporary directory");
    println!("| data | games | dialect | dump size | dump time | first load | reload |");
    println!("|---|---:|---|---:|---:|---:|---:|");
    for (n, (label, root)) in sets.iter().enumerate() {
        let started = Instant::now();
        let loaded = ratingbook::load::load_repository(root);
        let rated = ratingbook::rating::rate_all(&loaded.dataset, &loaded.config);
        let prepare = started.elapsed().as_secs_f64();
        let games: usize = loaded
            .dataset
            .tournaments
            .iter()
            .map(|t| t.pairings().count())
            .sum();
        let tera = ratingbook::render::templates::TemplateSet::built_in()
            .engine("en")
            .expect("templates");
        for dialect in Dialect::ALL {
            let started = Instant::now();
            let mut text = Vec::new();
            ratingbook::render::write_sql_dump(
                &tera,
                true,
                &loaded.dataset,
                &rated.association,
                &rated.pools,
                &loaded.config,
                dialect,
                &mut text,
            )
            .expect("dump");
            let dump_time = started.elapsed().as_secs_f64();
            let path = dir.path().join(format!("{label}.{dialect}.sql"));
            std::fs::write(&path, &text).expect("write dump");
            let db_name = format!("bench{n}");
            let db: Option<&dyn Database> = match dialect {
                Dialect::Sqlite => Some(&sqlite),
                Dialect::Postgres => postgres.as_ref().map(|p| {
                    p.create(&db_name);
                    p as &dyn Database
                }),
                Dialect::Mysql => mariadb.as_ref().map(|m| {
                    m.create(&db_name);
                    m as &dyn Database
                }),
            };
            let (first, reload) = match db {
                Some(db) => (
                    format!("{:.2} s", time_load(db, &db_name, &path)),
                    format!("{:.2} s", time_load(db, &db_name, &path)),
                ),
                None => ("not installed".into(), "not installed".into()),
            };
            println!(
                "| {label} | {games} | {dialect} | {:.1} MB | {dump_time:.2} s | {first} | {reload} |",
                text.len() as f64 / 1e6
            );
        }
        println!("({label}: load + rate took {prepare:.2} s before the dumps)");
    }
}

fn time_load(db: &dyn Database, name: &str, path: &Path) -> f64 {
    let started = Instant::now();
    db.load(name, path)
        .unwrap_or_else(|e| panic!("loading {}: {e}", path.display()));
    started.elapsed().as_secs_f64()
}
