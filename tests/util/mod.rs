//! Shared by the integration harnesses (`tests/<concern>/main.rs` include it
//! as `util`): datasets in code, the binary, repositories and sites on disk,
//! git with a fixed author, and [`require_git`] (outside tools follow the one
//! rule of `test_tools::require_tool`).
#![allow(dead_code)]

use ratingbook::files::cell::parse_cell_with_handicap;
use ratingbook::model::{
    Acceleration, Dataset, Date, Entry, Membership, Player, Preset, Rules, Slug, System,
    TimeControl, Tournament,
};
use std::path::PathBuf;

/// Builds datasets for rating tests, one tournament after another.
#[derive(Default)]
pub struct Book {
    pub dataset: Dataset,
    day: i64,
}

impl Book {
    pub fn new() -> Book {
        Book::default()
    }

    pub fn player(&mut self, id: &str, membership: Membership) -> &mut Player {
        self.dataset.players.push(Player {
            id: Slug::parse(id).unwrap(),
            name: id.to_string(),
            membership,
            country: None,
            club: None,
            licence: None,
            international_rating: None,
            grade: None,
            preset: Preset::default(),
            birth_year: None,
            starts: Vec::new(),
            birth_date: None,
            sex: None,
            fide_id: None,
            title: None,
            fide_name: None,
            source: PathBuf::from(format!("data/players/{id}.toml")),
        });
        self.dataset.players.last_mut().unwrap()
    }

    pub fn member(&mut self, id: &str, preset_rating: u32, preset_games: u32) {
        self.player(id, Membership::Member).preset = Preset {
            rating: preset_rating,
            games: preset_games,
        };
    }

    pub fn rif(&mut self, id: &str, rating: Option<u32>) {
        self.player(id, Membership::Rif).international_rating = rating;
    }

    /// Adds a tournament; each row is (player id, cells). Returns its index.
    pub fn tournament(&mut self, rows: &[(&str, &[&str])]) -> usize {
        self.tournament_with(rows, |_| {})
    }

    pub fn tournament_with(
        &mut self,
        rows: &[(&str, &[&str])],
        adjust: impl FnOnce(&mut Tournament),
    ) -> usize {
        let rounds = rows.iter().map(|r| r.1.len()).max().unwrap_or(1) as u32;
        let start = Date::new(2000, 1, 1).unwrap().plus_days(self.day);
        self.day += 10;
        let index = self.dataset.tournaments.len();
        let mut t = Tournament {
            id: Slug::parse(&format!("t{index}")).unwrap(),
            name: format!("T{index}"),
            start,
            end: start,
            city: None,
            system: System::Swiss,
            acceleration: Acceleration::None,
            rounds,
            rated: true,
            time_control: TimeControl::Standard,
            rules: Rules::Standard,
            base_k: None,
            sequence: 0,
            illustrative: false,
            note: None,
            pool: None,
            tiebreaks: None,
            language: None,
            event: Default::default(),
            entries: rows
                .iter()
                .enumerate()
                .map(|(i, (id, cells))| {
                    let read: Vec<(ratingbook::model::Cell, u8)> = cells
                        .iter()
                        .map(|c| parse_cell_with_handicap(c).unwrap())
                        .collect();
                    let handicaps: Vec<u8> = read.iter().map(|&(_, h)| h).collect();
                    Entry {
                        start_no: i as u32 + 1,
                        player: Slug::parse(id).unwrap(),
                        rating: None,
                        rank: None,
                        cells: read.into_iter().map(|(c, _)| c).collect(),
                        handicaps: if handicaps.iter().any(|&h| h > 0) {
                            handicaps
                        } else {
                            Vec::new()
                        },
                        line: i + 2,
                    }
                })
                .collect(),
            first_round_column: 4,
            meta_source: PathBuf::from(format!("data/tournaments/2000/t{index}.toml")),
            table_source: PathBuf::from(format!("data/tournaments/2000/t{index}.csv")),
        };
        adjust(&mut t);
        self.dataset.tournaments.push(t);
        index
    }

    /// Makes `id` an established member at exactly `rating`: preset 2000/15 plus
    /// five draws against a rif player rated `4 × rating − 6000`, so that
    /// `Rc = rating` and `Wc = ½`.
    pub fn established(&mut self, id: &str, rating: i32) {
        let helper = format!("{id}-setup");
        self.member(id, 2000, 15);
        self.rif(&helper, Some((4 * rating - 6000) as u32));
        self.tournament(&[
            (id, &["2 =", "2 =", "2 =", "2 =", "2 ="]),
            (&helper, &["1 =", "1 =", "1 =", "1 =", "1 ="]),
        ]);
    }

    /// The spec's worked example 1: member `p` (preset 2000 over 15 games)
    /// meets five established members `o1`–`o5` (2100, 1900, 2000, 2200,
    /// 1800) and scores 1, 1, ½, 0, 1, completing the provisional phase.
    pub fn worked_example_1() -> Book {
        let mut book = Book::new();
        for (id, rating) in [
            ("o1", 2100),
            ("o2", 1900),
            ("o3", 2000),
            ("o4", 2200),
            ("o5", 1800),
        ] {
            book.established(id, rating);
        }
        book.member("p", 2000, 15);
        book.tournament(&[
            ("p", &["2 1", "3 1", "4 =", "5 0", "6 1"]),
            ("o1", &["1 0", "", "", "", ""]),
            ("o2", &["", "1 0", "", "", ""]),
            ("o3", &["", "", "1 =", "", ""]),
            ("o4", &["", "", "", "1 1", ""]),
            ("o5", &["", "", "", "", "1 0"]),
        ]);
        book
    }

    /// The spec's worked example 3: established `a` (2000) beats established
    /// `b` (2100) and draws the international player `r` (1900).
    pub fn worked_example_3() -> Book {
        let mut book = Book::new();
        book.established("a", 2000);
        book.established("b", 2100);
        book.rif("r", Some(1900));
        book.tournament(&[
            ("a", &["2 w 1", "3 b ="]),
            ("b", &["1 b 0", ""]),
            ("r", &["", "1 w ="]),
        ]);
        book
    }

    /// Sorts and returns the dataset (players by id, tournaments by date).
    pub fn finish(&mut self) -> Dataset {
        let mut d = self.dataset.clone();
        d.sort();
        d
    }
}

/// The `ratingbook` binary built for these tests.
pub fn binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_ratingbook"))
}

/// Runs `ratingbook build --root ROOT --out OUT`, asserts it succeeded and
/// returns what it printed on standard error.
pub fn build_site(root: &std::path::Path, out: &std::path::Path) -> String {
    let output = std::process::Command::new(binary())
        .args(["build", "--root"])
        .arg(root)
        .arg("--out")
        .arg(out)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(output.status.success(), "build failed: {stderr}");
    stderr
}

/// An empty folder to build a site into: `site/` in a temporary folder,
/// both removed when this drops.
///
/// A build puts its lock, spare, staging folder and build cache *beside*
/// its output folder. A temporary folder's own path as the output would put
/// them in the system's temporary folder, where nothing removes them.
pub struct OutputFolder {
    _parent: tempfile::TempDir,
    path: PathBuf,
}

impl OutputFolder {
    /// The (existing, at first empty) output folder.
    pub fn path(&self) -> &std::path::Path {
        &self.path
    }
}

/// A fresh [`OutputFolder`].
pub fn output_folder() -> OutputFolder {
    let parent = tempfile::tempdir().unwrap();
    let path = parent.path().join("site");
    std::fs::create_dir(&path).unwrap();
    OutputFolder {
        _parent: parent,
        path,
    }
}

/// Every file under `dir`, by its `/`-separated path from `dir`.
pub fn site_files(dir: &std::path::Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .map(Result::unwrap)
        .filter(|entry| entry.file_type().is_file())
        .map(|entry| {
            let path = entry.path().strip_prefix(dir).unwrap();
            let name = path.to_string_lossy().replace('\\', "/");
            (name, std::fs::read(entry.path()).unwrap())
        })
        .collect()
}

/// Copies a directory tree; a symbolic link is copied as a link (on Unix).
pub fn copy_tree(from: &std::path::Path, to: &std::path::Path) {
    for entry in walkdir::WalkDir::new(from) {
        let entry = entry.unwrap();
        let target = to.join(entry.path().strip_prefix(from).unwrap());
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
        } else if entry.file_type().is_symlink() && cfg!(unix) {
            #[cfg(unix)]
            std::os::unix::fs::symlink(std::fs::read_link(entry.path()).unwrap(), &target).unwrap();
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Whether git is there, for a test that makes repositories; call first and
/// return when `false` (see `test_tools::require_tool`: `RATINGBOOK_SKIP_GIT=1`
/// skips).
pub fn require_git() -> bool {
    test_tools::require_tool(
        "git",
        test_tools::runs("git", &["--version"]),
        "apt-get install git",
    )
}

/// Runs git in `dir` with a fixed author, asserting it succeeded.
pub fn git(dir: &std::path::Path, args: &[&str]) -> std::process::Output {
    let output = std::process::Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .env("GIT_AUTHOR_NAME", "Maintainer")
        .env("GIT_AUTHOR_EMAIL", "maintainer@example.org")
        .env("GIT_COMMITTER_NAME", "Maintainer")
        .env("GIT_COMMITTER_EMAIL", "maintainer@example.org")
        .output()
        .expect("git is needed for these tests");
    assert!(
        output.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// Writes `content` to `root/file`, creating folders.
pub fn write(root: &std::path::Path, file: &str, content: &str) {
    let path = root.join(file);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, content).unwrap();
}

/// Checks the repository at `root` once: the result, and its errors as text.
pub fn check_with_errors(root: &std::path::Path) -> (ratingbook::Checked, Vec<String>) {
    let checked = ratingbook::check_repository(root);
    let errors = checked
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.to_string())
        .collect();
    (checked, errors)
}

/// A new data repository made by `init --empty` in a temporary folder.
pub fn empty_repository() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let output = std::process::Command::new(binary())
        .args(["init", "--empty", "."])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    dir
}

/// A temporary copy of the sample repository: its data and settings.
pub fn sample_repository() -> tempfile::TempDir {
    let repository = tempfile::tempdir().unwrap();
    let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    copy_tree(&repo.join("data"), &repository.path().join("data"));
    std::fs::copy(
        repo.join("ratingbook.toml"),
        repository.path().join("ratingbook.toml"),
    )
    .unwrap();
    repository
}

/// A copy of the sample repository with `[site] language` set to
/// `language`.
pub fn sample_repository_in(language: &str) -> tempfile::TempDir {
    let repository = sample_repository();
    edit(
        repository.path(),
        "ratingbook.toml",
        "language = \"en\"",
        &format!("language = \"{language}\""),
    );
    repository
}

/// A generated repository too big for single pages (1 500 players), built:
/// the temporary folder and its `site/`.
pub fn large_generated_site() -> (tempfile::TempDir, PathBuf) {
    let dir = generated_repository(1500, 24, 3);
    let site = dir.path().join("site");
    ratingbook::build_repository(dir.path(), &site, &|| {}).unwrap();
    (dir, site)
}

/// A generated repository in a temporary folder (see `ratingbook generate`).
pub fn generated_repository(players: usize, tournaments: usize, seed: u64) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let options = ratingbook::generate::Options {
        players,
        tournaments,
        seed,
    };
    ratingbook::generate::write_repository(dir.path(), &options).unwrap();
    dir
}

/// Replaces the first `from` in `root/file` with `to`, asserting it is there.
pub fn edit(root: &std::path::Path, file: &str, from: &str, to: &str) {
    let path = root.join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{file} does not contain {from:?}");
    std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
}

/// The ratings a built site's `ratings.csv` publishes, by player id.
pub fn listed_ratings(site: &std::path::Path) -> std::collections::BTreeMap<String, i64> {
    let text = std::fs::read_to_string(site.join("ratings.csv")).unwrap();
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let headers = reader.headers().unwrap().clone();
    let id = headers.iter().position(|h| h == "id").unwrap();
    let rating = headers.iter().position(|h| h == "rating").unwrap();
    reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            (r[id].to_string(), r[rating].parse().unwrap())
        })
        .collect()
}

/// The sample repository copied to `root` with the Ataxx engine gauntlet
/// rated in the association's list, as it was before the engines had a list
/// of their own: the hand-worked figures of the list tests (ranks, movement,
/// category lists) count the engines as the only active members.
pub fn sample_with_engines_in_association_list(root: &std::path::Path) {
    let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    copy_tree(&repo.join("data"), &root.join("data"));
    std::fs::copy(repo.join("ratingbook.toml"), root.join("ratingbook.toml")).unwrap();
    edit(
        root,
        "data/tournaments/2026/ataxx-gauntlet-2026-01-01.toml",
        "pool = \"ataxx-engines\"\n",
        "",
    );
}

/// The sample's further rating lists, for tests that write their own settings.
pub const SAMPLE_POOLS: &str =
    "\n[pools.ataxx-engines]\ntitle = \"Ataxx engines\"\nsystem = \"glicko2\"\n";

/// The content of the first file an import made whose path `matches`;
/// panics with the paths it made when there is none.
pub fn imported_file(
    imported: &ratingbook::tournament::trf_exchange::Imported,
    matches: impl Fn(&str) -> bool,
) -> &str {
    match imported.files.iter().find(|(path, _)| matches(path)) {
        Some((_, content)) => content,
        None => panic!(
            "no such file among the imported ones: {:?}",
            imported.files.iter().map(|(p, _)| p).collect::<Vec<_>>()
        ),
    }
}

/// The small test repository (two tournaments, a few players) under `tests/fixtures/mini`.
pub const MINI: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/mini");

/// A new folder holding a copy of the small test repository in `repo/`,
/// with room beside it for a site or files outside the repository.
pub fn mini_repo() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(std::path::Path::new(MINI), &dir.path().join("repo"));
    dir
}

/// What a command printed on standard error.
pub fn stderr(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The errors `check` finds in the repository at `root`.
pub fn errors(root: &std::path::Path) -> Vec<ratingbook::diagnostic::Diagnostic> {
    ratingbook::check_repository(root)
        .diagnostics
        .into_iter()
        .filter(ratingbook::diagnostic::Diagnostic::is_error)
        .collect()
}

/// The errors `check` finds in the repository at `root`, as `location: message` lines.
pub fn error_lines(root: &std::path::Path) -> Vec<String> {
    errors(root)
        .iter()
        .map(|d| format!("{}: {}", d.location(), d.message))
        .collect()
}

/// Site assertions for events: the pages of a tournament's rounds and its
/// player cards, as the manual's "Round pages" section gives their
/// addresses, and the text of a page's tables.
pub mod event_site {
    use std::path::Path;

    /// The page of round `round` of tournament `id` in the built `site`.
    pub fn round_page(site: &Path, id: &str, round: u32) -> String {
        read(&site.join(format!("tournaments/{id}/round-{round}.html")))
    }

    /// The player cards page of tournament `id`.
    pub fn cards_page(site: &Path, id: &str) -> String {
        read(&site.join(format!("tournaments/{id}/cards.html")))
    }

    /// The tournament's own page.
    pub fn event_page(site: &Path, id: &str) -> String {
        read(&site.join(format!("tournaments/{id}.html")))
    }

    fn read(path: &Path) -> String {
        std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    /// The body rows of the `n`th table (from 0) with class `class` in
    /// `html`, each cell's text with tags dropped and entities read.
    pub fn table_rows(html: &str, class: &str, n: usize) -> Vec<Vec<String>> {
        let open = format!("<table class=\"{class}\">");
        let Some(table) = html.split(open.as_str()).nth(n + 1) else {
            panic!("no table number {n} of class {class}");
        };
        let body = table.split("</table>").next().unwrap_or_default();
        let body = body.split("<tbody>").nth(1).unwrap_or_default();
        body.split("<tr>")
            .skip(1)
            .map(|row| {
                row.split("<td")
                    .skip(1)
                    .map(|cell| text(cell.split_once('>').map_or("", |c| c.1)))
                    .collect()
            })
            .collect()
    }

    /// The section of the card of start number `start_no` on a cards page.
    pub fn card(cards: &str, start_no: u32) -> &str {
        let open = format!("<section id=\"no-{start_no}\"");
        let rest = cards
            .split(open.as_str())
            .nth(1)
            .unwrap_or_else(|| panic!("no card for start number {start_no}"));
        rest.split("</section>").next().unwrap_or_default()
    }

    /// Text of a piece of HTML: tags dropped, the site's entities read, spaces trimmed.
    pub fn text(html: &str) -> String {
        let mut out = String::new();
        let mut in_tag = false;
        for c in html.chars() {
            match c {
                '<' => in_tag = true,
                '>' => in_tag = false,
                c if !in_tag => out.push(c),
                _ => {}
            }
        }
        out.replace("&amp;", "&")
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&#39;", "'")
            .replace("&#x27;", "'")
            .trim()
            .to_string()
    }
}
