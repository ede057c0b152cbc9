-- Postgres only: drops the job library's duplicate indexes there (see postgres/0008). The
-- SQLite queue keeps its indexes, so this file intentionally does nothing.
SELECT 1;
