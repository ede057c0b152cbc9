-- SQLite only: planner statistics for the job library's table (see sqlite/0004). Postgres
-- keeps real statistics through autovacuum, so this file intentionally does nothing.
SELECT 1;
