//! The weekly digest's e-mail: the user's alerts of the week, each with the stored scores,
//! bands and reason (numbers from the stored alert rows, never generated text), the link to
//! "My stocks" and the one-click unsubscribe link and headers. No alerts, no e-mail.

use chrono::{DateTime, Datelike, Utc};

use crate::store::{outbox::NewEmail, watchlist::StockAlert};

/// The outbox `kind` of a digest.
pub const KIND: &str = "weekly_digest";

/// `2026-W48`: the ISO week of `at`, as the digest's key names it.
pub fn iso_week(at: DateTime<Utc>) -> String {
    let week = at.date_naive().iso_week();
    format!("{}-W{:02}", week.year(), week.week())
}

/// The message and its headers (JSON) for `alerts`; `None` when there are none.
pub fn email(
    to: &str,
    alerts: &[StockAlert],
    base_url: &str,
    unsubscribe_link: &str,
) -> Option<(NewEmail, String)> {
    if alerts.is_empty() {
        return None;
    }
    let count = alerts.len();
    let subject = match count {
        1 => format!("Bubba's week: {} changed on your list", alerts[0].symbol),
        n => format!("Bubba's week: {n} changes on your list"),
    };
    let mut body = String::from(
        "Howdy,\n\nSomething moved on your watchlist this week. I only write when something changed, so this one's worth a look.\n\n",
    );
    for alert in alerts {
        body.push_str(&line(alert));
    }
    body.push_str(&format!(
        "Your whole list: {}/my-stocks\n\nI'm a guy on a porch, not your financial adviser: this is for learning, not a tip to buy or sell.\n\nRather not get these? One click and they stop: {unsubscribe_link}\n",
        base_url.trim_end_matches('/')
    ));
    let headers = serde_json::json!({
        "List-Unsubscribe": format!("<{unsubscribe_link}>"),
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    })
    .to_string();
    Some((
        NewEmail {
            to: to.to_string(),
            subject,
            body,
            kind: KIND.to_string(),
        },
        headers,
    ))
}

fn line(alert: &StockAlert) -> String {
    let score = |s: Option<i32>| s.map_or_else(|| "no score".to_string(), |s| s.to_string());
    let bands = match (&alert.previous_band, &alert.current_band) {
        (Some(p), Some(c)) if p != c => format!(", {p} → {c}"),
        _ => String::new(),
    };
    format!(
        "{}: score {} → {}{bands}\n  Why: {}\n\n",
        alert.symbol,
        score(alert.previous_score),
        score(alert.current_score),
        alert.reason
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alert(symbol: &str, from: i32, to: i32) -> StockAlert {
        StockAlert {
            id: 1,
            user_id: 1,
            symbol: symbol.into(),
            change_key: "2026-Q2>2026-Q4".into(),
            previous_score: Some(from),
            current_score: Some(to),
            previous_band: Some(crate::watchlist::band(from).into()),
            current_band: Some(crate::watchlist::band(to).into()),
            reason: "Debt 8 → 4: cash fell from $13.2B (2026-03-31) to $4.1B (2026-06-30)".into(),
            questions: "[]".into(),
            created_at: Utc::now(),
            read_at: None,
        }
    }

    #[test]
    fn no_change_no_email() {
        assert!(email("a@b.co", &[], "http://x", "http://x/u").is_none());
    }

    #[test]
    fn the_email_carries_the_stored_numbers_and_the_unsubscribe_headers() {
        let (mail, headers) = email(
            "a@b.co",
            &[alert("AAPL", 72, 64)],
            "http://x/",
            "http://x/api/unsubscribe?token=1.ab",
        )
        .unwrap();
        assert!(mail.body.contains("AAPL: score 72 → 64, green → yellow"));
        assert!(mail.body.contains("Why: Debt 8 → 4: cash fell"));
        assert!(mail.body.contains("http://x/my-stocks"));
        assert!(mail.body.contains("http://x/api/unsubscribe?token=1.ab"));
        let headers: serde_json::Value = serde_json::from_str(&headers).unwrap();
        assert_eq!(
            headers["List-Unsubscribe"],
            "<http://x/api/unsubscribe?token=1.ab>"
        );
        assert_eq!(
            headers["List-Unsubscribe-Post"],
            "List-Unsubscribe=One-Click"
        );
    }

    #[test]
    fn weeks_are_iso_weeks() {
        let at: DateTime<Utc> = "2026-11-27T05:00:00Z".parse().unwrap();
        assert_eq!(iso_week(at), "2026-W48");
        let new_year: DateTime<Utc> = "2027-01-01T00:00:00Z".parse().unwrap();
        assert_eq!(iso_week(new_year), "2026-W53");
    }
}
