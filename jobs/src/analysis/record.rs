//! The structured analysis record: everything the stock page shows, stored once and served
//! both as JSON (camelCase, for the web app) and as the spec's plain text (`text_format`).

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::{facts::Figure, industry_rules::RulesSource, sector::IndustryKind};

/// The chart titles of the 12 questions, in the spec's order.
pub const TITLES: [&str; 12] = [
    "Revenue and Revenue Growth %",
    "Revenues & Expenses",
    "Earnings",
    "Margins",
    "Cash Flows",
    "Cash & Debt",
    "Return % vs Govt Bond",
    "Future Returns vs Government Bond",
    "How expensive is the stock?",
    "Share Dilution",
    "Ownership Breakdown",
    "Short Position",
];

/// A score built on fewer answered questions than this is provisional.
pub const PROVISIONAL_BELOW: u8 = 9;

/// A score's colour band (per question: 7+ green, 5-6 yellow, below 5 red).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub enum Band {
    Green,
    Yellow,
    Red,
}

impl Band {
    /// The band of a 0-10 question score.
    pub fn of_question(score: u8) -> Band {
        match score {
            7.. => Band::Green,
            5..=6 => Band::Yellow,
            _ => Band::Red,
        }
    }

    /// The band of a 0-100 overall score (70+ green, 50-69 yellow, below 50 red).
    pub fn of_overall(score: u8) -> Band {
        match score {
            70.. => Band::Green,
            50..=69 => Band::Yellow,
            _ => Band::Red,
        }
    }
}

/// The whole analysis of one company as of one date.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct AnalysisRecord {
    pub symbol: String,
    /// The name shown: SEC's ticker-list name in readable form ("Bank of America Corp").
    pub company_name: String,
    /// The registrant's name as SEC records it ("BANK OF AMERICA CORP /DE/"), for the
    /// provenance; empty in records stored before it existed.
    #[serde(default)]
    pub legal_name: String,
    pub cik: Option<u64>,
    /// SEC's SIC description, e.g. "Electronic Computers".
    pub industry: Option<String>,
    /// Derived from the SIC code (`sector::SECTOR_TABLE`).
    pub sector: Option<String>,
    pub sic: Option<u32>,
    /// Which rubric variant was used (banks, insurers and REITs have adapted rules).
    pub industry_kind: IndustryKind,
    /// Where that choice came from: the SIC code, the lines the company files, or neither
    /// (`industry_rules`). Records stored before it existed read as `unknown`.
    #[serde(default)]
    pub rules_source: RulesSource,
    /// How the rules were chosen, in one sentence for the page; empty in older records.
    #[serde(default)]
    pub rules_note: String,
    /// The filed lines (or the landlord's shape) that chose the rules without a SIC code.
    #[serde(default)]
    pub rules_evidence: Vec<String>,
    /// Overall score 0-100, over the answered questions.
    pub score: u8,
    pub band: Band,
    /// How many of the 12 questions had enough data.
    pub answered_questions: u8,
    /// "based on all 12 questions" or "based on N of 12".
    pub score_basis: String,
    /// True when fewer than [`PROVISIONAL_BELOW`] of the 12 questions were answered: the score
    /// is shown marked provisional and is not ranked in the Top 25. Records stored before the
    /// flag existed read as not provisional; the daily refresh rewrites them.
    #[serde(default)]
    pub provisional: bool,
    /// Why the score is provisional, in one line ("no price history", "only one year of
    /// filings"); `None` when it is not.
    #[serde(default)]
    pub provisional_reason: Option<String>,
    /// Faults found in the inputs before scoring (figures on different bases, a share count
    /// that does not match the prices, ...). Each leaves the questions it touches unanswered
    /// with its reason, and a record with any is not ranked or featured until the fault is
    /// resolved (`docs/scoring.md`, "Data faults"). Empty in records stored before it existed.
    #[serde(default)]
    pub data_faults: Vec<DataFault>,
    pub questions: Vec<QuestionResult>,
    /// Market value and the $1000 investment over 3 years.
    pub market_value: Vec<MarketValuePoint>,
    /// Where every number of the market value and price range charts came from
    /// (`chart_sources_prices`); empty in records stored before it existed.
    #[serde(default)]
    pub market_value_sources: ChartSources,
    /// What $1000 invested 3 years ago is worth today (last investment value in K x 1000).
    pub investment1000: Option<f64>,
    /// Which closes priced the market values and ratios, for the page: as traded, or adjusted
    /// for dividends (older values of a dividend payer read low), or both with their dates
    /// (`price_basis`). Empty without prices and in records stored before it existed.
    #[serde(default)]
    pub price_note: String,
    pub price_range: Option<PriceRange>,
    /// Period end of the latest 10-K/10-Q the analysis used.
    pub report_date: Option<NaiveDate>,
    /// True when that report is more than 365 days older than `as_of`.
    pub report_is_old: bool,
    pub forward_returns: Option<ForwardReturns>,
    pub as_of: NaiveDate,
    pub latest_filing_accession: Option<String>,
    /// The annual report the fiscal-year figures came from, as of the analysis date (the
    /// page's 10-K link). `primaryDocument` is empty when the filing list does not know it.
    pub latest_annual_report: Option<FilingRef>,
}

/// A fault in the inputs that no documented rule could resolve.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct DataFault {
    /// A stable name for the kind of fault (e.g. `share-scale`, `split-mismatch`).
    pub kind: String,
    /// The plain reason the page shows ("Bubba doesn't trust these numbers: ...").
    pub reason: String,
    /// The questions (1..=12) it left unanswered.
    pub questions: Vec<u8>,
}

/// One question's answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct QuestionResult {
    /// 1..=12.
    pub number: u8,
    /// `Q1`..`Q12`.
    pub key: String,
    pub title: String,
    /// 0-10, or `None` when there was not enough data (never a silent 0 or 5).
    pub score: Option<u8>,
    pub band: Option<Band>,
    /// The rubric's input (e.g. 5.3 for a 5.3% revenue CAGR), for transparency.
    pub metric: Option<f64>,
    /// What the metric is, e.g. "3-year revenue CAGR %".
    pub metric_name: String,
    pub comment: String,
    pub explainer: String,
    pub chart: Chart,
    /// The figures the score used (the endpoints of its trend, the latest balance sheet).
    pub provenance: Vec<Provenance>,
    /// Where every number of the chart came from (`chart_sources`). Records stored before
    /// it existed read as having none; the daily refresh rewrites them.
    #[serde(default)]
    pub sources: ChartSources,
}

/// A figure used by a question, with what it stood for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Provenance {
    /// e.g. "Revenue FY2024".
    pub label: String,
    #[serde(flatten)]
    pub figure: Figure,
}

/// Every source of one question's chart, and which cell uses which (built by
/// `chart_sources`, where the kinds of source are described).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ChartSources {
    /// Filing figures, one per label.
    pub figures: Vec<Provenance>,
    pub derivations: Vec<Derivation>,
    pub market: Vec<MarketSource>,
    /// One per chart cell holding a number.
    pub cells: Vec<CellSource>,
}

/// A number computed from other sources of the same question.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Derivation {
    /// e.g. "Revenue growth FY2024".
    pub label: String,
    pub value: f64,
    /// `USD`, `percent` or `times` (`chart_sources::USD`, ...).
    pub unit: String,
    /// How it was computed, in words, naming its inputs.
    pub formula: String,
    /// Labels of the figures, derivations or market values it came from.
    pub inputs: Vec<String>,
}

/// A value read from market data rather than a filing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct MarketSource {
    /// e.g. "Price 2026-08-18".
    pub label: String,
    pub value: f64,
    /// `USD per share` or `percent`.
    pub unit: String,
    /// The provider or data set.
    pub source: String,
    /// The day the value is for (price date, settlement date, 13F report date).
    pub date: Option<NaiveDate>,
}

/// Which source a chart cell shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct CellSource {
    /// The row's label (`FY2024`, `TTM`, `P/E`), or `""` for charts of single values.
    pub row: String,
    /// The chart row's field, as in the JSON (`revenue`, `growthPct`, `min`).
    pub column: String,
    /// The label of the figure, derivation or market value.
    pub source: String,
}

/// The chart data of each question (the blocks of the spec's plain-text format).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum Chart {
    /// Q1, Q3 and Q10: label, value, growth %.
    ValueGrowth { rows: Vec<ValueGrowthRow> },
    /// Q2: label, revenue, revenue growth, expense, expense growth.
    RevenueExpenses { rows: Vec<RevenueExpenseRow> },
    /// Q4: label, gross %, net %.
    Margins { rows: Vec<MarginRow> },
    /// Q5: label, operating, capital spending (negative), free.
    CashFlows { rows: Vec<CashFlowRow> },
    /// Q6: label, cash, debt.
    CashDebt { rows: Vec<CashDebtRow> },
    /// Q7: label, earnings return, cash flow return, govt bond return (percent).
    Yields { rows: Vec<YieldRow> },
    /// Q8: forward earnings yield and the treasury rate (percent).
    Forward {
        forward_yield_pct: Option<f64>,
        treasury_pct: Option<f64>,
    },
    /// Q9: minimum, maximum and current per ratio.
    Ratios { rows: Vec<RatioRow> },
    /// Q11: insiders, institutions, retail (percent).
    Ownership {
        insiders_pct: Option<f64>,
        institutions_pct: Option<f64>,
        retail_pct: Option<f64>,
        estimated: bool,
    },
    /// Q12: short interest as a percent of the float.
    ShortInterest {
        short_pct: Option<f64>,
        settlement_date: Option<NaiveDate>,
    },
}

/// Declares a chart's row type: a period label and the row's figures, each optional (a
/// figure the filings lack is drawn as a gap). Rows are wire types like the rest of the
/// record (camelCase JSON, a TypeScript type for the web).
macro_rules! chart_row {
    ($name:ident { $($(#[$doc:meta])* $figure:ident),+ $(,)? }) => {
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
        #[serde(rename_all = "camelCase")]
        pub struct $name {
            pub label: String,
            $($(#[$doc])* pub $figure: Option<f64>,)+
        }
    };
}

chart_row!(ValueGrowthRow { value, growth_pct });
chart_row!(RevenueExpenseRow {
    revenue,
    revenue_growth_pct,
    expense,
    expense_growth_pct
});
chart_row!(MarginRow { gross_pct, net_pct });
chart_row!(CashFlowRow {
    operating,
    /// Capital spending as a negative number, so operating + capex = free.
    capex,
    free
});
chart_row!(CashDebtRow { cash, debt });
chart_row!(YieldRow {
    earnings_return_pct,
    cash_flow_return_pct,
    govt_bond_pct
});

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct RatioRow {
    pub name: String,
    pub min: f64,
    pub max: f64,
    pub current: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct MarketValuePoint {
    pub label: String,
    pub date: NaiveDate,
    pub market_value: Option<f64>,
    /// Value of $1000 invested at the start, in thousands.
    pub investment_k: f64,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct PriceRange {
    pub min: f64,
    pub today: f64,
    pub max: f64,
    pub min_date: NaiveDate,
    pub today_date: NaiveDate,
    pub max_date: NaiveDate,
}

/// The forward-returns chart data (also served alone by the forward_returns_data call).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ForwardReturns {
    /// Projected next-year earnings over today's market value, percent.
    pub forward_earnings_return: f64,
    /// The 10-year Treasury yield at the as-of date, percent.
    pub govt_bond_return: f64,
}

/// A filing reference: accession, form and dates, plus the primary document when known.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct FilingRef {
    pub accession_number: String,
    pub form: String,
    pub filing_date: Option<NaiveDate>,
    pub report_date: Option<NaiveDate>,
    pub primary_document: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_follow_the_spec() {
        assert_eq!(Band::of_question(7), Band::Green);
        assert_eq!(Band::of_question(6), Band::Yellow);
        assert_eq!(Band::of_question(5), Band::Yellow);
        assert_eq!(Band::of_question(4), Band::Red);
        assert_eq!(Band::of_overall(70), Band::Green);
        assert_eq!(Band::of_overall(69), Band::Yellow);
        assert_eq!(Band::of_overall(50), Band::Yellow);
        assert_eq!(Band::of_overall(49), Band::Red);
    }
}
