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

/// Two tags carry the same reported amount: equal within 0.1% or half a million dollars
/// (one line tagged twice agrees to the rounding of the statements).
fn same_amount(a: f64, b: f64) -> bool {
    (a - b).abs() <= (0.001 * b.abs()).max(0.5e6)
}

/// Total debt at `date`, decided per date from the company's own tags (the rules and the
/// filings behind them are in `docs/scoring.md`, "Debt identities"):
/// - `LongTermDebt` normally includes its current portion; when the company's tags show it
///   is the non-current part only (it equals `LongTermDebtNoncurrent`, or the carrying
///   amount of all instruments is `LongTermDebt` plus the current part, as at Tesla), the
///   current part is added.
/// - A non-current line next to `DebtCurrent` (all debt due within a year) is the balance
///   sheet's own split: their sum is the total.
/// - `ShortTermBorrowings` that equal the current portion already inside `LongTermDebt`
///   (`LongTermDebt - LongTermDebtNoncurrent`, or `LongTermDebtCurrent`) are not added again.
pub fn debt_at(book: &FactBook, date: NaiveDate) -> Option<Figure> {
    let at = |concepts: &[&str]| instant_at(book, concepts, date);
    let total = at(c::LONG_TERM_DEBT_TOTAL);
    let noncurrent = at(c::LONG_TERM_DEBT_NONCURRENT);
    let current_maturities = at(c::LONG_TERM_DEBT_CURRENT);
    let debt_current = at(c::DEBT_CURRENT);
    let short = at(c::SHORT_TERM_DEBT);
    // Short-term borrowings that are the current maturities tagged a second time.
    let is_current_maturities = |s: &Figure| {
        current_maturities
            .as_ref()
            .is_some_and(|c| same_amount(s.value, c.value))
    };

    if let Some(long) = &total
        && let Some(current) = debt_current.as_ref().or(current_maturities.as_ref())
        && total_is_noncurrent(
            long,
            noncurrent.as_ref(),
            current_maturities.as_ref(),
            current,
            at(c::DEBT_INSTRUMENTS_TOTAL).as_ref(),
        )
    {
        let debt = sum(long, current);
        // `DebtCurrent` already includes short-term borrowings.
        return Some(match short {
            Some(s) if debt_current.is_none() && !is_current_maturities(&s) => sum(&debt, &s),
            _ => debt,
        });
    }
    if let (Some(noncurrent), Some(current)) = (&noncurrent, &debt_current) {
        return Some(sum(noncurrent, current));
    }
    if let Some(long) = total {
        let inside = short.as_ref().is_some_and(|s| {
            is_current_maturities(s)
                || noncurrent
                    .as_ref()
                    .is_some_and(|n| same_amount(long.value - n.value, s.value))
        });
        return Some(match short {
            Some(s) if !inside => sum(&long, &s),
            _ => long,
        });
    }
    if let Some(noncurrent) = noncurrent {
        let debt = match &current_maturities {
            Some(current) => sum(&noncurrent, current),
            None => noncurrent,
        };
        return Some(match short {
            Some(s) if !is_current_maturities(&s) => sum(&debt, &s),
            _ => debt,
        });
    }
    if let Some(other) = at(c::OTHER_DEBT) {
        return Some(match short {
            Some(s) => sum(&other, &s),
            None => other,
        });
    }
    // Only a current-debt line: that is all the debt there is.
    at(c::COMBINED_DEBT).or(short).or(debt_current)
}

/// True when `LongTermDebt` is only the non-current part at its date. The company's own
/// split decides first: equal to `LongTermDebtNoncurrent` means non-current, equal to
/// non-current plus current maturities means total. Without that split, the carrying
/// amount of all debt instruments decides: whichever of `long` and `long + current` is
/// nearer to it. With neither witness `LongTermDebt` keeps its meaning (the total).
fn total_is_noncurrent(
    long: &Figure,
    noncurrent: Option<&Figure>,
    current_maturities: Option<&Figure>,
    current: &Figure,
    instruments: Option<&Figure>,
) -> bool {
    if let Some(n) = noncurrent {
        if same_amount(long.value, n.value) {
            return true;
        }
        if current_maturities.is_some_and(|c| same_amount(long.value, n.value + c.value)) {
            return false;
        }
    }
    instruments.is_some_and(|all| {
        (long.value + current.value - all.value).abs() < (long.value - all.value).abs()
    })
}

/// Short-term investments at `date`. A component reported before under one of the usual
/// names and missing now is looked for under its other names before it counts as zero
/// (NVIDIA's `MarketableSecuritiesCurrent` became `DebtSecuritiesCurrent` in fiscal 2026).
fn short_term_investments_at(book: &FactBook, date: NaiveDate) -> Option<Figure> {
    instant_at(book, c::SHORT_TERM_INVESTMENTS, date).or_else(|| {
        let reported_before = c::SHORT_TERM_INVESTMENTS.iter().any(|concept| {
            book.get(concept)
                .iter()
                .any(|f| f.start.is_none() && f.end < date)
        });
        if reported_before {
            instant_at(book, c::SHORT_TERM_INVESTMENTS_ALTERNATIVES, date)
        } else {
            None
        }
    })
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
        c::DEBT_CURRENT,
    ]
    .iter()
    .any(|list| list.iter().any(|concept| !book.get(concept).is_empty()))
}

/// Evidence that a company with no debt line owes nothing at `date`: its total liabilities,
/// when the non-debt lines it reports add up to them (within 2%). `None` means the absence of
/// a debt tag proves nothing.
pub fn liabilities_without_debt(book: &FactBook, date: NaiveDate) -> Option<Figure> {
    let total = instant_at(book, c::LIABILITIES, date)?;
    let accounted: f64 = c::NON_DEBT_LIABILITIES
        .iter()
        .filter_map(|concept| instant_at(book, &[concept], date))
        .map(|f| f.value)
        .sum();
    (total.value >= 0.0 && (accounted - total.value).abs() <= 0.02 * total.value.max(1.0)).then(
        || {
            total.derived(
                total.value,
                format!("{} (every line a non-debt liability)", total.concept),
            )
        },
    )
}

/// The balance sheet at `date`.
pub fn balance_at(book: &FactBook, date: NaiveDate) -> BalanceSheet {
    BalanceSheet {
        date: Some(date),
        cash: instant_at(book, c::CASH, date),
        short_term_investments: short_term_investments_at(book, date),
        debt: debt_at(book, date),
        equity: instant_at(book, c::EQUITY, date),
        assets: instant_at(book, c::ASSETS, date),
    }
}

/// The latest balance sheet: the newest date with cash or equity reported, unless its cash
/// line is incomplete. When the company reported short-term investments at the cash date
/// before and reports none of their names at the newest one (a trimmed quarterly recording:
/// Alphabet's 2026-06-30 10-Q carries cash, 55.9B, and no marketable securities), the whole
/// balance sheet is read at that earlier date, so cash, investments and debt stay of one date
/// rather than cash being understated by the missing line.
pub fn latest_balance(book: &FactBook) -> BalanceSheet {
    let latest = instants(book, c::CASH)
        .into_iter()
        .chain(instants(book, c::EQUITY))
        .map(|f| f.end)
        .max();
    let Some(latest) = latest else {
        return BalanceSheet::default();
    };
    let balance = balance_at(book, latest);
    if balance.short_term_investments.is_some() {
        return balance;
    }
    let cash_before = instants(book, c::CASH)
        .into_iter()
        .map(|f| f.end)
        .filter(|d| *d < latest)
        .max();
    match cash_before.map(|date| balance_at(book, date)) {
        Some(before) if before.short_term_investments.is_some() => before,
        _ => balance,
    }
}

/// True unless a reported total of costs and expenses breaks the identity
/// `costs = revenue - operating income` by more than 1% of revenue. Some companies tag their
/// operating expenses alone as `CostsAndExpenses` (gross profit - operating income, no cost
/// of goods sold); their expense growth would then be quoted wrong, so the derived figure is
/// used instead. Without revenue or operating income there is nothing to check against.
fn costs_cover_revenue(
    costs: &Figure,
    revenue: Option<&Figure>,
    operating_income: Option<&Figure>,
) -> bool {
    match (revenue, operating_income) {
        (Some(rev), Some(op)) => {
            (costs.value - (rev.value - op.value)).abs() <= 0.01 * rev.value.abs()
        }
        _ => true,
    }
}

/// A bank's loans and deposits at the latest date that reports both (trimmed quarterly
/// filings may carry only one of them).
pub fn latest_funding(book: &FactBook) -> Option<(Figure, Figure)> {
    let loans = instants(book, c::LOANS);
    let deposits = instants(book, c::DEPOSITS);
    loans.into_iter().rev().find_map(|loan| {
        let deposit = deposits.iter().find(|d| d.end == loan.end)?.clone();
        Some((loan, deposit))
    })
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
    let shares = super::shares::annual_diluted(book);
    ends.into_iter()
        .map(|end| {
            let rev = ending_near(&revenue, end).cloned();
            let reported = ending_near(&costs, end).cloned().filter(|costs| {
                costs_cover_revenue(costs, rev.as_ref(), ending_near(&operating, end))
            });
            let expenses = reported.or_else(|| {
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
#[path = "financials_tests.rs"]
mod tests;
