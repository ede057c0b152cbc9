//! Which rubric variant scores a company, and why: from SEC's SIC code when it is known,
//! else from the lines the company itself files. A bank files deposits and loan-loss
//! provisions, an insurer premiums and claims reserves, a landlord investment property; a
//! company that reports them is scored with the rules for its kind even when no SIC code is
//! at hand (the snapshot has no submissions file for most companies, and a live submissions
//! call can fail). Rules and the evidence table: `docs/scoring.md`, "Which rules".

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use super::{
    concepts,
    facts::{FactBook, Figure, PeriodKind},
    sector::{IndustryKind, industry_kind},
};

/// Where the choice of rules came from.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub enum RulesSource {
    /// SEC's SIC code (submissions).
    Sic,
    /// The lines the company files (no SIC code known).
    Filings,
    /// Neither: no SIC code, and nothing in the filings marks a bank, insurer or landlord.
    #[default]
    Unknown,
}

/// The rules chosen, with the evidence and the sentence the page shows.
#[derive(Debug, Clone, PartialEq)]
pub struct RulesChoice {
    pub kind: IndustryKind,
    pub source: RulesSource,
    /// The filed lines (or the shape) that decided it; empty for a SIC code.
    pub evidence: Vec<String>,
    /// One plain sentence for the page: how the rules were chosen.
    pub note: String,
}

/// How much a filed line says about the business.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Weight {
    /// Filed almost only by this kind of company: decides on its own.
    Strong,
    /// Filed by this kind and by some others: two are needed.
    Weak,
}

use Weight::{Strong, Weak};

/// `(concept, weight)` per kind. Each concept was checked against the 81 US GAAP filers of the
/// snapshot: Waste Management files `LiabilityForClaimsAndClaimsAdjustmentExpense` (its self
/// insurance) and Tesla files lease revenue and financing receivables, so such lines are weak
/// or left out.
const BANK_SIGNALS: &[(&str, Weight)] = &[
    ("Deposits", Strong),
    ("InterestExpenseDeposits", Strong),
    ("ProvisionForLoanLeaseAndOtherLosses", Strong),
    ("ProvisionForLoanAndLeaseLosses", Strong),
    ("NoninterestIncome", Strong),
    ("NoninterestExpense", Strong),
    ("InterestAndDividendIncomeOperating", Strong),
    ("InterestIncomeExpenseAfterProvisionForLoanLoss", Strong),
    ("LoansAndLeasesReceivableNetReportedAmount", Strong),
    // Banks, broker-dealers and card lenders report their revenue net of the interest they
    // pay (Goldman Sachs, Morgan Stanley, American Express).
    ("RevenuesNetOfInterestExpense", Strong),
];

const INSURER_SIGNALS: &[(&str, Weight)] = &[
    ("PremiumsEarnedNet", Strong),
    ("PremiumsWrittenNet", Strong),
    ("PolicyholderBenefitsAndClaimsIncurredNet", Strong),
    (
        "LiabilityForUnpaidClaimsAndClaimsAdjustmentExpenseNet",
        Strong,
    ),
    ("IncurredClaimsPropertyCasualtyAndLiability", Strong),
    ("DeferredPolicyAcquisitionCosts", Strong),
    ("LiabilityForFuturePolicyBenefits", Strong),
    ("UnearnedPremiums", Strong),
    ("BenefitsLossesAndExpenses", Strong),
    ("PolicyholderFunds", Strong),
    // Health insurers' premiums (SIC 6324 is an insurer code too).
    ("HealthCareOrganizationPremiumRevenue", Strong),
    ("LiabilityForClaimsAndClaimsAdjustmentExpense", Weak),
    ("ReinsuranceRecoverables", Weak),
    ("PremiumsReceivableAtCarryingValue", Weak),
];

const REIT_SIGNALS: &[(&str, Weight)] = &[
    ("RealEstateInvestmentPropertyNet", Strong),
    ("RealEstateInvestmentPropertyAtCost", Strong),
    (
        "RealEstateInvestmentPropertyAccumulatedDepreciation",
        Strong,
    ),
    // Schedule III (real estate and accumulated depreciation), filed only by property owners.
    ("RealEstateGrossAtCarryingValue", Strong),
    ("PaymentsForCapitalImprovements", Weak),
    ("PaymentsToAcquireRealEstate", Weak),
    ("RealEstateDepreciationAndAmortization", Weak),
];

/// The kinds a company's own filed lines can show.
const SIGNALLED_KINDS: [IndustryKind; 3] = [
    IndustryKind::Bank,
    IndustryKind::Insurer,
    IndustryKind::Reit,
];

/// The lines that mark `kind` (none for the general rules).
fn signals(kind: IndustryKind) -> &'static [(&'static str, Weight)] {
    match kind {
        IndustryKind::Bank => BANK_SIGNALS,
        IndustryKind::Insurer => INSURER_SIGNALS,
        IndustryKind::Reit => REIT_SIGNALS,
        IndustryKind::General => &[],
    }
}

/// Income tax, for the landlord's shape (see [`landlord_shape`]).
const INCOME_TAX: &[&str] = &["IncomeTaxExpenseBenefit"];

/// Depreciation at least this share of revenue (buildings wear out on paper every year)...
const SHAPE_MIN_DEPRECIATION_PCT: f64 = 25.0;
/// ...and income tax at most this share of a pre-tax profit (a REIT pays out its income
/// and is not taxed on it).
const SHAPE_MAX_TAX_PCT: f64 = 10.0;

/// The concepts the fact book must index for the analysis and for this choice.
pub fn wanted_concepts() -> &'static [&'static str] {
    static ALL: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
        let mut all: Vec<&'static str> = concepts::all().to_vec();
        for kind in SIGNALLED_KINDS {
            all.extend(signals(kind).iter().map(|(concept, _)| *concept));
        }
        all.extend(INCOME_TAX);
        all.sort_unstable();
        all.dedup();
        all
    });
    &ALL
}

/// The rules for a company: its SIC code's when known, else the kind its filed lines show.
pub fn choose_rules(sic: Option<u32>, book: &FactBook) -> RulesChoice {
    if let Some(code) = sic {
        let kind = industry_kind(Some(code));
        return RulesChoice {
            kind,
            source: RulesSource::Sic,
            evidence: Vec::new(),
            note: sic_note(code, kind),
        };
    }
    let mut best: Option<(IndustryKind, u32, Vec<String>)> = None;
    let mut tied = false;
    for kind in SIGNALLED_KINDS {
        let (points, evidence) = evidence_for(kind, book);
        if points < 2 {
            continue;
        }
        match &best {
            Some((_, top, _)) if points < *top => {}
            Some((_, top, _)) if points == *top => tied = true,
            _ => {
                tied = false;
                best = Some((kind, points, evidence));
            }
        }
    }
    match best {
        Some((kind, _, evidence)) if !tied => RulesChoice {
            note: filings_note(kind, &evidence),
            kind,
            source: RulesSource::Filings,
            evidence,
        },
        _ => RulesChoice {
            kind: IndustryKind::General,
            source: RulesSource::Unknown,
            evidence: Vec::new(),
            note: "Industry unknown (no SIC code in the filings I have, and nothing in them marks a bank, insurer or landlord), so the general rules were used.".into(),
        },
    }
}

/// Points for `kind` (strong line 2, weak line or the landlord's shape 1) and what earned them.
fn evidence_for(kind: IndustryKind, book: &FactBook) -> (u32, Vec<String>) {
    let mut points = 0;
    let mut evidence = Vec::new();
    for (concept, weight) in signals(kind) {
        if !book.get(concept).is_empty() {
            points += match weight {
                Strong => 2,
                Weak => 1,
            };
            evidence.push((*concept).to_string());
        }
    }
    // The shape is one weak sign: it can only decide next to another one (and is not worth
    // computing for the many companies with none).
    if kind == IndustryKind::Reit
        && points == 1
        && let Some(shape) = landlord_shape(book)
    {
        points += 1;
        evidence.push(shape);
    }
    (points, evidence)
}

/// A landlord's income statement: in its latest fiscal year, depreciation is at least a
/// quarter of revenue and income tax at most a tenth of a pre-tax profit. Described in words
/// (with the year's figures) when it holds.
fn landlord_shape(book: &FactBook) -> Option<String> {
    let annual = |list: &[&str]| -> Vec<Figure> {
        book.merged(list)
            .into_iter()
            .filter(|f| f.kind() == PeriodKind::Year && f.from_annual_report())
            .collect()
    };
    let revenue = annual(concepts::REVENUE);
    let latest = revenue.last()?;
    let at = |list: &[&str]| {
        annual(list)
            .into_iter()
            .find(|f| (f.end - latest.end).num_days().abs() <= 7)
            .map(|f| f.value)
    };
    let (depreciation, pretax, tax) = (
        at(concepts::DEPRECIATION)?,
        at(concepts::PRETAX_INCOME)?,
        at(INCOME_TAX)?,
    );
    let depreciation_pct = depreciation / latest.value * 100.0;
    let tax_pct = tax / pretax * 100.0;
    (latest.value > 0.0
        && pretax > 0.0
        && depreciation_pct >= SHAPE_MIN_DEPRECIATION_PCT
        && tax_pct <= SHAPE_MAX_TAX_PCT)
        .then(|| {
            format!(
                "depreciation {depreciation_pct:.0}% of revenue and income tax {tax_pct:.0}% of pre-tax profit in the year ending {}",
                latest.end
            )
        })
}

fn rules_words(kind: IndustryKind) -> &'static str {
    match kind {
        IndustryKind::Bank => {
            "the bank rules: its funding (loans against deposits) instead of free cash flow, and its capital cushion instead of cash against debt"
        }
        IndustryKind::Insurer => {
            "the insurer rules: borrowing against the owners' money instead of cash against debt"
        }
        IndustryKind::Reit => {
            "the landlord (REIT) rules: debt against debt plus equity, and funds from operations"
        }
        IndustryKind::General => "the general rules",
    }
}

fn sic_note(code: u32, kind: IndustryKind) -> String {
    match kind {
        IndustryKind::General => {
            format!("Industry from SEC's SIC code {code}: scored with the general rules.")
        }
        _ => format!(
            "Industry from SEC's SIC code {code}: scored with {}.",
            rules_words(kind)
        ),
    }
}

fn filings_note(kind: IndustryKind, evidence: &[String]) -> String {
    let what = match kind {
        IndustryKind::Bank => "a bank's lines",
        IndustryKind::Insurer => "an insurer's lines",
        IndustryKind::Reit => "a landlord's lines",
        IndustryKind::General => "its lines",
    };
    format!(
        "No SIC code in the filings I have, but they show {what} ({}), so it was scored with {}.",
        evidence.join(", "),
        rules_words(kind)
    )
}

#[cfg(test)]
#[path = "industry_rules_tests.rs"]
mod tests;
