//! The cut-off of a past quarter's analysis: only what an investor could have seen on the
//! as-of date. `analysis::analyze` already keeps facts filed by then and reads prices and
//! yields up to then; this drops the rest of the inputs dated later (short interest settled
//! and holdings reported after the date, and undated ones, which cannot be placed), so a
//! snapshot recorded in 2026 does not leak into a 2025 quarter.

use chrono::NaiveDate;

use crate::market_data::AnalysisInputs;

/// `inputs` as they stood on `as_of`.
pub fn as_of_inputs(mut inputs: AnalysisInputs, as_of: NaiveDate) -> AnalysisInputs {
    if let Some(prices) = inputs.prices.as_mut() {
        prices.retain(|p| p.date <= as_of);
    }
    if let Some(rates) = inputs.treasury.as_mut() {
        rates.retain(|r| r.date <= as_of);
    }
    inputs.short_interest = inputs
        .short_interest
        .filter(|s| s.settlement_date.is_some_and(|d| d <= as_of));
    inputs.ownership = inputs
        .ownership
        .filter(|o| o.report_date.is_some_and(|d| d <= as_of));
    inputs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::market_data::{PricePoint, ShortInterest};

    #[test]
    fn later_prices_and_short_interest_are_dropped() {
        let day = |d: &str| d.parse::<NaiveDate>().unwrap();
        let inputs = AnalysisInputs {
            prices: Some(vec![
                PricePoint {
                    date: day("2026-06-30"),
                    close: 10.0,
                },
                PricePoint {
                    date: day("2026-07-01"),
                    close: 11.0,
                },
            ]),
            short_interest: Some(ShortInterest {
                symbol: "AAPL".into(),
                settlement_date: Some(day("2026-05-15")),
                shares_short: Some(1e6),
                short_pct_of_float: Some(0.5),
                float_shares: Some(2e8),
            }),
            ..Default::default()
        };
        let june = as_of_inputs(inputs.clone(), day("2026-06-30"));
        assert_eq!(june.prices.unwrap().len(), 1);
        assert!(june.short_interest.is_some());
        let march = as_of_inputs(inputs, day("2026-03-31"));
        assert!(march.prices.unwrap().is_empty());
        assert!(
            march.short_interest.is_none(),
            "settled after the as-of date"
        );
    }
}
