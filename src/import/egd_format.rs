//! The European Go Database's tournament report (`.h` files, as MacMahon
//! and OpenGotha write them), read and written in this one place.
//!
//! As the EGF's published description gives it: a text file, one line per
//! player; everything after `;` is a comment, except the header's
//! `; KEY[value]` lines (`CL` class, `EV` event, `PC` `country, city`, `DT`
//! `start,end`, `HA` handicap rule, `KM` komi, `TM` time, `CM` comment). A
//! player line is: place, name (`Surname Firstname`), grade, country,
//! club, any score columns, then one result per round,
//! `<opponent's place><symbol>[/<colour>[<handicap>]]` (`+` won, `-` lost,
//! `=` jigo; `b`/`w`), `0+` a free win, `0-` a free round, `0=` a free
//! round worth ½, and optionally `|PIN` (the player's EGD pin).
//!
//! What the programs write beyond the description, and is read here:
//! OpenGotha leaves the place blank on a line tied with the one above (the
//! others still refer to it by its line's number), writes `!` for `/` in a
//! result given by default (`22+!w0`), and may add `?` or `=` to a score
//! column (`408?`, `140=`); MacMahon separates the columns by tabs, ends
//! lines with CR LF, writes the country in small letters and gives only
//! the `EV` header; both write a surname of several words joined by `_`
//! (`de_Butler Tristan`).

/// A result symbol.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// `+`.
    Won,
    /// `-`.
    Lost,
    /// `=`.
    Jigo,
}

impl Outcome {
    fn symbol(self) -> char {
        match self {
            Outcome::Won => '+',
            Outcome::Lost => '-',
            Outcome::Jigo => '=',
        }
    }
}

/// One round's entry of a player line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoundResult {
    /// The opponent's place; 0 for a round without a game.
    pub opponent: u32,
    /// The result.
    pub outcome: Outcome,
    /// `Some(true)` black, `Some(false)` white, when given.
    pub black: Option<bool>,
    /// Handicap stones, when given.
    pub handicap: Option<u8>,
    /// `!` in place of `/` (`22+!w0`): OpenGotha's mark of a result given
    /// by default, the game not played.
    pub by_default: bool,
}

impl RoundResult {
    /// The entry as the report writes it, e.g. `12+/b3`, `0-`.
    pub fn notation(&self) -> String {
        let mut out = format!("{}{}", self.opponent, self.outcome.symbol());
        if let Some(black) = self.black {
            out.push(if self.by_default { '!' } else { '/' });
            out.push(if black { 'b' } else { 'w' });
            if let Some(h) = self.handicap {
                out += &h.to_string();
            }
        }
        out
    }
}

/// One player line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerLine {
    /// 1-based line number in the file.
    pub line: usize,
    /// The place, the number other lines refer to.
    pub place: u32,
    /// No place written: tied with the line above, as OpenGotha leaves it;
    /// `place` is then the line above's plus one, the number the other
    /// lines refer to this one by.
    pub tied: bool,
    /// The name as written, `Surname Firstname`, with `_` (joining a
    /// surname's words) read as a space.
    pub name: String,
    /// The grade as written (`5k`, `2d`, `3p`; a bare number is a kyu grade).
    pub grade: String,
    /// The country code.
    pub country: String,
    /// The club.
    pub club: String,
    /// One result per round.
    pub results: Vec<RoundResult>,
    /// The EGD pin, when given.
    pub pin: Option<String>,
}

/// A whole report.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Report {
    /// The header's `KEY[value]` pairs in file order.
    pub header: Vec<(String, String)>,
    /// The player lines in file order.
    pub players: Vec<PlayerLine>,
}

impl Report {
    /// The value of header key `key`, if given.
    pub fn header(&self, key: &str) -> Option<&str> {
        self.header
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.trim())
    }
}

/// Where and why a report cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {message}")]
pub struct ParseError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (characters).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// Most player lines and rounds read; a report beyond is refused.
pub const MAX_PLAYERS: usize = 100_000;
/// Most rounds a report may give.
pub const MAX_ROUNDS: usize = 1000;

/// A round entry, if `token` is one (a trailing `!`, some programs' note, is ignored).
fn round_result(token: &str) -> Option<RoundResult> {
    let token = token.trim_end_matches('!');
    let digits = token.find(|c: char| !c.is_ascii_digit())?;
    let opponent = token[..digits].parse::<u32>().ok()?;
    let mut rest = token[digits..].chars();
    let outcome = match rest.next()? {
        '+' => Outcome::Won,
        '-' => Outcome::Lost,
        '=' => Outcome::Jigo,
        _ => return None,
    };
    let rest: String = rest.collect();
    if rest.is_empty() {
        return Some(RoundResult {
            opponent,
            outcome,
            black: None,
            handicap: None,
            by_default: false,
        });
    }
    let by_default = rest.starts_with('!');
    let rest = rest.strip_prefix('/').or_else(|| rest.strip_prefix('!'))?;
    let black = match rest.chars().next()? {
        'b' | 'B' => true,
        'w' | 'W' => false,
        _ => return None,
    };
    let stones = &rest[1..];
    let handicap = if stones.is_empty() {
        None
    } else {
        Some(stones.parse::<u8>().ok()?)
    };
    Some(RoundResult {
        opponent,
        outcome,
        black: Some(black),
        handicap,
        by_default,
    })
}

/// Whether `token` ends a line as a result: a score column such as `140=`
/// (a half point) reads like one, but no line of `players` has place 140.
fn ends_as_result(token: &str, players: usize) -> bool {
    round_result(token).is_some_and(|r| {
        r.black.is_some() || usize::try_from(r.opponent).is_ok_and(|o| o <= players)
    })
}

/// Whether `token` reads as a grade: `5k`, `2d`, `1p`, or a bare kyu number.
pub fn is_grade(token: &str) -> bool {
    let lower = token.to_ascii_lowercase();
    let number = lower.trim_end_matches(['k', 'd', 'p']);
    (1..=2).contains(&number.len())
        && number.chars().all(|c| c.is_ascii_digit())
        && lower.len() <= number.len() + 1
}

/// Parses a report's text. Every problem is a [`ParseError`]; the first
/// of each line is kept, and all lines are read.
pub fn parse(text: &str) -> Result<Report, Vec<ParseError>> {
    let mut report = Report::default();
    let mut errors = Vec::new();
    let mut lines = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        let (content, comment) = match raw.find(';') {
            Some(at) => (&raw[..at], Some(&raw[at + 1..])),
            None => (raw, None),
        };
        if let Some(comment) = comment {
            header_pair(comment, &mut report.header);
        }
        if content.trim().is_empty() {
            continue;
        }
        if lines.len() == MAX_PLAYERS {
            errors.push(ParseError {
                line: number,
                column: 1,
                message: format!("more than {MAX_PLAYERS} player lines"),
            });
            break;
        }
        let (content, pin) = match content.split_once('|') {
            Some((c, pin)) => (c, Some(pin.trim().to_string()).filter(|p| !p.is_empty())),
            None => (content, None),
        };
        let tokens: Vec<&str> = content.split_whitespace().collect();
        lines.push((number, raw, tokens, pin));
    }
    let players = lines.len();
    let counts: Vec<usize> = lines
        .iter()
        .map(|(_, _, tokens, _)| {
            tokens
                .iter()
                .rev()
                .take_while(|t| ends_as_result(t, players))
                .count()
        })
        .collect();
    let rounds = most_common(&counts);
    let mut previous = None;
    for (number, raw, tokens, pin) in lines {
        match player_line(number, raw, &tokens, pin, rounds, previous) {
            Ok(p) => {
                previous = Some(p.place);
                report.players.push(p);
            }
            Err(e) => errors.push(e),
        }
    }
    if errors.is_empty() {
        Ok(report)
    } else {
        Err(errors)
    }
}

/// The round count most player lines end with (score columns that look
/// like results, e.g. `0=`, can add one to a line's count).
fn most_common(counts: &[usize]) -> usize {
    let mut tally = std::collections::BTreeMap::new();
    for &n in counts {
        *tally.entry(n).or_insert(0usize) += 1;
    }
    tally
        .into_iter()
        .max_by_key(|&(n, times)| (times, std::cmp::Reverse(n)))
        .map_or(0, |(n, _)| n)
}

/// A `KEY[value]` header pair in a comment, e.g. ` EV[Helsinki Open]`.
fn header_pair(comment: &str, header: &mut Vec<(String, String)>) {
    let comment = comment.trim_start();
    let Some(open) = comment.find('[') else {
        return;
    };
    let key = &comment[..open];
    if key.len() != 2 || !key.chars().all(|c| c.is_ascii_uppercase()) {
        return;
    }
    if let Some(close) = comment[open..].find(']') {
        let value = &comment[open + 1..open + close];
        header.push((key.to_string(), value.to_string()));
    }
}

fn column_of(raw: &str, token: &str) -> usize {
    raw.find(token)
        .map_or(1, |at| raw[..at].chars().count() + 1)
}

fn player_line(
    number: usize,
    raw: &str,
    tokens: &[&str],
    pin: Option<String>,
    rounds: usize,
    previous: Option<u32>,
) -> Result<PlayerLine, ParseError> {
    let error = |token: &str, message: String| ParseError {
        line: number,
        column: column_of(raw, token),
        message,
    };
    if rounds > MAX_ROUNDS {
        return Err(error("", format!("more than {MAX_ROUNDS} rounds")));
    }
    let place_token = tokens.first().copied().unwrap_or("");
    let written = place_token.parse::<u32>().ok().filter(|&p| p > 0);
    // A blank place column (the line starts with a space and a name) is a
    // tie with the line above.
    let blank =
        raw.starts_with([' ', '\t']) && !place_token.starts_with(|c: char| c.is_ascii_digit());
    let (place, tied, first) = match (written, previous) {
        (Some(place), _) => (place, false, 1),
        (None, Some(above)) if blank => (above.saturating_add(1), true, 0),
        _ => {
            return Err(error(
                place_token,
                format!("`{place_token}` is not a place (a number from 1)"),
            ))
        }
    };
    let grade_at = (first + 1..tokens.len())
        .find(|&i| is_grade(tokens[i]))
        .ok_or_else(|| error(place_token, "no grade (`5k`, `2d`) after the name".into()))?;
    if tokens.len() < grade_at + 3 + rounds {
        return Err(error(
            tokens[grade_at],
            format!(
                "after the grade the line needs a country, a club and {rounds} results, as the other lines give"
            ),
        ));
    }
    let results_at = tokens.len() - rounds;
    let mut results = Vec::with_capacity(rounds);
    for token in &tokens[results_at..] {
        results.push(round_result(token).ok_or_else(|| {
            let message = if token.contains('?') {
                format!("`{token}`: the result is not known (`?`); enter it in the program that wrote the report and write the report again")
            } else {
                format!("`{token}` is not a result such as `12+/b3` or `0-`")
            };
            error(token, message)
        })?);
    }
    Ok(PlayerLine {
        line: number,
        place,
        tied,
        name: tokens[first..grade_at].join(" ").replace('_', " "),
        grade: tokens[grade_at].to_string(),
        country: tokens[grade_at + 1].to_string(),
        club: tokens[grade_at + 2].to_string(),
        results,
        pin,
    })
}

/// The report's text: the header lines, a column heading, then one line
/// per player: place, name, grade, country, club, points (wins, jigo ½),
/// the results, and the pin when known.
pub fn write(report: &Report) -> String {
    let mut out = String::new();
    for (key, value) in &report.header {
        out += &format!("; {key}[{}]\n", value.replace([']', '\n', '\r'], " "));
    }
    out += ";\n; Pl Name                            Gr Co Club Pt\n";
    let width = report
        .players
        .iter()
        .map(|p| p.name.chars().count())
        .max()
        .unwrap_or(0);
    for p in &report.players {
        let halves: u32 = p
            .results
            .iter()
            .map(|r| match r.outcome {
                Outcome::Won => 2,
                Outcome::Jigo => 1,
                Outcome::Lost => 0,
            })
            .sum();
        let points = if halves.is_multiple_of(2) {
            (halves / 2).to_string()
        } else {
            format!("{}.5", halves / 2)
        };
        let name = format!("{:<width$}", p.name);
        let mut line = format!(
            "{:>4} {name} {:>3} {} {} {points:>4}",
            p.place, p.grade, p.country, p.club
        );
        for r in &p.results {
            line += &format!(" {:>7}", r.notation());
        }
        if let Some(pin) = &p.pin {
            line += &format!(" |{pin}");
        }
        out += line.trim_end();
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_published_description_s_examples_read() {
        // The EGF's description: `35=`, `23+/w` (= `23+/w0`), `11-/b5`, `0+`, `0-`, `0=`.
        let r = round_result("35=").unwrap();
        assert_eq!((r.opponent, r.outcome, r.black), (35, Outcome::Jigo, None));
        let r = round_result("23+/w").unwrap();
        assert_eq!((r.opponent, r.black, r.handicap), (23, Some(false), None));
        let r = round_result("11-/b5").unwrap();
        assert_eq!(
            (r.outcome, r.black, r.handicap),
            (Outcome::Lost, Some(true), Some(5))
        );
        assert_eq!(round_result("0+").unwrap().opponent, 0);
        assert!(round_result("MMS").is_none());
        assert!(round_result("12").is_none());
        assert!(round_result("12+/x").is_none());
        assert!(round_result("12+/b300").is_none());
    }

    #[test]
    fn opengotha_s_and_macmahon_s_own_marks_read() {
        // OpenGotha: the second line's place left blank (a tie), a result
        // given by default (`2+!w0`), a score `7?`; MacMahon: tabs, CR LF,
        // a half-point score `140=` just before the results.
        let text = "   1 de_Butler Tristan  9K FR 69Ly  7?  2+!w0  3+/b0\r\n     \
                    Aho Eva  9K FR 69Ly  7  1-!b0  0=\r\n\
                    3\tIkonen Ari\t5k\tfi\tKera\t140=\t0-\t1-/w0\r\n";
        let report = parse(text).unwrap();
        let places: Vec<(u32, bool, &str)> = report
            .players
            .iter()
            .map(|p| (p.place, p.tied, p.name.as_str()))
            .collect();
        assert_eq!(
            places,
            [
                (1, false, "de Butler Tristan"),
                (2, true, "Aho Eva"),
                (3, false, "Ikonen Ari")
            ]
        );
        let first = report.players[0].results[0];
        assert_eq!(
            (first.opponent, first.by_default, first.black),
            (2, true, Some(false))
        );
        assert_eq!(first.notation(), "2+!w0");
        assert_eq!(report.players[2].results.len(), 2);
        assert_eq!(report.players[2].country, "fi");
    }

    #[test]
    fn a_line_without_a_place_first_is_refused() {
        let errors = parse("   Aho Eva 9K FR 69Ly 0+\n").unwrap_err();
        assert_eq!((errors[0].line, errors[0].column), (1, 4));
        assert!(
            errors[0].message.contains("`Aho` is not a place"),
            "{errors:?}"
        );
        let errors = parse(
            "1 Aho Eva 9K FR Kera 2+/b0 0+\n2 Ek Ari 9K FR Kera 1-/w0 3+/b0\n\
             3 Oja Ulla 9K FR Kera 0+ 2-/w0\n4 Puu Veli 9K FR Kera 5?/w0 0+\n\
             5 Uro Vilja 9K FR Kera 4?/b0 0+\n",
        )
        .unwrap_err();
        assert_eq!((errors[0].line, errors[0].column), (4, 23));
        assert!(
            errors[0].message.contains("the result is not known"),
            "{errors:?}"
        );
    }

    #[test]
    fn grades_are_told_from_names_and_scores() {
        for grade in ["5k", "2d", "1p", "30k", "12", "3D"] {
            assert!(is_grade(grade), "{grade}");
        }
        for not in ["Ikonen", "123", "5kk", "k", ""] {
            assert!(!is_grade(not), "{not}");
        }
    }
}
