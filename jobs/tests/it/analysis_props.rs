//! Property tests: whatever the filings say (odd periods, negative values, proxy forms, holes),
//! the analysis never panics, every grade stays within 0..=10, the overall score within
//! 0..=100 and follows the spec's rule, and the plain text round-trips.

use chrono::{Duration, NaiveDate};
use jobs::{
    analysis::{analyze, overall_score, text_format},
    market_data::AnalysisInputs,
    market_data::{CompanyFacts, PricePoint, RatePoint},
};
use proptest::prelude::*;
use serde_json::{Value, json};

const CONCEPTS: &[&str] = &[
    "Revenues",
    "NetIncomeLoss",
    "CostsAndExpenses",
    "NetCashProvidedByUsedInOperatingActivities",
    "PaymentsToAcquirePropertyPlantAndEquipment",
    "CashAndCashEquivalentsAtCarryingValue",
    "LongTermDebt",
    "StockholdersEquity",
    "WeightedAverageNumberOfDilutedSharesOutstanding",
];
const FORMS: &[&str] = &["10-K", "10-Q", "10-K/A", "10-Q/A", "DEF 14A", "8-K"];
const DAYS: &[i64] = &[0, 90, 181, 272, 363, 500];

fn base() -> NaiveDate {
    NaiveDate::from_ymd_opt(2020, 1, 1).expect("date")
}

/// (concept, start offset in days, period length, value, form, filing lag in days)
fn fact() -> impl Strategy<Value = (usize, i64, usize, f64, usize, i64)> {
    (
        0..CONCEPTS.len(),
        0i64..2200,
        0..DAYS.len(),
        -1.0e12f64..1.0e12,
        0..FORMS.len(),
        0i64..400,
    )
}

/// One fiscal year: per concept, a value or nothing.
fn year() -> impl Strategy<Value = Vec<Option<f64>>> {
    prop::collection::vec(
        prop::option::weighted(0.85, -1.0e11f64..1.0e12),
        CONCEPTS.len(),
    )
}

fn push(map: &mut serde_json::Map<String, Value>, concept: usize, fact: Value) {
    let unit = if concept == CONCEPTS.len() - 1 {
        "shares"
    } else {
        "USD"
    };
    let entry = map
        .entry(CONCEPTS[concept])
        .or_insert_with(|| json!({"units": {unit: []}}));
    if let Some(list) = entry["units"][unit].as_array_mut() {
        list.push(fact);
    }
}

/// Well-formed fiscal years (10-K facts, September year ends) plus random noise facts.
fn company(
    years: &[Vec<Option<f64>>],
    noise: &[(usize, i64, usize, f64, usize, i64)],
) -> CompanyFacts {
    let mut map = serde_json::Map::new();
    for (i, values) in years.iter().enumerate() {
        let end = NaiveDate::from_ymd_opt(2020 + i as i32, 9, 30).expect("date");
        let start = end - Duration::days(364);
        let filed = (end + Duration::days(45)).to_string();
        for (concept, value) in values.iter().enumerate() {
            let Some(value) = value else { continue };
            // Balance-sheet concepts are instants; the others cover the year.
            let instant = (5..=7).contains(&concept);
            let mut fact = json!({"end": end.to_string(), "val": value, "accn": format!("k-{i}"),
                "form": "10-K", "filed": filed});
            if !instant {
                fact["start"] = json!(start.to_string());
            }
            push(&mut map, concept, fact);
        }
    }
    for &(concept, offset, length, value, form, lag) in noise {
        let start = base() + Duration::days(offset);
        let end = start + Duration::days(DAYS[length]);
        let mut fact = json!({"end": end.to_string(), "val": value, "accn": format!("a-{offset}"),
            "form": FORMS[form], "filed": (end + Duration::days(lag)).to_string()});
        if DAYS[length] > 0 {
            fact["start"] = json!(start.to_string());
        }
        push(&mut map, concept, fact);
    }
    let body = json!({"cik": 1, "entityName": "Prop Co", "facts": {"us-gaap": map}});
    CompanyFacts::from_json(body.to_string().as_bytes()).expect("valid JSON")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn any_filings_give_a_bounded_consistent_answer(
        years in prop::collection::vec(year(), 0..7),
        noise in prop::collection::vec(fact(), 0..40),
        steps in prop::collection::vec(0.9f64..1.1, 0..400),
        rate in 0.5f64..8.0,
    ) {
        // A weekly random walk over the last ~7.5 years.
        let mut close = 100.0;
        let prices: Vec<PricePoint> = steps
            .iter()
            .enumerate()
            .map(|(i, step)| {
                close *= step;
                PricePoint { date: base() + Duration::days(i as i64 * 7), close }
            })
            .collect();
        let treasury = vec![RatePoint { date: base() + Duration::days(2390), percent: rate }];
        let inputs = AnalysisInputs {
            symbol: "PROP".into(),
            company_facts: company(&years, &noise),
            prices: Some(prices),
            treasury: Some(treasury),
            ..Default::default()
        };
        let as_of = base() + Duration::days(2400);
        if let Ok(record) = analyze(&inputs, as_of) {
            let scores: Vec<u32> = record.questions.iter().filter_map(|q| q.score.map(u32::from)).collect();
            prop_assert!(scores.iter().all(|s| *s <= 10));
            prop_assert!(record.score <= 100);
            prop_assert_eq!(usize::from(record.answered_questions), scores.len());
            prop_assert_eq!(record.score, overall_score(scores.iter().sum(), record.answered_questions));
            for q in &record.questions {
                prop_assert!(!q.comment.contains('{'), "{}", q.comment);
            }
            let text = text_format::to_text(&record);
            prop_assert_eq!(text_format::render(&text_format::parse(&text)), text);
        }
    }
}
