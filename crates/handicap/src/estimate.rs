//! Grade estimates from a matrix of handicap opinions. Pure functions, no I/O.
//!
//! Grades are in stone units, larger = weaker (see [`go_grades::Grade`]).
//! `opinions[i][j]` is player i's opinion of the handicap against player j:
//! positive when i receives stones, negative when i gives them, `None` for no
//! opinion. The diagonal is ignored.
//!
//! Two estimates:
//!
//! - [`filled_in_estimate`], exactly the original club method: fill each missing opinion
//!   with the nominal grade difference `r_i − r_j`, `D = H − Hᵀ`,
//!   `h_rel = D·1 / (2n)`, `r_est = h_rel + mean(r)` and
//!   `mse = Σ (r_est − r)² / n`.
//! - [`least_squares_estimate`], which leaves missing opinions out: it
//!   minimises `Σ ((x_i − x_j) − H_ij)²` over the given opinions only. Only
//!   differences are determined, so within each connected group of players
//!   (linked by an opinion either way) the mean estimate is fixed to the
//!   group's mean nominal grade. Groups are not compared with each other:
//!   nothing in the survey relates them. A player with no opinions at all
//!   (none given, none received) keeps the nominal grade and is flagged.

use serde::Serialize;

use go_grades::Grade;

/// Why an estimate cannot be computed from its inputs.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EstimateError {
    /// No players.
    #[error("no players to estimate")]
    Empty,
    /// A matrix row of the wrong length.
    #[error("opinion matrix is not square: row {row} has {found} cells, expected {expected}")]
    NotSquare {
        /// 0-based row.
        row: usize,
        /// Its length.
        found: usize,
        /// The number of players.
        expected: usize,
    },
    /// Nominal grades and matrix sizes differ.
    #[error("{found} nominal grades for {expected} players")]
    GradeCount {
        /// Nominal grades given.
        found: usize,
        /// Players in the matrix.
        expected: usize,
    },
    /// A NaN or infinite input.
    #[error("opinions and grades must be finite numbers")]
    NotFinite,
    /// The least-squares system could not be solved (should not happen).
    #[error("the least-squares system is singular")]
    Singular,
}

/// The filled-in estimate.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeedEstimate {
    /// Each player's mean handicap relative to the group, `D·1 / (2n)`.
    pub h_rel: Vec<f64>,
    /// Estimated grades `h_rel + mean(r)`, stone units.
    pub estimate: Vec<f64>,
    /// `estimate − nominal` per player (negative = stronger than nominal).
    pub difference: Vec<f64>,
    /// Mean squared difference `Σ (r_est − r)² / n`.
    pub mse: f64,
}

/// The least-squares estimate.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LeastSquaresEstimate {
    /// Estimated grades, stone units.
    pub estimate: Vec<f64>,
    /// `estimate − nominal` per player (negative = stronger than nominal).
    pub difference: Vec<f64>,
    /// Mean squared difference over all players.
    pub mse: f64,
    /// Each player's group: 0-based index of its connected group (groups
    /// numbered by their first player), `None` for a player with no opinions.
    pub group: Vec<Option<usize>>,
    /// Number of groups (of two or more players).
    pub groups: usize,
    /// Root mean square of the residuals `(x_i − x_j) − H_ij` over the given
    /// opinions: how far the opinions are from any consistent set of grades.
    /// `None` when there are no opinions.
    pub residual_rms: Option<f64>,
}

impl LeastSquaresEstimate {
    /// Whether player `i` gave and received no opinions at all.
    pub fn has_no_opinions(&self, i: usize) -> bool {
        self.group.get(i).is_some_and(Option::is_none)
    }
}

fn validate(opinions: &[Vec<Option<f64>>], nominal: &[f64]) -> Result<usize, EstimateError> {
    let n = opinions.len();
    if n == 0 {
        return Err(EstimateError::Empty);
    }
    if nominal.len() != n {
        return Err(EstimateError::GradeCount {
            found: nominal.len(),
            expected: n,
        });
    }
    for (row, cells) in opinions.iter().enumerate() {
        if cells.len() != n {
            return Err(EstimateError::NotSquare {
                row,
                found: cells.len(),
                expected: n,
            });
        }
        if cells.iter().flatten().any(|v| !v.is_finite()) {
            return Err(EstimateError::NotFinite);
        }
    }
    if nominal.iter().any(|v| !v.is_finite()) {
        return Err(EstimateError::NotFinite);
    }
    Ok(n)
}

fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len() as f64
}

fn mse(estimate: &[f64], nominal: &[f64]) -> f64 {
    estimate
        .iter()
        .zip(nominal)
        .map(|(e, r)| (e - r) * (e - r))
        .sum::<f64>()
        / estimate.len() as f64
}

/// The filled-in estimate: missing opinions are filled with `r_i − r_j`, then
/// `D = H − Hᵀ`, `h_rel = D·1 / (2n)`, `r_est = h_rel + mean(r)`.
pub fn filled_in_estimate(
    opinions: &[Vec<Option<f64>>],
    nominal: &[f64],
) -> Result<SeedEstimate, EstimateError> {
    let n = validate(opinions, nominal)?;
    let filled = |i: usize, j: usize| -> f64 {
        if i == j {
            0.0
        } else {
            opinions[i][j].unwrap_or(nominal[i] - nominal[j])
        }
    };
    let h_rel: Vec<f64> = (0..n)
        .map(|i| (0..n).map(|j| filled(i, j) - filled(j, i)).sum::<f64>() / (2.0 * n as f64))
        .collect();
    let m = mean(nominal);
    let estimate: Vec<f64> = h_rel.iter().map(|h| h + m).collect();
    let difference = estimate.iter().zip(nominal).map(|(e, r)| e - r).collect();
    let mse = mse(&estimate, nominal);
    Ok(SeedEstimate {
        h_rel,
        estimate,
        difference,
        mse,
    })
}

/// Least squares over the given opinions only: minimises
/// `Σ ((x_i − x_j) − H_ij)²` with each connected group's mean estimate equal
/// to its mean nominal grade; players with no opinions keep their nominal
/// grade. See the module documentation.
pub fn least_squares_estimate(
    opinions: &[Vec<Option<f64>>],
    nominal: &[f64],
) -> Result<LeastSquaresEstimate, EstimateError> {
    let n = validate(opinions, nominal)?;
    let given: Vec<(usize, usize, f64)> = (0..n)
        .flat_map(|i| (0..n).map(move |j| (i, j)))
        .filter(|&(i, j)| i != j)
        .filter_map(|(i, j)| opinions[i][j].map(|h| (i, j, h)))
        .collect();

    // Connected groups (union-find on the opinion graph).
    let mut parent: Vec<usize> = (0..n).collect();
    fn find(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    let mut linked = vec![false; n];
    for &(i, j, _) in &given {
        linked[i] = true;
        linked[j] = true;
        let (a, b) = (find(&mut parent, i), find(&mut parent, j));
        if a != b {
            parent[a.max(b)] = a.min(b);
        }
    }
    let mut group = vec![None; n];
    let mut members: Vec<Vec<usize>> = Vec::new();
    let mut root_group: Vec<Option<usize>> = vec![None; n];
    for i in (0..n).filter(|&i| linked[i]) {
        let root = find(&mut parent, i);
        let g = *root_group[root].get_or_insert_with(|| {
            members.push(Vec::new());
            members.len() - 1
        });
        members[g].push(i);
        group[i] = Some(g);
    }

    let mut estimate = nominal.to_vec();
    for (g, players) in members.iter().enumerate() {
        let m = players.len();
        let mut local = vec![usize::MAX; n];
        for (k, &p) in players.iter().enumerate() {
            local[p] = k;
        }
        // Normal equations L y = b plus 11ᵀ to pin Σy = 0 (L is the graph
        // Laplacian of the given opinions, so L + 11ᵀ is positive definite
        // on a connected group and 1ᵀb = 0 forces 1ᵀy = 0).
        let mut a = vec![vec![1.0; m]; m];
        let mut b = vec![0.0; m];
        for &(i, j, h) in given.iter().filter(|&&(i, _, _)| group[i] == Some(g)) {
            let (li, lj) = (local[i], local[j]);
            a[li][li] += 1.0;
            a[lj][lj] += 1.0;
            a[li][lj] -= 1.0;
            a[lj][li] -= 1.0;
            b[li] += h;
            b[lj] -= h;
        }
        let y = solve(a, b).ok_or(EstimateError::Singular)?;
        let target: f64 = players.iter().map(|&p| nominal[p]).sum::<f64>() / m as f64;
        for (k, &p) in players.iter().enumerate() {
            estimate[p] = y[k] + target;
        }
    }

    let residual_rms = if given.is_empty() {
        None
    } else {
        let sum: f64 = given
            .iter()
            .map(|&(i, j, h)| {
                let r = estimate[i] - estimate[j] - h;
                r * r
            })
            .sum();
        Some((sum / given.len() as f64).sqrt())
    };
    let difference = estimate.iter().zip(nominal).map(|(e, r)| e - r).collect();
    let mse = mse(&estimate, nominal);
    Ok(LeastSquaresEstimate {
        estimate,
        difference,
        mse,
        group,
        groups: members.len(),
        residual_rms,
    })
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting; `None`
/// when the matrix is (numerically) singular.
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let m = b.len();
    for col in 0..m {
        let pivot = (col..m).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        let (upper, lower) = a.split_at_mut(col + 1);
        let pivot_row = &upper[col];
        let (b_upper, b_lower) = b.split_at_mut(col + 1);
        for (row, b_row) in lower.iter_mut().zip(b_lower.iter_mut()) {
            let factor = row[col] / pivot_row[col];
            if factor != 0.0 {
                for (cell, p) in row[col..].iter_mut().zip(&pivot_row[col..]) {
                    *cell -= factor * p;
                }
                *b_row -= factor * b_upper[col];
            }
        }
    }
    let mut x = vec![0.0; m];
    for row in (0..m).rev() {
        let s: f64 = (row + 1..m).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - s) / a[row][row];
    }
    x.iter().all(|v| v.is_finite()).then_some(x)
}

/// Whether a suggestion is a promotion (stronger grade) or a demotion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// The estimate is stronger than the nominal grade.
    Promotion,
    /// The estimate is weaker than the nominal grade.
    Demotion,
}

/// A suggested grade change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Suggestion {
    /// Promotion or demotion.
    pub direction: Direction,
    /// Whole grades to move (at least 1).
    pub grades: u32,
    /// The nominal grade.
    pub from: Grade,
    /// The suggested grade (clamped into 30k..=9d).
    pub to: Grade,
}

impl std::fmt::Display for Suggestion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let verb = match self.direction {
            Direction::Promotion => "promote",
            Direction::Demotion => "demote",
        };
        write!(f, "{verb} {} → {}", self.from, self.to)
    }
}

/// Suggests a grade change when `|estimate − nominal| ≥ threshold`: by
/// `round(estimate − nominal)` whole grades (halves away from zero). `None`
/// when the difference is below the threshold, rounds to zero, the new grade
/// would be out of range, or an input is not finite. A tiny tolerance absorbs
/// floating-point noise at the threshold.
pub fn suggest(nominal: Grade, estimate: f64, threshold: f64) -> Option<Suggestion> {
    let diff = estimate - f64::from(nominal.stones());
    if !diff.is_finite() || !threshold.is_finite() || diff.abs() < threshold - 1e-9 {
        return None;
    }
    let steps = (diff + diff.signum() * 1e-9).round();
    if steps == 0.0 {
        return None;
    }
    let to = nominal.offset_clamped(steps.clamp(-100.0, 100.0) as i64);
    if to == nominal {
        return None;
    }
    let grades = (i64::from(to.stones()) - i64::from(nominal.stones())).unsigned_abs() as u32;
    Some(Suggestion {
        direction: if steps < 0.0 {
            Direction::Promotion
        } else {
            Direction::Demotion
        },
        grades,
        from: nominal,
        to,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matrix(rows: &[&[Option<f64>]]) -> Vec<Vec<Option<f64>>> {
        rows.iter().map(|r| r.to_vec()).collect()
    }

    fn full(rows: &[&[f64]]) -> Vec<Vec<Option<f64>>> {
        rows.iter()
            .map(|r| r.iter().map(|&v| Some(v)).collect())
            .collect()
    }

    fn assert_close(actual: &[f64], expected: &[f64]) {
        assert_eq!(actual.len(), expected.len(), "{actual:?} vs {expected:?}");
        for (a, e) in actual.iter().zip(expected) {
            assert!((a - e).abs() < 1e-9, "{actual:?} vs {expected:?}");
        }
    }

    const N: Option<f64> = None;

    #[test]
    fn club_example_exactly() {
        let h = full(&[
            &[0.0, 0.0, -8.0, -5.0],
            &[0.0, 0.0, -8.0, -4.0],
            &[8.0, 7.0, 0.0, 2.0],
            &[5.0, 5.0, -2.0, 0.0],
        ]);
        let r = [2.0, 3.0, 11.0, 8.0];
        let est = filled_in_estimate(&h, &r).unwrap();
        assert_eq!(est.h_rel, vec![-3.25, -3.0, 4.375, 1.875]);
        assert_eq!(est.estimate, vec![2.75, 3.0, 10.375, 7.875]);
        assert_eq!(est.difference, vec![0.75, 0.0, -0.625, -0.125]);
        assert_eq!(est.mse, 0.2421875);
        // With every opinion given, least squares is the same estimate.
        let ls = least_squares_estimate(&h, &r).unwrap();
        assert_close(&ls.estimate, &est.estimate);
        assert!((ls.mse - 0.2421875).abs() < 1e-12);
        assert_eq!(ls.groups, 1);
        assert_eq!(ls.group, vec![Some(0); 4]);
    }

    #[test]
    fn missing_opinions_are_filled_with_grade_differences() {
        let h = matrix(&[&[N, N, Some(-4.0)], &[Some(1.0), N, N], &[Some(4.0), N, N]]);
        let r = [1.0, 3.0, 5.0];
        let est = filled_in_estimate(&h, &r).unwrap();
        // Filled: H01 = -2, H12 = -2, H21 = 2.
        assert_close(&est.h_rel, &[-11.0 / 6.0, -1.0 / 6.0, 2.0]);
        assert_close(&est.estimate, &[7.0 / 6.0, 17.0 / 6.0, 5.0]);
        // No opinions at all: the estimate is the nominal grades.
        let none = vec![vec![None; 3]; 3];
        let est = filled_in_estimate(&none, &r).unwrap();
        assert_close(&est.estimate, &r);
        assert_eq!(est.mse, 0.0);
    }

    #[test]
    fn inconsistent_opinions_average_out() {
        // i thinks i receives 3 from j; j thinks j receives 1 from i.
        let h = matrix(&[&[N, Some(3.0)], &[Some(1.0), N]]);
        let r = [5.0, 5.0];
        let est = filled_in_estimate(&h, &r).unwrap();
        assert_eq!(est.h_rel, vec![0.5, -0.5]);
        assert_eq!(est.estimate, vec![5.5, 4.5]);
        assert_eq!(est.mse, 0.25);
        let ls = least_squares_estimate(&h, &r).unwrap();
        assert_close(&ls.estimate, &[5.5, 4.5]);
        assert!((ls.residual_rms.unwrap() - 2.0).abs() < 1e-12);
    }

    #[test]
    fn player_without_opinions() {
        let h = matrix(&[&[N, Some(-3.0), N], &[Some(3.0), N, N], &[N, N, N]]);
        let r = [2.0, 4.0, 10.0];
        let est = filled_in_estimate(&h, &r).unwrap();
        assert_close(&est.estimate, &[5.0 / 3.0, 13.0 / 3.0, 10.0]);
        let ls = least_squares_estimate(&h, &r).unwrap();
        assert_close(&ls.estimate, &[1.5, 4.5, 10.0]);
        assert_eq!(ls.group, vec![Some(0), Some(0), None]);
        assert!(ls.has_no_opinions(2) && !ls.has_no_opinions(0));
        assert_eq!(ls.groups, 1);
    }

    #[test]
    fn least_squares_known_answer() {
        // x0 − x1 ≈ 1, x1 − x2 ≈ 2, x0 − x2 ≈ 4: the normal equations give
        // x0 − x1 = 4/3 and x1 − x2 = 7/3; the mean is pinned to 5.
        let h = matrix(&[&[N, Some(1.0), Some(4.0)], &[N, N, Some(2.0)], &[N, N, N]]);
        let r = [5.0, 5.0, 5.0];
        let ls = least_squares_estimate(&h, &r).unwrap();
        assert_close(&ls.estimate, &[20.0 / 3.0, 16.0 / 3.0, 3.0]);
        assert!((ls.residual_rms.unwrap() - 1.0 / 3.0).abs() < 1e-12);
        let mse = ((5.0f64 / 3.0).powi(2) + (1.0f64 / 3.0).powi(2) + 4.0) / 3.0;
        assert!((ls.mse - mse).abs() < 1e-12);
    }

    #[test]
    fn least_squares_recovers_consistent_grades() {
        // Opinions from true grades s = [0, 2, 5, 9], some missing: least
        // squares recovers the differences exactly, the filled-in estimate cannot.
        let s = [0.0, 2.0, 5.0, 9.0];
        let mut h = vec![vec![None; 4]; 4];
        for (i, j) in [(0, 1), (1, 2), (2, 3), (3, 0), (2, 0)] {
            h[i][j] = Some(s[i] - s[j]);
        }
        let r = [1.0, 1.0, 1.0, 1.0];
        let ls = least_squares_estimate(&h, &r).unwrap();
        assert_close(&ls.estimate, &[-3.0, -1.0, 2.0, 6.0]);
        assert!(ls.residual_rms.unwrap() < 1e-9);
    }

    #[test]
    fn disconnected_groups_keep_their_own_mean() {
        let h = matrix(&[
            &[N, Some(2.0), N, N],
            &[N, N, N, N],
            &[N, N, N, Some(-4.0)],
            &[N, N, N, N],
        ]);
        let r = [1.0, 1.0, 10.0, 10.0];
        let ls = least_squares_estimate(&h, &r).unwrap();
        assert_close(&ls.estimate, &[2.0, 0.0, 8.0, 12.0]);
        assert_eq!(ls.groups, 2);
        assert_eq!(ls.group, vec![Some(0), Some(0), Some(1), Some(1)]);
    }

    #[test]
    fn bad_inputs_are_errors() {
        assert_eq!(filled_in_estimate(&[], &[]), Err(EstimateError::Empty));
        assert_eq!(
            least_squares_estimate(&[vec![None]], &[1.0, 2.0]),
            Err(EstimateError::GradeCount {
                found: 2,
                expected: 1
            })
        );
        assert_eq!(
            filled_in_estimate(&[vec![None, None], vec![None]], &[1.0, 2.0]),
            Err(EstimateError::NotSquare {
                row: 1,
                found: 1,
                expected: 2
            })
        );
        assert_eq!(
            filled_in_estimate(&[vec![None, Some(f64::NAN)], vec![None, None]], &[1.0, 2.0]),
            Err(EstimateError::NotFinite)
        );
        assert_eq!(
            least_squares_estimate(&[vec![None]], &[f64::INFINITY]),
            Err(EstimateError::NotFinite)
        );
    }

    fn g(s: &str) -> Grade {
        s.parse().unwrap()
    }

    #[test]
    fn suggestions() {
        // 3k estimated at 1.6: 1.4 stronger → promote 1 grade.
        let s = suggest(g("3k"), 1.6, 1.0).unwrap();
        assert_eq!(s.direction, Direction::Promotion);
        assert_eq!((s.grades, s.from, s.to), (1, g("3k"), g("2k")));
        assert_eq!(s.to_string(), "promote 3k → 2k");
        // 2.5 weaker → demote 3 grades (halves away from zero).
        let s = suggest(g("1k"), 3.5, 1.0).unwrap();
        assert_eq!(
            (s.direction, s.grades, s.to),
            (Direction::Demotion, 3, g("4k"))
        );
        // Across the kyu/dan boundary: 1k estimated at −0.2 → 1d.
        assert_eq!(suggest(g("1k"), -0.2, 1.0).unwrap().to, g("1d"));
        // Below the threshold, or rounding to zero.
        assert_eq!(suggest(g("3k"), 2.1, 1.0), None);
        assert_eq!(suggest(g("3k"), 2.75, 0.2), None);
        assert_eq!(suggest(g("3k"), 2.0 + 1e-12, 1.0).unwrap().to, g("2k"));
        // Exactly at the threshold counts; threshold 0.5 suggests 2k → 3k.
        assert_eq!(suggest(g("2k"), 2.5, 0.5).unwrap().to, g("3k"));
        // Clamped at 9d; nothing to suggest when already there.
        assert_eq!(suggest(g("8d"), -12.0, 1.0).unwrap().to, g("9d"));
        assert_eq!(suggest(g("9d"), -12.0, 1.0), None);
        assert_eq!(suggest(g("3k"), f64::NAN, 1.0), None);
        assert_eq!(suggest(g("3k"), 1e300, 1.0).unwrap().to, g("30k"));
    }
}
