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
}

impl RoundResult {
    /// The entry as the report writes it, e.g. `12+/b3`, `0-`.
    pub fn notation(&self) -> String {
        let mut out = format!("{}{}", self.opponent, self.outcome.symbol());
        if let Some(black) = self.black {
            out.push('/');
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
    /// The name as written, `Surname Firstname`.
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
        });
    }
    let rest = rest.strip_prefix('/')?;
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
    let mut counts: Vec<(usize, usize)> = Vec::new();
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
        let trailing = tokens
            .iter()
            .rev()
            .take_while(|t| round_result(t).is_some())
            .count();
        counts.push((number, trailing));
        lines.push((number, raw, tokens, pin));
    }
    let rounds = most_common(&counts);
    for (number, raw, tokens, pin) in lines {
        match player_line(number, raw, &tokens, pin, rounds) {
            Ok(p) => report.players.push(p),
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
fn most_common(counts: &[(usize, usize)]) -> usize {
    let mut tally = std::collections::BTreeMap::new();
    for &(_, n) in counts {
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
    let place = place_token
        .parse::<u32>()
        .ok()
        .filter(|&p| p > 0)
        .ok_or_else(|| {
            error(
                place_token,
                format!("`{place_token}` is not a place (a number from 1)"),
            )
        })?;
    let grade_at = (2..tokens.len())
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
            error(
                token,
                format!("`{token}` is not a result such as `12+/b3` or `0-`"),
            )
        })?);
    }
    Ok(PlayerLine {
        line: number,
        place,
        name: tokens[1..grade_at].join(" "),
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
    fn grades_are_told_from_names_and_scores() {
        for grade in ["5k", "2d", "1p", "30k", "12", "3D"] {
            assert!(is_grade(grade), "{grade}");
        }
        for not in ["Ikonen", "123", "5kk", "k", ""] {
            assert!(!is_grade(not), "{not}");
        }
    }
}
