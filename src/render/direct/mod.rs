//! The built-in player, rating list and tournament pages, written straight
//! into bytes.
//!
//! Why not through the template engine: a federation has a page per player,
//! hundreds of thousands of them. Turning each player's view into template
//! values and interpreting the template over them took about 14 of a cold
//! build's 41 CPU-seconds at 100 000 players; writing the same bytes here
//! takes under 2. The rating lists and the tournaments are the other bulk:
//! at 300 000 players about 13 000 list pages of 400 rows (the current list,
//! the lists by club, country and membership, and a list per past year) and
//! 30 000 tournament pages with two crosstables each, on which the template
//! engine spent about a fifth of a cold build. (A tournament's Markdown
//! report stays with its template: it is a fifth of the page's size.)
//!
//! The template stays the one description of the page that repositories
//! see and override: the page is written here only while its template and
//! the layout it extends are the built-in ones ([`writes_player_pages`],
//! [`writes_list_pages`], [`writes_tournament_pages`]); a repository with
//! its own gets its templates rendered. The tests render
//! several repositories (further lists of every system, provisional
//! players, notes, charts, pages in the navigation) both ways and require
//! the same bytes, so a change to a built-in template that is not made here
//! as well fails them.
//!
//! - `player.rs`: `html/player.html`;
//! - `rating_list.rs`: `html/ratings.html`;
//! - `tournament.rs`: `html/tournament.html`;
//! - `ratings_markdown.rs`: `md/ratings.md`, the whole list in one page;
//! - this file: `html/base.html` around them, and the byte writer.

mod player;
mod rating_list;
mod ratings_markdown;
mod tournament;

pub use player::PlayerPage;
pub use rating_list::ListPage;
pub use ratings_markdown::{ratings_markdown, RATINGS_MARKDOWN};
pub use tournament::TournamentPage;

use std::fmt::Display;

use super::format::write_html_escaped;
use super::templates::TemplateSet;
use super::view::{RulesView, SiteView};
use crate::translate::{Arg, Translations};

/// The layout the player page extends.
const LAYOUT: &str = "html/base.html";
/// The player page's template.
pub const PLAYER: &str = "html/player.html";

/// The rating list's template.
pub const RATING_LIST: &str = "html/ratings.html";

/// Whether `templates` has the built-in player page and layout, so that
/// player pages are written here.
pub fn writes_player_pages(templates: &TemplateSet) -> bool {
    templates.is_built_in(LAYOUT) && templates.is_built_in(PLAYER)
}

/// Whether `templates` has the built-in rating list page and layout, so
/// that rating list pages are written here.
pub fn writes_list_pages(templates: &TemplateSet) -> bool {
    templates.is_built_in(LAYOUT) && templates.is_built_in(RATING_LIST)
}

/// Whether `templates` has the built-in Markdown rating list, so that it
/// is written here.
pub fn writes_markdown_list(templates: &TemplateSet) -> bool {
    templates.is_built_in(RATINGS_MARKDOWN)
}

/// The tournament page's template.
pub const TOURNAMENT: &str = "html/tournament.html";

/// Whether `templates` has the built-in tournament page and layout, so
/// that tournament pages are written here.
pub fn writes_tournament_pages(templates: &TemplateSet) -> bool {
    templates.is_built_in(LAYOUT) && templates.is_built_in(TOURNAMENT)
}

/// What every page written here shares: the site-wide values and the rules
/// the legends quote.
pub struct PageWriter<'a> {
    site: &'a SiteView,
    rules: &'a RulesView,
    words: &'a Translations,
}

impl<'a> PageWriter<'a> {
    /// A writer for pages with these site-wide values, rules and words.
    pub fn new(site: &'a SiteView, rules: &'a RulesView, words: &'a Translations) -> Self {
        PageWriter { site, rules, words }
    }

    /// `html/base.html` with the page titled `name`, at `path` (empty for
    /// no canonical link), `root` away from the site's root, around the
    /// `content` block.
    fn layout(
        &self,
        (name, path, root): (&str, &str, &str),
        content: impl FnOnce(&mut Out),
    ) -> Vec<u8> {
        let site = self.site;
        let mut o = Out {
            bytes: Vec::with_capacity(16 * 1024),
            root,
            words: self.words,
        };
        o.raw("<!DOCTYPE html>\n<html lang=\"");
        o.text(&site.lang);
        o.raw("\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>");
        o.text(name);
        o.raw(" · ");
        o.text(&site.title);
        o.raw("</title>\n");
        if !site.base_url.is_empty() && !path.is_empty() {
            o.raw("<link rel=\"canonical\" href=\"");
            o.text(&site.base_url);
            o.text(path);
            o.raw("\">\n");
        }
        o.raw("<link rel=\"icon\" href=\"");
        o.root();
        o.raw("static/favicon.svg\" type=\"image/svg+xml\">\n<link rel=\"stylesheet\" href=\"");
        o.root();
        o.raw("static/style.css\">\n<script src=\"");
        o.root();
        o.raw("search-index.js\" defer></script>\n<script src=\"");
        o.root();
        o.raw("static/site.js\" defer></script>\n</head>\n<body data-root=\"");
        o.root();
        o.raw("\">\n<a class=\"skip\" href=\"#content\">");
        o.t("skip-to-content");
        o.raw("</a>\n<header class=\"site-header\">\n<a class=\"site-title\" href=\"");
        o.root();
        o.raw("index.html\"><img src=\"");
        o.root();
        o.raw("static/favicon.svg\" alt=\"\" width=\"24\" height=\"24\"> ");
        o.text(&site.title);
        o.raw("</a>\n<nav aria-label=\"");
        o.t("nav-main");
        o.raw("\">\n<ul>\n");
        for (href, key) in [
            ("ratings.html", "nav-ratings"),
            ("tournaments/index.html", "nav-tournaments"),
            ("archive/index.html", "nav-archive"),
            ("rules.html", "nav-rules"),
            ("downloads.html", "nav-downloads"),
        ] {
            o.raw("<li>");
            let text = self.words.text(key);
            o.link(href, &text);
            o.raw("</li>\n");
        }
        for p in &site.pages {
            o.raw("<li>");
            o.link(&p.href, &p.text);
            o.raw("</li>\n");
        }
        o.raw("</ul>\n</nav>\n<form class=\"search\" role=\"search\" action=\"");
        o.root();
        o.raw("search.html\">\n<label for=\"site-search\">");
        o.t("search-label");
        o.raw("</label>\n<input id=\"site-search\" name=\"q\" type=\"search\" autocomplete=\"off\" placeholder=\"");
        o.t("search-placeholder");
        o.raw("\" aria-describedby=\"site-search-hint\">\n<span id=\"site-search-hint\" class=\"visually-hidden\">");
        o.t("search-hint");
        o.raw("</span>\n<button type=\"submit\">");
        o.t("search-go");
        o.raw(
            "</button>\n<ul class=\"search-results\" id=\"site-search-results\" data-all-found=\"",
        );
        let all_found = self
            .words
            .with("search-all-found", &[("count", Arg::Text("%n"))]);
        o.text(&all_found);
        o.raw("\" hidden></ul>\n</form>\n</header>\n<main id=\"content\" data-scroll-hint=\"");
        o.t("scroll-hint");
        o.raw("\">\n");
        content(&mut o);
        o.raw("\n</main>\n<footer class=\"site-footer\">\n<p>");
        if !site.association.is_empty() {
            o.text(&site.association);
            o.raw(" · ");
        }
        o.t("footer-downloads");
        o.raw(": <a href=\"");
        o.root();
        o.raw("ratings.csv\">");
        o.t("footer-list-csv");
        o.raw("</a> · <a href=\"");
        o.root();
        o.raw("ratingbook.sql\">");
        o.t("footer-sql");
        o.raw("</a> · <a href=\"");
        o.root();
        o.raw("downloads.html\">");
        o.t("footer-all");
        o.raw("</a></p>\n</footer>\n</body>\n</html>\n");
        o.bytes
    }
}

/// A page being written.
struct Out<'a> {
    bytes: Vec<u8>,
    /// `root`, written before every address from the site's root.
    root: &'a str,
    /// The words of the site's language.
    words: &'a Translations,
}

impl Out<'_> {
    /// The message `key` in the site's language, escaped.
    fn t(&mut self, key: &str) {
        let text = self.words.text(key);
        self.text(&text);
    }

    /// The message `key` with `args` put in, escaped.
    fn with(&mut self, key: &str, args: &[(&str, Arg)]) {
        let text = self.words.with(key, args);
        self.text(&text);
    }

    /// The message `key` with its `count` put in (choosing the plural form).
    fn counted(&mut self, key: &str, count: impl TryInto<i64>) {
        let count = count.try_into().unwrap_or(i64::MAX);
        self.with(key, &[("count", Arg::Number(count))]);
    }

    /// The breadcrumbs' start: their landmark and the link home, then ` › `.
    fn breadcrumb_home(&mut self) {
        self.raw("\n<nav aria-label=\"");
        self.t("breadcrumb");
        self.raw("\" class=\"breadcrumbs\"><a href=\"");
        self.root();
        self.raw("index.html\">");
        self.t("home");
        self.raw("</a> › ");
    }

    /// The message `key`, which holds markup (`W<sub>e</sub>`), with `args`
    /// put in: as it is, as the templates' `| safe` writes it.
    fn markup(&mut self, key: &str, args: &[(&str, Arg)]) {
        let text = self.words.with(key, args);
        self.raw(&text);
    }

    /// A number with decimals as the site's language writes it.
    fn decimal(&mut self, value: &str) {
        let text = self.words.decimal(value);
        self.text(&text);
    }

    /// Table headings: each a class (empty for none) and the message of its words.
    fn heads(&mut self, heads: &[(&str, &str)]) {
        for (class, key) in heads {
            self.raw("<th scope=\"col\"");
            if !class.is_empty() {
                self.raw(" class=\"");
                self.raw(class);
                self.raw("\"");
            }
            self.raw(">");
            self.t(key);
            self.raw("</th>");
        }
    }

    /// A table heading with an abbreviation: a class and the messages of
    /// the abbreviation's title and of the heading.
    fn abbr_head(&mut self, class: &str, (title, head): (&str, &str)) {
        self.raw("<th scope=\"col\" class=\"");
        self.raw(class);
        self.raw("\"><abbr title=\"");
        self.t(title);
        self.raw("\">");
        self.t(head);
        self.raw("</abbr></th>");
    }

    /// Legend entries: each the messages of a term and of its explanation.
    fn terms(&mut self, terms: &[(&str, &str)]) {
        for (term, explanation) in terms {
            self.raw("<dt>");
            self.t(term);
            self.raw("</dt><dd>");
            self.t(explanation);
            self.raw("</dd>");
        }
    }

    /// Markup, as it is.
    fn raw(&mut self, markup: &str) {
        self.bytes.extend_from_slice(markup.as_bytes());
    }

    /// Text, HTML-escaped as the templates' autoescaping does.
    fn text(&mut self, text: &str) {
        // Writing to a vector cannot fail.
        let _ = write_html_escaped(text, &mut self.bytes);
    }

    /// A number, as the templates print it; also a value whose text is
    /// digits and signs only (a date, a movement such as `+12` or `new`).
    fn number(&mut self, value: impl Display) {
        use std::io::Write;
        let _ = write!(self.bytes, "{value}");
    }

    /// The way to the site's root.
    fn root(&mut self) {
        let root = self.root;
        self.text(root);
    }

    /// A link to `href` (from the site's root) showing `text`.
    fn link(&mut self, href: &str, text: &str) {
        self.open_link(href);
        self.raw(">");
        self.text(text);
        self.raw("</a>");
    }

    /// The start of a link to `href` (from the site's root), before any
    /// further attributes and the closing `>`.
    fn open_link(&mut self, href: &str) {
        self.raw("<a href=\"");
        self.root();
        self.text(href);
        self.raw("\"");
    }

    /// The address of the page `page` of the further list `pool`.
    fn pool_page(&mut self, pool: &str, page: &str) {
        self.root();
        self.raw("pools/");
        self.text(pool);
        self.raw("/");
        self.raw(page);
    }

    /// A cell's value linked to the rule (an anchor of the rules page) that
    /// explains it, titled by the message `title`; nothing for an empty value.
    fn rule_link(&mut self, rule: &str, title: &str, value: &str) {
        let title = self.words.text(title);
        self.rule_link_titled(rule, &title, value);
    }

    /// A cell's value linked to the rule that explains it, titled `title`
    /// as it is; nothing for an empty value.
    fn rule_link_titled(&mut self, rule: &str, title: &str, value: &str) {
        if !value.is_empty() {
            self.raw("<a class=\"rule-link\" href=\"");
            self.root();
            self.raw("rules.html#");
            self.raw(rule);
            self.raw("\" title=\"");
            self.text(title);
            self.raw("\">");
            self.text(value);
            self.raw("</a>");
        }
    }
}
