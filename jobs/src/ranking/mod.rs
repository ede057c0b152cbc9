//! What is ranked and featured: the Top 25, the newsletter page's list and its quick picks
//! ("+ Top 5 Scores", "+ All 80+ Scores"). The store only fetches rows (`Store::score_rows`);
//! the rule is here, written down in `docs/scoring.md`, "The Top 25":
//!
//! 1. Only common stock, one entry per company (`securities::is_listed_on_its_own`): never a
//!    preferred, warrant, unit, note or fund, nor another class of a listed company, even
//!    with a record stored before that rule.
//! 2. No provisional score (fewer than [`crate::analysis::record::PROVISIONAL_BELOW`]
//!    answered questions).
//! 3. No record with a data fault (`AnalysisRecord::data_faults`): a fault makes questions
//!    unanswered on purpose, and a score on the rest would rank the company on the questions
//!    that did not go wrong.
//! 4. Complete records first: a company with one of questions 1-10 unanswered (its own
//!    filings and prices) ranks after every company that answers them all, however high its
//!    score on the rest: the missing answer may be the bad one (T-Mobile's debt question was
//!    blank while it owed over $70B). Questions 11 and 12 come from ownership and FINRA
//!    feeds that leave out many large companies (no float for MSFT, GOOGL, META, JPM), so
//!    their absence says nothing about the company and does not demote it. A record stored
//!    before its unanswered questions and faults were kept counts as incomplete.
//! 5. Within each group: score, then more questions answered, then symbol.

use std::collections::{HashMap, HashSet};

use serde::Serialize;

use crate::{
    analysis::standing::ScoreStanding,
    securities,
    store::{Store, StoreResult, analyses::ScoreRow},
};

/// A row of the Top 25.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct TopStock {
    pub symbol: String,
    pub score: i32,
    pub company_name: String,
    pub answered_questions: i32,
    /// "12 of 12", "11 of 12": how many questions the score rests on.
    pub score_basis: String,
}

/// A stock of the newsletter page's list (the spec's 'Admin stock'): every analysed
/// common stock, ranked ones first in the Top 25's order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct AdminStock {
    pub symbol: String,
    pub company_name: String,
    pub score: i32,
    /// "11 of 12".
    pub score_basis: String,
    /// Position in the ranking (1 = best); `None` when the score is not ranked, and then
    /// never a quick pick.
    pub rank: Option<u32>,
    /// Why it is not ranked ("provisional: 2 of 12 questions answered").
    pub not_ranked: Option<String>,
}

/// Where a stored score stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Standing {
    /// Ranked; `complete` when every one of questions 1-10 is answered and the record was
    /// checked for data faults.
    Ranked { complete: bool },
    /// Listed (the newsletter page) but not ranked or featured, with the reason.
    NotRanked(String),
    /// Not shown at all: not common stock, or another class of a listed company.
    Hidden,
}

/// The standing of one row, given its company's tickers in SEC's order.
pub fn standing(row: &ScoreRow, issuer: &[String]) -> Standing {
    if !securities::is_listed_on_its_own(&row.symbol, issuer) {
        return Standing::Hidden;
    }
    match ScoreStanding::of(
        row.answered_questions,
        row.data_fault_count,
        row.unanswered_questions.as_deref(),
    ) {
        ScoreStanding::Ranked { complete } => Standing::Ranked { complete },
        ScoreStanding::NotRanked(why) => Standing::NotRanked(why),
    }
}

/// "11 of 12".
fn basis(answered: i32) -> String {
    format!("{answered} of 12")
}

/// Every row with its standing: ranked rows in ranking order (complete first; one per
/// company), then the rest by score. Hidden rows are dropped.
pub fn rank(rows: Vec<ScoreRow>, issuers: &HashMap<i64, Vec<String>>) -> Vec<(ScoreRow, Standing)> {
    let mut judged: Vec<(ScoreRow, Standing)> = rows
        .into_iter()
        .map(|row| {
            let issuer = row
                .cik
                .and_then(|cik| issuers.get(&cik))
                .map_or(&[][..], Vec::as_slice);
            let standing = standing(&row, issuer);
            (row, standing)
        })
        .filter(|(_, s)| *s != Standing::Hidden)
        .collect();
    let group = |s: &Standing| match s {
        Standing::Ranked { complete: true } => 0,
        Standing::Ranked { complete: false } => 1,
        _ => 2,
    };
    judged.sort_by(|(a, sa), (b, sb)| {
        group(sa)
            .cmp(&group(sb))
            .then(b.score.cmp(&a.score))
            .then(b.answered_questions.cmp(&a.answered_questions))
            .then(a.symbol.cmp(&b.symbol))
    });
    // One ranked entry per company (a record of another of its tickers stored before the
    // share-class rule, say).
    let mut companies = HashSet::new();
    for (row, standing) in &mut judged {
        if matches!(standing, Standing::Ranked { .. })
            && let Some(cik) = row.cik
            && !companies.insert(cik)
        {
            *standing = Standing::Hidden;
        }
    }
    judged.retain(|(_, s)| *s != Standing::Hidden);
    judged
}

/// The `limit` best ranked scores.
pub fn top(
    rows: Vec<ScoreRow>,
    issuers: &HashMap<i64, Vec<String>>,
    limit: usize,
) -> Vec<TopStock> {
    rank(rows, issuers)
        .into_iter()
        .filter(|(_, s)| matches!(s, Standing::Ranked { .. }))
        .take(limit)
        .map(|(row, _)| top_stock(row))
        .collect()
}

fn top_stock(row: ScoreRow) -> TopStock {
    TopStock {
        score_basis: basis(row.answered_questions),
        symbol: row.symbol,
        score: row.score,
        company_name: row.company_name,
        answered_questions: row.answered_questions,
    }
}

/// The newsletter page's list: ranked stocks with their rank, then the others with why.
pub fn admin_list(rows: Vec<ScoreRow>, issuers: &HashMap<i64, Vec<String>>) -> Vec<AdminStock> {
    admin_rows(rank(rows, issuers))
}

fn admin_rows(ranked: Vec<(ScoreRow, Standing)>) -> Vec<AdminStock> {
    let mut position = 0;
    ranked
        .into_iter()
        .map(|(row, standing)| {
            let (rank, not_ranked) = match standing {
                Standing::Ranked { .. } => {
                    position += 1;
                    (Some(position), None)
                }
                Standing::NotRanked(why) => (None, Some(why)),
                Standing::Hidden => (None, None),
            };
            AdminStock {
                score_basis: basis(row.answered_questions),
                symbol: row.symbol,
                company_name: row.company_name,
                score: row.score,
                rank,
                not_ranked,
            }
        })
        .collect()
}

/// How many rows the newsletter page lists at most: the best placed, in ranking order.
pub const ADMIN_LIST_MAX: usize = 500;

/// The first rows in ranking order up to `max_group` (1: ranked, 2: listed) until `wanted`
/// of them pass `rank`'s share-class and one-per-company rules (or the rows run out), with
/// the tickers of their companies. Reads a page of the ranking index, never every row: a
/// hidden row (a preferred stored before the rule, another class of a ranked company) only
/// makes the next page larger.
async fn first_rows(
    store: &Store,
    max_group: i32,
    wanted: usize,
) -> StoreResult<Vec<(ScoreRow, Standing)>> {
    let mut fetch = wanted + wanted / 2 + 10;
    loop {
        let rows = store
            .score_rows_in_rank_order(max_group, fetch as i64)
            .await?;
        let exhausted = rows.len() < fetch;
        let symbols: Vec<String> = rows.iter().map(|r| r.symbol.clone()).collect();
        let mut issuers: HashMap<i64, Vec<String>> = HashMap::new();
        for entry in store.ticker_directory_of(&symbols).await? {
            issuers.entry(entry.cik).or_default().push(entry.ticker);
        }
        let ranked = rank(rows, &issuers);
        if exhausted || ranked.len() >= wanted {
            return Ok(ranked.into_iter().take(wanted).collect());
        }
        fetch *= 4;
    }
}

/// The Top 25 (or `limit`) from the store.
pub async fn top_stocks(store: &Store, limit: usize) -> StoreResult<Vec<TopStock>> {
    let rows = first_rows(store, 1, limit).await?;
    Ok(rows
        .into_iter()
        .filter(|(_, s)| matches!(s, Standing::Ranked { .. }))
        .map(|(row, _)| top_stock(row))
        .collect())
}

/// The newsletter page's list from the store: the [`ADMIN_LIST_MAX`] best placed.
pub async fn admin_stocks(store: &Store) -> StoreResult<Vec<AdminStock>> {
    Ok(admin_rows(first_rows(store, 2, ADMIN_LIST_MAX).await?))
}

#[cfg(test)]
mod tests;
