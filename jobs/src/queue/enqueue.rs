//! Putting jobs on the queue, with idempotency: a logical key joins a queued or running job.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use apalis_core::task::{Task, builder::TaskBuilder, task_id::TaskId};
use serde::Serialize;
use ulid::Ulid;

use super::{Envelope, Job};
use crate::store::{
    Store, StoreError, StoreTx, TxConnection, job_history::JobOrigin, transaction::BeginWrite,
};

/// Why a job could not be enqueued.
#[derive(Debug, thiserror::Error)]
pub enum QueueError {
    #[error("cannot encode the job payload: {0}")]
    Encode(#[from] serde_json::Error),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("queue error: {0}")]
    Backend(String),
}

/// The result of an enqueue.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Enqueued {
    pub id: String,
    /// True when an identical job was already queued or running and this call joined it.
    pub joined: bool,
}

/// Enqueues jobs into the database the store uses.
#[derive(Clone, Debug)]
pub struct JobQueue {
    store: Store,
    /// Recorded for each job this queue starts (not for one it joins): see [`Self::started_by`].
    origin: Option<JobOrigin>,
}

impl JobQueue {
    pub fn new(store: Store) -> Self {
        JobQueue {
            store,
            origin: None,
        }
    }

    /// This queue, recording for every job it starts (through [`Self::enqueue`],
    /// [`Self::enqueue_after`] or `enqueue_and_wait`) which admin started it from where; the
    /// admin Jobs page shows it.
    pub fn started_by(&self, origin: JobOrigin) -> JobQueue {
        JobQueue {
            store: self.store.clone(),
            origin: Some(origin),
        }
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Enqueues `job` to run now, or joins the identical job already waiting or running.
    #[tracing::instrument(skip_all, err, fields(queue = J::QUEUE))]
    pub async fn enqueue<J: Job>(&self, job: &J) -> Result<Enqueued, QueueError> {
        self.enqueue_after(job, Duration::ZERO).await
    }

    /// Enqueues `job` to run after `delay` (joining an identical waiting job, as above).
    pub async fn enqueue_after<J: Job>(
        &self,
        job: &J,
        delay: Duration,
    ) -> Result<Enqueued, QueueError> {
        let enqueued = self.enqueue_or_join(job, delay).await?;
        if let Some(origin) = &self.origin
            && !enqueued.joined
        {
            self.store.record_job_origin(&enqueued.id, origin).await?;
        }
        Ok(enqueued)
    }

    async fn enqueue_or_join<J: Job>(
        &self,
        job: &J,
        delay: Duration,
    ) -> Result<Enqueued, QueueError> {
        let Some(logical) = job.dedupe_key() else {
            let id = self.push::<J>(vec![(job, None)], delay).await?.remove(0);
            return Ok(Enqueued { id, joined: false });
        };
        let (active, generations) = self.store.active_job_for(J::QUEUE, &logical).await?;
        if let Some(id) = active {
            return Ok(Enqueued { id, joined: true });
        }
        // Racing callers compute the same generation, so the library's unique
        // (queue, idempotency_key) index lets exactly one insert through.
        self.push_keyed(job, format!("{logical}#{generations}"), delay)
            .await
    }

    /// Enqueues `job` unless a job with its logical key was ever enqueued (queued, running or
    /// ended): for periodic jobs whose key names the period, so each period runs once.
    pub async fn enqueue_once<J: Job>(&self, job: &J) -> Result<Enqueued, QueueError> {
        let logical = job.dedupe_key().ok_or_else(|| {
            QueueError::Backend(format!("{} jobs have no key to run once by", J::QUEUE))
        })?;
        self.push_keyed(job, format!("{logical}#once"), Duration::ZERO)
            .await
    }

    /// Pushes `job` with an idempotency key and answers the job that holds the key: this
    /// one, or the one that got there first.
    async fn push_keyed<J: Job>(
        &self,
        job: &J,
        key: String,
        delay: Duration,
    ) -> Result<Enqueued, QueueError> {
        let proposed = self
            .push::<J>(vec![(job, Some(key.clone()))], delay)
            .await?
            .remove(0);
        let id = self
            .store
            .job_id_by_key(J::QUEUE, &key)
            .await?
            .ok_or_else(|| QueueError::Backend(format!("job with key {key} vanished")))?;
        Ok(Enqueued {
            joined: id != proposed,
            id,
        })
    }

    /// Enqueues many jobs of one kind in one statement (Postgres) or one transaction (SQLite),
    /// without idempotency keys. Returns their ids.
    pub async fn enqueue_batch<J: Job>(&self, jobs: &[J]) -> Result<Vec<String>, QueueError> {
        self.push::<J>(jobs.iter().map(|j| (j, None)).collect(), Duration::ZERO)
            .await
    }

    /// Enqueues `jobs`, each to run after its delay, on the transaction `tx`: they are queued
    /// when `tx` commits, together with the rows it wrote, and not at all if it rolls back
    /// (the process dies first, or a later write fails). They carry no idempotency key: jobs
    /// made with the rows they work on are new by construction, so there is none to join.
    pub async fn enqueue_in<'j, J: Job>(
        &self,
        tx: &mut StoreTx,
        jobs: impl IntoIterator<Item = (&'j J, Duration)>,
    ) -> Result<Vec<String>, QueueError> {
        self.push_in(tx, jobs, false).await
    }

    /// [`Self::enqueue_in`] for jobs made once per key (each job's [`Job::dedupe_key`], as
    /// [`Self::enqueue_once`] keys it): the rows written with them already make each new, and
    /// the key keeps it so should a caller ever queue one twice. On SQLite a taken key is
    /// skipped; on Postgres it fails the transaction, so callers queue only jobs whose rows
    /// they just inserted.
    pub async fn enqueue_once_in<'j, J: Job>(
        &self,
        tx: &mut StoreTx,
        jobs: impl IntoIterator<Item = (&'j J, Duration)>,
    ) -> Result<Vec<String>, QueueError> {
        self.push_in(tx, jobs, true).await
    }

    async fn push_in<'j, J: Job>(
        &self,
        tx: &mut StoreTx,
        jobs: impl IntoIterator<Item = (&'j J, Duration)>,
        keyed: bool,
    ) -> Result<Vec<String>, QueueError> {
        let now = SystemTime::now();
        let mut due_now = false;
        let (ids, tasks) = tasks_of(jobs.into_iter().map(|(job, delay)| {
            due_now |= delay.is_zero();
            let key = keyed
                .then(|| job.dedupe_key().map(|logical| format!("{logical}#once")))
                .flatten();
            (job, key, now + delay)
        }))?;
        match tx.connection() {
            TxConnection::Sqlite(conn) => {
                apalis_sqlite::queries::push_tasks(conn, J::QUEUE, &tasks)
                    .await
                    .map_err(|e| QueueError::Backend(e.to_string()))?;
            }
            TxConnection::Postgres(conn) => {
                apalis_postgres::queries::push_tasks(conn, J::QUEUE, tasks)
                    .await
                    .map_err(|e| QueueError::Backend(e.to_string()))?;
            }
        }
        if due_now {
            tx.after_commit(|| super::wakeup::wake(J::QUEUE));
        }
        Ok(ids)
    }

    async fn push<J: Job>(
        &self,
        jobs: Vec<(&J, Option<String>)>,
        delay: Duration,
    ) -> Result<Vec<String>, QueueError> {
        let run_at = SystemTime::now() + delay;
        let (ids, tasks) = tasks_of(jobs.into_iter().map(|(job, key)| (job, key, run_at)))?;
        match &self.store {
            Store::Sqlite(pool) => {
                let mut tx = pool.begin_write().await.map_err(StoreError::from)?;
                apalis_sqlite::queries::push_tasks(&mut *tx, J::QUEUE, &tasks)
                    .await
                    .map_err(|e| QueueError::Backend(e.to_string()))?;
                tx.commit().await.map_err(StoreError::from)?;
            }
            Store::Postgres(pool) => {
                let mut conn = pool.acquire().await.map_err(StoreError::from)?;
                let pushed =
                    apalis_postgres::queries::push_tasks(&mut *conn, J::QUEUE, tasks).await;
                match pushed {
                    Ok(()) => {}
                    // Postgres has no ON CONFLICT in the library's insert: a taken key is
                    // the race we expected, and the caller looks the winner up.
                    Err(apalis_postgres::Error::Database(sqlx::Error::Database(db)))
                        if db.is_unique_violation() => {}
                    Err(err) => return Err(QueueError::Backend(err.to_string())),
                }
            }
        }
        if delay.is_zero() {
            super::wakeup::wake(J::QUEUE);
        }
        Ok(ids)
    }
}

/// A job as the library stores it: our envelope, encoded.
type LibraryTask = Task<Vec<u8>>;

/// The library's tasks for `jobs` (payload in our envelope, a fresh id, the attempts limit,
/// when to run, the idempotency key if any), with their ids.
fn tasks_of<'j, J: Job>(
    jobs: impl Iterator<Item = (&'j J, Option<String>, SystemTime)>,
) -> Result<(Vec<String>, Vec<LibraryTask>), QueueError> {
    let mut ids = Vec::new();
    let mut tasks = Vec::new();
    for (job, key, run_at) in jobs {
        let payload = serde_json::to_vec(&Envelope {
            v: J::VERSION,
            job: serde_json::to_value(job)?,
        })?;
        let id = Ulid::new().to_string();
        let mut builder = TaskBuilder::new(payload)
            .task_id(TaskId::from_string(id.clone()))
            .max_attempts(J::MAX_ATTEMPTS as usize)
            .run_at_timestamp(unix(run_at));
        if let Some(key) = key {
            builder = builder.idempotency_key(key);
        }
        tasks.push(builder.build());
        ids.push(id);
    }
    Ok((ids, tasks))
}

fn unix(time: SystemTime) -> u64 {
    time.duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or_default()
}
