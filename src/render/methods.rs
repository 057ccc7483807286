//! The "methods" page (`[output] methods = true`): each rating list replayed
//! under the candidate systems, with how well each predicted the games and a
//! calibration chart of the best.

use super::page::Page;
use super::SiteError;
use crate::config::{Config, PoolConfig};
use crate::model::Dataset;
use crate::rating::evaluate::{default_candidates, evaluate, CalibrationBin, Score};
use serde::Serialize;
use std::fmt::Write;

/// One list's evaluation on the page.
#[derive(Debug, Clone, Serialize)]
struct ListEvaluation {
    title: String,
    rows: Vec<Row>,
    best: String,
    chart: String,
    calibration: Vec<CalibrationRow>,
}

/// One candidate's scores, written for the page.
#[derive(Debug, Clone, Serialize)]
struct Row {
    label: String,
    games: usize,
    log_loss: String,
    brier: String,
    accuracy: String,
}

/// One tenth of the calibration table, written for the page.
#[derive(Debug, Clone, Serialize)]
struct CalibrationRow {
    range: String,
    count: usize,
    predicted: String,
    scored: String,
}

/// Renders `methods.html`.
pub(super) fn render_methods(
    page: &Page,
    dataset: &Dataset,
    config: &Config,
) -> Result<(), SiteError> {
    let association = PoolConfig {
        rating: config.rating.clone(),
        ..PoolConfig::default()
    };
    let mut lists = vec![list_evaluation(
        page.words.text("methods-association-list"),
        dataset,
        config,
        None,
        &association,
    )];
    for (name, pool) in &config.pools {
        let title = crate::rating::pool::pool_title(name, pool);
        lists.push(list_evaluation(title, dataset, config, Some(name), pool));
    }
    let mut ctx = tera::Context::new();
    ctx.insert("lists", &lists);
    page.emit("methods.html", "html/methods.html", "", "methods.html", ctx)
}

fn list_evaluation(
    title: String,
    dataset: &Dataset,
    config: &Config,
    pool: Option<&str>,
    own: &PoolConfig,
) -> ListEvaluation {
    let scores = evaluate(dataset, config, pool, &default_candidates(own));
    let best = scores.first();
    ListEvaluation {
        title,
        rows: scores.iter().map(row).collect(),
        best: best.map(|s| s.label.clone()).unwrap_or_default(),
        chart: best.map(calibration_chart).unwrap_or_default(),
        calibration: best
            .map(|s| {
                s.calibration
                    .iter()
                    .filter(|b| b.count > 0)
                    .map(calibration_row)
                    .collect()
            })
            .unwrap_or_default(),
    }
}

fn row(s: &Score) -> Row {
    Row {
        label: s.label.clone(),
        games: s.games,
        log_loss: format!("{:.4}", s.log_loss),
        brier: format!("{:.4}", s.brier),
        accuracy: format!("{:.1}%", s.accuracy * 100.0),
    }
}

fn calibration_row(b: &CalibrationBin) -> CalibrationRow {
    CalibrationRow {
        range: format!("{:.1}–{:.1}", b.from, b.to),
        count: b.count,
        predicted: format!("{:.3}", b.mean_predicted),
        scored: format!("{:.3}", b.mean_score),
    }
}

/// Mean score against mean prediction per tenth, with the diagonal a
/// perfectly calibrated system would follow; a point's area grows with its games.
fn calibration_chart(score: &Score) -> String {
    const SIZE: f64 = 300.0;
    const PAD: f64 = 40.0;
    let at = |v: f64| PAD + v * SIZE;
    let up = |v: f64| PAD + (1.0 - v) * SIZE;
    let total: usize = score.calibration.iter().map(|b| b.count).sum();
    let mut svg = String::new();
    let _ = write!(
        svg,
        r#"<svg class="chart" viewBox="0 0 {w} {w}" role="img" aria-label="Calibration of {label}: mean score against mean prediction"><g class="grid">"#,
        w = SIZE + 2.0 * PAD,
        label = super::format::html_escaped(&score.label)
    );
    for tick in 0..=4 {
        let v = f64::from(tick) / 4.0;
        let _ = write!(
            svg,
            r#"<line x1="{x0}" y1="{y}" x2="{x1}" y2="{y}"/><text x="{tx}" y="{ty}" text-anchor="end">{v}</text><text x="{x}" y="{bottom}" text-anchor="middle">{v}</text>"#,
            x0 = at(0.0),
            x1 = at(1.0),
            y = up(v),
            tx = PAD - 4.0,
            ty = up(v) + 4.0,
            x = at(v),
            bottom = up(0.0) + 16.0,
        );
    }
    let _ = write!(
        svg,
        r#"</g><line class="line" x1="{}" y1="{}" x2="{}" y2="{}" stroke-dasharray="4 4"/>"#,
        at(0.0),
        up(0.0),
        at(1.0),
        up(1.0)
    );
    for b in score.calibration.iter().filter(|b| b.count > 0) {
        let radius = 3.0 + 9.0 * (b.count as f64 / total.max(1) as f64).sqrt();
        let _ = write!(
            svg,
            r#"<circle class="pt" cx="{:.1}" cy="{:.1}" r="{radius:.1}"><title>{} predictions from {:.1} to {:.1}: predicted {:.3}, scored {:.3}</title></circle>"#,
            at(b.mean_predicted),
            up(b.mean_score),
            b.count,
            b.from,
            b.to,
            b.mean_predicted,
            b.mean_score
        );
    }
    svg.push_str("</svg>");
    svg
}
