//! What the scheduler queues for watchlists: on each user's digest day (UTC), their
//! `SendDigest` for the ISO week, once (`enqueue_once` on `digest:{user}:{iso-week}`).

use chrono::{DateTime, Datelike, Utc};

use super::digest::iso_week;
use crate::{
    queue::{JobQueue, QueueError},
    tasks::SendDigest,
};

/// Queues the digest of every user whose digest day is `now`'s weekday and whose week is not
/// decided yet; answers how many were queued now (joined ones not counted).
pub async fn queue_due_digests(queue: &JobQueue, now: DateTime<Utc>) -> Result<usize, QueueError> {
    let week = iso_week(now);
    let today = i32::try_from(now.weekday().number_from_monday()).unwrap_or(1);
    let mut queued = 0;
    for user in queue.store().digest_users(&week).await? {
        if user.digest_day != today {
            continue;
        }
        let job = SendDigest {
            user_id: user.user_id,
            iso_week: week.clone(),
        };
        if !queue.enqueue_once(&job).await?.joined {
            queued += 1;
        }
    }
    Ok(queued)
}
