//! Newsletter generation (`/admin/newsletter`): the admin picks stocks, a quick
//! template or a custom prompt, and settings; the `GenerateNewsletter` job writes the piece from
//! the stocks' stored records. With a language model configured (`LLM_PROVIDER`) the model
//! writes it and the chat's invented-number check guards it; offline, or when the model fails
//! or invents a figure, [`offline`] assembles it from the records and Bubba's lines. Charts are
//! SVG images drawn from the same records ([`charts`]) and linked at stable URLs.

pub mod charts;
pub mod custom;
pub mod llm;
pub mod offline;
pub mod request;
pub mod templates;
mod voice;

use chrono::{DateTime, Utc};
use serde::Serialize;

pub use request::{GenerateIn, NewsletterRequest, NewsletterSettings};

use self::charts::ChartKind;
use crate::{analysis::AnalysisRecord, assistant::Provider, store::analyses::StoredAnalysis};

/// Who wrote a newsletter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Writer {
    /// Assembled from the records by [`offline`].
    Offline,
    /// Written by a language model and checked.
    Llm { model: String },
}

impl Writer {
    /// As stored and shown: `offline`, or the model's name.
    pub fn label(&self) -> String {
        match self {
            Writer::Offline => "offline".into(),
            Writer::Llm { model } => model.clone(),
        }
    }
}

/// A written newsletter.
#[derive(Debug, Clone, PartialEq)]
pub struct Newsletter {
    pub title: String,
    /// Markdown: `# title`, sections, chart images as `![alt](url)`.
    pub content: String,
    pub chart_urls: Vec<String>,
    pub writer: Writer,
    /// Why the offline writer stood in for the language model, for the admin.
    pub notice: Option<String>,
}

/// A chart of one stock as the newsletter links it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ChartLink {
    pub symbol: String,
    pub url: String,
    pub alt: String,
}

/// The path of a stock's chart as of the record computed at `computed_at` (the version makes
/// the URL change when the record does, so it may be cached for good).
pub fn chart_path(symbol: &str, kind: ChartKind, computed_at: DateTime<Utc>) -> String {
    format!(
        "/api/newsletter-charts/{symbol}/{}.svg?v={}",
        kind.slug(),
        computed_at.timestamp()
    )
}

/// The charts each stock's record can draw, under `base` (the site's public address).
pub fn chart_links(stocks: &[StoredAnalysis], base: &str) -> Vec<ChartLink> {
    let base = base.trim_end_matches('/');
    let mut links = Vec::new();
    for stock in stocks {
        for kind in ChartKind::ALL {
            if charts::render(&stock.record, kind).is_some() {
                links.push(ChartLink {
                    symbol: stock.record.symbol.clone(),
                    url: format!(
                        "{base}{}",
                        chart_path(&stock.record.symbol, kind, stock.computed_at)
                    ),
                    alt: kind.alt(&stock.record),
                });
            }
        }
    }
    links
}

/// Writes the newsletter: by `provider` when it is a language model, else (or when its draft
/// fails or invents a figure) from the records. `charts` are linked when the settings ask.
pub async fn write(
    provider: &dyn Provider,
    records: &[AnalysisRecord],
    request: &NewsletterRequest,
    charts: &[ChartLink],
) -> Newsletter {
    let charts = if request.settings.include_charts {
        charts
    } else {
        &[]
    };
    if !provider.is_generative() {
        return offline::write(records, request, charts);
    }
    match llm::write(provider, records, request).await {
        Ok(mut drafted) => {
            // The model never writes addresses: the charts are added by the code.
            if !charts.is_empty() {
                drafted.content.push_str("\n## Charts\n\n");
                for chart in charts {
                    drafted
                        .content
                        .push_str(&format!("![{}]({})\n", chart.alt, chart.url));
                }
            }
            drafted.chart_urls = charts.iter().map(|c| c.url.clone()).collect();
            drafted
        }
        Err(why) => {
            tracing::warn!(%why, "newsletter: writing from the records instead");
            let mut written = offline::write(records, request, charts);
            let why = why.to_string();
            let mut chars = why.chars();
            let first = chars.next().map(|c| c.to_uppercase().to_string());
            written.notice = Some(format!(
                "{}{}; so Bubba wrote this one from the records himself.",
                first.unwrap_or_default(),
                chars.as_str()
            ));
            written
        }
    }
}
