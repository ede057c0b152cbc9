-- Who has been counted as viewing a stock on a UTC day: a view counts once per viewer
-- ('user:ID' or 'session:ID'), stock and day, whatever becomes of the analysis (a failed
-- analysis gives its try back, not a second view).
CREATE TABLE stock_viewers (
    viewer TEXT NOT NULL,
    symbol TEXT NOT NULL,
    day TEXT NOT NULL,
    PRIMARY KEY (viewer, symbol, day)
);
CREATE INDEX stock_viewers_day ON stock_viewers (day);
