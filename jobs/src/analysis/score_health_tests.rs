use super::*;
use crate::analysis::{
    facts::Figure,
    financials::{BalanceSheet, FiscalYear},
};

fn figure(value: f64) -> Option<Figure> {
    Some(Figure {
        value,
        concept: "us-gaap:X".into(),
        unit: "USD".into(),
        start: None,
        end: "2025-12-31".parse().unwrap(),
        form: "10-K".into(),
        filed: "2026-02-20".parse().unwrap(),
        accn: "0000000000-26-000001".into(),
        first_filed: "2026-02-20".parse().unwrap(),
    })
}

fn year(end: &str, revenue: f64, net_income: f64) -> FiscalYear {
    let at = |value: f64| {
        figure(value).map(|f| Figure {
            end: end.parse().unwrap(),
            ..f
        })
    };
    FiscalYear {
        label: crate::analysis::financials::fiscal_label(end.parse().unwrap()),
        end: end.parse().unwrap(),
        revenue: at(revenue),
        expenses: None,
        net_income: at(net_income),
        gross_profit: None,
        operating_cf: None,
        investing_cf: None,
        capex: None,
        depreciation: None,
        eps_diluted: None,
        diluted_shares: None,
        balance: BalanceSheet::default(),
    }
}

fn margin_comment(then: f64, now: f64) -> (Option<u8>, String) {
    let years = [
        year("2022-12-31", 100.0, then),
        year("2023-12-31", 100.0, then),
        year("2024-12-31", 100.0, now),
        year("2025-12-31", 100.0, now),
    ];
    let balance = BalanceSheet::default();
    let answer = q4_margins(&Fundamentals {
        kind: IndustryKind::General,
        years: &years,
        latest_balance: &balance,
        debt_free_evidence: None,
        funding: None,
        headline: None,
    });
    let score = answer.score.map(|s| s.clamp(0.0, 10.0).round() as u8);
    (
        score,
        crate::analysis::comments::comment(4, score, answer.variant, &answer.vars),
    )
}

#[test]
fn margin_words_match_the_margin() {
    // 10% net margin, up from 5%: green thanks to the trend, healthy but not "fat".
    let (score, text) = margin_comment(5.0, 10.0);
    assert_eq!(score, Some(7));
    assert!(!text.contains("fat wallet"), "{text}");
    assert!(text.contains("healthy"), "{text}");
    // 27%: a fat wallet.
    let (score, text) = margin_comment(27.0, 27.0);
    assert_eq!(score, Some(10));
    assert!(text.contains("fat wallet"), "{text}");
    // 3%: thin soup.
    let (_, text) = margin_comment(3.0, 3.0);
    assert!(text.contains("thin soup"), "{text}");
}

#[test]
fn insurers_are_graded_on_leverage_not_cash_against_debt() {
    // A large profitable insurer: little cash on the balance sheet (its investments back
    // the policies), debt 40 against equity 160.
    let balance = BalanceSheet {
        date: "2025-12-31".parse().ok(),
        cash: figure(5.0),
        short_term_investments: None,
        debt: figure(40.0),
        equity: figure(160.0),
        assets: figure(900.0),
    };
    let grade = |kind| {
        q6_cash_debt(&Fundamentals {
            kind,
            years: &[],
            latest_balance: &balance,
            debt_free_evidence: None,
            funding: None,
            headline: None,
        })
    };
    let insurer = grade(IndustryKind::Insurer);
    assert_eq!(insurer.metric, Some(20.0));
    // 20% sits between 15% (10) and 30% (5): 8.33.
    assert!((insurer.score.unwrap() - 25.0 / 3.0).abs() < 1e-9);
    assert_eq!(insurer.variant, "insurer");
    // Under the general rule the same company would be "a lot of IOUs".
    assert!(grade(IndustryKind::General).score.unwrap() < 1.0);
}
