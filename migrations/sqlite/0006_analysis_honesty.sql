-- Issue 9 (a score people can trust).
--
-- One row per user, symbol and UTC day that used one of the day's analyses. Its primary key
-- lets exactly one of many concurrent requests for a new symbol count it (the others see the
-- row and are free), and a failed analysis deletes its row and gives the count back.
-- `day` has api_usage.reset_date_only's format: midnight UTC as a timestamp.
CREATE TABLE user_daily_symbols (
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    symbol TEXT NOT NULL CHECK (length(symbol) <= 10),
    day TEXT NOT NULL,
    PRIMARY KEY (user_id, symbol, day)
) STRICT;

-- Position of the ticker in SEC's list, which is ordered by company size: the search's
-- prominence signal, and which of an issuer's tickers is its main listing. NULL for rows
-- loaded before this column existed (the daily directory load fills it).
ALTER TABLE tickers ADD COLUMN rank INTEGER;
