//! Share counts tagged at the wrong scale. XBRL values are whole shares, but a filing can tag
//! its counts in thousands or millions by mistake: McDonald's 10-Ks of 2025 and 2026 give
//! FY2022's diluted shares as 741.3 "shares" where the 10-K 0000063908-23-000012 gave
//! 741,300,000 for the same year. Taking the newest value priced the company at $191,617.
//!
//! The rule: when two filings report the same period at values 1,000 or 1,000,000 times apart,
//! the one with the smaller values tagged its counts in thousands or millions; every count
//! that filing tagged (its other periods too) is multiplied back, and the figure's label names
//! both filings. Filings that agree with each other form one basis, so a run of filings that
//! all made the same mistake is corrected through the comparatives they share with an older,
//! right one. A filing that shares no period with any other keeps its values (the plausibility
//! bounds in `share_basis` catch what this cannot decide).

use std::collections::HashMap;

use crate::market_data::RawFact;

/// How a filing's counts are corrected: the factor and the filing whose values showed it.
#[derive(Debug, Clone, PartialEq)]
pub struct ScaleFix {
    pub factor: f64,
    pub evidence_accn: String,
}

impl ScaleFix {
    /// The label suffix that cites both filings.
    pub fn label(&self, accn: &str) -> String {
        let unit = if self.factor >= 1e6 {
            "millions"
        } else {
            "thousands"
        };
        format!(
            " (x{}: {accn} tagged the count in {unit}; the same period in {} is that much larger)",
            if self.factor >= 1e6 {
                "1,000,000"
            } else {
                "1,000"
            },
            self.evidence_accn
        )
    }
}

/// Same basis: two reports of one period within 20% (restatements move a count by percents).
fn same_basis(ratio: f64) -> bool {
    (0.8..=1.25).contains(&ratio)
}

/// How many powers of 1,000 `ratio` is (1 or 2, either way), within 3%.
fn thousands_power(ratio: f64) -> Option<i32> {
    [1, 2, -1, -2]
        .into_iter()
        .find(|p| (ratio / 1000f64.powi(*p) - 1.0).abs() < 0.03)
}

/// A reported period: (start, end) as filed.
type Period<'a> = (Option<&'a str>, &'a str);

/// For each filing whose share counts are off by a power of 1,000 against another filing's
/// report of the same period, the correction. `facts` are one concept's share facts.
pub fn scale_fixes(facts: &[&RawFact]) -> HashMap<String, ScaleFix> {
    // Filings by number, in the order first met.
    let mut accns: Vec<&str> = Vec::new();
    let mut index: HashMap<&str, usize> = HashMap::new();
    for fact in facts {
        index.entry(fact.accn.as_str()).or_insert_with(|| {
            accns.push(fact.accn.as_str());
            accns.len() - 1
        });
    }
    let mut by_period: HashMap<Period, Vec<(usize, f64)>> = HashMap::new();
    for fact in facts.iter().filter(|f| f.val > 0.0) {
        by_period
            .entry((fact.start.as_deref(), fact.end.as_str()))
            .or_default()
            .push((index[fact.accn.as_str()], fact.val));
    }
    // Filings that agree on some period share a basis.
    let mut parent: Vec<usize> = (0..accns.len()).collect();
    let mut scale_edges: Vec<(usize, usize, i32)> = Vec::new();
    for reports in by_period.values() {
        for (i, (a, va)) in reports.iter().enumerate() {
            for (b, vb) in &reports[i + 1..] {
                let ratio = va / vb;
                if same_basis(ratio) {
                    union(&mut parent, *a, *b);
                } else if let Some(power) = thousands_power(ratio) {
                    scale_edges.push((*a, *b, power));
                }
            }
        }
    }
    if scale_edges.is_empty() {
        return HashMap::new();
    }
    // The bases linked by those gaps, each with its level in powers of 1,000 within its linked
    // part: the basis with the largest values in a part is right, the others are multiplied
    // up to it. Levels of parts that share no period are not compared.
    let mut links: HashMap<usize, Vec<(usize, i32, usize)>> = HashMap::new();
    for &(a, b, power) in &scale_edges {
        let (ga, gb) = (find(&mut parent, a), find(&mut parent, b));
        if ga == gb {
            continue; // contradictory reports within one basis: leave them alone
        }
        // level(a) - level(b) = power; each link keeps the filing on the far side.
        links.entry(ga).or_default().push((gb, -power, b));
        links.entry(gb).or_default().push((ga, power, a));
    }
    let mut level: HashMap<usize, i32> = HashMap::new();
    let mut fixes = HashMap::new();
    let mut starts: Vec<usize> = links.keys().copied().collect();
    starts.sort_unstable();
    for start in starts {
        if level.contains_key(&start) {
            continue;
        }
        let mut part = vec![start];
        level.insert(start, 0);
        let mut next = 0;
        while next < part.len() {
            let group = part[next];
            next += 1;
            let here = level[&group];
            for &(other, delta, _) in &links[&group] {
                if let std::collections::hash_map::Entry::Vacant(slot) = level.entry(other) {
                    slot.insert(here + delta);
                    part.push(other);
                }
            }
        }
        let top = part.iter().map(|g| level[g]).max().unwrap_or(0);
        for group in part.iter().copied().filter(|g| level[g] < top) {
            // Cite a filing of the right basis, one this basis shares a period with if any.
            let evidence = links[&group]
                .iter()
                .find(|(other, _, _)| level[other] == top)
                .map(|(_, _, filing)| *filing)
                .or_else(|| {
                    (0..accns.len()).find(|i| {
                        let g = find(&mut parent, *i);
                        level.get(&g) == Some(&top) && part.contains(&g)
                    })
                });
            let factor = 1000f64.powi(top - level[&group]);
            for i in 0..accns.len() {
                if find(&mut parent, i) == group {
                    fixes.insert(
                        accns[i].to_string(),
                        ScaleFix {
                            factor,
                            evidence_accn: evidence
                                .map_or_else(String::new, |e| accns[e].to_string()),
                        },
                    );
                }
            }
        }
    }
    fixes
}

fn find(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

fn union(parent: &mut [usize], a: usize, b: usize) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    if ra != rb {
        parent[ra] = rb;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fact(start: &str, end: &str, val: f64, accn: &str) -> RawFact {
        RawFact {
            start: Some(start.into()),
            end: end.into(),
            val,
            accn: accn.into(),
            form: "10-K".into(),
            filed: "2026-02-01".into(),
            ..RawFact::default()
        }
    }

    #[test]
    fn a_run_of_filings_in_millions_is_scaled_back_through_a_shared_period() {
        let facts = [
            fact("2022-01-01", "2022-12-31", 741_300_000.0, "right-2023"),
            fact("2021-01-01", "2021-12-31", 750_100_000.0, "right-2023"),
            fact("2022-01-01", "2022-12-31", 741.3, "wrong-2025"),
            fact("2024-01-01", "2024-12-31", 721.9, "wrong-2025"),
            fact("2024-01-01", "2024-12-31", 721.9, "wrong-2026"),
            fact("2025-01-01", "2025-12-31", 716.4, "wrong-2026"),
        ];
        let refs: Vec<&RawFact> = facts.iter().collect();
        let fixes = scale_fixes(&refs);
        assert_eq!(fixes.len(), 2, "{fixes:?}");
        for accn in ["wrong-2025", "wrong-2026"] {
            assert_eq!(fixes[accn].factor, 1e6);
            assert_eq!(fixes[accn].evidence_accn, "right-2023");
        }
        assert!(
            fixes["wrong-2026"]
                .label("wrong-2026")
                .contains("in millions")
        );
    }

    #[test]
    fn parts_that_share_no_period_are_judged_each_on_its_own() {
        // Two unrelated slips, each against its own right neighbour: the right filings keep
        // their values whichever way round the pairs were met.
        let facts = [
            fact("2020-01-01", "2020-12-31", 1_078_030.0, "slip-a"),
            fact("2020-01-01", "2020-12-31", 1_078_030_000.0, "right-a"),
            fact("2021-01-01", "2021-12-31", 1_328_151_000.0, "right-b"),
            fact("2021-01-01", "2021-12-31", 1_328_151.0, "slip-b"),
        ];
        let refs: Vec<&RawFact> = facts.iter().collect();
        let fixes = scale_fixes(&refs);
        assert_eq!(fixes.len(), 2, "{fixes:?}");
        assert_eq!(fixes["slip-a"].evidence_accn, "right-a");
        assert_eq!(fixes["slip-b"].evidence_accn, "right-b");
    }

    #[test]
    fn thousands_are_found_and_agreeing_or_split_restated_filings_are_left_alone() {
        let facts = [
            fact("2022-01-01", "2022-12-31", 5_000_000.0, "a"),
            fact("2022-01-01", "2022-12-31", 5_000.0, "b"),
        ];
        let refs: Vec<&RawFact> = facts.iter().collect();
        assert_eq!(scale_fixes(&refs)["b"].factor, 1e3);
        // A 10-for-1 split restating a comparative, and a small restatement: no fix.
        let facts = [
            fact("2022-01-01", "2022-12-31", 2_500_000_000.0, "before"),
            fact("2022-01-01", "2022-12-31", 25_000_000_000.0, "after"),
            fact("2023-01-01", "2023-12-31", 100_000_000.0, "c"),
            fact("2023-01-01", "2023-12-31", 101_000_000.0, "d"),
        ];
        let refs: Vec<&RawFact> = facts.iter().collect();
        assert!(scale_fixes(&refs).is_empty());
    }
}
