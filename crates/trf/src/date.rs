//! Dates as TRF files write them in `042`, `052`, `132` and birth dates.
//!
//! TRF-16 asks for `YYYY/MM/DD` (`YY/MM/DD` in `132`), but programs write what their
//! locale prints: `28.07.2005`, `28. 07. 2005`, `2005-07-28`, `Jun 26, 2020` (Lichess),
//! `26/06/2020`. [`parse_date`] reads all of these and says when it had to guess: a
//! two-digit year, or day and month in a form that could be either way round.

/// A calendar date read from a TRF field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TrfDate {
    /// Year, four digits.
    pub year: i32,
    /// Month 1–12.
    pub month: u32,
    /// Day 1–31 (checked against the month).
    pub day: u32,
}

/// A date and whether reading it involved a guess.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParsedDate {
    /// The date.
    pub date: TrfDate,
    /// True when the form was ambiguous (two-digit year, or `a/b/YYYY` with both
    /// parts 12 or less, read day first) and the reader chose.
    pub guessed: bool,
}

const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

impl TrfDate {
    /// A date if it exists in the calendar.
    pub fn new(year: i32, month: u32, day: u32) -> Option<TrfDate> {
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
        let days = match month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => return None,
        };
        (day >= 1 && day <= days).then_some(TrfDate { year, month, day })
    }

    /// The standard TRF-16 form, `YYYY/MM/DD`.
    pub fn to_trf(self) -> String {
        format!("{:04}/{:02}/{:02}", self.year, self.month, self.day)
    }
}

/// Reads a date in any of the forms in the module documentation; `None` if it is
/// not one (or names a day that does not exist).
pub fn parse_date(text: &str) -> Option<ParsedDate> {
    let text = text.trim();
    if text.chars().any(|c| c.is_ascii_alphabetic()) {
        return parse_month_name(text);
    }
    let parts: Vec<&str> = text
        .split(['/', '-', '.', ' '])
        .filter(|p| !p.is_empty())
        .collect();
    let [a, b, c] = parts[..] else { return None };
    if !parts.iter().all(|p| p.bytes().all(|x| x.is_ascii_digit())) {
        return None;
    }
    let num = |s: &str| s.parse::<u32>().ok();
    let (year, month, day, guessed) = match (a.len(), c.len()) {
        (4, _) => (num(a)? as i32, num(b)?, num(c)?, false),
        (_, 4) => {
            let (x, y) = (num(a)?, num(b)?);
            // Day first unless that is impossible (US order `06/26/2020`).
            let ambiguous = x <= 12 && y <= 12 && x != y && text.contains('/');
            if x > 12 {
                (num(c)? as i32, y, x, false)
            } else if y > 12 {
                (num(c)? as i32, x, y, false)
            } else {
                (num(c)? as i32, y, x, ambiguous)
            }
        }
        // `YY/MM/DD` as TRF-16 writes round dates; a two-digit year is a guess.
        (2, 2) => (2000 + num(a)? as i32, num(b)?, num(c)?, true),
        _ => return None,
    };
    Some(ParsedDate {
        date: TrfDate::new(year, month, day)?,
        guessed,
    })
}

/// `Jun 26, 2020`, `June 26 2020`, `26 Jun 2020`.
fn parse_month_name(text: &str) -> Option<ParsedDate> {
    let words: Vec<String> = text
        .split([' ', ',', '.', '-', '/'])
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    let month_of = |w: &str| {
        MONTHS
            .iter()
            .position(|m| w.starts_with(m))
            .map(|i| i as u32 + 1)
    };
    let (month, day, year) = match &words[..] {
        [m, d, y] if month_of(m).is_some() => (month_of(m)?, d, y),
        [d, m, y] if month_of(m).is_some() => (month_of(m)?, d, y),
        _ => return None,
    };
    if year.len() != 4 {
        return None;
    }
    Some(ParsedDate {
        date: TrfDate::new(year.parse().ok()?, month, day.parse().ok()?)?,
        guessed: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Option<(i32, u32, u32, bool)> {
        parse_date(text).map(|p| (p.date.year, p.date.month, p.date.day, p.guessed))
    }

    #[test]
    fn forms_programs_write() {
        assert_eq!(read("2005/07/28"), Some((2005, 7, 28, false)));
        assert_eq!(read("2005-07-28"), Some((2005, 7, 28, false)));
        assert_eq!(read("28.07.2005"), Some((2005, 7, 28, false)));
        assert_eq!(read("28. 07. 2005"), Some((2005, 7, 28, false)));
        assert_eq!(read("Jun 26, 2020"), Some((2020, 6, 26, false)));
        assert_eq!(read("26 June 2020"), Some((2020, 6, 26, false)));
        assert_eq!(read("26/06/2020"), Some((2020, 6, 26, false)));
        assert_eq!(read("06/26/2020"), Some((2020, 6, 26, false)));
    }

    #[test]
    fn ambiguous_forms_are_guesses() {
        assert_eq!(read("05/07/2005"), Some((2005, 7, 5, true)));
        assert_eq!(read("26/03/14"), Some((2026, 3, 14, true)));
        // Dots are day-first by convention (German, Finnish, ...): not a guess.
        assert_eq!(read("05.07.2005"), Some((2005, 7, 5, false)));
    }

    #[test]
    fn non_dates() {
        for text in [
            "",
            "2005",
            "31.02.2005",
            "Foo 12, 2020",
            "12/13/14",
            "2005/7",
        ] {
            assert_eq!(read(text), None, "{text}");
        }
    }
}
