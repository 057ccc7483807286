//! The "methods" page (`[output] methods = true`): each rating list replayed
//! under the candidate systems, with how well each predicted the games and a
//! calibration chart of the best.

use super::format::html_escaped;
use super::page::Page;
use super::SiteError;
use crate::config::{Config, ExpectedScore, Glicko2Period, PoolConfig, SystemKind};
use crate::model::Dataset;
use crate::rating::evaluate::{default_candidates, evaluate, CalibrationBin, Score};
use crate::translate::{Arg, Translations};
use serde::Serialize;
use std::collections::HashMap;
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
    from: String,
    to: String,
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
    let words: &Translations = page.words;
    let mut lists = vec![list_evaluation(
        page.words.text("methods-association-list"),
        (dataset, config, words),
        None,
        &association,
    )];
    for (name, pool) in &config.pools {
        let title = crate::rating::pool::pool_title(name, pool);
        lists.push(list_evaluation(
            title,
            (dataset, config, words),
            Some(name),
            pool,
        ));
    }
    let mut ctx = tera::Context::new();
    ctx.insert("lists", &lists);
    page.emit("methods.html", "html/methods.html", "", "methods.html", ctx)
}

fn list_evaluation(
    title: String,
    (dataset, config, words): (&Dataset, &Config, &Translations),
    pool: Option<&str>,
    own: &PoolConfig,
) -> ListEvaluation {
    let candidates = default_candidates(own);
    // The engine knows each candidate by its English label; the page names
    // it in the site's language.
    let mut labels: HashMap<String, String> = candidates
        .iter()
        .map(|c| (c.label.clone(), system_label(words, &c.pool)))
        .collect();
    if let Some(configured) = candidates.first() {
        let name = system_label(words, &configured.pool);
        labels.insert(
            configured.label.clone(),
            words.with("methods-label-configured", &[("system", Arg::Text(&name))]),
        );
    }
    let label = |score: &Score| {
        labels
            .get(&score.label)
            .cloned()
            .unwrap_or_else(|| score.label.clone())
    };
    let scores = evaluate(dataset, config, pool, &candidates);
    let best = scores.first();
    ListEvaluation {
        title,
        rows: scores.iter().map(|s| row(s, label(s))).collect(),
        best: best.map(&label).unwrap_or_default(),
        chart: best
            .map(|s| calibration_chart(s, &label(s), words))
            .unwrap_or_default(),
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

/// A system and its main parameter, as the methods page names it: the
/// words of [`crate::rating::evaluate::label_of`] in the site's language.
fn system_label(words: &Translations, pool: &PoolConfig) -> String {
    let number = |value: f64| words.decimal(&value.to_string());
    match pool.system {
        SystemKind::Association => {
            let curve = words.text(match pool.rating.expected {
                ExpectedScore::Table => "methods-curve-table",
                ExpectedScore::Logistic => "methods-curve-logistic",
            });
            let k = pool.rating.base_k.to_string();
            words.with(
                "methods-label-association",
                &[("k", Arg::Text(&k)), ("curve", Arg::Text(&curve))],
            )
        }
        SystemKind::Glicko2 => {
            let tau = number(pool.glicko2.tau);
            let key = match pool.glicko2.period {
                Glicko2Period::Tournament => "methods-label-glicko2",
                Glicko2Period::Month => "methods-label-glicko2-monthly",
            };
            words.with(key, &[("tau", Arg::Text(&tau))])
        }
        SystemKind::Fide => words.text("methods-label-fide"),
        SystemKind::Egd => words.text("methods-label-egd"),
        SystemKind::Whr => {
            let w2 = number(pool.whr.w2);
            words.with("methods-label-whr", &[("w2", Arg::Text(&w2))])
        }
    }
}

fn row(s: &Score, label: String) -> Row {
    Row {
        label,
        games: s.games,
        log_loss: format!("{:.4}", s.log_loss),
        brier: format!("{:.4}", s.brier),
        accuracy: format!("{:.1}", s.accuracy * 100.0),
    }
}

fn calibration_row(b: &CalibrationBin) -> CalibrationRow {
    CalibrationRow {
        from: format!("{:.1}", b.from),
        to: format!("{:.1}", b.to),
        count: b.count,
        predicted: format!("{:.3}", b.mean_predicted),
        scored: format!("{:.3}", b.mean_score),
    }
}

/// Mean score against mean prediction per tenth, with the diagonal a
/// perfectly calibrated system would follow; a point's area grows with its games.
fn calibration_chart(score: &Score, label: &str, words: &Translations) -> String {
    const SIZE: f64 = 300.0;
    const PAD: f64 = 40.0;
    let at = |v: f64| PAD + v * SIZE;
    let up = |v: f64| PAD + (1.0 - v) * SIZE;
    let total: usize = score.calibration.iter().map(|b| b.count).sum();
    let mut svg = String::new();
    let _ = write!(
        svg,
        r#"<svg class="chart" viewBox="0 0 {w} {w}" role="img" aria-label="{label}"><g class="grid">"#,
        w = SIZE + 2.0 * PAD,
        label = html_escaped(&words.with("methods-chart-label", &[("system", Arg::Text(label))]))
    );
    for tick in 0..=4 {
        let v = f64::from(tick) / 4.0;
        let written = words.decimal(&v.to_string());
        let _ = write!(
            svg,
            r#"<line x1="{x0}" y1="{y}" x2="{x1}" y2="{y}"/><text x="{tx}" y="{ty}" text-anchor="end">{written}</text><text x="{x}" y="{bottom}" text-anchor="middle">{written}</text>"#,
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
        let number = |value: f64, decimals: usize| words.decimal(&format!("{value:.decimals$}"));
        let (from, to) = (number(b.from, 1), number(b.to, 1));
        let (predicted, scored) = (number(b.mean_predicted, 3), number(b.mean_score, 3));
        let title = words.with(
            "methods-chart-point",
            &[
                ("count", b.count.into()),
                ("from", Arg::Text(&from)),
                ("to", Arg::Text(&to)),
                ("predicted", Arg::Text(&predicted)),
                ("scored", Arg::Text(&scored)),
            ],
        );
        let _ = write!(
            svg,
            r#"<circle class="pt" cx="{:.1}" cy="{:.1}" r="{radius:.1}"><title>{}</title></circle>"#,
            at(b.mean_predicted),
            up(b.mean_score),
            html_escaped(&title)
        );
    }
    svg.push_str("</svg>");
    svg
}
