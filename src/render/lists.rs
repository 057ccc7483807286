//! The rating list's pages: the current list, its filtered variants (club,
//! country, membership, category) and the archive of year-end lists, each
//! over pages; the page names of clubs and countries.

use super::page::Page;
use super::view::{self, Link, RatingListView, ViewBuilder};
use super::{direct, paginate, SiteError};
use crate::config::Config;
use crate::incremental::{cache, fingerprint};
use crate::model::{Dataset, Date};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::BTreeMap;

/// A group of filter links on the rating list (clubs, countries, …).
#[derive(Debug, Clone, Serialize)]
pub(super) struct FilterGroup {
    pub(super) name: String,
    pub(super) links: Vec<Link>,
}

/// The rating list, its filtered variants and the archive of year-end lists.
pub(super) fn render_lists(
    page: &Page,
    views: &ViewBuilder,
    (list, history): (&RatingListView, &view::ListHistory),
    slugs: &GroupSlugs,
    dataset: &Dataset,
    config: &Config,
) -> Result<(), SiteError> {
    let (groups, filtered) = filter_groups(list, slugs, dataset, (config, page.words));
    let archive = archive_years(dataset);
    let archive_links = archive_links(&archive, "", page.words);
    let rules = views.rules();
    let pages = ListPages {
        page,
        writer: direct::PageWriter::new(&page.site, &rules, page.words),
        own_links: fingerprint::of(&(&groups, &archive_links)),
        groups: &groups,
        archive_links: &archive_links,
        markdown: config.output.markdown,
    };
    pages.render("ratings.html", list, "", None)?;
    // One list at a time, each made when its pages are rendered (in
    // parallel): lists rendered side by side would each hold all their rows,
    // and a thread waiting for its pages would start yet another list.
    filtered.iter().try_for_each(|(path, title, filter)| {
        let view = views.filtered_list(list, title, |p| filter.accepts(p));
        pages.render(path, &view, "../", None)
    })?;
    render_year_end_lists(&pages, views, history, &archive)?;
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

/// The filter links on the rating list (club, country, membership and,
/// with personal data published, category), and each filtered list's
/// address, title and filter, in the site's language (`words`).
fn filter_groups(
    list: &RatingListView,
    slugs: &GroupSlugs,
    dataset: &Dataset,
    (config, words): (&Config, &crate::translate::Translations),
) -> (Vec<FilterGroup>, Vec<(String, String, Filter)>) {
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
                     field: fn(&crate::model::Player) -> Option<&str>,
                     shown: &dyn Fn(&str) -> String| {
        let mut links = Vec::new();
        let name = words.text(name);
        for (value, slug) in values {
            let path = format!("lists/{prefix}-{slug}.html");
            let text = shown(value);
            let title = format!("{name}: {text}");
            filtered.push((path.clone(), title, Filter::Field(field, value.clone())));
            links.push(Link { text, href: path });
        }
        // A group with nothing to choose (no player gives a country) is
        // left out, not shown as an empty row.
        if !links.is_empty() {
            groups.push(FilterGroup {
                name: name.clone(),
                links,
            });
        }
    };
    let as_written = |value: &str| value.to_string();
    group(
        "filter-club",
        "club",
        &slugs.clubs,
        |p| p.club.as_deref(),
        &as_written,
    );
    group(
        "filter-country",
        "country",
        &slugs.countries,
        |p| p.country.as_deref(),
        &as_written,
    );
    group(
        "filter-membership",
        "membership",
        &memberships,
        |p| Some(p.membership.as_str()),
        &|code| crate::translate::membership(words, code),
    );
    if config.site.publish_personal_data && !config.lists.categories.is_empty() {
        let year = crate::model::Date::parse(&list.date).map_or(1970, |d| d.year);
        let mut links = Vec::new();
        for &category in &config.lists.categories {
            let path = format!("lists/{}.html", category.as_str());
            let title = words.with(
                "filter-category-title",
                &[("category", crate::translate::Arg::Text(category.as_str()))],
            );
            filtered.push((path.clone(), title, Filter::Category(category, year)));
            links.push(Link {
                text: category.as_str().to_string(),
                href: path,
            });
        }
        groups.push(FilterGroup {
            name: words.text("filter-category"),
            links,
        });
    }
    (groups, filtered)
}

/// The year-end lists. Each is keyed by what it is made of (every player,
/// for the filters too, and the tournaments by then): a new tournament
/// leaves the past years' lists as they were, without building them.
fn render_year_end_lists(
    pages: &ListPages,
    views: &ViewBuilder,
    history: &view::ListHistory,
    archive: &[i32],
) -> Result<(), SiteError> {
    let page = pages.page;
    let mut to_make = Vec::new();
    let latest = views.list_date();
    for year in archive {
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
        pages.render(first, &view, "../", Some(*own))
    })
}

/// What every page of a rating list is rendered with besides its rows.
struct ListPages<'a> {
    page: &'a Page<'a>,
    writer: direct::PageWriter<'a>,
    /// The filter links.
    groups: &'a [FilterGroup],
    /// The links to the year-end lists.
    archive_links: &'a [Link],
    /// The fingerprint of `groups` and `archive_links`.
    own_links: cache::Key,
    /// Whether the site has the Markdown list.
    markdown: bool,
}

impl ListPages<'_> {
    /// Renders the list `view` over pages from `first` on; `own` is the
    /// fingerprint of the list's data, for lists keyed by it.
    fn render(
        &self,
        first: &str,
        view: &RatingListView,
        root: &str,
        own: Option<cache::Key>,
    ) -> Result<(), SiteError> {
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
                        .key(self.own_links)
                        .key(shown.fingerprint())
                        .add(&(number, count))
                        .finish(),
                };
                let filtered = first != "ratings.html";
                let archived = first.starts_with("archive/");
                let pagination = paginate::Pagination::new(first, number, count);
                if self.page.write_list_pages {
                    return self.page.emit_written(names, key, || {
                        self.writer.rating_list(&direct::ListPage {
                            root,
                            path: &file,
                            list: &shown,
                            filters: self.groups,
                            archive: self.archive_links,
                            filtered,
                            archived,
                            markdown: self.markdown,
                            pagination: &pagination,
                        })
                    });
                }
                self.page.emit_fingerprinted(names, &file, key, || {
                    let mut ctx = tera::Context::new();
                    ctx.insert("list", &shown);
                    ctx.insert("filters", self.groups);
                    ctx.insert("archive", self.archive_links);
                    ctx.insert("filtered", &filtered);
                    ctx.insert("archived", &archived);
                    ctx.insert("markdown", &self.markdown);
                    ctx.insert("pagination", &pagination);
                    ctx
                })
            })
    }
}

/// The fingerprint of page `number` of a list whose data has the fingerprint `own`.
pub(super) fn list_page_key(own: cache::Key, number: usize) -> cache::Key {
    fingerprint::Hasher::default()
        .key(own)
        .add(&number)
        .finish()
}

/// Takes every page of the list at `first` (template, root) over from the
/// published site when the previous build made them all from a list with
/// the fingerprint `own`; whether it did (else the list is to be rendered).
pub(super) fn reuse_list(
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
pub(super) enum Filter {
    /// Players whose field has the value.
    Field(fn(&crate::model::Player) -> Option<&str>, String),
    /// A category in the list's year.
    Category(crate::config::Category, i32),
}

impl Filter {
    pub(super) fn accepts(&self, player: &crate::model::Player) -> bool {
        match self {
            Filter::Field(field, wanted) => field(player) == Some(wanted.as_str()),
            Filter::Category(category, year) => in_category(player, *category, *year),
        }
    }
}

/// Whether a player belongs to a category list in the list's year: junior
/// under 20 (year − birth year < 20), senior 65 or older, women by `sex = "w"`.
pub(super) fn in_category(
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

/// Years with a tournament, newest first: each gets a year-end list.
/// Links to the year-end lists under `{prefix}archive/`, newest first: the
/// newest year's list is the current one so far.
/// The links' words are in the site's language (`words`).
pub(super) fn archive_links(
    years: &[i32],
    prefix: &str,
    words: &crate::translate::Translations,
) -> Vec<Link> {
    years
        .iter()
        .enumerate()
        .map(|(i, y)| Link {
            text: words.with(
                if i == 0 {
                    "archive-to-date"
                } else {
                    "archive-end-of"
                },
                &[("year", crate::translate::Arg::Text(&y.to_string()))],
            ),
            href: format!("{prefix}archive/{y}.html"),
        })
        .collect()
}

/// The day a year's list stands at: the end of the year, or for the year
/// the results have not yet seen the end of, the last day of the latest
/// tournament (`latest`, the current list's date): no list is dated after
/// the results it is made of.
pub(super) fn year_list_date(year: i32, latest: Option<Date>) -> Option<Date> {
    let end = Date::new(year, 12, 31)?;
    Some(latest.map_or(end, |latest| latest.min(end)))
}

pub(super) fn archive_years(dataset: &Dataset) -> Vec<i32> {
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
pub(super) fn list_slugs(
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
pub(super) fn distinct(
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
pub(super) struct GroupSlugs {
    pub(super) clubs: BTreeMap<String, String>,
    pub(super) countries: BTreeMap<String, String>,
}

impl GroupSlugs {
    pub(super) fn of(dataset: &Dataset) -> GroupSlugs {
        let (clubs, countries) = rayon::join(
            || list_slugs(dataset, |p| p.club.as_deref()),
            || list_slugs(dataset, |p| p.country.as_deref()),
        );
        GroupSlugs { clubs, countries }
    }
}
