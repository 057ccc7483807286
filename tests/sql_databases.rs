//! The SQL dumps loaded into real databases: SQLite (rusqlite), PostgreSQL
//! (initdb + pg_ctl on a temporary directory) and MariaDB (mariadb-install-db +
//! mariadbd on a temporary datadir and socket), each through the database's own
//! loader. Every test loads a dump twice, runs the same queries (current rating
//! list, one player's history, one tournament's games) and compares them with
//! the engine's results; hostile names must round-trip exactly; a load that
//! fails halfway must leave the previous contents untouched.
//!
//! A missing server binary fails the test (set `RATINGBOOK_SKIP_DB=1` to skip
//! locally; under CI nothing is skipped).

mod common;

use ratingbook::model::{Colour, Dataset};
use ratingbook::rating::{Phase, Ratings};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const REPO: &str = env!("CARGO_MANIFEST_DIR");
const NULL: &str = "<NULL>";

type Rows = Vec<Vec<String>>;

/// A database the dumps are loaded into.
trait Database {
    /// Loads a dump file into database `db` with the database's own loader.
    fn load(&self, db: &str, dump: &Path) -> Result<(), String>;
    /// Runs a query; every value as text, NULL as [`NULL`].
    fn query(&self, db: &str, sql: &str) -> Rows;
}

// ---------- the dumps and the engine's answers ----------

fn write_dump(root: &Path, dialect: &str, out: &Path) {
    let output = Command::new(common::binary())
        .args(["sql", "--dialect", dialect, "--root"])
        .arg(root)
        .arg("--out")
        .arg(out)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "ratingbook sql failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Numbers print differently per database (`3.5`, `3.50`, `3.0`): compare them as numbers.
fn normalize(rows: Rows) -> Rows {
    rows.into_iter()
        .map(|row| {
            row.into_iter()
                .map(|v| match v.parse::<f64>() {
                    Ok(x) if v.chars().all(|c| c.is_ascii_digit() || "-.".contains(c)) => {
                        format!("{x}")
                    }
                    _ => v,
                })
                .collect()
        })
        .collect()
}

fn text<T: ToString>(v: Option<T>) -> String {
    v.map_or(NULL.to_string(), |v| v.to_string())
}

const RATING_LIST: &str = "SELECT p.id, p.name, r.rating, r.rated_games FROM published_ratings r \
     JOIN players p ON p.id = r.player_id WHERE r.phase = 'established' \
     ORDER BY r.rating DESC, p.id";

fn history_query(player: &str) -> String {
    format!(
        "SELECT c.tournament_id, t.start_date, c.phase_before, c.phase_after, c.rating_before, \
         c.rating_after, c.rating_change, c.games_counted, c.score, c.k, c.expected \
         FROM rating_changes c JOIN tournaments t ON t.id = c.tournament_id \
         WHERE c.player_id = '{player}' ORDER BY t.start_date, t.sequence, t.id"
    )
}

fn games_query(tournament: &str) -> String {
    format!(
        "SELECT g.round, g.player_id, g.opponent_id, g.colour, g.result FROM games g \
         WHERE g.tournament_id = '{tournament}' AND g.opponent_id IS NOT NULL \
         ORDER BY g.round, g.player_id"
    )
}

const COUNTS: &str = "SELECT (SELECT count(*) FROM players), (SELECT count(*) FROM tournaments), \
     (SELECT count(*) FROM tournament_players), (SELECT count(*) FROM rating_changes), \
     (SELECT count(*) FROM published_ratings), (SELECT count(*) FROM memberships)";

/// What the engine says, for the same questions.
struct Expected {
    queries: Vec<(String, Rows)>,
    counts: Rows,
}

fn phase(p: Phase) -> &'static str {
    match p {
        Phase::Provisional => "provisional",
        Phase::Established => "established",
        Phase::Unrated => "unrated",
    }
}

fn expected(root: &Path) -> Expected {
    let loaded = ratingbook::load::load_repository(root);
    let data = &loaded.dataset;
    let ratings = ratingbook::rating::rate(data, &loaded.config.rating);
    let mut list: Vec<(i32, &str, &str, u32)> = data
        .players
        .iter()
        .zip(&ratings.players)
        .filter(|(_, s)| s.phase == Phase::Established)
        .filter_map(|(p, s)| Some((s.rating?, p.id.as_str(), p.name.as_str(), s.rated_games)))
        .collect();
    list.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(b.1)));
    let list: Rows = list
        .into_iter()
        .map(|(r, id, name, games)| vec![id.into(), name.into(), r.to_string(), games.to_string()])
        .collect();
    let (player, history) = longest_history(data, &ratings);
    let (tournament, games) = busiest_tournament(data);
    let counts = vec![vec![
        data.players.len().to_string(),
        data.tournaments.len().to_string(),
        data.tournaments
            .iter()
            .map(|t| t.entries.len())
            .sum::<usize>()
            .to_string(),
        ratings
            .by_tournament
            .iter()
            .flatten()
            .filter(|r| r.phase_before != Phase::Unrated)
            .count()
            .to_string(),
        ratings
            .players
            .iter()
            .filter(|s| s.phase != Phase::Unrated)
            .count()
            .to_string(),
        "4".into(),
    ]];
    Expected {
        queries: vec![
            (RATING_LIST.to_string(), normalize(list)),
            (history_query(&player), normalize(history)),
            (games_query(&tournament), normalize(games)),
        ],
        counts,
    }
}

/// The member with the most rated tournaments and their history, as the engine computed it.
fn longest_history(data: &Dataset, ratings: &Ratings) -> (String, Rows) {
    let player = (0..data.players.len())
        .max_by_key(|&i| {
            (
                ratings
                    .history(i)
                    .filter(|r| r.phase_before != Phase::Unrated)
                    .count(),
                std::cmp::Reverse(i),
            )
        })
        .unwrap_or(0);
    let rows = ratings
        .history(player)
        .filter(|r| r.phase_before != Phase::Unrated)
        .map(|r| {
            let t = &data.tournaments[r.tournament];
            let k = r.games.iter().filter(|g| g.counted()).find_map(|g| g.k);
            vec![
                t.id.to_string(),
                t.start.to_string(),
                phase(r.phase_before).into(),
                phase(r.phase_after).into(),
                text(r.rating_before),
                text(r.rating_after),
                text(r.change()),
                r.games_counted().to_string(),
                (f64::from(r.counted_half_points()) / 2.0).to_string(),
                text(k.map(|k| k.value())),
                text(r.expected_total().map(|e| (e * 100.0).round() / 100.0)),
            ]
        })
        .collect();
    (data.players[player].id.to_string(), rows)
}

/// The tournament with the most games and its games, from the crosstable.
fn busiest_tournament(data: &Dataset) -> (String, Rows) {
    let t = data
        .tournaments
        .iter()
        .max_by_key(|t| t.pairings().len())
        .expect("a tournament");
    let id_of = |no: u32| t.entry(no).map(|e| e.player.to_string()).unwrap();
    let mut rows: Rows = t
        .pairings()
        .into_iter()
        .map(|p| {
            vec![
                p.round.to_string(),
                id_of(p.first),
                id_of(p.second),
                text(p.first_colour.map(|c| match c {
                    Colour::White => "white",
                    Colour::Black => "black",
                })),
                ratingbook::sql::result_code(p.result).to_string(),
            ]
        })
        .collect();
    rows.sort_by(|a, b| (a[0].parse::<u32>().ok(), &a[1]).cmp(&(b[0].parse::<u32>().ok(), &b[1])));
    (t.id.to_string(), rows)
}

// ---------- the shared scenario ----------

/// Loads the sample data's dump twice and compares every query with the engine;
/// then shows that a load failing halfway leaves the loaded contents as they were.
fn sample_round_trip(db: &dyn Database, dialect: &str, name: &str) {
    let dir = tempfile::tempdir().unwrap();
    let dump = dir.path().join(format!("ratingbook.{dialect}.sql"));
    write_dump(Path::new(REPO), dialect, &dump);
    let want = expected(Path::new(REPO));
    for pass in ["first load", "second load (reload)"] {
        db.load(name, &dump)
            .unwrap_or_else(|e| panic!("{dialect} {pass}: {e}"));
        assert_eq!(
            db.query(name, COUNTS),
            want.counts,
            "{dialect} {pass}: counts"
        );
        for (sql, rows) in &want.queries {
            assert!(!rows.is_empty(), "{sql}: the engine has no rows");
            assert_eq!(
                &normalize(db.query(name, sql)),
                rows,
                "{dialect} {pass}: {sql}"
            );
        }
    }
    let text = std::fs::read_to_string(&dump).unwrap();
    let at = text.rfind("COMMIT;").expect("the dump commits");
    let broken = format!(
        "{}INSERT INTO no_such_table VALUES (1);\n{}",
        &text[..at],
        &text[at..]
    );
    let broken_path = dir.path().join("broken.sql");
    std::fs::write(&broken_path, broken).unwrap();
    assert!(
        db.load(name, &broken_path).is_err(),
        "{dialect}: the broken dump loaded"
    );
    assert_eq!(
        db.query(name, COUNTS),
        want.counts,
        "{dialect}: after a failed load"
    );
    assert_eq!(
        &normalize(db.query(name, RATING_LIST)),
        &want.queries[0].1,
        "{dialect}: after a failed load"
    );
}

fn hostile_names() -> Vec<String> {
    let mut names: Vec<String> = [
        "O'Brien",
        "O'Brien \"Pat\"",
        "Robert'); DROP TABLE players;--",
        "\\",
        "\\'",
        "Back\\slash \\' end\\",
        "<b>bold</b> & <script>alert(1)</script>",
        "Işık İlker ÇAĞLAR Öztürk ğüşıöç",
        "Saarenpää Åke Öhman",
        "Emoji 😀 Player 🎲👍🏽",
        "100% _under_ `tick` $1 ?",
        "' OR '1'='1",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    names.push("L".repeat(300));
    names.push("Ä'\\😀".repeat(80));
    names
}

/// Writes a repository whose players have hostile names, all in one tournament.
fn hostile_repository(root: &Path, names: &[String]) {
    let players = root.join("data/players");
    std::fs::create_dir_all(&players).unwrap();
    let mut rows = String::from("no,player,1\n");
    let n = names.len();
    for (i, name) in names.iter().enumerate() {
        let id = format!("p{i:02}");
        let toml_name = toml::Value::String(name.clone()).to_string();
        std::fs::write(
            players.join(format!("{id}.toml")),
            format!("name = {toml_name}\nmembership = \"member\"\n"),
        )
        .unwrap();
        let cell = if i % 2 == 0 && i + 2 <= n {
            format!("{} 1", i + 2)
        } else if i % 2 == 1 {
            format!("{} 0", i)
        } else {
            "bye".into()
        };
        rows.push_str(&format!("{},{id},{cell}\n", i + 1));
    }
    let dir = root.join("data/tournaments/2020");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("hostile.toml"),
        "name = \"<b>Hostile</b> & 'Co' \\\\ 😀\"\nstart = 2020-01-01\nend = 2020-01-01\nsystem = \"swiss\"\nrounds = 1\n",
    )
    .unwrap();
    std::fs::write(dir.join("hostile.csv"), rows).unwrap();
}

/// Hostile names round-trip exactly, twice.
fn hostile_round_trip(db: &dyn Database, dialect: &str, name: &str) {
    let dir = tempfile::tempdir().unwrap();
    let names = hostile_names();
    hostile_repository(dir.path(), &names);
    let dump = dir.path().join(format!("hostile.{dialect}.sql"));
    write_dump(dir.path(), dialect, &dump);
    let mut want: Rows = names
        .iter()
        .enumerate()
        .map(|(i, n)| vec![format!("p{i:02}"), n.clone()])
        .collect();
    want.push(vec!["hostile".into(), "<b>Hostile</b> & 'Co' \\ 😀".into()]);
    want.sort();
    for pass in ["first load", "reload"] {
        db.load(name, &dump)
            .unwrap_or_else(|e| panic!("{dialect} hostile {pass}: {e}"));
        let got = db.query(
            name,
            "SELECT id, name FROM players UNION ALL SELECT id, name FROM tournaments ORDER BY id",
        );
        assert_eq!(got, want, "{dialect} hostile {pass}");
        let long = db.query(
            name,
            &format!("SELECT id FROM players WHERE name = '{}'", "L".repeat(300)),
        );
        assert_eq!(long, vec![vec!["p12".to_string()]], "{dialect}");
    }
}

// ---------- finding binaries ----------

/// Looks for a server binary; when it is missing, fails loudly (or skips
/// locally with `RATINGBOOK_SKIP_DB=1`, never under CI).
fn find_binary(name: &str, extra_dirs: &[PathBuf]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let found = extra_dirs
        .iter()
        .cloned()
        .chain(std::env::split_paths(&path))
        .chain(["/usr/sbin".into(), "/usr/bin".into()])
        .map(|d| d.join(name))
        .find(|p| p.is_file());
    if found.is_some() {
        return found;
    }
    let message = format!(
        "DATABASE TEST NOT RUN: `{name}` was not found (install postgresql and mariadb-server; .ci/run does)"
    );
    let ci = std::env::var_os("CI").is_some_and(|v| !v.is_empty() && v != "false");
    let skip = std::env::var("RATINGBOOK_SKIP_DB").is_ok_and(|v| v == "1");
    if skip && !ci {
        eprintln!("{message}; skipped because RATINGBOOK_SKIP_DB=1");
        None
    } else {
        panic!("{message}. Set RATINGBOOK_SKIP_DB=1 to skip locally (never under CI).");
    }
}

fn postgres_bin_dirs() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .map(|rd| rd.flatten().map(|e| e.path().join("bin")).collect())
        .unwrap_or_default();
    dirs.sort_by_key(|d| {
        d.parent()
            .and_then(|v| v.file_name())
            .and_then(|v| v.to_str())
            .and_then(|v| v.parse::<u32>().ok())
            .unwrap_or(0)
    });
    dirs.reverse();
    dirs
}

fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("Uid:"))
                .and_then(|l| l.split_whitespace().nth(1).map(|u| u == "0"))
        })
        .unwrap_or(false)
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap_or(54329)
}

fn run(cmd: &mut Command) -> Output {
    cmd.stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"))
}

fn check(cmd: &mut Command) {
    let out = run(cmd);
    assert!(
        out.status.success(),
        "{cmd:?} failed: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

fn lines(out: &Output, separator: char, null: &str) -> Rows {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| {
            l.split(separator)
                .map(|v| if v == null { NULL.into() } else { v.into() })
                .collect()
        })
        .collect()
}

// ---------- SQLite ----------

struct Sqlite {
    dir: tempfile::TempDir,
}

impl Sqlite {
    fn open(&self, db: &str) -> rusqlite::Connection {
        let conn = rusqlite::Connection::open(self.dir.path().join(format!("{db}.db"))).unwrap();
        conn.execute_batch("PRAGMA foreign_keys = ON;").unwrap();
        conn
    }
}

impl Database for Sqlite {
    fn load(&self, db: &str, dump: &Path) -> Result<(), String> {
        let sql = std::fs::read_to_string(dump).map_err(|e| e.to_string())?;
        // A fresh connection per load, as the sqlite3 shell would: dropping it
        // rolls back a transaction that failed halfway.
        let conn = self.open(db);
        conn.execute_batch(&sql).map_err(|e| e.to_string())?;
        let violations: i64 = conn
            .query_row("SELECT count(*) FROM pragma_foreign_key_check", [], |r| {
                r.get(0)
            })
            .map_err(|e| e.to_string())?;
        if violations > 0 {
            return Err(format!("{violations} foreign key violations"));
        }
        Ok(())
    }

    fn query(&self, db: &str, sql: &str) -> Rows {
        use rusqlite::types::ValueRef;
        let conn = self.open(db);
        let mut stmt = conn.prepare(sql).unwrap_or_else(|e| panic!("{sql}: {e}"));
        let n = stmt.column_count();
        let rows = stmt
            .query_map([], |r| {
                (0..n)
                    .map(|i| {
                        Ok(match r.get_ref(i)? {
                            ValueRef::Null => NULL.to_string(),
                            ValueRef::Integer(v) => v.to_string(),
                            ValueRef::Real(v) => v.to_string(),
                            ValueRef::Text(t) | ValueRef::Blob(t) => {
                                String::from_utf8_lossy(t).into_owned()
                            }
                        })
                    })
                    .collect::<Result<Vec<String>, rusqlite::Error>>()
            })
            .unwrap();
        rows.map(Result::unwrap).collect()
    }
}

#[test]
fn sqlite_loads_the_dumps_and_matches_the_engine() {
    let db = Sqlite {
        dir: tempfile::tempdir().unwrap(),
    };
    sample_round_trip(&db, "sqlite", "sample");
    hostile_round_trip(&db, "sqlite", "hostile");
}

// ---------- PostgreSQL ----------

/// A PostgreSQL server on a temporary directory, stopped on drop.
struct Postgres {
    bin: PathBuf,
    data: PathBuf,
    socket: PathBuf,
    port: u16,
    runner: Option<&'static str>,
    _dir: tempfile::TempDir,
}

impl Postgres {
    fn start() -> Option<Postgres> {
        let dirs = postgres_bin_dirs();
        let initdb = find_binary("initdb", &dirs)?;
        // Follow symlinks (/usr/local/bin/initdb -> /usr/lib/postgresql/15/bin/initdb):
        // psql and pg_ctl live beside the real initdb.
        let initdb = initdb.canonicalize().unwrap_or(initdb);
        let bin = initdb.parent().unwrap().to_path_buf();
        let dir = tempfile::tempdir().unwrap();
        // initdb refuses to run as root: use Debian's `postgres` user (or nobody).
        let runner = is_root().then(|| {
            if run(Command::new("id").arg("postgres")).status.success() {
                "postgres"
            } else {
                "nobody"
            }
        });
        if let Some(user) = runner {
            check(Command::new("chown").arg(user).arg(dir.path()));
        }
        let server = Postgres {
            data: dir.path().join("data"),
            socket: dir.path().to_path_buf(),
            port: free_port(),
            bin,
            runner,
            _dir: dir,
        };
        check(
            server
                .as_owner("initdb")
                .args([
                    "--auth=trust",
                    "--username=postgres",
                    "--encoding=UTF8",
                    "--no-locale",
                    "--no-sync",
                    "-D",
                ])
                .arg(&server.data),
        );
        let options = format!(
            "-c listen_addresses= -k {} -p {} -c fsync=off -c synchronous_commit=off -c full_page_writes=off",
            server.socket.display(),
            server.port
        );
        check(
            server
                .as_owner("pg_ctl")
                .args(["-w", "-t", "60", "-D"])
                .arg(&server.data)
                .arg("-l")
                .arg(server.socket.join("server.log"))
                .args(["-o", &options, "start"]),
        );
        Some(server)
    }

    fn as_owner(&self, program: &str) -> Command {
        let path = self.bin.join(program);
        match self.runner {
            Some(user) => {
                let mut cmd = Command::new("runuser");
                cmd.args(["-u", user, "--"]).arg(path);
                cmd
            }
            None => Command::new(path),
        }
    }

    fn psql(&self, db: &str) -> Command {
        let mut cmd = Command::new(self.bin.join("psql"));
        cmd.env("PGCLIENTENCODING", "UTF8")
            .arg("-X")
            .arg("-q")
            .arg("-h")
            .arg(&self.socket)
            .args(["-p", &self.port.to_string(), "-U", "postgres", "-d", db])
            .args(["-v", "ON_ERROR_STOP=1"]);
        cmd
    }

    fn create(&self, db: &str) {
        check(
            self.psql("postgres")
                .args(["-c", &format!("CREATE DATABASE {db}")]),
        );
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        let _ = self
            .as_owner("pg_ctl")
            .args(["-m", "immediate", "-w", "-D"])
            .arg(&self.data)
            .arg("stop")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
    }
}

impl Database for Postgres {
    fn load(&self, db: &str, dump: &Path) -> Result<(), String> {
        let out = run(self.psql(db).arg("-f").arg(dump));
        if out.status.success() {
            Ok(())
        } else {
            Err(String::from_utf8_lossy(&out.stderr).into_owned())
        }
    }

    fn query(&self, db: &str, sql: &str) -> Rows {
        let out =
            run(self
                .psql(db)
                .args(["-A", "-t", "-F", "\u{1f}", "-P", "null=<NULL>", "-c", sql]));
        assert!(
            out.status.success(),
            "{sql}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        lines(&out, '\u{1f}', NULL)
    }
}

#[test]
fn postgres_loads_the_dumps_and_matches_the_engine() {
    let Some(server) = Postgres::start() else {
        return;
    };
    server.create("sample");
    server.create("hostile");
    sample_round_trip(&server, "postgres", "sample");
    hostile_round_trip(&server, "postgres", "hostile");
}

// ---------- MariaDB ----------

/// A MariaDB server on a temporary datadir and socket (no TCP), killed on drop.
struct Mariadb {
    child: Child,
    client: PathBuf,
    socket: PathBuf,
    _dir: tempfile::TempDir,
}

impl Mariadb {
    fn start() -> Option<Mariadb> {
        let server = find_binary("mariadbd", &[])?;
        let install = find_binary("mariadb-install-db", &[])?;
        let client = find_binary("mariadb", &[])?;
        let admin = find_binary("mariadb-admin", &[])?;
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data");
        let socket = dir.path().join("mariadb.sock");
        let user = if is_root() { "--user=root" } else { "--user=" };
        let mut install_cmd = Command::new(install);
        install_cmd
            .arg("--no-defaults")
            .arg(format!("--datadir={}", data.display()))
            .args([
                "--auth-root-authentication-method=normal",
                "--skip-test-db",
                "--skip-name-resolve",
            ]);
        if is_root() {
            install_cmd.arg(user);
        }
        check(&mut install_cmd);
        let mut cmd = Command::new(server);
        cmd.arg("--no-defaults")
            .arg(format!("--datadir={}", data.display()))
            .arg(format!("--socket={}", socket.display()))
            .arg(format!(
                "--pid-file={}",
                dir.path().join("mariadb.pid").display()
            ))
            .arg(format!(
                "--log-error={}",
                dir.path().join("error.log").display()
            ))
            .args([
                "--skip-networking",
                "--innodb-buffer-pool-size=128M",
                "--innodb-flush-log-at-trx-commit=0",
                "--innodb-doublewrite=0",
                "--character-set-server=utf8mb4",
            ])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        if is_root() {
            cmd.arg(user);
        }
        let child = cmd.spawn().expect("start mariadbd");
        let db = Mariadb {
            child,
            client,
            socket,
            _dir: dir,
        };
        let started = Instant::now();
        loop {
            let ping = run(Command::new(&admin)
                .arg("--no-defaults")
                .arg(format!("--socket={}", db.socket.display()))
                .args(["-u", "root", "ping"]));
            if ping.status.success() {
                break;
            }
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "mariadbd did not start: {}",
                std::fs::read_to_string(db._dir.path().join("error.log")).unwrap_or_default()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        Some(db)
    }

    fn mariadb(&self) -> Command {
        let mut cmd = Command::new(&self.client);
        cmd.arg("--no-defaults")
            .arg(format!("--socket={}", self.socket.display()))
            .args(["-u", "root", "--default-character-set=utf8mb4"]);
        cmd
    }

    fn create(&self, db: &str) {
        check(
            self.mariadb()
                .args(["-e", &format!("CREATE DATABASE {db}")]),
        );
    }
}

impl Drop for Mariadb {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Database for Mariadb {
    fn load(&self, db: &str, dump: &Path) -> Result<(), String> {
        let file = std::fs::File::open(dump).map_err(|e| e.to_string())?;
        let out = self
            .mariadb()
            .arg(db)
            .stdin(file)
            .output()
            .map_err(|e| e.to_string())?;
        if out.status.success() {
            Ok(())
        } else {
            Err(String::from_utf8_lossy(&out.stderr).into_owned())
        }
    }

    fn query(&self, db: &str, sql: &str) -> Rows {
        let out = run(self.mariadb().args(["-N", "-B", "-r", "-e", sql, db]));
        assert!(
            out.status.success(),
            "{sql}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        lines(&out, '\t', "NULL")
    }
}

#[test]
fn mariadb_loads_the_dumps_and_matches_the_engine() {
    let Some(server) = Mariadb::start() else {
        return;
    };
    server.create("sample");
    server.create("hostile");
    sample_round_trip(&server, "mysql", "sample");
    hostile_round_trip(&server, "mysql", "hostile");
}

#[test]
fn dumps_are_deterministic_and_the_site_gets_the_configured_dialects() {
    let dir = tempfile::tempdir().unwrap();
    for dialect in ["sqlite", "postgres", "mysql"] {
        let a = dir.path().join(format!("a.{dialect}"));
        let b = dir.path().join(format!("b.{dialect}"));
        write_dump(Path::new(REPO), dialect, &a);
        write_dump(Path::new(REPO), dialect, &b);
        assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    }
    let repo = dir.path().join("repo");
    common::copy_tree(&Path::new(REPO).join("data"), &repo.join("data"));
    std::fs::write(
        repo.join("ratingbook.toml"),
        "[output]\nhtml = false\nmarkdown = false\ncsv = false\nsql_dialects = [\"sqlite\", \"postgres\", \"mariadb\"]\n",
    )
    .unwrap();
    let site = repo.join("site");
    let out = Command::new(common::binary())
        .args(["build", "--root"])
        .arg(&repo)
        .arg("--out")
        .arg(&site)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for file in [
        "ratingbook.sql",
        "ratingbook.postgres.sql",
        "ratingbook.mysql.sql",
    ] {
        let sql = std::fs::read_to_string(site.join(file)).unwrap();
        assert_eq!(
            sql,
            std::fs::read_to_string(dir.path().join(match file {
                "ratingbook.sql" => "a.sqlite",
                "ratingbook.postgres.sql" => "a.postgres",
                _ => "a.mysql",
            }))
            .unwrap()
            .replace("\r\n", "\n"),
            "{file}"
        );
    }
}
