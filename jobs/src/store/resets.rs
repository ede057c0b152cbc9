//! Password-reset tokens (`password_reset_tokens`): stored as the SHA-256 of the mailed token,
//! valid until `expires_at`, used once (`used_at`).

use super::transaction::BeginWrite;
use chrono::{DateTime, Utc};

use super::{
    Store, StoreResult,
    outbox::{INSERT_EMAIL, NewEmail},
};

impl Store {
    /// Stores a reset token for `user_id` and its e-mail in one transaction; returns the
    /// outbox id of the e-mail.
    #[tracing::instrument(skip(self, token_hash, email), err)]
    pub async fn create_reset_token(
        &self,
        user_id: i64,
        token_hash: &str,
        expires_at: DateTime<Utc>,
        email: &NewEmail,
        now: DateTime<Utc>,
    ) -> StoreResult<i64> {
        let sql = "INSERT INTO password_reset_tokens (user_id, token, expires_at, created_at) VALUES ($1, $2, $3, $4)";
        with_pool!(self, pool => {{
            let mut tx = pool.begin_write().await?;
            sqlx::query(sql).bind(user_id).bind(token_hash).bind(expires_at).bind(now).execute(&mut *tx).await?;
            let id: i64 = sqlx::query_scalar(INSERT_EMAIL)
                .bind(&email.to)
                .bind(&email.subject)
                .bind(&email.body)
                .bind(&email.kind)
                .bind(now)
                .fetch_one(&mut *tx)
                .await?;
            tx.commit().await?;
            Ok(id)
        }})
    }

    /// Uses the token whose hash is `token_hash`, if it is unused and unexpired at `now`: sets
    /// the user's password to `password_hash`, retires every other open token of that user
    /// and ends all their sessions, in one transaction. Returns the user's id, or `None` when
    /// the token is unknown, used or expired (then nothing changes).
    #[tracing::instrument(skip_all, err)]
    pub async fn reset_password(
        &self,
        token_hash: &str,
        password_hash: &str,
        now: DateTime<Utc>,
    ) -> StoreResult<Option<i64>> {
        let take = "UPDATE password_reset_tokens SET used_at = $2
            WHERE token = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id";
        let set_password = "UPDATE users SET password = $2 WHERE id = $1";
        let retire =
            "UPDATE password_reset_tokens SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL";
        let end_sessions = "DELETE FROM sessions WHERE user_id = $1";
        with_pool!(self, pool => {{
            let mut tx = pool.begin_write().await?;
            let user_id: Option<i64> =
                sqlx::query_scalar(take).bind(token_hash).bind(now).fetch_optional(&mut *tx).await?;
            let Some(user_id) = user_id else {
                tx.rollback().await?;
                return Ok(None);
            };
            sqlx::query(set_password).bind(user_id).bind(password_hash).execute(&mut *tx).await?;
            sqlx::query(retire).bind(user_id).bind(now).execute(&mut *tx).await?;
            sqlx::query(end_sessions).bind(user_id).execute(&mut *tx).await?;
            tx.commit().await?;
            Ok(Some(user_id))
        }})
    }

    /// Whether the token whose hash is `token_hash` is unused and unexpired at `now`: checked
    /// before the new password is hashed, so made-up tokens cost no hashing (`reset_password`
    /// still decides atomically).
    pub async fn reset_token_usable(
        &self,
        token_hash: &str,
        now: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let sql = "SELECT COUNT(*) FROM password_reset_tokens WHERE token = $1 AND used_at IS NULL AND expires_at > $2";
        let open: i64 = with_pool!(self, pool => sqlx::query_scalar(sql).bind(token_hash).bind(now).fetch_one(pool).await?);
        Ok(open > 0)
    }

    /// Open (unused, unexpired) reset tokens of a user.
    pub async fn open_reset_tokens(&self, user_id: i64, now: DateTime<Utc>) -> StoreResult<i64> {
        let sql = "SELECT COUNT(*) FROM password_reset_tokens WHERE user_id = $1 AND used_at IS NULL AND expires_at > $2";
        Ok(
            with_pool!(self, pool => sqlx::query_scalar(sql).bind(user_id).bind(now).fetch_one(pool).await?),
        )
    }
}
