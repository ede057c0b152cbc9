//! The notes from a company's annual report (table `stock_analysis`): 14 sections and the
//! 10-K date, as `GET /api/stock-analysis/{ticker}` returns them.

use serde::Serialize;

use super::{Store, StoreResult};

/// The stored notes of one stock (section text as stored).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct StockNotes {
    pub symbol: String,
    pub company_overview: Option<String>,
    pub revenue_streams: Option<String>,
    pub market_growth: Option<String>,
    pub risk_factors: Option<String>,
    pub financial_performance: Option<String>,
    pub supplier_power: Option<String>,
    pub debt_obligations: Option<String>,
    pub covenants: Option<String>,
    pub management_discussion: Option<String>,
    pub key_performance: Option<String>,
    pub competitive_landscape: Option<String>,
    pub future_outlook: Option<String>,
    pub legal_proceedings: Option<String>,
    pub overall_assessment: Option<String>,
    #[serde(rename = "tenKDate")]
    pub ten_k_date: Option<String>,
}

impl Store {
    /// The notes of `symbol`, if any were written.
    pub async fn stock_notes(&self, symbol: &str) -> StoreResult<Option<StockNotes>> {
        let sql = "SELECT symbol, company_overview, revenue_streams, market_growth, risk_factors,
                financial_performance, supplier_power, debt_obligations, covenants, management_discussion,
                key_performance, competitive_landscape, future_outlook, legal_proceedings, overall_assessment,
                ten_k_date FROM stock_analysis WHERE symbol = $1";
        Ok(with_pool!(self, pool => sqlx::query_as(sql).bind(symbol).fetch_optional(pool).await?))
    }
}
