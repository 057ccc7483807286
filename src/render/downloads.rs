//! The downloads: the whole rating list as one Markdown page and one CSV
//! file, and the SQL dumps the downloads page offers.

use super::page::Page;
use super::view::{self, RatingListView};
use super::{direct, format, SiteError};
use crate::config::Config;
use serde::Serialize;

/// The whole rating list as one Markdown page and one CSV file, when the
/// configuration asks for them.
pub(super) fn render_whole_list_downloads(
    page: &Page,
    list: &RatingListView,
    config: &Config,
) -> Result<(), SiteError> {
    if config.output.markdown {
        // The whole list as one template value is big: made only when the
        // list changed.
        let own = list.whole().fingerprint();
        let names = ("ratings.md", direct::RATINGS_MARKDOWN, "");
        if page.write_markdown_list {
            page.emit_written(names, own, || {
                direct::ratings_markdown(&page.site.title, list, page.words)
            })?;
        } else {
            page.emit_fingerprinted(names, "", own, || {
                let mut ctx = tera::Context::new();
                ctx.insert("list", list);
                ctx
            })?;
        }
    }
    if config.output.csv {
        page.put("ratings.csv", &rating_list_csv(list))?;
    }
    Ok(())
}

/// What the downloads page needs besides the tournaments by year.
#[derive(Serialize)]
pub(super) struct DownloadsMore<'a> {
    /// Which downloads the site has.
    pub(super) output: &'a crate::config::OutputConfig,
    /// The SQL dumps.
    pub(super) sql_files: &'a [SqlFile],
    /// The further rating lists, each with its CSV.
    pub(super) pool_lists: &'a [PoolList],
}

/// A further rating list offered as CSV on the downloads page.
#[derive(Debug, Clone, Serialize)]
pub(super) struct PoolList {
    /// The list's CSV from the site root, e.g. `pools/fide/ratings.csv`.
    pub(super) csv: String,
    /// The list's page from the site root.
    pub(super) page: String,
    /// The list's name on pages.
    pub(super) title: String,
}

/// The further lists the build writes, in the configuration's order.
pub(super) fn pool_lists(config: &Config) -> Vec<PoolList> {
    config
        .pools
        .iter()
        .map(|(name, pool)| PoolList {
            csv: format!("pools/{name}/ratings.csv"),
            page: format!("pools/{name}/ratings.html"),
            title: crate::rating::pool_title(name, pool),
        })
        .collect()
}

/// One SQL dump offered on the downloads page.
#[derive(Debug, Clone, Serialize)]
pub(super) struct SqlFile {
    /// File name in the site, e.g. `ratingbook.postgres.sql`.
    pub(super) file: &'static str,
    /// The database it loads into, e.g. `PostgreSQL`.
    pub(super) database: &'static str,
    /// The command that loads it.
    pub(super) load: &'static str,
}

/// The SQL dumps the build writes, one per configured dialect.
pub(super) fn sql_files(config: &Config) -> Vec<SqlFile> {
    if !config.output.sql {
        return Vec::new();
    }
    config
        .output
        .sql_dialects
        .iter()
        .map(|&d| SqlFile {
            file: d.file_name(),
            database: d.database_name(),
            load: d.load_command(),
        })
        .collect()
}

/// `ratings.csv`: the established list with its ranks (see [`view::RatedRow`]),
/// inactive players unranked with `active` = `false`, each row with the list date
/// and the movement since the previous list (see [`view::RatedRow`]).
pub(super) fn rating_list_csv(list: &view::RatingListView) -> Vec<u8> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    let _ = writer.write_record([
        "list_date",
        "rank",
        "id",
        "name",
        "club",
        "country",
        "membership",
        "rating",
        "games",
        "last_played",
        "active",
        "previous_list_date",
        "rating_change",
        "rank_change",
    ]);
    for row in &list.established {
        let _ = writer.write_record([
            list.date.as_str(),
            &row.rank.map(|r| r.to_string()).unwrap_or_default(),
            row.id,
            &format::spreadsheet_text(row.player.text()),
            &format::spreadsheet_text(row.club),
            &format::spreadsheet_text(row.country),
            row.membership,
            &row.rating.to_string(),
            &row.games.to_string(),
            &row.last_played.to_string(),
            if row.active { "true" } else { "false" },
            list.previous_date.as_str(),
            &row.rating_change.unsigned().to_string(),
            &row.rank_change.unsigned().to_string(),
        ]);
    }
    writer.into_inner().unwrap_or_default()
}
