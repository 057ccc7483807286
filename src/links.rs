//! The one rule for links written from data: which link targets may be
//! published. `check` reports every other target with its place, and the
//! renderer never turns one into a live link.
//!
//! Allowed: relative links (`pages/about.html`, `#top`, `/x`), and absolute
//! ones with the schemes `http`, `https` and `mailto`. Everything else
//! (`javascript:`, `vbscript:`, `data:`, `file:`, unknown schemes) is refused.
//! The scheme is read as a browser reads it: ASCII whitespace and control
//! characters anywhere in it are ignored and case does not matter, so
//! `JaVa\tScript:` is `javascript:`. Character references (`&#106;`) are
//! already decoded by the Markdown parser before this rule sees the target.

/// Schemes a published link may use.
pub const ALLOWED_SCHEMES: [&str; 3] = ["http", "https", "mailto"];

/// The scheme of `target` as a browser would read it (lowercase), or `None`
/// for a relative link.
pub fn scheme(target: &str) -> Option<String> {
    let cleaned: String = target
        .chars()
        .filter(|c| !c.is_ascii_whitespace() && !c.is_control())
        .collect();
    let colon = cleaned.find(':')?;
    let candidate = &cleaned[..colon];
    // A colon after a path, query or fragment character is not a scheme's.
    if candidate.is_empty() || candidate.contains(['/', '?', '#']) {
        return None;
    }
    let mut chars = candidate.chars();
    let starts_with_letter = chars.next().is_some_and(|c| c.is_ascii_alphabetic());
    let rest_is_scheme = chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    // Anything else before the colon (e.g. `javascript&colon;` left undecoded)
    // is still treated as a scheme so that it is refused rather than guessed.
    Some(if starts_with_letter && rest_is_scheme {
        candidate.to_ascii_lowercase()
    } else {
        candidate.to_string()
    })
}

/// Whether `target` may be published as a link.
pub fn is_allowed(target: &str) -> bool {
    match scheme(target) {
        None => true,
        Some(s) => ALLOWED_SCHEMES.contains(&s.as_str()),
    }
}

/// Why `base_url` is unusable, if it is: it must be empty or an absolute
/// `http`/`https` URL without spaces, quotes or angle brackets.
pub fn base_url_problem(base_url: &str) -> Option<&'static str> {
    if base_url.is_empty() {
        return None;
    }
    let lower = base_url.to_ascii_lowercase();
    let absolute = ["http://", "https://"]
        .iter()
        .any(|prefix| lower.starts_with(prefix) && lower.len() > prefix.len());
    if !absolute {
        return Some("must be empty or an absolute http:// or https:// address");
    }
    if base_url.chars().any(|c| {
        c.is_whitespace() || c.is_control() || matches!(c, '"' | '\'' | '<' | '>' | '`' | '\\')
    }) {
        return Some("must not contain spaces, quotes, angle brackets or control characters");
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_and_web_links_are_allowed() {
        for ok in [
            "pages/about.html",
            "../ratings.html#top",
            "/x",
            "#section",
            "?q=1",
            "a/b:c",
            "http://example.org",
            "HTTPS://example.org/x",
            "mailto:board@example.org",
            "",
        ] {
            assert!(is_allowed(ok), "{ok}");
        }
    }

    #[test]
    fn script_and_data_links_are_refused_in_every_spelling() {
        for bad in [
            "javascript:alert(1)",
            "JaVaScRiPt:alert(1)",
            " javascript:alert(1)",
            "java\tscript:alert(1)",
            "java\nscript:alert(1)",
            "\u{1}javascript:alert(1)",
            "vbscript:msgbox(1)",
            "data:text/html,<script>alert(1)</script>",
            "file:///etc/passwd",
            "javascript&colon;alert(1):x",
            "unknown-scheme:x",
        ] {
            assert!(!is_allowed(bad), "{bad:?}");
        }
    }

    #[test]
    fn base_url_must_be_absolute_http() {
        assert_eq!(base_url_problem(""), None);
        assert_eq!(base_url_problem("https://renju.fi/ratings/"), None);
        for bad in [
            "javascript:alert(1)//",
            "renju.fi",
            "ftp://renju.fi",
            "https://",
            "https://x\" onload=\"alert(1)",
        ] {
            assert!(base_url_problem(bad).is_some(), "{bad}");
        }
    }
}
