//! Text helpers shared by ids, search keys, sorting fallbacks and counts in words.

/// ASCII transliteration of one character for ids and search keys
/// (`ä` → `a`, `ß` → `ss`, `ı` → `i`); ASCII passes through, other
/// characters without a Latin base give an empty string.
pub fn fold_ascii(c: char) -> String {
    if c.is_ascii() {
        return c.to_string();
    }
    latin_base(c).to_string()
}

/// The ASCII letters a non-ASCII Latin letter is written with, or nothing.
fn latin_base(c: char) -> &'static str {
    match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ă' | 'ą' => "a",
        'À' | 'Á' | 'Â' | 'Ã' | 'Ä' | 'Å' | 'Ā' | 'Ă' | 'Ą' => "A",
        'æ' => "ae",
        'Æ' => "AE",
        'ç' | 'ć' | 'č' | 'ĉ' | 'ċ' => "c",
        'Ç' | 'Ć' | 'Č' | 'Ĉ' | 'Ċ' => "C",
        'ď' | 'đ' | 'ð' => "d",
        'Ď' | 'Đ' | 'Ð' => "D",
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ė' | 'ę' | 'ě' | 'ĕ' => "e",
        'È' | 'É' | 'Ê' | 'Ë' | 'Ē' | 'Ė' | 'Ę' | 'Ě' | 'Ĕ' => "E",
        'ğ' | 'ĝ' | 'ġ' | 'ģ' => "g",
        'Ğ' | 'Ĝ' | 'Ġ' | 'Ģ' => "G",
        'ì' | 'í' | 'î' | 'ï' | 'ī' | 'į' | 'ı' | 'ĭ' | 'ĩ' => "i",
        'Ì' | 'Í' | 'Î' | 'Ï' | 'Ī' | 'Į' | 'İ' | 'Ĭ' | 'Ĩ' => "I",
        'ķ' => "k",
        'Ķ' => "K",
        'ł' | 'ľ' | 'ĺ' | 'ļ' => "l",
        'Ł' | 'Ľ' | 'Ĺ' | 'Ļ' => "L",
        'ñ' | 'ń' | 'ň' | 'ņ' => "n",
        'Ñ' | 'Ń' | 'Ň' | 'Ņ' => "N",
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' | 'ő' => "o",
        'Ò' | 'Ó' | 'Ô' | 'Õ' | 'Ö' | 'Ø' | 'Ō' | 'Ő' => "O",
        'œ' => "oe",
        'Œ' => "OE",
        'ŕ' | 'ř' => "r",
        'Ŕ' | 'Ř' => "R",
        'ś' | 'š' | 'ş' | 'ș' => "s",
        'Ś' | 'Š' | 'Ş' | 'Ș' => "S",
        'ß' => "ss",
        'ť' | 'ţ' | 'ț' => "t",
        'Ť' | 'Ţ' | 'Ț' => "T",
        'þ' => "th",
        'Þ' => "TH",
        'ù' | 'ú' | 'û' | 'ü' | 'ū' | 'ů' | 'ű' | 'ų' => "u",
        'Ù' | 'Ú' | 'Û' | 'Ü' | 'Ū' | 'Ů' | 'Ű' | 'Ų' => "U",
        'ý' | 'ÿ' => "y",
        'Ý' | 'Ÿ' => "Y",
        'ź' | 'ż' | 'ž' => "z",
        'Ź' | 'Ż' | 'Ž' => "Z",
        _ => "",
    }
}

/// Lowercase ASCII search key: `"Saarenpää Samuli"` → `"saarenpaa samuli"`.
pub fn search_key(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c.to_ascii_lowercase());
            continue;
        }
        match latin_base(c) {
            "" => out.extend(c.to_lowercase()),
            folded => out.extend(folded.chars().map(|c| c.to_ascii_lowercase())),
        }
    }
    out
}

/// `1 tournament`, `2 tournaments`, `0 errors`: a count and the English word
/// for what it counts, in the form the count takes. Every message and page
/// that says "N things" says it through this function (or [`plural`]), so
/// that a translation has one place to replace.
pub fn count(n: impl std::fmt::Display, noun: &str) -> String {
    let n = n.to_string();
    let word = plural(&n, noun);
    format!("{n} {word}")
}

/// `noun` in the English form a count written `n` takes: singular for
/// exactly one, plural otherwise (`match` → `matches`, `country` →
/// `countries`, `game` → `games`).
pub fn plural(n: impl std::fmt::Display, noun: &str) -> String {
    if n.to_string() == "1" {
        return noun.to_string();
    }
    let ends_y_after_consonant =
        noun.ends_with('y') && !noun[..noun.len() - 1].ends_with(['a', 'e', 'i', 'o', 'u']);
    if ends_y_after_consonant {
        format!("{}ies", &noun[..noun.len() - 1])
    } else if noun.ends_with(['s', 'x', 'z']) || noun.ends_with("ch") || noun.ends_with("sh") {
        format!("{noun}es")
    } else {
        format!("{noun}s")
    }
}

/// The known id closest to `wanted` by edit distance, if any is close enough to suggest.
pub fn closest<'a, I>(wanted: &str, candidates: I) -> Option<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let mut best: Option<(f64, &str)> = None;
    for candidate in candidates {
        let score = strsim::jaro_winkler(wanted, candidate);
        if best.is_none_or(|(s, c)| score > s || (score == s && candidate < c)) {
            best = Some((score, candidate));
        }
    }
    best.filter(|(score, _)| *score >= 0.8).map(|(_, c)| c)
}

/// The first character that may not appear in a text field, with its byte
/// offset: control characters (a line break or tab only where `multiline`)
/// and the bidirectional overrides and isolates (U+202A–U+202E,
/// U+2066–U+2069), which can make a name display as something else.
pub fn forbidden_char(text: &str, multiline: bool) -> Option<(usize, char)> {
    text.char_indices().find(|&(_, c)| {
        let allowed_break = multiline && matches!(c, '\n' | '\r' | '\t');
        (c.is_control() && !allowed_break)
            || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
    })
}

/// How a forbidden character is named in messages: `U+0000`.
pub fn char_name(c: char) -> String {
    format!("U+{:04X}", u32::from(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_keys_ignore_diacritics() {
        assert_eq!(search_key("Saarenpää Samuli"), "saarenpaa samuli");
        assert_eq!(search_key("IŞIK İlker"), "isik ilker");
    }

    #[test]
    fn control_and_bidi_override_characters_are_found() {
        assert_eq!(forbidden_char("Ikonen Jussi", false), None);
        assert_eq!(forbidden_char("a\0b", false), Some((1, '\0')));
        assert_eq!(forbidden_char("two\nlines", false), Some((3, '\n')));
        assert_eq!(forbidden_char("two\nlines", true), None);
        assert_eq!(forbidden_char("x\u{202E}y", true), Some((1, '\u{202E}')));
        assert_eq!(forbidden_char("\u{85}", true), Some((0, '\u{85}')));
        assert_eq!(char_name('\u{202E}'), "U+202E");
    }

    #[test]
    fn counts_take_the_singular_for_one_and_the_plural_otherwise() {
        assert_eq!(count(1, "tournament"), "1 tournament");
        assert_eq!(count(2, "tournament"), "2 tournaments");
        assert_eq!(count(0usize, "error"), "0 errors");
        assert_eq!(count(1u32, "round"), "1 round");
        assert_eq!(count(-1i64, "round"), "-1 rounds");
        assert_eq!(count(3, "match"), "3 matches");
        assert_eq!(count(2, "country"), "2 countries");
        assert_eq!(count(2, "day"), "2 days");
        assert_eq!(plural(7, "game"), "games");
        assert_eq!(plural(1, "game"), "game");
    }

    #[test]
    fn closest_suggests_typos_only() {
        let ids = ["ikonen-jussi", "pellikka-marko"];
        assert_eq!(closest("ikonen-jusi", ids), Some("ikonen-jussi"));
        assert_eq!(closest("zzz", ids), None);
    }
}
