//! The client-side search index: every player and tournament with a
//! diacritic-free key, written as a small JavaScript file.
//!
//! The index is a script (`search-index.js` assigning `window.RATINGBOOK_INDEX`)
//! rather than JSON fetched at run time, so the search also works when the
//! site is opened straight from disk (`file://`), where `fetch` is refused.
//! Keys are [`crate::text::search_key`]; `static/site.js` folds the query the
//! same way (Unicode decomposition, combining marks dropped, and the same
//! special letters: `ß` → `ss`, `æ` → `ae`, `ø` → `o`, `ł` → `l`, …).

use crate::model::Dataset;
use crate::text::search_key;
use serde::Serialize;

/// One searchable thing.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Entry {
    /// Name as shown.
    pub n: String,
    /// Search key: lowercase ASCII fold of the name and extras (id, club, city).
    pub k: String,
    /// Path from the site root.
    pub h: String,
    /// Kind: `p` player, `t` tournament.
    pub t: &'static str,
    /// A short detail line (club and country, or dates and city).
    pub d: String,
}

/// Every player and tournament, players first, each in dataset order.
pub fn entries(dataset: &Dataset) -> Vec<Entry> {
    let mut out = Vec::new();
    for p in &dataset.players {
        let detail: Vec<&str> = [p.club.as_deref(), p.country.as_deref()]
            .into_iter()
            .flatten()
            .collect();
        out.push(Entry {
            n: p.name.clone(),
            k: search_key(&format!("{} {}", p.name, p.id)),
            h: super::view::player_href(p),
            t: "p",
            d: detail.join(", "),
        });
    }
    for t in &dataset.tournaments {
        let city = t.city.clone().unwrap_or_default();
        out.push(Entry {
            n: t.name.clone(),
            k: search_key(&format!("{} {} {}", t.name, t.id, city)),
            h: super::view::tournament_href(t),
            t: "t",
            d: if city.is_empty() {
                t.start.to_string()
            } else {
                format!("{}, {city}", t.start)
            },
        });
    }
    out
}

/// The index as a script: `window.RATINGBOOK_INDEX = [...];`.
pub fn index_script(entries: &[Entry]) -> Vec<u8> {
    let json = serde_json::to_string(entries).unwrap_or_else(|_| "[]".into());
    // `</script>` or `<!--` inside a name must not end or confuse a script block.
    let json = json.replace('<', "\\u003c");
    format!("window.RATINGBOOK_INDEX = {json};\n").into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_escapes_angle_brackets() {
        let e = Entry {
            n: "</script>".into(),
            k: "x".into(),
            h: "players/x.html".into(),
            t: "p",
            d: String::new(),
        };
        let text = String::from_utf8(index_script(&[e])).unwrap();
        assert!(!text.contains("</script>"));
        assert!(text.starts_with("window.RATINGBOOK_INDEX = [{"));
        assert_eq!(search_key("Saarenpää Samuli"), "saarenpaa samuli");
    }
}
