//! The "My stocks" page's data: each watched stock's stored score and band, its change since
//! it was added and since last week, the top reason of its last change (from the stored
//! records, as the trends page explains it), and the questions weakest across the list.

use chrono::{DateTime, Duration, Utc};

use super::band;
use crate::{
    store::{Store, StoreResult},
    trends::{QUESTION_NAMES, explain},
};

/// One watched stock.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MyStock {
    pub symbol: String,
    pub company_name: Option<String>,
    pub score: Option<i32>,
    pub band: Option<&'static str>,
    pub added_at: DateTime<Utc>,
    pub added_score: Option<i32>,
    pub change_since_added: Option<i32>,
    /// Against the score kept on the latest day a week or more ago.
    pub change_since_last_week: Option<i32>,
    /// Why its score last moved ("Debt 8 → 4: cash fell from …"), from its two newest quarters.
    pub last_change_reason: Option<String>,
    /// The 12 question scores of its newest stored quarter.
    pub questions: [Option<i32>; 12],
}

/// A question weak across the list.
#[derive(Debug, Clone, PartialEq)]
pub struct WeakQuestion {
    pub number: u8,
    pub name: &'static str,
    /// The mean score (0-10) over the stocks that answered it.
    pub average: f64,
    /// How many of the list's stocks answered it.
    pub stocks: usize,
}

/// How many weakest questions the page lists.
pub const WEAKEST: usize = 3;

/// `user_id`'s list as the page shows it.
pub async fn my_stocks(
    store: &Store,
    user_id: i64,
    now: DateTime<Utc>,
) -> StoreResult<Vec<MyStock>> {
    let week_ago = (now - Duration::days(7)).date_naive();
    let mut out = Vec::new();
    for item in store.watchlist(user_id).await? {
        let quarters = store.latest_quarter_records(&item.symbol).await?;
        let last_change_reason = match quarters.as_slice() {
            [current, previous, ..] => explain(previous, current)
                .questions
                .first()
                .map(|q| q.reason.clone()),
            _ => None,
        };
        let questions = quarters
            .first()
            .map(|q| q.row.questions)
            .unwrap_or([None; 12]);
        let last_week = store.watched_score_on(&item.symbol, week_ago).await?;
        out.push(MyStock {
            change_since_added: item.score.zip(item.added_score).map(|(s, a)| s - a),
            change_since_last_week: item.score.zip(last_week).map(|(s, w)| s - w),
            band: item.score.map(band),
            symbol: item.symbol,
            company_name: item.company_name,
            score: item.score,
            added_at: item.added_at,
            added_score: item.added_score,
            last_change_reason,
            questions,
        });
    }
    Ok(out)
}

/// The [`WEAKEST`] questions with the lowest mean score across `stocks` (ties by number).
pub fn weakest_questions(stocks: &[MyStock]) -> Vec<WeakQuestion> {
    let mut means: Vec<WeakQuestion> = (0..12)
        .filter_map(|i| {
            let scores: Vec<i32> = stocks.iter().filter_map(|s| s.questions[i]).collect();
            (!scores.is_empty()).then(|| WeakQuestion {
                number: i as u8 + 1,
                name: QUESTION_NAMES[i],
                average: f64::from(scores.iter().sum::<i32>()) / scores.len() as f64,
                stocks: scores.len(),
            })
        })
        .collect();
    means.sort_by(|a, b| {
        a.average
            .total_cmp(&b.average)
            .then(a.number.cmp(&b.number))
    });
    means.truncate(WEAKEST);
    means
}
