//! `sitemap.xml`: every HTML page of a site with an address.

use super::format;
use crate::config::Config;

/// Why a build without `site.base_url` has no `sitemap.xml`, for the build output.
pub const NO_SITEMAP_NOTE: &str = "no sitemap.xml: set `site.base_url` in ratingbook.toml (the sitemap protocol needs absolute addresses)";

/// Whether a build with `config` writes `sitemap.xml`.
pub fn writes_sitemap(config: &Config) -> bool {
    config.output.html && !config.site.base_url.is_empty()
}

/// `sitemap.xml`: every HTML page but the 404 page, with absolute addresses.
/// `None` without a `base_url`: the sitemap protocol forbids relative `<loc>`s.
pub(super) fn sitemap(html_paths: &[String], base_url: &str) -> Option<Vec<u8>> {
    if base_url.is_empty() {
        return None;
    }
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for path in html_paths.iter().filter(|p| p.as_str() != "404.html") {
        out.push_str(&format!(
            "<url><loc>{}{}</loc></url>\n",
            format::html_escaped(base_url),
            format::html_escaped(path)
        ));
    }
    out.push_str("</urlset>\n");
    Some(out.into_bytes())
}
