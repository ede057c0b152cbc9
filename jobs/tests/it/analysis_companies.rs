//! The analysis on real companies from the snapshot. Every expected number below was read by
//! hand from the SEC JSON (or the price CSV) in `../shared/market-data`, with the filing it
//! came from, not copied from this code's output.

use crate::analysis_common as common;

use chrono::NaiveDate;
use jobs::analysis::{
    AnalysisError, Band, Chart, analyze, concepts,
    facts::FactBook,
    financials::{self, fiscal_years},
    history,
    sector::IndustryKind,
};

fn day(s: &str) -> NaiveDate {
    s.parse().expect("date")
}

fn close(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance
}

#[tokio::test]
async fn apple_fy2024_revenue_with_its_provenance() {
    let inputs = common::load("AAPL", 320193).await;
    // As of mid-2025 the FY2024 10-K (0000320193-24-000123, filed 2024-11-01) is the latest
    // report of that year: RevenueFromContractWithCustomerExcludingAssessedTax = 391,035,000,000.
    let book = FactBook::build(&inputs.company_facts, concepts::all(), day("2025-06-30"));
    let years = fiscal_years(&book, IndustryKind::General);
    let fy2024 = years.iter().find(|y| y.label == "FY2024").expect("FY2024");
    let revenue = fy2024.revenue.as_ref().expect("revenue");
    assert_eq!(revenue.value, 391_035_000_000.0);
    assert_eq!(
        revenue.concept,
        "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"
    );
    assert_eq!(revenue.accn, "0000320193-24-000123");
    assert_eq!(revenue.form, "10-K");
    assert_eq!(
        (revenue.start, revenue.end),
        (Some(day("2023-10-01")), day("2024-09-28"))
    );
    // Later, the FY2025 10-K repeats it as a comparative: same value, newer filing.
    let later = FactBook::build(&inputs.company_facts, concepts::all(), day("2026-08-18"));
    let years = fiscal_years(&later, IndustryKind::General);
    let again = years
        .iter()
        .find(|y| y.label == "FY2024")
        .and_then(|y| y.revenue.clone())
        .expect("FY2024");
    assert_eq!(
        (again.value, again.accn.as_str()),
        (391_035_000_000.0, "0000320193-25-000079")
    );
    assert_eq!(again.first_filed, day("2024-11-01"));
}

#[tokio::test]
async fn apple_amended_10k_replaces_the_original_from_its_filing_date() {
    let inputs = common::load("AAPL", 320193).await;
    let fy2009 = |as_of: &str| {
        let book = FactBook::build(&inputs.company_facts, concepts::all(), day(as_of));
        fiscal_years(&book, IndustryKind::General)
            .into_iter()
            .find(|y| y.end == day("2009-09-26"))
            .and_then(|y| y.revenue)
    };
    // SalesRevenueNet FY2009: 10-K 0001193125-09-214859 said 36,537,000,000; the 10-K/A
    // 0001193125-10-012091 (filed 2010-01-25, new revenue-recognition rules) says 42,905,000,000.
    let original = fy2009("2009-12-31").expect("original");
    assert_eq!(
        (original.value, original.form.as_str()),
        (36_537_000_000.0, "10-K")
    );
    let amended = fy2009("2010-03-01").expect("amended");
    assert_eq!(
        (amended.value, amended.form.as_str(), amended.accn.as_str()),
        (42_905_000_000.0, "10-K/A", "0001193125-10-012091")
    );
}

#[tokio::test]
async fn apple_three_year_growth_ttm_and_balance_sheet() {
    let r = common::record("AAPL", 320193, common::snapshot_day()).await;
    // FY2022 394,328,000,000 (10-K) -> FY2025 416,161,000,000 (10-K 0000320193-25-000079):
    // (416161 / 394328)^(1/3) - 1 = 1.8125%.
    let q1 = &r.questions[0];
    assert!(
        close(q1.metric.expect("CAGR"), 1.812_535_7, 1e-6),
        "{:?}",
        q1.metric
    );
    assert_eq!((q1.score, q1.band), (Some(5), Some(Band::Yellow)));
    assert!(
        q1.comment.contains("$394.3B") && q1.comment.contains("$416.2B"),
        "{}",
        q1.comment
    );
    assert_eq!(q1.provenance.len(), 2);
    // Latest balance sheet: the snapshot's recording of the Q2 FY2026 10-Q
    // 0000320193-26-000013 (period 2026-03-28) carries cash 45,572,000,000 and no current
    // marketable securities, so the sheet is read at the Q1 FY2026 10-Q 0000320193-26-000006
    // (period 2025-12-27): cash 45,317,000,000 + MarketableSecuritiesCurrent 21,590,000,000,
    // against LongTermDebt 88,500,000,000 + CommercialPaper 1,997,000,000.
    let q6 = &r.questions[5];
    assert!(
        close(
            q6.metric.expect("ratio"),
            (45_317.0 + 21_590.0) / (88_500.0 + 1_997.0),
            1e-9
        ),
        "{:?} {:?}",
        q6.metric,
        q6.provenance
    );
    assert!(
        q6.provenance
            .iter()
            .all(|p| p.figure.accn == "0000320193-26-000006"),
        "{:?}",
        q6.provenance
    );
    // TTM revenue at 2025-12-27: FY2025 416,161M + Q1 FY2026 143,756M - Q1 FY2025 124,300M.
    let inputs = common::load("AAPL", 320193).await;
    let book = FactBook::build(
        &inputs.company_facts,
        concepts::all(),
        common::snapshot_day(),
    );
    let ttm = history::ttm_points(&book, IndustryKind::General, day("2025-01-01"));
    let last = ttm
        .iter()
        .find(|t| t.end == day("2025-12-27"))
        .expect("TTM point");
    assert_eq!(
        last.revenue.as_ref().map(|f| f.value),
        Some(435_617_000_000.0)
    );
    assert_eq!(last.available, day("2026-01-30"));
}

#[tokio::test]
async fn apple_market_figures_follow_the_price_file() {
    let r = common::record("AAPL", 320193, common::snapshot_day()).await;
    // prices/daily/AAPL.csv: 2023-08-18 close 172.16148376464844, 2026-08-18 close
    // 310.2799987792969: the last investment value is 1.8023K, so $1000 became $1,802.30.
    assert_eq!(r.investment1000, Some(1802.3));
    let last = r.market_value.last().expect("points");
    assert!(close(
        last.investment_k,
        310.2799987792969 / 172.16148376464844,
        1e-12
    ));
    let range = r.price_range.expect("range");
    assert_eq!(
        (range.min_date, range.max_date),
        (day("2024-04-19"), day("2026-07-28"))
    );
    assert!(
        close(range.min, 163.2206268310547, 1e-9) && close(range.max, 339.78692626953125, 1e-9)
    );
    assert!(close(range.today, 310.2799987792969, 1e-9));
    // DGS10 on 2026-08-18 and the overall-score rule on 11 answers: Q11 declines to estimate
    // insiders from a public float ($3.3T on 2025-03-28) above the market value that
    // dividend-adjusted closes give that day (it used to say "insiders own about 0.0%").
    let forward = r.forward_returns.expect("forward");
    assert!(forward.govt_bond_return > 0.0);
    assert_eq!(r.answered_questions, 11);
    assert_eq!(r.questions[10].score, None);
    assert!(
        r.questions[10].comment.contains("adjusted for dividends"),
        "{}",
        r.questions[10].comment
    );
    let sum: u32 = r
        .questions
        .iter()
        .filter_map(|q| q.score.map(u32::from))
        .sum();
    assert_eq!(r.score, (f64::from(sum) / 110.0 * 100.0).round() as u8);
    assert_eq!(r.industry.as_deref(), Some("Electronic Computers"));
    assert_eq!(r.sector.as_deref(), Some("Technology"));
    assert!(!r.report_is_old);
    // The newest statement filing: the Q2 FY2026 10-Q 0000320193-26-000013 (2026-03-28).
    assert_eq!(
        r.latest_filing_accession.as_deref(),
        Some("0000320193-26-000013")
    );
    assert_eq!(r.report_date, Some(day("2026-03-28")));
}

#[tokio::test]
async fn nvidia_grows_fast_and_scores_green() {
    let r = common::record("NVDA", 1045810, common::snapshot_day()).await;
    // Revenues FY2023 (ends 2023-01-29) 26,974,000,000 -> FY2026 (ends 2026-01-25)
    // 215,938,000,000: (215938 / 26974)^(1/3) - 1 = 100.045%.
    assert!(close(
        r.questions[0].metric.expect("CAGR"),
        100.045_095,
        1e-4
    ));
    assert_eq!(r.questions[0].score, Some(10));
    // Diluted shares 25,070,000,000 (FY2023, restated for the 2024 split) -> 24,514,000,000.
    assert!(close(
        r.questions[9].metric.expect("dilution"),
        -0.744_797,
        1e-4
    ));
    assert_eq!(r.band, Band::Green, "score {}", r.score);
    // Holders file: insidersPercentHeld 0.039839998 -> 3.98%.
    match &r.questions[10].chart {
        Chart::Ownership {
            insiders_pct,
            estimated,
            ..
        } => {
            assert!(close(insiders_pct.expect("insiders"), 3.9839998, 1e-6));
            assert!(!estimated);
        }
        other => panic!("unexpected chart {other:?}"),
    }
}

#[tokio::test]
async fn snowflake_losses_are_red() {
    let r = common::record("SNOW", 1640147, common::snapshot_day()).await;
    // NetIncomeLoss FY2023 (ends 2023-01-31) -796,705,000 (10-K 0001640147-25-000052) ->
    // FY2026 (ends 2026-01-31) -1,331,616,000 (10-K 0001640147-26-000008, filed 2026-03-20).
    let q3 = &r.questions[2];
    assert_eq!(q3.band, Some(Band::Red));
    assert!(
        q3.comment.contains("$1.3B")
            && q3.comment.contains("$796.7M")
            && q3.comment.contains("widening"),
        "{}",
        q3.comment
    );
    assert_eq!(q3.provenance[1].figure.accn, "0001640147-26-000008");
    // Net margin FY2026: -1,331,616,000 / 4,683,946,000 (RevenueFromContractWith...) = -28.43%.
    let q4 = &r.questions[3];
    assert!(close(
        q4.metric.expect("margin"),
        -1_331_616_000.0 / 4_683_946_000.0 * 100.0,
        1e-9
    ));
    assert_eq!(q4.band, Some(Band::Red));
    // The newest balance sheet (10-Q 0001640147-26-000030, 2026-04-30) gives cash
    // 2,084,715,000 but no debt line in this recording: cash vs debt is not graded.
    assert_eq!(r.questions[5].score, None);
    // No price file for SNOW: market questions say so instead of guessing.
    assert_eq!(r.questions[6].score, None);
    assert!(r.questions[6].comment.contains("won't pretend"));
    // Short interest 5.7646% of float (finra-2026-05-15.csv).
    assert_eq!(r.questions[11].metric, Some(5.7646));
    assert_eq!(r.answered_questions, 7);
    assert_eq!(r.score_basis, "based on 7 of 12");
}

#[tokio::test]
async fn tesla_data_ending_2022_is_flagged_old() {
    let r = common::record("TSLA", 1318605, common::snapshot_day()).await;
    // The last statement filing is the 10-Q 0000950170-22-019867 (filed 2022-10-24, period
    // ending 2022-09-30).
    assert_eq!(
        r.latest_filing_accession.as_deref(),
        Some("0000950170-22-019867")
    );
    assert_eq!(r.report_date, Some(day("2022-09-30")));
    assert!(r.report_is_old);
    // As of a date right after that filing, the same report is fresh.
    let fresh = analyze(&common::load("TSLA", 1318605).await, day("2022-12-01")).expect("record");
    assert!(!fresh.report_is_old);
}

#[tokio::test]
async fn ifrs_filers_are_not_supported() {
    let snapshot = jobs::sources::Snapshot::new(common::market_data());
    for cik in [1046179, 1997711] {
        use jobs::sources::CompanyFactsSource;
        let facts = snapshot.company_facts(cik).await.expect("facts");
        let inputs = jobs::market_data::AnalysisInputs {
            symbol: "X".into(),
            company_facts: facts,
            ..Default::default()
        };
        assert_eq!(
            analyze(&inputs, common::snapshot_day()),
            Err(AnalysisError::NotSupported(
                "IFRS filers are not supported yet".into()
            ))
        );
    }
}

#[tokio::test]
async fn walmart_january_fiscal_year_and_split_debt_lines() {
    let inputs = common::load("WMT", 104169).await;
    let as_of = day("2026-09-01");
    let book = FactBook::build(&inputs.company_facts, concepts::all(), as_of);
    let years = fiscal_years(&book, IndustryKind::General);
    // FY ending 2026-01-31 is Walmart's fiscal 2026 (SEC fy 2026, frame CY2025). Total
    // `Revenues` 713,163,000,000 wins over net sales (RFC) 706,413,000,000.
    let fy = years.last().expect("a year");
    assert_eq!((fy.label.as_str(), fy.end), ("FY2026", day("2026-01-31")));
    assert_eq!(
        fy.revenue.as_ref().map(|f| (f.value, f.concept.as_str())),
        Some((713_163_000_000.0, "us-gaap:Revenues"))
    );
    // 2026-07-31 (10-Q 0000104169-26-000154): no LongTermDebt line, so noncurrent 36,462M +
    // current 3,470M + short-term borrowings 10,479M.
    let balance = financials::latest_balance(&book);
    assert_eq!(balance.date, Some(day("2026-07-31")));
    assert_eq!(
        balance.debt.as_ref().map(|f| f.value),
        Some(50_411_000_000.0)
    );
    // At the year end LongTermDebt (38,166M) + short-term borrowings (6,596M).
    assert_eq!(
        fy.balance.debt.as_ref().map(|f| f.value),
        Some(44_762_000_000.0)
    );
}

#[tokio::test]
async fn jpmorgan_is_scored_as_a_bank_and_ignores_the_proxy() {
    let r = common::record("JPM", 19617, common::snapshot_day()).await;
    assert_eq!(r.industry_kind, IndustryKind::Bank);
    assert_eq!(r.industry.as_deref(), Some("National Commercial Banks"));
    // Net margin FY2025 from the 10-K (0001628280-26-008131): NetIncomeLoss 57,048,000,000
    // (not the DEF 14A's rounded 57,000,000,000) over RevenuesNetOfInterestExpense 182,447,000,000.
    let q4 = &r.questions[3];
    assert!(close(
        q4.metric.expect("margin"),
        57_048.0 / 182_447.0 * 100.0,
        1e-9
    ));
    let ni = q4
        .provenance
        .iter()
        .find(|p| p.label.starts_with("Net income"))
        .expect("net income");
    assert_eq!(
        (ni.figure.value, ni.figure.form.as_str()),
        (57_048_000_000.0, "10-K")
    );
    let revenue = q4
        .provenance
        .iter()
        .find(|p| p.label.starts_with("Revenue"))
        .expect("revenue");
    assert_eq!(
        revenue.figure.concept,
        "us-gaap:RevenuesNetOfInterestExpense"
    );
    // No free-cash-flow grade for a bank: Q5 is its funding instead (loans / deposits, pinned
    // in analysis_numbers.rs); cash vs debt becomes equity / assets at 2026-06-30:
    // 374,598M / 5,015,069M.
    assert_eq!(r.questions[4].metric_name, "loans / deposits %");
    assert!(r.questions[4].comment.contains("bank"));
    assert!(close(
        r.questions[5].metric.expect("cushion"),
        374_598.0 / 5_015_069.0 * 100.0,
        1e-9
    ));
}

#[tokio::test]
async fn alphabet_merges_revenue_tags_across_years() {
    let inputs = common::load("GOOGL", 1652044).await;
    let book = FactBook::build(
        &inputs.company_facts,
        concepts::all(),
        common::snapshot_day(),
    );
    let years = fiscal_years(&book, IndustryKind::General);
    let concept = |label: &str| {
        years
            .iter()
            .find(|y| y.label == label)
            .and_then(|y| y.revenue.clone())
            .expect(label)
    };
    // FY2022 appears under RevenueFromContract... only; FY2025 under Revenues only.
    assert_eq!(concept("FY2022").value, 282_836_000_000.0);
    assert_eq!(
        concept("FY2022").concept,
        "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"
    );
    assert_eq!(concept("FY2025").value, 402_836_000_000.0);
    assert_eq!(concept("FY2025").concept, "us-gaap:Revenues");
}

#[tokio::test]
async fn every_company_gets_honest_words_and_the_same_answer_twice() {
    for (symbol, cik) in common::COMPANIES {
        let inputs = common::load(symbol, *cik).await;
        let a = analyze(&inputs, common::snapshot_day()).expect("record");
        let b = analyze(&inputs, common::snapshot_day()).expect("record");
        assert_eq!(a, b, "{symbol}: deterministic");
        assert_eq!(a.questions.len(), 12);
        let answered = a.questions.iter().filter(|q| q.score.is_some()).count();
        assert_eq!(usize::from(a.answered_questions), answered);
        for q in &a.questions {
            assert!(
                !q.comment.contains('{') && !q.comment.is_empty(),
                "{symbol} {}: {}",
                q.key,
                q.comment
            );
            assert!(q.score.is_none_or(|s| s <= 10));
            assert_eq!(q.band, q.score.map(Band::of_question));
            assert!(!q.explainer.is_empty());
        }
    }
}

#[tokio::test]
async fn realty_income_under_reit_rules() {
    let mut inputs = common::load("O", 726728).await;
    // The snapshot has no submissions file for Realty Income; its real SIC code is 6798
    // (Real Estate Investment Trusts), which selects the REIT rules.
    inputs.submissions = Some(jobs::market_data::Submissions {
        name: "REALTY INCOME CORP".into(),
        sic: Some(6798),
        sic_description: Some("Real Estate Investment Trusts".into()),
        ..Default::default()
    });
    let r = analyze(&inputs, common::snapshot_day()).expect("record");
    assert_eq!(r.industry_kind, IndustryKind::Reit);
    assert_eq!(r.sector.as_deref(), Some("Real Estate"));
    // 2026-06-30 (10-Q 0000726728-26-000048): NotesPayable 25,091,588,000 + CommercialPaper
    // 1,400,000,000 against StockholdersEquity 39,549,557,000.
    let debt = 25_091_588_000.0 + 1_400_000_000.0;
    let q6 = &r.questions[5];
    assert!(close(
        q6.metric.expect("leverage"),
        debt / (debt + 39_549_557_000.0) * 100.0,
        1e-9
    ));
    assert!(
        q6.comment.contains("Landlords") || q6.comment.contains("landlord"),
        "{}",
        q6.comment
    );
    // Q7 uses FFO: FY2025 NetIncomeLoss 1,058,590,000 + DepreciationDepletionAndAmortization
    // 2,524,200,000 (no year-ago half year in the trimmed file, so the fiscal year is the TTM).
    assert!(
        r.questions[6].comment.contains("funds from operations"),
        "{}",
        r.questions[6].comment
    );
    match &r.questions[6].chart {
        Chart::Yields { rows } => {
            let ttm = rows.last().expect("TTM row");
            let cap = 3_582_790_000.0 / (ttm.earnings_return_pct.expect("FFO yield") / 100.0);
            // The implied market value is price x shares: between $40B and $80B for O.
            assert!((40e9..80e9).contains(&cap), "{cap}");
        }
        other => panic!("unexpected chart {other:?}"),
    }
}
