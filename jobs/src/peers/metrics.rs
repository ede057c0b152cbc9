//! What is compared with the peers: each question's headline metric, the value its rubric
//! grades (net margin for question 4), not the 0-10 score, so a card can say "the median one
//! keeps 2.5 cents of each dollar of sales". A question graded on different metrics for
//! different businesses (question 6: cash against debt, a bank's equity against assets, a
//! landlord's or insurer's debt against capital) has one kind per metric, and companies are
//! only compared on the same kind.

use crate::analysis::{
    QuestionResult,
    format::{pct, yearly_move},
    record::Chart,
};

/// One metric companies are compared on.
#[derive(Debug, PartialEq, Eq)]
pub struct MetricKind {
    /// Stable key of the stored statistics (`net_margin`).
    pub key: &'static str,
    pub question: u8,
    /// The record's `metricName` for it (question 3's two kinds share one).
    pub metric_name: &'static str,
    /// Whether a higher value is the better one (the direction of its rubric).
    pub higher_is_better: bool,
    /// How a sentence opens when the company's own grade on it is red ("Thin margins").
    pub weak: &'static str,
    /// ... and when it is green ("Fat margins").
    pub strong: &'static str,
}

const fn kind(
    key: &'static str,
    question: u8,
    metric_name: &'static str,
    higher_is_better: bool,
    weak: &'static str,
    strong: &'static str,
) -> MetricKind {
    MetricKind {
        key,
        question,
        metric_name,
        higher_is_better,
        weak,
        strong,
    }
}

const Q3_NAME: &str = "3-year net income CAGR % (net margin change when losing money)";

/// Every kind, by question.
pub const KINDS: &[MetricKind] = &[
    kind(
        "revenue_growth",
        1,
        "3-year revenue CAGR %",
        true,
        "Slow sales growth",
        "Fast sales growth",
    ),
    kind(
        "sales_vs_costs",
        2,
        "revenue CAGR minus expense CAGR, points",
        true,
        "Costs outrunning sales",
        "Sales outrunning costs",
    ),
    kind(
        "profit_growth",
        3,
        Q3_NAME,
        true,
        "Slow profit growth",
        "Fast-growing profits",
    ),
    kind(
        "loss_margin_change",
        3,
        Q3_NAME,
        true,
        "Losing money",
        "Losses shrinking fast",
    ),
    kind(
        "net_margin",
        4,
        "net margin %",
        true,
        "Thin margins",
        "Fat margins",
    ),
    kind(
        "fcf_margin",
        5,
        "free cash flow margin %",
        true,
        "Little free cash",
        "Plenty of free cash",
    ),
    kind(
        "loans_to_deposits",
        5,
        "loans / deposits %",
        false,
        "Lending out a lot of its deposits",
        "Loans well covered by deposits",
    ),
    kind(
        "cash_to_debt",
        6,
        "cash / debt",
        true,
        "Heavy debt",
        "Plenty of cash for its debt",
    ),
    kind(
        "equity_to_assets",
        6,
        "equity / assets %",
        true,
        "A thin capital cushion",
        "A thick capital cushion",
    ),
    kind(
        "debt_to_capital",
        6,
        "debt / (debt + equity) %",
        false,
        "Heavy borrowing",
        "Light borrowing",
    ),
    kind(
        "yield_spread",
        7,
        "earnings and cash yield minus 10-year Treasury, points",
        true,
        "A poor return for the price",
        "A good return for the price",
    ),
    kind(
        "forward_spread",
        8,
        "projected earnings yield minus 10-year Treasury, points",
        true,
        "A poor projected return",
        "A good projected return",
    ),
    kind(
        "range_position",
        9,
        "average position of valuation ratios in their 3-year range (0 = cheapest)",
        false,
        "Pricey against its own history",
        "Cheap against its own history",
    ),
    kind(
        "share_growth",
        10,
        "3-year diluted share count CAGR %",
        false,
        "Shares piling up",
        "A shrinking share count",
    ),
    kind(
        "insider_stake",
        11,
        "insider stake %",
        true,
        "Insiders own little",
        "Insiders own a big piece",
    ),
    kind(
        "short_interest",
        12,
        "short interest % of float",
        false,
        "Lots of short sellers",
        "Few short sellers",
    ),
];

/// The kind stored under `key`.
pub fn by_key(key: &str) -> Option<&'static MetricKind> {
    KINDS.iter().find(|k| k.key == key)
}

/// A question's answer as far as the comparison needs it: what the stored statistics read
/// from every record (`store::sector_stats`) and what the page's record holds.
#[derive(Debug, Clone, PartialEq)]
pub struct AnswerFacts<'a> {
    pub number: u8,
    pub score: Option<u8>,
    pub metric: Option<f64>,
    pub metric_name: &'a str,
    /// Question 3 only: whether the latest net income in its chart is a profit (its metric is
    /// then the profit CAGR, otherwise the change in a money-loser's net margin).
    pub latest_profit: Option<bool>,
}

impl<'a> AnswerFacts<'a> {
    /// The facts of one question of a record.
    pub fn of(question: &'a QuestionResult) -> Self {
        AnswerFacts {
            number: question.number,
            score: question.score,
            metric: question.metric,
            metric_name: &question.metric_name,
            latest_profit: (question.number == 3)
                .then(|| latest_profit(&question.chart))
                .flatten(),
        }
    }
}

/// Whether the newest net income of question 3's chart is above zero.
pub fn latest_profit(chart: &Chart) -> Option<bool> {
    match chart {
        Chart::ValueGrowth { rows } => rows.iter().rev().find_map(|r| r.value).map(|v| v > 0.0),
        _ => None,
    }
}

/// The kind and value an answer is compared on, or `None` when it is not compared: the
/// question is unanswered, its grade has no metric (a loss turned into a profit, question
/// 3's "turnaround"), or its metric is not one of [`KINDS`]. A company with no debt at all
/// (question 6 graded 10 on cash against no debt) counts as holding infinitely more cash than
/// debt: above every peer that owes something.
pub fn peer_metric(facts: &AnswerFacts) -> Option<(&'static MetricKind, f64)> {
    facts.score?;
    let key = match facts.number {
        3 => match facts.latest_profit? {
            true => "profit_growth",
            false => "loss_margin_change",
        },
        number => {
            KINDS
                .iter()
                .find(|k| k.question == number && k.metric_name == facts.metric_name)?
                .key
        }
    };
    let kind = by_key(key)?;
    match facts.metric {
        Some(value) if value.is_finite() => Some((kind, value)),
        None if kind.key == "cash_to_debt" => Some((kind, f64::INFINITY)),
        _ => None,
    }
}

/// A value as the card shows it, in the metric's unit ("2.5%", "0.45x", "no debt",
/// "+1.2 points", "38% up its range").
pub fn figure(kind: &MetricKind, value: f64) -> String {
    match kind.key {
        "cash_to_debt" if value.is_infinite() => "no debt".into(),
        "cash_to_debt" => format!("{value:.2}x"),
        "sales_vs_costs" | "loss_margin_change" | "yield_spread" | "forward_spread" => {
            // A value that rounds to zero is "+0.0", never "-0.0".
            let value = if value.abs() < 0.05 { 0.0 } else { value };
            format!("{value:+.1} points")
        }
        "range_position" => format!("{:.0}% up its range", value * 100.0),
        "revenue_growth" | "profit_growth" | "share_growth" => format!("{} a year", pct(value)),
        _ => pct(value),
    }
}

/// What the median peer does, in words, for the sentence after "the median one".
pub fn median_clause(kind: &MetricKind, value: f64) -> String {
    let abs = value.abs();
    let above_below = if value >= 0.0 { "above" } else { "below" };
    match kind.key {
        "revenue_growth" => format!("the median one's sales {}", yearly_move(value)),
        "sales_vs_costs" if abs < 0.05 => {
            "the median one's sales and costs grew at about the same pace".into()
        }
        "sales_vs_costs" if value > 0.0 => {
            format!("the median one's sales grew {abs:.1} points a year faster than its costs")
        }
        "sales_vs_costs" => {
            format!("the median one's costs grew {abs:.1} points a year faster than its sales")
        }
        "profit_growth" => format!("the median one's profits {}", yearly_move(value)),
        "loss_margin_change" => format!(
            "the median money-loser's net margin moved {value:+.1} points over the years compared"
        ),
        "net_margin" if value >= 0.0 => {
            format!("the median one keeps {value:.1} cents of each dollar of sales")
        }
        "net_margin" => format!("the median one loses {abs:.1} cents on each dollar of sales"),
        "fcf_margin" if value >= 0.0 => {
            format!("the median one turns {value:.1} cents of each dollar of sales into free cash")
        }
        "fcf_margin" => {
            format!("the median one burns {abs:.1} cents of cash for each dollar of sales")
        }
        "loans_to_deposits" => {
            format!("the median one has lent out {} of its deposits", pct(value))
        }
        "cash_to_debt" if value.is_infinite() => "the median one owes no debt at all".into(),
        "cash_to_debt" => format!(
            "the median one holds ${value:.2} of cash and short-term investments for each dollar of debt"
        ),
        "equity_to_assets" => format!(
            "the median one's owners' equity is {} of its assets",
            pct(value)
        ),
        "debt_to_capital" => format!(
            "the median one's debt is {} of its debt plus equity",
            pct(value)
        ),
        "yield_spread" | "forward_spread" if abs < 0.05 => format!(
            "the median one's {} return is about level with the 10-year Treasury",
            if kind.key == "yield_spread" {
                "earnings and cash"
            } else {
                "projected earnings"
            }
        ),
        "yield_spread" => format!(
            "the median one's earnings and cash return is {abs:.1} points {above_below} the 10-year Treasury"
        ),
        "forward_spread" => format!(
            "the median one's projected earnings return is {abs:.1} points {above_below} the 10-year Treasury"
        ),
        "range_position" => format!(
            "the median one's price ratios sit {:.0}% of the way up their 3-year ranges",
            value * 100.0
        ),
        "share_growth" => format!("the median one's share count {}", yearly_move(value)),
        "insider_stake" => format!("insiders own {} of the median one", pct(value)),
        "short_interest" => format!("{} of the median one's float is sold short", pct(value)),
        _ => format!(
            "the median one's {} is {}",
            kind.metric_name,
            figure(kind, value)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::rubric;

    fn facts(number: u8, metric: Option<f64>, name: &str) -> AnswerFacts<'_> {
        AnswerFacts {
            number,
            score: Some(5),
            metric,
            metric_name: name,
            latest_profit: None,
        }
    }

    #[test]
    fn directions_follow_the_rubrics() {
        let pairs = [
            ("revenue_growth", rubric::REVENUE_GROWTH),
            ("sales_vs_costs", rubric::REVENUE_VS_EXPENSES),
            ("profit_growth", rubric::EARNINGS_GROWTH),
            ("loss_margin_change", rubric::LOSS_TREND),
            ("net_margin", rubric::NET_MARGIN),
            ("fcf_margin", rubric::FCF_MARGIN),
            ("loans_to_deposits", rubric::BANK_LOANS_TO_DEPOSITS),
            ("cash_to_debt", rubric::CASH_TO_DEBT),
            ("equity_to_assets", rubric::BANK_EQUITY_TO_ASSETS),
            ("debt_to_capital", rubric::REIT_DEBT_TO_CAPITAL),
            ("yield_spread", rubric::YIELD_SPREAD),
            ("forward_spread", rubric::FORWARD_SPREAD),
            ("range_position", rubric::RANGE_POSITION),
            ("share_growth", rubric::SHARE_GROWTH),
            ("insider_stake", rubric::INSIDER_STAKE),
            ("short_interest", rubric::SHORT_INTEREST),
        ];
        assert_eq!(pairs.len(), KINDS.len());
        for (key, rubric) in pairs {
            assert_eq!(
                by_key(key).unwrap().higher_is_better,
                rubric.rises(),
                "{key}"
            );
        }
        assert!(!rubric::INSURER_DEBT_TO_CAPITAL.rises());
    }

    #[test]
    fn each_answer_is_compared_on_its_own_metric() {
        let margin = facts(4, Some(2.9), "net margin %");
        assert_eq!(
            peer_metric(&margin).map(|(k, v)| (k.key, v)),
            Some(("net_margin", 2.9))
        );
        let bank = facts(6, Some(8.1), "equity / assets %");
        assert_eq!(peer_metric(&bank).unwrap().0.key, "equity_to_assets");
        // No debt at all: above every peer that owes something.
        let debt_free = facts(6, None, "cash / debt");
        assert_eq!(peer_metric(&debt_free).unwrap().1, f64::INFINITY);
        // Unanswered, or a metric no kind names: not compared.
        assert_eq!(
            peer_metric(&AnswerFacts {
                score: None,
                ..margin.clone()
            }),
            None
        );
        assert_eq!(peer_metric(&facts(4, Some(1.0), "something else")), None);
        assert_eq!(peer_metric(&facts(4, Some(f64::NAN), "net margin %")), None);
    }

    #[test]
    fn question_three_splits_profits_from_losses() {
        let mut q3 = facts(3, Some(12.0), Q3_NAME);
        assert_eq!(peer_metric(&q3), None, "no chart, no kind");
        q3.latest_profit = Some(true);
        assert_eq!(peer_metric(&q3).unwrap().0.key, "profit_growth");
        q3.latest_profit = Some(false);
        assert_eq!(peer_metric(&q3).unwrap().0.key, "loss_margin_change");
        // A loss turned into a profit has a grade but no metric.
        q3.metric = None;
        assert_eq!(peer_metric(&q3), None);
    }

    #[test]
    fn medians_read_as_plain_words() {
        let margin = by_key("net_margin").unwrap();
        assert_eq!(
            median_clause(margin, 2.5),
            "the median one keeps 2.5 cents of each dollar of sales"
        );
        assert_eq!(
            median_clause(margin, -3.12),
            "the median one loses 3.1 cents on each dollar of sales"
        );
        let cash = by_key("cash_to_debt").unwrap();
        assert_eq!(figure(cash, f64::INFINITY), "no debt");
        assert_eq!(figure(cash, 0.456), "0.46x");
        assert_eq!(
            median_clause(by_key("revenue_growth").unwrap(), -2.0),
            "the median one's sales shrank 2.0% a year"
        );
        assert_eq!(
            figure(by_key("range_position").unwrap(), 0.384),
            "38% up its range"
        );
        let spread = by_key("forward_spread").unwrap();
        assert_eq!(figure(spread, -0.04), "+0.0 points");
        assert_eq!(
            median_clause(spread, -0.04),
            "the median one's projected earnings return is about level with the 10-year Treasury"
        );
    }
}
