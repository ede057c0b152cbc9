//! A NUL byte in a job id was a 500 on Postgres (which cannot take it as text) on the job,
//! event-stream, newsletter and 10-K draft calls. Every path parameter is now checked like a
//! JSON body's fields: control characters are a 400 naming the parameter, a value that is not
//! the route's type a 400, and a made-up job id a 404, each with the usual `{message}`.

use reqwest::StatusCode;

use crate::{
    accounts::support::{browser, get, message, read, sign_in_admin},
    api_test,
    helpers::spawn_app,
};

api_test!(
    control_characters_and_junk_in_path_parameters_are_client_errors,
    |backend| async move {
        let app = spawn_app(backend).await;
        let admin = browser();
        sign_in_admin(&app.address, &app.store, &admin).await;
        let job = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
        for (path, name) in [
            ("/api/jobs/{}", "id"),
            ("/api/jobs/{}/events", "id"),
            ("/api/admin/newsletters/{}", "job_id"),
            ("/api/admin/auto-analyze-10k/jobs/{}", "id"),
            ("/api/analyze-stock/{}", "ticker"),
        ] {
            for bad in ["%00", "%1B", "%0A"] {
                let url = app.url(&path.replace("{}", &format!("{job}{bad}")));
                let (status, answer) = get(&admin, &url).await;
                assert_eq!(status, StatusCode::BAD_REQUEST, "{url}: {answer}");
                assert_eq!(
                    message(&answer),
                    api::path_params::control_chars_message(name),
                    "{url}"
                );
            }
        }
        // Made-up job ids: no such job, never a 500.
        for junk in [
            "nope",
            "x".repeat(300).as_str(),
            "%E2%80%AE1",
            "1'%20OR%20'1'='1",
        ] {
            for path in [
                "/api/jobs/{}",
                "/api/jobs/{}/events",
                "/api/admin/newsletters/{}",
                "/api/admin/auto-analyze-10k/jobs/{}",
            ] {
                let url = app.url(&path.replace("{}", junk));
                let (status, answer) = get(&admin, &url).await;
                assert_eq!(status, StatusCode::NOT_FOUND, "{url}: {answer}");
                assert!(message(&answer).starts_with("No "), "{url}: {answer}");
            }
        }
        // A path parameter of the wrong type: the usual 400 `{message}`.
        let response = admin
            .delete(app.url("/api/admin/scheduled-jobs/abc"))
            .header("X-Requested-With", "fetch")
            .send()
            .await
            .unwrap();
        let (status, answer) = read(response).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert!(
            message(&answer).starts_with("We couldn't read that request"),
            "{answer}"
        );
    }
);
