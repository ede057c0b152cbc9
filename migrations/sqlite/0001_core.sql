-- Core tables of the foundation. The postgres/ folder holds a file of the same name with the
-- same tables and columns, so one set of queries ($N placeholders) serves both databases.

-- SEC ticker directory (company_tickers_exchange.json), searched server-side.
CREATE TABLE tickers (
    ticker TEXT PRIMARY KEY CHECK (length(ticker) <= 10),
    cik INTEGER NOT NULL,
    name TEXT NOT NULL,
    exchange TEXT,
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'))
);
CREATE INDEX tickers_cik ON tickers (cik);

-- Durable job progress written by handlers (the job library has no progress API).
CREATE TABLE job_progress (
    job_id TEXT PRIMARY KEY,
    queue TEXT NOT NULL,
    stage TEXT NOT NULL,
    percent INTEGER NOT NULL DEFAULT 0 CHECK (percent BETWEEN 0 AND 100),
    message TEXT NOT NULL DEFAULT '',
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'))
);
