//! Reading source files as UTF-8 and turning parser errors into diagnostics.

use crate::diagnostic::{line_column, Diagnostic};
use std::path::Path;

/// Reads `path` as UTF-8 text; `shown` is the name used in messages.
pub fn read_text(path: &Path, shown: &Path) -> Result<String, Diagnostic> {
    let bytes = std::fs::read(path)
        .map_err(|e| Diagnostic::error(shown, format!("cannot read the file: {e}")))?;
    String::from_utf8(bytes).map_err(|e| {
        let valid = e.utf8_error().valid_up_to();
        let text = String::from_utf8_lossy(&e.as_bytes()[..valid]).into_owned();
        let (line, column) = line_column(&text, valid);
        Diagnostic::error(shown, "the file is not valid UTF-8")
            .at(line, column)
            .hint("save the file as UTF-8 (most editors offer this in \"Save as\")")
    })
}

/// A TOML syntax or type error as a diagnostic.
pub fn toml_error(shown: &Path, text: &str, error: &toml::de::Error) -> Diagnostic {
    let message = error.message().trim().to_string();
    let mut d = Diagnostic::error(shown, message);
    if error.message().contains("unknown field") {
        d = d.hint("check the spelling: the allowed fields are listed in the message");
    } else if error.message().contains("unknown variant") {
        d = d.hint("use one of the values listed in the message");
    } else if error.message().contains("missing field") {
        d = d.hint("add the field; the README shows a complete example of each file");
    }
    if let Some(span) = error.span() {
        let (line, column) = line_column(text, span.start);
        d = d.at(line, column);
    }
    d
}

/// A source file being read, for errors that point at a spanned TOML value.
pub struct FieldErrors<'a> {
    /// The file's text.
    pub text: &'a str,
    /// The file's name in messages.
    pub shown: &'a Path,
}

impl FieldErrors<'_> {
    /// An error at `span` about `field`, with a fix hint.
    pub fn error(
        &self,
        span: std::ops::Range<usize>,
        field: &str,
        message: String,
        hint: &str,
    ) -> Diagnostic {
        let (line, column) = line_column(self.text, span.start);
        Diagnostic::error(self.shown, message)
            .at(line, column)
            .field(field)
            .hint(hint)
    }
}
