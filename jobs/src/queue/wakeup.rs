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
}
