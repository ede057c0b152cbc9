//! Where a stored score stands in the rankings before the share-class rule (which needs the
//! company's other tickers, `crate::securities`): the part of `crate::ranking`'s rule that a
//! record decides on its own. The store keeps it beside each record (`rank_group`), so the
//! Top 25 is the first rows of an index rather than a read of every record.

use super::record::PROVISIONAL_BELOW;

/// Questions answered from the company's own filings and its price history.
const CORE_QUESTIONS: std::ops::RangeInclusive<u8> = 1..=10;

/// A stored score's standing on its own facts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScoreStanding {
    /// Ranked; `complete` when every one of questions 1-10 is answered and the record was
    /// checked for data faults.
    Ranked { complete: bool },
    /// Listed (the newsletter page) but not ranked or featured, with the reason.
    NotRanked(String),
}

/// Rows with no score at all: never listed.
pub const NO_SCORE_GROUP: i32 = 3;

impl ScoreStanding {
    /// A score's standing from what the store keeps beside it: answered questions, the data
    /// fault count (`None`: stored before the checks) and the unanswered questions
    /// (comma-separated numbers; `None`: stored before they were kept).
    pub fn of(answered: i32, fault_count: Option<i32>, unanswered: Option<&str>) -> ScoreStanding {
        if answered < i32::from(PROVISIONAL_BELOW) {
            return ScoreStanding::NotRanked(format!(
                "provisional: {answered} of 12 questions answered"
            ));
        }
        if fault_count.is_some_and(|n| n > 0) {
            return ScoreStanding::NotRanked("a data fault left questions unanswered".into());
        }
        let core_unanswered = unanswered.map(|list| {
            list.split(',')
                .filter_map(|n| n.trim().parse::<u8>().ok())
                .any(|n| CORE_QUESTIONS.contains(&n))
        });
        ScoreStanding::Ranked {
            complete: core_unanswered == Some(false) && fault_count.is_some(),
        }
    }

    /// The order of the rankings' groups (complete first, then incomplete, then not ranked),
    /// as the store keeps it in `rank_group` (3 is [`NO_SCORE_GROUP`]).
    pub fn group(&self) -> i32 {
        match self {
            ScoreStanding::Ranked { complete: true } => 0,
            ScoreStanding::Ranked { complete: false } => 1,
            ScoreStanding::NotRanked(_) => 2,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_follow_the_ranking_rule() {
        assert_eq!(ScoreStanding::of(12, Some(0), Some("")).group(), 0);
        assert_eq!(ScoreStanding::of(11, Some(0), Some("12")).group(), 0);
        assert_eq!(ScoreStanding::of(11, Some(0), Some("6")).group(), 1);
        assert_eq!(ScoreStanding::of(12, None, Some("")).group(), 1);
        assert_eq!(ScoreStanding::of(12, Some(0), None).group(), 1);
        assert_eq!(ScoreStanding::of(8, Some(0), Some("1,2,3,4")).group(), 2);
        assert_eq!(ScoreStanding::of(11, Some(1), Some("7")).group(), 2);
    }
}
