-- Newsletters (issue 13). The table is in 0002; a row is now written by a `GenerateNewsletter`
-- job and keyed by its id, so the page can fetch a piece that took longer than the request's
-- wait and a retried job finds what it already wrote. `writer`: 'offline' or the language
-- model's name; `notice`: why the offline writer stood in for the model, or which stocks were
-- left out.
ALTER TABLE newsletters ADD COLUMN job_id VARCHAR(64);
ALTER TABLE newsletters ADD COLUMN writer VARCHAR(50) NOT NULL DEFAULT 'offline';
ALTER TABLE newsletters ADD COLUMN notice TEXT;
CREATE UNIQUE INDEX newsletters_job_id_key ON newsletters (job_id);
