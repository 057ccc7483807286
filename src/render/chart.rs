//! Server-rendered SVG rating charts: no script needed to see them.
//!
//! A chart is an inline `<svg>` with a `viewBox`, so it scales to the width of
//! its container (CSS sets `width: 100%`). Each point carries a `<title>` that
//! browsers show on hover. Hover does nothing on touch screens, so every point
//! is also a link, with a finger-sized tap target around it, to the place on
//! the same page that explains it (a player's history row, a list's legend), a player's chart names its last point in visible text (rating
//! and date), and a chart with a single point says what that point is instead
//! of showing a lone dot. Colours come from CSS classes, so the page's light
//! and dark themes apply.

use super::format::html_escaped;
use std::fmt::Write;

/// Drawing area, in SVG user units.
const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 260.0;
const LEFT: f64 = 64.0;
const RIGHT: f64 = 16.0;
const TOP: f64 = 14.0;
const BOTTOM: f64 = 30.0;

/// One rating on the chart.
#[derive(Debug, Clone, PartialEq)]
pub struct ChartPoint {
    /// Day number (days since 1970-01-01) of the tournament's last day.
    pub day: i64,
    /// The rating after the tournament.
    pub rating: i32,
    /// Hover text, e.g. `Helsinki Open 2003, 2003-09-21: 2115 (+12)`.
    pub label: String,
    /// Where a tap on the point leads: a fragment on the same page
    /// (e.g. `#history-2003-helsinki-open`), so the chart works at any depth.
    pub href: String,
}

/// One line of a chart with several players.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    /// Legend text.
    pub name: String,
    /// Points in date order.
    pub points: Vec<ChartPoint>,
}

/// A stretch of time drawn as a shaded band (the provisional phase).
#[derive(Debug, Clone, PartialEq)]
pub struct Band {
    /// First day.
    pub from_day: i64,
    /// Last day.
    pub to_day: i64,
    /// Hover text.
    pub label: String,
}

/// The scales of one chart: days to x, ratings to y.
struct Scale {
    first_day: i64,
    last_day: i64,
    low: i32,
    high: i32,
}

impl Scale {
    fn new(days: impl Iterator<Item = i64> + Clone, ratings: impl Iterator<Item = i32>) -> Scale {
        let mut first_day = days.clone().min().unwrap_or(0);
        let mut last_day = days.max().unwrap_or(0);
        if last_day - first_day < 60 {
            first_day -= 30;
            last_day += 30;
        }
        let (mut low, mut high) =
            ratings.fold((i32::MAX, i32::MIN), |(lo, hi), r| (lo.min(r), hi.max(r)));
        if low > high {
            (low, high) = (1500, 1500);
        }
        let step = Self::step_for(high - low);
        low = (low - step / 2).div_euclid(step) * step;
        high = (high + step / 2).div_euclid(step) * step + step;
        Scale {
            first_day,
            last_day,
            low,
            high,
        }
    }

    /// Grid step so that there are at most six horizontal lines.
    fn step_for(span: i32) -> i32 {
        [25, 50, 100, 200, 250, 500, 1000]
            .into_iter()
            .find(|s| span / s <= 5)
            .unwrap_or(2000)
    }

    fn x(&self, day: i64) -> f64 {
        let span = (self.last_day - self.first_day).max(1) as f64;
        LEFT + (day - self.first_day) as f64 / span * (WIDTH - LEFT - RIGHT)
    }

    fn y(&self, rating: i32) -> f64 {
        let span = f64::from((self.high - self.low).max(1));
        TOP + f64::from(self.high - rating) / span * (HEIGHT - TOP - BOTTOM)
    }

    /// Horizontal grid lines with rating labels, and year ticks.
    fn axes(&self, out: &mut String) {
        let step = Self::step_for(self.high - self.low);
        let _ = write!(out, "<g class=\"grid\" aria-hidden=\"true\">");
        let mut r = self.low;
        while r <= self.high {
            let y = self.y(r);
            let _ = write!(
                out,
                "<line x1=\"{LEFT:.1}\" x2=\"{:.1}\" y1=\"{y:.1}\" y2=\"{y:.1}\"/><text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{r}</text>",
                WIDTH - RIGHT,
                LEFT - 6.0,
                y + 4.0
            );
            r += step;
        }
        let first_year = year_of_day(self.first_day);
        let last_year = year_of_day(self.last_day);
        let every = ((last_year - first_year) / 8 + 1).max(1);
        let mut year = first_year + 1;
        if last_year == first_year {
            year = first_year;
        }
        while year <= last_year {
            let day = if last_year == first_year {
                (self.first_day + self.last_day) / 2
            } else {
                day_of_year_start(year)
            };
            if (year - first_year) % every == 0 || last_year == first_year {
                let x = self.x(day);
                let _ = write!(
                    out,
                    "<line class=\"tick\" x1=\"{x:.1}\" x2=\"{x:.1}\" y1=\"{:.1}\" y2=\"{:.1}\"/><text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{year}</text>",
                    HEIGHT - BOTTOM,
                    HEIGHT - BOTTOM + 5.0,
                    HEIGHT - 8.0
                );
            }
            year += 1;
        }
        out.push_str("</g>");
    }
}

fn year_of_day(day: i64) -> i32 {
    crate::model::Date::new(1970, 1, 1)
        .map(|d| d.plus_days(day).year)
        .unwrap_or(1970)
}

fn day_of_year_start(year: i32) -> i64 {
    crate::model::Date::new(year, 1, 1)
        .map(|d| d.days_since_epoch())
        .unwrap_or(0)
}

fn open_svg(out: &mut String, id: &str, title: &str, description: &str) {
    let _ = write!(
        out,
        "<svg class=\"chart\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" role=\"figure\" aria-labelledby=\"{id}-title {id}-desc\" xmlns=\"http://www.w3.org/2000/svg\"><title id=\"{id}-title\">{}</title><desc id=\"{id}-desc\">{}</desc>",
        html_escaped(title),
        html_escaped(description)
    );
}

fn polyline(out: &mut String, class: &str, scale: &Scale, points: &[ChartPoint]) {
    if points.len() < 2 {
        return;
    }
    let coords: Vec<String> = points
        .iter()
        .map(|p| format!("{:.1},{:.1}", scale.x(p.day), scale.y(p.rating)))
        .collect();
    let _ = write!(
        out,
        "<polyline class=\"{class}\" points=\"{}\"/>",
        coords.join(" ")
    );
}

/// Radius of the invisible circle around each point that takes taps, in user
/// units: at least 24 CSS pixels across even on a 390-pixel phone (WCAG 2.2's
/// minimum target size), where points close together share the space.
const TAP_RADIUS: f64 = 22.0;

/// Every point as a link to its explanation: an invisible tap target, the
/// visible dot and its hover title.
fn dots(out: &mut String, class: &str, scale: &Scale, points: &[ChartPoint], radius: f64) {
    for p in points {
        let (x, y) = (scale.x(p.day), scale.y(p.rating));
        let label = html_escaped(&p.label);
        let _ = write!(
            out,
            "<a href=\"{}\" aria-label=\"{label}\"><circle class=\"hit\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{TAP_RADIUS}\"/><circle class=\"{class}\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{radius}\" data-rating=\"{}\"><title>{label}</title></circle></a>",
            html_escaped(&p.href),
            p.rating,
        );
    }
}

fn date_of_day(day: i64) -> String {
    crate::model::Date::new(1970, 1, 1)
        .map(|d| d.plus_days(day).to_string())
        .unwrap_or_default()
}

/// Visible text next to the last point: its rating and date (touch screens
/// have no hover). Placed left of the point when the point is in the right
/// half, so it stays inside the drawing (centred for a single point); above the point, or below it when the
/// point is near the top.
fn point_label(out: &mut String, scale: &Scale, point: &ChartPoint, single: bool) {
    let x = scale.x(point.day);
    let y = scale.y(point.rating);
    let (anchor, dx) = if single {
        ("middle", 0.0)
    } else if x > WIDTH / 2.0 {
        ("end", -8.0)
    } else {
        ("start", 8.0)
    };
    let dy = if y < TOP + 24.0 { 18.0 } else { -10.0 };
    let text = if single {
        format!(
            "{} after one rated tournament ({})",
            point.rating,
            date_of_day(point.day)
        )
    } else {
        format!("{} ({})", point.rating, date_of_day(point.day))
    };
    let _ = write!(
        out,
        "<text class=\"pt-label\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"{anchor}\">{}</text>",
        x + dx,
        y + dy,
        html_escaped(&text)
    );
}

/// A player's rating history: one point per rated tournament, the provisional
/// stretch (if any) as a shaded band. Empty when there is nothing to draw.
pub fn player_chart(id: &str, title: &str, points: &[ChartPoint], band: Option<&Band>) -> String {
    if points.is_empty() {
        return String::new();
    }
    let days = points
        .iter()
        .map(|p| p.day)
        .chain(band.iter().flat_map(|b| [b.from_day, b.to_day]));
    let scale = Scale::new(days, points.iter().map(|p| p.rating));
    let mut out = String::new();
    let description = format!(
        "{}; lowest {}, highest {}.",
        crate::text::count(points.len(), "rated tournament"),
        points.iter().map(|p| p.rating).min().unwrap_or(0),
        points.iter().map(|p| p.rating).max().unwrap_or(0)
    );
    open_svg(&mut out, id, title, &description);
    if let Some(band) = band {
        let x1 = scale.x(band.from_day);
        let x2 = scale.x(band.to_day).max(x1 + 6.0);
        let _ = write!(
            out,
            "<rect class=\"provisional\" x=\"{x1:.1}\" y=\"{TOP:.1}\" width=\"{:.1}\" height=\"{:.1}\"><title>{}</title></rect><text class=\"band-label\" x=\"{:.1}\" y=\"{:.1}\">provisional</text>",
            x2 - x1,
            HEIGHT - TOP - BOTTOM,
            html_escaped(&band.label),
            x1 + 4.0,
            TOP + 14.0
        );
    }
    scale.axes(&mut out);
    polyline(&mut out, "line", &scale, points);
    if points.len() == 1 {
        // One tournament: a level line across the chart at that rating, so
        // the point reads as "the rating since then", not a stray dot.
        let y = scale.y(points[0].rating);
        let _ = write!(
            out,
            "<line class=\"level\" x1=\"{:.1}\" x2=\"{:.1}\" y1=\"{y:.1}\" y2=\"{y:.1}\"/>",
            scale.x(points[0].day),
            WIDTH - RIGHT
        );
    }
    dots(&mut out, "pt", &scale, points, 4.0);
    if let Some(last) = points.last() {
        point_label(&mut out, &scale, last, points.len() == 1);
    }
    out.push_str("</svg>");
    out
}

/// Several players' histories in one chart; series get classes `s0`, `s1`, ….
pub fn list_chart(id: &str, title: &str, series: &[Series]) -> String {
    let all = || series.iter().flat_map(|s| &s.points);
    if all().next().is_none() {
        return String::new();
    }
    let scale = Scale::new(all().map(|p| p.day), all().map(|p| p.rating));
    let mut out = String::new();
    let names: Vec<&str> = series.iter().map(|s| s.name.as_str()).collect();
    open_svg(
        &mut out,
        id,
        title,
        &format!("Rating histories of {}.", names.join(", ")),
    );
    scale.axes(&mut out);
    for (i, s) in series.iter().enumerate() {
        let class = format!("s{}", i % 8);
        let _ = write!(out, "<g class=\"{class}\">");
        polyline(&mut out, "line", &scale, &s.points);
        dots(&mut out, "pt", &scale, &s.points, 3.0);
        out.push_str("</g>");
    }
    out.push_str("</svg>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(day: i64, rating: i32) -> ChartPoint {
        ChartPoint {
            day,
            rating,
            label: format!("T <{day}>: {rating}"),
            href: format!("#t{day}"),
        }
    }

    #[test]
    fn one_circle_per_point_with_titles() {
        let points = [point(12000, 1800), point(12100, 1850), point(12500, 1790)];
        let band = Band {
            from_day: 11800,
            to_day: 12000,
            label: "provisional".into(),
        };
        let svg = player_chart("c", "Rating of A & B", &points, Some(&band));
        assert_eq!(svg.matches("<circle class=\"pt\"").count(), 3);
        assert!(svg.contains("<title id=\"c-title\">Rating of A &amp; B</title>"));
        assert!(svg.contains("T &lt;12000&gt;: 1800"));
        assert!(svg.contains("class=\"provisional\""));
        assert!(svg.contains("viewBox=\"0 0 640 260\""));
        assert!(player_chart("c", "x", &[], None).is_empty());
        // Each point is a link to its tournament with a tap target around it.
        assert!(
            svg.contains(
                "<a href=\"#t12100\" aria-label=\"T &lt;12100&gt;: 1850\"><circle class=\"hit\""
            ),
            "{svg}"
        );
        assert_eq!(svg.matches("<circle class=\"hit\"").count(), 3);
        // The last point is labelled with its rating and date, visible without hover.
        assert!(svg.contains(">1790 (2004-03-23)</text>"), "{svg}");
        assert_eq!(svg.matches("class=\"pt-label\"").count(), 1);
        assert!(!svg.contains("class=\"level\""));
    }

    #[test]
    fn single_point_and_flat_ratings_stay_inside() {
        let svg = player_chart("c", "x", &[point(12000, 2000)], None);
        assert_eq!(svg.matches("<circle class=\"pt\"").count(), 1);
        // Not a lone dot: the point is named in visible text and a level line
        // carries it across the chart.
        assert!(svg.contains(
            "<text class=\"pt-label\" x=\"344.0\" y=\"112.0\" text-anchor=\"middle\">2000 after one rated tournament (2002-11-09)</text>"
        ), "{svg}");
        assert!(svg.contains("<line class=\"level\""));
        assert!(!svg.contains("NaN") && !svg.contains("inf"));
        let scale = Scale::new([12000].into_iter(), [2000].into_iter());
        let y = scale.y(2000);
        assert!(y > TOP && y < HEIGHT - BOTTOM);
    }

    #[test]
    fn list_chart_has_a_group_per_series() {
        let series = vec![
            Series {
                name: "A".into(),
                points: vec![point(1, 1500), point(400, 1600)],
            },
            Series {
                name: "B".into(),
                points: vec![point(2, 1700)],
            },
        ];
        let svg = list_chart("top", "Top", &series);
        assert!(svg.contains("<g class=\"s0\">") && svg.contains("<g class=\"s1\">"));
        assert_eq!(svg.matches("<circle class=\"pt\"").count(), 3);
    }
}
