//! Rendering: view models → tera templates → files of the published site.
//!
//! Content (dataset + ratings) becomes view models in [`context`], templates in
//! `templates/` turn them into HTML, Markdown and SQL, and [`output`] writes
//! the result into `site/` only once everything rendered.

pub mod context;
pub mod format;
pub mod output;
pub mod templates;

use crate::config::Config;
use crate::model::Dataset;
use crate::rating::Ratings;
use context::ViewBuilder;
use output::SiteFiles;
use rayon::prelude::*;
use templates::TemplateSet;

/// One output file: path under the site root and content.
type RenderedFile = (String, Vec<u8>);

/// A template that failed to compile or render.
#[derive(Debug, thiserror::Error)]
#[error("template `{template}`: {message}")]
pub struct RenderError {
    /// Template name, e.g. `html/player.html`.
    pub template: String,
    /// Tera's report, naming the line.
    pub message: String,
}

impl RenderError {
    /// Wraps tera's error for `template`.
    pub fn new(template: &str, error: &tera::Error) -> Self {
        RenderError {
            template: template.to_string(),
            message: error.to_string(),
        }
    }
}

/// Renders every output file in memory. Nothing is written here.
pub fn render_site(
    dataset: &Dataset,
    ratings: &Ratings,
    config: &Config,
    templates: &TemplateSet,
    tick: &(dyn Fn() + Sync),
) -> Result<SiteFiles, RenderError> {
    let tera = templates
        .engine()
        .map_err(|e| RenderError::new("(compiling templates)", &e))?;
    let views = ViewBuilder::new(dataset, ratings, config);
    let page = Page {
        tera: &tera,
        site: views.site(),
    };
    let mut files = SiteFiles::new();
    for (name, bytes) in &templates.statics {
        files.insert(format!("static/{name}"), bytes.clone());
    }
    let list = views.rating_list();
    let years = views.years();
    let html = config.output.html;
    let markdown = config.output.markdown;
    if html {
        let mut ctx = tera::Context::new();
        ctx.insert("top", &list.established.iter().take(10).collect::<Vec<_>>());
        ctx.insert(
            "recent",
            &years
                .iter()
                .flat_map(|y| &y.tournaments)
                .take(5)
                .collect::<Vec<_>>(),
        );
        ctx.insert("counts", &counts(dataset));
        files.insert(
            "index.html".into(),
            page.render("html/index.html", "", ctx)?,
        );
        let mut ctx = tera::Context::new();
        ctx.insert("list", &list);
        files.insert(
            "ratings.html".into(),
            page.render("html/ratings.html", "", ctx)?,
        );
        let mut ctx = tera::Context::new();
        ctx.insert("years", &years);
        files.insert(
            "tournaments/index.html".into(),
            page.render("html/tournaments.html", "../", ctx)?,
        );
    }
    if markdown {
        let mut ctx = tera::Context::new();
        ctx.insert("list", &list);
        files.insert("ratings.md".into(), page.render("md/ratings.md", "", ctx)?);
    }
    if config.output.csv {
        files.insert("ratings.csv".into(), rating_list_csv(&list));
    }
    if html {
        let player_pages: Result<Vec<RenderedFile>, RenderError> = (0..dataset.players.len())
            .into_par_iter()
            .map(|i| {
                let view = views.player(i);
                let mut ctx = tera::Context::new();
                ctx.insert("player", &view);
                let bytes = page.render("html/player.html", "../", ctx)?;
                tick();
                Ok((format!("players/{}.html", view.id), bytes))
            })
            .collect();
        files.extend(player_pages?);
    }
    let tournament_pages: Result<Vec<Vec<RenderedFile>>, RenderError> =
        (0..dataset.tournaments.len())
            .into_par_iter()
            .map(|i| {
                let view = views.tournament(i);
                let mut out = Vec::new();
                let mut ctx = tera::Context::new();
                ctx.insert("tournament", &view);
                if html {
                    let bytes = page.render("html/tournament.html", "../", ctx.clone())?;
                    out.push((format!("tournaments/{}.html", view.id), bytes));
                }
                if markdown {
                    let bytes = page.render("md/tournament.md", "../", ctx)?;
                    out.push((format!("tournaments/{}.md", view.id), bytes));
                }
                if config.output.csv {
                    let t = &dataset.tournaments[i];
                    out.push((
                        format!("tournaments/{}.csv", view.id),
                        crate::export::crosstable_csv(t),
                    ));
                }
                tick();
                Ok(out)
            })
            .collect();
    files.extend(tournament_pages?.into_iter().flatten());
    if config.output.sql && !config.output.sql_dialects.is_empty() {
        let dump = crate::sql::SqlDump::new(dataset, ratings);
        for &dialect in &config.output.sql_dialects {
            let text = crate::sql::render(&tera, &dump, dialect)
                .map_err(|e| RenderError::new(crate::sql::TEMPLATE, &e))?;
            files.insert(dialect.file_name().into(), text.into_bytes());
        }
    }
    Ok(files)
}

struct Page<'a> {
    tera: &'a tera::Tera,
    site: context::SiteView,
}

impl Page<'_> {
    fn render(
        &self,
        template: &str,
        root: &str,
        mut ctx: tera::Context,
    ) -> Result<Vec<u8>, RenderError> {
        ctx.insert("site", &self.site);
        ctx.insert("root", root);
        self.tera
            .render(template, &ctx)
            .map(String::into_bytes)
            .map_err(|e| RenderError::new(template, &e))
    }
}

#[derive(serde::Serialize)]
struct Counts {
    players: usize,
    tournaments: usize,
    games: usize,
}

fn counts(dataset: &Dataset) -> Counts {
    Counts {
        players: dataset.players.len(),
        tournaments: dataset.tournaments.len(),
        games: dataset
            .tournaments
            .iter()
            .map(|t| t.pairings().iter().filter(|p| p.result.is_played()).count())
            .sum(),
    }
}

fn rating_list_csv(list: &context::RatingListView) -> Vec<u8> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    let _ = writer.write_record([
        "rank",
        "id",
        "name",
        "club",
        "country",
        "membership",
        "rating",
        "games",
        "last_played",
    ]);
    for row in &list.established {
        let _ = writer.write_record([
            row.rank.to_string().as_str(),
            &row.id,
            &row.player.text,
            &row.club,
            &row.country,
            &row.membership,
            &row.rating.to_string(),
            &row.games.to_string(),
            &row.last_played,
        ]);
    }
    writer.into_inner().unwrap_or_default()
}
