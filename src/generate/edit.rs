//! Edits made to generated repositories by tests and benchmarks that need a
//! realistic change, such as a corrected result.

use std::path::Path;

/// The crosstables under `root/data/tournaments`, oldest tournament first
/// (by the `start` line of the metadata beside each).
pub fn crosstables_by_start(root: &Path) -> Vec<std::path::PathBuf> {
    let mut tables: Vec<(String, std::path::PathBuf)> =
        walkdir::WalkDir::new(root.join("data").join("tournaments"))
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| e.path().extension().is_some_and(|x| x == "csv"))
            .map(|e| {
                let meta =
                    std::fs::read_to_string(e.path().with_extension("toml")).unwrap_or_default();
                let start = meta
                    .lines()
                    .find(|l| l.trim_start().starts_with("start"))
                    .unwrap_or("")
                    .to_string();
                (start, e.into_path())
            })
            .collect();
    tables.sort();
    tables.into_iter().map(|(_, path)| path).collect()
}

/// Reverses the first decisive game of the crosstable at `table` on both
/// sides (`3 w 1` and `1 b 0` become `3 w 0` and `1 b 1`); returns the two
/// start numbers, or `None` when the table has no decisive game with colours.
pub fn reverse_first_decisive_result(table: &Path) -> std::io::Result<Option<(u32, u32)>> {
    let text = std::fs::read_to_string(table)?;
    reverse_first_decisive_result_where(table, &text, |_, _| true)
}

/// [`reverse_first_decisive_result`] for the first decisive game whose two
/// players' ids `players` accepts, in `table` whose content is `text`.
fn reverse_first_decisive_result_where(
    table: &Path,
    text: &str,
    players: impl Fn(&str, &str) -> bool,
) -> std::io::Result<Option<(u32, u32)>> {
    let mut rows: Vec<Vec<String>> = text
        .lines()
        .map(|l| l.split(',').map(String::from).collect())
        .collect();
    let Some((first_round, id_column)) = rows.first().and_then(|h| columns(h)) else {
        return Ok(None);
    };
    let id = |row: &[String]| row.get(id_column).cloned().unwrap_or_default();
    for r in 1..rows.len() {
        for c in first_round..rows[r].len() {
            let parts: Vec<String> = rows[r][c].split(' ').map(String::from).collect();
            let decisive = parts.len() == 3 && (parts[2] == "1" || parts[2] == "0");
            let opponent_row = rows.iter().position(|row| row.first() == parts.first());
            let (true, Some(o)) = (decisive, opponent_row) else {
                continue;
            };
            let theirs: Vec<String> = rows[o][c].split(' ').map(String::from).collect();
            if theirs.len() != 3 || !players(&id(&rows[r]), &id(&rows[o])) {
                continue;
            }
            let flipped = if parts[2] == "1" { "0" } else { "1" };
            rows[r][c] = format!("{} {} {flipped}", parts[0], parts[1]);
            rows[o][c] = format!("{} {} {}", theirs[0], theirs[1], parts[2]);
            let out: String = rows.iter().map(|row| row.join(",") + "\n").collect();
            std::fs::write(table, out)?;
            let me = rows[r][0].parse().unwrap_or(0);
            let them = parts[0].parse().unwrap_or(0);
            return Ok(Some((me, them)));
        }
    }
    Ok(None)
}

/// Reverses a decisive game between two regular players: in the first of
/// `tables` (oldest first, as [`crosstables_by_start`] lists them) from the
/// one at `from` on, the first decisive game of two players who each played
/// at least `games` games in the tables before it. Such a game moves both
/// players' published ratings, unlike one of a newcomer, whose first games
/// count towards no published rating. The table edited, or `None` when
/// none has such a game.
pub fn reverse_result_between_regulars(
    tables: &[std::path::PathBuf],
    from: usize,
    games: usize,
) -> std::io::Result<Option<std::path::PathBuf>> {
    let mut played: std::collections::HashMap<String, usize> = Default::default();
    for (i, table) in tables.iter().enumerate() {
        let text = std::fs::read_to_string(table)?;
        if i >= from {
            let regular = |id: &str| played.get(id).is_some_and(|&n| n >= games);
            let both = |a: &str, b: &str| regular(a) && regular(b);
            if reverse_first_decisive_result_where(table, &text, both)?.is_some() {
                return Ok(Some(table.clone()));
            }
        }
        count_games(&text, &mut played);
    }
    Ok(None)
}

/// Adds to `played` each player's games (paired cells) in the crosstable `text`.
fn count_games(text: &str, played: &mut std::collections::HashMap<String, usize>) {
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or("").split(',').collect();
    let Some((first_round, id_column)) = columns(&header) else {
        return;
    };
    for line in lines {
        let cells: Vec<&str> = line.split(',').collect();
        let games = cells
            .iter()
            .skip(first_round)
            .filter(|cell| {
                cell.split(' ')
                    .next()
                    .is_some_and(|o| o.parse::<u32>().is_ok())
            })
            .count();
        if let Some(id) = cells.get(id_column) {
            *played.entry((*id).to_string()).or_default() += games;
        }
    }
}

/// Where a crosstable's `header` has its first round and its player ids;
/// `None` without rounds.
fn columns(header: &[impl AsRef<str>]) -> Option<(usize, usize)> {
    let at = |name: &str| header.iter().position(|c| c.as_ref() == name);
    Some((at("1")?, at("player").unwrap_or(1)))
}

/// The value of `key = value` in a generated tournament's metadata.
fn meta_value<'a>(meta: &'a str, key: &str) -> Option<&'a str> {
    meta.lines().find_map(|l| {
        let (k, v) = l.split_once('=')?;
        (k.trim() == key).then(|| v.trim().trim_matches('"'))
    })
}

/// The player ids of a crosstable (its second column).
fn table_players(table: &str) -> Vec<&str> {
    table
        .lines()
        .skip(1)
        .filter_map(|l| l.split(',').nth(1))
        .collect()
}

/// Adds a tournament on the dates of the newest one: a copy of the results
/// of the oldest tournament none of whose players plays on those dates
/// (so nothing overlaps and the date of the lists stays the same), under
/// `<newest id>-extra`. Returns the new crosstable's path, or `None` when
/// every tournament has a player busy on those dates.
pub fn add_tournament_at_newest_date(root: &Path) -> std::io::Result<Option<std::path::PathBuf>> {
    add_another_tournament_at_newest_date(root, 0)
}

/// As [`add_tournament_at_newest_date`], copying the results of the
/// `skip`-th such tournament after the oldest instead, under
/// `<newest id>-extra-<skip>` (`skip` 0: the same as
/// [`add_tournament_at_newest_date`]): a series of rebuilds that each add
/// a tournament of their own, as results come in.
pub fn add_another_tournament_at_newest_date(
    root: &Path,
    skip: usize,
) -> std::io::Result<Option<std::path::PathBuf>> {
    let tables = crosstables_by_start(root);
    let Some(newest) = tables.last() else {
        return Ok(None);
    };
    let newest_meta = std::fs::read_to_string(newest.with_extension("toml"))?;
    let start = meta_value(&newest_meta, "start").unwrap_or("").to_string();
    let end = meta_value(&newest_meta, "end")
        .unwrap_or(&start)
        .to_string();
    let mut busy = std::collections::HashSet::new();
    for table in &tables {
        let meta = std::fs::read_to_string(table.with_extension("toml"))?;
        let t_start = meta_value(&meta, "start").unwrap_or("");
        let t_end = meta_value(&meta, "end").unwrap_or(t_start);
        if t_start <= end.as_str() && start.as_str() <= t_end {
            let text = std::fs::read_to_string(table)?;
            busy.extend(table_players(&text).into_iter().map(String::from));
        }
    }
    let mut free = 0;
    for table in &tables {
        let text = std::fs::read_to_string(table)?;
        if table_players(&text).iter().any(|p| busy.contains(*p)) {
            continue;
        }
        free += 1;
        if free <= skip {
            continue;
        }
        let stem = newest
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
        let name = match skip {
            0 => format!("{stem}-extra.csv"),
            n => format!("{stem}-extra-{n}.csv"),
        };
        let target = newest.with_file_name(name);
        let meta = std::fs::read_to_string(table.with_extension("toml"))?;
        let meta: String = meta
            .lines()
            .map(|l| match l.split_once('=').map(|(k, _)| k.trim()) {
                Some("name") => "name = \"Synthetic extra event\"".to_string(),
                Some("start") => format!("start = {start}"),
                Some("end") => format!("end = {end}"),
                _ => l.to_string(),
            })
            .map(|l| l + "\n")
            .collect();
        std::fs::write(&target, text)?;
        std::fs::write(target.with_extension("toml"), meta)?;
        return Ok(Some(target));
    }
    Ok(None)
}

/// Adds a tournament on the day after the newest one ends, as new results
/// usually come in: a copy of the oldest tournament's results under
/// `<newest id>-later`, so the date of the lists moves on. Returns the new
/// crosstable's path, or `None` when there is no tournament to copy.
pub fn add_tournament_on_a_later_day(root: &Path) -> std::io::Result<Option<std::path::PathBuf>> {
    let tables = crosstables_by_start(root);
    let (Some(oldest), Some(newest)) = (tables.first(), tables.last()) else {
        return Ok(None);
    };
    let newest_meta = std::fs::read_to_string(newest.with_extension("toml"))?;
    let Some(end) = meta_value(&newest_meta, "end")
        .or_else(|| meta_value(&newest_meta, "start"))
        .and_then(crate::model::Date::parse)
    else {
        return Ok(None);
    };
    let day = end.plus_days(1);
    let meta: String = std::fs::read_to_string(oldest.with_extension("toml"))?
        .lines()
        .map(|l| match l.split_once('=').map(|(k, _)| k.trim()) {
            Some("name") => "name = \"Synthetic later event\"".to_string(),
            Some(key @ ("start" | "end")) => format!("{key} = {day}"),
            _ => l.to_string(),
        })
        .map(|l| l + "\n")
        .collect();
    let stem = newest
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let target = newest.with_file_name(format!("{stem}-later.csv"));
    std::fs::copy(oldest, &target)?;
    std::fs::write(target.with_extension("toml"), meta)?;
    Ok(Some(target))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_sides_of_the_first_decisive_game_are_reversed() {
        let dir = tempfile::tempdir().unwrap();
        let table = dir.path().join("t.csv");
        std::fs::write(
            &table,
            "no,player,rating,1,2\n1,a,,2 w =,3 b 1\n2,b,,1 b =,bye\n3,c,,bye,1 w 0\n",
        )
        .unwrap();
        assert_eq!(reverse_first_decisive_result(&table).unwrap(), Some((1, 3)));
        assert_eq!(
            std::fs::read_to_string(&table).unwrap(),
            "no,player,rating,1,2\n1,a,,2 w =,3 b 0\n2,b,,1 b =,bye\n3,c,,bye,1 w 1\n"
        );
    }

    #[test]
    fn the_game_reversed_is_the_first_between_two_players_with_enough_earlier_games() {
        let dir = tempfile::tempdir().unwrap();
        let path = |name: &str| dir.path().join(name);
        // Before: a and b play two games each, c none.
        std::fs::write(
            path("0.csv"),
            "no,player,rating,1,2\n1,a,,2 w 1,2 b =\n2,b,,1 b 0,1 w =\n",
        )
        .unwrap();
        std::fs::write(
            path("1.csv"),
            "no,player,rating,1\n1,a,,2 w 1\n2,b,,1 b 0\n",
        )
        .unwrap();
        // The first decisive game (against c) is not between regulars; a–b is.
        let last = "no,player,rating,1,2\n1,c,,2 w 1,3 b 0\n2,a,,1 b 0,bye\n3,b,,bye,1 w 1\n";
        std::fs::write(path("2.csv"), last).unwrap();
        let tables = vec![path("0.csv"), path("1.csv"), path("2.csv")];
        assert_eq!(
            reverse_result_between_regulars(&tables, 2, 4).unwrap(),
            None,
            "a and b played three games each before the last table"
        );
        assert_eq!(
            reverse_result_between_regulars(&tables, 1, 2).unwrap(),
            Some(path("1.csv"))
        );
        assert_eq!(
            std::fs::read_to_string(path("1.csv")).unwrap(),
            "no,player,rating,1\n1,a,,2 w 0\n2,b,,1 b 1\n"
        );
        assert_eq!(std::fs::read_to_string(path("2.csv")).unwrap(), last);
    }
}
