//! Personal access tokens (`access_tokens`, migration 0023): the MCP endpoint's bearer tokens.
//! Only a token's SHA-256 is stored (`crate::accounts::access_token` makes and hashes them);
//! revoking keeps the row and stamps `revoked_at`, and only unrevoked tokens are listed or
//! let in.

use chrono::{DateTime, Duration, Utc};

use super::{Store, StoreResult, transaction::BeginWrite};

/// A live token as the account page lists it (never its value or hash).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct StoredToken {
    pub id: i64,
    pub name: String,
    pub created_at: DateTime<Utc>,
    pub last_used_at: Option<DateTime<Utc>>,
}

/// Who a presented token speaks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TokenOwner {
    pub token_id: i64,
    pub user_id: i64,
}

/// `last_used_at` is written at most this often per token: it tells a person whether a token
/// is in use, and a write on every call would serialise SQLite's writers for nothing.
const LAST_USED_GRANULARITY: Duration = Duration::seconds(60);

impl Store {
    /// Adds a token for `user_id` unless they hold `limit` live tokens already (`None`). The
    /// count and the insert are one transaction holding the user's row (Postgres) or the
    /// write lock (SQLite), so two quick clicks cannot pass the limit together.
    #[tracing::instrument(skip(self, token_hash), err)]
    pub async fn create_access_token(
        &self,
        user_id: i64,
        name: &str,
        token_hash: &str,
        now: DateTime<Utc>,
        limit: i64,
    ) -> StoreResult<Option<StoredToken>> {
        let lock = "SELECT id FROM users WHERE id = $1 FOR UPDATE";
        let count = "SELECT COUNT(*) FROM access_tokens WHERE user_id = $1 AND revoked_at IS NULL";
        let insert = "INSERT INTO access_tokens (user_id, name, token_hash, created_at)
            VALUES ($1, $2, $3, $4) RETURNING id, name, created_at, last_used_at";
        let postgres = matches!(self, Store::Postgres(_));
        let created = with_pool!(self, pool => {
            let mut tx = pool.begin_write().await?;
            if postgres {
                sqlx::query(lock).bind(user_id).execute(&mut *tx).await?;
            }
            let live: i64 = sqlx::query_scalar(count).bind(user_id).fetch_one(&mut *tx).await?;
            if live >= limit {
                None
            } else {
                let row: StoredToken = sqlx::query_as(insert)
                    .bind(user_id)
                    .bind(name)
                    .bind(token_hash)
                    .bind(now)
                    .fetch_one(&mut *tx)
                    .await?;
                tx.commit().await?;
                Some(row)
            }
        });
        Ok(created)
    }

    /// `user_id`'s live tokens, newest first.
    #[tracing::instrument(skip(self), err)]
    pub async fn access_tokens(&self, user_id: i64) -> StoreResult<Vec<StoredToken>> {
        let sql = "SELECT id, name, created_at, last_used_at FROM access_tokens
            WHERE user_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC, id DESC";
        Ok(with_pool!(self, pool => sqlx::query_as(sql).bind(user_id).fetch_all(pool).await?))
    }

    /// Revokes token `id` of `user_id`; `false` when they hold no such live token (someone
    /// else's token is not theirs to revoke, and says nothing about whether it exists).
    #[tracing::instrument(skip(self), err)]
    pub async fn revoke_access_token(
        &self,
        user_id: i64,
        id: i64,
        now: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let sql = "UPDATE access_tokens SET revoked_at = $3
            WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL";
        let done = with_pool!(self, pool => sqlx::query(sql)
            .bind(id)
            .bind(user_id)
            .bind(now)
            .execute(pool)
            .await?
            .rows_affected());
        Ok(done == 1)
    }

    /// The owner of the live token whose hash is `token_hash` (`None`: unknown or revoked),
    /// stamping its `last_used_at` when the last stamp is over a minute old.
    #[tracing::instrument(skip_all, err)]
    pub async fn access_token_owner(
        &self,
        token_hash: &str,
        now: DateTime<Utc>,
    ) -> StoreResult<Option<TokenOwner>> {
        let find = "SELECT id, user_id, last_used_at FROM access_tokens
            WHERE token_hash = $1 AND revoked_at IS NULL";
        let touch = "UPDATE access_tokens SET last_used_at = $2
            WHERE id = $1 AND revoked_at IS NULL AND (last_used_at IS NULL OR last_used_at < $3)";
        let found: Option<(i64, i64, Option<DateTime<Utc>>)> = with_pool!(self, pool =>
            sqlx::query_as(find).bind(token_hash).fetch_optional(pool).await?);
        let Some((token_id, user_id, last_used)) = found else {
            return Ok(None);
        };
        let stale = now - LAST_USED_GRANULARITY;
        if last_used.is_none_or(|at| at < stale) {
            with_pool!(self, pool => {
                sqlx::query(touch)
                    .bind(token_id)
                    .bind(now)
                    .bind(stale)
                    .execute(pool)
                    .await?;
            });
        }
        Ok(Some(TokenOwner { token_id, user_id }))
    }
}
