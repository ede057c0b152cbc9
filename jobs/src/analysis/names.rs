//! Company names as people read them (pure, like the rest of `analysis`; the API, the
//! chat and the lists use it too). The name shown comes from SEC's ticker list (the
//! company-facts entity name can be a subsidiary's: Deere's facts are filed under "DEERE
//! FUNDING CANADA Corp", Bank of America's under "BofA Finance LLC"); SEC writes most of
//! those names in capitals with a state tag ("BANK OF AMERICA CORP /DE/"), which reads as
//! shouting next to "Apple Inc.", so [`readable`] gives the usual spelling. The legal name
//! stays where it matters (the record's `legalName`, shown with the provenance).

/// Words kept in capitals: legal forms and numerals that are written that way.
const KEEP_UPPER: &[&str] = &[
    "LLC", "LP", "LLP", "NV", "SA", "AG", "SE", "USA", "US", "II", "III", "IV", "REIT", "ETF",
    "ADR", "NA", "PLC", "AB", "ASA", "SPA", "UK", "ESG", "AI", "TV", "HQ",
];

/// Short words written in lower case inside a name ("Bank of America").
const SMALL_WORDS: &[&str] = &[
    "OF", "AND", "THE", "FOR", "DE", "DU", "LA", "IN", "ON", "AT",
];

/// The readable form of an SEC name: the trailing state tag dropped (`/DE/`), and a name
/// written all in capitals put in title case. A word that is the start of the company's
/// `ticker` and begins the name stays in capitals ("KLA Corp" for KLAC, "GE Vernova" for GEV), and so does a
/// short word without vowels ("NRG", "PNC"). When the filer's own spelling of a word is
/// known (`filer`, e.g. the company-facts name "JPMorgan Chase & Co"), it is used.
/// A name that already mixes cases is kept as it is.
pub fn readable(sec_name: &str, ticker: Option<&str>, filer: Option<&str>) -> String {
    let name = strip_state_tag(sec_name.trim());
    if name.chars().any(|c| c.is_lowercase()) || !name.chars().any(|c| c.is_alphabetic()) {
        return name.to_string();
    }
    let ticker = ticker.map(|t| {
        t.chars()
            .filter(char::is_ascii_alphanumeric)
            .collect::<String>()
            .to_ascii_uppercase()
    });
    let spellings: Vec<&str> = filer.map_or_else(Vec::new, |f| f.split_whitespace().collect());
    name.split(' ')
        .filter(|w| !w.is_empty())
        .enumerate()
        .map(|(i, word)| word_case(word, i == 0, ticker.as_deref(), &spellings))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Drops SEC's trailing jurisdiction tag: `PROGRESSIVE CORP/OH/`, `QUALCOMM INC/DE`,
/// `BANK OF AMERICA CORP /DE/`, `WALT DISNEY CO/`.
fn strip_state_tag(name: &str) -> &str {
    let mut name = name.trim_end();
    if let Some(stripped) = name.strip_suffix('/') {
        name = stripped;
    }
    if let Some(slash) = name.rfind('/') {
        let tag = &name[slash + 1..];
        if tag.len() <= 3 && tag.chars().all(|c| c.is_ascii_alphabetic()) {
            name = &name[..slash];
        }
    }
    name.trim_end_matches([' ', '/'])
}

fn letters(word: &str) -> String {
    word.chars()
        .filter(|c| c.is_alphanumeric())
        .collect::<String>()
        .to_uppercase()
}

fn word_case(word: &str, first: bool, ticker: Option<&str>, spellings: &[&str]) -> String {
    let core = letters(word);
    if core.is_empty() {
        return word.to_string();
    }
    // The filer's own spelling, when it mixes cases the usual way (mostly lower case:
    // "JPMorgan", not "McDONALD'S").
    if let Some(own) = spellings.iter().find(|s| letters(s) == core) {
        let lower = own.chars().filter(|c| c.is_lowercase()).count();
        let upper = own.chars().filter(|c| c.is_uppercase()).count();
        if lower > 0 && lower >= upper {
            return keep_punctuation(word, own);
        }
    }
    let is_acronym = || {
        KEEP_UPPER.contains(&core.as_str())
            || word.contains('&')
            || core.chars().any(|c| c.is_ascii_digit())
            || is_dotted_initials(word)
            || (first && core.len() <= 4 && ticker.is_some_and(|t| t.starts_with(&core)))
            || (core.len() <= 4 && !core.chars().any(|c| "AEIOUY".contains(c)))
    };
    if !first && SMALL_WORDS.contains(&core.as_str()) {
        return word.to_lowercase();
    }
    if is_acronym() {
        return word.to_string();
    }
    if core == "PLC" {
        return "plc".into();
    }
    title_case(word)
}

/// `L.P.`, `N.A.`, `U.S.`: single letters between dots.
fn is_dotted_initials(word: &str) -> bool {
    let parts: Vec<&str> = word.trim_end_matches([',', '.']).split('.').collect();
    parts.len() > 1 && parts.iter().all(|p| p.chars().count() == 1)
}

/// The filer's spelling of the letters, with the SEC word's own punctuation around them
/// (`JPMORGAN,` -> `JPMorgan,`).
fn keep_punctuation(word: &str, own: &str) -> String {
    let mut own_letters = own.chars().filter(|c| c.is_alphanumeric());
    word.chars()
        .map(|c| {
            if c.is_alphanumeric() {
                own_letters.next().unwrap_or(c)
            } else {
                c
            }
        })
        .collect()
}

/// `COCA-COLA` -> `Coca-Cola`, `LOWE'S` -> `Lowe's`, `MCDONALDS` -> `McDonalds`.
fn title_case(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    let mut start = true;
    let mut after_apostrophe = false;
    for c in word.chars() {
        if c.is_alphanumeric() {
            if start && !after_apostrophe {
                out.extend(c.to_uppercase());
            } else {
                out.extend(c.to_lowercase());
            }
            start = false;
        } else {
            out.push(c);
            after_apostrophe = c == '\'' || c == '’';
            start = !after_apostrophe;
        }
    }
    // "Mc" names capitalise the letter after the prefix.
    if out.len() > 3 && out.starts_with("Mc") {
        let rest: String = out[2..].to_string();
        let mut chars = rest.chars();
        if let Some(first) = chars.next() {
            return format!("Mc{}{}", first.to_uppercase(), chars.as_str());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::readable;

    #[test]
    fn sec_capitals_read_as_the_company_writes_itself() {
        // Names as SEC's ticker list spells them (sec/company_tickers.json).
        let cases = [
            ("MICROSOFT CORP", "MSFT", "Microsoft Corp"),
            ("COCA COLA CO", "KO", "Coca Cola Co"),
            ("BANK OF AMERICA CORP /DE/", "BAC", "Bank of America Corp"),
            ("DEERE & CO", "DE", "Deere & Co"),
            ("PROGRESSIVE CORP/OH/", "PGR", "Progressive Corp"),
            ("QUALCOMM INC/DE", "QCOM", "Qualcomm Inc"),
            ("WALT DISNEY CO/", "DIS", "Walt Disney Co"),
            ("AT&T INC.", "T", "AT&T Inc."),
            ("KLA CORP", "KLAC", "KLA Corp"),
            ("NRG ENERGY, INC.", "NRG", "NRG Energy, Inc."),
            ("MCDONALDS CORP", "MCD", "McDonalds Corp"),
            ("HOME DEPOT, INC.", "HD", "Home Depot, Inc."),
            ("3M CO", "MMM", "3M Co"),
            ("GE VERNOVA INC.", "GEV", "GE Vernova Inc."),
            ("REALTY INCOME CORP", "O", "Realty Income Corp"),
            (
                "ENTERPRISE PRODUCTS PARTNERS L.P.",
                "EPD",
                "Enterprise Products Partners L.P.",
            ),
            ("LOWE'S COMPANIES INC", "LOW", "Lowe's Companies Inc"),
        ];
        for (sec, ticker, expected) in cases {
            assert_eq!(readable(sec, Some(ticker), None), expected, "{sec}");
        }
        // Mixed-case names are the company's own spelling: kept.
        assert_eq!(
            readable("Alphabet Inc.", Some("GOOGL"), None),
            "Alphabet Inc."
        );
        assert_eq!(readable("  ", None, None), "");
    }

    #[test]
    fn the_filers_own_spelling_wins_for_its_words() {
        assert_eq!(
            readable(
                "JPMORGAN CHASE & CO",
                Some("JPM"),
                Some("JPMorgan Chase & Co")
            ),
            "JPMorgan Chase & Co"
        );
        // An entity name in capitals (or mostly capitals) teaches nothing.
        assert_eq!(
            readable(
                "MCDONALDS CORP",
                Some("MCD"),
                Some("McDONALD’S CORPORATION")
            ),
            "McDonalds Corp"
        );
        assert_eq!(
            readable("DEERE & CO", Some("DE"), Some("DEERE FUNDING CANADA Corp")),
            "Deere & Co"
        );
    }
}
