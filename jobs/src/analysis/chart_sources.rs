//! Where every number of a question's chart came from: the record's answer to "see the
//! numbers, and where do they come from?".
//!
//! A chart cell links, by the label of one entry, to one of three kinds of source:
//! - a **filing figure** ([`Provenance`]): concept, period, form, accession and filing date,
//!   for every year the chart shows (not only the endpoints the score used), plus the year
//!   before the first when a growth rate needs it;
//! - a **derivation**: a number computed from other entries (growth %, margins, yields,
//!   ratios, market value = price x shares, free cash flow = operating cash - capex, retail =
//!   100 - insiders - institutions), with its formula in words and the labels of its inputs;
//! - a **market-data** value (closing prices, the 10-year Treasury, short interest, holders)
//!   with its provider and date.
//!
//! The sources are built next to the charts, from the same inputs, by `chart_sources_filings`
//! (questions 1-6) and `chart_sources_market` (7-12). The rules are in `docs/scoring.md`,
//! "Provenance of chart figures".

use chrono::NaiveDate;

pub use super::record::{CellSource, ChartSources, Derivation, MarketSource};
use super::{facts::Figure, record::Provenance};
use crate::market_data::PricePoint;

/// The provider of daily closing prices (split- and dividend-adjusted closes).
pub const PRICE_SOURCE: &str = "daily closing prices (adjusted for splits and dividends)";
/// FRED's series of the 10-year Treasury yield.
pub const TREASURY_SOURCE: &str = "FRED DGS10, 10-year Treasury constant-maturity yield";
/// FINRA's short interest, as a percent of the float.
pub const SHORT_SOURCE: &str = "FINRA equity short interest (shares short / float)";
/// The holders data (insiders and 13F institutions).
pub const HOLDERS_SOURCE: &str = "major holders data (insiders; institutions from 13F reports)";

/// The unit of a money derivation (market value, free cash flow, projected earnings).
pub const USD: &str = "USD";
/// The unit of growth rates, margins, yields and ownership shares.
pub const PERCENT: &str = "percent";
/// The unit of valuation ratios (price over earnings, sales, book or free cash flow).
pub const TIMES: &str = "times";

impl ChartSources {
    /// True when an entry of any kind has this label.
    pub fn has(&self, label: &str) -> bool {
        self.value_of(label).is_some()
    }

    /// The value the entry with this label stands for.
    pub fn value_of(&self, label: &str) -> Option<f64> {
        self.figures
            .iter()
            .find(|p| p.label == label)
            .map(|p| p.figure.value)
            .or_else(|| {
                self.derivations
                    .iter()
                    .find(|d| d.label == label)
                    .map(|d| d.value)
            })
            .or_else(|| {
                self.market
                    .iter()
                    .find(|m| m.label == label)
                    .map(|m| m.value)
            })
    }

    /// The source of one cell.
    pub fn source_of(&self, row: &str, column: &str) -> Option<&str> {
        self.cells
            .iter()
            .find(|c| c.row == row && c.column == column)
            .map(|c| c.source.as_str())
    }

    /// Adds a filing figure (once per label) and returns its label.
    pub fn figure(&mut self, label: String, figure: &Figure) -> String {
        if !self.has(&label) {
            self.figures.push(Provenance {
                label: label.clone(),
                figure: figure.clone(),
            });
        }
        label
    }

    /// Adds a filing figure when there is one.
    pub fn maybe_figure(&mut self, label: String, figure: Option<&Figure>) -> Option<String> {
        figure.map(|f| self.figure(label, f))
    }

    /// Adds a derivation (once per label) and returns its label.
    pub fn derived(
        &mut self,
        label: String,
        value: f64,
        unit: &str,
        formula: String,
        inputs: Vec<String>,
    ) -> String {
        if !self.has(&label) {
            self.derivations.push(Derivation {
                label: label.clone(),
                value,
                unit: unit.into(),
                formula,
                inputs,
            });
        }
        label
    }

    /// Adds a market-data value (once per label) and returns its label.
    pub fn market(
        &mut self,
        label: String,
        value: f64,
        unit: &str,
        source: &str,
        date: Option<NaiveDate>,
    ) -> String {
        if !self.has(&label) {
            self.market.push(MarketSource {
                label: label.clone(),
                value,
                unit: unit.into(),
                source: source.into(),
                date,
            });
        }
        label
    }

    /// Adds a day's closing price from `source` (`price_basis::PriceBasis::source`: as traded
    /// or adjusted for dividends) and returns its label (`Price 2026-08-18`).
    pub fn price(&mut self, point: &PricePoint, source: &str) -> String {
        self.market(
            format!("Price {}", point.date),
            point.close,
            "USD per share",
            source,
            Some(point.date),
        )
    }

    /// Adds a market value: the day's close (from `source`) times the share count then (with
    /// both inputs), and returns its label.
    pub fn market_value(
        &mut self,
        label: String,
        close: &PricePoint,
        shares: &Figure,
        source: &str,
    ) -> String {
        let price = self.price(close, source);
        let count = self.figure(format!("Shares outstanding {}", shares.end), shares);
        self.derived(
            label,
            close.close * shares.value,
            USD,
            format!("{price} x {count}"),
            vec![price, count],
        )
    }

    /// Says that cell (`row`, `column`) shows the entry `source`.
    pub fn cell(&mut self, row: &str, column: &str, source: String) {
        self.cells.push(CellSource {
            row: row.into(),
            column: column.into(),
            source,
        });
    }

    /// [`ChartSources::cell`] when there is a source.
    pub fn maybe_cell(&mut self, row: &str, column: &str, source: Option<String>) {
        if let Some(source) = source {
            self.cell(row, column, source);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_kept_once_per_label_and_cells_find_them() {
        let mut s = ChartSources::default();
        let a = s.market(
            "Price 2026-08-18".into(),
            10.0,
            "USD per share",
            PRICE_SOURCE,
            None,
        );
        let again = s.market(
            "Price 2026-08-18".into(),
            99.0,
            "USD per share",
            PRICE_SOURCE,
            None,
        );
        assert_eq!(a, again);
        assert_eq!(s.market.len(), 1);
        let d = s.derived("Twice".into(), 20.0, USD, "2 x price".into(), vec![a]);
        s.cell("TTM", "value", d);
        assert_eq!(s.source_of("TTM", "value"), Some("Twice"));
        assert_eq!(s.value_of("Twice"), Some(20.0));
        assert_eq!(s.value_of("Price 2026-08-18"), Some(10.0));
        assert_eq!(s.source_of("TTM", "growthPct"), None);
    }
}
