//! What a process remembers of the usage gate's answers, so reopening a stock costs no
//! database work.

use std::{
    collections::{HashMap, HashSet},
    sync::Mutex,
};

use chrono::{DateTime, NaiveDate, Utc};

/// Entries kept per kind before the memory is dropped and rebuilt from the database (a few
/// MB; far more viewers than one process sees in a day).
const MAX_REMEMBERED: usize = 200_000;

/// The symbols each viewer may reopen for free, as the database last said: per signed-in user
/// for the current UTC day (with the day's count), per anonymous session for good (with its
/// trial count). Lets a repeat read skip the gate's database transaction entirely. A refund
/// made by this process forgets the symbol; one made by another process at worst lets its
/// viewer reopen a symbol whose analysis failed, which is free anyway.
#[derive(Debug, Default)]
pub struct Reopenable {
    known: Mutex<Known>,
}

#[derive(Debug, Default)]
struct Known {
    /// The UTC day `user_symbols` and `user_counts` are about.
    day: Option<NaiveDate>,
    user_symbols: HashSet<(i64, String)>,
    user_counts: HashMap<i64, i32>,
    anonymous_symbols: HashSet<(String, String)>,
    anonymous_counts: HashMap<String, i32>,
}

impl Known {
    /// Drops yesterday's user entries (a new day counts anew).
    fn roll_to(&mut self, day: NaiveDate) {
        if self.day != Some(day) {
            self.day = Some(day);
            self.user_symbols.clear();
            self.user_counts.clear();
        }
    }
}

impl Reopenable {
    fn known(&self) -> std::sync::MutexGuard<'_, Known> {
        self.known.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The day's count when `user` already opened `symbol` on `now`'s UTC day.
    pub fn user(&self, user: i64, symbol: &str, now: DateTime<Utc>) -> Option<i32> {
        let mut known = self.known();
        known.roll_to(now.date_naive());
        known
            .user_symbols
            .contains(&(user, symbol.to_string()))
            .then(|| known.user_counts.get(&user).copied())
            .flatten()
    }

    pub fn remember_user(&self, user: i64, symbol: &str, now: DateTime<Utc>, count: i32) {
        let mut known = self.known();
        known.roll_to(now.date_naive());
        if known.user_symbols.len() >= MAX_REMEMBERED {
            known.user_symbols.clear();
            known.user_counts.clear();
        }
        known.user_symbols.insert((user, symbol.to_string()));
        let seen = known.user_counts.entry(user).or_insert(count);
        *seen = (*seen).max(count);
    }

    pub fn forget_user(&self, user: i64, symbol: &str) {
        let mut known = self.known();
        known.user_symbols.remove(&(user, symbol.to_string()));
        known.user_counts.remove(&user);
    }

    /// The trial count when anonymous session `session` already analysed `symbol`.
    pub fn anonymous(&self, session: &str, symbol: &str) -> Option<i32> {
        let known = self.known();
        known
            .anonymous_symbols
            .contains(&(session.to_string(), symbol.to_string()))
            .then(|| known.anonymous_counts.get(session).copied())
            .flatten()
    }

    pub fn remember_anonymous(&self, session: &str, symbol: &str, count: i32) {
        let mut known = self.known();
        if known.anonymous_symbols.len() >= MAX_REMEMBERED {
            known.anonymous_symbols.clear();
            known.anonymous_counts.clear();
        }
        known
            .anonymous_symbols
            .insert((session.to_string(), symbol.to_string()));
        let seen = known
            .anonymous_counts
            .entry(session.to_string())
            .or_insert(count);
        *seen = (*seen).max(count);
    }

    pub fn forget_anonymous(&self, session: &str, symbol: &str) {
        let mut known = self.known();
        known
            .anonymous_symbols
            .remove(&(session.to_string(), symbol.to_string()));
        known.anonymous_counts.remove(session);
    }
}
