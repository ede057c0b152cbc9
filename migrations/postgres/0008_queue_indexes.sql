-- The job library's first migration created indexes that its later ones duplicated, and
-- every job insert and status change pays for each: `unique_job_id` repeats `jobs_pkey`,
-- `lidx` repeats `idx_apalis_jobs_lock_by`; on the workers table `wtidx` and `lsidx` repeat
-- `idx_apalis_workers_worker_type` and `idx_apalis_workers_last_seen`. (`unique_worker_id`
-- stays: the library's foreign key from jobs.lock_by is bound to it.) The library's migrations always run before ours and never
-- run twice, and `IF EXISTS` keeps this harmless should a later version drop them itself
-- (store/apalis.rs pins the version, and its test names this file as one to re-check).
DROP INDEX IF EXISTS apalis.unique_job_id;
DROP INDEX IF EXISTS apalis.lidx;
DROP INDEX IF EXISTS apalis.wtidx;
DROP INDEX IF EXISTS apalis.lsidx;
