//! The admin's side of the notes (table `stock_analysis`): the list of symbols with
//! notes, creating an empty record, and saving one field at a time. The visitor read is in
//! [`super::notes`].

use chrono::{NaiveDate, Utc};
use sqlx::AssertSqlSafe;

use super::{Store, StoreResult};

/// The 15 fields the notes editor saves (in the editor's order): the 10-K
/// date and the 14 sections. Only these reach the database; the column name comes from this
/// list, never from the request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoteField {
    TenKDate,
    Section(&'static str, &'static str),
}

/// The 14 sections: (wire id, column), in the editor's tab order. The storage page's sizes
/// are kept by triggers that name each column (`0027_kept_storage_and_trending.sql`): a new
/// section needs a migration that adds it there too.
pub const SECTIONS: [(&str, &str); 14] = [
    ("companyOverview", "company_overview"),
    ("revenueStreams", "revenue_streams"),
    ("marketGrowth", "market_growth"),
    ("riskFactors", "risk_factors"),
    ("financialPerformance", "financial_performance"),
    ("supplierPower", "supplier_power"),
    ("debtObligations", "debt_obligations"),
    ("covenants", "covenants"),
    ("managementDiscussion", "management_discussion"),
    ("keyPerformance", "key_performance"),
    ("competitiveLandscape", "competitive_landscape"),
    ("futureOutlook", "future_outlook"),
    ("legalProceedings", "legal_proceedings"),
    ("overallAssessment", "overall_assessment"),
];

/// The longest section the editor may save, in characters (a 10-K section summary is a few
/// paragraphs; the JSON body limit of 64 KB bounds it anyway, this gives the clearer message).
pub const MAX_SECTION_CHARS: usize = 20_000;

impl NoteField {
    /// The field named `id` on the wire (`tenKDate`, `companyOverview`, ...).
    pub fn parse(id: &str) -> Option<NoteField> {
        if id == "tenKDate" {
            return Some(NoteField::TenKDate);
        }
        SECTIONS
            .iter()
            .find(|(wire, _)| *wire == id)
            .map(|(wire, column)| NoteField::Section(wire, column))
    }

    fn column(self) -> &'static str {
        match self {
            NoteField::TenKDate => "ten_k_date",
            NoteField::Section(_, column) => column,
        }
    }

    /// The value to store for `content` (None clears the field), or the reason it is refused.
    /// Dates must be `YYYY-MM-DD` (what the date input sends); sections are stored as sent
    /// (the editor adds the quotes).
    pub fn clean(self, content: Option<&str>) -> Result<Option<String>, String> {
        let Some(content) = content else {
            return Ok(None);
        };
        match self {
            NoteField::TenKDate => {
                let date = content.trim();
                if date.is_empty() {
                    return Ok(None);
                }
                NaiveDate::parse_from_str(date, "%Y-%m-%d")
                    .map(|d| Some(d.format("%Y-%m-%d").to_string()))
                    .map_err(|_| "Please enter the 10K Date as a date (YYYY-MM-DD).".to_string())
            }
            NoteField::Section(..) => {
                if content.chars().count() > MAX_SECTION_CHARS {
                    return Err(format!(
                        "That section is too long: please keep it under {MAX_SECTION_CHARS} characters."
                    ));
                }
                Ok(Some(content.to_string()))
            }
        }
    }
}

impl Store {
    /// Every symbol with a notes record, alphabetically.
    pub async fn notes_symbols(&self) -> StoreResult<Vec<String>> {
        let sql = "SELECT symbol FROM stock_analysis ORDER BY symbol";
        Ok(with_pool!(self, pool => sqlx::query_scalar(sql).fetch_all(pool).await?))
    }

    /// Creates an empty notes record for `symbol`; false when one already exists (left as is).
    pub async fn create_notes(&self, symbol: &str) -> StoreResult<bool> {
        let sql = "INSERT INTO stock_analysis (symbol) VALUES ($1) ON CONFLICT (symbol) DO NOTHING";
        let done = with_pool!(self, pool => sqlx::query(sql).bind(symbol).execute(pool).await?.rows_affected());
        Ok(done == 1)
    }

    /// Saves one field of `symbol`'s notes (`value` already passed [`NoteField::clean`]);
    /// false when the stock has no notes record.
    pub async fn save_note_field(
        &self,
        symbol: &str,
        field: NoteField,
        value: Option<&str>,
    ) -> StoreResult<bool> {
        // The column comes from the fixed list above, never from the caller.
        let sql = format!(
            "UPDATE stock_analysis SET {} = $1, updated_at = $2 WHERE symbol = $3",
            field.column()
        );
        let now = Utc::now();
        let done = with_pool!(self, pool => sqlx::query(AssertSqlSafe(sql.as_str()))
            .bind(value)
            .bind(now)
            .bind(symbol)
            .execute(pool)
            .await?
            .rows_affected());
        Ok(done == 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_fifteen_known_fields_parse() {
        assert_eq!(NoteField::parse("tenKDate"), Some(NoteField::TenKDate));
        for (wire, _) in SECTIONS {
            assert!(NoteField::parse(wire).is_some(), "{wire}");
        }
        for junk in [
            "symbol",
            "id",
            "company_overview",
            "tenkdate",
            "updatedAt",
            "",
        ] {
            assert_eq!(NoteField::parse(junk), None, "{junk}");
        }
    }

    #[test]
    fn dates_must_be_dates_and_sections_have_a_ceiling() {
        let date = NoteField::TenKDate;
        assert_eq!(
            date.clean(Some(" 2025-10-31 ")),
            Ok(Some("2025-10-31".into()))
        );
        assert_eq!(date.clean(Some("")), Ok(None));
        assert!(date.clean(Some("2025-02-30")).is_err());
        assert!(date.clean(Some("31/10/2025")).is_err());
        let section = NoteField::parse("riskFactors").unwrap();
        assert_eq!(section.clean(Some("\"x\"")), Ok(Some("\"x\"".into())));
        assert!(
            section
                .clean(Some(&"a".repeat(MAX_SECTION_CHARS + 1)))
                .is_err()
        );
        assert_eq!(section.clean(None), Ok(None));
    }
}
