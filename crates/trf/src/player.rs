//! The `001` player line: read from its columns and written back.
use crate::columns::{err, expect_blank, pad_left, pad_right, parse_number, Cols};
use crate::model::{
    Colour, PlayerLine, Points, ResultCode, RoundEntry, TrfError, FIRST_ROUND_COLUMN,
};

/// Reads a `001` line (`chars`, line number `line`): the identity columns,
/// points and rank, then the round blocks from [`FIRST_ROUND_COLUMN`].
pub(crate) fn parse_player(chars: &[char], line: usize) -> Result<PlayerLine, TrfError> {
    let cols = Cols { chars };
    for col in [4, 9, 14, 48, 53, 57, 69, 80, 85] {
        expect_blank(&cols, line, col, "001 line")?;
    }
    let start_no = parse_start_no(&cols, line)?;
    let sex = parse_sex(&cols, line)?;
    let title = cols.get(11, 13).trim().to_string();
    let name = cols.get(15, 47).trim().to_string();
    let rating = parse_number::<u32>(&cols, line, 49, 52, "rating", "a rating in columns 49-52")?
        .filter(|&r| r > 0);
    let federation = cols.get(54, 56).trim().to_string();
    let fide_id = parse_number::<u64>(&cols, line, 58, 68, "FIDE id", "digits in columns 58-68")?;
    let birth_date = cols.get(70, 79).trim().to_string();
    let points = parse_points(&cols, line)?;
    let rank = parse_number::<u32>(&cols, line, 86, 89, "rank", "a number in columns 86-89")?;
    for col in [90, 91] {
        expect_blank(&cols, line, col, "001 line")?;
    }
    let rounds = parse_rounds(&cols, line)?;
    Ok(PlayerLine {
        start_no,
        sex,
        title,
        name,
        rating,
        federation,
        fide_id,
        birth_date,
        points,
        rank,
        rounds,
    })
}

/// The start number in columns 5-8: 1-9999.
fn parse_start_no(cols: &Cols<'_>, line: usize) -> Result<u32, TrfError> {
    parse_number(
        cols,
        line,
        5,
        8,
        "start number",
        "a number 1-9999 in columns 5-8",
    )?
    .filter(|&n: &u32| n > 0)
    .ok_or_else(|| {
        err(
            line,
            5,
            "start number",
            "a number 1-9999 in columns 5-8",
            &cols.get(5, 8),
        )
    })
}

/// The sex in column 10: a letter, or blank for none.
fn parse_sex(cols: &Cols<'_>, line: usize) -> Result<Option<char>, TrfError> {
    match cols.get(10, 10).chars().next().unwrap_or(' ') {
        ' ' => Ok(None),
        c if c.is_alphabetic() => Ok(Some(c)),
        c => Err(err(
            line,
            10,
            "sex",
            "m, w or blank in column 10",
            &c.to_string(),
        )),
    }
}

/// The points in columns 81-84 (blank for none yet).
fn parse_points(cols: &Cols<'_>, line: usize) -> Result<Points, TrfError> {
    let praw = cols.get(81, 84);
    if praw.trim().is_empty() {
        return Ok(Points(0));
    }
    Points::parse(&praw).ok_or_else(|| {
        err(
            line,
            81,
            "points",
            "points like 3.5 in columns 81-84",
            &praw,
        )
    })
}

/// The round blocks, 10 columns each from [`FIRST_ROUND_COLUMN`] to the end
/// of the line: a blank block is `None`; trailing blank blocks are dropped.
fn parse_rounds(cols: &Cols<'_>, line: usize) -> Result<Vec<Option<RoundEntry>>, TrfError> {
    let mut rounds = Vec::new();
    let mut start = FIRST_ROUND_COLUMN;
    while start <= cols.chars.len() {
        let block = cols.get(start, start + 7);
        if block.trim().is_empty() {
            rounds.push(None);
        } else {
            rounds.push(Some(parse_round_block(cols, line, start)?));
        }
        for col in [start + 8, start + 9] {
            if col <= cols.chars.len() {
                expect_blank(cols, line, col, "round block")?;
            }
        }
        start += 10;
    }
    while rounds.last() == Some(&None) {
        rounds.pop();
    }
    Ok(rounds)
}

/// The round block starting at column `start`: opponent, colour, result.
fn parse_round_block(cols: &Cols<'_>, line: usize, start: usize) -> Result<RoundEntry, TrfError> {
    let oraw = cols.get(start, start + 3);
    // `0000` is the standard "no opponent"; Lichess writes blanks instead.
    let opponent = if oraw == "0000" || oraw.trim().is_empty() {
        None
    } else {
        match parse_number::<u32>(
            cols,
            line,
            start,
            start + 3,
            "opponent",
            "a start number or 0000",
        )? {
            Some(0) | None => {
                return Err(err(
                    line,
                    start,
                    "opponent",
                    "a start number or 0000",
                    &oraw,
                ))
            }
            Some(n) => Some(n),
        }
    };
    expect_blank(cols, line, start + 4, "round block")?;
    let colour = match cols.get(start + 5, start + 5).as_str() {
        "w" | "W" => Some(Colour::White),
        "b" | "B" => Some(Colour::Black),
        "-" | " " => None,
        other => return Err(err(line, start + 5, "colour", "w, b or -", other)),
    };
    expect_blank(cols, line, start + 6, "round block")?;
    let rc = cols.get(start + 7, start + 7);
    let result = ResultCode::from_char(rc.chars().next().unwrap_or(' ')).ok_or_else(|| {
        err(
            line,
            start + 7,
            "result",
            "one of 1 0 = + - W D L H F U Z",
            &rc,
        )
    })?;
    Ok(RoundEntry {
        opponent,
        colour,
        result,
    })
}

/// The columns a player line (`001`) and a TRF-2026 national rating line
/// share, from the start number to the birth date.
pub(crate) struct IdentityColumns<'a> {
    pub start_no: u32,
    pub sex: Option<char>,
    pub title: &'a str,
    pub name: &'a str,
    pub rating: Option<u32>,
    pub federation: &'a str,
    pub id: &'a str,
    pub birth_date: &'a str,
}

/// Writes the shared columns 5–84 of a player or national rating line.
pub(crate) fn push_identity_columns(s: &mut String, c: &IdentityColumns) {
    s.push_str(&pad_left(&c.start_no.to_string(), 4));
    s.push(' ');
    s.push(c.sex.unwrap_or(' '));
    s.push_str(&pad_left(c.title, 3));
    s.push(' ');
    s.push_str(&pad_right(c.name, 33));
    s.push(' ');
    s.push_str(&pad_left(
        &c.rating.map(|r| r.to_string()).unwrap_or_default(),
        4,
    ));
    s.push(' ');
    s.push_str(&pad_right(c.federation, 3));
    s.push(' ');
    s.push_str(&pad_left(c.id, 11));
    s.push(' ');
    s.push_str(&pad_right(c.birth_date, 10));
}

impl PlayerLine {
    /// A player line with the given start number and name and everything else
    /// empty.
    pub fn new(start_no: u32, name: &str) -> PlayerLine {
        PlayerLine {
            start_no,
            sex: None,
            title: String::new(),
            name: name.to_string(),
            rating: None,
            federation: String::new(),
            fide_id: None,
            birth_date: String::new(),
            points: Points(0),
            rank: None,
            rounds: Vec::new(),
        }
    }

    /// The line as written in a TRF file (no trailing blanks).
    pub fn to_line(&self) -> String {
        let mut s = String::with_capacity(100 + 10 * self.rounds.len());
        s.push_str("001 ");
        push_identity_columns(
            &mut s,
            &IdentityColumns {
                start_no: self.start_no,
                sex: self.sex,
                title: &self.title,
                name: &self.name,
                rating: self.rating,
                federation: &self.federation,
                id: &self.fide_id.map(|r| r.to_string()).unwrap_or_default(),
                birth_date: &self.birth_date,
            },
        );
        s.push(' ');
        s.push_str(&pad_left(&self.points.to_string(), 4));
        s.push(' ');
        s.push_str(&pad_left(
            &self.rank.map(|r| r.to_string()).unwrap_or_default(),
            4,
        ));
        for r in &self.rounds {
            s.push_str("  ");
            match r {
                None => s.push_str("        "),
                Some(e) => {
                    match e.opponent {
                        Some(o) => s.push_str(&pad_left(&o.to_string(), 4)),
                        None => s.push_str("0000"),
                    }
                    s.push(' ');
                    s.push(match e.colour {
                        Some(Colour::White) => 'w',
                        Some(Colour::Black) => 'b',
                        None => '-',
                    });
                    s.push(' ');
                    s.push(e.result.to_char());
                }
            }
        }
        s.trim_end().to_string()
    }
}
