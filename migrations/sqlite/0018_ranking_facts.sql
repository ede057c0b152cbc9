-- What the Top 25 and the newsletter's quick picks need to know about a stored analysis
-- without reading its record: the questions left unanswered (comma-separated numbers, '' for
-- none) and how many data faults the input checks found. NULL = not known (a record stored
-- before the record carried `dataFaults`): ranked after every record that is known.
ALTER TABLE stock_analysis_records ADD COLUMN unanswered_questions TEXT;
ALTER TABLE stock_analysis_records ADD COLUMN data_fault_count INTEGER;

UPDATE stock_analysis_records SET
    unanswered_questions = COALESCE(
        (SELECT group_concat(json_extract(q.value, '$.number'), ',')
           FROM json_each(stock_analysis_records.record, '$.questions') AS q
          WHERE json_extract(q.value, '$.score') IS NULL),
        ''),
    data_fault_count = CASE WHEN json_type(record, '$.dataFaults') = 'array'
                            THEN json_array_length(record, '$.dataFaults') END;
