//! Which change of a watched stock is worth an alert, and the alert written for each watcher:
//! the stock's newest stored quarter compared with the one before it (`trends::explain`, the
//! same explanation the trends page shows), so every number and reason comes from the stored
//! records. An alert is due when the band changes, the score moves by 5 or more, or a
//! question moves by 3 or more.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::band;
use crate::{
    store::{
        Store, StoreResult,
        watchlist::{NewAlert, Watcher},
    },
    trends::{ChangeExplanation, explain},
};

/// A score move of at least this many points is an alert.
pub const SCORE_MOVE: i32 = 5;
/// A question move of at least this many points (out of 10) is an alert.
pub const QUESTION_MOVE: i32 = 3;

/// A question that moved enough, as an alert keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MovedQuestion {
    pub number: u8,
    pub name: String,
    pub previous: Option<u8>,
    pub current: Option<u8>,
    pub change: i32,
    /// "Debt 8 → 4: cash fell from $13.2B (2026-03-31) to $4.1B (2026-06-30); 10-Q filed …".
    pub reason: String,
}

/// What changed, when it is worth an alert.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// The two stored quarters compared: "2026-Q2>2026-Q4".
    pub key: String,
    pub previous_score: Option<i32>,
    pub current_score: Option<i32>,
    pub previous_band: Option<&'static str>,
    pub current_band: Option<&'static str>,
    pub reason: String,
    pub questions: Vec<MovedQuestion>,
}

/// The alert-worthy change in `explanation`, if any.
pub fn change_of(explanation: &ChangeExplanation) -> Option<Change> {
    let previous_band = explanation.previous_score.map(band);
    let current_band = explanation.current_score.map(band);
    let band_moved =
        previous_band.is_some() && current_band.is_some() && previous_band != current_band;
    let score_moved = explanation
        .score_change
        .is_some_and(|d| d.abs() >= SCORE_MOVE);
    let questions: Vec<MovedQuestion> = explanation
        .questions
        .iter()
        .filter_map(|q| {
            let change = q.change.filter(|c| c.abs() >= QUESTION_MOVE)?;
            Some(MovedQuestion {
                number: q.number,
                name: q.name.clone(),
                previous: q.previous,
                current: q.current,
                change,
                reason: q.reason.clone(),
            })
        })
        .collect();
    if !band_moved && !score_moved && questions.is_empty() {
        return None;
    }
    // The biggest mover's reason (questions come biggest first); a score that moved without
    // any single question moving names the score itself.
    let reason = questions
        .first()
        .map(|q| q.reason.clone())
        .or_else(|| explanation.questions.first().map(|q| q.reason.clone()))
        .unwrap_or_else(|| score_line(explanation));
    Some(Change {
        key: format!(
            "{}>{}",
            explanation.previous_quarter, explanation.current_quarter
        ),
        previous_score: explanation.previous_score,
        current_score: explanation.current_score,
        previous_band,
        current_band,
        reason,
        questions,
    })
}

fn score_line(explanation: &ChangeExplanation) -> String {
    let score = |s: Option<i32>| s.map_or_else(|| "no score".to_string(), |s| s.to_string());
    format!(
        "Score {} → {}",
        score(explanation.previous_score),
        score(explanation.current_score)
    )
}

/// The alert of `change` for `watcher`.
pub fn alert_for(symbol: &str, watcher: &Watcher, change: &Change) -> NewAlert {
    NewAlert {
        user_id: watcher.user_id,
        symbol: symbol.to_string(),
        change_key: change.key.clone(),
        previous_score: change.previous_score,
        current_score: change.current_score,
        previous_band: change.previous_band.map(str::to_string),
        current_band: change.current_band.map(str::to_string),
        reason: change.reason.clone(),
        questions: serde_json::to_string(&change.questions).unwrap_or_else(|_| "[]".into()),
    }
}

/// What [`create_alerts`] did.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Created {
    /// The change found (`None`: nothing worth an alert, or fewer than two quarters).
    pub change: Option<String>,
    /// Alerts written now (a re-run writes none).
    pub created: usize,
    pub watchers: usize,
}

/// Compares `symbol`'s newest stored quarter with the one before it and writes the alert for
/// every watcher who wants alerts and watched before the newer record was stored. Idempotent:
/// one alert per user, stock and change.
pub async fn create_alerts(
    store: &Store,
    symbol: &str,
    now: DateTime<Utc>,
) -> StoreResult<Created> {
    let watchers = store.watchers(symbol).await?;
    let mut done = Created {
        watchers: watchers.len(),
        ..Created::default()
    };
    if watchers.is_empty() {
        return Ok(done);
    }
    let quarters = store.latest_quarter_records(symbol).await?;
    let [current, previous, ..] = quarters.as_slice() else {
        return Ok(done);
    };
    let Some(change) = change_of(&explain(previous, current)) else {
        return Ok(done);
    };
    done.change = Some(change.key.clone());
    for watcher in &watchers {
        if !watcher.alerts_enabled || watcher.added_at > current.row.analysis_date {
            continue;
        }
        if store
            .insert_alert(&alert_for(symbol, watcher, &change), now)
            .await?
        {
            done.created += 1;
        }
    }
    Ok(done)
}
