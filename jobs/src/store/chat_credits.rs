//! The chat query ledger (`user_ai_credits`, plus the monthly tally in `user_api_usage`):
//! the one-time free allowance is spent first, then purchased credits, which never expire.
//! Spending is one guarded statement per pot, so concurrent sends can never overdraw; a
//! refund puts the query back into the pot it came from; the balance is read here too.

use super::transaction::BeginWrite;
use chrono::{DateTime, Utc};

use super::{Store, StoreResult};

/// Which pot a spent query came from (a refund returns it there).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpentQuery {
    Free,
    Purchased,
}

/// Adds `$2` purchased queries to user `$1` at `$3`: [`Store::add_purchased_queries`], and the
/// payments flow inside its crediting transaction (`purchases.rs`).
pub(super) const ADD_PURCHASED_SQL: &str = "INSERT INTO user_ai_credits (user_id, purchased_credits_remaining, total_queries_purchased, created_at, updated_at)
    VALUES ($1, $2, $2, $3, $3)
    ON CONFLICT (user_id) DO UPDATE SET
        purchased_credits_remaining = user_ai_credits.purchased_credits_remaining + $2,
        total_queries_purchased = user_ai_credits.total_queries_purchased + $2,
        updated_at = $3";

/// Chat queries left, as the account page and the drawer show them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QueryBalance {
    pub used: i32,
    pub limit: i32,
    pub remaining: i32,
}

/// `YYYY-MM` of `now` (UTC): the key of the monthly usage row.
pub fn usage_month(now: DateTime<Utc>) -> String {
    now.format("%Y-%m").to_string()
}

impl Store {
    /// Chat queries left: the one-time free allowance (`free_queries`) plus purchased credits
    /// (`user_ai_credits`); a user who never chatted has the full free allowance.
    #[tracing::instrument(skip(self), err)]
    pub async fn query_balance(
        &self,
        user_id: i64,
        free_queries: i32,
    ) -> StoreResult<QueryBalance> {
        let sql = "SELECT free_queries_used, purchased_credits_remaining, total_queries_purchased
            FROM user_ai_credits WHERE user_id = $1";
        let row: Option<(i32, i32, i32)> =
            with_pool!(self, pool => sqlx::query_as(sql).bind(user_id).fetch_optional(pool).await?);
        let (free_used, purchased_left, purchased_total) = row.unwrap_or((0, 0, 0));
        let limit = free_queries + purchased_total;
        let remaining = (free_queries - free_used).max(0) + purchased_left.max(0);
        Ok(QueryBalance {
            used: (limit - remaining).max(0),
            limit,
            remaining,
        })
    }

    /// Spends one chat query of `user_id`: a free one while fewer than `free_queries` are
    /// used, otherwise a purchased one. `None` when both pots are empty. Each pot is a single
    /// guarded write, so N concurrent calls with K queries left spend exactly K.
    #[tracing::instrument(skip(self), err)]
    pub async fn spend_chat_query(
        &self,
        user_id: i64,
        free_queries: i32,
        now: DateTime<Utc>,
    ) -> StoreResult<Option<SpentQuery>> {
        let free_sql = "INSERT INTO user_ai_credits (user_id, free_queries_used, last_used_at, created_at, updated_at)
            VALUES ($1, 1, $2, $2, $2)
            ON CONFLICT (user_id) DO UPDATE SET free_queries_used = user_ai_credits.free_queries_used + 1,
                last_used_at = $2, updated_at = $2
            WHERE user_ai_credits.free_queries_used < $3
            RETURNING free_queries_used";
        let purchased_sql = "UPDATE user_ai_credits SET purchased_credits_remaining = purchased_credits_remaining - 1,
                last_used_at = $2, updated_at = $2
            WHERE user_id = $1 AND purchased_credits_remaining > 0 RETURNING purchased_credits_remaining";
        let month_sql = "INSERT INTO user_api_usage (user_id, month, queries_used, queries_limit, last_reset_date)
            VALUES ($1, $2, 1, $3, $4)
            ON CONFLICT (user_id, month) DO UPDATE SET queries_used = user_api_usage.queries_used + 1";
        let month = usage_month(now);
        let spent = with_pool!(self, pool => {
            let mut tx = pool.begin_write().await?;
            // With no free allowance at all, a first insert would wrongly record one used.
            let free: Option<i32> = if free_queries > 0 {
                sqlx::query_scalar(free_sql)
                    .bind(user_id)
                    .bind(now)
                    .bind(free_queries)
                    .fetch_optional(&mut *tx)
                    .await?
            } else {
                None
            };
            let spent = if free.is_some() {
                Some(SpentQuery::Free)
            } else {
                let left: Option<i32> = sqlx::query_scalar(purchased_sql)
                    .bind(user_id)
                    .bind(now)
                    .fetch_optional(&mut *tx)
                    .await?;
                left.map(|_| SpentQuery::Purchased)
            };
            if spent.is_some() {
                sqlx::query(month_sql)
                    .bind(user_id)
                    .bind(&month)
                    .bind(free_queries)
                    .bind(now)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
            spent
        });
        Ok(spent)
    }

    /// Gives back a query spent at `spent_at` (the provider failed before answering).
    #[tracing::instrument(skip(self), err)]
    pub async fn refund_chat_query(
        &self,
        user_id: i64,
        spent: SpentQuery,
        spent_at: DateTime<Utc>,
    ) -> StoreResult<()> {
        let pot_sql = match spent {
            SpentQuery::Free => {
                "UPDATE user_ai_credits SET free_queries_used = free_queries_used - 1, updated_at = $2
                WHERE user_id = $1 AND free_queries_used > 0"
            }
            SpentQuery::Purchased => {
                "UPDATE user_ai_credits SET purchased_credits_remaining = purchased_credits_remaining + 1, updated_at = $2
                WHERE user_id = $1"
            }
        };
        let month_sql = "UPDATE user_api_usage SET queries_used = queries_used - 1
            WHERE user_id = $1 AND month = $2 AND queries_used > 0";
        with_pool!(self, pool => {
            let mut tx = pool.begin_write().await?;
            sqlx::query(pot_sql).bind(user_id).bind(Utc::now()).execute(&mut *tx).await?;
            sqlx::query(month_sql)
                .bind(user_id)
                .bind(usage_month(spent_at))
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
        });
        Ok(())
    }

    /// Adds `queries` purchased credits to `user_id` (they never expire). The payments flow
    /// calls this once per verified checkout.
    #[tracing::instrument(skip(self), err)]
    pub async fn add_purchased_queries(
        &self,
        user_id: i64,
        queries: i32,
        now: DateTime<Utc>,
    ) -> StoreResult<()> {
        with_pool!(self, pool => {
            sqlx::query(ADD_PURCHASED_SQL).bind(user_id).bind(queries.max(0)).bind(now).execute(pool).await?;
        });
        Ok(())
    }

    /// Queries `user_id` used in `month` (`YYYY-MM`), as the admin's chat usage reads it.
    pub async fn chat_queries_in_month(&self, user_id: i64, month: &str) -> StoreResult<i32> {
        let sql = "SELECT queries_used FROM user_api_usage WHERE user_id = $1 AND month = $2";
        let used: Option<i32> = with_pool!(self, pool => sqlx::query_scalar(sql)
            .bind(user_id)
            .bind(month)
            .fetch_optional(pool)
            .await?);
        Ok(used.unwrap_or(0))
    }
}
