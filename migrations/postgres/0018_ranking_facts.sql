-- What the Top 25 and the newsletter's quick picks need to know about a stored analysis
-- without reading its record: the questions left unanswered (comma-separated numbers, '' for
-- none) and how many data faults the input checks found. NULL = not known (a record stored
-- before the record carried `dataFaults`): ranked after every record that is known.
ALTER TABLE stock_analysis_records ADD COLUMN unanswered_questions TEXT;
ALTER TABLE stock_analysis_records ADD COLUMN data_fault_count INTEGER;

UPDATE stock_analysis_records SET
    unanswered_questions = COALESCE(
        (SELECT string_agg(q->>'number', ',' ORDER BY (q->>'number')::int)
           FROM jsonb_array_elements(
                    CASE WHEN jsonb_typeof(record->'questions') = 'array'
                         THEN record->'questions' ELSE '[]'::jsonb END) AS q
          WHERE q->'score' IS NULL OR jsonb_typeof(q->'score') = 'null'),
        ''),
    data_fault_count = CASE WHEN jsonb_typeof(record->'dataFaults') = 'array'
                            THEN jsonb_array_length(record->'dataFaults') END;
