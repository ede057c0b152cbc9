//! Figures corrected so every line has the right number, pinned to the SEC files in
//! `../shared/market-data` with the accession each value was read from by hand. The hand-made
//! identity cases (debt, expenses) are unit tests in `jobs/src/analysis/financials.rs`.

use crate::analysis_common as common;

use chrono::NaiveDate;
use jobs::analysis::{
    Chart, concepts,
    facts::FactBook,
    financials::{self, fiscal_years},
    sector::IndustryKind,
};

fn day(s: &str) -> NaiveDate {
    s.parse().expect("date")
}

#[tokio::test]
async fn tesla_debt_adds_the_current_part_of_its_non_current_long_term_debt() {
    let inputs = common::load("TSLA", 1318605).await;
    let book = FactBook::build(
        &inputs.company_facts,
        concepts::all(),
        common::snapshot_day(),
    );
    let years = fiscal_years(&book, IndustryKind::General);
    let debt = |label: &str| {
        years
            .iter()
            .find(|y| y.label == label)
            .and_then(|y| y.balance.debt.clone())
            .expect(label)
    };
    // 10-K 0000950170-22-000796 at 2021-12-31: LongTermDebt 4,254,000,000 (non-current) +
    // DebtCurrent 1,088,000,000 = 5,342,000,000; DebtInstrumentCarryingAmount 5,380,000,000.
    let fy2021 = debt("FY2021");
    assert_eq!(fy2021.value, 5_342_000_000.0);
    assert_eq!(fy2021.concept, "us-gaap:LongTermDebt + us-gaap:DebtCurrent");
    assert_eq!(fy2021.accn, "0000950170-22-000796");
    // Same filing, 2020-12-31: 8,462,000,000 + 1,758,000,000 (instruments 10,569,000,000).
    assert_eq!(debt("FY2020").value, 10_220_000_000.0);
    // 10-K 0001564590-20-004475, 2018-12-31: 8,411,000,000 + 2,222,000,000 (instruments
    // 10,999,000,000; LongTermDebtAndCapitalLeaseObligations 9,403,672,000 includes leases and
    // is no witness).
    assert_eq!(debt("FY2018").value, 10_633_000_000.0);
    // Latest balance sheet, 10-Q 0000950170-22-019867 at 2022-09-30: 1,418,000,000 +
    // 979,000,000 (instruments 2,414,000,000).
    let latest = financials::latest_balance(&book);
    assert_eq!(latest.date, Some(day("2022-09-30")));
    assert_eq!(
        latest.debt.map(|f| f.value),
        Some(1_418_000_000.0 + 979_000_000.0)
    );
}

#[tokio::test]
async fn tesla_share_counts_follow_the_split_after_its_last_10k() {
    let inputs = common::load("TSLA", 1318605).await;
    let book = FactBook::build(
        &inputs.company_facts,
        concepts::all(),
        common::snapshot_day(),
    );
    let years = fiscal_years(&book, IndustryKind::General);
    // The FY2021 10-K (0000950170-22-000796) reports 1,129,000,000 diluted shares; the 3-for-1
    // split of August 2022 first shows in the Q3 2022 10-Q 0000950170-22-019867 (nine months
    // 2022: 3,474,000,000; StockholdersEquityNoteStockSplitConversionRatio1 = 3).
    let fy2021 = years
        .iter()
        .find(|y| y.label == "FY2021")
        .and_then(|y| y.diluted_shares.clone())
        .expect("FY2021 shares");
    assert_eq!(fy2021.value, 3.0 * 1_129_000_000.0);
    assert!(fy2021.concept.contains("restated"), "{}", fy2021.concept);
    // FY2020: 1,083,000,000 in the same 10-K, already on the basis of the 2020 5-for-1 split
    // (the FY2019 10-K had said 177,000,000 for 2019, the FY2021 10-K 887,000,000).
    let fy2020 = years
        .iter()
        .find(|y| y.label == "FY2020")
        .and_then(|y| y.diluted_shares.clone())
        .expect("FY2020 shares");
    assert_eq!(fy2020.value, 3.0 * 1_083_000_000.0);
    // Before the split was filed, nothing is restated.
    let before = FactBook::build(&inputs.company_facts, concepts::all(), day("2022-08-31"));
    let years = fiscal_years(&before, IndustryKind::General);
    let fy2021 = years.iter().find(|y| y.label == "FY2021").expect("FY2021");
    assert_eq!(
        fy2021.diluted_shares.as_ref().map(|f| f.value),
        Some(1_129_000_000.0)
    );
}

#[tokio::test]
async fn nvidia_cash_keeps_its_securities_after_the_tag_change() {
    let r = common::record("NVDA", 1045810, common::snapshot_day()).await;
    // 10-Q 0001045810-26-000052 (filed 2026-05-20): at 2026-04-26 cash 13,237,000,000 +
    // DebtSecuritiesCurrent 37,098,000,000 (MarketableSecuritiesCurrent until 2025-10-26).
    let q6 = &r.questions[5];
    let investments = q6
        .provenance
        .iter()
        .find(|p| p.label.starts_with("Short-term investments"))
        .expect("investments");
    assert_eq!(
        (
            investments.figure.value,
            investments.figure.concept.as_str(),
            investments.figure.accn.as_str()
        ),
        (
            37_098_000_000.0,
            "us-gaap:DebtSecuritiesCurrent",
            "0001045810-26-000052"
        )
    );
    assert!(q6.comment.contains("$50.3B"), "{}", q6.comment);
    // The fiscal 2026 year end (2026-01-25): 10,605,000,000 + 39,065,000,000 = 49,670,000,000.
    let inputs = common::load("NVDA", 1045810).await;
    let book = FactBook::build(
        &inputs.company_facts,
        concepts::all(),
        common::snapshot_day(),
    );
    let years = fiscal_years(&book, IndustryKind::General);
    let fy2026 = years.iter().find(|y| y.label == "FY2026").expect("FY2026");
    assert_eq!(fy2026.balance.liquid_assets(), Some(49_670_000_000.0));
}

#[tokio::test]
async fn the_10k_link_is_the_filing_the_figures_came_from() {
    // Tesla's filing list has 10-Ks up to 2026, but its figures end with FY2021: the link is
    // that year's 10-K 0000950170-22-000796 (tsla-20211231.htm, filed 2022-02-07).
    let r = common::record("TSLA", 1318605, common::snapshot_day()).await;
    let tenk = r.latest_annual_report.expect("10-K");
    assert_eq!(
        (
            tenk.accession_number.as_str(),
            tenk.primary_document.as_str(),
            tenk.filing_date,
            tenk.report_date
        ),
        (
            "0000950170-22-000796",
            "tsla-20211231.htm",
            Some(day("2022-02-07")),
            Some(day("2021-12-31"))
        )
    );
    // Microsoft's FY2026 figures come from 10-K 0001193125-26-323660 (filed 2026-07-29),
    // newer than its filing list (last 10-K there: FY2025's 0000950170-25-100235).
    let r = common::record("MSFT", 789019, common::snapshot_day()).await;
    let tenk = r.latest_annual_report.expect("10-K");
    assert_eq!(
        (tenk.accession_number.as_str(), tenk.report_date),
        ("0001193125-26-323660", Some(day("2026-06-30")))
    );
    // As of a day before that filing the link is FY2025's, with its primary document.
    let r = common::record("MSFT", 789019, day("2026-07-28")).await;
    let tenk = r.latest_annual_report.expect("10-K");
    assert_eq!(
        (
            tenk.accession_number.as_str(),
            tenk.primary_document.as_str()
        ),
        ("0000950170-25-100235", "msft-20250630.htm")
    );
}

#[tokio::test]
async fn scores_on_few_answers_are_provisional_with_a_reason() {
    // SNOW has no price file in the snapshot: questions 7-9 cannot be answered, and with 7 of
    // 12 answered the score is provisional.
    let r = common::record("SNOW", 1640147, common::snapshot_day()).await;
    assert_eq!(r.answered_questions, 7);
    assert!(r.provisional);
    assert_eq!(r.provisional_reason.as_deref(), Some("no price history"));
    // AAPL answers all 12: a ranked, non-provisional score.
    let r = common::record("AAPL", 320193, common::snapshot_day()).await;
    assert!(!r.provisional);
    assert_eq!(r.provisional_reason, None);
}

#[tokio::test]
async fn walmart_gross_margin_is_on_total_revenues_by_choice() {
    // 10-K 0000104169-26-000055 (FY ending 2026-01-31): Revenues 713,163,000,000, net sales
    // (RevenueFromContractWith...) 706,413,000,000, CostOfRevenue 535,395,000,000, no
    // GrossProfit tag. The documented choice (scoring.md): gross profit = total revenues -
    // cost of sales, over total revenues: 24.93%, not Walmart's 24.21% on net sales.
    let inputs = common::load("WMT", 104169).await;
    let book = FactBook::build(&inputs.company_facts, concepts::all(), day("2026-09-01"));
    let years = fiscal_years(&book, IndustryKind::General);
    let fy = years.last().expect("FY2026");
    let gross = fy.gross_profit.as_ref().expect("derived gross profit");
    assert_eq!(gross.value, 713_163_000_000.0 - 535_395_000_000.0);
    assert_eq!(gross.concept, "us-gaap:Revenues - us-gaap:CostOfRevenue");
    let margin = fy.percent_of_sales(Some(gross.value)).expect("margin");
    assert!((margin - 24.927).abs() < 1e-3, "{margin}");
    // Expenses: no CostsAndExpenses tag, so revenue - operating income (29,825,000,000).
    assert_eq!(
        fy.expenses.as_ref().map(|f| f.value),
        Some(713_163_000_000.0 - 29_825_000_000.0)
    );
}

#[tokio::test]
async fn a_bank_answers_its_own_funding_question_instead_of_free_cash_flow() {
    // 10-K 0001628280-26-008131 at 2025-12-31: loans net of the allowance
    // (FinancingReceivableExcludingAccruedInterestAfterAllowanceForCreditLoss) 1,467,664,000,000
    // against Deposits 2,559,320,000,000: 57.35%, amply funded by deposits.
    let r = common::record("JPM", 19617, common::snapshot_day()).await;
    let q5 = &r.questions[4];
    assert_eq!(q5.metric_name, "loans / deposits %");
    let ratio = q5.metric.expect("ratio");
    assert!(
        (ratio - 1_467_664.0 / 2_559_320.0 * 100.0).abs() < 1e-9,
        "{ratio}"
    );
    assert_eq!(q5.score, Some(10));
    assert!(q5.comment.contains("deposits"), "{}", q5.comment);
    assert!(
        q5.provenance
            .iter()
            .all(|p| p.figure.accn == "0001628280-26-008131"),
        "{:?}",
        q5.provenance
    );
    assert_eq!(
        r.answered_questions, 11,
        "only Q12 (no FINRA float) is left"
    );
    assert!(!r.provisional);
}

#[tokio::test]
async fn alphabet_cash_is_not_read_from_a_balance_sheet_missing_its_securities() {
    let r = common::record("GOOGL", 1652044, common::snapshot_day()).await;
    // The snapshot's 2026-06-30 10-Q (0001652044-26-000071) carries cash 55,911,000,000 and no
    // marketable securities: reading it alone understated cash by ~90B. The balance sheet is
    // read at 2026-03-31 instead, 10-Q 0001652044-26-000048: cash 38,063,000,000 +
    // MarketableSecuritiesCurrent 88,777,000,000 = 126,840,000,000, the filing's own
    // CashCashEquivalentsAndShortTermInvestments for that date.
    let q6 = &r.questions[5];
    let figure = |prefix: &str| {
        q6.provenance
            .iter()
            .find(|p| p.label.starts_with(prefix))
            .unwrap_or_else(|| panic!("{prefix}: {:?}", q6.provenance))
    };
    let (cash, securities) = (figure("Cash"), figure("Short-term investments"));
    assert_eq!(
        (cash.figure.value, cash.figure.accn.as_str()),
        (38_063_000_000.0, "0001652044-26-000048")
    );
    assert_eq!(
        (
            securities.figure.value,
            securities.figure.concept.as_str(),
            securities.figure.accn.as_str()
        ),
        (
            88_777_000_000.0,
            "us-gaap:MarketableSecuritiesCurrent",
            "0001652044-26-000048"
        )
    );
    assert_eq!(cash.figure.end.to_string(), "2026-03-31");
    assert!(q6.comment.contains("$126.8B"), "{}", q6.comment);
    let Chart::CashDebt { rows } = &q6.chart else {
        panic!("cash and debt chart");
    };
    let latest = rows.last().expect("rows");
    assert_eq!(
        (latest.label.as_str(), latest.cash),
        ("2026-03", Some(126_840_000_000.0))
    );
}
