//! Language-aware sorting and upper-casing of names (ICU4X collation and case mapping).
//!
//! Names are compared with the tournament language's collation (Turkish: `ç` after `c`,
//! `ı` before `i`; Finnish: `å`, `ä`, `ö` after `z`), never by bytes. Unknown or
//! malformed language tags fall back to the root collation and root case mapping.

use icu_casemap::CaseMapper;
use icu_collator::options::CollatorOptions;
use icu_collator::{Collator, CollatorBorrowed};
use icu_locale_core::{LanguageIdentifier, Locale};
use std::cmp::Ordering;

/// The two-letter language codes of ISO 639-1.
const ISO_639_1: &str =
    "aa ab ae af ak am an ar as av ay az ba be bg bi bm bn bo br bs ca ce ch co cr cs cu cv cy \
da de dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz \
ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo \
lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps \
pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn \
to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu";

/// Whether `tag` is a well-formed BCP 47 tag whose language is a real one:
/// an ISO 639-1 two-letter code, or a three-letter code (ISO 639-2/3).
pub fn is_known_language(tag: &str) -> bool {
    let Ok(id) = LanguageIdentifier::try_from_str(tag.trim()) else {
        return false;
    };
    let language = id.language.as_str();
    match language.len() {
        2 => ISO_639_1
            .split_ascii_whitespace()
            .any(|code| code == language),
        3 => language != "und",
        _ => false,
    }
}

fn locale(language: &str) -> Locale {
    Locale::try_from_str(language.trim()).unwrap_or(Locale::UNKNOWN)
}

/// A collator for `language` (a BCP 47 tag such as `tr` or `fi`), root order if unknown.
pub fn collator(language: &str) -> Option<CollatorBorrowed<'static>> {
    Collator::try_new((&locale(language)).into(), CollatorOptions::default())
        .or_else(|_| Collator::try_new(Default::default(), CollatorOptions::default()))
        .ok()
}

/// Compares two names in the language's collation; byte order only breaks exact ties
/// (and stands in if no collation data could be loaded).
pub fn compare(language: &str, a: &str, b: &str) -> Ordering {
    match collator(language) {
        Some(c) => c.compare(a, b).then_with(|| a.cmp(b)),
        None => a.cmp(b),
    }
}

/// A sort key: comparing keys bytewise orders texts as [`compare`] does (up to exact ties).
pub fn sort_key(language: &str, text: &str) -> Vec<u8> {
    let mut key = Vec::new();
    match collator(language) {
        Some(c) => {
            let _ = c.write_sort_key_to(text, &mut key);
        }
        None => key.extend_from_slice(text.as_bytes()),
    }
    key
}

/// Upper-cases text with the language's rules (Turkish and Azeri: `i` → `İ`, `ı` → `I`).
pub fn uppercase(language: &str, text: &str) -> String {
    let id: LanguageIdentifier = locale(language).id;
    CaseMapper::new()
        .uppercase_to_string(text, &id)
        .into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_are_checked_against_iso_639() {
        for ok in ["fi", "tr", "en-GB", "sv-FI", "fil"] {
            assert!(is_known_language(ok), "{ok}");
        }
        for bad in ["xx", "qq", "", "english", "f1", "und"] {
            assert!(!is_known_language(bad), "{bad}");
        }
    }

    #[test]
    fn turkish_upper_case() {
        assert_eq!(uppercase("tr", "ıŞIK İlker"), "IŞIK İLKER");
        assert_eq!(uppercase("tr", "işıl"), "İŞIL");
        assert_eq!(uppercase("en", "işıl"), "IŞIL");
    }

    #[test]
    fn finnish_puts_a_ring_after_z() {
        assert_eq!(compare("fi", "Åke", "Zorro"), Ordering::Greater);
        assert_eq!(compare("en", "Åke", "Zorro"), Ordering::Less);
        assert!(sort_key("fi", "Öhman") > sort_key("fi", "Zeta"));
    }

    #[test]
    fn bad_language_falls_back() {
        assert_eq!(compare("not a tag!", "a", "b"), Ordering::Less);
        assert_eq!(uppercase("???", "abc"), "ABC");
    }
}
