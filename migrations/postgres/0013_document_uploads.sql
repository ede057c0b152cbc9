-- Issue 12, uploaded documents: the file as uploaded (`original`, NULL for documents the
-- product fetched itself), where its text extraction stands (`status`: 'extracting' while the
-- ExtractDocument job has not finished, 'ready', or 'failed' with the reason in `failure`).
ALTER TABLE rag_documents ADD COLUMN original BYTEA;
ALTER TABLE rag_documents ADD COLUMN status VARCHAR(20) NOT NULL DEFAULT 'ready'
    CHECK (status IN ('extracting', 'ready', 'failed'));
ALTER TABLE rag_documents ADD COLUMN failure VARCHAR(1000);
CREATE INDEX rag_documents_symbol ON rag_documents (symbol, uploaded_at);
