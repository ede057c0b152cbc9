//! The New York Stock Exchange's calendar: which days it trades and when it closes early, by
//! the exchange's rules (NYSE Rule 7.2), so a market-hours schedule never fires on a holiday
//! or after an early close. Computed, not listed, so it needs no yearly update; the rules and
//! the years checked against the exchange's published calendars are in
//! `jobs/docs/schedules.md`.
//!
//! Full holidays: New Year's Day, Martin Luther King Jr. Day (third Monday of January),
//! Washington's Birthday (third Monday of February), Good Friday, Memorial Day (last Monday of
//! May), Juneteenth (since 2022), Independence Day, Labor Day (first Monday of September),
//! Thanksgiving (fourth Thursday of November) and Christmas. A fixed-date holiday on a
//! Saturday is kept the Friday before, on a Sunday the Monday after; except New Year's Day on a
//! Saturday, which is not kept at all (the Friday before closes a year's books).
//!
//! Early closes at 13:00 New York time: the day after Thanksgiving, Christmas Eve and the day
//! before Independence Day, each when it is a trading day.

use chrono::{Datelike, Duration, NaiveDate, Weekday};

/// Minutes after midnight (New York) of an early close.
pub const EARLY_CLOSE: u16 = 13 * 60;

/// Whether the exchange trades on `date` (a weekday that is not a holiday).
pub fn is_trading_day(date: NaiveDate) -> bool {
    !matches!(date.weekday(), Weekday::Sat | Weekday::Sun) && !is_holiday(date)
}

/// When the exchange closes on `date` (minutes after midnight, New York): `None` on a day it
/// does not trade, the early close on the three half days, else 16:00.
pub fn close_on(date: NaiveDate) -> Option<u16> {
    if !is_trading_day(date) {
        return None;
    }
    let year = date.year();
    let half_day = [
        nth_weekday(year, 11, Weekday::Thu, 4).map(|thanksgiving| thanksgiving + Duration::days(1)),
        NaiveDate::from_ymd_opt(year, 12, 24),
        NaiveDate::from_ymd_opt(year, 7, 3),
    ]
    .contains(&Some(date));
    Some(if half_day { EARLY_CLOSE } else { 16 * 60 })
}

/// Whether `date` is one of the exchange's full holidays (weekends aside). A year's holidays
/// all fall in that year: the one that could spill over, New Year's Day on a Saturday, is not
/// kept.
pub fn is_holiday(date: NaiveDate) -> bool {
    holidays(date.year()).contains(&date)
}

/// The full holidays kept in `year`.
fn holidays(year: i32) -> Vec<NaiveDate> {
    let fixed = |month, day| NaiveDate::from_ymd_opt(year, month, day);
    let mut days = vec![
        fixed(1, 1).and_then(|d| (d.weekday() != Weekday::Sat).then(|| observed(d))),
        nth_weekday(year, 1, Weekday::Mon, 3),
        nth_weekday(year, 2, Weekday::Mon, 3),
        easter(year).map(|sunday| sunday - Duration::days(2)),
        last_weekday(year, 5, Weekday::Mon),
        fixed(7, 4).map(observed),
        nth_weekday(year, 9, Weekday::Mon, 1),
        nth_weekday(year, 11, Weekday::Thu, 4),
        fixed(12, 25).map(observed),
    ];
    if year >= 2022 {
        days.push(fixed(6, 19).map(observed));
    }
    days.into_iter().flatten().collect()
}

/// A fixed-date holiday on a weekend is kept on the nearest weekday.
fn observed(date: NaiveDate) -> NaiveDate {
    match date.weekday() {
        Weekday::Sat => date - Duration::days(1),
        Weekday::Sun => date + Duration::days(1),
        _ => date,
    }
}

/// The `n`th (1-based) `weekday` of a month.
fn nth_weekday(year: i32, month: u32, weekday: Weekday, n: u32) -> Option<NaiveDate> {
    NaiveDate::from_weekday_of_month_opt(year, month, weekday, u8::try_from(n).ok()?)
}

/// The last `weekday` of a month.
fn last_weekday(year: i32, month: u32, weekday: Weekday) -> Option<NaiveDate> {
    (1..=5)
        .rev()
        .find_map(|n| NaiveDate::from_weekday_of_month_opt(year, month, weekday, n))
}

/// Easter Sunday in the Gregorian calendar (the anonymous algorithm, Meeus/Jones/Butcher).
fn easter(year: i32) -> Option<NaiveDate> {
    let a = year % 19;
    let b = year / 100;
    let c = year % 100;
    let d = b / 4;
    let e = b % 4;
    let f = (b + 8) / 25;
    let g = (b - f + 1) / 3;
    let h = (19 * a + b - d - g + 15) % 30;
    let i = c / 4;
    let k = c % 4;
    let l = (32 + 2 * e + 2 * i - h - k) % 7;
    let m = (a + 11 * h + 22 * l) / 451;
    let month = (h + l - 7 * m + 114) / 31;
    let day = (h + l - 7 * m + 114) % 31 + 1;
    NaiveDate::from_ymd_opt(year, u32::try_from(month).ok()?, u32::try_from(day).ok()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        text.parse().expect("an ISO date")
    }

    /// The exchange's published holidays for 2026 and 2027, as listed on nyse.com.
    #[test]
    fn the_published_holidays_of_2026_and_2027() {
        let published = [
            "2026-01-01",
            "2026-01-19",
            "2026-02-16",
            "2026-04-03",
            "2026-05-25",
            "2026-06-19",
            "2026-07-03",
            "2026-09-07",
            "2026-11-26",
            "2026-12-25",
            "2027-01-01",
            "2027-01-18",
            "2027-02-15",
            "2027-03-26",
            "2027-05-31",
            "2027-06-18",
            "2027-07-05",
            "2027-09-06",
            "2027-11-25",
            "2027-12-24",
        ];
        for year in [2026, 2027] {
            let mut computed = holidays(year);
            computed.sort();
            let expected: Vec<NaiveDate> = published
                .iter()
                .map(|d| day(d))
                .filter(|d| d.year() == year)
                .collect();
            assert_eq!(computed, expected, "{year}");
        }
    }

    #[test]
    fn thanksgiving_and_good_friday_do_not_trade() {
        for holiday in ["2026-11-26", "2027-11-25", "2026-04-03", "2027-03-26"] {
            assert!(!is_trading_day(day(holiday)), "{holiday}");
            assert_eq!(close_on(day(holiday)), None);
        }
        // The days around them trade.
        assert!(is_trading_day(day("2026-11-25")));
        assert!(is_trading_day(day("2027-03-25")));
        assert!(is_trading_day(day("2027-03-29")));
    }

    #[test]
    fn the_day_after_thanksgiving_and_christmas_eve_close_at_one() {
        assert_eq!(close_on(day("2026-11-27")), Some(EARLY_CLOSE));
        assert_eq!(close_on(day("2027-11-26")), Some(EARLY_CLOSE));
        assert_eq!(close_on(day("2026-12-24")), Some(EARLY_CLOSE));
        // 2027's Christmas falls on a Saturday: Christmas Eve is the holiday, not a half day.
        assert_eq!(close_on(day("2027-12-24")), None);
        // July 3 is a half day only when it trades (2026: Independence Day kept on it).
        assert_eq!(close_on(day("2026-07-03")), None);
        assert_eq!(close_on(day("2029-07-03")), Some(EARLY_CLOSE));
        assert_eq!(close_on(day("2026-11-30")), Some(16 * 60));
    }

    #[test]
    fn new_years_day_on_a_saturday_is_not_kept_on_the_friday_before() {
        // 2028-01-01 is a Saturday: the exchange trades on Friday 2027-12-31.
        assert!(is_trading_day(day("2027-12-31")));
        assert!(!is_trading_day(day("2028-01-01")));
        // Juneteenth 2027 is a Saturday, kept on Friday the 18th.
        assert!(!is_trading_day(day("2027-06-18")));
    }

    #[test]
    fn easter_matches_known_years() {
        for (year, sunday) in [
            (2024, "2024-03-31"),
            (2025, "2025-04-20"),
            (2038, "2038-04-25"),
        ] {
            assert_eq!(easter(year), Some(day(sunday)));
        }
    }
}
