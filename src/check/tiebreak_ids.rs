//! Tie-break ids as tournament files and `ratingbook.toml` write them: an
//! unknown one is reported with the closest known id.

use crate::diagnostic::Diagnostic;
use crate::model::tiebreak::TieBreak;

/// Reports every unknown tie-break id in `ids` (from `file`, field `field`) with the
/// closest valid id and the full list.
pub fn check_ids(ids: &[String], file: &std::path::Path, field: &str) -> Vec<Diagnostic> {
    let valid = TieBreak::all_ids();
    ids.iter()
        .filter(|id| TieBreak::parse(id).is_none())
        .map(|id| {
            let near = crate::text::closest(id, valid.iter().map(String::as_str));
            let list = valid.join(", ");
            let hint = match near {
                Some(near) => format!("did you mean `{near}`? valid ids: {list}"),
                None => format!("valid ids: {list}"),
            };
            Diagnostic::error(file, format!("unknown tie-break `{id}`"))
                .field(field)
                .hint(hint)
        })
        .collect()
}
