//! A player's page: rating, chart, best wins, head-to-head record, tournament
//! history and every game.

use super::shared::{history_anchor, k_values, local_date, phase_name, SharedLink};
use super::ViewBuilder;
use crate::model::{Cell, Date, Rules, TimeControl, Tournament};
use crate::rating::{k_factor, KFactor, Phase, TournamentRating};
use crate::render::chart::{self, Band};
use crate::render::format;
use crate::translate::Arg;
use serde::Serialize;

/// One tournament in a player's history.
#[derive(Debug, Clone, Serialize)]
pub struct HistoryRow {
    /// Start date.
    pub date: String,
    /// Tournament link.
    pub tournament: SharedLink,
    /// Games that counted for the rating.
    pub games: usize,
    /// Score in counted games.
    pub score: String,
    /// Expected score over counted games, or empty.
    pub expected: String,
    /// K values used, e.g. `32` or `16, 32`, or empty.
    pub k: String,
    /// Change, e.g. `+12`, or empty.
    pub change: String,
    /// Rating after the tournament, or the provisional count.
    pub rating_after: String,
    /// Phase at the end: `provisional`, `established`.
    pub phase: String,
    /// A note such as "provisional rating computed".
    pub note: String,
    /// Performance rating over the counted games, or empty.
    pub performance: String,
    /// `Σ K × (W − We)` over the counted games before rounding (established players), or empty.
    pub sum: String,
    /// For the tournament that completed the provisional phase: the first rating
    /// worked out, e.g. `2043 = 2000 + (0.55 − 0.5) × 850`; else empty.
    pub working: String,
    /// Rc, Wc and n of that working, e.g. `Rc = 2000 (average opponent rating), …`; else empty.
    pub working_terms: String,
    /// Whether the tournament is a point on the chart (an established rating after it).
    pub charted: bool,
    /// The row's id, where a tap on its chart point leads.
    pub anchor: String,
}

/// One game on a player's page.
#[derive(Debug, Clone, Serialize)]
pub struct GameRow {
    /// Date of the tournament.
    pub date: String,
    /// Tournament link.
    pub tournament: SharedLink,
    /// Round.
    pub round: u32,
    /// Opponent link.
    pub opponent: SharedLink,
    /// `1`, `½`, `0`, `+`, `-`.
    pub result: std::borrow::Cow<'static, str>,
    /// Opponent rating used, or empty.
    pub opponent_rating: String,
    /// The rating difference the system counted (own − opponent), or empty.
    pub difference: String,
    /// Expected score, or empty.
    pub expected: String,
    /// K, or empty.
    pub k: String,
    /// How K was found, e.g. `24 (rating ≥ 2400) → 12 (modified rules) → 6 (rapid)`, or empty.
    pub k_reason: String,
    /// `K × (W − We)`, or empty.
    pub change: String,
    /// Why the game did not count, in the site's language, or empty.
    pub note: String,
}

/// A player's page.
#[derive(Debug, Clone, Serialize)]
pub struct PlayerView {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
    /// Membership.
    pub membership: String,
    /// Country or empty.
    pub country: String,
    /// Club or empty.
    pub club: String,
    /// `established`, `provisional` or `unrated`.
    pub phase: String,
    /// The Go grade matching the current rating (`[grades] enabled`), or empty.
    pub rating_grade: String,
    /// The nominal grade from the player file, or empty.
    pub grade: String,
    /// Current rating or empty.
    pub rating: String,
    /// Provisional progress `12/20` (provisional players) or empty.
    pub progress: String,
    /// International rating or empty.
    pub international_rating: String,
    /// Highest established rating and when, or empty.
    pub peak: String,
    /// Lowest established rating and when, or empty.
    pub lowest: String,
    /// Score over all rated games, e.g. `45½ / 80 (56 %)`, or empty.
    pub score: String,
    /// Rated games in total.
    pub rated_games: u32,
    /// SVG rating chart, or empty.
    pub chart: String,
    /// Points on the chart (one per tournament with an established rating after it).
    pub chart_points: usize,
    /// Best wins by opponent rating.
    pub best_wins: Vec<WinRow>,
    /// Record against each opponent.
    pub head_to_head: Vec<HeadToHeadRow>,
    /// Tournaments in order.
    pub history: Vec<HistoryRow>,
    /// Every paired game, newest tournament first.
    pub games: Vec<GameRow>,
}

/// A win on a player's page.
#[derive(Debug, Clone, Serialize)]
pub struct WinRow {
    /// Date of the tournament.
    pub date: String,
    /// Tournament link.
    pub tournament: SharedLink,
    /// Opponent link.
    pub opponent: SharedLink,
    /// Opponent's rating used.
    pub opponent_rating: i32,
}

/// A player's record against one opponent.
#[derive(Debug, Clone, Serialize)]
pub struct HeadToHeadRow {
    /// Opponent link.
    pub opponent: SharedLink,
    /// Games played (forfeits excluded).
    pub games: u32,
    /// Wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Losses.
    pub losses: u32,
    /// Score, e.g. `3½`.
    pub score: String,
}

impl ViewBuilder<'_> {
    /// A player's page.
    pub fn player(&self, index: usize) -> PlayerView {
        let player = &self.dataset.players[index];
        let state = &self.ratings.players[index];
        let records: Vec<&TournamentRating> = self.ratings.history(index).collect();
        let history = records
            .iter()
            .enumerate()
            .map(|(i, r)| self.history_row(index, &records[..=i], r))
            .collect();
        let games = self.game_rows(&records);
        let (peak, lowest) = self.peak_and_lowest(&records);
        let score = score(&records);
        let points = self.chart_points(index, None);
        let band = self.provisional_band(&records);
        // One chart per list on the page: each needs its own element ids.
        let chart_id = match &self.ratings.pool {
            None => "rating-chart".to_string(),
            Some(pool) => format!("rating-chart-{pool}"),
        };
        let title = self
            .words
            .with("chart-player-title", &[("name", Arg::Text(&player.name))]);
        let chart = chart::player_chart((&chart_id, &title), &points, band.as_ref(), &self.words);
        PlayerView {
            id: player.id.to_string(),
            name: player.name.clone(),
            membership: crate::translate::membership(&self.words, player.membership.as_str()),
            country: player.country.clone().unwrap_or_default(),
            club: player.club.clone().unwrap_or_default(),
            phase: phase_name(state.phase).to_string(),
            rating_grade: state
                .rating
                .and_then(|r| self.config.grades.grade_for_rating(f64::from(r)))
                .map(|g| g.to_string())
                .unwrap_or_default(),
            grade: player.grade.map(|g| g.to_string()).unwrap_or_default(),
            rating: state.rating.map(|r| r.to_string()).unwrap_or_default(),
            progress: if state.phase == Phase::Provisional {
                self.progress(state.provisional_games)
            } else {
                String::new()
            },
            international_rating: player
                .international_rating
                .map(|r| r.to_string())
                .unwrap_or_default(),
            peak,
            lowest,
            score,
            rated_games: state.rated_games,
            chart,
            chart_points: points.len(),
            best_wins: self.best_wins(&records),
            head_to_head: self.head_to_head(&records),
            history,
            games,
        }
    }

    /// Every rated game of the player, newest tournament first.
    fn game_rows(&self, records: &[&TournamentRating]) -> Vec<GameRow> {
        let mut games = Vec::new();
        for record in records.iter().rev() {
            let t = &self.dataset.tournaments[record.tournament];
            let date = t.start.to_string();
            // K and its explanation are the same for most games of a tournament.
            let mut k_explained: Option<(KFactor, (String, String))> = None;
            for g in &record.games {
                let (k, k_reason) = match g.k {
                    None => Default::default(),
                    Some(k) => match &k_explained {
                        Some((same, texts)) if *same == k => texts.clone(),
                        _ => {
                            let texts = (
                                format::k(k.value()),
                                self.k_reason(t, record.rating_before.unwrap_or(0), k),
                            );
                            k_explained = Some((k, texts.clone()));
                            texts
                        }
                    },
                };
                games.push(GameRow {
                    date: date.clone(),
                    tournament: self.shared_tournament_link(record.tournament),
                    round: g.round.into(),
                    opponent: self.shared_player_link(g.opponent),
                    result: result_symbol(g.half_points.into(), t, record.start_no, g.round.into()),
                    opponent_rating: g.opponent_rating.map(|r| r.to_string()).unwrap_or_default(),
                    difference: g.difference.map(|d| d.to_string()).unwrap_or_default(),
                    expected: g
                        .expected
                        .get()
                        .map(format::two_decimals)
                        .unwrap_or_default(),
                    k,
                    k_reason,
                    change: g
                        .change
                        .get()
                        .map(format::signed_two_decimals)
                        .unwrap_or_default(),
                    note: g
                        .not_counted
                        .map_or_else(String::new, |n| self.words.text(not_counted_key(n))),
                });
            }
        }
        games
    }

    /// The highest and lowest established ratings, each with the date it was reached.
    fn peak_and_lowest(&self, records: &[&TournamentRating]) -> (String, String) {
        let lang = &self.config.site.language;
        // Only established ratings count for peak and lowest: a provisional
        // phase has no published rating, and the rating that ends it is the first.
        let established: Vec<(i32, Date)> = records
            .iter()
            .filter(|r| r.phase_after == Phase::Established)
            .filter_map(|r| Some((r.rating_after?, self.dataset.tournaments[r.tournament].end)))
            .collect();
        let extreme = |better: fn(i32, i32) -> bool| {
            established
                .iter()
                .fold(None::<(i32, Date)>, |best, &(rating, date)| match best {
                    Some((b, _)) if !better(rating, b) => best,
                    _ => Some((rating, date)),
                })
                .map(|(rating, date)| format!("{rating} ({})", local_date(date, lang)))
                .unwrap_or_default()
        };
        (extreme(|a, b| a > b), extreme(|a, b| a < b))
    }

    /// The provisional phase as a band: from the first tournament to the one that ended it.
    fn provisional_band(&self, records: &[&TournamentRating]) -> Option<Band> {
        let provisional: Vec<&&TournamentRating> = records
            .iter()
            .filter(|r| r.phase_before == Phase::Provisional)
            .collect();
        let first = provisional.first()?;
        let last = provisional.last()?;
        let from = self.dataset.tournaments[first.tournament].start;
        let to = self.dataset.tournaments[last.tournament].end;
        Some(Band {
            from_day: from.days_since_epoch(),
            to_day: to.days_since_epoch(),
            label: self.words.with(
                "chart-band",
                &[
                    ("from", Arg::Text(&from.to_string())),
                    ("to", Arg::Text(&to.to_string())),
                    ("count", Arg::Number(provisional.len() as i64)),
                ],
            ),
        })
    }

    fn best_wins(&self, records: &[&TournamentRating]) -> Vec<WinRow> {
        let mut wins: Vec<WinRow> = records
            .iter()
            .flat_map(|r| r.games.iter().map(move |g| (r, g)))
            .filter(|(_, g)| g.counted() && g.half_points == 2)
            .filter_map(|(r, g)| {
                Some(WinRow {
                    date: self.dataset.tournaments[r.tournament].start.to_string(),
                    tournament: self.shared_tournament_link(r.tournament),
                    opponent: self.shared_player_link(g.opponent),
                    opponent_rating: g.opponent_rating?,
                })
            })
            .collect();
        wins.sort_by(|a, b| {
            b.opponent_rating
                .cmp(&a.opponent_rating)
                .then(a.date.cmp(&b.date))
        });
        wins.truncate(5);
        wins
    }

    fn head_to_head(&self, records: &[&TournamentRating]) -> Vec<HeadToHeadRow> {
        let mut by_opponent: std::collections::BTreeMap<usize, (u32, u32, u32)> =
            std::collections::BTreeMap::new();
        for g in records.iter().flat_map(|r| &r.games) {
            if g.not_counted == Some(crate::rating::NotCounted::NotPlayed) {
                continue;
            }
            let entry = by_opponent.entry(g.opponent).or_default();
            match g.half_points {
                2 => entry.0 += 1,
                1 => entry.1 += 1,
                _ => entry.2 += 1,
            }
        }
        let mut opponents: Vec<(usize, (u32, u32, u32))> = by_opponent.into_iter().collect();
        // Most games first, then in the order of the opponents' page addresses.
        let games = |(w, d, l): (u32, u32, u32)| w + d + l;
        opponents.sort_by(|(a, a_counts), (b, b_counts)| {
            games(*b_counts)
                .cmp(&games(*a_counts))
                .then_with(|| self.cmp_player_hrefs(*a, *b))
        });
        opponents
            .into_iter()
            .map(|(opponent, (wins, draws, losses))| HeadToHeadRow {
                opponent: self.shared_player_link(opponent),
                games: wins + draws + losses,
                wins,
                draws,
                losses,
                score: format::points(wins * 2 + draws),
            })
            .collect()
    }

    /// Performance rating over counted games with a known opponent rating:
    /// the association's own formula `Rp = Rc + (Wc − 0.5) × spread`: the
    /// figure a player's history shows for the tournament.
    pub fn performance(&self, record: &TournamentRating) -> Option<i32> {
        let rated: Vec<(i32, u32)> = record
            .games
            .iter()
            .filter(|g| g.counted())
            .filter_map(|g| Some((g.opponent_rating?, g.half_points.into())))
            .collect();
        if rated.is_empty() {
            return None;
        }
        let n = rated.len() as f64;
        let average = rated.iter().map(|&(r, _)| f64::from(r)).sum::<f64>() / n;
        let score = rated.iter().map(|&(_, h)| f64::from(h)).sum::<f64>() / 2.0 / n;
        let spread = f64::from(self.config.rating.provisional_spread);
        Some((average + (score - 0.5) * spread).round() as i32)
    }

    /// How a game's K came about, step by step, from the pure K rules: the
    /// halving for an international opponent is the difference between the K the
    /// game got and the K the rules give without it.
    fn k_reason(&self, t: &Tournament, own: i32, k: KFactor) -> String {
        let rating = &self.config.rating;
        let base = t.base_k.unwrap_or(rating.base_k);
        let step = |value: String, key: &str| format!("{value} ({})", self.words.text(key));
        let mut steps = vec![if t.base_k.is_some() {
            step(base.to_string(), "k-step-tournament-base")
        } else {
            step(base.to_string(), "k-step-base")
        }];
        let mut current = KFactor::whole(base);
        if own >= rating.high_rating && rating.high_k < base {
            current = KFactor::whole(rating.high_k);
            steps.push(format!(
                "{} ({})",
                format::k(current.value()),
                self.words.with(
                    "k-step-high",
                    &[("rating", Arg::Text(&rating.high_rating.to_string()))]
                )
            ));
        }
        if t.rules == Rules::Modified {
            current = current.halved();
            steps.push(step(format::k(current.value()), "k-step-modified"));
        }
        if t.time_control == TimeControl::Rapid {
            current = current.halved();
            steps.push(step(format::k(current.value()), "k-step-rapid"));
        }
        debug_assert_eq!(current, k_factor(rating, t, own, false));
        if k != current && k == current.halved() {
            current = current.halved();
            steps.push(step(format::k(current.value()), "k-step-international"));
        }
        steps.join(" → ")
    }

    /// The first rating worked out for the tournament that completed the
    /// provisional phase, over every provisional-phase game (preset games
    /// included): `(formula with the numbers, the terms)`.
    fn provisional_working(
        &self,
        player: usize,
        so_far: &[&TournamentRating],
        record: &TournamentRating,
    ) -> Option<(String, String)> {
        if !record.completed_provisional() {
            return None;
        }
        let rating = record.rating_after?;
        let preset = self.dataset.players[player].preset;
        // A start the player brings to this list (`[start.<list>]`)
        // replaces the preset.
        let carried = self.dataset.players[player]
            .starts
            .iter()
            .find(|s| s.pool.as_deref() == self.ratings.pool.as_deref());
        let (start_rating, start_games) = carried.map_or((preset.rating, preset.games), |s| {
            (s.rating.round().max(0.0) as u32, s.games.unwrap_or(0))
        });
        let mut games = u64::from(start_games);
        let mut opponent_sum = i64::from(start_games) * i64::from(start_rating);
        let mut half_points = u64::from(start_games);
        for r in so_far
            .iter()
            .filter(|r| r.phase_before == Phase::Provisional)
        {
            for g in r.games.iter().filter(|g| g.counted()) {
                games += 1;
                opponent_sum += i64::from(g.opponent_rating.unwrap_or(0));
                half_points += u64::from(g.half_points);
            }
        }
        if games == 0 {
            return None;
        }
        let n = games as f64;
        let rc = opponent_sum as f64 / n;
        let wc = half_points as f64 / 2.0 / n;
        let spread = self.config.rating.provisional_spread;
        let exact = rc + (wc - 0.5) * f64::from(spread);
        // Wc as the exact fraction, so that the numbers shown give the rating.
        let words = &self.words;
        let round = words.text("formula-round");
        let working = format!(
            "{rating} = {round}({} + ({} / {games} − {}) × {spread}) = {round}({})",
            words.decimal(&format::trimmed(rc, 2)),
            format::points(half_points as u32),
            words.decimal("0.5"),
            words.decimal(&format::trimmed(exact, 2)),
        );
        let start = [
            ("count", Arg::Number(i64::from(start_games))),
            ("rating", Arg::Text(&start_rating.to_string())),
        ];
        let preset_note = match (start_games, carried.is_some()) {
            (0, _) => String::new(),
            (_, true) => words.with("first-rating-carried", &start),
            (_, false) => words.with("first-rating-preset", &start),
        };
        let terms = words.with(
            "first-rating-terms",
            &[
                ("count", Arg::Number(games as i64)),
                ("start", Arg::Text(&preset_note)),
                ("rc", Arg::Text(&words.decimal(&format::trimmed(rc, 2)))),
                ("points", Arg::Text(&format::points(half_points as u32))),
                ("wc", Arg::Text(&words.decimal(&format::trimmed(wc, 3)))),
            ],
        );
        Some((working, terms))
    }

    fn history_row(
        &self,
        player: usize,
        so_far: &[&TournamentRating],
        record: &TournamentRating,
    ) -> HistoryRow {
        let (working, working_terms) = self
            .provisional_working(player, so_far, record)
            .unwrap_or_default();
        let changes: Vec<f64> = record.games.iter().filter_map(|g| g.change.get()).collect();
        let sum = if changes.is_empty() {
            String::new()
        } else {
            format::signed_two_decimals(changes.iter().sum())
        };
        let t = &self.dataset.tournaments[record.tournament];
        let note = if record.completed_provisional() {
            self.words.with(
                "history-first-rating-note",
                &[(
                    "count",
                    Arg::Number(i64::from(record.provisional_games_after)),
                )],
            )
        } else {
            String::new()
        };
        HistoryRow {
            date: t.start.to_string(),
            tournament: self.shared_tournament_link(record.tournament),
            games: record.games_counted(),
            score: format::points(record.counted_half_points()),
            expected: record
                .expected_total()
                .map(format::two_decimals)
                .unwrap_or_default(),
            k: k_values(record, &self.words),
            change: record.change().map(format::signed).unwrap_or_default(),
            rating_after: self.rating_or_progress(
                record.rating_after,
                record.phase_after,
                record.provisional_games_after,
            ),
            phase: phase_name(record.phase_after).to_string(),
            note,
            performance: self
                .performance(record)
                .map(|p| p.to_string())
                .unwrap_or_default(),
            charted: Self::charted(record),
            anchor: history_anchor(t),
            sum,
            working,
            working_terms,
        }
    }
}

/// The result symbol of a player's game in a round.
fn result_symbol(
    half_points: u32,
    t: &Tournament,
    start_no: u32,
    round: u32,
) -> std::borrow::Cow<'static, str> {
    match t
        .entry(start_no)
        .and_then(|e| e.cells.get(round as usize - 1))
    {
        Some(Cell::Game { result, .. }) => result.symbol().into(),
        _ => format::points(half_points).into(),
    }
}

/// The counted games' score, e.g. `12½ / 20 (63 %)`; empty without counted games.
fn score(records: &[&TournamentRating]) -> String {
    let counted: Vec<&crate::rating::GameRating> = records
        .iter()
        .flat_map(|r| r.games.iter().filter(|g| g.counted()))
        .collect();
    let half_points: u32 = counted.iter().map(|g| u32::from(g.half_points)).sum();
    if counted.is_empty() {
        String::new()
    } else {
        format!(
            "{} / {} ({} %)",
            format::points(half_points),
            counted.len(),
            (f64::from(half_points) * 50.0 / counted.len() as f64).round()
        )
    }
}

/// The message saying why a game did not count for the player.
fn not_counted_key(why: crate::rating::NotCounted) -> &'static str {
    use crate::rating::NotCounted;
    match why {
        NotCounted::UnratedTournament => "not-counted-unrated-tournament",
        NotCounted::OpponentOther => "not-counted-opponent-other",
        NotCounted::OpponentWithoutRating => "not-counted-opponent-without-rating",
        NotCounted::OpponentProvisional => "not-counted-opponent-provisional",
        NotCounted::NotPlayed => "not-counted-not-played",
        NotCounted::PlayerUnrated => "not-counted-player-unrated",
    }
}
