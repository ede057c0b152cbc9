//! From SEC's raw company facts to clean, deduplicated figures with provenance.
//!
//! Rules (each one answers a trap seen in real filings, see `docs/scoring.md`):
//! - Only facts from 10-K and 10-Q filings and their amendments count. Proxy statements
//!   (DEF 14A) repeat `NetIncomeLoss` rounded and without a fiscal period; 8-Ks and 20-Fs are
//!   not statements we score.
//! - Only facts filed on or before the as-of date count, so an analysis "as of" a past date
//!   sees what an investor could have seen then (and tests are deterministic).
//! - The same period can be reported many times (every later filing repeats it as a
//!   comparative). We keep one value per period: a 10-K (or 10-K/A) beats a 10-Q, because
//!   10-Q footnotes round (Apple's 10-Qs say term debt was "$96.7 billion" where the 10-K says
//!   96,662 million); within the same family the latest filing wins, so amendments and
//!   restatements replace what they correct.
//! - Share counts a filing tagged in thousands or millions are multiplied back when another
//!   filing reports the same period at full scale (`share_scale`).
//! - `fy`/`fp` describe the *filing*, not the fact, so periods come from `start`/`end` only.

use std::collections::HashMap;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::share_scale;
use crate::market_data::{CompanyFacts, RawFact};

/// One reported (or derived) number and where it came from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Figure {
    pub value: f64,
    /// `taxonomy:Concept`, or a short formula for derived figures
    /// (e.g. `us-gaap:Revenues - us-gaap:OperatingIncomeLoss`).
    pub concept: String,
    pub unit: String,
    /// Period start; `None` for instants (balance-sheet values, cover-page counts).
    pub start: Option<NaiveDate>,
    /// Period end, or the instant.
    pub end: NaiveDate,
    pub form: String,
    pub filed: NaiveDate,
    /// Accession number of the filing the value was taken from.
    pub accn: String,
    /// When the period was first reported (later filings repeat it as a comparative): the
    /// day the market could first know the number.
    pub first_filed: NaiveDate,
}

/// The kind of period a figure covers, told apart by its length in days.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PeriodKind {
    Instant,
    Quarter,
    HalfYear,
    NineMonths,
    /// A fiscal year (52/53-week years included), or a trailing twelve months in a 10-Q.
    Year,
    Other,
}

/// A 10-Q figure for unit tests: `start` and `end` as ISO dates, filed (first and last) on
/// `filed`.
#[cfg(test)]
pub(crate) fn test_figure(start: Option<&str>, end: &str, value: f64, filed: &str) -> Figure {
    let day = |s: &str| s.parse().expect("test dates are ISO dates");
    Figure {
        value,
        concept: "us-gaap:X".into(),
        unit: "USD".into(),
        start: start.map(day),
        end: day(end),
        form: "10-Q".into(),
        filed: day(filed),
        accn: "a".into(),
        first_filed: day(filed),
    }
}

impl Figure {
    /// Length of the period in days (0 for instants).
    pub fn days(&self) -> i64 {
        self.start
            .map_or(0, |start| (self.end - start).num_days() + 1)
    }

    /// Quarter, year-to-date, year or instant, from the period's length.
    pub fn kind(&self) -> PeriodKind {
        match self.start {
            None => PeriodKind::Instant,
            Some(_) => match self.days() {
                80..=100 => PeriodKind::Quarter,
                170..=190 => PeriodKind::HalfYear,
                260..=285 => PeriodKind::NineMonths,
                350..=380 => PeriodKind::Year,
                _ => PeriodKind::Other,
            },
        }
    }

    /// True when the figure comes from an annual report (10-K or 10-K/A).
    pub fn from_annual_report(&self) -> bool {
        is_annual_form(&self.form)
    }

    /// A copy with another value and concept label, for figures derived from this one.
    pub fn derived(&self, value: f64, concept: String) -> Figure {
        Figure {
            value,
            concept,
            ..self.clone()
        }
    }
}

/// The forms whose facts are financial statements we score.
pub fn is_statement_form(form: &str) -> bool {
    matches!(form, "10-K" | "10-K/A" | "10-Q" | "10-Q/A")
}

fn is_annual_form(form: &str) -> bool {
    matches!(form, "10-K" | "10-K/A")
}

/// The units we read: money in dollars, share counts, and per-share dollars.
const UNITS: [&str; 3] = ["USD", "shares", "USD/shares"];

/// The latest statement filing seen (the "report" the page refers to).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReportInfo {
    pub accession: String,
    pub form: String,
    pub filed: NaiveDate,
    /// The latest period end the filing reports: the date the report is "as of".
    pub period_end: NaiveDate,
}

/// All usable figures of one company, one per concept and period.
#[derive(Debug, Clone, Default)]
pub struct FactBook {
    by_concept: HashMap<String, Vec<Figure>>,
    report: Option<ReportInfo>,
}

impl FactBook {
    /// Indexes the `us-gaap` and `dei` facts of `wanted` concepts (bare names such as
    /// `Revenues`), keeping statement forms filed on or before `as_of`, one value per period.
    ///
    /// Duplicates are resolved on the raw facts first (ISO dates compare as strings), so only
    /// the kept facts are parsed and copied: Apple's file has ~50,000 facts, and this runs on
    /// every analysis.
    pub fn build(facts: &CompanyFacts, wanted: &[&str], as_of: NaiveDate) -> FactBook {
        let as_of_text = as_of.format("%Y-%m-%d").to_string();
        let visible = |fact: &RawFact| {
            is_statement_form(&fact.form) && fact.filed.as_str() <= as_of_text.as_str()
        };
        let mut book = FactBook::default();
        let mut latest: Option<&RawFact> = None;
        for taxonomy in ["us-gaap", "dei"] {
            let Some(concepts) = facts.facts.get(taxonomy) else {
                continue;
            };
            for (name, concept) in concepts {
                let want = wanted.contains(&name.as_str());
                for unit in UNITS {
                    let Some(raw) = concept.units.get(unit) else {
                        continue;
                    };
                    // Counts a filing tagged in thousands or millions are multiplied back first.
                    let fixes = if unit == "shares" && want {
                        let visible: Vec<&RawFact> = raw.iter().filter(|f| visible(f)).collect();
                        share_scale::scale_fixes(&visible)
                    } else {
                        HashMap::new()
                    };
                    // (start, end) -> (best fact, earliest filing date of the period).
                    let mut kept: HashMap<(Option<&str>, &str), (&RawFact, &str)> = HashMap::new();
                    for fact in raw.iter().filter(|f| visible(f)) {
                        // Track the newest statement filing across every concept.
                        if latest.is_none_or(|l| {
                            (fact.filed.as_str(), fact.accn.as_str())
                                > (l.filed.as_str(), l.accn.as_str())
                        }) {
                            latest = Some(fact);
                        }
                        if !want {
                            continue;
                        }
                        let key = (fact.start.as_deref(), fact.end.as_str());
                        let entry = kept.entry(key).or_insert((fact, fact.filed.as_str()));
                        entry.1 = entry.1.min(fact.filed.as_str());
                        if raw_rank(fact) > raw_rank(entry.0) {
                            entry.0 = fact;
                        }
                    }
                    let mut list: Vec<Figure> = kept
                        .into_values()
                        .filter_map(|(fact, first)| {
                            let mut figure = to_figure(fact, taxonomy, name, unit)?;
                            figure.first_filed = parse_date(first).unwrap_or(figure.filed);
                            if let Some(fix) = fixes.get(&figure.accn) {
                                figure.value *= fix.factor;
                                figure.concept.push_str(&fix.label(&figure.accn));
                            }
                            Some(figure)
                        })
                        .collect();
                    if !list.is_empty() {
                        list.sort_by_key(|f| (f.end, f.start));
                        book.by_concept.insert(name.clone(), list);
                    }
                }
            }
        }
        if let Some(fact) = latest
            && let Some(filed) = parse_date(&fact.filed)
        {
            book.report = Some(ReportInfo {
                period_end: book.period_end_of(facts, &fact.accn, filed),
                accession: fact.accn.clone(),
                form: fact.form.clone(),
                filed,
            });
        }
        book
    }

    /// For every period, the figure of the first concept in `concepts` that reports it.
    pub fn merged(&self, concepts: &[&str]) -> Vec<Figure> {
        let mut seen = std::collections::HashSet::new();
        let mut out: Vec<Figure> = Vec::new();
        for concept in concepts {
            for figure in self.get(concept) {
                if seen.insert((figure.start, figure.end)) {
                    out.push(figure.clone());
                }
            }
        }
        out.sort_by_key(|f| (f.end, f.start));
        out
    }

    /// Figures of one concept (bare name), sorted by period end.
    pub fn get(&self, concept: &str) -> &[Figure] {
        self.by_concept.get(concept).map_or(&[], Vec::as_slice)
    }

    /// True when no wanted concept had a usable fact.
    pub fn is_empty(&self) -> bool {
        self.by_concept.is_empty()
    }

    /// The newest 10-K/10-Q filing among the facts.
    pub fn report(&self) -> Option<&ReportInfo> {
        self.report.as_ref()
    }

    /// The latest period end this filing reports: the newest duration it covers, or, when it
    /// carries only balance-sheet values, the newest instant on or before its filing date
    /// (cover-page counts are dated after the period and don't count).
    fn period_end_of(&self, facts: &CompanyFacts, accession: &str, filed: NaiveDate) -> NaiveDate {
        let (mut duration_end, mut instant_end): (Option<NaiveDate>, Option<NaiveDate>) =
            (None, None);
        for concepts in facts.facts.values() {
            for concept in concepts.values() {
                for fact in concept
                    .units
                    .values()
                    .flatten()
                    .filter(|f| f.accn == accession)
                {
                    let Ok(end) = NaiveDate::parse_from_str(&fact.end, "%Y-%m-%d") else {
                        continue;
                    };
                    let slot = if fact.start.is_some() {
                        &mut duration_end
                    } else {
                        &mut instant_end
                    };
                    if end <= filed {
                        *slot = Some(slot.map_or(end, |e| e.max(end)));
                    }
                }
            }
        }
        duration_end.or(instant_end).unwrap_or(filed)
    }
}

/// Ordering of duplicates for one period: annual-report values first, then the latest filing.
fn raw_rank(fact: &RawFact) -> (bool, &str, &str) {
    (
        is_annual_form(&fact.form),
        fact.filed.as_str(),
        fact.accn.as_str(),
    )
}

fn parse_date(text: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").ok()
}

fn to_figure(fact: &RawFact, taxonomy: &str, name: &str, unit: &str) -> Option<Figure> {
    if !fact.val.is_finite() {
        return None;
    }
    let filed = parse_date(&fact.filed)?;
    let end = parse_date(&fact.end)?;
    let start = match &fact.start {
        Some(start) => Some(parse_date(start)?),
        None => None,
    };
    if start.is_some_and(|s| s > end) {
        return None;
    }
    Some(Figure {
        value: fact.val,
        concept: format!("{taxonomy}:{name}"),
        unit: unit.to_string(),
        start,
        end,
        form: fact.form.clone(),
        filed,
        accn: fact.accn.clone(),
        first_filed: filed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::market_data::Concept;

    fn fact(
        start: Option<&str>,
        end: &str,
        val: f64,
        form: &str,
        filed: &str,
        accn: &str,
    ) -> RawFact {
        RawFact {
            start: start.map(String::from),
            end: end.into(),
            val,
            accn: accn.into(),
            form: form.into(),
            filed: filed.into(),
            ..RawFact::default()
        }
    }

    fn book_of(facts: Vec<RawFact>, as_of: &str) -> FactBook {
        let mut company = CompanyFacts::default();
        let concept = Concept {
            units: HashMap::from([("USD".to_string(), facts)]),
        };
        company.facts.insert(
            "us-gaap".into(),
            HashMap::from([("NetIncomeLoss".to_string(), concept)]),
        );
        FactBook::build(&company, &["NetIncomeLoss"], as_of.parse().unwrap())
    }

    #[test]
    fn proxy_facts_are_ignored_and_ten_k_beats_rounded_ten_q() {
        let book = book_of(
            vec![
                fact(
                    Some("2025-01-01"),
                    "2025-12-31",
                    57_048e6,
                    "10-K",
                    "2026-02-13",
                    "a",
                ),
                fact(
                    Some("2025-01-01"),
                    "2025-12-31",
                    57_000e6,
                    "DEF 14A",
                    "2026-04-06",
                    "p",
                ),
                fact(
                    Some("2025-01-01"),
                    "2025-12-31",
                    57_000e6,
                    "10-Q",
                    "2026-05-01",
                    "q",
                ),
            ],
            "2026-09-01",
        );
        let figures = book.get("NetIncomeLoss");
        assert_eq!(figures.len(), 1);
        assert_eq!(figures[0].value, 57_048e6);
        assert_eq!(figures[0].accn, "a");
        assert_eq!(figures[0].first_filed.to_string(), "2026-02-13");
    }

    #[test]
    fn amendments_replace_and_later_filings_are_invisible_before_they_exist() {
        let facts = vec![
            fact(
                Some("2024-01-01"),
                "2024-12-31",
                10.0,
                "10-K",
                "2025-02-01",
                "orig",
            ),
            fact(
                Some("2024-01-01"),
                "2024-12-31",
                12.0,
                "10-K/A",
                "2025-06-01",
                "amend",
            ),
        ];
        let amended = book_of(facts.clone(), "2025-12-31");
        assert_eq!(amended.get("NetIncomeLoss")[0].value, 12.0);
        assert_eq!(
            amended.get("NetIncomeLoss")[0].first_filed.to_string(),
            "2025-02-01"
        );
        assert_eq!(
            book_of(facts, "2025-03-01").get("NetIncomeLoss")[0].value,
            10.0
        );
    }

    #[test]
    fn periods_are_told_apart_by_length() {
        let book = book_of(
            vec![
                fact(
                    Some("2024-09-29"),
                    "2025-09-27",
                    1.0,
                    "10-K",
                    "2025-10-31",
                    "k",
                ),
                fact(
                    Some("2025-09-28"),
                    "2025-12-27",
                    2.0,
                    "10-Q",
                    "2026-01-30",
                    "q1",
                ),
                fact(
                    Some("2025-09-28"),
                    "2026-03-28",
                    3.0,
                    "10-Q",
                    "2026-05-01",
                    "q2",
                ),
                fact(
                    Some("2025-09-28"),
                    "2026-06-27",
                    4.0,
                    "10-Q",
                    "2026-07-31",
                    "q3",
                ),
                fact(None, "2026-06-27", 5.0, "10-Q", "2026-07-31", "q3"),
            ],
            "2026-08-01",
        );
        let kinds: Vec<PeriodKind> = book.get("NetIncomeLoss").iter().map(Figure::kind).collect();
        assert_eq!(
            kinds,
            vec![
                PeriodKind::Year,
                PeriodKind::Quarter,
                PeriodKind::HalfYear,
                PeriodKind::Instant,
                PeriodKind::NineMonths
            ]
        );
        assert_eq!(book.report().unwrap().accession, "q3");
        assert_eq!(book.report().unwrap().period_end.to_string(), "2026-06-27");
    }
}
