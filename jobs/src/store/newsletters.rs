//! Newsletters (`newsletters` of the data model, keyed by job since migration 0012): one row per
//! finished `GenerateNewsletter` job, so a retried job finds what it already wrote. Also the
//! newsletter page's stock list (every stored analysis, best score first).

use chrono::{DateTime, Utc};
use sqlx::types::Json;

use super::{Store, StoreResult};

/// A stored newsletter.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredNewsletter {
    pub id: i64,
    pub job_id: String,
    pub title: String,
    pub content: String,
    pub symbols: Vec<String>,
    /// The writer's settings as the job had them (their shape is the `newsletter` room's).
    pub settings: serde_json::Value,
    pub chart_urls: Vec<String>,
    /// `offline`, or the language model's name.
    pub writer: String,
    pub notice: Option<String>,
    /// The custom prompt, or the template's id.
    pub prompt: Option<String>,
    pub created_by: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// What a job saves.
#[derive(Debug, Clone)]
pub struct NewNewsletter<'a> {
    pub job_id: &'a str,
    pub title: &'a str,
    pub content: &'a str,
    pub symbols: &'a [String],
    pub settings: &'a serde_json::Value,
    pub chart_urls: &'a [String],
    pub writer: &'a str,
    pub notice: Option<&'a str>,
    pub prompt: &'a str,
    pub created_by: Option<&'a str>,
}

type Row = (
    i64,
    Option<String>,
    String,
    String,
    Json<Vec<String>>,
    Json<serde_json::Value>,
    Json<Vec<String>>,
    String,
    Option<String>,
    Option<String>,
    Option<String>,
    DateTime<Utc>,
);

impl Store {
    /// Saves a job's newsletter; a second save for the same job (a retry that raced the
    /// first) keeps the first and answers it.
    #[tracing::instrument(skip_all, err, fields(job = new.job_id))]
    pub async fn save_newsletter(&self, new: &NewNewsletter<'_>) -> StoreResult<StoredNewsletter> {
        let sql = "INSERT INTO newsletters (job_id, title, content, stocks, settings, chart_urls, writer, notice, prompt, created_by)
                   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (job_id) DO NOTHING";
        with_pool!(self, pool => {
            sqlx::query(sql)
                .bind(new.job_id)
                .bind(new.title)
                .bind(new.content)
                .bind(Json(new.symbols))
                .bind(Json(new.settings))
                .bind(Json(new.chart_urls))
                .bind(new.writer)
                .bind(new.notice)
                .bind(new.prompt)
                .bind(new.created_by)
                .execute(pool)
                .await?;
        });
        self.newsletter_of_job(new.job_id)
            .await?
            .ok_or_else(|| super::StoreError::NotFound)
    }

    /// The newsletter a job wrote, if it has.
    pub async fn newsletter_of_job(&self, job_id: &str) -> StoreResult<Option<StoredNewsletter>> {
        let sql = "SELECT id, job_id, title, content, stocks, settings, chart_urls, writer, notice, prompt, created_by, created_at
                   FROM newsletters WHERE job_id = $1";
        let row: Option<Row> =
            with_pool!(self, pool => sqlx::query_as(sql).bind(job_id).fetch_optional(pool).await?);
        Ok(row.map(stored))
    }
}

fn stored(row: Row) -> StoredNewsletter {
    let (
        id,
        job_id,
        title,
        content,
        symbols,
        settings,
        chart_urls,
        writer,
        notice,
        prompt,
        created_by,
        created_at,
    ) = row;
    StoredNewsletter {
        id,
        job_id: job_id.unwrap_or_default(),
        title,
        content,
        symbols: symbols.0,
        settings: settings.0,
        chart_urls: chart_urls.0,
        writer,
        notice,
        prompt,
        created_by,
        created_at,
    }
}
