//! SEC XBRL company facts (`companyfacts/CIK##########.json`): every fact a company has filed,
//! by taxonomy (`us-gaap`, `dei`, `ifrs-full`, ...), concept and unit. This file only reads
//! and types the raw format; choosing the right facts is `analysis::facts`' job.

use std::collections::HashMap;

use serde::{Deserialize, Deserializer, Serialize};

use super::ParseError;

/// The parsed `companyfacts` response.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct CompanyFacts {
    /// The CIK; SEC sends a number, some copies a zero-padded string.
    #[serde(default, deserialize_with = "cik_number_or_string")]
    pub cik: Option<u64>,
    /// The registrant's name as SEC spells it.
    #[serde(rename = "entityName", default)]
    pub entity_name: String,
    /// Taxonomy -> concept -> facts.
    #[serde(default)]
    pub facts: HashMap<String, HashMap<String, Concept>>,
}

/// One concept (e.g. `us-gaap:NetIncomeLoss`) with its facts per unit.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Concept {
    /// Unit (e.g. `USD`, `shares`, `USD/shares`) -> facts.
    #[serde(default)]
    pub units: HashMap<String, Vec<RawFact>>,
}

/// One reported value, exactly as SEC lists it. Dates stay strings here so one odd fact
/// cannot sink the whole file; the analysis skips facts it cannot read.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct RawFact {
    /// Period start (absent for instants such as balance-sheet values).
    #[serde(default)]
    pub start: Option<String>,
    /// Period end, or the instant.
    #[serde(default)]
    pub end: String,
    /// The value in the unit.
    #[serde(default)]
    pub val: f64,
    /// Accession number of the filing that reported it.
    #[serde(default)]
    pub accn: String,
    /// Fiscal year *of the filing* (not of the fact): not to be trusted for periods.
    #[serde(default)]
    pub fy: Option<i32>,
    /// Fiscal period of the filing (`FY`, `Q1`..`Q3`).
    #[serde(default)]
    pub fp: Option<String>,
    /// Form type of the filing (`10-K`, `10-Q`, `10-K/A`, `DEF 14A`, ...).
    #[serde(default)]
    pub form: String,
    /// Date the filing was filed.
    #[serde(default)]
    pub filed: String,
    /// SEC's calendar frame label, when SEC assigned one.
    #[serde(default)]
    pub frame: Option<String>,
}

impl CompanyFacts {
    /// Parses the JSON body.
    pub fn from_json(bytes: &[u8]) -> Result<Self, ParseError> {
        serde_json::from_slice(bytes)
            .map_err(|err| ParseError(format!("company facts JSON: {err}")))
    }

    /// The taxonomies present, e.g. `["dei", "us-gaap"]`, sorted.
    pub fn taxonomies(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self.facts.keys().map(String::as_str).collect();
        names.sort_unstable();
        names
    }
}

fn cik_number_or_string<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<u64>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Cik {
        Number(u64),
        Text(String),
    }
    Ok(match Option::<Cik>::deserialize(deserializer)? {
        Some(Cik::Number(n)) => Some(n),
        Some(Cik::Text(text)) => text.trim().parse().ok(),
        None => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cik_may_be_a_number_or_a_padded_string() {
        let a =
            CompanyFacts::from_json(br#"{"cik": 320193, "entityName": "Apple Inc.", "facts": {}}"#)
                .unwrap();
        let b =
            CompanyFacts::from_json(br#"{"cik": "0001997711", "entityName": "LPA", "facts": {}}"#)
                .unwrap();
        assert_eq!(a.cik, Some(320193));
        assert_eq!(b.cik, Some(1997711));
    }

    #[test]
    fn a_non_json_body_is_a_parse_error() {
        let err = CompanyFacts::from_json(b"<html>nope</html>").unwrap_err();
        assert!(matches!(err, ParseError(_)));
    }
}
