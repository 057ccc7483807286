//! A link checker for a folder of built HTML: every relative `href` and `src`
//! of every page must name a file of the folder, and every `#fragment` an id
//! of the page it points at.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Component, Path, PathBuf};

/// The `href` and `src` values of `html`, in order.
pub fn references(html: &str) -> Vec<String> {
    let mut found = Vec::new();
    for attribute in ["href=\"", "src=\""] {
        let mut rest = html;
        while let Some(at) = rest.find(attribute) {
            let preceded_by_space = rest[..at].ends_with(|c: char| c.is_whitespace());
            rest = &rest[at + attribute.len()..];
            let Some(end) = rest.find('"') else { break };
            if preceded_by_space {
                found.push(unescape(&rest[..end]));
            }
            rest = &rest[end..];
        }
    }
    found
}

/// The ids (`id="…"`, and `name="…"` of anchors) defined in `html`.
pub fn ids(html: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for attribute in [" id=\"", " name=\""] {
        let mut rest = html;
        while let Some(at) = rest.find(attribute) {
            rest = &rest[at + attribute.len()..];
            let Some(end) = rest.find('"') else { break };
            found.insert(unescape(&rest[..end]));
            rest = &rest[end..];
        }
    }
    found
}

/// `&amp;` and the other entities an attribute may carry, and `%xx` escapes.
fn unescape(value: &str) -> String {
    let text = value
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok());
        match (bytes[i], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Whether `reference` leaves the site (a scheme such as `https:` or
/// `mailto:`, or a protocol-relative `//host`).
fn is_external(reference: &str) -> bool {
    if reference.starts_with("//") {
        return true;
    }
    let scheme_end = reference.find(':');
    let path_start = reference.find(['/', '#', '?']).unwrap_or(reference.len());
    matches!(scheme_end, Some(end) if end < path_start)
}

/// `base/relative`, with `.` and `..` resolved; `None` when it climbs above the root.
fn resolve(page_dir: &Path, relative: &str) -> Option<PathBuf> {
    let mut parts: Vec<String> = page_dir
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    for component in Path::new(relative).components() {
        match component {
            Component::Normal(part) => parts.push(part.to_string_lossy().into_owned()),
            Component::ParentDir => {
                parts.pop()?;
            }
            Component::CurDir => {}
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(parts.iter().collect())
}

/// Every broken link of the HTML pages under `root`, as `page: link (why)`.
/// `pages` lists the pages to check, relative to `root`.
pub fn broken_links(root: &Path, pages: &[PathBuf]) -> Vec<String> {
    let mut id_cache: BTreeMap<PathBuf, BTreeSet<String>> = BTreeMap::new();
    let mut broken = Vec::new();
    for page in pages {
        let html = std::fs::read_to_string(root.join(page)).unwrap();
        let page_dir = page.parent().unwrap_or(Path::new(""));
        for reference in references(&html) {
            if is_external(&reference) {
                continue;
            }
            let without_query = reference.split('?').next().unwrap_or_default();
            let (path, fragment) = without_query.split_once('#').unwrap_or((without_query, ""));
            let target = if path.is_empty() {
                page.clone()
            } else if let Some(target) = resolve(page_dir, path) {
                let target = if root.join(&target).is_dir() {
                    target.join("index.html")
                } else {
                    target
                };
                if !root.join(&target).is_file() {
                    broken.push(format!("{}: {reference} (no such file)", page.display()));
                    continue;
                }
                target
            } else {
                broken.push(format!("{}: {reference} (leaves the book)", page.display()));
                continue;
            };
            if fragment.is_empty() || target.extension().is_none_or(|e| e != "html") {
                continue;
            }
            let ids = id_cache
                .entry(target.clone())
                .or_insert_with(|| ids(&std::fs::read_to_string(root.join(&target)).unwrap()));
            if !ids.contains(fragment) {
                broken.push(format!(
                    "{}: {reference} (no id `{fragment}` in {})",
                    page.display(),
                    target.display()
                ));
            }
        }
    }
    broken
}

#[test]
fn the_checker_finds_missing_files_and_anchors() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("a")).unwrap();
    std::fs::write(
        dir.path().join("a/one.html"),
        r##"<h2 id="here">x</h2><a href="../two.html#there">t</a> <a href="#here">h</a>
           <a href="#gone">g</a> <a href="missing.html">m</a> <a href="https://example.org/x">e</a>
           <img src="../img/p%20q.png"> <a href="../../out.html">o</a>"##,
    )
    .unwrap();
    std::fs::write(dir.path().join("two.html"), r#"<p id="there">"#).unwrap();
    let pages = [PathBuf::from("a/one.html"), PathBuf::from("two.html")];
    let broken = broken_links(dir.path(), &pages);
    assert_eq!(broken.len(), 4, "{broken:#?}");
    assert!(broken[0].contains("#gone"), "{broken:#?}");
    assert!(broken[1].contains("missing.html"), "{broken:#?}");
    assert!(broken[2].contains("leaves the book"), "{broken:#?}");
    assert!(broken[3].contains("p q.png"), "{broken:#?}");
    std::fs::create_dir(dir.path().join("img")).unwrap();
    std::fs::write(dir.path().join("img/p q.png"), b"").unwrap();
    assert_eq!(broken_links(dir.path(), &pages).len(), 3);
}
