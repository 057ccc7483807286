//! Ataxx integration tests: perft suites, FEN, game end, UAI session, the
//! terminal game through the `ataxx` binary, replays and gauntlet output.
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use ataxx::board::Outcome;
use ataxx::gauntlet::{self, GauntletConfig};
use ataxx::movegen::legal_moves;
use ataxx::replay::Replay;
use ataxx::search::{Limits, Searcher};
use ataxx::uai;
use ataxx::{parse_move, perft, Move, Position, Side};

/// Published perft suite of the Ataxx engine community (libataxx and the
/// engines derived from it): FEN and counts for depth 0, 1, 2, ...
const PERFT_SUITE: &[(&str, &[u64])] = &[
    ("7/7/7/7/7/7/7 x 0 1", &[1, 0, 0, 0, 0]),
    ("7/7/7/7/7/7/7 o 0 1", &[1, 0, 0, 0, 0]),
    (
        "x5o/7/7/7/7/7/o5x x 0 1",
        &[1, 16, 256, 6460, 155888, 4752668],
    ),
    (
        "x5o/7/7/7/7/7/o5x o 0 1",
        &[1, 16, 256, 6460, 155888, 4752668],
    ),
    (
        "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1",
        &[1, 14, 196, 4184, 86528, 2266352],
    ),
    (
        "x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1",
        &[1, 14, 196, 4184, 86528, 2266352],
    ),
    (
        "x5o/7/2-1-2/3-3/2-1-2/7/o5x x 0 1",
        &[1, 14, 196, 4100, 83104, 2114588],
    ),
    (
        "x5o/7/2-1-2/3-3/2-1-2/7/o5x o 0 1",
        &[1, 14, 196, 4100, 83104, 2114588],
    ),
    (
        "x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1",
        &[1, 16, 256, 5948, 133264, 3639856],
    ),
    (
        "x5o/7/3-3/2-1-2/3-3/7/o5x o 0 1",
        &[1, 16, 256, 5948, 133264, 3639856],
    ),
    (
        "7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1",
        &[1, 1, 75, 249, 14270, 452980],
    ),
    (
        "7/7/7/7/ooooooo/ooooooo/xxxxxxx o 0 1",
        &[1, 75, 249, 14270, 452980],
    ),
    (
        "7/7/7/7/xxxxxxx/xxxxxxx/ooooooo x 0 1",
        &[1, 75, 249, 14270, 452980],
    ),
    (
        "7/7/7/7/xxxxxxx/xxxxxxx/ooooooo o 0 1",
        &[1, 1, 75, 249, 14270, 452980],
    ),
    (
        "7/7/7/2x1o2/7/7/7 x 0 1",
        &[1, 23, 419, 7887, 168317, 4266992],
    ),
    (
        "7/7/7/2x1o2/7/7/7 o 0 1",
        &[1, 23, 419, 7887, 168317, 4266992],
    ),
    ("x5o/7/7/7/7/7/o5x x 100 1", &[1, 0, 0, 0, 0]),
    ("x5o/7/7/7/7/7/o5x o 100 1", &[1, 0, 0, 0, 0]),
    (
        "7/7/7/7/-------/-------/x5o x 0 1",
        &[1, 2, 4, 13, 30, 73, 174],
    ),
    (
        "7/7/7/7/-------/-------/x5o o 0 1",
        &[1, 2, 4, 13, 30, 73, 174],
    ),
];

#[test]
fn perft_suite_with_gaps_and_passes() {
    for (fen, counts) in PERFT_SUITE {
        let pos = Position::from_fen(fen).unwrap();
        for (depth, &expected) in counts.iter().enumerate() {
            assert_eq!(perft(&pos, depth as u32), expected, "{fen} depth {depth}");
        }
    }
}

#[test]
fn perft_start_depth_6() {
    assert_eq!(perft(&Position::start(), 6), 141_865_520);
}

#[test]
fn fen_round_trips() {
    for (fen, _) in PERFT_SUITE {
        assert_eq!(Position::from_fen(fen).unwrap().fen(), *fen);
    }
    let short = Position::from_fen("x5o/7/7/7/7/7/o5x o").unwrap();
    assert_eq!(short.fen(), "x5o/7/7/7/7/7/o5x o 0 1");
}

/// Game-over and pass positions published with the same suites.
#[test]
fn game_over_and_passing() {
    let over = [
        ("x5o/7/7/7/7/7/o5x x 0 1", false),
        ("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1", false),
        ("7/7/7/7/7/7/7 x 0 1", true),
        ("x5o/7/7/7/7/7/o5x x 99 1", false),
        ("x5o/7/7/7/7/7/o5x x 100 1", true),
        ("x5o/7/7/7/7/7/o5x x 101 1", true),
        ("x6/7/7/7/7/7/7 o 0 1", true),
        ("o6/7/7/7/7/7/7 x 0 1", true),
        ("7/7/7/7/4ooo/4ooo/4oox x 0 1", false),
        ("7/7/7/7/-------/-------/xxxoooo x 0 1", true),
        ("7/7/7/7/---1---/-------/xxxoooo x 0 1", false),
    ];
    for (fen, expected) in over {
        let pos = Position::from_fen(fen).unwrap();
        assert_eq!(pos.is_game_over(), expected, "{fen}");
    }
    let must_pass = [
        ("7/7/7/7/4ooo/4ooo/4oox x 0 1", true),
        ("7/7/7/7/4ooo/4ooo/4oox o 0 1", false),
        ("xxxxxxx/-------/-------/7/7/-------/ooooooo x 0 1", true),
        ("xxxxxxx/-------/-------/7/7/-------/ooooooo o 0 1", false),
        ("ooooooo/-------/-------/7/7/-------/xxxxxxx o 0 1", true),
    ];
    for (fen, expected) in must_pass {
        let pos = Position::from_fen(fen).unwrap();
        assert_eq!(legal_moves(&pos) == [Move::Pass], expected, "{fen}");
    }
}

#[test]
fn results() {
    let cases = [
        ("x5o/7/7/7/7/7/o5x x 0 1", None),
        ("7/7/7/7/7/7/7 x 0 1", Some(Outcome::Draw)),
        ("x6/7/7/7/7/7/7 o 0 1", Some(Outcome::Win(Side::X))),
        ("o6/7/7/7/7/7/7 x 0 1", Some(Outcome::Win(Side::O))),
        (
            "ooooooo/ooooooo/ooooooo/oooxxxx/xxxxxxx/xxxxxxx/xxxxxxx x 0 1",
            Some(Outcome::Win(Side::X)),
        ),
        (
            "ooooooo/ooooooo/ooooooo/ooo-xxx/xxxxxxx/xxxxxxx/xxxxxxx o 0 1",
            Some(Outcome::Draw),
        ),
        ("xxo4/7/7/7/7/7/7 x 100 1", Some(Outcome::Draw)),
        (
            "7/7/7/7/-------/-------/xxxxooo x 100 1",
            Some(Outcome::Win(Side::X)),
        ),
        (
            "7/7/7/7/-------/-------/xxxoooo o 0 1",
            Some(Outcome::Win(Side::O)),
        ),
        ("7/7/7/7/-------/-------/xxx-ooo x 0 1", Some(Outcome::Draw)),
    ];
    for (fen, expected) in cases {
        assert_eq!(
            Position::from_fen(fen).unwrap().outcome(),
            expected,
            "{fen}"
        );
    }
}

/// Halfmove and fullmove counters as the community defines them: clones
/// reset the halfmove clock, jumps and passes increment it, the fullmove
/// number grows after o moves.
#[test]
fn counters() {
    let mut pos = Position::start();
    for (text, half, full) in [
        ("g2", 0, 1),
        ("a2", 0, 2),
        ("g3", 0, 2),
        ("a2a4", 1, 3),
        ("a7a5", 2, 3),
        ("a1b3", 3, 4),
        ("b4", 0, 4),
    ] {
        pos = pos.play(parse_move(text).unwrap()).unwrap();
        assert_eq!((pos.halfmoves(), pos.fullmoves()), (half, full), "{text}");
    }
    let mut pos = Position::from_fen("7/7/7/7/4ooo/4ooo/4oox x 0 1").unwrap();
    for (text, half, full) in [("0000", 1, 1), ("d1", 0, 2), ("0000", 1, 2), ("d1b1", 2, 3)] {
        pos = pos.play(parse_move(text).unwrap()).unwrap();
        assert_eq!((pos.halfmoves(), pos.fullmoves()), (half, full), "{text}");
    }
}

#[test]
fn bad_input_gives_errors() {
    for fen in [
        "",
        "x5o/7/7/7/7/7 x",
        "x5o/7/7/7/7/7/o5x q",
        "x8/7/7/7/7/7/7 x",
    ] {
        assert!(Position::from_fen(fen).is_err());
    }
    let huge = Position::from_fen("x5o/7/7/7/7/7/o5x o 0 4294967295").unwrap();
    assert_eq!(huge.make(Move::Pass).fullmoves(), u32::MAX);
    let script = "go movetime 9223372036854775807 depth 1\ngo btime 99999999999999999999\n";
    let out = uai::run(script.as_bytes(), Vec::new()).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("bestmove") && text.contains("info string error"));
    let pos = Position::start();
    for text in ["h1", "a0", "xyz", "a1a1", ""] {
        assert!(parse_move(text).is_err(), "{text}");
    }
    for text in ["d4", "a1", "a7d7", "0000", "g7f6"] {
        assert!(pos.play(parse_move(text).unwrap()).is_err(), "{text}");
    }
}

#[test]
fn search_reaches_depth() {
    let mut searcher = Searcher::new(18);
    let info = searcher.search(&Position::start(), Limits::depth(5), |_| {});
    assert_eq!(info.depth, 5);
    assert!(Position::start().check(info.best().unwrap()).is_ok());
}

#[test]
fn uai_session_in_memory() {
    let script = "uai\nisready\nuainewgame\nposition startpos moves g2 a1b3\ngo depth 3\n\
                  position fen x5o/7/7/7/7/7/o5x o 0 1\ngo movetime 50\n\
                  position fen nonsense\nposition startpos moves d4\ngo depth x\nfoo\n\
                  position fen 7/7/7/7/4ooo/4ooo/4oox x 0 1\ngo depth 2\nperft 3\nquit\ngo depth 1\n";
    let out = uai::run(script.as_bytes(), Vec::new()).unwrap();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.contains(&"uaiok"));
    assert!(lines.contains(&"readyok"));
    let best: Vec<&str> = lines
        .iter()
        .filter(|l| l.starts_with("bestmove"))
        .copied()
        .collect();
    assert_eq!(best.len(), 3, "{text}");
    let after = Position::from_fen("x5o/7/7/7/7/7/o5x x 0 1").unwrap();
    let after = after.play(parse_move("g2").unwrap()).unwrap();
    let after = after.play(parse_move("a1b3").unwrap()).unwrap();
    let first = parse_move(best[0].trim_start_matches("bestmove ")).unwrap();
    assert!(after.check(first).is_ok(), "{}", best[0]);
    assert_eq!(best[2], "bestmove 0000");
    assert!(text.contains("info depth 3"));
    assert_eq!(text.matches("info string error").count(), 4, "{text}");
    assert!(lines.iter().any(|l| l.starts_with("nodes ")), "{text}");
}

fn run_ataxx(args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ataxx"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).unwrap()
}

fn final_fen(text: &str) -> String {
    text.lines()
        .rev()
        .find_map(|l| l.strip_prefix("Final position: "))
        .unwrap_or_else(|| panic!("no final position in\n{text}"))
        .to_string()
}

#[test]
fn terminal_game_with_invalid_inputs_and_replay() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.toml");
    let file_arg = file.to_str().unwrap();
    let script = "Aino\nh9\nd4\na7e7\nd1c3\ng7f6\na1\nxyzzy\nb6\nf2\nb6c4\nquit\n";
    let text = run_ataxx(
        &[
            "play", "--white", "human", "--black", "depth1", "--save", file_arg,
        ],
        script,
    );
    for expected in [
        "h9 is off the board",
        "too far to clone",
        "a7 to e7 is too far: distance 4",
        "there is no stone on d1",
        "the stone on g7 is not yours",
        "a1 is occupied",
        "cannot read \"xyzzy\"",
        "Computer plays",
        "    a b c d e f g",
        "Replay saved to",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
    let replay = Replay::load(&file).unwrap();
    assert_eq!(replay.white, "Aino");
    assert_eq!(replay.black, "Computer (depth 1)");
    assert!(replay.moves.len() >= 4, "{replay:?}");
    let played = run_ataxx(&["replay", file_arg], "");
    assert_eq!(final_fen(&played), final_fen(&text));
}

#[test]
fn small_gauntlet_writes_the_data_format() {
    let dir = tempfile::tempdir().unwrap();
    let config = GauntletConfig {
        depths: vec![1, 2, 3],
        games: 2,
        out: dir.path().to_path_buf(),
        seed: 5,
        date: "2026-01-01".into(),
        opening_plies: 2,
    };
    let summary = gauntlet::run(&config, |_| {}).unwrap();
    assert_eq!(summary.games.len(), 6);
    for depth in 1..=3 {
        let path = dir.path().join(format!("players/ataxx-depth-{depth}.toml"));
        let player: toml::Table = std::fs::read_to_string(path).unwrap().parse().unwrap();
        assert_eq!(player["membership"].as_str(), Some("member"));
        assert_eq!(
            player["name"].as_str().unwrap(),
            format!("Ataxx depth {depth}")
        );
    }
    let base = dir
        .path()
        .join("tournaments/2026/ataxx-gauntlet-2026-01-01");
    let meta: toml::Table = std::fs::read_to_string(base.with_extension("toml"))
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(meta["system"].as_str(), Some("round-robin"));
    assert_eq!(meta["rated"].as_bool(), Some(true));
    assert_eq!(meta["illustrative"].as_bool(), Some(false));
    assert!(meta["start"].as_datetime().is_some());
    let rounds = meta["rounds"].as_integer().unwrap() as usize;
    assert_eq!(rounds, 6);
    check_crosstable(
        &std::fs::read_to_string(base.with_extension("csv")).unwrap(),
        rounds,
        3,
    );
    let again = gauntlet::run(&config, |_| {}).unwrap();
    assert_eq!(again.games, summary.games, "deterministic for a seed");
}

/// Parses the crosstable and checks both sides of every game agree.
fn check_crosstable(text: &str, rounds: usize, players: usize) {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let headers = reader.headers().unwrap().clone();
    assert_eq!(headers.len(), 3 + rounds);
    assert_eq!(
        headers.iter().take(3).collect::<Vec<_>>(),
        ["no", "player", "rating"]
    );
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), players);
    let parse = |cell: &str| -> Option<(usize, String, String)> {
        let parts: Vec<&str> = cell.split_whitespace().collect();
        (parts.len() == 3).then(|| (parts[0].parse().unwrap(), parts[1].into(), parts[2].into()))
    };
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row[0].parse::<usize>().unwrap(), i + 1);
        for round in 0..rounds {
            let Some((opp, colour, result)) = parse(&row[3 + round]) else {
                continue;
            };
            let (back, other_colour, other_result) = parse(&rows[opp - 1][3 + round]).unwrap();
            assert_eq!(back, i + 1);
            assert_ne!(colour, other_colour);
            let points = |r: &str| match r {
                "1" => 2,
                "=" => 1,
                _ => 0,
            };
            assert_eq!(points(&result) + points(&other_result), 2);
        }
    }
}

/// The `ataxx uai` process, its input and its output lines as they arrive.
struct UaiProcess {
    child: std::process::Child,
    input: std::process::ChildStdin,
    lines: std::sync::mpsc::Receiver<(Instant, String)>,
}

impl UaiProcess {
    fn start() -> UaiProcess {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ataxx"))
            .arg("uai")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let input = child.stdin.take().unwrap();
        let output = child.stdout.take().unwrap();
        let (sender, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            use std::io::BufRead;
            for line in std::io::BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if sender.send((Instant::now(), line)).is_err() {
                    break;
                }
            }
        });
        let mut process = UaiProcess {
            child,
            input,
            lines,
        };
        process.send("uai");
        process.wait_for("uaiok", Duration::from_secs(10));
        process
    }

    /// Sends a command; returns when it was sent.
    fn send(&mut self, line: &str) -> Instant {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
        Instant::now()
    }

    /// Lines up to and including the first that starts with `prefix`.
    fn wait_for(&mut self, prefix: &str, timeout: Duration) -> Vec<(Instant, String)> {
        let mut seen = Vec::new();
        loop {
            let (at, line) = self
                .lines
                .recv_timeout(timeout)
                .unwrap_or_else(|_| panic!("no {prefix:?} within {timeout:?} after {seen:?}"));
            let done = line.starts_with(prefix);
            seen.push((at, line));
            if done {
                return seen;
            }
        }
    }

    /// Lines that have arrived so far.
    fn arrived(&mut self) -> Vec<String> {
        self.lines.try_iter().map(|(_, line)| line).collect()
    }
}

impl Drop for UaiProcess {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.wait();
    }
}

/// Time from `sent` to the arrival of the last of `lines`.
fn answered_after(sent: Instant, lines: &[(Instant, String)]) -> Duration {
    lines.last().unwrap().0.saturating_duration_since(sent)
}

#[test]
fn uai_stop_during_infinite_search_is_answered_at_once() {
    let mut engine = UaiProcess::start();
    engine.send("position startpos moves g2 a1b3");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    let before = engine.arrived();
    assert!(
        !before.iter().any(|l| l.starts_with("bestmove")),
        "{before:?}"
    );
    let sent = engine.send("stop");
    let lines = engine.wait_for("bestmove", Duration::from_secs(5));
    let waited = answered_after(sent, &lines);
    assert!(
        waited < Duration::from_millis(50),
        "bestmove {waited:?} after stop"
    );
    let best = lines
        .last()
        .unwrap()
        .1
        .trim_start_matches("bestmove ")
        .to_string();
    let pos = uai::parse_position(&["startpos", "moves", "g2", "a1b3"]).unwrap();
    assert!(pos.check(parse_move(&best).unwrap()).is_ok(), "{best}");
}

#[test]
fn uai_isready_and_info_lines_during_search() {
    let mut engine = UaiProcess::start();
    engine.send("position startpos");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    let sent = engine.send("isready");
    let lines = engine.wait_for("readyok", Duration::from_secs(5));
    assert!(answered_after(sent, &lines) < Duration::from_millis(50));
    // Iterations were reported while the search went on: depth 1, 2, ...
    // in order, each with score, nodes, nps and a principal variation.
    let infos: Vec<&String> = lines
        .iter()
        .map(|(_, l)| l)
        .filter(|l| l.starts_with("info"))
        .collect();
    assert!(infos.len() >= 3, "{lines:?}");
    for (i, line) in infos.iter().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words[1..3], ["depth", &(i + 1).to_string()], "{line}");
        for key in ["score", "nodes", "nps", "time", "pv"] {
            assert!(words.contains(&key), "{key} missing in {line}");
        }
    }
    assert!(!lines.iter().any(|(_, l)| l.starts_with("bestmove")));
    engine.send("stop");
    engine.wait_for("bestmove", Duration::from_secs(5));
}

#[test]
fn uai_movetime_is_kept_and_quit_ends_a_search() {
    let mut engine = UaiProcess::start();
    engine.send("setoption name Hash value 8");
    engine.send("position fen x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1");
    let sent = engine.send("go movetime 100");
    let lines = engine.wait_for("bestmove", Duration::from_secs(5));
    let reported: Vec<u64> = lines
        .iter()
        .filter_map(|(_, l)| l.split(" time ").nth(1))
        .filter_map(|rest| rest.split_whitespace().next()?.parse().ok())
        .collect();
    assert!(reported.iter().all(|&ms| ms < 100), "{lines:?}");
    // Seen from here the answer also waits for process scheduling; a search
    // that ignored the move time would run to its depth limit.
    assert!(
        answered_after(sent, &lines) < Duration::from_secs(2),
        "{lines:?}"
    );
    engine.send("go infinite");
    let sent = Instant::now();
    engine.send("quit");
    engine.child.wait().unwrap();
    assert!(sent.elapsed() < Duration::from_secs(1));
}

#[test]
fn search_keeps_to_the_move_time() {
    // The search's own wall clock: `go movetime 100` keeps 5 ms back.
    let pos = Position::from_fen("x1o4/2oo3/1xxo3/2xxo2/3xo2/7/o5x x 0 10").unwrap();
    let limits = uai::parse_go(&["movetime", "100"], pos.turn()).unwrap();
    let mut searcher = Searcher::new(16);
    let start = Instant::now();
    let info = searcher.search(&pos, limits, |_| {});
    // The search stops at 95 ms by its own clock. A thread preempted on a
    // busy two-core machine (the suite runs tests in parallel) can see the
    // clock late by a scheduler slice or two, hence 20 ms of slack; a search
    // that ignored the move time would run on to its depth limit, for seconds.
    assert!(
        info.elapsed < Duration::from_millis(120),
        "{:?}",
        info.elapsed
    );
    assert!(
        start.elapsed() < Duration::from_millis(400),
        "{:?}",
        start.elapsed()
    );
    assert!(pos.check(info.best().unwrap()).is_ok());
}

#[test]
fn self_play_match_runs_and_tallies() {
    let bin = env!("CARGO_BIN_EXE_ataxx");
    let output = Command::new(bin)
        .args([
            "match",
            "--engine",
            &format!("first={bin} uai"),
            "--engine",
            &format!("second={bin} uai"),
            "--games",
            "2",
            "--movetime",
            "10",
            "--margin",
            "2000",
            "--plies",
            "2",
        ])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(
        text.matches("\ngame ").count() + usize::from(text.starts_with("game ")),
        2
    );
    let summary = text.lines().last().unwrap();
    assert!(
        summary.starts_with("first vs second: 2 games, W/D/L "),
        "{summary}"
    );
    assert!(summary.ends_with("forfeits first 0, second 0"), "{summary}");
    let wdl: Vec<u32> = summary["first vs second: 2 games, W/D/L ".len()..]
        .split(',')
        .next()
        .unwrap()
        .split('/')
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(wdl.iter().sum::<u32>(), 2, "{summary}");
}

#[test]
fn uai_stop_right_after_go_is_not_lost() {
    // `stop` may arrive before the search thread has started; the search
    // must still end (with a legal move) instead of running forever.
    let script = "position startpos\ngo infinite\nstop\nisready\ngo infinite\nquit\n";
    let out = uai::run(script.as_bytes(), Vec::new()).unwrap();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let best = lines
        .iter()
        .position(|l| l.starts_with("bestmove"))
        .unwrap();
    let ready = lines.iter().position(|l| *l == "readyok").unwrap();
    assert!(best < ready, "{text}");
    let mv = parse_move(lines[best].trim_start_matches("bestmove ")).unwrap();
    assert!(Position::start().check(mv).is_ok(), "{text}");
    assert_eq!(text.matches("bestmove").count(), 2, "{text}");
}
