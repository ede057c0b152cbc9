//! Every chat exchange, stored: the conversation (`ai_chat_sessions`, `ai_chat_messages`),
//! the question/answer log with model and tokens (`ai_chat_history`) and the usage log with
//! the cost where the provider reports it (`ai_usage_log`).

use super::transaction::BeginWrite;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::types::Json;

use super::{Store, StoreResult};

/// A source an answer cites: a figure's filing or a document passage.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Citation {
    /// What is cited, e.g. "Debt 2026-06-27: 10-Q filed 2026-08-01 (0000320193-26-000013)".
    pub label: String,
    /// Where to read it (the filing's index on SEC EDGAR), when it has an address.
    pub url: Option<String>,
}

/// One finished exchange, written in one transaction.
#[derive(Debug, Clone)]
pub struct ChatExchange {
    pub user_id: i64,
    pub session_id: i64,
    /// `None` for the home page's generic chat.
    pub symbol: Option<String>,
    pub question: String,
    pub answer: String,
    pub citations: Vec<Citation>,
    /// Numbers in the answer that are not in the grounding data.
    pub unverified_numbers: Vec<String>,
    /// e.g. `offline-grounded`, or the provider's model name.
    pub model: String,
    pub tokens_used: Option<i32>,
    pub cost_in_cents: Option<i32>,
    /// `stock` or `generic`.
    pub query_type: String,
}

/// A stored message of a conversation.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct StoredChatMessage {
    pub id: i64,
    pub session_id: i64,
    pub role: String,
    pub content: String,
    pub timestamp: DateTime<Utc>,
    pub citations: Option<Json<Vec<Citation>>>,
    pub unverified_numbers: Option<Json<Vec<String>>>,
}

/// A row of `ai_chat_history`.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct ChatHistoryRow {
    pub stock_symbol: Option<String>,
    pub user_question: Option<String>,
    pub ai_response: Option<String>,
    pub tokens_used: Option<i32>,
    pub model_used: Option<String>,
}

/// Longest model name the table keeps (spec: 50).
const MODEL_MAX: usize = 50;
/// Longest session title (spec: 200).
const TITLE_MAX: usize = 200;

impl Store {
    /// The conversation a message belongs to: the user's latest one about `symbol` (`None`
    /// for the home page) unless `fresh` (a first message starts a new one, titled after it).
    #[tracing::instrument(skip(self, first_message), err)]
    pub async fn chat_session(
        &self,
        user_id: i64,
        symbol: Option<&str>,
        fresh: bool,
        first_message: &str,
        now: DateTime<Utc>,
    ) -> StoreResult<i64> {
        if !fresh {
            let sql = "SELECT id FROM ai_chat_sessions WHERE user_id = $1
                AND (stock_symbol = $2 OR (stock_symbol IS NULL AND $2 IS NULL))
                ORDER BY updated_at DESC, id DESC LIMIT 1";
            let found: Option<i64> = with_pool!(self, pool => sqlx::query_scalar(sql)
                .bind(user_id)
                .bind(symbol)
                .fetch_optional(pool)
                .await?);
            if let Some(id) = found {
                return Ok(id);
            }
        }
        let title: String = first_message.chars().take(TITLE_MAX).collect();
        let sql = "INSERT INTO ai_chat_sessions (user_id, stock_symbol, session_title, created_at, updated_at)
            VALUES ($1, $2, $3, $4, $4) RETURNING id";
        Ok(with_pool!(self, pool => sqlx::query_scalar(sql)
            .bind(user_id)
            .bind(symbol)
            .bind(title)
            .bind(now)
            .fetch_one(pool)
            .await?))
    }

    /// Stores both messages of an exchange, its history row and its usage-log row.
    #[tracing::instrument(skip_all, err, fields(user_id = exchange.user_id))]
    pub async fn save_chat_exchange(
        &self,
        exchange: &ChatExchange,
        asked_at: DateTime<Utc>,
        answered_at: DateTime<Utc>,
    ) -> StoreResult<()> {
        let message_sql = "INSERT INTO ai_chat_messages (session_id, role, content, timestamp, citations, unverified_numbers)
            VALUES ($1, $2, $3, $4, $5, $6)";
        let touch_sql = "UPDATE ai_chat_sessions SET updated_at = $2 WHERE id = $1";
        let history_sql = "INSERT INTO ai_chat_history (user_id, stock_symbol, user_question, ai_response, tokens_used, model_used, created_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7)";
        let usage_sql = "INSERT INTO ai_usage_log (user_id, stock_symbol, query_type, tokens_used, cost_in_cents, created_at)
            VALUES ($1, $2, $3, $4, $5, $6)";
        let model: String = exchange.model.chars().take(MODEL_MAX).collect();
        let query_type: String = exchange.query_type.chars().take(20).collect();
        let no_citations: Option<Json<Vec<Citation>>> = None;
        let no_numbers: Option<Json<Vec<String>>> = None;
        with_pool!(self, pool => {
            let mut tx = pool.begin_write().await?;
            sqlx::query(message_sql)
                .bind(exchange.session_id)
                .bind("user")
                .bind(&exchange.question)
                .bind(asked_at)
                .bind(&no_citations)
                .bind(&no_numbers)
                .execute(&mut *tx)
                .await?;
            sqlx::query(message_sql)
                .bind(exchange.session_id)
                .bind("assistant")
                .bind(&exchange.answer)
                .bind(answered_at)
                .bind(Some(Json(&exchange.citations)))
                .bind(Some(Json(&exchange.unverified_numbers)))
                .execute(&mut *tx)
                .await?;
            sqlx::query(touch_sql).bind(exchange.session_id).bind(answered_at).execute(&mut *tx).await?;
            sqlx::query(history_sql)
                .bind(exchange.user_id)
                .bind(&exchange.symbol)
                .bind(&exchange.question)
                .bind(&exchange.answer)
                .bind(exchange.tokens_used)
                .bind(&model)
                .bind(answered_at)
                .execute(&mut *tx)
                .await?;
            sqlx::query(usage_sql)
                .bind(exchange.user_id)
                .bind(&exchange.symbol)
                .bind(&query_type)
                .bind(exchange.tokens_used)
                .bind(exchange.cost_in_cents)
                .bind(answered_at)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
        });
        Ok(())
    }

    /// The usage-log row of a tool call an outside assistant spent a query on (the MCP
    /// endpoint): `query_type` is `mcp:<tool>`, no tokens (no model of ours ran).
    #[tracing::instrument(skip(self), err)]
    pub async fn log_tool_use(
        &self,
        user_id: i64,
        tool: &str,
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        let sql = "INSERT INTO ai_usage_log (user_id, query_type, created_at) VALUES ($1, $2, $3)";
        let query_type: String = format!("mcp:{tool}").chars().take(20).collect();
        with_pool!(self, pool => {
            sqlx::query(sql).bind(user_id).bind(&query_type).bind(at).execute(pool).await?;
        });
        Ok(())
    }

    /// The messages of a conversation, oldest first.
    pub async fn chat_messages(&self, session_id: i64) -> StoreResult<Vec<StoredChatMessage>> {
        let sql = "SELECT id, session_id, role, content, timestamp, citations, unverified_numbers
            FROM ai_chat_messages WHERE session_id = $1 ORDER BY timestamp, id";
        Ok(with_pool!(self, pool => sqlx::query_as(sql).bind(session_id).fetch_all(pool).await?))
    }

    /// The user's conversations (id, symbol), most recent first.
    pub async fn chat_sessions(&self, user_id: i64) -> StoreResult<Vec<(i64, Option<String>)>> {
        let sql = "SELECT id, stock_symbol FROM ai_chat_sessions WHERE user_id = $1
            ORDER BY updated_at DESC, id DESC";
        Ok(with_pool!(self, pool => sqlx::query_as(sql).bind(user_id).fetch_all(pool).await?))
    }

    /// The user's question/answer log, newest first.
    pub async fn chat_history(&self, user_id: i64, limit: i64) -> StoreResult<Vec<ChatHistoryRow>> {
        let sql = "SELECT stock_symbol, user_question, ai_response, tokens_used, model_used
            FROM ai_chat_history WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2";
        Ok(
            with_pool!(self, pool => sqlx::query_as(sql).bind(user_id).bind(limit).fetch_all(pool).await?),
        )
    }

    /// The user's usage-log rows as (query type, tokens, cost in cents), newest first.
    pub async fn chat_usage_log(
        &self,
        user_id: i64,
    ) -> StoreResult<Vec<(Option<String>, Option<i32>, Option<i32>)>> {
        let sql = "SELECT query_type, tokens_used, cost_in_cents FROM ai_usage_log
            WHERE user_id = $1 ORDER BY created_at DESC, id DESC";
        Ok(with_pool!(self, pool => sqlx::query_as(sql).bind(user_id).fetch_all(pool).await?))
    }
}
