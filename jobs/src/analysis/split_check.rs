//! Share counts against the price series over time: the split check that needs no public
//! float. Checked before the market questions, from the two sources alone (no valuation
//! yardstick such as a "plausible" P/E):
//!
//! 1. **A count that jumps by a split ratio** (2, 3, 4, 5, 10, 20 or their inverses, between
//!    consecutive periods) is a stock split only with a second source: a split-ratio fact
//!    (`StockholdersEquityNoteStockSplitConversionRatio1`), a price series that jumps by the
//!    inverse ratio at that time (then the prices before the jump are restated to the new
//!    basis, both cited), or a second filing on the new basis (the split restated in more
//!    than one report). Without any, the newest basis rests on one filing nobody else
//!    confirms (Honeywell's 10-Q 0000773840-26-000124 halves its counts, the prices never
//!    double): a data fault.
//! 2. **A price series that jumps by a split ratio in one day** (within 3%: a real crash such
//!    as Occidental's 52% fall of 2020-03-09 is 4% off a half) is a split the file was never
//!    adjusted for. When the counts show the same split it is restated (above); when they
//!    do not, a data fault.
//!
//! An adjusted price file shows no split at all, so a split that lands in the prices after
//! the newest filing (KLA's, CrowdStrike's in this snapshot) is invisible to both sources:
//! only the 10-K cover's public float (`share_basis`) can see it.

use chrono::{Duration, NaiveDate};

use super::{
    facts::Figure,
    format::scaled,
    record::DataFault,
    share_basis::{DOUBT, PRICED_QUESTIONS},
    shares::{split_adjusted, split_factor},
};
use crate::market_data::{CompanyFacts, PricePoint};

/// The split-ratio concepts a filing may carry.
const SPLIT_CONCEPTS: [&str; 2] = [
    "StockholdersEquityNoteStockSplitConversionRatio1",
    "StockholdersEquityNoteStockSplitConversionRatio",
];

/// Whole split ratios a one-day price move is checked against.
const PRICE_RATIOS: [f64; 6] = [2.0, 3.0, 4.0, 5.0, 10.0, 20.0];

/// How close a one-day price move must come to a split ratio.
const PRICE_TOLERANCE: f64 = 0.03;

/// How far (days) a price jump or a split fact may sit from the periods the counts jump
/// between: weighted averages and comparatives are restated back to the start of a period.
const NEAR_DAYS: i64 = 366;

/// A split ratio a filing reported: the date it is for, the ratio, the filing.
#[derive(Debug, Clone, PartialEq)]
pub struct SplitFact {
    pub end: NaiveDate,
    pub ratio: f64,
    pub accn: String,
}

/// The split-ratio facts of 10-K and 10-Q filings filed by `as_of`.
pub fn split_facts(facts: &CompanyFacts, as_of: NaiveDate) -> Vec<SplitFact> {
    let Some(gaap) = facts.facts.get("us-gaap") else {
        return Vec::new();
    };
    SPLIT_CONCEPTS
        .iter()
        .filter_map(|c| gaap.get(*c))
        .flat_map(|c| c.units.values().flatten())
        .filter(|f| super::facts::is_statement_form(&f.form) && f.val > 0.0)
        .filter_map(|f| {
            let filed: NaiveDate = f.filed.parse().ok()?;
            (filed <= as_of).then_some(SplitFact {
                end: f.end.parse().ok()?,
                ratio: f.val,
                accn: f.accn.clone(),
            })
        })
        .collect()
}

/// The counts on the prices' basis, the prices restated when they were not adjusted for a
/// split the counts confirm, and the fault when the two disagree.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Checked {
    pub shares: Vec<Figure>,
    /// `None` when the price series stands as it is.
    pub prices: Option<Vec<PricePoint>>,
    pub fault: Option<DataFault>,
}

/// A count jump between two consecutive periods (the older and newer figure, and how many
/// new shares per old one).
struct CountJump<'a> {
    older: &'a Figure,
    newer: &'a Figure,
    factor: f64,
}

/// A one-day price jump by a split ratio: the closes either side and how many new shares per
/// old one it implies.
struct PriceJump {
    before: PricePoint,
    after: PricePoint,
    factor: f64,
}

fn same_factor(a: f64, b: f64) -> bool {
    (a / b - 1.0).abs() < 0.05
}

/// The jumps of the counts as filed, newest first, and the figures on the newest basis (the
/// same walk as `shares::split_adjusted`: a comparative restated by the newest filing is on
/// the newest basis even when an older period's filing is not).
fn count_jumps(raw: &[Figure]) -> (Vec<CountJump<'_>>, Vec<&Figure>) {
    let mut jumps = Vec::new();
    let mut newest_basis: Vec<&Figure> = raw.last().into_iter().collect();
    let mut factor = 1.0;
    for i in (0..raw.len().saturating_sub(1)).rev() {
        if let Some(split) = split_factor(raw[i].value, raw[i + 1].value) {
            jumps.push(CountJump {
                older: &raw[i],
                newer: &raw[i + 1],
                factor: split,
            });
            factor *= split;
        }
        if (factor - 1.0).abs() < 1e-9 {
            newest_basis.push(&raw[i]);
        }
    }
    (jumps, newest_basis)
}

/// One-day closes that move by a split ratio within `from..=to`.
fn price_jumps(prices: &[PricePoint], from: NaiveDate, to: NaiveDate) -> Vec<PriceJump> {
    prices
        .windows(2)
        .filter(|w| w[0].date >= from && w[1].date <= to && w[0].close > 0.0)
        .filter_map(|w| {
            let shares_per_old = w[0].close / w[1].close;
            let factor = PRICE_RATIOS
                .iter()
                .flat_map(|k| [*k, 1.0 / k])
                .find(|k| (shares_per_old / k - 1.0).abs() < PRICE_TOLERANCE)?;
            Some(PriceJump {
                before: w[0],
                after: w[1],
                factor,
            })
        })
        .collect()
}

fn near(date: NaiveDate, jump: &CountJump) -> bool {
    date > jump.older.end - Duration::days(NEAR_DAYS)
        && date <= jump.newer.end + Duration::days(NEAR_DAYS)
}

fn ratio_words(factor: f64) -> String {
    if factor >= 1.0 {
        format!("{factor:.0}-for-1")
    } else {
        format!("1-for-{:.0}", 1.0 / factor)
    }
}

fn fault(kind: &str, reason: String) -> Option<DataFault> {
    Some(DataFault {
        kind: kind.into(),
        reason: format!("{DOUBT}: {reason}"),
        questions: PRICED_QUESTIONS.to_vec(),
    })
}

/// Checks the share counts as filed (`raw`, oldest first) against the price series within the
/// priced window `from..=to`, and returns the counts restated across confirmed splits.
pub fn check(
    raw: Vec<Figure>,
    prices: &[PricePoint],
    facts: &[SplitFact],
    from: NaiveDate,
    to: NaiveDate,
) -> Checked {
    let jumps = price_jumps(prices, from, to);
    let (counts, newest_basis) = count_jumps(&raw);
    let mut restated: Option<Vec<PricePoint>> = None;
    let mut notes = Vec::new();
    let mut problem = None;
    // Prices that jump by a split ratio: a split the counts show, or a fault.
    for jump in &jumps {
        let Some(count) = counts
            .iter()
            .find(|c| same_factor(c.factor, jump.factor) && near(jump.after.date, c))
        else {
            problem = problem.or_else(|| {
                fault(
                    "price-split-unmatched",
                    format!(
                        "the price went from {:.2} on {} to {:.2} the next trading day, the way \
                         a {} stock split moves it, but the share counts filed show no such \
                         split",
                        jump.before.close,
                        jump.before.date,
                        jump.after.close,
                        ratio_words(jump.factor)
                    ),
                )
            });
            continue;
        };
        let series = restated.get_or_insert_with(|| prices.to_vec());
        for p in series.iter_mut().filter(|p| p.date < jump.after.date) {
            p.close /= jump.factor;
        }
        notes.push(format!(
            " (prices before {} divided by {}: the price file drops from {:.2} to {:.2} that \
             day, the {} split the counts show between {} in {} and {} in {})",
            jump.after.date,
            jump.factor,
            jump.before.close,
            jump.after.close,
            ratio_words(jump.factor),
            scaled(count.older.value, 2),
            count.older.accn,
            scaled(count.newer.value, 2),
            count.newer.accn
        ));
    }
    // The newest basis change of the counts needs a second source.
    if let Some(newest) = counts.first() {
        let by_fact = facts.iter().any(|f| {
            (same_factor(f.ratio, newest.factor) || same_factor(f.ratio * newest.factor, 1.0))
                && near(f.end, newest)
        });
        let by_prices = jumps
            .iter()
            .any(|j| same_factor(j.factor, newest.factor) && near(j.after.date, newest));
        let mut filings: Vec<&str> = newest_basis.iter().map(|f| f.accn.as_str()).collect();
        filings.sort_unstable();
        filings.dedup();
        if !by_fact && !by_prices && filings.len() < 2 {
            problem = problem.or_else(|| {
                fault(
                    "split-unconfirmed",
                    format!(
                        "{} {} puts the share count at {} for the period to {}, {} times the {} \
                         of {} for the period before, as a {} stock split would, but no split \
                         shows in the prices or in any other filing",
                        newest.newer.form,
                        newest.newer.accn,
                        scaled(newest.newer.value, 1),
                        newest.newer.end,
                        trim(newest.factor),
                        scaled(newest.older.value, 1),
                        newest.older.accn,
                        ratio_words(newest.factor)
                    ),
                )
            });
        }
    }
    let mut shares = split_adjusted(raw);
    for figure in &mut shares {
        for note in &notes {
            figure.concept.push_str(note);
        }
    }
    Checked {
        shares,
        prices: restated,
        fault: problem,
    }
}

/// A factor as people write it: `2`, `0.5`.
fn trim(factor: f64) -> String {
    let text = format!("{factor:.3}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[cfg(test)]
#[path = "split_check_tests.rs"]
mod tests;
