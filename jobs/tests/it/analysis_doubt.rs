//! A score that doubts its inputs, on the real snapshot: share counts tagged at the wrong
//! scale or on another split basis than the prices are corrected and cited, and what no rule
//! can correct leaves the priced questions unanswered with the reason, never an absurd
//! valuation.

use jobs::analysis::{AnalysisRecord, Chart, analyze};

use crate::analysis_common as common;

/// SEC's ticker list in the snapshot: (ticker, CIK), in SEC's order (main class first).
fn ticker_list() -> Vec<(String, u64)> {
    let list: serde_json::Value = serde_json::from_slice(
        &std::fs::read(common::market_data().join("sec/company_tickers.json")).expect("tickers"),
    )
    .expect("json");
    let mut rows: Vec<(u64, String, u64)> = list
        .as_object()
        .expect("object")
        .iter()
        .filter_map(|(order, row)| {
            Some((
                order.parse().ok()?,
                row["ticker"].as_str()?.to_string(),
                row["cik_str"].as_u64()?,
            ))
        })
        .collect();
    rows.sort_unstable();
    rows.into_iter().map(|(_, t, c)| (t, c)).collect()
}

/// One snapshot company's record as of the snapshot day, by ticker.
async fn record_of(ticker: &str) -> AnalysisRecord {
    let cik = ticker_list()
        .into_iter()
        .find(|(t, _)| t == ticker)
        .map(|(_, c)| c)
        .expect("listed");
    common::record(ticker, cik, common::snapshot_day()).await
}

/// Every snapshot company with US GAAP facts, by its first ticker in SEC's list.
async fn every_record() -> Vec<AnalysisRecord> {
    use jobs::sources::Snapshot;
    let snapshot = Snapshot::new(common::market_data());
    let list = ticker_list();
    let mut ciks: Vec<u64> = snapshot.company_facts_ciks().await.into_iter().collect();
    ciks.sort_unstable();
    let mut records = Vec::new();
    for cik in ciks {
        let (ticker, _) = list
            .iter()
            .find(|(_, c)| *c == cik)
            .unwrap_or_else(|| panic!("CIK {cik} is in SEC's ticker list"));
        if let Ok(record) = analyze(&common::load(ticker, cik).await, common::snapshot_day()) {
            records.push(record);
        }
    }
    records
}

/// What the page would show that no real company can be: each with the question it sits in.
fn absurd_figures(r: &AnalysisRecord) -> Vec<String> {
    let mut found = Vec::new();
    let faulted = |n: u8| r.data_faults.iter().any(|f| f.questions.contains(&n));
    for q in &r.questions {
        if q.score.is_none() && faulted(q.number) {
            continue;
        }
        match &q.chart {
            Chart::Yields { rows } => {
                for row in rows {
                    for y in [row.earnings_return_pct, row.cash_flow_return_pct]
                        .into_iter()
                        .flatten()
                    {
                        if y > 50.0 {
                            found.push(format!("Q7 {}: yield {y:.1}%", row.label));
                        }
                    }
                }
            }
            Chart::Ratios { rows } => {
                for row in rows.iter().filter(|r| r.name == "P/E" || r.name == "P/FCF") {
                    let low = row.min.min(row.current);
                    if low > 0.0 && low < 1.0 {
                        found.push(format!("Q9 {} {low:.2}x", row.name));
                    }
                }
            }
            _ => {}
        }
    }
    for point in &r.market_value {
        if let Some(v) = point.market_value.filter(|v| *v < 10e6) {
            found.push(format!("market value {v:.0} on {}", point.date));
        }
    }
    found
}

#[tokio::test]
async fn no_company_in_the_snapshot_shows_an_absurd_valuation() {
    let records = every_record().await;
    assert!(records.len() >= 75, "{} records", records.len());
    let mut problems = Vec::new();
    for r in &records {
        let market_value = r.market_value.last().and_then(|p| p.market_value);
        eprintln!(
            "{:6} score {:3} faults {:?} mv {:?} q7 {:?} q9 {:?}",
            r.symbol,
            r.score,
            r.data_faults.iter().map(|f| &f.kind).collect::<Vec<_>>(),
            market_value.map(|v| (v / 1e9).round()),
            r.questions[6].score,
            r.questions[8].score,
        );
        let absurd = absurd_figures(r);
        if !absurd.is_empty() {
            problems.push(format!("{}: {}", r.symbol, absurd.join("; ")));
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

#[tokio::test]
async fn mcdonalds_counts_tagged_in_millions_are_scaled_back_and_cited() {
    let r = record_of("MCD").await;
    assert!(r.data_faults.is_empty(), "{:?}", r.data_faults);
    // Q10's FY2025 count: 716.4 "shares" in 10-K 0000063908-26-000035, multiplied back on
    // the word of the filings that gave full counts (FY2022: 741,300,000 in 10-K
    // 0000063908-23-000012, 741.3 in the later ones).
    let q10 = &r.questions[9];
    let newest = q10
        .provenance
        .iter()
        .max_by_key(|p| p.figure.end)
        .expect("a share count");
    assert_eq!(newest.figure.value, 716_400_000.0, "{:?}", newest.figure);
    // Both filings named: the one that tagged millions and one that gave the full count.
    let label = &newest.figure.concept;
    assert!(
        label.contains("0000063908-26-000035 tagged the count in millions")
            && label.matches("0000063908-").count() == 2,
        "{label}"
    );
    assert!(!q10.comment.contains(" 741 shares"), "{}", q10.comment);
    // Priced on the right basis: a market value in the hundreds of billions, a P/E well
    // above 1 and a yield that is a yield.
    let value = r
        .market_value
        .last()
        .and_then(|p| p.market_value)
        .expect("value");
    assert!(value > 100e9, "{value}");
    let Chart::Yields { rows } = &r.questions[6].chart else {
        panic!("Q7 chart")
    };
    assert!(
        rows.iter()
            .flat_map(|r| r.earnings_return_pct)
            .all(|y| y < 15.0),
        "{rows:?}"
    );
}

#[tokio::test]
async fn a_missing_debt_tag_is_not_a_debt_free_balance_sheet() {
    // Comcast owes about $95B, Cadence and Datadog carry convertible notes: their facts here
    // simply have no debt tag. Without a reported zero or liabilities that add up without
    // debt, question 6 is unanswered, never "no debt".
    for ticker in ["CMCSA", "CDNS", "DDOG"] {
        let r = record_of(ticker).await;
        let q6 = &r.questions[5];
        assert_eq!(q6.score, None, "{ticker}: {}", q6.comment);
        assert!(
            !q6.comment.to_lowercase().contains("no debt"),
            "{ticker}: {}",
            q6.comment
        );
    }
}

#[tokio::test]
async fn a_years_old_balance_sheet_does_not_answer_for_today() {
    let r = record_of("PG").await;
    let q6 = &r.questions[5];
    assert_eq!(q6.score, None, "{}", q6.comment);
    assert!(q6.comment.contains("older than the FY"), "{}", q6.comment);
}

#[tokio::test]
async fn the_bond_verdict_follows_the_yields_it_quotes() {
    for ticker in ["GOOGL", "AAPL", "MSFT", "WMT"] {
        let r = record_of(ticker).await;
        let q7 = &r.questions[6];
        let Chart::Yields { rows } = &q7.chart else {
            panic!("Q7 chart")
        };
        let Some(today) = rows.last().filter(|row| row.label == "TTM") else {
            continue;
        };
        let bond = today.govt_bond_pct.expect("bond");
        let beats = today.earnings_return_pct.is_some_and(|y| y >= bond)
            || today.cash_flow_return_pct.is_some_and(|y| y >= bond);
        assert_eq!(
            q7.comment.contains("The bond wins this round"),
            !beats,
            "{ticker}: {}",
            q7.comment
        );
        assert!(!q7.comment.contains("N/A"), "{ticker}: {}", q7.comment);
    }
}

#[tokio::test]
async fn a_trailing_year_adds_up_one_tag_never_two() {
    use jobs::analysis::{facts::FactBook, history, industry_rules, sector::IndustryKind};
    // GE's capex to 2023-09-30 once added FY2022's PaymentsToAcquirePropertyPlantAndEquipment
    // to year-to-date PaymentsToAcquireProductiveAssets figures (1,026M; 473M on one basis).
    let inputs = common::load("GE", 40545).await;
    let book = FactBook::build(
        &inputs.company_facts,
        industry_rules::wanted_concepts(),
        common::snapshot_day(),
    );
    let points = history::ttm_points(&book, IndustryKind::General, "2021-01-01".parse().unwrap());
    assert!(!points.is_empty());
    for point in &points {
        if let Some(capex) = &point.capex {
            let tags = capex.concept.matches("PaymentsToAcquire").count();
            assert!(tags <= 1, "{}: {}", point.end, capex.concept);
        }
    }
}

#[tokio::test]
async fn old_balance_sheets_of_banks_and_companies_are_not_scored_as_today() {
    // The snapshot's newest cash for Starbucks is from 2022-07-03, years before its latest
    // annual report: Q6 says so instead of grading it. American Express's newest balance sheet
    // (2023-09-30) is not graded either (Bank of America's facts are not in this snapshot).
    let sbux = record_of("SBUX").await;
    let q6 = &sbux.questions[5];
    assert_eq!(q6.score, None, "{}", q6.comment);
    assert!(q6.comment.contains("older than the FY"), "{}", q6.comment);
    let axp = record_of("AXP").await;
    assert_eq!(axp.questions[5].score, None, "{}", axp.questions[5].comment);
}
