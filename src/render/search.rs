//! The client-side search index: every player and tournament with a
//! diacritic-free key, written as a small JavaScript file.
//!
//! The index is a script (`search-index.js` assigning `window.RATINGBOOK_INDEX`)
//! rather than JSON fetched at run time, so the search also works when the
//! site is opened straight from disk (`file://`), where `fetch` is refused.
//! Keys are [`crate::text::search_key`]; `static/site.js` folds the query the
//! same way (Unicode decomposition, combining marks dropped, and the same
//! special letters: `ß` → `ss`, `æ` → `ae`, `ø` → `o`, `ł` → `l`, …).
//!
//! An index larger than [`SHARD_BYTES`] is split into shards, so that no file
//! is large and a page loads only what a query needs: `search-index.js` then
//! assigns `window.RATINGBOOK_SHARDS`, one `[prefix, exact]` pair per shard,
//! and shard `i` is `search/<i>.js`, calling `window.RATINGBOOK_SHARD(i, [...])`.
//! An entry is in the shards of each word of its key: the shard of prefix `p`
//! holds the entries with a word starting with `p`, or, when `exact`, a word
//! equal to `p` (a prefix whose entries do not fit one shard is split by the
//! next letter; entries that still do not fit are spread over several shards
//! of the same prefix). The script loads, with script tags (which work from
//! `file://`), the shards that can hold a word starting with the longest
//! query word, and lists the entries with a word starting with it that
//! contain every other query word.

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

/// Largest index written as one file, and largest shard, in bytes.
pub const SHARD_BYTES: usize = 150 * 1024;

/// Longest shard prefix, in characters: entries sharing a longer prefix are
/// spread over shards of the same prefix instead.
const MAX_PREFIX: usize = 16;

/// Writes the index: `search-index.js` alone, or, for a large index, the
/// list of shards and the shards under `search/`.
pub(super) fn write_index(page: &super::Page, entries: &[Entry]) -> Result<(), super::SiteError> {
    let whole = index_script(entries);
    if whole.len() <= SHARD_BYTES {
        return page.put("search-index.js", &whole);
    }
    let shards = shards(entries);
    page.put("search-index.js", &shards_script(&shards))?;
    for (i, shard) in shards.iter().enumerate() {
        let members: Vec<&Entry> = shard.entries.iter().map(|&e| &entries[e]).collect();
        page.put(&format!("search/{i}.js"), &shard_script(i, &members))?;
    }
    Ok(())
}

/// One shard: the entries with a word starting with (or, when `exact`,
/// equal to) `prefix`, by their index in the entry list.
#[derive(Debug, Clone, PartialEq)]
pub struct Shard {
    /// The words' common start.
    pub prefix: String,
    /// Whether the words are exactly `prefix`.
    pub exact: bool,
    /// Indexes into the entry list, ascending.
    pub entries: Vec<usize>,
}

/// The shards of `entries` (see the module documentation), in prefix order.
pub fn shards(entries: &[Entry]) -> Vec<Shard> {
    shards_within(entries, SHARD_BYTES)
}

/// The shards of `entries` with at most `max` bytes of entries each.
fn shards_within(entries: &[Entry], max: usize) -> Vec<Shard> {
    let sizes: Vec<usize> = entries.iter().map(entry_size).collect();
    let mut words: Vec<(&str, usize)> = entries
        .iter()
        .enumerate()
        .flat_map(|(i, e)| e.k.split_whitespace().map(move |w| (w, i)))
        .collect();
    words.sort_unstable();
    words.dedup();
    let mut out = Vec::new();
    let limits = Limits { sizes: &sizes, max };
    split(&words, String::new(), &limits, &mut out);
    out
}

/// A word of an entry's key, with the entry's index.
type Word<'a> = (&'a str, usize);

/// Each entry's size, and the largest shard.
struct Limits<'a> {
    sizes: &'a [usize],
    max: usize,
}

/// Shards for `words` (sorted, all starting with `prefix`).
fn split(words: &[(&str, usize)], prefix: String, limits: &Limits, out: &mut Vec<Shard>) {
    let depth = prefix.chars().count();
    let members = distinct_entries(words);
    let size: usize = members.iter().map(|&e| limits.sizes[e]).sum();
    if size <= limits.max || depth >= MAX_PREFIX {
        chunked(prefix, false, members, limits, out);
        return;
    }
    let (exact, longer): (Vec<Word>, Vec<Word>) = words
        .iter()
        .copied()
        .partition(|(w, _)| w.chars().count() == depth);
    if !exact.is_empty() {
        chunked(prefix.clone(), true, distinct_entries(&exact), limits, out);
    }
    let mut rest: &[(&str, usize)] = &longer;
    while let Some(&(word, _)) = rest.first() {
        let next: String = word.chars().take(depth + 1).collect();
        let end = rest
            .iter()
            .position(|(w, _)| !w.starts_with(next.as_str()))
            .unwrap_or(rest.len());
        split(&rest[..end], next, limits, out);
        rest = &rest[end..];
    }
}

/// The entries of `words`, each once, ascending.
fn distinct_entries(words: &[(&str, usize)]) -> Vec<usize> {
    let mut members: Vec<usize> = words.iter().map(|&(_, e)| e).collect();
    members.sort_unstable();
    members.dedup();
    members
}

/// One shard of `prefix`, or several when its entries do not fit one.
fn chunked(
    prefix: String,
    exact: bool,
    members: Vec<usize>,
    limits: &Limits,
    out: &mut Vec<Shard>,
) {
    let mut current = Vec::new();
    let mut size = 0;
    for e in members {
        if size + limits.sizes[e] > limits.max && !current.is_empty() {
            out.push(Shard {
                prefix: prefix.clone(),
                exact,
                entries: std::mem::take(&mut current),
            });
            size = 0;
        }
        size += limits.sizes[e];
        current.push(e);
    }
    out.push(Shard {
        prefix,
        exact,
        entries: current,
    });
}

/// The bytes an entry takes in a script.
fn entry_size(entry: &Entry) -> usize {
    serde_json::to_string(entry).map_or(0, |j| j.len() + 1)
}

/// `search-index.js` of a split index: `window.RATINGBOOK_SHARDS = [[prefix, exact], ...];`.
pub fn shards_script(shards: &[Shard]) -> Vec<u8> {
    let list: Vec<(&str, u8)> = shards
        .iter()
        .map(|s| (s.prefix.as_str(), u8::from(s.exact)))
        .collect();
    let json = script_json(&list);
    format!("window.RATINGBOOK_SHARDS = {json};\n").into_bytes()
}

/// `search/<i>.js`: `window.RATINGBOOK_SHARD(i, [...]);`.
pub fn shard_script(i: usize, entries: &[&Entry]) -> Vec<u8> {
    let json = script_json(entries);
    format!("window.RATINGBOOK_SHARD({i}, {json});\n").into_bytes()
}

/// JSON safe inside a script: `</script>` or `<!--` in a name cannot end or
/// confuse a script block.
fn script_json<T: Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string(value)
        .unwrap_or_else(|_| "[]".into())
        .replace('<', "\\u003c")
}

/// The index as a script: `window.RATINGBOOK_INDEX = [...];`.
pub fn index_script(entries: &[Entry]) -> Vec<u8> {
    let json = script_json(entries);
    format!("window.RATINGBOOK_INDEX = {json};\n").into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(name: &str) -> Entry {
        Entry {
            n: name.to_string(),
            k: search_key(name),
            h: format!("players/{}.html", search_key(name).replace(' ', "-")),
            t: "p",
            d: String::new(),
        }
    }

    /// The shards the script loads for the query word `word`: as written
    /// in `static/site.js`.
    fn loaded<'a>(shards: &'a [Shard], word: &str) -> Vec<&'a Shard> {
        shards
            .iter()
            .filter(|s| s.prefix.starts_with(word) || (!s.exact && word.starts_with(&s.prefix)))
            .collect()
    }

    #[test]
    fn every_word_start_finds_its_entry_in_small_shards() {
        let mut entries = Vec::new();
        for first in ["Mikko", "Maija", "Matti", "Ali", "Ayşe", "Ján"] {
            for last in [
                "Korhonen", "Koskinen", "Kaya", "Novák", "Nieminen", "Yılmaz",
            ] {
                for n in 0..6 {
                    entries.push(player(&format!("{last} {first} {n}")));
                }
            }
        }
        let max = 1200;
        let shards = shards_within(&entries, max);
        assert!(shards.len() > 10, "{} shards", shards.len());
        for shard in &shards {
            let size: usize = shard.entries.iter().map(|&e| entry_size(&entries[e])).sum();
            assert!(size <= max, "{} has {size} bytes", shard.prefix);
        }
        for (i, entry) in entries.iter().enumerate() {
            for word in entry.k.split_whitespace() {
                for end in 1..=word.chars().count() {
                    let query: String = word.chars().take(end).collect();
                    let found = loaded(&shards, &query)
                        .iter()
                        .any(|s| s.entries.contains(&i));
                    assert!(found, "{query:?} does not load {}", entry.n);
                }
            }
        }
        // A start no word has loads nothing.
        assert!(loaded(&shards, "zz").is_empty());
        let script = String::from_utf8(shards_script(&shards)).unwrap();
        assert!(
            script.starts_with("window.RATINGBOOK_SHARDS = [[\""),
            "{script}"
        );
        let shard = String::from_utf8(shard_script(3, &[&entries[0]])).unwrap();
        assert!(
            shard.starts_with("window.RATINGBOOK_SHARD(3, [{"),
            "{shard}"
        );
    }

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
