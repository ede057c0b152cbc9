-- Reads that do not grow with the number of stored companies (jobs/docs/bounded-reads.md):
-- values kept up to date when a score or a view is stored, so the home page, trending and the
-- admin's trends answer from an index instead of reading every row.

-- Where a stored score stands before the share-class rule (`jobs::analysis::standing`):
-- 0 ranked and complete, 1 ranked but a filing question unanswered or never checked for
-- faults, 2 listed but not ranked (provisional, or a data fault), 3 no score. The Top 25
-- reads the first rows of the index below and never the 90 KB record.
ALTER TABLE stock_analysis_records ADD COLUMN rank_group INTEGER NOT NULL DEFAULT 3
    CHECK (rank_group BETWEEN 0 AND 3);
UPDATE stock_analysis_records SET rank_group = CASE
    WHEN score IS NULL THEN 3
    WHEN answered_questions < 9 THEN 2
    WHEN data_fault_count > 0 THEN 2
    WHEN data_fault_count IS NULL OR unanswered_questions IS NULL THEN 1
    -- a filing question (1-10) among the unanswered ones
    WHEN (',' || unanswered_questions || ',') LIKE '%,1,%'
      OR (',' || unanswered_questions || ',') LIKE '%,2,%'
      OR (',' || unanswered_questions || ',') LIKE '%,3,%'
      OR (',' || unanswered_questions || ',') LIKE '%,4,%'
      OR (',' || unanswered_questions || ',') LIKE '%,5,%'
      OR (',' || unanswered_questions || ',') LIKE '%,6,%'
      OR (',' || unanswered_questions || ',') LIKE '%,7,%'
      OR (',' || unanswered_questions || ',') LIKE '%,8,%'
      OR (',' || unanswered_questions || ',') LIKE '%,9,%'
      OR (',' || unanswered_questions || ',') LIKE '%,10,%' THEN 1
    ELSE 0 END;
CREATE INDEX stock_analysis_records_ranking ON stock_analysis_records
    (rank_group, score DESC, answered_questions DESC, symbol, company_name, unanswered_questions, data_fault_count);

-- Each symbol's change between its newest two stored quarters, rewritten whenever one of its
-- quarters is stored: the trends' movers read the first rows of an index; the changes list
-- pages through symbols. NULL change: one of the two quarters has no overall score.
CREATE TABLE score_changes (
    symbol TEXT NOT NULL PRIMARY KEY CHECK (length(symbol) <= 10),
    current_quarter TEXT NOT NULL,
    previous_quarter TEXT NOT NULL,
    score_change INTEGER
) STRICT;
CREATE INDEX score_changes_rises ON score_changes (score_change DESC, symbol);
CREATE INDEX score_changes_falls ON score_changes (score_change, symbol);
INSERT INTO score_changes (symbol, current_quarter, previous_quarter, score_change)
SELECT cur.stock_symbol, cur.analysis_quarter, prev.analysis_quarter, cur.overall_score - prev.overall_score
FROM (SELECT stock_symbol, analysis_quarter, overall_score,
             ROW_NUMBER() OVER (PARTITION BY stock_symbol ORDER BY analysis_quarter DESC) AS n
        FROM ai_stock_analysis_data) cur
JOIN (SELECT stock_symbol, analysis_quarter, overall_score,
             ROW_NUMBER() OVER (PARTITION BY stock_symbol ORDER BY analysis_quarter DESC) AS n
        FROM ai_stock_analysis_data) prev
  ON prev.stock_symbol = cur.stock_symbol AND prev.n = 2
WHERE cur.n = 1;

-- Signed-in views counted per symbol and UTC hour as they happen: trending sums at most one
-- row per symbol and hour of its window, however many views there were.
CREATE TABLE stock_view_hours (
    hour TEXT NOT NULL,
    symbol TEXT NOT NULL CHECK (length(symbol) <= 10),
    views INTEGER NOT NULL CHECK (views > 0),
    PRIMARY KEY (hour, symbol)
) STRICT;
INSERT INTO stock_view_hours (hour, symbol, views)
SELECT substr(viewed_at, 1, 13) || ':00:00+00:00', symbol, COUNT(*) FROM stock_views GROUP BY substr(viewed_at, 1, 13) || ':00:00+00:00', symbol;
