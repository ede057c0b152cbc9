-- Accounts, the anonymous trial and usage limits (issue 4), Postgres side. Same tables and
-- columns as sqlite/0003_accounts.sql.

-- One api_usage row per user and UTC day (`reset_date_only` holds that day's midnight, UTC),
-- so the daily cap is one atomic upsert: INSERT .. ON CONFLICT (user_id, reset_date_only)
-- DO UPDATE SET count = count + 1 WHERE count < cap.
CREATE UNIQUE INDEX api_usage_user_id_day ON api_usage (user_id, reset_date_only);

-- Anonymous stock views, counted per symbol and UTC day (stock_views needs a user). Together
-- with stock_views they give the trending lists real counts.
CREATE TABLE anonymous_stock_views (
    symbol VARCHAR(10) NOT NULL,
    day DATE NOT NULL,
    views INTEGER NOT NULL DEFAULT 0 CHECK (views >= 0),
    PRIMARY KEY (symbol, day)
);
CREATE INDEX anonymous_stock_views_day ON anonymous_stock_views (day);
