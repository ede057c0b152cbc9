//! Bubba's one-paragraph comment per question. The texts live in `jobs/assets/comments.md`
//! (copy apart from code); the tone follows the band (green warm, yellow fair, red blunt but
//! kind); every number is filled in by the code from the answer's figures, never written by
//! hand or guessed. See `VOICE.md`.

use std::sync::OnceLock;

use super::{record::Band, score::Vars};

/// What Bubba says when a question has no grade.
const MISSING: &str =
    "The filings don't tell me enough to grade this one, so I won't pretend: {reason}.";

/// One entry of `assets/comments.md`: the question, the family (`None`: any) and the band
/// (`None`: any) it fits, and its text.
struct Entry {
    number: u8,
    variant: Option<&'static str>,
    band: Option<Band>,
    text: &'static str,
}

/// The entries of `assets/comments.md`, in file order. A heading that does not read is
/// skipped (a test checks that none is).
fn entries() -> &'static [Entry] {
    static ENTRIES: OnceLock<Vec<Entry>> = OnceLock::new();
    ENTRIES.get_or_init(|| parse(include_str!("../../assets/comments.md")))
}

fn parse(file: &'static str) -> Vec<Entry> {
    file.split("\n## ")
        .skip(1)
        .filter_map(|section| {
            let (heading, text) = section.split_once('\n')?;
            let words: Vec<&str> = heading.split_whitespace().collect();
            let (number, variant, band) = match words.as_slice() {
                [number, band] => (number, None, band),
                [number, variant, band] => (number, Some(*variant), band),
                _ => return None,
            };
            let band = match *band {
                "green" => Some(Band::Green),
                "yellow" => Some(Band::Yellow),
                "red" => Some(Band::Red),
                "any" => None,
                _ => return None,
            };
            Some(Entry {
                number: number.parse().ok()?,
                variant,
                band,
                text: text.trim(),
            })
        })
        .collect()
}

/// The template for question `number` (1-12), comment family `variant` and `band`: the first
/// entry that fits.
fn template(number: u8, variant: &str, band: Band) -> Option<&'static str> {
    entries()
        .iter()
        .find(|e| {
            e.number == number
                && e.variant.is_none_or(|v| v == variant)
                && e.band.is_none_or(|b| b == band)
        })
        .map(|e| e.text)
}

/// Bubba's comment for question `number`. `score` is the rounded grade (`None` = not
/// enough data); numbers come from `vars` only.
pub fn comment(number: u8, score: Option<u8>, variant: &str, vars: &Vars) -> String {
    let text = match score {
        None if number == 5 && variant == "bank" => {
            "For a bank, cash moving in and out is the whole business, so 'free cash flow' doesn't tell you much. I'm leaving this one ungraded rather than pretend."
        }
        None => MISSING,
        Some(score) => template(number, variant, Band::of_question(score))
            .or_else(|| template(number, "", Band::of_question(score)))
            .unwrap_or(MISSING),
    };
    fill(text, vars)
}

/// Replaces `{name}` with `vars[name]`; an unknown name becomes "N/A" rather than leaking a
/// placeholder onto the page.
pub fn fill(template: &str, vars: &Vars) -> String {
    let mut out = String::with_capacity(template.len() + 32);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('}') else {
            out.push_str(&rest[open..]);
            return out;
        };
        let name = &rest[open + 1..open + close];
        out.push_str(vars.get(name).map_or("N/A", String::as_str));
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_come_from_vars() {
        let vars = Vars::from([("short", "12.0%".to_string()), ("as_of", String::new())]);
        assert_eq!(
            comment(12, Some(2), "", &vars),
            "12.0% of the shares are bet against. Somebody thinks this roof leaks."
        );
        assert_eq!(fill("{missing} here", &vars), "N/A here");
        let reason = Vars::from([("reason", "no float".to_string())]);
        assert!(comment(12, None, "", &reason).ends_with("so I won't pretend: no float."));
    }

    #[test]
    fn every_heading_of_the_comments_file_reads() {
        let file = include_str!("../../assets/comments.md");
        assert_eq!(parse(file).len(), file.matches("\n## ").count());
        assert!(
            entries()
                .iter()
                .all(|e| !e.text.is_empty() && !e.text.contains("## "))
        );
    }

    #[test]
    fn every_question_has_all_three_bands() {
        for number in 1..=12u8 {
            for band in [Band::Green, Band::Yellow, Band::Red] {
                assert!(template(number, "", band).is_some(), "Q{number} {band:?}");
            }
        }
    }
}
