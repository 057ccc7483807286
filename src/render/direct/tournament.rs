//! `html/tournament.html`: a tournament's page.

use super::{Out, PageWriter};
use crate::render::pools::ListLink;
use crate::render::view::{CrossCell, Link, StandingRow, TournamentView};
use crate::translate::Arg;

/// One tournament page: the page's own values.
pub struct TournamentPage<'a> {
    /// The way from the page to the site's root (`../`).
    pub root: &'a str,
    /// The page's own address, for its canonical link.
    pub path: &'a str,
    /// The tournament.
    pub tournament: &'a TournamentView,
    /// The further list the tournament is rated in, if any.
    pub list: Option<&'a ListLink>,
    /// Whether the site has crosstable (CSV and TRF) downloads.
    pub csv: bool,
    /// Whether the site has Markdown downloads.
    pub markdown: bool,
    /// The SQL dumps: file name and the database each loads into.
    pub sql_files: &'a [(&'a str, &'a str)],
}

impl PageWriter<'_> {
    /// A tournament's page, as `html/tournament.html` renders it.
    pub fn tournament(&self, page: &TournamentPage) -> Vec<u8> {
        let names = (page.tournament.name.as_str(), page.path, page.root);
        self.layout(names, |o| self.tournament_content(o, page))
    }

    /// The `content` block of `html/tournament.html`.
    fn tournament_content(&self, o: &mut Out, page: &TournamentPage) {
        let t = page.tournament;
        facts(o, page);
        standings(o, t);
        starting_list(o, t);
        start_crosstable(o, t);
        final_crosstable(o, t);
        match page.list {
            Some(list) if !t.changes.is_empty() => list_changes(o, t, list),
            _ if !t.changes.is_empty() => self.changes(o, t),
            _ => {}
        }
        o.raw("\n");
    }

    /// The rating changes of a tournament rated in the association's list.
    fn changes(&self, o: &mut Out, t: &TournamentView) {
        o.raw("\n<section aria-labelledby=\"changes-heading\">\n<h2 id=\"changes-heading\">");
        o.t("changes-heading");
        o.raw("</h2>\n<div class=\"scroll\">\n<table class=\"sortable\">\n<thead><tr>");
        o.heads(&[
            ("", "col-player"),
            ("opt", "col-phase"),
            ("num opt", "col-before"),
            ("num opt", "col-games"),
            ("num", "col-score"),
        ]);
        o.raw("<th scope=\"col\" class=\"num opt\">ΣWe</th><th scope=\"col\" class=\"num opt\">K</th><th scope=\"col\" class=\"num\">Δ</th>");
        o.heads(&[("num", "col-after")]);
        o.raw("</tr></thead>\n<tbody>\n");
        for row in &t.changes {
            o.raw("<tr><td>");
            o.link(&row.player.href, &row.player.text);
            o.raw("</td><td class=\"opt\">");
            o.t(phase_key(&row.phase));
            o.raw("</td><td class=\"num opt\">");
            o.text(&row.before);
            o.raw("</td><td class=\"num opt\">");
            o.number(row.games);
            o.raw("</td><td class=\"num\">");
            o.decimal(&row.score);
            o.raw("</td><td class=\"num opt\">");
            o.rule_link("rule-we", "title-expected", &o.words.decimal(&row.expected));
            o.raw("</td><td class=\"num opt\">");
            o.rule_link("rule-k", "title-k", &o.words.decimal(&row.k));
            o.raw("</td><td class=\"num\">");
            o.rule_link("rule-rounding", "title-change-rounded", &row.change);
            o.raw("</td><td class=\"num\">");
            o.text(&row.after);
            o.raw("</td></tr>\n");
        }
        o.raw("</tbody>\n</table>\n</div>\n<dl class=\"legend\" id=\"changes-legend\">\n<dt><a href=\"");
        o.root();
        o.raw("rules.html#rule-opponents\">");
        o.t("col-games");
        o.raw("</a></dt><dd>");
        o.t("changes-games");
        o.raw("</dd>\n<dt><a href=\"");
        o.root();
        o.raw("rules.html#rule-we\">ΣWe</a></dt><dd>");
        o.markup("changes-we", &[]);
        o.raw("</dd>\n<dt><a href=\"");
        o.root();
        o.raw("rules.html#rule-k\">K</a></dt><dd>");
        o.t("changes-k");
        o.raw("</dd>\n<dt><a href=\"");
        o.root();
        o.raw("rules.html#rule-change\">Δ</a></dt><dd>");
        let half = self.words.decimal("0.5");
        let spread = self.rules.provisional_spread.to_string();
        o.markup(
            "changes-change",
            &[
                ("rounding", Arg::Text(&self.rules.rounding)),
                ("half", Arg::Text(&half)),
                ("spread", Arg::Text(&spread)),
            ],
        );
        o.raw(" (<a href=\"");
        o.root();
        o.raw("rules.html#rule-provisional-formula\">");
        o.t("changes-rule");
        o.raw("</a>)</dd>\n</dl>\n</section>\n");
    }
}

/// Breadcrumbs, heading, notes and the facts list.
fn facts(o: &mut Out, page: &TournamentPage) {
    let t = page.tournament;
    o.breadcrumb_home();
    o.raw("<a href=\"");
    o.root();
    o.raw("tournaments/index.html\">");
    o.t("tournaments-title");
    o.raw("</a> › ");
    o.text(&t.name);
    o.raw("</nav>\n<h1>");
    o.text(&t.name);
    o.raw("</h1>\n");
    if t.illustrative {
        o.raw("<p class=\"notice\">");
        o.t("tournament-illustrative");
        o.raw("</p>");
    }
    o.raw("\n");
    if !t.note.is_empty() {
        o.raw("<p>");
        o.text(&t.note);
        o.raw("</p>");
    }
    o.raw("\n<dl class=\"facts\">\n<dt>");
    o.t("fact-dates");
    o.raw("</dt><dd>");
    o.text(&t.dates);
    o.raw("</dd>\n");
    if !t.city.is_empty() {
        o.raw("<dt>");
        o.t("fact-city");
        o.raw("</dt><dd>");
        o.text(&t.city);
        o.raw("</dd>");
    }
    o.raw("\n<dt>");
    o.t("fact-system");
    o.raw("</dt><dd>");
    o.t(match t.system.as_str() {
        "round-robin" => "system-round-robin",
        _ => "system-swiss",
    });
    o.raw(", ");
    o.counted("count-rounds", t.rounds);
    o.raw(", ");
    o.counted("count-players", t.players);
    o.raw("</dd>\n<dt>");
    o.t("fact-rating");
    o.raw("</dt><dd>");
    rating_fact(o, t);
    o.raw("</dd>\n<dt>");
    o.t("fact-downloads");
    o.raw("</dt><dd>");
    if page.csv {
        o.raw("<a href=\"");
        o.text(&t.id);
        o.raw(".csv\">");
        o.t("download-crosstable-csv");
        o.raw("</a> · <a href=\"");
        o.text(&t.id);
        o.raw(".trf\">");
        o.t("downloads-trf");
        o.raw("</a>");
    }
    if page.csv && page.markdown {
        o.raw(" · ");
    }
    if page.markdown {
        o.raw("<a href=\"");
        o.text(&t.id);
        o.raw(".md\">");
        o.t("download-markdown-report");
        o.raw("</a>");
    }
    for (file, database) in page.sql_files {
        o.raw(" · <a href=\"");
        o.root();
        o.text(file);
        o.raw("\">");
        o.with("download-sql-dump", &[("database", Arg::Text(database))]);
        o.raw("</a>");
    }
    o.raw("</dd>\n</dl>\n");
    if !t.round_links.is_empty() {
        rounds(o, t);
    }
}

/// The links to the round pages and the player cards.
fn rounds(o: &mut Out, t: &TournamentView) {
    o.raw("<section aria-labelledby=\"rounds-heading\">\n<h2 id=\"rounds-heading\">");
    o.t("rounds-heading");
    o.raw("</h2>\n<ul class=\"round-links\">");
    for link in &t.round_links {
        o.raw("<li>");
        let round = link.round.to_string();
        let text = o.words.with("round-link", &[("round", Arg::Text(&round))]);
        o.link(&link.href, &text);
        if link.pending {
            o.raw(" ");
            o.t("round-pairing-pending");
        }
        o.raw("</li>");
    }
    o.raw("<li>");
    let cards = o.words.text("player-cards");
    o.link(&t.cards_href, &cards);
    o.raw("</li></ul>\n</section>\n");
}

/// A crosstable cell in the notation both crosstables share.
fn cross_cell(o: &mut Out, cell: &CrossCell) {
    o.raw("<td class=\"num cell\">");
    if !cell.text.is_empty() {
        o.raw("<sub>");
        if cell.opponent == "bye" {
            o.t("notation-bye");
        } else {
            o.text(&cell.opponent);
        }
        o.text(&cell.colour);
        o.raw("</sub> ");
        o.text(&cell.result);
        if !cell.handicap.is_empty() {
            o.raw(" <small class=\"handicap\" title=\"");
            o.t("handicap-title");
            o.raw("\">");
            o.text(&cell.handicap);
            o.raw("</small>");
        }
    }
    o.raw("</td>");
}

/// A player's name, linked to their page when they have one.
fn player(o: &mut Out, player: &Link) {
    if player.href.is_empty() {
        o.text(&player.text);
    } else {
        o.link(&player.href, &player.text);
    }
}

/// The standings with their tie-breaks and legend.
fn standings(o: &mut Out, t: &TournamentView) {
    o.raw("<section aria-labelledby=\"standings-heading\">\n<h2 id=\"standings-heading\">");
    o.t("standings-heading");
    o.raw("</h2>\n<div class=\"scroll\">\n<table class=\"standings\">\n<thead><tr><th scope=\"col\">#</th>");
    o.abbr_head("num opt", ("abbr-start-number", "col-no"));
    o.heads(&[("", "col-player")]);
    if t.titles {
        o.heads(&[("opt", "col-title")]);
    }
    if t.federations {
        o.abbr_head("opt", ("abbr-federation", "col-fed"));
    }
    o.heads(&[("num opt", "col-rating")]);
    o.abbr_head("num", ("abbr-points", "col-pts"));
    for head in &t.tiebreak_heads {
        o.raw("<th scope=\"col\" class=\"num\"><abbr title=\"");
        o.text(&head.description);
        o.raw("\">");
        o.text(&head.label);
        o.raw("</abbr></th>");
    }
    if t.performances {
        o.abbr_head("num opt", ("abbr-performance", "col-rp"));
    }
    if !t.changes.is_empty() {
        o.raw("<th scope=\"col\" class=\"num opt\"><abbr title=\"");
        o.t("abbr-rating-change");
        o.raw("\">Δ</abbr></th>");
    }
    if t.reported_ranks {
        o.abbr_head("num opt", ("abbr-report", "col-report"));
    }
    o.raw("</tr></thead>\n<tbody>\n");
    for row in &t.standings {
        standing_row(o, t, row);
    }
    o.raw("</tbody>\n</table>\n</div>\n<dl class=\"legend\" id=\"standings-legend\">");
    o.terms(&[
        ("col-no", "legend-no"),
        ("col-rating", "legend-rating"),
        ("col-pts", "legend-pts"),
    ]);
    for head in &t.tiebreak_heads {
        o.raw("<dt>");
        o.text(&head.label);
        o.raw("</dt><dd>");
        o.text(&head.description);
        o.raw("</dd>");
    }
    if t.performances {
        o.terms(&[("col-rp", "legend-rp")]);
    }
    if !t.changes.is_empty() {
        o.raw("<dt>Δ</dt><dd>");
        o.t("legend-change");
        o.raw("</dd>");
    }
    if t.reported_ranks {
        o.terms(&[("col-report", "legend-report")]);
    }
    o.raw("</dl>\n</section>\n");
}

/// One row of the standings.
fn standing_row(o: &mut Out, t: &TournamentView, row: &StandingRow) {
    o.raw("<tr><td>");
    o.text(&row.rank);
    o.raw("</td><td class=\"num opt\"><a href=\"");
    o.root();
    o.text(&row.card);
    o.raw("\" title=\"");
    o.t("title-player-card");
    o.raw("\">");
    o.number(row.start_no);
    o.raw("</a></td><td>");
    player(o, &row.player);
    o.raw("</td>");
    if t.titles {
        o.raw("<td class=\"opt\">");
        o.text(&row.title);
        o.raw("</td>");
    }
    if t.federations {
        o.raw("<td class=\"opt\">");
        o.text(&row.federation);
        o.raw("</td>");
    }
    o.raw("<td class=\"num opt\">");
    o.text(&row.rating);
    o.raw("</td><td class=\"num\">");
    o.text(&row.points);
    o.raw("</td>");
    for value in &row.tiebreaks {
        o.raw("<td class=\"num\">");
        o.decimal(value);
        o.raw("</td>");
    }
    let optional = [
        (t.performances, &row.performance),
        (!t.changes.is_empty(), &row.change),
        (t.reported_ranks, &row.reported_rank),
    ];
    for (shown, value) in optional {
        if shown {
            o.raw("<td class=\"num opt\">");
            o.text(value);
            o.raw("</td>");
        }
    }
    o.raw("</tr>\n");
}

/// The starting list.
fn starting_list(o: &mut Out, t: &TournamentView) {
    o.raw("<section aria-labelledby=\"starting-heading\">\n<h2 id=\"starting-heading\">");
    o.t("starting-heading");
    o.raw("</h2>\n<p>");
    o.t("starting-order");
    o.raw("</p>\n<div class=\"scroll\">\n<table class=\"starting\">\n<thead><tr>");
    o.heads(&[
        ("num", "col-rank"),
        ("num", "col-no"),
        ("", "col-name"),
        ("num", "col-int-rating"),
        ("num", "col-national"),
        ("num opt", "col-licence"),
    ]);
    o.raw("</tr></thead>\n<tbody>\n");
    for row in &t.starting_list {
        o.raw("<tr><td class=\"num\">");
        o.number(row.rank);
        o.raw("</td><td class=\"num\">");
        o.number(row.start_no);
        o.raw("</td><td>");
        player(o, &row.player);
        o.raw("</td><td class=\"num\">");
        o.text(&row.international);
        o.raw("</td><td class=\"num\">");
        o.text(&row.national);
        o.raw("</td><td class=\"num opt\">");
        o.text(&row.licence);
        o.raw("</td></tr>\n");
    }
    o.raw("</tbody>\n</table>\n</div>\n</section>\n");
}

/// The round numbers as column heads.
fn round_heads(o: &mut Out, t: &TournamentView) {
    for round in &t.round_numbers {
        o.raw("<th scope=\"col\" class=\"num\">");
        o.number(round);
        o.raw("</th>");
    }
}

/// The crosstable by start number.
fn start_crosstable(o: &mut Out, t: &TournamentView) {
    o.raw("<section aria-labelledby=\"start-crosstable-heading\">\n<h2 id=\"start-crosstable-heading\">");
    o.t("crosstable-start-heading");
    o.raw("</h2>\n<p class=\"legend-text\">");
    o.text(&t.start_legend);
    if t.handicaps {
        o.raw(" ");
        o.t("handicap-start-legend");
    }
    o.raw("</p>\n<div class=\"scroll\">\n<table class=\"crosstable\">\n<thead><tr>");
    o.heads(&[("num", "col-no"), ("", "col-player")]);
    round_heads(o, t);
    o.heads(&[("num", "col-pts")]);
    o.raw("</tr></thead>\n<tbody>\n");
    for row in &t.start_crosstable {
        o.raw("<tr><td class=\"num\">");
        o.number(row.start_no);
        o.raw("</td><td>");
        player(o, &row.player);
        o.raw("</td>");
        for cell in &row.cells {
            cross_cell(o, cell);
        }
        o.raw("<td class=\"num\">");
        o.text(&row.points);
        o.raw("</td></tr>\n");
    }
    o.raw("</tbody>\n</table>\n</div>\n</section>\n");
}

/// The crosstable in final order, with each player's rating change.
fn final_crosstable(o: &mut Out, t: &TournamentView) {
    o.raw("<section aria-labelledby=\"crosstable-heading\">\n<h2 id=\"crosstable-heading\">");
    o.t("crosstable-final-heading");
    o.raw("</h2>\n<p class=\"legend-text\">");
    o.t("crosstable-final-rows");
    o.raw(" ");
    o.text(&t.final_legend);
    if t.handicaps {
        o.raw(" ");
        o.t("handicap-final-legend");
    }
    o.raw("</p>\n<div class=\"scroll\">\n<table class=\"crosstable\">\n<thead><tr><th scope=\"col\">#</th>");
    o.heads(&[("", "col-player")]);
    round_heads(o, t);
    o.heads(&[("num", "col-pts"), ("num", "col-rating")]);
    o.raw("<th scope=\"col\" class=\"num\"><a href=\"");
    o.root();
    o.raw("rules.html#rule-change\">Δ</a></th></tr></thead>\n<tbody>\n");
    for row in &t.crosstable {
        o.raw("<tr><td>");
        o.text(&row.rank);
        o.raw("</td><td>");
        o.link(&row.player.href, &row.player.text);
        o.raw("</td>");
        for cell in &row.cells {
            cross_cell(o, cell);
        }
        o.raw("<td class=\"num\">");
        o.text(&row.points);
        o.raw("</td><td class=\"num\">");
        o.text(&row.rating);
        o.raw("</td><td class=\"num\">");
        o.rule_link("rule-rounding", "title-change-rounded", &row.change);
        o.raw("</td></tr>\n");
    }
    o.raw("</tbody>\n</table>\n</div>\n</section>\n");
}

/// The rating changes of a tournament rated in a further list.
fn list_changes(o: &mut Out, t: &TournamentView, list: &ListLink) {
    o.raw("\n<section aria-labelledby=\"changes-heading\">\n<h2 id=\"changes-heading\">");
    o.with("changes-in-list", &[("list", Arg::Text(&list.title))]);
    o.raw("</h2>\n");
    if !list.rated_on.is_empty() {
        o.raw("<p>");
        o.with(
            "changes-rated-on",
            &[
                ("date", Arg::Text(&list.rated_on)),
                ("in_force", Arg::Text(&list.in_force)),
            ],
        );
        o.raw("<a href=\"");
        o.pool_page(&list.name, "rules.html#rule-period");
        o.raw("\">");
        o.t("changes-rating-period");
        o.raw("</a>).</p>\n");
    }
    o.raw("<div class=\"scroll\">\n<table class=\"sortable\">\n<thead><tr>");
    o.heads(&[
        ("", "col-player"),
        ("num opt", "col-games"),
        ("num", "col-score"),
    ]);
    o.raw("<th scope=\"col\" class=\"num opt\">ΣWe</th><th scope=\"col\" class=\"num\">Δ</th>");
    o.heads(&[("num", "col-after")]);
    o.raw("</tr></thead>\n<tbody>\n");
    for row in &t.changes {
        o.raw("<tr><td><a href=\"");
        o.root();
        o.text(&row.player.href);
        o.raw("#pool-");
        o.text(&list.name);
        o.raw("\">");
        o.text(&row.player.text);
        o.raw("</a></td><td class=\"num opt\">");
        o.number(row.games);
        o.raw("</td><td class=\"num\">");
        o.decimal(&row.score);
        o.raw("</td><td class=\"num opt\">");
        o.decimal(&row.expected);
        o.raw("</td><td class=\"num\">");
        o.text(&row.change);
        o.raw("</td><td class=\"num\">");
        o.text(&row.after);
        o.raw("</td></tr>\n");
    }
    o.raw("</tbody>\n</table>\n</div>\n<dl class=\"legend\" id=\"changes-legend\">\n");
    o.terms(&[("col-games", "changes-list-games")]);
    o.raw("\n<dt><a href=\"");
    o.pool_page(&list.name, "rules.html#rule-we");
    o.raw("\">ΣWe</a></dt><dd>");
    o.t("changes-list-we");
    o.raw("</dd>\n<dt><a href=\"");
    o.pool_page(&list.name, "rules.html#rule-change");
    o.raw("\">Δ</a></dt><dd>");
    o.with("changes-list-change", &[("system", Arg::Text(list.system))]);
    o.raw("</dd>\n</dl>\n</section>\n");
}

/// The tournament's rating fact: rated with its K, time control and rules,
/// or why not.
fn rating_fact(o: &mut Out, t: &TournamentView) {
    if t.rated && t.counted {
        let control = o.words.text(match t.time_control.as_str() {
            "rapid" => "time-control-rapid",
            _ => "time-control-standard",
        });
        let rules = o.words.text(match t.rules.as_str() {
            "modified" => "game-rules-modified",
            _ => "game-rules-standard",
        });
        o.with(
            "tournament-rated",
            &[
                ("k", Arg::Number(i64::from(t.base_k))),
                ("control", Arg::Text(&control)),
                ("rules", Arg::Text(&rules)),
            ],
        );
    } else if t.rated {
        o.t("tournament-not-counted");
    } else {
        o.t("tournament-not-rated");
    }
}

/// The message naming a rating phase (`provisional`, `established`, `unrated`).
fn phase_key(phase: &str) -> &'static str {
    match phase {
        "provisional" => "phase-provisional",
        "established" => "phase-established",
        _ => "phase-unrated",
    }
}
