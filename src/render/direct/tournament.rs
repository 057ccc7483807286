//! `html/tournament.html`: a tournament's page.

use super::{Out, PageWriter};
use crate::render::pools::ListLink;
use crate::render::view::{CrossCell, Link, StandingRow, TournamentView};

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
        o.raw("\n<section aria-labelledby=\"changes-heading\">\n<h2 id=\"changes-heading\">Rating changes</h2>\n<div class=\"scroll\">\n<table class=\"sortable\">\n<thead><tr><th scope=\"col\">Player</th><th scope=\"col\" class=\"opt\">Phase</th><th scope=\"col\" class=\"num opt\">Before</th><th scope=\"col\" class=\"num opt\">Games</th><th scope=\"col\" class=\"num\">Score</th><th scope=\"col\" class=\"num opt\">ΣWe</th><th scope=\"col\" class=\"num opt\">K</th><th scope=\"col\" class=\"num\">Δ</th><th scope=\"col\" class=\"num\">After</th></tr></thead>\n<tbody>\n");
        for row in &t.changes {
            o.raw("<tr><td>");
            o.link(&row.player.href, &row.player.text);
            o.raw("</td><td class=\"opt\">");
            o.text(&row.phase);
            o.raw("</td><td class=\"num opt\">");
            o.text(&row.before);
            o.raw("</td><td class=\"num opt\">");
            o.number(row.games);
            o.raw("</td><td class=\"num\">");
            o.text(&row.score);
            o.raw("</td><td class=\"num opt\">");
            o.rule_link("rule-we", "expected score", &row.expected);
            o.raw("</td><td class=\"num opt\">");
            o.rule_link("rule-k", "K factor", &row.k);
            o.raw("</td><td class=\"num\">");
            o.rule_link("rule-rounding", "rating change, rounded", &row.change);
            o.raw("</td><td class=\"num\">");
            o.text(&row.after);
            o.raw("</td></tr>\n");
        }
        o.raw("</tbody>\n</table>\n</div>\n<dl class=\"legend\" id=\"changes-legend\">\n<dt><a href=\"");
        o.root();
        o.raw("rules.html#rule-opponents\">Games</a></dt><dd>games that counted for the rating</dd>\n<dt><a href=\"");
        o.root();
        o.raw("rules.html#rule-we\">ΣWe</a></dt><dd>expected score: the sum of W<sub>e</sub> over those games</dd>\n<dt><a href=\"");
        o.root();
        o.raw("rules.html#rule-k\">K</a></dt><dd>K factor(s) used</dd>\n<dt><a href=\"");
        o.root();
        o.raw("rules.html#rule-change\">Δ</a></dt><dd>the rating change: Σ K × (W − W<sub>e</sub>) rounded ");
        o.text(&self.rules.rounding);
        o.raw("; a provisional player's first rating comes from R<sub>p</sub> = R<sub>c</sub> + (W<sub>c</sub> − 0.5) × ");
        o.number(self.rules.provisional_spread);
        o.raw(" (<a href=\"");
        o.root();
        o.raw("rules.html#rule-provisional-formula\">rule</a>)</dd>\n</dl>\n</section>\n");
    }
}

/// Breadcrumbs, heading, notes and the facts list.
fn facts(o: &mut Out, page: &TournamentPage) {
    let t = page.tournament;
    o.raw("\n<nav aria-label=\"Breadcrumb\" class=\"breadcrumbs\"><a href=\"");
    o.root();
    o.raw("index.html\">Home</a> › <a href=\"");
    o.root();
    o.raw("tournaments/index.html\">Tournaments</a> › ");
    o.text(&t.name);
    o.raw("</nav>\n<h1>");
    o.text(&t.name);
    o.raw("</h1>\n");
    if t.illustrative {
        o.raw("<p class=\"notice\">Illustrative sample: these results are invented to show the rating book at work; they are not real results.</p>");
    }
    o.raw("\n");
    if !t.note.is_empty() {
        o.raw("<p>");
        o.text(&t.note);
        o.raw("</p>");
    }
    o.raw("\n<dl class=\"facts\">\n<dt>Dates</dt><dd>");
    o.text(&t.dates);
    o.raw("</dd>\n");
    if !t.city.is_empty() {
        o.raw("<dt>City</dt><dd>");
        o.text(&t.city);
        o.raw("</dd>");
    }
    o.raw("\n<dt>System</dt><dd>");
    o.text(&t.system);
    o.raw(", ");
    o.raw(&crate::text::count(t.rounds, "round"));
    o.raw(", ");
    o.raw(&crate::text::count(t.players, "player"));
    o.raw("</dd>\n<dt>Rating</dt><dd>");
    if t.rated && t.counted {
        o.raw("rated, base K ");
        o.number(t.base_k);
        o.raw(", ");
        o.text(&t.time_control);
        o.raw(" time control, ");
        o.text(&t.rules);
        o.raw(" rules");
    } else if t.rated {
        o.raw("not rated: none of its games counts for a rating");
    } else {
        o.raw("not rated");
    }
    o.raw("</dd>\n<dt>Downloads</dt><dd>");
    if page.csv {
        o.raw("<a href=\"");
        o.text(&t.id);
        o.raw(".csv\">crosstable CSV</a> · <a href=\"");
        o.text(&t.id);
        o.raw(".trf\">FIDE TRF</a>");
    }
    if page.csv && page.markdown {
        o.raw(" · ");
    }
    if page.markdown {
        o.raw("<a href=\"");
        o.text(&t.id);
        o.raw(".md\">Markdown report</a>");
    }
    for (file, database) in page.sql_files {
        o.raw(" · <a href=\"");
        o.root();
        o.text(file);
        o.raw("\">SQL dump of the whole book for ");
        o.text(database);
        o.raw("</a>");
    }
    o.raw("</dd>\n</dl>\n");
    if !t.round_links.is_empty() {
        rounds(o, t);
    }
}

/// The links to the round pages and the player cards.
fn rounds(o: &mut Out, t: &TournamentView) {
    o.raw("<section aria-labelledby=\"rounds-heading\">\n<h2 id=\"rounds-heading\">Rounds</h2>\n<ul class=\"round-links\">");
    for link in &t.round_links {
        o.raw("<li>");
        o.link(&link.href, &format!("Round {}", link.round));
        if link.pending {
            o.raw(" (pairing; results to come)");
        }
        o.raw("</li>");
    }
    o.raw("<li>");
    o.link(&t.cards_href, "Player cards");
    o.raw("</li></ul>\n</section>\n");
}

/// A crosstable cell in the notation both crosstables share.
fn cross_cell(o: &mut Out, cell: &CrossCell) {
    o.raw("<td class=\"num cell\">");
    if !cell.text.is_empty() {
        o.raw("<sub>");
        o.text(&cell.opponent);
        o.text(&cell.colour);
        o.raw("</sub> ");
        o.text(&cell.result);
        if !cell.handicap.is_empty() {
            o.raw(" <small class=\"handicap\" title=\"handicap stones received by black\">");
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
    o.raw("<section aria-labelledby=\"standings-heading\">\n<h2 id=\"standings-heading\">Standings</h2>\n<div class=\"scroll\">\n<table class=\"standings\">\n<thead><tr><th scope=\"col\">#</th><th scope=\"col\" class=\"num opt\"><abbr title=\"start number\">No</abbr></th><th scope=\"col\">Player</th>");
    if t.titles {
        o.raw("<th scope=\"col\" class=\"opt\">Title</th>");
    }
    if t.federations {
        o.raw("<th scope=\"col\" class=\"opt\"><abbr title=\"federation\">Fed</abbr></th>");
    }
    o.raw("<th scope=\"col\" class=\"num opt\">Rating</th><th scope=\"col\" class=\"num\"><abbr title=\"points\">Pts</abbr></th>");
    for head in &t.tiebreak_heads {
        o.raw("<th scope=\"col\" class=\"num\"><abbr title=\"");
        o.text(&head.description);
        o.raw("\">");
        o.text(&head.label);
        o.raw("</abbr></th>");
    }
    if t.performances {
        o.raw(
            "<th scope=\"col\" class=\"num opt\"><abbr title=\"performance rating\">Rp</abbr></th>",
        );
    }
    if !t.changes.is_empty() {
        o.raw("<th scope=\"col\" class=\"num opt\"><abbr title=\"rating change\">Δ</abbr></th>");
    }
    if t.reported_ranks {
        o.raw("<th scope=\"col\" class=\"num opt\"><abbr title=\"rank in the event's own report\">Report</abbr></th>");
    }
    o.raw("</tr></thead>\n<tbody>\n");
    for row in &t.standings {
        standing_row(o, t, row);
    }
    o.raw("</tbody>\n</table>\n</div>\n<dl class=\"legend\" id=\"standings-legend\"><dt>No</dt><dd>start number, linked to the player's card</dd><dt>Rating</dt><dd>rating for this event: the event's own, else the international rating, else ours at the start</dd><dt>Pts</dt><dd>points</dd>");
    for head in &t.tiebreak_heads {
        o.raw("<dt>");
        o.text(&head.label);
        o.raw("</dt><dd>");
        o.text(&head.description);
        o.raw("</dd>");
    }
    if t.performances {
        o.raw("<dt>Rp</dt><dd>performance rating (FIDE): the opponents' average rating plus the rating difference FIDE's table gives for the score, over the games played against rated opponents</dd>");
    }
    if !t.changes.is_empty() {
        o.raw("<dt>Δ</dt><dd>rating change from this event</dd>");
    }
    if t.reported_ranks {
        o.raw("<dt>Report</dt><dd>rank in the event's own report, which orders ties by its own tie-breaks</dd>");
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
    o.raw("\" title=\"player card\">");
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
        o.text(value);
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
    o.raw("<section aria-labelledby=\"starting-heading\">\n<h2 id=\"starting-heading\">Starting list</h2>\n<p>Ordered by international rating, national rating, name and licence number.</p>\n<div class=\"scroll\">\n<table class=\"starting\">\n<thead><tr><th scope=\"col\" class=\"num\">Rank</th><th scope=\"col\" class=\"num\">No</th><th scope=\"col\">Name</th><th scope=\"col\" class=\"num\">Int. rating</th><th scope=\"col\" class=\"num\">National</th><th scope=\"col\" class=\"num opt\">Licence</th></tr></thead>\n<tbody>\n");
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
    o.raw("<section aria-labelledby=\"start-crosstable-heading\">\n<h2 id=\"start-crosstable-heading\">Crosstable by start number</h2>\n<p class=\"legend-text\">");
    o.text(&t.start_legend);
    if t.handicaps {
        o.raw(" “h3” after a result: a handicap game, black received 3 stones.");
    }
    o.raw("</p>\n<div class=\"scroll\">\n<table class=\"crosstable\">\n<thead><tr><th scope=\"col\" class=\"num\">No</th><th scope=\"col\">Player</th>");
    round_heads(o, t);
    o.raw("<th scope=\"col\" class=\"num\">Pts</th></tr></thead>\n<tbody>\n");
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
    o.raw("<section aria-labelledby=\"crosstable-heading\">\n<h2 id=\"crosstable-heading\">Crosstable in final order</h2>\n<p class=\"legend-text\">Rows in final order. ");
    o.text(&t.final_legend);
    if t.handicaps {
        o.raw(" “h3”: a handicap game, black received 3 stones.");
    }
    o.raw("</p>\n<div class=\"scroll\">\n<table class=\"crosstable\">\n<thead><tr><th scope=\"col\">#</th><th scope=\"col\">Player</th>");
    round_heads(o, t);
    o.raw("<th scope=\"col\" class=\"num\">Pts</th><th scope=\"col\" class=\"num\">Rating</th><th scope=\"col\" class=\"num\"><a href=\"");
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
        o.rule_link("rule-rounding", "rating change, rounded", &row.change);
        o.raw("</td></tr>\n");
    }
    o.raw("</tbody>\n</table>\n</div>\n</section>\n");
}

/// The rating changes of a tournament rated in a further list.
fn list_changes(o: &mut Out, t: &TournamentView, list: &ListLink) {
    o.raw("\n<section aria-labelledby=\"changes-heading\">\n<h2 id=\"changes-heading\">Rating changes in the ");
    o.text(&list.title);
    o.raw(" list</h2>\n");
    if !list.rated_on.is_empty() {
        o.raw("<p>Rated on the list of ");
        o.text(&list.rated_on);
        o.raw(", from the ratings of the list in force when the tournament started (");
        o.text(&list.in_force);
        o.raw("); Δ and After are the whole rating period's, with every tournament of the player on that list (<a href=\"");
        o.pool_page(&list.name, "rules.html#rule-period");
        o.raw("\">rating period</a>).</p>\n");
    }
    o.raw("<div class=\"scroll\">\n<table class=\"sortable\">\n<thead><tr><th scope=\"col\">Player</th><th scope=\"col\" class=\"num opt\">Games</th><th scope=\"col\" class=\"num\">Score</th><th scope=\"col\" class=\"num opt\">ΣWe</th><th scope=\"col\" class=\"num\">Δ</th><th scope=\"col\" class=\"num\">After</th></tr></thead>\n<tbody>\n");
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
        o.text(&row.score);
        o.raw("</td><td class=\"num opt\">");
        o.text(&row.expected);
        o.raw("</td><td class=\"num\">");
        o.text(&row.change);
        o.raw("</td><td class=\"num\">");
        o.text(&row.after);
        o.raw("</td></tr>\n");
    }
    o.raw("</tbody>\n</table>\n</div>\n<dl class=\"legend\" id=\"changes-legend\">\n<dt>Games</dt><dd>games that counted in this list</dd>\n<dt><a href=\"");
    o.pool_page(&list.name, "rules.html#rule-we");
    o.raw("\">ΣWe</a></dt><dd>expected score: the sum of the expected scores over those games</dd>\n<dt><a href=\"");
    o.pool_page(&list.name, "rules.html#rule-change");
    o.raw("\">Δ</a></dt><dd>the rating change, by ");
    o.text(list.system);
    o.raw("; empty for a first rating</dd>\n</dl>\n</section>\n");
}
