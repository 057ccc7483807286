//! Rendering: view models → tera templates → files of the published site.
//!
//! Content (dataset + ratings) becomes view models in [`view`], templates in
//! `templates/` turn them into HTML, Markdown and SQL, and [`output`] writes
//! the result into `site/` only once everything rendered.

pub mod chart;
pub mod format;
pub mod limits;
mod methods;
pub mod output;
pub mod pages;
pub mod pools;
pub mod search;
pub mod survey;
pub mod templates;
pub mod view;

use crate::config::Config;
use crate::model::{Dataset, Date};
use crate::rating::Ratings;
use output::SiteFiles;
use pages::MdPage;
use rayon::prelude::*;
use serde::Serialize;
use std::collections::BTreeMap;
use templates::TemplateSet;
use view::{Link, RatingListView, ViewBuilder};

/// One output file: path under the site root and content.
type RenderedFile = (String, Vec<u8>);

/// A template that failed to compile or render.
#[derive(Debug, thiserror::Error)]
#[error("template `{template}`: {message}")]
pub struct RenderError {
    /// Template name, e.g. `html/player.html`.
    pub template: String,
    /// Tera's report, naming the line.
    pub message: String,
}

impl RenderError {
    /// Wraps tera's error for `template`.
    pub fn new(template: &str, error: &tera::Error) -> Self {
        RenderError {
            template: template.to_string(),
            message: error.to_string(),
        }
    }
}

/// Renders every output file in memory, without Markdown pages. Nothing is written here.
pub fn render_site(
    dataset: &Dataset,
    ratings: &Ratings,
    config: &Config,
    templates: &TemplateSet,
    tick: &(dyn Fn() + Sync),
) -> Result<SiteFiles, RenderError> {
    render_site_with_pages(
        dataset,
        ratings,
        config,
        templates,
        &Content::default(),
        tick,
    )
}

/// A group of filter links on the rating list (clubs, countries, …).
#[derive(Debug, Clone, Serialize)]
struct FilterGroup {
    name: String,
    links: Vec<Link>,
}

/// A news item on the front page.
#[derive(Debug, Clone, Serialize)]
struct NewsItem {
    link: Link,
    date: String,
    date_text: String,
    summary: String,
}

/// Renders every output file in memory, Markdown pages (from `data/pages/`) included.
pub fn render_site_with_pages(
    dataset: &Dataset,
    ratings: &Ratings,
    config: &Config,
    templates: &TemplateSet,
    content: &Content,
    tick: &(dyn Fn() + Sync),
) -> Result<SiteFiles, RenderError> {
    let md_pages = content.pages;
    let tera = templates
        .engine()
        .map_err(|e| RenderError::new("(compiling templates)", &e))?;
    let views = ViewBuilder::new(dataset, ratings, config);
    let pool_ratings = crate::rating::rate_pools(dataset, config);
    let pool_views: Vec<pools::PoolViews> = pool_ratings
        .iter()
        .map(|p| pools::PoolViews::new(p, config))
        .collect();
    let pool_builders: BTreeMap<&str, ViewBuilder> = pool_views
        .iter()
        .map(|p| (p.pool.name.as_str(), p.builder(dataset)))
        .collect();
    let mut site = views.site();
    site.pages = md_pages
        .iter()
        .filter(|p| p.date.is_none() && p.slug != "rules")
        .map(|p| Link {
            text: p.title.clone(),
            href: format!("pages/{}.html", p.slug),
        })
        .collect();
    site.pages.extend(pool_views.iter().map(|p| Link {
        text: p.pool.title.clone(),
        href: p.list_href(),
    }));
    if config.output.methods && config.output.html {
        site.pages.push(Link {
            text: "Methods".into(),
            href: "methods.html".into(),
        });
    }
    if !content.surveys.is_empty() {
        site.pages.push(Link {
            text: "Surveys".into(),
            href: "surveys/index.html".into(),
        });
    }
    let budget = limits::Budget {
        max_bytes: config.output.max_page_megabytes as usize * 1024 * 1024,
        max_time: std::time::Duration::from_secs(config.output.page_render_seconds.into()),
    };
    let watchdog = limits::Watchdog::start(budget.max_time);
    let page = Page {
        tera: &tera,
        site,
        budget,
        watchdog: &watchdog,
    };
    let mut files = SiteFiles::new();
    for (name, bytes) in &templates.statics {
        files.insert(format!("static/{name}"), bytes.clone());
    }
    let html = config.output.html;
    let markdown = config.output.markdown;
    // Site-wide pages and the SQL dumps render beside the per-player and
    // per-tournament pages: both halves are big, so neither waits for the other.
    let (site_wide, per_item) = rayon::join(
        || -> Result<SiteFiles, RenderError> {
            let mut files = SiteFiles::new();
            let list = views.rating_list();
            let years = views.years();
            if html {
                render_front_pages(
                    &page, &views, &list, &years, dataset, config, md_pages, &mut files,
                )?;
                render_lists(&page, &views, &list, dataset, config, &mut files)?;
                pools::render_pool_pages(&page, &pool_views, dataset, &mut files)?;
                if config.output.methods {
                    methods::render_methods(&page, dataset, config, &mut files)?;
                }
                files.insert(
                    "search-index.js".into(),
                    search::index_script(&search::entries(dataset)),
                );
            }
            if markdown {
                let mut ctx = tera::Context::new();
                ctx.insert("list", &list);
                files.insert("ratings.md".into(), page.render("md/ratings.md", "", ctx)?);
            }
            if config.output.csv {
                files.insert("ratings.csv".into(), rating_list_csv(&list));
            }
            if config.output.sql && !config.output.sql_dialects.is_empty() {
                let mut dump = crate::sql::SqlDump::new(dataset, ratings, &list.published());
                pools::add_to_dump(&mut dump, &pool_views, dataset);
                for &dialect in &config.output.sql_dialects {
                    let _watched = page
                        .watchdog
                        .watch(crate::sql::TEMPLATE, dialect.file_name());
                    let _current = crate::memory::rendering(crate::sql::TEMPLATE);
                    let text = crate::sql::render(&tera, &dump, dialect)
                        .map_err(|e| RenderError::new(crate::sql::TEMPLATE, &e))?;
                    files.insert(dialect.file_name().into(), text.into_bytes());
                }
            }
            Ok(files)
        },
        || -> Result<SiteFiles, RenderError> {
            let mut files = SiteFiles::new();
            let sql_files = sql_files(config);
            let rules = views.rules();
            if html {
                let player_pages: Result<Vec<RenderedFile>, RenderError> =
                    (0..dataset.players.len())
                        .into_par_iter()
                        .map(|i| {
                            let view = views.player(i);
                            let mut ctx = tera::Context::new();
                            ctx.insert("player", &view);
                            ctx.insert("pools", &pools::player_sections(&pool_views, dataset, i));
                            ctx.insert("rules", &rules);
                            let path = format!("players/{}.html", view.id);
                            let bytes = page.render_at("html/player.html", "../", &path, ctx)?;
                            tick();
                            Ok((path, bytes))
                        })
                        .collect();
                files.extend(player_pages?);
            }
            let tournament_pages: Result<Vec<Vec<RenderedFile>>, RenderError> =
                (0..dataset.tournaments.len())
                    .into_par_iter()
                    .map(|i| {
                        // A tournament's ratings are those of its own list.
                        let view = dataset.tournaments[i]
                            .pool
                            .as_deref()
                            .and_then(|p| pool_builders.get(p))
                            .unwrap_or(&views)
                            .tournament(i);
                        let mut out = Vec::new();
                        let mut ctx = tera::Context::new();
                        ctx.insert("tournament", &view);
                        ctx.insert("rules", &rules);
                        ctx.insert(
                            "list",
                            &pools::list_of(&pool_views, &dataset.tournaments[i]),
                        );
                        ctx.insert("downloads", &config.output);
                        ctx.insert("sql_files", &sql_files);
                        if html {
                            let path = format!("tournaments/{}.html", view.id);
                            let bytes =
                                page.render_at("html/tournament.html", "../", &path, ctx.clone())?;
                            out.push((path, bytes));
                        }
                        if markdown {
                            let bytes = page.render("md/tournament.md", "../", ctx)?;
                            out.push((format!("tournaments/{}.md", view.id), bytes));
                        }
                        if config.output.csv {
                            let t = &dataset.tournaments[i];
                            out.push((
                                format!("tournaments/{}.csv", view.id),
                                crate::tournament::crosstable_file::crosstable_csv(t),
                            ));
                            let personal = if config.site.publish_personal_data {
                                crate::tournament::trf_exchange::PersonalData::Include
                            } else {
                                crate::tournament::trf_exchange::PersonalData::Omit
                            };
                            let trf = crate::tournament::trf_exchange::tournament_to_trf_with(
                                t, dataset, personal,
                            );
                            out.push((
                                format!("tournaments/{}.trf", view.id),
                                trf.write().into_bytes(),
                            ));
                        }
                        tick();
                        Ok(out)
                    })
                    .collect();
            files.extend(tournament_pages?.into_iter().flatten());
            Ok(files)
        },
    );
    files.extend(site_wide?);
    files.extend(per_item?);
    survey::render_surveys(&page, content.surveys, html, markdown, &mut files)?;
    if html {
        if let Some(map) = sitemap(&files, &page.site.base_url) {
            files.insert("sitemap.xml".into(), map);
        }
    }
    Ok(files)
}

/// The SQL dump's rows, `published_ratings` ranked by the current rating list.
pub fn sql_dump(dataset: &Dataset, ratings: &Ratings, config: &Config) -> crate::sql::SqlDump {
    let list = ViewBuilder::new(dataset, ratings, config).rating_list();
    let mut dump = crate::sql::SqlDump::new(dataset, ratings, &list.published());
    let pool_ratings = crate::rating::rate_pools(dataset, config);
    let pool_views: Vec<pools::PoolViews> = pool_ratings
        .iter()
        .map(|p| pools::PoolViews::new(p, config))
        .collect();
    pools::add_to_dump(&mut dump, &pool_views, dataset);
    dump
}

/// Pages that come from content files rather than from the results.
#[derive(Debug, Default, Clone, Copy)]
pub struct Content<'a> {
    /// Markdown pages from `data/pages/`.
    pub pages: &'a [MdPage],
    /// Handicap surveys from `data/surveys/`.
    pub surveys: &'a [crate::load::NamedSurvey],
}

/// Index, tournaments, rules, search, downloads, 404 and the Markdown pages.
#[allow(clippy::too_many_arguments)]
fn render_front_pages(
    page: &Page,
    views: &ViewBuilder,
    list: &RatingListView,
    years: &[view::YearView],
    dataset: &Dataset,
    config: &Config,
    md_pages: &[MdPage],
    files: &mut SiteFiles,
) -> Result<(), RenderError> {
    let lang = &config.site.language;
    let mut news: Vec<&MdPage> = md_pages.iter().filter(|p| p.date.is_some()).collect();
    news.sort_by(|a, b| b.date.cmp(&a.date).then(a.slug.cmp(&b.slug)));
    let news: Vec<NewsItem> = news
        .iter()
        .take(config.site.news_on_index)
        .filter_map(|p| {
            let date = p.date?;
            Some(NewsItem {
                link: Link {
                    text: p.title.clone(),
                    href: format!("pages/{}.html", p.slug),
                },
                date: date.to_string(),
                date_text: view::local_date(date, lang),
                summary: p.summary.clone(),
            })
        })
        .collect();
    let mut ctx = tera::Context::new();
    let top: Vec<&view::RatedRow> = list
        .established
        .iter()
        .filter(|r| r.rank.is_some())
        .take(10)
        .collect();
    ctx.insert("top", &top);
    ctx.insert(
        "recent",
        &years
            .iter()
            .flat_map(|y| &y.tournaments)
            .take(5)
            .collect::<Vec<_>>(),
    );
    ctx.insert("counts", &counts(dataset));
    ctx.insert("news", &news);
    ctx.insert("list", list);
    ctx.insert("leaders", &leaders(list, dataset));
    files.insert(
        "index.html".into(),
        page.render_at("html/index.html", "", "index.html", ctx)?,
    );
    let mut ctx = tera::Context::new();
    ctx.insert("years", years);
    files.insert(
        "tournaments/index.html".into(),
        page.render_at(
            "html/tournaments.html",
            "../",
            "tournaments/index.html",
            ctx,
        )?,
    );
    for p in md_pages.iter().filter(|p| p.slug != "rules") {
        let mut ctx = tera::Context::new();
        ctx.insert("title", &p.title);
        ctx.insert("body", &p.html);
        ctx.insert(
            "date",
            &p.date
                .map(|d| view::local_date(d, lang))
                .unwrap_or_default(),
        );
        ctx.insert(
            "date_iso",
            &p.date.map(|d| d.to_string()).unwrap_or_default(),
        );
        let path = format!("pages/{}.html", p.slug);
        files.insert(
            path.clone(),
            page.render_at("html/page.html", "../", &path, ctx)?,
        );
    }
    let mut ctx = tera::Context::new();
    ctx.insert("rating", &config.rating);
    ctx.insert("rules", &views.rules());
    ctx.insert(
        "intro",
        &md_pages
            .iter()
            .find(|p| p.slug == "rules")
            .map(|p| p.html.clone())
            .unwrap_or_default(),
    );
    files.insert(
        "rules.html".into(),
        page.render_at("html/rules.html", "", "rules.html", ctx)?,
    );
    let mut ctx = tera::Context::new();
    ctx.insert("entries", &search::entries(dataset));
    files.insert(
        "search.html".into(),
        page.render_at("html/search.html", "", "search.html", ctx)?,
    );
    let mut ctx = tera::Context::new();
    ctx.insert("output", &config.output);
    ctx.insert("sql_files", &sql_files(config));
    ctx.insert("years", years);
    files.insert(
        "downloads.html".into(),
        page.render_at("html/downloads.html", "", "downloads.html", ctx)?,
    );
    // The 404 page lives at the site root. Its links are relative to it, as on
    // every page (so they work from file:// and under any sub-path); when the
    // site's address is known they are absolute, so they also work when a
    // server shows the page for a missing address deeper in the site.
    let root404 = page.site.base_url.clone();
    let _ = views;
    files.insert(
        "404.html".into(),
        page.render_at("html/404.html", &root404, "", tera::Context::new())?,
    );
    Ok(())
}

/// One SQL dump offered on the downloads page.
#[derive(Debug, Clone, Serialize)]
struct SqlFile {
    /// File name in the site, e.g. `ratingbook.postgres.sql`.
    file: &'static str,
    /// The database it loads into, e.g. `PostgreSQL`.
    database: &'static str,
    /// The command that loads it.
    load: &'static str,
}

/// The SQL dumps the build writes, one per configured dialect.
fn sql_files(config: &Config) -> Vec<SqlFile> {
    if !config.output.sql {
        return Vec::new();
    }
    config
        .output
        .sql_dialects
        .iter()
        .map(|&d| SqlFile {
            file: d.file_name(),
            database: d.database_name(),
            load: d.load_command(),
        })
        .collect()
}

/// The rating list, its filtered variants and the archive of year-end lists.
fn render_lists(
    page: &Page,
    views: &ViewBuilder,
    list: &RatingListView,
    dataset: &Dataset,
    config: &Config,
    files: &mut SiteFiles,
) -> Result<(), RenderError> {
    let clubs = list_slugs(dataset, club_of);
    let countries = list_slugs(dataset, country_of);
    let mut memberships = BTreeMap::new();
    for p in &dataset.players {
        let name = p.membership.as_str();
        memberships.insert(name.to_string(), name.to_string());
    }
    let mut groups = Vec::new();
    let mut filtered: Vec<(String, RatingListView)> = Vec::new();
    let mut group = |name: &str,
                     prefix: &str,
                     values: BTreeMap<String, String>,
                     field: fn(&crate::model::Player) -> Option<String>| {
        let mut links = Vec::new();
        for (value, slug) in values {
            let path = format!("lists/{prefix}-{slug}.html");
            let wanted = value.clone();
            let view = views.filtered_list(list, &format!("{name}: {value}"), |p| {
                field(p).as_deref() == Some(wanted.as_str())
            });
            links.push(Link {
                text: value,
                href: path.clone(),
            });
            filtered.push((path, view));
        }
        groups.push(FilterGroup {
            name: name.to_string(),
            links,
        });
    };
    group("Club", "club", clubs, |p| p.club.clone());
    group("Country", "country", countries, |p| p.country.clone());
    group("Membership", "membership", memberships, |p| {
        Some(p.membership.as_str().to_string())
    });
    if config.site.publish_personal_data && !config.lists.categories.is_empty() {
        let year = crate::model::Date::parse(&list.date).map_or(1970, |d| d.year);
        let mut links = Vec::new();
        for &category in &config.lists.categories {
            let path = format!("lists/{}.html", category.as_str());
            let title = format!("Category: {}", category.as_str());
            let view = views.filtered_list(list, &title, |p| in_category(p, category, year));
            links.push(Link {
                text: category.as_str().to_string(),
                href: path.clone(),
            });
            filtered.push((path, view));
        }
        groups.push(FilterGroup {
            name: "Category".to_string(),
            links,
        });
    }
    let archive = archive_years(dataset);
    let archive_links: Vec<Link> = archive
        .iter()
        .enumerate()
        .map(|(i, y)| Link {
            text: if i == 0 {
                format!("{y} to date")
            } else {
                format!("End of {y}")
            },
            href: format!("archive/{y}.html"),
        })
        .collect();
    let render_list = |path: &str, view: &RatingListView, root: &str, files: &mut SiteFiles| {
        let mut ctx = tera::Context::new();
        ctx.insert("list", view);
        ctx.insert("filters", &groups);
        ctx.insert("archive", &archive_links);
        ctx.insert("filtered", &(path != "ratings.html"));
        ctx.insert("archived", &path.starts_with("archive/"));
        page.render_at("html/ratings.html", root, path, ctx)
            .map(|bytes| files.insert(path.to_string(), bytes))
    };
    render_list("ratings.html", list, "", files)?;
    for (path, view) in &filtered {
        render_list(path, view, "../", files)?;
    }
    for year in &archive {
        let Some(date) = Date::new(*year, 12, 31) else {
            continue;
        };
        let view = views.rating_list_as_of(date);
        render_list(&format!("archive/{year}.html"), &view, "../", files)?;
    }
    let mut ctx = tera::Context::new();
    ctx.insert("archive", &archive_links);
    files.insert(
        "archive/index.html".into(),
        page.render_at("html/archive.html", "../", "archive/index.html", ctx)?,
    );
    Ok(())
}

/// Whether a player belongs to a category list in the list's year: junior
/// under 20 (year − birth year < 20), senior 65 or older, women by `sex = "w"`.
fn in_category(
    player: &crate::model::Player,
    category: crate::config::Category,
    year: i32,
) -> bool {
    use crate::config::Category;
    match category {
        Category::Junior => player.birth_year.is_some_and(|b| year - b < 20),
        Category::Senior => player.birth_year.is_some_and(|b| year - b >= 65),
        Category::Women => player.sex == Some(crate::model::Sex::Woman),
    }
}

/// The highest-ranked active player of each club and country, for the front page
/// (inactive players have no rank, see [`view::RatedRow`]).
#[derive(Debug, Clone, Serialize)]
struct Leader {
    /// `Club` or `Country`.
    kind: &'static str,
    /// The group's list page.
    list: Link,
    /// Its top player.
    player: Link,
    rating: i32,
}

fn leaders(list: &RatingListView, dataset: &Dataset) -> Vec<Leader> {
    let mut out: Vec<Leader> = Vec::new();
    let clubs = list_slugs(dataset, club_of);
    let countries = list_slugs(dataset, country_of);
    for (kind, prefix) in [("Club", "club"), ("Country", "country")] {
        let slugs = if kind == "Club" { &clubs } else { &countries };
        let mut seen = std::collections::BTreeMap::new();
        for row in list.established.iter().filter(|r| r.rank.is_some()) {
            let value = if kind == "Club" {
                &row.club
            } else {
                &row.country
            };
            if !value.is_empty() && !seen.contains_key(value) {
                seen.insert(value.clone(), row);
            }
        }
        out.extend(seen.into_iter().map(|(value, row)| Leader {
            kind,
            list: Link {
                href: format!(
                    "lists/{prefix}-{}.html",
                    slugs.get(&value).map_or("x", String::as_str)
                ),
                text: value,
            },
            player: row.player.clone(),
            rating: row.rating,
        }));
    }
    out
}

/// Years with a tournament, newest first: each gets a year-end list.
fn archive_years(dataset: &Dataset) -> Vec<i32> {
    let mut years: Vec<i32> = dataset.tournaments.iter().map(|t| t.end.year).collect();
    years.sort_unstable();
    years.dedup();
    years.reverse();
    years
}

/// The page name part of every club and country: `Helsinki Go Club` →
/// `helsinki-go-club`, transliterated (`東京` → `dong-jing`); names that would
/// share one get `-2`, `-3`, … in name order, so every value has its own page
/// and the same data always gives the same names.
fn list_slugs(
    dataset: &Dataset,
    field: fn(&crate::model::Player) -> Option<&String>,
) -> BTreeMap<String, String> {
    let values: std::collections::BTreeSet<&String> =
        dataset.players.iter().filter_map(field).collect();
    let mut taken = std::collections::BTreeSet::new();
    let mut slugs = BTreeMap::new();
    for value in values {
        let base =
            crate::model::Slug::from_text(value).map_or_else(|| "x".to_string(), |s| s.to_string());
        let mut candidate = base.clone();
        let mut n = 1;
        while !taken.insert(candidate.clone()) {
            n += 1;
            candidate = format!("{base}-{n}");
        }
        slugs.insert(value.clone(), candidate);
    }
    slugs
}

fn club_of(p: &crate::model::Player) -> Option<&String> {
    p.club.as_ref()
}

fn country_of(p: &crate::model::Player) -> Option<&String> {
    p.country.as_ref()
}

/// Why a build without `site.base_url` has no `sitemap.xml`, for the build output.
pub const NO_SITEMAP_NOTE: &str = "no sitemap.xml: set `site.base_url` in ratingbook.toml (the sitemap protocol needs absolute addresses)";

/// Whether a build with `config` writes `sitemap.xml`.
pub fn writes_sitemap(config: &Config) -> bool {
    config.output.html && !config.site.base_url.is_empty()
}

/// `sitemap.xml`: every HTML page but the 404 page, with absolute addresses.
/// `None` without a `base_url`: the sitemap protocol forbids relative `<loc>`s.
fn sitemap(files: &SiteFiles, base_url: &str) -> Option<Vec<u8>> {
    if base_url.is_empty() {
        return None;
    }
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for path in files.keys() {
        if path.ends_with(".html") && path != "404.html" {
            out.push_str(&format!(
                "<url><loc>{}{}</loc></url>\n",
                chart::escape(base_url),
                chart::escape(path)
            ));
        }
    }
    out.push_str("</urlset>\n");
    Some(out.into_bytes())
}

struct Page<'a> {
    tera: &'a tera::Tera,
    site: view::SiteView,
    budget: limits::Budget,
    watchdog: &'a limits::Watchdog,
}

impl Page<'_> {
    fn render(
        &self,
        template: &str,
        root: &str,
        ctx: tera::Context,
    ) -> Result<Vec<u8>, RenderError> {
        self.render_at(template, root, "", ctx)
    }

    /// Renders a page that lives at `path` (for its canonical link).
    fn render_at(
        &self,
        template: &str,
        root: &str,
        path: &str,
        mut ctx: tera::Context,
    ) -> Result<Vec<u8>, RenderError> {
        ctx.insert("site", &self.site);
        ctx.insert("root", root);
        ctx.insert("path", path);
        let _watched = self.watchdog.watch(template, path);
        limits::render_capped(self.tera, template, &ctx, self.budget).map_err(|message| {
            RenderError {
                template: template.to_string(),
                message,
            }
        })
    }
}

#[derive(serde::Serialize)]
struct Counts {
    players: usize,
    tournaments: usize,
    games: usize,
}

fn counts(dataset: &Dataset) -> Counts {
    Counts {
        players: dataset.players.len(),
        tournaments: dataset.tournaments.len(),
        games: dataset
            .tournaments
            .iter()
            .map(|t| t.pairings().iter().filter(|p| p.result.is_played()).count())
            .sum(),
    }
}

/// `ratings.csv`: the established list with its ranks (see [`view::RatedRow`]),
/// inactive players unranked with `active` = `false`, each row with the list date
/// and the movement since the previous list (see [`view::RatedRow`]).
fn rating_list_csv(list: &view::RatingListView) -> Vec<u8> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    let _ = writer.write_record([
        "list_date",
        "rank",
        "id",
        "name",
        "club",
        "country",
        "membership",
        "rating",
        "games",
        "last_played",
        "active",
        "previous_list_date",
        "rating_change",
        "rank_change",
    ]);
    for row in &list.established {
        let _ = writer.write_record([
            list.date.as_str(),
            &row.rank.map(|r| r.to_string()).unwrap_or_default(),
            &row.id,
            &format::spreadsheet_text(&row.player.text),
            &format::spreadsheet_text(&row.club),
            &format::spreadsheet_text(&row.country),
            &row.membership,
            &row.rating.to_string(),
            &row.games.to_string(),
            &row.last_played,
            if row.active { "true" } else { "false" },
            list.previous_date.as_str(),
            // Plain numbers (`12`, `-5`) or `new`: no cell starts with `+`,
            // which spreadsheets read as a formula.
            row.rating_change.trim_start_matches('+'),
            row.rank_change.trim_start_matches('+'),
        ]);
    }
    writer.into_inner().unwrap_or_default()
}
