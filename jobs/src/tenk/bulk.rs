//! The bulk editor's parser, the same rules as the editor's own
//! `parseBulk` in `web/src/features/admin/utils/bulk-notes.ts`: a section starts at a line
//! beginning '## ', its header matches a label case-insensitively, its text runs to the next
//! header, trimmed; unknown headers end the previous section; a repeated header keeps the last
//! non-empty text; the 10K Date keeps its first line. The auto-analysis checks its own output
//! with it (and the fuzz target `notes_parser` runs it on arbitrary input).

use std::collections::BTreeMap;

use super::sections::{SECTIONS, TEN_K_DATE_LABEL};

/// What Preview Parse found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BulkParse {
    /// 'Please enter content to parse'.
    Empty,
    Parsed {
        /// label -> text (the date under [`TEN_K_DATE_LABEL`]).
        fields: BTreeMap<&'static str, String>,
        /// The editor's warning, word for word, when something is missing.
        warning: Option<String>,
    },
}

/// Parses bulk text as the editor does.
pub fn parse_bulk(text: &str) -> BulkParse {
    if text.trim().is_empty() {
        return BulkParse::Empty;
    }
    let labels: Vec<&'static str> = std::iter::once(TEN_K_DATE_LABEL)
        .chain(SECTIONS.iter().map(|s| s.label))
        .collect();
    let mut fields = BTreeMap::new();
    let mut current: Option<&'static str> = None;
    let mut lines: Vec<&str> = Vec::new();
    let mut flush = |current: Option<&'static str>, lines: &mut Vec<&str>| {
        let body = lines.join("\n");
        let body = body.trim();
        if let Some(label) = current
            && !body.is_empty()
        {
            let value = if label == TEN_K_DATE_LABEL {
                body.split('\n').next().unwrap_or("").trim().to_string()
            } else {
                body.to_string()
            };
            fields.insert(label, value);
        }
        lines.clear();
    };
    // The editor splits on /\r?\n/.
    for line in text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l)) {
        if let Some(header) = line.strip_prefix("## ") {
            flush(current, &mut lines);
            let header = header.trim().to_lowercase();
            current = labels.iter().copied().find(|l| l.to_lowercase() == header);
        } else if current.is_some() {
            lines.push(line);
        }
    }
    flush(current, &mut lines);

    let missing: Vec<&str> = SECTIONS
        .iter()
        .map(|s| s.label)
        .filter(|l| !fields.contains_key(l))
        .collect();
    let no_date = !fields.contains_key(TEN_K_DATE_LABEL);
    let warning = match (no_date, missing.is_empty()) {
        (true, false) => Some(format!(
            "Missing 10K Date and sections: {}",
            missing.join(", ")
        )),
        (true, true) => Some("10K Date field is missing or empty".to_string()),
        (false, false) => Some(format!(
            "The following sections were not found or empty: {}",
            missing.join(", ")
        )),
        (false, true) => None,
    };
    BulkParse::Parsed { fields, warning }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_editors_rules_and_warnings() {
        assert_eq!(parse_bulk("  \n "), BulkParse::Empty);
        let BulkParse::Parsed { fields, warning } = parse_bulk(
            "intro\n## 10k date\n2024-09-28\nextra\n## Unknown\nlost\n## RISK FACTORS\n a \n## Risk Factors\n\n",
        ) else {
            panic!("parsed")
        };
        assert_eq!(fields["10K Date"], "2024-09-28");
        assert_eq!(
            fields["Risk Factors"], "a",
            "the empty repeat keeps the earlier text"
        );
        assert_eq!(fields.len(), 2);
        let warning = warning.unwrap();
        assert!(warning.starts_with("The following sections were not found or empty: Company Overview, Revenue Streams, Market Growth, Financial"), "{warning}");
        let BulkParse::Parsed { warning, .. } = parse_bulk("## Covenants\r\nnone\r\n") else {
            panic!("parsed")
        };
        assert!(
            warning
                .unwrap()
                .starts_with("Missing 10K Date and sections: Company Overview")
        );
    }
}
