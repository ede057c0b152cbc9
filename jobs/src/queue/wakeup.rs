//! In-process wake-ups: a job enqueued by this process wakes this process's worker for its
//! queue at once. Without it, the embedded worker (API and worker in one process, the SQLite
//! default) only finds a new job at its next poll, up to 50 ms later. Workers in other
//! processes still rely on their poll (SQLite) or LISTEN/NOTIFY (Postgres).

use std::{
    collections::HashMap,
    sync::{Arc, LazyLock, Mutex},
};

use tokio::sync::Notify;

static WAKEUPS: LazyLock<Mutex<HashMap<&'static str, Arc<Notify>>>> =
    LazyLock::new(Default::default);

/// The wake-up a worker of `queue` in this process waits on.
pub fn for_queue(queue: &'static str) -> Arc<Notify> {
    WAKEUPS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .entry(queue)
        .or_default()
        .clone()
}

/// Wakes this process's worker of `queue`, if there is one. A wake-up that arrives while the
/// worker is busy fetching is kept (one permit), so it is never lost.
pub(super) fn wake(queue: &'static str) {
    let notify = WAKEUPS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .get(queue)
        .cloned();
    if let Some(notify) = notify {
        notify.notify_one();
    }
}

/// Rung each time a worker of this process records a job's outcome, so a request waiting for
/// a job it queued (the stock page's cold analysis) looks again at once instead of at its next
/// poll. Jobs run by another process are still found by the poll.
static FINISHED: LazyLock<Notify> = LazyLock::new(Notify::new);

/// What to wait on for "a job of this process finished"; call `enable()` on the `notified()`
/// future before reading the job, so an outcome recorded in between is not missed.
pub fn finished() -> &'static Notify {
    &FINISHED
}

/// Wakes every request waiting on [`finished`].
pub(super) fn job_finished() {
    FINISHED.notify_waiters();
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[tokio::test]
    async fn an_enqueue_wakes_the_waiting_worker_and_a_missed_one_is_kept() {
        let notify = for_queue("wakeup-test");
        wake("wakeup-test");
        // Sent before anyone waited: kept as a permit.
        tokio::time::timeout(Duration::from_millis(100), notify.notified())
            .await
            .expect("the permit wakes the next wait");
        let waiter = tokio::spawn({
            let notify = notify.clone();
            async move { notify.notified().await }
        });
        tokio::task::yield_now().await;
        wake("wakeup-test");
        tokio::time::timeout(Duration::from_millis(100), waiter)
            .await
            .expect("woken")
            .unwrap();
        wake("a-queue-nobody-serves");
    }

    #[tokio::test]
    async fn a_recorded_outcome_wakes_every_waiting_request() {
        let waits: Vec<_> = (0..3)
            .map(|_| {
                let mut woken = Box::pin(finished().notified());
                woken.as_mut().enable();
                woken
            })
            .collect();
        job_finished();
        for woken in waits {
            tokio::time::timeout(Duration::from_millis(100), woken)
                .await
                .expect("woken by the outcome");
        }
    }
}
