//! Fiscal years and balance sheets assembled from the fact book: the metrics every question
//! reads, each still carrying the figures it came from.
//!
//! A fiscal year is any annual-length period reported in a 10-K (so January, May, June and
//! September year ends all work, and 52/53-week years too). Its label is the calendar year
//! its end falls in, except that a year ending in the first week of January belongs to the
//! year before (a 52-week year that spilled over New Year).

use chrono::{Datelike, NaiveDate};

use super::{
    concepts as c,
    facts::{FactBook, Figure, PeriodKind},
    sector::IndustryKind,
};

/// One fiscal year's results and its closing balance sheet.
#[derive(Debug, Clone, PartialEq)]
pub struct FiscalYear {
    /// `FY2024`.
    pub label: String,
    pub end: NaiveDate,
    pub revenue: Option<Figure>,
    pub expenses: Option<Figure>,
    pub net_income: Option<Figure>,
    pub gross_profit: Option<Figure>,
    pub operating_cf: Option<Figure>,
    pub investing_cf: Option<Figure>,
    pub capex: Option<Figure>,
    pub depreciation: Option<Figure>,
    pub eps_diluted: Option<Figure>,
    /// Weighted-average diluted shares, restated to today's share basis after splits.
    pub diluted_shares: Option<Figure>,
    pub balance: BalanceSheet,
}

impl FiscalYear {
    /// Operating cash flow minus capital spending.
    pub fn free_cash_flow(&self) -> Option<f64> {
        Some(self.operating_cf.as_ref()?.value - self.capex.as_ref()?.value)
    }

    /// `amount` as a percent of the year's sales (none when sales are missing or not positive).
    pub fn percent_of_sales(&self, amount: Option<f64>) -> Option<f64> {
        let sales = self
            .revenue
            .as_ref()
            .map(|f| f.value)
            .filter(|r| *r > 0.0)?;
        Some(amount? / sales * 100.0)
    }

    /// Funds from operations, roughly: net income plus depreciation (the REIT yardstick).
    pub fn ffo(&self) -> Option<f64> {
        Some(self.net_income.as_ref()?.value + self.depreciation.as_ref()?.value)
    }
}

/// Balance-sheet figures at one date.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BalanceSheet {
    pub date: Option<NaiveDate>,
    pub cash: Option<Figure>,
    pub short_term_investments: Option<Figure>,
    /// Total debt (long-term including current portion, plus short-term borrowings).
    pub debt: Option<Figure>,
    pub equity: Option<Figure>,
    pub assets: Option<Figure>,
}

impl BalanceSheet {
    /// Cash plus short-term investments.
    pub fn liquid_assets(&self) -> Option<f64> {
        let cash = self.cash.as_ref()?.value;
        Some(
            cash + self
                .short_term_investments
                .as_ref()
                .map_or(0.0, |f| f.value),
        )
    }
}

/// The fiscal-year label of a year ending on `end`.
pub fn fiscal_label(end: NaiveDate) -> String {
    let year = if end.month() == 1 && end.day() <= 7 {
        end.year() - 1
    } else {
        end.year()
    };
    format!("FY{year}")
}

/// Annual-length figures from annual reports.
fn annual(book: &FactBook, concepts: &[&str]) -> Vec<Figure> {
    book.merged(concepts)
        .into_iter()
        .filter(|f| f.kind() == PeriodKind::Year && f.from_annual_report())
        .collect()
}

/// The figure whose period ends within a week of `end`.
pub fn ending_near(series: &[Figure], end: NaiveDate) -> Option<&Figure> {
    series
        .iter()
        .filter(|f| (f.end - end).num_days().abs() <= 7)
        .min_by_key(|f| (f.end - end).num_days().abs())
}

/// Sum of two figures for the same period, labelled with both concepts.
pub fn sum(a: &Figure, b: &Figure) -> Figure {
    let newer = if b.filed > a.filed { b } else { a };
    let first_filed = a.first_filed.max(b.first_filed);
    Figure {
        value: a.value + b.value,
        concept: format!("{} + {}", a.concept, b.concept),
        first_filed,
        ..newer.clone()
    }
}

/// Difference of two figures for the same period, labelled with both concepts.
pub fn difference(a: &Figure, b: &Figure) -> Figure {
    let newer = if b.filed > a.filed { b } else { a };
    let first_filed = a.first_filed.max(b.first_filed);
    Figure {
        value: a.value - b.value,
        concept: format!("{} - {}", a.concept, b.concept),
        first_filed,
        ..newer.clone()
    }
}

/// Instant figures (balance sheet, cover page) of a concept list, merged by date.
pub fn instants(book: &FactBook, concepts: &[&str]) -> Vec<Figure> {
    book.merged(concepts)
        .into_iter()
        .filter(|f| f.start.is_none())
        .collect()
}

fn instant_at(book: &FactBook, concepts: &[&str], date: NaiveDate) -> Option<Figure> {
    concepts.iter().find_map(|concept| {
        book.get(concept)
            .iter()
            .find(|f| f.start.is_none() && f.end == date)
            .cloned()
    })
}

/// Total debt at `date`; see `concepts` for the order and why.
pub fn debt_at(book: &FactBook, date: NaiveDate) -> Option<Figure> {
    let long_term = instant_at(book, c::LONG_TERM_DEBT_TOTAL, date)
        .or_else(|| {
            let noncurrent = instant_at(book, c::LONG_TERM_DEBT_NONCURRENT, date)?;
            Some(match instant_at(book, c::LONG_TERM_DEBT_CURRENT, date) {
                Some(current) => sum(&noncurrent, &current),
                None => noncurrent,
            })
        })
        .or_else(|| instant_at(book, c::OTHER_DEBT, date));
    let short_term = instant_at(book, c::SHORT_TERM_DEBT, date);
    match (long_term, short_term) {
        (Some(long), Some(short)) => Some(sum(&long, &short)),
        (Some(long), None) => Some(long),
        (None, short) => instant_at(book, c::COMBINED_DEBT, date).or(short),
    }
}

/// True when the company has ever reported a debt line (so a missing one means "unknown",
/// not "none").
pub fn ever_reported_debt(book: &FactBook) -> bool {
    [
        c::LONG_TERM_DEBT_TOTAL,
        c::LONG_TERM_DEBT_NONCURRENT,
        c::OTHER_DEBT,
        c::SHORT_TERM_DEBT,
        c::COMBINED_DEBT,
    ]
    .iter()
    .any(|list| list.iter().any(|concept| !book.get(concept).is_empty()))
}

/// The balance sheet at `date`.
pub fn balance_at(book: &FactBook, date: NaiveDate) -> BalanceSheet {
    BalanceSheet {
        date: Some(date),
        cash: instant_at(book, c::CASH, date),
        short_term_investments: instant_at(book, c::SHORT_TERM_INVESTMENTS, date),
        debt: debt_at(book, date),
        equity: instant_at(book, c::EQUITY, date),
        assets: instant_at(book, c::ASSETS, date),
    }
}

/// The latest balance sheet: the newest date with cash or equity reported.
pub fn latest_balance(book: &FactBook) -> BalanceSheet {
    let latest = instants(book, c::CASH)
        .into_iter()
        .chain(instants(book, c::EQUITY))
        .map(|f| f.end)
        .max();
    latest
        .map(|date| balance_at(book, date))
        .unwrap_or_default()
}

/// How many of the latest fiscal years are assembled.
pub const KEPT_YEARS: usize = 6;

/// The latest [`KEPT_YEARS`] fiscal years reported, oldest first.
pub fn fiscal_years(book: &FactBook, kind: IndustryKind) -> Vec<FiscalYear> {
    let revenue = annual(book, c::revenue(kind));
    let net_income = annual(book, c::NET_INCOME);
    let mut ends: Vec<NaiveDate> = revenue
        .iter()
        .chain(net_income.iter())
        .map(|f| f.end)
        .collect();
    ends.sort_unstable();
    // One fiscal year per end date, even if two concepts disagree by a few days.
    ends.dedup_by(|b, a| (*b - *a).num_days().abs() <= 7);
    // The questions look back three years and the charts four (plus one for the first
    // growth rate): older years would only cost time.
    let ends = ends.split_off(ends.len().saturating_sub(KEPT_YEARS));
    let series = |concepts: &[&str]| annual(book, concepts);
    let (costs, operating, pretax) = (
        series(if kind == IndustryKind::Insurer {
            c::INSURER_EXPENSES
        } else {
            c::COSTS_AND_EXPENSES
        }),
        series(c::OPERATING_INCOME),
        series(c::PRETAX_INCOME),
    );
    let (cost_of_revenue, opex, gross) = (
        series(c::COST_OF_REVENUE),
        series(c::OPERATING_EXPENSES),
        series(c::GROSS_PROFIT),
    );
    let (ocf, icf, capex, dep, eps) = (
        series(c::OPERATING_CASH_FLOW),
        series(c::INVESTING_CASH_FLOW),
        series(c::CAPEX),
        series(c::DEPRECIATION),
        series(c::EPS_DILUTED),
    );
    let shares = super::shares::split_adjusted(series(c::DILUTED_SHARES));
    ends.into_iter()
        .map(|end| {
            let rev = ending_near(&revenue, end).cloned();
            let expenses = ending_near(&costs, end).cloned().or_else(|| {
                let rev = rev.as_ref()?;
                let profit = ending_near(&operating, end).or_else(|| ending_near(&pretax, end));
                match profit {
                    Some(profit) => Some(difference(rev, profit)),
                    None => Some(sum(
                        ending_near(&cost_of_revenue, end)?,
                        ending_near(&opex, end)?,
                    )),
                }
            });
            let gross_profit = ending_near(&gross, end).cloned().or_else(|| {
                (kind != IndustryKind::Bank).then_some(())?;
                Some(difference(
                    rev.as_ref()?,
                    ending_near(&cost_of_revenue, end)?,
                ))
            });
            FiscalYear {
                label: fiscal_label(end),
                end,
                revenue: rev,
                expenses,
                net_income: ending_near(&net_income, end).cloned(),
                gross_profit,
                operating_cf: ending_near(&ocf, end).cloned(),
                investing_cf: ending_near(&icf, end).cloned(),
                capex: ending_near(&capex, end).cloned(),
                depreciation: ending_near(&dep, end).cloned(),
                eps_diluted: ending_near(&eps, end).cloned(),
                diluted_shares: ending_near(&shares, end).cloned(),
                balance: balance_at(book, end),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn insurer_book() -> FactBook {
        let fact = |start: Option<&str>, end: &str, val: f64| {
            serde_json::json!({"start": start, "end": end, "val": val, "accn": "0000000000-25-000001",
                "form": "10-K", "filed": "2025-02-20"})
        };
        let year = |val: f64| serde_json::json!({"units": {"USD": [fact(Some("2024-01-01"), "2024-12-31", val)]}});
        let instant =
            |val: f64| serde_json::json!({"units": {"USD": [fact(None, "2024-12-31", val)]}});
        let body = serde_json::json!({"cik": 1, "entityName": "Insurer", "facts": {"us-gaap": {
            "Revenues": year(100.0),
            "BenefitsLossesAndExpenses": year(80.0),
            "NetIncomeLoss": year(15.0),
            "DebtLongtermAndShorttermCombinedAmount": instant(40.0),
            "CashAndCashEquivalentsAtCarryingValue": instant(20.0),
        }}});
        let facts =
            crate::market_data::CompanyFacts::from_json(body.to_string().as_bytes()).unwrap();
        FactBook::build(&facts, c::all(), "2025-06-30".parse().unwrap())
    }

    #[test]
    fn insurers_use_their_own_expense_and_debt_lines() {
        let book = insurer_book();
        let years = fiscal_years(&book, IndustryKind::Insurer);
        let year = years.last().unwrap();
        assert_eq!(
            year.expenses
                .as_ref()
                .map(|f| (f.value, f.concept.as_str())),
            Some((80.0, "us-gaap:BenefitsLossesAndExpenses"))
        );
        assert_eq!(year.balance.debt.as_ref().map(|f| f.value), Some(40.0));
        assert_eq!(year.balance.liquid_assets(), Some(20.0));
        // Under general rules the insurer's own expense line is not read: no operating income
        // either, so expenses stay unknown rather than guessed.
        assert_eq!(
            fiscal_years(&book, IndustryKind::General)
                .last()
                .unwrap()
                .expenses,
            None
        );
    }

    #[test]
    fn labels_follow_the_year_end() {
        let d = |s: &str| s.parse::<NaiveDate>().unwrap();
        assert_eq!(fiscal_label(d("2024-09-28")), "FY2024"); // Apple
        assert_eq!(fiscal_label(d("2026-01-31")), "FY2026"); // Walmart: fiscal 2026
        assert_eq!(fiscal_label(d("2025-01-26")), "FY2025"); // NVIDIA: fiscal 2025
        assert_eq!(fiscal_label(d("2022-01-01")), "FY2021"); // a 52-week year spilling over
    }
}
