//! What `check` renders: the site of a small sample of the data, made in
//! memory by the very code `build` uses ([`super::render_site_into`]),
//! with the repository's templates and the same page budgets (size, render
//! time, memory), and thrown away. A template `build` cannot render with
//! the data fails here too, at the cost of a few pages instead of every one.
//!
//! The sample is the first tournament of each rating list (the first with
//! at most [`SAMPLE_ENTRIES`] players, else the smallest) with its players,
//! the first player, the first news page, the first other page, the rules
//! page and the first survey. A kind the data has none of is not rendered,
//! as `build` renders none of it either.

use super::templates::TemplateSet;
use super::{Content, Input, RenderError, SiteError};
use crate::config::Config;
use crate::load::pages::Page;
use crate::load::NamedSurvey;
use crate::model::{Dataset, Tournament};
use crate::site_files::{Sink, WriteError};
use std::collections::{BTreeMap, BTreeSet};

/// The most players a list's sample tournament has when the list has a
/// tournament that small: each of its players gets a page rendered.
pub const SAMPLE_ENTRIES: usize = 64;

/// What the sample site is made of.
#[derive(Debug, Clone)]
pub struct Sample<'a> {
    /// A few players and tournaments of the data (see the module's text).
    pub dataset: Dataset,
    /// A few of the Markdown pages, rendered.
    pub pages: Vec<super::markdown_pages::MdPage>,
    /// The first survey, if any.
    pub surveys: &'a [NamedSurvey],
}

impl<'a> Sample<'a> {
    /// The sample of a repository's `dataset`, `pages` and `surveys`, the
    /// rating lists `config` declares.
    pub fn of(
        dataset: &Dataset,
        config: &Config,
        pages: &[Page],
        surveys: &'a [NamedSurvey],
    ) -> Sample<'a> {
        Sample {
            dataset: sample_dataset(dataset, config),
            pages: sample_pages(pages)
                .map(super::markdown_pages::MdPage::render)
                .collect(),
            surveys: &surveys[..surveys.len().min(1)],
        }
    }
}

/// The first tournament of each rating list with its players, and the
/// first player.
fn sample_dataset(dataset: &Dataset, config: &Config) -> Dataset {
    let lists = std::iter::once(None).chain(config.pools.keys().map(|name| Some(name.as_str())));
    let tournaments: Vec<&Tournament> = lists
        .filter_map(|list| {
            let of_list = || {
                dataset
                    .tournaments
                    .iter()
                    .filter(move |t| t.pool.as_deref() == list)
            };
            of_list()
                .find(|t| t.entries.len() <= SAMPLE_ENTRIES)
                .or_else(|| of_list().min_by_key(|t| t.entries.len()))
        })
        .collect();
    let ids: BTreeSet<&str> = tournaments
        .iter()
        .flat_map(|t| t.entries.iter().map(|e| e.player.as_str()))
        .chain(dataset.players.first().map(|p| p.id.as_str()))
        .collect();
    let mut sample = Dataset::default();
    sample.players = ids
        .into_iter()
        .filter_map(|id| dataset.player(id).cloned())
        .collect();
    sample.tournaments = tournaments.into_iter().cloned().collect();
    sample.sort();
    sample
}

/// The first dated page (news), the first undated one and the rules page.
fn sample_pages(pages: &[Page]) -> impl Iterator<Item = &Page> {
    let news = pages.iter().find(|p| p.date.is_some());
    let other = pages.iter().find(|p| p.date.is_none() && p.slug != "rules");
    let rules = pages.iter().find(|p| p.slug == "rules");
    [news, other, rules].into_iter().flatten()
}

/// Takes every file and keeps none.
struct Discard;

impl Sink for Discard {
    fn put(&self, _: &str, _: &[u8]) -> Result<(), WriteError> {
        Ok(())
    }
}

/// Renders the site of `sample` with `templates` under `config`, keeping
/// nothing; the first template that failed.
pub fn render_sample(
    sample: &Sample,
    ratings: &crate::rating::AllRatings,
    config: &Config,
    templates: &TemplateSet,
) -> Result<(), RenderError> {
    let input = Input {
        dataset: &sample.dataset,
        ratings: &ratings.association,
        pools: &ratings.pools,
        config,
        templates,
        content: &Content {
            pages: &sample.pages,
            surveys: sample.surveys,
        },
        entered: None,
    };
    let cache = crate::incremental::cache::PageCache::default();
    super::render_site_into(&input, &Discard, &cache, &|| {}).map_err(|e| match e {
        SiteError::Render(e) => e,
        // `Discard` stores every file; only a dump being made can fail here.
        SiteError::Write(e) => RenderError {
            template: crate::sql::TEMPLATE.to_string(),
            message: e.to_string(),
        },
    })
}

/// Every template of the repository's own (`overrides`, by name as loaded
/// from `templates/`, every one compiling) that fails when the sample site is
/// rendered, by the name of the template the error is in: after each
/// failure that template is set aside (the built-in one of its name takes
/// its place) and the sample rendered again, so that each broken template
/// is named, not just the first.
pub fn render_problems(
    sample: &Sample,
    config: &Config,
    overrides: &BTreeMap<String, Vec<u8>>,
) -> Vec<RenderError> {
    let ratings = crate::rating::rate_all(&sample.dataset, config);
    let mut overrides = overrides.clone();
    let mut problems = Vec::new();
    loop {
        let templates = TemplateSet::with_overrides(&overrides);
        // A template set aside that others named: what is found is found.
        if !problems.is_empty() && templates.engine(&config.site.language).is_err() {
            return problems;
        }
        let Err(mut problem) = render_sample(sample, &ratings, config, &templates) else {
            return problems;
        };
        if let Some(name) = located_template(&problem.message) {
            problem.template = name.to_string();
        }
        let set_aside = overrides.remove(&problem.template).is_some();
        problems.push(problem);
        if !set_aside {
            return problems;
        }
    }
}

/// The template named by tera's ` --> name:line:column` marker: the one the
/// error is in, which may be another than the one rendered (a layout it
/// extends, a file it includes or a macro it calls).
fn located_template(message: &str) -> Option<&str> {
    let marker = message.split("--> ").nth(1)?.lines().next()?;
    let mut parts = marker.trim().rsplitn(3, ':');
    parts.next()?;
    parts.next()?;
    parts.next()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_marker_names_the_template_the_error_is_in() {
        let message = "error: Variable `x` is not defined\n --> html/base.html:3:23\n  |\n";
        assert_eq!(located_template(message), Some("html/base.html"));
        assert_eq!(located_template("the page is larger than 1 MB"), None);
    }
}
