//! Share counts against prices, checked before and after the market questions are scored.
//!
//! Market value is a price times a share count, and the two come from different sources: the
//! price file (adjusted for every split up to its last day) and the filings (on the basis of
//! the newest filing). When a split lands in the prices before any filing shows it (KLA's
//! 10-for-1), or a filing restates the counts for a change the prices never show (Honeywell's
//! halved history), every market figure is off by the split ratio.
//!
//! 1. **Basis check** ([`match_price_basis`]): the 10-K cover's public float is a market value
//!    the company computed itself with real prices. Float over our price x count on the
//!    float's date is at most about 1 (insiders hold the rest); a ratio near a split ratio
//!    (1.5, 2, 3, ... 50) means the counts are on another basis than the prices: the counts
//!    are restated to the prices' basis and both sources are cited. A ratio well over 1 that is
//!    no split ratio cannot be resolved: a data fault.
//! 2. **Plausibility bounds** ([`implausible`]): after scoring, a displayed earnings or cash
//!    yield above 50%, a P/E or P/FCF under 1, a market value under $10M (or over $20T) or a share
//!    count under 1M is not a bargain but a fault in the inputs: the market questions are left
//!    unanswered with the reason, and the record is not ranked.

use super::{
    facts::Figure,
    format::{money, pct},
    market::close_on,
    record::{Chart, DataFault, QuestionResult},
    shares::shares_at,
};
use crate::market_data::PricePoint;

/// The questions built on price times share count: returns (7), projected returns (8),
/// valuation ratios (9) and the insider estimate from the float (11).
pub const PRICED_QUESTIONS: [u8; 4] = [7, 8, 9, 11];

/// Over this float / market value, the gap is not insiders' shares or dividend adjustment.
const FLOAT_OVER_VALUE_LIMIT: f64 = 1.3;

/// The lead-in of every data-fault reason (VOICE: plain, first person, no jargon).
pub(crate) const DOUBT: &str = "Bubba doesn't trust these numbers";

/// Split ratios a basis gap may be: 3-for-2, then whole ratios up to 50-for-1.
fn split_ratio(ratio: f64) -> Option<f64> {
    std::iter::once(1.5)
        .chain((2..=50).map(f64::from))
        .find(|n| (ratio / n - 1.0).abs() < 0.08)
}

/// Restates `shares` to the price file's basis when the newest public float shows they are on
/// another one; a fault when the gap is no split ratio.
pub fn match_price_basis(
    mut shares: Vec<Figure>,
    floats: &[Figure],
    prices: &[PricePoint],
) -> (Vec<Figure>, Option<DataFault>) {
    let Some((float, close, count)) = floats.iter().rev().find_map(|float| {
        let close = close_on(prices, float.end, 10)?;
        let count = shares_at(&shares, float.end)?.clone();
        (float.value > 0.0 && close.close > 0.0 && count.value > 0.0)
            .then_some((float, close, count))
    }) else {
        return (shares, None);
    };
    let value = close.close * count.value;
    let ratio = float.value / value;
    if ratio <= FLOAT_OVER_VALUE_LIMIT {
        return (shares, None);
    }
    let Some(split) = split_ratio(ratio) else {
        let fault = DataFault {
            kind: "share-price-mismatch".into(),
            reason: format!(
                "{DOUBT}: the company put the shares outsiders held on {} at {}, but the price then \
                 times the share count filed comes to only {}, and that gap is no stock split",
                float.end,
                money(float.value),
                money(value)
            ),
            questions: PRICED_QUESTIONS.to_vec(),
        };
        return (shares, Some(fault));
    };
    let note = format!(
        " (x{split}: the price file is on a basis {split} times the filings'; the public float of {} \
         on {} in {} against a close of {:.2} times {:.0} shares)",
        money(float.value),
        float.end,
        float.accn,
        close.close,
        count.value
    );
    for figure in &mut shares {
        figure.value *= split;
        figure.concept.push_str(&note);
    }
    (shares, None)
}

/// The plausibility bounds, read from what the page would show.
pub fn implausible(
    questions: &[QuestionResult],
    market_values: &[Option<f64>],
    share_count_now: Option<f64>,
) -> Option<DataFault> {
    let mut why: Vec<String> = Vec::new();
    for q in questions {
        match &q.chart {
            Chart::Yields { rows } => {
                let top = rows
                    .iter()
                    .flat_map(|r| [r.earnings_return_pct, r.cash_flow_return_pct])
                    .flatten()
                    .fold(f64::NEG_INFINITY, f64::max);
                if top > 50.0 {
                    why.push(format!(
                        "they'd have the business earning {} of its price in a year",
                        pct(top)
                    ));
                }
            }
            Chart::Forward {
                forward_yield_pct: Some(y),
                ..
            } if *y > 50.0 => why.push(format!(
                "they'd have next year's profits at {} of the price",
                pct(*y)
            )),
            Chart::Ratios { rows } => {
                for row in rows.iter().filter(|r| r.name == "P/E" || r.name == "P/FCF") {
                    let low = row.min.min(row.current);
                    if low > 0.0 && low < 1.0 {
                        why.push(format!("they'd put the {} at {low:.1}x", row.name));
                    }
                }
            }
            _ => {}
        }
    }
    let (lowest_value, highest_value) = market_values
        .iter()
        .flatten()
        .filter(|v| **v > 0.0)
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(low, high), v| {
            (low.min(*v), high.max(*v))
        });
    if highest_value > 20e12 {
        why.push(format!(
            "they'd value the whole company at {}, more than any company on earth",
            money(highest_value)
        ));
    }
    if lowest_value < 10e6 {
        why.push(format!(
            "they'd value the whole company at {}",
            money(lowest_value)
        ));
    }
    if let Some(count) = share_count_now.filter(|c| *c > 0.0 && *c < 1e6) {
        why.push(format!("they count only {count:.0} shares"));
    }
    if why.is_empty() {
        return None;
    }
    why.dedup();
    Some(DataFault {
        kind: "implausible-valuation".into(),
        reason: format!(
            "{DOUBT}: {}. That's a mix-up in the share count or the price, not a bargain",
            why.join(", and ")
        ),
        questions: PRICED_QUESTIONS.to_vec(),
    })
}

/// Leaves the questions a fault touches unanswered, with its reason as Bubba's comment.
pub fn unanswer(questions: &mut [QuestionResult], fault: &DataFault) {
    for q in questions
        .iter_mut()
        .filter(|q| fault.questions.contains(&q.number))
    {
        q.score = None;
        q.band = None;
        q.metric = None;
        q.comment = format!("{}.", fault.reason);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use chrono::NaiveDate;

    fn figure(end: &str, value: f64) -> Figure {
        let end: NaiveDate = end.parse().unwrap();
        Figure {
            value,
            concept: "dei:X".into(),
            unit: "shares".into(),
            start: None,
            end,
            form: "10-K".into(),
            filed: end,
            accn: "k".into(),
            first_filed: end,
        }
    }

    fn price(date: &str, close: f64) -> PricePoint {
        PricePoint {
            date: date.parse().unwrap(),
            close,
        }
    }

    #[test]
    fn prices_ahead_of_the_filings_by_a_split_restate_the_counts() {
        // The price file is already 10-for-1 (62.89); the filings still count 134M shares;
        // the float says the company was worth about $83B.
        let shares = vec![figure("2024-12-31", 134_000_000.0)];
        let floats = vec![figure("2024-12-31", 83_500_000_000.0)];
        let prices = vec![price("2024-12-31", 62.89)];
        let (fixed, fault) = match_price_basis(shares, &floats, &prices);
        assert_eq!(fault, None);
        assert_eq!(fixed[0].value, 1_340_000_000.0);
        assert!(fixed[0].concept.contains("x10"), "{}", fixed[0].concept);
    }

    #[test]
    fn counts_halved_by_a_filing_the_prices_never_saw_are_doubled_back() {
        let shares = vec![figure("2025-06-30", 320_500_000.0)];
        let floats = vec![figure("2025-06-30", 140_000_000_000.0)];
        let prices = vec![price("2025-06-30", 221.0)];
        let (fixed, _) = match_price_basis(shares, &floats, &prices);
        assert_eq!(fixed[0].value, 641_000_000.0);
    }

    #[test]
    fn insiders_and_dividend_adjustment_are_not_a_fault_but_an_odd_gap_is() {
        let shares = vec![figure("2025-06-30", 100_000_000.0)];
        let prices = vec![price("2025-06-30", 50.0)];
        for float in [2.5e9, 5.4e9] {
            let (fixed, fault) =
                match_price_basis(shares.clone(), &[figure("2025-06-30", float)], &prices);
            assert_eq!((fixed[0].value, fault), (100_000_000.0, None));
        }
        let (_, fault) = match_price_basis(shares, &[figure("2025-06-30", 12.0e9)], &prices);
        let fault = fault.expect("2.4x is no split");
        assert_eq!(fault.questions, PRICED_QUESTIONS);
        assert!(fault.reason.starts_with(DOUBT), "{}", fault.reason);
    }

    #[test]
    fn the_bounds_catch_absurd_yields_values_and_counts() {
        assert_eq!(implausible(&[], &[Some(2e9)], Some(5e8)), None);
        let fault = implausible(&[], &[Some(191_617.0)], Some(741.3)).expect("fault");
        assert!(
            fault.reason.contains("$191.6K") || fault.reason.contains("191"),
            "{}",
            fault.reason
        );
        assert!(fault.reason.contains("741 shares"), "{}", fault.reason);
    }
}
