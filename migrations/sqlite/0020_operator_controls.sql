-- What `worker` operator commands write and workers honour.
--
-- paused_queues: a queue listed here is held: no worker claims its jobs until it is resumed
-- (jobs already running finish). The hold is a trigger on the job library's claim (the
-- status change of a waiting job to Queued or Running), so every worker honours it on its
-- next poll, whatever its version of the poll loop. A later library version that claims
-- jobs another way must be re-checked against this trigger (store/apalis.rs pins the version).
CREATE TABLE paused_queues (
    queue TEXT PRIMARY KEY NOT NULL,
    paused_at BIGINT NOT NULL
);

CREATE TRIGGER hold_paused_queues
BEFORE UPDATE OF status ON Jobs
WHEN NEW.status IN ('Queued', 'Running')
    AND OLD.status IN ('Pending', 'Failed')
    AND EXISTS (SELECT 1 FROM paused_queues WHERE queue = NEW.job_type)
BEGIN
    SELECT RAISE(IGNORE);
END;

-- job_cancellations: an operator asked a running job to stop; the job stops at its next
-- progress report (or before it starts, if a worker already claimed it).
CREATE TABLE job_cancellations (
    job_id TEXT PRIMARY KEY NOT NULL,
    reason TEXT NOT NULL,
    requested_at BIGINT NOT NULL
);

-- worker_processes: one row per running `worker` process, its heartbeat written every few
-- seconds, removed on a clean stop (`worker workers`, `worker health`). Unix seconds.
CREATE TABLE worker_processes (
    name TEXT PRIMARY KEY NOT NULL,
    host TEXT NOT NULL,
    pid BIGINT NOT NULL,
    version TEXT NOT NULL,
    queues TEXT NOT NULL,
    started_at BIGINT NOT NULL,
    last_seen BIGINT NOT NULL
);
