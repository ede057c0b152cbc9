//! Login sessions (`sessions`), the database side of the API's cookie-session store. Rows are
//! keyed by the SHA-256 of the cookie's session id, so a copy of the table cannot be replayed
//! as cookies. `user_id` lets a password reset end every session of an account.

use chrono::{DateTime, Utc};

use super::{Store, StoreResult, users::UserRecord};

/// A stored session: its encoded data and when it stops being valid.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct SessionRow {
    pub data: Vec<u8>,
    pub expiry_date: DateTime<Utc>,
    pub user_id: Option<i64>,
}

impl Store {
    /// Inserts a new session; `false` when the key is already taken (the caller draws a new
    /// id and tries again).
    #[tracing::instrument(skip_all, err)]
    pub async fn create_session(
        &self,
        key: &str,
        data: &[u8],
        expiry_date: DateTime<Utc>,
        user_id: Option<i64>,
    ) -> StoreResult<bool> {
        let sql = "INSERT INTO sessions (id, data, expiry_date, user_id) VALUES ($1, $2, $3, $4)
            ON CONFLICT (id) DO NOTHING";
        let done = with_pool!(self, pool => sqlx::query(sql)
            .bind(key)
            .bind(data)
            .bind(expiry_date)
            .bind(user_id)
            .execute(pool)
            .await?
            .rows_affected());
        Ok(done == 1)
    }

    /// Writes a session, creating or replacing it.
    #[tracing::instrument(skip_all, err)]
    pub async fn save_session(
        &self,
        key: &str,
        data: &[u8],
        expiry_date: DateTime<Utc>,
        user_id: Option<i64>,
    ) -> StoreResult<()> {
        let sql = "INSERT INTO sessions (id, data, expiry_date, user_id) VALUES ($1, $2, $3, $4)
            ON CONFLICT (id) DO UPDATE SET data = excluded.data,
                expiry_date = excluded.expiry_date, user_id = excluded.user_id";
        with_pool!(self, pool => {
            sqlx::query(sql).bind(key).bind(data).bind(expiry_date).bind(user_id).execute(pool).await?;
        });
        Ok(())
    }

    /// The session under `key` if it has not expired by `now`.
    #[tracing::instrument(skip_all, err)]
    pub async fn load_session(
        &self,
        key: &str,
        now: DateTime<Utc>,
    ) -> StoreResult<Option<SessionRow>> {
        let sql =
            "SELECT data, expiry_date, user_id FROM sessions WHERE id = $1 AND expiry_date > $2";
        Ok(
            with_pool!(self, pool => sqlx::query_as(sql).bind(key).bind(now).fetch_optional(pool).await?),
        )
    }

    /// The user signed in on the session under `key` if it has not expired by `now`: session
    /// and user in one query (every signed-in request needs both).
    #[tracing::instrument(skip_all, err)]
    pub async fn session_user(
        &self,
        key: &str,
        now: DateTime<Utc>,
    ) -> StoreResult<Option<UserRecord>> {
        let sql = format!(
            "SELECT {} FROM users WHERE id = (SELECT user_id FROM sessions WHERE id = $1 AND expiry_date > $2)",
            super::users::USER_COLUMNS
        );
        Ok(
            with_pool!(self, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.as_str()))
            .bind(key)
            .bind(now)
            .fetch_optional(pool)
            .await?),
        )
    }

    /// Removes one session (logout, id rotation).
    #[tracing::instrument(skip_all, err)]
    pub async fn delete_session(&self, key: &str) -> StoreResult<()> {
        with_pool!(self, pool => {
            sqlx::query("DELETE FROM sessions WHERE id = $1").bind(key).execute(pool).await?;
        });
        Ok(())
    }

    /// Ends every session of a user (after a password reset). Returns how many ended.
    #[tracing::instrument(skip(self), err)]
    pub async fn delete_user_sessions(&self, user_id: i64) -> StoreResult<u64> {
        let sql = "DELETE FROM sessions WHERE user_id = $1";
        Ok(
            with_pool!(self, pool => sqlx::query(sql).bind(user_id).execute(pool).await?.rows_affected()),
        )
    }

    /// Removes sessions that expired before `now`. Returns how many.
    #[tracing::instrument(skip(self), err)]
    pub async fn delete_expired_sessions(&self, now: DateTime<Utc>) -> StoreResult<u64> {
        let sql = "DELETE FROM sessions WHERE expiry_date <= $1";
        Ok(
            with_pool!(self, pool => sqlx::query(sql).bind(now).execute(pool).await?.rows_affected()),
        )
    }

    /// How many live sessions a user has (for tests and the account page).
    pub async fn user_session_count(&self, user_id: i64, now: DateTime<Utc>) -> StoreResult<i64> {
        let sql = "SELECT COUNT(*) FROM sessions WHERE user_id = $1 AND expiry_date > $2";
        Ok(
            with_pool!(self, pool => sqlx::query_scalar(sql).bind(user_id).bind(now).fetch_one(pool).await?),
        )
    }
}
