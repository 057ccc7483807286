//! The SQL dumps as files of the site (with the build cache and a changed
//! dump's unchanged pieces taken over), and the `dump` command's one dump;
//! the rows themselves are written by [`crate::sql::DumpRows`].

use super::page::Page;
use super::view::{RatingListView, ViewBuilder};
use super::{pools, RenderError, SiteError};
use crate::config::Config;
use crate::incremental::{fingerprint, previous_dump};
use crate::model::Dataset;
use crate::rating::{PoolRatings, Ratings};
use crate::sql::DumpRows;

/// The SQL dumps, one per dialect. With the built-in template each is
/// written row by row as the rows are made, never whole in memory; a
/// repository's own template gets the whole dump at once.
pub(super) fn render_sql(
    page: &Page,
    dataset: &Dataset,
    ratings: &Ratings,
    list: &RatingListView,
    pool_views: &[pools::PoolViews],
    config: &Config,
) -> Result<(), SiteError> {
    let published = list.published();
    if !page.stream_sql {
        let dump = whole_dump(dataset, ratings, &published, pool_views);
        for &dialect in &config.output.sql_dialects {
            let text = render_whole_dump(page.tera, &dump, dialect)?;
            page.put(dialect.file_name(), text.as_bytes())?;
        }
        return Ok(());
    }
    let pool_lists = pools::pool_lists(pool_views, dataset);
    // The dataset and the configuration determine the rows.
    let rows = page.prints.dataset();
    for &dialect in &config.output.sql_dialects {
        let (head, tail) = crate::sql::frame(page.tera, dialect, !pool_lists.is_empty())
            .map_err(|e| RenderError::new(crate::sql::TEMPLATE, &e))?;
        let file = dialect.file_name();
        let own = fingerprint::Hasher::default()
            .key(rows)
            .add(&(&head, &tail))
            .finish();
        let key = page.cache.fingerprint_key(
            (crate::sql::TEMPLATE, file, ""),
            page.site_for(crate::sql::TEMPLATE).key,
            own,
        );
        if page.reuse(file, key)? {
            continue;
        }
        let previous = previous_dump::PreviousDump::open(page.cache, page.sink, file);
        page.put_streamed(file, key, &mut |out| {
            let rows = DumpRows {
                dataset,
                ratings,
                published: &published,
                pools: &pool_lists,
                keys: Some(page.prints.unit_keys()),
            };
            rows.write_framed((&head, &tail), dialect, out, Some(&previous))
        })?;
    }
    Ok(())
}

/// Every row of the dump at once, for a repository's own SQL template.
pub(super) fn whole_dump(
    dataset: &Dataset,
    ratings: &Ratings,
    published: &crate::sql::PublishedList,
    pool_views: &[pools::PoolViews],
) -> crate::sql::SqlDump {
    let mut dump = crate::sql::SqlDump::new(dataset, ratings, published);
    pools::add_to_dump(&mut dump, pool_views, dataset);
    dump
}

/// Renders the SQL template over the whole `dump` for `dialect`.
pub(super) fn render_whole_dump(
    tera: &tera::Tera,
    dump: &crate::sql::SqlDump,
    dialect: crate::sql::Dialect,
) -> Result<String, RenderError> {
    let _current = crate::memory::rendering(crate::sql::TEMPLATE);
    crate::sql::render(tera, dump, dialect).map_err(|e| RenderError::new(crate::sql::TEMPLATE, &e))
}

/// Why an SQL dump could not be written.
#[derive(Debug, thiserror::Error)]
pub enum DumpError {
    /// The template failed.
    #[error(transparent)]
    Render(#[from] RenderError),
    /// Writing the dump failed.
    #[error("cannot write the dump: {0}")]
    Write(#[from] std::io::Error),
}

/// Writes the SQL dump for `dialect` into `out`, `published_ratings` ranked
/// by the current rating list. With the built-in template (`built_in`) the
/// rows are written as they are made, never whole in memory; a repository's
/// own template gets the whole dump at once.
#[allow(clippy::too_many_arguments)]
pub fn write_sql_dump(
    tera: &tera::Tera,
    built_in: bool,
    dataset: &Dataset,
    ratings: &Ratings,
    pool_ratings: &[PoolRatings],
    config: &Config,
    dialect: crate::sql::Dialect,
    out: &mut dyn std::io::Write,
) -> Result<(), DumpError> {
    let list = ViewBuilder::new(dataset, ratings, config).rating_list();
    let published = list.published();
    let pool_views: Vec<pools::PoolViews> = pool_ratings
        .iter()
        .map(|p| pools::PoolViews::new(p, config))
        .collect();
    if !built_in {
        let dump = whole_dump(dataset, ratings, &published, &pool_views);
        let text = render_whole_dump(tera, &dump, dialect)?;
        return Ok(out.write_all(text.as_bytes())?);
    }
    let pool_lists = pools::pool_lists(&pool_views, dataset);
    let (head, tail) = crate::sql::frame(tera, dialect, !pool_lists.is_empty())
        .map_err(|e| RenderError::new(crate::sql::TEMPLATE, &e))?;
    let rows = DumpRows {
        dataset,
        ratings,
        published: &published,
        pools: &pool_lists,
        keys: None,
    };
    let mut out = out;
    Ok(rows.write_framed((&head, &tail), dialect, &mut out, None)?)
}
