//! Sending e-mail. Every message is first written to the outbox (`store::outbox`); then the
//! `SendEmail` job (`tasks::send_email`, queue `mail`) sends it with [`Mailer::send_outbox`]
//! over SMTP when `SMTP_URL` is set, retried with the queue's backoff when the server fails,
//! or, without SMTP, leaves it in the outbox and writes it to the log so a local operator can
//! read it (tests read the outbox).

use lettre::{
    AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor,
    message::{
        Mailbox,
        header::{ContentType, HeaderName, HeaderValue},
    },
};

use crate::store::{Store, outbox::OutboxEmail};

pub use crate::settings::{DEFAULT_MAIL_FROM, MailSettings};

/// Where mail goes.
#[derive(Clone)]
pub enum Mailer {
    /// No SMTP: the outbox row and a log line are the delivery.
    Outbox,
    Smtp(Box<Smtp>),
}

/// The SMTP transport and our sender address.
#[derive(Clone)]
pub struct Smtp {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl std::fmt::Debug for Mailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Mailer::Outbox => "Mailer::Outbox",
            Mailer::Smtp(_) => "Mailer::Smtp",
        })
    }
}

impl Mailer {
    /// Builds the mailer; a malformed `SMTP_URL` or `MAIL_FROM` is an error naming it.
    pub fn new(settings: &MailSettings) -> Result<Self, String> {
        let Some(url) = &settings.smtp_url else {
            return Ok(Mailer::Outbox);
        };
        let from: Mailbox = settings
            .from
            .parse()
            .map_err(|err| format!("MAIL_FROM '{}' is not an address: {err}", settings.from))?;
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(&url.0)
            .map_err(|err| format!("bad SMTP_URL {url:?}: {err}"))?
            .build();
        Ok(Mailer::Smtp(Box::new(Smtp { transport, from })))
    }

    /// Sends outbox message `id` once: marks it sent, or records the error and answers it (the
    /// caller may retry). A message already sent, or gone, is done; without SMTP the message
    /// is logged and stays in the outbox.
    pub async fn send_outbox(&self, store: &Store, id: i64) -> Result<(), String> {
        let email = match store.email(id).await {
            Ok(Some(email)) => email,
            Ok(None) => {
                tracing::warn!(id, "outbox message vanished before delivery");
                return Ok(());
            }
            Err(err) => return Err(format!("cannot read the outbox: {err}")),
        };
        if email.sent_at.is_some() {
            return Ok(());
        }
        match self {
            Mailer::Outbox => {
                tracing::info!(
                    id, to = %email.to_address, subject = %email.subject, kind = %email.kind, body = %email.body,
                    "e-mail kept in the outbox (SMTP_URL is not set)"
                );
                Ok(())
            }
            Mailer::Smtp(smtp) => match send(&smtp.transport, &smtp.from, &email).await {
                Ok(()) => {
                    if let Err(err) = store.mark_email_sent(id, chrono::Utc::now()).await {
                        tracing::error!(%err, id, "sent, but could not mark the outbox row");
                    }
                    Ok(())
                }
                Err(err) => {
                    let _ = store.mark_email_failed(id, &err).await;
                    Err(err)
                }
            },
        }
    }
}

async fn send(
    transport: &AsyncSmtpTransport<Tokio1Executor>,
    from: &Mailbox,
    email: &OutboxEmail,
) -> Result<(), String> {
    let to: Mailbox = email
        .to_address
        .parse()
        .map_err(|err| format!("bad recipient: {err}"))?;
    let mut builder = Message::builder()
        .from(from.clone())
        .to(to)
        .subject(email.subject.clone())
        .header(ContentType::TEXT_PLAIN);
    for (name, value) in extra_headers(email)? {
        let name = HeaderName::new_from_ascii(name.clone())
            .map_err(|err| format!("bad header name {name}: {err}"))?;
        builder = builder.raw_header(HeaderValue::new(name, value));
    }
    let message = builder
        .body(email.body.clone())
        .map_err(|err| format!("building the message: {err}"))?;
    transport
        .send(message)
        .await
        .map(|_| ())
        .map_err(|err| err.to_string())
}

/// The message's extra headers (`List-Unsubscribe`, `List-Unsubscribe-Post`), in name order.
pub fn extra_headers(email: &OutboxEmail) -> Result<Vec<(String, String)>, String> {
    let Some(text) = &email.headers else {
        return Ok(Vec::new());
    };
    let map: std::collections::BTreeMap<String, String> =
        serde_json::from_str(text).map_err(|err| format!("bad stored headers: {err}"))?;
    Ok(map.into_iter().collect())
}
