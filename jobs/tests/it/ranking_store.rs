//! The Top 25 rule on real records of the snapshot, on SQLite and Postgres: T-Mobile's 86
//! with its debt question blank ranks below the complete companies, a record with a data
//! fault and a provisional score are listed for the admin but never ranked, and a preferred
//! stored before the securities rule is not listed at all.

use chrono::Utc;
use jobs::{
    analysis::{AnalysisRecord, DataFault},
    ranking,
    sources::tickers::read_snapshot,
    store_test,
    testing::TestDb,
};

use crate::analysis_common as common;

async fn real(symbol: &str, cik: u64) -> AnalysisRecord {
    common::record(symbol, cik, common::snapshot_day()).await
}

store_test!(
    the_top_list_ranks_complete_trusted_common_stocks_first,
    |db: TestDb| async move {
        let store = &db.store;
        store
            .replace_tickers(&read_snapshot(&common::market_data()).unwrap())
            .await
            .unwrap();
        let tmus = real("TMUS", 1283699).await;
        // The snapshot's T-Mobile: 86 on 10 of 12, Q6 (cash and debt) blank although it
        // reported debt before: the missing answer could be the bad one.
        assert_eq!(tmus.questions[5].score, None);
        let mut records = vec![
            tmus,
            real("NVDA", 1045810).await,
            real("MSFT", 789019).await,
            real("AAPL", 320193).await,
            // 7 of 12: provisional.
            real("SNOW", 1640147).await,
        ];
        // A record whose input checks found a fault (McDonald's share counts on two scales):
        // the fault leaves Q7 and Q8 unanswered, and the rest still scores well.
        let mut faulty = real("MCD", 63908).await;
        faulty.data_faults.push(DataFault {
            kind: "share-scale".into(),
            reason:
                "Bubba doesn't trust these numbers: the share count and the price don't line up"
                    .into(),
            questions: vec![7, 8],
        });
        for q in &mut faulty.questions[6..8] {
            q.score = None;
        }
        records.push(faulty);
        // JPMorgan's preferred, stored before the securities rule with a high score.
        let mut preferred = real("JPM", 19617).await;
        preferred.symbol = "JPM-PC".into();
        preferred.score = 95;
        records.push(preferred);
        for record in &records {
            store
                .save_analysis(record, "text", Utc::now())
                .await
                .unwrap();
        }

        let top: Vec<(String, String)> = ranking::top_stocks(store, 25)
            .await
            .unwrap()
            .into_iter()
            .map(|t| (t.symbol, t.score_basis))
            .collect();
        // The complete ones by score (their scores come from the analysis, not this test),
        // then T-Mobile, whatever its score.
        let mut complete: Vec<&AnalysisRecord> = records[1..4].iter().collect();
        complete.sort_by_key(|r| std::cmp::Reverse(r.score));
        let mut expected: Vec<(String, String)> = complete
            .iter()
            .map(|r| (r.symbol.clone(), format!("{} of 12", r.answered_questions)))
            .collect();
        expected.push(("TMUS".into(), "10 of 12".into()));
        assert!(
            records[0].score > complete[0].score,
            "T-Mobile outscores them"
        );
        assert_eq!(top, expected);

        let listed: Vec<(String, Option<u32>, Option<String>)> = ranking::admin_stocks(store)
            .await
            .unwrap()
            .into_iter()
            .map(|s| (s.symbol, s.rank, s.not_ranked))
            .collect();
        let symbols: Vec<&str> = listed.iter().map(|(s, _, _)| s.as_str()).collect();
        assert_eq!(
            &symbols[..4],
            expected.iter().map(|(s, _)| s.as_str()).collect::<Vec<_>>()
        );
        assert_eq!(&symbols[4..], ["MCD", "SNOW"], "no JPM-PC");
        assert_eq!(listed[3].1, Some(4));
        assert_eq!(
            listed[4].2.as_deref(),
            Some("a data fault left questions unanswered")
        );
        assert_eq!(
            listed[5].2.as_deref(),
            Some("provisional: 7 of 12 questions answered")
        );
    }
);
