//! Reading a TRF file: the bytes decoded, each line told apart by its code
//! and parsed into a [`TrfLine`].
use crate::columns::err;
use crate::model::{Colour, Points, TrfDocument, TrfError, TrfLine, XxcLine};
use crate::player::parse_player;
use crate::trf26;

/// Header codes of TRF-16 (`012`-`132`); TRF-2026's are in
/// [`trf26::HEADER_CODES_2026`].
const HEADER_CODES: [&str; 13] = [
    "012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132",
];

fn parse_line(raw: &str, line: usize) -> Result<TrfLine, TrfError> {
    // Trailing blanks and tabs carry nothing (some programs pad lines with them).
    let raw = raw.trim_end();
    let chars: Vec<char> = raw.chars().collect();
    let code: String = chars.iter().take(3).collect();
    let rest: String = chars.iter().skip(3).collect();
    match code.as_str() {
        "001" => parse_player(&chars, line).map(TrfLine::Player),
        "XXR" => {
            let t = rest.trim();
            let col = 4 + rest.len() - rest.trim_start().len();
            match t.parse::<u32>() {
                Ok(n) if n > 0 && n < 1000 => Ok(TrfLine::TotalRounds(n)),
                _ => Err(err(line, col, "XXR", "a number of rounds 1-999", t)),
            }
        }
        "XXC" => {
            let mut x = XxcLine::default();
            let mut col = 4;
            for piece in rest.split(' ') {
                if !piece.is_empty() {
                    match piece {
                        "white1" => x.initial_colour = Some(Colour::White),
                        "black1" => x.initial_colour = Some(Colour::Black),
                        "rank" => x.rank = true,
                        other => {
                            return Err(err(line, col, "XXC", "white1, black1 or rank", other))
                        }
                    }
                }
                col += piece.chars().count() + 1;
            }
            Ok(TrfLine::Xxc(x))
        }
        "XXS" => {
            let mut v = Vec::new();
            let mut col = 4;
            for piece in rest.split(' ') {
                if !piece.is_empty() {
                    let parsed = piece.split_once('=').and_then(|(k, p)| {
                        let ok = !k.is_empty() && k.chars().all(|c| c.is_ascii_uppercase());
                        Some((k.to_string(), Points::parse(p).filter(|_| ok)?))
                    });
                    match parsed {
                        Some(kv) => v.push(kv),
                        None => {
                            return Err(err(
                                line,
                                col,
                                "XXS",
                                "KEY=points such as WW=1 or D=0.5",
                                piece,
                            ))
                        }
                    }
                }
                col += piece.chars().count() + 1;
            }
            Ok(TrfLine::PointSystem(v))
        }
        "XXP" => {
            let mut v = Vec::new();
            let mut col = 4;
            for piece in rest.split(' ') {
                if !piece.is_empty() {
                    match piece.parse::<u32>() {
                        Ok(n) if n > 0 && n <= 9999 => v.push(n),
                        _ => return Err(err(line, col, "XXP", "start numbers", piece)),
                    }
                }
                col += piece.chars().count() + 1;
            }
            Ok(TrfLine::ForbiddenPairs(v))
        }
        "162" if chars.get(3).is_none_or(|c| *c == ' ') => trf26::parse_scoring(&chars, line),
        "240" if chars.get(3) == Some(&' ') => trf26::parse_bye(&chars, line),
        "250" if chars.get(3) == Some(&' ') => trf26::parse_acceleration(&chars, line),
        "260" if chars.get(3) == Some(&' ') => trf26::parse_prohibited(&chars, line),
        "299" if chars.get(3) == Some(&' ') => trf26::parse_abnormal(&chars, line),
        c if (HEADER_CODES.contains(&c) || trf26::HEADER_CODES_2026.contains(&c))
            && (chars.len() == 3 || chars[3] == ' ') =>
        {
            Ok(TrfLine::Header {
                code: code.clone(),
                text: chars
                    .iter()
                    .skip(4)
                    .collect::<String>()
                    .trim_end()
                    .to_string(),
            })
        }
        _ => match trf26::parse_national(&chars, line) {
            Some(national) => national,
            None => Ok(TrfLine::Other(raw.to_string())),
        },
    }
}

/// Parses a TRF document from text. Lines may end in `\n` or `\r\n`; a lone
/// `\r` (the form bbpPairings writes) also ends a line.
pub fn parse(text: &str) -> Result<TrfDocument, TrfError> {
    let mut lines = Vec::new();
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let normalised = text.replace("\r\n", "\n").replace('\r', "\n");
    let mut parts: Vec<&str> = normalised.split('\n').collect();
    if parts.last() == Some(&"") {
        parts.pop();
    }
    for (i, raw) in parts.iter().enumerate() {
        lines.push(parse_line(raw, i + 1)?);
    }
    Ok(TrfDocument { lines })
}

/// The character encoding a TRF file was read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-8 (plain ASCII included).
    Utf8,
    /// Not valid UTF-8, read as Latin-1 (ISO 8859-1), as older pairing programs write.
    Latin1,
}

/// Decodes a file's bytes: UTF-8 if valid, otherwise Latin-1.
pub fn decode(bytes: &[u8]) -> (String, Encoding) {
    match std::str::from_utf8(bytes) {
        Ok(s) => (s.to_string(), Encoding::Utf8),
        Err(_) => (
            bytes.iter().map(|&b| char::from(b)).collect(),
            Encoding::Latin1,
        ),
    }
}

/// Parses a TRF document from bytes: UTF-8 if valid, otherwise Latin-1 (the
/// encoding older pairing programs write); see [`decode`] to learn which.
pub fn parse_bytes(bytes: &[u8]) -> Result<TrfDocument, TrfError> {
    parse(&decode(bytes).0)
}

impl std::str::FromStr for TrfDocument {
    type Err = TrfError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse(s)
    }
}

#[cfg(test)]
mod tests {
    use crate::*;

    const SAMPLE: &str = "012 Test Open\n042 2026/01/10\nXXR 3\nXXC white1\n\
001    1 m GM Alpha, Anna                       2500 FIN     1234567 1990/01/01  2.0    1     2 w 1     3 b 1\n\
001    2 w    Beta, Bob                         2400 SWE                         0.0    3     1 b 0  0000 - -\n\
001    3      Gamma                                                              1.0    2  0000 - U     1 w 0\n";

    fn set_col(line: &str, col: usize, c: char) -> String {
        line.chars()
            .enumerate()
            .map(|(i, x)| if i + 1 == col { c } else { x })
            .collect()
    }

    #[test]
    fn parses_and_round_trips() {
        let d = parse(SAMPLE).unwrap();
        assert_eq!(d.write(), SAMPLE);
        assert_eq!(d.total_rounds(), Some(3));
        assert_eq!(d.xxc().initial_colour, Some(Colour::White));
        let p: Vec<_> = d.players().collect();
        assert_eq!(p[0].name, "Alpha, Anna");
        assert_eq!(p[0].title, "GM");
        assert_eq!(p[0].fide_id, Some(1234567));
        assert_eq!(p[0].points, Points(20));
        assert_eq!(
            p[2].rounds[0].as_ref().unwrap().result,
            ResultCode::PairingBye
        );
        assert_eq!(parse(&d.write()).unwrap(), d);
        assert!(d.check_consistency().is_empty());
    }

    #[test]
    fn errors_have_line_and_column() {
        let good = SAMPLE.lines().nth(4).unwrap();
        let bad = format!("012 X\n{}\n", set_col(good, 60, 'x'));
        let e = parse(&bad).unwrap_err();
        assert_eq!((e.line, e.column), (2, 60), "{e}");
        let bad = set_col(good, 97, 'q');
        let e = parse(&bad).unwrap_err();
        assert_eq!((e.line, e.column), (1, 97));
        assert!(e.to_string().contains("line 1, column 97"));
        let bad = set_col(good, 99, '7');
        assert_eq!(parse(&bad).unwrap_err().column, 99);
        let e = parse("XXR x\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 5));
        let e = parse("001 abcd\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 5));
    }

    #[test]
    fn crlf_latin1_and_bbp_line_endings() {
        let crlf = SAMPLE.replace('\n', "\r\n");
        assert_eq!(parse(&crlf).unwrap(), parse(SAMPLE).unwrap());
        let cr = SAMPLE.replace('\n', "\r");
        assert_eq!(parse(&cr).unwrap(), parse(SAMPLE).unwrap());
        // Latin-1 bytes (0xD6 = Ö) are decoded when the file is not UTF-8.
        let mut bytes = SAMPLE.replace("Gamma", "\u{0}hman").into_bytes();
        let at = bytes.iter().position(|&b| b == 0).unwrap();
        bytes[at] = 0xD6;
        let d = parse_bytes(&bytes).unwrap();
        assert_eq!(d.players().nth(2).unwrap().name, "Öhman");
        // Unknown lines are kept verbatim.
        let with_other = format!("{SAMPLE}999 something else\n");
        assert_eq!(parse(&with_other).unwrap().write(), with_other);
    }

    #[test]
    fn trf_2026_rounds_and_initial_colour() {
        let text = "012 Spring\n### a comment line\n142 7\n152 B\n";
        let d = parse(text).unwrap();
        assert_eq!(d.total_rounds(), Some(7));
        assert_eq!(d.xxc().initial_colour, Some(Colour::Black));
        assert_eq!(d.write(), text);
        // XXR and XXC win when both are present.
        let both = parse(&format!("{text}XXR 9\nXXC white1\n")).unwrap();
        assert_eq!(both.total_rounds(), Some(9));
        assert_eq!(both.xxc().initial_colour, Some(Colour::White));
    }

    #[test]
    fn blank_opponent_is_no_opponent() {
        // Lichess writes a bye as a blank opponent and colour with `U`.
        let line = format!(
            "001 {:>4} {:1}{:>3} {:<33} 1500 {:<3} {:>11} {:<10}  1.0 {:>4}  {:>8}",
            2, "", "", " tester", "", "", "", "", "U"
        );
        let line = line.as_str();
        let d = parse(line).unwrap();
        let p = d.players().next().unwrap();
        let bye = p.rounds[0].as_ref().unwrap();
        assert_eq!(
            (bye.opponent, bye.colour, bye.result),
            (None, None, ResultCode::PairingBye)
        );
        assert!(p.to_line().ends_with("0000 - U"));
    }

    #[test]
    fn consistency_errors() {
        let text = SAMPLE.replace("     3 b 1", "     3 w 1");
        let d = parse(&text).unwrap();
        let errs = d.check_consistency();
        assert!(errs
            .iter()
            .any(|e| matches!(e.kind, TrfErrorKind::AsymmetricRound { round: 2, .. })));
        let text = SAMPLE.replace("     3 b 1", "     9 b 1");
        let errs = parse(&text).unwrap().check_consistency();
        assert!(matches!(
            errs[0].kind,
            TrfErrorKind::UnknownOpponent { opponent: 9, .. }
        ));
        assert_eq!(errs[0].column, 102);
    }
}

#[cfg(test)]
mod proptests {
    use crate::*;
    use proptest::prelude::*;

    const LINE: &str = "001    1 m GM Alpha, Anna                       2500 FIN     1234567 1990/01/01  2.0    1     2 w 1     3 b 1";

    proptest! {
        #[test]
        fn parser_never_panics(s in "\\PC{0,300}") {
            let _ = parse(&s);
        }

        #[test]
        fn mutated_trf2026_records_never_panic(which in 0usize..7, pos in 0usize..60, c in proptest::char::any()) {
            const RECORDS: [&str; 7] = [
                "162  W 1.0    D 0.5    L 0.0    A 0.0    P 1.0",
                "FIN    1 w    Alpha, Anna                       1850 HEL       12345 1990/05/17",
                "240 H   3    1   17",
                "250       1.0   1   2    1    2",
                "260   1   3    1    4",
                "299     -1.0 -1.5  003    2    7",
                "142 3",
            ];
            let mut chars: Vec<char> = RECORDS[which].chars().collect();
            if pos < chars.len() { chars[pos] = c; } else { chars.push(c); }
            let line: String = chars.into_iter().collect();
            if let Ok(d) = parse(&line) {
                let again = parse(&d.write()).unwrap();
                prop_assert_eq!(&again, &d);
                let _ = d.to_version(Version::Trf16).write();
                let _ = d.to_version(Version::Trf2026).write();
            }
        }

        #[test]
        fn mutated_player_lines_never_panic(pos in 0usize..120, c in proptest::char::any(), prefix in "(001|XXR|XXC|XXS|XXP|012|162|240|250|260|299|FIN|142| {3})") {
            let mut chars: Vec<char> = LINE.chars().collect();
            if pos < chars.len() { chars[pos] = c; } else { chars.push(c); }
            let line: String = chars.into_iter().collect();
            let line = format!("{prefix}{}", line.chars().skip(3).collect::<String>());
            if let Ok(d) = parse(&line) {
                let again = parse(&d.write()).unwrap();
                prop_assert_eq!(again, d);
            }
        }
    }
}
