//! `ratingbook pair` and `generate-trf` on TRF files: exit codes 0 (paired),
//! 1 (no legal pairing), 2 (bad input, with file, line and column), and the
//! pairing checker on a generated event.
use std::process::Command;
use trf::{PlayerLine, ResultCode, RoundEntry};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_ratingbook"))
}

/// A TRF player line with a rating and the given round blocks.
fn player_line(no: u32, rating: u32, rounds: &[(u32, trf::Colour, ResultCode)]) -> String {
    let mut p = PlayerLine::new(no, &format!("Player {no}"));
    p.rating = Some(rating);
    p.rounds = rounds
        .iter()
        .map(|&(opponent, colour, result)| {
            Some(RoundEntry {
                opponent: Some(opponent),
                colour: Some(colour),
                result,
            })
        })
        .collect();
    p.to_line()
}

#[test]
fn cli_exit_codes() {
    let dir = tempfile::tempdir().unwrap();
    let ok = dir.path().join("ok.trf");
    let lines: Vec<String> = (1..=5)
        .map(|n| player_line(n, 2000 - n * 10, &[]))
        .chain(["XXR 3".to_string()])
        .collect();
    std::fs::write(&ok, lines.join("\n") + "\n").unwrap();
    let out = dir.path().join("pairs.txt");
    let st = bin()
        .args(["pair", "--dutch"])
        .arg(&ok)
        .arg("-p")
        .arg(&out)
        .status()
        .unwrap();
    assert_eq!(st.code(), Some(0));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "3\n1 3\n4 2\n5 0\n");

    let impossible = dir.path().join("imp.trf");
    std::fs::write(
        &impossible,
        format!(
            "{}\n{}\nXXR 3\n",
            player_line(1, 2000, &[(2, trf::Colour::White, ResultCode::Win)]),
            player_line(2, 1990, &[(1, trf::Colour::Black, ResultCode::Loss)])
        ),
    )
    .unwrap();
    let st = bin()
        .args(["pair", "--dutch"])
        .arg(&impossible)
        .arg("-p")
        .arg(&out)
        .status()
        .unwrap();
    assert_eq!(st.code(), Some(1));

    let bad = dir.path().join("bad.trf");
    std::fs::write(&bad, "012 Bad\n001   xx\n").unwrap();
    let o = bin()
        .args(["pair", "--dutch"])
        .arg(&bad)
        .arg("-p")
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("bad.trf:2:7"), "{err}");

    let gen = dir.path().join("gen.trf");
    let st = bin()
        .args([
            "generate-trf",
            "--players",
            "15",
            "--rounds",
            "5",
            "--seed",
            "9",
            "--out",
        ])
        .arg(&gen)
        .status()
        .unwrap();
    assert_eq!(st.code(), Some(0));
    let o = bin().args(["pair", "--check"]).arg(&gen).output().unwrap();
    assert_eq!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stdout).contains("5 rounds checked, 0 differ"));
}

/// A TRF-2026 file is paired with its `240` byes and `260` prohibited pairings:
/// the player with a half-point bye is not paired, and the prohibited pair does
/// not meet in the rounds the record names.
#[test]
fn trf_2026_byes_and_prohibited_pairings_are_honoured() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t26.trf");
    let lines: Vec<String> = ["012 Winter".to_string(), "142 3".to_string()]
        .into_iter()
        .chain((1..=5).map(|n| player_line(n, 2000 - n * 10, &[])))
        .chain([
            "240 H   1    1".to_string(),
            "260   1   1    2    4".to_string(),
        ])
        .collect();
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    let out = dir.path().join("pairs.txt");
    let st = bin()
        .args(["pair", "--dutch"])
        .arg(&file)
        .arg("-p")
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        st.status.success(),
        "{}",
        String::from_utf8_lossy(&st.stderr)
    );
    let pairs = std::fs::read_to_string(&out).unwrap();
    let boards: Vec<(u32, u32)> = pairs
        .lines()
        .skip(1)
        .map(|l| {
            let mut it = l.split_whitespace().map(|x| x.parse::<u32>().unwrap());
            (it.next().unwrap(), it.next().unwrap())
        })
        .collect();
    assert_eq!(boards.len(), 2, "{pairs}");
    // Without the records the Dutch system pairs 1-3 and 2-4 (5 gets the bye).
    assert!(
        boards.iter().all(|&(w, b)| w != 1 && b != 1),
        "player 1 has a half-point bye: {pairs}"
    );
    assert!(
        !boards.contains(&(2, 4)) && !boards.contains(&(4, 2)),
        "2 and 4 may not meet in round 1: {pairs}"
    );
}
