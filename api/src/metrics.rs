//! Prometheus metrics: request latency per route, and job counts by queue and status read
//! from the store at scrape time (so every replica reports the fleet's truth).

use std::{
    collections::BTreeMap,
    fmt::Write,
    sync::{Arc, Mutex},
    time::Instant,
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

/// Request latency histograms keyed by (method, route, status).
#[derive(Default)]
pub struct Metrics {
    requests: Mutex<BTreeMap<(String, String, u16), Series>>,
}

impl Metrics {
    fn observe(&self, method: &str, route: &str, status: u16, seconds: f64) {
        let mut requests = self.requests.lock().unwrap_or_else(|p| p.into_inner());
        let series = requests
            .entry((method.to_string(), route.to_string(), status))
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
    let method = request.method().to_string();
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
        &method,
        &route,
        response.status().as_u16(),
        started.elapsed().as_secs_f64(),
    );
    response
}
