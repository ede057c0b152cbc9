//! The newsletter store on SQLite and on Postgres: a job's newsletter is saved once (a retry's
//! second save keeps the first) and read back by job id; the page's stock list is every
//! analysed stock, best score first.

use chrono::Utc;
use jobs::{
    newsletter::{NewsletterSettings, request::Length},
    store::newsletters::NewNewsletter,
    store_test,
    testing::TestDb,
};

use crate::analysis_common::{record, snapshot_day};

store_test!(a_job_saves_its_newsletter_once, |db: TestDb| async move {
    let store = &db.store;
    assert!(store.newsletter_of_job("job-1").await.unwrap().is_none());
    let settings = NewsletterSettings {
        length: Length::Short,
        ..NewsletterSettings::default()
    };
    let stored_settings = serde_json::to_value(settings).unwrap();
    let symbols = vec!["AAPL".to_string()];
    let charts = vec!["http://x/api/newsletter-charts/AAPL/scores.svg?v=1".to_string()];
    let first = NewNewsletter {
        job_id: "job-1",
        title: "Porch Notes",
        content: "# Porch Notes\n\nHowdy.",
        symbols: &symbols,
        settings: &stored_settings,
        chart_urls: &charts,
        writer: "offline",
        notice: None,
        prompt: "red-flags",
        created_by: Some("admin@example.com"),
    };
    let saved = store.save_newsletter(&first).await.unwrap();
    assert_eq!(saved.title, "Porch Notes");
    assert_eq!(
        serde_json::from_value::<NewsletterSettings>(saved.settings.clone()).unwrap(),
        settings
    );
    assert_eq!(saved.chart_urls, charts);
    assert_eq!(saved.symbols, symbols);
    assert_eq!(saved.prompt.as_deref(), Some("red-flags"));
    assert_eq!(saved.created_by.as_deref(), Some("admin@example.com"));
    let again = store
        .save_newsletter(&NewNewsletter {
            title: "Second try",
            notice: Some("retried"),
            ..first.clone()
        })
        .await
        .unwrap();
    assert_eq!(again.id, saved.id);
    assert_eq!(again.title, "Porch Notes", "the first save stands");
    assert_eq!(store.newsletter_of_job("job-1").await.unwrap(), Some(saved));
});

store_test!(
    the_stock_list_is_best_score_first,
    |db: TestDb| async move {
        let store = &db.store;
        let mut expected = Vec::new();
        for (symbol, cik) in [("AAPL", 320193), ("JPM", 19617), ("MSFT", 789019)] {
            let r = record(symbol, cik, snapshot_day()).await;
            expected.push((r.score as i32, r.symbol.clone(), r.company_name.clone()));
            store.save_analysis(&r, "text", Utc::now()).await.unwrap();
        }
        expected.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let listed: Vec<_> = jobs::ranking::admin_stocks(store)
            .await
            .unwrap()
            .into_iter()
            .map(|s| (s.score, s.symbol, s.company_name))
            .collect();
        assert_eq!(listed, expected);
    }
);
