//! Rendering: view models → tera templates → files of the published site.
//!
//! Content (dataset + ratings) becomes view models in [`view`], templates in
//! `templates/` turn them into HTML, Markdown and SQL, and a [`Sink`] takes
//! the result into `site/` only once everything rendered. Player pages with
//! the built-in templates are written by [`direct`], the same bytes without
//! the template engine.

pub mod chart;
mod direct;
pub mod format;
pub mod limits;
mod methods;
pub mod pages;
pub mod paginate;
pub mod pools;
pub mod sample;
pub mod search;
pub mod survey;
pub mod templates;
pub mod view;

use crate::config::Config;
use crate::incremental::cache::{self, PageCache};
use crate::incremental::{fingerprint, previous_dump};
use crate::model::{Dataset, Date};
use crate::rating::{PoolRatings, Ratings};
use crate::site_files::{self, MemorySink, Sink, SiteFiles, WriteError};
use pages::MdPage;
use rayon::prelude::*;
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::Mutex;
use templates::TemplateSet;
use view::{Link, RatingListView, ViewBuilder};

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

/// Why the site could not be rendered.
#[derive(Debug, thiserror::Error)]
pub enum SiteError {
    /// A template failed.
    #[error(transparent)]
    Render(#[from] RenderError),
    /// A rendered file could not be stored.
    #[error(transparent)]
    Write(#[from] WriteError),
}

/// Renders every output file in memory, without Markdown pages. Nothing is
/// written here; for a site of any size, [`render_site_into`] streams instead.
pub fn render_site(
    dataset: &Dataset,
    ratings: &Ratings,
    pools: &[PoolRatings],
    config: &Config,
    templates: &TemplateSet,
    tick: &(dyn Fn() + Sync),
) -> Result<SiteFiles, SiteError> {
    let sink = MemorySink::default();
    let input = Input {
        dataset,
        ratings,
        pools,
        config,
        templates,
        content: &Content::default(),
        entered: None,
    };
    render_site_into(&input, &sink, &PageCache::default(), tick)?;
    Ok(sink.into_files())
}

/// Everything a site is made from.
#[derive(Debug, Clone, Copy)]
pub struct Input<'a> {
    /// The results.
    pub dataset: &'a Dataset,
    /// Their ratings.
    pub ratings: &'a Ratings,
    /// The ratings of each further list (`[pools.<name>]`).
    pub pools: &'a [PoolRatings],
    /// The configuration.
    pub config: &'a Config,
    /// The templates, built in and overridden.
    pub templates: &'a TemplateSet,
    /// Markdown pages and surveys.
    pub content: &'a Content<'a>,
    /// The hashes of `dataset` as entered, when made beforehand (see
    /// [`fingerprint::EnteredPrints`]); else they are made here.
    pub entered: Option<&'a fingerprint::EnteredPrints>,
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

/// Renders every output file, Markdown pages (from `data/pages/`) included,
/// and stores each in `sink` as soon as it is made, in parallel; a file
/// whose inputs did not change since the previous build is taken over by
/// `cache` without rendering. `tick` is called once per player and tournament.
pub fn render_site_into(
    input: &Input,
    sink: &dyn Sink,
    cache: &PageCache,
    tick: &(dyn Fn() + Sync),
) -> Result<(), SiteError> {
    let Input {
        dataset,
        ratings,
        pools: pool_ratings,
        config,
        templates,
        content,
        entered,
    } = *input;
    let md_pages = content.pages;
    let tera = templates
        .engine()
        .map_err(|e| RenderError::new("(compiling templates)", &e))?;
    let views = ViewBuilder::new(dataset, ratings, config);
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
    let budget = limits::Budget::of(&config.output);
    let watchdog = limits::Watchdog::start(budget.max_time);
    let undated_site = view::SiteView {
        as_of: String::new(),
        as_of_text: String::new(),
        ..site.clone()
    };
    let page = Page {
        prints: fingerprint::Fingerprints::new(dataset, ratings, entered),
        tera: &tera,
        dated: SiteValue::new(&site)?,
        undated: SiteValue::new(&undated_site)?,
        dated_templates: templates.dated_templates(),
        site,
        budget,
        watchdog: &watchdog,
        sink,
        cache,
        stream_sql: templates.is_built_in(crate::sql::TEMPLATE),
        write_player_pages: direct::writes_player_pages(templates),
        write_list_pages: direct::writes_list_pages(templates),
        write_tournament_pages: direct::writes_tournament_pages(templates),
        write_markdown_list: direct::writes_markdown_list(templates),
        html_paths: Mutex::new(Vec::new()),
    };
    for (name, bytes) in &templates.statics {
        page.put(&format!("static/{name}"), bytes)?;
    }
    // Site-wide pages and the SQL dumps render beside the per-player and
    // per-tournament pages: both halves are big, so neither waits for the other.
    let (site_wide, per_item) = rayon::join(
        || {
            render_site_wide(
                &page,
                &views,
                &pool_views,
                dataset,
                ratings,
                config,
                md_pages,
            )
        },
        || {
            render_per_item(
                &page,
                &views,
                &pool_views,
                &pool_builders,
                dataset,
                config,
                tick,
            )
        },
    );
    site_wide?;
    per_item?;
    survey::render_surveys(
        &page,
        content.surveys,
        config.output.html,
        config.output.markdown,
    )?;
    if config.output.html {
        let mut paths = std::mem::take(&mut *site_files::lock(&page.html_paths));
        paths.sort_unstable();
        if let Some(map) = sitemap(&paths, &page.site.base_url) {
            page.put("sitemap.xml", &map)?;
        }
    }
    Ok(())
}

/// The front pages, the rating lists, the search index, the list downloads
/// and the SQL dumps.
fn render_site_wide(
    page: &Page,
    views: &ViewBuilder,
    pool_views: &[pools::PoolViews],
    dataset: &Dataset,
    ratings: &Ratings,
    config: &Config,
    md_pages: &[MdPage],
) -> Result<(), SiteError> {
    // Every player's list states, for the current list's movements and
    // the year-end lists: made once, not once for each list.
    let (history, slugs) = rayon::join(|| views.list_history(), || GroupSlugs::of(dataset));
    let list = views.rating_list_with(&history);
    let years = views.years();
    // The SQL dumps are the biggest single files, and the whole list's
    // downloads the biggest single pages: each made beside the paged pages,
    // not after them on one thread.
    let (pages, (dumps, downloads)) = rayon::join(
        || -> Result<(), SiteError> {
            // Dropped as soon as the year-end lists are made.
            let history = history;
            if config.output.html {
                let front = FrontPages {
                    list: &list,
                    years: &years,
                    slugs: &slugs,
                    md_pages,
                };
                // The search index is made on one thread: beside the
                // lists' pages, not after them.
                let (lists, front) = rayon::join(
                    || {
                        let lists = (&list, &history);
                        let done = render_lists(page, views, lists, &slugs, dataset, config);
                        drop(history);
                        done
                    },
                    || render_front_pages(page, views, &front, dataset, config),
                );
                lists?;
                front?;
                pools::render_pool_pages(page, pool_views, dataset)?;
                if config.output.methods {
                    methods::render_methods(page, dataset, config)?;
                }
            }
            Ok(())
        },
        || {
            rayon::join(
                || -> Result<(), SiteError> {
                    if config.output.sql && !config.output.sql_dialects.is_empty() {
                        render_sql(page, dataset, ratings, &list, pool_views, config)?;
                    }
                    Ok(())
                },
                || render_whole_list_downloads(page, &list, config),
            )
        },
    );
    pages?;
    dumps?;
    downloads
}

/// The whole rating list as one Markdown page and one CSV file, when the
/// configuration asks for them.
fn render_whole_list_downloads(
    page: &Page,
    list: &RatingListView,
    config: &Config,
) -> Result<(), SiteError> {
    if config.output.markdown {
        // The whole list as one template value is big: made only when the
        // list changed.
        let own = list.whole().fingerprint();
        let names = ("ratings.md", direct::RATINGS_MARKDOWN, "");
        if page.write_markdown_list {
            page.emit_written(names, own, || {
                direct::ratings_markdown(&page.site.title, list)
            })?;
        } else {
            page.emit_fingerprinted(names, "", own, || {
                let mut ctx = tera::Context::new();
                ctx.insert("list", list);
                ctx
            })?;
        }
    }
    if config.output.csv {
        page.put("ratings.csv", &rating_list_csv(list))?;
    }
    Ok(())
}

/// The SQL dumps, one per dialect. With the built-in template each is
/// written row by row as the rows are made, never whole in memory; a
/// repository's own template gets the whole dump at once.
fn render_sql(
    page: &Page,
    dataset: &Dataset,
    ratings: &Ratings,
    list: &RatingListView,
    pool_views: &[pools::PoolViews],
    config: &Config,
) -> Result<(), SiteError> {
    let published = list.published();
    if !page.stream_sql {
        let dump = whole_dump(dataset, ratings, &published, pool_views);
        for &dialect in &config.output.sql_dialects {
            let text = render_whole_dump(page.tera, &dump, dialect)?;
            page.put(dialect.file_name(), text.as_bytes())?;
        }
        return Ok(());
    }
    let pool_lists = pools::pool_lists(pool_views, dataset);
    // The dataset and the configuration determine the rows.
    let rows = page.prints.dataset();
    for &dialect in &config.output.sql_dialects {
        let (head, tail) = crate::sql::frame(page.tera, dialect, !pool_lists.is_empty())
            .map_err(|e| RenderError::new(crate::sql::TEMPLATE, &e))?;
        let file = dialect.file_name();
        let own = fingerprint::Hasher::default()
            .key(rows)
            .add(&(&head, &tail))
            .finish();
        let key = page.cache.fingerprint_key(
            (crate::sql::TEMPLATE, file, ""),
            page.site_for(crate::sql::TEMPLATE).key,
            own,
        );
        if page.reuse(file, key)? {
            continue;
        }
        let previous = previous_dump::PreviousDump::open(page.cache, page.sink, file);
        page.put_streamed(file, key, &mut |out| {
            let rows = DumpRows {
                dataset,
                ratings,
                published: &published,
                pools: &pool_lists,
                keys: Some(page.prints.unit_keys()),
            };
            rows.write_framed((&head, &tail), dialect, out, Some(&previous))
        })?;
    }
    Ok(())
}

/// Every row of the dump at once, for a repository's own SQL template.
fn whole_dump(
    dataset: &Dataset,
    ratings: &Ratings,
    published: &crate::sql::PublishedList,
    pool_views: &[pools::PoolViews],
) -> crate::sql::SqlDump {
    let mut dump = crate::sql::SqlDump::new(dataset, ratings, published);
    pools::add_to_dump(&mut dump, pool_views, dataset);
    dump
}

/// Renders the SQL template over the whole `dump` for `dialect`.
fn render_whole_dump(
    tera: &tera::Tera,
    dump: &crate::sql::SqlDump,
    dialect: crate::sql::Dialect,
) -> Result<String, RenderError> {
    let _current = crate::memory::rendering(crate::sql::TEMPLATE);
    crate::sql::render(tera, dump, dialect).map_err(|e| RenderError::new(crate::sql::TEMPLATE, &e))
}

/// Everything one SQL dump holds.
struct DumpRows<'a> {
    dataset: &'a Dataset,
    ratings: &'a Ratings,
    published: &'a crate::sql::PublishedList,
    pools: &'a [crate::sql::PoolList<'a>],
    /// The keys of the big tables' units, when the dump takes pieces over.
    keys: Option<crate::sql::UnitKeys<'a>>,
}

impl DumpRows<'_> {
    /// Writes the rows in `dialect` between the built-in template's `head`
    /// and `tail`, as they are made.
    fn write_framed(
        &self,
        (head, tail): (&str, &str),
        dialect: crate::sql::Dialect,
        out: &mut dyn crate::sql::DumpOut,
        previous: Option<&dyn crate::sql::Pieces>,
    ) -> std::io::Result<()> {
        out.write_all(head.as_bytes())?;
        let mut rows = crate::sql::InsertWriter::new(out, dialect);
        if let Some(previous) = previous {
            rows = rows.reusing(previous, head.len() as u64);
        }
        crate::sql::base_tables(
            self.dataset,
            self.ratings,
            self.published,
            self.keys,
            &mut rows,
        )?;
        crate::sql::pool_tables(self.dataset, self.pools, &mut rows)?;
        out.write_all(tail.as_bytes())
    }
}

/// Why an SQL dump could not be written.
#[derive(Debug, thiserror::Error)]
pub enum DumpError {
    /// The template failed.
    #[error(transparent)]
    Render(#[from] RenderError),
    /// Writing the dump failed.
    #[error("cannot write the dump: {0}")]
    Write(#[from] std::io::Error),
}

/// Writes the SQL dump for `dialect` into `out`, `published_ratings` ranked
/// by the current rating list. With the built-in template (`built_in`) the
/// rows are written as they are made, never whole in memory; a repository's
/// own template gets the whole dump at once.
#[allow(clippy::too_many_arguments)]
pub fn write_sql_dump(
    tera: &tera::Tera,
    built_in: bool,
    dataset: &Dataset,
    ratings: &Ratings,
    pool_ratings: &[PoolRatings],
    config: &Config,
    dialect: crate::sql::Dialect,
    out: &mut dyn std::io::Write,
) -> Result<(), DumpError> {
    let list = ViewBuilder::new(dataset, ratings, config).rating_list();
    let published = list.published();
    let pool_views: Vec<pools::PoolViews> = pool_ratings
        .iter()
        .map(|p| pools::PoolViews::new(p, config))
        .collect();
    if !built_in {
        let dump = whole_dump(dataset, ratings, &published, &pool_views);
        let text = render_whole_dump(tera, &dump, dialect)?;
        return Ok(out.write_all(text.as_bytes())?);
    }
    let pool_lists = pools::pool_lists(&pool_views, dataset);
    let (head, tail) = crate::sql::frame(tera, dialect, !pool_lists.is_empty())
        .map_err(|e| RenderError::new(crate::sql::TEMPLATE, &e))?;
    let rows = DumpRows {
        dataset,
        ratings,
        published: &published,
        pools: &pool_lists,
        keys: None,
    };
    let mut out = out;
    Ok(rows.write_framed((&head, &tail), dialect, &mut out, None)?)
}

/// A page for each player, and each tournament's page, Markdown, CSV and TRF.
#[allow(clippy::too_many_arguments)]
fn render_per_item(
    page: &Page,
    views: &ViewBuilder,
    pool_views: &[pools::PoolViews],
    pool_builders: &BTreeMap<&str, ViewBuilder>,
    dataset: &Dataset,
    config: &Config,
    tick: &(dyn Fn() + Sync),
) -> Result<(), SiteError> {
    let sql_files = sql_files(config);
    let sql_links: Vec<(&str, &str)> = sql_files.iter().map(|f| (f.file, f.database)).collect();
    let rules = views.rules();
    let prints = &page.prints;
    let rules_hash = fingerprint::of(&rules);
    let writer = direct::PageWriter::new(&page.site, &rules);
    // Made into a template value once: every page shares it.
    let rules_value = template_value(&rules, "html/player.html")?;
    if config.output.html {
        (0..dataset.players.len())
            .into_par_iter()
            .try_for_each(|i| -> Result<(), SiteError> {
                let path = format!("players/{}.html", dataset.players[i].id);
                let own = player_fingerprint(prints, views, pool_views, i, rules_hash);
                let names = (path.as_str(), direct::PLAYER, "../");
                if page.write_player_pages {
                    page.emit_written(names, own, || {
                        writer.player(&direct::PlayerPage {
                            root: "../",
                            path: &path,
                            player: &views.player(i),
                            pools: &pools::player_sections(pool_views, dataset, i),
                        })
                    })?;
                } else {
                    page.emit_fingerprinted(names, &path, own, || {
                        let mut ctx = tera::Context::new();
                        ctx.insert("player", &views.player(i));
                        ctx.insert("pools", &pools::player_sections(pool_views, dataset, i));
                        ctx.insert_value("rules", rules_value.clone());
                        ctx
                    })?;
                }
                tick();
                Ok(())
            })?;
    }
    (0..dataset.tournaments.len())
        .into_par_iter()
        .try_for_each(|i| -> Result<(), SiteError> {
            // A tournament's ratings are those of its own list.
            let builder = dataset.tournaments[i]
                .pool
                .as_deref()
                .and_then(|p| pool_builders.get(p))
                .unwrap_or(views);
            let own = fingerprint::Hasher::default()
                .key(prints.tournament(builder.ratings(), i))
                .key(rules_hash)
                .add(&sql_files)
                .finish();
            // Each made once, for the first page the cache does not hold.
            let view = std::sync::OnceLock::new();
            let view = || view.get_or_init(|| builder.tournament(i));
            let list = std::sync::OnceLock::new();
            let list = || list.get_or_init(|| pools::list_of(pool_views, &dataset.tournaments[i]));
            let made = std::sync::OnceLock::new();
            let context = || {
                made.get_or_init(|| {
                    let mut ctx = tera::Context::new();
                    ctx.insert("tournament", view());
                    ctx.insert_value("rules", rules_value.clone());
                    ctx.insert("list", list());
                    ctx.insert("downloads", &config.output);
                    ctx.insert("sql_files", &sql_files);
                    ctx
                })
                .clone()
            };
            let id = &dataset.tournaments[i].id;
            if config.output.html {
                let path = format!("tournaments/{id}.html");
                let names = (path.as_str(), direct::TOURNAMENT, "../");
                if page.write_tournament_pages {
                    page.emit_written(names, own, || {
                        writer.tournament(&direct::TournamentPage {
                            root: "../",
                            path: &path,
                            tournament: view(),
                            list: list().as_ref(),
                            csv: config.output.csv,
                            markdown: config.output.markdown,
                            sql_files: &sql_links,
                        })
                    })?;
                } else {
                    page.emit_fingerprinted(names, &path, own, context)?;
                }
            }
            if config.output.markdown {
                let path = format!("tournaments/{id}.md");
                let names = (path.as_str(), "md/tournament.md", "../");
                page.emit_fingerprinted(names, "", own, context)?;
            }
            if config.output.csv {
                let t = &dataset.tournaments[i];
                let record = prints.tournament_record(i);
                page.put_fingerprinted(&format!("tournaments/{id}.csv"), record, || {
                    crate::tournament::crosstable_file::crosstable_csv(t)
                })?;
                let personal = if config.site.publish_personal_data {
                    crate::tournament::trf_exchange::PersonalData::Include
                } else {
                    crate::tournament::trf_exchange::PersonalData::Omit
                };
                // The configuration (personal data, TRF edition) is part of every key.
                let people = prints.tournament_people(i);
                page.put_fingerprinted(&format!("tournaments/{id}.trf"), people, || {
                    crate::tournament::trf_exchange::tournament_to_trf_version(
                        t,
                        dataset,
                        personal,
                        config.output.trf_version.version(),
                    )
                    .write()
                    .into_bytes()
                })?;
            }
            tick();
            Ok(())
        })
}

/// The fingerprint of a player's page: the player in the association's
/// list and in each further list, and the rules every player page shows.
fn player_fingerprint(
    prints: &fingerprint::Fingerprints,
    views: &ViewBuilder,
    pool_views: &[pools::PoolViews],
    index: usize,
    rules: cache::Key,
) -> cache::Key {
    let mut hasher = fingerprint::Hasher::default();
    hasher.key(rules).key(prints.player(views.ratings(), index));
    for pool in pool_views {
        hasher.add(&pool.pool.name).add(&pool.pool.title);
        hasher.key(prints.player(&pool.pool.ratings, index));
    }
    hasher.finish()
}

/// Pages that come from content files rather than from the results.
#[derive(Debug, Default, Clone, Copy)]
pub struct Content<'a> {
    /// Markdown pages from `data/pages/`.
    pub pages: &'a [MdPage],
    /// Handicap surveys from `data/surveys/`.
    pub surveys: &'a [crate::load::NamedSurvey],
}

/// What the front pages show beside the data.
struct FrontPages<'a, 'l> {
    list: &'a RatingListView<'l>,
    years: &'a [view::YearView],
    slugs: &'a GroupSlugs,
    md_pages: &'a [MdPage],
}

/// Index, tournaments, rules, search, downloads, 404 and the Markdown pages.
fn render_front_pages(
    page: &Page,
    views: &ViewBuilder,
    front: &FrontPages,
    dataset: &Dataset,
    config: &Config,
) -> Result<(), SiteError> {
    let FrontPages {
        list,
        years,
        slugs,
        md_pages,
    } = *front;
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
    let top: Vec<&view::RatedRow<'_>> = list
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
    // The list's heading and counts: its rows are on the list's own pages.
    ctx.insert("list", &list.summary());
    ctx.insert("leaders", &leaders(list, slugs));
    page.emit("index.html", "html/index.html", "", "index.html", ctx)?;
    let list = ("html/tournaments.html", "tournaments/index.html", "../");
    paged_years(page, years, list, "tournaments/by-year", &NothingMore {})?;
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
        page.emit(&path, "html/page.html", "../", &path, ctx)?;
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
    page.emit("rules.html", "html/rules.html", "", "rules.html", ctx)?;
    let entries = search::entries(dataset);
    search::write_index(page, &entries)?;
    render_browse_list(page, &entries)?;
    let files = sql_files(config);
    paged_years(
        page,
        years,
        ("html/downloads.html", "downloads.html", ""),
        "downloads",
        &DownloadsMore {
            output: &config.output,
            sql_files: &files,
        },
    )?;
    // The 404 page lives at the site root. Its links are relative to it, as on
    // every page (so they work from file:// and under any sub-path); when the
    // site's address is known they are absolute, so they also work when a
    // server shows the page for a missing address deeper in the site.
    let root404 = page.site.base_url.clone();
    let _ = views;
    page.emit(
        "404.html",
        "html/404.html",
        &root404,
        "",
        tera::Context::new(),
    )?;
    Ok(())
}

/// The search page's list of every player and tournament: on the page
/// itself when it fits; else the page links to the browse groups (see
/// [`search::BrowseGroup`]), each over pages of [`paginate::ROWS_PER_PAGE`].
fn render_browse_list(page: &Page, entries: &[search::Entry]) -> Result<(), SiteError> {
    if entries.len() <= paginate::ROWS_PER_PAGE {
        let mut ctx = tera::Context::new();
        ctx.insert("entries", entries);
        ctx.insert(
            "pagination",
            &paginate::Pagination::new("search.html", 1, 1),
        );
        return page.emit("search.html", "html/search.html", "", "search.html", ctx);
    }
    let groups = search::browse_groups(entries);
    let nav = |current: Option<&str>| -> Vec<BrowseKind> {
        let mut kinds: Vec<BrowseKind> = Vec::new();
        for group in &groups {
            if kinds.last().is_none_or(|k| k.name != group.kind) {
                kinds.push(BrowseKind {
                    name: group.kind,
                    links: Vec::new(),
                });
            }
            if let Some(kind) = kinds.last_mut() {
                kind.links.push(BrowseLink {
                    text: group.title.clone(),
                    href: group.first.clone(),
                    current: current == Some(group.first.as_str()),
                });
            }
        }
        kinds
    };
    let mut ctx = tera::Context::new();
    ctx.insert("entries", &Vec::<search::Entry>::new());
    ctx.insert("browse", &nav(None));
    ctx.insert(
        "pagination",
        &paginate::Pagination::new("search.html", 1, 1),
    );
    page.emit("search.html", "html/search.html", "", "search.html", ctx)?;
    groups.par_iter().try_for_each(|group| {
        let browse = nav(Some(&group.first));
        let names = ("html/search.html", group.first.as_str(), "../");
        let title = format!("{}: {}", group.kind, group.title);
        emit_paged(page, names, group.entries.len(), |rows, pagination| {
            BrowsePage {
                entries: group.entries[rows].iter().map(|&e| &entries[e]).collect(),
                browse: &browse,
                group: &title,
                pagination,
            }
        })
    })
}

/// What a page of a browse group shows.
#[derive(Serialize)]
struct BrowsePage<'a> {
    /// Its entries.
    entries: Vec<&'a search::Entry>,
    /// The links to every browse group.
    browse: &'a [BrowseKind],
    /// The group's heading.
    group: &'a str,
    /// "Page n of m".
    pagination: paginate::Pagination,
}

/// Renders a list of `rows` rows over pages of [`paginate::ROWS_PER_PAGE`]
/// (`first`, then `first` numbered `.2`, …) with `template`; `data` gives
/// a page's context (see [`Page::emit_data`]) from the rows it shows and its
/// pagination.
fn emit_paged<T: Serialize>(
    page: &Page,
    (template, first, root): (&str, &str, &str),
    rows: usize,
    data: impl Fn(std::ops::Range<usize>, paginate::Pagination) -> T + Sync,
) -> Result<(), SiteError> {
    let count = paginate::page_count(rows);
    (1..=count).into_par_iter().try_for_each(|number| {
        let file = paginate::page_file(first, number);
        let pagination = paginate::Pagination::new(first, number, count);
        let data = data(paginate::page_rows(rows, number), pagination);
        page.emit_data((&file, template, root), &file, &data)
    })
}

/// One kind of browse group (players, tournaments) on the search page.
#[derive(Debug, Clone, Serialize)]
struct BrowseKind {
    /// `Players` or `Tournaments`.
    name: &'static str,
    /// Its groups.
    links: Vec<BrowseLink>,
}

/// A link to a browse group's first page.
#[derive(Debug, Clone, Serialize)]
struct BrowseLink {
    /// A letter, `0–9`, `Other` or a year.
    text: String,
    /// Address from the site root.
    href: String,
    /// Whether the page shown is of this group.
    current: bool,
}

/// A page listing tournaments by year (the tournament list, the downloads):
/// `(template, address of the page, root)`; `more` is what the template
/// needs besides `years`, `year_links` and `pagination` (its fields are
/// added to the context).
///
/// When every tournament fits one page ([`paginate::ROWS_PER_PAGE`]), that
/// page lists them all. Otherwise each year has pages of its own under
/// `folder` (`<folder>/<year>.html`, then `<year>.2.html`, …), linked from
/// every page, and the page itself shows the newest year: a new tournament
/// changes its year's pages only, and a year's address never moves.
fn paged_years(
    page: &Page,
    years: &[view::YearView],
    (template, first, root): (&str, &str, &str),
    folder: &str,
    more: &(impl Serialize + Sync),
) -> Result<(), SiteError> {
    let rows: usize = years.iter().map(|y| y.tournaments.len()).sum();
    if rows <= paginate::ROWS_PER_PAGE {
        let data = YearsPage {
            years: years
                .iter()
                .map(|y| YearRows::part(y, 0..y.tournaments.len()))
                .collect(),
            year_links: Vec::new(),
            pagination: paginate::Pagination::new(first, 1, 1),
            more,
        };
        return page.emit_data((first, template, root), first, &data);
    }
    let year_first = |year: i32| format!("{folder}/{year}.html");
    let year_links = |current: i32| -> Vec<BrowseLink> {
        years
            .iter()
            .map(|y| BrowseLink {
                text: y.year.to_string(),
                href: year_first(y.year),
                current: y.year == current,
            })
            .collect()
    };
    let year_root = "../".repeat(folder.split('/').count());
    if let Some(newest) = years.first() {
        // The list's own address shows the newest year's first page.
        let tournaments = newest.tournaments.len();
        let count = paginate::page_count(tournaments);
        let pagination = paginate::Pagination::new(&year_first(newest.year), 1, count);
        let rows = YearRows::part(newest, paginate::page_rows(tournaments, 1));
        let data = YearsPage::of(rows, year_links(newest.year), pagination, more);
        page.emit_data((first, template, root), first, &data)?;
    }
    years.par_iter().try_for_each(|year| {
        let year_first = year_first(year.year);
        let names = (template, year_first.as_str(), year_root.as_str());
        emit_paged(page, names, year.tournaments.len(), |rows, pagination| {
            let rows = YearRows::part(year, rows);
            YearsPage::of(rows, year_links(year.year), pagination, more)
        })
    })
}

/// What a page of tournaments by year shows.
#[derive(Serialize)]
struct YearsPage<'a, M> {
    /// The years shown, each with the tournaments of it on this page.
    years: Vec<YearRows<'a>>,
    /// The links to every year's pages (none when one page lists all).
    year_links: Vec<BrowseLink>,
    /// "Page n of m".
    pagination: paginate::Pagination,
    /// What the template needs besides.
    #[serde(flatten)]
    more: &'a M,
}

/// Some tournaments of one year, as [`view::YearView`] shows them.
#[derive(Serialize)]
struct YearRows<'a> {
    /// The year.
    year: i32,
    /// The tournaments, newest first.
    tournaments: &'a [view::TournamentSummary],
}

impl<'a> YearRows<'a> {
    /// `year`'s tournaments in `rows`.
    fn part(year: &'a view::YearView, rows: std::ops::Range<usize>) -> YearRows<'a> {
        YearRows {
            year: year.year,
            tournaments: &year.tournaments[rows],
        }
    }
}

impl<'a, M> YearsPage<'a, M> {
    /// The page showing `rows` of one year.
    fn of(
        rows: YearRows<'a>,
        year_links: Vec<BrowseLink>,
        pagination: paginate::Pagination,
        more: &'a M,
    ) -> YearsPage<'a, M> {
        YearsPage {
            years: vec![rows],
            year_links,
            pagination,
            more,
        }
    }
}

/// What the downloads page needs besides the tournaments by year.
#[derive(Serialize)]
struct DownloadsMore<'a> {
    /// Which downloads the site has.
    output: &'a crate::config::OutputConfig,
    /// The SQL dumps.
    sql_files: &'a [SqlFile],
}

/// Nothing besides the tournaments by year.
#[derive(Serialize)]
struct NothingMore {}

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
    (list, history): (&RatingListView, &view::ListHistory),
    slugs: &GroupSlugs,
    dataset: &Dataset,
    config: &Config,
) -> Result<(), SiteError> {
    let memberships: BTreeMap<String, String> =
        distinct(&dataset.players, |p| Some(p.membership.as_str()))
            .into_iter()
            .map(|name| (name.to_string(), name.to_string()))
            .collect();
    let mut groups = Vec::new();
    let mut filtered: Vec<(String, String, Filter)> = Vec::new();
    let mut group = |name: &str,
                     prefix: &str,
                     values: &BTreeMap<String, String>,
                     field: fn(&crate::model::Player) -> Option<&str>| {
        let mut links = Vec::new();
        for (value, slug) in values {
            let path = format!("lists/{prefix}-{slug}.html");
            let title = format!("{name}: {value}");
            filtered.push((path.clone(), title, Filter::Field(field, value.clone())));
            links.push(Link {
                text: value.clone(),
                href: path,
            });
        }
        groups.push(FilterGroup {
            name: name.to_string(),
            links,
        });
    };
    group("Club", "club", &slugs.clubs, |p| p.club.as_deref());
    group("Country", "country", &slugs.countries, |p| {
        p.country.as_deref()
    });
    group("Membership", "membership", &memberships, |p| {
        Some(p.membership.as_str())
    });
    if config.site.publish_personal_data && !config.lists.categories.is_empty() {
        let year = crate::model::Date::parse(&list.date).map_or(1970, |d| d.year);
        let mut links = Vec::new();
        for &category in &config.lists.categories {
            let path = format!("lists/{}.html", category.as_str());
            let title = format!("Category: {}", category.as_str());
            filtered.push((path.clone(), title, Filter::Category(category, year)));
            links.push(Link {
                text: category.as_str().to_string(),
                href: path,
            });
        }
        groups.push(FilterGroup {
            name: "Category".to_string(),
            links,
        });
    }
    let archive = archive_years(dataset);
    let archive_links = archive_links(&archive, "");
    let own_links = fingerprint::of(&(&groups, &archive_links));
    let rules = views.rules();
    let writer = direct::PageWriter::new(&page.site, &rules);
    // `own`: the fingerprint of the list's data, for lists keyed by it.
    let render_list = |first: &str, view: &RatingListView, root: &str, own: Option<cache::Key>| {
        let rows = view.row_count();
        let count = paginate::page_count(rows);
        (1..=count)
            .into_par_iter()
            .try_for_each(|number| -> Result<(), SiteError> {
                let file = paginate::page_file(first, number);
                let names = (file.as_str(), direct::RATING_LIST, root);
                let shown = if count > 1 {
                    view.page(paginate::page_rows(rows, number))
                } else {
                    view.whole()
                };
                let key = match own {
                    Some(own) => list_page_key(own, number),
                    // Keyed by the page's rows, its number and the page
                    // count; the filters and archive links are `own_links`.
                    None => fingerprint::Hasher::default()
                        .key(own_links)
                        .key(shown.fingerprint())
                        .add(&(number, count))
                        .finish(),
                };
                let filtered = first != "ratings.html";
                let archived = first.starts_with("archive/");
                let pagination = paginate::Pagination::new(first, number, count);
                if page.write_list_pages {
                    return page.emit_written(names, key, || {
                        writer.rating_list(&direct::ListPage {
                            root,
                            path: &file,
                            list: &shown,
                            filters: &groups,
                            archive: &archive_links,
                            filtered,
                            archived,
                            markdown: config.output.markdown,
                            pagination: &pagination,
                        })
                    });
                }
                page.emit_fingerprinted(names, &file, key, || {
                    let mut ctx = tera::Context::new();
                    ctx.insert("list", &shown);
                    ctx.insert("filters", &groups);
                    ctx.insert("archive", &archive_links);
                    ctx.insert("filtered", &filtered);
                    ctx.insert("archived", &archived);
                    ctx.insert("markdown", &config.output.markdown);
                    ctx.insert("pagination", &pagination);
                    ctx
                })
            })
    };
    render_list("ratings.html", list, "", None)?;
    // One list at a time, each made when its pages are rendered (in
    // parallel): lists rendered side by side would each hold all their rows,
    // and a thread waiting for its pages would start yet another list.
    filtered.iter().try_for_each(|(path, title, filter)| {
        let view = views.filtered_list(list, title, |p| filter.accepts(p));
        render_list(path, &view, "../", None)
    })?;
    // A year-end list is keyed by what it is made of (every player, for the
    // filters too, and the tournaments by then): a new tournament leaves the
    // past years' lists as they were, without building them.
    let mut to_make = Vec::new();
    let latest = views.list_date();
    for year in &archive {
        let Some(date) = year_list_date(*year, latest) else {
            continue;
        };
        let own = fingerprint::Hasher::default()
            .key(page.prints.list_as_of(date))
            .add(&archive)
            .finish();
        let first = format!("archive/{year}.html");
        if !reuse_list(page, (&first, direct::RATING_LIST, "../"), own)? {
            to_make.push((first, date, own));
        }
    }
    to_make.iter().try_for_each(|(first, date, own)| {
        let view = views.rating_list_from(history, *date);
        render_list(first, &view, "../", Some(*own))
    })?;
    let mut ctx = tera::Context::new();
    ctx.insert("archive", &archive_links);
    page.emit(
        "archive/index.html",
        "html/archive.html",
        "../",
        "archive/index.html",
        ctx,
    )?;
    Ok(())
}

/// The fingerprint of page `number` of a list whose data has the fingerprint `own`.
fn list_page_key(own: cache::Key, number: usize) -> cache::Key {
    fingerprint::Hasher::default()
        .key(own)
        .add(&number)
        .finish()
}

/// Takes every page of the list at `first` (template, root) over from the
/// published site when the previous build made them all from a list with
/// the fingerprint `own`; whether it did (else the list is to be rendered).
fn reuse_list(
    page: &Page,
    (first, template, root): (&str, &str, &str),
    own: cache::Key,
) -> Result<bool, SiteError> {
    for number in 1.. {
        let file = paginate::page_file(first, number);
        let key = page.cache.fingerprint_key(
            (template, &file, root),
            page.site_for(template).key,
            list_page_key(own, number),
        );
        if !page.cache.had(&file, key) {
            // Past the last page of that list, or no such list.
            return Ok(number > 1);
        }
        if !page.reuse(&file, key)? {
            return Ok(false);
        }
    }
    Ok(false)
}

/// Who is on a filtered list.
enum Filter {
    /// Players whose field has the value.
    Field(fn(&crate::model::Player) -> Option<&str>, String),
    /// A category in the list's year.
    Category(crate::config::Category, i32),
}

impl Filter {
    fn accepts(&self, player: &crate::model::Player) -> bool {
        match self {
            Filter::Field(field, wanted) => field(player) == Some(wanted.as_str()),
            Filter::Category(category, year) => in_category(player, *category, *year),
        }
    }
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
struct Leader<'a> {
    /// `Club` or `Country`.
    kind: &'static str,
    /// The group's list page.
    list: Link,
    /// Its top player.
    player: view::PlayerLink<'a>,
    rating: i32,
}

fn leaders<'a>(list: &RatingListView<'a>, slugs: &GroupSlugs) -> Vec<Leader<'a>> {
    let mut out: Vec<Leader> = Vec::new();
    for (kind, prefix) in [("Club", "club"), ("Country", "country")] {
        let slugs = if kind == "Club" {
            &slugs.clubs
        } else {
            &slugs.countries
        };
        let mut seen = std::collections::BTreeMap::new();
        for row in list.established.iter().filter(|r| r.rank.is_some()) {
            let value = if kind == "Club" {
                row.club
            } else {
                row.country
            };
            if !value.is_empty() && !seen.contains_key(value) {
                seen.insert(value, row);
            }
        }
        out.extend(seen.into_iter().map(|(value, row)| Leader {
            kind,
            list: Link {
                href: format!(
                    "lists/{prefix}-{}.html",
                    slugs.get(value).map_or("x", String::as_str)
                ),
                text: value.to_string(),
            },
            player: row.player,
            rating: row.rating,
        }));
    }
    out
}

/// Years with a tournament, newest first: each gets a year-end list.
/// Links to the year-end lists under `{prefix}archive/`, newest first: the
/// newest year's list is the current one so far.
fn archive_links(years: &[i32], prefix: &str) -> Vec<Link> {
    years
        .iter()
        .enumerate()
        .map(|(i, y)| Link {
            text: if i == 0 {
                format!("{y} to date")
            } else {
                format!("End of {y}")
            },
            href: format!("{prefix}archive/{y}.html"),
        })
        .collect()
}

/// The day a year's list stands at: the end of the year, or for the year
/// the results have not yet seen the end of, the last day of the latest
/// tournament (`latest`, the current list's date): no list is dated after
/// the results it is made of.
fn year_list_date(year: i32, latest: Option<Date>) -> Option<Date> {
    let end = Date::new(year, 12, 31)?;
    Some(latest.map_or(end, |latest| latest.min(end)))
}

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
    field: fn(&crate::model::Player) -> Option<&str>,
) -> BTreeMap<String, String> {
    let values = distinct(&dataset.players, field);
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
        slugs.insert(value.to_string(), candidate);
    }
    slugs
}

/// The distinct values of `field` among `players`, in order. Sorted on
/// every core: a federation has hundreds of thousands of players.
fn distinct(
    players: &[crate::model::Player],
    field: fn(&crate::model::Player) -> Option<&str>,
) -> Vec<&str> {
    use rayon::prelude::*;
    let mut values: Vec<&str> = players.par_iter().filter_map(field).collect();
    values.par_sort_unstable();
    values.dedup();
    values
}

/// The page name part of every club's and every country's list.
#[derive(Debug)]
struct GroupSlugs {
    clubs: BTreeMap<String, String>,
    countries: BTreeMap<String, String>,
}

impl GroupSlugs {
    fn of(dataset: &Dataset) -> GroupSlugs {
        let (clubs, countries) = rayon::join(
            || list_slugs(dataset, |p| p.club.as_deref()),
            || list_slugs(dataset, |p| p.country.as_deref()),
        );
        GroupSlugs { clubs, countries }
    }
}

/// Why a build without `site.base_url` has no `sitemap.xml`, for the build output.
pub const NO_SITEMAP_NOTE: &str = "no sitemap.xml: set `site.base_url` in ratingbook.toml (the sitemap protocol needs absolute addresses)";

/// Whether a build with `config` writes `sitemap.xml`.
pub fn writes_sitemap(config: &Config) -> bool {
    config.output.html && !config.site.base_url.is_empty()
}

/// `sitemap.xml`: every HTML page but the 404 page, with absolute addresses.
/// `None` without a `base_url`: the sitemap protocol forbids relative `<loc>`s.
fn sitemap(html_paths: &[String], base_url: &str) -> Option<Vec<u8>> {
    if base_url.is_empty() {
        return None;
    }
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for path in html_paths.iter().filter(|p| p.as_str() != "404.html") {
        out.push_str(&format!(
            "<url><loc>{}{}</loc></url>\n",
            format::html_escaped(base_url),
            format::html_escaped(path)
        ));
    }
    out.push_str("</urlset>\n");
    Some(out.into_bytes())
}

/// The site-wide values as a template value, made once for every page, and
/// their hash, for fingerprinted pages.
struct SiteValue {
    value: tera::Value,
    key: cache::Key,
}

impl SiteValue {
    fn new(site: &view::SiteView) -> Result<SiteValue, RenderError> {
        Ok(SiteValue {
            value: template_value(site, "(every page)")?,
            key: fingerprint::of(site),
        })
    }
}

/// `value` as a template value, made once to be shared by many pages;
/// `template` names where a failure is reported.
fn template_value(value: &impl Serialize, template: &str) -> Result<tera::Value, RenderError> {
    tera::Value::try_from_serializable(value).map_err(|e| RenderError::new(template, &e))
}

/// What every page is rendered with, and where it goes.
struct Page<'a> {
    /// Fingerprints of the pages' own data.
    prints: fingerprint::Fingerprints<'a>,
    tera: &'a tera::Tera,
    site: view::SiteView,
    /// `site` for the templates that show the list date.
    dated: SiteValue,
    /// `site` without the list date, for every other template: their
    /// pages stay the same when a tournament on a newer date comes in.
    undated: SiteValue,
    /// The templates that show the list date (see
    /// [`templates::TemplateSet::dated_templates`]).
    dated_templates: std::collections::BTreeSet<String>,
    budget: limits::Budget,
    watchdog: &'a limits::Watchdog,
    sink: &'a dyn Sink,
    cache: &'a PageCache,
    /// Whether the SQL dumps have the built-in template, which is streamed.
    stream_sql: bool,
    /// Whether player pages have the built-in templates, which [`direct`]
    /// writes without the template engine.
    write_player_pages: bool,
    /// Whether rating list pages have the built-in templates, which
    /// [`direct`] writes without the template engine.
    write_list_pages: bool,
    /// Whether tournament pages have the built-in templates, which
    /// [`direct`] writes without the template engine.
    write_tournament_pages: bool,
    /// Whether the whole list in Markdown has the built-in template, which
    /// [`direct`] writes without the template engine.
    write_markdown_list: bool,
    /// Every HTML file stored, for the sitemap.
    html_paths: Mutex<Vec<String>>,
}

/// `ctx` with the values every page's template gets: the site-wide ones
/// (`site`), the way to the site root (`root`) and the page's own address
/// (`path`).
fn with_page_values(
    mut ctx: tera::Context,
    site: &SiteValue,
    (root, canonical): (&str, &str),
) -> tera::Context {
    ctx.insert_value("site", site.value.clone());
    ctx.insert("root", root);
    ctx.insert("path", canonical);
    ctx
}

impl Page<'_> {
    /// Renders `template` into the file `file`, unless the cache holds it.
    /// `canonical` is the page's own address for its canonical link (empty
    /// for files that have none).
    fn emit(
        &self,
        file: &str,
        template: &str,
        root: &str,
        canonical: &str,
        ctx: tera::Context,
    ) -> Result<(), SiteError> {
        let ctx = with_page_values(ctx, self.site_for(template), (root, canonical));
        let key = self.cache.page_key(template, file, &ctx);
        if self.reuse(file, key)? {
            return Ok(());
        }
        let bytes = self.render(template, canonical, &ctx)?;
        self.store(file, key, &bytes)
    }

    /// Renders `template` into the file `file` with the context `make`
    /// gives (plus the site-wide values), unless the cache holds the file
    /// made with the same `fingerprint` of the page's own data (see
    /// [`fingerprint`]): then the context is not even made.
    fn emit_fingerprinted(
        &self,
        (file, template, root): (&str, &str, &str),
        canonical: &str,
        fingerprint: cache::Key,
        make: impl FnOnce() -> tera::Context,
    ) -> Result<(), SiteError> {
        self.emit_made((file, template, root), fingerprint, |site| {
            self.render_with_site(make(), site, (template, root, canonical))
        })
    }

    /// Renders `template` into the file `file`, whose own address is
    /// `canonical`, with the fields of `data` as its context (plus the
    /// site-wide values), unless the cache holds the file made from the same
    /// data: the key is the hash of `data` serialized, so a page that is
    /// kept costs no template values.
    fn emit_data(
        &self,
        (file, template, root): (&str, &str, &str),
        canonical: &str,
        data: &impl Serialize,
    ) -> Result<(), SiteError> {
        let own = fingerprint::Hasher::default()
            .add(&canonical)
            .add(data)
            .finish();
        self.emit_made((file, template, root), own, |site| {
            let ctx =
                tera::Context::from_serialize(data).map_err(|e| RenderError::new(template, &e))?;
            self.render_with_site(ctx, site, (template, root, canonical))
        })
    }

    /// Renders `template` with `ctx` and the values every page gets (see
    /// [`with_page_values`]).
    fn render_with_site(
        &self,
        ctx: tera::Context,
        site: &SiteValue,
        (template, root, canonical): (&str, &str, &str),
    ) -> Result<Vec<u8>, RenderError> {
        let ctx = with_page_values(ctx, site, (root, canonical));
        self.render(template, canonical, &ctx)
    }

    /// Stores the page `write` makes, as [`Page::emit_fingerprinted`] stores
    /// the one `template` renders: for pages written without the template
    /// engine, under the same cache key and page size budget.
    fn emit_written(
        &self,
        (file, template, root): (&str, &str, &str),
        fingerprint: cache::Key,
        write: impl FnOnce() -> Vec<u8>,
    ) -> Result<(), SiteError> {
        self.emit_made((file, template, root), fingerprint, |_| {
            let bytes = {
                let _current = crate::memory::rendering(template);
                write()
            };
            if bytes.len() > self.budget.max_bytes {
                return Err(RenderError {
                    template: template.to_string(),
                    message: limits::too_large(self.budget),
                });
            }
            Ok(bytes)
        })
    }

    /// Stores the page of `template` that `make` makes (with the site-wide
    /// values that template gets), unless the cache holds it made with the
    /// same `fingerprint` of the page's own data.
    fn emit_made(
        &self,
        (file, template, root): (&str, &str, &str),
        fingerprint: cache::Key,
        make: impl FnOnce(&SiteValue) -> Result<Vec<u8>, RenderError>,
    ) -> Result<(), SiteError> {
        let site = self.site_for(template);
        let key = self
            .cache
            .fingerprint_key((template, file, root), site.key, fingerprint);
        if self.reuse(file, key)? {
            return Ok(());
        }
        let bytes = make(site)?;
        self.store(file, key, &bytes)
    }

    /// The `site` value `template` gets.
    fn site_for(&self, template: &str) -> &SiteValue {
        if self.dated_templates.contains(template) {
            &self.dated
        } else {
            &self.undated
        }
    }

    /// Stores a file that is not rendered from a template.
    fn put(&self, file: &str, bytes: &[u8]) -> Result<(), SiteError> {
        let key = self.cache.bytes_key(file, bytes);
        if self.reuse(file, key)? {
            return Ok(());
        }
        self.store(file, key, bytes)
    }

    /// Stores a file that is not rendered from a template, made by `make`
    /// only when the cache does not hold it made with the same
    /// `fingerprint` of its data.
    fn put_fingerprinted(
        &self,
        file: &str,
        fingerprint: cache::Key,
        make: impl FnOnce() -> Vec<u8>,
    ) -> Result<(), SiteError> {
        let key = self
            .cache
            .fingerprint_key(("", file, ""), self.undated.key, fingerprint);
        if self.reuse(file, key)? {
            return Ok(());
        }
        self.store(file, key, &make())
    }

    /// Stores a file made with `key` that is not rendered from a template,
    /// written by `write` straight into the site (for files too big to hold).
    fn put_streamed(
        &self,
        file: &str,
        key: cache::Key,
        write: &mut site_files::StreamFn,
    ) -> Result<(), SiteError> {
        self.sink.put_streamed(file, write)?;
        self.cache.made(file, key);
        self.note(file);
        Ok(())
    }

    /// Takes `file` over from the published site if the cache says it is
    /// unchanged; whether it did.
    fn reuse(&self, file: &str, key: cache::Key) -> Result<bool, SiteError> {
        let reused = self.cache.reuse(self.sink, file, key)?;
        if reused {
            self.note(file);
        }
        Ok(reused)
    }

    /// Stores the new bytes of `file`, made with `key`.
    fn store(&self, file: &str, key: cache::Key, bytes: &[u8]) -> Result<(), SiteError> {
        self.sink.put(file, bytes)?;
        self.cache.made(file, key);
        self.note(file);
        Ok(())
    }

    /// Notes an HTML file for the sitemap (only a site with an address has one).
    fn note(&self, file: &str) {
        if file.ends_with(".html") && !self.site.base_url.is_empty() {
            site_files::lock(&self.html_paths).push(file.to_string());
        }
    }

    /// Renders `template` within the page budgets.
    fn render(
        &self,
        template: &str,
        canonical: &str,
        ctx: &tera::Context,
    ) -> Result<Vec<u8>, RenderError> {
        let _watched = self.watchdog.watch(template, canonical);
        limits::render_capped(self.tera, template, ctx, self.budget).map_err(|message| {
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
            .par_iter()
            .map(|t| t.pairings().filter(|p| p.result.is_played()).count())
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
            row.id,
            &format::spreadsheet_text(row.player.text()),
            &format::spreadsheet_text(row.club),
            &format::spreadsheet_text(row.country),
            row.membership,
            &row.rating.to_string(),
            &row.games.to_string(),
            &row.last_played.to_string(),
            if row.active { "true" } else { "false" },
            list.previous_date.as_str(),
            &row.rating_change.unsigned().to_string(),
            &row.rank_change.unsigned().to_string(),
        ]);
    }
    writer.into_inner().unwrap_or_default()
}
