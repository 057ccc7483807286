//! Plain terminal table rendering with aligned columns.

use super::report::SurveyReport;

/// Column alignment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    /// Pad on the right.
    Left,
    /// Pad on the left (numbers).
    Right,
}

/// Renders `rows` under `headers` as aligned columns separated by two spaces,
/// with a dashed rule under the header. Widths count characters; rows shorter
/// than the header are padded with empty cells. Trailing spaces are trimmed.
pub fn format_table(headers: &[&str], align: &[Align], rows: &[Vec<String>]) -> String {
    let columns = headers.len();
    let mut widths: Vec<usize> = headers.iter().map(|h| h.chars().count()).collect();
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: &mut dyn Iterator<Item = &str>| -> String {
        let mut out = String::new();
        for (k, cell) in cells.take(columns).enumerate() {
            if k > 0 {
                out.push_str("  ");
            }
            let pad = widths[k].saturating_sub(cell.chars().count());
            match align.get(k).copied().unwrap_or(Align::Left) {
                Align::Left => {
                    out.push_str(cell);
                    out.extend(std::iter::repeat_n(' ', pad));
                }
                Align::Right => {
                    out.extend(std::iter::repeat_n(' ', pad));
                    out.push_str(cell);
                }
            }
        }
        out.trim_end().to_string()
    };
    let mut out = line(&mut headers.iter().copied());
    out.push('\n');
    let rule: Vec<String> = widths.iter().map(|w| "-".repeat(*w)).collect();
    out.push_str(&line(&mut rule.iter().map(String::as_str)));
    out.push('\n');
    for row in rows {
        let mut cells = row.iter().map(String::as_str).chain(std::iter::repeat(""));
        out.push_str(&line(&mut cells));
        out.push('\n');
    }
    out
}

/// The survey report as terminal text: a heading, the table and the notes.
pub fn render_text(report: &SurveyReport) -> String {
    let with_names = report.rows.iter().any(|r| r.name != r.id);
    let mut headers = vec!["player"];
    let mut align = vec![Align::Left];
    if with_names {
        headers.push("name");
        align.push(Align::Left);
    }
    headers.extend([
        "nominal",
        "original est.",
        "diff",
        "least sq.",
        "diff",
        "suggestion",
    ]);
    align.extend([
        Align::Right,
        Align::Right,
        Align::Right,
        Align::Right,
        Align::Right,
        Align::Left,
    ]);
    let rows: Vec<Vec<String>> = report
        .rows
        .iter()
        .map(|r| {
            let mut cells = vec![r.id.clone()];
            if with_names {
                cells.push(r.name.clone());
            }
            let ls = if r.no_opinions {
                format!("{} (no opinions)", r.least_squares_estimate_text)
            } else {
                format!(
                    "{} ({})",
                    r.least_squares_estimate_text, r.least_squares_grade
                )
            };
            cells.extend([
                format!("{} ({})", r.nominal_stones, r.nominal),
                format!("{} ({})", r.filled_in_estimate_text, r.filled_in_grade),
                r.filled_in_difference_text.clone(),
                ls,
                r.least_squares_difference_text.clone(),
                r.suggestion_text.clone(),
            ]);
            cells
        })
        .collect();
    let mut out = format!(
        "Handicap survey {} ({}): {} players, {} of {} opinions\n\n",
        report.title, report.source, report.players, report.opinions, report.possible_opinions
    );
    out.push_str(&format_table(&headers, &align, &rows));
    out.push('\n');
    out.push_str(&format!(
        "MSE: original method {}, least squares {}",
        report.filled_in_mse_text, report.least_squares_mse_text
    ));
    if !report.residual_rms_text.is_empty() {
        out.push_str(&format!(
            " (opinion residual RMS {} stones)",
            report.residual_rms_text
        ));
    }
    out.push('\n');
    out.push_str(&format!(
        "Grades in stones: 1k = 1, 1d = 0, 2d = -1; a negative diff means stronger than nominal.\nSuggestions follow the {} where |diff| >= {}.\n",
        report.basis_label, report.threshold
    ));
    for note in &report.notes {
        out.push_str(&format!("Note: {note}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aligns_columns() {
        let table = format_table(
            &["a", "num"],
            &[Align::Left, Align::Right],
            &[
                vec!["äää".into(), "1".into()],
                vec!["b".into(), "10.5".into()],
                vec!["c".into()],
            ],
        );
        assert_eq!(table, "a     num\n---  ----\näää     1\nb    10.5\nc\n");
    }
}
