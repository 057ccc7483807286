//! `html/ratings.html`: a page of a rating list (the current list, a list
//! by club, country, membership or category, or a year-end list).

use super::{Out, PageWriter};
use crate::render::lists::FilterGroup;
use crate::render::paginate::Pagination;
use crate::render::view::{Link, RatingListPage};
use crate::translate::Arg;

/// One page of a rating list: the page's own values.
pub struct ListPage<'a> {
    /// The way from the page to the site's root (`""` or `../`).
    pub root: &'a str,
    /// The page's own address, for its canonical link.
    pub path: &'a str,
    /// The page's rows and the list's facts.
    pub list: &'a RatingListPage<'a>,
    /// The lists by club, country, membership and category.
    pub filters: &'a [FilterGroup],
    /// The year-end lists.
    pub archive: &'a [Link],
    /// Whether the list is not the whole current list.
    pub filtered: bool,
    /// Whether the list is a year-end list.
    pub archived: bool,
    /// Whether the site has Markdown downloads.
    pub markdown: bool,
    /// Where the page is among the list's pages.
    pub pagination: &'a Pagination,
}

impl PageWriter<'_> {
    /// A rating list's page, as `html/ratings.html` renders it.
    pub fn rating_list(&self, page: &ListPage) -> Vec<u8> {
        let names = (page.list.title, page.path, page.root);
        self.layout(names, |o| self.list_content(o, page))
    }

    /// The `content` block of `html/ratings.html`.
    fn list_content(&self, o: &mut Out, page: &ListPage) {
        let list = page.list;
        let single = page.pagination.count == 1;
        self.list_introduction(o, page);
        if single || !list.established.is_empty() {
            established(o, list);
        }
        if single || !list.provisional.is_empty() {
            self.provisional(o, list);
        }
        if single || !list.international.is_empty() {
            international(o, list);
        }
        if !single {
            pagination(o, page.pagination, "pages-nav-end");
        }
        if !page.filtered {
            o.raw("<p>");
            o.t("download-label");
            o.raw(" <a href=\"");
            o.root();
            o.raw("ratings.csv\">");
            o.t("list-download-csv");
            o.raw("</a>");
            if page.markdown {
                o.raw(" · <a href=\"");
                o.root();
                o.raw("ratings.md\">");
                o.t("list-download-markdown");
                o.raw("</a>");
            }
            o.raw("</p>");
        }
        o.raw("\n");
    }

    /// Breadcrumbs, heading, the list's facts, the chart, the links to
    /// other lists and the page links above the tables.
    fn list_introduction(&self, o: &mut Out, page: &ListPage) {
        let list = page.list;
        o.breadcrumb_home();
        if page.filtered {
            o.raw("<a href=\"");
            o.root();
            o.raw("ratings.html\">");
            o.t("list-title");
            o.raw("</a> › ");
            o.text(list.title);
        } else {
            o.t("list-title");
        }
        o.raw("</nav>\n<h1>");
        o.text(list.title);
        o.raw("</h1>\n<p>");
        o.t("as-of-before");
        o.raw(" <time datetime=\"");
        o.text(list.date);
        o.raw("\">");
        o.text(list.date_text);
        o.raw("</time>");
        o.t("as-of-after");
        o.raw(" ");
        o.counted("list-established-after", self.site.provisional_games);
        o.raw(" ");
        o.with(
            "list-inactive-since",
            &[("date", Arg::Text(list.inactive_before))],
        );
        o.raw(" ");
        if list.inactive > 0 {
            o.counted("list-inactive-hidden", list.inactive);
        } else {
            o.t("list-inactive-none");
        }
        if !list.previous_date.is_empty() {
            o.raw(" ");
            o.t("list-changes-before");
            o.raw(" (<abbr title=\"");
            o.t("list-rating-change");
            o.raw("\">±</abbr>, <abbr title=\"");
            o.t("list-rank-change");
            o.raw("\">±#</abbr>) ");
            o.t("list-changes-since");
            o.raw(" <time datetime=\"");
            o.text(list.previous_date);
            o.raw("\">");
            o.text(list.previous_date_text);
            o.raw("</time>; <em>");
            o.t("list-new");
            o.raw("</em> ");
            o.t("list-new-marks");
        }
        o.raw("</p>\n");
        if !list.chart.is_empty() {
            chart(o, list);
        }
        o.raw("\n<nav aria-label=\"");
        o.t("lists-nav");
        o.raw("\" class=\"filters\">\n");
        let current = page.pagination.first.as_str();
        if !page.archived {
            for group in page.filters {
                o.raw("<p><span class=\"filter-name\">");
                o.text(&group.name);
                o.raw(":</span> ");
                list_links(o, &group.links, current);
                o.raw("</p>\n");
            }
        }
        o.raw("<p><span class=\"filter-name\">");
        o.t("past-lists");
        o.raw("</span> ");
        list_links(o, page.archive, current);
        o.raw("</p>\n</nav>\n");
        if page.pagination.count > 1 {
            pagination(o, page.pagination, "pages-nav");
        }
    }

    /// The provisional players' section.
    fn provisional(&self, o: &mut Out, list: &RatingListPage) {
        o.raw("<section aria-labelledby=\"provisional-heading\">\n<h2 id=\"provisional-heading\">");
        o.t("list-provisional");
        o.raw("</h2>\n");
        if list.provisional.is_empty() {
            o.raw("\n<p>");
            o.t("list-no-provisional");
            o.raw("</p>\n");
        } else {
            o.raw("\n<p>");
            o.counted("list-provisional-intro", self.site.provisional_games);
            o.raw("</p>\n<div class=\"scroll\">\n<table class=\"sortable\">\n<thead><tr><th scope=\"col\">");
            o.t("col-player");
            o.raw("</th><th scope=\"col\">");
            o.t("col-club");
            o.raw("</th><th scope=\"col\" class=\"num\">");
            o.t("col-games");
            o.raw("</th></tr></thead>\n<tbody>\n");
            for row in list.provisional {
                o.raw("<tr><td>");
                o.link(&row.player.href(), row.player.text());
                o.raw("</td><td>");
                o.text(row.club);
                o.raw("</td><td class=\"num\" data-sort=\"");
                o.number(row.games);
                o.raw("\">");
                o.text(&row.progress);
                o.raw("</td></tr>\n");
            }
            o.raw("</tbody>\n</table>\n</div>\n");
        }
        o.raw("\n</section>\n");
    }
}

/// The chart of the top players and its legend.
fn chart(o: &mut Out, list: &RatingListPage) {
    o.raw("\n<figure class=\"chart-figure\">\n");
    o.raw(list.chart);
    o.raw("\n<figcaption>");
    o.t("list-chart");
    o.raw(" ");
    for (n, link) in list.legend.iter().enumerate() {
        if n > 0 {
            o.raw(", ");
        }
        o.raw("<a class=\"legend s");
        o.number(n);
        o.raw("\" id=\"top-chart-");
        o.number(n);
        o.raw("\" href=\"");
        o.root();
        o.text(&link.href);
        o.raw("\">");
        o.text(&link.text);
        o.raw("</a>");
    }
    o.raw(".</figcaption>\n</figure>\n");
}

/// Links to lists, separated by dots; the one whose first page is
/// `current` is marked as the current page.
fn list_links(o: &mut Out, links: &[Link], current: &str) {
    for (n, link) in links.iter().enumerate() {
        if n > 0 {
            o.raw(" · ");
        }
        o.open_link(&link.href);
        if link.href == current {
            o.raw(" aria-current=\"page\"");
        }
        o.raw(">");
        o.text(&link.text);
        o.raw("</a>");
    }
}

/// "Page N of M" and the links to the list's pages, labelled by the
/// message `label`.
fn pagination(o: &mut Out, pagination: &Pagination, label: &str) {
    o.raw("<nav aria-label=\"");
    o.t(label);
    o.raw("\" class=\"pagination\"><p>");
    o.with(
        "page-of",
        &[
            ("number", Arg::Number(pagination.number as i64)),
            ("count", Arg::Number(pagination.count as i64)),
        ],
    );
    for link in &pagination.links {
        o.raw(" ");
        let text = if link.key.is_empty() {
            link.text.clone()
        } else {
            o.words.text(link.key)
        };
        if link.current {
            o.raw("<span aria-current=\"page\">");
            o.text(&text);
            o.raw("</span>");
        } else {
            o.open_link(&link.href);
            if !link.rel.is_empty() {
                o.raw(" rel=\"");
                o.text(link.rel);
                o.raw("\"");
            }
            o.raw(">");
            o.text(&text);
            o.raw("</a>");
        }
    }
    o.raw("</p></nav>\n");
}

/// The established players' section.
fn established(o: &mut Out, list: &RatingListPage) {
    o.raw("<section aria-labelledby=\"established-heading\" id=\"established\">\n<h2 id=\"established-heading\">");
    o.t("list-established");
    o.raw("</h2>\n");
    if list.established.is_empty() {
        o.raw("\n<p>");
        o.t("list-no-established");
        o.raw("</p>\n\n</section>\n");
        return;
    }
    let changes = !list.previous_date.is_empty();
    o.raw("\n<div id=\"all\" class=\"list-wrap\">\n");
    if list.inactive > 0 {
        o.raw("<p class=\"toggle\"><a class=\"show-inactive\" href=\"#all\">");
        o.counted("list-show-inactive", list.inactive);
        o.raw("</a><a class=\"hide-inactive\" href=\"#established\">");
        o.t("list-hide-inactive");
        o.raw("</a></p>");
    }
    o.raw("\n<div class=\"scroll\">\n<table class=\"sortable\">\n<thead><tr><th scope=\"col\" class=\"num\">#</th><th scope=\"col\">");
    o.t("col-player");
    o.raw("</th><th scope=\"col\" class=\"opt\">");
    o.t("col-club");
    o.raw("</th><th scope=\"col\" class=\"opt\">");
    o.t("col-country");
    o.raw("</th><th scope=\"col\" class=\"num\">");
    o.t("col-rating");
    o.raw("</th>");
    if changes {
        o.raw(
            "<th scope=\"col\" class=\"num opt\">±</th><th scope=\"col\" class=\"num opt\">±#</th>",
        );
    }
    o.raw("<th scope=\"col\" class=\"num\">");
    o.t("col-games");
    o.raw("</th><th scope=\"col\" class=\"opt\">");
    o.t("col-last-rated");
    o.raw("</th></tr></thead>\n<tbody>\n");
    for row in list.established {
        o.raw(if row.active {
            "<tr><td class=\"num\">"
        } else {
            "<tr class=\"inactive\"><td class=\"num\">"
        });
        if let Some(rank) = row.rank {
            o.number(rank);
        }
        o.raw("</td><td>");
        o.link(&row.player.href(), row.player.text());
        o.raw("</td><td class=\"opt\">");
        o.text(row.club);
        o.raw("</td><td class=\"opt\">");
        o.text(row.country);
        o.raw("</td><td class=\"num\">");
        o.number(row.rating);
        o.raw("</td>");
        if changes {
            o.raw("<td class=\"num change opt\">");
            change(o, row.rating_change);
            o.raw("</td><td class=\"num change opt\">");
            change(o, row.rank_change);
            o.raw("</td>");
        }
        o.raw("<td class=\"num\">");
        o.number(row.games);
        o.raw("</td><td class=\"opt\">");
        o.number(row.last_played);
        if !row.active {
            o.raw(" <span class=\"tag\">");
            o.t("tag-inactive");
            o.raw("</span>");
        }
        o.raw("</td></tr>\n");
    }
    o.raw("</tbody>\n</table>\n</div>\n</div>\n\n</section>\n");
}

/// The international players' section.
fn international(o: &mut Out, list: &RatingListPage) {
    o.raw("<section aria-labelledby=\"international-heading\">\n<h2 id=\"international-heading\">");
    o.t("list-international");
    o.raw("</h2>\n");
    if list.international.is_empty() {
        o.raw("\n<p>");
        o.t("list-no-international");
        o.raw("</p>\n");
    } else {
        o.raw("\n<p>");
        o.t("list-international-intro");
        o.raw("</p>\n<div class=\"scroll\">\n<table class=\"sortable\">\n<thead><tr><th scope=\"col\">");
        o.t("col-player");
        o.raw("</th><th scope=\"col\">");
        o.t("col-country");
        o.raw("</th><th scope=\"col\" class=\"num\">");
        o.t("list-international-rating");
        o.raw("</th></tr></thead>\n<tbody>\n");
        for row in list.international {
            o.raw("<tr><td>");
            o.link(&row.player.href(), row.player.text());
            o.raw("</td><td>");
            o.text(row.country);
            o.raw("</td><td class=\"num\">");
            o.number(row.rating);
            o.raw("</td></tr>\n");
        }
        o.raw("</tbody>\n</table>\n</div>\n");
    }
    o.raw("\n</section>\n");
}

/// A movement since the previous list: the number, or "new" in the site's
/// language.
fn change(o: &mut Out, change: impl std::fmt::Display) {
    let text = change.to_string();
    if text == "new" {
        o.t("list-new");
    } else {
        o.text(&text);
    }
}
