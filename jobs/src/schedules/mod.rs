//! Scheduled re-analysis: the admin's schedules. A schedule names
//! stocks, days and wall-clock times; the scheduler fires each due one as a batch through a
//! `RunSchedule` job keyed by schedule and tick, so several schedulers fire it once.
//!
//! Time zones: a schedule's `times` are wall-clock times in New York, the exchange's zone
//! ([`SCHEDULE_ZONE`]), so the generated market hours 09:30-16:00 are the real session (the
//! spec's label "6:30 AM - 1:00 PM PST"); `next_run_time` is stored in UTC and shown in Los
//! Angeles time ([`DISPLAY_ZONE`]).

pub mod market_calendar;
mod service;
pub mod timing;

use chrono::{DateTime, Timelike, Utc};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

pub use service::{
    ScheduleError, TickOutcome, create, delete, fire_due, list, run_now, run_tick, update,
};

use crate::symbol::TickerSymbol;
use timing::Pattern;

/// The zone a schedule's `times` are read in.
pub const SCHEDULE_ZONE: Tz = chrono_tz::America::New_York;
/// The zone next-run times are shown in.
pub const DISPLAY_ZONE: Tz = chrono_tz::America::Los_Angeles;

/// The hourly interval input: 15-360 minutes in steps of 15, default 60.
pub const MIN_INTERVAL: u32 = 15;
pub const MAX_INTERVAL: u32 = 360;
pub const INTERVAL_STEP: u32 = 15;
pub const DEFAULT_INTERVAL: u32 = 60;
/// Market hours for generated times, New York wall clock (minutes after midnight).
pub const MARKET_OPEN: u16 = 9 * 60 + 30;
pub const MARKET_CLOSE: u16 = 16 * 60;

/// The most schedules kept at once: each fires batches on its own, so a few dozen is already
/// more than a day of market hours can run.
pub const MAX_SCHEDULES: usize = 50;
/// The longest schedule name, in characters.
pub const MAX_NAME_CHARS: usize = 100;
pub const TOO_MANY_SCHEDULES: &str =
    "You can keep at most 50 schedules. Please delete one before adding another.";
pub const NAME_TOO_LONG: &str = "A schedule name can be at most 100 characters.";
pub const NAME_AND_STOCKS: &str = "Please provide a schedule name and select at least one stock.";
pub const BAD_FREQUENCY: &str = "The frequency must be daily, weekly, hourly or custom.";
pub const BAD_INTERVAL: &str = "The interval must be 15 to 360 minutes in steps of 15.";
pub const NO_TIMES: &str = "Add at least one time.";
pub const NO_DAYS: &str = "Pick at least one day of the week.";
pub const BAD_DAY: &str = "Days of the week are numbered 0 (Sunday) to 6 (Saturday).";
pub const OUTSIDE_MARKET: &str =
    "With market hours only, times must be between 09:30 and 16:00 (New York).";

/// A scheduled job as sent and received (the spec's data model, snake_case). `next_run_label` and
/// `last_outcome` are ours: the next run written in Los Angeles time, and what the last
/// firing did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct ScheduledJob {
    pub id: i64,
    pub name: String,
    pub selected_stocks: Vec<String>,
    pub frequency: String,
    pub days_of_week: Vec<u8>,
    pub times: Vec<String>,
    pub is_enabled: bool,
    pub market_hours_only: bool,
    pub interval_minutes: Option<u32>,
    pub next_run_time: Option<DateTime<Utc>>,
    pub last_run_time: Option<DateTime<Utc>>,
    pub created_by: Option<String>,
    /// e.g. "Mon, Nov 23, 6:30 AM PST".
    pub next_run_label: Option<String>,
    /// e.g. "Batch 12 completed: 3 of 3 stocks" or "Skipped: A batch job is already running."
    pub last_outcome: Option<String>,
}

/// The body of create and update (the same fields; unknown ones such as `id` are ignored).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct ScheduleInput {
    pub name: String,
    pub selected_stocks: Vec<String>,
    pub frequency: String,
    pub days_of_week: Vec<i64>,
    pub times: Vec<String>,
    pub is_enabled: Option<bool>,
    pub market_hours_only: bool,
    pub interval_minutes: Option<u32>,
}

/// A checked schedule, ready to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScheduleSpec {
    pub name: String,
    pub selected_stocks: Vec<String>,
    pub frequency: String,
    /// Sorted, unique.
    pub days_of_week: Vec<u8>,
    /// Sorted, unique `HH:MM`.
    pub times: Vec<String>,
    pub is_enabled: bool,
    pub market_hours_only: bool,
    pub interval_minutes: Option<u32>,
}

impl ScheduleSpec {
    /// When it fires: `days_of_week` (daily: every day) at `times`.
    pub fn pattern(&self) -> Pattern {
        let days = if self.frequency == "daily" {
            Vec::new()
        } else {
            self.days_of_week.clone()
        };
        Pattern {
            days,
            minutes: self.times.iter().filter_map(|t| parse_time(t)).collect(),
        }
    }

    /// The first firing after `now`, or none while disabled. A market-hours schedule skips
    /// the days the exchange is closed and the times after an early close.
    pub fn next_run(&self, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
        if !self.is_enabled {
            return None;
        }
        let pattern = self.pattern();
        let mut after = now;
        // A year of candidates is more than any pattern needs to reach an open session (the
        // longest run of closed days is a long weekend).
        for _ in 0..400 {
            let next = pattern.next_after(after, SCHEDULE_ZONE)?;
            if !self.market_hours_only || market_is_open_at(next) {
                return Some(next);
            }
            after = next;
        }
        None
    }
}

impl ScheduleSpec {
    /// The next `count` firings after `now` (fewer while disabled or for a pattern with none).
    pub fn next_runs(&self, now: DateTime<Utc>, count: usize) -> Vec<DateTime<Utc>> {
        std::iter::successors(self.next_run(now), |at| self.next_run(*at))
            .take(count)
            .collect()
    }
}

impl From<&ScheduledJob> for ScheduleSpec {
    fn from(job: &ScheduledJob) -> Self {
        ScheduleSpec {
            name: job.name.clone(),
            selected_stocks: job.selected_stocks.clone(),
            frequency: job.frequency.clone(),
            days_of_week: job.days_of_week.clone(),
            times: job.times.clone(),
            is_enabled: job.is_enabled,
            market_hours_only: job.market_hours_only,
            interval_minutes: job.interval_minutes,
        }
    }
}

/// Whether the exchange is in session at `at` (its open and its close, early or not, count).
fn market_is_open_at(at: DateTime<Utc>) -> bool {
    let local = at.with_timezone(&SCHEDULE_ZONE);
    let minute = u16::try_from(local.hour() * 60 + local.minute()).unwrap_or(u16::MAX);
    market_calendar::close_on(local.date_naive())
        .is_some_and(|close| (MARKET_OPEN..=close).contains(&minute))
}

/// Checks a create or update body. Hourly schedules get their times generated from the
/// interval (market hours or the whole day); the others keep the admin's times, sorted and
/// without duplicates. Days apply to weekly (required), hourly and custom (empty = every day).
pub fn validate(input: &ScheduleInput) -> Result<ScheduleSpec, String> {
    let name = input.name.trim();
    let mut stocks: Vec<String> = Vec::new();
    for raw in &input.selected_stocks {
        let symbol = TickerSymbol::parse(Some(raw)).map_err(|err| err.to_string())?;
        if !stocks.iter().any(|s| s == symbol.as_str()) {
            stocks.push(symbol.as_str().to_string());
        }
    }
    if name.is_empty() || stocks.is_empty() {
        return Err(NAME_AND_STOCKS.into());
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(NAME_TOO_LONG.into());
    }
    if stocks.len() > crate::batch::MAX_SYMBOLS {
        return Err(format!(
            "A schedule takes at most {} stocks.",
            crate::batch::MAX_SYMBOLS
        ));
    }
    let frequency = input.frequency.trim().to_lowercase();
    if !["daily", "weekly", "hourly", "custom"].contains(&frequency.as_str()) {
        return Err(BAD_FREQUENCY.into());
    }
    let mut days: Vec<u8> = Vec::new();
    for day in &input.days_of_week {
        let day = u8::try_from(*day).ok().filter(|d| *d <= 6).ok_or(BAD_DAY)?;
        days.push(day);
    }
    days.sort_unstable();
    days.dedup();
    if frequency == "weekly" && days.is_empty() {
        return Err(NO_DAYS.into());
    }
    let (times, interval) = if frequency == "hourly" {
        let interval = input.interval_minutes.unwrap_or(DEFAULT_INTERVAL);
        if !(MIN_INTERVAL..=MAX_INTERVAL).contains(&interval)
            || !interval.is_multiple_of(INTERVAL_STEP)
        {
            return Err(BAD_INTERVAL.into());
        }
        (
            generate_times(interval, input.market_hours_only),
            Some(interval),
        )
    } else {
        let mut minutes = Vec::new();
        for text in &input.times {
            let at = parse_time(text.trim()).ok_or_else(|| {
                format!(
                    "'{}' is not a time; write it as HH:MM (00:00 to 23:59).",
                    text.trim()
                )
            })?;
            if input.market_hours_only && !(MARKET_OPEN..=MARKET_CLOSE).contains(&at) {
                return Err(OUTSIDE_MARKET.into());
            }
            minutes.push(at);
        }
        minutes.sort_unstable();
        minutes.dedup();
        if minutes.is_empty() {
            return Err(NO_TIMES.into());
        }
        (minutes.into_iter().map(format_time).collect(), None)
    };
    Ok(ScheduleSpec {
        name: name.to_string(),
        selected_stocks: stocks,
        frequency,
        days_of_week: days,
        times,
        is_enabled: input.is_enabled.unwrap_or(true),
        market_hours_only: input.market_hours_only,
        interval_minutes: interval,
    })
}

/// From the open (or 00:00), every `interval` minutes up to the close (or
/// 23:59), inclusive.
pub fn generate_times(interval: u32, market_hours_only: bool) -> Vec<String> {
    let (start, end) = if market_hours_only {
        (MARKET_OPEN, MARKET_CLOSE)
    } else {
        (0, 23 * 60 + 59)
    };
    let step = usize::try_from(interval.max(1)).unwrap_or(60);
    (start..=end).step_by(step).map(format_time).collect()
}

/// `HH:MM` (24-hour) to minutes after midnight.
pub fn parse_time(text: &str) -> Option<u16> {
    let (h, m) = text.split_once(':')?;
    if h.len() != 2 || m.len() != 2 {
        return None;
    }
    let (h, m): (u16, u16) = (h.parse().ok()?, m.parse().ok()?);
    (h < 24 && m < 60).then_some(h * 60 + m)
}

fn format_time(minutes: u16) -> String {
    format!("{:02}:{:02}", minutes / 60, minutes % 60)
}

/// A next run as the admin list shows it: "Mon, Nov 23, 6:30 AM PST".
pub fn display_label(at: DateTime<Utc>) -> String {
    at.with_timezone(&DISPLAY_ZONE)
        .format("%a, %b %-d, %-I:%M %p %Z")
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(frequency: &str) -> ScheduleInput {
        ScheduleInput {
            name: " Morning ".into(),
            selected_stocks: vec!["aapl".into(), "MSFT".into(), "AAPL".into()],
            frequency: frequency.into(),
            times: vec!["14:00".into(), "09:30".into(), "14:00".into()],
            ..Default::default()
        }
    }

    #[test]
    fn times_are_sorted_unique_and_stocks_upper_cased() {
        let spec = validate(&input("daily")).unwrap();
        assert_eq!(spec.name, "Morning");
        assert_eq!(spec.selected_stocks, ["AAPL", "MSFT"]);
        assert_eq!(spec.times, ["09:30", "14:00"]);
        assert!(spec.is_enabled);
    }

    #[test]
    fn hourly_market_hours_times_run_from_the_open_to_the_close() {
        let mut hourly = input("hourly");
        hourly.market_hours_only = true;
        let spec = validate(&hourly).unwrap();
        assert_eq!(spec.interval_minutes, Some(60));
        assert_eq!(spec.times.first().map(String::as_str), Some("09:30"));
        assert_eq!(spec.times.last().map(String::as_str), Some("15:30"));
        assert_eq!(spec.times.len(), 7);
        assert_eq!(
            generate_times(30, true).last().map(String::as_str),
            Some("16:00")
        );
        assert_eq!(
            generate_times(360, false),
            ["00:00", "06:00", "12:00", "18:00"]
        );
    }

    #[test]
    fn bad_input_gets_the_spec_messages() {
        let mut nameless = input("daily");
        nameless.name = "  ".into();
        assert_eq!(validate(&nameless).unwrap_err(), NAME_AND_STOCKS);
        let mut no_stocks = input("daily");
        no_stocks.selected_stocks.clear();
        assert_eq!(validate(&no_stocks).unwrap_err(), NAME_AND_STOCKS);
        for interval in [10, 20, 375] {
            let mut hourly = input("hourly");
            hourly.interval_minutes = Some(interval);
            assert_eq!(validate(&hourly).unwrap_err(), BAD_INTERVAL);
        }
        assert_eq!(validate(&input("monthly")).unwrap_err(), BAD_FREQUENCY);
        assert_eq!(validate(&input("weekly")).unwrap_err(), NO_DAYS);
        let mut late = input("daily");
        late.times = vec!["25:00".into()];
        assert!(validate(&late).unwrap_err().contains("HH:MM"));
        let mut after_close = input("custom");
        after_close.market_hours_only = true;
        after_close.times = vec!["17:00".into()];
        assert_eq!(validate(&after_close).unwrap_err(), OUTSIDE_MARKET);
        let mut long_name = input("daily");
        long_name.name = "é".repeat(MAX_NAME_CHARS + 1);
        assert_eq!(validate(&long_name).unwrap_err(), NAME_TOO_LONG);
        long_name.name = "é".repeat(MAX_NAME_CHARS);
        assert!(
            validate(&long_name).is_ok(),
            "100 characters (200 bytes) are fine"
        );
        let mut bad_day = input("weekly");
        bad_day.days_of_week = vec![7];
        assert_eq!(validate(&bad_day).unwrap_err(), BAD_DAY);
    }

    #[test]
    fn the_label_is_in_los_angeles_time() {
        let at = DateTime::parse_from_rfc3339("2026-11-23T14:30:00Z")
            .unwrap()
            .with_timezone(&Utc);
        assert_eq!(display_label(at), "Mon, Nov 23, 6:30 AM PST");
    }

    fn utc(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .unwrap()
            .with_timezone(&Utc)
    }

    fn hourly_in_market_hours() -> ScheduleSpec {
        let mut hourly = input("hourly");
        hourly.market_hours_only = true;
        validate(&hourly).unwrap()
    }

    #[test]
    fn market_hours_schedules_skip_thanksgiving_and_stop_at_the_early_close() {
        let spec = hourly_in_market_hours();
        // Wednesday before Thanksgiving 2026, after the close: Thursday is a holiday.
        let next = spec.next_run(utc("2026-11-25T22:00:00Z")).unwrap();
        assert_eq!(display_label(next), "Fri, Nov 27, 6:30 AM PST");
        // Friday closes at 13:00 New York: 12:30 is the last run, then Monday's open.
        let next = spec.next_run(utc("2026-11-27T17:31:00Z")).unwrap();
        assert_eq!(display_label(next), "Mon, Nov 30, 6:30 AM PST");
        let last_friday_run = spec.next_run(utc("2026-11-27T17:00:00Z")).unwrap();
        assert_eq!(display_label(last_friday_run), "Fri, Nov 27, 9:30 AM PST");
        // A schedule not tied to market hours still runs on the holiday.
        let mut daily = input("daily");
        daily.times = vec!["11:30".into()];
        let daily = validate(&daily).unwrap();
        let next = daily.next_run(utc("2026-11-25T22:00:00Z")).unwrap();
        assert_eq!(display_label(next), "Thu, Nov 26, 8:30 AM PST");
    }

    #[test]
    fn market_hours_schedules_skip_good_friday_and_thanksgiving_2027() {
        let spec = hourly_in_market_hours();
        let next = spec.next_run(utc("2027-03-25T21:00:00Z")).unwrap();
        assert_eq!(display_label(next), "Mon, Mar 29, 6:30 AM PDT");
        let next = spec.next_run(utc("2027-11-24T22:00:00Z")).unwrap();
        assert_eq!(display_label(next), "Fri, Nov 26, 6:30 AM PST");
    }
}
