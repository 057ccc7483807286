//! Identifiers that become file and URL names: lowercase slugs only.

use serde::Serialize;
use std::fmt;

/// A lowercase slug: `[a-z0-9]+(-[a-z0-9]+)*`, at most 64 characters.
///
/// Ids become file names and URL paths, so anything else (dots, slashes,
/// upper case, spaces) is rejected rather than cleaned up.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct Slug(String);

/// Why a string is not a valid id.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IdError {
    /// Empty string.
    #[error("the id is empty")]
    Empty,
    /// Longer than [`Slug::MAX_LEN`].
    #[error("the id is longer than {} characters", Slug::MAX_LEN)]
    TooLong,
    /// A character outside `a-z`, `0-9`, `-`.
    #[error("the id contains `{0}`; use only lowercase letters a-z, digits and single hyphens")]
    BadChar(char),
    /// Starts or ends with a hyphen or has two in a row.
    #[error("the id has a leading, trailing or doubled hyphen")]
    BadHyphen,
    /// A name Windows reserves for devices (`con`, `nul`, `com1`, …): such a
    /// file cannot be checked out there.
    #[error("`{0}` is a reserved file name on Windows")]
    Reserved(String),
}

/// Device names Windows reserves, whatever the extension.
const WINDOWS_RESERVED: [&str; 22] = [
    "con", "prn", "aux", "nul", "com1", "com2", "com3", "com4", "com5", "com6", "com7", "com8",
    "com9", "lpt1", "lpt2", "lpt3", "lpt4", "lpt5", "lpt6", "lpt7", "lpt8", "lpt9",
];

impl Slug {
    /// Longest accepted id.
    pub const MAX_LEN: usize = 64;

    /// Validates `text` as an id.
    pub fn parse(text: &str) -> Result<Slug, IdError> {
        Slug::check(text)?;
        Ok(Slug(text.to_string()))
    }

    /// [`Slug::parse`] of text already owned, which it keeps.
    pub fn parse_owned(text: String) -> Result<Slug, IdError> {
        Slug::check(&text)?;
        Ok(Slug(text))
    }

    /// Whether `text` is an id, and if not, why.
    fn check(text: &str) -> Result<(), IdError> {
        if text.is_empty() {
            return Err(IdError::Empty);
        }
        if text.len() > Self::MAX_LEN {
            return Err(IdError::TooLong);
        }
        if let Some(c) = text
            .chars()
            .find(|c| !(c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '-'))
        {
            return Err(IdError::BadChar(c));
        }
        if text.starts_with('-') || text.ends_with('-') || text.contains("--") {
            return Err(IdError::BadHyphen);
        }
        if WINDOWS_RESERVED.contains(&text) {
            return Err(IdError::Reserved(text.to_string()));
        }
        Ok(())
    }

    /// Builds a slug from a display name: transliterates letters to ASCII
    /// (`Saarenpää` → `saarenpaa`), joins words with hyphens; `player` when
    /// nothing is left.
    pub fn from_name(name: &str) -> Slug {
        Slug::from_text(name).unwrap_or_else(|| Slug("player".into()))
    }

    /// Like [`Slug::from_name`], but `None` when no letter or digit is left.
    pub fn from_text(name: &str) -> Option<Slug> {
        let mut out = String::new();
        for c in name.chars() {
            let folded = deunicode::deunicode_char(c).unwrap_or("");
            for f in folded.chars() {
                if f.is_ascii_alphanumeric() {
                    out.push(f.to_ascii_lowercase());
                } else if !out.is_empty() && !out.ends_with('-') {
                    out.push('-');
                }
            }
            if folded.is_empty() && !out.is_empty() && !out.ends_with('-') {
                out.push('-');
            }
        }
        let mut trimmed: String = out.trim_matches('-').chars().take(Self::MAX_LEN).collect();
        while trimmed.ends_with('-') {
            trimmed.pop();
        }
        if WINDOWS_RESERVED.contains(&trimmed.as_str()) {
            trimmed.push_str("-1");
        }
        (!trimmed.is_empty()).then_some(Slug(trimmed))
    }

    /// This slug with `-<n>` appended, shortened first where needed so the
    /// result fits [`Slug::MAX_LEN`]: a different slug for every `n`.
    pub fn numbered(&self, n: usize) -> Slug {
        let suffix = format!("-{n}");
        let keep = Self::MAX_LEN.saturating_sub(suffix.len());
        let base = self.0.get(..keep).unwrap_or(&self.0).trim_end_matches('-');
        Slug(format!("{base}{suffix}"))
    }

    /// This slug, ending in `-<year>` unless it already ends in the year.
    pub fn with_year_suffix(self, year: i32) -> Slug {
        let year = year.to_string();
        if self.0.ends_with(&year) {
            self
        } else {
            Slug::from_name(&format!("{} {year}", self.0))
        }
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Slug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_slugs() {
        assert!(Slug::parse("ikonen-jussi").is_ok());
        assert!(Slug::parse("a1").is_ok());
    }

    #[test]
    fn rejects_path_tricks_and_case() {
        for bad in [
            "../etc", "a/b", "A", "a b", "-a", "a-", "a--b", "", "ä", "a.b",
        ] {
            assert!(Slug::parse(bad).is_err(), "{bad} accepted");
        }
        assert_eq!(Slug::parse(&"a".repeat(65)), Err(IdError::TooLong));
    }

    #[test]
    fn numbered_slugs_fit_and_differ() {
        let long = Slug::parse(&"a".repeat(64)).unwrap();
        let two = long.numbered(2);
        let ten = long.numbered(10);
        assert_eq!(two.as_str().len(), 64);
        assert!(two.as_str().ends_with("-2") && ten.as_str().ends_with("-10"));
        assert_ne!(two, ten);
        assert!(Slug::parse(two.as_str()).is_ok());
        assert_eq!(Slug::parse("x").unwrap().numbered(3).as_str(), "x-3");
    }

    #[test]
    fn windows_device_names_are_refused() {
        for name in ["con", "nul", "aux", "prn", "com1", "lpt9"] {
            assert_eq!(Slug::parse(name), Err(IdError::Reserved(name.into())));
        }
        assert!(Slug::parse("con-2").is_ok());
        assert!(Slug::parse("com10").is_ok());
    }

    #[test]
    fn slug_from_name_folds_letters() {
        assert_eq!(
            Slug::from_name("Saarenpää Samuli").as_str(),
            "saarenpaa-samuli"
        );
        assert_eq!(Slug::from_name("Işık İlker").as_str(), "isik-ilker");
        assert_eq!(Slug::from_name("O'Brien, Pat").as_str(), "o-brien-pat");
        assert_eq!(Slug::from_name("???").as_str(), "player");
    }
}
