//! Bug reports: stored, mailed to the admin, listed for the admin.

use std::time::Duration;

use jobs::accounts::messages;
use reqwest::StatusCode;
use serde_json::json;

use super::support::{browser, get, message, post, register};
use crate::{api_test, helpers::spawn_app_with};

api_test!(
    reports_are_stored_and_mailed_to_the_admin,
    |backend| async move {
        let app = spawn_app_with(backend, |s| {
            s.accounts.admin_email = Some("bubba@example.com".into())
        })
        .await;
        let client = browser();
        let user = register(&app.address, &client, "joe@example.com").await;
        let report = json!({
            "email": "joe@example.com",
            "subject": "Chart upside down'); DROP TABLE bug_reports;--",
            "description": "The revenue chart <script>alert(1)</script> points the wrong way.",
        });
        let (status, body) = post(&client, &app.url("/api/report-bug"), report.clone()).await;
        assert_eq!(
            (status, message(&body)),
            (StatusCode::CREATED, "Bug report submitted successfully!")
        );
        let stored = app.store.bug_reports(10).await.unwrap();
        assert_eq!(stored.len(), 1);
        assert_eq!(
            stored[0].subject,
            report["subject"].as_str().unwrap(),
            "stored verbatim"
        );
        assert_eq!(stored[0].user_id, user["id"].as_i64());
        let mut mails = Vec::new();
        for _ in 0..100 {
            mails = app.store.emails_to("bubba@example.com").await.unwrap();
            if !mails.is_empty() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert_eq!(mails.len(), 1);
        assert_eq!(mails[0].kind, "bug_report");
        assert!(mails[0].subject.contains("Chart upside down"));
        assert!(mails[0].body.contains("points the wrong way"));

        // Anonymous reports are welcome too.
        let (status, _) = post(&browser(), &app.url("/api/report-bug"), report).await;
        assert_eq!(status, StatusCode::CREATED);
        assert_eq!(app.store.bug_reports(10).await.unwrap()[0].user_id, None);

        // The admin reads them; nobody else does.
        let (status, _) = get(&client, &app.url("/api/admin/bug-reports")).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let admin = browser();
        crate::accounts::support::sign_in_admin(&app.address, &app.store, &admin).await;
        let (status, list) = get(&admin, &app.url("/api/admin/bug-reports")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(list.as_array().unwrap().len(), 2);
        assert_eq!(list[1]["email"], "joe@example.com");
    }
);

api_test!(every_field_is_required, |backend| async move {
    let app = spawn_app_with(backend, |_| {}).await;
    let client = browser();
    let url = app.url("/api/report-bug");
    let cases = [
        (
            json!({ "subject": "s", "description": "d" }),
            messages::INVALID_EMAIL,
        ),
        (
            json!({ "email": "nope", "subject": "s", "description": "d" }),
            messages::INVALID_EMAIL,
        ),
        (
            json!({ "email": "a@example.com", "description": "d" }),
            messages::SUBJECT_REQUIRED,
        ),
        (
            json!({ "email": "a@example.com", "subject": "   ", "description": "d" }),
            messages::SUBJECT_REQUIRED,
        ),
        (
            json!({ "email": "a@example.com", "subject": "s" }),
            messages::DESCRIPTION_REQUIRED,
        ),
        (
            json!({ "email": "a@example.com", "subject": "s".repeat(201), "description": "d" }),
            "The subject is limited to 200 characters",
        ),
    ];
    for (body, expected) in cases {
        let (status, answer) = post(&client, &url, body.clone()).await;
        assert_eq!(
            (status, message(&answer)),
            (StatusCode::BAD_REQUEST, expected),
            "{body}"
        );
    }
    assert_eq!(app.store.bug_report_count().await.unwrap(), 0);
    assert_eq!(app.store.email_count().await.unwrap(), 0);
    // Flooding from one address is limited.
    let ok = json!({ "email": "a@example.com", "subject": "s", "description": "d" });
    let mut statuses = Vec::new();
    for _ in 0..11 {
        statuses.push(post(&client, &url, ok.clone()).await.0);
    }
    assert_eq!(statuses[..10], [StatusCode::CREATED; 10]);
    assert_eq!(statuses[10], StatusCode::TOO_MANY_REQUESTS);
});
