//! How numbers and results are written on pages: one place for every format.

/// Points from half points: `3½`, `4`, `½`, `0`.
pub fn points(half_points: u32) -> String {
    match (half_points / 2, half_points % 2) {
        (0, 1) => "½".to_string(),
        (whole, 1) => format!("{whole}½"),
        (whole, _) => whole.to_string(),
    }
}

/// Points as a decimal number for machine-readable outputs: `3.5`.
pub fn points_decimal(half_points: u32) -> String {
    if half_points % 2 == 1 {
        format!("{}.5", half_points / 2)
    } else {
        (half_points / 2).to_string()
    }
}

/// A signed change: `+12`, `−3` (with a real minus sign), `0`.
pub fn signed(change: i32) -> String {
    match change {
        c if c > 0 => format!("+{c}"),
        c if c < 0 => format!("−{}", c.unsigned_abs()),
        _ => "0".to_string(),
    }
}

/// A fraction with two decimals: `0.64`.
pub fn two_decimals(value: f64) -> String {
    format!("{value:.2}")
}

/// A signed fraction with two decimals: `+20.48`, `−2.24`.
pub fn signed_two_decimals(value: f64) -> String {
    let rounded = (value * 100.0).round() / 100.0;
    if rounded > 0.0 {
        format!("+{rounded:.2}")
    } else if rounded < 0.0 {
        format!("−{:.2}", -rounded)
    } else {
        "0.00".to_string()
    }
}

/// A number with at most `decimals` decimals, trailing zeros dropped: `2042.5`, `2000`, `0.55`.
pub fn trimmed(value: f64, decimals: usize) -> String {
    let text = format!("{value:.decimals$}");
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

/// A K factor: whole numbers without decimals, fractions with as many as needed.
pub fn k(value: f64) -> String {
    if value.fract() == 0.0 {
        format!("{value:.0}")
    } else {
        let text = format!("{value:.3}");
        text.trim_end_matches('0').to_string()
    }
}

/// The entity for a byte HTML escaping replaces, if it is one: `&`, `<`,
/// `>`, `"` and `'` (the OWASP rule, safe in text and in both kinds of
/// quoted attribute).
fn html_entity(byte: u8) -> Option<&'static [u8]> {
    match byte {
        b'&' => Some(b"&amp;"),
        b'<' => Some(b"&lt;"),
        b'>' => Some(b"&gt;"),
        b'"' => Some(b"&quot;"),
        b'\'' => Some(b"&#39;"),
        _ => None,
    }
}

/// Writes `text` HTML-escaped (see `html_entity`). Runs of bytes that need
/// no escaping go out in one write: pages are mostly such runs, and
/// templates' autoescaping writes every value through here.
pub fn write_html_escaped(text: &str, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    let bytes = text.as_bytes();
    let mut start = 0;
    for (at, &byte) in bytes.iter().enumerate() {
        if let Some(entity) = html_entity(byte) {
            out.write_all(&bytes[start..at])?;
            out.write_all(entity)?;
            start = at + 1;
        }
    }
    out.write_all(&bytes[start..])
}

/// `text` HTML-escaped, for HTML, SVG and XML written without a template.
pub fn html_escaped(text: &str) -> String {
    let mut out = Vec::with_capacity(text.len());
    // Writing to a vector cannot fail, and only whole characters are written
    // between the ASCII entities, so the bytes stay UTF-8.
    let _ = write_html_escaped(text, &mut out);
    String::from_utf8(out).unwrap_or_default()
}

/// Escapes text for Markdown (tables included): inline punctuation that Markdown or a
/// table would interpret gets a backslash, and `<`, `>` and `&` become entities so raw HTML
/// in a name can never reach a page.
pub fn markdown_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    push_markdown_escaped(text, &mut out);
    out
}

/// Appends `text` to `out` escaped as [`markdown_text`] escapes it.
pub fn push_markdown_escaped(text: &str, out: &mut String) {
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '\\' | '`' | '*' | '_' | '[' | ']' | '|' | '~' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
}

/// A text cell for CSV downloads that a spreadsheet will not run as a
/// formula: text starting with `=`, `+`, `-`, `@`, a tab or a carriage
/// return gets a leading `'` (the OWASP rule for CSV injection).
pub fn spreadsheet_text(text: &str) -> String {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The escaping agrees byte for byte with tera's own (the rule
        /// templates had before it was replaced by the faster one here).
        #[test]
        fn html_escaping_agrees_with_teras(text in r#"[a-z<>&"' é\n\t/=]{0,40}"#) {
            let mut reference = Vec::new();
            tera::escape_html(&text, &mut reference).unwrap();
            prop_assert_eq!(html_escaped(&text).into_bytes(), reference);
        }
    }

    #[test]
    fn spreadsheet_formulas_are_neutralised() {
        assert_eq!(spreadsheet_text("=HYPERLINK(\"x\")"), "'=HYPERLINK(\"x\")");
        for start in ["+1", "-1", "@SUM(A1)", "\tx", "\rx"] {
            assert!(spreadsheet_text(start).starts_with('\''), "{start:?}");
        }
        assert_eq!(spreadsheet_text("Helsinki"), "Helsinki");
    }

    #[test]
    fn formats() {
        assert_eq!(points(7), "3½");
        assert_eq!(points(1), "½");
        assert_eq!(points(8), "4");
        assert_eq!(points_decimal(7), "3.5");
        assert_eq!(signed(-3), "−3");
        assert_eq!(signed(23), "+23");
        assert_eq!(signed_two_decimals(20.48), "+20.48");
        assert_eq!(signed_two_decimals(-2.24), "−2.24");
        assert_eq!(k(6.0), "6");
        assert_eq!(k(1.5), "1.5");
        assert_eq!(trimmed(2042.5, 2), "2042.5");
        assert_eq!(trimmed(2000.0, 2), "2000");
        assert_eq!(trimmed(0.55, 2), "0.55");
        assert_eq!(trimmed(1935.123, 1), "1935.1");
        assert_eq!(markdown_text("a|b <i>"), "a\\|b &lt;i&gt;");
        assert_eq!(
            html_escaped(r#"<a href="x">Tom & 'Jerry'</a> é"#),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt; é"
        );
        assert_eq!(html_escaped(""), "");
        assert_eq!(html_escaped("&&"), "&amp;&amp;");
    }
}
