-- What the admin Jobs page shows that the job library does not keep (Unix seconds).
--
-- job_attempts: one row per failed run of a job, written by the runner when the run ends, so
-- a job's earlier errors survive the next run (the library keeps only the last result).
CREATE TABLE job_attempts (
    job_id TEXT NOT NULL,
    attempt BIGINT NOT NULL,
    error TEXT NOT NULL,
    failed_at BIGINT NOT NULL,
    PRIMARY KEY (job_id, attempt)
);

-- job_origins: who queued a job from which admin screen (an admin action such as "Sync
-- Feeds Now"), written when the API queues it; jobs queued by the scheduler, a visitor's page
-- or a batch have none.
CREATE TABLE job_origins (
    job_id TEXT PRIMARY KEY NOT NULL,
    started_by TEXT NOT NULL,
    screen TEXT NOT NULL,
    action TEXT NOT NULL,
    queued_at BIGINT NOT NULL
);
