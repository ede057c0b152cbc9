//! Accounts (`users`): registration, lookup for sign-in, and what the account page shows.

use chrono::{DateTime, Utc};

use super::{Store, StoreResult};

/// Every column of `users`, in table order.
pub(super) const USER_COLUMNS: &str =
    "id, username, password, birthday, terms_accepted_at, privacy_accepted_at,
    parental_consent_at, parent_name, parent_email, parent_signature, child_name, is_paid_user,
    paid_since, subscription_tier, stripe_customer_id, purchased_queries, created_at";

/// One account. `password` is the argon2id PHC string; `Debug` never prints it.
#[derive(Clone, PartialEq, sqlx::FromRow)]
pub struct UserRecord {
    pub id: i64,
    pub username: String,
    pub password: String,
    pub birthday: Option<DateTime<Utc>>,
    pub terms_accepted_at: DateTime<Utc>,
    pub privacy_accepted_at: DateTime<Utc>,
    pub parental_consent_at: Option<DateTime<Utc>>,
    pub parent_name: Option<String>,
    pub parent_email: Option<String>,
    pub parent_signature: Option<String>,
    pub child_name: Option<String>,
    pub is_paid_user: bool,
    pub paid_since: Option<DateTime<Utc>>,
    pub subscription_tier: Option<String>,
    pub stripe_customer_id: Option<String>,
    pub purchased_queries: i32,
    pub created_at: DateTime<Utc>,
}

impl std::fmt::Debug for UserRecord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UserRecord")
            .field("id", &self.id)
            .field("username", &self.username)
            .field("is_paid_user", &self.is_paid_user)
            .finish_non_exhaustive()
    }
}

/// A validated registration, ready to store.
#[derive(Debug, Clone)]
pub struct NewUser {
    /// Lowercased e-mail address.
    pub username: String,
    pub password_hash: crate::accounts::PasswordHash,
    pub parent_name: Option<String>,
    pub parent_email: Option<String>,
    pub parent_signature: Option<String>,
    pub child_name: Option<String>,
    /// The parent ticked the consent box: `parental_consent_at` is set to `accepted_at`.
    pub parental_consent: bool,
    /// When the terms and the privacy policy were accepted (both are required).
    pub accepted_at: DateTime<Utc>,
}

impl Store {
    /// Stores a new account. A taken username is `StoreError::Conflict` (the unique key
    /// decides, so concurrent registrations of one name make exactly one account).
    #[tracing::instrument(skip_all, err, fields(username = %user.username))]
    pub async fn create_user(&self, user: &NewUser) -> StoreResult<UserRecord> {
        let sql = format!(
            "INSERT INTO users (username, password, terms_accepted_at, privacy_accepted_at,
                parental_consent_at, parent_name, parent_email, parent_signature, child_name, created_at)
             VALUES ($1, $2, $3, $3, $4, $5, $6, $7, $8, $3) RETURNING {USER_COLUMNS}"
        );
        let consent = user.parental_consent.then_some(user.accepted_at);
        Ok(
            with_pool!(self, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.as_str()))
            .bind(&user.username)
            .bind(user.password_hash.as_str())
            .bind(user.accepted_at)
            .bind(consent)
            .bind(&user.parent_name)
            .bind(&user.parent_email)
            .bind(&user.parent_signature)
            .bind(&user.child_name)
            .fetch_one(pool)
            .await?),
        )
    }

    /// The account with this id, if any.
    #[tracing::instrument(skip(self), err)]
    pub async fn user_by_id(&self, id: i64) -> StoreResult<Option<UserRecord>> {
        let sql = format!("SELECT {USER_COLUMNS} FROM users WHERE id = $1");
        Ok(
            with_pool!(self, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.as_str())).bind(id).fetch_optional(pool).await?),
        )
    }

    /// The account signing in as `username` (already lowercased by `Username::parse`).
    #[tracing::instrument(skip(self), err)]
    pub async fn user_by_username(&self, username: &str) -> StoreResult<Option<UserRecord>> {
        let sql = format!("SELECT {USER_COLUMNS} FROM users WHERE username = $1");
        Ok(
            with_pool!(self, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.as_str())).bind(username).fetch_optional(pool).await?),
        )
    }

    /// How many accounts use this username (0 or 1; for tests and checks).
    pub async fn count_users_named(&self, username: &str) -> StoreResult<i64> {
        let sql = "SELECT COUNT(*) FROM users WHERE username = $1";
        Ok(with_pool!(self, pool => sqlx::query_scalar(sql).bind(username).fetch_one(pool).await?))
    }

    /// How many accounts exist.
    pub async fn user_count(&self) -> StoreResult<i64> {
        let sql = "SELECT COUNT(*) FROM users";
        Ok(with_pool!(self, pool => sqlx::query_scalar(sql).fetch_one(pool).await?))
    }

    /// Sets the password of account `user_id` (the operator's `api create-admin` on an
    /// existing account); the caller ends the account's sessions.
    #[tracing::instrument(skip(self, password_hash), err)]
    pub async fn set_user_password(
        &self,
        user_id: i64,
        password_hash: &crate::accounts::PasswordHash,
    ) -> StoreResult<()> {
        let sql = "UPDATE users SET password = $2 WHERE id = $1";
        with_pool!(self, pool => {
            sqlx::query(sql).bind(user_id).bind(password_hash.as_str()).execute(pool).await?;
        });
        Ok(())
    }
}
