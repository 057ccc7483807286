//! Problems found in the data, each pointing at a file and a place in it.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::{Path, PathBuf};

/// How bad a problem is: errors stop `build`, warnings are reported only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Severity {
    /// The data cannot be used as it is.
    Error,
    /// Suspicious but usable.
    Warning,
}

/// One problem: where it is, what is wrong, how to fix it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// File the problem is in.
    pub file: PathBuf,
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// 1-based column (CSV: field number), when known.
    pub column: Option<usize>,
    /// The field or column name concerned, when there is one.
    pub field: Option<String>,
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub hint: Option<String>,
}

impl Diagnostic {
    /// An error in `file`.
    pub fn error(file: impl AsRef<Path>, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            file: file.as_ref().to_path_buf(),
            line: None,
            column: None,
            field: None,
            message: message.into(),
            hint: None,
        }
    }

    /// A warning in `file`.
    pub fn warning(file: impl AsRef<Path>, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Self::error(file, message)
        }
    }

    /// Sets line and column.
    pub fn at(mut self, line: usize, column: usize) -> Self {
        self.line = Some(line);
        self.column = Some(column);
        self
    }

    /// Sets the line only.
    pub fn at_line(mut self, line: usize) -> Self {
        self.line = Some(line);
        self
    }

    /// Names the field concerned.
    pub fn field(mut self, field: impl Into<String>) -> Self {
        self.field = Some(field.into());
        self
    }

    /// Adds a fix hint.
    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    /// Whether this is an error.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// `file:line:column` as far as known.
    pub fn location(&self) -> String {
        let mut out = self.file.display().to_string();
        if let Some(line) = self.line {
            out.push_str(&format!(":{line}"));
            if let Some(column) = self.column {
                out.push_str(&format!(":{column}"));
            }
        }
        out
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let label = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        write!(f, "{label}: {}: {}", self.location(), self.message)?;
        if let Some(field) = &self.field {
            write!(f, " (field `{field}`)")?;
        }
        if let Some(hint) = &self.hint {
            write!(f, "\n  help: {hint}")?;
        }
        Ok(())
    }
}

/// Converts a byte offset in `text` to a 1-based line and column (in characters).
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..floor_char_boundary(text, offset)];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    (line, column)
}

fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// Sorts diagnostics by file and position so output is stable.
pub fn sort(diagnostics: &mut [Diagnostic]) {
    diagnostics.sort_by(|a, b| {
        (&a.file, a.line, a.column, a.severity, &a.message)
            .cmp(&(&b.file, b.line, b.column, b.severity, &b.message))
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_column_counts_characters() {
        let text = "ab\nää x";
        assert_eq!(line_column(text, 0), (1, 1));
        assert_eq!(line_column(text, 3), (2, 1));
        assert_eq!(line_column(text, text.find('x').unwrap()), (2, 4));
        assert_eq!(line_column(text, 999), (2, 5));
    }

    #[test]
    fn display_names_place_and_hint() {
        let d = Diagnostic::error("a.csv", "bad")
            .at(3, 4)
            .field("player")
            .hint("fix");
        assert_eq!(
            d.to_string(),
            "error: a.csv:3:4: bad (field `player`)\n  help: fix"
        );
    }
}
