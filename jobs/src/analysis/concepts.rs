//! Which XBRL concepts feed each metric, in order of preference.
//!
//! Companies pick different tags for the same line, and change tags over time (Apple used
//! `SalesRevenueNet` until 2018, then `RevenueFromContractWithCustomerExcludingAssessedTax`).
//! For every period the first concept of the list that reports it wins, so a later tag's
//! series is merged with an earlier tag's by period. The lists are repeated, with the reasons,
//! in `docs/scoring.md`.

use super::sector::IndustryKind;

/// Declares each list of concepts as a constant, and [`LISTS`] with all of them (what the
/// fact book indexes), so a new list cannot be left out of the index.
macro_rules! concept_lists {
    ($($(#[$doc:meta])* $name:ident = [$($concept:literal),+ $(,)?];)+) => {
        $($(#[$doc])* pub const $name: &[&str] = &[$($concept),+];)+
        const LISTS: &[&[&str]] = &[$($name),+];
    };
}

concept_lists! {
    /// Revenue. `Revenues` first: when a company reports it next to a narrower tag it is the
    /// total (Walmart's total revenues include membership income; Tesla's `SalesRevenueGoodsNet`
    /// is automotive only). Banks: revenue net of interest expense, the figure they report as
    /// "total net revenue".
    REVENUE = [
        "Revenues",
        "RevenueFromContractWithCustomerExcludingAssessedTax",
        "SalesRevenueNet",
        "RevenuesNetOfInterestExpense",
        "SalesRevenueGoodsNet",
        "RevenueFromContractWithCustomerIncludingAssessedTax",
    ];
    /// Bank revenue: net of interest expense first; gross `Revenues` would count interest twice.
    BANK_REVENUE = ["RevenuesNetOfInterestExpense", "Revenues"];

    /// Total costs and expenses, when reported as one line. Otherwise expenses are derived as
    /// revenue minus operating income (minus pre-tax income for banks and insurers, which report
    /// no operating income), then as cost of revenue plus operating expenses.
    COSTS_AND_EXPENSES = ["CostsAndExpenses"];
    /// Insurers' total benefits, losses and expenses.
    INSURER_EXPENSES = ["BenefitsLossesAndExpenses", "CostsAndExpenses"];
    OPERATING_INCOME = ["OperatingIncomeLoss"];
    PRETAX_INCOME = [
        "IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest",
        "IncomeLossFromContinuingOperationsBeforeIncomeTaxesMinorityInterestAndIncomeLossFromEquityMethodInvestments",
    ];
    COST_OF_REVENUE = [
        "CostOfRevenue",
        "CostOfGoodsAndServicesSold",
        "CostOfGoodsSold",
    ];
    OPERATING_EXPENSES = ["OperatingExpenses"];

    /// Net income attributable to the company; `ProfitLoss` (including minority interests) only
    /// when the former is missing (Realty Income's trimmed quarters).
    NET_INCOME = [
        "NetIncomeLoss",
        "ProfitLoss",
        "NetIncomeLossAvailableToCommonStockholdersBasic",
    ];
    EPS_DILUTED = ["EarningsPerShareDiluted", "EarningsPerShareBasicAndDiluted"];
    GROSS_PROFIT = ["GrossProfit"];

    OPERATING_CASH_FLOW = [
        "NetCashProvidedByUsedInOperatingActivities",
        "NetCashProvidedByUsedInOperatingActivitiesContinuingOperations",
    ];
    INVESTING_CASH_FLOW = [
        "NetCashProvidedByUsedInInvestingActivities",
        "NetCashProvidedByUsedInInvestingActivitiesContinuingOperations",
    ];
    /// Capital spending: property and equipment first; `PaymentsToAcquireProductiveAssets`
    /// (Amazon, NVIDIA since 2019, Apple before 2014) also covers intangibles;
    /// `PaymentsForCapitalImprovements` is what REITs spend on the buildings they own.
    CAPEX = [
        "PaymentsToAcquirePropertyPlantAndEquipment",
        "PaymentsToAcquireProductiveAssets",
        "PaymentsForCapitalImprovements",
    ];
    /// Depreciation and amortization, for the REIT FFO proxy (net income + D&A).
    DEPRECIATION = [
        "DepreciationDepletionAndAmortization",
        "DepreciationAndAmortization",
        "DepreciationAmortizationAndAccretionNet",
        "RealEstateDepreciationAndAmortization",
    ];

    /// Cash and cash equivalents.
    CASH = [
        "CashAndCashEquivalentsAtCarryingValue",
        "CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents",
        "Cash",
    ];
    /// Short-term investments, added to cash: Apple keeps more in marketable securities than
    /// in cash, and both can pay a bill due this year.
    SHORT_TERM_INVESTMENTS = [
        "MarketableSecuritiesCurrent",
        "ShortTermInvestments",
        "AvailableForSaleSecuritiesDebtSecuritiesCurrent",
    ];
    /// Other names for the same short-term-investments line, read only when a company that
    /// reported one of [`SHORT_TERM_INVESTMENTS`] before reports none of them now: NVIDIA
    /// stopped tagging `MarketableSecuritiesCurrent` in fiscal 2026 and tags the same line
    /// `DebtSecuritiesCurrent` (39,065M at 2026-01-25). Not in the main list because next to
    /// `MarketableSecuritiesCurrent` these are often only a part of it.
    SHORT_TERM_INVESTMENTS_ALTERNATIVES = [
        "DebtSecuritiesCurrent",
        "AvailableForSaleSecuritiesCurrent",
        "HeldToMaturitySecuritiesCurrent",
        "OtherShortTermInvestments",
    ];

    /// Long-term debt including its current portion.
    LONG_TERM_DEBT_TOTAL = [
        "LongTermDebt",
        "LongTermDebtAndCapitalLeaseObligationsIncludingCurrentMaturities",
    ];
    /// Long-term debt split in two lines (Walmart's latest quarter): added together.
    LONG_TERM_DEBT_NONCURRENT = [
        "LongTermDebtNoncurrent",
        "LongTermDebtAndCapitalLeaseObligations",
    ];
    LONG_TERM_DEBT_CURRENT = [
        "LongTermDebtCurrent",
        "LongTermDebtAndCapitalLeaseObligationsCurrent",
    ];
    /// All debt due within a year (current maturities plus short-term borrowings): the
    /// balance sheet's current-debt line (Tesla, PepsiCo, Waste Management).
    DEBT_CURRENT = ["DebtCurrent"];
    /// Carrying amount of all debt instruments: never a debt figure itself, only a witness of
    /// which identity holds (Tesla's 5,380M at 2021-12-31 is `LongTermDebt` 4,254M plus
    /// `DebtCurrent` 1,088M, so its `LongTermDebt` is the non-current part).
    DEBT_INSTRUMENTS_TOTAL = ["DebtInstrumentCarryingAmount"];
    /// Other names for borrowings when none of the above is reported (REIT notes, convertibles).
    OTHER_DEBT = [
        "NotesPayable",
        "SeniorNotes",
        "ConvertibleDebtNoncurrent",
        "ConvertibleNotesPayable",
    ];
    /// Short-term borrowings; commercial paper only when borrowings are not reported, because
    /// `ShortTermBorrowings` usually includes it.
    SHORT_TERM_DEBT = ["ShortTermBorrowings", "CommercialPaper"];
    /// One-line total debt: insurers use it. Last resort, because Walmart tags its long-term
    /// debt alone with it.
    COMBINED_DEBT = ["DebtLongtermAndShorttermCombinedAmount"];

    /// A bank's deposits and its loans (net of the allowance), for its funding question (Q5's bank
    /// version): JPMorgan tags loans `FinancingReceivableExcludingAccruedInterestAfterAllowanceForCreditLoss`
    /// since 2020, `LoansAndLeasesReceivableNetOfDeferredIncome` before.
    DEPOSITS = ["Deposits"];
    LOANS = [
        "FinancingReceivableExcludingAccruedInterestAfterAllowanceForCreditLoss",
        "LoansAndLeasesReceivableNetReportedAmount",
        "LoansAndLeasesReceivableNetOfDeferredIncome",
    ];

    EQUITY = [
        "StockholdersEquity",
        "StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest",
    ];
    ASSETS = ["Assets"];
    /// Total liabilities: the evidence that a company with no debt line has no debt.
    LIABILITIES = ["Liabilities"];
    /// Liability lines that are not borrowing. When these add up to the total liabilities, the
    /// balance sheet has no room left for debt (a missing debt tag alone proves nothing: Comcast's
    /// facts in the snapshot lack one while it owes about $95B).
    NON_DEBT_LIABILITIES = [
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
    DILUTED_SHARES = [
        "WeightedAverageNumberOfDilutedSharesOutstanding",
        "WeightedAverageNumberOfShareOutstandingBasicAndDiluted",
    ];
    /// Shares outstanding at a date: the cover page (`dei`) first, then the balance sheet.
    SHARES_OUTSTANDING = [
        "EntityCommonStockSharesOutstanding",
        "CommonStockSharesOutstanding",
    ];
    /// Market value of shares held by non-affiliates, from the 10-K cover page (`dei`).
    PUBLIC_FLOAT = ["EntityPublicFloat"];
}

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
    let mut all: Vec<&'static str> = LISTS.iter().flat_map(|l| l.iter().copied()).collect();
    all.sort_unstable();
    all.dedup();
    all
}
