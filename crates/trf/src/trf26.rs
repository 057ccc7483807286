//! The records TRF-2026 (FIDE Handbook C.04, TRF version 2026, applied from
//! 1 September 2025) adds to TRF-16, and conversion between the two editions.
//!
//! Typed here: `162` scoring point system, National Rating Support lines (a
//! federation code in columns 1–3, the static part of a `001` line after it),
//! `240` half/full/zero-point byes, `250` accelerated rounds, `260` prohibited
//! pairings and `299` abnormal point assignments. The other new header records
//! (`142` rounds, `152` initial colour, `172` starting-rank method, `182`
//! pairing controller, `192` tournament type code, `202`/`212` tie-breaks,
//! `222` time control code, `352`/`362` team colours and scoring) are header
//! lines. Team-section records (`013`, `300`, `310`, `320`, `330`, `801`,
//! `802`) are kept verbatim; [`TrfDocument::team_records`] lists them.
use crate::columns::{err, expect_blank, pad_left, pad_right, parse_number, Cols};
pub use crate::model::{
    AbnormalRecord, AccelerationRecord, ByeKind, ByeRecord, NationalLine, ProhibitedRecord,
    ScoreClass, Version,
};
use crate::model::{
    Colour, Points, ResultCode, RoundEntry, TrfDocument, TrfError, TrfLine, XxcLine,
};
use crate::player::{push_identity_columns, IdentityColumns};

/// Three-letter codes that are not federations of National Rating Support
/// lines: the pairing programs' extensions (`XX?`, `BB?`) and Tornelo's `DAT`.
fn is_extension_code(code: &str) -> bool {
    code.starts_with("XX") || code.starts_with("BB") || code == "DAT"
}

/// Record codes only TRF-2026 writes.
const TRF2026_CODES: [&str; 21] = [
    "142", "152", "162", "172", "182", "192", "202", "212", "222", "352", "362", "240", "250",
    "260", "299", "300", "310", "320", "330", "801", "802",
];

/// Team-section record codes (team tournaments).
pub const TEAM_CODES: [&str; 7] = ["013", "300", "310", "320", "330", "801", "802"];

/// TRF-2026 header codes, kept as [`TrfLine::Header`] lines.
pub(crate) const HEADER_CODES_2026: [&str; 10] = [
    "142", "152", "172", "182", "192", "202", "212", "222", "352", "362",
];

/// Parses a signed number of points with one decimal (`-1.5`, `2`) into tenths.
fn signed_tenths(text: &str) -> Option<i32> {
    let t = text.trim();
    let (negative, digits) = match t.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, t),
    };
    let p = Points::parse(digits)?;
    let v = i32::try_from(p.0).ok()?;
    Some(if negative { -v } else { v })
}

fn tenths_text(v: i32) -> String {
    let sign = if v < 0 { "-" } else { "" };
    format!("{sign}{}", Points(v.unsigned_abs()))
}

/// A required number in columns `from..=to`.
fn required(
    cols: &Cols<'_>,
    line: usize,
    from: usize,
    to: usize,
    field: &'static str,
    expected: &'static str,
) -> Result<u32, TrfError> {
    parse_number::<u32>(cols, line, from, to, field, expected)?
        .ok_or_else(|| err(line, from, field, expected, &cols.get(from, to)))
}

/// Optional points in columns `from..=to`.
fn optional_points(
    cols: &Cols<'_>,
    line: usize,
    from: usize,
    to: usize,
    field: &'static str,
) -> Result<Option<Points>, TrfError> {
    let raw = cols.get(from, to);
    if raw.trim().is_empty() {
        return Ok(None);
    }
    Points::parse(&raw)
        .map(Some)
        .ok_or_else(|| err(line, from, field, "points like 1.5", &raw))
}

/// Start numbers from column `from`, four columns each with one blank between,
/// up to the end of the line; at least `min` of them.
fn id_list(
    cols: &Cols<'_>,
    line: usize,
    from: usize,
    min: usize,
    field: &'static str,
) -> Result<Vec<u32>, TrfError> {
    let mut ids = Vec::new();
    let mut start = from;
    while start <= cols.chars.len() {
        if start > from {
            expect_blank(cols, line, start - 1, field)?;
        }
        if let Some(id) = parse_number::<u32>(
            cols,
            line,
            start,
            start + 3,
            field,
            "a start number, four columns wide",
        )? {
            ids.push(id);
        }
        start += 5;
    }
    if ids.len() < min {
        return Err(err(
            line,
            from,
            field,
            "start numbers, four columns each",
            &cols.get(from, from + 3),
        ));
    }
    Ok(ids)
}

fn write_ids(s: &mut String, ids: &[u32]) {
    for id in ids {
        s.push(' ');
        s.push_str(&pad_left(&id.to_string(), 4));
    }
}

/// Parses a `162` line: a result letter at column 6 and its points in 7–10,
/// repeated every nine columns.
pub(crate) fn parse_scoring(chars: &[char], line: usize) -> Result<TrfLine, TrfError> {
    let cols = Cols { chars };
    let mut v = Vec::new();
    let mut at = 6;
    while at <= chars.len() {
        let letter = cols.get(at, at);
        let points = cols.get(at + 1, at + 4);
        if letter.trim().is_empty() && points.trim().is_empty() {
            if cols.get(at, chars.len()).trim().is_empty() {
                break;
            }
            return Err(err(
                line,
                at,
                "162",
                "a result letter W D L A P X every nine columns from column 6",
                &cols.get(at, at + 4),
            ));
        }
        let class = letter
            .chars()
            .next()
            .and_then(ScoreClass::from_char)
            .ok_or_else(|| err(line, at, "162", "one of W D L A P X", &letter))?;
        let p = Points::parse(&points).ok_or_else(|| {
            err(
                line,
                at + 1,
                "162",
                "points like 1.0 in the next four columns",
                &points,
            )
        })?;
        v.push((class, p));
        at += 9;
    }
    Ok(TrfLine::Scoring(v))
}

/// Parses a National Rating Support line, or `None` when the line is not one
/// (not a federation code followed by a start number).
pub(crate) fn parse_national(chars: &[char], line: usize) -> Option<Result<TrfLine, TrfError>> {
    let code: String = chars.iter().take(3).collect();
    if code.chars().count() != 3
        || !code.chars().all(|c| c.is_ascii_uppercase())
        || is_extension_code(&code)
        || chars.get(3) != Some(&' ')
    {
        return None;
    }
    let cols = Cols { chars };
    let no = cols.get(5, 8);
    if no.trim().is_empty() || !no.trim().bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(national_fields(&cols, code, line))
}

fn national_fields(cols: &Cols<'_>, federation: String, line: usize) -> Result<TrfLine, TrfError> {
    for col in [9, 14, 48, 53, 57, 69] {
        expect_blank(cols, line, col, "national rating line")?;
    }
    let start_no = required(
        cols,
        line,
        5,
        8,
        "start number",
        "a number 1-9999 in columns 5-8",
    )?;
    let sex = cols.get(10, 10).chars().next().filter(|c| *c != ' ');
    let rating = parse_number::<u32>(
        cols,
        line,
        49,
        52,
        "national rating",
        "a rating in columns 49-52",
    )?
    .filter(|&r| r > 0);
    Ok(TrfLine::National(NationalLine {
        federation,
        start_no,
        sex,
        classification: cols.get(11, 13).trim().to_string(),
        name: cols.get(15, 47).trim().to_string(),
        rating,
        origin: cols.get(54, 56).trim().to_string(),
        national_id: cols.get(58, 68).trim().to_string(),
        birth_date: cols.get(70, 79).trim().to_string(),
    }))
}

/// Parses a `240` bye record.
pub(crate) fn parse_bye(chars: &[char], line: usize) -> Result<TrfLine, TrfError> {
    let cols = Cols { chars };
    let kind = match cols.get(5, 5).as_str() {
        "F" | "f" => ByeKind::Full,
        "H" | "h" => ByeKind::Half,
        "Z" | "z" => ByeKind::Zero,
        other => return Err(err(line, 5, "240 bye", "F, H or Z in column 5", other)),
    };
    expect_blank(&cols, line, 6, "240 bye")?;
    let round = required(
        &cols,
        line,
        7,
        9,
        "240 round",
        "a round number in columns 7-9",
    )?;
    expect_blank(&cols, line, 10, "240 bye")?;
    let ids = id_list(&cols, line, 11, 1, "240 start number")?;
    Ok(TrfLine::Bye(ByeRecord { kind, round, ids }))
}

/// Parses a `250` accelerated-rounds record.
pub(crate) fn parse_acceleration(chars: &[char], line: usize) -> Result<TrfLine, TrfError> {
    let cols = Cols { chars };
    for col in [4, 9, 14, 18, 22, 27] {
        expect_blank(&cols, line, col, "250 acceleration")?;
    }
    let round = "a round number, three columns";
    let id = "a start number, four columns";
    Ok(TrfLine::Acceleration(AccelerationRecord {
        match_points: optional_points(&cols, line, 5, 8, "250 match points")?,
        game_points: optional_points(&cols, line, 10, 13, "250 game points")?,
        first_round: required(&cols, line, 15, 17, "250 first round", round)?,
        last_round: required(&cols, line, 19, 21, "250 last round", round)?,
        first_id: required(&cols, line, 23, 26, "250 first start number", id)?,
        last_id: required(&cols, line, 28, 31, "250 last start number", id)?,
    }))
}

/// Parses a `260` prohibited-pairings record.
pub(crate) fn parse_prohibited(chars: &[char], line: usize) -> Result<TrfLine, TrfError> {
    let cols = Cols { chars };
    for col in [4, 8, 12] {
        expect_blank(&cols, line, col, "260 prohibited pairing")?;
    }
    let round = "a round number in columns 5-7 and 9-11";
    Ok(TrfLine::Prohibited(ProhibitedRecord {
        first_round: required(&cols, line, 5, 7, "260 first round", round)?,
        last_round: required(&cols, line, 9, 11, "260 last round", round)?,
        ids: id_list(&cols, line, 13, 2, "260 start number")?,
    }))
}

/// Parses a `299` abnormal-points record.
pub(crate) fn parse_abnormal(chars: &[char], line: usize) -> Result<TrfLine, TrfError> {
    let cols = Cols { chars };
    let kind = match cols.get(5, 5).chars().next().unwrap_or(' ') {
        ' ' => None,
        c @ ('W' | 'D' | 'L' | 'F' | 'H' | 'Z' | '+' | '-') => Some(c),
        c => {
            return Err(err(
                line,
                5,
                "299 assignment",
                "one of W D L F H Z + - or blank in column 5",
                &c.to_string(),
            ))
        }
    };
    let signed = |from: usize, to: usize, field: &'static str| {
        let raw = cols.get(from, to);
        if raw.trim().is_empty() {
            return Ok(None);
        }
        signed_tenths(&raw)
            .map(Some)
            .ok_or_else(|| err(line, from, field, "points like -1.5 or 2.0", &raw))
    };
    let match_points = signed(8, 11, "299 match points")?;
    let points = signed(14, 17, "299 points")?;
    let round = parse_number::<u32>(
        &cols,
        line,
        20,
        22,
        "299 round",
        "a round number in columns 20-22",
    )?
    .filter(|&r| r > 0);
    let ids = if chars.len() >= 24 {
        id_list(&cols, line, 24, 0, "299 start number")?
    } else {
        Vec::new()
    };
    Ok(TrfLine::Abnormal(AbnormalRecord {
        kind,
        match_points,
        points,
        round,
        ids,
    }))
}

/// The line of a TRF-2026 record as written (no trailing blanks).
pub(crate) fn write_record(line: &TrfLine) -> Option<String> {
    let mut s = String::new();
    match line {
        TrfLine::Scoring(v) => {
            s.push_str("162");
            for (class, points) in v {
                s.push_str("  ");
                s.push(class.to_char());
                s.push_str(&pad_left(&points.to_string(), 4));
                s.push_str("  ");
            }
        }
        TrfLine::National(n) => {
            s.push_str(&pad_right(&n.federation, 3));
            s.push(' ');
            push_identity_columns(
                &mut s,
                &IdentityColumns {
                    start_no: n.start_no,
                    sex: n.sex,
                    title: &n.classification,
                    name: &n.name,
                    rating: n.rating,
                    federation: &n.origin,
                    id: &n.national_id,
                    birth_date: &n.birth_date,
                },
            );
        }
        TrfLine::Bye(b) => {
            s.push_str(&format!(
                "240 {} {}",
                b.kind.letter(),
                pad_left(&b.round.to_string(), 3)
            ));
            write_ids(&mut s, &b.ids);
        }
        TrfLine::Acceleration(a) => {
            let points =
                |p: Option<Points>| pad_left(&p.map(|p| p.to_string()).unwrap_or_default(), 4);
            s.push_str(&format!(
                "250 {} {} {} {} {} {}",
                points(a.match_points),
                points(a.game_points),
                pad_left(&a.first_round.to_string(), 3),
                pad_left(&a.last_round.to_string(), 3),
                pad_left(&a.first_id.to_string(), 4),
                pad_left(&a.last_id.to_string(), 4),
            ));
        }
        TrfLine::Prohibited(p) => {
            s.push_str(&format!(
                "260 {} {}",
                pad_left(&p.first_round.to_string(), 3),
                pad_left(&p.last_round.to_string(), 3)
            ));
            write_ids(&mut s, &p.ids);
        }
        TrfLine::Abnormal(a) => {
            let points = |p: Option<i32>| pad_left(&p.map(tenths_text).unwrap_or_default(), 4);
            s.push_str(&format!(
                "299 {}  {}  {}  {}",
                a.kind.unwrap_or(' '),
                points(a.match_points),
                points(a.points),
                pad_left(&a.round.map(|r| r.to_string()).unwrap_or_default(), 3),
            ));
            write_ids(&mut s, &a.ids);
        }
        _ => return None,
    }
    Some(s.trim_end().to_string())
}

/// The edition a document was written in: TRF-2026 when it has any record only
/// TRF-2026 defines (`142`–`222`, `240`–`330`, National Rating Support lines),
/// TRF-16 otherwise.
pub(crate) fn detect_version(doc: &TrfDocument) -> Version {
    let new = doc.lines.iter().any(|l| match l {
        TrfLine::Header { code, .. } => TRF2026_CODES.contains(&code.as_str()),
        TrfLine::Scoring(_)
        | TrfLine::National(_)
        | TrfLine::Bye(_)
        | TrfLine::Acceleration(_)
        | TrfLine::Prohibited(_)
        | TrfLine::Abnormal(_) => true,
        TrfLine::Other(s) => TRF2026_CODES.iter().any(|c| s.starts_with(c)),
        _ => false,
    });
    if new {
        Version::Trf2026
    } else {
        Version::Trf16
    }
}

/// The `XXS` keys whose points a `162` class carries, and back.
const SCORE_KEYS: [(&str, ScoreClass); 4] = [
    ("W", ScoreClass::Win),
    ("D", ScoreClass::Draw),
    ("PAB", ScoreClass::PairingBye),
    ("ZPB", ScoreClass::Absence),
];

/// Index after the last tournament header line (where new header records go).
fn after_headers(lines: &[TrfLine]) -> usize {
    lines
        .iter()
        .rposition(|l| matches!(l, TrfLine::Header { .. }))
        .map_or(0, |i| i + 1)
}

/// `240` records for the byes written in the round blocks, one per round and
/// kind, in round order.
fn bye_records(doc: &TrfDocument) -> Vec<TrfLine> {
    let mut out = Vec::new();
    for round in 0..doc.rounds_present() {
        for kind in [ByeKind::Full, ByeKind::Half, ByeKind::Zero] {
            let mut ids: Vec<u32> = doc
                .players()
                .filter(|p| {
                    p.rounds
                        .get(round)
                        .and_then(Option::as_ref)
                        .is_some_and(|e| e.opponent.is_none() && e.result == kind.result())
                })
                .map(|p| p.start_no)
                .collect();
            ids.sort_unstable();
            for chunk in ids.chunks(20) {
                out.push(TrfLine::Bye(ByeRecord {
                    kind,
                    round: round as u32 + 1,
                    ids: chunk.to_vec(),
                }));
            }
        }
    }
    out
}

/// The document in TRF-2026: `XXR` becomes `142`, `XXC`'s initial colour
/// `152`, the `XXS` keys `W`, `D`, `PAB`, `ZPB` become `162` (other keys stay
/// in an `XXS` line), `XXP` becomes `260` over every round, and every bye of
/// the round blocks is listed in `240` records as well. Player lines and all
/// other lines are unchanged.
pub(crate) fn to_trf2026(doc: &TrfDocument) -> TrfDocument {
    let rounds = doc
        .total_rounds()
        .unwrap_or(doc.rounds_present() as u32)
        .max(1);
    let mut head = Vec::new();
    let mut body = Vec::new();
    let has_bye_records = doc.lines.iter().any(|l| matches!(l, TrfLine::Bye(_)));
    for line in &doc.lines {
        match line {
            TrfLine::TotalRounds(n) if doc.header("142").is_none() => {
                head.push(header_line("142", &n.to_string()))
            }
            TrfLine::TotalRounds(_) => {}
            TrfLine::Xxc(x) => {
                if let (Some(c), None) = (x.initial_colour, doc.header("152")) {
                    head.push(header_line(
                        "152",
                        if c == Colour::White { "W" } else { "B" },
                    ));
                }
                if x.rank {
                    body.push(TrfLine::Xxc(XxcLine {
                        initial_colour: None,
                        rank: true,
                    }));
                }
            }
            TrfLine::PointSystem(v) => {
                let (classes, rest): (Vec<_>, Vec<_>) = v
                    .iter()
                    .partition(|(k, _)| SCORE_KEYS.iter().any(|(key, _)| key == k));
                let scoring: Vec<(ScoreClass, Points)> = classes
                    .iter()
                    .filter_map(|(k, p)| {
                        SCORE_KEYS
                            .iter()
                            .find(|(key, _)| key == k)
                            .map(|(_, c)| (*c, *p))
                    })
                    .collect();
                if !scoring.is_empty() {
                    head.push(TrfLine::Scoring(scoring));
                }
                if !rest.is_empty() {
                    body.push(TrfLine::PointSystem(rest.into_iter().cloned().collect()));
                }
            }
            TrfLine::ForbiddenPairs(ids) if ids.len() >= 2 => {
                body.push(TrfLine::Prohibited(ProhibitedRecord {
                    first_round: 1,
                    last_round: rounds,
                    ids: ids.clone(),
                }))
            }
            TrfLine::ForbiddenPairs(_) => {}
            other => body.push(other.clone()),
        }
    }
    let at = after_headers(&body);
    let mut lines: Vec<TrfLine> = body[..at].to_vec();
    lines.extend(head);
    lines.extend(body[at..].iter().cloned());
    let mut out = TrfDocument { lines };
    if !has_bye_records {
        let byes = bye_records(&out);
        out.lines.extend(byes);
    }
    out
}

/// The document in TRF-16 as the pairing programs read it: `142` becomes
/// `XXR`, `152` `XXC`, `162` the `XXS` keys `W`, `D`, `PAB`, `ZPB`, a `260`
/// over every round `XXP` (one over fewer rounds stays a `260` record, which
/// [`TrfDocument::forbidden_pairs_in_round`] reads), and `240` byes are written into the
/// round blocks they name (blank or `0000 - -` blocks only) and dropped
/// (in a team event they name teams and are kept).
/// National Rating Support lines are dropped: TRF-16 has no place for them.
/// A TRF-2026 blank result without an opponent becomes `Z`, as TRF-2026
/// defines it. Other records are kept as they are.
pub(crate) fn to_trf16(doc: &TrfDocument) -> TrfDocument {
    let rounds = doc
        .total_rounds()
        .unwrap_or(doc.rounds_present() as u32)
        .max(1);
    let mut out = doc.clone();
    if detect_version(doc) == Version::Trf2026 {
        blank_results_as_zero_byes(&mut out);
    }
    // In a team event the `240` records name teams, not players: kept as they are.
    let team = !doc.team_records().is_empty();
    if !team {
        for bye in doc.bye_records() {
            apply_bye(&mut out, bye);
        }
    }
    let mut lines = Vec::new();
    let mut tail = Vec::new();
    for line in out.lines {
        match line {
            TrfLine::Header { code, text } if code == "142" => match text.trim().parse::<u32>() {
                Ok(n)
                    if (1..1000).contains(&n)
                        && doc
                            .lines
                            .iter()
                            .all(|l| !matches!(l, TrfLine::TotalRounds(_))) =>
                {
                    tail.push(TrfLine::TotalRounds(n))
                }
                _ => {}
            },
            TrfLine::Header { code, text } if code == "152" => {
                let colour = match text.trim() {
                    "W" | "w" => Some(Colour::White),
                    "B" | "b" => Some(Colour::Black),
                    _ => None,
                };
                if colour.is_some() && doc.lines.iter().all(|l| !matches!(l, TrfLine::Xxc(_))) {
                    tail.push(TrfLine::Xxc(XxcLine {
                        initial_colour: colour,
                        rank: false,
                    }));
                }
            }
            TrfLine::Scoring(v) => {
                let keys: Vec<(String, Points)> = v
                    .iter()
                    .filter_map(|(c, p)| {
                        SCORE_KEYS
                            .iter()
                            .find(|(_, k)| k == c)
                            .map(|(key, _)| (key.to_string(), *p))
                    })
                    .collect();
                if !keys.is_empty() {
                    tail.push(TrfLine::PointSystem(keys));
                }
            }
            TrfLine::Prohibited(p) if p.first_round <= 1 && p.last_round >= rounds => {
                tail.push(TrfLine::ForbiddenPairs(p.ids))
            }
            TrfLine::Bye(_) if !team => {}
            TrfLine::National(_) => {}
            other => lines.push(other),
        }
    }
    lines.extend(tail);
    TrfDocument { lines }
}

/// TRF-2026 reads a blank result without an opponent (`0000 -  `) as `Z`;
/// TRF-16 programs would read it as a game not yet played, so it is written
/// out as `Z`.
fn blank_results_as_zero_byes(doc: &mut TrfDocument) {
    for p in doc.players_mut() {
        for e in p.rounds.iter_mut().flatten() {
            if e.opponent.is_none() && e.result == ResultCode::Pending {
                e.result = ResultCode::ZeroBye;
            }
        }
    }
}

/// Writes a `240` bye into the round blocks it names, where they are blank or
/// say only "not paired" (`0000 - -`).
fn apply_bye(doc: &mut TrfDocument, bye: &ByeRecord) {
    let Some(round) = (bye.round as usize).checked_sub(1) else {
        return;
    };
    for p in doc.players_mut().filter(|p| bye.ids.contains(&p.start_no)) {
        if p.rounds.len() <= round {
            p.rounds.resize(round + 1, None);
        }
        let empty = match &p.rounds[round] {
            None => true,
            Some(e) => {
                e.opponent.is_none()
                    && matches!(e.result, ResultCode::ForfeitLoss | ResultCode::Pending)
            }
        };
        if empty {
            p.rounds[round] = Some(RoundEntry {
                opponent: None,
                colour: None,
                result: bye.kind.result(),
            });
        }
    }
}

fn header_line(code: &str, text: &str) -> TrfLine {
    TrfLine::Header {
        code: code.to_string(),
        text: text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads a document as the crate's `parse` does (through `FromStr`,
    /// which calls it; the reader is not a dependency of this module).
    fn parse(text: &str) -> Result<TrfDocument, TrfError> {
        text.parse()
    }

    /// A hand-written TRF-2026 file (columns as the format description gives
    /// them); the expected values below are read off the description, not
    /// produced by this code.
    const SAMPLE: &str = include_str!("../tests/fixtures/trf2026_individual.trf");

    #[test]
    fn reads_every_trf2026_record() {
        let d = parse(SAMPLE).unwrap();
        assert_eq!(d.version(), Version::Trf2026);
        assert_eq!(d.total_rounds(), Some(3));
        assert_eq!(d.xxc().initial_colour, Some(Colour::White));
        assert_eq!(d.header("172"), Some("FIN FIDON"));
        assert_eq!(d.header("202"), Some("BH/C1,BH,SB"));
        assert_eq!(d.header("222"), Some("5400+30"));
        assert_eq!(
            d.scoring(),
            vec![
                (ScoreClass::Win, Points(10)),
                (ScoreClass::Draw, Points(5)),
                (ScoreClass::Loss, Points(0)),
                (ScoreClass::Absence, Points(0)),
                (ScoreClass::PairingBye, Points(10)),
            ]
        );
        let national: Vec<_> = d.national_lines().collect();
        assert_eq!(national.len(), 2);
        assert_eq!(
            (
                national[0].federation.as_str(),
                national[0].start_no,
                national[0].rating
            ),
            ("FIN", 1, Some(1850))
        );
        assert_eq!(
            (
                national[0].origin.as_str(),
                national[0].national_id.as_str()
            ),
            ("HEL", "12345")
        );
        assert_eq!(national[1].national_id, "EST-77");
        let byes: Vec<_> = d.bye_records().collect();
        assert_eq!(
            byes[2],
            &ByeRecord {
                kind: ByeKind::Half,
                round: 3,
                ids: vec![1]
            }
        );
        assert!(d.lines.contains(&TrfLine::Acceleration(AccelerationRecord {
            match_points: None,
            game_points: Some(Points(10)),
            first_round: 1,
            last_round: 2,
            first_id: 1,
            last_id: 2,
        })));
        assert!(d.lines.contains(&TrfLine::Prohibited(ProhibitedRecord {
            first_round: 1,
            last_round: 3,
            ids: vec![1, 4],
        })));
        let delta = d.players().nth(3).unwrap();
        assert_eq!(delta.rank, Some(4));
        assert_eq!(
            delta.rounds[2].as_ref().unwrap().result,
            ResultCode::PairingBye
        );
        assert!(d.team_records().is_empty());
        assert_eq!(d.write(), SAMPLE);
    }

    #[test]
    fn abnormal_points_and_spec_examples() {
        // The description's own examples for 250, 260 and 240.
        let text = "250 00.0 02.0 001 003 0001 0090\n260 001 002  125  180  184  216\n240 H 003  026  047\n299     -1.0 -1.5  003    2    7\n";
        let d = parse(text).unwrap();
        assert_eq!(
            d.lines[0],
            TrfLine::Acceleration(AccelerationRecord {
                match_points: Some(Points(0)),
                game_points: Some(Points(20)),
                first_round: 1,
                last_round: 3,
                first_id: 1,
                last_id: 90,
            })
        );
        assert_eq!(
            d.lines[1],
            TrfLine::Prohibited(ProhibitedRecord {
                first_round: 1,
                last_round: 2,
                ids: vec![125, 180, 184, 216],
            })
        );
        assert_eq!(
            d.lines[2],
            TrfLine::Bye(ByeRecord {
                kind: ByeKind::Half,
                round: 3,
                ids: vec![26, 47],
            })
        );
        assert_eq!(
            d.lines[3],
            TrfLine::Abnormal(AbnormalRecord {
                kind: None,
                match_points: Some(-10),
                points: Some(-15),
                round: Some(3),
                ids: vec![2, 7],
            })
        );
        assert_eq!(parse(&d.write()).unwrap(), d);
    }

    #[test]
    fn bad_records_name_line_and_column() {
        let e = parse("012 X\n240 Q   1    3\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 5), "{e}");
        let e = parse("162  W 1.0    Q 0.5\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 15), "{e}");
        let e = parse("260   1   x    1    4\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 11), "{e}");
        let e = parse("FIN    1 w    Alpha                             18x0\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 51), "{e}");
        // Extension codes are not federations.
        let d = parse("DAT 0001 EMAIL a@b.c\nXXA    1  1.0\n").unwrap();
        assert!(d.lines.iter().all(|l| matches!(l, TrfLine::Other(_))));
        assert_eq!(d.version(), Version::Trf16);
    }

    #[test]
    fn converts_between_editions() {
        let trf16 = "012 Open\nXXR 3\nXXC black1\nXXS W=1 D=0.5 PAB=1 FW=1\nXXP 1 4\n\
001    1      Alpha                                                              1.5    1     2 w =  0000 - H\n\
001    2      Beta                                                               0.5    2     1 b =  0000 - Z\n\
001    3      Gamma                                                              1.0    3  0000 - F\n\
001    4      Delta                                                              0.0    4\n";
        let d = parse(trf16).unwrap();
        assert_eq!(d.version(), Version::Trf16);
        let new = d.to_version(Version::Trf2026);
        assert_eq!(new.version(), Version::Trf2026);
        let text = new.write();
        for line in [
            "142 3",
            "152 B",
            "162  W 1.0    D 0.5    P 1.0",
            "XXS FW=1",
            "260   1   3    1    4",
            "240 F   1    3",
            "240 H   2    1",
            "240 Z   2    2",
        ] {
            assert!(
                text.lines().any(|l| l == line),
                "{line} missing from\n{text}"
            );
        }
        assert!(!text.contains("XXR") && !text.contains("XXC"), "{text}");
        let back = parse(&text).unwrap().to_version(Version::Trf16);
        assert!(back.write().lines().any(|l| l == "XXP 1 4"));
        assert_eq!(back.total_rounds(), Some(3));
        assert_eq!(back.xxc().initial_colour, Some(Colour::Black));
        assert_eq!(back.forbidden_pairs(), vec![(1, 4)]);
        let players = |doc: &TrfDocument| doc.players().cloned().collect::<Vec<_>>();
        assert_eq!(players(&back), players(&d));
    }

    #[test]
    fn a_blank_result_without_opponent_is_a_zero_point_bye_in_trf2026() {
        // "(blank) Equivalent to Z" in the description's table of result codes.
        let line = "001    1      Alpha                                                              0.0    1  0000 -  ";
        let in_2026 = parse(&format!("142 1\n{line}\n")).unwrap();
        let down = in_2026.to_version(Version::Trf16);
        let block = down.players().next().unwrap().rounds[0].clone().unwrap();
        assert_eq!(block.result, ResultCode::ZeroBye);
        // A TRF-16 file keeps it as it is.
        let in_16 = parse(&format!("XXR 1\n{line}\n")).unwrap();
        let same = in_16.to_version(Version::Trf16);
        let block = same.players().next().unwrap().rounds[0].clone().unwrap();
        assert_eq!(block.result, ResultCode::Pending);
    }

    #[test]
    fn prohibited_pairings_hold_in_their_rounds_only() {
        let d = parse("142 5\n260   1   3    1    4    7\nXXP 2 5\n").unwrap();
        assert_eq!(
            d.forbidden_pairs_in_round(3),
            vec![(1, 4), (1, 7), (2, 5), (4, 7)]
        );
        assert_eq!(d.forbidden_pairs_in_round(4), vec![(2, 5)]);
        // Rounds 1-3 of 5 cannot be said in XXP: the record stays.
        let down = d.to_version(Version::Trf16);
        assert_eq!(down.forbidden_pairs_in_round(4), vec![(2, 5)]);
        assert_eq!(down.forbidden_pairs_in_round(1).len(), 4);
    }

    #[test]
    fn bye_records_fill_unpaired_blocks() {
        let text = "142 2\n\
001    1      Alpha                                                              0.5    1  0000 - -  0000 - -\n\
240 H   1    1\n240 F   2    1\n";
        let back = parse(text).unwrap().to_version(Version::Trf16);
        let alpha = back.players().next().unwrap();
        let results: Vec<_> = alpha
            .rounds
            .iter()
            .map(|r| r.as_ref().unwrap().result)
            .collect();
        assert_eq!(results, vec![ResultCode::HalfBye, ResultCode::FullBye]);
        assert!(back.bye_records().next().is_none());
    }
}
