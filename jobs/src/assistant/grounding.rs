//! What an answer may rest on: the stock's stored analysis record (scores and figures with
//! their provenance), its notes and the document passages retrieved for the question. Also
//! the citations of figures and passages and the numbers the invented-number check accepts.

use super::injection::looks_like_instructions;
use crate::{
    analysis::{AnalysisRecord, QuestionResult, record::Provenance},
    store::{chat_log::Citation, notes::StockNotes, passages::Passage},
};

/// The grounding of one message. Generic (home page) chat has no symbol and no record.
#[derive(Debug, Clone, Default)]
pub struct Grounding {
    pub symbol: Option<String>,
    /// The company's name from the ticker directory when there is no record.
    pub company_name: Option<String>,
    pub record: Option<AnalysisRecord>,
    pub notes: Option<StockNotes>,
    pub passages: Vec<Passage>,
    /// Generic chat: a stock the message names (symbol, company), to point to its page.
    pub mentioned_stock: Option<(String, String)>,
    /// What tools returned to a language model while it answered (JSON texts).
    pub tool_results: Vec<String>,
}

impl Grounding {
    /// The company's display name: the record's, else the directory's, else the symbol.
    pub fn company(&self) -> String {
        self.record
            .as_ref()
            .map(|r| r.company_name.clone())
            .or_else(|| self.company_name.clone())
            .or_else(|| self.symbol.clone())
            .unwrap_or_default()
    }

    /// Question `number` (1-12) of the record.
    pub fn question(&self, number: u8) -> Option<&QuestionResult> {
        self.record
            .as_ref()?
            .questions
            .iter()
            .find(|q| q.number == number)
    }

    /// The citation of question `number`'s provenance entry whose label starts with
    /// `label_prefix` (e.g. "Debt").
    pub fn figure_citation(&self, number: u8, label_prefix: &str) -> Option<Citation> {
        let q = self.question(number)?;
        let p = q
            .provenance
            .iter()
            .find(|p| p.label.starts_with(label_prefix))?;
        Some(self.cite(p))
    }

    /// Citations of every provenance entry of question `number`.
    pub fn question_citations(&self, number: u8) -> Vec<Citation> {
        self.question(number)
            .map(|q| q.provenance.iter().map(|p| self.cite(p)).collect())
            .unwrap_or_default()
    }

    /// A figure's filing: form, filing date and accession, linked to the filing index on
    /// SEC EDGAR when the company's CIK is known.
    pub fn cite(&self, p: &Provenance) -> Citation {
        let f = &p.figure;
        let label = format!(
            "{}: {} filed {} (accession {})",
            p.label, f.form, f.filed, f.accn
        );
        let url = self
            .record
            .as_ref()
            .and_then(|r| r.cik)
            .map(|cik| edgar_filing_url(cik, &f.accn));
        Citation { label, url }
    }

    /// Retrieved passages that are safe to quote, and whether any was held back because it
    /// reads like instructions to the assistant.
    pub fn quotable_passages(&self) -> (Vec<&Passage>, bool) {
        let mut held_back = false;
        let quotable = self
            .passages
            .iter()
            .filter(|p| {
                let suspicious = looks_like_instructions(&p.content);
                held_back |= suspicious;
                !suspicious
            })
            .collect();
        (quotable, held_back)
    }

    /// Everything the invented-number check may find a number in, as text: the record as
    /// JSON, the notes and the passages.
    pub fn corpus(&self) -> String {
        let mut corpus = String::new();
        if let Some(record) = &self.record {
            corpus.push_str(&serde_json::to_string(record).unwrap_or_default());
        }
        if let Some(notes) = &self.notes {
            corpus.push_str(&serde_json::to_string(notes).unwrap_or_default());
        }
        for p in &self.passages {
            corpus.push('\n');
            corpus.push_str(&p.content);
        }
        for result in &self.tool_results {
            corpus.push('\n');
            corpus.push_str(result);
        }
        corpus
    }

    /// Every number in the record (scores, metrics, chart values, provenance values) and in
    /// what the tools returned.
    pub fn values(&self) -> Vec<f64> {
        let mut values = Vec::new();
        if let Some(record) = &self.record
            && let Ok(json) = serde_json::to_value(record)
        {
            collect_numbers(&json, &mut values);
        }
        for result in &self.tool_results {
            if let Ok(json) = serde_json::from_str::<serde_json::Value>(result) {
                collect_numbers(&json, &mut values);
            }
        }
        values
    }
}

/// The passage citation: document and chunk.
pub fn passage_citation(p: &Passage) -> Citation {
    Citation {
        label: format!("{}, passage {}", p.file_name, p.ordinal + 1),
        url: None,
    }
}

/// The filing index of an accession on SEC EDGAR.
pub fn edgar_filing_url(cik: u64, accession: &str) -> String {
    let compact: String = accession.chars().filter(char::is_ascii_digit).collect();
    format!("https://www.sec.gov/Archives/edgar/data/{cik}/{compact}/{accession}-index.htm")
}

fn collect_numbers(value: &serde_json::Value, out: &mut Vec<f64>) {
    match value {
        serde_json::Value::Number(n) => out.extend(n.as_f64()),
        serde_json::Value::Array(items) => items.iter().for_each(|v| collect_numbers(v, out)),
        serde_json::Value::Object(map) => map.values().for_each(|v| collect_numbers(v, out)),
        _ => {}
    }
}
