//! Questions 10-12, about the shares and who holds them: dilution, ownership (holders data or
//! an estimate from the 10-K cover page) and short interest.

use super::{
    financials::FiscalYear,
    format::{money, pct, shares as fmt_shares},
    record::{Chart, Provenance},
    rubric,
    score::{Answer, Vars, cagr, span},
    score_market::{MarketInputs, market_cap},
};
use crate::market_data::ShortInterest;

/// Q10: 3-year CAGR of diluted shares.
pub fn q10_dilution(years: &[FiscalYear]) -> Answer {
    let chart = super::score::q10_chart(years);
    let name = "3-year diluted share count CAGR %";
    let Some((base, latest, n)) = span(years, |y| y.diluted_shares.as_ref()) else {
        return Answer::missing(
            name,
            chart,
            "I need the diluted share count for at least two years",
        );
    };
    let (from, to) = (
        base.diluted_shares.as_ref().map_or(0.0, |f| f.value),
        latest.diluted_shares.as_ref().map_or(0.0, |f| f.value),
    );
    let Some(growth) = cagr(from, to, n) else {
        return Answer::missing(name, chart, "the share counts don't add up to a trend");
    };
    let provenance = [base, latest]
        .iter()
        .filter_map(|y| {
            y.diluted_shares.as_ref().map(|f| Provenance {
                label: format!("Diluted shares {}", y.label),
                figure: f.clone(),
            })
        })
        .collect();
    let vars = Vars::from([
        ("prev", fmt_shares(from)),
        ("now", fmt_shares(to)),
        ("cagr", pct(growth)),
        ("years", n.to_string()),
    ]);
    Answer {
        score: rubric::SHARE_GROWTH.score(growth),
        metric: Some(growth),
        metric_name: name,
        chart,
        provenance,
        vars,
        variant: "",
    }
}

/// Q11: insiders' stake (holders data, or an estimate from the 10-K cover page).
pub fn q11_ownership(m: &MarketInputs) -> Answer {
    let name = "insider stake %";
    if let Some(o) = m.ownership {
        let retail = (100.0 - o.insiders_pct - o.institutions_pct).max(0.0);
        let chart = Chart::Ownership {
            insiders_pct: Some(o.insiders_pct),
            institutions_pct: Some(o.institutions_pct),
            retail_pct: Some(retail),
            estimated: false,
        };
        let vars = Vars::from([
            ("insiders", pct(o.insiders_pct)),
            ("institutions", pct(o.institutions_pct)),
            ("retail", pct(retail)),
        ]);
        return Answer {
            score: rubric::INSIDER_STAKE.score(o.insiders_pct),
            metric: Some(o.insiders_pct),
            metric_name: name,
            chart,
            provenance: Vec::new(),
            vars,
            variant: "",
        };
    }
    let unknown = Chart::Ownership {
        insiders_pct: None,
        institutions_pct: None,
        retail_pct: None,
        estimated: false,
    };
    let Some(float) = m.public_float else {
        return Answer::missing(
            name,
            unknown,
            "I have no holders data and no public float on the 10-K cover to estimate from",
        );
    };
    let Some(cap) = market_cap(m.prices, m.shares, float.end).filter(|c| *c > 0.0) else {
        return Answer::missing(
            name,
            unknown,
            "I couldn't price the company on the date of its public float",
        );
    };
    // The float can't exceed the market value; with closes adjusted for dividends it can
    // look as if it does (PepsiCo's $179.0B float against $172.6B), and an estimate that
    // rounds to nothing is the same gap: the adjustment (or the float's rounding) talking, not
    // the insiders. Neither is shown as a share the insiders hold.
    let closes = if m.basis.is_traded(float.end) {
        "the closes it traded at"
    } else {
        "prices adjusted for dividends"
    };
    let insiders = (1.0 - float.value / cap) * 100.0;
    if insiders < 0.05 {
        let (relation, what) = if float.value >= cap {
            ("bigger than", "so it can't tell me what insiders hold")
        } else {
            ("within a hair of", "too close to tell what insiders hold")
        };
        return Answer::missing(
            name,
            unknown,
            &format!(
                "the public float on the 10-K cover ({} on {}) is {relation} the market value I \
                 get that day from {closes} ({}), {what}",
                money(float.value),
                float.end,
                money(cap)
            ),
        );
    }
    let insiders = insiders.clamp(0.0, 100.0);
    let chart = Chart::Ownership {
        insiders_pct: Some(insiders),
        institutions_pct: None,
        // Institutions are unknown here, so "retail" would be everyone but the insiders:
        // left unknown rather than drawn as a retail share it is not.
        retail_pct: None,
        estimated: true,
    };
    let vars = Vars::from([
        ("insiders", pct(insiders)),
        ("float", money(float.value)),
        ("float_date", float.end.to_string()),
        ("market_cap", money(cap)),
    ]);
    let provenance = vec![Provenance {
        label: "Public float (10-K cover)".into(),
        figure: float.clone(),
    }];
    Answer {
        score: rubric::INSIDER_STAKE.score(insiders),
        metric: Some(insiders),
        metric_name: name,
        chart,
        provenance,
        vars,
        variant: "estimate",
    }
}

/// Q12: short interest as a percent of the float.
pub fn q12_short(short: Option<&ShortInterest>) -> Answer {
    let name = "short interest % of float";
    let settlement_date = short.and_then(|s| s.settlement_date);
    let pct_of_float = short.and_then(|s| s.short_pct_of_float);
    let chart = Chart::ShortInterest {
        short_pct: pct_of_float,
        settlement_date,
    };
    let Some(value) = pct_of_float else {
        return Answer::missing(
            name,
            chart,
            "the short-interest data has no float for this one",
        );
    };
    // FINRA's figure is for its settlement date, not the headline's: it carries its date.
    let vars = Vars::from([
        ("short", pct(value)),
        (
            "as_of",
            settlement_date
                .map(|d| format!(" (as of {d})"))
                .unwrap_or_default(),
        ),
    ]);
    Answer {
        score: rubric::SHORT_INTEREST.score(value),
        metric: Some(value),
        metric_name: name,
        chart,
        provenance: Vec::new(),
        vars,
        // "Hardly anybody" only where that is true: under 2% of the float (the spec's chart
        // marks 1% low and 5% high; 3.7% is nearer high than low).
        variant: if value < 2.0 { "low" } else { "" },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{comments::comment, record::Band};

    fn said(pct_of_float: f64) -> (Band, String) {
        let short = ShortInterest {
            symbol: "X".into(),
            settlement_date: None,
            shares_short: None,
            short_pct_of_float: Some(pct_of_float),
            float_shares: None,
        };
        let answer = q12_short(Some(&short));
        let score = answer.score.map(|s| s.round() as u8);
        (
            Band::of_question(score.unwrap()),
            comment(12, score, answer.variant, &answer.vars),
        )
    }

    #[test]
    fn short_interest_words_match_the_level() {
        // 0.5%: green and truly low.
        let (band, text) = said(0.5);
        assert_eq!(band, Band::Green);
        assert!(text.contains("Hardly anybody"), "{text}");
        // 3.7%: still green by the rubric, but near the 5% "high" mark: no "hardly anybody".
        let (band, text) = said(3.7);
        assert_eq!(band, Band::Green);
        assert!(!text.contains("Hardly anybody"), "{text}");
        assert!(text.contains("3.7%") && text.contains("5% mark"), "{text}");
        // 6%: yellow, doubts; 20%: red, the roof leaks.
        let (band, text) = said(6.0);
        assert_eq!(band, Band::Yellow);
        assert!(text.contains("doubts"), "{text}");
        let (band, text) = said(20.0);
        assert_eq!(band, Band::Red);
        assert!(text.contains("roof leaks"), "{text}");
        assert!(!text.contains("as of"), "no date, no date words: {text}");
    }

    #[test]
    fn short_interest_carries_its_settlement_date() {
        let short = ShortInterest {
            symbol: "X".into(),
            settlement_date: "2026-05-15".parse().ok(),
            shares_short: None,
            short_pct_of_float: Some(1.2),
            float_shares: None,
        };
        let answer = q12_short(Some(&short));
        let score = answer.score.map(|s| s.round() as u8);
        let text = comment(12, score, answer.variant, &answer.vars);
        assert!(
            text.starts_with("Only 1.2% of the shares (as of 2026-05-15) are bet against."),
            "{text}"
        );
    }
}
