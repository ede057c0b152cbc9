//! SIC code -> sector, and which scoring rules fit the business.
//!
//! SEC gives each company a four-digit Standard Industrial Classification code and a
//! description (the product's "industry"). Investors think in broader sectors, so the table
//! below maps SIC ranges to sector names close to the ones brokers use. The first matching
//! row wins, so narrow exceptions come before the wide range they sit in.

use serde::{Deserialize, Serialize};

/// Which rubric variant applies (SIC 6000-6799 need adapted rules, see `docs/scoring.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub enum IndustryKind {
    General,
    /// Depository and credit institutions, brokers (SIC 6000-6299).
    Bank,
    /// Insurance carriers and agents (SIC 6300-6411).
    Insurer,
    /// Real estate investment trusts (SIC 6798).
    Reit,
}

/// `(first SIC, last SIC, sector)`, first match wins.
pub const SECTOR_TABLE: &[(u32, u32, &str)] = &[
    (100, 999, "Agriculture"),
    (1300, 1399, "Energy"),
    (1000, 1499, "Materials"),
    (1500, 1799, "Industrials"),
    (2000, 2199, "Consumer Staples"),
    (2200, 2399, "Consumer Discretionary"),
    (2400, 2499, "Materials"),
    (2500, 2599, "Consumer Discretionary"),
    (2600, 2699, "Materials"),
    (2700, 2799, "Communication Services"),
    (2830, 2836, "Health Care"),
    (2840, 2844, "Consumer Staples"),
    (2800, 2899, "Materials"),
    (2900, 2999, "Energy"),
    (3100, 3199, "Consumer Discretionary"),
    (3000, 3399, "Materials"),
    (3400, 3499, "Industrials"),
    (3570, 3579, "Technology"),
    (3500, 3599, "Industrials"),
    (3630, 3639, "Consumer Discretionary"),
    (3600, 3689, "Technology"),
    (3690, 3699, "Industrials"),
    (3710, 3716, "Consumer Discretionary"),
    (3750, 3751, "Consumer Discretionary"),
    (3700, 3799, "Industrials"),
    (3840, 3851, "Health Care"),
    (3800, 3899, "Technology"),
    (3900, 3999, "Consumer Discretionary"),
    (4000, 4799, "Industrials"),
    (4800, 4899, "Communication Services"),
    (4900, 4999, "Utilities"),
    (5120, 5129, "Health Care"),
    (5140, 5149, "Consumer Staples"),
    (5000, 5199, "Industrials"),
    (5311, 5399, "Consumer Staples"),
    (5400, 5499, "Consumer Staples"),
    (5910, 5912, "Consumer Staples"),
    (5200, 5999, "Consumer Discretionary"),
    (6798, 6798, "Real Estate"),
    (6500, 6553, "Real Estate"),
    (6000, 6799, "Financials"),
    (7000, 7299, "Consumer Discretionary"),
    (7370, 7379, "Technology"),
    (7300, 7399, "Industrials"),
    (7500, 7599, "Consumer Discretionary"),
    (7800, 7999, "Communication Services"),
    (8000, 8099, "Health Care"),
    (8200, 8299, "Consumer Discretionary"),
    (8000, 8999, "Industrials"),
];

/// The sector of a SIC code, `None` for unknown or unclassified codes (e.g. 9995).
pub fn sector_for_sic(sic: u32) -> Option<&'static str> {
    SECTOR_TABLE
        .iter()
        .find(|(lo, hi, _)| (*lo..=*hi).contains(&sic))
        .map(|(_, _, sector)| *sector)
}

/// The sector of a company recognised as a bank, insurer or landlord from its filings when
/// no SIC code is known; `None` for the general rules (the sector stays unknown).
pub fn sector_for_kind(kind: IndustryKind) -> Option<&'static str> {
    match kind {
        IndustryKind::Bank | IndustryKind::Insurer => Some("Financials"),
        IndustryKind::Reit => Some("Real Estate"),
        IndustryKind::General => None,
    }
}

/// The rule variant for a SIC code.
pub fn industry_kind(sic: Option<u32>) -> IndustryKind {
    match sic {
        Some(6000..=6299) => IndustryKind::Bank,
        Some(6300..=6411) => IndustryKind::Insurer,
        Some(6798) => IndustryKind::Reit,
        _ => IndustryKind::General,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn real_companies_land_in_sensible_sectors() {
        // SIC codes from the submissions files in the snapshot.
        assert_eq!(sector_for_sic(3571), Some("Technology")); // Apple, Electronic Computers
        assert_eq!(sector_for_sic(3674), Some("Technology")); // NVIDIA, TSMC
        assert_eq!(sector_for_sic(7372), Some("Technology")); // Microsoft
        assert_eq!(sector_for_sic(3711), Some("Consumer Discretionary")); // Tesla, Ford
        assert_eq!(sector_for_sic(3721), Some("Industrials")); // Boeing
        assert_eq!(sector_for_sic(6021), Some("Financials")); // JPMorgan
        assert_eq!(sector_for_sic(6331), Some("Financials")); // Berkshire
        assert_eq!(sector_for_sic(6798), Some("Real Estate")); // Two Harbors
        assert_eq!(sector_for_sic(2834), Some("Health Care")); // pharma
        assert_eq!(sector_for_sic(5331), Some("Consumer Staples")); // Walmart
        assert_eq!(sector_for_sic(9995), None);
    }

    #[test]
    fn financial_codes_pick_adapted_rules() {
        assert_eq!(industry_kind(Some(6021)), IndustryKind::Bank);
        assert_eq!(industry_kind(Some(6111)), IndustryKind::Bank);
        assert_eq!(industry_kind(Some(6331)), IndustryKind::Insurer);
        assert_eq!(industry_kind(Some(6798)), IndustryKind::Reit);
        assert_eq!(industry_kind(Some(3571)), IndustryKind::General);
        assert_eq!(industry_kind(None), IndustryKind::General);
    }
}
