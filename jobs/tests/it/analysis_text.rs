//! The plain-text result: generated from real records, parsed back, and compared with the
//! record it came from.

use crate::analysis_common as common;

use jobs::analysis::text_format::{Cell, parse, render, to_text};

#[tokio::test]
async fn text_round_trips_for_every_snapshot_company() {
    for (symbol, cik) in common::COMPANIES {
        let record = common::record(symbol, *cik, common::snapshot_day()).await;
        let text = to_text(&record);
        let parsed = parse(&text);
        assert_eq!(
            render(&parsed),
            text,
            "{symbol}: parse then render gives the same text"
        );
        assert_eq!(parsed.ticker, record.symbol);
        assert_eq!(parsed.company, record.company_name);
        assert_eq!(
            parsed.industry,
            record
                .industry
                .clone()
                .unwrap_or_else(|| "Unknown Industry".into())
        );
        assert_eq!(
            parsed.sector,
            record
                .sector
                .clone()
                .unwrap_or_else(|| "Unknown Sector".into())
        );
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
    let revenue = parsed
        .blocks
        .iter()
        .find(|b| b.title == "Revenue and Revenue Growth %")
        .expect("block");
    // FY2024 revenue 391,035,000,000 is written as 391.04B.
    let fy2024 = revenue
        .rows
        .iter()
        .find(|r| r[0] == Cell::Text("FY2024".into()))
        .expect("row");
    match fy2024[1] {
        Cell::Amount(v) => assert!((v - 391_035_000_000.0).abs() <= 5e6, "{v}"),
        ref other => panic!("expected an amount, got {other:?}"),
    }
    let short = parsed
        .blocks
        .iter()
        .find(|b| b.title == "Short Position")
        .expect("block");
    assert_eq!(
        short.rows[0],
        vec![Cell::Text("ShortInterest".into()), Cell::Percent(0.95)]
    );
    let market = &parsed.blocks[0];
    let last = market.rows.last().expect("rows");
    match last[2] {
        // The spec's $1000 statement: last investment value (in K) x 1000.
        Cell::Number(k) => {
            assert!((k * 1000.0 - record.investment1000.expect("investment")).abs() < 1e-6)
        }
        ref other => panic!("expected a number, got {other:?}"),
    }
}

/// Equal JSON trees, numbers within a relative 1e-12 (serde_json's default float parser may
/// land one unit in the last place away).
fn same_json(a: &serde_json::Value, b: &serde_json::Value) -> bool {
    use serde_json::Value::{Array, Number, Object};
    match (a, b) {
        (Number(x), Number(y)) => {
            let (x, y) = (
                x.as_f64().unwrap_or(f64::NAN),
                y.as_f64().unwrap_or(f64::NAN),
            );
            x == y || (x - y).abs() <= 1e-12 * x.abs().max(y.abs())
        }
        (Array(x), Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same_json(x, y)),
        (Object(x), Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| same_json(v, w)))
        }
        _ => a == b,
    }
}

#[tokio::test]
async fn json_record_round_trips_and_is_camel_case() {
    for (symbol, cik) in common::COMPANIES {
        let record = common::record(symbol, *cik, common::snapshot_day()).await;
        // Through text, as the store keeps it.
        let text = serde_json::to_string(&record).expect("serialize");
        let back: jobs::analysis::AnalysisRecord =
            serde_json::from_str(&text).expect("deserialize");
        let json = serde_json::to_value(&record).expect("value");
        let again = serde_json::to_value(&back).expect("value again");
        assert!(same_json(&json, &again), "{symbol}: JSON round trip");
        assert_eq!((back.score, back.questions.len()), (record.score, 12));
        for key in [
            "companyName",
            "answeredQuestions",
            "marketValue",
            "investment1000",
            "priceRange",
            "reportIsOld",
            "forwardReturns",
            "asOf",
            "latestFilingAccession",
        ] {
            assert!(json.get(key).is_some(), "{symbol}: missing {key}");
        }
        let q1 = &json["questions"][0];
        assert_eq!(q1["key"], "Q1");
        assert_eq!(q1["title"], "Revenue and Revenue Growth %");
    }
}
