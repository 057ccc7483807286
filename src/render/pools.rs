//! The further rating lists (`[pools.<name>]`): each list's page, its CSV,
//! its rules page, and the sections player pages show for each list.

use super::page::Page;
use super::view::{
    Link, ListedDate, PlayerLink, PlayerView, RatedRow, RatingListPage, RatingListView, ViewBuilder,
};
use super::SiteError;
use crate::config::{Config, SystemKind};
use crate::model::Dataset;
use crate::rating::PoolRatings;
use serde::Serialize;

/// One further list with the configuration its pages are built with.
pub struct PoolViews<'a> {
    /// What the list's system computed.
    pub pool: &'a PoolRatings,
    /// The site's configuration with the list's own `[rating]` parameters.
    pub config: Config,
}

impl<'a> PoolViews<'a> {
    /// The list's pages' configuration: the site's, with the pool's parameters.
    pub fn new(pool: &'a PoolRatings, config: &Config) -> Self {
        let mut config = config.clone();
        if let Some(own) = config.pools.get(&pool.name) {
            config.rating = own.rating.clone();
        }
        PoolViews { pool, config }
    }

    /// The view builder over this list's ratings.
    pub fn builder<'b>(&'b self, dataset: &'b Dataset) -> ViewBuilder<'b> {
        ViewBuilder::new(dataset, &self.pool.ratings, &self.config)
    }

    /// The list page's address.
    pub fn list_href(&self) -> String {
        format!("pools/{}/ratings.html", self.pool.name)
    }
}

/// A player's record in one further list, for the player page.
#[derive(Debug, Clone, Serialize)]
pub struct PoolSection {
    /// The pool's name (anchors and addresses).
    pub name: String,
    /// The list's name.
    pub title: String,
    /// The system's name.
    pub system: &'static str,
    /// Whether the system is the association's (its history columns apply).
    pub association: bool,
    /// The system.
    pub kind: SystemKind,
    /// Whether the system is FIDE's (its games show the counted rating difference).
    pub fide: bool,
    /// The rating's uncertainty, e.g. `62`, for systems that keep one.
    pub deviation: String,
    /// The player's page as this list sees it.
    pub player: PlayerView,
}

/// One row of a further list.
#[derive(Debug, Clone, Serialize)]
struct PoolRow<'a> {
    rank: String,
    player: PlayerLink<'a>,
    rating: i32,
    deviation: String,
    games: u32,
    last_played: ListedDate,
    active: bool,
}

/// The sections of a player's page for the lists the player played in, in
/// the site's language (`words`).
pub fn player_sections(
    (pools, words): (
        &[PoolViews],
        &std::sync::Arc<crate::translate::Translations>,
    ),
    dataset: &Dataset,
    index: usize,
) -> Vec<PoolSection> {
    pools
        .iter()
        .filter(|p| !p.pool.ratings.player_records[index].is_empty())
        .map(|p| PoolSection {
            name: p.pool.name.clone(),
            title: p.pool.title.clone(),
            system: p.pool.system.title(),
            association: p.pool.system == SystemKind::Association,
            kind: p.pool.system,
            fide: p.pool.system == SystemKind::Fide,
            deviation: deviation_text(p.pool, index),
            player: p.builder(dataset).in_language(words.clone()).player(index),
        })
        .collect()
}

fn deviation_text(pool: &PoolRatings, index: usize) -> String {
    pool.ratings.players[index]
        .deviation
        .map(|d| format!("{}", d.round() as i64))
        .unwrap_or_default()
}

/// Each further list's page, CSV and rules page.
pub(super) fn render_pool_pages(
    page: &Page,
    pools: &[PoolViews],
    dataset: &Dataset,
) -> Result<(), SiteError> {
    for views in pools {
        let builder = views.builder(dataset).in_language(page.words.clone());
        let history = builder.list_history();
        let list = builder.rating_list_with(&history);
        let base = format!("pools/{}", views.pool.name);
        let years = pool_years(views.pool, dataset);
        let archive = super::lists::archive_links(&years, &format!("{base}/"), page.words);
        let paged = |first: &str, root: &str, list: &RatingListView| {
            let lists = (views, archive.as_slice());
            render_paged_list(page, lists, (first, root), list)
        };
        let path = format!("{base}/ratings.html");
        paged(&path, "../../", &list)?;
        let rows = pool_rows(views.pool, &list.established);
        page.put(&format!("{base}/ratings.csv"), &pool_csv(&list.date, &rows))?;
        let latest = builder.list_date();
        for year in &years {
            let Some(date) = super::lists::year_list_date(*year, latest) else {
                continue;
            };
            let past = builder.rating_list_from(&history, date);
            paged(&format!("{base}/archive/{year}.html"), "../../../", &past)?;
        }
        let mut ctx = tera::Context::new();
        ctx.insert("pool", &pool_context(views));
        ctx.insert("rules", &builder.rules());
        ctx.insert("rating", &views.config.rating);
        ctx.insert("intro", "");
        let path = format!("{base}/rules.html");
        let template = match views.pool.system {
            SystemKind::Association => "html/rules.html",
            _ => "html/system-rules.html",
        };
        page.emit(&path, template, "../../", &path, ctx)?;
    }
    Ok(())
}

/// One list of a pool (the current one or a year-end one) over pages of
/// [`super::paginate::ROWS_PER_PAGE`] rows, established players first, then
/// those without a rating yet: page 1 at `first`, page `n` at
/// [`super::paginate::page_file`]; `root` leads from the pages to the site root.
fn render_paged_list(
    page: &Page,
    (views, archive): (&PoolViews, &[Link]),
    (first, root): (&str, &str),
    list: &RatingListView,
) -> Result<(), SiteError> {
    use super::paginate;
    use rayon::prelude::*;
    // The pool pages show no international rows.
    let shown = list.established.len() + list.provisional.len();
    let count = paginate::page_count(shown);
    let current = first.ends_with("/ratings.html");
    (1..=count)
        .into_par_iter()
        .try_for_each(|number| -> Result<(), SiteError> {
            let list = if count == 1 {
                list.whole()
            } else {
                list.page(paginate::page_rows(shown, number))
            };
            let file = paginate::page_file(first, number);
            let data = PoolListPage {
                pool: pool_context(views),
                rows: pool_rows(views.pool, list.established),
                list,
                archive,
                current,
                pagination: paginate::Pagination::new(first, number, count),
            };
            page.emit_data((&file, "html/pool.html", root), &file, &data)
        })
}

/// What a page of a pool's list shows.
#[derive(Serialize)]
struct PoolListPage<'a> {
    /// The pool: its name, system and links.
    pool: PoolContext,
    /// The page's part of the list.
    list: RatingListPage<'a>,
    /// The pool's own figures for the list's established rows.
    rows: Vec<PoolRow<'a>>,
    /// The links to the year-end lists.
    archive: &'a [Link],
    /// Whether this is the current list (not a year-end one).
    current: bool,
    /// "Page n of m".
    pagination: super::paginate::Pagination,
}

/// The years with a tournament of the list, newest first: each gets a year-end list.
fn pool_years(pool: &PoolRatings, dataset: &Dataset) -> Vec<i32> {
    let mut years: Vec<i32> = dataset
        .tournaments
        .iter()
        .filter(|t| t.pool.as_deref() == Some(pool.name.as_str()))
        .map(|t| t.end.year)
        .collect();
    years.sort_unstable();
    years.dedup();
    years.reverse();
    years
}

/// What the list's pages say of the list.
#[derive(Debug, Clone, Serialize)]
struct PoolContext {
    name: String,
    title: String,
    system: &'static str,
    kind: SystemKind,
    glicko2: crate::config::Glicko2Config,
    fide: crate::config::FideConfig,
    egd: crate::config::EgdConfig,
    whr: WhrText,
}

/// Whole-History Rating's parameters as the rules page writes them.
#[derive(Debug, Clone, Serialize)]
struct WhrText {
    w2: String,
    anchor: String,
    prior_games: String,
    /// One standard deviation of a year's drift, in points.
    year: i64,
}

fn pool_context(views: &PoolViews) -> PoolContext {
    let own = views
        .config
        .pools
        .get(&views.pool.name)
        .cloned()
        .unwrap_or_default();
    PoolContext {
        name: views.pool.name.clone(),
        title: views.pool.title.clone(),
        system: views.pool.system.title(),
        kind: views.pool.system,
        glicko2: own.glicko2,
        fide: own.fide,
        egd: own.egd,
        whr: WhrText {
            w2: own.whr.w2.to_string(),
            anchor: own.whr.anchor.to_string(),
            prior_games: own.whr.prior_games.to_string(),
            year: (365.0 * own.whr.w2.max(0.0)).sqrt().round() as i64,
        },
    }
}

fn pool_rows<'a>(pool: &PoolRatings, established: &[RatedRow<'a>]) -> Vec<PoolRow<'a>> {
    established
        .iter()
        .map(|r| PoolRow {
            rank: r.rank.map(|n| n.to_string()).unwrap_or_default(),
            player: r.player,
            rating: r.rating,
            deviation: deviation_text(pool, r.player_index()),
            games: r.games,
            last_played: r.last_played,
            active: r.active,
        })
        .collect()
}

/// `pools/<name>/ratings.csv`: the list as the page shows it.
fn pool_csv(date: &str, rows: &[PoolRow<'_>]) -> Vec<u8> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    let _ = writer.write_record([
        "list_date",
        "rank",
        "name",
        "rating",
        "deviation",
        "games",
        "last_played",
        "active",
    ]);
    for r in rows {
        let _ = writer.write_record([
            date,
            &r.rank,
            &super::format::spreadsheet_text(r.player.text()),
            &r.rating.to_string(),
            &r.deviation,
            &r.games.to_string(),
            &r.last_played.to_string(),
            if r.active { "true" } else { "false" },
        ]);
    }
    writer.into_inner().unwrap_or_default()
}

/// Adds the further lists to an SQL dump, each with its list as published.
pub fn add_to_dump(dump: &mut crate::sql::SqlDump, pools: &[PoolViews], dataset: &Dataset) {
    dump.add_pools(dataset, &pool_lists(pools, dataset));
}

/// The further lists as the SQL dump has them, each with its list as published.
pub fn pool_lists<'a>(pools: &'a [PoolViews], dataset: &Dataset) -> Vec<crate::sql::PoolList<'a>> {
    pools
        .iter()
        .map(|p| crate::sql::PoolList {
            name: &p.pool.name,
            ratings: &p.pool.ratings,
            list: p.builder(dataset).rating_list().published(),
        })
        .collect()
}

/// What a tournament page says of the further list the tournament is rated
/// in; `None` for the association's list.
#[derive(Debug, Clone, Serialize)]
pub struct ListLink {
    /// The pool's name.
    pub name: String,
    /// The list's name.
    pub title: String,
    /// The system's name.
    pub system: &'static str,
    /// For a FIDE list: the date of the list the tournament was rated on.
    pub rated_on: String,
    /// For a FIDE list: the date of the list in force at the tournament's start.
    pub in_force: String,
}

/// The further list `tournament` is rated in, if any, its dates written in
/// `language`.
pub fn list_of(
    pools: &[PoolViews],
    tournament: &crate::model::Tournament,
    language: &str,
) -> Option<ListLink> {
    let name = tournament.pool.as_deref()?;
    let pool = pools.iter().find(|p| p.pool.name == name)?.pool;
    let fide = pool.system == SystemKind::Fide;
    let date = |d: Option<crate::model::Date>| {
        d.map(|d| crate::translate::local_date(d, language))
            .unwrap_or_default()
    };
    Some(ListLink {
        name: pool.name.clone(),
        title: pool.title.clone(),
        system: pool.system.title(),
        rated_on: date(fide.then(|| crate::rating::fide::rated_on_list(tournament.end))),
        in_force: date(fide.then(|| crate::rating::fide::list_in_force(tournament.start))),
    })
}
