//! SEC submissions (`submissions/CIK##########.json`): the company's name, tickers, SIC code
//! (industry), fiscal year end and its recent filings with accession numbers and primary
//! documents. Older filings sit in overflow pages (`-submissions-001`) that the analysis does
//! not need: the latest 10-K and 10-Q are always in `recent`.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::ParseError;

/// What the product uses from a submissions file.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Submissions {
    pub cik: Option<u64>,
    pub name: String,
    pub tickers: Vec<String>,
    /// Standard Industrial Classification code, e.g. 3571.
    pub sic: Option<u32>,
    /// SEC's description of the SIC code, e.g. "Electronic Computers".
    pub sic_description: Option<String>,
    /// Fiscal year end as `MMDD`, e.g. `"0926"`.
    pub fiscal_year_end: Option<String>,
    /// Recent filings, newest first as SEC lists them.
    pub filings: Vec<Filing>,
}

/// One filing of the `recent` list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Filing {
    pub accession_number: String,
    pub form: String,
    pub filing_date: Option<NaiveDate>,
    pub report_date: Option<NaiveDate>,
    pub primary_document: String,
}

impl Submissions {
    /// Parses SEC's JSON body (column arrays under `filings.recent`).
    pub fn from_json(bytes: &[u8]) -> Result<Self, ParseError> {
        let raw: RawSubmissions = serde_json::from_slice(bytes)
            .map_err(|err| ParseError(format!("submissions JSON: {err}")))?;
        Ok(raw.into())
    }

    /// The newest filing whose form is one of `forms` (e.g. `["10-K", "10-K/A"]`).
    pub fn latest_filing(&self, forms: &[&str]) -> Option<&Filing> {
        self.filings
            .iter()
            .filter(|f| forms.contains(&f.form.as_str()))
            .max_by_key(|f| (f.filing_date, f.accession_number.clone()))
    }

    /// The newest annual report (10-K, or its amendment when that is newer).
    pub fn latest_annual_report(&self) -> Option<&Filing> {
        self.latest_filing(&["10-K", "10-K/A"])
    }
}

#[derive(Deserialize)]
struct RawSubmissions {
    #[serde(default)]
    cik: Option<serde_json::Value>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    tickers: Vec<String>,
    #[serde(default)]
    sic: Option<String>,
    #[serde(rename = "sicDescription", default)]
    sic_description: Option<String>,
    #[serde(rename = "fiscalYearEnd", default)]
    fiscal_year_end: Option<String>,
    #[serde(default)]
    filings: Option<RawFilings>,
}

#[derive(Deserialize)]
struct RawFilings {
    recent: RawRecent,
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase")]
struct RawRecent {
    #[serde(default)]
    accession_number: Vec<String>,
    #[serde(default)]
    filing_date: Vec<String>,
    #[serde(default)]
    report_date: Vec<String>,
    #[serde(default)]
    form: Vec<String>,
    #[serde(default)]
    primary_document: Vec<String>,
}

impl From<RawSubmissions> for Submissions {
    fn from(raw: RawSubmissions) -> Self {
        let recent = raw.filings.map(|f| f.recent).unwrap_or_default();
        let date = |list: &Vec<String>, i: usize| list.get(i).and_then(|d| super::iso_date(d));
        let filings = (0..recent.accession_number.len())
            .map(|i| Filing {
                accession_number: recent.accession_number[i].clone(),
                form: recent.form.get(i).cloned().unwrap_or_default(),
                filing_date: date(&recent.filing_date, i),
                report_date: date(&recent.report_date, i),
                primary_document: recent.primary_document.get(i).cloned().unwrap_or_default(),
            })
            .collect();
        let cik = match raw.cik {
            Some(serde_json::Value::Number(n)) => n.as_u64(),
            Some(serde_json::Value::String(s)) => s.trim().parse().ok(),
            _ => None,
        };
        Submissions {
            cik,
            name: raw.name.unwrap_or_default(),
            tickers: raw.tickers,
            sic: raw.sic.and_then(|s| s.trim().parse().ok()),
            sic_description: raw.sic_description.filter(|s| !s.trim().is_empty()),
            fiscal_year_end: raw.fiscal_year_end.filter(|s| !s.trim().is_empty()),
            filings,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn column_arrays_become_filings() {
        let body = br#"{"cik":"0000320193","name":"Apple Inc.","tickers":["AAPL"],"sic":"3571",
            "sicDescription":"Electronic Computers","fiscalYearEnd":"0926",
            "filings":{"recent":{"accessionNumber":["a-1","a-2","a-3"],"filingDate":["2025-10-31","2026-01-30","2024-11-01"],
            "reportDate":["2025-09-27","2025-12-27","2024-09-28"],"form":["10-K","10-Q","10-K"],
            "primaryDocument":["aapl-2025.htm","q1.htm","aapl-2024.htm"]}}}"#;
        let subs = Submissions::from_json(body).unwrap();
        assert_eq!(subs.cik, Some(320193));
        assert_eq!(subs.sic, Some(3571));
        assert_eq!(subs.filings.len(), 3);
        let annual = subs.latest_annual_report().unwrap();
        assert_eq!(annual.accession_number, "a-1");
        assert_eq!(annual.primary_document, "aapl-2025.htm");
    }

    #[test]
    fn missing_filings_are_an_empty_list() {
        let subs = Submissions::from_json(br#"{"name":"X","sic":""}"#).unwrap();
        assert!(subs.filings.is_empty());
        assert_eq!(subs.sic, None);
    }
}
