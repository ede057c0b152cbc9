-- Two more reads that answer from values kept up to date as they are written, instead of
-- reading every stock or every viewed symbol on each request (jobs/docs/bounded-reads.md).

-- The storage page: each stock's bytes and last change per kind of stored value, kept by the
-- triggers below whatever code writes the four tables (text sizes are UTF-8 lengths; the
-- analysis record, JSONB, counts at its size as a value, `pg_column_size`). A part's `_at` is
-- NULL when the stock has nothing of that kind; a row with no part left is deleted. Symbols
-- are never renamed in place (every writer deletes and inserts).
CREATE TABLE stock_storage (
    symbol VARCHAR(10) NOT NULL PRIMARY KEY,
    cache_bytes BIGINT NOT NULL DEFAULT 0,
    cache_at TIMESTAMPTZ,
    record_bytes BIGINT NOT NULL DEFAULT 0,
    record_at TIMESTAMPTZ,
    notes_bytes BIGINT NOT NULL DEFAULT 0,
    notes_at TIMESTAMPTZ,
    documents_bytes BIGINT NOT NULL DEFAULT 0,
    documents_at TIMESTAMPTZ
);

-- The page's cards: stocks with at least one byte and their bytes, per last character of
-- the symbol, so concurrent writers of different stocks rarely wait on one row (a batch runs
-- in alphabetical order, so neighbours share their first letters, not their last); the
-- totals sum at most a few dozen rows.
CREATE TABLE storage_totals (
    shard TEXT NOT NULL PRIMARY KEY,
    stocks BIGINT NOT NULL,
    bytes BIGINT NOT NULL
);

-- The notes' stored bytes: the 10-K date and the fourteen sections.
CREATE FUNCTION stock_notes_bytes(n stock_analysis) RETURNS BIGINT LANGUAGE sql IMMUTABLE AS $$
    SELECT CAST(COALESCE(octet_length(n.ten_k_date), 0) + COALESCE(octet_length(n.company_overview), 0)
        + COALESCE(octet_length(n.revenue_streams), 0) + COALESCE(octet_length(n.market_growth), 0)
        + COALESCE(octet_length(n.risk_factors), 0) + COALESCE(octet_length(n.financial_performance), 0)
        + COALESCE(octet_length(n.supplier_power), 0) + COALESCE(octet_length(n.debt_obligations), 0)
        + COALESCE(octet_length(n.covenants), 0) + COALESCE(octet_length(n.management_discussion), 0)
        + COALESCE(octet_length(n.key_performance), 0) + COALESCE(octet_length(n.competitive_landscape), 0)
        + COALESCE(octet_length(n.future_outlook), 0) + COALESCE(octet_length(n.legal_proceedings), 0)
        + COALESCE(octet_length(n.overall_assessment), 0) AS BIGINT)
$$;

INSERT INTO stock_storage (symbol)
SELECT symbol FROM python_analysis_cache UNION SELECT symbol FROM stock_analysis_records
UNION SELECT symbol FROM stock_analysis UNION SELECT symbol FROM rag_documents;
UPDATE stock_storage s SET cache_bytes = octet_length(p.data), cache_at = p.updated_at
FROM python_analysis_cache p WHERE p.symbol = s.symbol;
UPDATE stock_storage s SET record_bytes = pg_column_size(r.record), record_at = r.computed_at
FROM stock_analysis_records r WHERE r.symbol = s.symbol;
UPDATE stock_storage s SET notes_bytes = stock_notes_bytes(n), notes_at = n.updated_at
FROM stock_analysis n WHERE n.symbol = s.symbol;
UPDATE stock_storage s SET documents_bytes = d.bytes, documents_at = d.at
FROM (SELECT symbol, SUM(COALESCE(octet_length(content), 0)) AS bytes, MAX(uploaded_at) AS at
      FROM rag_documents GROUP BY symbol) d WHERE d.symbol = s.symbol;

INSERT INTO storage_totals (shard, stocks, bytes)
SELECT right(symbol, 1), COUNT(*) FILTER (WHERE cache_bytes + record_bytes + notes_bytes + documents_bytes > 0),
       SUM(cache_bytes + record_bytes + notes_bytes + documents_bytes)
FROM stock_storage GROUP BY right(symbol, 1);

-- stock_storage -> storage_totals
CREATE FUNCTION storage_totals_keep() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    old_bytes BIGINT := 0;
    new_bytes BIGINT := 0;
    stock_shard TEXT;
BEGIN
    IF TG_OP <> 'INSERT' THEN
        old_bytes := OLD.cache_bytes + OLD.record_bytes + OLD.notes_bytes + OLD.documents_bytes;
        stock_shard := right(OLD.symbol, 1);
    END IF;
    IF TG_OP <> 'DELETE' THEN
        new_bytes := NEW.cache_bytes + NEW.record_bytes + NEW.notes_bytes + NEW.documents_bytes;
        stock_shard := right(NEW.symbol, 1);
    END IF;
    IF old_bytes = new_bytes THEN
        RETURN NULL;
    END IF;
    INSERT INTO storage_totals AS t (shard, stocks, bytes)
    VALUES (stock_shard, (new_bytes > 0)::int - (old_bytes > 0)::int, new_bytes - old_bytes)
    ON CONFLICT (shard) DO UPDATE SET stocks = t.stocks + EXCLUDED.stocks, bytes = t.bytes + EXCLUDED.bytes;
    RETURN NULL;
END $$;
CREATE TRIGGER storage_totals_keep AFTER INSERT OR UPDATE OR DELETE ON stock_storage
    FOR EACH ROW EXECUTE FUNCTION storage_totals_keep();

-- Drops a stock's row once none of its parts is left.
CREATE FUNCTION stock_storage_drop_empty(stock TEXT) RETURNS void LANGUAGE sql AS $$
    DELETE FROM stock_storage WHERE symbol = stock
        AND cache_at IS NULL AND record_at IS NULL AND notes_at IS NULL AND documents_at IS NULL
$$;

-- python_analysis_cache (the analysis text) -> stock_storage
CREATE FUNCTION stock_storage_cache() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        UPDATE stock_storage SET cache_bytes = 0, cache_at = NULL WHERE symbol = OLD.symbol;
        PERFORM stock_storage_drop_empty(OLD.symbol);
    ELSE
        INSERT INTO stock_storage (symbol, cache_bytes, cache_at) VALUES (NEW.symbol, octet_length(NEW.data), NEW.updated_at)
        ON CONFLICT (symbol) DO UPDATE SET cache_bytes = EXCLUDED.cache_bytes, cache_at = EXCLUDED.cache_at;
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER stock_storage_cache AFTER INSERT OR UPDATE OR DELETE ON python_analysis_cache
    FOR EACH ROW EXECUTE FUNCTION stock_storage_cache();

-- stock_analysis_records (the analysis record) -> stock_storage
CREATE FUNCTION stock_storage_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        UPDATE stock_storage SET record_bytes = 0, record_at = NULL WHERE symbol = OLD.symbol;
        PERFORM stock_storage_drop_empty(OLD.symbol);
    ELSE
        INSERT INTO stock_storage (symbol, record_bytes, record_at) VALUES (NEW.symbol, pg_column_size(NEW.record), NEW.computed_at)
        ON CONFLICT (symbol) DO UPDATE SET record_bytes = EXCLUDED.record_bytes, record_at = EXCLUDED.record_at;
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER stock_storage_record AFTER INSERT OR UPDATE OR DELETE ON stock_analysis_records
    FOR EACH ROW EXECUTE FUNCTION stock_storage_record();

-- stock_analysis (the notes) -> stock_storage
CREATE FUNCTION stock_storage_notes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        UPDATE stock_storage SET notes_bytes = 0, notes_at = NULL WHERE symbol = OLD.symbol;
        PERFORM stock_storage_drop_empty(OLD.symbol);
    ELSE
        INSERT INTO stock_storage (symbol, notes_bytes, notes_at) VALUES (NEW.symbol, stock_notes_bytes(NEW), NEW.updated_at)
        ON CONFLICT (symbol) DO UPDATE SET notes_bytes = EXCLUDED.notes_bytes, notes_at = EXCLUDED.notes_at;
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER stock_storage_notes AFTER INSERT OR UPDATE OR DELETE ON stock_analysis
    FOR EACH ROW EXECUTE FUNCTION stock_storage_notes();

-- rag_documents (documents' extracted text; many per stock) -> stock_storage
CREATE FUNCTION stock_storage_documents() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    stock TEXT := CASE WHEN TG_OP = 'DELETE' THEN OLD.symbol ELSE NEW.symbol END;
    delta BIGINT := 0;
BEGIN
    IF TG_OP <> 'DELETE' THEN
        delta := COALESCE(octet_length(NEW.content), 0);
    END IF;
    IF TG_OP <> 'INSERT' THEN
        delta := delta - COALESCE(octet_length(OLD.content), 0);
    END IF;
    INSERT INTO stock_storage AS s (symbol, documents_bytes, documents_at)
    VALUES (stock, delta, (SELECT MAX(uploaded_at) FROM rag_documents WHERE symbol = stock))
    ON CONFLICT (symbol) DO UPDATE SET documents_bytes = s.documents_bytes + EXCLUDED.documents_bytes,
        documents_at = EXCLUDED.documents_at;
    PERFORM stock_storage_drop_empty(stock);
    RETURN NULL;
END $$;
CREATE TRIGGER stock_storage_documents AFTER INSERT OR UPDATE OR DELETE ON rag_documents
    FOR EACH ROW EXECUTE FUNCTION stock_storage_documents();

-- Trending: each period's view count per symbol, kept as views are recorded, so the list reads
-- the first rows of an index. A period's row says which hour (signed-in views) and day
-- (anonymous views) its counts start at; a read that finds the window behind subtracts the
-- buckets that left it (at most once an hour). NULL: not built yet (the first read builds it
-- from the buckets).
CREATE TABLE trending_windows (
    period TEXT NOT NULL PRIMARY KEY CHECK (period IN ('24h', '7d', '30d')),
    hours_from TIMESTAMPTZ,
    days_from DATE
);
INSERT INTO trending_windows (period) VALUES ('24h'), ('7d'), ('30d');
CREATE TABLE trending_views (
    period TEXT NOT NULL,
    symbol VARCHAR(10) NOT NULL,
    views BIGINT NOT NULL,
    PRIMARY KEY (period, symbol)
);
CREATE INDEX trending_views_most ON trending_views (period, views DESC, symbol);
