-- Scoring every filer from SEC's nightly bulk files (the ScoreMarket job, jobs/docs/market.md).
-- A run: where it read the bulk files, how far its planner got (companies in CIK order up to
-- `planned_through_cik` are decided; `planned` once all are), and its counts. At most one
-- runs at a time.
CREATE TABLE market_runs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    job_id TEXT NOT NULL UNIQUE,
    status TEXT NOT NULL DEFAULT 'running' CHECK (length(status) <= 20),
    facts_path TEXT NOT NULL,
    submissions_path TEXT,
    planned INTEGER NOT NULL DEFAULT 0 CHECK (planned IN (0, 1)),
    planned_through_cik INTEGER NOT NULL DEFAULT -1,
    total INTEGER NOT NULL DEFAULT 0 CHECK (total >= 0),
    changed INTEGER NOT NULL DEFAULT 0 CHECK (changed >= 0),
    skipped_unchanged INTEGER NOT NULL DEFAULT 0 CHECK (skipped_unchanged >= 0),
    skipped_not_common INTEGER NOT NULL DEFAULT 0 CHECK (skipped_not_common >= 0),
    scored INTEGER NOT NULL DEFAULT 0 CHECK (scored >= 0),
    failed INTEGER NOT NULL DEFAULT 0 CHECK (failed >= 0),
    started_at TEXT NOT NULL,
    finished_at TEXT
) STRICT;
CREATE UNIQUE INDEX market_runs_one_running ON market_runs (status) WHERE status = 'running';

-- One row per company a run scores (its child job), written with the child's job.
-- status: pending, running, scored, failed, cancelled.
CREATE TABLE market_run_items (
    run_id INTEGER NOT NULL REFERENCES market_runs (id) ON DELETE CASCADE,
    cik INTEGER NOT NULL,
    symbol TEXT NOT NULL CHECK (length(symbol) <= 20),
    fingerprint TEXT NOT NULL CHECK (length(fingerprint) <= 64),
    status TEXT NOT NULL DEFAULT 'pending' CHECK (length(status) <= 20),
    score INTEGER CHECK (score BETWEEN 0 AND 100),
    error TEXT,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (run_id, cik)
) STRICT;
CREATE INDEX market_run_items_status ON market_run_items (run_id, status);

-- Each company's facts fingerprint as of its last stored score (or its last verdict that it
-- cannot be scored), written in the transaction that stores the score.
CREATE TABLE market_fingerprints (
    cik INTEGER PRIMARY KEY,
    fingerprint TEXT NOT NULL CHECK (length(fingerprint) <= 64),
    symbol TEXT NOT NULL CHECK (length(symbol) <= 20),
    outcome TEXT NOT NULL CHECK (length(outcome) <= 20),
    run_id INTEGER NOT NULL,
    recorded_at TEXT NOT NULL
) STRICT;
