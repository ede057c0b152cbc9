//! Signed-in users' daily analysis cap (`api_usage`, one row per user and UTC day) and stock
//! views (`stock_views` per user, `anonymous_stock_views` per symbol and day) for the trending
//! lists.

use super::transaction::BeginWrite;
use chrono::{DateTime, NaiveTime, Utc};

use super::{
    Backend, Store, StoreError, StoreResult,
    trending::{COUNT_TRENDING_VIEW, LOCK_TRENDING_SHARED, ViewCount, hour_of},
};
use crate::accounts::usage::{AnonymousOutcome, DailyOutcome, TrialLimits, UsageLedger};

/// Midnight (UTC) of `now`'s day: the key of the day's usage row.
pub fn utc_day_start(now: DateTime<Utc>) -> DateTime<Utc> {
    now.date_naive().and_time(NaiveTime::MIN).and_utc()
}

impl Store {
    /// Records that user `user_id` opens `symbol` and decides whether they may. Reopening a
    /// symbol already counted today (UTC) is free; a new one uses one of `daily_limit`
    /// analyses. One transaction claims the (user, symbol, day) row and makes the guarded
    /// increment, so of many concurrent requests for one new symbol exactly one counts it,
    /// and concurrent requests for different symbols cannot pass the cap. Each allowed call is
    /// recorded as a view. A failed analysis gives its count back
    /// ([`Store::refund_user_analysis`]).
    #[tracing::instrument(skip(self), err)]
    pub async fn record_user_analysis(
        &self,
        user_id: i64,
        symbol: &str,
        daily_limit: i32,
        now: DateTime<Utc>,
    ) -> StoreResult<DailyOutcome> {
        let day = utc_day_start(now);
        let claim = "INSERT INTO user_daily_symbols (user_id, symbol, day) VALUES ($1, $2, $3)
            ON CONFLICT (user_id, symbol, day) DO NOTHING";
        let count = "INSERT INTO api_usage (user_id, count, reset_date, reset_date_only) VALUES ($1, 1, $2, $3)
            ON CONFLICT (user_id, reset_date_only) DO UPDATE SET count = api_usage.count + 1
            WHERE api_usage.count < $4 RETURNING count";
        let outcome = with_pool!(self, pool => {{
            // The claim is a write, so a SQLite transaction takes the write lock at once.
            let mut tx = pool.begin_write().await?;
            let claimed = sqlx::query(claim)
                .bind(user_id)
                .bind(symbol)
                .bind(day)
                .execute(&mut *tx)
                .await?
                .rows_affected()
                == 1;
            if !claimed {
                tx.commit().await?;
                None
            } else if daily_limit <= 0 {
                tx.rollback().await?;
                Some(DailyOutcome::LimitReached)
            } else {
                let counted: Option<i32> = sqlx::query_scalar(count)
                    .bind(user_id)
                    .bind(now)
                    .bind(day)
                    .bind(daily_limit)
                    .fetch_optional(&mut *tx)
                    .await?;
                match counted {
                    Some(count) => {
                        tx.commit().await?;
                        Some(DailyOutcome::Counted { count })
                    }
                    None => {
                        tx.rollback().await?;
                        Some(DailyOutcome::LimitReached)
                    }
                }
            }
        }});
        let outcome = match outcome {
            Some(outcome) => outcome,
            None => DailyOutcome::AlreadyViewedToday {
                count: self.analyses_today(user_id, now).await?,
            },
        };
        // A view counts once per user, stock and day (trending must not be pushed by one
        // visitor reopening a stock; a repeat view writes nothing).
        // Counted again after a refund (a failed analysis) is still the same view.
        if matches!(outcome, DailyOutcome::Counted { .. })
            && self
                .claim_view(&format!("user:{user_id}"), symbol, now)
                .await?
        {
            self.record_user_view(user_id, symbol, now).await?;
        }
        Ok(outcome)
    }

    /// Analyses the user has used on `now`'s UTC day.
    pub async fn analyses_today(&self, user_id: i64, now: DateTime<Utc>) -> StoreResult<i32> {
        let sql = "SELECT count FROM api_usage WHERE user_id = $1 AND reset_date_only = $2";
        let count: Option<i32> = with_pool!(self, pool => sqlx::query_scalar(sql)
            .bind(user_id)
            .bind(utc_day_start(now))
            .fetch_optional(pool)
            .await?);
        Ok(count.unwrap_or(0))
    }

    /// Claims `viewer`'s (`user:ID`, `session:ID`) view of `symbol` on `now`'s UTC day: true
    /// the first time, false after, so a view counts once per viewer, stock and day even when
    /// a failed analysis gave the try back and the stock was asked for again.
    #[tracing::instrument(skip(self), err)]
    pub async fn claim_view(
        &self,
        viewer: &str,
        symbol: &str,
        now: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let sql = "INSERT INTO stock_viewers (viewer, symbol, day) VALUES ($1, $2, $3)
            ON CONFLICT (viewer, symbol, day) DO NOTHING";
        let day = now.date_naive().to_string();
        Ok(with_pool!(self, pool => sqlx::query(sql)
            .bind(viewer)
            .bind(symbol)
            .bind(day)
            .execute(pool)
            .await?
            .rows_affected())
            == 1)
    }

    /// One view of `symbol` by a signed-in user.
    #[tracing::instrument(skip(self), err)]
    pub async fn record_user_view(
        &self,
        user_id: i64,
        symbol: &str,
        now: DateTime<Utc>,
    ) -> StoreResult<()> {
        let sql = "INSERT INTO stock_views (user_id, symbol, viewed_at) VALUES ($1, $2, $3)";
        // The hour's count, what trending sums (one row per symbol and hour).
        let hourly = "INSERT INTO stock_view_hours (hour, symbol, views) VALUES ($1, $2, 1)
            ON CONFLICT (hour, symbol) DO UPDATE SET views = stock_view_hours.views + 1";
        let locks = self.backend() == Backend::Postgres;
        with_pool!(self, pool => {
            let mut tx = pool.begin_write().await?;
            if locks {
                sqlx::query(LOCK_TRENDING_SHARED).execute(&mut *tx).await?;
            }
            sqlx::query(sql).bind(user_id).bind(symbol).bind(now).execute(&mut *tx).await?;
            sqlx::query(hourly).bind(hour_of(now)).bind(symbol).execute(&mut *tx).await?;
            sqlx::query(COUNT_TRENDING_VIEW).bind(symbol).execute(&mut *tx).await?;
            tx.commit().await?;
        });
        Ok(())
    }

    /// One anonymous view of `symbol`, counted per UTC day.
    #[tracing::instrument(skip(self), err)]
    pub async fn record_anonymous_view(&self, symbol: &str, now: DateTime<Utc>) -> StoreResult<()> {
        let sql = "INSERT INTO anonymous_stock_views (symbol, day, views) VALUES ($1, $2, 1)
            ON CONFLICT (symbol, day) DO UPDATE SET views = anonymous_stock_views.views + 1";
        let locks = self.backend() == Backend::Postgres;
        with_pool!(self, pool => {
            let mut tx = pool.begin_write().await?;
            if locks {
                sqlx::query(LOCK_TRENDING_SHARED).execute(&mut *tx).await?;
            }
            sqlx::query(sql).bind(symbol).bind(now.date_naive()).execute(&mut *tx).await?;
            sqlx::query(COUNT_TRENDING_VIEW).bind(symbol).execute(&mut *tx).await?;
            tx.commit().await?;
        });
        Ok(())
    }

    /// The most viewed symbols since `since`, signed-in and anonymous views together, most
    /// first (ties by symbol), whether or not they could be analysed. Anonymous views count by
    /// whole UTC days, from `since`'s day. Sums the hour and day buckets of the window, so it
    /// reads a row per symbol and hour viewed: the reference the kept trending counts
    /// ([`Store::trending`]) are tested against.
    #[tracing::instrument(skip(self), err)]
    pub async fn most_viewed(
        &self,
        since: DateTime<Utc>,
        limit: i64,
    ) -> StoreResult<Vec<ViewCount>> {
        let sql = "SELECT v.symbol, t.name AS company_name, v.views FROM (
                SELECT symbol, CAST(SUM(views) AS BIGINT) AS views FROM (
                    SELECT symbol, views FROM stock_view_hours WHERE hour >= $1
                    UNION ALL
                    SELECT symbol, views FROM anonymous_stock_views WHERE day >= $2
                ) AS counted GROUP BY symbol
                ORDER BY views DESC, symbol LIMIT $3
            ) AS v LEFT JOIN tickers t ON t.ticker = v.symbol
            ORDER BY v.views DESC, v.symbol";
        Ok(with_pool!(self, pool => sqlx::query_as(sql)
            .bind(hour_of(since))
            .bind(since.date_naive())
            .bind(limit)
            .fetch_all(pool)
            .await?))
    }
}

/// The usage gate (`accounts::usage`) counts, views and gives back through the store.
impl UsageLedger for Store {
    type Error = StoreError;

    async fn record_user_analysis(
        &self,
        user: i64,
        symbol: &str,
        limit: i32,
        now: DateTime<Utc>,
    ) -> StoreResult<DailyOutcome> {
        Store::record_user_analysis(self, user, symbol, limit, now).await
    }

    async fn record_anonymous_analysis(
        &self,
        session: &str,
        ip: &str,
        symbol: &str,
        limits: TrialLimits,
        now: DateTime<Utc>,
    ) -> StoreResult<AnonymousOutcome> {
        Store::record_anonymous_analysis(self, session, ip, symbol, limits, now).await
    }

    async fn record_anonymous_view(
        &self,
        session: &str,
        symbol: &str,
        now: DateTime<Utc>,
    ) -> StoreResult<()> {
        if self
            .claim_view(&format!("session:{session}"), symbol, now)
            .await?
        {
            Store::record_anonymous_view(self, symbol, now).await?;
        }
        Ok(())
    }

    async fn refund_user_analysis(
        &self,
        user: i64,
        symbol: &str,
        now: DateTime<Utc>,
    ) -> StoreResult<bool> {
        Store::refund_user_analysis(self, user, symbol, now).await
    }

    async fn refund_anonymous_analysis(
        &self,
        session: &str,
        ip: &str,
        symbol: &str,
        now: DateTime<Utc>,
    ) -> StoreResult<bool> {
        Store::refund_anonymous_analysis(self, session, ip, symbol, now).await
    }
}
