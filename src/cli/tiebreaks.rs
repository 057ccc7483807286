//! `tiebreaks`: standings values of a TRF file, as arbiters compare them with other tools.

use ratingbook::model::Date;
use ratingbook::standings::{standings, TieBreak};
use ratingbook::tournament::trf_exchange::tournament_from_trf;
use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;

/// `ratingbook tiebreaks FILE.trf`: prints one tab-separated row per player (start
/// number, points, each tie-break of `ids`) in start-number order.
pub fn tiebreaks(file: &Path, ids: &[String], date: Option<Date>) -> ExitCode {
    let chain: Result<Vec<TieBreak>, &String> =
        ids.iter().map(|id| TieBreak::parse(id).ok_or(id)).collect();
    let chain = match chain {
        Ok(chain) => chain,
        Err(id) => {
            eprintln!("error: unknown tie-break `{id}`");
            eprintln!("  help: valid ids: {}", TieBreak::all_ids().join(", "));
            return ExitCode::from(2);
        }
    };
    let doc = match std::fs::read(file)
        .map_err(|e| e.to_string())
        .and_then(|bytes| trf::parse_bytes(&bytes).map_err(|e| e.to_string()))
    {
        Ok(doc) => doc,
        Err(e) => {
            eprintln!("error: {}: {e}", file.display());
            return ExitCode::from(2);
        }
    };
    match tournament_from_trf(&doc, date) {
        Ok(t) => {
            print!("{}", table(&t, &chain));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {}: {e}", file.display());
            ExitCode::from(2)
        }
    }
}

/// The tab-separated table: a header, then `start  points  rank  values…` per player
/// in start-number order. The rank is the final place by points and the whole chain
/// (the first place of a shared rank); values as decimals (`12.5`, `10.25`), `-`
/// where a tie-break has no value (direct encounter outside a tie, for example).
pub fn table(t: &ratingbook::model::Tournament, chain: &[TieBreak]) -> String {
    let rating = |s: u32| t.entry(s).and_then(|e| e.rating);
    let mut rows = standings(t, chain, &rating);
    rows.sort_by_key(|r| r.start_no);
    let mut out = String::from("no\tpts\trank");
    for tb in chain {
        let _ = write!(out, "\t{}", tb.id());
    }
    out.push('\n');
    for row in rows {
        let rank = row.rank_label.split('–').next().unwrap_or_default();
        let _ = write!(
            out,
            "{}\t{}\t{rank}",
            row.start_no,
            decimal(i64::from(row.half_points), 2)
        );
        for (value, tb) in row.tiebreaks.iter().zip(chain) {
            let shown = value.map_or("-".to_string(), |v| decimal(v, tb.kind.scale()));
            let _ = write!(out, "\t{shown}");
        }
        out.push('\n');
    }
    out
}

/// A scaled value as a plain decimal: `25, 2` → `12.5`, `41, 4` → `10.25`.
pub fn decimal(value: i64, scale: i64) -> String {
    let scale = scale.max(1);
    let whole = value.div_euclid(scale);
    match value.rem_euclid(scale) * (100 / scale) {
        0 => whole.to_string(),
        50 => format!("{whole}.5"),
        frac => format!("{whole}.{frac:02}"),
    }
}

#[cfg(test)]
mod tests {
    use super::decimal;

    #[test]
    fn decimals() {
        assert_eq!(decimal(25, 2), "12.5");
        assert_eq!(decimal(41, 4), "10.25");
        assert_eq!(decimal(3, 4), "0.75");
        assert_eq!(decimal(1850, 1), "1850");
        assert_eq!(decimal(0, 2), "0");
    }
}
