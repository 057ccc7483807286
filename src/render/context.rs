//! View models: everything a template shows, computed and formatted in Rust.
//!
//! Templates get ready-made rows of strings and numbers, never domain objects
//! with logic left to do.

use super::chart::{self, Band, ChartPoint, Series};
use super::format;
use crate::config::Config;
use crate::model::{Cell, Dataset, Date, Membership, Player, Tournament};
use crate::rating::{Phase, Ratings, TournamentRating};
use crate::standings::{self, Standing};
use serde::Serialize;

/// Site-wide values every page receives as `site`.
#[derive(Debug, Clone, Serialize)]
pub struct SiteView {
    /// Site title.
    pub title: String,
    /// Page language.
    pub lang: String,
    /// Association name for the footer.
    pub association: String,
    /// Date of the newest tournament, the "as of" date of the lists.
    pub as_of: String,
    /// The same date written for the site's language.
    pub as_of_text: String,
    /// Games needed to become established.
    pub provisional_games: u32,
    /// Absolute URL of the site with a trailing slash, or empty.
    pub base_url: String,
    /// Markdown pages without a date (about, …) for the navigation.
    pub pages: Vec<Link>,
}

/// A link: text and a path relative to the site root.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Link {
    /// Text shown.
    pub text: String,
    /// Path from the site root, e.g. `players/ikonen-jussi.html`.
    pub href: String,
}

/// A row of the established rating list.
#[derive(Debug, Clone, Serialize)]
pub struct RatedRow {
    /// Rank, shared ranks repeat.
    pub rank: usize,
    /// Player link.
    pub player: Link,
    /// Player id.
    pub id: String,
    /// Club or empty.
    pub club: String,
    /// Country or empty.
    pub country: String,
    /// Membership.
    pub membership: String,
    /// Current rating.
    pub rating: i32,
    /// Rated games in total.
    pub games: u32,
    /// Date of the last tournament with a rated game.
    pub last_played: String,
    /// Whether the player had a rated game within the inactivity span before the list date.
    pub active: bool,
    /// Rank among active players, empty for inactive ones.
    pub active_rank: String,
    #[serde(skip)]
    index: usize,
}

/// A row of the provisional list.
#[derive(Debug, Clone, Serialize)]
pub struct ProvisionalRow {
    /// Player link.
    pub player: Link,
    /// Club or empty.
    pub club: String,
    /// Games so far, preset included.
    pub games: u32,
    /// `12/20`.
    pub progress: String,
    #[serde(skip)]
    index: usize,
}

/// A row of the international players' list.
#[derive(Debug, Clone, Serialize)]
pub struct InternationalRow {
    /// Player link.
    pub player: Link,
    /// Country or empty.
    pub country: String,
    /// International rating.
    pub rating: u32,
    #[serde(skip)]
    index: usize,
}

/// The rating list page.
#[derive(Debug, Clone, Serialize)]
pub struct RatingListView {
    /// Established members by rating.
    pub established: Vec<RatedRow>,
    /// Provisional members by games played.
    pub provisional: Vec<ProvisionalRow>,
    /// International (`rif`) players with their international rating.
    pub international: Vec<InternationalRow>,
    /// Heading of the list, e.g. `Rating list` or `Club: Helsinki`.
    pub title: String,
    /// The list date, ISO.
    pub date: String,
    /// The list date for the site's language.
    pub date_text: String,
    /// Established players hidden by default as inactive.
    pub inactive: usize,
    /// Date before which the last rated game makes a player inactive, ISO.
    pub inactive_before: String,
    /// SVG chart of the top players' histories, or empty.
    pub chart: String,
    /// Legend of the chart: player links in series order.
    pub legend: Vec<Link>,
}

/// One tournament in a player's history.
#[derive(Debug, Clone, Serialize)]
pub struct HistoryRow {
    /// Start date.
    pub date: String,
    /// Tournament link.
    pub tournament: Link,
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
    /// Whether the tournament is a point on the chart (an established rating after it).
    pub charted: bool,
}

/// One game on a player's page.
#[derive(Debug, Clone, Serialize)]
pub struct GameRow {
    /// Date of the tournament.
    pub date: String,
    /// Tournament link.
    pub tournament: Link,
    /// Round.
    pub round: u32,
    /// Opponent link.
    pub opponent: Link,
    /// `1`, `½`, `0`, `+`, `-`.
    pub result: String,
    /// Opponent rating used, or empty.
    pub opponent_rating: String,
    /// Expected score, or empty.
    pub expected: String,
    /// K, or empty.
    pub k: String,
    /// `K × (W − We)`, or empty.
    pub change: String,
    /// Why the game did not count, or empty.
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
    pub tournament: Link,
    /// Opponent link.
    pub opponent: Link,
    /// Opponent's rating used.
    pub opponent_rating: i32,
}

/// A player's record against one opponent.
#[derive(Debug, Clone, Serialize)]
pub struct HeadToHeadRow {
    /// Opponent link.
    pub opponent: Link,
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

/// A cell of the crosstable in final order.
#[derive(Debug, Clone, Serialize)]
pub struct CrossCell {
    /// Opponent's rank (final order) or empty.
    pub opponent: String,
    /// Colour letter or empty.
    pub colour: String,
    /// Result symbol, bye token, or empty.
    pub result: String,
}

/// A row of the tournament's crosstable in final order.
#[derive(Debug, Clone, Serialize)]
pub struct CrossRow {
    /// Rank, `3–4` when shared.
    pub rank: String,
    /// Start number.
    pub start_no: u32,
    /// Player link.
    pub player: Link,
    /// One cell per round.
    pub cells: Vec<CrossCell>,
    /// Points.
    pub points: String,
    /// Rating after, or change, or provisional progress.
    pub rating: String,
    /// Change or empty.
    pub change: String,
}

/// A row of the tournament's rating changes.
#[derive(Debug, Clone, Serialize)]
pub struct ChangeRow {
    /// Player link.
    pub player: Link,
    /// Phase at the start.
    pub phase: String,
    /// Rating at the start, or provisional progress.
    pub before: String,
    /// Counted games.
    pub games: usize,
    /// Score in counted games.
    pub score: String,
    /// Expected score or empty.
    pub expected: String,
    /// K values or empty.
    pub k: String,
    /// Change or empty.
    pub change: String,
    /// Rating after, or provisional progress.
    pub after: String,
}

/// A tournament page.
#[derive(Debug, Clone, Serialize)]
pub struct TournamentView {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
    /// `2003-09-20 – 2003-09-21` or a single day.
    pub dates: String,
    /// City or empty.
    pub city: String,
    /// `swiss` or `round-robin`.
    pub system: String,
    /// Rounds.
    pub rounds: u32,
    /// Round numbers 1..=rounds for table headers.
    pub round_numbers: Vec<u32>,
    /// Number of players.
    pub players: usize,
    /// Rated or not.
    pub rated: bool,
    /// `standard` or `rapid`.
    pub time_control: String,
    /// `standard` or `modified`.
    pub rules: String,
    /// Base K in force.
    pub base_k: u32,
    /// Invented sample results.
    pub illustrative: bool,
    /// Note or empty.
    pub note: String,
    /// Crosstable in final order.
    pub crosstable: Vec<CrossRow>,
    /// Rating changes, in final order.
    pub changes: Vec<ChangeRow>,
    /// Language of names (BCP 47).
    pub language: String,
    /// Colour letters used in the start-order crosstable, e.g. `b/s` or `w/b`.
    pub colour_letters: String,
    /// Tie-break columns of the standings.
    pub tiebreak_heads: Vec<TieBreakHead>,
    /// Standings in final order.
    pub standings: Vec<StandingRow>,
    /// Starting list in seed 003's order.
    pub starting_list: Vec<StartRow>,
    /// Seed 003's crosstable in start order.
    pub start_crosstable: Vec<StartCrossRow>,
}

/// A tie-break column heading.
#[derive(Debug, Clone, Serialize)]
pub struct TieBreakHead {
    /// Short heading, e.g. `BH-C1`.
    pub label: String,
    /// Id as configured.
    pub id: String,
    /// What it is.
    pub description: String,
}

/// A row of the standings table.
#[derive(Debug, Clone, Serialize)]
pub struct StandingRow {
    /// Rank, `3–4` when shared.
    pub rank: String,
    /// Start number.
    pub start_no: u32,
    /// Player link.
    pub player: Link,
    /// Points.
    pub points: String,
    /// Tie-break values in chain order (empty when there is none).
    pub tiebreaks: Vec<String>,
}

/// A row of the starting list (seed 003).
#[derive(Debug, Clone, Serialize)]
pub struct StartRow {
    /// Starting rank by seed 003's order.
    pub rank: usize,
    /// Start number in the crosstable.
    pub start_no: u32,
    /// Player link (text upper-cased in the tournament's language).
    pub player: Link,
    /// International rating or empty.
    pub international: String,
    /// National rating at the start or empty.
    pub national: String,
    /// Licence number or empty.
    pub licence: String,
}

/// A row of seed 003's crosstable (start order).
#[derive(Debug, Clone, Serialize)]
pub struct StartCrossRow {
    /// Start number.
    pub start_no: u32,
    /// Player link.
    pub player: Link,
    /// Cells `opponent colour result`, `- - 1` for a bye, empty when absent.
    pub cells: Vec<String>,
    /// Points.
    pub points: String,
}

/// A tournament in lists.
#[derive(Debug, Clone, Serialize)]
pub struct TournamentSummary {
    /// Link.
    pub link: Link,
    /// Dates.
    pub dates: String,
    /// City or empty.
    pub city: String,
    /// Player count.
    pub players: usize,
    /// Rounds.
    pub rounds: u32,
    /// Rated.
    pub rated: bool,
    /// Invented sample results.
    pub illustrative: bool,
}

/// Tournaments of one year.
#[derive(Debug, Clone, Serialize)]
pub struct YearView {
    /// The year.
    pub year: i32,
    /// Its tournaments, newest first.
    pub tournaments: Vec<TournamentSummary>,
}

/// Builds view models from the dataset and the computed ratings.
pub struct ViewBuilder<'a> {
    dataset: &'a Dataset,
    ratings: &'a Ratings,
    config: &'a Config,
}

/// Path of a player's page from the site root.
pub fn player_href(player: &Player) -> String {
    format!("players/{}.html", player.id)
}

/// Path of a tournament's page from the site root.
pub fn tournament_href(tournament: &Tournament) -> String {
    format!("tournaments/{}.html", tournament.id)
}

fn dates(t: &Tournament) -> String {
    if t.start == t.end {
        t.start.to_string()
    } else {
        format!("{} – {}", t.start, t.end)
    }
}

fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Provisional => "provisional",
        Phase::Established => "established",
        Phase::Unrated => "unrated",
    }
}

fn k_values(record: &TournamentRating) -> String {
    let mut ks: Vec<f64> = record
        .games
        .iter()
        .filter_map(|g| g.k.map(|k| k.value()))
        .collect();
    ks.sort_by(|a, b| a.total_cmp(b));
    ks.dedup();
    ks.into_iter().map(format::k).collect::<Vec<_>>().join(", ")
}

impl<'a> ViewBuilder<'a> {
    /// A builder over one computed rating book.
    pub fn new(dataset: &'a Dataset, ratings: &'a Ratings, config: &'a Config) -> Self {
        ViewBuilder {
            dataset,
            ratings,
            config,
        }
    }

    /// Site-wide values.
    pub fn site(&self) -> SiteView {
        let as_of = self.list_date();
        let mut base_url = self.config.site.base_url.trim().to_string();
        if !base_url.is_empty() && !base_url.ends_with('/') {
            base_url.push('/');
        }
        SiteView {
            title: self.config.site.title.clone(),
            lang: self.config.site.language.clone(),
            association: self.config.site.association.clone(),
            as_of: as_of.map(|d| d.to_string()).unwrap_or_default(),
            as_of_text: as_of
                .map(|d| local_date(d, &self.config.site.language))
                .unwrap_or_default(),
            provisional_games: self.config.rating.provisional_games,
            base_url,
            pages: Vec::new(),
        }
    }

    /// The date of the current lists: the last day of the newest tournament.
    pub fn list_date(&self) -> Option<Date> {
        self.dataset.tournaments.iter().map(|t| t.end).max()
    }

    fn player_link(&self, index: usize) -> Link {
        let player = &self.dataset.players[index];
        Link {
            text: player.name.clone(),
            href: player_href(player),
        }
    }

    fn tournament_link(&self, index: usize) -> Link {
        let t = &self.dataset.tournaments[index];
        Link {
            text: t.name.clone(),
            href: tournament_href(t),
        }
    }

    fn progress(&self, games: u32) -> String {
        format!("{games}/{}", self.config.rating.provisional_games)
    }

    /// The current rating list.
    pub fn rating_list(&self) -> RatingListView {
        let states = self
            .ratings
            .players
            .iter()
            .map(|s| {
                Some(ListState {
                    phase: s.phase,
                    rating: s.rating,
                    provisional_games: s.provisional_games,
                    rated_games: s.rated_games,
                    last_rated: s.last_rated_tournament,
                })
            })
            .collect();
        let date = self.list_date().unwrap_or(Date {
            year: 1970,
            month: 1,
            day: 1,
        });
        self.build_list("Rating list", date, states)
    }

    /// The rating list as it stood at the end of `date`: players with a
    /// tournament by then, each with the state after their last one.
    pub fn rating_list_as_of(&self, date: Date) -> RatingListView {
        let states = (0..self.dataset.players.len())
            .map(|i| {
                let mut state: Option<ListState> = None;
                for r in self.ratings.history(i) {
                    if self.dataset.tournaments[r.tournament].end > date {
                        break;
                    }
                    let previous = state.as_ref();
                    let counted = r.games_counted() as u32;
                    state = Some(ListState {
                        phase: r.phase_after,
                        rating: r.rating_after,
                        provisional_games: r.provisional_games_after,
                        rated_games: previous.map_or(0, |p| p.rated_games) + counted,
                        last_rated: if counted > 0 {
                            Some(r.tournament)
                        } else {
                            previous.and_then(|p| p.last_rated)
                        },
                    });
                }
                state
            })
            .collect();
        self.build_list(&format!("Rating list {}", date.year), date, states)
    }

    fn build_list(
        &self,
        title: &str,
        date: Date,
        states: Vec<Option<ListState>>,
    ) -> RatingListView {
        let inactive_before = add_months(date, -(self.config.rating.inactive_after_months as i32));
        let mut established = Vec::new();
        let mut provisional = Vec::new();
        let mut international = Vec::new();
        for (index, player) in self.dataset.players.iter().enumerate() {
            let Some(state) = &states[index] else {
                continue;
            };
            match (state.phase, state.rating) {
                (Phase::Established, Some(rating)) => {
                    let last = state.last_rated.map(|t| self.dataset.tournaments[t].end);
                    established.push(RatedRow {
                        rank: 0,
                        player: self.player_link(index),
                        id: player.id.to_string(),
                        club: player.club.clone().unwrap_or_default(),
                        country: player.country.clone().unwrap_or_default(),
                        membership: player.membership.as_str().to_string(),
                        rating,
                        games: state.rated_games,
                        last_played: last.map(|d| d.to_string()).unwrap_or_default(),
                        active: last.is_some_and(|d| d > inactive_before),
                        active_rank: String::new(),
                        index,
                    })
                }
                (Phase::Provisional, _) => provisional.push(ProvisionalRow {
                    player: self.player_link(index),
                    club: player.club.clone().unwrap_or_default(),
                    games: state.provisional_games,
                    progress: self.progress(state.provisional_games),
                    index,
                }),
                _ => {
                    if let (Membership::Rif, Some(rating)) =
                        (player.membership, player.international_rating)
                    {
                        international.push(InternationalRow {
                            player: self.player_link(index),
                            country: player.country.clone().unwrap_or_default(),
                            rating,
                            index,
                        });
                    }
                }
            }
        }
        established.sort_by(|a, b| b.rating.cmp(&a.rating).then(a.id.cmp(&b.id)));
        provisional.sort_by(|a, b| {
            b.games
                .cmp(&a.games)
                .then(a.player.href.cmp(&b.player.href))
        });
        international.sort_by(|a, b| {
            b.rating
                .cmp(&a.rating)
                .then(a.player.href.cmp(&b.player.href))
        });
        let mut list = RatingListView {
            established,
            provisional,
            international,
            title: title.to_string(),
            date: date.to_string(),
            date_text: local_date(date, &self.config.site.language),
            inactive: 0,
            inactive_before: inactive_before.to_string(),
            chart: String::new(),
            legend: Vec::new(),
        };
        self.finish_list(&mut list, date);
        list
    }

    /// Ranks, inactive count and the chart of a (possibly filtered) list.
    fn finish_list(&self, list: &mut RatingListView, date: Date) {
        let mut rank = 0;
        let mut active_rank = 0;
        let mut active_seen = 0;
        let mut last_active_rating = None;
        for i in 0..list.established.len() {
            if i == 0 || list.established[i].rating != list.established[i - 1].rating {
                rank = i + 1;
            }
            let row = &mut list.established[i];
            row.rank = rank;
            if row.active {
                active_seen += 1;
                if last_active_rating != Some(row.rating) {
                    active_rank = active_seen;
                }
                last_active_rating = Some(row.rating);
                row.active_rank = active_rank.to_string();
            } else {
                row.active_rank = String::new();
            }
        }
        list.inactive = list.established.iter().filter(|r| !r.active).count();
        let wanted = self.config.site.chart_players;
        let mut top: Vec<usize> = list
            .established
            .iter()
            .filter(|r| r.active)
            .take(wanted)
            .map(|r| r.index)
            .collect();
        if top.len() < 2 {
            top = list
                .established
                .iter()
                .take(wanted)
                .map(|r| r.index)
                .collect();
        }
        let series: Vec<Series> = top
            .iter()
            .map(|&i| Series {
                name: self.dataset.players[i].name.clone(),
                points: self.chart_points(i, Some(date)),
            })
            .collect();
        list.chart = chart::list_chart(
            "top-chart",
            &format!("Rating history of the top {} players", series.len()),
            &series,
        );
        list.legend = if list.chart.is_empty() {
            Vec::new()
        } else {
            top.iter().map(|&i| self.player_link(i)).collect()
        };
    }

    /// The list restricted to players for whom `keep` holds.
    pub fn filtered_list(
        &self,
        list: &RatingListView,
        title: &str,
        keep: impl Fn(&Player) -> bool,
    ) -> RatingListView {
        let player = |i: usize| &self.dataset.players[i];
        let mut out = RatingListView {
            established: list
                .established
                .iter()
                .filter(|r| keep(player(r.index)))
                .cloned()
                .collect(),
            provisional: list
                .provisional
                .iter()
                .filter(|r| keep(player(r.index)))
                .cloned()
                .collect(),
            international: list
                .international
                .iter()
                .filter(|r| keep(player(r.index)))
                .cloned()
                .collect(),
            title: title.to_string(),
            ..list.clone()
        };
        let date = Date::parse(&list.date).unwrap_or(Date {
            year: 1970,
            month: 1,
            day: 1,
        });
        self.finish_list(&mut out, date);
        out
    }

    /// One point per tournament after which the player had an established
    /// rating and in which at least one game counted, up to `until`.
    fn chart_points(&self, index: usize, until: Option<Date>) -> Vec<ChartPoint> {
        self.ratings
            .history(index)
            .filter(|r| Self::charted(r))
            .map(|r| (r, &self.dataset.tournaments[r.tournament]))
            .take_while(|(_, t)| until.is_none_or(|d| t.end <= d))
            .filter_map(|(r, t)| {
                let rating = r.rating_after?;
                let change = r
                    .change()
                    .map(|c| format!(" ({})", format::signed(c)))
                    .unwrap_or_else(|| " (first established rating)".into());
                Some(ChartPoint {
                    day: t.end.days_since_epoch(),
                    rating,
                    label: format!(
                        "{}: {}, {}: {rating}{change}",
                        self.dataset.players[index].name, t.name, t.end
                    ),
                })
            })
            .collect()
    }

    fn charted(r: &TournamentRating) -> bool {
        r.phase_after == Phase::Established && r.rating_after.is_some() && r.games_counted() > 0
    }

    /// A player's page.
    pub fn player(&self, index: usize) -> PlayerView {
        let player = &self.dataset.players[index];
        let state = &self.ratings.players[index];
        let lang = &self.config.site.language;
        let records: Vec<&TournamentRating> = self.ratings.history(index).collect();
        let history = records.iter().map(|r| self.history_row(r)).collect();
        let mut games = Vec::new();
        for record in records.iter().rev() {
            let t = &self.dataset.tournaments[record.tournament];
            for g in &record.games {
                games.push(GameRow {
                    date: t.start.to_string(),
                    tournament: self.tournament_link(record.tournament),
                    round: g.round,
                    opponent: self.player_link(g.opponent),
                    result: result_symbol(g.half_points, t, record.start_no, g.round),
                    opponent_rating: g.opponent_rating.map(|r| r.to_string()).unwrap_or_default(),
                    expected: g.expected.map(format::two_decimals).unwrap_or_default(),
                    k: g.k.map(|k| format::k(k.value())).unwrap_or_default(),
                    change: g
                        .change
                        .map(format::signed_two_decimals)
                        .unwrap_or_default(),
                    note: g
                        .not_counted
                        .map(|n| n.explain().to_string())
                        .unwrap_or_default(),
                });
            }
        }
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
        let peak = extreme(|a, b| a > b);
        let lowest = extreme(|a, b| a < b);
        let counted: Vec<&crate::rating::GameRating> = records
            .iter()
            .flat_map(|r| r.games.iter().filter(|g| g.counted()))
            .collect();
        let half_points: u32 = counted.iter().map(|g| g.half_points).sum();
        let score = if counted.is_empty() {
            String::new()
        } else {
            format!(
                "{} / {} ({} %)",
                format::points(half_points),
                counted.len(),
                (f64::from(half_points) * 50.0 / counted.len() as f64).round()
            )
        };
        let points = self.chart_points(index, None);
        let band = self.provisional_band(&records);
        let chart = chart::player_chart(
            "rating-chart",
            &format!("Rating history of {}", player.name),
            &points,
            band.as_ref(),
        );
        PlayerView {
            id: player.id.to_string(),
            name: player.name.clone(),
            membership: player.membership.as_str().to_string(),
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
            label: format!(
                "Provisional phase {from} – {to}: {} tournaments, no published rating",
                provisional.len()
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
                    tournament: self.tournament_link(r.tournament),
                    opponent: self.player_link(g.opponent),
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
        let mut rows: Vec<HeadToHeadRow> = by_opponent
            .into_iter()
            .map(|(opponent, (wins, draws, losses))| HeadToHeadRow {
                opponent: self.player_link(opponent),
                games: wins + draws + losses,
                wins,
                draws,
                losses,
                score: format::points(wins * 2 + draws),
            })
            .collect();
        rows.sort_by(|a, b| {
            b.games
                .cmp(&a.games)
                .then(a.opponent.href.cmp(&b.opponent.href))
        });
        rows
    }

    /// Performance rating over counted games with a known opponent rating:
    /// the association's own formula `Rp = Rc + (Wc − 0.5) × spread`.
    fn performance(&self, record: &TournamentRating) -> Option<i32> {
        let rated: Vec<(i32, u32)> = record
            .games
            .iter()
            .filter(|g| g.counted())
            .filter_map(|g| Some((g.opponent_rating?, g.half_points)))
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

    fn history_row(&self, record: &TournamentRating) -> HistoryRow {
        let t = &self.dataset.tournaments[record.tournament];
        let note = if record.completed_provisional() {
            format!(
                "provisional rating computed over {} games",
                record.provisional_games_after
            )
        } else {
            String::new()
        };
        HistoryRow {
            date: t.start.to_string(),
            tournament: self.tournament_link(record.tournament),
            games: record.games_counted(),
            score: format::points(record.counted_half_points()),
            expected: record
                .expected_total()
                .map(format::two_decimals)
                .unwrap_or_default(),
            k: k_values(record),
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
        }
    }

    fn rating_or_progress(&self, rating: Option<i32>, phase: Phase, games: u32) -> String {
        match (phase, rating) {
            (Phase::Established, Some(r)) => r.to_string(),
            (Phase::Provisional, _) => self.progress(games),
            _ => String::new(),
        }
    }

    /// A tournament's page.
    pub fn tournament(&self, index: usize) -> TournamentView {
        let t = &self.dataset.tournaments[index];
        let records = &self.ratings.by_tournament[index];
        let record_of = |start_no: u32| records.iter().find(|r| r.start_no == start_no);
        let chain = standings::chain_for(t, self.config);
        let rating = |start_no: u32| self.event_rating(t, start_no);
        let standing = standings::standings(t, &chain, &rating);
        let rank_of_start: std::collections::BTreeMap<u32, usize> = standing
            .iter()
            .enumerate()
            .map(|(i, s)| (s.start_no, i + 1))
            .collect();
        let crosstable = standing
            .iter()
            .map(|s| self.cross_row(t, s, &rank_of_start, record_of(s.start_no)))
            .collect();
        let changes = standing
            .iter()
            .filter_map(|s| record_of(s.start_no))
            .filter(|r| r.phase_before != Phase::Unrated)
            .map(|r| self.change_row(r))
            .collect();
        TournamentView {
            id: t.id.to_string(),
            name: t.name.clone(),
            dates: dates(t),
            city: t.city.clone().unwrap_or_default(),
            system: match t.system {
                crate::model::System::Swiss => "swiss".into(),
                crate::model::System::RoundRobin => "round-robin".into(),
            },
            rounds: t.rounds,
            round_numbers: (1..=t.rounds).collect(),
            players: t.entries.len(),
            rated: t.rated,
            time_control: format!("{:?}", t.time_control).to_lowercase(),
            rules: format!("{:?}", t.rules).to_lowercase(),
            base_k: t.base_k.unwrap_or(self.config.rating.base_k),
            illustrative: t.illustrative,
            note: t.note.clone().unwrap_or_default(),
            crosstable,
            changes,
            language: self.language_of(t).to_string(),
            colour_letters: colour_letters(self.language_of(t)).join("/"),
            tiebreak_heads: chain
                .iter()
                .map(|tb| TieBreakHead {
                    label: tb.label(),
                    id: tb.id(),
                    description: tb.description(),
                })
                .collect(),
            standings: standing
                .iter()
                .map(|s| self.standing_row(t, s, &chain))
                .collect(),
            starting_list: self.starting_list(t),
            start_crosstable: t
                .entries
                .iter()
                .map(|e| self.start_cross_row(t, e))
                .collect(),
        }
    }

    fn language_of<'t>(&'t self, t: &'t Tournament) -> &'t str {
        t.language
            .as_deref()
            .unwrap_or(self.config.site.language.as_str())
    }

    fn entry_link(&self, entry: &crate::model::Entry) -> Link {
        match self.dataset.player_index(entry.player.as_str()) {
            Some(i) => self.player_link(i),
            None => Link {
                text: entry.player.to_string(),
                href: String::new(),
            },
        }
    }

    fn standing_row(
        &self,
        t: &Tournament,
        s: &Standing,
        chain: &[standings::TieBreak],
    ) -> StandingRow {
        let player = match t.entry(s.start_no) {
            Some(e) => self.entry_link(e),
            None => Link {
                text: String::new(),
                href: String::new(),
            },
        };
        StandingRow {
            rank: s.rank_label.clone(),
            start_no: s.start_no,
            player,
            points: format::points(s.half_points),
            tiebreaks: chain
                .iter()
                .zip(&s.tiebreaks)
                .map(|(tb, v)| {
                    v.map(|v| standings::tiebreak::format_value(v, tb.kind.scale()))
                        .unwrap_or_default()
                })
                .collect(),
        }
    }

    fn starting_list(&self, t: &Tournament) -> Vec<StartRow> {
        use standings::starting::{sort_starting, StartingEntry};
        let language = self.language_of(t);
        let mut entries: Vec<StartingEntry> = t
            .entries
            .iter()
            .map(|e| {
                let player = self.dataset.player(e.player.as_str());
                StartingEntry {
                    key: e.start_no as usize,
                    half_points: 0,
                    international: e
                        .rating
                        .or_else(|| player.and_then(|p| p.international_rating)),
                    national: self.national_rating(t, e.start_no),
                    name: player.map_or_else(|| e.player.to_string(), |p| p.name.clone()),
                    licence: player.and_then(|p| p.licence),
                }
            })
            .collect();
        sort_starting(language, &mut entries);
        entries
            .into_iter()
            .enumerate()
            .filter_map(|(i, s)| {
                let entry = t.entry(s.key as u32)?;
                let mut player = self.entry_link(entry);
                player.text = crate::collation::uppercase(language, &s.name);
                let show = |v: Option<u32>| v.map(|v| v.to_string()).unwrap_or_default();
                Some(StartRow {
                    rank: i + 1,
                    start_no: entry.start_no,
                    player,
                    international: show(s.international),
                    national: show(s.national),
                    licence: show(s.licence),
                })
            })
            .collect()
    }

    fn start_cross_row(&self, t: &Tournament, entry: &crate::model::Entry) -> StartCrossRow {
        let letters = colour_letters(self.language_of(t));
        let cells = entry
            .cells
            .iter()
            .map(|cell| start_cell(cell, letters))
            .collect();
        StartCrossRow {
            start_no: entry.start_no,
            player: self.entry_link(entry),
            cells,
            points: format::points(entry.half_points()),
        }
    }

    /// Rating for ARO/TPR and the starting list: the event's rating column, else the
    /// international rating, else our established rating at the tournament's start.
    fn event_rating(&self, t: &Tournament, start_no: u32) -> Option<u32> {
        let entry = t.entry(start_no)?;
        let player = self.dataset.player(entry.player.as_str());
        entry
            .rating
            .or_else(|| player.and_then(|p| p.international_rating))
            .or_else(|| self.national_rating(t, start_no))
    }

    /// Our rating at the tournament's start, when the player was established then.
    fn national_rating(&self, t: &Tournament, start_no: u32) -> Option<u32> {
        let index = self.dataset.tournaments.iter().position(|x| x.id == t.id)?;
        self.ratings.by_tournament[index]
            .iter()
            .find(|r| r.start_no == start_no && r.phase_before == Phase::Established)
            .and_then(|r| r.rating_before)
            .and_then(|r| u32::try_from(r).ok())
    }

    fn cross_row(
        &self,
        t: &Tournament,
        standing: &Standing,
        rank_of_start: &std::collections::BTreeMap<u32, usize>,
        record: Option<&TournamentRating>,
    ) -> CrossRow {
        let entry = t
            .entry(standing.start_no)
            .expect("standings come from entries");
        let index = self
            .dataset
            .player_index(entry.player.as_str())
            .unwrap_or(0);
        let cells = entry
            .cells
            .iter()
            .map(|cell| match *cell {
                Cell::Game {
                    opponent,
                    colour,
                    result,
                } => CrossCell {
                    opponent: rank_of_start
                        .get(&opponent)
                        .map(|r| r.to_string())
                        .unwrap_or_default(),
                    colour: colour.map(|c| c.letter().to_string()).unwrap_or_default(),
                    result: result.symbol().to_string(),
                },
                Cell::Paired { opponent, colour } => CrossCell {
                    opponent: rank_of_start
                        .get(&opponent)
                        .map(|r| r.to_string())
                        .unwrap_or_default(),
                    colour: colour.map(|c| c.letter().to_string()).unwrap_or_default(),
                    result: "?".into(),
                },
                Cell::Bye(bye) => CrossCell {
                    opponent: String::new(),
                    colour: String::new(),
                    result: if bye.half_points() == 2 {
                        "+".into()
                    } else {
                        format::points(bye.half_points())
                    },
                },
                Cell::Absent => CrossCell {
                    opponent: String::new(),
                    colour: String::new(),
                    result: "–".into(),
                },
            })
            .collect();
        let (rating, change) = match record {
            Some(r) => (
                self.rating_or_progress(r.rating_after, r.phase_after, r.provisional_games_after),
                r.change().map(format::signed).unwrap_or_default(),
            ),
            None => (String::new(), String::new()),
        };
        CrossRow {
            rank: standing.rank_label.clone(),
            start_no: entry.start_no,
            player: self.player_link(index),
            cells,
            points: format::points(standing.half_points),
            rating,
            change,
        }
    }

    fn change_row(&self, r: &TournamentRating) -> ChangeRow {
        ChangeRow {
            player: self.player_link(r.player),
            phase: phase_name(r.phase_before).to_string(),
            before: self.rating_or_progress(
                r.rating_before,
                r.phase_before,
                r.provisional_games_before,
            ),
            games: r.games_counted(),
            score: format::points(r.counted_half_points()),
            expected: r
                .expected_total()
                .map(format::two_decimals)
                .unwrap_or_default(),
            k: k_values(r),
            change: r.change().map(format::signed).unwrap_or_default(),
            after: self.rating_or_progress(
                r.rating_after,
                r.phase_after,
                r.provisional_games_after,
            ),
        }
    }

    /// Tournaments grouped by year, newest first.
    pub fn years(&self) -> Vec<YearView> {
        let mut years: Vec<YearView> = Vec::new();
        for (index, t) in self.dataset.tournaments.iter().enumerate().rev() {
            let summary = TournamentSummary {
                link: self.tournament_link(index),
                dates: dates(t),
                city: t.city.clone().unwrap_or_default(),
                players: t.entries.len(),
                rounds: t.rounds,
                rated: t.rated,
                illustrative: t.illustrative,
            };
            match years.last_mut() {
                Some(y) if y.year == t.year() => y.tournaments.push(summary),
                _ => years.push(YearView {
                    year: t.year(),
                    tournaments: vec![summary],
                }),
            }
        }
        years
    }
}

/// Colour letters (white, black) in the site language: Turkish `b`/`s` (beyaz/siyah),
/// otherwise `w`/`b`.
pub fn colour_letters(language: &str) -> [&'static str; 2] {
    let primary = language.split(['-', '_']).next().unwrap_or("");
    if primary.eq_ignore_ascii_case("tr") {
        ["b", "s"]
    } else {
        ["w", "b"]
    }
}

/// A cell of seed 003's crosstable: `12 b 1`, `- - 1` for a bye, `−` for a forfeit loss.
pub fn start_cell(cell: &Cell, letters: [&str; 2]) -> String {
    use crate::model::{Colour, GameResult};
    match cell {
        Cell::Game {
            opponent,
            colour,
            result,
        } => {
            let colour = match colour {
                Some(Colour::White) => letters[0],
                Some(Colour::Black) => letters[1],
                None => "-",
            };
            let result = match result {
                GameResult::ForfeitLoss => "−",
                other => other.symbol(),
            };
            format!("{opponent} {colour} {result}")
        }
        Cell::Paired { opponent, colour } => {
            let colour = match colour {
                Some(Colour::White) => letters[0],
                Some(Colour::Black) => letters[1],
                None => "-",
            };
            format!("{opponent} {colour} ?")
        }
        Cell::Bye(bye) => format!("- - {}", format::points(bye.half_points())),
        Cell::Absent => String::new(),
    }
}

/// The result symbol of a player's game in a round.
fn result_symbol(half_points: u32, t: &Tournament, start_no: u32, round: u32) -> String {
    match t
        .entry(start_no)
        .and_then(|e| e.cells.get(round as usize - 1))
    {
        Some(Cell::Game { result, .. }) => result.symbol().to_string(),
        _ => format::points(half_points),
    }
}

/// What a list needs of a player's state at the list date.
struct ListState {
    phase: Phase,
    rating: Option<i32>,
    provisional_games: u32,
    rated_games: u32,
    last_rated: Option<usize>,
}

/// `date` moved by `months` calendar months, the day clamped to the month's length.
pub fn add_months(date: Date, months: i32) -> Date {
    let total = date.year * 12 + date.month as i32 - 1 + months;
    let year = total.div_euclid(12);
    let month = total.rem_euclid(12) as u32 + 1;
    (1..=date.day)
        .rev()
        .find_map(|day| Date::new(year, month, day))
        .unwrap_or(date)
}

/// A date written for a language: `21 September 2003` (en), `21.9.2003` (fi),
/// ISO for languages without a rule here.
pub fn local_date(date: Date, lang: &str) -> String {
    const EN: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    let primary = lang
        .split(['-', '_'])
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    match primary.as_str() {
        "en" => format!("{} {} {}", date.day, EN[date.month as usize - 1], date.year),
        "fi" | "de" | "et" => format!("{}.{}.{}", date.day, date.month, date.year),
        _ => date.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_and_local_dates() {
        let d = Date::new(2004, 3, 31).unwrap();
        assert_eq!(add_months(d, -1), Date::new(2004, 2, 29).unwrap());
        assert_eq!(add_months(d, -24), Date::new(2002, 3, 31).unwrap());
        assert_eq!(add_months(d, 10), Date::new(2005, 1, 31).unwrap());
        assert_eq!(local_date(d, "en"), "31 March 2004");
        assert_eq!(local_date(d, "fi"), "31.3.2004");
        assert_eq!(local_date(d, "fi-FI"), "31.3.2004");
        assert_eq!(local_date(d, "xx"), "2004-03-31");
    }
}
