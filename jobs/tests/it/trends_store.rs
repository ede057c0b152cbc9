//! Quarterly trends on SQLite and Postgres, on real companies: a past quarter computed as of
//! its last day (filings filed by then, prices by then) stored beside the latest analysis, and
//! the change between them explained from the two stored records.

use chrono::{DateTime, NaiveDate, Utc};
use jobs::{
    analysis::{AnalysisRecord, analyze, text_format},
    store::Store,
    store_test,
    testing::TestDb,
    trends::{self, as_of::as_of_inputs, read},
};

use crate::analysis_common as common;

/// The latest analyses are computed "now": a fixed day in 2026-Q4, so the test does not
/// depend on the clock.
fn computed_now() -> DateTime<Utc> {
    "2026-10-02T12:00:00Z".parse().unwrap()
}

fn day(text: &str) -> NaiveDate {
    text.parse().unwrap()
}

/// `symbol` analysed as of `as_of` with only what was known then.
async fn as_of(symbol: &str, cik: u64, as_of: NaiveDate) -> AnalysisRecord {
    let inputs = as_of_inputs(common::load(symbol, cik).await, as_of);
    analyze(&inputs, as_of).unwrap_or_else(|err| panic!("{symbol}: {err}"))
}

/// The latest analysis (as of the snapshot's last close, in 2026-Q4) and, stored after it,
/// the 2026-Q2 analysis (as of 30 June 2026).
async fn two_quarters(store: &Store, symbol: &str, cik: u64) -> (AnalysisRecord, AnalysisRecord) {
    let latest = as_of(symbol, cik, common::snapshot_day()).await;
    store
        .save_analysis(&latest, &text_format::to_text(&latest), computed_now())
        .await
        .unwrap();
    let june = as_of(symbol, cik, day("2026-06-30")).await;
    store
        .save_quarter_analysis(&june, "2026-Q2", computed_now())
        .await
        .unwrap();
    (june, latest)
}

/// The value of the figure labelled `label` in question `number` of `record`.
fn figure(record: &AnalysisRecord, number: usize, label: &str) -> (f64, String) {
    let p = record.questions[number - 1]
        .provenance
        .iter()
        .find(|p| p.label == label)
        .unwrap_or_else(|| panic!("{label} in Q{number}"));
    (p.figure.value, p.figure.accn.clone())
}

store_test!(
    a_new_10q_explains_a_future_return_score_that_rose,
    |db: TestDb| async move {
        let (june, latest) = two_quarters(&db.store, "GOOGL", 1652044).await;
        // The past quarter never replaces what the stock page shows.
        let shown = db.store.latest_analysis("GOOGL").await.unwrap().unwrap();
        assert_eq!(shown.record.as_of, common::snapshot_day());

        let history = read::history(&db.store, "GOOGL").await.unwrap();
        let quarters: Vec<&str> = history.iter().map(|h| h.quarter.as_str()).collect();
        assert_eq!(quarters, ["2026-Q4", "2026-Q2"], "newest first");
        assert_eq!(history[1].score, Some(i32::from(june.score)));
        assert!(!history[0].provisional);

        let change = read::since_last_quarter(&db.store, "GOOGL")
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            (
                change.previous_quarter.as_str(),
                change.current_quarter.as_str()
            ),
            ("2026-Q2", "2026-Q4")
        );
        assert_eq!(change.previous_as_of, Some(day("2026-06-30")));
        assert!(change.figures_known);
        // Alphabet's 10-Q for the quarter to 30 June 2026 (filed 23 July, 0001652044-26-000071)
        // moved the future-return question most: trailing net income jumped. (Before the
        // cash fix the debt question "fell" 10 -> 5 here only because that 10-Q stopped tagging
        // short-term investments; the fix reads the balance sheet that has them, so debt holds.)
        let moved = &change.questions[0];
        assert_eq!(
            (moved.number, moved.name.as_str()),
            (8, "Future return vs bond")
        );
        assert_eq!((moved.previous, moved.current), (Some(5), Some(9)));
        assert!(moved.change.unwrap() > 0);
        assert!(
            change.questions.iter().all(|q| q.number != 6),
            "the debt score held: {:?}",
            change.questions
        );
        let filing = moved.filing.as_ref().expect("the filing behind it");
        assert_eq!(
            (
                filing.form.as_str(),
                filing.filed,
                filing.accession.as_str()
            ),
            ("10-Q", day("2026-07-23"), "0001652044-26-000071")
        );
        // Every figure named is a figure of the two stored records, not a made-up number.
        let values = |record: &AnalysisRecord| -> Vec<f64> {
            record.questions[7]
                .provenance
                .iter()
                .map(|p| p.figure.value)
                .collect()
        };
        for f in &moved.figures {
            if let Some(now) = &f.current {
                assert!(values(&latest).contains(&now.figure.value), "{f:?}");
            }
            if let Some(before) = &f.previous {
                assert!(values(&june).contains(&before.figure.value), "{f:?}");
            }
        }
        assert!(
            moved.reason.starts_with("Future return vs bond 5 → 9: ")
                && moved.reason.contains(
                    "net income rose from $160.2B (TTM to 2026-03-31) to $244.2B (TTM to 2026-06-30)"
                )
                && moved.reason.ends_with("10-Q filed 2026-07-23"),
            "{}",
            moved.reason
        );
    }
);

store_test!(
    a_new_10k_explains_growth_and_the_movers_are_ranked,
    |db: TestDb| async move {
        let (msft_june, msft_latest) = two_quarters(&db.store, "MSFT", 789019).await;
        two_quarters(&db.store, "META", 1326801).await;
        two_quarters(&db.store, "GOOGL", 1652044).await;
        // Storing the same quarter again replaces its row.
        db.store
            .save_quarter_analysis(&msft_june, "2026-Q2", computed_now())
            .await
            .unwrap();

        let changes = read::changes_page(&db.store, "", 100).await.unwrap();
        let symbols = |page: &[jobs::trends::QuarterlyChange]| -> Vec<String> {
            page.iter().map(|c| c.ticker_symbol.clone()).collect()
        };
        assert_eq!(symbols(&changes), ["GOOGL", "META", "MSFT"]);
        // A page at a time, alphabetically after the last symbol shown; a short page is the last.
        let first = read::changes_page(&db.store, "", 2).await.unwrap();
        assert_eq!(symbols(&first), ["GOOGL", "META"]);
        let rest = read::changes_page(&db.store, "META", 2).await.unwrap();
        assert_eq!(symbols(&rest), ["MSFT"]);
        let msft = &changes[2];
        assert_eq!(
            msft.previous_quarter_score,
            Some(i32::from(msft_june.score))
        );
        assert_eq!(
            msft.current_quarter_score,
            Some(i32::from(msft_latest.score))
        );
        assert_eq!(
            msft.score_change,
            Some(i32::from(msft_latest.score) - i32::from(msft_june.score))
        );

        let improved = read::most_moved(&db.store, true, None).await.unwrap();
        let declined = read::most_moved(&db.store, false, None).await.unwrap();
        assert!(
            improved.iter().all(|c| c.score_change.unwrap() > 0),
            "{improved:?}"
        );
        assert!(
            declined.iter().all(|c| c.score_change.unwrap() < 0),
            "{declined:?}"
        );
        // META 83 -> 79 and MSFT 75 -> 71 fell by 4 each (ties: by symbol); GOOGL rose 78 -> 83.
        let fell: Vec<&str> = declined.iter().map(|c| c.ticker_symbol.as_str()).collect();
        assert_eq!(fell, ["META", "MSFT"]);
        assert_eq!(improved[0].ticker_symbol, "GOOGL", "78 -> 83");
        assert!(
            read::most_moved(&db.store, true, Some(0))
                .await
                .unwrap()
                .is_empty()
        );

        // Microsoft's FY2026 10-K (filed 29 July 2026) raised the revenue growth answer.
        let change = read::since_last_quarter(&db.store, "MSFT")
            .await
            .unwrap()
            .unwrap();
        let growth = change
            .questions
            .iter()
            .find(|q| q.number == 1)
            .expect("Q1 moved");
        assert_eq!((growth.previous, growth.current), (Some(8), Some(9)));
        let revenue = &growth.figures[0];
        assert_eq!(revenue.name, "Revenue");
        let (fy2026, accn) = figure(&msft_latest, 1, "Revenue FY2026");
        assert_eq!(revenue.current.as_ref().unwrap().figure.value, fy2026);
        assert_eq!((fy2026 / 1e8).round(), 3318.0, "FY2026 revenue $331.8B");
        let filing = growth.filing.as_ref().unwrap();
        assert_eq!(
            (
                filing.form.as_str(),
                filing.filed,
                filing.accession.as_str()
            ),
            ("10-K", day("2026-07-29"), accn.as_str())
        );
        assert!(
            growth
                .reason
                .contains("revenue rose from $281.7B (FY2025) to $331.8B (FY2026)"),
            "{}",
            growth.reason
        );

        // A symbol with one quarter has nothing to explain.
        let one = as_of("AAPL", 320193, common::snapshot_day()).await;
        db.store
            .save_analysis(&one, "text", computed_now())
            .await
            .unwrap();
        assert!(
            read::since_last_quarter(&db.store, "AAPL")
                .await
                .unwrap()
                .is_none()
        );
        assert_eq!(
            trends::read::history(&db.store, "AAPL")
                .await
                .unwrap()
                .len(),
            1
        );
    }
);
