//! When a schedule fires next. The pattern (which days, which wall-clock times) is walked with
//! the `cron` crate on a *floating* clock (wall-clock times with no zone), and each wall-clock
//! candidate is then placed in the schedule's zone here, because `cron`'s own zoned walk
//! drops a time that falls in a daylight-saving gap or overlap (it keeps only times with a
//! single meaning; see `jobs/docs/schedules.md`). Our rules, tested below:
//! - spring forward: a time in the gap (02:30 when clocks jump 02:00 -> 03:00) fires at the
//!   same distance past the jump (03:30), once;
//! - fall back: a time in the repeated hour (01:30) fires once, at its first occurrence.

use std::str::FromStr;

use chrono::{DateTime, Duration, LocalResult, NaiveDateTime, TimeZone, Utc};
use chrono_tz::Tz;
use cron::Schedule;

/// Days (0-6, Sunday 0) and wall-clock times (minutes after midnight) a schedule fires at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pattern {
    /// Empty means every day.
    pub days: Vec<u8>,
    pub minutes: Vec<u16>,
}

const DAY_NAMES: [&str; 7] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

impl Pattern {
    /// One cron expression per time (seconds, minutes, hours, day of month, month, weekday).
    fn expressions(&self) -> Vec<Schedule> {
        let days = if self.days.is_empty() {
            "*".to_string()
        } else {
            self.days
                .iter()
                .filter_map(|d| DAY_NAMES.get(usize::from(*d)))
                .copied()
                .collect::<Vec<_>>()
                .join(",")
        };
        self.minutes
            .iter()
            .filter_map(|m| {
                let text = format!("0 {} {} * * {days}", m % 60, m / 60);
                Schedule::from_str(&text).ok()
            })
            .collect()
    }

    /// The first firing strictly after `after`, with the pattern's times read in `zone`.
    /// None when the pattern has no time (or no day).
    pub fn next_after(&self, after: DateTime<Utc>, zone: Tz) -> Option<DateTime<Utc>> {
        let schedules = self.expressions();
        // Walk wall-clock candidates from an hour before `after`'s wall clock: in the repeated
        // hour the wall clock has gone back, and a candidate can only be earlier in wall time
        // than `after` by that much while being later in real time.
        let floating_start = after.with_timezone(&zone).naive_local() - Duration::hours(1);
        let start = Utc.from_utc_datetime(&floating_start);
        schedules
            .iter()
            .filter_map(|schedule| {
                schedule
                    .after(&start)
                    // Enough candidates to get past the hour of margin (two per day at most
                    // land in it); a pattern always has one a week later.
                    .take(64)
                    .filter_map(|floating| place(floating.naive_utc(), zone))
                    .find(|instant| *instant > after)
            })
            .min()
    }
}

/// The instant a wall-clock time means in `zone`: the earlier of two in the repeated hour,
/// and for a time that does not exist, the same distance past the jump.
pub fn place(wall: NaiveDateTime, zone: Tz) -> Option<DateTime<Utc>> {
    match zone.from_local_datetime(&wall) {
        LocalResult::Single(at) => Some(at.with_timezone(&Utc)),
        LocalResult::Ambiguous(first, _) => Some(first.with_timezone(&Utc)),
        LocalResult::None => {
            // The offset before the gap applied to the wall time lands past the jump by the
            // time's distance into the gap (02:30 PST = 10:30 UTC = 03:30 PDT).
            let before = zone.offset_from_utc_datetime(&(wall - Duration::hours(3)));
            let offset = chrono::Offset::fix(&before);
            offset
                .from_local_datetime(&wall)
                .single()
                .map(|at| at.with_timezone(&Utc))
        }
    }
}

#[cfg(test)]
mod tests {
    use chrono::{NaiveDate, TimeZone, Timelike};
    use chrono_tz::America::{Los_Angeles, New_York};

    use super::*;

    fn at(zone: Tz, y: i32, mo: u32, d: u32, h: u32, mi: u32) -> DateTime<Utc> {
        zone.with_ymd_and_hms(y, mo, d, h, mi, 0)
            .earliest()
            .unwrap()
            .with_timezone(&Utc)
    }

    fn daily(times: &[(u16, u16)]) -> Pattern {
        Pattern {
            days: vec![],
            minutes: times.iter().map(|(h, m)| h * 60 + m).collect(),
        }
    }

    /// Every firing in [from, to).
    fn firings(
        pattern: &Pattern,
        zone: Tz,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Vec<DateTime<Utc>> {
        let mut out = Vec::new();
        let mut cursor = from;
        while let Some(next) = pattern.next_after(cursor, zone) {
            if next >= to {
                break;
            }
            out.push(next);
            cursor = next;
        }
        out
    }

    #[test]
    fn a_time_in_the_spring_forward_gap_fires_once_just_past_the_jump() {
        // 2027-03-14 in Los Angeles: 02:00 PST jumps to 03:00 PDT; 02:30 does not exist.
        let pattern = daily(&[(2, 30)]);
        let from = at(Los_Angeles, 2027, 3, 13, 12, 0);
        let to = at(Los_Angeles, 2027, 3, 15, 12, 0);
        let fired = firings(&pattern, Los_Angeles, from, to);
        let local: Vec<String> = fired
            .iter()
            .map(|t| {
                t.with_timezone(&Los_Angeles)
                    .format("%F %H:%M %Z")
                    .to_string()
            })
            .collect();
        assert_eq!(local, ["2027-03-14 03:30 PDT", "2027-03-15 02:30 PDT"]);
        // The day the gap happens still fires (not skipped to the 15th).
        assert_eq!(
            fired[0],
            Utc.with_ymd_and_hms(2027, 3, 14, 10, 30, 0).unwrap()
        );
    }

    #[test]
    fn a_time_in_the_fall_back_overlap_fires_once_at_its_first_occurrence() {
        // 2026-11-01 in Los Angeles: 01:00-01:59 happens twice (PDT, then PST).
        let pattern = daily(&[(1, 30)]);
        let from = at(Los_Angeles, 2026, 11, 1, 0, 0);
        let to = at(Los_Angeles, 2026, 11, 1, 12, 0);
        let fired = firings(&pattern, Los_Angeles, from, to);
        assert_eq!(
            fired,
            [Utc.with_ymd_and_hms(2026, 11, 1, 8, 30, 0).unwrap()]
        );
        // Asked from inside the second 01:xx (01:10 PST, after the 01:30 PDT firing), the
        // next firing is the next day, not 01:30 PST.
        let second_pass = Utc.with_ymd_and_hms(2026, 11, 1, 9, 10, 0).unwrap();
        let next = pattern.next_after(second_pass, Los_Angeles).unwrap();
        assert_eq!(
            next.with_timezone(&Los_Angeles)
                .format("%F %H:%M %Z")
                .to_string(),
            "2026-11-02 01:30 PST"
        );
    }

    #[test]
    fn cron_alone_mishandles_both_changes_which_is_why_we_place_times_ourselves() {
        // `cron` 0.15 walking in the zone itself (`jobs/docs/schedules.md`): the day
        // of the gap has no 02:30 firing at all, and 01:30 fires twice on the fall-back day.
        // If a new version fixes this, these asserts fail and the docs should say so.
        let gap = Schedule::from_str("0 30 2 * * *").unwrap();
        let from = Los_Angeles.with_ymd_and_hms(2027, 3, 13, 12, 0, 0).unwrap();
        let next = gap.after(&from).next().unwrap().with_timezone(&Utc);
        assert_eq!(
            next,
            at(Los_Angeles, 2027, 3, 15, 2, 30),
            "the 14th is skipped"
        );
        let overlap = Schedule::from_str("0 30 1 * * *").unwrap();
        let from = Los_Angeles
            .with_ymd_and_hms(2026, 10, 31, 12, 0, 0)
            .unwrap();
        let runs: Vec<DateTime<Utc>> = overlap
            .after(&from)
            .take(2)
            .map(|t| t.with_timezone(&Utc))
            .collect();
        let twice = [
            Utc.with_ymd_and_hms(2026, 11, 1, 8, 30, 0).unwrap(),
            Utc.with_ymd_and_hms(2026, 11, 1, 9, 30, 0).unwrap(),
        ];
        assert_eq!(runs, twice, "01:30 PDT and 01:30 PST");
    }

    #[test]
    fn hourly_market_times_keep_their_wall_clock_across_both_changes() {
        // 09:30 New York is 06:30 in Los Angeles in summer and in winter alike.
        let pattern = daily(&[(9, 30)]);
        for (y, m, d) in [(2026, 10, 31), (2026, 11, 1), (2027, 3, 13), (2027, 3, 14)] {
            let from = at(New_York, y, m, d, 0, 0);
            let next = pattern.next_after(from, New_York).unwrap();
            let la = next.with_timezone(&Los_Angeles);
            assert_eq!((la.hour(), la.minute()), (6, 30), "{y}-{m}-{d}");
            assert_eq!(la.date_naive(), NaiveDate::from_ymd_opt(y, m, d).unwrap());
        }
    }

    #[test]
    fn weekdays_only_skips_the_weekend() {
        // Friday 2026-11-20 16:30 New York: next 09:30 on a weekday is Monday the 23rd.
        let pattern = Pattern {
            days: vec![1, 2, 3, 4, 5],
            minutes: vec![9 * 60 + 30],
        };
        let next = pattern
            .next_after(at(New_York, 2026, 11, 20, 16, 30), New_York)
            .unwrap();
        assert_eq!(next, at(New_York, 2026, 11, 23, 9, 30));
        assert_eq!(
            Pattern {
                days: vec![1],
                minutes: vec![]
            }
            .next_after(next, New_York),
            None
        );
    }
}
