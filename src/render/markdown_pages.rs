//! Markdown pages from `data/pages/*.md` (read and checked by
//! `load::pages`), rendered with pulldown-cmark inside the site layout.
//!
//! A page with a `date` is news and is listed on the front page, newest
//! first. Raw HTML in the Markdown is shown as text, never passed through; a
//! link or image whose target breaks the link rule (`links`) is
//! shown as its text only, never as a link; headings are moved so the
//! highest is an `h2` (the page title is the only `h1`). `rules.md`, if present, is not a page of its own: it opens the
//! rating-rules page that is generated from the configuration.

use crate::load::pages::{Page, MARKDOWN_OPTIONS};
use crate::model::Date;
use pulldown_cmark::{html, Event, HeadingLevel, Parser, Tag, TagEnd};

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

impl MdPage {
    /// The page rendered: its body as HTML and its first paragraph as text.
    pub fn render(page: &Page) -> MdPage {
        MdPage {
            slug: page.slug.clone(),
            title: page.title.clone(),
            date: page.date,
            html: markdown_to_html(&page.body),
            summary: summary(&page.body),
        }
    }
}

/// Markdown to HTML: raw HTML escaped, headings moved so the highest is an `h2`
/// (the page title is the `h1`) and the levels below follow in step.
pub fn markdown_to_html(markdown: &str) -> String {
    let options = MARKDOWN_OPTIONS;
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
    let mut refused_depth = 0usize;
    let events = Parser::new_ext(markdown, options).filter_map(move |event| {
        // Drop the start and end of refused links and images, keep their text.
        match &event {
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. })
                if refused_depth > 0 || !crate::links::is_allowed(dest_url) =>
            {
                refused_depth += 1;
                return None;
            }
            Event::Start(Tag::Link { .. } | Tag::Image { .. }) => {}
            Event::End(TagEnd::Link | TagEnd::Image) if refused_depth > 0 => {
                refused_depth -= 1;
                return None;
            }
            _ => {}
        }
        Some(event)
    });
    let events = events.map(|event| match event {
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
    fn body_headings_raw_html_and_summary() {
        let html = markdown_to_html("# Part\n\nFirst *para*\nline.\n\n<script>x</script>\n");
        assert!(html.contains("<h2>Part</h2>"), "{html}");
        assert!(markdown_to_html("## A\n\n### B\n").starts_with("<h2>A</h2>"));
        assert!(markdown_to_html("#### A\n").starts_with("<h2>A</h2>"));
        assert!(html.contains("&lt;script&gt;"), "{html}");
        assert_eq!(
            summary("First *para*\nline.\n\nSecond."),
            "First para line."
        );
    }

    #[test]
    fn refused_links_become_plain_text() {
        let hostile = [
            "[x](javascript:alert(1))",
            "[x](JaVaScRiPt:alert(1))",
            "[x](&#106;avascript:alert(1))",
            "<javascript:alert(1)>",
            "[x][r]\n\n[r]: javascript:alert(1)",
            "[x](vbscript:msgbox(1))",
            "[x](data:text/html,hi)",
            "![x](javascript:alert(1))",
            "[![x](javascript:a)](javascript:b)",
        ];
        for body in hostile {
            let html = markdown_to_html(body);
            assert!(
                !html.contains("href") && !html.contains("src="),
                "{body}: {html}"
            );
        }
        let html = markdown_to_html("[ok](https://renju.fi) and [rel](rules.html)");
        assert!(html.contains(r#"href="https://renju.fi""#), "{html}");
        assert!(html.contains(r#"href="rules.html""#), "{html}");
    }
}
