-- The job library's fetch and ack slowed down as the job table grew. Measured with
-- pg_stat_statements over a 100k no-op burn-down (queue-bench, one worker, concurrency 24):
-- `get_jobs` read 31,687 buffers a call (54 ms; 594 at 5k jobs) and the ack 2,506 (24 ms).
--
-- The fetch: `apalis.get_jobs` is a SQL function, so its UPDATE is planned without knowing
-- its LIMIT (a parameter); the planner then expects thousands of rows from the locking
-- subquery and joins them to `apalis.jobs` with a hash join over a sequential scan of the
-- whole table, every finished job's row versions included, on every fetch. The same
-- statement with `id = ANY (ARRAY(...))` is planned as primary-key lookups whatever the
-- estimate (EXPLAIN of the generic plan at 66k pending jobs: 577 buffers, 1 ms). Same
-- signature, same rows locked, same order of choice (priority, then run_at), same result.
CREATE OR REPLACE FUNCTION apalis.get_jobs(
    worker_id TEXT,
    v_job_type TEXT,
    v_job_count INTEGER DEFAULT 5
)
RETURNS SETOF apalis.jobs
LANGUAGE sql
VOLATILE
AS $$
    UPDATE apalis.jobs
    SET
        status = 'Queued',
        lock_by = worker_id,
        lock_at = now()
    WHERE id = ANY (ARRAY(
        SELECT id
        FROM apalis.jobs
        WHERE
            (
                status = 'Pending'
                OR (
                    status = 'Failed'
                    AND attempts < max_attempts
                )
            )
            AND run_at < now()
            AND job_type = v_job_type
        ORDER BY priority DESC, run_at ASC
        LIMIT v_job_count
        FOR UPDATE SKIP LOCKED
    ))
    RETURNING *;
$$;

-- The ack (`handle_result.sql`) finds its jobs by id among those `lock_by = worker`, and the
-- planner chose `idx_apalis_jobs_lock_by`: every job the worker ever ran, a growing scan per
-- ack. Only jobs in flight need finding by worker (the library's orphan re-enqueue and our
-- `Store::hand_back_jobs`, both filtered to Queued/Running), so the index holds only those,
-- and the ack goes by primary key (measured: 205-252 buffers, 0.3-0.6 ms a call at 100k).
DROP INDEX IF EXISTS apalis.idx_apalis_jobs_lock_by;
CREATE INDEX IF NOT EXISTS idx_jobs_in_flight_by_worker ON apalis.jobs (lock_by)
    WHERE status = 'Queued' OR status = 'Running';

-- Both replace library objects. The library's migrations always run before ours and each
-- only once; a later library version that changes `get_jobs` again must be re-checked
-- against this file (store/apalis.rs pins the version and names the files to re-check).
