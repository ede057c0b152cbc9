-- Personal access tokens for the MCP endpoint (api/docs/mcp.md): a signed-in user makes them
-- on the account page and gives one to an outside assistant, which sends it as
-- `Authorization: Bearer`. Only the SHA-256 of a token is kept (hex, 64 characters); the
-- token itself is shown once. A revoked token is no longer listed and works nowhere; its row
-- is kept so its last use stays on record. At most 10 live (unrevoked) tokens per user,
-- checked by the store.
CREATE TABLE access_tokens (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
    token_hash TEXT NOT NULL UNIQUE CHECK (length(token_hash) = 64),
    created_at TEXT NOT NULL,
    last_used_at TEXT,
    revoked_at TEXT
) STRICT;
CREATE INDEX access_tokens_user ON access_tokens (user_id);
