-- Issue 13 (trends): each quarter's row keeps the structured record it was computed from, so a
-- change between two quarters can be explained question by question with the figures (and
-- their filings) behind it, and keeps why a score was provisional (fewer than 9 of 12
-- answered). Rows stored before this migration have neither: their changes show the score
-- deltas without figures.
ALTER TABLE ai_stock_analysis_data
    ADD COLUMN record JSONB CHECK (record IS NULL OR jsonb_typeof(record) = 'object'),
    ADD COLUMN provisional_reason TEXT;
