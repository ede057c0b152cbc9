//! The in-process variant of [`super::Infra`]: one map behind a mutex. Expired entries are
//! dropped when read and swept when the map grows large, so memory stays bounded by the live
//! keys.

use std::{
    collections::{HashMap, HashSet, VecDeque},
    sync::Mutex,
    time::{Duration, Instant},
};

use super::now_millis;

/// Entries kept before expired ones are swept.
const SWEEP_AT: usize = 50_000;

#[derive(Default)]
pub struct Memory {
    entries: Mutex<HashMap<String, Entry>>,
}

enum Entry {
    Counter {
        count: u64,
        expires: Instant,
    },
    /// Sliding-window log: (time in ms, member), oldest first.
    Window(VecDeque<(u64, String)>),
    Value {
        value: String,
        expires: Instant,
    },
    Set {
        members: HashSet<String>,
        expires: Instant,
    },
}

impl Entry {
    fn is_live(&self, now: Instant) -> bool {
        match self {
            Entry::Counter { expires, .. }
            | Entry::Value { expires, .. }
            | Entry::Set { expires, .. } => *expires > now,
            Entry::Window(log) => !log.is_empty(),
        }
    }
}

impl Memory {
    fn with<T>(&self, f: impl FnOnce(&mut HashMap<String, Entry>, Instant) -> T) -> T {
        let mut entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        let now = Instant::now();
        if entries.len() > SWEEP_AT {
            entries.retain(|_, e| e.is_live(now));
        }
        f(&mut entries, now)
    }

    pub fn increment(&self, key: &str, ttl: Duration) -> u64 {
        self.with(|entries, now| {
            let entry = entries.entry(key.to_string()).or_insert(Entry::Counter {
                count: 0,
                expires: now + ttl,
            });
            if !matches!(entry, Entry::Counter { expires, .. } if *expires > now) {
                *entry = Entry::Counter {
                    count: 0,
                    expires: now + ttl,
                };
            }
            match entry {
                Entry::Counter { count, .. } => {
                    *count += 1;
                    *count
                }
                _ => unreachable!("replaced by a counter above"),
            }
        })
    }

    fn window<'a>(
        entries: &'a mut HashMap<String, Entry>,
        key: &str,
        window: Duration,
    ) -> &'a mut VecDeque<(u64, String)> {
        let entry = entries
            .entry(key.to_string())
            .or_insert_with(|| Entry::Window(VecDeque::new()));
        if !matches!(entry, Entry::Window(_)) {
            *entry = Entry::Window(VecDeque::new());
        }
        let Entry::Window(log) = entry else {
            unreachable!("replaced by a log above")
        };
        let cutoff = now_millis().saturating_sub(window.as_millis() as u64);
        log.retain(|(at, _)| *at > cutoff);
        log
    }

    pub fn window_add(&self, key: &str, member: &str, window: Duration) -> u64 {
        self.with(|entries, _| {
            let log = Memory::window(entries, key, window);
            log.push_back((now_millis(), member.to_string()));
            log.len() as u64
        })
    }

    pub fn window_count(&self, key: &str, window: Duration) -> u64 {
        self.with(|entries, _| match entries.get(key) {
            Some(Entry::Window(_)) => Memory::window(entries, key, window).len() as u64,
            _ => 0,
        })
    }

    pub fn window_remove(&self, key: &str, member: &str) {
        self.with(|entries, _| {
            if let Some(Entry::Window(log)) = entries.get_mut(key) {
                log.retain(|(_, m)| m != member);
            }
        })
    }

    pub fn put(&self, key: &str, value: &str, ttl: Duration, only_if_absent: bool) -> bool {
        self.with(|entries, now| {
            if only_if_absent && entries.get(key).is_some_and(|e| e.is_live(now)) {
                return false;
            }
            entries.insert(
                key.to_string(),
                Entry::Value {
                    value: value.to_string(),
                    expires: now + ttl,
                },
            );
            true
        })
    }

    pub fn get(&self, key: &str) -> Option<String> {
        self.with(|entries, now| match entries.get(key) {
            Some(Entry::Value { value, expires }) if *expires > now => Some(value.clone()),
            _ => None,
        })
    }

    pub fn delete(&self, keys: &[String]) {
        self.with(|entries, _| {
            for key in keys {
                entries.remove(key);
            }
        })
    }

    pub fn set_add(&self, key: &str, member: &str, ttl: Duration) {
        self.with(|entries, now| {
            let entry = entries.entry(key.to_string()).or_insert(Entry::Set {
                members: HashSet::new(),
                expires: now + ttl,
            });
            if !matches!(entry, Entry::Set { expires, .. } if *expires > now) {
                *entry = Entry::Set {
                    members: HashSet::new(),
                    expires: now + ttl,
                };
            }
            if let Entry::Set { members, expires } = entry {
                members.insert(member.to_string());
                *expires = now + ttl;
            }
        })
    }

    pub fn set_members(&self, key: &str) -> Vec<String> {
        self.with(|entries, now| match entries.get(key) {
            Some(Entry::Set { members, expires }) if *expires > now => {
                members.iter().cloned().collect()
            }
            _ => Vec::new(),
        })
    }
}
