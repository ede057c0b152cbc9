//! The 10-K auto-analysis over real HTTP with a worker in the test process: a
//! 10-K found (Apple from SEC's archives, Wells Fargo from the snapshot's documents) gives
//! the 14-section draft and stores no notes; a stock without a 10-K, or an upload that is no
//! 10-K, gets a clear reason; a short wait answers 202 and the job's draft comes later;
//! nobody but the admin gets in.

use std::time::Duration;

use jobs::{sources::tickers::read_snapshot, store::Store};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    accounts::support::{browser, get, message, post, register, sign_in_admin},
    api_test,
    helpers::{InProcessWorker, market_data_dir, spawn_app},
};

const QUEUE: &str = "auto-analyze-10k";

/// The ticker directory, as the daily `LoadTickers` job leaves it.
async fn load_tickers(store: &Store) {
    let entries = read_snapshot(&market_data_dir()).unwrap();
    store.replace_tickers(&entries).await.unwrap();
}

/// Asks for `symbol`'s draft as the page does: the answer, or (when the machine is slow and
/// the call answers 202) the job's answer once it has ended.
async fn analyze(
    app: &crate::helpers::TestApp,
    admin: &reqwest::Client,
    symbol: &str,
) -> (StatusCode, Value) {
    let url = app.url(&format!("/api/admin/auto-analyze-10k/{symbol}"));
    let (status, body) = post(admin, &url, json!({})).await;
    if status != StatusCode::ACCEPTED {
        return (status, body);
    }
    let job = app.url(&format!(
        "/api/admin/auto-analyze-10k/jobs/{}",
        body["jobId"].as_str().unwrap()
    ));
    for _ in 0..1200 {
        let answer = get(admin, &job).await;
        if answer.0 != StatusCode::CONFLICT {
            return answer;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the job for {symbol} did not end");
}

/// Section label -> text of the bulk-editor text.
fn sections(raw: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for line in raw.lines() {
        if let Some(label) = line.strip_prefix("## ") {
            out.push((label.to_string(), String::new()));
        } else if let Some((_, text)) = out.last_mut() {
            text.push_str(line);
            text.push('\n');
        }
    }
    out
}

api_test!(
    the_admin_gets_a_draft_from_the_latest_10k,
    |backend| async move {
        let app = spawn_app(backend).await;
        load_tickers(&app.store).await;
        let _worker = InProcessWorker::start(&app.store, QUEUE);
        let admin = browser();
        sign_in_admin(&app.address, &app.store, &admin).await;

        let (status, body) = analyze(&app, &admin, "aapl").await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(
            body["source"],
            "SEC EDGAR: 10-K filed 2024-11-01, aapl-20240928.htm"
        );
        assert_eq!(
            body["note"],
            "SEC's newest 10-K (filed 2025-10-31) is not in the local data; this is the one filed 2024-11-01."
        );
        assert_eq!(
            body["warning"],
            Value::Null,
            "the editor's parser has nothing to warn about"
        );
        let raw = body["rawAnalysis"].as_str().unwrap();
        let parts = sections(raw);
        assert_eq!(parts.len(), 15, "{raw}");
        assert_eq!(parts[0].0, "10K Date");
        assert_eq!(parts[0].1.trim(), "2024-09-28");
        assert_eq!(parts[1].0, "Company Overview");
        assert_eq!(parts[14].0, "Overall Assessment");
        for (label, text) in &parts[1..] {
            assert!(text.trim().len() > 100, "{label}: {text}");
        }
        assert!(
            parts[1]
                .1
                .contains("The Company designs, manufactures and markets smartphones")
        );

        // Nothing reaches the notes until Update All Sections; the 10-K is indexed for the chat.
        let (status, _) = get(&admin, &app.url("/api/admin/stock-analysis/AAPL")).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "no notes record was made");
        let passages = app
            .store
            .search_passages("AAPL", "iPhone Mac iPad wearables", 3)
            .await
            .unwrap();
        assert!(!passages.is_empty());
        assert_eq!(passages[0].file_name, "10-K 2024-11-01 aapl-20240928.htm");

        // Wells Fargo: no SEC submissions in the snapshot, its 10-K from the documents folder,
        // with the Items it only incorporates by reference said as such.
        let (status, body) = analyze(&app, &admin, "WFC").await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["source"], "10-K document wfc-10-k-2025-02-25.html");
        let raw = body["rawAnalysis"].as_str().unwrap();
        assert!(raw.contains("## 10K Date\n2024-12-31\n"), "{raw}");
        assert!(raw.contains("does not print Item 1A itself"), "{raw}");
    }
);

api_test!(
    a_stock_without_a_10k_gets_a_clear_reason,
    |backend| async move {
        let app = spawn_app(backend).await;
        load_tickers(&app.store).await;
        // An upload named as a 10-K that is no 10-K (saved before the worker starts: SQLite has
        // one writer at a time): it is read, and refused with the reason.
        app.store
            .save_document_text(
                "UBER",
                "uber-10-K-2021.txt",
                "txt",
                "Dear shareholders,\nWhat a year.",
                &[],
            )
            .await
            .unwrap();
        let _worker = InProcessWorker::start(&app.store, QUEUE);
        let admin = browser();
        sign_in_admin(&app.address, &app.store, &admin).await;

        let (status, body) = analyze(&app, &admin, "ZZZZQ").await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(
            message(&body),
            "No 10-K found for ZZZZQ: it is not in SEC's ticker list, and no 10-K document has been uploaded for it. Upload its 10-K (a file with 10-K in its name) under RAG Document Management and try again."
        );

        let (status, body) = analyze(&app, &admin, "UBER").await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert!(
            message(&body).starts_with("Cannot split uploaded document uber-10-K-2021.txt: the document has no 10-K Item headings"),
            "{body}"
        );

        let (status, body) = post(
            &admin,
            &app.url("/api/admin/auto-analyze-10k/not%20a%20symbol"),
            json!({}),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    }
);

api_test!(
    a_slow_draft_answers_202_and_the_job_hands_it_over,
    |backend| async move {
        let app = spawn_app(backend).await;
        load_tickers(&app.store).await;
        let admin = browser();
        sign_in_admin(&app.address, &app.store, &admin).await;

        // No worker yet: the job waits in the queue, so the call answers 202 at once.
        let (status, body) = post(
            &admin,
            &app.url("/api/admin/auto-analyze-10k/AAPL?wait=0"),
            json!({}),
        )
        .await;
        assert_eq!(status, StatusCode::ACCEPTED, "{body}");
        let job = body["jobId"].as_str().unwrap().to_string();
        let draft = app.url(&format!("/api/admin/auto-analyze-10k/jobs/{job}"));
        let (status, body) = get(&admin, &draft).await;
        assert_eq!(
            (status, message(&body)),
            (StatusCode::CONFLICT, "The 10-K analysis is still running.")
        );
        // A second click joins the same job.
        let (_, again) = post(
            &admin,
            &app.url("/api/admin/auto-analyze-10k/AAPL?wait=0"),
            json!({}),
        )
        .await;
        assert_eq!(again["jobId"], job.as_str());

        let _worker = InProcessWorker::start(&app.store, QUEUE);
        let mut answer = (StatusCode::CONFLICT, Value::Null);
        for _ in 0..300 {
            answer = get(&admin, &draft).await;
            if answer.0 != StatusCode::CONFLICT {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert_eq!(answer.0, StatusCode::OK, "{}", answer.1);
        assert!(
            answer.1["rawAnalysis"]
                .as_str()
                .unwrap()
                .starts_with("## 10K Date\n2024-09-28\n")
        );
        let progress = app.store.progress(&job).await.unwrap().unwrap();
        assert_eq!((progress.stage.as_str(), progress.percent), ("Done", 100));

        let (status, _) = get(&admin, &app.url("/api/admin/auto-analyze-10k/jobs/nope")).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
);

api_test!(only_the_admin_may_auto_analyze, |backend| async move {
    let app = spawn_app(backend).await;
    let url = app.url("/api/admin/auto-analyze-10k/AAPL");
    let (status, _) = post(&browser(), &url, json!({})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let member = browser();
    register(&app.address, &member, "member@example.com").await;
    let (status, body) = post(&member, &url, json!({})).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(
        message(&body),
        "You do not have permission to access this page."
    );
    assert!(app.store.job_output("none").await.unwrap().is_none());
});
