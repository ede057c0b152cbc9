//! The Top 25 rule on hand-made rows.

use super::*;

fn row(symbol: &str, cik: i64, score: i32, unanswered: &str) -> ScoreRow {
    let answered = 12 - unanswered.split(',').filter(|n| !n.is_empty()).count() as i32;
    ScoreRow {
        symbol: symbol.into(),
        company_name: format!("{symbol} Inc"),
        score,
        answered_questions: answered,
        unanswered_questions: Some(unanswered.into()),
        data_fault_count: Some(0),
        cik: Some(cik),
    }
}

fn issuers(list: &[(i64, &[&str])]) -> HashMap<i64, Vec<String>> {
    list.iter()
        .map(|(cik, tickers)| (*cik, tickers.iter().map(|t| t.to_string()).collect()))
        .collect()
}

#[test]
fn a_blank_filing_question_ranks_below_every_complete_company() {
    let rows = vec![
        // T-Mobile's case: 84 with its debt question (Q6) blank.
        row("TMUS", 1, 84, "6"),
        row("MSFT", 2, 71, "12"),
        row("JPM", 3, 74, "12"),
        row("AAPL", 4, 62, ""),
    ];
    let all = issuers(&[
        (1, &["TMUS"]),
        (2, &["MSFT"]),
        (3, &["JPM"]),
        (4, &["AAPL"]),
    ]);
    let top = top(rows, &all, 25);
    let order: Vec<&str> = top.iter().map(|t| t.symbol.as_str()).collect();
    // Q12 (FINRA's float) missing does not demote; Q6 missing does.
    assert_eq!(order, ["JPM", "MSFT", "AAPL", "TMUS"]);
    assert_eq!(top[0].score_basis, "11 of 12");
    assert_eq!(top[2].score_basis, "12 of 12");
}

#[test]
fn provisional_faulty_and_non_common_scores_are_never_ranked() {
    let mut faulty = row("MCD", 5, 78, "7,8");
    faulty.data_fault_count = Some(1);
    let rows = vec![
        row("JPM-PC", 3, 83, "1,2,3,4,5,6,7,8,9,12"),
        row("AMJB", 3, 80, ""),
        row("JPM", 3, 74, "12"),
        row("GOOG", 6, 90, ""),
        row("GOOGL", 6, 83, "12"),
        faulty,
        row("SNOW", 7, 59, "6,7,8,9,11"),
    ];
    let all = issuers(&[
        (3, &["JPM", "JPM-PC", "AMJB", "JPM-PD"]),
        (5, &["MCD"]),
        (6, &["GOOGL", "GOOG"]),
        (7, &["SNOW"]),
    ]);
    let ranked: Vec<String> = top(rows.clone(), &all, 25)
        .into_iter()
        .map(|t| t.symbol)
        .collect();
    assert_eq!(ranked, ["GOOGL", "JPM"]);
    // The newsletter page lists the provisional and faulty ones without a rank (never a
    // quick pick) and the preferred, the note and the other share class not at all.
    let list = admin_list(rows, &all);
    let shown: Vec<(&str, Option<u32>)> =
        list.iter().map(|s| (s.symbol.as_str(), s.rank)).collect();
    assert_eq!(
        shown,
        [
            ("GOOGL", Some(1)),
            ("JPM", Some(2)),
            ("MCD", None),
            ("SNOW", None)
        ]
    );
    assert_eq!(
        list[3].not_ranked.as_deref(),
        Some("provisional: 7 of 12 questions answered")
    );
    assert!(
        list[2]
            .not_ranked
            .as_deref()
            .unwrap()
            .contains("data fault")
    );
}

#[test]
fn a_record_from_before_the_checks_ranks_after_the_checked_ones() {
    let mut old = row("META", 8, 90, "12");
    old.data_fault_count = None;
    old.unanswered_questions = None;
    let rows = vec![old, row("JPM", 3, 74, "12")];
    let all = issuers(&[(8, &["META"]), (3, &["JPM"])]);
    let order: Vec<String> = top(rows, &all, 25).into_iter().map(|t| t.symbol).collect();
    assert_eq!(order, ["JPM", "META"]);
}
