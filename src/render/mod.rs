//! Rendering: view models → tera templates → files of the published site.
//!
//! Content (dataset + ratings) becomes view models in [`view`], templates in
//! `templates/` turn them into HTML, Markdown and SQL, and a [`Sink`] takes
//! the result into `site/` only once everything rendered. Player pages with
//! the built-in templates are written by `direct`, the same bytes without
//! the template engine.

pub mod chart;
mod direct;
mod downloads;
mod dumps;
pub mod format;
mod front_pages;
pub mod limits;
mod lists;
pub mod markdown_pages;
mod methods;
mod page;
mod paged_lists;
pub mod paginate;
pub mod pools;
pub mod sample;
pub mod search;
pub mod simple_reports;
mod sitemap;
pub mod survey;
pub mod templates;
pub mod view;

use crate::config::Config;
use crate::incremental::cache::{self, PageCache};
use crate::incremental::fingerprint;
use crate::model::Dataset;
use crate::rating::{PoolRatings, Ratings};
use crate::site_files::{self, MemorySink, Sink, SiteFiles, WriteError};
use markdown_pages::MdPage;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::sync::Mutex;
use templates::TemplateSet;
use view::{Link, ViewBuilder};

use downloads::{render_whole_list_downloads, sql_files};
use dumps::render_sql;
pub use dumps::{write_sql_dump, DumpError};
use front_pages::{render_front_pages, FrontPages};
use lists::{render_lists, GroupSlugs};
use page::{template_value, Page, SiteValue};
pub use sitemap::{writes_sitemap, NO_SITEMAP_NOTE};

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
    let words = templates
        .translations_for(&config.site.language)
        .map_err(|problems| {
            let file = format!(
                "templates/{}",
                crate::translate::file_name(&config.site.language)
            );
            let first = problems
                .first()
                .map(|p| format!("line {}, column {}: {}", p.line, p.column, p.message));
            RenderError {
                template: file,
                message: first.unwrap_or_default(),
            }
        })?;
    let words = std::sync::Arc::new(words);
    let tera = templates
        .engine_with(words.clone())
        .map_err(|e| RenderError::new("(compiling templates)", &e))?;
    let views = ViewBuilder::new(dataset, ratings, config).in_language(words.clone());
    let pool_views: Vec<pools::PoolViews> = pool_ratings
        .iter()
        .map(|p| pools::PoolViews::new(p, config))
        .collect();
    let pool_builders: BTreeMap<&str, ViewBuilder> = pool_views
        .iter()
        .map(|p| {
            let builder = p.builder(dataset).in_language(words.clone());
            (p.pool.name.as_str(), builder)
        })
        .collect();
    let site = site_view(&views, md_pages, &pool_views, config, content);
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
        words: &words,
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
        if let Some(map) = sitemap::sitemap(&paths, &page.site.base_url) {
            page.put("sitemap.xml", &map)?;
        }
    }
    Ok(())
}

/// The site-wide values, with the links to the site's own pages: the
/// Markdown pages (not the news, not the rules), the further lists, the
/// methods page and the surveys.
fn site_view(
    views: &ViewBuilder,
    md_pages: &[MdPage],
    pool_views: &[pools::PoolViews],
    config: &Config,
    content: &Content,
) -> view::SiteView {
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
            text: views.words().text("nav-methods"),
            href: "methods.html".into(),
        });
    }
    if !content.surveys.is_empty() {
        site.pages.push(Link {
            text: views.words().text("nav-surveys"),
            href: "surveys/index.html".into(),
        });
    }
    site
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
    let writer = direct::PageWriter::new(&page.site, &rules, page.words);
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
                            pools: &pools::player_sections((pool_views, page.words), dataset, i),
                        })
                    })?;
                } else {
                    page.emit_fingerprinted(names, &path, own, || {
                        let mut ctx = tera::Context::new();
                        ctx.insert("player", &views.player(i));
                        ctx.insert(
                            "pools",
                            &pools::player_sections((pool_views, page.words), dataset, i),
                        );
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
            let lists = (views, pool_views, pool_builders);
            let shared = (rules_hash, &rules_value, &writer);
            let sql = (&sql_files[..], &sql_links[..]);
            render_tournament(page, i, lists, (dataset, config), sql, shared)?;
            tick();
            Ok(())
        })
}

/// Tournament `i`'s page, Markdown, CSV and TRF.
fn render_tournament(
    page: &Page,
    i: usize,
    (views, pool_views, pool_builders): (
        &ViewBuilder,
        &[pools::PoolViews],
        &BTreeMap<&str, ViewBuilder>,
    ),
    (dataset, config): (&Dataset, &Config),
    (sql_files, sql_links): (&[downloads::SqlFile], &[(&str, &str)]),
    (rules_hash, rules_value, writer): (cache::Key, &tera::Value, &direct::PageWriter),
) -> Result<(), SiteError> {
    let prints = &page.prints;
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
    let list = || {
        list.get_or_init(|| {
            pools::list_of(pool_views, &dataset.tournaments[i], &config.site.language)
        })
    };
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
                    sql_files: sql_links,
                })
            })?;
        } else {
            page.emit_fingerprinted(names, &path, own, context)?;
        }
        render_rounds(
            page,
            (&dataset.tournaments[i], i),
            builder,
            config,
            (rules_hash, rules_value),
        )?;
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
            crate::files::crosstable::crosstable_csv(t)
        })?;
        let personal = if config.site.publish_personal_data {
            crate::tournament::trf_exchange::PersonalData::Include
        } else {
            crate::tournament::trf_exchange::PersonalData::Omit
        };
        // The configuration (personal data, TRF edition) is part of every key.
        // Ranks as the standings publish them: they depend on the chain
        // and, through ARO and TPR, on the ratings.
        let places = builder.published_places(i);
        let key = fingerprint::Hasher::default()
            .key(prints.tournament_people(i))
            .add(&places)
            .finish();
        page.put_fingerprinted(&format!("tournaments/{id}.trf"), key, || {
            let doc = crate::tournament::trf_exchange::tournament_to_trf_version(
                t,
                dataset,
                personal,
                config.output.trf_version.version(),
            );
            crate::tournament::trf_exchange::with_ranks(doc, &places)
                .write()
                .into_bytes()
        })?;
    }
    Ok(())
}

/// Tournament `i`'s round pages (`tournaments/<id>/round-<r>.html`) and
/// player cards (`tournaments/<id>/cards.html`). Their fingerprint is what
/// they show: the tournament and its players as entered, each player's
/// rating for the event and the tie-break chain (not the rating changes,
/// which only the tournament's own page shows).
fn render_rounds(
    page: &Page,
    (t, i): (&crate::model::Tournament, usize),
    builder: &ViewBuilder,
    config: &Config,
    (rules_hash, rules_value): (cache::Key, &tera::Value),
) -> Result<(), SiteError> {
    let rounds = view::rounds_with_pages(t);
    if rounds.is_empty() {
        return Ok(());
    }
    let chain: Vec<String> = crate::standings::chain_for(t, config)
        .iter()
        .map(|tb| tb.id())
        .collect();
    let own = fingerprint::Hasher::default()
        .key(page.prints.tournament_people(i))
        .key(rules_hash)
        .add(&builder.event_ratings(i))
        .add(&chain)
        .finish();
    for (round, _) in rounds {
        let path = view::round_href(t, round);
        let names = (path.as_str(), "html/round.html", "../../");
        page.emit_fingerprinted(names, &path, own, || {
            let mut ctx = tera::Context::new();
            ctx.insert("round", &builder.round(i, round));
            ctx.insert_value("rules", rules_value.clone());
            ctx
        })?;
    }
    let path = view::cards_href(t);
    let names = (path.as_str(), "html/cards.html", "../../");
    page.emit_fingerprinted(names, &path, own, || {
        let mut ctx = tera::Context::new();
        ctx.insert("cards", &builder.cards(i));
        ctx.insert_value("rules", rules_value.clone());
        ctx
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
