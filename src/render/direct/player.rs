//! `html/player.html`: a player's page.

use super::{Out, PageWriter};
use crate::config::SystemKind;
use crate::render::pools::PoolSection;
use crate::render::view::{GameRow, HistoryRow, PlayerView};

/// One player page: the page's own values.
pub struct PlayerPage<'a> {
    /// The way from the page to the site's root (`../`).
    pub root: &'a str,
    /// The page's own address, for its canonical link (empty for none).
    pub path: &'a str,
    /// The player.
    pub player: &'a PlayerView,
    /// The player's sections in further lists.
    pub pools: &'a [PoolSection],
}

impl PageWriter<'_> {
    /// A player's page, as `html/player.html` renders it.
    pub fn player(&self, page: &PlayerPage) -> Vec<u8> {
        let names = (page.player.name.as_str(), page.path, page.root);
        self.layout(names, |o| self.player_content(o, page))
    }

    /// The `content` block of `html/player.html`.
    fn player_content(&self, o: &mut Out, page: &PlayerPage) {
        let player = page.player;
        o.raw("\n<nav aria-label=\"Breadcrumb\" class=\"breadcrumbs\"><a href=\"");
        o.root();
        o.raw("index.html\">Home</a> › <a href=\"");
        o.root();
        o.raw("ratings.html\">Rating list</a> › ");
        o.text(&player.name);
        o.raw("</nav>\n<h1>");
        o.text(&player.name);
        o.raw("</h1>\n<dl class=\"facts\">\n<dt>Rating</dt><dd class=\"rating\" data-phase=\"");
        o.text(&player.phase);
        o.raw("\">");
        rating_fact(o, player, page.pools);
        o.raw("</dd>\n");
        optional_fact(o, "Grade for this rating", &player.rating_grade);
        o.raw("\n");
        optional_fact(o, "Grade", &player.grade);
        o.raw("\n");
        optional_fact(o, "Peak", &player.peak);
        o.raw("\n");
        optional_fact(o, "Lowest", &player.lowest);
        o.raw("\n<dt>Rated games</dt><dd>");
        o.number(player.rated_games);
        o.raw("</dd>\n");
        optional_fact(o, "Score", &player.score);
        o.raw("\n<dt>Membership</dt><dd>");
        o.text(&player.membership);
        o.raw("</dd>\n");
        optional_fact(o, "Club", &player.club);
        o.raw("\n");
        optional_fact(o, "Country", &player.country);
        o.raw("\n");
        optional_fact(o, "International rating", &player.international_rating);
        o.raw("\n</dl>\n<p class=\"note\">Peak and lowest count established ratings only; the provisional phase has no published rating.</p>\n<section aria-labelledby=\"history-heading\">\n<h2 id=\"history-heading\">Rating history</h2>\n");
        if !player.chart.is_empty() {
            o.raw("\n<figure class=\"chart-figure\">\n");
            o.raw(&player.chart);
            o.raw("\n<figcaption>");
            let every_row = player.chart_points == player.history.len();
            if every_row {
                o.raw(&crate::text::count(player.chart_points, "rated tournament"));
            } else {
                o.raw("Ratings after ");
                o.number(player.chart_points);
                o.raw(" of the ");
                o.number(player.history.len());
                o.raw(" tournaments below");
            }
            if !player.progress.is_empty() || !player.peak.is_empty() {
                o.raw("; the shaded band is the provisional phase");
            }
            if every_row {
                o.raw(". The last point is labelled; hover or tap a point for its tournament, or read every point in the table below (one row per point).</figcaption>\n</figure>\n");
            } else {
                o.raw(". The last point is labelled; hover or tap a point for its tournament, or read every point in the table below (the rows with a rating).</figcaption>\n</figure>\n");
            }
        }
        o.raw("\n");
        if player.history.is_empty() {
            o.raw("\n<p>No tournaments yet.</p>\n");
        } else {
            self.history(o, &player.history);
        }
        o.raw("\n</section>\n");
        best_wins(o, player);
        o.raw("\n");
        head_to_head(o, player);
        o.raw("\n");
        games(o, &player.games);
        o.raw("\n");
        for pool in page.pools {
            pool_section(o, pool);
        }
    }

    /// The rating history table and its legend.
    fn history(&self, o: &mut Out, rows: &[HistoryRow]) {
        o.raw("\n<div class=\"scroll\">\n<table class=\"sortable history\">\n<thead><tr><th scope=\"col\">Date</th><th scope=\"col\" class=\"wrap\">Tournament</th><th scope=\"col\" class=\"num opt\">Games</th><th scope=\"col\" class=\"num opt\">Score</th><th scope=\"col\" class=\"num opt\">ΣWe</th><th scope=\"col\" class=\"num opt\">Perf.</th><th scope=\"col\" class=\"num opt\">K</th><th scope=\"col\" class=\"num opt\">Σ</th><th scope=\"col\" class=\"num\">Δ</th><th scope=\"col\" class=\"num\">Rating</th></tr></thead>\n<tbody>\n");
        for row in rows {
            history_row(o, row);
        }
        o.raw("</tbody>\n</table>\n</div>\n<dl class=\"legend\" id=\"history-legend\">\n<dt class=\"opt\"><a href=\"");
        o.root();
        o.raw("rules.html#rule-we\">ΣWe</a></dt><dd class=\"opt\">expected score: the sum of W<sub>e</sub> over the counted games</dd>\n<dt class=\"opt\"><a href=\"");
        o.root();
        o.raw("rules.html#rule-performance\">Perf.</a></dt><dd class=\"opt\">performance rating: R<sub>c</sub> + (W<sub>c</sub> − 0.5) × ");
        o.number(self.rules.provisional_spread);
        o.raw(" over the tournament's counted games</dd>\n<dt class=\"opt\"><a href=\"");
        o.root();
        o.raw("rules.html#rule-k\">K</a></dt><dd class=\"opt\">K factor(s) used</dd>\n<dt class=\"opt\"><a href=\"");
        o.root();
        o.raw("rules.html#rule-change\">Σ</a></dt><dd class=\"opt\">the sum of K × (W − W<sub>e</sub>) over the counted games, before rounding</dd>\n<dt><a href=\"");
        o.root();
        o.raw("rules.html#rule-rounding\">Δ</a></dt><dd>the rating change: Σ rounded ");
        o.text(&self.rules.rounding);
        o.raw("</dd>\n</dl>\n");
    }
}

/// The rating, or why there is none yet.
fn rating_fact(o: &mut Out, player: &PlayerView, pools: &[PoolSection]) {
    if !player.rating.is_empty() {
        o.text(&player.rating);
    } else if !player.progress.is_empty() {
        o.raw("provisional, ");
        o.text(&player.progress);
        o.raw(" games");
    } else if !pools.is_empty() {
        o.raw("in the ");
        for (at, pool) in pools.iter().enumerate() {
            o.raw("<a href=\"#pool-");
            o.text(&pool.name);
            o.raw("\">");
            o.text(&pool.title);
            o.raw("</a>");
            if at + 1 < pools.len() {
                o.raw(", ");
            }
        }
        o.raw(" list");
        if pools.len() > 1 {
            o.raw("s");
        }
        o.raw(" below");
    } else {
        o.raw("not rated by us");
    }
}

/// A fact shown only when the player has it.
fn optional_fact(o: &mut Out, term: &str, value: &str) {
    if !value.is_empty() {
        o.raw("<dt>");
        o.raw(term);
        o.raw("</dt><dd>");
        o.text(value);
        o.raw("</dd>");
    }
}

/// A note in brackets after a result or a tournament, when there is one.
fn note(o: &mut Out, note: &str) {
    if !note.is_empty() {
        o.raw(" <span class=\"note\">(");
        o.text(note);
        o.raw(")</span>");
    }
}

fn history_row(o: &mut Out, row: &HistoryRow) {
    o.raw("<tr id=\"");
    o.text(&row.anchor);
    o.raw("\"");
    charted(o, row);
    o.raw("><td>");
    o.text(&row.date);
    o.raw("</td><td class=\"wrap\">");
    o.link(row.tournament.href(), row.tournament.text());
    note(o, &row.note);
    if !row.working.is_empty() {
        o.raw("<div class=\"working\"><a href=\"");
        o.root();
        o.raw("rules.html#rule-provisional-formula\">First rating</a>: <span class=\"formula\">");
        o.text(&row.working);
        o.raw("</span><br><span class=\"note\">");
        o.text(&row.working_terms);
        o.raw("</span></div>");
    }
    o.raw("</td><td class=\"num opt\">");
    o.number(row.games);
    o.raw("</td><td class=\"num opt\">");
    o.text(&row.score);
    o.raw("</td><td class=\"num opt\">");
    o.rule_link("rule-we", "expected score", &row.expected);
    o.raw("</td><td class=\"num opt\">");
    o.rule_link("rule-performance", "performance rating", &row.performance);
    o.raw("</td><td class=\"num opt\">");
    o.rule_link("rule-k", "K factor", &row.k);
    o.raw("</td><td class=\"num opt\">");
    o.rule_link("rule-change", "sum of K × (W − We)", &row.sum);
    o.raw("</td><td class=\"num\">");
    o.rule_link("rule-rounding", "rating change, rounded", &row.change);
    o.raw("</td><td class=\"num\">");
    o.text(&row.rating_after);
    o.raw("</td></tr>\n");
}

/// The mark of a history row the chart shows.
fn charted(o: &mut Out, row: &HistoryRow) {
    if row.charted {
        o.raw(" data-charted=\"1\"");
    }
}

fn best_wins(o: &mut Out, player: &PlayerView) {
    if player.best_wins.is_empty() {
        return;
    }
    o.raw("\n<section aria-labelledby=\"wins-heading\">\n<h2 id=\"wins-heading\">Best wins</h2>\n<ol class=\"wins\">\n");
    for w in &player.best_wins {
        o.raw("<li>");
        o.link(w.opponent.href(), w.opponent.text());
        o.raw(" (");
        o.number(w.opponent_rating);
        o.raw("), ");
        o.link(w.tournament.href(), w.tournament.text());
        o.raw(", ");
        o.text(&w.date);
        o.raw("</li>\n");
    }
    o.raw("</ol>\n</section>\n");
}

fn head_to_head(o: &mut Out, player: &PlayerView) {
    if player.head_to_head.is_empty() {
        return;
    }
    o.raw("\n<section aria-labelledby=\"h2h-heading\">\n<h2 id=\"h2h-heading\">Head to head</h2>\n<div class=\"scroll\">\n<table class=\"sortable h2h\">\n<thead><tr><th scope=\"col\" class=\"wrap\">Opponent</th><th scope=\"col\" class=\"num opt\">Games</th><th scope=\"col\" class=\"num\">Won</th><th scope=\"col\" class=\"num\">Drawn</th><th scope=\"col\" class=\"num\">Lost</th><th scope=\"col\" class=\"num\">Score</th></tr></thead>\n<tbody>\n");
    for h in &player.head_to_head {
        o.raw("<tr><td class=\"wrap\">");
        o.link(h.opponent.href(), h.opponent.text());
        o.raw("</td><td class=\"num opt\">");
        o.number(h.games);
        o.raw("</td><td class=\"num\">");
        o.number(h.wins);
        o.raw("</td><td class=\"num\">");
        o.number(h.draws);
        o.raw("</td><td class=\"num\">");
        o.number(h.losses);
        o.raw("</td><td class=\"num\">");
        o.text(&h.score);
        o.raw("</td></tr>\n");
    }
    o.raw("</tbody>\n</table>\n</div>\n</section>\n");
}

fn games(o: &mut Out, games: &[GameRow]) {
    if games.is_empty() {
        return;
    }
    o.raw("\n<section aria-labelledby=\"games-heading\">\n<h2 id=\"games-heading\">Games</h2>\n<div class=\"scroll\">\n<table class=\"sortable\">\n<thead><tr><th scope=\"col\">Date</th><th scope=\"col\" class=\"wrap\">Tournament</th><th scope=\"col\" class=\"num opt\">Round</th><th scope=\"col\">Opponent</th><th scope=\"col\">Result</th><th scope=\"col\" class=\"num opt\">Opp. rating</th><th scope=\"col\" class=\"num opt\">We</th><th scope=\"col\" class=\"num opt\">K</th><th scope=\"col\" class=\"num\">K×(W−We)</th></tr></thead>\n<tbody>\n");
    for g in games {
        o.raw("<tr><td>");
        o.text(&g.date);
        o.raw("</td><td class=\"wrap\">");
        o.link(g.tournament.href(), g.tournament.text());
        o.raw("</td><td class=\"num opt\">");
        o.number(g.round);
        o.raw("</td><td>");
        o.link(g.opponent.href(), g.opponent.text());
        o.raw("</td><td class=\"wrap\">");
        o.text(&g.result);
        note(o, g.note);
        o.raw("</td><td class=\"num opt\">");
        o.text(&g.opponent_rating);
        o.raw("</td><td class=\"num opt\">");
        o.rule_link("rule-we", "expected score", &g.expected);
        o.raw("</td><td class=\"num opt\">");
        if g.k_reason.is_empty() {
            o.text(&g.k);
        } else {
            o.raw("<a class=\"rule-link\" href=\"");
            o.root();
            o.raw("rules.html#rule-k\" title=\"");
            o.text(&g.k_reason);
            o.raw("\">");
            o.text(&g.k);
            o.raw("</a>");
        }
        o.raw("</td><td class=\"num\">");
        o.rule_link("rule-change", "K × (W − We)", &g.change);
        o.raw("</td></tr>\n");
    }
    o.raw("</tbody>\n</table>\n</div>\n<dl class=\"legend\" id=\"games-legend\">\n<dt>Result</dt><dd>1 win, ½ draw, 0 loss, + won by forfeit or bye, − lost by forfeit or absent</dd>\n<dt class=\"opt\"><a href=\"");
    o.root();
    o.raw("rules.html#rule-opponents\">Opp. rating</a></dt><dd class=\"opt\">the opponent's rating the rules used</dd>\n<dt class=\"opt\"><a href=\"");
    o.root();
    o.raw("rules.html#rule-we\">We</a></dt><dd class=\"opt\">expected score against that opponent</dd>\n<dt class=\"opt\"><a href=\"");
    o.root();
    o.raw("rules.html#rule-k\">K</a></dt><dd class=\"opt\">K factor of the game; each value links to the K rules and, on hover, shows how it was found</dd>\n<dt>W</dt><dd>the score of the game: 1, ½ or 0</dd>\n<dt><a href=\"");
    o.root();
    o.raw("rules.html#rule-change\">K×(W−We)</a></dt><dd>what the game adds to the tournament's sum Σ</dd>\n</dl>\n</section>\n");
}

/// The player's record in one further list.
fn pool_section(o: &mut Out, pool: &PoolSection) {
    let player = &pool.player;
    o.raw("<section aria-labelledby=\"pool-");
    o.text(&pool.name);
    o.raw("-heading\" id=\"pool-");
    o.text(&pool.name);
    o.raw("\">\n<h2 id=\"pool-");
    o.text(&pool.name);
    o.raw("-heading\">");
    o.text(&pool.title);
    o.raw("</h2>\n<p>A rating list of its own, rated by <a href=\"");
    o.pool_page(&pool.name, "rules.html");
    o.raw("\">");
    o.text(pool.system);
    o.raw("</a>: <a href=\"");
    o.pool_page(&pool.name, "ratings.html");
    o.raw("\">the list</a>.</p>\n<dl class=\"facts\">\n<dt>Rating</dt><dd class=\"rating\">");
    pool_rating(o, pool);
    o.raw("</dd>\n<dt>Rated games</dt><dd>");
    o.number(player.rated_games);
    o.raw("</dd>\n</dl>\n");
    if !player.chart.is_empty() {
        o.raw("\n<figure class=\"chart-figure\">\n");
        o.raw(&player.chart);
        o.raw("\n<figcaption>");
        o.raw(&crate::text::count(player.chart_points, "rated tournament"));
        o.raw(" in this list. The last point is labelled; every point is in the table below.</figcaption>\n</figure>\n");
    }
    o.raw("\n<div class=\"scroll\">\n<table class=\"sortable history\">\n<thead><tr><th scope=\"col\">Date</th><th scope=\"col\" class=\"wrap\">Tournament</th><th scope=\"col\" class=\"num opt\">Games</th><th scope=\"col\" class=\"num opt\">Score</th><th scope=\"col\" class=\"num\">Δ</th><th scope=\"col\" class=\"num\">Rating</th></tr></thead>\n<tbody>\n");
    for row in &player.history {
        o.raw("<tr");
        charted(o, row);
        o.raw("><td>");
        o.text(&row.date);
        o.raw("</td><td class=\"wrap\">");
        o.link(row.tournament.href(), row.tournament.text());
        o.raw("</td><td class=\"num opt\">");
        o.number(row.games);
        o.raw("</td><td class=\"num opt\">");
        o.text(&row.score);
        o.raw("</td><td class=\"num\">");
        o.text(&row.change);
        o.raw("</td><td class=\"num\">");
        o.text(&row.rating_after);
        o.raw("</td></tr>\n");
    }
    o.raw("</tbody>\n</table>\n</div>\n");
    if !player.games.is_empty() {
        pool_games(o, pool);
    }
    o.raw("\n</section>\n");
}

/// The rating in a further list, with its uncertainty where the system keeps one.
fn pool_rating(o: &mut Out, pool: &PoolSection) {
    let player = &pool.player;
    if !player.rating.is_empty() {
        o.text(&player.rating);
        if !pool.deviation.is_empty() && pool.kind == SystemKind::Whr {
            o.raw(" <abbr title=\"uncertainty: one standard deviation of the rating\">±</abbr> ");
            o.text(&pool.deviation);
        } else if !pool.deviation.is_empty() {
            o.raw(" <abbr title=\"rating deviation: one standard deviation of the rating\">RD</abbr> ");
            o.text(&pool.deviation);
        }
    } else if pool.association && !player.progress.is_empty() {
        o.raw("provisional, ");
        o.text(&player.progress);
        o.raw(" games");
    } else {
        o.raw("no rating yet");
    }
}

fn pool_games(o: &mut Out, pool: &PoolSection) {
    o.raw("\n<h3>Games in this list</h3>\n<div class=\"scroll\">\n<table class=\"sortable\">\n<thead><tr><th scope=\"col\">Date</th><th scope=\"col\" class=\"wrap\">Tournament</th><th scope=\"col\">Opponent</th><th scope=\"col\">Result</th><th scope=\"col\" class=\"num opt\">Opp. rating</th>");
    if pool.fide {
        o.raw("<th scope=\"col\" class=\"num opt\" title=\"own rating − opponent's, at most 400 either way below 2650\">Diff.</th>");
    }
    o.raw("<th scope=\"col\" class=\"num opt\">We</th><th scope=\"col\" class=\"num opt\">K</th><th scope=\"col\" class=\"num\">K×(W−We)</th></tr></thead>\n<tbody>\n");
    for g in &pool.player.games {
        o.raw("<tr><td>");
        o.text(&g.date);
        o.raw("</td><td class=\"wrap\">");
        o.link(g.tournament.href(), g.tournament.text());
        o.raw("</td><td><a href=\"");
        o.root();
        o.text(g.opponent.href());
        o.raw("#pool-");
        o.text(&pool.name);
        o.raw("\">");
        o.text(g.opponent.text());
        o.raw("</a></td><td class=\"wrap\">");
        o.text(&g.result);
        note(o, g.note);
        o.raw("</td><td class=\"num opt\">");
        o.text(&g.opponent_rating);
        o.raw("</td>");
        if pool.fide {
            o.raw("<td class=\"num opt\">");
            o.text(&g.difference);
            o.raw("</td>");
        }
        o.raw("<td class=\"num opt\">");
        o.text(&g.expected);
        o.raw("</td><td class=\"num opt\">");
        o.text(&g.k);
        o.raw("</td><td class=\"num\">");
        o.text(&g.change);
        o.raw("</td></tr>\n");
    }
    o.raw("</tbody>\n</table>\n</div>\n");
    if pool.kind == SystemKind::Whr {
        o.raw("<p class=\"note\">Opp. rating: the opponent's rating of that day; We: the expected score the <a href=\"");
        o.pool_page(&pool.name, "rules.html#rule-we");
        o.raw("\">rules</a> give from both players' ratings of that day, as worked out from every game known today. Whole-History Rating has no K factor.</p>");
    } else {
        o.raw("<p class=\"note\">We: the expected score the <a href=\"");
        o.pool_page(&pool.name, "rules.html#rule-we");
        o.raw("\">rules</a> give against that opponent at the start of the tournament; K and K×(W−We) for systems with a K factor.</p>");
    }
    o.raw("\n");
}
