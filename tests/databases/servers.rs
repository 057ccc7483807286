//! Real database servers for tests and benchmarks: SQLite (rusqlite),
//! PostgreSQL (initdb + pg_ctl on a temporary directory, unix socket only) and
//! MariaDB (mariadb-install-db + mariadbd on a temporary datadir and socket).
//! Each server stops when its guard is dropped, also when a test panics.
#![allow(dead_code)]

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

pub const NULL: &str = "<NULL>";

pub type Rows = Vec<Vec<String>>;

/// A database the dumps are loaded into.
pub trait Database {
    /// Loads a dump file into database `db` with the database's own loader.
    fn load(&self, db: &str, dump: &Path) -> Result<(), String>;
    /// Runs a query; every value as text, NULL as [`NULL`].
    fn query(&self, db: &str, sql: &str) -> Rows;
}

// ---------- finding binaries ----------

/// Looks for `name`, a binary of the server `tool` (`postgres`, `mariadb`);
/// when it is missing the test fails, or skips loudly with
/// `RATINGBOOK_SKIP_<TOOL>=1` (the rule of `test_tools::require_tool`).
pub fn find_binary(tool: &str, name: &str, extra_dirs: &[PathBuf]) -> Option<PathBuf> {
    let found = test_tools::find_program(name, extra_dirs);
    let package = if tool == "postgres" {
        "postgresql"
    } else {
        "mariadb-server"
    };
    let install = format!("`{name}` was not found (apt-get install {package})");
    if test_tools::require_tool(tool, found.is_some(), &install) {
        found
    } else {
        None
    }
}

pub fn postgres_bin_dirs() -> Vec<PathBuf> {
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

pub fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("Uid:"))
                .and_then(|l| l.split_whitespace().nth(1).map(|u| u == "0"))
        })
        .unwrap_or(false)
}

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap_or(54329)
}

pub fn run(cmd: &mut Command) -> Output {
    cmd.stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"))
}

pub fn check(cmd: &mut Command) {
    let out = run(cmd);
    assert!(
        out.status.success(),
        "{cmd:?} failed: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

pub fn lines(out: &Output, separator: char, null: &str) -> Rows {
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

pub struct Sqlite {
    dir: tempfile::TempDir,
}

impl Default for Sqlite {
    fn default() -> Self {
        Sqlite {
            dir: tempfile::tempdir().unwrap(),
        }
    }
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

// ---------- PostgreSQL ----------

/// A PostgreSQL server on a temporary directory, stopped on drop.
pub struct Postgres {
    bin: PathBuf,
    data: PathBuf,
    socket: PathBuf,
    port: u16,
    runner: Option<&'static str>,
    _dir: tempfile::TempDir,
}

impl Postgres {
    pub fn start() -> Option<Postgres> {
        let dirs = postgres_bin_dirs();
        let initdb = find_binary("postgres", "initdb", &dirs)?;
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

    pub fn create(&self, db: &str) {
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

// ---------- MariaDB ----------

/// A MariaDB server on a temporary datadir and socket (no TCP), killed on drop.
pub struct Mariadb {
    child: Child,
    client: PathBuf,
    socket: PathBuf,
    dir: tempfile::TempDir,
}

impl Mariadb {
    pub fn start() -> Option<Mariadb> {
        let server = find_binary("mariadb", "mariadbd", &[])?;
        let install = find_binary("mariadb", "mariadb-install-db", &[])?;
        let client = find_binary("mariadb", "mariadb", &[])?;
        let admin = find_binary("mariadb", "mariadb-admin", &[])?;
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data");
        let socket = dir.path().join("mariadb.sock");
        // mariadbd refuses root unless told so; as anyone else it runs as that user.
        let user = "--user=root";
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
        let mut db = Mariadb {
            child,
            client,
            socket,
            dir,
        };
        let started = Instant::now();
        loop {
            let exited = db.child.try_wait().ok().flatten();
            assert!(
                exited.is_none(),
                "mariadbd stopped ({exited:?}): {}",
                db.error_log()
            );
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
                db.error_log()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        Some(db)
    }

    fn error_log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("error.log")).unwrap_or_default()
    }

    fn mariadb(&self) -> Command {
        let mut cmd = Command::new(&self.client);
        cmd.arg("--no-defaults")
            .arg(format!("--socket={}", self.socket.display()))
            .args(["-u", "root", "--default-character-set=utf8mb4"]);
        cmd
    }

    pub fn create(&self, db: &str) {
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
