-- Schedules (issue 13). `scheduled_jobs.times` are wall-clock HH:MM in America/New_York (the
-- exchange's zone, so generated market hours 09:30-16:00 are the session; 0002's comment said
-- Los Angeles before this was settled); next_run_time and last_run_time are instants (UTC).
-- last_outcome: what the last firing did; last_batch_id: the batch it started.
ALTER TABLE scheduled_jobs ADD COLUMN last_outcome TEXT;
ALTER TABLE scheduled_jobs ADD COLUMN last_batch_id INTEGER;

-- The tick a scheduled batch was fired for: one batch per schedule and tick, whatever the
-- number of schedulers and workers (NULL for manual batches and Run Now).
ALTER TABLE batch_runs ADD COLUMN schedule_tick TEXT;
CREATE UNIQUE INDEX batch_runs_schedule_tick ON batch_runs (schedule_id, schedule_tick);
