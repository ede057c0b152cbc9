//! Every number of every chart links to its source ("today 104 of 394 chart figures
//! carry a source"): a filing figure with concept, period, form, accession and filing date, a
//! market value with its provider and date, or a derivation whose inputs all resolve. The
//! cells are read from the chart's JSON, so a field added later is covered without a change
//! here.

use crate::analysis_common as common;

use jobs::analysis::{AnalysisRecord, QuestionResult, chart_sources::ChartSources};
use serde_json::Value;

/// One number of a chart: its row (label or ratio name, `""` for single-value charts), field
/// and value.
struct Cell {
    row: String,
    column: String,
    value: f64,
}

/// The numbers of a chart, as the page's "See the numbers" table shows them.
fn cells(q: &QuestionResult) -> Vec<Cell> {
    let json = serde_json::to_value(&q.chart).expect("chart json");
    let numbers = |object: &serde_json::Map<String, Value>, row: &str| -> Vec<Cell> {
        object
            .iter()
            .filter_map(|(column, v)| {
                Some(Cell {
                    row: row.to_string(),
                    column: column.clone(),
                    value: v.as_f64()?,
                })
            })
            .collect()
    };
    let object = json.as_object().expect("chart object");
    match object.get("rows").and_then(Value::as_array) {
        Some(rows) => rows
            .iter()
            .flat_map(|row| {
                let row = row.as_object().expect("row object");
                let key = row
                    .get("label")
                    .or_else(|| row.get("name"))
                    .and_then(Value::as_str)
                    .expect("row label");
                numbers(row, key)
            })
            .collect(),
        None => numbers(object, ""),
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

/// Why `label` does not resolve to a complete source, or `None` when it does (derivations are
/// followed down to their filing figures and market values).
fn unresolved(s: &ChartSources, label: &str, record: &AnalysisRecord, depth: u8) -> Option<String> {
    if depth > 8 {
        return Some(format!("{label}: derivations go in circles"));
    }
    if let Some(p) = s.figures.iter().find(|p| p.label == label) {
        let f = &p.figure;
        let complete = !f.concept.is_empty()
            && !f.accn.is_empty()
            && matches!(f.form.as_str(), "10-K" | "10-K/A" | "10-Q" | "10-Q/A")
            && f.filed <= record.as_of
            && f.start.is_none_or(|start| start <= f.end);
        return (!complete).then(|| format!("{label}: incomplete filing figure {f:?}"));
    }
    if let Some(m) = s.market.iter().find(|m| m.label == label) {
        let complete = !m.source.is_empty() && m.date.is_none_or(|d| d <= record.as_of);
        return (!complete).then(|| format!("{label}: market value without provider {m:?}"));
    }
    let Some(d) = s.derivations.iter().find(|d| d.label == label) else {
        return Some(format!("{label}: no such source"));
    };
    if d.inputs.is_empty() || d.formula.is_empty() {
        return Some(format!("{label}: derivation without inputs or formula"));
    }
    d.inputs
        .iter()
        .find_map(|input| unresolved(s, input, record, depth + 1))
}

/// The numbers of the market value and price range charts: each point's market value and
/// what $1000 became (in dollars, as the table shows it), and the three prices.
fn price_cells(record: &AnalysisRecord) -> Vec<Cell> {
    let cell = |row: String, column: &str, value: f64| Cell {
        row,
        column: column.into(),
        value,
    };
    let mut out = Vec::new();
    for p in &record.market_value {
        if let Some(value) = p.market_value {
            out.push(cell(p.date.to_string(), "marketValue", value));
        }
        out.push(cell(
            p.date.to_string(),
            "investment",
            p.investment_k * 1000.0,
        ));
    }
    if let Some(r) = &record.price_range {
        out.push(cell("3-year low".into(), "price", r.min));
        out.push(cell("Today".into(), "price", r.today));
        out.push(cell("3-year high".into(), "price", r.max));
    }
    out
}

/// Cells with a complete source, all cells, and what is wrong with the others.
type Counts = (usize, usize, Vec<String>);

/// Checks each cell's source: present, of the cell's value, resolving to complete sources.
fn check(
    record: &AnalysisRecord,
    chart: &str,
    sources: &ChartSources,
    cells: Vec<Cell>,
    counts: &mut Counts,
) {
    for cell in cells {
        counts.1 += 1;
        let at = format!("{} {chart} {}.{}", record.symbol, cell.row, cell.column);
        let Some(label) = sources.source_of(&cell.row, &cell.column) else {
            counts.2.push(format!("{at} = {}: no source", cell.value));
            continue;
        };
        // Capital spending is drawn below zero; its filing reports the payment.
        let value = sources.value_of(label).unwrap_or(f64::NAN);
        if !close(value.abs(), cell.value.abs()) {
            let problem = format!("{at} = {}: source {label} says {value}", cell.value);
            counts.2.push(problem);
            continue;
        }
        match unresolved(sources, label, record, 0) {
            Some(problem) => counts.2.push(format!("{at}: {problem}")),
            None => counts.0 += 1,
        }
    }
}

/// The counts of one record: the 12 questions' charts, then market value and price range.
fn audit(record: &AnalysisRecord) -> Counts {
    let mut counts = (0, 0, Vec::new());
    for q in &record.questions {
        let chart = format!("Q{}", q.number);
        check(record, &chart, &q.sources, cells(q), &mut counts);
    }
    check(
        record,
        "market value",
        &record.market_value_sources,
        price_cells(record),
        &mut counts,
    );
    counts
}

/// What the old check counted as sourced: a chart number equal to one of the scored
/// provenance figures.
fn sourced_by_scored_figures(record: &AnalysisRecord) -> usize {
    record
        .questions
        .iter()
        .map(|q| {
            cells(q)
                .iter()
                .filter(|c| {
                    q.provenance
                        .iter()
                        .any(|p| close(p.figure.value.abs(), c.value.abs()))
                })
                .count()
        })
        .sum()
}

#[tokio::test]
async fn every_chart_number_of_the_snapshot_companies_has_a_source() {
    let (mut sourced, mut total, mut before, mut problems) = (0, 0, 0, Vec::new());
    for (symbol, cik) in common::COMPANIES {
        let record = common::record(symbol, *cik, common::snapshot_day()).await;
        let (s, t, p) = audit(&record);
        eprintln!("{symbol}: {s} of {t} chart figures carry a source");
        sourced += s;
        total += t;
        before += sourced_by_scored_figures(&record);
        problems.extend(p);
    }
    eprintln!(
        "all: {sourced} of {total} chart figures carry a source (the scored provenance alone covered {before})"
    );
    assert!(total > 500, "the companies' charts have numbers: {total}");
    assert!(
        problems.is_empty(),
        "{sourced} of {total} chart figures carry a source; {} do not:\n{}",
        problems.len(),
        problems.join("\n")
    );
    assert_eq!(sourced, total);
}

/// The companies with closes as traded (the OHLCV files) as of their last day: every market
/// value, ratio and $1000 figure resolves down to a close of the right kind.
#[tokio::test]
async fn chart_numbers_priced_with_traded_closes_have_a_source() {
    let as_of = "2023-06-29".parse().unwrap();
    let mut problems = Vec::new();
    let mut total = 0;
    for (symbol, cik) in common::COMPANIES
        .iter()
        .filter(|(s, _)| ["JPM", "NVDA", "WMT", "AAPL", "MSFT"].contains(s))
    {
        // As the quarter's history job sees it: nothing dated after the day.
        let inputs = jobs::trends::as_of::as_of_inputs(common::load(symbol, *cik).await, as_of);
        let record = jobs::analysis::analyze(&inputs, as_of).expect("record");
        assert!(
            record.price_note.contains("actually traded"),
            "{symbol}: {}",
            record.price_note
        );
        let (_, t, p) = audit(&record);
        total += t;
        problems.extend(p);
    }
    assert!(total > 200, "{total}");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
