//! The anonymous trial: analyses per browser session id (`anonymous_searches`, with the
//! symbols in `anonymous_search_symbols`) and the per-IP daily ceiling (`anonymous_ip_usage`).

use super::transaction::BeginWrite;
use chrono::{DateTime, Utc};

use super::{Store, StoreResult};
use crate::accounts::usage::{AnonymousOutcome, TrialLimits};

/// An anonymous session as stored.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct AnonymousSession {
    pub session_id: String,
    pub search_count: i32,
    pub last_search_at: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
}

impl Store {
    /// The session with this browser-generated id, if it ever analysed anything.
    #[tracing::instrument(skip(self), err)]
    pub async fn anonymous_session(
        &self,
        session_id: &str,
    ) -> StoreResult<Option<AnonymousSession>> {
        let sql = "SELECT session_id, search_count, last_search_at, created_at
            FROM anonymous_searches WHERE session_id = $1";
        Ok(
            with_pool!(self, pool => sqlx::query_as(sql).bind(session_id).fetch_optional(pool).await?),
        )
    }

    /// The symbols a session has analysed, oldest first.
    pub async fn anonymous_symbols(&self, session_id: &str) -> StoreResult<Vec<String>> {
        let sql = "SELECT symbol FROM anonymous_search_symbols WHERE session_id = $1
            ORDER BY created_at, symbol";
        Ok(
            with_pool!(self, pool => sqlx::query_scalar(sql).bind(session_id).fetch_all(pool).await?),
        )
    }

    /// New anonymous analyses counted for `ip` on `now`'s UTC day.
    pub async fn anonymous_ip_count(&self, ip: &str, now: DateTime<Utc>) -> StoreResult<i32> {
        let sql = "SELECT symbols FROM anonymous_ip_usage WHERE ip = $1 AND day = $2";
        let count: Option<i32> = with_pool!(self, pool => sqlx::query_scalar(sql)
            .bind(ip)
            .bind(now.date_naive())
            .fetch_optional(pool)
            .await?);
        Ok(count.unwrap_or(0))
    }

    /// Records that anonymous session `session_id`, from `ip`, opens `symbol`, and decides
    /// whether it may. A symbol the session already analysed is always allowed and uses
    /// nothing; a new one uses one of the session's `limits.per_session` and one of the IP's
    /// `limits.per_ip_per_day` for the UTC day (0: no IP ceiling). One transaction: a refusal changes nothing, and
    /// concurrent requests cannot exceed either limit (guarded increments).
    #[tracing::instrument(skip(self), err)]
    pub async fn record_anonymous_analysis(
        &self,
        session_id: &str,
        ip: &str,
        symbol: &str,
        limits: TrialLimits,
        now: DateTime<Utc>,
    ) -> StoreResult<AnonymousOutcome> {
        let TrialLimits {
            per_session,
            per_ip_per_day: ip_daily_limit,
        } = limits;
        let ensure_session =
            "INSERT INTO anonymous_searches (session_id, search_count, last_search_at, created_at)
            VALUES ($1, 0, $2, $2) ON CONFLICT (session_id) DO NOTHING";
        let add_symbol = "INSERT INTO anonymous_search_symbols (session_id, symbol, created_at)
            VALUES ($1, $2, $3) ON CONFLICT (session_id, symbol) DO NOTHING";
        let count_try =
            "UPDATE anonymous_searches SET search_count = search_count + 1, last_search_at = $2
            WHERE session_id = $1 AND search_count < $3 RETURNING search_count";
        let count_ip = "INSERT INTO anonymous_ip_usage (ip, day, symbols) VALUES ($1, $2, 1)
            ON CONFLICT (ip, day) DO UPDATE SET symbols = anonymous_ip_usage.symbols + 1
            WHERE anonymous_ip_usage.symbols < $3 RETURNING symbols";
        let current = "SELECT search_count FROM anonymous_searches WHERE session_id = $1";
        with_pool!(self, pool => {{
            // Writes first, so a SQLite transaction takes the write lock at once.
            let mut tx = pool.begin_write().await?;
            sqlx::query(ensure_session).bind(session_id).bind(now).execute(&mut *tx).await?;
            let new_symbol = sqlx::query(add_symbol)
                .bind(session_id)
                .bind(symbol)
                .bind(now)
                .execute(&mut *tx)
                .await?
                .rows_affected()
                == 1;
            if !new_symbol {
                let search_count: i32 = sqlx::query_scalar(current).bind(session_id).fetch_one(&mut *tx).await?;
                tx.commit().await?;
                return Ok(AnonymousOutcome::AlreadyAnalysed { search_count });
            }
            let counted: Option<i32> = sqlx::query_scalar(count_try)
                .bind(session_id)
                .bind(now)
                .bind(per_session)
                .fetch_optional(&mut *tx)
                .await?;
            let Some(search_count) = counted else {
                tx.rollback().await?;
                return Ok(AnonymousOutcome::TrialUsed);
            };
            let ip_counted: Option<i32> = if ip_daily_limit > 0 {
                sqlx::query_scalar(count_ip)
                    .bind(ip)
                    .bind(now.date_naive())
                    .bind(ip_daily_limit)
                    .fetch_optional(&mut *tx)
                    .await?
            } else {
                // 0 turns the ceiling off.
                Some(0)
            };
            if ip_counted.is_none() {
                tx.rollback().await?;
                return Ok(AnonymousOutcome::IpCeiling);
            }
            tx.commit().await?;
            Ok(AnonymousOutcome::Counted { search_count })
        }})
    }
}
