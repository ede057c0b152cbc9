-- The assistant (issue 11). The chat tables themselves are in 0002; a stored assistant message
-- also keeps what it cited and which numbers in it were not found in its grounding data.
-- `citations`: JSON array of {label, url?}; `unverified_numbers`: JSON array of strings.
ALTER TABLE ai_chat_messages ADD COLUMN citations JSONB
    CHECK (citations IS NULL OR jsonb_typeof(citations) = 'array');
ALTER TABLE ai_chat_messages ADD COLUMN unverified_numbers JSONB
    CHECK (unverified_numbers IS NULL OR jsonb_typeof(unverified_numbers) = 'array');
-- The latest conversation of a user about one stock (or the home page's, symbol NULL).
CREATE INDEX ai_chat_sessions_user_symbol ON ai_chat_sessions (user_id, stock_symbol, updated_at);
