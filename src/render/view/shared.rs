//! Pieces more than one page uses: links to players and tournaments, dates,
//! rating phases and K values, and the rating chart's points.

use super::ViewBuilder;
use crate::model::{Date, Player, Tournament};
use crate::rating::{Phase, TournamentRating};
use crate::render::chart::ChartPoint;
use crate::render::format;
pub use crate::translate::local_date;
use serde::Serialize;

/// A link: text and a path relative to the site root.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Link {
    /// Text shown.
    pub text: String,
    /// Path from the site root, e.g. `players/ikonen-jussi.html`.
    pub href: String,
}

/// A [`Link`] made into a template value once per build and shared by every
/// page that shows it: the template engine clones it by reference count
/// where it would otherwise build the same two-entry map again. Player pages
/// show tens of links each (one per game, win, opponent and tournament), and
/// building them was a twentieth of a cold build's CPU.
#[derive(Debug, Clone)]
pub struct SharedLink(tera::Value);

impl SharedLink {
    /// The link as a template value: the same map `link` serializes to.
    pub fn new(link: Link) -> Self {
        let mut map = indexmap::IndexMap::with_capacity(2);
        map.insert("text", link.text);
        map.insert("href", link.href);
        SharedLink(tera::Value::from(map))
    }

    /// Text shown.
    pub fn text(&self) -> &str {
        self.field(0)
    }

    /// Path from the site root.
    pub fn href(&self) -> &str {
        self.field(1)
    }

    /// The `n`th field as [`SharedLink::new`] put it in the map.
    fn field(&self, n: usize) -> &str {
        self.0
            .as_map()
            .and_then(|map| map.get_index(n))
            .and_then(|(_, value)| value.as_str())
            .unwrap_or_default()
    }
}

impl Serialize for SharedLink {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

/// Each player's and tournament's [`SharedLink`], made when first shown.
pub(super) struct SharedLinks {
    players: Vec<std::sync::OnceLock<SharedLink>>,
    tournaments: Vec<std::sync::OnceLock<SharedLink>>,
}

impl SharedLinks {
    /// Room for the links of `players` players and `tournaments` tournaments.
    pub(super) fn new(players: usize, tournaments: usize) -> Self {
        SharedLinks {
            players: (0..players).map(|_| std::sync::OnceLock::new()).collect(),
            tournaments: (0..tournaments)
                .map(|_| std::sync::OnceLock::new())
                .collect(),
        }
    }
}

/// Path of a player's page from the site root.
pub fn player_href(player: &Player) -> String {
    href_of_player(player.id.as_str())
}

/// Path of the page of the player with the id `id` from the site root.
fn href_of_player(id: &str) -> String {
    format!("players/{id}.html")
}

/// A link to a player's page, borrowed from the player's record: the rows
/// of a federation's lists are hundreds of thousands, and only the rows of
/// the few pages written in a build are ever shown. Templates see the same
/// map as a [`Link`]'s.
#[derive(Debug, Clone, Copy)]
pub struct PlayerLink<'a> {
    text: &'a str,
    id: &'a str,
}

impl<'a> PlayerLink<'a> {
    /// The link to the page of the player named `text` whose id is `id`.
    pub fn new(text: &'a str, id: &'a str) -> Self {
        PlayerLink { text, id }
    }

    /// The link to `player`'s page.
    pub fn to(player: &'a Player) -> Self {
        PlayerLink::new(&player.name, player.id.as_str())
    }

    /// Text shown: the player's name.
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// The player's id, which the page's path is made of.
    pub fn id(&self) -> &'a str {
        self.id
    }

    /// Path from the site root.
    pub fn href(&self) -> String {
        href_of_player(self.id)
    }
}

impl Serialize for PlayerLink<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct as _;
        let mut link = serializer.serialize_struct("Link", 2)?;
        link.serialize_field("text", self.text)?;
        link.serialize_field("href", &self.href())?;
        link.end()
    }
}

/// The id of a tournament's row in a player's history table.
pub fn history_anchor(tournament: &Tournament) -> String {
    format!("history-{}", tournament.id.to_string().replace('/', "-"))
}

/// Path of a tournament's page from the site root.
pub fn tournament_href(tournament: &Tournament) -> String {
    format!("tournaments/{}.html", tournament.id)
}

/// A tournament's dates: `2003-09-20 – 2003-09-21`, or the single day.
pub(super) fn dates(t: &Tournament) -> String {
    if t.start == t.end {
        t.start.to_string()
    } else {
        format!("{} – {}", t.start, t.end)
    }
}

/// A rating phase as the templates name it.
pub(super) fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Provisional => "provisional",
        Phase::Established => "established",
        Phase::Unrated => "unrated",
    }
}

/// The K values used in a tournament, as `words`' language writes a list
/// of decimals: `16, 32` and `2.5, 5` in English, `2,5; 5` in Finnish; or empty.
pub(super) fn k_values(
    record: &TournamentRating,
    words: &crate::translate::Translations,
) -> String {
    let mut ks: Vec<f64> = record
        .games
        .iter()
        .filter_map(|g| g.k.map(|k| k.value()))
        .collect();
    ks.sort_by(|a, b| a.total_cmp(b));
    ks.dedup();
    ks.into_iter()
        .map(|k| words.decimal(&format::k(k)))
        .collect::<Vec<_>>()
        .join(&words.text("list-separator"))
}

impl ViewBuilder<'_> {
    /// Link to the page of the player at `index`.
    pub(super) fn player_link(&self, index: usize) -> Link {
        let player = &self.dataset.players[index];
        Link {
            text: player.name.clone(),
            href: player_href(player),
        }
    }

    /// The order of two players' page addresses ([`player_href`]), without
    /// making them.
    pub(super) fn cmp_player_hrefs(&self, a: usize, b: usize) -> std::cmp::Ordering {
        let order = self.href_order.get_or_init(|| {
            places(&self.dataset.players, |a, b| {
                let (a, b) = (a.id.as_str().as_bytes(), b.id.as_str().as_bytes());
                a.iter().chain(b".html").cmp(b.iter().chain(b".html"))
            })
        });
        order[a].cmp(&order[b])
    }

    /// Each player's place in the order of player ids: lists sort the
    /// players of equal rating by id, and comparing places instead of ids
    /// spares a string comparison (and its cache misses) per step of the
    /// sort of every list.
    pub(super) fn id_order(&self) -> &[u32] {
        self.id_order.get_or_init(|| {
            places(&self.dataset.players, |a, b| {
                a.id.as_str().cmp(b.id.as_str())
            })
        })
    }

    /// [`Self::player_link`], shared between pages.
    pub(super) fn shared_player_link(&self, index: usize) -> SharedLink {
        self.links.players[index]
            .get_or_init(|| SharedLink::new(self.player_link(index)))
            .clone()
    }

    /// [`Self::tournament_link`], shared between pages.
    pub(super) fn shared_tournament_link(&self, index: usize) -> SharedLink {
        self.links.tournaments[index]
            .get_or_init(|| SharedLink::new(self.tournament_link(index)))
            .clone()
    }

    /// Link to the page of the tournament at `index`.
    pub(super) fn tournament_link(&self, index: usize) -> Link {
        let t = &self.dataset.tournaments[index];
        Link {
            text: t.name.clone(),
            href: tournament_href(t),
        }
    }

    /// Provisional progress, e.g. `12/20`.
    pub(super) fn progress(&self, games: u32) -> String {
        format!("{games}/{}", self.config.rating.provisional_games)
    }

    /// An established rating, a provisional player's progress in words
    /// (`provisional (7 of 20 games)`), or empty.
    pub(super) fn rating_or_progress(
        &self,
        rating: Option<i32>,
        phase: Phase,
        games: u32,
    ) -> String {
        match (phase, rating) {
            (Phase::Established, Some(r)) => r.to_string(),
            (Phase::Provisional, _) => {
                let needed = self.config.rating.provisional_games;
                self.words.with(
                    "progress-provisional",
                    &[
                        ("games", crate::translate::Arg::Number(i64::from(games))),
                        ("count", crate::translate::Arg::Number(i64::from(needed))),
                    ],
                )
            }
            _ => String::new(),
        }
    }

    /// One point per tournament after which the player had an established
    /// rating and in which at least one game counted, up to `until`.
    pub(super) fn chart_points(&self, index: usize, until: Option<Date>) -> Vec<ChartPoint> {
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
                    .unwrap_or_else(|| {
                        format!(" ({})", self.words.text("chart-first-established"))
                    });
                Some(ChartPoint {
                    day: t.end.days_since_epoch(),
                    rating,
                    href: format!("#{}", history_anchor(t)),
                    label: format!(
                        "{}: {}, {}: {rating}{change}",
                        self.dataset.players[index].name, t.name, t.end
                    ),
                })
            })
            .collect()
    }

    /// Whether a tournament is a point on the rating chart.
    pub(super) fn charted(r: &TournamentRating) -> bool {
        r.phase_after == Phase::Established && r.rating_after.is_some() && r.games_counted() > 0
    }
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

/// Each player's place (by index) when the players are sorted by `order`,
/// which tells every two players apart (it compares what their ids make).
///
/// Sorted on the calling thread: the places are made when a list running
/// in parallel first needs them, and a parallel sort there could, while it
/// waits, take up another list that needs them too and wait for itself.
fn places(players: &[Player], order: impl Fn(&Player, &Player) -> std::cmp::Ordering) -> Vec<u32> {
    let mut sorted: Vec<usize> = (0..players.len()).collect();
    sorted.sort_unstable_by(|&a, &b| order(&players[a], &players[b]));
    let mut places = vec![0; players.len()];
    for (place, index) in sorted.into_iter().enumerate() {
        places[index] = place as u32;
    }
    places
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
        // CLDR's long dates (cldr/common/main/*.xml, dateFormatLength
        // "long"): en "MMMM d, y", en-GB "d MMMM y", fi "d. MMMM y" with
        // the month's genitive, tr "d MMMM y".
        assert_eq!(local_date(d, "en"), "March 31, 2004");
        assert_eq!(local_date(d, "en-GB"), "31 March 2004");
        assert_eq!(local_date(d, "fi"), "31. maaliskuuta 2004");
        assert_eq!(local_date(d, "fi-FI"), "31. maaliskuuta 2004");
        let autumn = Date::new(2003, 9, 21).unwrap();
        assert_eq!(local_date(autumn, "tr"), "21 Eylül 2003");
        assert_eq!(local_date(autumn, "fi"), "21. syyskuuta 2003");
        assert_eq!(local_date(d, "not a language"), "2004-03-31");
    }
}
