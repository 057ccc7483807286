//! `html/player.html`: a player's page.

use super::{Out, PageWriter};
use crate::config::SystemKind;
use crate::render::pools::PoolSection;
use crate::render::view::{GameRow, HistoryRow, PlayerView};
use crate::translate::Arg;

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
        o.breadcrumb_home();
        o.raw("<a href=\"");
        o.root();
        o.raw("ratings.html\">");
        o.t("list-title");
        o.raw("</a> › ");
        o.text(&player.name);
        o.raw("</nav>\n<h1>");
        o.text(&player.name);
        o.raw("</h1>\n<dl class=\"facts\">\n<dt>");
        o.t("player-rating");
        o.raw("</dt><dd class=\"rating\" data-phase=\"");
        o.text(&player.phase);
        o.raw("\">");
        rating_fact(o, player, page.pools);
        o.raw("</dd>\n");
        optional_fact(o, "player-grade-for-rating", &player.rating_grade);
        o.raw("\n");
        optional_fact(o, "player-grade", &player.grade);
        o.raw("\n");
        optional_fact(o, "player-peak", &player.peak);
        o.raw("\n");
        optional_fact(o, "player-lowest", &player.lowest);
        o.raw("\n<dt>");
        o.t("player-rated-games");
        o.raw("</dt><dd>");
        o.number(player.rated_games);
        o.raw("</dd>\n");
        optional_fact(o, "player-score", &player.score);
        o.raw("\n<dt>");
        o.t("player-membership");
        o.raw("</dt><dd>");
        o.text(&player.membership);
        o.raw("</dd>\n");
        optional_fact(o, "player-club", &player.club);
        o.raw("\n");
        optional_fact(o, "player-country", &player.country);
        o.raw("\n");
        optional_fact(o, "player-international", &player.international_rating);
        o.raw("\n</dl>\n<p class=\"note\">");
        o.t("player-peak-note");
        o.raw("</p>\n<section aria-labelledby=\"history-heading\">\n<h2 id=\"history-heading\">");
        o.t("player-history");
        o.raw("</h2>\n");
        if !player.chart.is_empty() {
            o.raw("\n<figure class=\"chart-figure\">\n");
            o.raw(&player.chart);
            o.raw("\n<figcaption>");
            let every_row = player.chart_points == player.history.len();
            if every_row {
                o.counted("player-chart-every", player.chart_points);
            } else {
                let total = player.history.len() as i64;
                o.with(
                    "player-chart-some",
                    &[
                        ("count", Arg::Number(player.chart_points as i64)),
                        ("total", Arg::Number(total)),
                    ],
                );
            }
            if !player.progress.is_empty() || !player.peak.is_empty() {
                o.t("player-chart-band");
            }
            o.t(if every_row {
                "player-chart-every-row"
            } else {
                "player-chart-rated-rows"
            });
            o.raw("</figcaption>\n</figure>\n");
        }
        o.raw("\n");
        if player.history.is_empty() {
            o.raw("\n<p>");
            o.t("no-tournaments-yet");
            o.raw("</p>\n");
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
        open_history_table(o);
        o.raw("<th scope=\"col\" class=\"num opt\">ΣWe</th>");
        o.heads(&[("num opt", "col-perf")]);
        o.raw("<th scope=\"col\" class=\"num opt\">K</th><th scope=\"col\" class=\"num opt\">Σ</th><th scope=\"col\" class=\"num\">Δ</th>");
        o.heads(&[("num", "col-rating")]);
        o.raw("</tr></thead>\n<tbody>\n");
        for row in rows {
            history_row(o, row);
        }
        o.raw("</tbody>\n</table>\n</div>\n<dl class=\"legend\" id=\"history-legend\">\n<dt class=\"opt\"><a href=\"");
        o.root();
        o.raw("rules.html#rule-we\">ΣWe</a></dt><dd class=\"opt\">");
        o.markup("legend-history-we", &[]);
        o.raw("</dd>\n<dt class=\"opt\"><a href=\"");
        o.root();
        o.raw("rules.html#rule-performance\">");
        o.t("col-perf");
        o.raw("</a></dt><dd class=\"opt\">");
        let half = self.words.decimal("0.5");
        let spread = self.rules.provisional_spread.to_string();
        o.markup(
            "legend-history-perf",
            &[("half", Arg::Text(&half)), ("spread", Arg::Text(&spread))],
        );
        o.raw("</dd>\n<dt class=\"opt\"><a href=\"");
        o.root();
        o.raw("rules.html#rule-k\">K</a></dt><dd class=\"opt\">");
        o.markup("legend-history-k", &[]);
        o.raw("</dd>\n<dt class=\"opt\"><a href=\"");
        o.root();
        o.raw("rules.html#rule-change\">Σ</a></dt><dd class=\"opt\">");
        o.markup("legend-history-sum", &[]);
        o.raw("</dd>\n<dt><a href=\"");
        o.root();
        o.raw("rules.html#rule-rounding\">Δ</a></dt><dd>");
        o.with(
            "legend-history-change",
            &[("rounding", Arg::Text(&self.rules.rounding))],
        );
        o.raw("</dd>\n</dl>\n");
    }
}

/// The rating, or why there is none yet.
fn rating_fact(o: &mut Out, player: &PlayerView, pools: &[PoolSection]) {
    if !player.rating.is_empty() {
        o.text(&player.rating);
    } else if !player.progress.is_empty() {
        o.with(
            "player-provisional",
            &[("progress", Arg::Text(&player.progress))],
        );
    } else if !pools.is_empty() {
        o.t("player-in-lists-before");
        o.raw(" ");
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
        o.raw(" ");
        o.counted("player-in-lists-after", pools.len());
    } else {
        o.t("player-not-rated");
    }
}

/// A fact shown only when the player has it, named by the message `term`.
fn optional_fact(o: &mut Out, term: &str, value: &str) {
    if !value.is_empty() {
        o.raw("<dt>");
        o.t(term);
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
        o.raw("rules.html#rule-provisional-formula\">");
        o.t("player-first-rating");
        o.raw("</a>: <span class=\"formula\">");
        o.text(&row.working);
        o.raw("</span><br><span class=\"note\">");
        o.text(&row.working_terms);
        o.raw("</span></div>");
    }
    o.raw("</td><td class=\"num opt\">");
    o.number(row.games);
    o.raw("</td><td class=\"num opt\">");
    o.decimal(&row.score);
    o.raw("</td><td class=\"num opt\">");
    o.rule_link("rule-we", "title-expected", &o.words.decimal(&row.expected));
    o.raw("</td><td class=\"num opt\">");
    o.rule_link("rule-performance", "title-performance", &row.performance);
    o.raw("</td><td class=\"num opt\">");
    o.rule_link("rule-k", "title-k", &o.words.decimal(&row.k));
    o.raw("</td><td class=\"num opt\">");
    o.rule_link("rule-change", "title-sum", &o.words.decimal(&row.sum));
    o.raw("</td><td class=\"num\">");
    o.rule_link("rule-rounding", "title-change-rounded", &row.change);
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
    o.raw("\n<section aria-labelledby=\"wins-heading\">\n<h2 id=\"wins-heading\">");
    o.t("player-best-wins");
    o.raw("</h2>\n<ol class=\"wins\">\n");
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
    o.raw("\n<section aria-labelledby=\"h2h-heading\">\n<h2 id=\"h2h-heading\">");
    o.t("player-head-to-head");
    o.raw("</h2>\n<div class=\"scroll\">\n<table class=\"sortable h2h\">\n<thead><tr>");
    o.heads(&[
        ("wrap", "col-opponent"),
        ("num opt", "col-games"),
        ("num", "col-won"),
        ("num", "col-drawn"),
        ("num", "col-lost"),
        ("num", "col-score"),
    ]);
    o.raw("</tr></thead>\n<tbody>\n");
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
        o.decimal(&h.score);
        o.raw("</td></tr>\n");
    }
    o.raw("</tbody>\n</table>\n</div>\n</section>\n");
}

fn games(o: &mut Out, games: &[GameRow]) {
    if games.is_empty() {
        return;
    }
    o.raw("\n<section aria-labelledby=\"games-heading\">\n<h2 id=\"games-heading\">");
    o.t("player-games");
    o.raw("</h2>\n<div class=\"scroll\">\n<table class=\"sortable\">\n<thead><tr>");
    o.heads(&[
        ("", "col-date"),
        ("wrap", "col-tournament"),
        ("num opt", "col-round"),
        ("", "col-opponent"),
        ("", "col-result"),
        ("num opt", "col-opp-rating"),
    ]);
    o.raw("<th scope=\"col\" class=\"num opt\">We</th><th scope=\"col\" class=\"num opt\">K</th><th scope=\"col\" class=\"num\">K×(W−We)</th></tr></thead>\n<tbody>\n");
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
        note(o, &g.note);
        o.raw("</td><td class=\"num opt\">");
        o.text(&g.opponent_rating);
        o.raw("</td><td class=\"num opt\">");
        o.rule_link("rule-we", "title-expected", &o.words.decimal(&g.expected));
        o.raw("</td><td class=\"num opt\">");
        if g.k_reason.is_empty() {
            o.decimal(&g.k);
        } else {
            o.raw("<a class=\"rule-link\" href=\"");
            o.root();
            o.raw("rules.html#rule-k\" title=\"");
            o.text(&g.k_reason);
            o.raw("\">");
            o.decimal(&g.k);
            o.raw("</a>");
        }
        o.raw("</td><td class=\"num\">");
        o.rule_link_titled("rule-change", "K × (W − We)", &o.words.decimal(&g.change));
        o.raw("</td></tr>\n");
    }
    o.raw("</tbody>\n</table>\n</div>\n<dl class=\"legend\" id=\"games-legend\">\n<dt>");
    o.t("col-result");
    o.raw("</dt><dd>");
    o.t("legend-games-result");
    o.raw("</dd>\n<dt class=\"opt\"><a href=\"");
    o.root();
    o.raw("rules.html#rule-opponents\">");
    o.t("col-opp-rating");
    o.raw("</a></dt><dd class=\"opt\">");
    o.t("legend-games-opp");
    o.raw("</dd>\n<dt class=\"opt\"><a href=\"");
    o.root();
    o.raw("rules.html#rule-we\">We</a></dt><dd class=\"opt\">");
    o.t("legend-games-we");
    o.raw("</dd>\n<dt class=\"opt\"><a href=\"");
    o.root();
    o.raw("rules.html#rule-k\">K</a></dt><dd class=\"opt\">");
    o.t("legend-games-k");
    o.raw("</dd>\n<dt>W</dt><dd>");
    o.t("legend-games-w");
    o.raw("</dd>\n<dt><a href=\"");
    o.root();
    o.raw("rules.html#rule-change\">K×(W−We)</a></dt><dd>");
    o.t("legend-games-change");
    o.raw("</dd>\n</dl>\n</section>\n");
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
    o.raw("</h2>\n<p>");
    o.t("pool-own-before");
    o.raw(" <a href=\"");
    o.pool_page(&pool.name, "rules.html");
    o.raw("\">");
    o.text(pool.system);
    o.raw("</a>: <a href=\"");
    o.pool_page(&pool.name, "ratings.html");
    o.raw("\">");
    o.t("pool-own-list");
    o.raw("</a>.</p>\n<dl class=\"facts\">\n<dt>");
    o.t("player-rating");
    o.raw("</dt><dd class=\"rating\">");
    pool_rating(o, pool);
    o.raw("</dd>\n<dt>");
    o.t("player-rated-games");
    o.raw("</dt><dd>");
    o.number(player.rated_games);
    o.raw("</dd>\n</dl>\n");
    if !player.chart.is_empty() {
        o.raw("\n<figure class=\"chart-figure\">\n");
        o.raw(&player.chart);
        o.raw("\n<figcaption>");
        o.counted("pool-chart", player.chart_points);
        o.raw("</figcaption>\n</figure>\n");
    }
    open_history_table(o);
    o.raw("<th scope=\"col\" class=\"num\">Δ</th>");
    o.heads(&[("num", "col-rating")]);
    o.raw("</tr></thead>\n<tbody>\n");
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
        o.decimal(&row.score);
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
            o.raw(" <abbr title=\"");
            o.t("pool-uncertainty");
            o.raw("\">±</abbr> ");
            o.text(&pool.deviation);
        } else if !pool.deviation.is_empty() {
            o.raw(" <abbr title=\"");
            o.t("pool-deviation");
            o.raw("\">RD</abbr> ");
            o.text(&pool.deviation);
        }
    } else if pool.association && !player.progress.is_empty() {
        o.with(
            "player-provisional",
            &[("progress", Arg::Text(&player.progress))],
        );
    } else {
        o.t("pool-no-rating");
    }
}

fn pool_games(o: &mut Out, pool: &PoolSection) {
    o.raw("\n<h3>");
    o.t("pool-games");
    o.raw("</h3>\n<div class=\"scroll\">\n<table class=\"sortable\">\n<thead><tr>");
    o.heads(&[
        ("", "col-date"),
        ("wrap", "col-tournament"),
        ("", "col-opponent"),
        ("", "col-result"),
        ("num opt", "col-opp-rating"),
    ]);
    if pool.fide {
        o.raw("<th scope=\"col\" class=\"num opt\" title=\"");
        o.t("pool-diff-title");
        o.raw("\">");
        o.t("col-diff");
        o.raw("</th>");
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
        note(o, &g.note);
        o.raw("</td><td class=\"num opt\">");
        o.text(&g.opponent_rating);
        o.raw("</td>");
        if pool.fide {
            o.raw("<td class=\"num opt\">");
            o.text(&g.difference);
            o.raw("</td>");
        }
        o.raw("<td class=\"num opt\">");
        o.decimal(&g.expected);
        o.raw("</td><td class=\"num opt\">");
        o.decimal(&g.k);
        o.raw("</td><td class=\"num\">");
        o.decimal(&g.change);
        o.raw("</td></tr>\n");
    }
    o.raw("</tbody>\n</table>\n</div>\n");
    if pool.kind == SystemKind::Whr {
        pool_note(o, pool, ("pool-whr-note-before", "pool-whr-note-after"));
    } else {
        pool_note(o, pool, ("pool-note-before", "pool-note-after"));
    }
    o.raw("\n");
}

/// The note under a further list's games: the messages `before` and
/// `after` around the link to the list's rules.
fn pool_note(o: &mut Out, pool: &PoolSection, (before, after): (&str, &str)) {
    o.raw("<p class=\"note\">");
    o.t(before);
    o.raw(" <a href=\"");
    o.pool_page(&pool.name, "rules.html#rule-we");
    o.raw("\">");
    o.t("pool-rules");
    o.raw("</a> ");
    o.t(after);
    o.raw("</p>");
}

/// A history table's start: its scrolling frame and the date, tournament,
/// games and score headings every history shows first.
fn open_history_table(o: &mut Out) {
    o.raw("\n<div class=\"scroll\">\n<table class=\"sortable history\">\n<thead><tr>");
    o.heads(&[
        ("", "col-date"),
        ("wrap", "col-tournament"),
        ("num opt", "col-games"),
        ("num opt", "col-score"),
    ]);
}
