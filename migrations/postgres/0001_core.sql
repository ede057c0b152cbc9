-- Core tables of the foundation. The sqlite/ folder holds a file of the same name with the
-- same tables and columns, so one set of queries ($N placeholders) serves both databases.

-- SEC ticker directory (company_tickers_exchange.json), searched server-side.
CREATE TABLE tickers (
    ticker VARCHAR(10) PRIMARY KEY,
    cik BIGINT NOT NULL,
    name TEXT NOT NULL,
    exchange TEXT,
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX tickers_cik ON tickers (cik);
CREATE INDEX tickers_name_lower ON tickers (lower(name) text_pattern_ops);

-- Durable job progress written by handlers (the job library has no progress API).
CREATE TABLE job_progress (
    job_id TEXT PRIMARY KEY,
    queue TEXT NOT NULL,
    stage TEXT NOT NULL,
    percent INTEGER NOT NULL DEFAULT 0 CHECK (percent BETWEEN 0 AND 100),
    message TEXT NOT NULL DEFAULT '',
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
