//! Limits the input cannot raise: the longest text each field may hold, the
//! largest data file, and the ceilings of the budgets `ratingbook.toml` sets.
//!
//! Everything in a data repository arrives by pull request, so nothing in it
//! may set the limits that protect the machine building it. The text limits
//! are far above anything an association writes (the manual's "What check reports" lists them); a
//! longer text is a `check` error at its file, line and column. The budgets
//! `[output] max_page_megabytes` and `page_render_seconds` may only be
//! lowered by the repository: their ceilings are raised only by whoever runs
//! the build, with `--max-page-megabytes` / `--page-render-seconds` or the
//! environment variables [`MAX_PAGE_MEGABYTES_VAR`] / [`PAGE_RENDER_SECONDS_VAR`].

use std::borrow::Cow;
use std::sync::OnceLock;

/// Most characters in a person's or tournament's name (`name`, `fide_name`,
/// tournament `name`).
pub const NAME_CHARS: usize = 200;
/// Most characters in a club.
pub const CLUB_CHARS: usize = 200;
/// Most characters in a country.
pub const COUNTRY_CHARS: usize = 100;
/// Most characters in a place (tournament `city`).
pub const PLACE_CHARS: usize = 200;
/// Most characters in a tournament `note`, the only free text of several lines.
pub const NOTE_CHARS: usize = 2_000;
/// Most characters in a short code: `membership`, `sex`, `grade`, a player's
/// `title`, `language`, `pool`, a tie-break id.
pub const CODE_CHARS: usize = 64;
/// Most characters in a title shown on pages: `[site] title`, `association`,
/// a pool's `title`, a page's `title:`.
pub const TITLE_CHARS: usize = 200;
/// Most characters in `[site] base_url`.
pub const ADDRESS_CHARS: usize = 2_000;
/// Most characters in one crosstable cell (start number, player id, rating,
/// rank, or one round's game).
pub const CELL_CHARS: usize = 100;
/// Most bytes in one file of `data/` or `ratingbook.toml`: no more than one
/// byte past it is read.
pub const FILE_BYTES: u64 = 16 * 1024 * 1024;

/// Built-in ceiling of `[output] max_page_megabytes`.
pub const MAX_PAGE_MEGABYTES_CEILING: u32 = 256;
/// Built-in ceiling of `[output] page_render_seconds`.
pub const PAGE_RENDER_SECONDS_CEILING: u32 = 600;
/// The environment variable that sets the ceiling of `max_page_megabytes`.
pub const MAX_PAGE_MEGABYTES_VAR: &str = "RATINGBOOK_MAX_PAGE_MEGABYTES";
/// The environment variable that sets the ceiling of `page_render_seconds`.
pub const PAGE_RENDER_SECONDS_VAR: &str = "RATINGBOOK_PAGE_RENDER_SECONDS";

/// How many characters `text` has when that is more than `max_chars`.
pub fn too_long(text: &str, max_chars: usize) -> Option<usize> {
    // A character is at least one byte: most texts are told apart unread.
    if text.len() <= max_chars {
        return None;
    }
    let chars = text.chars().count();
    (chars > max_chars).then_some(chars)
}

/// What a message says of a text longer than `max_chars`: its start and an
/// ellipsis, so that no message repeats a huge value.
pub fn excerpt(text: &str, max_chars: usize) -> Cow<'_, str> {
    match text.char_indices().nth(max_chars) {
        Some((end, _)) => Cow::Owned(format!("{}…", &text[..end])),
        None => Cow::Borrowed(text),
    }
}

/// The ceilings of the budgets that `ratingbook.toml` may lower but not raise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ceilings {
    /// Highest `[output] max_page_megabytes` accepted.
    pub max_page_megabytes: u32,
    /// Highest `[output] page_render_seconds` accepted.
    pub page_render_seconds: u32,
}

/// An environment variable meant to set a ceiling holds no whole number ≥ 1.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{variable}=`{value}` is not a whole number from 1 to {max}; unset it or give one", max = u32::MAX)]
pub struct CeilingError {
    /// The variable's name.
    pub variable: &'static str,
    /// What it holds.
    pub value: String,
}

static CURRENT: OnceLock<Ceilings> = OnceLock::new();

impl Ceilings {
    /// The ceilings built into the tool.
    pub const BUILT_IN: Ceilings = Ceilings {
        max_page_megabytes: MAX_PAGE_MEGABYTES_CEILING,
        page_render_seconds: PAGE_RENDER_SECONDS_CEILING,
    };

    /// The built-in ceilings with those the environment sets instead.
    pub fn from_environment() -> Result<Ceilings, CeilingError> {
        let read = |variable: &'static str, built_in: u32| match std::env::var(variable) {
            Err(std::env::VarError::NotPresent) => Ok(built_in),
            Ok(value) => match value.trim().parse::<u32>() {
                Ok(n) if n >= 1 => Ok(n),
                _ => Err(CeilingError { variable, value }),
            },
            Err(std::env::VarError::NotUnicode(value)) => Err(CeilingError {
                variable,
                value: value.to_string_lossy().into_owned(),
            }),
        };
        Ok(Ceilings {
            max_page_megabytes: read(MAX_PAGE_MEGABYTES_VAR, MAX_PAGE_MEGABYTES_CEILING)?,
            page_render_seconds: read(PAGE_RENDER_SECONDS_VAR, PAGE_RENDER_SECONDS_CEILING)?,
        })
    }

    /// Makes these the ceilings of this process (the command line's); only
    /// the first call counts. Returns whether it did.
    pub fn set(self) -> bool {
        CURRENT.set(self).is_ok()
    }

    /// The ceilings of this process: those [`Ceilings::set`] gave, or the
    /// built-in ones.
    pub fn current() -> Ceilings {
        CURRENT.get().copied().unwrap_or(Ceilings::BUILT_IN)
    }
}

/// The largest page a build may write, in megabytes: `configured`
/// (`[output] max_page_megabytes`), never above the process's ceiling.
pub fn page_megabytes(configured: u32) -> u32 {
    configured.min(Ceilings::current().max_page_megabytes)
}

/// The longest one page may render, in seconds: `configured`
/// (`[output] page_render_seconds`), never above the process's ceiling.
pub fn page_seconds(configured: u32) -> u32 {
    configured.min(Ceilings::current().page_render_seconds)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_are_counted_in_characters() {
        assert_eq!(too_long("ä".repeat(200).as_str(), NAME_CHARS), None);
        assert_eq!(too_long("ä".repeat(201).as_str(), NAME_CHARS), Some(201));
        assert_eq!(too_long("", 0), None);
        assert_eq!(excerpt("äbc", 2), "äb…");
        assert_eq!(excerpt("äb", 2), "äb");
    }
}
