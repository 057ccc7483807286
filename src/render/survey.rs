//! Handicap surveys through the tera templates: the site's `surveys/` pages and
//! the Markdown and HTML reports of `ratingbook handicaps`. The estimates and
//! the report's view model come from the `handicap` crate.

use super::page::Page;
use super::templates;
use super::view::Link;
use super::SiteError;
use handicap::SurveyReport;

/// Template name of the HTML survey page (extends `html/base.html`).
pub const HTML_TEMPLATE: &str = "html/survey.html";
/// Template name of the Markdown survey report.
pub const MARKDOWN_TEMPLATE: &str = "md/survey.md";
/// The context variable holding the [`SurveyReport`] in the templates.
pub const CONTEXT_KEY: &str = "survey";

const HTML_SOURCE: &str = include_str!("../../templates/html/survey.html");
const MARKDOWN_SOURCE: &str = include_str!("../../templates/md/survey.md");
/// A self-contained page layout for reports printed by `ratingbook handicaps`
/// (the site build renders surveys inside the site's own layout instead).
const BASE_SOURCE: &str = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{% block title %}ratingbook{% endblock title %}</title>\n</head>\n<body>\n<main>\n{% block content %}{% endblock content %}\n</main>\n</body>\n</html>\n";

/// Output formats of the `handicaps` command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OutputFormat {
    /// Aligned terminal table.
    #[default]
    Text,
    /// Markdown through `md/survey.md`.
    Markdown,
    /// HTML page through `html/survey.html`.
    Html,
}

/// Adds the survey templates to `tera`: `html/base.html` (a minimal layout,
/// only if `tera` has none), [`HTML_TEMPLATE`] and [`MARKDOWN_TEMPLATE`]
/// (only those not already loaded, e.g. from the site's `templates/`).
pub fn add_templates(tera: &mut tera::Tera) -> Result<(), tera::Error> {
    let mut wanted = Vec::new();
    for (name, source) in [
        ("html/base.html", BASE_SOURCE),
        (HTML_TEMPLATE, HTML_SOURCE),
        (MARKDOWN_TEMPLATE, MARKDOWN_SOURCE),
    ] {
        if !tera.contains_template(name) {
            wanted.push((name, source));
        }
    }
    tera.add_raw_templates(wanted)
}

/// A tera instance holding only the built-in survey templates, in English.
pub fn survey_tera() -> Result<tera::Tera, tera::Error> {
    survey_tera_in(std::sync::Arc::new(
        crate::translate::Translations::english(),
    ))
}

/// A tera instance holding only the built-in survey templates, in the
/// language of `words` (the repository's site language for `handicaps`).
pub fn survey_tera_in(
    words: std::sync::Arc<crate::translate::Translations>,
) -> Result<tera::Tera, tera::Error> {
    let mut tera = templates::TemplateSet::default().engine_with(words)?;
    add_templates(&mut tera)?;
    Ok(tera)
}

/// Renders `report` with `tera` (which must hold the survey templates; see
/// [`add_templates`]); [`OutputFormat::Text`] ignores `tera`.
pub fn render_report(
    tera: &tera::Tera,
    report: &SurveyReport,
    format: OutputFormat,
) -> Result<String, tera::Error> {
    let template = match format {
        OutputFormat::Text => return Ok(handicap::table::render_text(report)),
        OutputFormat::Markdown => MARKDOWN_TEMPLATE,
        OutputFormat::Html => HTML_TEMPLATE,
    };
    let mut context = tera::Context::new();
    context.insert(CONTEXT_KEY, report);
    tera.render(template, &context)
}

/// `surveys/<name>.html` and `.md` for each survey, and `surveys/index.html`.
pub(super) fn render_surveys(
    page: &Page,
    surveys: &[crate::load::NamedSurvey],
    html: bool,
    markdown: bool,
) -> Result<(), SiteError> {
    if surveys.is_empty() {
        return Ok(());
    }
    let mut links = Vec::new();
    for survey in surveys {
        let mut ctx = tera::Context::new();
        ctx.insert(CONTEXT_KEY, &survey.report);
        let path = format!("surveys/{}.html", survey.name);
        if html {
            page.emit(&path, HTML_TEMPLATE, "../", &path, ctx.clone())?;
        }
        if markdown {
            let md = format!("surveys/{}.md", survey.name);
            page.emit(&md, MARKDOWN_TEMPLATE, "../", "", ctx)?;
        }
        links.push(Link {
            text: page.words.with(
                "survey-title",
                &[("title", crate::translate::Arg::Text(&survey.report.title))],
            ),
            href: path,
        });
    }
    if html {
        let mut ctx = tera::Context::new();
        ctx.insert("surveys", &links);
        let path = "surveys/index.html";
        page.emit(path, "html/surveys.html", "../", path, ctx)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use handicap::{build_report, Grade, Survey, SurveyOptions};
    use std::collections::BTreeMap;

    /// The survey's example from the test fixtures, with one hostile name.
    fn report() -> SurveyReport {
        let text = include_str!("../../tests/fixtures/surveys/club-example.csv");
        let survey = Survey::parse("surveys/club-2024.csv", text, None).unwrap();
        let grades: BTreeMap<String, Grade> = [
            ("go-aalto", "2k"),
            ("go-berg", "3k"),
            ("go-carlsson", "11k"),
            ("go-dahl", "8k"),
        ]
        .into_iter()
        .map(|(id, g)| (id.to_string(), g.parse().unwrap()))
        .collect();
        let names: BTreeMap<String, String> =
            [("go-aalto".to_string(), "Aalto <Aino>".to_string())].into();
        let options = SurveyOptions {
            threshold: 0.5,
            ..SurveyOptions::default()
        };
        build_report(&survey, &grades, Some(&names), &options).unwrap()
    }

    #[test]
    fn renders_all_formats_with_the_report_values_escaped() {
        let r = report();
        let aalto = &r.rows[0];
        let tera = survey_tera().unwrap();
        let html = render_report(&tera, &r, OutputFormat::Html).unwrap();
        assert!(
            html.contains("<title>Handicap survey club-2024</title>"),
            "{html}"
        );
        assert!(html.contains("<td>Aalto &lt;Aino&gt;</td>"), "{html}");
        assert!(
            html.contains(&format!(
                "<td class=\"num\">{}</td>",
                aalto.filled_in_difference_text
            )),
            "{html}"
        );
        let md = render_report(&tera, &r, OutputFormat::Markdown).unwrap();
        assert!(md.starts_with("# Handicap survey club-2024\n"), "{md}");
        let row = format!(
            "| Aalto &lt;Aino&gt; | 2k | {} ({}) | {} | {} ({}) | {} |",
            aalto.filled_in_estimate_text,
            aalto.filled_in_grade,
            aalto.filled_in_difference_text,
            aalto.least_squares_estimate_text,
            aalto.least_squares_grade,
            aalto.least_squares_difference_text
        );
        assert!(md.contains(&row), "{row}\n{md}");
        let text = render_report(&tera, &r, OutputFormat::Text).unwrap();
        assert!(text.contains("Aalto <Aino>"), "{text}");
        // Templates already loaded (e.g. the site's) are kept.
        let words = std::sync::Arc::new(crate::translate::Translations::english());
        let mut site = templates::TemplateSet::default()
            .engine_with(words)
            .unwrap();
        site.add_raw_template(
            "html/base.html",
            "SITE{% block title %}{% endblock title %}{% block content %}{% endblock content %}",
        )
        .unwrap();
        add_templates(&mut site).unwrap();
        let html = render_report(&site, &r, OutputFormat::Html).unwrap();
        assert!(html.starts_with("SITE"));
    }
}
