//! Which closes price the company. A daily file adjusted for dividends (the snapshot's, Stooq's)
//! lowers every close before each dividend by that dividend's share of the price, so for a
//! dividend payer it understates every past market value and every past multiple (JPMorgan's
//! 2023-06-29 close reads 133.35 there against the 143.43 it traded at, Realty Income's 16%
//! low). That is right for "what $1000 became" (dividends reinvested) and wrong for "what the
//! company was worth", which is the close people paid times the shares then.
//!
//! Where a source keeps closes adjusted for splits only (the snapshot's OHLCV files, a live
//! source's unadjusted series), those price the market values, yields, ratios and the float's
//! date: restated to the daily file's split basis by the whole split ratio between the two at
//! the newest day they share (NVIDIA's OHLCV file is on its basis before the 2024 10-for-1).
//! Days only the adjusted file has stay adjusted, and the record says so on the page
//! ([`PriceBasis::note`]) and in every close's provenance ([`PriceBasis::source`]).

use chrono::NaiveDate;

use super::chart_sources::PRICE_SOURCE;
use crate::market_data::PricePoint;

/// The provider of closes adjusted for splits only (what the stock actually traded at).
pub const ACTUAL_PRICE_SOURCE: &str =
    "daily closing prices as traded (adjusted for splits only, not for dividends)";

/// An adjusted close is never above the traded one, and dividends over the years an adjusted
/// file spans take at most this share off it; a pair outside these bounds is not the same
/// stock on two bases (another split, a wrong file) and the traded closes are not used there.
const MIN_RATIO: f64 = 0.97;
const MAX_RATIO: f64 = 1.6;

/// Split ratios the two files' bases may differ by: none, 3-for-2, then whole ratios to 50.
fn split_ratios() -> impl Iterator<Item = f64> {
    [1.0, 1.5].into_iter().chain((2..=50).map(f64::from))
}

/// Which days' closes are as traded.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct PriceBasis {
    /// The first and last day priced with traded closes; `None` when every close is adjusted.
    pub traded: Option<(NaiveDate, NaiveDate)>,
}

impl PriceBasis {
    /// True when the close of `date` is as traded.
    pub fn is_traded(&self, date: NaiveDate) -> bool {
        self.traded
            .is_some_and(|(from, to)| date >= from && date <= to)
    }

    /// The provider text of the close of `date`, for its provenance.
    pub fn source(&self, date: NaiveDate) -> &'static str {
        if self.is_traded(date) {
            ACTUAL_PRICE_SOURCE
        } else {
            PRICE_SOURCE
        }
    }

    /// The page's line on the closes behind the market figures from `from` to `as_of`
    /// (empty when there are no closes).
    pub fn note(&self, from: NaiveDate, as_of: NaiveDate, has_prices: bool) -> String {
        if !has_prices {
            return String::new();
        }
        match self.traded {
            Some((first, last)) if first <= from && last >= as_of => {
                "Market values and price ratios use the closes the stock actually traded at \
                 (adjusted for splits only)."
                    .into()
            }
            Some((first, last)) if last >= from && first <= as_of => format!(
                "Closes from {first} to {last} are what the stock actually traded at; the \
                 others are adjusted for dividends, the only closes I have for those days, so \
                 for a dividend payer the market values and price ratios of those days read a \
                 little low."
            ),
            _ => "These closes are adjusted for splits and dividends, the only ones I have: \
                  for a dividend payer, older market values and the 3-year price ratios read a \
                  little low, by the dividends paid since."
                .into(),
        }
    }
}

/// The closes that price the company, and which of them are as traded.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Valuation {
    pub points: Vec<PricePoint>,
    pub basis: PriceBasis,
}

/// `adjusted` (the daily file, adjusted for splits and dividends) with its closes replaced by
/// the `traded` ones (adjusted for splits only) on every day both have, up to `as_of`: each
/// traded close divided by the split ratio between the two files, found at the newest shared
/// day and kept while the pair stays within a dividend adjustment of each other. Traded days
/// the adjusted file lacks are added; adjusted days outside the traded span stay as they are.
pub fn valuation_closes(
    adjusted: &[PricePoint],
    traded: Option<&[PricePoint]>,
    as_of: NaiveDate,
) -> Valuation {
    let plain = || Valuation {
        points: adjusted.to_vec(),
        basis: PriceBasis::default(),
    };
    let Some(traded) = traded.filter(|t| !t.is_empty()) else {
        return plain();
    };
    let traded: Vec<PricePoint> = traded.iter().filter(|p| p.date <= as_of).copied().collect();
    let ratio_on = |p: &PricePoint| {
        let index = adjusted.partition_point(|a| a.date < p.date);
        adjusted
            .get(index)
            .filter(|a| a.date == p.date)
            .map(|a| p.close / a.close)
    };
    // The split ratio between the files, at the newest day both have.
    let Some(newest) = traded.iter().rev().find_map(ratio_on) else {
        // No shared day: with no adjusted file at all the traded closes are the series.
        return if adjusted.is_empty() && !traded.is_empty() {
            Valuation {
                basis: PriceBasis {
                    traded: Some((traded[0].date, traded[traded.len() - 1].date)),
                },
                points: traded,
            }
        } else {
            plain()
        };
    };
    let Some(split) = split_ratios()
        .filter(|k| newest / k >= MIN_RATIO && newest / k <= MAX_RATIO)
        .last()
    else {
        return plain();
    };
    // Walk back from the newest traded day while the pair stays on the same basis.
    let mut first_kept = traded.len();
    for (i, p) in traded.iter().enumerate().rev() {
        if let Some(r) = ratio_on(p)
            && !(MIN_RATIO..=MAX_RATIO).contains(&(r / split))
        {
            break;
        }
        first_kept = i;
    }
    let kept = &traded[first_kept..];
    let (Some(first), Some(last)) = (kept.first(), kept.last()) else {
        return plain();
    };
    let (from, to) = (first.date, last.date);
    let mut points: Vec<PricePoint> = adjusted
        .iter()
        .filter(|p| p.date < from || p.date > to)
        .copied()
        .chain(kept.iter().map(|p| PricePoint {
            date: p.date,
            close: p.close / split,
        }))
        .collect();
    points.sort_by_key(|p| p.date);
    Valuation {
        points,
        basis: PriceBasis {
            traded: Some((from, to)),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(date: &str, close: f64) -> PricePoint {
        PricePoint {
            date: date.parse().unwrap(),
            close,
        }
    }

    fn day(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    #[test]
    fn traded_closes_replace_adjusted_ones_where_both_exist() {
        // JPMorgan's 2023-06-29: 133.35 adjusted, 143.43 traded.
        let adjusted = [
            p("2023-06-28", 132.0),
            p("2023-06-29", 133.35),
            p("2023-06-30", 134.0),
        ];
        let traded = [p("2023-06-27", 140.0), p("2023-06-29", 143.43)];
        let v = valuation_closes(&adjusted, Some(&traded), day("2026-08-18"));
        let closes: Vec<f64> = v.points.iter().map(|p| p.close).collect();
        // The adjusted 2023-06-28 inside the traded span is on the other basis: left out.
        assert_eq!(closes, [140.0, 143.43, 134.0]);
        assert_eq!(v.basis.traded, Some((day("2023-06-27"), day("2023-06-29"))));
        assert!(v.basis.is_traded(day("2023-06-29")));
        assert_eq!(v.basis.source(day("2023-06-30")), PRICE_SOURCE);
        assert_eq!(v.basis.source(day("2023-06-29")), ACTUAL_PRICE_SOURCE);
    }

    #[test]
    fn a_traded_file_before_a_later_split_is_restated_to_the_adjusted_basis() {
        // NVIDIA's OHLCV file predates the 2024 10-for-1: 408.22 against 40.80 adjusted.
        let adjusted = [p("2023-06-28", 41.1), p("2023-06-29", 40.80)];
        let traded = [p("2023-06-28", 411.2), p("2023-06-29", 408.22)];
        let v = valuation_closes(&adjusted, Some(&traded), day("2026-08-18"));
        assert!((v.points[1].close - 40.822).abs() < 1e-9, "{:?}", v.points);
        assert!((v.points[0].close - 41.12).abs() < 1e-9);
    }

    #[test]
    fn days_on_another_basis_and_days_after_the_as_of_date_are_not_used() {
        // A split the traded file was never adjusted for (2-for-1 on 2023-01-04): the days
        // before it are 2x the adjusted file's and stay adjusted.
        let adjusted = [
            p("2023-01-03", 50.0),
            p("2023-01-04", 51.0),
            p("2023-01-05", 52.0),
        ];
        let traded = [
            p("2023-01-03", 100.5),
            p("2023-01-04", 51.5),
            p("2023-01-05", 52.5),
        ];
        let v = valuation_closes(&adjusted, Some(&traded), day("2023-01-04"));
        assert_eq!(
            v.points.iter().map(|p| p.close).collect::<Vec<_>>(),
            [50.0, 51.5, 52.0]
        );
        assert_eq!(v.basis.traded, Some((day("2023-01-04"), day("2023-01-04"))));
        // Nothing traded to use: the adjusted file as it is.
        assert_eq!(
            valuation_closes(&adjusted, None, day("2023-01-05")).points,
            adjusted
        );
        // A traded file far off the adjusted one (another stock): not used.
        let other = [p("2023-01-05", 9.0)];
        let v = valuation_closes(&adjusted, Some(&other), day("2023-01-05"));
        assert_eq!(v.basis.traded, None);
    }

    #[test]
    fn the_page_says_which_closes_it_used() {
        let (from, as_of) = (day("2020-08-18"), day("2023-06-29"));
        assert!(PriceBasis::default().note(from, as_of, false).is_empty());
        let adjusted = PriceBasis::default().note(from, as_of, true);
        assert!(
            adjusted.contains("adjusted for splits and dividends"),
            "{adjusted}"
        );
        let all = PriceBasis {
            traded: Some((day("2018-01-02"), as_of)),
        };
        assert!(all.note(from, as_of, true).contains("actually traded at"));
        let part = PriceBasis {
            traded: Some((day("2018-01-02"), day("2023-06-29"))),
        };
        let text = part.note(from, day("2026-08-18"), true);
        assert!(
            text.contains("from 2018-01-02 to 2023-06-29") && text.contains("dividends"),
            "{text}"
        );
    }
}
