//! Banks, brokers and landlords recognised from the lines they file when the snapshot has no
//! SIC code for them (no submissions file), and the bank capital thresholds on JPMorgan.

use jobs::analysis::{Band, industry_rules::RulesSource, sector::IndustryKind};

use crate::analysis_common as common;

#[tokio::test]
async fn goldman_sachs_is_a_bank_by_its_filings_not_a_factory_burning_cash() {
    let r = common::record("GS", 886982, common::snapshot_day()).await;
    assert!(
        r.sic.is_none(),
        "the snapshot has no submissions file for GS"
    );
    assert_eq!(r.industry_kind, IndustryKind::Bank);
    assert_eq!(r.rules_source, RulesSource::Filings);
    assert_eq!(r.rules_evidence, vec!["RevenuesNetOfInterestExpense"]);
    assert!(
        r.rules_note.contains("bank rules") && r.rules_note.contains("No SIC code"),
        "{}",
        r.rules_note
    );
    assert_eq!(r.sector.as_deref(), Some("Financials"));
    // Revenue is the bank line: FY2025 RevenuesNetOfInterestExpense 58,283M
    // (10-K 0000886982-26-000091).
    let q4 = &r.questions[3];
    let revenue = q4
        .provenance
        .iter()
        .find(|p| p.label.starts_with("Revenue"))
        .expect("revenue");
    assert_eq!(
        (revenue.figure.value, revenue.figure.accn.as_str()),
        (58_283_000_000.0, "0000886982-26-000091")
    );
    // Not "Free cash was -$47.2B ... when the equipment eats the paycheck": the operating
    // cash flow of a bank (-45,154M in FY2025) is not graded. Q5 asks for funding (loans
    // against deposits), which this trimmed file does not carry, so it is unanswered.
    let q5 = &r.questions[4];
    assert_eq!(q5.metric_name, "loans / deposits %");
    assert_eq!(q5.score, None);
    assert!(!q5.comment.contains("equipment"), "{}", q5.comment);
    // Q6 is the capital cushion: no equity line in the file, so unanswered, not cash/debt.
    assert_eq!(r.questions[5].metric_name, "equity / assets %");
    assert_eq!(r.questions[5].score, None);
}

#[tokio::test]
async fn morgan_stanley_is_not_graded_on_cash_against_debt() {
    let r = common::record("MS", 895421, common::snapshot_day()).await;
    assert_eq!(r.industry_kind, IndustryKind::Bank);
    assert_eq!(r.rules_source, RulesSource::Filings);
    // Under the general rules Q6 was 3: cash 111,695M against LongTermDebt 341,681M
    // (10-K 0000895421-26-000086). A broker-dealer's debt funds its inventory of securities;
    // the bank question is equity against assets, which this file cannot answer.
    let q6 = &r.questions[5];
    assert_eq!(q6.metric_name, "equity / assets %");
    assert_eq!(q6.score, None, "{}", q6.comment);
    assert_eq!(r.questions[4].metric_name, "loans / deposits %");
}

#[tokio::test]
async fn realty_income_is_a_landlord_by_its_filings() {
    let r = common::record("O", 726728, common::snapshot_day()).await;
    assert!(r.sic.is_none());
    assert_eq!(r.industry_kind, IndustryKind::Reit);
    assert_eq!(r.rules_source, RulesSource::Filings);
    assert_eq!(r.sector.as_deref(), Some("Real Estate"));
    // PaymentsForCapitalImprovements and the landlord's shape of FY2025 (10-K
    // 0000726728-26-000011): depreciation 2,524,200,000 of revenue 5,749,377,000 (44%), income
    // tax 85,346,000 of pre-tax income 1,155,129,000 (7%).
    assert_eq!(r.rules_evidence[0], "PaymentsForCapitalImprovements");
    assert!(
        r.rules_evidence[1].contains("depreciation 44% of revenue")
            && r.rules_evidence[1].contains("income tax 7% of pre-tax profit"),
        "{:?}",
        r.rules_evidence
    );
    // Q6 on leverage, not "0/10" on cash against debt: at 2026-06-30 (10-Q
    // 0000726728-26-000048) NotesPayable 25,091,588,000 + CommercialPaper 1,400,000,000
    // against StockholdersEquity 39,549,557,000 = 40.1%, about normal for a landlord.
    let q6 = &r.questions[5];
    let debt = 25_091_588_000.0 + 1_400_000_000.0;
    let expected = debt / (debt + 39_549_557_000.0) * 100.0;
    assert!((q6.metric.expect("leverage") - expected).abs() < 1e-9);
    assert_eq!(q6.score, Some(5));
    assert!(r.questions[6].comment.contains("funds from operations"));
}

#[tokio::test]
async fn an_ordinary_company_without_sic_keeps_the_general_rules_and_says_so() {
    // Walmart has no submissions file in the snapshot and files none of the bank, insurer or
    // landlord lines.
    let r = common::record("WMT", 104169, common::snapshot_day()).await;
    assert_eq!(r.industry_kind, IndustryKind::General);
    assert_eq!(r.rules_source, RulesSource::Unknown);
    assert!(
        r.rules_note.starts_with("Industry unknown"),
        "{}",
        r.rules_note
    );
    assert_eq!(r.sector, None);
    // With a SIC code the note names it.
    let apple = common::record("AAPL", 320193, common::snapshot_day()).await;
    assert_eq!(apple.rules_source, RulesSource::Sic);
    assert!(
        apple.rules_note.contains("SIC code 3571"),
        "{}",
        apple.rules_note
    );
}

#[tokio::test]
async fn jpmorgan_capital_is_normal_for_a_large_bank() {
    let r = common::record("JPM", 19617, common::snapshot_day()).await;
    assert_eq!(r.rules_source, RulesSource::Sic);
    // Equity / assets at 2026-06-30: 374,598M / 5,015,069M = 7.47%, inside the 7-10% large
    // US banks run and well above the regulators' 5% "well capitalized" leverage floor: green,
    // not "red 4/10, a bad year of loans would hurt".
    let q6 = &r.questions[5];
    let ratio = q6.metric.expect("cushion");
    assert!((ratio - 374_598.0 / 5_015_069.0 * 100.0).abs() < 1e-9);
    assert_eq!(q6.score, Some(7));
    assert_eq!(q6.band, Some(Band::Green));
    assert!(!q6.comment.contains("would hurt"), "{}", q6.comment);
}

/// A hand-made fact set shaped like a large auto insurer's 10-K (the snapshot has no facts
/// file for Progressive): premiums earned, little cash on the balance sheet (its investments
/// back the policies), debt against a much larger equity.
fn insurer_facts() -> jobs::market_data::CompanyFacts {
    use jobs::market_data::{CompanyFacts, Concept, RawFact};
    let fact = |start: Option<&str>, end: &str, val: f64| RawFact {
        start: start.map(String::from),
        end: end.into(),
        val,
        accn: "0000000000-25-000001".into(),
        form: "10-K".into(),
        filed: "2025-02-26".into(),
        ..RawFact::default()
    };
    let year = |y: i32, val: f64| fact(Some(&format!("{y}-01-01")), &format!("{y}-12-31"), val);
    let lines: Vec<(&str, Vec<RawFact>)> = vec![
        (
            "Revenues",
            vec![year(2022, 49.6e9), year(2023, 62.1e9), year(2024, 75.4e9)],
        ),
        (
            "PremiumsEarnedNet",
            vec![year(2022, 47.7e9), year(2023, 58.7e9), year(2024, 70.6e9)],
        ),
        (
            "NetIncomeLoss",
            vec![year(2022, 0.7e9), year(2023, 3.9e9), year(2024, 8.5e9)],
        ),
        (
            "CashAndCashEquivalentsAtCarryingValue",
            vec![fact(None, "2024-12-31", 0.2e9)],
        ),
        ("LongTermDebt", vec![fact(None, "2024-12-31", 6.9e9)]),
        ("StockholdersEquity", vec![fact(None, "2024-12-31", 25.6e9)]),
        ("Assets", vec![fact(None, "2024-12-31", 105.7e9)]),
    ];
    let mut facts = CompanyFacts {
        entity_name: "PROGRESSIVE CORP/OH/".into(),
        ..CompanyFacts::default()
    };
    let gaap = facts.facts.entry("us-gaap".into()).or_default();
    for (name, list) in lines {
        let mut concept = Concept::default();
        concept.units.insert("USD".into(), list);
        gaap.insert(name.into(), concept);
    }
    facts
}

#[test]
fn an_insurer_without_sic_is_graded_on_leverage_not_a_lot_of_ious() {
    let inputs = jobs::market_data::AnalysisInputs {
        symbol: "PGR".into(),
        company_facts: insurer_facts(),
        listed_name: Some("PROGRESSIVE CORP/OH/".into()),
        ..Default::default()
    };
    let r = jobs::analysis::analyze(&inputs, "2025-06-30".parse().unwrap()).expect("record");
    assert_eq!(r.industry_kind, IndustryKind::Insurer);
    assert_eq!(r.rules_source, RulesSource::Filings);
    assert_eq!(r.rules_evidence, vec!["PremiumsEarnedNet"]);
    assert_eq!(r.company_name, "Progressive Corp");
    // Debt 6.9B against equity 25.6B: 21.2% of capital, light borrowing for an insurer (8),
    // where cash against debt (0.2B / 6.9B) was "a lot of IOUs" at 0.
    let q6 = &r.questions[5];
    assert!((q6.metric.expect("leverage") - 6.9 / (6.9 + 25.6) * 100.0).abs() < 1e-6);
    assert_eq!(q6.score, Some(8));
    assert!(!q6.comment.contains("IOUs"), "{}", q6.comment);
}

#[tokio::test]
async fn across_the_snapshot_the_filed_lines_pick_only_the_financial_companies() {
    use jobs::{
        analysis::{facts::FactBook, industry_rules},
        sources::{CompanyFactsSource, Snapshot},
    };
    let snapshot = Snapshot::new(common::market_data());
    let mut ciks: Vec<u64> = snapshot.company_facts_ciks().await.into_iter().collect();
    ciks.sort_unstable();
    assert_eq!(ciks.len(), 83);
    let mut special = Vec::new();
    for cik in ciks {
        let facts = snapshot.company_facts(cik).await.expect("facts");
        let book = FactBook::build(
            &facts,
            industry_rules::wanted_concepts(),
            common::snapshot_day(),
        );
        let kind = industry_rules::choose_rules(None, &book).kind;
        if kind != IndustryKind::General {
            special.push((cik, kind));
        }
    }
    // JPMorgan, American Express, Goldman Sachs and Morgan Stanley (SEC's SIC codes 6021,
    // 6199, 6211, 6211) and Realty Income (6798); the 76 others keep the general rules.
    assert_eq!(
        special,
        [
            (4962, IndustryKind::Bank),
            (19617, IndustryKind::Bank),
            (726728, IndustryKind::Reit),
            (886982, IndustryKind::Bank),
            (895421, IndustryKind::Bank),
        ]
    );
}
