//! `data/pages/<name>.md`: about, rules and news pages.
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
//! `title` is required, `date` (YYYY-MM-DD) makes the page news; each key at
//! most once. Every link and image in the body must pass the link rule
//! (`links`). Every problem is reported with its line and column.

use super::relative;
use super::source::{read_text, repository_files};
use crate::diagnostic::{line_column, Diagnostic};
use crate::model::{Date, Slug};
use pulldown_cmark::{Event, Options, Parser, Tag};
use std::path::{Path, PathBuf};

/// One page as written: its front matter and its Markdown body.
#[derive(Debug, Clone, PartialEq)]
pub struct Page {
    /// File stem: the page is published as `pages/<slug>.html`.
    pub slug: String,
    /// Title from the front matter.
    pub title: String,
    /// Date from the front matter (news), if any.
    pub date: Option<Date>,
    /// The Markdown after the front matter.
    pub body: String,
    /// Where the page was read from, relative to the repository.
    pub source: PathBuf,
}

/// The Markdown options pages are read and rendered with.
pub const MARKDOWN_OPTIONS: Options = Options::ENABLE_TABLES.union(Options::ENABLE_STRIKETHROUGH);

/// Reads every `data/pages/*.md`, sorted by name; every problem of every page.
pub fn load_pages(root: &Path) -> (Vec<Page>, Vec<Diagnostic>) {
    let dir = root.join("data").join("pages");
    let (paths, mut problems) = repository_files(root, &dir, Some("md"), 1..=1);
    let mut pages = Vec::new();
    for path in paths {
        let shown = relative(root, &path);
        let text = match read_text(root, &path, &shown) {
            Ok(text) => text,
            Err(d) => {
                problems.push(d);
                continue;
            }
        };
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        let (page, page_problems) = parse_page(stem, &text, &shown);
        problems.extend(page_problems);
        pages.extend(page);
    }
    (pages, problems)
}

/// Parses one page; returns it when it has no error, and every problem.
pub fn parse_page(stem: &str, text: &str, shown: &Path) -> (Option<Page>, Vec<Diagnostic>) {
    let mut problems = Vec::new();
    if let Err(e) = Slug::parse(stem) {
        problems.push(
            Diagnostic::error(shown, format!("invalid page name `{stem}`: {e}"))
                .hint(format!("rename the file to `{}.md`", Slug::from_name(stem))),
        );
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let Some((front, body)) = split_front_matter(text) else {
        problems.push(
            Diagnostic::error(shown, "the page has no front matter")
                .at(1, 1)
                .hint("start the file with `---`, a line `title: ...`, and `---`"),
        );
        return (None, problems);
    };
    let (title, date) = read_front_matter(front, shown, &mut problems);
    problems.extend(unsafe_links(body, text, shown));
    if title.is_none() && !problems.iter().any(|d| d.field.as_deref() == Some("title")) {
        problems.push(
            Diagnostic::error(shown, "the front matter has no `title`")
                .at(1, 1)
                .field("title")
                .hint("add a line `title: ...` between the `---` lines"),
        );
    }
    if problems.iter().any(Diagnostic::is_error) {
        return (None, problems);
    }
    let page = Page {
        slug: stem.to_string(),
        title: title.unwrap_or_default(),
        date,
        body: body.to_string(),
        source: shown.to_path_buf(),
    };
    (Some(page), problems)
}

/// The front matter lines (with their 0-based line index) and the body (the
/// rest of `text`), or `None` without a complete front matter.
fn split_front_matter(text: &str) -> Option<(Vec<(usize, &str)>, &str)> {
    let mut lines = text.split_inclusive('\n').enumerate();
    let (_, first) = lines.next()?;
    if first.trim_end() != "---" {
        return None;
    }
    let mut front = Vec::new();
    let mut offset = first.len();
    for (index, line) in lines {
        offset += line.len();
        if line.trim_end() == "---" {
            return Some((front, &text[offset..]));
        }
        front.push((index, line.trim_end_matches(['\r', '\n'])));
    }
    None
}

fn read_front_matter(
    front: Vec<(usize, &str)>,
    shown: &Path,
    problems: &mut Vec<Diagnostic>,
) -> (Option<String>, Option<Date>) {
    let mut title: Option<String> = None;
    let mut date = None;
    let mut seen: Vec<&str> = Vec::new();
    for (index, line) in front.into_iter().filter(|(_, l)| !l.trim().is_empty()) {
        let line_number = index + 1;
        let error = |message: String, hint: &str| {
            Diagnostic::error(shown, message)
                .at(line_number, 1)
                .hint(hint)
        };
        let Some((key, value)) = line.split_once(':') else {
            problems.push(error(
                format!(
                    "front matter line `{}` is not `key: value`",
                    crate::limits::excerpt(line.trim(), crate::limits::TITLE_CHARS)
                ),
                "write `title: ...` or `date: YYYY-MM-DD`",
            ));
            continue;
        };
        let key = key.trim();
        let value = value.trim().trim_matches('"');
        if seen.contains(&key) {
            problems.push(error(
                format!("`{key}` is given twice in the front matter"),
                "keep one of the two lines",
            ));
            continue;
        }
        seen.push(key);
        match key {
            "title" => {
                let max = crate::limits::TITLE_CHARS;
                if let Some(found) = crate::limits::too_long(value, max) {
                    problems.push(
                        error(
                            format!("the title is {found} characters long; the most is {max}"),
                            &format!("shorten it to at most {max} characters"),
                        )
                        .field("title"),
                    );
                } else if let Some((_, c)) = crate::text::forbidden_char(value, false) {
                    problems.push(
                        error(
                            format!(
                                "the title contains a control character or text override ({})",
                                crate::text::char_name(c)
                            ),
                            "remove it; the title is a single line of plain text",
                        )
                        .field("title"),
                    );
                } else if value.is_empty() {
                    problems.push(
                        error("the title is empty".into(), "give the page a title").field("title"),
                    );
                } else {
                    title = Some(value.to_string());
                }
            }
            "date" => match Date::parse(value) {
                Some(d) => date = Some(d),
                None => problems.push(
                    error(
                        format!(
                            "date `{}` is not YYYY-MM-DD",
                            crate::limits::excerpt(value, crate::limits::CODE_CHARS)
                        ),
                        "write a date like 2004-02-01",
                    )
                    .field("date"),
                ),
            },
            other => problems.push(error(
                format!(
                    "unknown front matter key `{}`",
                    crate::limits::excerpt(other, crate::limits::CODE_CHARS)
                ),
                "the keys are `title` and `date`",
            )),
        }
    }
    (title, date)
}

/// Links and images in `body` whose target breaks the link rule.
/// `body` is the end of `text`, which gives the lines and columns.
fn unsafe_links(body: &str, text: &str, shown: &Path) -> Vec<Diagnostic> {
    let body_offset = text.len() - body.len();
    Parser::new_ext(body, MARKDOWN_OPTIONS)
        .into_offset_iter()
        .filter_map(|(event, range)| match event {
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. })
                if !crate::links::is_allowed(&dest_url) =>
            {
                let (line, column) = line_column(text, body_offset + range.start);
                Some(
                    Diagnostic::error(
                        shown,
                        format!("link to `{}` is not allowed", dest_url.escape_debug()),
                    )
                    .at(line, column)
                    .hint("links may be relative or use http:, https: or mailto:; the link is shown as plain text"),
                )
            }
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> (Option<Page>, Vec<Diagnostic>) {
        parse_page("news", text, Path::new("data/pages/news.md"))
    }

    #[test]
    fn front_matter_and_body() {
        let (page, problems) = parse("---\ntitle: Hello\ndate: 2004-02-01\n---\n# Part\n");
        assert!(problems.is_empty(), "{problems:?}");
        let page = page.unwrap();
        assert_eq!(page.title, "Hello");
        assert_eq!(page.date, Date::new(2004, 2, 1));
        assert_eq!(page.body, "# Part\n");
    }

    #[test]
    fn every_problem_is_reported_with_its_line() {
        let (page, problems) = parse(
            "---\ntitle: x\ntitle: y\ncolour: red\ndate: 2004-13-01\n---\nSee [this](javascript:alert(1)).\n",
        );
        assert!(page.is_none());
        let lines: Vec<(usize, &str)> = problems
            .iter()
            .map(|d| (d.line.unwrap_or(0), d.message.as_str()))
            .collect();
        assert_eq!(lines.len(), 4, "{lines:?}");
        assert_eq!(lines[0].0, 3);
        assert!(lines[0].1.contains("given twice"));
        assert_eq!(lines[1].0, 4);
        assert!(lines[1].1.contains("unknown front matter key `colour`"));
        assert_eq!(lines[2].0, 5);
        assert_eq!(lines[3].0, 7);
        assert!(lines[3].1.contains("javascript:alert(1)"));
        assert_eq!(problems[3].column, Some(5));
    }

    #[test]
    fn pages_without_front_matter_or_title_are_refused() {
        for text in [
            "no front matter",
            "---\ndate: 2004-01-01\n---\n",
            "---\ntitle: x\n",
        ] {
            let (page, problems) = parse(text);
            assert!(page.is_none() && !problems.is_empty(), "{text}");
        }
        let (page, problems) = parse_page("Bad Name", "---\ntitle: x\n---\n", Path::new("x"));
        assert!(page.is_none());
        assert!(problems[0].message.contains("invalid page name"));
    }

    #[test]
    fn every_hostile_link_form_is_found() {
        let hostile = [
            "[x](javascript:alert(1))",
            "[x](JaVaScRiPt:alert(1))",
            "[x](&#106;avascript:alert(1))",
            "<javascript:alert(1)>",
            "[x][r]\n\n[r]: javascript:alert(1)",
            "[x](vbscript:msgbox(1))",
            "[x](data:text/html,<script>alert(1)</script>)",
            "![x](javascript:alert(1))",
        ];
        for body in hostile {
            let (page, problems) = parse(&format!("---\ntitle: t\n---\n{body}\n"));
            assert!(page.is_none(), "{body}");
            assert_eq!(problems.len(), 1, "{body}: {problems:?}");
            assert_eq!(problems[0].line, Some(4), "{body}");
        }
    }
}
