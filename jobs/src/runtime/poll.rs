//! How idle workers learn of new jobs.
//!
//! [`EveryInterval`], the timer of each queue's worker: the job library's own interval
//! strategy replaces its timer when it fires without polling the new one, so no wake-up is
//! armed; when a fetch happened to be in flight at that moment, the worker slept until its
//! next heartbeat (seconds later). Measured: enqueue-to-start outliers of 2.6 and 4.3 s on a
//! loaded machine, all ending at a heartbeat. This strategy always leaves a polled timer
//! behind. It also wakes at once when this process enqueues a job on the worker's queue
//! (see `queue::wakeup`).
//!
//! [`spawn_claim_poll`], one poll for every queue of a SQLite process: jobs enqueued by
//! another process cannot wake a SQLite worker, so something must look. Each queue's worker
//! looking every 50 ms cost the idle one-box API about 29% of a core (14 queues, each poll a
//! claim attempt, which is a write); one read that names the queues with claimable jobs, and
//! wakes only those workers, every 50 ms in a worker process and every 250 ms in the API's
//! embedded worker (its own enqueues wake it at once), costs under 1% (`bench/idle-cpu.sh`).
//!
//! [`spawn_insert_listener`], one `LISTEN` for every queue of a Postgres process: the job
//! library's insert trigger notifies each new job's queue, and the listener wakes that queue's
//! worker. The library's own pubsub holds a listening connection per queue, taken from the
//! pool for as long as the worker runs (21 with every queue), so a worker's pool had to be 32
//! where 16 serve its jobs, and a bigger pool opens more server processes in a burst, each
//! paying its start-up on the server (`bench/README.md`, the batch benchmark).

use std::{
    future::Future,
    pin::Pin,
    sync::Arc,
    task::{Context, Poll},
    time::Duration,
};

use apalis_core::backend::ext::poll_strategy::{PollSnapshot, PollStrategy};
use sqlx::PgPool;
use tokio::sync::{Notify, futures::OwnedNotified};

use crate::{
    queue::wakeup,
    store::{
        Store,
        channel_feed::{Heard, follow_channel},
    },
};

/// How often a worker process looks for claimable jobs (the enqueue-to-start latency of a
/// job enqueued by another process, at most).
pub(super) const CLAIM_POLL: Duration = Duration::from_millis(50);
/// The same for the API's embedded worker, which its own process's enqueues wake at once.
pub(super) const EMBEDDED_CLAIM_POLL: Duration = Duration::from_millis(250);

/// Looks every `every` for queues of `queues` with a job to claim, and wakes this process's
/// worker of each. Runs until aborted (at shutdown). A failed look (the database busy or
/// gone) is retried at the next tick; the workers' own timers remain the fallback.
pub(super) fn spawn_claim_poll(
    store: Store,
    queues: Vec<&'static str>,
    every: Duration,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut ticker = tokio::time::interval(every);
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticker.tick().await;
            match store.claimable_queues().await {
                Ok(ready) => {
                    for queue in queues.iter().filter(|q| ready.iter().any(|r| r == *q)) {
                        wakeup::for_queue(queue).notify_one();
                    }
                }
                Err(err) => tracing::debug!(%err, "could not look for claimable jobs"),
            }
        }
    })
}

/// The channel the job library's insert trigger notifies (`apalis.notify_new_jobs`, for a job
/// due now); the payload is JSON naming the job's queue.
const INSERT_CHANNEL: &str = "apalis::job::insert";

/// The part of an insert notification the listener reads.
#[derive(serde::Deserialize)]
struct Inserted {
    job_type: String,
}

/// Listens for new jobs on Postgres and wakes this process's worker of each job's queue among
/// `queues`, until aborted (at shutdown). Every gap in listening (the start, a dropped
/// connection) wakes every queue, since jobs inserted meanwhile were never announced. The
/// workers' own timers remain the fallback.
pub fn spawn_insert_listener(
    pool: PgPool,
    queues: Vec<&'static str>,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let wake = |queue: &'static str| wakeup::for_queue(queue).notify_one();
        follow_channel(pool, INSERT_CHANNEL, |heard| match heard {
            Heard::Gap => queues.iter().copied().for_each(wake),
            Heard::Payload(payload) => serde_json::from_str::<Inserted>(payload)
                .ok()
                .and_then(|ev| queues.iter().copied().find(|q| *q == ev.job_type))
                .into_iter()
                .for_each(wake),
        })
        .await
    })
}

/// Wakes the worker every `interval`, and whenever `wakeup` is notified.
#[derive(Debug)]
pub struct EveryInterval {
    interval: Duration,
    sleep: Option<Pin<Box<tokio::time::Sleep>>>,
    wakeup: Arc<Notify>,
    notified: Option<Pin<Box<OwnedNotified>>>,
}

impl EveryInterval {
    pub fn new(interval: Duration, wakeup: Arc<Notify>) -> Self {
        EveryInterval {
            interval,
            sleep: None,
            wakeup,
            notified: None,
        }
    }

    /// Polls the in-process wake-up, leaving a fresh one armed when it fired.
    fn woken(&mut self, cx: &mut Context<'_>) -> bool {
        let mut fired = false;
        loop {
            let wakeup = &self.wakeup;
            let notified = self
                .notified
                .get_or_insert_with(|| Box::pin(wakeup.clone().notified_owned()));
            match notified.as_mut().poll(cx) {
                Poll::Ready(()) => {
                    self.notified = None;
                    fired = true;
                }
                Poll::Pending => return fired,
            }
        }
    }
}

impl PollStrategy for EveryInterval {
    fn poll_drive(&mut self, cx: &mut Context<'_>, _: &PollSnapshot) -> Poll<Option<()>> {
        let mut fired = self.woken(cx);
        loop {
            let interval = self.interval;
            let sleep = self
                .sleep
                .get_or_insert_with(|| Box::pin(tokio::time::sleep(interval)));
            match sleep.as_mut().poll(cx) {
                // Fired: drop it and poll a fresh one, so a wake-up stays armed.
                Poll::Ready(()) => {
                    self.sleep = None;
                    fired = true;
                }
                Poll::Pending if fired => return Poll::Ready(Some(())),
                Poll::Pending => return Poll::Pending,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn a_wake_up_is_always_armed_after_the_timer_fires() {
        let mut strategy = EveryInterval::new(Duration::from_millis(50), Arc::default());
        let snapshot = PollSnapshot::default();
        let waker = futures::task::noop_waker();
        let mut cx = Context::from_waker(&waker);
        assert!(strategy.poll_drive(&mut cx, &snapshot).is_pending());
        tokio::time::advance(Duration::from_millis(60)).await;
        assert!(strategy.poll_drive(&mut cx, &snapshot).is_ready());
        // The library's strategy would now hold an unpolled timer; ours holds a polled one.
        let armed = strategy.sleep.as_ref().expect("a new timer");
        assert!(!armed.is_elapsed());
        tokio::time::advance(Duration::from_millis(60)).await;
        assert!(
            strategy.poll_drive(&mut cx, &snapshot).is_ready(),
            "and it fires again"
        );
    }

    #[tokio::test(start_paused = true)]
    async fn a_notification_wakes_it_before_the_interval() {
        let wakeup = Arc::new(Notify::new());
        let mut strategy = EveryInterval::new(Duration::from_secs(60), wakeup.clone());
        let snapshot = PollSnapshot::default();
        let waker = futures::task::noop_waker();
        let mut cx = Context::from_waker(&waker);
        assert!(strategy.poll_drive(&mut cx, &snapshot).is_pending());
        wakeup.notify_one();
        assert!(strategy.poll_drive(&mut cx, &snapshot).is_ready());
        assert!(
            strategy.poll_drive(&mut cx, &snapshot).is_pending(),
            "one notification, one wake-up"
        );
        wakeup.notify_one();
        assert!(
            strategy.poll_drive(&mut cx, &snapshot).is_ready(),
            "re-armed"
        );
    }
}
