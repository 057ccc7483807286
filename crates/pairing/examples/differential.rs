//! Differential comparison of the Dutch engine with another pairing program
//! (used by `scripts/pairing-differential`).
//!
//! `differential check FILE...` re-pairs every recorded round of each TRF
//! file from the history before it and prints the rounds the engine pairs
//! otherwise, then `N/M rounds identical`. The files' pairings are the other
//! program's (events it generated, or events whose every round it
//! confirmed). Exit code 1 when a round differs.
//!
//! `differential pair FILE ROUND` pairs one round (a recorded one from the
//! history before it) and prints
//! the boards and the criteria that were approximated, if any.
//!
//! `differential generate KEY=VALUE...` writes an event simulated by this
//! crate's generator to standard output; the keys are those of
//! [`GenerateOptions`] (`players`, `rounds`, `play_rounds`, `seed`, `draw_rate`,
//! `forfeit_rate`, `double_forfeit_rate`, `bye_rate`, `withdrawals`,
//! `late_entries`, `rating_low`, `rating_high`, `baku`).
use pairing::check::check_tournament;
use pairing::generate::{generate_trf, GenerateOptions};
use pairing::DutchOptions;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("check") => check(&args[1..]),
        Some("generate") => generate(&args[1..]),
        Some("pair") => pair(&args[1..]),
        _ => Err("usage: differential check FILE... | differential generate KEY=VALUE...".into()),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn check(files: &[String]) -> Result<ExitCode, String> {
    let (mut rounds, mut identical) = (0usize, 0usize);
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        let doc = trf::parse(&text).map_err(|e| format!("{file}: {e}"))?;
        let reports =
            check_tournament(&doc, DutchOptions::default()).map_err(|e| format!("{file}: {e}"))?;
        for report in reports {
            rounds += 1;
            match &report.difference {
                None => identical += 1,
                Some(why) => {
                    println!("{file} round {}: {why}", report.round);
                    if std::env::var_os("DIFFERENTIAL_VERBOSE").is_some() {
                        print_boards(&report);
                    }
                }
            }
        }
    }
    println!("{identical}/{rounds} rounds identical");
    Ok(if identical == rounds {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn pair(args: &[String]) -> Result<ExitCode, String> {
    let [file, round] = args else {
        return Err("usage: differential pair FILE ROUND".into());
    };
    let round: u32 = round.parse().map_err(|e| format!("round: {e}"))?;
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let doc = trf::parse(&text).map_err(|e| format!("{file}: {e}"))?;
    let new_round = round as usize > doc.rounds_present();
    let input =
        pairing::PairingInput::from_trf(&doc, round, new_round).map_err(|e| e.to_string())?;
    let mut opts = DutchOptions::default();
    if let Ok(limit) = std::env::var("DIFFERENTIAL_DENSE_LIMIT") {
        opts.dense_limit = limit.parse().map_err(|e| format!("dense limit: {e}"))?;
    }
    if let Ok(window) = std::env::var("DIFFERENTIAL_WINDOW") {
        opts.window = window.parse().map_err(|e| format!("window: {e}"))?;
    }
    let p = pairing::dutch::pair_dutch_with(&input, opts).map_err(|e| e.to_string())?;
    print!("{}", pairing::format_pairings(&p));
    for c in &p.dropped_criteria {
        println!("approximated: {c}");
    }
    Ok(ExitCode::SUCCESS)
}

/// The boards only one side has, for debugging a difference.
fn print_boards(report: &pairing::check::RoundReport) {
    let engine = report.engine.clone().unwrap_or_default();
    let only = |a: &pairing::Pairing, b: &pairing::Pairing| -> Vec<String> {
        let mut v: Vec<String> = a
            .boards
            .iter()
            .filter(|x| !b.boards.contains(x))
            .map(|(w, b)| format!("{w}-{b}"))
            .collect();
        if a.bye != b.bye {
            v.push(format!("bye {:?}", a.bye));
        }
        v
    };
    println!(
        "  recorded only: {}",
        only(&report.recorded, &engine).join(" ")
    );
    println!(
        "  engine only:   {}",
        only(&engine, &report.recorded).join(" ")
    );
}

fn generate(pairs: &[String]) -> Result<ExitCode, String> {
    let mut opts = GenerateOptions::new(20, 7, 1);
    for pair in pairs {
        let (key, value) = pair
            .split_once('=')
            .ok_or_else(|| format!("expected KEY=VALUE, found {pair:?}"))?;
        let int = || value.parse::<u64>().map_err(|e| format!("{key}: {e}"));
        let real = || value.parse::<f64>().map_err(|e| format!("{key}: {e}"));
        match key {
            "players" => opts.players = int()? as u32,
            "rounds" => opts.rounds = int()? as u32,
            "play_rounds" => opts.play_rounds = Some(int()? as u32),
            "seed" => opts.seed = int()?,
            "draw_rate" => opts.draw_rate = real()?,
            "forfeit_rate" => opts.forfeit_rate = real()?,
            "double_forfeit_rate" => opts.double_forfeit_rate = real()?,
            "bye_rate" => opts.bye_rate = real()?,
            "withdrawals" => opts.withdrawals = int()? as u32,
            "late_entries" => opts.late_entries = int()? as u32,
            "rating_low" => opts.rating_range.0 = int()? as u32,
            "rating_high" => opts.rating_range.1 = int()? as u32,
            "baku" => opts.baku = int()? != 0,
            _ => return Err(format!("unknown key {key:?}")),
        }
    }
    let doc = generate_trf(&opts).map_err(|e| e.to_string())?;
    print!("{}", doc.write());
    Ok(ExitCode::SUCCESS)
}
