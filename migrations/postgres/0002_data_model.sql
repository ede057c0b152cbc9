-- Data model of Ask Bubba (spec 001 section 3, spec 000 section 3, DESIGN.md), Postgres side.
--
-- sqlite/0002_data_model.sql creates the same tables with the same column names in the same
-- order, so one set of queries with $N placeholders serves both databases. Keep them in step:
-- a change here needs the same change there (see migrations/README.md for the type mapping).
-- The one Postgres-only column is rag_chunks.search_vector (last column); SQLite indexes the
-- chunks with the FTS5 table rag_chunks_fts instead.
--
-- Postgres conventions used below:
--   * Ids: BIGINT GENERATED ALWAYS AS IDENTITY (Rust i64); foreign keys BIGINT.
--   * Every other integer is INTEGER (Rust i32); SQLite INTEGER decodes as either.
--   * Timestamps TIMESTAMPTZ DEFAULT now(); dates DATE; JSON is JSONB (bind sqlx Json<T>).
--   * Lengths VARCHAR(n); SQLite checks the same limits with CHECK (length(col) <= n).

-- Accounts. `username` is what the user signs in with (the app lowercases it; password-reset
-- mail goes to it). `password` holds an argon2id PHC string, never the password.
CREATE TABLE users (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    username TEXT NOT NULL CONSTRAINT users_username_key UNIQUE,
    password TEXT NOT NULL,
    birthday TIMESTAMPTZ,
    terms_accepted_at TIMESTAMPTZ NOT NULL,
    privacy_accepted_at TIMESTAMPTZ NOT NULL,
    parental_consent_at TIMESTAMPTZ,
    parent_name TEXT,
    parent_email TEXT,
    parent_signature TEXT,
    child_name TEXT,
    is_paid_user BOOLEAN NOT NULL DEFAULT false,
    paid_since TIMESTAMPTZ,
    subscription_tier TEXT,
    stripe_customer_id TEXT,
    purchased_queries INTEGER NOT NULL DEFAULT 0 CHECK (purchased_queries >= 0),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- `token` stores the SHA-256 (hex) of the mailed token, never the token itself.
CREATE TABLE password_reset_tokens (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token TEXT NOT NULL CONSTRAINT password_reset_tokens_token_key UNIQUE,
    expires_at TIMESTAMPTZ NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    used_at TIMESTAMPTZ
);
CREATE INDEX password_reset_tokens_user_id ON password_reset_tokens (user_id);

CREATE TABLE stock_views (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    symbol VARCHAR(10) NOT NULL,
    viewed_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX stock_views_symbol_viewed_at ON stock_views (symbol, viewed_at);
CREATE INDEX stock_views_user_id_viewed_at ON stock_views (user_id, viewed_at);

-- The plain-text analysis answer of GET /api/analyze-stock/{ticker}, per symbol.
CREATE TABLE python_analysis_cache (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    symbol VARCHAR(10) NOT NULL CONSTRAINT python_analysis_cache_symbol_key UNIQUE,
    success BOOLEAN NOT NULL DEFAULT true,
    data TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Signed-in users' analysis counter (daily cap of 25).
CREATE TABLE api_usage (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    count INTEGER NOT NULL DEFAULT 1,
    reset_date TIMESTAMPTZ NOT NULL DEFAULT now(),
    reset_date_only TIMESTAMPTZ
);
CREATE INDEX api_usage_user_id ON api_usage (user_id);

-- Anonymous trial (3 analyses) per client-generated session id.
CREATE TABLE anonymous_searches (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    session_id TEXT NOT NULL CONSTRAINT anonymous_searches_session_id_key UNIQUE,
    search_count INTEGER NOT NULL DEFAULT 0 CHECK (search_count >= 0),
    last_search_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Admin-edited notes: 14 text sections (stored wrapped in double quotes) and the 10-K date.
CREATE TABLE stock_analysis (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    symbol VARCHAR(10) NOT NULL CONSTRAINT stock_analysis_symbol_key UNIQUE,
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
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE ai_chat_sessions (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    stock_symbol VARCHAR(10),
    session_title VARCHAR(200),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX ai_chat_sessions_user_id ON ai_chat_sessions (user_id, updated_at);

CREATE TABLE ai_chat_messages (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    session_id BIGINT NOT NULL REFERENCES ai_chat_sessions (id) ON DELETE CASCADE,
    role VARCHAR(20) NOT NULL,
    content TEXT NOT NULL,
    timestamp TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX ai_chat_messages_session_id ON ai_chat_messages (session_id, timestamp);

-- Chat query allowance per user and month ('YYYY-MM').
CREATE TABLE user_api_usage (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    month VARCHAR(7) NOT NULL CHECK (month ~ '^[0-9]{4}-[0-9]{2}$'
        AND substr(month, 6, 2) BETWEEN '01' AND '12'),
    queries_used INTEGER NOT NULL DEFAULT 0 CHECK (queries_used >= 0),
    queries_limit INTEGER NOT NULL DEFAULT 50 CHECK (queries_limit >= 0),
    last_reset_date TIMESTAMPTZ,
    CONSTRAINT user_api_usage_user_id_month_key UNIQUE (user_id, month)
);

CREATE TABLE ai_query_packages (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name VARCHAR(100),
    query_count INTEGER CHECK (query_count >= 0),
    price_in_cents INTEGER CHECK (price_in_cents >= 0),
    is_active BOOLEAN NOT NULL DEFAULT true,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- One row per stock and quarter ('2025-Q3'), for the quarterly trends. A question without
-- enough data is NULL, never 0.
CREATE TABLE ai_stock_analysis_data (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    stock_symbol VARCHAR(10) NOT NULL,
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
    analysis_quarter VARCHAR(10) NOT NULL,
    analysis_date TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT ai_stock_analysis_data_symbol_quarter_key UNIQUE (stock_symbol, analysis_quarter)
);
CREATE INDEX ai_stock_analysis_data_quarter ON ai_stock_analysis_data (analysis_quarter);

-- Chat credits: 50 free at sign-up, then purchased packs. The CHECKs are the last guard
-- against an overdraft when two requests spend at once.
CREATE TABLE user_ai_credits (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE
        CONSTRAINT user_ai_credits_user_id_key UNIQUE,
    free_queries_used INTEGER NOT NULL DEFAULT 0 CHECK (free_queries_used >= 0),
    purchased_credits_remaining INTEGER NOT NULL DEFAULT 0
        CHECK (purchased_credits_remaining >= 0),
    total_queries_purchased INTEGER NOT NULL DEFAULT 0 CHECK (total_queries_purchased >= 0),
    last_used_at TIMESTAMPTZ,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE ai_chat_history (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    stock_symbol VARCHAR(10),
    user_question TEXT,
    ai_response TEXT,
    tokens_used INTEGER,
    model_used VARCHAR(50),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX ai_chat_history_user_id ON ai_chat_history (user_id, created_at);

CREATE TABLE ai_usage_log (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    stock_symbol VARCHAR(10),
    query_type VARCHAR(20),
    tokens_used INTEGER,
    cost_in_cents INTEGER,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX ai_usage_log_user_id ON ai_usage_log (user_id, created_at);

-- Stripe Checkout sessions. Crediting is idempotent per stripe_session_id.
CREATE TABLE chat_query_purchases (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    stripe_session_id TEXT NOT NULL CONSTRAINT chat_query_purchases_stripe_session_id_key UNIQUE,
    stripe_payment_intent_id TEXT,
    tier_id VARCHAR(20),
    queries_count INTEGER CHECK (queries_count >= 0),
    price_in_cents INTEGER CHECK (price_in_cents >= 0),
    status VARCHAR(20) NOT NULL DEFAULT 'pending',
    expires_at TIMESTAMPTZ,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX chat_query_purchases_user_id ON chat_query_purchases (user_id);

-- Uploaded or fetched filings; `content` is the extracted text, sizes are in bytes.
CREATE TABLE rag_documents (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    symbol VARCHAR(10) NOT NULL,
    file_name VARCHAR(255) NOT NULL,
    file_type VARCHAR(50),
    content TEXT,
    original_size INTEGER CHECK (original_size >= 0),
    extracted_size INTEGER CHECK (extracted_size >= 0),
    filing_date DATE,
    uploaded_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT rag_documents_symbol_file_name_key UNIQUE (symbol, file_name)
);

-- Document chunks for full-text retrieval. search_vector (Postgres only, last column) is
-- generated from content; SQLite uses the FTS5 table rag_chunks_fts instead.
CREATE TABLE rag_chunks (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    document_id BIGINT NOT NULL REFERENCES rag_documents (id) ON DELETE CASCADE,
    symbol VARCHAR(10) NOT NULL,
    ordinal INTEGER NOT NULL CHECK (ordinal >= 0),
    content TEXT NOT NULL,
    search_vector TSVECTOR GENERATED ALWAYS AS (to_tsvector('english', content)) STORED,
    CONSTRAINT rag_chunks_document_id_ordinal_key UNIQUE (document_id, ordinal)
);
CREATE INDEX rag_chunks_symbol ON rag_chunks (symbol);
CREATE INDEX rag_chunks_search_vector ON rag_chunks USING GIN (search_vector);

-- The structured analysis record (metrics with provenance, 12 scores, charts, comments) that
-- both the JSON and the plain-text answers are rendered from. `score` is NULL when no
-- question could be answered.
CREATE TABLE stock_analysis_records (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    symbol VARCHAR(10) NOT NULL CONSTRAINT stock_analysis_records_symbol_key UNIQUE,
    company_name TEXT,
    record JSONB NOT NULL CHECK (jsonb_typeof(record) = 'object'),
    score INTEGER CHECK (score BETWEEN 0 AND 100),
    answered_questions INTEGER NOT NULL DEFAULT 0 CHECK (answered_questions BETWEEN 0 AND 12),
    latest_filing_accession TEXT,
    computed_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX stock_analysis_records_score ON stock_analysis_records (score);

-- Symbols an anonymous session has analysed: re-opening one does not use another try.
CREATE TABLE anonymous_search_symbols (
    session_id TEXT NOT NULL REFERENCES anonymous_searches (session_id) ON DELETE CASCADE,
    symbol VARCHAR(10) NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (session_id, symbol)
);

-- Per-IP ceiling on anonymous analyses, per UTC day.
CREATE TABLE anonymous_ip_usage (
    ip TEXT NOT NULL,
    day DATE NOT NULL,
    symbols INTEGER NOT NULL DEFAULT 0 CHECK (symbols >= 0),
    PRIMARY KEY (ip, day)
);
CREATE INDEX anonymous_ip_usage_day ON anonymous_ip_usage (day);

-- Home-page content feed, synced from configured RSS/Atom feeds.
CREATE TABLE content_items (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    title TEXT NOT NULL,
    description TEXT,
    url TEXT NOT NULL CONSTRAINT content_items_url_key UNIQUE,
    thumbnail TEXT,
    type TEXT NOT NULL CHECK (type IN ('substack', 'youtube', 'instagram')),
    platform TEXT,
    published_at TIMESTAMPTZ,
    read_time TEXT,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX content_items_published_at ON content_items (published_at);

CREATE TABLE bug_reports (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email TEXT NOT NULL,
    subject TEXT NOT NULL,
    description TEXT NOT NULL,
    user_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX bug_reports_user_id ON bug_reports (user_id);

-- Outgoing mail, written in the same transaction as the change that causes it; a job sends it.
CREATE TABLE email_outbox (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    to_address TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    kind TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    sent_at TIMESTAMPTZ,
    error TEXT,
    attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0)
);
CREATE INDEX email_outbox_sent_at ON email_outbox (sent_at);

-- Login sessions (our own session store). `user_id` lets a password reset end every session.
CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    data BYTEA NOT NULL,
    expiry_date TIMESTAMPTZ NOT NULL,
    user_id BIGINT REFERENCES users (id) ON DELETE CASCADE
);
CREATE INDEX sessions_expiry_date ON sessions (expiry_date);
CREATE INDEX sessions_user_id ON sessions (user_id);

-- Admin schedules. days_of_week: JSON array of 0-6 (Sunday 0); times: JSON array of 'HH:MM'
-- (America/Los_Angeles); selected_stocks: JSON array of symbols.
CREATE TABLE scheduled_jobs (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name TEXT NOT NULL,
    selected_stocks JSONB NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(selected_stocks) = 'array'),
    frequency TEXT NOT NULL CHECK (frequency IN ('daily', 'weekly', 'hourly', 'custom')),
    days_of_week JSONB NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(days_of_week) = 'array'),
    times JSONB NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(times) = 'array'),
    is_enabled BOOLEAN NOT NULL DEFAULT true,
    market_hours_only BOOLEAN NOT NULL DEFAULT false,
    interval_minutes INTEGER CHECK (interval_minutes > 0),
    next_run_time TIMESTAMPTZ,
    last_run_time TIMESTAMPTZ,
    created_by TEXT,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX scheduled_jobs_due ON scheduled_jobs (is_enabled, next_run_time);

-- A batch analysis run. status: 'running', then 'completed', 'stopped' or 'failed'.
CREATE TABLE batch_runs (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    symbols JSONB NOT NULL CHECK (jsonb_typeof(symbols) = 'array'),
    delay_seconds INTEGER NOT NULL DEFAULT 30 CHECK (delay_seconds >= 0),
    status VARCHAR(20) NOT NULL DEFAULT 'running',
    completed_tickers INTEGER NOT NULL DEFAULT 0 CHECK (completed_tickers >= 0),
    total_tickers INTEGER NOT NULL DEFAULT 0 CHECK (total_tickers >= 0),
    current_ticker VARCHAR(10),
    started_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    completed_at TIMESTAMPTZ,
    error_message TEXT,
    created_by TEXT,
    schedule_id BIGINT REFERENCES scheduled_jobs (id) ON DELETE SET NULL
);
-- At most one running batch, enforced by the database across API replicas.
CREATE UNIQUE INDEX batch_runs_one_running ON batch_runs (status) WHERE status = 'running';
CREATE INDEX batch_runs_completed_at ON batch_runs (completed_at);
CREATE INDEX batch_runs_schedule_id ON batch_runs (schedule_id);

-- One row per symbol of a batch. status: 'pending', 'running', 'completed', 'failed',
-- 'cancelled'.
CREATE TABLE batch_run_items (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    batch_run_id BIGINT NOT NULL REFERENCES batch_runs (id) ON DELETE CASCADE,
    symbol VARCHAR(10) NOT NULL,
    job_id TEXT,
    status VARCHAR(20) NOT NULL DEFAULT 'pending',
    score INTEGER CHECK (score BETWEEN 0 AND 100),
    error TEXT,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT batch_run_items_batch_run_id_symbol_key UNIQUE (batch_run_id, symbol)
);
CREATE INDEX batch_run_items_job_id ON batch_run_items (job_id);

-- Generated newsletters. settings: {length, readerLevel, analystAttitude, format,
-- includeCharts}; stocks: JSON array of symbols; chart_urls: JSON array of URLs.
CREATE TABLE newsletters (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    title TEXT NOT NULL,
    content TEXT NOT NULL,
    settings JSONB NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(settings) = 'object'),
    stocks JSONB NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(stocks) = 'array'),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    chart_urls JSONB NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(chart_urls) = 'array'),
    prompt TEXT,
    created_by TEXT
);
CREATE INDEX newsletters_created_at ON newsletters (created_at);
