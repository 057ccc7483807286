//! Writing our own data formats back out (crosstable CSV).

use crate::model::Tournament;

/// The tournament's crosstable in the repository's CSV format.
pub fn crosstable_csv(t: &Tournament) -> Vec<u8> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    let ranked = t.entries.iter().any(|e| e.rank.is_some());
    let mut header = vec!["no".to_string(), "player".into(), "rating".into()];
    if ranked {
        header.push("rank".into());
    }
    header.extend((1..=t.rounds).map(|r| r.to_string()));
    let _ = writer.write_record(&header);
    for e in &t.entries {
        let mut row = vec![
            e.start_no.to_string(),
            e.player.to_string(),
            e.rating.map(|r| r.to_string()).unwrap_or_default(),
        ];
        if ranked {
            row.push(e.rank.map(|r| r.to_string()).unwrap_or_default());
        }
        row.extend(
            e.cells
                .iter()
                .enumerate()
                .map(|(round, c)| c.to_notation_with_handicap(e.handicap(round))),
        );
        let _ = writer.write_record(&row);
    }
    writer.into_inner().unwrap_or_default()
}

/// 0-based index of round 1's column in a crosstable header.
fn first_round_column(header: &[String]) -> usize {
    let names: Vec<&str> = header.iter().map(String::as_str).collect();
    crate::load::tournaments::leading_columns(&names).first_round
}

/// Rewrites one round column of a crosstable file in place (through a temporary
/// file and a rename): the rows whose start number is listed get the new cell,
/// every other field keeps its text.
pub fn replace_round_cells(
    path: &std::path::Path,
    column: usize,
    cells: &[(u32, crate::model::Cell)],
) -> std::io::Result<()> {
    let text = std::fs::read_to_string(path)?;
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    let mut writer = csv::Writer::from_writer(Vec::new());
    for (index, record) in reader.records().enumerate() {
        let record = record.map_err(std::io::Error::other)?;
        let start_no: Option<u32> = record.get(0).and_then(|f| f.trim().parse().ok());
        let replacement = start_no.and_then(|n| cells.iter().find(|(s, _)| *s == n));
        let mut fields: Vec<String> = record.iter().map(str::to_string).collect();
        // A crosstable may stop before its last declared round: add the column.
        while fields.len() <= column {
            let header = index == 0 && fields.len() == column;
            fields.push(if header {
                (column - first_round_column(&fields) + 1).to_string()
            } else {
                String::new()
            });
        }
        if let Some((_, cell)) = replacement {
            fields[column] = cell.to_notation();
        }
        writer
            .write_record(&fields)
            .map_err(std::io::Error::other)?;
    }
    let bytes = writer
        .into_inner()
        .map_err(|e| std::io::Error::other(e.to_string()))?;
    crate::atomic_write::write_file_atomically(path, &bytes)
}
