//! Mail delivery: over SMTP when `SMTP_URL` is set (against a tiny local SMTP server), or kept
//! in the outbox; failures are recorded, never raised.

use std::sync::{Arc, Mutex};

use jobs::{
    mail::{MailSettings, Mailer},
    settings::RedactedUrl,
    store::outbox::NewEmail,
    store_test,
    testing::TestDb,
};
use tokio::{
    io::{AsyncBufReadExt, AsyncWriteExt, BufReader},
    net::TcpListener,
};

/// Accepts SMTP sessions on 127.0.0.1 and keeps each message's DATA.
async fn fake_smtp() -> (u16, Arc<Mutex<Vec<String>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let received = Arc::new(Mutex::new(Vec::new()));
    let kept = received.clone();
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            let kept = kept.clone();
            tokio::spawn(async move {
                let (read, mut write) = socket.into_split();
                let mut lines = BufReader::new(read).lines();
                write.write_all(b"220 fake ESMTP\r\n").await.unwrap();
                let mut data: Option<String> = None;
                while let Ok(Some(line)) = lines.next_line().await {
                    if let Some(body) = data.as_mut() {
                        if line == "." {
                            kept.lock().unwrap().push(data.take().unwrap());
                            write.write_all(b"250 queued\r\n").await.unwrap();
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
                        "EHLO" | "HELO" => b"250 fake\r\n",
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
                    write.write_all(reply).await.unwrap();
                }
            });
        }
    });
    (port, received)
}

fn email(to: &str) -> NewEmail {
    NewEmail {
        to: to.into(),
        subject: "Reset your password".into(),
        body: "Open this link".into(),
        kind: "password_reset".into(),
    }
}

store_test!(smtp_delivery_marks_the_outbox, |db: TestDb| async move {
    let (port, received) = fake_smtp().await;
    let settings = MailSettings {
        smtp_url: Some(RedactedUrl(format!("smtp://127.0.0.1:{port}"))),
        from: "Ask Bubba <bubba@example.com>".into(),
    };
    let mailer = Mailer::new(&settings).unwrap();
    let id = db
        .store
        .enqueue_email(&email("joe@example.com"))
        .await
        .unwrap();
    mailer.send_outbox(&db.store, id).await.unwrap();
    let row = db.store.email(id).await.unwrap().unwrap();
    assert!(row.sent_at.is_some(), "{row:?}");
    assert_eq!((row.attempts, row.error), (1, None));
    let messages = received.lock().unwrap().clone();
    assert_eq!(messages.len(), 1);
    assert!(
        messages[0].contains("Subject: Reset your password"),
        "{}",
        messages[0]
    );
    assert!(messages[0].contains("To: joe@example.com"));
    assert!(messages[0].contains("Open this link"));
});

store_test!(
    smtp_failure_is_recorded_and_outbox_mode_keeps_mail,
    |db: TestDb| async move {
        // Nothing listens on this port: the send fails, the row says so.
        let closed = TcpListener::bind("127.0.0.1:0")
            .await
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let settings = MailSettings {
            smtp_url: Some(RedactedUrl(format!("smtp://127.0.0.1:{closed}"))),
            ..Default::default()
        };
        let id = db
            .store
            .enqueue_email(&email("joe@example.com"))
            .await
            .unwrap();
        let sent = Mailer::new(&settings)
            .unwrap()
            .send_outbox(&db.store, id)
            .await;
        assert!(
            sent.is_err(),
            "the caller is told, so the job retries: {sent:?}"
        );
        let row = db.store.email(id).await.unwrap().unwrap();
        assert_eq!(row.attempts, 1);
        assert!(row.error.is_some() && row.sent_at.is_none(), "{row:?}");

        let outbox = Mailer::new(&MailSettings::default()).unwrap();
        assert!(matches!(outbox, Mailer::Outbox));
        let id = db
            .store
            .enqueue_email(&email("ann@example.com"))
            .await
            .unwrap();
        outbox.send_outbox(&db.store, id).await.unwrap();
        let row = db.store.email(id).await.unwrap().unwrap();
        assert_eq!(
            (row.attempts, row.sent_at, row.error),
            (0, None, None),
            "kept in the outbox for reading"
        );
        assert!(
            Mailer::new(&MailSettings {
                smtp_url: Some(RedactedUrl("smtp://x".into())),
                from: "not an address".into()
            })
            .is_err()
        );
    }
);
