//! Query packs (`ai_query_packages`) and their checkouts (`chat_query_purchases`). A checkout
//! is recorded `pending` when its session is created and credited when the payment provider
//! says it is paid, from the return page or the webhook, whichever comes first. Crediting is
//! exactly once per checkout session: the status flip to `completed` is a guarded update in
//! the same transaction as the credit (and the user's paid flag), so however many callers race, one of them flips it
//! and only that one adds the queries.

use super::transaction::BeginWrite;
use chrono::{DateTime, Utc};
use serde::Serialize;

use super::{Store, StoreResult, chat_credits::ADD_PURCHASED_SQL};

/// A purchase's status: created, paid and credited, the session expired, the payment failed.
pub const PENDING: &str = "pending";
pub const COMPLETED: &str = "completed";
pub const EXPIRED: &str = "expired";
pub const FAILED: &str = "failed";

/// One pack on sale.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow)]
pub struct QueryPack {
    /// `starter`, `pro`, `premium`: the id the checkout call names.
    pub tier_id: String,
    pub name: String,
    pub query_count: i32,
    pub price_in_cents: i32,
    /// Shown as 'Most Popular'.
    pub popular: bool,
}

/// One checkout, as stored.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Purchase {
    pub id: i64,
    pub user_id: i64,
    pub stripe_session_id: String,
    pub stripe_payment_intent_id: Option<String>,
    pub tier_id: Option<String>,
    pub queries_count: Option<i32>,
    pub price_in_cents: Option<i32>,
    pub status: String,
}

/// What crediting a checkout did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Credit {
    /// This call added `queries` to `user_id`.
    Credited { user_id: i64, queries: i32 },
    /// An earlier call did; nothing changed.
    AlreadyCredited { user_id: i64, queries: i32 },
    /// No checkout with that session id was recorded here.
    Unknown,
}

impl Store {
    /// The active packs, cheapest first. Rows without a tier id, a count or a price are not
    /// on sale (an admin may have added them half way).
    pub async fn query_packs(&self) -> StoreResult<Vec<QueryPack>> {
        let sql =
            "SELECT tier_id, name, query_count, price_in_cents, popular FROM ai_query_packages
            WHERE is_active AND tier_id IS NOT NULL AND name IS NOT NULL
                AND query_count IS NOT NULL AND price_in_cents IS NOT NULL
            ORDER BY price_in_cents, id";
        Ok(with_pool!(self, pool => sqlx::query_as(sql).fetch_all(pool).await?))
    }

    /// The active pack `tier_id`, if there is one.
    pub async fn query_pack(&self, tier_id: &str) -> StoreResult<Option<QueryPack>> {
        Ok(self
            .query_packs()
            .await?
            .into_iter()
            .find(|p| p.tier_id == tier_id))
    }

    /// Records a new checkout of `pack` by `user_id` as pending.
    #[tracing::instrument(skip(self, pack), fields(tier = %pack.tier_id), err)]
    pub async fn record_pending_purchase(
        &self,
        user_id: i64,
        session_id: &str,
        pack: &QueryPack,
        expires_at: Option<DateTime<Utc>>,
        now: DateTime<Utc>,
    ) -> StoreResult<()> {
        let sql =
            "INSERT INTO chat_query_purchases (user_id, stripe_session_id, tier_id, queries_count,
                price_in_cents, status, expires_at, created_at, updated_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)";
        with_pool!(self, pool => {
            sqlx::query(sql)
                .bind(user_id)
                .bind(session_id)
                .bind(&pack.tier_id)
                .bind(pack.query_count)
                .bind(pack.price_in_cents)
                .bind(PENDING)
                .bind(expires_at)
                .bind(now)
                .execute(pool)
                .await?;
        });
        Ok(())
    }

    /// The checkout with provider session `session_id`.
    pub async fn purchase_by_session(&self, session_id: &str) -> StoreResult<Option<Purchase>> {
        let sql = "SELECT id, user_id, stripe_session_id, stripe_payment_intent_id, tier_id, queries_count,
                price_in_cents, status
            FROM chat_query_purchases WHERE stripe_session_id = $1";
        Ok(with_pool!(self, pool => sqlx::query_as(sql)
            .bind(session_id)
            .fetch_optional(pool)
            .await?))
    }

    /// Credits the paid checkout `session_id` exactly once (see the module comment). Call it
    /// only once the provider said the session is paid.
    #[tracing::instrument(skip(self), err)]
    pub async fn credit_purchase(
        &self,
        session_id: &str,
        payment_intent: Option<&str>,
        now: DateTime<Utc>,
    ) -> StoreResult<Credit> {
        // On Postgres a racing update waits for the row lock, then re-checks the status and
        // finds `completed`; SQLite runs one writer at a time. Either way one caller wins.
        let flip = "UPDATE chat_query_purchases SET status = $2,
                stripe_payment_intent_id = COALESCE($3, stripe_payment_intent_id), updated_at = $4
            WHERE stripe_session_id = $1 AND status <> $2
            RETURNING user_id, queries_count";
        // The account page shows Premium once a pack was bought (the spec's isPaidUser,
        // paidSince, purchasedQueries on the user).
        let mark_paid = "UPDATE users SET is_paid_user = $2, paid_since = COALESCE(paid_since, $3),
                purchased_queries = purchased_queries + $4
            WHERE id = $1";
        let credit = with_pool!(self, pool => {
            let mut tx = pool.begin_write().await?;
            let flipped: Option<(i64, Option<i32>)> = sqlx::query_as(flip)
                .bind(session_id)
                .bind(COMPLETED)
                .bind(payment_intent)
                .bind(now)
                .fetch_optional(&mut *tx)
                .await?;
            let credit = match flipped {
                Some((user_id, queries)) => {
                    let queries = queries.unwrap_or(0).max(0);
                    sqlx::query(ADD_PURCHASED_SQL)
                        .bind(user_id)
                        .bind(queries)
                        .bind(now)
                        .execute(&mut *tx)
                        .await?;
                    sqlx::query(mark_paid)
                        .bind(user_id)
                        .bind(true)
                        .bind(now)
                        .bind(queries)
                        .execute(&mut *tx)
                        .await?;
                    Some(Credit::Credited { user_id, queries })
                }
                None => None,
            };
            tx.commit().await?;
            credit
        });
        if let Some(credit) = credit {
            return Ok(credit);
        }
        Ok(match self.purchase_by_session(session_id).await? {
            Some(p) => Credit::AlreadyCredited {
                user_id: p.user_id,
                queries: p.queries_count.unwrap_or(0),
            },
            None => Credit::Unknown,
        })
    }

    /// Marks a still-pending checkout `status` (expired, failed). A credited one is left
    /// alone. Whether anything changed.
    #[tracing::instrument(skip(self), err)]
    pub async fn close_pending_purchase(
        &self,
        session_id: &str,
        status: &str,
        now: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let sql = "UPDATE chat_query_purchases SET status = $2, updated_at = $3
            WHERE stripe_session_id = $1 AND status = $4";
        let changed = with_pool!(self, pool => sqlx::query(sql)
            .bind(session_id)
            .bind(status)
            .bind(now)
            .bind(PENDING)
            .execute(pool)
            .await?
            .rows_affected());
        Ok(changed > 0)
    }
}
