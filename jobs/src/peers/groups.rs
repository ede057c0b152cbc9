//! Which companies are a company's peers: its SIC major group (the first two digits of the
//! four-digit code SEC gives every filer), or, when that group is too small, its SIC division
//! (the ranges of SEC's and OSHA's SIC manual). Each group has a plain name, written as the
//! companies in it ("general merchandise stores"), so sentences read "normal for general
//! merchandise stores" and cards "14 general merchandise stores".

/// How wide a peer group is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub enum PeerLevel {
    /// The SIC major group: the code's first two digits (53 = general merchandise stores).
    IndustryGroup,
    /// The SIC division (G = retail trade, SIC 52-59).
    Division,
}

/// One peer group.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PeerGroup {
    /// `"53"` for a major group, `"G"` for a division: the key of the stored statistics.
    pub code: &'static str,
    pub level: PeerLevel,
    /// The companies in it, in plain words ("general merchandise stores", "retailers").
    pub name: &'static str,
}

/// `(first major group, last major group, code, official name, plain name)` of the divisions.
/// Division J (public administration, 91-99) is left out: SEC files its shell companies and
/// non-operating establishments under 99xx, and they are nobody's peers.
const DIVISIONS: &[(u32, u32, &str, &str, &str)] = &[
    (
        1,
        9,
        "A",
        "agriculture, forestry and fishing",
        "farming, forestry and fishing companies",
    ),
    (10, 14, "B", "mining", "mining, oil and gas companies"),
    (15, 17, "C", "construction", "construction companies"),
    (20, 39, "D", "manufacturing", "manufacturers"),
    (
        40,
        49,
        "E",
        "transportation, communications and utilities",
        "transportation, communications and utility companies",
    ),
    (50, 51, "F", "wholesale trade", "wholesalers"),
    (52, 59, "G", "retail trade", "retailers"),
    (
        60,
        67,
        "H",
        "finance, insurance and real estate",
        "finance, insurance and real estate companies",
    ),
    (70, 89, "I", "services", "service companies"),
];

/// The plain names of the SIC major groups (after SEC's and OSHA's SIC manual), as the
/// companies in them.
const MAJOR_GROUPS: &[(&str, &str)] = &[
    ("01", "crop farms"),
    ("02", "livestock farms"),
    ("07", "farm services companies"),
    ("08", "forestry companies"),
    ("09", "fishing and hunting companies"),
    ("10", "metal miners"),
    ("12", "coal miners"),
    ("13", "oil and gas producers"),
    ("14", "quarries and mineral miners"),
    ("15", "home and building contractors"),
    ("16", "heavy construction contractors"),
    ("17", "specialty trade contractors"),
    ("20", "food and drink makers"),
    ("21", "tobacco companies"),
    ("22", "textile mills"),
    ("23", "clothing makers"),
    ("24", "lumber and wood products makers"),
    ("25", "furniture makers"),
    ("26", "paper and packaging makers"),
    ("27", "printers and publishers"),
    ("28", "chemical and drug makers"),
    ("29", "oil refiners"),
    ("30", "rubber and plastics makers"),
    ("31", "leather goods makers"),
    ("32", "stone, clay and glass products makers"),
    ("33", "steel and metal producers"),
    ("34", "metal products makers"),
    ("35", "machinery and computer makers"),
    ("36", "electronics and electrical equipment makers"),
    ("37", "vehicle, aircraft and transport equipment makers"),
    ("38", "instrument and medical device makers"),
    ("39", "other manufacturers"),
    ("40", "railroads"),
    ("41", "local transit companies"),
    ("42", "trucking and warehousing companies"),
    ("43", "postal services"),
    ("44", "shipping companies"),
    ("45", "airlines and air services"),
    ("46", "pipelines"),
    ("47", "transportation services companies"),
    ("48", "telecom and broadcasting companies"),
    ("49", "utilities"),
    ("50", "wholesalers of durable goods"),
    ("51", "wholesalers of nondurable goods"),
    ("52", "building supply and hardware stores"),
    ("53", "general merchandise stores"),
    ("54", "grocery stores"),
    ("55", "car dealers and gas stations"),
    ("56", "clothing stores"),
    ("57", "home furnishings and electronics stores"),
    ("58", "restaurants"),
    ("59", "specialty and online retailers"),
    ("60", "banks"),
    ("61", "lenders and credit companies"),
    ("62", "brokers and exchanges"),
    ("63", "insurers"),
    ("64", "insurance agents and brokers"),
    ("65", "real estate companies"),
    ("67", "holding companies, REITs and funds"),
    ("70", "hotels and lodging companies"),
    ("72", "personal services companies"),
    ("73", "software and business services companies"),
    ("75", "car repair and rental companies"),
    ("76", "repair services companies"),
    ("78", "movie and video companies"),
    ("79", "entertainment and recreation companies"),
    ("80", "health care providers"),
    ("81", "legal services firms"),
    ("82", "education companies"),
    ("83", "social services providers"),
    ("84", "museums and gardens"),
    ("86", "membership organizations"),
    ("87", "engineering, research and management firms"),
    ("89", "other service companies"),
];

/// A company's two candidate peer groups, narrowest first: its major group and its division.
/// `None` for a code outside every division (0, the 91-99 codes SEC gives shells, anything
/// over 9999) and for a major group the SIC manual does not name (18, 66...): such a company
/// is compared with nobody.
pub fn groups_of(sic: u32) -> Option<[PeerGroup; 2]> {
    if !(100..=9999).contains(&sic) {
        return None;
    }
    let major = sic / 100;
    let &(_, _, division_code, _, division_name) = DIVISIONS
        .iter()
        .find(|(first, last, ..)| (*first..=*last).contains(&major))?;
    let code = format!("{major:02}");
    let &(major_code, major_name) = MAJOR_GROUPS.iter().find(|(c, _)| *c == code)?;
    Some([
        PeerGroup {
            code: major_code,
            level: PeerLevel::IndustryGroup,
            name: major_name,
        },
        PeerGroup {
            code: division_code,
            level: PeerLevel::Division,
            name: division_name,
        },
    ])
}

/// The SIC manual's name of a division ("retail trade"), by its letter.
pub fn division_title(code: &str) -> Option<&'static str> {
    DIVISIONS
        .iter()
        .find(|(_, _, c, _, _)| *c == code)
        .map(|(_, _, _, title, _)| *title)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn real_codes_fall_in_their_group_and_division() {
        // SIC codes as SEC's submissions files give them.
        let walmart = groups_of(5331).unwrap(); // Variety stores
        assert_eq!(
            (walmart[0].code, walmart[0].name),
            ("53", "general merchandise stores")
        );
        assert_eq!((walmart[1].code, walmart[1].name), ("G", "retailers"));
        assert_eq!(groups_of(3571).unwrap()[0].code, "35"); // Apple
        assert_eq!(groups_of(7372).unwrap()[1].code, "I"); // Microsoft
        assert_eq!(groups_of(6021).unwrap()[0].name, "banks"); // JPMorgan
        assert_eq!(groups_of(6798).unwrap()[1].code, "H"); // a REIT
        assert_eq!(groups_of(100).unwrap()[1].code, "A");
        assert_eq!(division_title("G"), Some("retail trade"));
    }

    #[test]
    fn shells_and_unknown_codes_have_no_peers() {
        assert_eq!(groups_of(9995), None); // non-operating establishments
        assert_eq!(groups_of(6770).map(|g| g[0].code), Some("67")); // blank checks stay in 67
        assert_eq!(groups_of(0), None);
        assert_eq!(groups_of(1800), None); // not a major group of the manual
        assert_eq!(groups_of(12_345), None);
    }

    #[test]
    fn every_named_group_sits_in_a_division() {
        for (code, _) in MAJOR_GROUPS {
            let sic: u32 = code.parse::<u32>().unwrap() * 100 + 1;
            assert!(groups_of(sic).is_some(), "{code}");
        }
    }
}
