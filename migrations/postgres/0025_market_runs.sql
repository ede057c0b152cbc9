-- Scoring every filer from SEC's nightly bulk files (the ScoreMarket job, jobs/docs/market.md).
-- A run: where it read the bulk files, how far its planner got (companies in CIK order up to
-- `planned_through_cik` are decided; `planned` once all are), and its counts. At most one
-- runs at a time.
CREATE TABLE market_runs (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    job_id TEXT NOT NULL UNIQUE,
    status VARCHAR(20) NOT NULL DEFAULT 'running',
    facts_path TEXT NOT NULL,
    submissions_path TEXT,
    planned BOOLEAN NOT NULL DEFAULT FALSE,
    planned_through_cik BIGINT NOT NULL DEFAULT -1,
    total INTEGER NOT NULL DEFAULT 0 CHECK (total >= 0),
    changed INTEGER NOT NULL DEFAULT 0 CHECK (changed >= 0),
    skipped_unchanged INTEGER NOT NULL DEFAULT 0 CHECK (skipped_unchanged >= 0),
    skipped_not_common INTEGER NOT NULL DEFAULT 0 CHECK (skipped_not_common >= 0),
    scored INTEGER NOT NULL DEFAULT 0 CHECK (scored >= 0),
    failed INTEGER NOT NULL DEFAULT 0 CHECK (failed >= 0),
    started_at TIMESTAMPTZ NOT NULL,
    finished_at TIMESTAMPTZ
);
CREATE UNIQUE INDEX market_runs_one_running ON market_runs (status) WHERE status = 'running';

-- One row per company a run scores (its child job), written with the child's job.
-- status: pending, running, scored, failed, cancelled.
CREATE TABLE market_run_items (
    run_id BIGINT NOT NULL REFERENCES market_runs (id) ON DELETE CASCADE,
    cik BIGINT NOT NULL,
    symbol VARCHAR(20) NOT NULL,
    fingerprint VARCHAR(64) NOT NULL,
    status VARCHAR(20) NOT NULL DEFAULT 'pending',
    score INTEGER CHECK (score BETWEEN 0 AND 100),
    error TEXT,
    updated_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (run_id, cik)
);
CREATE INDEX market_run_items_status ON market_run_items (run_id, status);

-- Each company's facts fingerprint as of its last stored score (or its last verdict that it
-- cannot be scored), written in the transaction that stores the score.
CREATE TABLE market_fingerprints (
    cik BIGINT PRIMARY KEY,
    fingerprint VARCHAR(64) NOT NULL,
    symbol VARCHAR(20) NOT NULL,
    outcome VARCHAR(20) NOT NULL,
    run_id BIGINT NOT NULL,
    recorded_at TIMESTAMPTZ NOT NULL
);
