//! The rubrics: monotone piecewise-linear maps from one metric to a 0-10 score.
//!
//! A rubric is a list of `(metric, score)` breakpoints sorted by metric. Between breakpoints
//! the score is interpolated; outside them it is clamped to the end scores. Scores only rise
//! (or only fall) along the list, so a better metric never gets a worse grade. The numbers
//! start from DESIGN.md's table and were checked on the snapshot's real companies; the why of
//! every breakpoint is in `docs/scoring.md`.

/// One monotone piecewise-linear rubric.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rubric {
    /// Short name for docs and tests.
    pub name: &'static str,
    /// `(metric, score)` breakpoints, metric strictly increasing, scores within 0..=10.
    pub points: &'static [(f64, f64)],
}

impl Rubric {
    pub const fn new(name: &'static str, points: &'static [(f64, f64)]) -> Self {
        Rubric { name, points }
    }

    /// The score for `metric`, within 0..=10; `None` for NaN (no metric, no grade).
    /// Infinite metrics clamp to the end scores (e.g. cash with no debt at all).
    pub fn score(&self, metric: f64) -> Option<f64> {
        if metric.is_nan() || self.points.is_empty() {
            return None;
        }
        let (first, last) = (self.points[0], self.points[self.points.len() - 1]);
        if metric <= first.0 {
            return Some(first.1);
        }
        if metric >= last.0 {
            return Some(last.1);
        }
        let score = self.points.windows(2).find(|w| metric <= w[1].0).map(|w| {
            let ((x0, y0), (x1, y1)) = (w[0], w[1]);
            y0 + (y1 - y0) * (metric - x0) / (x1 - x0)
        });
        score.map(|s| s.clamp(0.0, 10.0))
    }

    /// True when higher metrics earn higher scores.
    pub fn rises(&self) -> bool {
        self.points.first().map(|p| p.1) <= self.points.last().map(|p| p.1)
    }
}

/// Q1: 3-year revenue CAGR, in percent.
pub const REVENUE_GROWTH: Rubric =
    Rubric::new("revenue CAGR %", &[(-10.0, 0.0), (3.0, 5.0), (20.0, 10.0)]);
/// Q2: revenue CAGR minus expense CAGR, in percentage points.
pub const REVENUE_VS_EXPENSES: Rubric = Rubric::new(
    "revenue minus expense growth pp",
    &[(-5.0, 0.0), (0.0, 5.0), (5.0, 10.0)],
);
/// Q3, profitable now: 3-year net income CAGR, in percent. Profit that shrinks still beats a loss.
pub const EARNINGS_GROWTH: Rubric = Rubric::new(
    "net income CAGR % (profitable)",
    &[(-15.0, 3.0), (0.0, 5.0), (15.0, 10.0)],
);
/// Q3, losing money now: change in net margin over the period, in points. Never above 3.
pub const LOSS_TREND: Rubric = Rubric::new(
    "net margin change pp (loss-making)",
    &[(-10.0, 0.0), (0.0, 1.0), (10.0, 3.0)],
);
/// Q4: latest net margin, in percent (a 3-point trend moves the grade by one).
pub const NET_MARGIN: Rubric = Rubric::new("net margin %", &[(0.0, 0.0), (8.0, 5.0), (20.0, 10.0)]);
/// Q5: latest free-cash-flow margin, in percent (a 3-point trend moves the grade by one).
pub const FCF_MARGIN: Rubric =
    Rubric::new("FCF margin %", &[(-10.0, 0.0), (5.0, 5.0), (20.0, 10.0)]);
/// Q6: cash and short-term investments over total debt.
pub const CASH_TO_DEBT: Rubric = Rubric::new("cash / debt", &[(0.1, 0.0), (0.5, 5.0), (1.5, 10.0)]);
/// Q6 for banks: shareholders' equity over total assets, in percent (a capital cushion).
/// Anchored on the regulators' leverage categories (12 CFR 324.403: under 3% significantly
/// undercapitalized, 5% the "well capitalized" floor) and on what large US banks normally
/// run, 7-10% (JPMorgan 7.5%): see `docs/scoring.md`, "Bank capital".
pub const BANK_EQUITY_TO_ASSETS: Rubric = Rubric::new(
    "equity / assets % (banks)",
    &[(3.0, 0.0), (5.0, 4.0), (7.0, 7.0), (10.0, 10.0)],
);
/// Q6 for REITs: debt over debt plus equity, in percent. REITs borrow by design.
pub const REIT_DEBT_TO_CAPITAL: Rubric = Rubric::new(
    "debt / (debt + equity) % (REITs)",
    &[(20.0, 10.0), (40.0, 5.0), (60.0, 0.0)],
);
/// Q6 for insurers: debt over debt plus equity, in percent (financial leverage, what rating
/// agencies watch). An insurer's cash and investments back its policies, so cash against debt
/// would call a large, profitable insurer "a lot of IOUs". Around 20-30% is usual; above ~40%
/// is stretched.
pub const INSURER_DEBT_TO_CAPITAL: Rubric = Rubric::new(
    "debt / (debt + equity) % (insurers)",
    &[(15.0, 10.0), (30.0, 5.0), (45.0, 0.0)],
);
/// Q5 for banks: loans as a percent of deposits. Under ~60% the loans are amply funded by
/// deposits; 85% is a normal bank; past 110% it leans on borrowed market money.
pub const BANK_LOANS_TO_DEPOSITS: Rubric = Rubric::new(
    "loans / deposits % (banks)",
    &[(60.0, 10.0), (85.0, 5.0), (110.0, 0.0)],
);
/// Q7: average of earnings and FCF yields minus the 10-year Treasury, in points.
pub const YIELD_SPREAD: Rubric = Rubric::new(
    "yield minus 10y pp",
    &[(-4.0, 0.0), (0.0, 5.0), (3.0, 10.0)],
);
/// Q8: projected forward earnings yield minus the 10-year Treasury, in points.
pub const FORWARD_SPREAD: Rubric = Rubric::new(
    "forward yield minus 10y pp",
    &[(-4.0, 0.0), (0.0, 5.0), (3.0, 10.0)],
);
/// Q9: average position of today's valuation ratios in their 3-year ranges (0 = cheapest).
pub const RANGE_POSITION: Rubric = Rubric::new(
    "position in 3-year ratio range",
    &[(0.0, 10.0), (0.5, 5.0), (1.0, 0.0)],
);
/// Q10: 3-year CAGR of diluted shares, in percent (negative = buybacks).
pub const SHARE_GROWTH: Rubric = Rubric::new(
    "diluted shares CAGR %",
    &[(-3.0, 10.0), (1.0, 5.0), (10.0, 0.0)],
);
/// Q11: insiders' share of the company, in percent.
pub const INSIDER_STAKE: Rubric = Rubric::new(
    "insider stake %",
    &[(0.0, 3.0), (1.0, 5.0), (5.0, 8.0), (10.0, 10.0)],
);
/// Q12: shares sold short as a percent of the float.
pub const SHORT_INTEREST: Rubric =
    Rubric::new("short % of float", &[(1.0, 10.0), (5.0, 5.0), (20.0, 0.0)]);

/// Every rubric, for documentation and the property tests.
pub const ALL: &[Rubric] = &[
    REVENUE_GROWTH,
    REVENUE_VS_EXPENSES,
    EARNINGS_GROWTH,
    LOSS_TREND,
    NET_MARGIN,
    FCF_MARGIN,
    CASH_TO_DEBT,
    BANK_EQUITY_TO_ASSETS,
    REIT_DEBT_TO_CAPITAL,
    INSURER_DEBT_TO_CAPITAL,
    BANK_LOANS_TO_DEPOSITS,
    YIELD_SPREAD,
    FORWARD_SPREAD,
    RANGE_POSITION,
    SHARE_GROWTH,
    INSIDER_STAKE,
    SHORT_INTEREST,
];

/// A grade moved by a trend: +1 when the metric improved by at least `step`, -1 when it
/// worsened by as much, clamped to 0..=10. Monotone in both the level and the change.
pub fn with_trend(base: f64, change: Option<f64>, step: f64) -> f64 {
    let nudge = match change {
        Some(c) if c >= step => 1.0,
        Some(c) if c <= -step => -1.0,
        _ => 0.0,
    };
    (base + nudge).clamp(0.0, 10.0)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn design_table_anchors_hold() {
        assert_eq!(REVENUE_GROWTH.score(20.0), Some(10.0));
        assert_eq!(REVENUE_GROWTH.score(3.0), Some(5.0));
        assert_eq!(REVENUE_GROWTH.score(-10.0), Some(0.0));
        assert_eq!(CASH_TO_DEBT.score(f64::INFINITY), Some(10.0));
        assert_eq!(SHORT_INTEREST.score(20.0), Some(0.0));
        assert_eq!(SHARE_GROWTH.score(-3.0), Some(10.0));
        assert_eq!(NET_MARGIN.score(f64::NAN), None);
        // Halfway between 3% (5) and 20% (10) growth.
        assert!((REVENUE_GROWTH.score(11.5).unwrap() - 7.5).abs() < 1e-12);
    }

    #[test]
    fn breakpoints_are_well_formed() {
        for rubric in ALL {
            assert!(
                rubric.points.windows(2).all(|w| w[0].0 < w[1].0),
                "{}: metrics must increase",
                rubric.name
            );
            let scores: Vec<f64> = rubric.points.iter().map(|p| p.1).collect();
            let up = scores.windows(2).all(|w| w[0] <= w[1]);
            let down = scores.windows(2).all(|w| w[0] >= w[1]);
            assert!(up || down, "{}: scores must be monotone", rubric.name);
        }
    }

    proptest! {
        #[test]
        fn every_rubric_is_bounded_and_monotone(a in -1.0e6f64..1.0e6, b in -1.0e6f64..1.0e6, i in 0usize..ALL.len()) {
            let rubric = ALL[i];
            let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
            let (s_lo, s_hi) = (rubric.score(lo).unwrap(), rubric.score(hi).unwrap());
            prop_assert!((0.0..=10.0).contains(&s_lo) && (0.0..=10.0).contains(&s_hi));
            if rubric.rises() {
                prop_assert!(s_lo <= s_hi + 1e-12, "{} not rising: {lo}->{s_lo}, {hi}->{s_hi}", rubric.name);
            } else {
                prop_assert!(s_lo + 1e-12 >= s_hi, "{} not falling: {lo}->{s_lo}, {hi}->{s_hi}", rubric.name);
            }
        }

        #[test]
        fn trend_nudge_is_bounded_and_monotone(base in 0.0f64..=10.0, c1 in -50.0f64..50.0, c2 in -50.0f64..50.0) {
            let (lo, hi) = if c1 <= c2 { (c1, c2) } else { (c2, c1) };
            let (a, b) = (with_trend(base, Some(lo), 3.0), with_trend(base, Some(hi), 3.0));
            prop_assert!((0.0..=10.0).contains(&a) && a <= b);
        }
    }
}
