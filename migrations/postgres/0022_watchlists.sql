-- Watchlists, alerts and the weekly digest (jobs/docs/watchlists.md).
--
-- watchlist_items: the stocks a user watches (at most 50, checked by the store), with the
-- score the stock had when it was added (NULL: not scored yet).
CREATE TABLE watchlist_items (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    symbol TEXT NOT NULL CHECK (length(symbol) BETWEEN 1 AND 10),
    added_score INTEGER,
    added_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, symbol)
);
CREATE INDEX watchlist_items_symbol ON watchlist_items (symbol);

-- watched_scores: a watched stock's score per UTC day, written after each rescore, so "since
-- last week" reads a stored score.
CREATE TABLE watched_scores (
    symbol TEXT NOT NULL,
    day TEXT NOT NULL,
    score INTEGER NOT NULL,
    PRIMARY KEY (symbol, day)
);

-- stock_alerts: one per user, stock and record change (change_key names the two stored
-- quarters compared), so a re-run of the alert job creates nothing twice.
CREATE TABLE stock_alerts (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    symbol TEXT NOT NULL,
    change_key TEXT NOT NULL,
    previous_score INTEGER,
    current_score INTEGER,
    previous_band TEXT,
    current_band TEXT,
    reason TEXT NOT NULL,
    questions TEXT NOT NULL CHECK (json_typeof(questions::json) = 'array'),
    created_at TIMESTAMPTZ NOT NULL,
    read_at TIMESTAMPTZ,
    CONSTRAINT stock_alerts_once UNIQUE (user_id, symbol, change_key)
);
CREATE INDEX stock_alerts_user_created ON stock_alerts (user_id, created_at);

-- alert_settings: a user's choices; no row means the defaults (alerts on, digest on Monday).
-- digest_day is the ISO weekday, 1 = Monday ... 7 = Sunday.
CREATE TABLE alert_settings (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    alerts_enabled BOOLEAN NOT NULL DEFAULT true,
    digest_enabled BOOLEAN NOT NULL DEFAULT true,
    digest_day INTEGER NOT NULL DEFAULT 1 CHECK (digest_day BETWEEN 1 AND 7),
    updated_at TIMESTAMPTZ NOT NULL
);

-- weekly_digests: one row per user and ISO week once the digest job decided (outbox_id NULL:
-- nothing changed, no e-mail); written in the transaction that writes the outbox row.
CREATE TABLE weekly_digests (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    iso_week TEXT NOT NULL,
    outbox_id BIGINT,
    alert_count INTEGER NOT NULL,
    decided_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, iso_week)
);

-- server_secrets: secrets every process must share (the unsubscribe links' HMAC key), made
-- once by whichever process needs one first.
CREATE TABLE server_secrets (
    name TEXT PRIMARY KEY NOT NULL,
    secret TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);

-- Extra headers of an outgoing message (List-Unsubscribe), as a JSON object.
ALTER TABLE email_outbox ADD COLUMN headers TEXT
    CHECK (headers IS NULL OR json_typeof(headers::json) = 'object');
