//! The Turkish tournament manager's reports of an event, as its rules list
//! them: the starting list, each round's pairing list, the final standings
//! with BH-1, BH-2, SB and wins (GS), and the crosstable. Plain text, one
//! column per field the rules name (BSNo, LNo, Ad-Soyad, ELO, UKD, MNo,
//! Puan, SNo), made from a TRF document; no I/O.
//!
//! A TRF file carries one rating: it is the ELO column, and UKD (the
//! national rating) is 0. The licence number (LNo) is the FIDE id, or the
//! start number when the file has none. Points are written with a decimal
//! comma, as the rules write them.

use crate::model::Date;
use crate::standings::{standings, TieBreak};
use crate::tournament::trf_exchange::tournament_from_trf;
use std::fmt::Write as _;
use trf::{Colour, PlayerLine, ResultCode, RoundEntry, TrfDocument};

/// The tie-break chain of the rules: BH-1, BH-2, SB (unplayed rounds against
/// the virtual opponent), then wins including forfeit wins.
const CHAIN: [&str; 4] = ["bh-c1-virtual", "bh-c2-virtual", "sb-virtual", "gs"];

/// All four reports of `doc`, names upper-cased by `language`'s rules.
pub fn simple_reports(doc: &TrfDocument, language: &str) -> Result<String, String> {
    let mut players: Vec<&PlayerLine> = doc.players().collect();
    players.sort_by_key(|p| p.start_no);
    let mut out = starting_list(&players, language);
    for round in 1..=doc.rounds_present() {
        out.push('\n');
        out.push_str(&pairing_list(&players, round, language));
    }
    out.push('\n');
    out.push_str(&final_standings(doc, &players, language)?);
    out.push('\n');
    out.push_str(&crosstable(&players, language));
    Ok(out)
}

fn name(p: &PlayerLine, language: &str) -> String {
    crate::collation::uppercase(language, p.name.trim())
}

fn licence(p: &PlayerLine) -> u64 {
    p.fide_id.unwrap_or(u64::from(p.start_no))
}

/// Points in tenths with a decimal comma: `15` → `1,5`, `20` → `2`.
fn points(tenths: u32) -> String {
    match tenths % 10 {
        0 => (tenths / 10).to_string(),
        f => format!("{},{f}", tenths / 10),
    }
}

/// A value in units of `1/scale` with a decimal comma: `(5, 4)` → `1,25`.
fn scaled(value: i64, scale: i64) -> String {
    let hundredths = value * 100 / scale;
    let (whole, frac) = (hundredths / 100, (hundredths % 100).abs());
    match frac {
        0 => whole.to_string(),
        f if f % 10 == 0 => format!("{whole},{}", f / 10),
        f => format!("{whole},{f:02}"),
    }
}

/// The starting list: BSNo, LNo, name, ELO, UKD.
pub fn starting_list(players: &[&PlayerLine], language: &str) -> String {
    let mut s =
        String::from("Starting list\nBSNo      LNo Ad-Soyad                        ELO  UKD\n");
    for p in players {
        let _ = writeln!(
            s,
            "{:>4} {:>8} {:<30} {:>4} {:>4}",
            p.start_no,
            licence(p),
            name(p, language),
            p.rating.unwrap_or(0),
            0
        );
    }
    s
}

/// Points scored before round `round` (1-based) by the standard scores.
fn points_before(p: &PlayerLine, round: usize) -> u32 {
    let ps = pairing::PointSystem::default();
    p.rounds
        .iter()
        .take(round - 1)
        .flatten()
        .map(|e| ps.points(e).0)
        .sum()
}

/// Round `round`'s pairing list: MNo, White (BSNo, name, points), Black;
/// boards in the order the rules make them (the higher ranked player's
/// points before the round, then starting rank), the bye last.
pub fn pairing_list(players: &[&PlayerLine], round: usize, language: &str) -> String {
    let by_no = |no: u32| players.iter().find(|p| p.start_no == no);
    let mut boards: Vec<(&PlayerLine, &PlayerLine)> = Vec::new();
    let mut byes = Vec::new();
    for p in players {
        match p.rounds.get(round - 1).and_then(|e| e.as_ref()) {
            Some(RoundEntry {
                opponent: Some(o),
                colour: Some(Colour::White),
                ..
            }) => {
                if let Some(b) = by_no(*o) {
                    boards.push((p, b));
                }
            }
            Some(RoundEntry {
                opponent: None,
                result: ResultCode::PairingBye | ResultCode::ForfeitWin,
                ..
            }) => byes.push(*p),
            _ => {}
        }
    }
    let rank = |p: &PlayerLine| (std::cmp::Reverse(points_before(p, round)), p.start_no);
    boards.sort_by_key(|(w, b)| rank(w).min(rank(b)));
    let mut s = format!(
        "Round {round} pairings\nMNo BSNo White                          Puan - Puan BSNo Black\n"
    );
    let side = |p: &PlayerLine| (p.start_no, name(p, language), points_before(p, round));
    for (i, (w, b)) in boards.iter().enumerate() {
        let (wn, wname, wp) = side(w);
        let (bn, bname, bp) = side(b);
        let _ = writeln!(
            s,
            "{:>3} {wn:>4} {wname:<30} {:>4} - {:<4} {bn:>4} {bname}",
            i + 1,
            points(wp),
            points(bp)
        );
    }
    for p in byes {
        let (n, pname, pp) = side(p);
        let _ = writeln!(s, "    {n:>4} {pname:<30} {:>4} - BYE", points(pp));
    }
    s
}

/// The final standings: SNo, BSNo, LNo, name, ELO, UKD, points, BH-1,
/// BH-2, SB, GS; players tied on everything share a place (`3-4`).
pub fn final_standings(
    doc: &TrfDocument,
    players: &[&PlayerLine],
    language: &str,
) -> Result<String, String> {
    let fallback = Date {
        year: 2000,
        month: 1,
        day: 1,
    };
    let t = tournament_from_trf(doc, Some(fallback)).map_err(|e| e.to_string())?;
    let chain: Vec<TieBreak> = CHAIN.iter().filter_map(|id| TieBreak::parse(id)).collect();
    let rating = |s: u32| t.entry(s).and_then(|e| e.rating);
    let mut s = String::from(
        "Final standings\n  SNo BSNo      LNo Ad-Soyad                        ELO  UKD Puan  BH-1  BH-2    SB GS\n",
    );
    for row in standings(&t, &chain, &rating) {
        let Some(p) = players.iter().find(|p| p.start_no == row.start_no) else {
            continue;
        };
        let value = |i: usize| {
            let v = row.tiebreaks.get(i).copied().flatten().unwrap_or(0);
            let scale = chain.get(i).map_or(1, |tb| tb.kind.scale()).max(1);
            scaled(v, scale)
        };
        let _ = writeln!(
            s,
            "{:>5} {:>4} {:>8} {:<30} {:>4} {:>4} {:>4} {:>5} {:>5} {:>5} {:>2}",
            row.rank_label.replace('–', "-"),
            p.start_no,
            licence(p),
            name(p, language),
            p.rating.unwrap_or(0),
            0,
            points(row.half_points * 5),
            value(0),
            value(1),
            value(2),
            value(3)
        );
    }
    Ok(s)
}

/// One crosstable cell: opponent's BSNo, colour (`b` white, `s` black) and
/// result (`1`, `0`, `½`, `+` opponent absent, `-` own absence); a bye is
/// `- - 1`, a round without a pairing blank.
fn cell(e: Option<&RoundEntry>) -> String {
    let Some(e) = e else {
        return String::new();
    };
    let result = match e.result {
        ResultCode::Win | ResultCode::UnratedWin => "1",
        ResultCode::Loss | ResultCode::UnratedLoss => "0",
        ResultCode::Draw | ResultCode::UnratedDraw => "½",
        ResultCode::ForfeitWin if e.opponent.is_some() => "+",
        ResultCode::ForfeitLoss if e.opponent.is_some() => "-",
        ResultCode::PairingBye | ResultCode::ForfeitWin | ResultCode::FullBye => {
            return "- - 1".to_string()
        }
        _ => return String::new(),
    };
    let colour = match e.colour {
        Some(Colour::White) => "b",
        Some(Colour::Black) => "s",
        None => "-",
    };
    match e.opponent {
        Some(o) => format!("{o} {colour} {result}"),
        None => String::new(),
    }
}

/// The crosstable in starting order: BSNo, LNo, name, ELO, UKD, one cell
/// per round, points.
pub fn crosstable(players: &[&PlayerLine], language: &str) -> String {
    let rounds = players.iter().map(|p| p.rounds.len()).max().unwrap_or(0);
    let mut s = String::from("Crosstable\nBSNo      LNo Ad-Soyad                        ELO  UKD");
    for r in 1..=rounds {
        let _ = write!(s, " {:<9}", format!("{r}. Tur"));
    }
    s.push_str(" Puan\n");
    for p in players {
        let _ = write!(
            s,
            "{:>4} {:>8} {:<30} {:>4} {:>4}",
            p.start_no,
            licence(p),
            name(p, language),
            p.rating.unwrap_or(0),
            0
        );
        for r in 0..rounds {
            let _ = write!(s, " {:<9}", cell(p.rounds.get(r).and_then(|e| e.as_ref())));
        }
        let _ = writeln!(s, " {:>4}", points(points_before(p, rounds + 1)));
    }
    s
}
