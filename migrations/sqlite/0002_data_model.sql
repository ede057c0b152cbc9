-- Data model of Ask Bubba (spec 001 section 3, spec 000 section 3, DESIGN.md), SQLite side.
--
-- postgres/0002_data_model.sql creates the same tables with the same column names in the same
-- order, so one set of queries with $N placeholders serves both databases. Keep them in step:
-- a change here needs the same change there (see migrations/README.md for the type mapping).
--
-- SQLite conventions used below:
--   * STRICT tables, so a value of the wrong type is refused as Postgres would refuse it.
--   * Lengths: VARCHAR(n) on Postgres is CHECK (length(col) <= n) here.
--   * Booleans: INTEGER 0/1 with CHECK (sqlx decodes them as bool).
--   * Timestamps: TEXT, RFC 3339 UTC. Defaults end in '+00:00', the suffix sqlx writes for a
--     bound DateTime<Utc>, so text order equals time order for every stored value.
--   * Dates: TEXT 'YYYY-MM-DD', checked with date(x, '+0 days'), which normalises, so an
--     impossible date such as '2025-02-30' is refused as Postgres DATE refuses it.
--   * JSON: TEXT checked with json_valid() and json_type() (Postgres: JSONB).
--   * Ids: INTEGER PRIMARY KEY AUTOINCREMENT (Postgres: BIGINT identity); decode as i64.
--     Other integers decode as i32 on both (Postgres INTEGER).

-- Accounts. `username` is what the user signs in with (the app lowercases it; password-reset
-- mail goes to it). `password` holds an argon2id PHC string, never the password.
CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    username TEXT NOT NULL CONSTRAINT users_username_key UNIQUE,
    password TEXT NOT NULL,
    birthday TEXT,
    terms_accepted_at TEXT NOT NULL,
    privacy_accepted_at TEXT NOT NULL,
    parental_consent_at TEXT,
    parent_name TEXT,
    parent_email TEXT,
    parent_signature TEXT,
    child_name TEXT,
    is_paid_user INTEGER NOT NULL DEFAULT 0 CHECK (is_paid_user IN (0, 1)),
    paid_since TEXT,
    subscription_tier TEXT,
    stripe_customer_id TEXT,
    purchased_queries INTEGER NOT NULL DEFAULT 0 CHECK (purchased_queries >= 0),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'))
) STRICT;

-- `token` stores the SHA-256 (hex) of the mailed token, never the token itself.
CREATE TABLE password_reset_tokens (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token TEXT NOT NULL CONSTRAINT password_reset_tokens_token_key UNIQUE,
    expires_at TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    used_at TEXT
) STRICT;
CREATE INDEX password_reset_tokens_user_id ON password_reset_tokens (user_id);

CREATE TABLE stock_views (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    symbol TEXT NOT NULL CHECK (length(symbol) <= 10),
    viewed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'))
) STRICT;
CREATE INDEX stock_views_symbol_viewed_at ON stock_views (symbol, viewed_at);
CREATE INDEX stock_views_user_id_viewed_at ON stock_views (user_id, viewed_at);

-- The plain-text analysis answer of GET /api/analyze-stock/{ticker}, per symbol.
CREATE TABLE python_analysis_cache (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    symbol TEXT NOT NULL CHECK (length(symbol) <= 10)
        CONSTRAINT python_analysis_cache_symbol_key UNIQUE,
    success INTEGER NOT NULL DEFAULT 1 CHECK (success IN (0, 1)),
    data TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'))
) STRICT;

-- Signed-in users' analysis counter (daily cap of 25).
CREATE TABLE api_usage (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    count INTEGER NOT NULL DEFAULT 1,
    reset_date TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    reset_date_only TEXT
) STRICT;
CREATE INDEX api_usage_user_id ON api_usage (user_id);

-- Anonymous trial (3 analyses) per client-generated session id.
CREATE TABLE anonymous_searches (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id TEXT NOT NULL CONSTRAINT anonymous_searches_session_id_key UNIQUE,
    search_count INTEGER NOT NULL DEFAULT 0 CHECK (search_count >= 0),
    last_search_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'))
) STRICT;

-- Admin-edited notes: 14 text sections (stored wrapped in double quotes) and the 10-K date.
CREATE TABLE stock_analysis (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    symbol TEXT NOT NULL CHECK (length(symbol) <= 10) CONSTRAINT stock_analysis_symbol_key UNIQUE,
    company_overview TEXT,
    revenue_streams TEXT,
    market_growth TEXT,
    risk_factors TEXT,
    financial_performance TEXT,
    debt_obligations TEXT,
    covenants TEXT,
    management_discussion TEXT,
    key_performance TEXT,
    competitive_landscape TEXT,
    future_outlook TEXT,
    legal_proceedings TEXT,
    supplier_power TEXT,
    overall_assessment TEXT,
    ten_k_date TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'))
) STRICT;

CREATE TABLE ai_chat_sessions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    stock_symbol TEXT CHECK (length(stock_symbol) <= 10),
    session_title TEXT CHECK (length(session_title) <= 200),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'))
) STRICT;
CREATE INDEX ai_chat_sessions_user_id ON ai_chat_sessions (user_id, updated_at);

CREATE TABLE ai_chat_messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id INTEGER NOT NULL REFERENCES ai_chat_sessions (id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (length(role) <= 20),
    content TEXT NOT NULL,
    timestamp TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'))
) STRICT;
CREATE INDEX ai_chat_messages_session_id ON ai_chat_messages (session_id, timestamp);

-- Chat query allowance per user and month ('YYYY-MM').
CREATE TABLE user_api_usage (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    month TEXT NOT NULL CHECK (length(month) <= 7
        AND month GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]'
        AND substr(month, 6, 2) BETWEEN '01' AND '12'),
    queries_used INTEGER NOT NULL DEFAULT 0 CHECK (queries_used >= 0),
    queries_limit INTEGER NOT NULL DEFAULT 50 CHECK (queries_limit >= 0),
    last_reset_date TEXT,
    CONSTRAINT user_api_usage_user_id_month_key UNIQUE (user_id, month)
) STRICT;

CREATE TABLE ai_query_packages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT CHECK (length(name) <= 100),
    query_count INTEGER CHECK (query_count >= 0),
    price_in_cents INTEGER CHECK (price_in_cents >= 0),
    is_active INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'))
) STRICT;

-- One row per stock and quarter ('2025-Q3'), for the quarterly trends. A question without
-- enough data is NULL, never 0.
CREATE TABLE ai_stock_analysis_data (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    stock_symbol TEXT NOT NULL CHECK (length(stock_symbol) <= 10),
    company_name TEXT,
    industry TEXT,
    sector TEXT,
    overall_score INTEGER CHECK (overall_score BETWEEN 0 AND 100),
    q1_revenue_growth INTEGER CHECK (q1_revenue_growth BETWEEN 0 AND 10),
    q2_revenue_vs_expense INTEGER CHECK (q2_revenue_vs_expense BETWEEN 0 AND 10),
    q3_earnings INTEGER CHECK (q3_earnings BETWEEN 0 AND 10),
    q4_margin INTEGER CHECK (q4_margin BETWEEN 0 AND 10),
    q5_cash_flow INTEGER CHECK (q5_cash_flow BETWEEN 0 AND 10),
    q6_debt INTEGER CHECK (q6_debt BETWEEN 0 AND 10),
    q7_yield_comparison INTEGER CHECK (q7_yield_comparison BETWEEN 0 AND 10),
    q8_forward_returns INTEGER CHECK (q8_forward_returns BETWEEN 0 AND 10),
    q9_price_ratios INTEGER CHECK (q9_price_ratios BETWEEN 0 AND 10),
    q10_ownership_dilution INTEGER CHECK (q10_ownership_dilution BETWEEN 0 AND 10),
    q11_ownership_structure INTEGER CHECK (q11_ownership_structure BETWEEN 0 AND 10),
    q12_short_seller INTEGER CHECK (q12_short_seller BETWEEN 0 AND 10),
    analysis_quarter TEXT NOT NULL CHECK (length(analysis_quarter) <= 10),
    analysis_date TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    CONSTRAINT ai_stock_analysis_data_symbol_quarter_key UNIQUE (stock_symbol, analysis_quarter)
) STRICT;
CREATE INDEX ai_stock_analysis_data_quarter ON ai_stock_analysis_data (analysis_quarter);

-- Chat credits: 50 free at sign-up, then purchased packs. The CHECKs are the last guard
-- against an overdraft when two requests spend at once.
CREATE TABLE user_ai_credits (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE
        CONSTRAINT user_ai_credits_user_id_key UNIQUE,
    free_queries_used INTEGER NOT NULL DEFAULT 0 CHECK (free_queries_used >= 0),
    purchased_credits_remaining INTEGER NOT NULL DEFAULT 0
        CHECK (purchased_credits_remaining >= 0),
    total_queries_purchased INTEGER NOT NULL DEFAULT 0 CHECK (total_queries_purchased >= 0),
    last_used_at TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'))
) STRICT;

CREATE TABLE ai_chat_history (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    stock_symbol TEXT CHECK (length(stock_symbol) <= 10),
    user_question TEXT,
    ai_response TEXT,
    tokens_used INTEGER,
    model_used TEXT CHECK (length(model_used) <= 50),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'))
) STRICT;
CREATE INDEX ai_chat_history_user_id ON ai_chat_history (user_id, created_at);

CREATE TABLE ai_usage_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    stock_symbol TEXT CHECK (length(stock_symbol) <= 10),
    query_type TEXT CHECK (length(query_type) <= 20),
    tokens_used INTEGER,
    cost_in_cents INTEGER,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'))
) STRICT;
CREATE INDEX ai_usage_log_user_id ON ai_usage_log (user_id, created_at);

-- Stripe Checkout sessions. Crediting is idempotent per stripe_session_id.
CREATE TABLE chat_query_purchases (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    stripe_session_id TEXT NOT NULL CONSTRAINT chat_query_purchases_stripe_session_id_key UNIQUE,
    stripe_payment_intent_id TEXT,
    tier_id TEXT CHECK (length(tier_id) <= 20),
    queries_count INTEGER CHECK (queries_count >= 0),
    price_in_cents INTEGER CHECK (price_in_cents >= 0),
    status TEXT NOT NULL DEFAULT 'pending' CHECK (length(status) <= 20),
    expires_at TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'))
) STRICT;
CREATE INDEX chat_query_purchases_user_id ON chat_query_purchases (user_id);

-- Uploaded or fetched filings; `content` is the extracted text, sizes are in bytes.
CREATE TABLE rag_documents (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    symbol TEXT NOT NULL CHECK (length(symbol) <= 10),
    file_name TEXT NOT NULL CHECK (length(file_name) <= 255),
    file_type TEXT CHECK (length(file_type) <= 50),
    content TEXT,
    original_size INTEGER CHECK (original_size >= 0),
    extracted_size INTEGER CHECK (extracted_size >= 0),
    filing_date TEXT CHECK (filing_date IS date(filing_date, '+0 days')),
    uploaded_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    CONSTRAINT rag_documents_symbol_file_name_key UNIQUE (symbol, file_name)
) STRICT;

-- Document chunks for full-text retrieval. Postgres has one more column at the end
-- (search_vector, a generated tsvector); here the index is the FTS5 table below.
CREATE TABLE rag_chunks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    document_id INTEGER NOT NULL REFERENCES rag_documents (id) ON DELETE CASCADE,
    symbol TEXT NOT NULL CHECK (length(symbol) <= 10),
    ordinal INTEGER NOT NULL CHECK (ordinal >= 0),
    content TEXT NOT NULL,
    CONSTRAINT rag_chunks_document_id_ordinal_key UNIQUE (document_id, ordinal)
) STRICT;
CREATE INDEX rag_chunks_symbol ON rag_chunks (symbol);

-- External-content FTS5 index over rag_chunks (rowid = rag_chunks.id), kept in sync by the
-- triggers; they also fire for rows removed by the cascade from rag_documents.
CREATE VIRTUAL TABLE rag_chunks_fts USING fts5(
    content,
    symbol UNINDEXED,
    content = 'rag_chunks',
    content_rowid = 'id',
    tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER rag_chunks_fts_insert AFTER INSERT ON rag_chunks BEGIN
    INSERT INTO rag_chunks_fts (rowid, content, symbol) VALUES (new.id, new.content, new.symbol);
END;
CREATE TRIGGER rag_chunks_fts_delete AFTER DELETE ON rag_chunks BEGIN
    INSERT INTO rag_chunks_fts (rag_chunks_fts, rowid, content, symbol)
    VALUES ('delete', old.id, old.content, old.symbol);
END;
CREATE TRIGGER rag_chunks_fts_update AFTER UPDATE ON rag_chunks BEGIN
    INSERT INTO rag_chunks_fts (rag_chunks_fts, rowid, content, symbol)
    VALUES ('delete', old.id, old.content, old.symbol);
    INSERT INTO rag_chunks_fts (rowid, content, symbol) VALUES (new.id, new.content, new.symbol);
END;

-- The structured analysis record (metrics with provenance, 12 scores, charts, comments) that
-- both the JSON and the plain-text answers are rendered from. `score` is NULL when no
-- question could be answered.
CREATE TABLE stock_analysis_records (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    symbol TEXT NOT NULL CHECK (length(symbol) <= 10)
        CONSTRAINT stock_analysis_records_symbol_key UNIQUE,
    company_name TEXT,
    record TEXT NOT NULL CHECK (json_valid(record) AND json_type(record) = 'object'),
    score INTEGER CHECK (score BETWEEN 0 AND 100),
    answered_questions INTEGER NOT NULL DEFAULT 0 CHECK (answered_questions BETWEEN 0 AND 12),
    latest_filing_accession TEXT,
    computed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'))
) STRICT;
CREATE INDEX stock_analysis_records_score ON stock_analysis_records (score);

-- Symbols an anonymous session has analysed: re-opening one does not use another try.
CREATE TABLE anonymous_search_symbols (
    session_id TEXT NOT NULL REFERENCES anonymous_searches (session_id) ON DELETE CASCADE,
    symbol TEXT NOT NULL CHECK (length(symbol) <= 10),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    PRIMARY KEY (session_id, symbol)
) STRICT;

-- Per-IP ceiling on anonymous analyses, per UTC day ('YYYY-MM-DD').
CREATE TABLE anonymous_ip_usage (
    ip TEXT NOT NULL,
    day TEXT NOT NULL CHECK (day IS date(day, '+0 days')),
    symbols INTEGER NOT NULL DEFAULT 0 CHECK (symbols >= 0),
    PRIMARY KEY (ip, day)
) STRICT;
CREATE INDEX anonymous_ip_usage_day ON anonymous_ip_usage (day);

-- Home-page content feed, synced from configured RSS/Atom feeds.
CREATE TABLE content_items (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    title TEXT NOT NULL,
    description TEXT,
    url TEXT NOT NULL CONSTRAINT content_items_url_key UNIQUE,
    thumbnail TEXT,
    type TEXT NOT NULL CHECK (type IN ('substack', 'youtube', 'instagram')),
    platform TEXT,
    published_at TEXT,
    read_time TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'))
) STRICT;
CREATE INDEX content_items_published_at ON content_items (published_at);

CREATE TABLE bug_reports (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    email TEXT NOT NULL,
    subject TEXT NOT NULL,
    description TEXT NOT NULL,
    user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'))
) STRICT;
CREATE INDEX bug_reports_user_id ON bug_reports (user_id);

-- Outgoing mail, written in the same transaction as the change that causes it; a job sends it.
CREATE TABLE email_outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    to_address TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    kind TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    sent_at TEXT,
    error TEXT,
    attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0)
) STRICT;
CREATE INDEX email_outbox_sent_at ON email_outbox (sent_at);

-- Login sessions (our own session store). `user_id` lets a password reset end every session.
CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    data BLOB NOT NULL,
    expiry_date TEXT NOT NULL,
    user_id INTEGER REFERENCES users (id) ON DELETE CASCADE
) STRICT;
CREATE INDEX sessions_expiry_date ON sessions (expiry_date);
CREATE INDEX sessions_user_id ON sessions (user_id);

-- Admin schedules. days_of_week: JSON array of 0-6 (Sunday 0); times: JSON array of 'HH:MM'
-- (America/Los_Angeles); selected_stocks: JSON array of symbols.
CREATE TABLE scheduled_jobs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    selected_stocks TEXT NOT NULL DEFAULT '[]'
        CHECK (json_valid(selected_stocks) AND json_type(selected_stocks) = 'array'),
    frequency TEXT NOT NULL CHECK (frequency IN ('daily', 'weekly', 'hourly', 'custom')),
    days_of_week TEXT NOT NULL DEFAULT '[]'
        CHECK (json_valid(days_of_week) AND json_type(days_of_week) = 'array'),
    times TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(times) AND json_type(times) = 'array'),
    is_enabled INTEGER NOT NULL DEFAULT 1 CHECK (is_enabled IN (0, 1)),
    market_hours_only INTEGER NOT NULL DEFAULT 0 CHECK (market_hours_only IN (0, 1)),
    interval_minutes INTEGER CHECK (interval_minutes > 0),
    next_run_time TEXT,
    last_run_time TEXT,
    created_by TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'))
) STRICT;
CREATE INDEX scheduled_jobs_due ON scheduled_jobs (is_enabled, next_run_time);

-- A batch analysis run. status: 'running', then 'completed', 'stopped' or 'failed'.
CREATE TABLE batch_runs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    symbols TEXT NOT NULL CHECK (json_valid(symbols) AND json_type(symbols) = 'array'),
    delay_seconds INTEGER NOT NULL DEFAULT 30 CHECK (delay_seconds >= 0),
    status TEXT NOT NULL DEFAULT 'running' CHECK (length(status) <= 20),
    completed_tickers INTEGER NOT NULL DEFAULT 0 CHECK (completed_tickers >= 0),
    total_tickers INTEGER NOT NULL DEFAULT 0 CHECK (total_tickers >= 0),
    current_ticker TEXT CHECK (length(current_ticker) <= 10),
    started_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    completed_at TEXT,
    error_message TEXT,
    created_by TEXT,
    schedule_id INTEGER REFERENCES scheduled_jobs (id) ON DELETE SET NULL
) STRICT;
-- At most one running batch, enforced by the database across API replicas.
CREATE UNIQUE INDEX batch_runs_one_running ON batch_runs (status) WHERE status = 'running';
CREATE INDEX batch_runs_completed_at ON batch_runs (completed_at);
CREATE INDEX batch_runs_schedule_id ON batch_runs (schedule_id);

-- One row per symbol of a batch. status: 'pending', 'running', 'completed', 'failed',
-- 'cancelled'.
CREATE TABLE batch_run_items (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    batch_run_id INTEGER NOT NULL REFERENCES batch_runs (id) ON DELETE CASCADE,
    symbol TEXT NOT NULL CHECK (length(symbol) <= 10),
    job_id TEXT,
    status TEXT NOT NULL DEFAULT 'pending' CHECK (length(status) <= 20),
    score INTEGER CHECK (score BETWEEN 0 AND 100),
    error TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    CONSTRAINT batch_run_items_batch_run_id_symbol_key UNIQUE (batch_run_id, symbol)
) STRICT;
CREATE INDEX batch_run_items_job_id ON batch_run_items (job_id);

-- Generated newsletters. settings: {length, readerLevel, analystAttitude, format,
-- includeCharts}; stocks: JSON array of symbols; chart_urls: JSON array of URLs.
CREATE TABLE newsletters (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    title TEXT NOT NULL,
    content TEXT NOT NULL,
    settings TEXT NOT NULL DEFAULT '{}'
        CHECK (json_valid(settings) AND json_type(settings) = 'object'),
    stocks TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(stocks) AND json_type(stocks) = 'array'),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    chart_urls TEXT NOT NULL DEFAULT '[]'
        CHECK (json_valid(chart_urls) AND json_type(chart_urls) = 'array'),
    prompt TEXT,
    created_by TEXT
) STRICT;
CREATE INDEX newsletters_created_at ON newsletters (created_at);
