ALTER TABLE
    apalis.workers
ADD
    COLUMN started_at TIMESTAMP WITH TIME ZONE;
