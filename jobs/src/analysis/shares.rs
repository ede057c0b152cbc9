//! The share count over time, restated across stock splits: later filings restate
//! comparatives themselves, but a period last reported before a split keeps the old count.

use chrono::NaiveDate;

use super::{
    concepts as c,
    facts::{FactBook, Figure, PeriodKind},
};

/// How many old shares became one new share (or the reverse) when consecutive counts jump by
/// close to a whole factor: 2-for-1 up to 50-for-1 forward splits and 1-for-2 up to 1-for-50
/// reverse splits. Real issuance or buybacks move a count by percents, not by whole multiples.
pub(crate) fn split_factor(older: f64, newer: f64) -> Option<f64> {
    if older <= 0.0 || newer <= 0.0 {
        return None;
    }
    let ratio = newer / older;
    let near_whole = |r: f64| {
        let n = r.round();
        (2.0..=50.0).contains(&n) && (r / n - 1.0).abs() < 0.05
    };
    if ratio > 1.0 && near_whole(ratio) {
        Some(ratio.round())
    } else if ratio < 1.0 && near_whole(1.0 / ratio) {
        Some(1.0 / (1.0 / ratio).round())
    } else {
        None
    }
}

/// Restates older share counts to the newest basis across splits. Later filings restate
/// comparatives themselves, but a year last reported before a split (NVIDIA's fiscal 2022,
/// last filed before the 2024 ten-for-one split) keeps the old count.
pub fn split_adjusted(mut figures: Vec<Figure>) -> Vec<Figure> {
    figures.sort_by_key(|f| f.end);
    let mut factor = 1.0;
    for i in (0..figures.len().saturating_sub(1)).rev() {
        let newer = figures[i + 1].value / factor;
        if let Some(split) = split_factor(figures[i].value, newer) {
            factor *= split;
        }
        if factor != 1.0 {
            figures[i].value *= factor;
            figures[i].concept = format!("{} (restated for stock splits)", figures[i].concept);
        }
    }
    figures
}

/// Fiscal years' weighted-average diluted shares on today's basis. Splits are detected on
/// every diluted count filed, 10-Qs included, so a split after the last 10-K still restates
/// the fiscal years: Tesla's 3-for-1 of August 2022 first shows in the Q3 2022 10-Q, and
/// its snapshot has no later 10-K.
pub fn annual_diluted(book: &FactBook) -> Vec<Figure> {
    let counts: Vec<Figure> = book
        .merged(c::DILUTED_SHARES)
        .into_iter()
        .filter(|f| {
            matches!(
                f.kind(),
                PeriodKind::Quarter
                    | PeriodKind::HalfYear
                    | PeriodKind::NineMonths
                    | PeriodKind::Year
            )
        })
        .collect();
    split_adjusted(counts)
        .into_iter()
        .filter(|f| f.kind() == PeriodKind::Year && f.from_annual_report())
        .collect()
}

/// Shares outstanding over time (cover page and balance sheet; diluted weighted averages when
/// neither is reported), restated across splits, oldest first.
pub fn share_history(book: &FactBook) -> Vec<Figure> {
    split_adjusted(share_points(book))
}

/// The share counts [`share_history`] reads, as filed (before any split restatement).
pub fn share_points(book: &FactBook) -> Vec<Figure> {
    let mut points: Vec<Figure> = book
        .merged(c::SHARES_OUTSTANDING)
        .into_iter()
        .filter(|f| f.start.is_none())
        .collect();
    if points.len() < 2 {
        let diluted = book.merged(c::DILUTED_SHARES);
        for figure in diluted
            .into_iter()
            .filter(|f| matches!(f.kind(), PeriodKind::Quarter | PeriodKind::Year))
        {
            if !points.iter().any(|p| p.end == figure.end) {
                points.push(figure);
            }
        }
    }
    points.sort_by_key(|f| f.end);
    points
}

/// The share count in force on `date`: the latest point on or before it.
pub fn shares_at(history: &[Figure], date: NaiveDate) -> Option<&Figure> {
    history.iter().take_while(|f| f.end <= date).last()
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::analysis::facts::test_figure as fig;

    #[test]
    fn splits_are_detected_and_buybacks_are_not() {
        let mut shares = vec![
            fig(None, "2022-01-30", 2_535.0, "2024-02-21"),
            fig(None, "2023-01-29", 25_070.0, "2025-02-26"),
            fig(None, "2024-01-28", 24_940.0, "2026-02-25"),
        ];
        shares = split_adjusted(shares);
        assert_eq!(shares[0].value, 25_350.0);
        assert_eq!(shares[2].value, 24_940.0);
        assert!(shares[0].concept.contains("restated"));
        assert_eq!(split_factor(100.0, 97.0), None);
        assert_eq!(split_factor(100.0, 25.0), Some(0.25));
    }
}
