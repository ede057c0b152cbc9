//! Which XBRL concepts feed each metric, in order of preference.
//!
//! Companies pick different tags for the same line, and change tags over time (Apple used
//! `SalesRevenueNet` until 2018, then `RevenueFromContractWithCustomerExcludingAssessedTax`).
//! For every period the first concept of the list that reports it wins, so a later tag's
//! series is merged with an earlier tag's by period. The lists are repeated, with the reasons,
//! in `docs/scoring.md`.

use super::sector::IndustryKind;

/// Revenue. `Revenues` first: when a company reports it next to a narrower tag it is the
/// total (Walmart's total revenues include membership income; Tesla's `SalesRevenueGoodsNet`
/// is automotive only). Banks: revenue net of interest expense, the figure they report as
/// "total net revenue".
pub const REVENUE: &[&str] = &[
    "Revenues",
    "RevenueFromContractWithCustomerExcludingAssessedTax",
    "SalesRevenueNet",
    "RevenuesNetOfInterestExpense",
    "SalesRevenueGoodsNet",
    "RevenueFromContractWithCustomerIncludingAssessedTax",
];
/// Bank revenue: net of interest expense first; gross `Revenues` would count interest twice.
pub const BANK_REVENUE: &[&str] = &["RevenuesNetOfInterestExpense", "Revenues"];

/// Total costs and expenses, when reported as one line. Otherwise expenses are derived as
/// revenue minus operating income (minus pre-tax income for banks and insurers, which report
/// no operating income), then as cost of revenue plus operating expenses.
pub const COSTS_AND_EXPENSES: &[&str] = &["CostsAndExpenses"];
/// Insurers' total benefits, losses and expenses.
pub const INSURER_EXPENSES: &[&str] = &["BenefitsLossesAndExpenses", "CostsAndExpenses"];
pub const OPERATING_INCOME: &[&str] = &["OperatingIncomeLoss"];
pub const PRETAX_INCOME: &[&str] = &[
    "IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest",
    "IncomeLossFromContinuingOperationsBeforeIncomeTaxesMinorityInterestAndIncomeLossFromEquityMethodInvestments",
];
pub const COST_OF_REVENUE: &[&str] = &[
    "CostOfRevenue",
    "CostOfGoodsAndServicesSold",
    "CostOfGoodsSold",
];
pub const OPERATING_EXPENSES: &[&str] = &["OperatingExpenses"];

/// Net income attributable to the company; `ProfitLoss` (including minority interests) only
/// when the former is missing (Realty Income's trimmed quarters).
pub const NET_INCOME: &[&str] = &[
    "NetIncomeLoss",
    "ProfitLoss",
    "NetIncomeLossAvailableToCommonStockholdersBasic",
];
pub const EPS_DILUTED: &[&str] = &["EarningsPerShareDiluted", "EarningsPerShareBasicAndDiluted"];
pub const GROSS_PROFIT: &[&str] = &["GrossProfit"];

pub const OPERATING_CASH_FLOW: &[&str] = &[
    "NetCashProvidedByUsedInOperatingActivities",
    "NetCashProvidedByUsedInOperatingActivitiesContinuingOperations",
];
pub const INVESTING_CASH_FLOW: &[&str] = &[
    "NetCashProvidedByUsedInInvestingActivities",
    "NetCashProvidedByUsedInInvestingActivitiesContinuingOperations",
];
/// Capital spending: property and equipment first; `PaymentsToAcquireProductiveAssets`
/// (Amazon, NVIDIA since 2019, Apple before 2014) also covers intangibles;
/// `PaymentsForCapitalImprovements` is what REITs spend on the buildings they own.
pub const CAPEX: &[&str] = &[
    "PaymentsToAcquirePropertyPlantAndEquipment",
    "PaymentsToAcquireProductiveAssets",
    "PaymentsForCapitalImprovements",
];
/// Depreciation and amortization, for the REIT FFO proxy (net income + D&A).
pub const DEPRECIATION: &[&str] = &[
    "DepreciationDepletionAndAmortization",
    "DepreciationAndAmortization",
    "DepreciationAmortizationAndAccretionNet",
    "RealEstateDepreciationAndAmortization",
];

/// Cash and cash equivalents.
pub const CASH: &[&str] = &[
    "CashAndCashEquivalentsAtCarryingValue",
    "CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents",
    "Cash",
];
/// Short-term investments, added to cash: Apple keeps more in marketable securities than
/// in cash, and both can pay a bill due this year.
pub const SHORT_TERM_INVESTMENTS: &[&str] = &[
    "MarketableSecuritiesCurrent",
    "ShortTermInvestments",
    "AvailableForSaleSecuritiesDebtSecuritiesCurrent",
];
/// Other names for the same short-term-investments line, read only when a company that
/// reported one of [`SHORT_TERM_INVESTMENTS`] before reports none of them now: NVIDIA
/// stopped tagging `MarketableSecuritiesCurrent` in fiscal 2026 and tags the same line
/// `DebtSecuritiesCurrent` (39,065M at 2026-01-25). Not in the main list because next to
/// `MarketableSecuritiesCurrent` these are often only a part of it.
pub const SHORT_TERM_INVESTMENTS_ALTERNATIVES: &[&str] = &[
    "DebtSecuritiesCurrent",
    "AvailableForSaleSecuritiesCurrent",
    "HeldToMaturitySecuritiesCurrent",
    "OtherShortTermInvestments",
];

/// Long-term debt including its current portion.
pub const LONG_TERM_DEBT_TOTAL: &[&str] = &[
    "LongTermDebt",
    "LongTermDebtAndCapitalLeaseObligationsIncludingCurrentMaturities",
];
/// Long-term debt split in two lines (Walmart's latest quarter): added together.
pub const LONG_TERM_DEBT_NONCURRENT: &[&str] = &[
    "LongTermDebtNoncurrent",
    "LongTermDebtAndCapitalLeaseObligations",
];
pub const LONG_TERM_DEBT_CURRENT: &[&str] = &[
    "LongTermDebtCurrent",
    "LongTermDebtAndCapitalLeaseObligationsCurrent",
];
/// All debt due within a year (current maturities plus short-term borrowings): the
/// balance sheet's current-debt line (Tesla, PepsiCo, Waste Management).
pub const DEBT_CURRENT: &[&str] = &["DebtCurrent"];
/// Carrying amount of all debt instruments: never a debt figure itself, only a witness of
/// which identity holds (Tesla's 5,380M at 2021-12-31 is `LongTermDebt` 4,254M plus
/// `DebtCurrent` 1,088M, so its `LongTermDebt` is the non-current part).
pub const DEBT_INSTRUMENTS_TOTAL: &[&str] = &["DebtInstrumentCarryingAmount"];
/// Other names for borrowings when none of the above is reported (REIT notes, convertibles).
pub const OTHER_DEBT: &[&str] = &[
    "NotesPayable",
    "SeniorNotes",
    "ConvertibleDebtNoncurrent",
    "ConvertibleNotesPayable",
];
/// Short-term borrowings; commercial paper only when borrowings are not reported, because
/// `ShortTermBorrowings` usually includes it.
pub const SHORT_TERM_DEBT: &[&str] = &["ShortTermBorrowings", "CommercialPaper"];
/// One-line total debt: insurers use it. Last resort, because Walmart tags its long-term
/// debt alone with it.
pub const COMBINED_DEBT: &[&str] = &["DebtLongtermAndShorttermCombinedAmount"];

/// A bank's deposits and its loans (net of the allowance), for its funding question (Q5's bank
/// version): JPMorgan tags loans `FinancingReceivableExcludingAccruedInterestAfterAllowanceForCreditLoss`
/// since 2020, `LoansAndLeasesReceivableNetOfDeferredIncome` before.
pub const DEPOSITS: &[&str] = &["Deposits"];
pub const LOANS: &[&str] = &[
    "FinancingReceivableExcludingAccruedInterestAfterAllowanceForCreditLoss",
    "LoansAndLeasesReceivableNetReportedAmount",
    "LoansAndLeasesReceivableNetOfDeferredIncome",
];

pub const EQUITY: &[&str] = &[
    "StockholdersEquity",
    "StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest",
];
pub const ASSETS: &[&str] = &["Assets"];
/// Total liabilities: the evidence that a company with no debt line has no debt.
pub const LIABILITIES: &[&str] = &["Liabilities"];
/// Liability lines that are not borrowing. When these add up to the total liabilities, the
/// balance sheet has no room left for debt (a missing debt tag alone proves nothing: Comcast's
/// facts in the snapshot lack one while it owes about $95B).
pub const NON_DEBT_LIABILITIES: &[&str] = &[
    "AccountsPayableCurrent",
    "AccruedLiabilitiesCurrent",
    "EmployeeRelatedLiabilitiesCurrent",
    "TaxesPayableCurrent",
    "AccruedIncomeTaxesCurrent",
    "ContractWithCustomerLiabilityCurrent",
    "DeferredRevenueCurrent",
    "OperatingLeaseLiabilityCurrent",
    "OtherLiabilitiesCurrent",
    "ContractWithCustomerLiabilityNoncurrent",
    "DeferredRevenueNoncurrent",
    "OperatingLeaseLiabilityNoncurrent",
    "DeferredIncomeTaxLiabilitiesNet",
    "AccruedIncomeTaxesNoncurrent",
    "OtherLiabilitiesNoncurrent",
];

/// Weighted-average diluted shares (question 10).
pub const DILUTED_SHARES: &[&str] = &[
    "WeightedAverageNumberOfDilutedSharesOutstanding",
    "WeightedAverageNumberOfShareOutstandingBasicAndDiluted",
];
/// Shares outstanding at a date: the cover page (`dei`) first, then the balance sheet.
pub const SHARES_OUTSTANDING: &[&str] = &[
    "EntityCommonStockSharesOutstanding",
    "CommonStockSharesOutstanding",
];
/// Market value of shares held by non-affiliates, from the 10-K cover page (`dei`).
pub const PUBLIC_FLOAT: &[&str] = &["EntityPublicFloat"];

/// Revenue concepts for an industry.
pub fn revenue(kind: IndustryKind) -> &'static [&'static str] {
    match kind {
        IndustryKind::Bank => BANK_REVENUE,
        _ => REVENUE,
    }
}

/// Every concept any metric reads (the fact book indexes only these), computed once.
pub fn all() -> &'static [&'static str] {
    static ALL: std::sync::LazyLock<Vec<&'static str>> = std::sync::LazyLock::new(collect_all);
    &ALL
}

fn collect_all() -> Vec<&'static str> {
    let lists: [&[&str]; 35] = [
        REVENUE,
        BANK_REVENUE,
        COSTS_AND_EXPENSES,
        INSURER_EXPENSES,
        OPERATING_INCOME,
        PRETAX_INCOME,
        COST_OF_REVENUE,
        OPERATING_EXPENSES,
        NET_INCOME,
        EPS_DILUTED,
        GROSS_PROFIT,
        OPERATING_CASH_FLOW,
        INVESTING_CASH_FLOW,
        CAPEX,
        DEPRECIATION,
        CASH,
        SHORT_TERM_INVESTMENTS,
        SHORT_TERM_INVESTMENTS_ALTERNATIVES,
        LONG_TERM_DEBT_TOTAL,
        LONG_TERM_DEBT_NONCURRENT,
        LONG_TERM_DEBT_CURRENT,
        DEBT_CURRENT,
        DEBT_INSTRUMENTS_TOTAL,
        OTHER_DEBT,
        SHORT_TERM_DEBT,
        COMBINED_DEBT,
        EQUITY,
        ASSETS,
        LIABILITIES,
        NON_DEBT_LIABILITIES,
        DEPOSITS,
        LOANS,
        DILUTED_SHARES,
        SHARES_OUTSTANDING,
        PUBLIC_FLOAT,
    ];
    let mut all: Vec<&'static str> = lists.iter().flat_map(|l| l.iter().copied()).collect();
    all.sort_unstable();
    all.dedup();
    all
}
