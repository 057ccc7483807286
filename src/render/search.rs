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
//! assigns `window.RATINGBOOK_SHARDS`, one `[prefix, exact, name]` triple per
//! shard, and each shard is `search/<name>.js`, calling
//! `window.RATINGBOOK_SHARD(name, [...])`. A shard's name comes from its
//! prefix (see [`Shard::name`]), not from its place among the shards, so a
//! new entry changes only the shards that hold its words: deploys and
//! reviews see those files change, not every shard after them.
//! An entry is in the shards of each word of its key: the shard of prefix `p`
//! holds the entries with a word starting with `p`, or, when `exact`, a word
//! equal to `p` (a prefix whose entries do not fit one shard is split by the
//! next letter; entries that still do not fit are spread over several shards
//! of the same prefix). The script loads, with script tags (which work from
//! `file://`), the shards that can hold a word starting with the longest
//! query word, and lists the entries with a word starting with it that
//! contain every other query word.

use crate::model::Dataset;
use crate::rating::{Phase, PlayerRating};
use crate::text::search_key;
use rayon::prelude::*;
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
    /// A tournament's starting year, for the browse list (not in the index).
    #[serde(skip)]
    pub year: Option<i32>,
}

/// Every player and tournament, players first, each in dataset order.
/// `ratings` are the association's list (by player index): a player's entry
/// shows the rating they hold on it, in the site's language (`words`).
pub fn entries(
    dataset: &Dataset,
    ratings: &[PlayerRating],
    words: &crate::translate::Translations,
) -> Vec<Entry> {
    let mut out = Vec::with_capacity(dataset.players.len() + dataset.tournaments.len());
    out.par_extend(
        dataset
            .players
            .par_iter()
            .enumerate()
            .map(|(i, p)| player_entry(p, ratings.get(i), words)),
    );
    out.par_extend(dataset.tournaments.par_iter().map(tournament_entry));
    out
}

/// A player is found by name, club and country (a club's name finds its
/// members); the detail line shows where they play and their rating.
fn player_entry(
    p: &crate::model::Player,
    rating: Option<&PlayerRating>,
    words: &crate::translate::Translations,
) -> Entry {
    let place: Vec<&str> = [p.club.as_deref(), p.country.as_deref()]
        .into_iter()
        .flatten()
        .collect();
    let mut detail = place.join(", ");
    if let Some(shown) = rating.and_then(|r| rating_shown(r, words)) {
        if !detail.is_empty() {
            detail.push_str(" · ");
        }
        detail.push_str(&shown);
    }
    Entry {
        n: p.name.clone(),
        k: search_key(&format!("{} {} {}", p.name, p.id, place.join(" "))),
        h: super::view::player_href(p),
        t: "p",
        d: detail,
        year: None,
    }
}

/// A player's standing on the list in words: `rating 1712`, or
/// `provisional` while they have no published rating yet.
fn rating_shown(rating: &PlayerRating, words: &crate::translate::Translations) -> Option<String> {
    match (rating.phase, rating.rating) {
        (Phase::Established, Some(r)) => Some(words.with(
            "search-rating",
            &[("rating", crate::translate::Arg::Text(&r.to_string()))],
        )),
        (Phase::Provisional, _) => Some(words.text("search-provisional")),
        _ => None,
    }
}

fn tournament_entry(t: &crate::model::Tournament) -> Entry {
    let city = t.city.clone().unwrap_or_default();
    Entry {
        n: t.name.clone(),
        k: search_key(&format!("{} {} {}", t.name, t.id, city)),
        h: super::view::tournament_href(t),
        t: "t",
        d: if city.is_empty() {
            t.start.to_string()
        } else {
            format!("{}, {city}", t.start)
        },
        year: Some(t.start.year),
    }
}

/// A part of the browse list, the search page's list of everything when it
/// does not fit one page: players by the first letter of their name,
/// tournaments by year. The parts do not move when an entry is added
/// elsewhere, so a new tournament changes its year's pages only.
#[derive(Debug, Clone, PartialEq)]
pub struct BrowseGroup {
    /// `Players` or `Tournaments`.
    pub kind: &'static str,
    /// Shown: a letter (`A`), `0–9`, `Other`, or a year.
    pub title: String,
    /// The address of its first page from the site root, e.g.
    /// `browse/players-a.html`, `browse/tournaments-2024.html`.
    pub first: String,
    /// Its entries, by index into the entry list, in list order.
    pub entries: Vec<usize>,
}

/// Where an entry is browsed: its group's order, title and file stem.
fn browse_place(entry: &Entry) -> ((u8, i64), String, String) {
    if let Some(year) = entry.year {
        // Newest year first.
        let title = year.to_string();
        return (
            (1, -i64::from(year)),
            title.clone(),
            format!("tournaments-{title}"),
        );
    }
    match entry.k.chars().next() {
        Some(c) if c.is_ascii_lowercase() => (
            (0, i64::from(c as u8)),
            c.to_ascii_uppercase().to_string(),
            format!("players-{c}"),
        ),
        Some(c) if c.is_ascii_digit() => ((0, 1000), "0–9".into(), "players-digits".into()),
        _ => ((0, 1001), "Other".into(), "players-other".into()),
    }
}

/// The browse list's groups, in order: players A–Z, `0–9`, `Other`, then
/// tournaments from the newest year.
pub fn browse_groups(entries: &[Entry]) -> Vec<BrowseGroup> {
    let mut groups: std::collections::BTreeMap<(u8, i64), BrowseGroup> = Default::default();
    for (i, entry) in entries.iter().enumerate() {
        let (order, title, stem) = browse_place(entry);
        groups
            .entry(order)
            .or_insert_with(|| BrowseGroup {
                kind: if order.0 == 0 {
                    "Players"
                } else {
                    "Tournaments"
                },
                title,
                first: format!("browse/{stem}.html"),
                entries: Vec::new(),
            })
            .entries
            .push(i);
    }
    groups.into_values().collect()
}

/// Largest index written as one file, and largest shard, in bytes.
pub const SHARD_BYTES: usize = 150 * 1024;

/// Longest shard prefix, in characters: entries sharing a longer prefix are
/// spread over shards of the same prefix instead.
const MAX_PREFIX: usize = 16;

/// Writes the index: `search-index.js` alone, or, for a large index, the
/// list of shards and the shards under `search/`. Each entry is written as
/// JSON once (in parallel), and its text serves the size budget and every
/// file it goes into.
pub(super) fn write_index(
    page: &super::page::Page,
    entries: &[Entry],
) -> Result<(), super::SiteError> {
    let json: Vec<String> = entries.par_iter().map(entry_json).collect();
    let sizes: Vec<usize> = json.iter().map(|j| j.len() + 1).collect();
    if sizes.iter().sum::<usize>() <= SHARD_BYTES {
        return page.put("search-index.js", &index_script(&json));
    }
    let shards = shards_sized(entries, &sizes, SHARD_BYTES);
    page.put("search-index.js", &shards_script(&shards))?;
    shards.par_iter().try_for_each(|shard| {
        let members: Vec<&str> = shard.entries.iter().map(|&e| json[e].as_str()).collect();
        let name = shard.name();
        page.put(&format!("search/{name}.js"), &shard_script(&name, &members))
    })
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
    /// Which of the shards of the same prefix and `exact` this is, from 1.
    pub part: usize,
}

impl Shard {
    /// The shard's file name without `.js`: the prefix with every byte but
    /// `a`–`z` and `0`–`9` written `_xx` (hex), then `-` when `exact`, then
    /// `.n` for part `n` > 1. Distinct shards get distinct names (an escaped
    /// prefix has no `-` or `.`), safe on every file system.
    pub fn name(&self) -> String {
        let mut name = String::new();
        for byte in self.prefix.bytes() {
            if byte.is_ascii_lowercase() || byte.is_ascii_digit() {
                name.push(char::from(byte));
            } else {
                name.push_str(&format!("_{byte:02x}"));
            }
        }
        if self.prefix.is_empty() {
            name.push('_');
        }
        if self.exact {
            name.push('-');
        }
        if self.part > 1 {
            name.push_str(&format!(".{}", self.part));
        }
        name
    }
}

/// The shards of `entries` (see the module documentation), in prefix
/// order, when they take `sizes` bytes each in a script, with at most `max`
/// bytes of entries each.
fn shards_sized(entries: &[Entry], sizes: &[usize], max: usize) -> Vec<Shard> {
    let mut words: Vec<Word> = entries
        .par_iter()
        .enumerate()
        .flat_map_iter(|(i, e)| e.k.split_whitespace().map(move |w| (w, i)))
        .collect();
    // Hundreds of thousands of words in a federation: sorted on every core.
    words.par_sort_unstable();
    words.dedup();
    let limits = Limits { sizes, max };
    let mut counted = Counted::new(entries.len());
    if limits.fit(&words, &mut counted) {
        let mut out = Vec::new();
        chunked(
            String::new(),
            false,
            distinct_entries(&words),
            &limits,
            &mut out,
        );
        return out;
    }
    // The shards of each first letter apart, side by side.
    by_next_letter(&words, 0)
        .par_iter()
        .map_init(
            || Counted::new(entries.len()),
            |counted, (prefix, words)| {
                let mut out = Vec::new();
                split(words, prefix.clone(), &limits, counted, &mut out);
                out
            },
        )
        .collect::<Vec<_>>()
        .concat()
}

/// A word of an entry's key, with the entry's index.
type Word<'a> = (&'a str, usize);

/// Each entry's size, and the largest shard.
struct Limits<'a> {
    sizes: &'a [usize],
    max: usize,
}

impl Limits<'_> {
    /// Whether the entries of `words`, each counted once, fit one shard.
    fn fit(&self, words: &[Word], counted: &mut Counted) -> bool {
        counted.now += 1;
        let now = counted.now;
        let mut size = 0;
        for &(_, e) in words {
            if counted.round[e] != now {
                counted.round[e] = now;
                size += self.sizes[e];
            }
        }
        size <= self.max
    }
}

/// Which entries one sum of sizes has counted: entry `e` was, when
/// `round[e]` is `now` (so that no list is cleared or sorted per sum).
struct Counted {
    round: Vec<u32>,
    now: u32,
}

impl Counted {
    fn new(entries: usize) -> Counted {
        Counted {
            round: vec![0; entries],
            now: 0,
        }
    }
}

/// `words` (sorted, each with at least `depth` characters, all sharing
/// the first `depth`) longer than `depth` characters, in runs by their
/// first `depth + 1` characters, each run with that prefix.
fn by_next_letter<'w, 'a>(words: &'w [Word<'a>], depth: usize) -> Vec<(String, &'w [Word<'a>])> {
    let mut runs = Vec::new();
    let mut rest = &words[words.partition_point(|(w, _)| w.chars().count() <= depth)..];
    while let Some(&(word, _)) = rest.first() {
        let next: String = word.chars().take(depth + 1).collect();
        let end = rest
            .iter()
            .position(|(w, _)| !w.starts_with(next.as_str()))
            .unwrap_or(rest.len());
        runs.push((next, &rest[..end]));
        rest = &rest[end..];
    }
    runs
}

/// Shards for `words` (sorted, all starting with `prefix`).
fn split(
    words: &[Word],
    prefix: String,
    limits: &Limits,
    counted: &mut Counted,
    out: &mut Vec<Shard>,
) {
    let depth = prefix.chars().count();
    if limits.fit(words, counted) || depth >= MAX_PREFIX {
        chunked(prefix, false, distinct_entries(words), limits, out);
        return;
    }
    // Every word starts with `prefix`, so the words equal to it sort first.
    let exact = &words[..words.partition_point(|(w, _)| w.len() == prefix.len())];
    if !exact.is_empty() {
        chunked(prefix.clone(), true, distinct_entries(exact), limits, out);
    }
    for (next, run) in by_next_letter(words, depth) {
        split(run, next, limits, counted, out);
    }
}

/// The entries of `words`, each once, ascending.
fn distinct_entries(words: &[Word]) -> Vec<usize> {
    let mut members: Vec<usize> = words.iter().map(|&(_, e)| e).collect();
    members.par_sort_unstable();
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
    let mut part = 1;
    for e in members {
        if size + limits.sizes[e] > limits.max && !current.is_empty() {
            out.push(Shard {
                prefix: prefix.clone(),
                exact,
                entries: std::mem::take(&mut current),
                part,
            });
            part += 1;
            size = 0;
        }
        size += limits.sizes[e];
        current.push(e);
    }
    out.push(Shard {
        prefix,
        exact,
        entries: current,
        part,
    });
}

/// An entry as JSON in a script (see [`script_json`]).
fn entry_json(entry: &Entry) -> String {
    script_json(entry)
}

/// `search-index.js` of a split index: `window.RATINGBOOK_SHARDS = [[prefix,
/// exact, name], ...];`.
pub fn shards_script(shards: &[Shard]) -> Vec<u8> {
    let list: Vec<(&str, u8, String)> = shards
        .iter()
        .map(|s| (s.prefix.as_str(), u8::from(s.exact), s.name()))
        .collect();
    let json = script_json(&list);
    format!("window.RATINGBOOK_SHARDS = {json};\n").into_bytes()
}

/// `search/<name>.js`: `window.RATINGBOOK_SHARD("name", [...]);`, of the
/// entries' JSON (`entry_json`).
pub fn shard_script(name: &str, entries: &[&str]) -> Vec<u8> {
    let name = script_json(name);
    script_of_array(
        &format!("window.RATINGBOOK_SHARD({name}, "),
        entries,
        ");\n",
    )
}

/// `start`, the JSON array of the JSON texts `entries`, `end`: made at its
/// size at once (a whole index is megabytes).
fn script_of_array(start: &str, entries: &[impl AsRef<str>], end: &str) -> Vec<u8> {
    let length = entries.iter().map(|e| e.as_ref().len() + 1).sum::<usize>();
    let mut script = Vec::with_capacity(start.len() + length + end.len() + 2);
    script.extend_from_slice(start.as_bytes());
    script.push(b'[');
    for (n, entry) in entries.iter().enumerate() {
        if n > 0 {
            script.push(b',');
        }
        script.extend_from_slice(entry.as_ref().as_bytes());
    }
    script.push(b']');
    script.extend_from_slice(end.as_bytes());
    script
}

/// JSON safe inside a script: `</script>` or `<!--` in a name cannot end or
/// confuse a script block.
fn script_json<T: Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string(value)
        .unwrap_or_else(|_| "[]".into())
        .replace('<', "\\u003c")
}

/// The index as a script: `window.RATINGBOOK_INDEX = [...];`, of the
/// entries' JSON (`entry_json`).
pub fn index_script(entries: &[String]) -> Vec<u8> {
    script_of_array("window.RATINGBOOK_INDEX = ", entries, ";\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shards of `entries` with at most `max` bytes of entries each.
    fn shards_within(entries: &[Entry], max: usize) -> Vec<Shard> {
        let sizes: Vec<usize> = entries.iter().map(|e| entry_json(e).len() + 1).collect();
        shards_sized(entries, &sizes, max)
    }

    fn player(name: &str) -> Entry {
        Entry {
            n: name.to_string(),
            k: search_key(name),
            h: format!("players/{}.html", search_key(name).replace(' ', "-")),
            t: "p",
            d: String::new(),
            year: None,
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
            let size: usize = shard
                .entries
                .iter()
                .map(|&e| entry_json(&entries[e]).len() + 1)
                .sum();
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
        let shard = String::from_utf8(shard_script("ko.2", &[&entry_json(&entries[0])])).unwrap();
        assert!(
            shard.starts_with("window.RATINGBOOK_SHARD(\"ko.2\", [{"),
            "{shard}"
        );
        let names: std::collections::BTreeSet<String> = shards.iter().map(Shard::name).collect();
        assert_eq!(names.len(), shards.len(), "shard names repeat");
    }

    #[test]
    fn browse_groups_are_letters_then_years() {
        let mut entries = vec![
            player("Öztürk Ali"),
            player("Aho Matti"),
            player("ärmä Aino"),
            player("1st Club"),
            player("Ōno Ken"),
            player("Aalto Eero"),
        ];
        entries.push(Entry {
            year: Some(2019),
            t: "t",
            ..player("Helsinki Open")
        });
        entries.push(Entry {
            year: Some(2024),
            t: "t",
            ..player("Ankara Cup")
        });
        entries.push(player("_ x"));
        let groups = browse_groups(&entries);
        let seen: Vec<(&str, &str, &str, Vec<usize>)> = groups
            .iter()
            .map(|g| {
                (
                    g.kind,
                    g.title.as_str(),
                    g.first.as_str(),
                    g.entries.clone(),
                )
            })
            .collect();
        assert_eq!(
            seen,
            vec![
                ("Players", "A", "browse/players-a.html", vec![1, 2, 5]),
                ("Players", "O", "browse/players-o.html", vec![0, 4]),
                ("Players", "0–9", "browse/players-digits.html", vec![3]),
                ("Players", "Other", "browse/players-other.html", vec![8]),
                (
                    "Tournaments",
                    "2024",
                    "browse/tournaments-2024.html",
                    vec![7]
                ),
                (
                    "Tournaments",
                    "2019",
                    "browse/tournaments-2019.html",
                    vec![6]
                ),
            ]
        );
    }

    #[test]
    fn shard_names_follow_the_prefix() {
        let shard = |prefix: &str, exact: bool, part: usize| Shard {
            prefix: prefix.to_string(),
            exact,
            entries: Vec::new(),
            part,
        };
        assert_eq!(shard("ko", false, 1).name(), "ko");
        assert_eq!(shard("ko", true, 1).name(), "ko-");
        assert_eq!(shard("ko", false, 3).name(), "ko.3");
        assert_eq!(shard("ko", true, 2).name(), "ko-.2");
        assert_eq!(shard("ö'", false, 1).name(), "_c3_b6_27");
        assert_eq!(shard("a-b", false, 1).name(), "a_2db");
    }

    #[test]
    fn a_new_entry_changes_only_the_shards_of_its_words() {
        let mut entries = Vec::new();
        for first in ["Mikko", "Maija", "Matti", "Ali", "Ayşe"] {
            for last in ["Korhonen", "Koskinen", "Kaya", "Novák", "Nieminen"] {
                for n in 0..8 {
                    entries.push(player(&format!("{last} {first} {n}")));
                }
            }
        }
        let members = |entries: &[Entry]| -> std::collections::BTreeMap<String, Vec<String>> {
            shards_within(entries, 1500)
                .iter()
                .map(|s| {
                    let names = s.entries.iter().map(|&e| entries[e].n.clone()).collect();
                    (s.name(), names)
                })
                .collect()
        };
        let before = members(&entries);
        entries.push(player("Nieminen Zoltán 3"));
        let after = members(&entries);
        assert!(before.len() > 10, "{} shards", before.len());
        let changed: Vec<&String> = after
            .iter()
            .filter(|(name, list)| before.get(*name) != Some(list))
            .map(|(name, _)| name)
            .collect();
        assert!(!changed.is_empty());
        for name in &changed {
            let touched = ["nieminen", "zoltan", "3"]
                .iter()
                .any(|w| w.starts_with(name.split(['-', '.']).next().unwrap()));
            assert!(touched, "shard {name} changed: {changed:?}");
        }
        assert!(changed.len() < before.len() / 3, "{changed:?}");
    }

    #[test]
    fn script_escapes_angle_brackets() {
        let e = Entry {
            n: "</script>".into(),
            k: "x".into(),
            h: "players/x.html".into(),
            t: "p",
            d: String::new(),
            year: None,
        };
        let text = String::from_utf8(index_script(&[entry_json(&e)])).unwrap();
        assert!(!text.contains("</script>"));
        assert!(text.starts_with("window.RATINGBOOK_INDEX = [{"));
        assert_eq!(search_key("Saarenpää Samuli"), "saarenpaa samuli");
    }
}
