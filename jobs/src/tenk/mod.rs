//! The 10-K auto-analysis: find a company's latest 10-K ([`locate`]), split it
//! into Items ([`items`]), and draft the 14 sections of the notes as the bulk editor's text
//! ([`writer`], offline with [`extract`] or with a language model). [`bulk`] is the editor's
//! parser, which checks the draft; [`chunks`] splits the 10-K for the chat's retrieval.
//! The `AutoAnalyze10K` job (`handlers/auto_analyze_10k.rs`) runs these in order.
//!
//! Dependencies: `locate` reads `sources/` (the snapshot, live SEC) and `store/`; the others
//! are pure (`writer` calls an assistant `Provider` it is given).

pub mod bulk;
pub mod extract;
pub mod items;
pub mod locate;
pub mod sections;
pub mod writer;

/// The fiscal year end a 10-K's cover page states ("For the fiscal year ended September 28,
/// 2024"), as a date.
pub fn fiscal_year_end(text: &str) -> Option<chrono::NaiveDate> {
    let mut end = text.len().min(20_000);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    // ASCII lower-casing keeps byte offsets, so `at` is valid in `text` too.
    let cover = text[..end].to_ascii_lowercase();
    let at = cover.find("fiscal year ended")? + "fiscal year ended".len();
    let words: Vec<String> = text[at..]
        .split_whitespace()
        .take(4)
        .map(|w| w.replace([',', '.', ':', ';'], ""))
        .filter(|w| !w.is_empty())
        .take(3)
        .collect();
    chrono::NaiveDate::parse_from_str(&words.join(" "), "%B %d %Y").ok()
}

#[cfg(test)]
mod tests {
    #[test]
    fn reads_the_fiscal_year_end_from_the_cover() {
        let text = "FORM 10-K\n(Mark One)\nANNUAL REPORT ... For the fiscal year ended September 28, 2024\nor";
        assert_eq!(
            super::fiscal_year_end(text),
            chrono::NaiveDate::from_ymd_opt(2024, 9, 28)
        );
        assert_eq!(
            super::fiscal_year_end("For the fiscal year ended soon"),
            None
        );
        assert_eq!(super::fiscal_year_end(""), None);
    }
}
