//! Watchlists (`watchlist_items`), the scores watched stocks had per day (`watched_scores`),
//! alerts (`stock_alerts`), each user's alert settings (`alert_settings`) and the weekly digest's
//! decisions (`weekly_digests`); migration 0022. The rules (limits, bands, thresholds) are
//! `crate::watchlist`'s.

use chrono::{DateTime, NaiveDate, Utc};

use super::{Store, StoreResult, StoreTx, outbox::NewEmail, transaction::with_tx};

/// What adding a stock did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WatchOutcome {
    Added,
    /// It was on the list already (nothing changed).
    AlreadyWatched,
    /// The list holds `limit` stocks already.
    Full,
}

/// A watched stock with what is stored about it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct WatchedStock {
    pub symbol: String,
    pub added_score: Option<i32>,
    pub added_at: DateTime<Utc>,
    /// From the stored analysis (`None`: not scored yet).
    pub company_name: Option<String>,
    pub score: Option<i32>,
    pub computed_at: Option<DateTime<Utc>>,
}

/// Someone who watches a stock.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Watcher {
    pub user_id: i64,
    pub username: String,
    pub added_at: DateTime<Utc>,
    pub alerts_enabled: bool,
}

/// An alert to write (see `crate::watchlist::alerts`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewAlert {
    pub user_id: i64,
    pub symbol: String,
    /// The record change: the two stored quarters compared ("2026-Q2>2026-Q4").
    pub change_key: String,
    pub previous_score: Option<i32>,
    pub current_score: Option<i32>,
    pub previous_band: Option<String>,
    pub current_band: Option<String>,
    /// The top reason, from the stored figures.
    pub reason: String,
    /// The questions that moved by 3 or more, as a JSON array.
    pub questions: String,
}

/// A stored alert.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct StockAlert {
    pub id: i64,
    pub user_id: i64,
    pub symbol: String,
    pub change_key: String,
    pub previous_score: Option<i32>,
    pub current_score: Option<i32>,
    pub previous_band: Option<String>,
    pub current_band: Option<String>,
    pub reason: String,
    pub questions: String,
    pub created_at: DateTime<Utc>,
    pub read_at: Option<DateTime<Utc>>,
}

/// A user's alert choices (the defaults when none are stored).
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct AlertSettings {
    pub alerts_enabled: bool,
    pub digest_enabled: bool,
    /// ISO weekday, 1 = Monday ... 7 = Sunday.
    pub digest_day: i32,
}

impl Default for AlertSettings {
    fn default() -> Self {
        AlertSettings {
            alerts_enabled: true,
            digest_enabled: true,
            digest_day: 1,
        }
    }
}

/// A user the weekly digest may be for: watches something and wants the digest.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct DigestUser {
    pub user_id: i64,
    pub username: String,
    pub digest_day: i32,
}

const ALERT_COLUMNS: &str = "id, user_id, symbol, change_key, previous_score, current_score, \
    previous_band, current_band, reason, questions, created_at, read_at";

impl Store {
    /// Adds `symbol` to `user_id`'s list unless it is there or the list holds `limit` stocks
    /// (one statement, so two quick clicks cannot pass the limit together on SQLite).
    #[tracing::instrument(skip(self), err)]
    pub async fn watch(
        &self,
        user_id: i64,
        symbol: &str,
        added_score: Option<i32>,
        now: DateTime<Utc>,
        limit: i64,
    ) -> StoreResult<WatchOutcome> {
        let insert = "INSERT INTO watchlist_items (user_id, symbol, added_score, added_at)
            SELECT $1, $2, $3, $4
            WHERE (SELECT COUNT(*) FROM watchlist_items WHERE user_id = $1) < $5
            ON CONFLICT (user_id, symbol) DO NOTHING";
        let added = with_pool!(self, pool => sqlx::query(insert)
            .bind(user_id).bind(symbol).bind(added_score).bind(now).bind(limit)
            .execute(pool).await?.rows_affected());
        if added == 1 {
            return Ok(WatchOutcome::Added);
        }
        let exists: i64 = with_pool!(self, pool => sqlx::query_scalar(
            "SELECT COUNT(*) FROM watchlist_items WHERE user_id = $1 AND symbol = $2")
            .bind(user_id).bind(symbol).fetch_one(pool).await?);
        Ok(if exists > 0 {
            WatchOutcome::AlreadyWatched
        } else {
            WatchOutcome::Full
        })
    }

    /// Removes `symbol` from the list; answers whether it was there.
    #[tracing::instrument(skip(self), err)]
    pub async fn unwatch(&self, user_id: i64, symbol: &str) -> StoreResult<bool> {
        let sql = "DELETE FROM watchlist_items WHERE user_id = $1 AND symbol = $2";
        Ok(
            with_pool!(self, pool => sqlx::query(sql).bind(user_id).bind(symbol).execute(pool).await?.rows_affected())
                > 0,
        )
    }

    /// `user_id`'s watched stocks with their stored scores, in the order they were added.
    #[tracing::instrument(skip(self), err)]
    pub async fn watchlist(&self, user_id: i64) -> StoreResult<Vec<WatchedStock>> {
        let sql =
            "SELECT w.symbol, w.added_score, w.added_at, r.company_name, r.score, r.computed_at
            FROM watchlist_items w LEFT JOIN stock_analysis_records r ON r.symbol = w.symbol
            WHERE w.user_id = $1 ORDER BY w.added_at, w.symbol";
        Ok(with_pool!(self, pool => sqlx::query_as(sql).bind(user_id).fetch_all(pool).await?))
    }

    /// Everyone who watches `symbol`, with their alert choice.
    #[tracing::instrument(skip(self), err)]
    pub async fn watchers(&self, symbol: &str) -> StoreResult<Vec<Watcher>> {
        let sql = "SELECT w.user_id, u.username, w.added_at,
                COALESCE(s.alerts_enabled, $2) AS alerts_enabled
            FROM watchlist_items w JOIN users u ON u.id = w.user_id
            LEFT JOIN alert_settings s ON s.user_id = w.user_id
            WHERE w.symbol = $1 ORDER BY w.user_id";
        Ok(
            with_pool!(self, pool => sqlx::query_as(sql).bind(symbol).bind(true).fetch_all(pool).await?),
        )
    }

    /// Every symbol someone watches, once each.
    pub async fn watched_symbols(&self) -> StoreResult<Vec<String>> {
        let sql = "SELECT DISTINCT symbol FROM watchlist_items ORDER BY symbol";
        Ok(with_pool!(self, pool => sqlx::query_scalar(sql).fetch_all(pool).await?))
    }

    /// Keeps `symbol`'s score of `day` (the last rescore of the day wins).
    pub async fn record_watched_score(
        &self,
        symbol: &str,
        day: NaiveDate,
        score: i32,
    ) -> StoreResult<()> {
        let sql = "INSERT INTO watched_scores (symbol, day, score) VALUES ($1, $2, $3)
            ON CONFLICT (symbol, day) DO UPDATE SET score = excluded.score";
        with_pool!(self, pool => {
            sqlx::query(sql).bind(symbol).bind(day.to_string()).bind(score).execute(pool).await?;
        });
        Ok(())
    }

    /// `symbol`'s kept score of the latest day on or before `day`.
    pub async fn watched_score_on(&self, symbol: &str, day: NaiveDate) -> StoreResult<Option<i32>> {
        let sql = "SELECT score FROM watched_scores WHERE symbol = $1 AND day <= $2
            ORDER BY day DESC LIMIT 1";
        Ok(
            with_pool!(self, pool => sqlx::query_scalar(sql).bind(symbol).bind(day.to_string()).fetch_optional(pool).await?),
        )
    }

    /// Writes `alert` unless this user already has the alert of this stock and change;
    /// answers whether it was written.
    #[tracing::instrument(skip_all, err, fields(user = alert.user_id, symbol = %alert.symbol))]
    pub async fn insert_alert(&self, alert: &NewAlert, now: DateTime<Utc>) -> StoreResult<bool> {
        let sql =
            "INSERT INTO stock_alerts (user_id, symbol, change_key, previous_score, current_score,
                previous_band, current_band, reason, questions, created_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
            ON CONFLICT (user_id, symbol, change_key) DO NOTHING";
        Ok(with_pool!(self, pool => sqlx::query(sql)
            .bind(alert.user_id).bind(&alert.symbol).bind(&alert.change_key)
            .bind(alert.previous_score).bind(alert.current_score)
            .bind(&alert.previous_band).bind(&alert.current_band)
            .bind(&alert.reason).bind(&alert.questions).bind(now)
            .execute(pool).await?.rows_affected())
            > 0)
    }

    /// `user_id`'s newest `limit` alerts, newest first.
    pub async fn alerts(&self, user_id: i64, limit: i64) -> StoreResult<Vec<StockAlert>> {
        let sql = format!(
            "SELECT {ALERT_COLUMNS} FROM stock_alerts WHERE user_id = $1
             ORDER BY created_at DESC, id DESC LIMIT $2"
        );
        Ok(
            with_pool!(self, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.as_str())).bind(user_id).bind(limit).fetch_all(pool).await?),
        )
    }

    /// `user_id`'s alerts created in `[since, until)`, oldest first (what a digest lists).
    pub async fn alerts_between(
        &self,
        user_id: i64,
        since: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> StoreResult<Vec<StockAlert>> {
        let sql = format!(
            "SELECT {ALERT_COLUMNS} FROM stock_alerts
             WHERE user_id = $1 AND created_at >= $2 AND created_at < $3 ORDER BY created_at, id"
        );
        Ok(
            with_pool!(self, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.as_str()))
            .bind(user_id).bind(since).bind(until).fetch_all(pool).await?),
        )
    }

    /// How many of `user_id`'s alerts are unread.
    pub async fn unread_alert_count(&self, user_id: i64) -> StoreResult<i64> {
        let sql = "SELECT COUNT(*) FROM stock_alerts WHERE user_id = $1 AND read_at IS NULL";
        Ok(with_pool!(self, pool => sqlx::query_scalar(sql).bind(user_id).fetch_one(pool).await?))
    }

    /// Marks `ids` (all of the user's alerts when `None`) read; other users' ids are ignored.
    /// Answers how many changed.
    #[tracing::instrument(skip(self), err)]
    pub async fn mark_alerts_read(
        &self,
        user_id: i64,
        ids: Option<&[i64]>,
        now: DateTime<Utc>,
    ) -> StoreResult<u64> {
        let Some(ids) = ids else {
            let sql = "UPDATE stock_alerts SET read_at = $2 WHERE user_id = $1 AND read_at IS NULL";
            return Ok(with_pool!(self, pool => sqlx::query(sql)
                .bind(user_id).bind(now).execute(pool).await?.rows_affected()));
        };
        let sql = "UPDATE stock_alerts SET read_at = $3 WHERE user_id = $1 AND id = $2 AND read_at IS NULL";
        let mut changed = 0;
        for id in ids {
            changed += with_pool!(self, pool => sqlx::query(sql)
                .bind(user_id).bind(id).bind(now).execute(pool).await?.rows_affected());
        }
        Ok(changed)
    }

    /// `user_id`'s alert choices (the defaults when none are stored).
    pub async fn alert_settings(&self, user_id: i64) -> StoreResult<AlertSettings> {
        let sql = "SELECT alerts_enabled, digest_enabled, digest_day FROM alert_settings
            WHERE user_id = $1";
        let stored: Option<AlertSettings> = with_pool!(self, pool => sqlx::query_as(sql)
            .bind(user_id).fetch_optional(pool).await?);
        Ok(stored.unwrap_or_default())
    }

    /// Stores `user_id`'s alert choices.
    #[tracing::instrument(skip(self), err)]
    pub async fn save_alert_settings(
        &self,
        user_id: i64,
        settings: AlertSettings,
        now: DateTime<Utc>,
    ) -> StoreResult<()> {
        let sql = "INSERT INTO alert_settings (user_id, alerts_enabled, digest_enabled, digest_day, updated_at)
            VALUES ($1, $2, $3, $4, $5)
            ON CONFLICT (user_id) DO UPDATE SET alerts_enabled = excluded.alerts_enabled,
              digest_enabled = excluded.digest_enabled, digest_day = excluded.digest_day,
              updated_at = excluded.updated_at";
        with_pool!(self, pool => {
            sqlx::query(sql).bind(user_id).bind(settings.alerts_enabled).bind(settings.digest_enabled)
                .bind(settings.digest_day).bind(now).execute(pool).await?;
        });
        Ok(())
    }

    /// Users who watch at least one stock, want the digest and have no digest decided for
    /// `iso_week` yet, with their digest day.
    pub async fn digest_users(&self, iso_week: &str) -> StoreResult<Vec<DigestUser>> {
        let sql = "SELECT u.id AS user_id, u.username, COALESCE(s.digest_day, 1) AS digest_day
            FROM users u LEFT JOIN alert_settings s ON s.user_id = u.id
            WHERE COALESCE(s.digest_enabled, $1) = $1
              AND EXISTS (SELECT 1 FROM watchlist_items w WHERE w.user_id = u.id)
              AND NOT EXISTS (SELECT 1 FROM weekly_digests d WHERE d.user_id = u.id AND d.iso_week = $2)
            ORDER BY u.id";
        Ok(
            with_pool!(self, pool => sqlx::query_as(sql).bind(true).bind(iso_week).fetch_all(pool).await?),
        )
    }

    /// The digest decision of `user_id` for `iso_week`: `None` when not decided yet, else the
    /// outbox message it wrote (`Some(None)`: nothing changed, nothing sent).
    pub async fn digest_decision(
        &self,
        user_id: i64,
        iso_week: &str,
    ) -> StoreResult<Option<Option<i64>>> {
        let sql = "SELECT outbox_id FROM weekly_digests WHERE user_id = $1 AND iso_week = $2";
        Ok(with_pool!(self, pool => sqlx::query_scalar(sql)
            .bind(user_id).bind(iso_week).fetch_optional(pool).await?))
    }

    /// The shared secret `name`, made (32 random bytes, hex) by the first process to ask.
    pub async fn server_secret(&self, name: &str) -> StoreResult<String> {
        let fresh = hex::encode(rand::random::<[u8; 32]>());
        let insert = "INSERT INTO server_secrets (name, secret, created_at) VALUES ($1, $2, $3)
            ON CONFLICT (name) DO NOTHING";
        let select = "SELECT secret FROM server_secrets WHERE name = $1";
        with_pool!(self, pool => {
            sqlx::query(insert).bind(name).bind(&fresh).bind(Utc::now()).execute(pool).await?;
            Ok(sqlx::query_scalar(select).bind(name).fetch_one(pool).await?)
        })
    }
}

impl StoreTx {
    /// Records the digest of `user_id` for `iso_week` and, when there is one, writes its
    /// message to the outbox, in this transaction: answers `None` when the week was already
    /// decided (nothing written), else the outbox id (`Some(None)` for no message).
    #[tracing::instrument(skip(self, email), err)]
    pub async fn record_digest(
        &mut self,
        user_id: i64,
        iso_week: &str,
        email: Option<(&NewEmail, &str)>,
        alert_count: i32,
        now: DateTime<Utc>,
    ) -> StoreResult<Option<Option<i64>>> {
        let claim =
            "INSERT INTO weekly_digests (user_id, iso_week, outbox_id, alert_count, decided_at)
            VALUES ($1, $2, NULL, $3, $4) ON CONFLICT (user_id, iso_week) DO NOTHING";
        with_tx!(self, conn => {{
            let claimed = sqlx::query(claim)
                .bind(user_id).bind(iso_week).bind(alert_count).bind(now)
                .execute(&mut **conn).await?.rows_affected();
            if claimed == 0 {
                return Ok(None);
            }
            let Some((email, headers)) = email else {
                return Ok(Some(None));
            };
            let id: i64 = sqlx::query_scalar(
                "INSERT INTO email_outbox (to_address, subject, body, kind, created_at, headers)
                 VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
            )
            .bind(&email.to).bind(&email.subject).bind(&email.body).bind(&email.kind)
            .bind(now).bind(headers)
            .fetch_one(&mut **conn).await?;
            sqlx::query("UPDATE weekly_digests SET outbox_id = $3 WHERE user_id = $1 AND iso_week = $2")
                .bind(user_id).bind(iso_week).bind(id)
                .execute(&mut **conn).await?;
            Ok(Some(Some(id)))
        }})
    }
}
