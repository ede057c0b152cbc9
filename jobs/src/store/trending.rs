//! The trending lists (24 hours, 7 days, 30 days): each period's view count per symbol, kept
//! in `trending_views` as views are recorded (`usage.rs`), so a list reads the first rows of an
//! index instead of summing every symbol viewed in the window.
//!
//! A period's row of `trending_windows` says where its counts start: the first hour of
//! signed-in views (`stock_view_hours`) and the first day of anonymous views
//! (`anonymous_stock_views`) still counted. A read that finds its window behind the clock
//! subtracts the buckets that left it (at most once an hour, in one transaction); a period
//! never built (a new install, or rows from before the counts were kept) is built from the
//! buckets by its first read.

use chrono::{DateTime, Duration, NaiveDate, Utc};
use serde::Serialize;

use super::{Backend, Store, StoreResult, transaction::BeginWrite};

/// Views of one symbol over a period, with the company's name from the ticker directory.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ViewCount {
    pub symbol: String,
    pub company_name: Option<String>,
    pub views: i64,
}

/// The periods a trending list covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrendingPeriod {
    Day,
    Week,
    Month,
}

impl TrendingPeriod {
    /// `24h`, `7d` or `30d`, as the API and `trending_windows.period` spell them.
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "24h" => Some(Self::Day),
            "7d" => Some(Self::Week),
            "30d" => Some(Self::Month),
            _ => None,
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            Self::Day => "24h",
            Self::Week => "7d",
            Self::Month => "30d",
        }
    }

    fn length(self) -> Duration {
        match self {
            Self::Day => Duration::hours(24),
            Self::Week => Duration::days(7),
            Self::Month => Duration::days(30),
        }
    }

    /// The first hour of signed-in views and the first day of anonymous views the period
    /// counts at `now` (the window starts on the hour, and anonymous views count by whole UTC
    /// days from the window's first day).
    fn window_at(self, now: DateTime<Utc>) -> (DateTime<Utc>, NaiveDate) {
        let since = now - self.length();
        (hour_of(since), since.date_naive())
    }
}

/// The start of `at`'s UTC hour: signed-in views are counted per hour, so a window starts on
/// the hour (at most an hour wider than asked).
pub(crate) fn hour_of(at: DateTime<Utc>) -> DateTime<Utc> {
    use chrono::{DurationRound, TimeDelta};
    at.duration_trunc(TimeDelta::hours(1)).unwrap_or(at)
}

/// Postgres only. Catching a window up takes this lock alone; recording a view takes it
/// shared, so a window built from the buckets never misses a view that was being recorded
/// (SQLite writers are one at a time anyway). The first key keeps it apart from other
/// advisory locks.
pub(crate) const LOCK_TRENDING_SHARED: &str = "SELECT pg_advisory_xact_lock_shared(28, 0)";
const LOCK_TRENDING: &str = "SELECT pg_advisory_xact_lock(28, 0)";

/// One more view of `$1` in every built period's count, on `$executor`, in the transaction
/// that records the view in its hour or day bucket (after [`LOCK_TRENDING_SHARED`] on
/// Postgres).
pub(crate) const COUNT_TRENDING_VIEW: &str = "INSERT INTO trending_views (period, symbol, views)
    SELECT period, $1, 1 FROM trending_windows WHERE hours_from IS NOT NULL
    ON CONFLICT (period, symbol) DO UPDATE SET views = trending_views.views + 1";

/// `period`'s counts from the buckets of the window starting at `$2` (hour) and `$3` (day).
const BUILD: &str = "INSERT INTO trending_views (period, symbol, views)
    SELECT $1, symbol, SUM(views) FROM (
        SELECT symbol, views FROM stock_view_hours WHERE hour >= $2
        UNION ALL
        SELECT symbol, views FROM anonymous_stock_views WHERE day >= $3
    ) AS counted GROUP BY symbol";

/// Takes off `$1`'s counts the buckets that left its window: hours in [`$2`, `$3`) and days
/// in [`$4`, `$5`).
const SUBTRACT: &str = "UPDATE trending_views SET views = trending_views.views - gone.views
    FROM (
        SELECT symbol, SUM(views) AS views FROM (
            SELECT symbol, views FROM stock_view_hours WHERE hour >= $2 AND hour < $3
            UNION ALL
            SELECT symbol, views FROM anonymous_stock_views WHERE day >= $4 AND day < $5
        ) AS buckets GROUP BY symbol
    ) AS gone
    WHERE trending_views.period = $1 AND trending_views.symbol = gone.symbol";

impl Store {
    /// The `limit` most viewed symbols of `period` with a successful stored analysis (a
    /// ticker that cannot be analysed never trends however often it is asked), signed-in and
    /// anonymous views together, most first (ties by symbol).
    #[tracing::instrument(skip(self), err)]
    pub async fn trending(
        &self,
        period: TrendingPeriod,
        now: DateTime<Utc>,
        limit: i64,
    ) -> StoreResult<Vec<ViewCount>> {
        self.catch_up_trending(period, now).await?;
        // The index gives the counts most first; the walk stops at `limit` analysed symbols,
        // and the names are joined to those rows only. (The order names the table's columns:
        // an expression of them, even a cast, would make SQLite sort every row instead.)
        let sql = "SELECT v.symbol, t.name AS company_name, v.views FROM (
                SELECT tv.symbol, tv.views FROM trending_views tv
                WHERE tv.period = $1 AND tv.views > 0
                  AND EXISTS (SELECT 1 FROM python_analysis_cache c WHERE c.symbol = tv.symbol AND c.success = TRUE)
                ORDER BY tv.views DESC, tv.symbol LIMIT $2
            ) AS v LEFT JOIN tickers t ON t.ticker = v.symbol
            ORDER BY v.views DESC, v.symbol";
        Ok(with_pool!(self, pool => sqlx::query_as(sql)
            .bind(period.key())
            .bind(limit)
            .fetch_all(pool)
            .await?))
    }

    /// Brings `period`'s kept counts to the window at `now`: nothing when they are there
    /// already (every read but the first after an hour turns), else one transaction.
    async fn catch_up_trending(
        &self,
        period: TrendingPeriod,
        now: DateTime<Utc>,
    ) -> StoreResult<()> {
        let (hours_from, days_from) = period.window_at(now);
        let is_current = |start: &(Option<DateTime<Utc>>, Option<NaiveDate>)| {
            start.0.is_some_and(|hour| hour >= hours_from)
                && start.1.is_some_and(|day| day >= days_from)
        };
        let read = "SELECT hours_from, days_from FROM trending_windows WHERE period = $1";
        let start: (Option<DateTime<Utc>>, Option<NaiveDate>) = with_pool!(self, pool => sqlx::query_as(read).bind(period.key()).fetch_one(pool).await?);
        if is_current(&start) {
            return Ok(());
        }
        let locks = self.backend() == Backend::Postgres;
        with_pool!(self, pool => {
            let mut tx = pool.begin_write().await?;
            if locks {
                sqlx::query(LOCK_TRENDING).execute(&mut *tx).await?;
            }
            // Another reader may have caught up while this one waited.
            let start: (Option<DateTime<Utc>>, Option<NaiveDate>) =
                sqlx::query_as(read).bind(period.key()).fetch_one(&mut *tx).await?;
            if is_current(&start) {
                return Ok(());
            }
            let (new_hours, new_days) = match start {
                (Some(old_hours), Some(old_days)) => {
                    let (new_hours, new_days) = (hours_from.max(old_hours), days_from.max(old_days));
                    sqlx::query(SUBTRACT)
                        .bind(period.key())
                        .bind(old_hours)
                        .bind(new_hours)
                        .bind(old_days)
                        .bind(new_days)
                        .execute(&mut *tx)
                        .await?;
                    sqlx::query("DELETE FROM trending_views WHERE period = $1 AND views <= 0")
                        .bind(period.key())
                        .execute(&mut *tx)
                        .await?;
                    (new_hours, new_days)
                }
                _ => {
                    sqlx::query("DELETE FROM trending_views WHERE period = $1")
                        .bind(period.key())
                        .execute(&mut *tx)
                        .await?;
                    sqlx::query(BUILD)
                        .bind(period.key())
                        .bind(hours_from)
                        .bind(days_from)
                        .execute(&mut *tx)
                        .await?;
                    (hours_from, days_from)
                }
            };
            sqlx::query("UPDATE trending_windows SET hours_from = $2, days_from = $3 WHERE period = $1")
                .bind(period.key())
                .bind(new_hours)
                .bind(new_days)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
        });
        Ok(())
    }
}
