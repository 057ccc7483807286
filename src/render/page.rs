//! What every page is rendered with, and where it goes: the [`Page`]
//! that renders a template (or takes a page written without the template
//! engine) within the page budgets, and stores the file unless the build
//! cache holds it unchanged.

use super::view;
use super::{limits, RenderError, SiteError};
use crate::incremental::cache::PageCache;
use crate::incremental::{cache, fingerprint};
use crate::site_files::{self, Sink};
use serde::Serialize;
use std::sync::Mutex;

/// The site-wide values as a template value, made once for every page, and
/// their hash, for fingerprinted pages.
pub(super) struct SiteValue {
    pub(super) value: tera::Value,
    pub(super) key: cache::Key,
}

impl SiteValue {
    pub(super) fn new(site: &view::SiteView) -> Result<SiteValue, RenderError> {
        Ok(SiteValue {
            value: template_value(site, "(every page)")?,
            key: fingerprint::of(site),
        })
    }
}

/// `value` as a template value, made once to be shared by many pages;
/// `template` names where a failure is reported.
pub(super) fn template_value(
    value: &impl Serialize,
    template: &str,
) -> Result<tera::Value, RenderError> {
    tera::Value::try_from_serializable(value).map_err(|e| RenderError::new(template, &e))
}

/// What every page is rendered with, and where it goes.
pub(super) struct Page<'a> {
    /// Fingerprints of the pages' own data.
    pub(super) prints: fingerprint::Fingerprints<'a>,
    pub(super) tera: &'a tera::Tera,
    /// The words of the site's language, for the pages written directly.
    pub(super) words: &'a std::sync::Arc<crate::translate::Translations>,
    pub(super) site: view::SiteView,
    /// `site` for the templates that show the list date.
    pub(super) dated: SiteValue,
    /// `site` without the list date, for every other template: their
    /// pages stay the same when a tournament on a newer date comes in.
    pub(super) undated: SiteValue,
    /// The templates that show the list date (see
    /// [`templates::TemplateSet::dated_templates`]).
    pub(super) dated_templates: std::collections::BTreeSet<String>,
    pub(super) budget: limits::Budget,
    pub(super) watchdog: &'a limits::Watchdog,
    pub(super) sink: &'a dyn Sink,
    pub(super) cache: &'a PageCache,
    /// Whether the SQL dumps have the built-in template, which is streamed.
    pub(super) stream_sql: bool,
    /// Whether player pages have the built-in templates, which [`direct`]
    /// writes without the template engine.
    pub(super) write_player_pages: bool,
    /// Whether rating list pages have the built-in templates, which
    /// [`direct`] writes without the template engine.
    pub(super) write_list_pages: bool,
    /// Whether tournament pages have the built-in templates, which
    /// [`direct`] writes without the template engine.
    pub(super) write_tournament_pages: bool,
    /// Whether the whole list in Markdown has the built-in template, which
    /// [`direct`] writes without the template engine.
    pub(super) write_markdown_list: bool,
    /// Every HTML file stored, for the sitemap.
    pub(super) html_paths: Mutex<Vec<String>>,
}

/// `ctx` with the values every page's template gets: the site-wide ones
/// (`site`), the way to the site root (`root`) and the page's own address
/// (`path`).
pub(super) fn with_page_values(
    mut ctx: tera::Context,
    site: &SiteValue,
    (root, canonical): (&str, &str),
) -> tera::Context {
    ctx.insert_value("site", site.value.clone());
    ctx.insert("root", root);
    ctx.insert("path", canonical);
    ctx
}

impl Page<'_> {
    /// Renders `template` into the file `file`, unless the cache holds it.
    /// `canonical` is the page's own address for its canonical link (empty
    /// for files that have none).
    pub(super) fn emit(
        &self,
        file: &str,
        template: &str,
        root: &str,
        canonical: &str,
        ctx: tera::Context,
    ) -> Result<(), SiteError> {
        let ctx = with_page_values(ctx, self.site_for(template), (root, canonical));
        let key = self.cache.page_key(template, file, &ctx);
        if self.reuse(file, key)? {
            return Ok(());
        }
        let bytes = self.render(template, canonical, &ctx)?;
        self.store(file, key, &bytes)
    }

    /// Renders `template` into the file `file` with the context `make`
    /// gives (plus the site-wide values), unless the cache holds the file
    /// made with the same `fingerprint` of the page's own data (see
    /// [`fingerprint`]): then the context is not even made.
    pub(super) fn emit_fingerprinted(
        &self,
        (file, template, root): (&str, &str, &str),
        canonical: &str,
        fingerprint: cache::Key,
        make: impl FnOnce() -> tera::Context,
    ) -> Result<(), SiteError> {
        self.emit_made((file, template, root), fingerprint, |site| {
            self.render_with_site(make(), site, (template, root, canonical))
        })
    }

    /// Renders `template` into the file `file`, whose own address is
    /// `canonical`, with the fields of `data` as its context (plus the
    /// site-wide values), unless the cache holds the file made from the same
    /// data: the key is the hash of `data` serialized, so a page that is
    /// kept costs no template values.
    pub(super) fn emit_data(
        &self,
        (file, template, root): (&str, &str, &str),
        canonical: &str,
        data: &impl Serialize,
    ) -> Result<(), SiteError> {
        let own = fingerprint::Hasher::default()
            .add(&canonical)
            .add(data)
            .finish();
        self.emit_made((file, template, root), own, |site| {
            let ctx =
                tera::Context::from_serialize(data).map_err(|e| RenderError::new(template, &e))?;
            self.render_with_site(ctx, site, (template, root, canonical))
        })
    }

    /// Renders `template` with `ctx` and the values every page gets (see
    /// [`with_page_values`]).
    pub(super) fn render_with_site(
        &self,
        ctx: tera::Context,
        site: &SiteValue,
        (template, root, canonical): (&str, &str, &str),
    ) -> Result<Vec<u8>, RenderError> {
        let ctx = with_page_values(ctx, site, (root, canonical));
        self.render(template, canonical, &ctx)
    }

    /// Stores the page `write` makes, as [`Page::emit_fingerprinted`] stores
    /// the one `template` renders: for pages written without the template
    /// engine, under the same cache key and page size budget.
    pub(super) fn emit_written(
        &self,
        (file, template, root): (&str, &str, &str),
        fingerprint: cache::Key,
        write: impl FnOnce() -> Vec<u8>,
    ) -> Result<(), SiteError> {
        self.emit_made((file, template, root), fingerprint, |_| {
            let bytes = {
                let _current = crate::memory::rendering(template);
                write()
            };
            if bytes.len() > self.budget.max_bytes {
                return Err(RenderError {
                    template: template.to_string(),
                    message: limits::too_large(self.budget),
                });
            }
            Ok(bytes)
        })
    }

    /// Stores the page of `template` that `make` makes (with the site-wide
    /// values that template gets), unless the cache holds it made with the
    /// same `fingerprint` of the page's own data.
    pub(super) fn emit_made(
        &self,
        (file, template, root): (&str, &str, &str),
        fingerprint: cache::Key,
        make: impl FnOnce(&SiteValue) -> Result<Vec<u8>, RenderError>,
    ) -> Result<(), SiteError> {
        let site = self.site_for(template);
        let key = self
            .cache
            .fingerprint_key((template, file, root), site.key, fingerprint);
        if self.reuse(file, key)? {
            return Ok(());
        }
        let bytes = make(site)?;
        self.store(file, key, &bytes)
    }

    /// The `site` value `template` gets.
    pub(super) fn site_for(&self, template: &str) -> &SiteValue {
        if self.dated_templates.contains(template) {
            &self.dated
        } else {
            &self.undated
        }
    }

    /// Stores a file that is not rendered from a template.
    pub(super) fn put(&self, file: &str, bytes: &[u8]) -> Result<(), SiteError> {
        let key = self.cache.bytes_key(file, bytes);
        if self.reuse(file, key)? {
            return Ok(());
        }
        self.store(file, key, bytes)
    }

    /// Stores a file that is not rendered from a template, made by `make`
    /// only when the cache does not hold it made with the same
    /// `fingerprint` of its data.
    pub(super) fn put_fingerprinted(
        &self,
        file: &str,
        fingerprint: cache::Key,
        make: impl FnOnce() -> Vec<u8>,
    ) -> Result<(), SiteError> {
        let key = self
            .cache
            .fingerprint_key(("", file, ""), self.undated.key, fingerprint);
        if self.reuse(file, key)? {
            return Ok(());
        }
        self.store(file, key, &make())
    }

    /// Stores a file made with `key` that is not rendered from a template,
    /// written by `write` straight into the site (for files too big to hold).
    pub(super) fn put_streamed(
        &self,
        file: &str,
        key: cache::Key,
        write: &mut site_files::StreamFn,
    ) -> Result<(), SiteError> {
        self.sink.put_streamed(file, write)?;
        self.cache.made(file, key);
        self.note(file);
        Ok(())
    }

    /// Takes `file` over from the published site if the cache says it is
    /// unchanged; whether it did.
    pub(super) fn reuse(&self, file: &str, key: cache::Key) -> Result<bool, SiteError> {
        let reused = self.cache.reuse(self.sink, file, key)?;
        if reused {
            self.note(file);
        }
        Ok(reused)
    }

    /// Stores the new bytes of `file`, made with `key`.
    pub(super) fn store(&self, file: &str, key: cache::Key, bytes: &[u8]) -> Result<(), SiteError> {
        self.sink.put(file, bytes)?;
        self.cache.made(file, key);
        self.note(file);
        Ok(())
    }

    /// Notes an HTML file for the sitemap (only a site with an address has one).
    pub(super) fn note(&self, file: &str) {
        if file.ends_with(".html") && !self.site.base_url.is_empty() {
            site_files::lock(&self.html_paths).push(file.to_string());
        }
    }

    /// Renders `template` within the page budgets.
    pub(super) fn render(
        &self,
        template: &str,
        canonical: &str,
        ctx: &tera::Context,
    ) -> Result<Vec<u8>, RenderError> {
        let _watched = self.watchdog.watch(template, canonical);
        limits::render_capped(self.tera, template, ctx, self.budget).map_err(|message| {
            RenderError {
                template: template.to_string(),
                message,
            }
        })
    }
}
