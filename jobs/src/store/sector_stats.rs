//! Each question's statistics per peer group over the scored market (`sector_stats`,
//! migration 0026), written by the `ComputeSectorStats` job (`crate::peers`), and the narrow
//! reads that job makes of the stored records: each record's SIC code and its questions'
//! grades and metrics, extracted by the database a page at a time, so the job never holds or
//! receives a ~100 KB record.

use chrono::{DateTime, Utc};

use super::{
    Backend, Store, StoreResult,
    analysis_changes::{self, CHANNEL},
    transaction::BeginWrite,
};

/// One group's statistics of one metric.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct SectorStat {
    /// `"53"` (SIC major group) or `"G"` (SIC division).
    pub group_code: String,
    pub question: i32,
    /// The metric kind's key (`peers::metrics::KINDS`).
    pub metric: String,
    /// Companies in the group with the metric.
    pub peer_count: i32,
    /// Infinite for cash against debt when that many of the group owe nothing.
    pub p25: f64,
    pub median: f64,
    pub p75: f64,
    pub computed_at: DateTime<Utc>,
}

/// One question of one stored record, as the statistics read it.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct PeerFactRow {
    pub symbol: String,
    pub sic: Option<i64>,
    pub number: Option<i64>,
    pub score: Option<i64>,
    pub metric: Option<f64>,
    pub metric_name: Option<String>,
    /// Question 3's chart rows (JSON), to tell a profit's growth from a loss's margin change.
    pub chart_rows: Option<String>,
}

const SQLITE_FACTS: &str = "SELECT r.symbol,
        CAST(json_extract(r.record, '$.sic') AS INTEGER) AS sic,
        CAST(json_extract(q.value, '$.number') AS INTEGER) AS number,
        CAST(json_extract(q.value, '$.score') AS INTEGER) AS score,
        CAST(json_extract(q.value, '$.metric') AS REAL) AS metric,
        json_extract(q.value, '$.metricName') AS metric_name,
        CASE WHEN json_extract(q.value, '$.number') = 3
             THEN json_extract(q.value, '$.chart.rows') END AS chart_rows
    FROM (SELECT symbol, record FROM stock_analysis_records
          WHERE symbol > $1 ORDER BY symbol LIMIT $2) r
    LEFT JOIN json_each(r.record, '$.questions') q
    ORDER BY r.symbol, number";

const POSTGRES_FACTS: &str = "SELECT r.symbol::text AS symbol,
        (r.record->>'sic')::bigint AS sic,
        (q->>'number')::bigint AS number,
        (q->>'score')::bigint AS score,
        (q->>'metric')::float8 AS metric,
        q->>'metricName' AS metric_name,
        CASE WHEN q->>'number' = '3' THEN (q->'chart'->'rows')::text END AS chart_rows
    FROM (SELECT symbol, record FROM stock_analysis_records
          WHERE symbol > $1 ORDER BY symbol LIMIT $2) r
    LEFT JOIN LATERAL jsonb_array_elements(
        CASE WHEN jsonb_typeof(r.record->'questions') = 'array'
             THEN r.record->'questions' ELSE '[]'::jsonb END) q ON true
    ORDER BY r.symbol, number";

const INSERT: &str = "INSERT INTO sector_stats
    (group_code, question, metric, peer_count, p25, median, p75, computed_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8)";

const FOR_GROUPS: &str =
    "SELECT group_code, question, metric, peer_count, p25, median, p75, computed_at
    FROM sector_stats WHERE group_code IN ($1, $2) ORDER BY group_code, question, metric";

impl Store {
    /// The questions of up to `limit` stored records whose symbols sort after `after`, in
    /// symbol order (`""` for the first page): the SIC code and, per question, its number,
    /// grade, metric and metric name (a record without questions gives one row of NULLs, so
    /// a page is empty only past the last record).
    #[tracing::instrument(skip_all, err)]
    pub async fn peer_facts_page(&self, after: &str, limit: i64) -> StoreResult<Vec<PeerFactRow>> {
        let sql = per_backend!(self, sqlite: SQLITE_FACTS, postgres: POSTGRES_FACTS);
        Ok(
            with_pool!(self, pool => sqlx::query_as(sql).bind(after).bind(limit).fetch_all(pool).await?),
        )
    }

    /// Replaces every statistic with `stats` (one run's, all stamped with its time), in one
    /// transaction, and tells every API process that the answers carrying them changed.
    #[tracing::instrument(skip_all, err, fields(rows = stats.len()))]
    pub async fn replace_sector_stats(&self, stats: &[SectorStat]) -> StoreResult<()> {
        let notifies = self.backend() == Backend::Postgres;
        with_pool!(self, pool => {
            let mut tx = pool.begin_write().await?;
            sqlx::query("DELETE FROM sector_stats").execute(&mut *tx).await?;
            for s in stats {
                sqlx::query(INSERT)
                    .bind(&s.group_code)
                    .bind(s.question)
                    .bind(&s.metric)
                    .bind(s.peer_count)
                    .bind(s.p25)
                    .bind(s.median)
                    .bind(s.p75)
                    .bind(s.computed_at)
                    .execute(&mut *tx)
                    .await?;
            }
            if notifies {
                // Every stored answer now carries other peers: the same signal as a new
                // analysis, so each process's ready answers are checked again.
                sqlx::query("SELECT pg_notify($1, $2)").bind(CHANNEL).bind("*sector-stats").execute(&mut *tx).await?;
            }
            tx.commit().await?;
        });
        analysis_changes::changed();
        Ok(())
    }

    /// The statistics of the groups `codes` (a company's major group and division).
    pub async fn sector_stats_for(&self, codes: &[&str]) -> StoreResult<Vec<SectorStat>> {
        let (first, second) = match codes {
            [] => return Ok(Vec::new()),
            [one] => (*one, *one),
            [one, two, ..] => (*one, *two),
        };
        Ok(
            with_pool!(self, pool => sqlx::query_as(FOR_GROUPS).bind(first).bind(second).fetch_all(pool).await?),
        )
    }

    /// When the statistics were last computed; `None` before the first run.
    pub async fn sector_stats_at(&self) -> StoreResult<Option<DateTime<Utc>>> {
        let sql = "SELECT max(computed_at) FROM sector_stats";
        let at: Option<DateTime<Utc>> =
            with_pool!(self, pool => sqlx::query_scalar(sql).fetch_one(pool).await?);
        Ok(at)
    }

    /// What the answer of `GET /api/analyze-stock/{symbol}` is built from, in one read: when
    /// the symbol's served analysis was computed (as `analysis_computed_at`) and when the peer
    /// statistics it carries were. `None` when no analysis is served.
    pub async fn answer_version(
        &self,
        symbol: &str,
    ) -> StoreResult<Option<(DateTime<Utc>, Option<DateTime<Utc>>)>> {
        let sql = "SELECT r.computed_at, (SELECT max(s.computed_at) FROM sector_stats s) AS peers_at
                   FROM stock_analysis_records r
                   JOIN python_analysis_cache c ON c.symbol = r.symbol WHERE r.symbol = $1 AND c.success = $2";
        Ok(
            with_pool!(self, pool => sqlx::query_as(sql).bind(symbol).bind(true).fetch_optional(pool).await?),
        )
    }
}
