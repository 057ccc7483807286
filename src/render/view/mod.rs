//! View models: everything a template shows, computed and formatted in Rust.
//!
//! Templates get ready-made rows of strings and numbers, never domain objects
//! with logic left to do.
//!
//! One file per kind of page, each holding that page's view model (the structs
//! serialized into its template) and the [`ViewBuilder`] methods that build it:
//!
//! - `player.rs`: a player's page ([`PlayerView`]);
//! - `tournament.rs`: a tournament's page ([`TournamentView`]);
//! - `rating_list.rs`: the rating list and the lists derived from it: by club,
//!   country and membership, and at past year ends ([`RatingListView`]);
//! - `tournament_index.rs`: the tournaments by year ([`YearView`]);
//! - `rules.rs`: the rules page from the configuration, one anchor per rule ([`RulesView`]);
//! - `shared.rs`: links, dates and rating helpers that more than one page uses.
//!
//! This file holds the builder itself and the site-wide values ([`SiteView`]).
//! Everything public is re-exported here, so callers write `view::PlayerView`.

mod notation;
mod player;
mod rating_list;
mod round_links;
mod rounds;
mod rules;
mod shared;
mod tournament;
mod tournament_index;

pub use notation::{board_result, cross_cell, result_symbol};
pub use player::{GameRow, HeadToHeadRow, HistoryRow, PlayerView, WinRow};
pub use rating_list::{
    Change, InternationalRow, ListHistory, ListedDate, ProvisionalRow, RatedRow, RatingListPage,
    RatingListSummary, RatingListView,
};
pub use rounds::{
    cards_href, round_href, rounds_with_pages, BoardRow, BoardSide, Card, CardRow, CardsView,
    RoundLink, RoundView, UnpairedRow,
};
pub use rules::{ExpectedBand, RulesView};
pub use shared::{
    add_months, local_date, player_href, tournament_href, Link, PlayerLink, SharedLink,
};
pub use tournament::{
    colour_letters, ChangeRow, CrossCell, CrossRow, StandingRow, StartCrossRow, StartRow,
    TieBreakHead, TournamentView,
};
pub use tournament_index::{TournamentSummary, YearView};

use crate::config::Config;
use crate::model::{Dataset, Date};
use crate::rating::Ratings;
use crate::translate::Translations;
use serde::Serialize;

/// Site-wide values every page receives as `site`.
#[derive(Debug, Clone, Serialize)]
pub struct SiteView {
    /// Site title.
    pub title: String,
    /// Page language.
    pub lang: String,
    /// Association name for the footer.
    pub association: String,
    /// Date of the newest tournament, the "as of" date of the lists.
    pub as_of: String,
    /// The same date written for the site's language.
    pub as_of_text: String,
    /// Games needed to become established.
    pub provisional_games: u32,
    /// Absolute URL of the site with a trailing slash, or empty.
    pub base_url: String,
    /// Markdown pages without a date (about, …) for the navigation.
    pub pages: Vec<Link>,
}

/// Builds view models from the dataset and the computed ratings.
pub struct ViewBuilder<'a> {
    dataset: &'a Dataset,
    ratings: &'a Ratings,
    config: &'a Config,
    links: shared::SharedLinks,
    /// Each player's place when the players are ordered by id, made when
    /// first needed (see [`ViewBuilder::id_order`]).
    id_order: std::sync::OnceLock<Vec<u32>>,
    /// Each player's place when the players are ordered by the address of
    /// their page (see [`ViewBuilder::cmp_player_hrefs`]).
    href_order: std::sync::OnceLock<Vec<u32>>,
    /// Each tournament's last day, made when first needed: lists as of a
    /// date look up the end of every tournament in every player's history.
    tournament_ends: std::sync::OnceLock<Vec<Date>>,
    /// The words of the site's language for the titles and captions the
    /// views make; English unless [`ViewBuilder::in_language`] says otherwise.
    words: std::sync::Arc<Translations>,
}

impl<'a> ViewBuilder<'a> {
    /// A builder over one computed rating book.
    pub fn new(dataset: &'a Dataset, ratings: &'a Ratings, config: &'a Config) -> Self {
        ViewBuilder {
            dataset,
            ratings,
            config,
            links: shared::SharedLinks::new(dataset.players.len(), dataset.tournaments.len()),
            id_order: std::sync::OnceLock::new(),
            href_order: std::sync::OnceLock::new(),
            tournament_ends: std::sync::OnceLock::new(),
            words: english(),
        }
    }

    /// The same builder making its titles and captions in the language of
    /// `words`.
    pub fn in_language(mut self, words: std::sync::Arc<Translations>) -> Self {
        self.words = words;
        self
    }

    /// The words the views are made in.
    pub fn words(&self) -> &Translations {
        &self.words
    }

    /// The title of the list as it stood at the end of `year`.
    fn year_title(&self, year: i32) -> String {
        let year = year.to_string();
        self.words.with(
            "list-title-year",
            &[("year", crate::translate::Arg::Text(&year))],
        )
    }

    /// The ratings the views show.
    pub fn ratings(&self) -> &'a Ratings {
        self.ratings
    }

    /// Site-wide values.
    pub fn site(&self) -> SiteView {
        let as_of = self.list_date();
        let mut base_url = self.config.site.base_url.trim().to_string();
        if !base_url.is_empty() && !base_url.ends_with('/') {
            base_url.push('/');
        }
        SiteView {
            title: self.config.site.title.clone(),
            lang: self.config.site.language.clone(),
            association: self.config.site.association.clone(),
            as_of: as_of.map(|d| d.to_string()).unwrap_or_default(),
            as_of_text: as_of
                .map(|d| local_date(d, &self.config.site.language))
                .unwrap_or_default(),
            provisional_games: self.config.rating.provisional_games,
            base_url,
            pages: Vec::new(),
        }
    }

    /// The date of the current lists: the last day of the newest tournament.
    pub fn list_date(&self) -> Option<Date> {
        self.dataset.tournaments.iter().map(|t| t.end).max()
    }
}

/// The built-in English words, made once.
fn english() -> std::sync::Arc<Translations> {
    static ENGLISH: std::sync::LazyLock<std::sync::Arc<Translations>> =
        std::sync::LazyLock::new(|| std::sync::Arc::new(Translations::english()));
    ENGLISH.clone()
}
