//! The plain-text result: generated from real records, parsed back, and compared with the
//! record it came from.

mod common;

use jobs::analysis::text_format::{Cell, parse, render, to_text};

#[tokio::test]
async fn text_round_trips_for_every_snapshot_company() {
    for (symbol, cik) in common::COMPANIES {
        let record = common::record(symbol, *cik, common::snapshot_day()).await;
        let text = to_text(&record);
        let parsed = parse(&text);
        assert_eq!(render(&parsed), text, "{symbol}: parse then render gives the same text");
        assert_eq!(parsed.ticker, record.symbol);
        assert_eq!(parsed.company, record.company_name);
        assert_eq!(parsed.industry, record.industry.clone().unwrap_or_else(|| "Unknown Industry".into()));
        assert_eq!(parsed.sector, record.sector.clone().unwrap_or_else(|| "Unknown Sector".into()));
        assert_eq!(parsed.score, record.score);
        assert_eq!(parsed.evaluations.len(), 12);
        for (evaluation, question) in parsed.evaluations.iter().zip(&record.questions) {
            assert_eq!(evaluation.key, question.key);
            assert_eq!(evaluation.score, question.score);
            assert_eq!(evaluation.text, question.comment);
        }
        // The chart blocks come in the spec's order with its titles.
        let titles: Vec<&str> = parsed.blocks.iter().map(|b| b.title.as_str()).collect();
        assert_eq!(titles[0], "Market Value");
        for (i, question) in record.questions.iter().enumerate() {
            assert_eq!(titles[i + 1], question.title);
        }
    }
}

#[tokio::test]
async fn text_values_match_the_record_within_rounding() {
    let record = common::record("AAPL", 320193, common::snapshot_day()).await;
    let parsed = parse(&to_text(&record));
    let revenue = parsed.blocks.iter().find(|b| b.title == "Revenue and Revenue Growth %").expect("block");
    // FY2024 revenue 391,035,000,000 is written as 391.04B.
    let fy2024 = revenue.rows.iter().find(|r| r[0] == Cell::Text("FY2024".into())).expect("row");
    match fy2024[1] {
        Cell::Amount(v) => assert!((v - 391_035_000_000.0).abs() <= 5e6, "{v}"),
        ref other => panic!("expected an amount, got {other:?}"),
    }
    let short = parsed.blocks.iter().find(|b| b.title == "Short Position").expect("block");
    assert_eq!(short.rows[0], vec![Cell::Text("ShortInterest".into()), Cell::Percent(0.95)]);
    let market = &parsed.blocks[0];
    let last = market.rows.last().expect("rows");
    match last[2] {
        // The spec's $1000 statement: last investment value (in K) x 1000.
        Cell::Number(k) => assert!((k * 1000.0 - record.investment1000.expect("investment")).abs() < 5.0),
        ref other => panic!("expected a number, got {other:?}"),
    }
}
