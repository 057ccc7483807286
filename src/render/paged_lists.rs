//! Long lists over pages of [`paginate::ROWS_PER_PAGE`] rows: any list of
//! rows, and the lists of tournaments by year (the tournament list, the
//! downloads), each year on pages of its own.

use super::page::Page;
use super::view;
use super::{paginate, SiteError};
use rayon::prelude::*;
use serde::Serialize;

/// Renders a list of `rows` rows over pages of [`paginate::ROWS_PER_PAGE`]
/// (`first`, then `first` numbered `.2`, …) with `template`; `data` gives
/// a page's context (see [`Page::emit_data`]) from the rows it shows and its
/// pagination.
pub(super) fn emit_paged<T: Serialize>(
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

/// A link to a browse group's first page.
#[derive(Debug, Clone, Serialize)]
pub(super) struct BrowseLink {
    /// A letter, `0–9`, `Other` or a year.
    pub(super) text: String,
    /// Address from the site root.
    pub(super) href: String,
    /// Whether the page shown is of this group.
    pub(super) current: bool,
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
pub(super) fn paged_years(
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
pub(super) struct YearsPage<'a, M> {
    /// The years shown, each with the tournaments of it on this page.
    pub(super) years: Vec<YearRows<'a>>,
    /// The links to every year's pages (none when one page lists all).
    pub(super) year_links: Vec<BrowseLink>,
    /// "Page n of m".
    pub(super) pagination: paginate::Pagination,
    /// What the template needs besides.
    #[serde(flatten)]
    pub(super) more: &'a M,
}

/// Some tournaments of one year, as [`view::YearView`] shows them.
#[derive(Serialize)]
pub(super) struct YearRows<'a> {
    /// The year.
    pub(super) year: i32,
    /// The tournaments, newest first.
    pub(super) tournaments: &'a [view::TournamentSummary],
}

impl<'a> YearRows<'a> {
    /// `year`'s tournaments in `rows`.
    pub(super) fn part(year: &'a view::YearView, rows: std::ops::Range<usize>) -> YearRows<'a> {
        YearRows {
            year: year.year,
            tournaments: &year.tournaments[rows],
        }
    }
}

impl<'a, M> YearsPage<'a, M> {
    /// The page showing `rows` of one year.
    pub(super) fn of(
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

/// Nothing besides the tournaments by year.
#[derive(Serialize)]
pub(super) struct NothingMore {}
