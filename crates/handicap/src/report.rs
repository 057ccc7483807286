//! The survey report: a serializable view model for the terminal table and
//! the tera templates (`html/survey.html`, `md/survey.md`).

use std::collections::BTreeMap;

use serde::Serialize;

use super::estimate::{self, LeastSquaresEstimate, SeedEstimate, Suggestion};
use super::survey::Survey;
use super::HandicapError;
use go_grades::Grade;

/// Which estimate drives the suggested promotions and demotions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Basis {
    /// The filled-in estimate (missing opinions filled with grade differences).
    #[default]
    FilledIn,
    /// The least-squares estimate (missing opinions left out).
    LeastSquares,
}

impl Basis {
    /// Human-readable name.
    pub fn label(self) -> &'static str {
        match self {
            Basis::FilledIn => "original-method estimate",
            Basis::LeastSquares => "least-squares estimate",
        }
    }
}

/// Options for building a report.
#[derive(Debug, Clone, PartialEq)]
pub struct SurveyOptions {
    /// Suggest a change when `|estimate − nominal| ≥ threshold` (grades);
    /// must be finite and non-negative. Default 1.0.
    pub threshold: f64,
    /// Which estimate the suggestions follow. Default: the filled-in one.
    pub basis: Basis,
    /// When given, every survey id must be one of these (e.g. the ids of the
    /// player files); unknown ids are errors with a suggestion.
    pub known_ids: Option<Vec<String>>,
}

impl Default for SurveyOptions {
    fn default() -> Self {
        SurveyOptions {
            threshold: 1.0,
            basis: Basis::FilledIn,
            known_ids: None,
        }
    }
}

/// One player's row of the report. Estimates and differences are in stone
/// units (1k = 1, 1d = 0, 2d = −1); a negative difference means stronger than
/// the nominal grade. `*_text` fields are preformatted for templates.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SurveyRow {
    /// Player id.
    pub id: String,
    /// Display name (the id when no name is known).
    pub name: String,
    /// Nominal grade.
    pub nominal: Grade,
    /// Nominal grade in stone units.
    pub nominal_stones: i32,
    /// Seed estimate.
    pub filled_in_estimate: f64,
    /// Seed estimate, two decimals.
    pub filled_in_estimate_text: String,
    /// Grade nearest to the filled-in estimate.
    pub filled_in_grade: Grade,
    /// Seed estimate − nominal.
    pub filled_in_difference: f64,
    /// Seed difference with sign, two decimals.
    pub filled_in_difference_text: String,
    /// Least-squares estimate.
    pub least_squares_estimate: f64,
    /// Least-squares estimate, two decimals.
    pub least_squares_estimate_text: String,
    /// Grade nearest to the least-squares estimate.
    pub least_squares_grade: Grade,
    /// Least-squares estimate − nominal.
    pub least_squares_difference: f64,
    /// Least-squares difference with sign, two decimals.
    pub least_squares_difference_text: String,
    /// Opinions this player gave.
    pub opinions_given: usize,
    /// Opinions others gave about this player.
    pub opinions_received: usize,
    /// No opinions given or received: the least-squares estimate is the
    /// nominal grade.
    pub no_opinions: bool,
    /// 1-based opinion group (see the least-squares estimate); `None` for a
    /// player with no opinions.
    pub group: Option<usize>,
    /// Suggested grade change, if any.
    pub suggestion: Option<Suggestion>,
    /// The suggestion as text (`promote 3k → 2k`), empty when none.
    pub suggestion_text: String,
}

/// The whole report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SurveyReport {
    /// Survey name (the file stem, e.g. `club-example`).
    pub title: String,
    /// The survey file as given.
    pub source: String,
    /// Number of players.
    pub players: usize,
    /// Opinions given.
    pub opinions: usize,
    /// Opinions possible, `n(n − 1)`.
    pub possible_opinions: usize,
    /// Suggestion threshold in grades.
    pub threshold: f64,
    /// Which estimate drives suggestions.
    pub basis: Basis,
    /// The basis as text.
    pub basis_label: String,
    /// Mean squared error of the filled-in estimate.
    pub filled_in_mse: f64,
    /// Seed MSE, four decimals.
    pub filled_in_mse_text: String,
    /// Mean squared error of the least-squares estimate.
    pub least_squares_mse: f64,
    /// Least-squares MSE, four decimals.
    pub least_squares_mse_text: String,
    /// RMS of least-squares residuals over the given opinions.
    pub residual_rms: Option<f64>,
    /// Residual RMS, four decimals, empty when there are no opinions.
    pub residual_rms_text: String,
    /// Number of opinion groups.
    pub groups: usize,
    /// One row per player, in survey order.
    pub rows: Vec<SurveyRow>,
    /// Remarks to show under the table (missing opinions, isolated players,
    /// disconnected groups): what and how many, for the caller to put in
    /// words; [`SurveyNote`]'s `Display` is the English.
    pub notes: Vec<SurveyNote>,
}

/// A remark under the survey's table. Serialized with its kind
/// (`{"kind": "missing_opinions", "missing": 8, "possible": 20}`) so that a
/// template can word each kind in its own language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SurveyNote {
    /// Some players gave no opinion of some others: `missing` of `possible`.
    MissingOpinions {
        /// Opinions not given.
        missing: usize,
        /// Opinions possible, `n(n − 1)`.
        possible: usize,
    },
    /// Players who gave and received no opinion: the least-squares estimate
    /// keeps their nominal grade.
    NoOpinions {
        /// Their display names, in survey order.
        players: Vec<String>,
    },
    /// No opinion links the players across `groups` groups.
    Disconnected {
        /// Number of opinion groups.
        groups: usize,
    },
}

impl std::fmt::Display for SurveyNote {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SurveyNote::MissingOpinions { missing, possible } => write!(
                f,
                "{missing} of {possible} opinions are missing; the original method fills them with the nominal grade difference, the least-squares estimate leaves them out."
            ),
            SurveyNote::NoOpinions { players } => write!(
                f,
                "No opinions given or received: {}; the least-squares estimate keeps the nominal grade.",
                players.join(", ")
            ),
            SurveyNote::Disconnected { groups } => write!(
                f,
                "No opinion links the players across {groups} groups; each group's least-squares estimates are centred on its own mean nominal grade, so they compare only within a group."
            ),
        }
    }
}

/// `value` with `decimals` decimals, never `-0.00`.
pub fn format_number(value: f64, decimals: usize) -> String {
    let text = format!("{value:.decimals$}");
    if text.starts_with('-') && text[1..].chars().all(|c| c == '0' || c == '.') {
        text[1..].to_string()
    } else {
        text
    }
}

/// Like [`format_number`] with a `+` on positive values.
pub fn format_signed(value: f64, decimals: usize) -> String {
    let text = format_number(value, decimals);
    if value > 0.0 && text.chars().any(|c| matches!(c, '1'..='9')) {
        format!("+{text}")
    } else {
        text
    }
}

/// The survey's name: its file stem.
fn survey_title(source: &str) -> String {
    std::path::Path::new(source)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| source.to_string())
}

/// Builds the report for a parsed survey. `grades` must hold a nominal grade
/// for every survey player (extra entries are ignored); `names` optionally
/// maps ids to display names.
pub fn build_report(
    survey: &Survey,
    grades: &BTreeMap<String, Grade>,
    names: Option<&BTreeMap<String, String>>,
    options: &SurveyOptions,
) -> Result<SurveyReport, HandicapError> {
    if !(options.threshold.is_finite() && options.threshold >= 0.0) {
        return Err(HandicapError::Threshold(options.threshold));
    }
    let nominal_grades = nominal_grades_in_survey_order(survey, grades)?;
    let nominal: Vec<f64> = nominal_grades
        .iter()
        .map(|g| f64::from(g.stones()))
        .collect();
    let matrix = survey.matrix();
    let filled_in = estimate::filled_in_estimate(&matrix, &nominal)?;
    let ls = estimate::least_squares_estimate(&matrix, &nominal)?;
    let n = survey.len();

    let rows = survey_rows(survey, &nominal_grades, names, options, &filled_in, &ls);
    let opinions = survey.opinion_count();
    let possible = n * n.saturating_sub(1);
    let notes = survey_notes(opinions, possible, &rows, &ls);

    Ok(SurveyReport {
        title: survey_title(survey.source()),
        source: survey.source().to_string(),
        players: n,
        opinions,
        possible_opinions: possible,
        threshold: options.threshold,
        basis: options.basis,
        basis_label: options.basis.label().to_string(),
        filled_in_mse: filled_in.mse,
        filled_in_mse_text: format_number(filled_in.mse, 4),
        least_squares_mse: ls.mse,
        least_squares_mse_text: format_number(ls.mse, 4),
        residual_rms: ls.residual_rms,
        residual_rms_text: ls
            .residual_rms
            .map(|r| format_number(r, 4))
            .unwrap_or_default(),
        groups: ls.groups,
        rows,
        notes,
    })
}

/// Every survey player's nominal grade, in survey order; an error naming the
/// players without one, with the flags that would give them one.
fn nominal_grades_in_survey_order(
    survey: &Survey,
    grades: &BTreeMap<String, Grade>,
) -> Result<Vec<Grade>, HandicapError> {
    let missing: Vec<String> = survey
        .ids()
        .iter()
        .filter(|id| !grades.contains_key(*id))
        .cloned()
        .collect();
    if !missing.is_empty() {
        let example = missing
            .iter()
            .map(|id| format!("--grade {id}=3k"))
            .collect::<Vec<_>>()
            .join(" ");
        return Err(HandicapError::MissingGrades {
            file: survey.source().to_string(),
            ids: missing.join(", "),
            hint: format!(
                "every survey player needs a nominal grade: set `grade = \"3k\"` in the player file or pass {example}"
            ),
        });
    }
    Ok(survey
        .ids()
        .iter()
        .filter_map(|id| grades.get(id).copied())
        .collect())
}

/// One report row per survey player, in survey order: both estimates, the
/// opinion counts and the suggestion the chosen basis gives.
fn survey_rows(
    survey: &Survey,
    nominal_grades: &[Grade],
    names: Option<&BTreeMap<String, String>>,
    options: &SurveyOptions,
    filled_in: &SeedEstimate,
    ls: &LeastSquaresEstimate,
) -> Vec<SurveyRow> {
    let n = survey.len();
    survey
        .ids()
        .iter()
        .enumerate()
        .map(|(i, id)| {
            let grade = nominal_grades[i];
            let basis_estimate = match options.basis {
                Basis::FilledIn => filled_in.estimate[i],
                Basis::LeastSquares => ls.estimate[i],
            };
            let suggestion = estimate::suggest(grade, basis_estimate, options.threshold);
            SurveyRow {
                id: id.clone(),
                name: names
                    .and_then(|m| m.get(id))
                    .cloned()
                    .unwrap_or_else(|| id.clone()),
                nominal: grade,
                nominal_stones: grade.stones(),
                filled_in_estimate: filled_in.estimate[i],
                filled_in_estimate_text: format_number(filled_in.estimate[i], 2),
                filled_in_grade: Grade::nearest(filled_in.estimate[i]).unwrap_or(grade),
                filled_in_difference: filled_in.difference[i],
                filled_in_difference_text: format_signed(filled_in.difference[i], 2),
                least_squares_estimate: ls.estimate[i],
                least_squares_estimate_text: format_number(ls.estimate[i], 2),
                least_squares_grade: Grade::nearest(ls.estimate[i]).unwrap_or(grade),
                least_squares_difference: ls.difference[i],
                least_squares_difference_text: format_signed(ls.difference[i], 2),
                opinions_given: (0..n).filter(|&j| survey.opinion(i, j).is_some()).count(),
                opinions_received: (0..n).filter(|&j| survey.opinion(j, i).is_some()).count(),
                no_opinions: ls.has_no_opinions(i),
                group: ls.group[i].map(|g| g + 1),
                suggestion,
                suggestion_text: suggestion.map(|s| s.to_string()).unwrap_or_default(),
            }
        })
        .collect()
}

/// The remarks under the table: missing opinions, players with none, and
/// opinion groups that no opinion links.
fn survey_notes(
    opinions: usize,
    possible: usize,
    rows: &[SurveyRow],
    ls: &LeastSquaresEstimate,
) -> Vec<SurveyNote> {
    let mut notes = Vec::new();
    if opinions < possible {
        notes.push(SurveyNote::MissingOpinions {
            missing: possible - opinions,
            possible,
        });
    }
    let isolated: Vec<String> = rows
        .iter()
        .filter(|r| r.no_opinions)
        .map(|r| r.name.clone())
        .collect();
    if !isolated.is_empty() {
        notes.push(SurveyNote::NoOpinions { players: isolated });
    }
    if ls.groups > 1 {
        notes.push(SurveyNote::Disconnected { groups: ls.groups });
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: &str = ",go-a,go-b,go-c,go-d,go-e
go-a,0,0,-8,-5,
go-b,0,0,-8,-4,
go-c,8,7,0,2,
go-d,5,5,-2,0,
go-e,,,,,
";

    fn grades() -> BTreeMap<String, Grade> {
        [
            ("go-a", "2k"),
            ("go-b", "3k"),
            ("go-c", "11k"),
            ("go-d", "8k"),
            ("go-e", "1d"),
        ]
        .into_iter()
        .map(|(id, g)| (id.to_string(), g.parse().unwrap()))
        .collect()
    }

    fn report(options: &SurveyOptions) -> SurveyReport {
        let survey = Survey::parse("surveys/club-2024.csv", SEED, None).unwrap();
        let names: BTreeMap<String, String> =
            [("go-a".to_string(), "Aalto <Aino>".to_string())].into();
        build_report(&survey, &grades(), Some(&names), options).unwrap()
    }

    #[test]
    fn builds_rows_and_notes() {
        let r = report(&SurveyOptions::default());
        assert_eq!(r.title, "club-2024");
        assert_eq!((r.players, r.opinions, r.possible_opinions), (5, 12, 20));
        assert_eq!(r.rows[0].name, "Aalto <Aino>");
        assert_eq!(r.rows[1].name, "go-b");
        let e = &r.rows[4];
        assert!(e.no_opinions);
        assert_eq!(e.group, None);
        assert_eq!(e.least_squares_estimate, 0.0);
        assert_eq!(e.least_squares_difference_text, "0.00");
        assert_eq!(
            (r.rows[2].opinions_given, r.rows[2].opinions_received),
            (3, 3)
        );
        // 5 players, 20 opinions possible, 12 given; go-e gave and got none.
        assert_eq!(
            r.notes,
            vec![
                SurveyNote::MissingOpinions {
                    missing: 8,
                    possible: 20
                },
                SurveyNote::NoOpinions {
                    players: vec!["go-e".to_string()]
                },
            ]
        );
        assert!(r.notes[0]
            .to_string()
            .starts_with("8 of 20 opinions are missing"));
        // The least-squares estimate of the four who answered is the filled-in one.
        assert!((r.rows[0].least_squares_estimate - 2.75).abs() < 1e-9);
        assert_eq!(r.rows[0].least_squares_estimate_text, "2.75");
    }

    #[test]
    fn suggestions_follow_threshold_and_basis() {
        let r = report(&SurveyOptions::default());
        assert!(r.rows.iter().all(|row| row.suggestion.is_none()));
        let r = report(&SurveyOptions {
            threshold: 0.5,
            ..SurveyOptions::default()
        });
        let texts: Vec<&str> = r
            .rows
            .iter()
            .map(|row| row.suggestion_text.as_str())
            .collect();
        // go-e's filled-in row shifts the filled-in estimate: go-c is exactly 0.5 stronger.
        assert_eq!(texts, ["demote 2k → 3k", "", "promote 11k → 10k", "", ""]);
        assert_eq!(r.rows[2].filled_in_estimate, 10.5);
        let r = report(&SurveyOptions {
            threshold: 0.5,
            basis: Basis::LeastSquares,
            known_ids: None,
        });
        assert_eq!(r.basis_label, "least-squares estimate");
        let texts: Vec<&str> = r
            .rows
            .iter()
            .map(|row| row.suggestion_text.as_str())
            .collect();
        assert_eq!(texts, ["demote 2k → 3k", "", "promote 11k → 10k", "", ""]);
        let r = report(&SurveyOptions {
            threshold: 0.7,
            basis: Basis::LeastSquares,
            known_ids: None,
        });
        let texts: Vec<&str> = r
            .rows
            .iter()
            .map(|row| row.suggestion_text.as_str())
            .collect();
        assert_eq!(texts, ["demote 2k → 3k", "", "", "", ""]);
    }

    #[test]
    fn filled_in_numbers_in_the_report() {
        let text =
            ",go-a,go-b,go-c,go-d\ngo-a,0,0,-8,-5\ngo-b,0,0,-8,-4\ngo-c,8,7,0,2\ngo-d,5,5,-2,0\n";
        let survey = Survey::parse("club.csv", text, None).unwrap();
        let r = build_report(&survey, &grades(), None, &SurveyOptions::default()).unwrap();
        assert_eq!(r.filled_in_mse, 0.2421875);
        assert_eq!(r.filled_in_mse_text, "0.2422");
        let est: Vec<f64> = r.rows.iter().map(|row| row.filled_in_estimate).collect();
        assert_eq!(est, [2.75, 3.0, 10.375, 7.875]);
        let diff: Vec<&str> = r
            .rows
            .iter()
            .map(|row| row.filled_in_difference_text.as_str())
            .collect();
        assert_eq!(diff, ["+0.75", "0.00", "-0.62", "-0.12"]);
        assert!(r.notes.is_empty());
    }

    #[test]
    fn missing_grades_and_bad_threshold() {
        let survey = Survey::parse("s.csv", SEED, None).unwrap();
        let mut some = grades();
        some.remove("go-c");
        some.remove("go-e");
        let e = build_report(&survey, &some, None, &SurveyOptions::default()).unwrap_err();
        assert_eq!(e.to_string(), "s.csv: no nominal grade for go-c, go-e");
        let e = build_report(
            &survey,
            &grades(),
            None,
            &SurveyOptions {
                threshold: -1.0,
                ..SurveyOptions::default()
            },
        )
        .unwrap_err();
        assert!(e.to_string().contains("non-negative"));
    }

    #[test]
    fn number_formatting() {
        assert_eq!(format_number(-0.001, 2), "0.00");
        assert_eq!(format_signed(0.001, 2), "0.00");
        assert_eq!(format_signed(0.75, 2), "+0.75");
        assert_eq!(format_signed(-1.5, 1), "-1.5");
        assert_eq!(format_number(0.2421875, 4), "0.2422");
    }
}
