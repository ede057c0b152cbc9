//! The numbers of a peer group: quartiles of one metric over its companies, and where one
//! company stands among them. Pure.

use std::collections::HashMap;

use chrono::{DateTime, Utc};

use super::{
    groups,
    metrics::{AnswerFacts, MetricKind, peer_metric},
};
use crate::store::sector_stats::SectorStat;

/// A group needs this many companies with the metric before its median is shown and a
/// company is graded against it; fewer, and the card says so instead.
pub const MIN_PEERS: u32 = 10;

/// The first, second and third quartiles of `values`, by linear interpolation between the
/// closest ranks (the spreadsheet's QUARTILE.INC and numpy's default): the quartile at
/// fraction `p` sits at position `p x (n - 1)` of the sorted values. `None` for no values.
/// Infinite values (companies with no debt) sort last; NaN is never passed in.
pub fn quartiles(values: &mut [f64]) -> Option<(f64, f64, f64)> {
    if values.is_empty() {
        return None;
    }
    values.sort_by(f64::total_cmp);
    let at = |p: f64| {
        let position = p * (values.len() - 1) as f64;
        let (lo, hi) = (position.floor() as usize, position.ceil() as usize);
        let (a, b) = (values[lo], values[hi]);
        let fraction = position - lo as f64;
        // No arithmetic on infinities: between a number and no debt is no debt.
        if fraction == 0.0 || a == b {
            a
        } else if b.is_infinite() {
            b
        } else {
            a + (b - a) * fraction
        }
    };
    Some((at(0.25), at(0.5), at(0.75)))
}

/// Where a company stands among its peers on one metric, "better" taking the metric's
/// direction into account.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// Better than the group's better quartile (above the third quartile of a metric where
    /// higher is better, below the first where lower is).
    TopQuarter,
    /// Between the quartiles, ends included.
    MiddleHalf,
    /// Worse than the group's worse quartile.
    BottomQuarter,
}

/// The standing of `value` against a group's quartiles.
pub fn standing(kind: &MetricKind, value: f64, p25: f64, p75: f64) -> Standing {
    let (above, below) = (value > p75, value < p25);
    match (kind.higher_is_better, above, below) {
        (true, true, _) | (false, _, true) => Standing::TopQuarter,
        (true, _, true) | (false, true, _) => Standing::BottomQuarter,
        _ => Standing::MiddleHalf,
    }
}

/// The values of every peer, by group, question and metric kind, gathered one company at a
/// time: the job holds only these numbers, never the records.
#[derive(Debug, Default)]
pub struct Accumulator {
    values: HashMap<(&'static str, u8, &'static str), Vec<f64>>,
    companies: usize,
}

impl Accumulator {
    /// Adds one peer: its SIC code and its answers. A code with no peer group adds nothing.
    pub fn add(&mut self, sic: u32, answers: &[AnswerFacts]) {
        let Some(groups) = groups::groups_of(sic) else {
            return;
        };
        self.companies += 1;
        for answer in answers {
            let Some((kind, value)) = peer_metric(answer) else {
                continue;
            };
            for group in &groups {
                self.values
                    .entry((group.code, kind.question, kind.key))
                    .or_default()
                    .push(value);
            }
        }
    }

    /// Companies added with a peer group.
    pub fn companies(&self) -> usize {
        self.companies
    }

    /// Every group's statistics, each stamped `computed_at`, in a stable order.
    pub fn finish(self, computed_at: DateTime<Utc>) -> Vec<SectorStat> {
        let mut stats: Vec<SectorStat> = self
            .values
            .into_iter()
            .filter_map(|((code, question, key), mut values)| {
                let (p25, median, p75) = quartiles(&mut values)?;
                Some(SectorStat {
                    group_code: code.to_string(),
                    question: i32::from(question),
                    metric: key.to_string(),
                    peer_count: i32::try_from(values.len()).unwrap_or(i32::MAX),
                    p25,
                    median,
                    p75,
                    computed_at,
                })
            })
            .collect();
        stats.sort_by(|a, b| {
            (&a.group_code, a.question, &a.metric).cmp(&(&b.group_code, b.question, &b.metric))
        });
        stats
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::peers::metrics::by_key;

    #[test]
    fn quartiles_interpolate_between_ranks() {
        // numpy.percentile([1, 2, 3, 4], [25, 50, 75]) = 1.75, 2.5, 3.25
        assert_eq!(
            quartiles(&mut [4.0, 1.0, 3.0, 2.0]),
            Some((1.75, 2.5, 3.25))
        );
        assert_eq!(quartiles(&mut [7.0]), Some((7.0, 7.0, 7.0)));
        assert_eq!(quartiles(&mut []), None);
        // Debt-free companies sort last and never make a NaN.
        let inf = f64::INFINITY;
        assert_eq!(
            quartiles(&mut [inf, 0.5, 1.5, inf, 0.1]),
            Some((0.5, 1.5, inf))
        );
        assert_eq!(quartiles(&mut [inf, inf]), Some((inf, inf, inf)));
    }

    #[test]
    fn standing_follows_the_direction_of_the_metric() {
        let margin = by_key("net_margin").unwrap();
        assert_eq!(standing(margin, 9.0, 2.0, 4.0), Standing::TopQuarter);
        assert_eq!(standing(margin, 4.0, 2.0, 4.0), Standing::MiddleHalf);
        assert_eq!(standing(margin, 1.0, 2.0, 4.0), Standing::BottomQuarter);
        let short = by_key("short_interest").unwrap();
        assert_eq!(standing(short, 1.0, 2.0, 4.0), Standing::TopQuarter);
        assert_eq!(standing(short, 9.0, 2.0, 4.0), Standing::BottomQuarter);
        let cash = by_key("cash_to_debt").unwrap();
        let inf = f64::INFINITY;
        assert_eq!(standing(cash, inf, 0.5, inf), Standing::MiddleHalf);
        assert_eq!(standing(cash, inf, 0.5, 2.0), Standing::TopQuarter);
    }

    #[test]
    fn each_peer_counts_in_its_group_and_division() {
        let margin = |m: f64| AnswerFacts {
            number: 4,
            score: Some(3),
            metric: Some(m),
            metric_name: "net margin %",
            latest_profit: None,
        };
        let mut acc = Accumulator::default();
        acc.add(5331, &[margin(2.0)]);
        acc.add(5311, &[margin(4.0)]);
        acc.add(5812, &[margin(12.0)]);
        acc.add(9995, &[margin(50.0)]); // a shell: nobody's peer
        assert_eq!(acc.companies(), 3);
        let at = Utc::now();
        let stats = acc.finish(at);
        let find = |code: &str| stats.iter().find(|s| s.group_code == code).unwrap();
        assert_eq!((find("53").peer_count, find("53").median), (2, 3.0));
        assert_eq!((find("58").peer_count, find("58").median), (1, 12.0));
        assert_eq!((find("G").peer_count, find("G").median), (3, 4.0));
        assert_eq!(stats.len(), 3);
    }
}
