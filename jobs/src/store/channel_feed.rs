//! Following a Postgres `NOTIFY` channel for the life of the process: one listening
//! connection that comes back after a drop, and tells its caller where notifications may
//! have been missed. The analysis change feed (`analysis_changes`) and the workers' new-job
//! wake-ups (`runtime::poll`) both follow one this way.

use std::time::Duration;

use sqlx::{PgPool, postgres::PgListener};

/// What a followed channel delivers.
pub enum Heard<'a> {
    /// Listening (again) after a start, a dropped connection or a failed attempt: whatever
    /// was sent on the channel meanwhile went unheard.
    Gap,
    /// One notification's payload.
    Payload(&'a str),
}

/// Listens on `channel` until the task is aborted, calling `on` with each payload and with a
/// [`Heard::Gap`] at every (re)connection and after every loss. A refused connection is
/// retried with a pause that doubles up to 10 s.
pub async fn follow_channel(pool: PgPool, channel: &str, mut on: impl FnMut(Heard<'_>)) {
    let mut pause = Duration::from_millis(100);
    loop {
        match listen(&pool, channel).await {
            Ok(mut listener) => {
                on(Heard::Gap);
                pause = Duration::from_millis(100);
                // `Ok(None)`: the connection dropped and was re-established; `Err`: it could
                // not be, so start over.
                while let Ok(event) = listener.try_recv().await {
                    match event {
                        Some(notification) => on(Heard::Payload(notification.payload())),
                        None => {
                            tracing::warn!(
                                channel,
                                "lost the channel for a moment; listening again"
                            );
                            on(Heard::Gap);
                        }
                    }
                }
            }
            Err(err) => tracing::warn!(channel, %err, "could not listen"),
        }
        on(Heard::Gap);
        tokio::time::sleep(pause).await;
        pause = (pause * 2).min(Duration::from_secs(10));
    }
}

async fn listen(pool: &PgPool, channel: &str) -> Result<PgListener, sqlx::Error> {
    let mut listener = PgListener::connect_with(pool).await?;
    listener.listen(channel).await?;
    Ok(listener)
}
