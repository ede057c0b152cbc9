-- Two more reads that answer from values kept up to date as they are written, instead of
-- reading every stock or every viewed symbol on each request (jobs/docs/bounded-reads.md).

-- The storage page: each stock's bytes and last change per kind of stored value, kept by the
-- triggers below whatever code writes the four tables (sizes are the values' UTF-8 lengths).
-- A part's `_at` is NULL when the stock has nothing of that kind; a row with no part left is
-- deleted. Symbols are never renamed in place (every writer deletes and inserts).
CREATE TABLE stock_storage (
    symbol TEXT NOT NULL PRIMARY KEY CHECK (length(symbol) <= 10),
    cache_bytes INTEGER NOT NULL DEFAULT 0,
    cache_at TEXT,
    record_bytes INTEGER NOT NULL DEFAULT 0,
    record_at TEXT,
    notes_bytes INTEGER NOT NULL DEFAULT 0,
    notes_at TEXT,
    documents_bytes INTEGER NOT NULL DEFAULT 0,
    documents_at TEXT
) STRICT;

-- The page's cards: stocks with at least one byte and their bytes, per last character of
-- the symbol, so concurrent writers of different stocks rarely wait on one row (a batch runs
-- in alphabetical order, so neighbours share their first letters, not their last); the
-- totals sum at most a few dozen rows.
CREATE TABLE storage_totals (
    shard TEXT NOT NULL PRIMARY KEY,
    stocks INTEGER NOT NULL,
    bytes INTEGER NOT NULL
) STRICT;

INSERT INTO stock_storage (symbol)
SELECT symbol FROM python_analysis_cache UNION SELECT symbol FROM stock_analysis_records
UNION SELECT symbol FROM stock_analysis UNION SELECT symbol FROM rag_documents;
UPDATE stock_storage SET
    cache_bytes = COALESCE((SELECT length(CAST(data AS BLOB)) FROM python_analysis_cache p WHERE p.symbol = stock_storage.symbol), 0),
    cache_at = (SELECT updated_at FROM python_analysis_cache p WHERE p.symbol = stock_storage.symbol),
    record_bytes = COALESCE((SELECT length(CAST(record AS BLOB)) FROM stock_analysis_records r WHERE r.symbol = stock_storage.symbol), 0),
    record_at = (SELECT computed_at FROM stock_analysis_records r WHERE r.symbol = stock_storage.symbol),
    notes_bytes = COALESCE((SELECT
        COALESCE(length(CAST(ten_k_date AS BLOB)), 0) + COALESCE(length(CAST(company_overview AS BLOB)), 0)
        + COALESCE(length(CAST(revenue_streams AS BLOB)), 0) + COALESCE(length(CAST(market_growth AS BLOB)), 0)
        + COALESCE(length(CAST(risk_factors AS BLOB)), 0) + COALESCE(length(CAST(financial_performance AS BLOB)), 0)
        + COALESCE(length(CAST(supplier_power AS BLOB)), 0) + COALESCE(length(CAST(debt_obligations AS BLOB)), 0)
        + COALESCE(length(CAST(covenants AS BLOB)), 0) + COALESCE(length(CAST(management_discussion AS BLOB)), 0)
        + COALESCE(length(CAST(key_performance AS BLOB)), 0) + COALESCE(length(CAST(competitive_landscape AS BLOB)), 0)
        + COALESCE(length(CAST(future_outlook AS BLOB)), 0) + COALESCE(length(CAST(legal_proceedings AS BLOB)), 0)
        + COALESCE(length(CAST(overall_assessment AS BLOB)), 0)
        FROM stock_analysis n WHERE n.symbol = stock_storage.symbol), 0),
    notes_at = (SELECT updated_at FROM stock_analysis n WHERE n.symbol = stock_storage.symbol),
    documents_bytes = COALESCE((SELECT SUM(COALESCE(length(CAST(content AS BLOB)), 0)) FROM rag_documents d WHERE d.symbol = stock_storage.symbol), 0),
    documents_at = (SELECT MAX(uploaded_at) FROM rag_documents d WHERE d.symbol = stock_storage.symbol);

INSERT INTO storage_totals (shard, stocks, bytes)
SELECT substr(symbol, -1), SUM(cache_bytes + record_bytes + notes_bytes + documents_bytes > 0),
       SUM(cache_bytes + record_bytes + notes_bytes + documents_bytes)
FROM stock_storage GROUP BY substr(symbol, -1);

-- stock_storage -> storage_totals
CREATE TRIGGER storage_totals_insert AFTER INSERT ON stock_storage BEGIN
    INSERT INTO storage_totals (shard, stocks, bytes) VALUES (substr(NEW.symbol, -1),
        NEW.cache_bytes + NEW.record_bytes + NEW.notes_bytes + NEW.documents_bytes > 0,
        NEW.cache_bytes + NEW.record_bytes + NEW.notes_bytes + NEW.documents_bytes)
    ON CONFLICT (shard) DO UPDATE SET stocks = stocks + excluded.stocks, bytes = bytes + excluded.bytes;
END;
CREATE TRIGGER storage_totals_update AFTER UPDATE ON stock_storage BEGIN
    UPDATE storage_totals SET
        stocks = stocks + (NEW.cache_bytes + NEW.record_bytes + NEW.notes_bytes + NEW.documents_bytes > 0)
                        - (OLD.cache_bytes + OLD.record_bytes + OLD.notes_bytes + OLD.documents_bytes > 0),
        bytes = bytes + (NEW.cache_bytes + NEW.record_bytes + NEW.notes_bytes + NEW.documents_bytes)
                      - (OLD.cache_bytes + OLD.record_bytes + OLD.notes_bytes + OLD.documents_bytes)
    WHERE shard = substr(NEW.symbol, -1);
END;
CREATE TRIGGER storage_totals_delete AFTER DELETE ON stock_storage BEGIN
    UPDATE storage_totals SET
        stocks = stocks - (OLD.cache_bytes + OLD.record_bytes + OLD.notes_bytes + OLD.documents_bytes > 0),
        bytes = bytes - (OLD.cache_bytes + OLD.record_bytes + OLD.notes_bytes + OLD.documents_bytes)
    WHERE shard = substr(OLD.symbol, -1);
END;

-- python_analysis_cache (the analysis text) -> stock_storage
CREATE TRIGGER stock_storage_cache_insert AFTER INSERT ON python_analysis_cache BEGIN
    INSERT INTO stock_storage (symbol, cache_bytes, cache_at) VALUES (NEW.symbol, length(CAST(NEW.data AS BLOB)), NEW.updated_at)
    ON CONFLICT (symbol) DO UPDATE SET cache_bytes = excluded.cache_bytes, cache_at = excluded.cache_at;
END;
CREATE TRIGGER stock_storage_cache_update AFTER UPDATE ON python_analysis_cache BEGIN
    UPDATE stock_storage SET cache_bytes = length(CAST(NEW.data AS BLOB)), cache_at = NEW.updated_at WHERE symbol = NEW.symbol;
END;
CREATE TRIGGER stock_storage_cache_delete AFTER DELETE ON python_analysis_cache BEGIN
    UPDATE stock_storage SET cache_bytes = 0, cache_at = NULL WHERE symbol = OLD.symbol;
    DELETE FROM stock_storage WHERE symbol = OLD.symbol
        AND cache_at IS NULL AND record_at IS NULL AND notes_at IS NULL AND documents_at IS NULL;
END;

-- stock_analysis_records (the analysis record) -> stock_storage
CREATE TRIGGER stock_storage_record_insert AFTER INSERT ON stock_analysis_records BEGIN
    INSERT INTO stock_storage (symbol, record_bytes, record_at) VALUES (NEW.symbol, length(CAST(NEW.record AS BLOB)), NEW.computed_at)
    ON CONFLICT (symbol) DO UPDATE SET record_bytes = excluded.record_bytes, record_at = excluded.record_at;
END;
CREATE TRIGGER stock_storage_record_update AFTER UPDATE ON stock_analysis_records BEGIN
    UPDATE stock_storage SET record_bytes = length(CAST(NEW.record AS BLOB)), record_at = NEW.computed_at WHERE symbol = NEW.symbol;
END;
CREATE TRIGGER stock_storage_record_delete AFTER DELETE ON stock_analysis_records BEGIN
    UPDATE stock_storage SET record_bytes = 0, record_at = NULL WHERE symbol = OLD.symbol;
    DELETE FROM stock_storage WHERE symbol = OLD.symbol
        AND cache_at IS NULL AND record_at IS NULL AND notes_at IS NULL AND documents_at IS NULL;
END;

-- stock_analysis (the notes: the 10-K date and the fourteen sections) -> stock_storage
CREATE TRIGGER stock_storage_notes_insert AFTER INSERT ON stock_analysis BEGIN
    INSERT INTO stock_storage (symbol, notes_bytes, notes_at) VALUES (NEW.symbol,
        COALESCE(length(CAST(NEW.ten_k_date AS BLOB)), 0) + COALESCE(length(CAST(NEW.company_overview AS BLOB)), 0)
        + COALESCE(length(CAST(NEW.revenue_streams AS BLOB)), 0) + COALESCE(length(CAST(NEW.market_growth AS BLOB)), 0)
        + COALESCE(length(CAST(NEW.risk_factors AS BLOB)), 0) + COALESCE(length(CAST(NEW.financial_performance AS BLOB)), 0)
        + COALESCE(length(CAST(NEW.supplier_power AS BLOB)), 0) + COALESCE(length(CAST(NEW.debt_obligations AS BLOB)), 0)
        + COALESCE(length(CAST(NEW.covenants AS BLOB)), 0) + COALESCE(length(CAST(NEW.management_discussion AS BLOB)), 0)
        + COALESCE(length(CAST(NEW.key_performance AS BLOB)), 0) + COALESCE(length(CAST(NEW.competitive_landscape AS BLOB)), 0)
        + COALESCE(length(CAST(NEW.future_outlook AS BLOB)), 0) + COALESCE(length(CAST(NEW.legal_proceedings AS BLOB)), 0)
        + COALESCE(length(CAST(NEW.overall_assessment AS BLOB)), 0),
        NEW.updated_at)
    ON CONFLICT (symbol) DO UPDATE SET notes_bytes = excluded.notes_bytes, notes_at = excluded.notes_at;
END;
CREATE TRIGGER stock_storage_notes_update AFTER UPDATE ON stock_analysis BEGIN
    UPDATE stock_storage SET notes_bytes =
        COALESCE(length(CAST(NEW.ten_k_date AS BLOB)), 0) + COALESCE(length(CAST(NEW.company_overview AS BLOB)), 0)
        + COALESCE(length(CAST(NEW.revenue_streams AS BLOB)), 0) + COALESCE(length(CAST(NEW.market_growth AS BLOB)), 0)
        + COALESCE(length(CAST(NEW.risk_factors AS BLOB)), 0) + COALESCE(length(CAST(NEW.financial_performance AS BLOB)), 0)
        + COALESCE(length(CAST(NEW.supplier_power AS BLOB)), 0) + COALESCE(length(CAST(NEW.debt_obligations AS BLOB)), 0)
        + COALESCE(length(CAST(NEW.covenants AS BLOB)), 0) + COALESCE(length(CAST(NEW.management_discussion AS BLOB)), 0)
        + COALESCE(length(CAST(NEW.key_performance AS BLOB)), 0) + COALESCE(length(CAST(NEW.competitive_landscape AS BLOB)), 0)
        + COALESCE(length(CAST(NEW.future_outlook AS BLOB)), 0) + COALESCE(length(CAST(NEW.legal_proceedings AS BLOB)), 0)
        + COALESCE(length(CAST(NEW.overall_assessment AS BLOB)), 0),
        notes_at = NEW.updated_at
    WHERE symbol = NEW.symbol;
END;
CREATE TRIGGER stock_storage_notes_delete AFTER DELETE ON stock_analysis BEGIN
    UPDATE stock_storage SET notes_bytes = 0, notes_at = NULL WHERE symbol = OLD.symbol;
    DELETE FROM stock_storage WHERE symbol = OLD.symbol
        AND cache_at IS NULL AND record_at IS NULL AND notes_at IS NULL AND documents_at IS NULL;
END;

-- rag_documents (uploaded and filed documents' extracted text; many per stock) -> stock_storage
CREATE TRIGGER stock_storage_documents_insert AFTER INSERT ON rag_documents BEGIN
    INSERT INTO stock_storage (symbol, documents_bytes, documents_at) VALUES (NEW.symbol, COALESCE(length(CAST(NEW.content AS BLOB)), 0), NEW.uploaded_at)
    ON CONFLICT (symbol) DO UPDATE SET documents_bytes = documents_bytes + excluded.documents_bytes,
        documents_at = (SELECT MAX(uploaded_at) FROM rag_documents WHERE symbol = NEW.symbol);
END;
CREATE TRIGGER stock_storage_documents_update AFTER UPDATE ON rag_documents BEGIN
    UPDATE stock_storage SET
        documents_bytes = documents_bytes + COALESCE(length(CAST(NEW.content AS BLOB)), 0) - COALESCE(length(CAST(OLD.content AS BLOB)), 0),
        documents_at = (SELECT MAX(uploaded_at) FROM rag_documents WHERE symbol = NEW.symbol)
    WHERE symbol = NEW.symbol;
END;
CREATE TRIGGER stock_storage_documents_delete AFTER DELETE ON rag_documents BEGIN
    UPDATE stock_storage SET
        documents_bytes = documents_bytes - COALESCE(length(CAST(OLD.content AS BLOB)), 0),
        documents_at = (SELECT MAX(uploaded_at) FROM rag_documents WHERE symbol = OLD.symbol)
    WHERE symbol = OLD.symbol;
    DELETE FROM stock_storage WHERE symbol = OLD.symbol
        AND cache_at IS NULL AND record_at IS NULL AND notes_at IS NULL AND documents_at IS NULL;
END;

-- Trending: each period's view count per symbol, kept as views are recorded, so the list reads
-- the first rows of an index. A period's row says which hour (signed-in views) and day
-- (anonymous views) its counts start at; a read that finds the window behind subtracts the
-- buckets that left it (at most once an hour). NULL: not built yet (the first read builds it
-- from the buckets).
CREATE TABLE trending_windows (
    period TEXT NOT NULL PRIMARY KEY CHECK (period IN ('24h', '7d', '30d')),
    hours_from TEXT,
    days_from TEXT
) STRICT;
INSERT INTO trending_windows (period) VALUES ('24h'), ('7d'), ('30d');
CREATE TABLE trending_views (
    period TEXT NOT NULL,
    symbol TEXT NOT NULL CHECK (length(symbol) <= 10),
    views INTEGER NOT NULL,
    PRIMARY KEY (period, symbol)
) STRICT;
CREATE INDEX trending_views_most ON trending_views (period, views DESC, symbol);
