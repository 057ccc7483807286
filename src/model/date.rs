//! Calendar dates (proleptic Gregorian), enough for tournament days.

use serde::Serialize;
use std::fmt;

/// A calendar date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    /// Year, e.g. 2003.
    pub year: i32,
    /// Month 1–12.
    pub month: u32,
    /// Day 1–31, valid for the month.
    pub day: u32,
}

impl Date {
    /// Builds a date, or `None` if the day does not exist.
    pub fn new(year: i32, month: u32, day: u32) -> Option<Date> {
        if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
            return None;
        }
        Some(Date { year, month, day })
    }

    /// Parses `YYYY-MM-DD`.
    pub fn parse(text: &str) -> Option<Date> {
        let mut parts = text.splitn(3, '-');
        let year = parts.next()?;
        let month = parts.next()?;
        let day = parts.next()?;
        if year.len() != 4 || month.len() != 2 || day.len() != 2 {
            return None;
        }
        Date::new(year.parse().ok()?, month.parse().ok()?, day.parse().ok()?)
    }

    /// Days since 1970-01-01 (negative before).
    pub fn days_since_epoch(self) -> i64 {
        // Howard Hinnant's days_from_civil.
        let y = i64::from(self.year) - i64::from(self.month <= 2);
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let m = i64::from(self.month);
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The date `days` after this one.
    pub fn plus_days(self, days: i64) -> Date {
        let z = self.days_since_epoch() + days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
        Date { year, month, day }
    }
}

/// Number of days in a month of a year.
pub fn days_in_month(year: i32, month: u32) -> u32 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        _ => 0,
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl Serialize for Date {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_validates() {
        assert_eq!(Date::parse("2003-09-20"), Date::new(2003, 9, 20));
        assert!(Date::parse("2003-02-29").is_none());
        assert!(Date::parse("2004-02-29").is_some());
        assert!(Date::parse("2003-13-01").is_none());
        assert!(Date::parse("03-1-1").is_none());
    }

    #[test]
    fn day_arithmetic_round_trips() {
        let d = Date::new(2003, 12, 30).unwrap();
        assert_eq!(d.plus_days(3), Date::new(2004, 1, 2).unwrap());
        assert_eq!(Date::new(1970, 1, 1).unwrap().days_since_epoch(), 0);
        for n in -1000..1000 {
            let e = d.plus_days(n);
            assert_eq!(e.days_since_epoch() - d.days_since_epoch(), n);
        }
    }
}
