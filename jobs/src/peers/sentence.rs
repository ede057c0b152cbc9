//! Bubba's sentence beside the peers' median, built from the numbers (VOICE.md: the code fills
//! in every figure). It opens with the company's own grade in words when that grade is red or
//! green ("Thin margins", "Fat margins"), then where the company stands among its peers, then
//! what the median peer does: "Thin margins, but normal for general merchandise stores: the
//! median one keeps 2.5 cents of each dollar of sales."

use super::{
    metrics::{MetricKind, median_clause},
    stats::{MIN_PEERS, Standing},
};
use crate::analysis::Band;

/// The sentence for a company graded `band` on `kind` (its absolute 0-10 grade's colour),
/// standing `standing` among `group` (plain words, plural), whose median is `median`.
pub fn compared(
    kind: &MetricKind,
    band: Option<Band>,
    standing: Standing,
    group: &str,
    median: f64,
) -> String {
    let opening = match (standing, band) {
        (Standing::MiddleHalf, Some(Band::Red)) => format!("{}, but normal for {group}", kind.weak),
        (Standing::MiddleHalf, Some(Band::Green)) => {
            format!("{}, and about normal for {group}", kind.strong)
        }
        (Standing::MiddleHalf, _) => format!("About normal for {group}"),
        (Standing::TopQuarter, Some(Band::Red)) => {
            format!("{}, but better than most {group}", kind.weak)
        }
        (Standing::TopQuarter, _) => format!("Better than most {group}"),
        (Standing::BottomQuarter, Some(Band::Green)) => {
            format!("{}, but behind most {group}", kind.strong)
        }
        (Standing::BottomQuarter, _) => format!("Behind most {group}"),
    };
    format!("{opening}: {}.", median_clause(kind, median))
}

/// What the card says instead of a median when neither group has [`MIN_PEERS`] companies
/// with the metric: how many each has.
pub fn too_few(group: (&str, u32), division: (&str, u32)) -> String {
    let count = |n: u32| match n {
        0 => "none".to_string(),
        n => n.to_string(),
    };
    format!(
        "Too few peers to compare ({} scored among {}, {} among all {}); Bubba wants at least {MIN_PEERS}.",
        count(group.1),
        group.0,
        count(division.1),
        division.0
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::peers::metrics::by_key;

    #[test]
    fn the_opening_weighs_the_grade_against_the_peers() {
        let margin = by_key("net_margin").unwrap();
        assert_eq!(
            compared(
                margin,
                Some(Band::Red),
                Standing::MiddleHalf,
                "general merchandise stores",
                2.5
            ),
            "Thin margins, but normal for general merchandise stores: the median one keeps 2.5 cents of each dollar of sales."
        );
        assert_eq!(
            compared(
                margin,
                Some(Band::Green),
                Standing::BottomQuarter,
                "software and business services companies",
                21.04
            ),
            "Fat margins, but behind most software and business services companies: the median one keeps 21.0 cents of each dollar of sales."
        );
        assert_eq!(
            compared(
                margin,
                Some(Band::Yellow),
                Standing::TopQuarter,
                "retailers",
                3.0
            ),
            "Better than most retailers: the median one keeps 3.0 cents of each dollar of sales."
        );
    }

    #[test]
    fn too_few_says_how_many() {
        assert_eq!(
            too_few(("general merchandise stores", 3), ("retailers", 0)),
            "Too few peers to compare (3 scored among general merchandise stores, none among all retailers); Bubba wants at least 10."
        );
    }
}
