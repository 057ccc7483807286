//! Writing our own data formats back out (crosstable CSV).

use crate::model::Tournament;

/// The tournament's crosstable in the repository's CSV format.
pub fn crosstable_csv(t: &Tournament) -> Vec<u8> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    let mut header = vec!["no".to_string(), "player".into(), "rating".into()];
    header.extend((1..=t.rounds).map(|r| r.to_string()));
    let _ = writer.write_record(&header);
    for e in &t.entries {
        let mut row = vec![
            e.start_no.to_string(),
            e.player.to_string(),
            e.rating.map(|r| r.to_string()).unwrap_or_default(),
        ];
        row.extend(e.cells.iter().map(|c| c.to_notation()));
        let _ = writer.write_record(&row);
    }
    writer.into_inner().unwrap_or_default()
}
