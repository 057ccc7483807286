//! Tournament standings: points, tie-breaks and ranks.

use crate::model::Tournament;
use serde::Serialize;

/// One player's place in the final standings.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Standing {
    /// Start number.
    pub start_no: u32,
    /// Points in half points.
    pub half_points: u32,
    /// Rank as shown: `3`, or `3–4` when shared.
    pub rank_label: String,
}

/// Final standings in rank order: points, then start number; equal points share a rank.
pub fn standings(t: &Tournament) -> Vec<Standing> {
    let mut rows: Vec<(u32, u32)> = t
        .entries
        .iter()
        .map(|e| (e.start_no, e.half_points()))
        .collect();
    rows.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut out = Vec::with_capacity(rows.len());
    let mut i = 0;
    while i < rows.len() {
        let j = (i..rows.len())
            .find(|&j| rows[j].1 != rows[i].1)
            .unwrap_or(rows.len());
        let label = if j - i > 1 {
            format!("{}–{}", i + 1, j)
        } else {
            (i + 1).to_string()
        };
        for &(start_no, half_points) in &rows[i..j] {
            out.push(Standing {
                start_no,
                half_points,
                rank_label: label.clone(),
            });
        }
        i = j;
    }
    out
}
