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
use crate::translate::{Arg, Translations};
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

/// The date `day` days after 1970-01-01, written in `language`.
fn date_of_day(day: i64, language: &str) -> String {
    crate::model::Date::new(1970, 1, 1)
        .map(|d| crate::translate::local_date(d.plus_days(day), language))
        .unwrap_or_default()
}

/// Visible text next to the last point: its rating and date (touch screens
/// have no hover), centred above a single point. Otherwise it goes to the
/// first of four places around the point (left or right, above or below)
/// that stays inside the drawing and crosses no part of the line, judged at
/// the largest text size the style sheet uses (phones).
fn point_label(out: &mut String, scale: &Scale, points: &[ChartPoint], words: &Translations) {
    let Some(point) = points.last() else {
        return;
    };
    let single = points.len() == 1;
    let x = scale.x(point.day);
    let y = scale.y(point.rating);
    let text = if single {
        words.with(
            "chart-single-point",
            &[
                ("rating", Arg::Text(&point.rating.to_string())),
                ("date", Arg::Text(&date_of_day(point.day, words.language()))),
            ],
        )
    } else {
        format!(
            "{} ({})",
            point.rating,
            date_of_day(point.day, words.language())
        )
    };
    let (anchor, lx, ly) = if single {
        let dy = if y < TOP + 24.0 { 18.0 } else { -10.0 };
        ("middle", x, y + dy)
    } else {
        let line: Vec<(f64, f64)> = points
            .iter()
            .map(|p| (scale.x(p.day), scale.y(p.rating)))
            .collect();
        label_place((x, y), text.chars().count(), &line)
    };
    let _ = write!(
        out,
        "<text class=\"pt-label\" x=\"{lx:.1}\" y=\"{ly:.1}\" text-anchor=\"{anchor}\">{}</text>",
        html_escaped(&text)
    );
}

/// The largest label text (the phone style sheet's), in drawing units, and
/// a generous width per character for it.
const LABEL_SIZE: f64 = 20.0;
const LABEL_CHAR_WIDTH: f64 = 0.6 * LABEL_SIZE;

/// Where a label of `chars` characters goes next to the point `at`: the
/// text anchor and the text's start or end point. Candidates in order of
/// preference: towards the chart's middle, above, then below, then the
/// other side, each first beside the point and then moved further along
/// (away from it) a step at a time; the first inside the drawing that the
/// line does not cross, else the one the line crosses least.
fn label_place(at: (f64, f64), chars: usize, line: &[(f64, f64)]) -> (&'static str, f64, f64) {
    const STEP: f64 = 24.0;
    let (x, y) = at;
    let width = chars as f64 * LABEL_CHAR_WIDTH;
    let inward_left = x > WIDTH / 2.0;
    let sides = if inward_left {
        [true, false]
    } else {
        [false, true]
    };
    let mut best: Option<(usize, (&'static str, f64, f64))> = None;
    for shift in 0..=8 {
        let gap = 8.0 + f64::from(shift) * STEP;
        for left in sides {
            for above in [true, false] {
                let (x0, x1, anchor, tx) = if left {
                    (x - gap - width, x - gap, "end", x - gap)
                } else {
                    (x + gap, x + gap + width, "start", x + gap)
                };
                let baseline = if above {
                    y - 10.0
                } else {
                    y + 10.0 + LABEL_SIZE
                };
                let (y0, y1) = (baseline - LABEL_SIZE, baseline + 4.0);
                let inside =
                    x0 >= LEFT && x1 <= WIDTH - RIGHT + 8.0 && y0 >= 0.0 && y1 <= HEIGHT - BOTTOM;
                if !inside {
                    continue;
                }
                let crossings = line
                    .windows(2)
                    .filter(|w| segment_meets_box(w[0], w[1], (x0, y0, x1, y1)))
                    .count();
                let place = (anchor, tx, baseline);
                if crossings == 0 {
                    return place;
                }
                if best.is_none_or(|(fewest, _)| crossings < fewest) {
                    best = Some((crossings, place));
                }
            }
        }
    }
    best.map(|(_, place)| place).unwrap_or(if inward_left {
        ("end", x - 8.0, y - 10.0)
    } else {
        ("start", x + 8.0, y - 10.0)
    })
}

/// Whether the segment from `a` to `b` meets the box `(x0, y0, x1, y1)`:
/// the segment clipped to the box's x range (Liang–Barsky on both axes)
/// leaves something.
fn segment_meets_box(a: (f64, f64), b: (f64, f64), area: (f64, f64, f64, f64)) -> bool {
    let (x0, y0, x1, y1) = area;
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let mut t0: f64 = 0.0;
    let mut t1: f64 = 1.0;
    for (p, q) in [
        (-dx, a.0 - x0),
        (dx, x1 - a.0),
        (-dy, a.1 - y0),
        (dy, y1 - a.1),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return false;
            }
        } else {
            let r = q / p;
            if p < 0.0 {
                t0 = t0.max(r);
            } else {
                t1 = t1.min(r);
            }
            if t0 > t1 {
                return false;
            }
        }
    }
    true
}

/// A player's rating history: one point per rated tournament, the provisional
/// stretch (if any) as a shaded band, its words in `words`. Empty when
/// there is nothing to draw.
pub fn player_chart(
    (id, title): (&str, &str),
    points: &[ChartPoint],
    band: Option<&Band>,
    words: &Translations,
) -> String {
    if points.is_empty() {
        return String::new();
    }
    let days = points
        .iter()
        .map(|p| p.day)
        .chain(band.iter().flat_map(|b| [b.from_day, b.to_day]));
    let scale = Scale::new(days, points.iter().map(|p| p.rating));
    let mut out = String::new();
    let lowest = points.iter().map(|p| p.rating).min().unwrap_or(0);
    let highest = points.iter().map(|p| p.rating).max().unwrap_or(0);
    let description = words.with(
        "chart-description",
        &[
            ("count", Arg::Number(points.len() as i64)),
            ("lowest", Arg::Text(&lowest.to_string())),
            ("highest", Arg::Text(&highest.to_string())),
        ],
    );
    open_svg(&mut out, id, title, &description);
    if let Some(band) = band {
        let x1 = scale.x(band.from_day);
        let x2 = scale.x(band.to_day).max(x1 + 6.0);
        let _ = write!(
            out,
            "<rect class=\"provisional\" x=\"{x1:.1}\" y=\"{TOP:.1}\" width=\"{:.1}\" height=\"{:.1}\"><title>{}</title></rect><text class=\"band-label\" x=\"{:.1}\" y=\"{:.1}\">{}</text>",
            x2 - x1,
            HEIGHT - TOP - BOTTOM,
            html_escaped(&band.label),
            x1 + 4.0,
            TOP + 14.0,
            html_escaped(&words.text("chart-provisional"))
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
    point_label(&mut out, &scale, points, words);
    out.push_str("</svg>");
    out
}

/// Several players' histories in one chart; series get classes `s0`, `s1`,
/// …; its words in `words`.
pub fn list_chart(id: &str, title: &str, series: &[Series], words: &Translations) -> String {
    let all = || series.iter().flat_map(|s| &s.points);
    // Lone dots say nothing a list would not say better: a chart needs at
    // least one history of two ratings; otherwise the list below shows them.
    if series.iter().all(|s| s.points.len() < 2) {
        return String::new();
    }
    let scale = Scale::new(all().map(|p| p.day), all().map(|p| p.rating));
    let mut out = String::new();
    let names: Vec<&str> = series.iter().map(|s| s.name.as_str()).collect();
    open_svg(
        &mut out,
        id,
        title,
        &words.with(
            "chart-list-description",
            &[("names", Arg::Text(&names.join(", ")))],
        ),
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
        let svg = player_chart(
            ("c", "Rating of A & B"),
            &points,
            Some(&band),
            &Translations::english(),
        );
        assert_eq!(svg.matches("<circle class=\"pt\"").count(), 3);
        assert!(svg.contains("<title id=\"c-title\">Rating of A &amp; B</title>"));
        assert!(svg.contains("T &lt;12000&gt;: 1800"));
        assert!(svg.contains("class=\"provisional\""));
        assert!(svg.contains("viewBox=\"0 0 640 260\""));
        assert!(player_chart(("c", "x"), &[], None, &Translations::english()).is_empty());
        // Each point is a link to its tournament with a tap target around it.
        assert!(
            svg.contains(
                "<a href=\"#t12100\" aria-label=\"T &lt;12100&gt;: 1850\"><circle class=\"hit\""
            ),
            "{svg}"
        );
        assert_eq!(svg.matches("<circle class=\"hit\"").count(), 3);
        // The last point is labelled with its rating and date, visible without hover.
        assert!(svg.contains(">1790 (March 23, 2004)</text>"), "{svg}");
        assert_eq!(svg.matches("class=\"pt-label\"").count(), 1);
        assert!(!svg.contains("class=\"level\""));
    }

    #[test]
    fn single_point_and_flat_ratings_stay_inside() {
        let svg = player_chart(
            ("c", "x"),
            &[point(12000, 2000)],
            None,
            &Translations::english(),
        );
        assert_eq!(svg.matches("<circle class=\"pt\"").count(), 1);
        // Not a lone dot: the point is named in visible text and a level line
        // carries it across the chart.
        assert!(svg.contains(
            "<text class=\"pt-label\" x=\"344.0\" y=\"112.0\" text-anchor=\"middle\">2000 after one rated tournament (November 9, 2002)</text>"
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
        let svg = list_chart("top", "Top", &series, &Translations::english());
        assert!(svg.contains("<g class=\"s0\">") && svg.contains("<g class=\"s1\">"));
        assert_eq!(svg.matches("<circle class=\"pt\"").count(), 3);
    }

    /// The label's text anchor and position in the drawing.
    fn label_at(svg: &str) -> (String, f64, f64, usize) {
        let at = svg.find("class=\"pt-label\"").unwrap();
        let rest = &svg[at..];
        let attr = |name: &str| {
            let v = rest.split(&format!(" {name}=\"")).nth(1).unwrap();
            v[..v.find('"').unwrap()].to_string()
        };
        let text = &rest[rest.find('>').unwrap() + 1..rest.find("</text>").unwrap()];
        let (x, y) = (attr("x").parse().unwrap(), attr("y").parse().unwrap());
        (attr("text-anchor"), x, y, text.chars().count())
    }

    /// Whether any point of the drawn line, walked a tenth of a unit at a
    /// time, falls inside the label at its largest size.
    fn line_crosses_label(svg: &str, line: &[(f64, f64)]) -> bool {
        let (anchor, x, y, chars) = label_at(svg);
        let width = chars as f64 * LABEL_CHAR_WIDTH;
        let (x0, x1) = if anchor == "end" {
            (x - width, x)
        } else {
            (x, x + width)
        };
        let (y0, y1) = (y - LABEL_SIZE, y + 4.0);
        line.windows(2).any(|w| {
            (0..=10_000).any(|i| {
                let t = f64::from(i) / 10_000.0;
                let px = w[0].0 + t * (w[1].0 - w[0].0);
                let py = w[0].1 + t * (w[1].1 - w[0].1);
                (x0..=x1).contains(&px) && (y0..=y1).contains(&py)
            })
        })
    }

    /// The drawn line's points, from the polyline.
    fn drawn_line(svg: &str) -> Vec<(f64, f64)> {
        let points = svg.split("class=\"line\" points=\"").nth(1).unwrap();
        points[..points.find('"').unwrap()]
            .split(' ')
            .map(|p| {
                let (x, y) = p.split_once(',').unwrap();
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect()
    }

    #[test]
    fn the_last_label_never_crosses_the_line() {
        let histories = [
            // Falling to the bottom: the line comes down from the upper left.
            [2160, 2144, 2115],
            // Rising to the top: no room above the last point.
            [1800, 1900, 2000],
            // Down, then up to the middle; up, then down to the middle.
            [2000, 1700, 1850],
            [1700, 2000, 1850],
        ];
        for ratings in histories {
            let points: Vec<ChartPoint> = (ratings.iter().enumerate())
                .map(|(i, &r)| point(12000 + 100 * i as i64, r))
                .collect();
            let svg = player_chart(("c", "History"), &points, None, &Translations::english());
            let line = drawn_line(&svg);
            assert_eq!(line.len(), 3, "{svg}");
            assert!(!line_crosses_label(&svg, &line), "{ratings:?}: {svg}");
        }
    }

    #[test]
    fn a_segment_meets_a_box_only_where_it_passes_through_it() {
        let area = (10.0, 10.0, 20.0, 20.0);
        assert!(segment_meets_box((0.0, 0.0), (30.0, 30.0), area));
        assert!(segment_meets_box((15.0, 15.0), (15.0, 16.0), area));
        assert!(!segment_meets_box((0.0, 0.0), (30.0, 0.0), area));
        assert!(!segment_meets_box((0.0, 30.0), (9.0, 0.0), area));
        assert!(!segment_meets_box((0.0, 25.0), (25.0, 25.0), area));
    }

    #[test]
    fn lists_whose_players_each_have_one_rating_get_no_chart() {
        let lone = |r| Series {
            name: "A".into(),
            points: vec![point(1, r)],
        };
        assert_eq!(
            list_chart(
                "c",
                "Pool",
                &[lone(1500), lone(1600), lone(1700)],
                &Translations::english()
            ),
            ""
        );
    }
}
