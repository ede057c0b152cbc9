//! The spec's plain-text analysis result (the `data` of `GET /api/analyze-stock/{ticker}`),
//! generated from the record, and a parser for it.
//!
//! ```text
//! Ticker: AAPL
//! Company: Apple Inc.
//! Industry: Electronic Computers
//! Sector: Technology
//! Score: 72%
//!
//! [Market Value]                      label, market value, investment in K
//! 2023-08,2.75T,1
//! [Revenue and Revenue Growth %]      label, value, growth%
//! FY2024,391.04B,2%
//! ...one block per question, titled with the spec's chart titles...
//! [Price Range]                       Min / Today / Max, close
//! [Evaluations]                       key, score (N/A = not enough data), text
//! Q1,4,Sales went from ...
//! ```
//!
//! Values carry `T`/`B`/`M`/`K` suffixes or a `%` sign, or are `N/A`. The header lines fall
//! back to Unknown Company / Unknown Industry / Unknown Sector / 0 when missing.

use super::{
    format::scaled,
    record::{AnalysisRecord, Chart},
};

/// One value of a chart line.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    Text(String),
    /// A plain number (ratios, investment in K).
    Number(f64),
    /// A dollar amount or count written with a T/B/M/K suffix.
    Amount(f64),
    Percent(f64),
    NotAvailable,
}

/// A titled chart block: lines of cells, the first usually a label.
#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    pub title: String,
    pub rows: Vec<Vec<Cell>>,
}

/// One line of the evaluations block.
#[derive(Debug, Clone, PartialEq)]
pub struct Evaluation {
    pub key: String,
    pub score: Option<u8>,
    pub text: String,
}

/// The parsed (or to-be-rendered) plain-text result.
#[derive(Debug, Clone, PartialEq)]
pub struct TextResult {
    pub ticker: String,
    pub company: String,
    pub industry: String,
    pub sector: String,
    pub score: u8,
    pub blocks: Vec<Block>,
    pub evaluations: Vec<Evaluation>,
}

const EVALUATIONS: &str = "Evaluations";

fn amount(v: Option<f64>) -> Cell {
    v.filter(|v| v.is_finite())
        .map_or(Cell::NotAvailable, Cell::Amount)
}
fn percent(v: Option<f64>) -> Cell {
    v.filter(|v| v.is_finite())
        .map_or(Cell::NotAvailable, Cell::Percent)
}
fn number(v: Option<f64>) -> Cell {
    v.filter(|v| v.is_finite())
        .map_or(Cell::NotAvailable, Cell::Number)
}
fn text(s: &str) -> Cell {
    Cell::Text(s.replace([',', '\n', '\r'], " "))
}

/// One line of cells per chart row.
fn lines<R>(rows: &[R], cells: impl Fn(&R) -> Vec<Cell>) -> Vec<Vec<Cell>> {
    rows.iter().map(cells).collect()
}

fn chart_rows(chart: &Chart) -> Vec<Vec<Cell>> {
    match chart {
        Chart::ValueGrowth { rows } => lines(rows, |r| {
            vec![text(&r.label), amount(r.value), percent(r.growth_pct)]
        }),
        Chart::RevenueExpenses { rows } => lines(rows, |r| {
            vec![
                text(&r.label),
                amount(r.revenue),
                percent(r.revenue_growth_pct),
                amount(r.expense),
                percent(r.expense_growth_pct),
            ]
        }),
        Chart::Margins { rows } => lines(rows, |r| {
            vec![text(&r.label), percent(r.gross_pct), percent(r.net_pct)]
        }),
        Chart::CashFlows { rows } => lines(rows, |r| {
            vec![
                text(&r.label),
                amount(r.operating),
                amount(r.capex),
                amount(r.free),
            ]
        }),
        Chart::CashDebt { rows } => lines(rows, |r| {
            vec![text(&r.label), amount(r.cash), amount(r.debt)]
        }),
        Chart::Yields { rows } => lines(rows, |r| {
            vec![
                text(&r.label),
                percent(r.earnings_return_pct),
                percent(r.cash_flow_return_pct),
                percent(r.govt_bond_pct),
            ]
        }),
        Chart::Forward {
            forward_yield_pct,
            treasury_pct,
        } => vec![vec![
            text("Forward"),
            percent(*forward_yield_pct),
            percent(*treasury_pct),
        ]],
        Chart::Ratios { rows } => lines(rows, |r| {
            vec![
                text(&r.name),
                number(Some(r.min)),
                number(Some(r.max)),
                number(Some(r.current)),
            ]
        }),
        Chart::Ownership {
            insiders_pct,
            institutions_pct,
            retail_pct,
            ..
        } => vec![
            vec![text("Insiders"), percent(*insiders_pct)],
            vec![text("Institutions"), percent(*institutions_pct)],
            vec![text("Retail"), percent(*retail_pct)],
        ],
        Chart::ShortInterest { short_pct, .. } => {
            vec![vec![text("ShortInterest"), percent(*short_pct)]]
        }
    }
}

/// The text result of a record (before rendering).
pub fn from_record(record: &AnalysisRecord) -> TextResult {
    let mut blocks = vec![Block {
        title: "Market Value".into(),
        rows: record
            .market_value
            .iter()
            .map(|p| {
                vec![
                    text(&p.label),
                    amount(p.market_value),
                    number(Some(p.investment_k)),
                ]
            })
            .collect(),
    }];
    blocks.extend(record.questions.iter().map(|q| Block {
        title: q.title.clone(),
        rows: chart_rows(&q.chart),
    }));
    if let Some(range) = record.price_range {
        let rows = [
            ("Min", range.min),
            ("Today", range.today),
            ("Max", range.max),
        ];
        blocks.push(Block {
            title: "Price Range".into(),
            rows: rows
                .iter()
                .map(|(l, v)| vec![text(l), number(Some(*v))])
                .collect(),
        });
    }
    let evaluations = record
        .questions
        .iter()
        .map(|q| Evaluation {
            key: q.key.clone(),
            score: q.score,
            text: q.comment.replace(['\n', '\r'], " "),
        })
        .collect();
    let or = |value: &Option<String>, default: &str| {
        value
            .clone()
            .filter(|v| !v.trim().is_empty())
            .unwrap_or_else(|| default.into())
    };
    TextResult {
        ticker: record.symbol.clone(),
        company: or(&Some(record.company_name.clone()), "Unknown Company"),
        industry: or(&record.industry, "Unknown Industry"),
        sector: or(&record.sector, "Unknown Sector"),
        score: record.score,
        blocks,
        evaluations,
    }
}

/// The plain text of a record.
pub fn to_text(record: &AnalysisRecord) -> String {
    render(&from_record(record))
}

/// Up to four decimals, trailing zeros trimmed (the investment in K needs them: 1.8023 is
/// $1,802.30).
fn render_number(v: f64) -> String {
    let s = format!("{v:.4}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

fn render_cell(cell: &Cell) -> String {
    match cell {
        Cell::Text(s) => s.clone(),
        Cell::Number(v) => render_number(*v),
        Cell::Amount(v) if v.abs() < 1000.0 => render_number(*v),
        Cell::Amount(v) => scaled(*v, 2),
        Cell::Percent(v) => format!("{}%", render_number((v * 100.0).round() / 100.0)),
        Cell::NotAvailable => "N/A".into(),
    }
}

/// Renders a text result.
pub fn render(result: &TextResult) -> String {
    let mut out = format!(
        "Ticker: {}\nCompany: {}\nIndustry: {}\nSector: {}\nScore: {}%\n",
        result.ticker, result.company, result.industry, result.sector, result.score
    );
    for block in &result.blocks {
        out.push_str(&format!("\n[{}]\n", block.title));
        for row in &block.rows {
            out.push_str(&row.iter().map(render_cell).collect::<Vec<_>>().join(","));
            out.push('\n');
        }
    }
    out.push_str(&format!("\n[{EVALUATIONS}]\n"));
    for e in &result.evaluations {
        let score = e.score.map_or_else(|| "N/A".into(), |s| s.to_string());
        out.push_str(&format!("{},{score},{}\n", e.key, e.text));
    }
    out
}

fn parse_cell(raw: &str) -> Cell {
    let raw = raw.trim();
    if raw.eq_ignore_ascii_case("N/A") || raw.eq_ignore_ascii_case("null") || raw.is_empty() {
        return Cell::NotAvailable;
    }
    if let Some(p) = raw
        .strip_suffix('%')
        .and_then(|p| p.trim().parse::<f64>().ok())
    {
        return Cell::Percent(p);
    }
    let multiplier = |c: char| match c {
        'T' => Some(1e12),
        'B' => Some(1e9),
        'M' => Some(1e6),
        'K' => Some(1e3),
        _ => None,
    };
    if let Some(last) = raw.chars().last()
        && let Some(m) = multiplier(last)
        && let Ok(v) = raw[..raw.len() - 1].parse::<f64>()
    {
        return Cell::Amount(v * m);
    }
    match raw.parse::<f64>() {
        Ok(v) => Cell::Number(v),
        Err(_) => Cell::Text(raw.to_string()),
    }
}

/// Parses the plain-text result. Unknown lines are ignored; missing headers take the spec's
/// defaults.
pub fn parse(input: &str) -> TextResult {
    let mut result = TextResult {
        ticker: String::new(),
        company: "Unknown Company".into(),
        industry: "Unknown Industry".into(),
        sector: "Unknown Sector".into(),
        score: 0,
        blocks: Vec::new(),
        evaluations: Vec::new(),
    };
    let mut current: Option<String> = None;
    for line in input
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.trim().is_empty())
    {
        if let Some(title) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            if title != EVALUATIONS {
                result.blocks.push(Block {
                    title: title.to_string(),
                    rows: Vec::new(),
                });
            }
            current = Some(title.to_string());
            continue;
        }
        match current.as_deref() {
            None => {
                let Some((name, value)) = line.split_once(':') else {
                    continue;
                };
                let value = value.trim().to_string();
                match name.trim() {
                    "Ticker" => result.ticker = value,
                    "Company" if !value.is_empty() => result.company = value,
                    "Industry" if !value.is_empty() => result.industry = value,
                    "Sector" if !value.is_empty() => result.sector = value,
                    "Score" => {
                        result.score = value
                            .trim_end_matches('%')
                            .trim()
                            .parse::<f64>()
                            .map_or(0, |s| s.round().clamp(0.0, 100.0) as u8)
                    }
                    _ => {}
                }
            }
            Some(EVALUATIONS) => {
                let mut parts = line.splitn(3, ',');
                let (Some(key), Some(score)) = (parts.next(), parts.next()) else {
                    continue;
                };
                let text = parts.next().unwrap_or("").trim().to_string();
                result.evaluations.push(Evaluation {
                    key: key.trim().to_string(),
                    score: score.trim().parse().ok(),
                    text,
                });
            }
            Some(_) => {
                if let Some(block) = result.blocks.last_mut() {
                    block.rows.push(line.split(',').map(parse_cell).collect());
                }
            }
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_parse_with_suffixes_signs_and_gaps() {
        assert_eq!(parse_cell("391.04B"), Cell::Amount(391.04e9));
        assert_eq!(parse_cell("-10.71B"), Cell::Amount(-10.71e9));
        assert_eq!(parse_cell("7.8%"), Cell::Percent(7.8));
        assert_eq!(parse_cell("N/A"), Cell::NotAvailable);
        assert_eq!(parse_cell("null"), Cell::NotAvailable);
        assert_eq!(parse_cell("1.25"), Cell::Number(1.25));
        assert_eq!(parse_cell("FY2024"), Cell::Text("FY2024".into()));
    }

    #[test]
    fn missing_headers_take_the_defaults() {
        let parsed = parse("Ticker: ZZZ\n\n[Evaluations]\nQ1,N/A,Not enough data, sorry\n");
        assert_eq!(parsed.company, "Unknown Company");
        assert_eq!(parsed.industry, "Unknown Industry");
        assert_eq!(parsed.sector, "Unknown Sector");
        assert_eq!(parsed.score, 0);
        assert_eq!(
            parsed.evaluations[0],
            Evaluation {
                key: "Q1".into(),
                score: None,
                text: "Not enough data, sorry".into()
            }
        );
    }

    #[test]
    fn rendering_a_parsed_text_gives_the_same_text() {
        let text = "Ticker: T\nCompany: C\nIndustry: I\nSector: S\nScore: 55%\n\n[Earnings]\nFY2024,93.74B,-3.4%\nFY2025,N/A,N/A\n\n[Evaluations]\nQ3,5,Profits went from $1.0B to $2.0B, nice.\n";
        assert_eq!(render(&parse(text)), text);
    }
}
