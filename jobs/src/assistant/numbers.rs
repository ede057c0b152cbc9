//! The invented-number check: every number a language model writes must exist in the
//! grounding data, allowing the record's formatting (`$391.0B`, `7.8%`, `30.1x`, `1,234`) and
//! its rounding. A number that cannot be found is reported so the stored message is flagged
//! and the widget marks it.

/// A number as written in a reply.
#[derive(Debug, Clone, PartialEq)]
pub struct WrittenNumber {
    /// The characters as written, e.g. `391.0` of `$391.0B`.
    pub raw: String,
    /// The value with its scale word or suffix applied (`391.0e9`).
    pub value: f64,
    /// The rounding the writing implies (half a unit of its last digit, scaled).
    pub tolerance: f64,
}

/// Scale suffixes the record's formatting uses, and the words a model may write instead.
const SCALES: &[(&str, f64)] = &[
    ("trillion", 1e12),
    ("billion", 1e9),
    ("million", 1e6),
    ("thousand", 1e3),
    ("T", 1e12),
    ("B", 1e9),
    ("M", 1e6),
    ("K", 1e3),
];

/// The numbers in `text`, skipping link targets (`](https://...)`), which are addresses.
pub fn written_numbers(text: &str) -> Vec<WrittenNumber> {
    let text = strip_link_targets(text);
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let starts = chars[i].is_ascii_digit() && (i == 0 || !is_word_char(chars[i - 1]));
        if !starts {
            i += 1;
            continue;
        }
        let begin = i;
        // "out of 10" / "out of 100" is the scale of a score, not a figure.
        let before: String = chars[begin.saturating_sub(7)..begin].iter().collect();
        let is_scale = before == "out of ";
        while i < chars.len()
            && (chars[i].is_ascii_digit()
                || ((chars[i] == '.' || chars[i] == ',' || chars[i] == '-')
                    && chars.get(i + 1).is_some_and(char::is_ascii_digit)))
        {
            i += 1;
        }
        let raw: String = chars[begin..i].iter().collect();
        // Letters glued to the number that are not a scale (e.g. `10-K`, `Q3`, `3rd`) make
        // it a name, not a quantity.
        let rest: String = chars[i..].iter().take(12).collect();
        let (scale, glued_name) = scale_after(&rest);
        if glued_name || is_scale {
            continue;
        }
        let plain = raw.replace(',', "");
        // Dates and identifiers (`2026-06-27`, `0000320193-26-000013`) are checked as text.
        let Ok(number) = plain.parse::<f64>() else {
            out.push(WrittenNumber {
                raw,
                value: f64::NAN,
                tolerance: 0.0,
            });
            continue;
        };
        let decimals = plain.split('.').nth(1).map_or(0, str::len);
        let unit = 10f64.powi(-(decimals as i32)) * scale;
        out.push(WrittenNumber {
            raw,
            value: number * scale,
            tolerance: unit / 2.0,
        });
    }
    out
}

/// The numbers in `reply` that are not in the grounding: neither written verbatim in
/// `corpus` (the record as JSON, the notes, the passages) nor equal, after rounding, to one of
/// `values`. Small counts (0-12) and years are always allowed.
pub fn unverified(reply: &str, corpus: &str, values: &[f64]) -> Vec<String> {
    let mut flagged: Vec<String> = Vec::new();
    for n in written_numbers(reply) {
        if n.value.is_finite() && is_everyday(&n) {
            continue;
        }
        if corpus.contains(&n.raw) && (!n.value.is_finite() || n.raw.len() >= 4) {
            continue;
        }
        if n.value.is_finite() && values.iter().any(|v| matches(n.value, n.tolerance, *v)) {
            continue;
        }
        if !flagged.contains(&n.raw) {
            flagged.push(n.raw);
        }
    }
    flagged
}

/// Whether a written value stands for the grounding value `v`: equal within the rounding of
/// the writing (or 0.5%), also when the record keeps a fraction the reply shows as a percent.
fn matches(written: f64, tolerance: f64, v: f64) -> bool {
    if !v.is_finite() {
        return false;
    }
    [v, v.abs(), v * 100.0, v.abs() * 100.0].iter().any(|g| {
        let diff = (written - g).abs();
        diff <= tolerance + 1e-9 || (g.abs() > 0.0 && diff / g.abs() <= 0.005)
    })
}

/// Counts a sentence needs without data behind them: 0-12 (questions, years of history) and
/// calendar years.
fn is_everyday(n: &WrittenNumber) -> bool {
    let whole = n.value.fract() == 0.0 && !n.raw.contains('.');
    whole && ((0.0..=12.0).contains(&n.value) || (1900.0..=2100.0).contains(&n.value))
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The scale written right after a number (`B`, ` billion`) and whether other letters are
/// glued to it instead.
fn scale_after(rest: &str) -> (f64, bool) {
    let glued = rest.chars().next().is_some_and(char::is_alphabetic);
    for (word, scale) in SCALES {
        if word.len() == 1 {
            if rest.starts_with(word) && !rest[1..].starts_with(char::is_alphabetic) {
                return (*scale, false);
            }
        } else if let Some(after) = rest.strip_prefix(' ').and_then(|r| r.strip_prefix(word))
            && !after.starts_with(char::is_alphabetic)
        {
            return (*scale, false);
        }
    }
    // `30.1x` (a multiple) is a quantity too.
    if rest.starts_with('x') && !rest[1..].starts_with(char::is_alphabetic) {
        return (1.0, false);
    }
    (1.0, glued)
}

/// `text` without the targets of `[label](target)` links.
fn strip_link_targets(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("](") {
        out.push_str(&rest[..at + 1]);
        let after = &rest[at + 2..];
        match after.find(')') {
            Some(end) => rest = &after[end + 1..],
            None => {
                rest = after;
                break;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_record_formatting_and_rounding_count_as_grounded() {
        let values = [391_035_000_000.0, 7.8123, 0.7593, 30.14];
        let reply = "Sales hit $391.0B, margins 7.8%, insiders hold 75.9%, at 30.1x earnings.";
        assert!(unverified(reply, "", &values).is_empty());
        assert!(unverified("about 391 billion", "", &values).is_empty());
    }

    #[test]
    fn an_invented_figure_is_flagged_once() {
        let values = [391_035_000_000.0];
        let reply = "Sales were $512.4B, yes $512.4B, over 3 years in 2025.";
        assert_eq!(unverified(reply, "", &values), vec!["512.4".to_string()]);
    }

    #[test]
    fn dates_names_and_links_are_not_quantities() {
        let corpus = r#"{"end":"2026-06-27","accn":"0000320193-26-000013"}"#;
        let reply = "Per the 10-K and Q3 report of 2026-06-27 ([filing](https://sec.gov/320193/000032019326000013)), accession 0000320193-26-000013.";
        assert!(
            unverified(reply, corpus, &[]).is_empty(),
            "{:?}",
            unverified(reply, corpus, &[])
        );
        assert_eq!(
            unverified("filed 2031-01-02", corpus, &[]),
            vec!["2031-01-02"]
        );
    }
}
