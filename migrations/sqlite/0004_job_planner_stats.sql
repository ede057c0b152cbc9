-- Planner statistics for the job library's `Jobs` table.
--
-- Without statistics SQLite plans the library's lock and ack statements
-- (`... WHERE id IN (...) AND (status = ... OR ...)` and `... FROM j WHERE Jobs.id = j.task_id
-- AND lock_by = ?`) through the status and lock_by indexes, scanning every pending job or every
-- job a worker ever ran, so throughput fell as the table grew (about 80 jobs/s at 100k rows).
-- These rows are what `ANALYZE` records on a realistic 100k-job table (lock_by and status
-- unselective, id unique); with them every statement above uses the primary key. They are
-- fixed on purpose: an ANALYZE of a young, nearly empty table would teach the planner the
-- opposite. The Postgres side needs nothing (autovacuum keeps real statistics).
ANALYZE;
DELETE FROM sqlite_stat1 WHERE tbl = 'Jobs';
INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES
    ('Jobs', 'sqlite_autoindex_Jobs_1', '100000 1'),
    ('Jobs', 'LIdx', '100000 12500'),
    ('Jobs', 'idx_jobs_status_run_at', '100000 25000 1'),
    ('Jobs', 'idx_jobs_job_type_status_run_at', '100000 25000 10000 1'),
    ('Jobs', 'idx_jobs_idempotency_key', '100000 25000 1'),
    ('Jobs', 'idx_jobs_claimable', '35000 17500 5834'),
    ('Jobs', 'idx_jobs_failed', '5000 5000 5000 1 1'),
    ('Jobs', 'idx_jobs_pending', '30000 7500 7500 1 1'),
    ('Jobs', 'idx_jobs_running', '5000 1'),
    ('Jobs', 'idx_jobs_completed_done_at', '60000 60000 1 1');
-- Load them into this connection now; new connections read them when they open.
ANALYZE sqlite_schema;
