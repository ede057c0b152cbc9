//! Newsletter charts: small SVG images drawn from a stored analysis record (no plotting
//! library: a few rectangles and labels). The API serves them at stable URLs keyed by the
//! record's `computed_at`, so a newsletter's images show the figures it was written from.
//! Every label is a record value formatted as the stock page formats it.

use std::fmt::Write as _;

use crate::analysis::{
    AnalysisRecord,
    format::money,
    record::{Band, Chart, TITLES},
};

/// The kinds of chart a newsletter links.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChartKind {
    /// The 12 question scores, 0-10, coloured by band.
    Scores,
    /// Revenue per fiscal year (question 1).
    Revenue,
    /// Cash against debt per period (question 6).
    CashDebt,
}

impl ChartKind {
    pub const ALL: [ChartKind; 3] = [ChartKind::Scores, ChartKind::Revenue, ChartKind::CashDebt];

    /// The name in the URL (`scores`, `revenue`, `cash-debt`).
    pub fn slug(self) -> &'static str {
        match self {
            ChartKind::Scores => "scores",
            ChartKind::Revenue => "revenue",
            ChartKind::CashDebt => "cash-debt",
        }
    }

    pub fn from_slug(slug: &str) -> Option<ChartKind> {
        ChartKind::ALL.into_iter().find(|k| k.slug() == slug)
    }

    /// Alt text for the image (words only: no figure the numbers check would have to find).
    pub fn alt(self, record: &AnalysisRecord) -> String {
        let what = match self {
            ChartKind::Scores => "question scores",
            ChartKind::Revenue => "revenue by year",
            ChartKind::CashDebt => "cash and debt",
        };
        format!("{} {what}", record.symbol)
    }
}

const WIDTH: f64 = 640.0;
const GREEN: &str = "#15803d";
const YELLOW: &str = "#f59e0b";
const RED: &str = "#b91c1c";
const GREY: &str = "#a8a29e";
const INK: &str = "#1c1917";
const CASH: &str = "#15803d";
const DEBT: &str = "#b91c1c";

/// The chart of `kind` for `record`, or `None` when the record has no data for it.
pub fn render(record: &AnalysisRecord, kind: ChartKind) -> Option<String> {
    match kind {
        ChartKind::Scores => Some(scores(record)),
        ChartKind::Revenue => revenue(record),
        ChartKind::CashDebt => cash_debt(record),
    }
}

fn band_colour(band: Band) -> &'static str {
    match band {
        Band::Green => GREEN,
        Band::Yellow => YELLOW,
        Band::Red => RED,
    }
}

/// Text safe inside SVG markup.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn open(height: f64, title: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{height}\" viewBox=\"0 0 {WIDTH} {height}\" role=\"img\" aria-label=\"{t}\" font-family=\"Helvetica, Arial, sans-serif\">\
         <title>{t}</title><rect width=\"100%\" height=\"100%\" fill=\"#fffbeb\"/>\
         <text x=\"16\" y=\"28\" font-size=\"17\" font-weight=\"bold\" fill=\"{INK}\">{t}</text>",
        t = escape(title)
    )
}

/// Horizontal bars, one per question, 0-10.
fn scores(record: &AnalysisRecord) -> String {
    let row = 26.0;
    let top = 48.0;
    let height = top + row * 12.0 + 16.0;
    let (label_w, bar_x) = (250.0, 260.0);
    let bar_max = WIDTH - bar_x - 60.0;
    let title = format!(
        "{} ({}): {} out of 100",
        record.company_name, record.symbol, record.score
    );
    let mut svg = open(height, &title);
    for (i, heading) in TITLES.iter().enumerate() {
        let y = top + row * i as f64;
        let q = record.questions.iter().find(|q| q.number as usize == i + 1);
        let _ = write!(
            svg,
            "<text x=\"{x}\" y=\"{ty}\" font-size=\"13\" fill=\"{INK}\" text-anchor=\"end\">{}</text>",
            escape(heading),
            x = label_w,
            ty = y + 15.0
        );
        match q.and_then(|q| q.score.map(|s| (s, q.band))) {
            Some((score, band)) => {
                let colour = band_colour(band.unwrap_or_else(|| Band::of_question(score)));
                let w = bar_max * f64::from(score.min(10)) / 10.0;
                let _ = write!(
                    svg,
                    "<rect x=\"{bar_x}\" y=\"{y}\" width=\"{w:.1}\" height=\"18\" rx=\"3\" fill=\"{colour}\"/>\
                     <text x=\"{tx:.1}\" y=\"{ty}\" font-size=\"13\" fill=\"{INK}\">{score}/10</text>",
                    tx = bar_x + w + 6.0,
                    ty = y + 14.0
                );
            }
            None => {
                let _ = write!(
                    svg,
                    "<rect x=\"{bar_x}\" y=\"{y}\" width=\"{bar_max:.1}\" height=\"18\" rx=\"3\" fill=\"none\" stroke=\"{GREY}\" stroke-dasharray=\"4 3\"/>\
                     <text x=\"{tx:.1}\" y=\"{ty}\" font-size=\"12\" fill=\"#57534e\">not enough data</text>",
                    tx = bar_x + 8.0,
                    ty = y + 14.0
                );
            }
        }
    }
    svg.push_str("</svg>");
    svg
}

/// Vertical bars: one series, or two side by side, per labelled period.
fn bars(title: &str, labels: &[String], series: &[(&str, &str, Vec<Option<f64>>)]) -> String {
    let height = 300.0;
    let (left, top, bottom) = (24.0, 70.0, 250.0);
    let max = series
        .iter()
        .flat_map(|(_, _, values)| values.iter().flatten())
        .fold(0.0_f64, |m, v| m.max(*v));
    let mut svg = open(height, title);
    // Legend when there are two series.
    if series.len() > 1 {
        for (i, (name, colour, _)) in series.iter().enumerate() {
            let x = 16.0 + 120.0 * i as f64;
            let _ = write!(
                svg,
                "<rect x=\"{x}\" y=\"40\" width=\"12\" height=\"12\" fill=\"{colour}\"/>\
                 <text x=\"{tx}\" y=\"51\" font-size=\"13\" fill=\"{INK}\">{}</text>",
                escape(name),
                tx = x + 16.0
            );
        }
    }
    let slot = (WIDTH - 2.0 * left) / labels.len().max(1) as f64;
    let bar_w = (slot * 0.7) / series.len() as f64;
    for (i, label) in labels.iter().enumerate() {
        let x0 = left + slot * i as f64 + slot * 0.15;
        for (s, (_, colour, values)) in series.iter().enumerate() {
            let Some(value) = values.get(i).copied().flatten() else {
                continue;
            };
            // Negative values (a rare negative cash line) draw as an empty bar with the label.
            let h = if max > 0.0 {
                (value.max(0.0) / max) * (bottom - top)
            } else {
                0.0
            };
            let x = x0 + bar_w * s as f64;
            let _ = write!(
                svg,
                "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{w:.1}\" height=\"{h:.1}\" fill=\"{colour}\"/>\
                 <text x=\"{cx:.1}\" y=\"{ty:.1}\" font-size=\"11\" fill=\"{INK}\" text-anchor=\"middle\">{}</text>",
                escape(&money(value)),
                y = bottom - h,
                w = bar_w - 2.0,
                cx = x + bar_w / 2.0,
                ty = bottom - h - 4.0
            );
        }
        let _ = write!(
            svg,
            "<text x=\"{cx:.1}\" y=\"{ty}\" font-size=\"12\" fill=\"{INK}\" text-anchor=\"middle\">{}</text>",
            escape(label),
            cx = left + slot * i as f64 + slot / 2.0,
            ty = bottom + 18.0
        );
    }
    let _ = write!(
        svg,
        "<line x1=\"{left}\" y1=\"{bottom}\" x2=\"{x2}\" y2=\"{bottom}\" stroke=\"{GREY}\"/></svg>",
        x2 = WIDTH - left
    );
    svg
}

fn question_chart(record: &AnalysisRecord, number: u8) -> Option<&Chart> {
    record
        .questions
        .iter()
        .find(|q| q.number == number)
        .map(|q| &q.chart)
}

fn revenue(record: &AnalysisRecord) -> Option<String> {
    let Some(Chart::ValueGrowth { rows }) = question_chart(record, 1) else {
        return None;
    };
    let rows: Vec<_> = rows.iter().filter(|r| r.value.is_some()).collect();
    if rows.is_empty() {
        return None;
    }
    let labels: Vec<String> = rows.iter().map(|r| r.label.clone()).collect();
    let values = rows.iter().map(|r| r.value).collect();
    let title = format!("{} ({}): revenue", record.company_name, record.symbol);
    Some(bars(&title, &labels, &[("Revenue", GREEN, values)]))
}

fn cash_debt(record: &AnalysisRecord) -> Option<String> {
    let Some(Chart::CashDebt { rows }) = question_chart(record, 6) else {
        return None;
    };
    let rows: Vec<_> = rows
        .iter()
        .filter(|r| r.cash.is_some() || r.debt.is_some())
        .collect();
    if rows.is_empty() {
        return None;
    }
    let labels: Vec<String> = rows.iter().map(|r| r.label.clone()).collect();
    let title = format!("{} ({}): cash and debt", record.company_name, record.symbol);
    Some(bars(
        &title,
        &labels,
        &[
            ("Cash", CASH, rows.iter().map(|r| r.cash).collect()),
            ("Debt", DEBT, rows.iter().map(|r| r.debt).collect()),
        ],
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_round_trip_and_markup_is_escaped() {
        for kind in ChartKind::ALL {
            assert_eq!(ChartKind::from_slug(kind.slug()), Some(kind));
        }
        assert_eq!(ChartKind::from_slug("pie"), None);
        assert_eq!(escape("AT&T <b>"), "AT&amp;T &lt;b&gt;");
    }
}
