//! Defect 11: a failed SMTP send was recorded and never retried. Sending is now a job on the
//! `mail` queue, retried with the queue's backoff.

use std::{
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use jobs::settings::RedactedUrl;
use reqwest::StatusCode;
use serde_json::json;
use tokio::{
    io::{AsyncBufReadExt, AsyncWriteExt, BufReader},
    net::TcpListener,
};

use crate::{
    accounts::support::{browser, post, register},
    api_test,
    helpers::spawn_app_with,
};

/// An SMTP server that refuses the first `refuse` messages with a temporary error (451),
/// then accepts; keeps the accepted messages.
async fn flaky_smtp(refuse: usize) -> (u16, Arc<Mutex<Vec<String>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let received = Arc::new(Mutex::new(Vec::new()));
    let refused = Arc::new(Mutex::new(0usize));
    let kept = received.clone();
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            let (kept, refused) = (kept.clone(), refused.clone());
            tokio::spawn(async move {
                let (read, mut write) = socket.into_split();
                let mut lines = BufReader::new(read).lines();
                let _ = write.write_all(b"220 flaky ESMTP\r\n").await;
                let mut data: Option<String> = None;
                while let Ok(Some(line)) = lines.next_line().await {
                    if let Some(body) = data.as_mut() {
                        if line == "." {
                            let refuse_this = {
                                let mut n = refused.lock().unwrap();
                                *n += 1;
                                *n <= refuse
                            };
                            if refuse_this {
                                data = None;
                                let _ = write.write_all(b"451 try again later\r\n").await;
                            } else {
                                kept.lock().unwrap().push(data.take().unwrap());
                                let _ = write.write_all(b"250 queued\r\n").await;
                            }
                        } else {
                            body.push_str(&line);
                            body.push('\n');
                        }
                        continue;
                    }
                    let verb = line
                        .split_whitespace()
                        .next()
                        .unwrap_or_default()
                        .to_ascii_uppercase();
                    let reply: &[u8] = match verb.as_str() {
                        "EHLO" | "HELO" => b"250 flaky\r\n",
                        "DATA" => {
                            data = Some(String::new());
                            b"354 go on\r\n"
                        }
                        "QUIT" => {
                            let _ = write.write_all(b"221 bye\r\n").await;
                            break;
                        }
                        _ => b"250 ok\r\n",
                    };
                    let _ = write.write_all(reply).await;
                }
            });
        }
    });
    (port, received)
}

api_test!(
    a_refused_mail_is_sent_on_a_later_try,
    |backend| async move {
        let (port, received) = flaky_smtp(1).await;
        let app = spawn_app_with(backend, |s| {
            s.embedded_worker = true;
            s.common.mail.smtp_url = Some(RedactedUrl(format!("smtp://127.0.0.1:{port}")));
        })
        .await;
        register(&app.address, &browser(), "joe@example.com").await;
        let (status, _) = post(
            &browser(),
            &app.url("/api/reset-password"),
            json!({ "email": "joe@example.com" }),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        let started = Instant::now();
        let mail = loop {
            let mails = app.store.emails_to("joe@example.com").await.unwrap();
            if let Some(mail) = mails.into_iter().find(|m| m.sent_at.is_some()) {
                break mail;
            }
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "the reset mail was never sent"
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        };
        assert_eq!(
            mail.attempts, 2,
            "refused once, sent on the retry: {mail:?}"
        );
        let messages = received.lock().unwrap().clone();
        assert_eq!(messages.len(), 1);
        assert!(
            messages[0].contains("Reset your Ask Bubba password"),
            "{}",
            messages[0]
        );
    }
);
