//! Which rules a company gets from small hand-made fact sets: the lines a bank, an insurer
//! and a landlord file, what is not enough, and the SIC code first.

use chrono::NaiveDate;

use super::*;
use crate::market_data::{CompanyFacts, Concept, RawFact};

/// A 10-K fact: a year (`start` given) or an instant, filed 2026-02-20.
fn fact(start: Option<&str>, end: &str, val: f64) -> RawFact {
    RawFact {
        start: start.map(String::from),
        end: end.into(),
        val,
        accn: "0000000000-26-000001".into(),
        form: "10-K".into(),
        filed: "2026-02-20".into(),
        ..RawFact::default()
    }
}

/// A company filing FY2025 `(concept, value)` pairs (durations for flows, instants for
/// balances: the test does not care which).
fn company(lines: &[(&str, f64)]) -> FactBook {
    let mut facts = CompanyFacts::default();
    let gaap = facts.facts.entry("us-gaap".into()).or_default();
    for (concept, val) in lines {
        let mut entry = Concept::default();
        entry.units.insert(
            "USD".into(),
            vec![fact(Some("2025-01-01"), "2025-12-31", *val)],
        );
        gaap.insert((*concept).into(), entry);
    }
    FactBook::build(&facts, wanted_concepts(), day("2026-08-18"))
}

fn day(s: &str) -> NaiveDate {
    s.parse().expect("date")
}

#[test]
fn a_bank_is_known_by_its_deposits_and_a_broker_by_its_net_revenue() {
    let bank = choose_rules(
        None,
        &company(&[("Deposits", 2.0e12), ("NetIncomeLoss", 5.0e10)]),
    );
    assert_eq!(bank.kind, IndustryKind::Bank);
    assert_eq!(bank.source, RulesSource::Filings);
    assert_eq!(bank.evidence, vec!["Deposits".to_string()]);
    assert!(bank.note.contains("bank rules"), "{}", bank.note);
    assert!(bank.note.contains("Deposits"), "{}", bank.note);
    // Goldman Sachs' snapshot file: no deposits, but revenue net of interest expense.
    let broker = choose_rules(
        None,
        &company(&[("RevenuesNetOfInterestExpense", 5.3e10), ("Assets", 1.7e12)]),
    );
    assert_eq!(broker.kind, IndustryKind::Bank);
}

#[test]
fn an_insurer_is_known_by_its_premiums() {
    let insurer = choose_rules(
        None,
        &company(&[("PremiumsEarnedNet", 7.0e10), ("UnearnedPremiums", 2.0e10)]),
    );
    assert_eq!(insurer.kind, IndustryKind::Insurer);
    assert_eq!(insurer.evidence.len(), 2);
    // A health insurer's premiums.
    let health = choose_rules(
        None,
        &company(&[("HealthCareOrganizationPremiumRevenue", 3.0e11)]),
    );
    assert_eq!(health.kind, IndustryKind::Insurer);
    // A waste hauler's self-insurance reserve alone is not an insurance business.
    let hauler = choose_rules(
        None,
        &company(&[
            ("LiabilityForClaimsAndClaimsAdjustmentExpense", 1.0e9),
            ("Revenues", 2.2e10),
        ]),
    );
    assert_eq!(hauler.kind, IndustryKind::General);
    assert_eq!(hauler.source, RulesSource::Unknown);
    assert!(
        hauler.note.starts_with("Industry unknown"),
        "{}",
        hauler.note
    );
}

#[test]
fn a_landlord_is_known_by_its_property_or_by_its_shape() {
    let owner = choose_rules(
        None,
        &company(&[("RealEstateInvestmentPropertyNet", 5.0e10)]),
    );
    assert_eq!(owner.kind, IndustryKind::Reit);
    // A trimmed file without the property lines: capital improvements (weak) plus the
    // shape: depreciation 44% of revenue, income tax 7% of pre-tax profit (Realty Income's
    // FY2025 proportions).
    let pretax = "IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest";
    let trimmed = [
        ("Revenues", 5_749.0),
        ("DepreciationDepletionAndAmortization", 2_524.0),
        (pretax, 1_155.0),
        ("IncomeTaxExpenseBenefit", 85.0),
        ("PaymentsForCapitalImprovements", 132.0),
    ];
    let landlord = choose_rules(None, &company(&trimmed));
    assert_eq!(landlord.kind, IndustryKind::Reit);
    assert_eq!(landlord.evidence.len(), 2, "{:?}", landlord.evidence);
    assert!(landlord.evidence[1].contains("depreciation 44% of revenue"));
    // Either weak sign alone is not enough: a taxed company with the same depreciation...
    let taxed = [
        ("Revenues", 5_749.0),
        ("DepreciationDepletionAndAmortization", 2_524.0),
        (pretax, 1_155.0),
        ("IncomeTaxExpenseBenefit", 250.0),
        ("PaymentsForCapitalImprovements", 132.0),
    ];
    assert_eq!(
        choose_rules(None, &company(&taxed)).kind,
        IndustryKind::General
    );
    // ...or an untaxed one whose depreciation is a normal share of sales.
    let light = [
        ("Revenues", 5_749.0),
        ("DepreciationDepletionAndAmortization", 400.0),
        (pretax, 1_155.0),
        ("IncomeTaxExpenseBenefit", 10.0),
        ("PaymentsForCapitalImprovements", 132.0),
    ];
    assert_eq!(
        choose_rules(None, &company(&light)).kind,
        IndustryKind::General
    );
}

#[test]
fn an_ordinary_company_and_a_tie_get_the_general_rules() {
    let maker = choose_rules(
        None,
        &company(&[("Revenues", 1.0e11), ("InterestIncomeExpenseNet", 1.0e8)]),
    );
    assert_eq!(maker.kind, IndustryKind::General);
    // As much bank evidence as insurer evidence: no guess.
    let mixed = choose_rules(
        None,
        &company(&[("Deposits", 1.0e9), ("PremiumsEarnedNet", 1.0e9)]),
    );
    assert_eq!(mixed.kind, IndustryKind::General);
    assert_eq!(mixed.source, RulesSource::Unknown);
}

#[test]
fn a_known_sic_code_decides_before_the_filings() {
    let book = company(&[("Deposits", 2.0e12)]);
    let tech = choose_rules(Some(7372), &book);
    assert_eq!(tech.kind, IndustryKind::General);
    assert_eq!(tech.source, RulesSource::Sic);
    let insurer = choose_rules(Some(6331), &book);
    assert_eq!(insurer.kind, IndustryKind::Insurer);
    assert!(insurer.note.contains("SIC code 6331"), "{}", insurer.note);
}

#[test]
fn lines_filed_after_the_analysis_date_do_not_count() {
    let mut facts = CompanyFacts::default();
    let mut deposits = Concept::default();
    deposits
        .units
        .insert("USD".into(), vec![fact(None, "2025-12-31", 2.0e12)]);
    facts
        .facts
        .entry("us-gaap".into())
        .or_default()
        .insert("Deposits".into(), deposits);
    let before = FactBook::build(&facts, wanted_concepts(), day("2026-01-31"));
    assert_eq!(choose_rules(None, &before).kind, IndustryKind::General);
    let after = FactBook::build(&facts, wanted_concepts(), day("2026-03-01"));
    assert_eq!(choose_rules(None, &after).kind, IndustryKind::Bank);
}
