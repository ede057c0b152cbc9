//! The timer that wakes an idle worker to look for new jobs.
//!
//! The job library's own interval strategy replaces its timer when it fires without polling
//! the new one, so no wake-up is armed; when a fetch happened to be in flight at that moment,
//! the worker slept until its next heartbeat (seconds later). Measured: enqueue-to-start
//! outliers of 2.6 and 4.3 s on a loaded machine, all ending at a heartbeat. This strategy
//! always leaves a polled timer behind. It also wakes at once when this process enqueues a
//! job on the worker's queue (see `queue::wakeup`).

use std::{
    future::Future,
    pin::Pin,
    sync::Arc,
    task::{Context, Poll},
    time::Duration,
};

use apalis_core::backend::ext::poll_strategy::{PollSnapshot, PollStrategy};
use tokio::sync::{Notify, futures::OwnedNotified};

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
