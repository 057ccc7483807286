//! The command line's words: every subcommand, its options and how each is
//! read (clap's derive), as `ratingbook --help` shows them.

use super::MessageFormat;
use clap::{Parser, Subcommand, ValueEnum};
use handicap::Grade;
use std::path::PathBuf;

#[derive(Parser)]
#[command(
    name = "ratingbook",
    version,
    about = "Rating book and tournament tools for a games association"
)]
pub struct Cli {
    /// How to print problems in the data (default: fancy on a terminal, plain otherwise).
    #[arg(long, global = true, value_enum)]
    pub(crate) message_format: Option<MessageFormat>,
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Subcommand)]
pub(crate) enum Command {
    /// Check the data repository and report every problem.
    Check {
        /// Root of the data repository (holds data/ and ratingbook.toml).
        #[arg(long, default_value = ".")]
        root: PathBuf,
        #[command(flatten)]
        ceilings: CeilingArgs,
    },
    /// Check, compute ratings and write the site (HTML, Markdown, SQL, CSV).
    Build {
        /// Root of the data repository.
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// Output folder (default: <root>/site).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Print the time each phase took and the most memory in use during it.
        #[arg(long)]
        timings: bool,
        #[command(flatten)]
        ceilings: CeilingArgs,
    },
    /// Show what a change does to the published results: tournaments added,
    /// removed and changed, every player whose rating, phase, rank or rated
    /// games change and why, as a pull request comment (Markdown) or JSON.
    ///
    /// Default: from where HEAD branched off the default branch to the working tree.
    Diff(super::DiffArgs),
    /// Build the site, serve it on this machine and rebuild it on every change
    /// of the data (a preview: open pages reload, errors show on every page).
    Serve {
        /// Root of the data repository.
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// Output folder, built and served (default: <root>/site).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Port to listen on (0: any free port, printed).
        #[arg(long, default_value_t = 8000)]
        port: u16,
        /// Address to listen on; anything but loopback lets other machines read the preview.
        #[arg(long, default_value = "127.0.0.1")]
        bind: std::net::IpAddr,
        #[command(flatten)]
        ceilings: CeilingArgs,
    },
    /// Check, compute ratings and write the SQL dump for one database.
    Sql {
        /// Target database: sqlite, postgres (PostgreSQL) or mysql (MariaDB/MySQL).
        #[arg(long, value_enum, default_value_t = DialectArg::Sqlite)]
        dialect: DialectArg,
        /// Root of the data repository.
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// Write the dump to FILE instead of standard output.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// Start a new association's data repository: settings, an example
    /// tournament dated a year ago (unless --empty), .gitignore, CI workflows
    /// (GitHub Actions, GitLab CI) and a guide for maintainers.
    Init {
        /// The folder to create (must be empty or absent).
        dir: PathBuf,
        /// The association's name.
        #[arg(long, default_value = "Our association")]
        association: String,
        /// The site's title (default: the association's name and "rating
        /// list" in the --language chosen: fi "<association> – rankinglista",
        /// tr "<association> derecelendirme listesi").
        #[arg(long)]
        title: Option<String>,
        /// The pages' language (BCP 47, e.g. fi, tr, en).
        #[arg(long, default_value = "en")]
        language: String,
        /// The command CI runs to install ratingbook (default: the release
        /// binary of this very version, checked against its SHA-256).
        #[arg(long, default_value = ratingbook::init::DEFAULT_INSTALL)]
        install: String,
        /// Start without the example tournament and its two players.
        #[arg(long)]
        empty: bool,
    },
    /// Replay a rating list under each candidate system (the configured one,
    /// the association's with several K, FIDE, EGD, Glicko-2 with several τ)
    /// and score every game's prediction made before it: log loss, Brier
    /// score, accuracy and calibration.
    Evaluate {
        /// Root of the data repository.
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// The list to replay (a `[pools.<name>]`); default: the association's list.
        #[arg(long)]
        pool: Option<String>,
    },
    /// Write a synthetic data repository for tests and benchmarks.
    Generate {
        /// Number of players.
        #[arg(long, default_value_t = 200)]
        players: usize,
        /// Number of tournaments.
        #[arg(long, default_value_t = 20)]
        tournaments: usize,
        /// Random seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Folder to write (created; must be empty or absent).
        #[arg(long)]
        out: PathBuf,
    },
    /// Estimate grades from a handicap survey and suggest promotions and demotions.
    Handicaps {
        /// The survey CSV: header `,id1,id2,…`, then one row of opinions (stones) per player.
        survey: PathBuf,
        /// Root of the data repository: nominal grades and names come from its player files.
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// A player's nominal grade, ID=GRADE (e.g. ikonen-jussi=3k); overrides the player file.
        #[arg(long = "grade", value_name = "ID=GRADE", value_parser = handicap::parse_grade_assignment)]
        grades: Vec<(String, Grade)>,
        /// Suggest a grade change when |estimate − nominal| reaches this many grades.
        #[arg(long, default_value_t = 1.0)]
        threshold: f64,
        /// Which estimate the suggestions follow.
        #[arg(long, value_enum, default_value_t = BasisArg::Original)]
        basis: BasisArg,
        /// Output format.
        #[arg(long, value_enum, default_value_t = FormatArg::Text)]
        format: FormatArg,
        /// Write the report to FILE instead of standard output.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// Pair the next round (FIDE Dutch system, or the system `--system` names;
    /// Berger tables for round robins) of a TRF file or of one of our
    /// tournaments (data/tournaments/<year>/<id>), or check every recorded
    /// round of a TRF file against the engine.
    ///
    /// Exit codes: 0 ok, 1 no legal pairing exists, 2 bad input.
    Pair {
        /// Pair with the FIDE Dutch system (the default; same as `--system dutch`).
        #[arg(long)]
        dutch: bool,
        /// The pairing system for a TRF file: `dutch` (FIDE Dutch system,
        /// the default; identical to bbpPairings on a recorded corpus) or
        /// `simple` (the Turkish tournament manager's rules: points then
        /// starting rank, opponent search 1.1-1.2-1.3 per score group, the
        /// bye to the lowest without one). Without a name: lists the systems.
        #[arg(long, value_name = "NAME", num_args = 0..=1, default_missing_value = "")]
        system: Option<String>,
        /// With `--system simple`: print the rules' reports of the TRF file
        /// instead (starting list, each round's pairing list, standings with
        /// BH-1, BH-2, SB and wins, crosstable).
        #[arg(long, requires = "system", conflicts_with_all = ["check", "output"])]
        report: bool,
        /// Re-pair every recorded round and list the rounds that differ.
        #[arg(long, conflicts_with = "output")]
        check: bool,
        /// The tournament: a TRF-16 file, or our tournament's .toml/.csv path or id path.
        #[arg(required_unless_present = "system")]
        file: Option<PathBuf>,
        /// Root of the data repository (for our own tournaments).
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// Write the pairing into our tournament's crosstable (`12 w ?` cells).
        #[arg(long)]
        write: bool,
        /// Write the pairings here (number of pairs, then `white black`
        /// per board, the bye as `N 0`); default: standard output.
        #[arg(short = 'p', long = "pairings")]
        output: Option<PathBuf>,
        /// Round to pair (default: the first incomplete round).
        #[arg(long)]
        round: Option<u32>,
        /// Pair a TRF file with the FIDE Baku acceleration (virtual points in
        /// the first rounds); our tournaments set `acceleration = "baku"`.
        #[arg(long)]
        baku: bool,
        /// How our tournament's pairing list is printed: text (default),
        /// markdown, or html (a printable page).
        #[arg(long, value_enum, default_value_t = FormatArg::Text)]
        format: FormatArg,
    },
    /// Print a round of one of our tournaments as the venue posts it: the
    /// pairing list (board, names, ratings, points, colours, results), the
    /// standings after the round, the wall chart or a score sheet per board,
    /// in the site's language (`[site] language`).
    Round {
        /// The tournament: its .toml/.csv path or id path.
        event: PathBuf,
        /// The round (default: the last round paired).
        #[arg(long)]
        round: Option<u32>,
        /// What to print.
        #[arg(long, value_enum, default_value_t = SheetArg::Pairings)]
        sheet: SheetArg,
        /// Text (default), markdown, or html (a printable page, one sheet per page).
        #[arg(long, value_enum, default_value_t = FormatArg::Text)]
        format: FormatArg,
        /// Write it here instead of standard output.
        #[arg(short = 'o', long, value_name = "FILE")]
        output: Option<PathBuf>,
        /// Root of the data repository.
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
    /// Run one of our events: register players (late entries too), withdraw
    /// them, grant requested byes, forbid pairings, set the acceleration,
    /// change a pairing by hand.
    Event {
        #[command(subcommand)]
        action: EventAction,
    },
    /// Import a FIDE TRF file as a tournament (metadata, crosstable, new player files).
    ImportTrf {
        /// The TRF file (TRF-16 or TRF-2026, told apart by its records).
        file: PathBuf,
        /// Root of the data repository.
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// Tournament id (default: from the name and year).
        #[arg(long)]
        id: Option<String>,
        /// Membership of players created by the import (unless
        /// --membership-of gives their federation's).
        #[arg(long, default_value = "other")]
        membership: String,
        /// Membership of created players of one federation, FED=MEMBERSHIP
        /// (e.g. FIN=member; repeatable).
        #[arg(long = "membership-of", value_name = "FED=MEMBERSHIP", value_parser = parse_federation_membership)]
        membership_of: Vec<(String, ratingbook::model::Membership)>,
        /// Match a TRF start number to a player id, START=ID (repeatable).
        #[arg(long = "map", value_name = "START=ID", value_parser = super::parse_mapping)]
        map: Vec<(u32, ratingbook::model::Slug)>,
        /// Start date (YYYY-MM-DD) when the TRF has none.
        #[arg(long, value_parser = parse_date)]
        date: Option<ratingbook::model::Date>,
        /// Show what would be written, write nothing.
        #[arg(long)]
        dry_run: bool,
    },
    /// Start the players of a FIDE list (`[pools.NAME]`, matched by `fide_id`)
    /// from FIDE's published monthly rating list (the TXT download).
    ImportFideList {
        /// The list as downloaded from FIDE (TXT).
        file: PathBuf,
        /// The FIDE list of ratingbook.toml (`[pools.NAME]`, `system = "fide"`).
        #[arg(long)]
        pool: String,
        /// Root of the data repository.
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// The list's date (YYYY-MM-01) when its rating column does not name the month.
        #[arg(long, value_parser = parse_date)]
        date: Option<ratingbook::model::Date>,
        /// Show what would be written, write nothing.
        #[arg(long)]
        dry_run: bool,
    },
    /// Import the association's rating history from the thesis program's
    /// database (`data.bin`): players, tournaments and crosstables.
    ImportLegacy {
        /// The program's database file, `data.bin`.
        file: PathBuf,
        /// Root of the data repository.
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// A tournament's first day by the program's tournament id,
        /// ID=YYYY-MM-DD, when its date word is not YYYYMMDD (repeatable).
        #[arg(long = "date", value_name = "ID=YYYY-MM-DD", value_parser = super::parse_legacy_date)]
        dates: Vec<(u32, ratingbook::model::Date)>,
        /// Show what would be written, write nothing.
        #[arg(long)]
        dry_run: bool,
    },
    /// Create and update player files from a member list (CSV): shows
    /// every new, changed and unmatched member; writes only with --write.
    ImportPlayers {
        /// The member list, a CSV file with a header line.
        file: PathBuf,
        /// Root of the data repository.
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// The column a field is read from, FIELD=HEADER (fields: id, name,
        /// membership, club, country, licence, grade; default: the column
        /// of the field's own name) (repeatable).
        #[arg(long = "column", value_name = "FIELD=HEADER", value_parser = super::parse_pair)]
        columns: Vec<(String, String)>,
        /// A membership word of the list as the book's, WORD=member
        /// (member, honorary, rif, other) (repeatable).
        #[arg(long = "membership", value_name = "WORD=MEMBERSHIP", value_parser = super::parse_pair)]
        memberships: Vec<(String, String)>,
        /// Write the files (without it, only show what would change).
        #[arg(long)]
        write: bool,
    },
    /// Import a European Go Database tournament report (`.h`, as MacMahon
    /// and OpenGotha write it) as a tournament and player files.
    ImportEgd {
        /// The report.
        file: PathBuf,
        /// Root of the data repository.
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// First day (YYYY-MM-DD) when the report has no `DT`.
        #[arg(long, value_parser = parse_date)]
        date: Option<ratingbook::model::Date>,
        /// Membership of players created by the import.
        #[arg(long, default_value = "other")]
        membership: String,
        /// Show what would be written, write nothing.
        #[arg(long)]
        dry_run: bool,
    },
    /// Export one of our tournaments as a European Go Database tournament report.
    ExportEgd {
        /// The tournament: its .toml/.csv path or id path.
        event: PathBuf,
        /// Root of the data repository.
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// The tournament's EGF class: A, B, C or D.
        #[arg(long, value_parser = ["A", "B", "C", "D"])]
        class: String,
        /// Komi, e.g. 6.5.
        #[arg(long)]
        komi: Option<String>,
        /// Country code for the place, e.g. FI.
        #[arg(long)]
        country: Option<String>,
        /// Adjusted thinking time in minutes.
        #[arg(long)]
        time: Option<String>,
        /// Write the file here instead of standard output.
        #[arg(short = 'o', long, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Export one of our tournaments (data/tournaments/<year>/<id>) as a FIDE TRF
    /// file, in TRF-16 (default) or TRF-2026.
    ExportTrf {
        /// The tournament: its .toml/.csv path or id path.
        event: PathBuf,
        /// Root of the data repository.
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// Edition of the format: 16 (TRF-16) or 2026 (TRF-2026).
        #[arg(long = "trf-version", default_value = "16", value_parser = parse_trf_version)]
        trf_version: trf::Version,
        /// Write sex and birth dates even where the configuration does not
        /// publish personal data (e.g. for a rating report to FIDE).
        #[arg(long)]
        personal_data: bool,
        /// Write the file here instead of standard output.
        #[arg(short = 'o', long, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Print the tie-break values of every player of a TRF file (tab-separated), as
    /// FIDE's rules define them; for comparing with other programs.
    Tiebreaks {
        /// The TRF file.
        file: PathBuf,
        /// Tie-break ids, comma-separated (see the manual: Standings and tie-breaks).
        #[arg(
            long,
            value_delimiter = ',',
            default_value = "bh,bh-c1,bh-c2,bh-m1,sb,win,won,bpg,ps,aro,tpr"
        )]
        tiebreaks: Vec<String>,
        /// Start date (YYYY-MM-DD) when the TRF has none; it selects FIDE's rule edition.
        #[arg(long, value_parser = parse_date)]
        date: Option<ratingbook::model::Date>,
    },
    /// Create a player file, or a tournament's metadata and empty crosstable.
    New {
        #[command(subcommand)]
        what: NewWhat,
    },
    /// Enter results as the association's codes (0–5) or as scores (1-0, 0-1, ½-½, +-, -+, --).
    Results {
        #[command(subcommand)]
        action: ResultsAction,
    },
    /// Simulate a Swiss event paired by the engine and write it as TRF.
    GenerateTrf {
        /// Number of players (1-9999).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=9999))]
        players: u32,
        /// Number of rounds (1-999).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=999))]
        rounds: u32,
        /// Random seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Only pair and play this many rounds (an event in progress).
        #[arg(long)]
        play: Option<u32>,
        /// Probability per game that one side forfeits.
        #[arg(long, default_value_t = 0.01, value_parser = probability)]
        forfeit_rate: f64,
        /// Probability per player and round of a requested bye (`H` or `Z`).
        #[arg(long, default_value_t = 0.02, value_parser = probability)]
        bye_rate: f64,
        /// Output file (default: standard output).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Write a manual page for the command and each subcommand into DIR
    /// (`ratingbook.1`, `ratingbook-check.1`, `ratingbook-new-player.1`, ...).
    #[command(hide = true)]
    GenerateMan {
        /// Folder for the pages (created when missing).
        dir: PathBuf,
    },
    /// Print the completion script for SHELL on standard output.
    #[command(hide = true)]
    Completions {
        /// The shell: bash, zsh, fish, elvish or powershell.
        shell: clap_complete::Shell,
    },
}

/// The ceilings of the budgets `ratingbook.toml` may lower but never raise;
/// only whoever runs the command raises them.
#[derive(clap::Args, Clone, Copy, Default)]
pub(crate) struct CeilingArgs {
    /// Highest `[output] max_page_megabytes` the repository may set
    /// (default: $RATINGBOOK_MAX_PAGE_MEGABYTES, else 256).
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u32).range(1..))]
    pub(crate) max_page_megabytes: Option<u32>,
    /// Highest `[output] page_render_seconds` the repository may set
    /// (default: $RATINGBOOK_PAGE_RENDER_SECONDS, else 600).
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u32).range(1..))]
    pub(crate) page_render_seconds: Option<u32>,
}

/// Parses a probability between 0 and 1.
pub(crate) fn probability(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(p) if (0.0..=1.0).contains(&p) => Ok(p),
        _ => Err(format!("expected a number from 0 to 1, found \"{s}\"")),
    }
}

#[derive(Subcommand)]
pub(crate) enum NewWhat {
    /// Write data/players/<id>.toml, the id made from the name (`Saarenpää Samuli` →
    /// saarenpaa-samuli), with the optional fields as comments.
    Player {
        /// The name as printed, e.g. "Ikonen Jussi".
        name: String,
        /// The player's club.
        #[arg(long)]
        club: Option<String>,
        /// The player's country, e.g. FIN.
        #[arg(long)]
        country: Option<String>,
        /// Membership: member, honorary, rif or other.
        #[arg(long, default_value = "member", value_parser = parse_membership)]
        membership: ratingbook::model::Membership,
        /// The id (file name) instead of the one made from the name.
        #[arg(long, value_parser = parse_id)]
        id: Option<ratingbook::model::Slug>,
        /// Root of the data repository.
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
    /// Write data/tournaments/<start year>/<id>.toml (metadata, optional fields as
    /// comments) and <id>.csv (one row per player, no results yet).
    Tournament {
        /// The tournament's name, e.g. "Spring Open 2026".
        #[arg(long)]
        name: String,
        /// First day, YYYY-MM-DD.
        #[arg(long, value_parser = parse_date)]
        start: ratingbook::model::Date,
        /// Last day, YYYY-MM-DD (default: the first day).
        #[arg(long, value_parser = parse_date)]
        end: Option<ratingbook::model::Date>,
        /// Pairing system.
        #[arg(long, value_enum)]
        system: SystemArg,
        /// Number of rounds (1-1000).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1000))]
        rounds: u32,
        /// Player ids, comma-separated; start numbers follow FIDE's initial
        /// order (rating, then title, then name), ratings from the player files.
        #[arg(long, value_delimiter = ',', value_name = "ID,ID,...")]
        players: Vec<String>,
        /// The id (file name) instead of the one made from the name and year.
        #[arg(long, value_parser = parse_id)]
        id: Option<ratingbook::model::Slug>,
        /// Root of the data repository.
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
}

#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum SystemArg {
    Swiss,
    RoundRobin,
}

impl From<SystemArg> for ratingbook::model::System {
    fn from(s: SystemArg) -> Self {
        match s {
            SystemArg::Swiss => Self::Swiss,
            SystemArg::RoundRobin => Self::RoundRobin,
        }
    }
}

/// `FED=MEMBERSHIP` of `import-trf --membership-of`.
pub(crate) fn parse_federation_membership(
    text: &str,
) -> Result<(String, ratingbook::model::Membership), String> {
    let (federation, membership) = text
        .split_once('=')
        .ok_or_else(|| format!("`{text}` is not FED=MEMBERSHIP (e.g. FIN=member)"))?;
    let federation = federation.trim();
    if federation.is_empty() {
        return Err(format!("`{text}` names no federation"));
    }
    Ok((
        federation.to_uppercase(),
        parse_membership(membership.trim())?,
    ))
}

pub(crate) fn parse_membership(text: &str) -> Result<ratingbook::model::Membership, String> {
    ratingbook::model::Membership::parse(text)
        .ok_or_else(|| format!("unknown membership `{text}`; use member, honorary, rif or other"))
}

pub(crate) fn parse_id(text: &str) -> Result<ratingbook::model::Slug, String> {
    ratingbook::model::Slug::parse(text)
        .map_err(|e| format!("{e} (e.g. `{}`)", ratingbook::model::Slug::from_name(text)))
}

#[derive(Subcommand)]
pub(crate) enum ResultsAction {
    /// Write one round's results into a tournament's crosstable CSV.
    ///
    /// Input lines: `WHITE BLACK RESULT` or `bye START`. RESULT is a code (0 draw,
    /// 1 white wins, 2 black wins, 3 black did not come, 4 white did not come, 5
    /// neither came) or the score from white's side: 1-0, 0-1, ½-½ (also =, 1/2-1/2,
    /// 0.5-0.5), +- (black did not come), -+ (white did not come), -- (neither came).
    /// Each game is echoed as understood.
    Add {
        /// The tournament's .toml or .csv file.
        tournament: PathBuf,
        /// Round number.
        #[arg(long)]
        round: u32,
        /// Round file (e.g. 5.txt); standard input when absent or `-`.
        #[arg(long, value_name = "FILE")]
        from: Option<PathBuf>,
    },
    /// Correct results of a round: the games named are entered again,
    /// replacing what the crosstable holds (`results set T --round 3 5 12 ½-½`).
    Set {
        /// The tournament's .toml or .csv file.
        tournament: PathBuf,
        /// Round number.
        #[arg(long)]
        round: u32,
        /// One game, `WHITE BLACK RESULT` (or `bye START`); without it, the
        /// round file given with --from (standard input when absent or `-`).
        #[arg(allow_hyphen_values = true)]
        game: Vec<String>,
        /// Round file with the corrected lines.
        #[arg(long, value_name = "FILE", conflicts_with = "game")]
        from: Option<PathBuf>,
    },
    /// Take results of a round back: each player's game (and their
    /// opponent's) goes back to its pairing, `12 w ?`.
    Clear {
        /// The tournament's .toml or .csv file.
        tournament: PathBuf,
        /// Round number.
        #[arg(long)]
        round: u32,
        /// Start numbers whose games to clear.
        #[arg(required = true)]
        players: Vec<u32>,
    },
}

/// The sheets `round` prints.
#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum SheetArg {
    /// The pairing list, with results once entered.
    Pairings,
    /// The standings after the round.
    Standings,
    /// Every player's rounds, in start-number order.
    WallChart,
    /// A score sheet per board.
    ScoreSheets,
}

/// The bye a player asks for.
#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum ByeArg {
    /// Half a point (`H`).
    Half,
    /// No points (`Z`).
    Zero,
    /// A full point (`F`), where the event's rules give it.
    Full,
}

/// A late entrant's bye for each round missed.
#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum LateByeArg {
    /// No points (FIDE's rule for late entries).
    Zero,
    /// Half a point.
    Half,
}

/// Accelerated pairings.
#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum AccelerationArg {
    /// No acceleration.
    None,
    /// The FIDE Baku acceleration.
    Baku,
}

#[derive(Subcommand)]
pub(crate) enum EventAction {
    /// Register players. Before round 1 is paired every start number follows
    /// FIDE's initial order (rating, title, name); after, a late entrant gets
    /// the next start number and, for each round already paired, the event's
    /// `late_entry_bye` (zero points unless set to half).
    Register {
        /// The tournament: its .toml/.csv path or id path.
        event: PathBuf,
        /// Player ids (their files under data/players/).
        #[arg(required = true)]
        players: Vec<String>,
        /// The rating for the event (one player only; default: the player file's).
        #[arg(long)]
        rating: Option<u32>,
        /// Root of the data repository.
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
    /// Withdraw a player from a round on: not paired from then.
    Withdraw {
        /// The tournament.
        event: PathBuf,
        /// The player's id.
        player: String,
        /// The first round the player misses (a round not paired yet).
        #[arg(long)]
        from_round: u32,
        /// Root of the data repository.
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
    /// Grant a requested bye in a round not paired yet.
    Bye {
        /// The tournament.
        event: PathBuf,
        /// The player's id.
        player: String,
        /// The round.
        #[arg(long)]
        round: u32,
        /// What the bye gives.
        #[arg(long, value_enum, default_value_t = ByeArg::Half)]
        points: ByeArg,
        /// Root of the data repository.
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
    /// Forbid two players to be paired with each other.
    Forbid {
        /// The tournament.
        event: PathBuf,
        /// One player's id.
        first: String,
        /// The other's.
        second: String,
        /// Root of the data repository.
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
    /// Set the event's accelerated pairings (swiss only).
    Accelerate {
        /// The tournament.
        event: PathBuf,
        /// The acceleration.
        #[arg(value_enum)]
        method: AccelerationArg,
        /// Root of the data repository.
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
    /// Set what a late entrant gets for each round missed.
    LateEntryBye {
        /// The tournament.
        event: PathBuf,
        /// Zero (FIDE's rule) or half a point.
        #[arg(value_enum)]
        points: LateByeArg,
        /// Root of the data repository.
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
    /// Change a pairing by hand: WHITE plays BLACK in a paired round without
    /// results; their former opponents meet each other. The change is
    /// recorded in the metadata and `check` says which rule it departs from.
    Change {
        /// The tournament.
        event: PathBuf,
        /// White's id.
        white: String,
        /// Black's id.
        black: String,
        /// The round (default: the last round paired).
        #[arg(long)]
        round: Option<u32>,
        /// Root of the data repository.
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
}

#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum DialectArg {
    Sqlite,
    #[value(alias = "postgresql")]
    Postgres,
    #[value(alias = "mariadb")]
    Mysql,
}

impl From<DialectArg> for ratingbook::sql::Dialect {
    fn from(d: DialectArg) -> Self {
        match d {
            DialectArg::Sqlite => Self::Sqlite,
            DialectArg::Postgres => Self::Postgres,
            DialectArg::Mysql => Self::Mysql,
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum FormatArg {
    Text,
    Markdown,
    Html,
}

#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum BasisArg {
    /// Missing opinions filled with the nominal grade difference (the survey's original method).
    Original,
    LeastSquares,
}

/// Today's date (UTC), from the system clock.
pub(crate) fn today() -> ratingbook::model::Date {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400);
    ratingbook::model::Date::new(1970, 1, 1)
        .expect("a valid date")
        .plus_days(days as i64)
}

pub(crate) fn parse_trf_version(text: &str) -> Result<trf::Version, String> {
    match text.trim().to_ascii_lowercase().trim_start_matches("trf-") {
        "16" | "2016" => Ok(trf::Version::Trf16),
        "26" | "2026" => Ok(trf::Version::Trf2026),
        _ => Err(format!("`{text}` is not a TRF edition; use 16 or 2026")),
    }
}

pub(crate) fn parse_date(text: &str) -> Result<ratingbook::model::Date, String> {
    ratingbook::model::Date::parse(text).ok_or_else(|| format!("`{text}` is not a date YYYY-MM-DD"))
}

impl Cli {
    /// Whether the command is `serve`, which outlives closed connections.
    pub fn serves(&self) -> bool {
        matches!(self.command, Command::Serve { .. })
    }
}
