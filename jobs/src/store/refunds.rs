//! Failed analyses are free: giving back the daily analysis or the anonymous try that a
//! request for a symbol used, when that symbol could not be analysed (no SEC statements, an
//! IFRS filer, not enough data, an upstream failure). Idempotent: only the row that counted
//! the symbol is removed, and only its removal gives the count back, so concurrent refunds
//! of one symbol return one analysis.

use super::transaction::BeginWrite;
use chrono::{DateTime, Utc};

use super::{Store, StoreResult, usage::utc_day_start};

impl Store {
    /// Gives back the analysis `symbol` used of the user's day (UTC day of `now`). Returns
    /// whether one was given back.
    #[tracing::instrument(skip(self), err)]
    pub async fn refund_user_analysis(
        &self,
        user_id: i64,
        symbol: &str,
        now: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let day = utc_day_start(now);
        let release =
            "DELETE FROM user_daily_symbols WHERE user_id = $1 AND symbol = $2 AND day = $3";
        let give_back = "UPDATE api_usage SET count = count - 1
            WHERE user_id = $1 AND reset_date_only = $2 AND count > 0";
        with_pool!(self, pool => {{
            let mut tx = pool.begin_write().await?;
            let released = sqlx::query(release)
                .bind(user_id)
                .bind(symbol)
                .bind(day)
                .execute(&mut *tx)
                .await?
                .rows_affected()
                == 1;
            if released {
                sqlx::query(give_back).bind(user_id).bind(day).execute(&mut *tx).await?;
            }
            tx.commit().await?;
            Ok(released)
        }})
    }

    /// Gives back the anonymous try `symbol` used in session `session_id` (and its place under
    /// the IP's daily ceiling for `now`'s day). Returns whether one was given back.
    #[tracing::instrument(skip(self), err)]
    pub async fn refund_anonymous_analysis(
        &self,
        session_id: &str,
        ip: &str,
        symbol: &str,
        now: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let release = "DELETE FROM anonymous_search_symbols WHERE session_id = $1 AND symbol = $2";
        let give_back = "UPDATE anonymous_searches SET search_count = search_count - 1
            WHERE session_id = $1 AND search_count > 0";
        let give_back_ip = "UPDATE anonymous_ip_usage SET symbols = symbols - 1
            WHERE ip = $1 AND day = $2 AND symbols > 0";
        with_pool!(self, pool => {{
            let mut tx = pool.begin_write().await?;
            let released = sqlx::query(release)
                .bind(session_id)
                .bind(symbol)
                .execute(&mut *tx)
                .await?
                .rows_affected()
                == 1;
            if released {
                sqlx::query(give_back).bind(session_id).execute(&mut *tx).await?;
                sqlx::query(give_back_ip)
                    .bind(ip)
                    .bind(now.date_naive())
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
            Ok(released)
        }})
    }
}
