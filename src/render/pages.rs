//! Markdown pages from `data/pages/*.md`, rendered with pulldown-cmark inside
//! the site layout.
//!
//! A page starts with front matter between `---` lines:
//!
//! ```text
//! ---
//! title: Club night moves to Tuesdays
//! date: 2004-02-01
//! ---
//! Body in Markdown.
//! ```
//!
//! `title` is required; a page with a `date` is news and is listed on the
//! front page, newest first. Raw HTML in the Markdown is shown as text, never
//! passed through, and headings are moved so the highest is an `h2` (the page title is the
//! only `h1`). `rules.md`, if present, is not a page of its own: it opens the
//! rating-rules page that is generated from the configuration.

use crate::model::Date;
use pulldown_cmark::{html, Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use std::path::Path;

/// One Markdown page, rendered.
#[derive(Debug, Clone, PartialEq)]
pub struct MdPage {
    /// File stem, the page's path is `pages/<slug>.html`.
    pub slug: String,
    /// Title from the front matter.
    pub title: String,
    /// Date from the front matter (news), if any.
    pub date: Option<Date>,
    /// Rendered body HTML.
    pub html: String,
    /// First paragraph as plain text, for news lists.
    pub summary: String,
}

/// A page that could not be read.
#[derive(Debug, thiserror::Error)]
#[error("{path}: {message}")]
pub struct PageError {
    /// File.
    pub path: String,
    /// What is wrong.
    pub message: String,
}

/// Reads every `*.md` in `dir` (none if it does not exist), sorted by slug.
pub fn load_pages(dir: &Path) -> Result<Vec<MdPage>, PageError> {
    let mut pages = Vec::new();
    let Ok(read) = std::fs::read_dir(dir) else {
        return Ok(pages);
    };
    let mut paths: Vec<_> = read
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    paths.sort();
    for path in paths {
        let error = |message: String| PageError {
            path: path.display().to_string(),
            message,
        };
        let slug = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let text = std::fs::read_to_string(&path).map_err(|e| error(e.to_string()))?;
        pages.push(parse_page(&slug, &text).map_err(error)?);
    }
    Ok(pages)
}

/// Parses one page: front matter and Markdown body.
pub fn parse_page(slug: &str, text: &str) -> Result<MdPage, String> {
    if slug.is_empty()
        || !slug
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    {
        return Err(format!(
            "page name `{slug}` must be lowercase letters, digits and hyphens"
        ));
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let rest = text
        .strip_prefix("---\n")
        .or_else(|| text.strip_prefix("---\r\n"))
        .ok_or("the page must start with front matter between `---` lines")?;
    let end = rest
        .find("\n---")
        .ok_or("the front matter has no closing `---` line")?;
    let (front, body) = rest.split_at(end);
    let body = body
        .trim_start_matches("\n---")
        .trim_start_matches(['\r', '\n']);
    let mut title = None;
    let mut date = None;
    for line in front.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let (key, value) = line
            .split_once(':')
            .ok_or_else(|| format!("front matter line `{line}` is not `key: value`"))?;
        let value = value.trim().trim_matches('"');
        match key.trim() {
            "title" => title = Some(value.to_string()),
            "date" => {
                date = Some(
                    Date::parse(value)
                        .ok_or_else(|| format!("date `{value}` is not YYYY-MM-DD"))?,
                )
            }
            other => return Err(format!("unknown front matter key `{other}` (title, date)")),
        }
    }
    let title = title
        .filter(|t| !t.is_empty())
        .ok_or("the front matter has no `title`")?;
    Ok(MdPage {
        slug: slug.to_string(),
        title,
        date,
        html: markdown_to_html(body),
        summary: summary(body),
    })
}

/// Markdown to HTML: raw HTML escaped, headings moved so the highest is an `h2`
/// (the page title is the `h1`) and the levels below follow in step.
pub fn markdown_to_html(markdown: &str) -> String {
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    let top = Parser::new_ext(markdown, options)
        .filter_map(|event| match event {
            Event::Start(Tag::Heading { level, .. }) => Some(level as usize),
            _ => None,
        })
        .min()
        .unwrap_or(2);
    let demote = |level: HeadingLevel| {
        HeadingLevel::try_from((level as usize + 2).saturating_sub(top).clamp(2, 6))
            .unwrap_or(HeadingLevel::H6)
    };
    let events = Parser::new_ext(markdown, options).map(|event| match event {
        Event::Html(raw) | Event::InlineHtml(raw) => Event::Text(raw),
        Event::Start(Tag::Heading {
            level,
            id,
            classes,
            attrs,
        }) => Event::Start(Tag::Heading {
            level: demote(level),
            id,
            classes,
            attrs,
        }),
        Event::End(TagEnd::Heading(level)) => Event::End(TagEnd::Heading(demote(level))),
        other => other,
    });
    let mut out = String::new();
    html::push_html(&mut out, events);
    out
}

/// Plain text of the first paragraph.
fn summary(markdown: &str) -> String {
    let mut text = String::new();
    let mut in_paragraph = false;
    for event in Parser::new(markdown) {
        match event {
            Event::Start(Tag::Paragraph) => in_paragraph = true,
            Event::End(TagEnd::Paragraph) if in_paragraph => break,
            Event::Text(t) | Event::Code(t) if in_paragraph => text.push_str(&t),
            Event::SoftBreak | Event::HardBreak if in_paragraph => text.push(' '),
            _ => {}
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn front_matter_and_body() {
        let page = parse_page(
            "news-1",
            "---\ntitle: Hello\ndate: 2004-02-01\n---\n# Part\n\nFirst *para*\nline.\n\n<script>x</script>\n",
        )
        .unwrap();
        assert_eq!(page.title, "Hello");
        assert_eq!(page.date, Date::new(2004, 2, 1));
        assert!(page.html.contains("<h2>Part</h2>"), "{}", page.html);
        assert!(markdown_to_html("## A\n\n### B\n").starts_with("<h2>A</h2>"));
        assert!(markdown_to_html("#### A\n").starts_with("<h2>A</h2>"));
        assert!(page.html.contains("&lt;script&gt;"), "{}", page.html);
        assert_eq!(page.summary, "First para line.");
    }

    #[test]
    fn bad_pages_are_refused() {
        assert!(parse_page("a", "no front matter").is_err());
        assert!(parse_page("a", "---\ndate: 2004-01-01\n---\n").is_err());
        assert!(parse_page("a", "---\ntitle: x\ndate: 2004-13-01\n---\n").is_err());
        assert!(parse_page("a", "---\ntitle: x\ncolour: red\n---\n").is_err());
        assert!(parse_page("Bad Name", "---\ntitle: x\n---\n").is_err());
    }
}
