//! Prometheus metrics: request latency per route, and job counts by queue and status read
//! from the store (so every replica reports the fleet's truth).
//!
//! Bounded by construction: the method label is one of the standard methods or
//! `other`, the route label a matched route template (`/api/unmatched` or `static`
//! otherwise), so no request can add series of its own; job counts are read at most once per
//! [`JOB_COUNTS_MAX_AGE`] however often metrics are scraped. They are served on their own
//! listener (`METRICS_ADDR`), see `api/docs/operations.md`.

use std::{
    collections::BTreeMap,
    fmt::Write,
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use axum::{
    extract::{MatchedPath, Request, State},
    middleware::Next,
    response::Response,
};

/// Upper bounds (seconds) of the latency histogram buckets.
const BUCKETS: [f64; 10] = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 5.0];

#[derive(Default)]
struct Series {
    buckets: [u64; BUCKETS.len()],
    count: u64,
    sum: f64,
}

/// How long job counts read for a scrape are reused.
pub const JOB_COUNTS_MAX_AGE: Duration = Duration::from_secs(10);

/// Request latency histograms keyed by (method, route, status), and the last job counts.
#[derive(Default)]
pub struct Metrics {
    requests: Mutex<BTreeMap<(&'static str, String, u16), Series>>,
    job_counts: tokio::sync::Mutex<Option<(Instant, Vec<jobs::store::apalis::JobCount>)>>,
    batch_gauges: tokio::sync::Mutex<Option<(Instant, BatchGauges)>>,
}

/// How long the batch and schedule gauges read for a scrape are reused.
pub const BATCH_GAUGES_MAX_AGE: Duration = Duration::from_secs(5);

/// The admin's batch and schedules as gauges.
#[derive(Debug, Clone)]
pub struct BatchGauges {
    pub batch: jobs::batch::BatchStatus,
    /// How late the most overdue enabled schedule is (0 when none is due).
    pub schedule_lag_seconds: f64,
}

/// The method label: a standard method, or `other` for anything a client made up.
pub fn method_label(method: &axum::http::Method) -> &'static str {
    use axum::http::Method;
    match *method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    }
}

impl Metrics {
    fn observe(&self, method: &'static str, route: &str, status: u16, seconds: f64) {
        let mut requests = self.requests.lock().unwrap_or_else(|p| p.into_inner());
        let series = requests
            .entry((method, route.to_string(), status))
            .or_default();
        series.count += 1;
        series.sum += seconds;
        for (i, bound) in BUCKETS.iter().enumerate() {
            if seconds <= *bound {
                series.buckets[i] += 1;
            }
        }
    }

    /// The request histograms in Prometheus text format.
    pub fn render_requests(&self, out: &mut String) {
        let requests = self.requests.lock().unwrap_or_else(|p| p.into_inner());
        out.push_str("# HELP http_request_duration_seconds Time to answer HTTP requests.\n");
        out.push_str("# TYPE http_request_duration_seconds histogram\n");
        for ((method, route, status), s) in requests.iter() {
            let labels = format!("method=\"{method}\",route=\"{route}\",status=\"{status}\"");
            for (i, bound) in BUCKETS.iter().enumerate() {
                let _ = writeln!(
                    out,
                    "http_request_duration_seconds_bucket{{{labels},le=\"{bound}\"}} {}",
                    s.buckets[i]
                );
            }
            let _ = writeln!(
                out,
                "http_request_duration_seconds_bucket{{{labels},le=\"+Inf\"}} {}",
                s.count
            );
            let _ = writeln!(
                out,
                "http_request_duration_seconds_sum{{{labels}}} {}",
                s.sum
            );
            let _ = writeln!(
                out,
                "http_request_duration_seconds_count{{{labels}}} {}",
                s.count
            );
        }
    }
}

/// Middleware timing every request under its route template (not the raw path, so ids and
/// tickers do not explode the label set).
pub async fn track(State(metrics): State<Arc<Metrics>>, request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = method_label(request.method());
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map(|p| p.as_str().to_string())
        .unwrap_or_else(|| {
            if request.uri().path().starts_with("/api/") {
                "/api/unmatched".into()
            } else {
                "static".into()
            }
        });
    let response = next.run(request).await;
    metrics.observe(
        method,
        &route,
        response.status().as_u16(),
        started.elapsed().as_secs_f64(),
    );
    response
}

impl Metrics {
    /// Job counts by queue and status, read from the store at most once per
    /// [`JOB_COUNTS_MAX_AGE`] (concurrent scrapes wait for one read).
    pub async fn job_counts(
        &self,
        store: &jobs::store::Store,
    ) -> jobs::store::StoreResult<Vec<jobs::store::apalis::JobCount>> {
        let mut cached = self.job_counts.lock().await;
        if let Some((at, counts)) = cached.as_ref()
            && at.elapsed() < JOB_COUNTS_MAX_AGE
        {
            return Ok(counts.clone());
        }
        let counts = store.job_counts().await?;
        *cached = Some((Instant::now(), counts.clone()));
        Ok(counts)
    }

    /// The batch's progress and the schedules' lag, read at most once per
    /// [`BATCH_GAUGES_MAX_AGE`] (concurrent scrapes wait for one read).
    pub async fn batch_gauges(
        &self,
        store: &jobs::store::Store,
    ) -> jobs::store::StoreResult<BatchGauges> {
        let mut cached = self.batch_gauges.lock().await;
        if let Some((at, gauges)) = cached.as_ref()
            && at.elapsed() < BATCH_GAUGES_MAX_AGE
        {
            return Ok(gauges.clone());
        }
        let now = chrono::Utc::now();
        let batch = jobs::batch::status(store).await?;
        let oldest_due = store.oldest_due_schedule(now).await?;
        let gauges = BatchGauges {
            batch,
            schedule_lag_seconds: oldest_due
                .map(|due| (now - due).num_milliseconds().max(0) as f64 / 1000.0)
                .unwrap_or(0.0),
        };
        *cached = Some((Instant::now(), gauges.clone()));
        Ok(gauges)
    }
}
