-- Postgres only (the job library's fetch and ack indexes, see the Postgres file). SQLite's
-- queue keeps its rate as the table grows (README, issue 10).
SELECT 1;
