//! Starting real `worker` processes against a test database and watching its jobs.

use std::{
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

use jobs::{
    store::{
        Store,
        apalis::{JobFilter, JobRecord, JobStatus},
    },
    testing::TestDb,
};

/// A `worker` process on the test database, killed when dropped.
pub struct WorkerProcess {
    pub child: Child,
}

impl WorkerProcess {
    pub fn start(db: &TestDb, args: &[&str]) -> WorkerProcess {
        WorkerProcess::start_with_env(db, args, &[])
    }

    pub fn start_with_env(db: &TestDb, args: &[&str], env: &[(&str, &str)]) -> WorkerProcess {
        let child = Command::new(env!("CARGO_BIN_EXE_worker"))
            .args(args)
            .env("DATABASE_URL", db.url.to_string())
            .env_remove("REDIS_URL")
            .env("RUST_LOG", "warn")
            .envs(env.iter().copied())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start the worker binary");
        WorkerProcess { child }
    }

    /// SIGKILL: the process gets no chance to clean up.
    pub fn kill_9(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// SIGTERM, as an orchestrator stopping the process.
    pub fn terminate(&self) {
        Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .expect("kill -TERM");
    }

    /// Waits up to `limit` for the process to exit; its status, or None if it still runs.
    pub fn wait_exit(&mut self, limit: Duration) -> Option<std::process::ExitStatus> {
        let started = Instant::now();
        while started.elapsed() < limit {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        None
    }
}

impl Drop for WorkerProcess {
    fn drop(&mut self) {
        self.kill_9();
    }
}

/// Every job of a queue.
pub async fn jobs_of(store: &Store, queue: &str) -> Vec<JobRecord> {
    store
        .list_jobs(&JobFilter {
            status: None,
            queue: Some(queue.into()),
            limit: 10_000,
        })
        .await
        .unwrap()
}

/// Polls until `done` holds for the queue's jobs, or panics after `limit` with the state.
pub async fn wait_for(
    store: &Store,
    queue: &str,
    limit: Duration,
    done: impl Fn(&[JobRecord]) -> bool,
) -> Vec<JobRecord> {
    let started = Instant::now();
    loop {
        let jobs = jobs_of(store, queue).await;
        if done(&jobs) {
            return jobs;
        }
        if started.elapsed() > limit {
            let summary: Vec<_> = jobs
                .iter()
                .map(|j| (j.status, j.attempts, j.error.clone()))
                .take(20)
                .collect();
            panic!("jobs of {queue} not done after {limit:?}: {summary:?}");
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

pub fn all_succeeded(jobs: &[JobRecord]) -> bool {
    jobs.iter().all(|j| j.status == JobStatus::Succeeded)
}
