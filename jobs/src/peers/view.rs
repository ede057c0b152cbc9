//! A company's questions next to its peers, as `GET /api/analyze-stock/{T}` serves them
//! (`peers`): per answered question, the group compared with, its quartiles and count, where
//! the company stands, and the sentence; or why there is no comparison.

use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;

use super::{
    groups::{PeerGroup, PeerLevel, groups_of},
    metrics::{AnswerFacts, MetricKind, figure, peer_metric},
    sentence,
    stats::{MIN_PEERS, Standing, standing},
};
use crate::{
    analysis::{AnalysisRecord, Band, QuestionResult},
    store::{Store, StoreResult, sector_stats::SectorStat},
};

/// One question next to its peers.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct QuestionPeers {
    /// 1..=12.
    pub number: u8,
    /// What is compared, as the record names it ("net margin %").
    pub metric_name: String,
    /// The group compared with (or, with too few peers, the widest one tried), in plain
    /// words: "general merchandise stores", "retailers".
    pub group: String,
    /// `"53"` (SIC major group) or `"G"` (SIC division).
    pub group_code: String,
    pub level: PeerLevel,
    /// Scored companies in that group with this metric, the company itself included.
    pub count: u32,
    /// When the statistics were computed (the last nightly run).
    pub computed_on: NaiveDate,
    /// Why the division is used: its industry group alone is too small. `None` otherwise.
    pub note: Option<String>,
    /// The median, quartiles and grade: only when `count` is at least 10.
    pub comparison: Option<PeerComparison>,
    /// Bubba's sentence, or "Too few peers to compare (...)".
    pub sentence: String,
}

/// The group's numbers and where the company stands among them.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct PeerComparison {
    /// `null` when unbounded: more than half the group has no debt at all (question 6).
    pub median: Option<f64>,
    pub p25: Option<f64>,
    pub p75: Option<f64>,
    /// The figures as the card shows them, in the metric's unit ("2.9%", "no debt").
    pub company_figure: String,
    pub median_figure: String,
    pub p25_figure: String,
    pub p75_figure: String,
    pub standing: PeerStanding,
    /// The sector-relative grade in words ("Middle half of its peers").
    pub grade: String,
    /// Its colour: green top quarter, yellow middle half, red bottom quarter.
    pub band: Band,
}

/// [`Standing`] on the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub enum PeerStanding {
    TopQuarter,
    MiddleHalf,
    BottomQuarter,
}

/// A company's questions next to its peers, and when the statistics were computed (part of
/// what a kept answer is built from).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CompanyPeers {
    /// `None` before the first run of `ComputeSectorStats`.
    pub computed_at: Option<DateTime<Utc>>,
    /// Empty when the record has no SIC code (or one in no group) or nothing was computed.
    pub questions: Vec<QuestionPeers>,
}

/// Reads the statistics of `record`'s groups and compares its answers with them.
pub async fn for_record(store: &Store, record: &AnalysisRecord) -> StoreResult<CompanyPeers> {
    let computed_at = store.sector_stats_at().await?;
    let (Some(at), Some(groups)) = (computed_at, record.sic.and_then(groups_of)) else {
        return Ok(CompanyPeers {
            computed_at,
            questions: Vec::new(),
        });
    };
    let stats = store
        .sector_stats_for(&[groups[0].code, groups[1].code])
        .await?;
    Ok(CompanyPeers {
        computed_at,
        questions: compare(record, &groups, &stats, at),
    })
}

/// Each answered question of `record` against the statistics of its two groups (`stats`,
/// computed at `at`). Pure.
pub fn compare(
    record: &AnalysisRecord,
    groups: &[PeerGroup; 2],
    stats: &[SectorStat],
    at: DateTime<Utc>,
) -> Vec<QuestionPeers> {
    record
        .questions
        .iter()
        .filter_map(|q| question(q, groups, stats, at))
        .collect()
}

fn question(
    q: &QuestionResult,
    groups: &[PeerGroup; 2],
    stats: &[SectorStat],
    at: DateTime<Utc>,
) -> Option<QuestionPeers> {
    let (kind, value) = peer_metric(&AnswerFacts::of(q))?;
    let stat = |group: &PeerGroup| {
        stats.iter().find(|s| {
            s.group_code == group.code
                && s.question == i32::from(kind.question)
                && s.metric == kind.key
        })
    };
    let count = |s: Option<&SectorStat>| s.map_or(0, |s| u32::try_from(s.peer_count).unwrap_or(0));
    let [industry, division] = groups;
    let (narrow, wide) = (stat(industry), stat(division));
    let base = |group: &PeerGroup, n: u32, computed: DateTime<Utc>| QuestionPeers {
        number: q.number,
        metric_name: q.metric_name.clone(),
        group: group.name.to_string(),
        group_code: group.code.to_string(),
        level: group.level,
        count: n,
        computed_on: computed.date_naive(),
        note: None,
        comparison: None,
        sentence: String::new(),
    };
    let chosen = if count(narrow) >= MIN_PEERS {
        narrow.map(|s| (industry, s, None))
    } else if count(wide) >= MIN_PEERS {
        let note = format!(
            "{}: only {} scored on this, so this compares with all {}.",
            capitalized(industry.name),
            count(narrow),
            division.name
        );
        wide.map(|s| (division, s, Some(note)))
    } else {
        None
    };
    let Some((group, s, note)) = chosen else {
        let mut out = base(division, count(wide), at);
        out.sentence =
            sentence::too_few((industry.name, count(narrow)), (division.name, count(wide)));
        return Some(out);
    };
    let standing = standing(kind, value, s.p25, s.p75);
    let mut out = base(group, count(Some(s)), s.computed_at);
    out.note = note;
    out.sentence = sentence::compared(kind, q.band, standing, group.name, s.median);
    out.comparison = Some(comparison(kind, value, s, standing));
    Some(out)
}

fn capitalized(words: &str) -> String {
    let mut chars = words.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

fn comparison(kind: &MetricKind, value: f64, s: &SectorStat, standing: Standing) -> PeerComparison {
    let finite = |v: f64| v.is_finite().then_some(v);
    let (standing, grade, band) = match standing {
        Standing::TopQuarter => (
            PeerStanding::TopQuarter,
            "Top quarter of its peers",
            Band::Green,
        ),
        Standing::MiddleHalf => (
            PeerStanding::MiddleHalf,
            "Middle half of its peers",
            Band::Yellow,
        ),
        Standing::BottomQuarter => (
            PeerStanding::BottomQuarter,
            "Bottom quarter of its peers",
            Band::Red,
        ),
    };
    PeerComparison {
        median: finite(s.median),
        p25: finite(s.p25),
        p75: finite(s.p75),
        company_figure: figure(kind, value),
        median_figure: figure(kind, s.median),
        p25_figure: figure(kind, s.p25),
        p75_figure: figure(kind, s.p75),
        standing,
        grade: grade.to_string(),
        band,
    }
}
