//! Synthetic data repositories: many players, swiss and round-robin events, results
//! drawn from hidden strengths. Used by tests and the build benchmark.

use crate::model::{Bye, Cell, Colour, Date, GameResult};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt::Write as _;
use std::path::Path;

/// What to generate.
#[derive(Debug, Clone)]
pub struct Options {
    /// Number of players.
    pub players: usize,
    /// Number of tournaments.
    pub tournaments: usize,
    /// Random seed: the same seed gives the same repository.
    pub seed: u64,
}

/// What was generated.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stats {
    /// Players written.
    pub players: usize,
    /// Tournaments written.
    pub tournaments: usize,
    /// Games played over the board.
    pub games: usize,
}

/// Why generation failed.
#[derive(Debug, thiserror::Error)]
pub enum GenerateError {
    /// The output folder exists and is not empty.
    #[error("{0} exists and is not empty; choose a new folder")]
    NotEmpty(String),
    /// Too few players for a tournament.
    #[error("need at least 4 players")]
    TooFewPlayers,
    /// Writing failed.
    #[error("cannot write: {0}")]
    Io(#[from] std::io::Error),
}

const GIVEN: [&str; 24] = [
    "Aino", "Eero", "Ilkka", "Jussi", "Kaisa", "Lauri", "Maija", "Niko", "Olli", "Pia", "Riikka",
    "Sami", "Tuula", "Ville", "Ayşe", "Emre", "Işıl", "Çağlar", "Özgür", "Jana", "Peter", "Zuzana",
    "Marek", "Eva",
];
const FAMILY: [&str; 24] = [
    "Virtanen",
    "Korhonen",
    "Mäkinen",
    "Nieminen",
    "Hämäläinen",
    "Laine",
    "Heikkinen",
    "Koskinen",
    "Järvinen",
    "Lehtonen",
    "Yılmaz",
    "Kaya",
    "Demir",
    "Şahin",
    "Çelik",
    "Öztürk",
    "Novák",
    "Horváth",
    "Kováč",
    "Varga",
    "Tóth",
    "Nagy",
    "Baláž",
    "Saarenpää",
];

struct GenPlayer {
    id: String,
    name: String,
    membership: &'static str,
    strength: f64,
    international: Option<u32>,
    preset: Option<(u32, u32)>,
    club: &'static str,
}

const CLUBS: [&str; 6] = [
    "Helsinki",
    "Tampere",
    "Turku",
    "İstanbul",
    "Bratislava",
    "Oulu",
];

/// Writes a complete, valid data repository (players, tournaments, config) into `out`.
pub fn write_repository(out: &Path, options: &Options) -> Result<Stats, GenerateError> {
    if options.players < 4 {
        return Err(GenerateError::TooFewPlayers);
    }
    if out.exists() && std::fs::read_dir(out)?.next().is_some() {
        return Err(GenerateError::NotEmpty(out.display().to_string()));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
    let players = make_players(&mut rng, options.players);
    let players_dir = out.join("data").join("players");
    std::fs::create_dir_all(&players_dir)?;
    for p in &players {
        std::fs::write(players_dir.join(format!("{}.toml", p.id)), player_toml(p))?;
    }
    std::fs::write(
        out.join(crate::load::CONFIG_FILE),
        "[site]\ntitle = \"Synthetic rating book\"\nlanguage = \"en\"\n",
    )?;
    let mut stats = Stats {
        players: players.len(),
        ..Stats::default()
    };
    let mut date = Date::new(2000, 1, 1).expect("valid date");
    for index in 0..options.tournaments {
        let event = make_tournament(&mut rng, &players, index, date);
        let dir = out
            .join("data")
            .join("tournaments")
            .join(date.year.to_string());
        std::fs::create_dir_all(&dir)?;
        std::fs::write(dir.join(format!("{}.toml", event.id)), &event.meta)?;
        std::fs::write(dir.join(format!("{}.csv", event.id)), &event.table)?;
        stats.games += event.games;
        stats.tournaments += 1;
        // Events never overlap: two days each, a day apart.
        date = date.plus_days(3);
    }
    Ok(stats)
}

fn make_players(rng: &mut ChaCha8Rng, n: usize) -> Vec<GenPlayer> {
    (0..n)
        .map(|i| {
            let given = GIVEN[rng.random_range(0..GIVEN.len())];
            let family = FAMILY[rng.random_range(0..FAMILY.len())];
            let name = format!("{family} {given}");
            let id = format!("{}-{}", crate::model::Slug::from_name(&name), i + 1);
            let strength = 1800.0 + normal(rng) * 250.0;
            let roll: f64 = rng.random();
            let membership = match roll {
                r if r < 0.75 => "member",
                r if r < 0.80 => "honorary",
                r if r < 0.92 => "rif",
                _ => "other",
            };
            let international =
                (membership == "rif").then(|| strength.clamp(1000.0, 2900.0) as u32);
            let preset = (membership == "member" && rng.random_bool(0.3)).then(|| {
                (
                    crate::model::Preset::RATINGS[rng.random_range(0..5)],
                    crate::model::Preset::GAMES[rng.random_range(0..4)],
                )
            });
            GenPlayer {
                id,
                name,
                membership,
                strength,
                international,
                preset,
                club: CLUBS[rng.random_range(0..CLUBS.len())],
            }
        })
        .collect()
}

fn normal(rng: &mut ChaCha8Rng) -> f64 {
    // Box–Muller.
    let u1: f64 = rng.random_range(f64::EPSILON..1.0);
    let u2: f64 = rng.random();
    (-2.0 * u1.ln()).sqrt() * (2.0 * std::f64::consts::PI * u2).cos()
}

fn player_toml(p: &GenPlayer) -> String {
    let mut out = format!(
        "name = \"{}\"\nmembership = \"{}\"\nclub = \"{}\"\n",
        p.name, p.membership, p.club
    );
    if let Some(r) = p.international {
        let _ = writeln!(out, "international_rating = {r}");
    }
    if let Some((rating, games)) = p.preset {
        let _ = write!(out, "\n[preset]\nrating = {rating}\ngames = {games}\n");
    }
    out
}

struct GenTournament {
    id: String,
    meta: String,
    table: String,
    games: usize,
}

fn make_tournament(
    rng: &mut ChaCha8Rng,
    players: &[GenPlayer],
    index: usize,
    start: Date,
) -> GenTournament {
    let round_robin = rng.random_bool(0.2);
    let size = if round_robin {
        rng.random_range(6..=12)
    } else {
        rng.random_range(10..=50)
    }
    .min(players.len());
    let mut chosen: Vec<usize> = rand::seq::index::sample(rng, players.len(), size).into_vec();
    // Start numbers by strength, as a seeding would do.
    chosen.sort_by(|a, b| players[*b].strength.total_cmp(&players[*a].strength));
    let (rounds, cells) = if round_robin {
        let rounds = if size % 2 == 0 { size - 1 } else { size };
        (rounds, round_robin_cells(rng, players, &chosen, rounds))
    } else {
        let rounds = rng.random_range(5..=9).min(size - 1);
        (rounds, swiss_cells(rng, players, &chosen, rounds))
    };
    let id = format!("event-{:05}", index + 1);
    let system = if round_robin { "round-robin" } else { "swiss" };
    let rapid = rng.random_bool(0.15);
    let meta = format!(
        "name = \"Synthetic event {}\"\nstart = {start}\nend = {}\ncity = \"{}\"\nsystem = \"{system}\"\nrounds = {rounds}\nrated = {}\ntime_control = \"{}\"\nrules = \"standard\"\nillustrative = true\n",
        index + 1,
        start.plus_days(1),
        CLUBS[index % CLUBS.len()],
        !rng.random_bool(0.03),
        if rapid { "rapid" } else { "standard" },
    );
    let mut table = String::from("no,player,rating");
    for r in 1..=rounds {
        let _ = write!(table, ",{r}");
    }
    table.push('\n');
    let mut games = 0;
    for (i, &p) in chosen.iter().enumerate() {
        let _ = write!(table, "{},{},", i + 1, players[p].id);
        for cell in &cells[i] {
            if matches!(cell, Cell::Game { result, .. } if result.is_played()) {
                games += 1;
            }
            let _ = write!(table, ",{}", cell.to_notation());
        }
        table.push('\n');
    }
    GenTournament {
        id,
        meta,
        table,
        games: games / 2,
    }
}

/// Draws a result for `a` against `b` from their hidden strengths.
fn draw_result(rng: &mut ChaCha8Rng, a: &GenPlayer, b: &GenPlayer) -> GameResult {
    if rng.random_bool(0.01) {
        return if rng.random_bool(0.5) {
            GameResult::ForfeitWin
        } else {
            GameResult::ForfeitLoss
        };
    }
    let expected = 1.0 / (1.0 + 10f64.powf((b.strength - a.strength) / 400.0));
    let draw = 0.12;
    let roll: f64 = rng.random();
    if roll < expected - draw / 2.0 {
        GameResult::Win
    } else if roll < expected + draw / 2.0 {
        GameResult::Draw
    } else {
        GameResult::Loss
    }
}

fn set_game(cells: &mut [Vec<Cell>], round: usize, white: usize, black: usize, result: GameResult) {
    cells[white][round] = Cell::Game {
        opponent: black as u32 + 1,
        colour: Some(Colour::White),
        result,
    };
    cells[black][round] = Cell::Game {
        opponent: white as u32 + 1,
        colour: Some(Colour::Black),
        result: result.complement(),
    };
}

fn round_robin_cells(
    rng: &mut ChaCha8Rng,
    players: &[GenPlayer],
    chosen: &[usize],
    rounds: usize,
) -> Vec<Vec<Cell>> {
    let n = chosen.len();
    let mut cells = vec![vec![Cell::Absent; rounds]; n];
    // Circle method over an even count; index n is the bye.
    let slots = n + n % 2;
    let mut ring: Vec<usize> = (0..slots).collect();
    for round in 0..rounds {
        for k in 0..slots / 2 {
            let (a, b) = (ring[k], ring[slots - 1 - k]);
            let (white, black) = if (round + k) % 2 == 0 { (a, b) } else { (b, a) };
            if white >= n || black >= n {
                let real = white.min(black);
                cells[real][round] = Cell::Bye(Bye::Zero);
                continue;
            }
            let result = draw_result(rng, &players[chosen[white]], &players[chosen[black]]);
            set_game(&mut cells, round, white, black, result);
        }
        ring[1..].rotate_right(1);
    }
    cells
}

/// Whether `colour` keeps a player within the swiss colour rules (no colour three times
/// in a row, whites − blacks within ±2).
fn colour_allowed(history: &[Colour], colour: Colour) -> bool {
    let run = history.len() >= 2 && history[history.len() - 2..].iter().all(|&c| c == colour);
    let difference: i32 = history
        .iter()
        .chain(std::iter::once(&colour))
        .map(|&c| if c == Colour::White { 1 } else { -1 })
        .sum();
    !run && difference.abs() <= 2
}

/// Colours for `a` and `b` (white, black) obeying the rules, preferring to give white
/// to the player with fewer whites.
fn colours_for(history: &[Vec<Colour>], a: usize, b: usize) -> Option<(usize, usize)> {
    let whites = |i: usize| history[i].iter().filter(|&&c| c == Colour::White).count();
    let preferred = if whites(a) <= whites(b) {
        (a, b)
    } else {
        (b, a)
    };
    [preferred, (preferred.1, preferred.0)]
        .into_iter()
        .find(|&(w, bl)| {
            colour_allowed(&history[w], Colour::White)
                && colour_allowed(&history[bl], Colour::Black)
        })
}

/// Pairs `waiting` (in ranking order) without repeats and within the colour rules, by
/// depth-first search with a step budget; `None` if no such pairing was found.
fn pair_round(
    waiting: &[usize],
    met: &[Vec<bool>],
    history: &[Vec<Colour>],
) -> Option<Vec<(usize, usize)>> {
    fn search(
        rest: &mut Vec<usize>,
        met: &[Vec<bool>],
        history: &[Vec<Colour>],
        out: &mut Vec<(usize, usize)>,
        budget: &mut u32,
    ) -> bool {
        let Some(&a) = rest.first() else {
            return true;
        };
        for k in 1..rest.len() {
            if *budget == 0 {
                return false;
            }
            *budget -= 1;
            let b = rest[k];
            if met[a][b] {
                continue;
            }
            let Some(pair) = colours_for(history, a, b) else {
                continue;
            };
            let removed_b = rest.remove(k);
            let removed_a = rest.remove(0);
            out.push(pair);
            if search(rest, met, history, out, budget) {
                return true;
            }
            out.pop();
            rest.insert(0, removed_a);
            rest.insert(k, removed_b);
        }
        false
    }
    let mut rest = waiting.to_vec();
    let mut out = Vec::new();
    let mut budget = 20_000;
    search(&mut rest, met, history, &mut out, &mut budget).then_some(out)
}

/// The fallback pairing: each player in order meets the first player not met yet.
fn greedy(waiting: &[usize], met: &[Vec<bool>]) -> Vec<(usize, usize)> {
    let mut waiting = waiting.to_vec();
    let mut out = Vec::new();
    while waiting.len() >= 2 {
        let a = waiting.remove(0);
        let pos = waiting.iter().position(|&b| !met[a][b]).unwrap_or(0);
        out.push((a, waiting.remove(pos)));
    }
    out
}

fn swiss_cells(
    rng: &mut ChaCha8Rng,
    players: &[GenPlayer],
    chosen: &[usize],
    rounds: usize,
) -> Vec<Vec<Cell>> {
    let n = chosen.len();
    let mut cells = vec![vec![Cell::Absent; rounds]; n];
    let mut points = vec![0u32; n];
    let mut met = vec![vec![false; n]; n];
    let mut had_bye = vec![false; n];
    // Colours of games played over the board, per player.
    let mut history: Vec<Vec<Colour>> = vec![Vec::new(); n];
    for round in 0..rounds {
        let mut order: Vec<usize> = (0..n).collect();
        order.shuffle(rng);
        let mut waiting: Vec<usize> = Vec::new();
        for &i in &order {
            if rng.random_bool(0.01) {
                cells[i][round] = Cell::Bye(Bye::Half);
                points[i] += 1;
            } else {
                waiting.push(i);
            }
        }
        waiting.sort_by(|a, b| points[*b].cmp(&points[*a]).then(a.cmp(b)));
        if waiting.len() % 2 == 1 {
            let pos = waiting
                .iter()
                .rposition(|&i| !had_bye[i])
                .unwrap_or(waiting.len() - 1);
            let i = waiting.remove(pos);
            had_bye[i] = true;
            cells[i][round] = Cell::Bye(Bye::PairingAllocated);
            points[i] += 2;
        }
        let pairs = pair_round(&waiting, &met, &history).unwrap_or_else(|| greedy(&waiting, &met));
        for (white, black) in pairs {
            met[white][black] = true;
            met[black][white] = true;
            let result = draw_result(rng, &players[chosen[white]], &players[chosen[black]]);
            set_game(&mut cells, round, white, black, result);
            if result.is_played() {
                history[white].push(Colour::White);
                history[black].push(Colour::Black);
            }
            // A forfeit win is a point without playing: no pairing bye afterwards.
            had_bye[white] |= result == GameResult::ForfeitWin;
            had_bye[black] |= result.complement() == GameResult::ForfeitWin;
            points[white] += result.half_points();
            points[black] += result.complement().half_points();
        }
    }
    cells
}
