//! Each question next to its sector (`jobs::peers`, the `ComputeSectorStats` job), on SQLite
//! and Postgres, over a test market built from the snapshot: the companies' real analyses as
//! of the snapshot day, with the SIC code of SEC's submissions file where the snapshot has one
//! (Apple, Microsoft, NVIDIA, Alphabet, Tesla, JPMorgan, Boeing) and one assigned by this test
//! elsewhere. The snapshot holds one general merchandise store, Walmart, so the test puts nine
//! other companies in its group (SIC 53) to give it ten peers; Snowflake, provisional on 7 of
//! 12 answers, goes there too and must not count.

use std::{collections::HashMap, sync::Arc};

use chrono::Utc;
use jobs::{
    analysis::AnalysisRecord,
    peers::{self, PeerLevel},
    queue::{
        JobContext,
        runner::{JobHandler, JobRun},
    },
    sources::tickers::read_snapshot,
    store::{Store, sector_stats::SectorStat},
    store_test,
    tasks::ComputeSectorStats,
    testing::TestDb,
};
use tokio::sync::OnceCell;

use crate::analysis_common as common;

/// Put in Walmart's group by this test (their own SIC codes are elsewhere): with Walmart,
/// ten general merchandise stores that may be ranked.
const INTO_WALMARTS_GROUP: [&str; 9] = [
    "KO", "PEP", "MCD", "PG", "SBUX", "DIS", "TMUS", "NFLX", "ABNB",
];
/// The rest of the market and the codes this test gives them (their real ones, from SEC's
/// list, where the snapshot has no submissions file): Home Depot and Amazon are retailers
/// outside group 53; the others sit in other divisions.
const ASSIGNED: &[(&str, u32)] = &[
    ("WMT", 5331),
    ("HD", 5211),
    ("AMZN", 5961),
    ("SNOW", 5331),
    ("META", 7370),
];
/// Their SIC codes come from the snapshot's submissions files.
const FROM_SUBMISSIONS: [&str; 6] = ["AAPL", "MSFT", "NVDA", "GOOGL", "TSLA", "JPM"];

/// The market's records, analysed once for every test of this file (both databases).
async fn market() -> &'static [AnalysisRecord] {
    static MARKET: OnceCell<Vec<AnalysisRecord>> = OnceCell::const_new();
    MARKET
        .get_or_init(|| async {
            let ciks: HashMap<String, u64> = read_snapshot(&common::market_data())
                .unwrap()
                .into_iter()
                .map(|e| (e.ticker, e.cik as u64))
                .collect();
            let mut records = Vec::new();
            let symbols = INTO_WALMARTS_GROUP
                .iter()
                .chain(FROM_SUBMISSIONS.iter())
                .chain(ASSIGNED.iter().map(|(s, _)| s));
            for symbol in symbols {
                let mut record =
                    common::record(symbol, ciks[*symbol], common::snapshot_day()).await;
                if INTO_WALMARTS_GROUP.contains(symbol) {
                    record.sic = Some(5311);
                } else if let Some((_, sic)) = ASSIGNED.iter().find(|(s, _)| s == symbol) {
                    record.sic = Some(*sic);
                } else {
                    assert!(record.sic.is_some(), "{symbol} has a submissions file");
                }
                records.push(record);
            }
            records
        })
        .await
}

async fn save_market(store: &Store, records: &[AnalysisRecord]) {
    store
        .replace_tickers(&read_snapshot(&common::market_data()).unwrap())
        .await
        .unwrap();
    for record in records {
        store
            .save_analysis(record, "text", Utc::now())
            .await
            .unwrap();
    }
}

/// Runs the job as a worker would, and answers its summary.
async fn compute(db: &TestDb) -> serde_json::Value {
    let ctx: Arc<JobContext> = JobContext::new(db.store.clone(), db.job_settings())
        .await
        .unwrap();
    let run = JobRun {
        job_id: format!("test-sector-stats-{}", ulid::Ulid::new()),
        queue: "sector-stats",
        attempt: 1,
        ctx,
        cancel: Default::default(),
    };
    ComputeSectorStats {
        day: "2026-08-18".into(),
    }
    .run(&run)
    .await
    .unwrap()
}

/// The test's own quartiles: numpy's default (linear between the closest ranks).
fn quartiles(mut values: Vec<f64>) -> (f64, f64, f64) {
    values.sort_by(f64::total_cmp);
    let at = |p: f64| {
        let h = p * (values.len() - 1) as f64;
        let (lo, hi) = (values[h.floor() as usize], values[h.ceil() as usize]);
        lo + (hi - lo) * h.fract()
    };
    (at(0.25), at(0.5), at(0.75))
}

/// The net margins (question 4) of the stored records of `symbols` that may be ranked:
/// 9 or more answers and no data fault.
async fn stored_margins(store: &Store, symbols: &[&str]) -> Vec<f64> {
    let mut margins = Vec::new();
    for symbol in symbols {
        let record = store.latest_analysis(symbol).await.unwrap().unwrap().record;
        if record.answered_questions >= 9 && record.data_faults.is_empty() {
            margins.extend(record.questions[3].metric);
        }
    }
    margins
}

fn walmart(records: &[AnalysisRecord]) -> AnalysisRecord {
    records.iter().find(|r| r.symbol == "WMT").unwrap().clone()
}

store_test!(
    walmarts_margin_card_shows_its_sector_median_and_peer_count,
    |db: TestDb| async move {
        let records = market().await;
        save_market(&db.store, records).await;
        let summary = compute(&db).await;
        assert_eq!(summary["records"], records.len(), "{summary}");

        let wmt = walmart(records);
        let peers = peers::for_record(&db.store, &wmt).await.unwrap();
        let margin = peers.questions.iter().find(|q| q.number == 4).unwrap();
        // The test's own computation from the stored records of Walmart's group.
        let group: Vec<&str> = INTO_WALMARTS_GROUP
            .iter()
            .copied()
            .chain(["WMT", "SNOW"])
            .collect();
        let margins = stored_margins(&db.store, &group).await;
        assert_eq!(
            margins.len(),
            10,
            "Snowflake is provisional and does not count"
        );
        let (p25, median, p75) = quartiles(margins);
        assert_eq!(
            (
                margin.group.as_str(),
                margin.group_code.as_str(),
                margin.level,
                margin.count
            ),
            (
                "general merchandise stores",
                "53",
                PeerLevel::IndustryGroup,
                10
            )
        );
        let comparison = margin.comparison.as_ref().expect("ten peers are enough");
        for (shown, expected) in [
            (comparison.p25, p25),
            (comparison.median, median),
            (comparison.p75, p75),
        ] {
            assert!(
                (shown.unwrap() - expected).abs() < 1e-9,
                "{shown:?} vs {expected}"
            );
        }
        assert_eq!(comparison.median_figure, format!("{median:.1}%"));
        assert!(
            margin.sentence.ends_with(&format!(
                "the median one keeps {median:.1} cents of each dollar of sales."
            )),
            "{}",
            margin.sentence
        );
        assert_eq!(margin.computed_on, Utc::now().date_naive());
        // The absolute grade is the record's, untouched.
        let stored = db
            .store
            .latest_analysis("WMT")
            .await
            .unwrap()
            .unwrap()
            .record;
        assert_eq!(stored.questions[3].score, wmt.questions[3].score);
    }
);

store_test!(
    with_too_few_peers_the_card_widens_to_the_division_then_says_so,
    |db: TestDb| async move {
        let mut records = market().await.to_vec();
        // One of Walmart's nine peers is a hardware store instead (SIC 5211): nine are left
        // in its group, and all retailers are compared instead.
        let moved = records
            .iter_mut()
            .find(|r| r.symbol == INTO_WALMARTS_GROUP[0])
            .unwrap();
        moved.sic = Some(5211);
        save_market(&db.store, &records).await;
        compute(&db).await;
        let wmt = walmart(&records);
        let peers = peers::for_record(&db.store, &wmt).await.unwrap();
        let margin = peers.questions.iter().find(|q| q.number == 4).unwrap();
        let retailers: Vec<&str> = INTO_WALMARTS_GROUP
            .iter()
            .copied()
            .chain(["WMT", "SNOW", "HD", "AMZN"])
            .collect();
        let margins = stored_margins(&db.store, &retailers).await;
        assert_eq!(
            (margin.group.as_str(), margin.level, margin.count as usize),
            ("retailers", PeerLevel::Division, margins.len())
        );
        assert_eq!(
            margin.note.as_deref(),
            Some(
                "General merchandise stores: only 9 scored on this, so this compares with all retailers."
            )
        );
        let (_, median, _) = quartiles(margins);
        assert!((margin.comparison.as_ref().unwrap().median.unwrap() - median).abs() < 1e-9);

        // Five more leave retail for manufacturing: too few anywhere, and the card says so
        // instead of grading.
        for record in records
            .iter_mut()
            .filter(|r| INTO_WALMARTS_GROUP[1..6].contains(&r.symbol.as_str()))
        {
            record.sic = Some(2080);
        }
        save_market(&db.store, &records).await;
        compute(&db).await;
        let peers = peers::for_record(&db.store, &wmt).await.unwrap();
        let margin = peers.questions.iter().find(|q| q.number == 4).unwrap();
        assert_eq!(margin.comparison, None);
        let left: Vec<&str> = INTO_WALMARTS_GROUP[6..]
            .iter()
            .copied()
            .chain(["WMT", "SNOW"])
            .collect();
        let group = stored_margins(&db.store, &left).await.len();
        let retail = group
            + stored_margins(&db.store, &[INTO_WALMARTS_GROUP[0], "HD", "AMZN"])
                .await
                .len();
        assert_eq!(
            margin.sentence,
            format!(
                "Too few peers to compare ({group} scored among general merchandise stores, {retail} among all retailers); Bubba wants at least 10."
            )
        );
    }
);

store_test!(
    the_stored_records_are_read_a_page_at_a_time_and_infinite_quartiles_survive,
    |db: TestDb| async move {
        let records = market().await;
        save_market(&db.store, &records[..5]).await;
        let mut seen = Vec::new();
        let mut after = String::new();
        loop {
            let rows = db.store.peer_facts_page(&after, 2).await.unwrap();
            let Some(last) = rows.last() else { break };
            assert!(rows.len() <= 2 * 12, "two records a page");
            after = last.symbol.clone();
            for row in &rows {
                if seen.last() != Some(&row.symbol) {
                    seen.push(row.symbol.clone());
                }
            }
        }
        let mut expected: Vec<String> = records[..5].iter().map(|r| r.symbol.clone()).collect();
        expected.sort();
        assert_eq!(seen, expected);

        // More than half of a group owing no debt at all: the quartiles are unbounded, and
        // say so on the card ("no debt"), never a made-up number.
        let at = Utc::now();
        let stat = SectorStat {
            group_code: "73".into(),
            question: 6,
            metric: "cash_to_debt".into(),
            peer_count: 12,
            p25: 0.8,
            median: f64::INFINITY,
            p75: f64::INFINITY,
            computed_at: at,
        };
        db.store.replace_sector_stats(&[stat]).await.unwrap();
        let back = db.store.sector_stats_for(&["73", "I"]).await.unwrap();
        assert_eq!(back.len(), 1);
        assert_eq!(
            (back[0].p25, back[0].median, back[0].p75),
            (0.8, f64::INFINITY, f64::INFINITY)
        );
        assert!(db.store.sector_stats_at().await.unwrap().is_some());
    }
);
