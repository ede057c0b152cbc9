//! What a stock question is about, from its words: the common questions the offline
//! responder answers (score, debt, sales, price, short interest, the bond, the notes...).

/// A topic of a stock question.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Topic {
    Score,
    Debt,
    Sales,
    Earnings,
    CashFlow,
    Valuation,
    Bond,
    Dilution,
    Ownership,
    ShortInterest,
    /// What the annual-report notes and documents say (risks, competition, outlook...).
    Notes,
}

/// Word stems per topic; a question word starting with a stem counts.
const STEMS: &[(Topic, &[&str])] = &[
    (Topic::ShortInterest, &["short"]),
    (
        Topic::Debt,
        &[
            "debt", "owe", "borrow", "loan", "leverag", "liabilit", "solven",
        ],
    ),
    (
        Topic::Sales,
        &["sales", "revenue", "grow", "growth", "top-line"],
    ),
    (
        Topic::Earnings,
        &[
            "earning", "profit", "income", "margin", "lose", "losing", "loss",
        ],
    ),
    (Topic::CashFlow, &["cash-flow", "flow", "fcf", "capex"]),
    (
        Topic::Valuation,
        &[
            "expensive",
            "cheap",
            "valuation",
            "overvalu",
            "undervalu",
            "p/e",
            "pe",
            "ratio",
            "pricey",
            "price",
            "multiple",
        ],
    ),
    (
        Topic::Bond,
        &["bond", "treasury", "yield", "government", "t-bill"],
    ),
    (Topic::Dilution, &["dilut", "buyback", "share-count"]),
    (
        Topic::Ownership,
        &[
            "insider",
            "institution",
            "owns",
            "owner",
            "ownership",
            "holder",
        ],
    ),
    (
        Topic::Notes,
        &[
            "risk",
            "note",
            "10-k",
            "annual",
            "report",
            "lawsuit",
            "legal",
            "compet",
            "outlook",
            "future",
            "management",
            "supplier",
            "covenant",
            "document",
            "filing",
            "say",
            "says",
            "business",
            "overview",
        ],
    ),
    (
        Topic::Score,
        &[
            "score", "rating", "grade", "safe", "why", "overall", "good", "bad", "buy", "worth",
            "invest", "healthy", "summary", "think",
        ],
    ),
];

/// The topics `words` touch, most specific first (at most three).
pub fn detect(words: &[String]) -> Vec<Topic> {
    let mut found: Vec<Topic> = Vec::new();
    for (topic, stems) in STEMS {
        let hit = words.iter().any(|w| {
            stems.iter().any(|s| {
                // Two-letter stems (`pe`) must match the whole word.
                if s.len() <= 2 {
                    w == s
                } else {
                    w.starts_with(s)
                }
            })
        });
        if hit && !found.contains(topic) {
            found.push(*topic);
        }
    }
    // "cash" alone is about the balance sheet; with "flow" it is the cash-flow question.
    let cash = words.iter().any(|w| w == "cash");
    if cash && !found.contains(&Topic::CashFlow) && !found.contains(&Topic::Debt) {
        found.push(Topic::Debt);
    }
    // The score is the summary: only when nothing more specific was asked.
    if found.len() > 1 {
        found.retain(|t| *t != Topic::Score);
    }
    found.truncate(3);
    found
}

/// Which topics a question is about, in the order they should be answered.
pub fn topics_of(message: &str) -> Vec<Topic> {
    detect(&super::knowledge::question_words(message))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assistant::knowledge::question_words;

    fn topics(q: &str) -> Vec<Topic> {
        detect(&question_words(q))
    }

    #[test]
    fn the_common_questions_find_their_topic() {
        assert_eq!(topics("what's the debt situation?"), vec![Topic::Debt]);
        assert_eq!(topics("What's the score and why?"), vec![Topic::Score]);
        assert_eq!(topics("how did sales grow?"), vec![Topic::Sales]);
        assert_eq!(topics("is it expensive?"), vec![Topic::Valuation]);
        assert_eq!(
            topics("what does the short interest mean?"),
            vec![Topic::ShortInterest]
        );
        assert_eq!(topics("compare it to the bond"), vec![Topic::Bond]);
        assert_eq!(
            topics("what do the notes say about risks?"),
            vec![Topic::Notes]
        );
        assert_eq!(topics("how much cash do they have"), vec![Topic::Debt]);
        assert_eq!(topics("free cash flow?"), vec![Topic::CashFlow]);
        assert!(topics("tell me a joke about ducks").is_empty());
    }
}
