//! The front pages: index (news, top players, leaders of each club and
//! country), tournaments by year, the Markdown pages, rules, search and its
//! browse list, downloads and 404.

use super::downloads::{sql_files, DownloadsMore};
use super::lists::GroupSlugs;
use super::markdown_pages::MdPage;
use super::page::Page;
use super::paged_lists::{emit_paged, paged_years, BrowseLink, NothingMore};
use super::view::{self, Link, RatingListView, ViewBuilder};
use super::{paginate, search, SiteError};
use crate::config::Config;
use crate::model::Dataset;
use rayon::prelude::*;
use serde::Serialize;

/// A news item on the front page.
#[derive(Debug, Clone, Serialize)]
pub(super) struct NewsItem {
    pub(super) link: Link,
    pub(super) date: String,
    pub(super) date_text: String,
    pub(super) summary: String,
}

/// What the front pages show beside the data.
pub(super) struct FrontPages<'a, 'l> {
    pub(super) list: &'a RatingListView<'l>,
    pub(super) years: &'a [view::YearView],
    pub(super) slugs: &'a GroupSlugs,
    pub(super) md_pages: &'a [MdPage],
}

/// Index, tournaments, rules, search, downloads, 404 and the Markdown pages.
pub(super) fn render_front_pages(
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
    let entries = search::entries(dataset, &views.ratings().players, page.words);
    search::write_index(page, &entries)?;
    render_browse_list(page, &entries)?;
    let files = sql_files(config);
    let pool_lists = super::downloads::pool_lists(config);
    paged_years(
        page,
        years,
        ("html/downloads.html", "downloads.html", ""),
        "downloads",
        &DownloadsMore {
            output: &config.output,
            sql_files: &files,
            pool_lists: &pool_lists,
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
pub(super) fn render_browse_list(page: &Page, entries: &[search::Entry]) -> Result<(), SiteError> {
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
    // The groups' names in the site's language.
    let words = |text: &str| match text {
        "Players" => page.words.text("search-players"),
        "Tournaments" => page.words.text("search-tournaments"),
        "Other" => page.words.text("search-other"),
        _ => text.to_string(),
    };
    let nav = |current: Option<&str>| -> Vec<BrowseKind> {
        let mut kinds: Vec<BrowseKind> = Vec::new();
        for group in &groups {
            if kinds.last().is_none_or(|k| k.kind != group.kind) {
                kinds.push(BrowseKind {
                    kind: group.kind,
                    name: words(group.kind),
                    links: Vec::new(),
                });
            }
            if let Some(kind) = kinds.last_mut() {
                kind.links.push(BrowseLink {
                    text: words(&group.title),
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
        let title = format!("{}: {}", words(group.kind), words(&group.title));
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
pub(super) struct BrowsePage<'a> {
    /// Its entries.
    pub(super) entries: Vec<&'a search::Entry>,
    /// The links to every browse group.
    pub(super) browse: &'a [BrowseKind],
    /// The group's heading.
    pub(super) group: &'a str,
    /// "Page n of m".
    pub(super) pagination: paginate::Pagination,
}

/// One kind of browse group (players, tournaments) on the search page.
#[derive(Debug, Clone, Serialize)]
pub(super) struct BrowseKind {
    /// `Players` or `Tournaments`, as the groups call it.
    #[serde(skip)]
    pub(super) kind: &'static str,
    /// Its name in the site's language.
    pub(super) name: String,
    /// Its groups.
    pub(super) links: Vec<BrowseLink>,
}

/// The highest-ranked active player of each club and country, for the front page
/// (inactive players have no rank, see [`view::RatedRow`]).
#[derive(Debug, Clone, Serialize)]
pub(super) struct Leader<'a> {
    /// The message naming the group: `leader-club` or `leader-country`.
    pub(super) kind: &'static str,
    /// The group's list page.
    pub(super) list: Link,
    /// Its top player.
    pub(super) player: view::PlayerLink<'a>,
    pub(super) rating: i32,
}

pub(super) fn leaders<'a>(list: &RatingListView<'a>, slugs: &GroupSlugs) -> Vec<Leader<'a>> {
    let mut out: Vec<Leader> = Vec::new();
    for (kind, prefix) in [("leader-club", "club"), ("leader-country", "country")] {
        let slugs = if kind == "leader-club" {
            &slugs.clubs
        } else {
            &slugs.countries
        };
        let mut seen = std::collections::BTreeMap::new();
        for row in list.established.iter().filter(|r| r.rank.is_some()) {
            let value = if kind == "leader-club" {
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

#[derive(serde::Serialize)]
pub(super) struct Counts {
    pub(super) players: usize,
    pub(super) tournaments: usize,
    pub(super) games: usize,
}

pub(super) fn counts(dataset: &Dataset) -> Counts {
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
