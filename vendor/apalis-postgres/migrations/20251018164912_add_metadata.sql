ALTER TABLE
    apalis.jobs
ADD
    COLUMN metadata jsonb;
