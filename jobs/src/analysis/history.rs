//! Time series the market questions need: trailing-twelve-month (TTM) results at every
//! reported period end. (The share count over time is `shares`.)
//!
//! A 10-Q carries quarter and year-to-date figures (cash flows only year-to-date), so TTM at a
//! quarter end is `last fiscal year + this year-to-date - the same year-to-date a year
//! earlier` (all three are in the filings: the prior year-to-date is the 10-Q's comparative).
//! At a fiscal year end TTM is simply the year.

use chrono::NaiveDate;

use super::{
    concepts as c,
    facts::{FactBook, Figure, PeriodKind},
    financials::balance_at,
    sector::IndustryKind,
};

/// Trailing-twelve-month results at one period end.
#[derive(Debug, Clone, PartialEq)]
pub struct TtmPoint {
    pub end: NaiveDate,
    /// When the market could know these numbers: the first filing of the latest of them.
    pub available: NaiveDate,
    pub revenue: Option<Figure>,
    pub net_income: Option<Figure>,
    pub operating_cf: Option<Figure>,
    pub capex: Option<Figure>,
    pub depreciation: Option<Figure>,
    pub equity: Option<Figure>,
}

impl TtmPoint {
    /// TTM operating cash flow minus TTM capital spending.
    pub fn free_cash_flow(&self) -> Option<f64> {
        Some(self.operating_cf.as_ref()?.value - self.capex.as_ref()?.value)
    }

    /// TTM net income plus depreciation (REIT funds from operations, roughly).
    pub fn ffo(&self) -> Option<f64> {
        Some(self.net_income.as_ref()?.value + self.depreciation.as_ref()?.value)
    }
}

/// The trailing twelve months of a flow series ending at `end`, if the filings allow it.
pub fn ttm(series: &[Figure], end: NaiveDate) -> Option<Figure> {
    let at_end = || series.iter().filter(move |f| f.end == end);
    if let Some(year) = at_end().find(|f| f.kind() == PeriodKind::Year) {
        return Some(year.clone());
    }
    let ytd = at_end()
        .filter(|f| {
            matches!(
                f.kind(),
                PeriodKind::Quarter | PeriodKind::HalfYear | PeriodKind::NineMonths
            )
        })
        .max_by_key(|f| f.days())?;
    let start = ytd.start?;
    let year = series
        .iter()
        .find(|f| f.kind() == PeriodKind::Year && (1..=7).contains(&(start - f.end).num_days()))?;
    let year_start = year.start?;
    let prior = series.iter().find(|f| {
        f.start
            .is_some_and(|s| (s - year_start).num_days().abs() <= 7)
            && ((end - f.end).num_days() - 365).abs() <= 10
            && (f.days() - ytd.days()).abs() <= 10
    })?;
    let value = year.value + ytd.value - prior.value;
    Some(Figure {
        value,
        concept: format!(
            "{} (TTM: fiscal year to {} + year-to-date to {} - prior year-to-date to {})",
            ytd.concept, year.end, ytd.end, prior.end
        ),
        start: prior.end.succ_opt(),
        first_filed: ytd.first_filed.max(year.first_filed).max(prior.first_filed),
        ..ytd.clone()
    })
}

/// The TTM of a flow at `end` from one concept only: the fiscal year, the year-to-date and the
/// prior year-to-date of one tag, never a mix (GE's capex to 2023-09-30 added FY2022's
/// `PaymentsToAcquirePropertyPlantAndEquipment` to a year-to-date of
/// `PaymentsToAcquireProductiveAssets`). Of the concepts that can make it, the one with the
/// newest period wins (companies move a line to another tag and stay there).
pub fn ttm_of(book: &FactBook, concepts: &[&str], end: NaiveDate) -> Option<Figure> {
    concepts
        .iter()
        .map(|concept| book.get(concept))
        .filter_map(|series| Some((series.last()?.end, ttm(series, end)?)))
        .max_by_key(|(newest, _)| *newest)
        .map(|(_, figure)| figure)
}

/// TTM points at every period end on or after `since`, oldest first.
pub fn ttm_points(book: &FactBook, kind: IndustryKind, since: NaiveDate) -> Vec<TtmPoint> {
    let mut ends: Vec<NaiveDate> = book
        .merged(c::revenue(kind))
        .iter()
        .chain(book.merged(c::NET_INCOME).iter())
        .filter(|f| f.start.is_some() && f.end >= since)
        .map(|f| f.end)
        .collect();
    ends.sort_unstable();
    ends.dedup();
    ends.into_iter()
        .filter_map(|end| {
            let flow = |concepts: &[&str]| ttm_of(book, concepts, end);
            let (revenue, net_income) = (flow(c::revenue(kind)), flow(c::NET_INCOME));
            let available = revenue
                .iter()
                .chain(net_income.iter())
                .map(|f| f.first_filed)
                .max()?;
            Some(TtmPoint {
                end,
                available,
                revenue,
                net_income,
                operating_cf: flow(c::OPERATING_CASH_FLOW),
                capex: flow(c::CAPEX),
                depreciation: flow(c::DEPRECIATION),
                equity: balance_at(book, end).equity,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::analysis::facts::test_figure as fig;

    #[test]
    fn ttm_from_year_to_date() {
        // Fiscal year Oct-Sep: FY = 100, 6-month YTD now 60, a year ago 50 -> TTM 110.
        let series = vec![
            fig(Some("2023-10-01"), "2024-09-28", 100.0, "2024-11-01"),
            fig(Some("2023-10-01"), "2024-03-30", 50.0, "2025-05-02"),
            fig(Some("2024-09-29"), "2025-03-29", 60.0, "2025-05-02"),
            fig(Some("2024-12-29"), "2025-03-29", 25.0, "2025-05-02"),
        ];
        let t = ttm(&series, "2025-03-29".parse().unwrap()).unwrap();
        assert_eq!(t.value, 110.0);
        assert_eq!(
            ttm(&series, "2024-09-28".parse().unwrap()).unwrap().value,
            100.0
        );
        assert_eq!(
            ttm(&series, "2024-03-30".parse().unwrap()),
            None,
            "no prior year in the data"
        );
    }
}
