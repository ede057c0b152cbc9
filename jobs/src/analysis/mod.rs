//! The analysis: raw facts in, metrics, 12 scores, chart data, comments and explainers out.
//!
//! Pure functions only: no I/O, no clock, no async, no database. The job handler fetches the
//! inputs through `sources`, calls [`analyze`] with an explicit as-of date, and stores the
//! [`AnalysisRecord`]. Rubrics and rules are documented in `jobs/docs/scoring.md`.

pub mod chart_sources;
pub mod chart_sources_filings;
pub mod chart_sources_market;
pub mod chart_sources_prices;
pub mod comments;
pub mod concepts;
pub mod explainers;
pub mod facts;
pub mod financials;
pub mod format;
pub mod history;
pub mod industry_rules;
pub mod market;
pub mod names;
pub mod price_basis;
pub mod record;
pub mod rubric;
pub mod score;
pub mod score_growth;
pub mod score_health;
pub mod score_market;
pub mod score_owners;
pub mod sector;
pub mod share_basis;
pub mod share_scale;
pub mod shares;
pub mod split_check;
pub mod standing;
pub mod text_format;

use chrono::NaiveDate;

pub use record::{AnalysisRecord, Band, Chart, DataFault, QuestionResult};
use record::{FilingRef, ForwardReturns, MarketValuePoint, PriceRange, TITLES};
use score::{Answer, Fundamentals};
use score_market::MarketInputs;

use crate::market_data::AnalysisInputs;

/// Why no record could be produced.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    /// The filer's statements are in a framework we do not score yet (IFRS).
    #[error("{0}")]
    NotSupported(String),
    /// Not one of the 12 questions could be answered from the data.
    #[error("not enough data to analyse {0}")]
    NotEnoughData(String),
}

/// How old the latest report may be before the page warns about it.
pub const OLD_REPORT_DAYS: i64 = 365;

/// Analyses one company as of `as_of` (only facts filed by then, prices up to then).
pub fn analyze(inputs: &AnalysisInputs, as_of: NaiveDate) -> Result<AnalysisRecord, AnalysisError> {
    let facts = &inputs.company_facts;
    let has = |taxonomy: &str| facts.facts.get(taxonomy).is_some_and(|c| !c.is_empty());
    if !has("us-gaap") {
        if has("ifrs-full") {
            return Err(AnalysisError::NotSupported(
                "IFRS filers are not supported yet".into(),
            ));
        }
        return Err(AnalysisError::NotSupported(
            "this filer reports no US GAAP financial statements".into(),
        ));
    }
    let book = facts::FactBook::build(facts, industry_rules::wanted_concepts(), as_of);
    let subs = inputs.submissions.as_ref();
    let sic = subs.and_then(|s| s.sic);
    let rules = industry_rules::choose_rules(sic, &book);
    let kind = rules.kind;
    let years = financials::fiscal_years(&book, kind);
    let latest_balance = financials::latest_balance(&book);
    let history_start = market::three_years_before(as_of) - chrono::Duration::days(400);
    let ttm = history::ttm_points(&book, kind, history_start);
    // The counts as filed against the price series over time (`split_check`), then against
    // the newest public float (`share_basis`).
    let checked = split_check::check(
        shares::share_points(&book),
        inputs.prices.as_deref().unwrap_or(&[]),
        &split_check::split_facts(facts, as_of),
        history_start,
        as_of,
    );
    // Adjusted for dividends: what $1000 became. The market figures are priced with the
    // closes as traded where the source has them (`price_basis`).
    let total_return = checked
        .prices
        .as_deref()
        .or(inputs.prices.as_deref())
        .unwrap_or(&[]);
    let valuation =
        price_basis::valuation_closes(total_return, inputs.traded_prices.as_deref(), as_of);
    let prices = valuation.points.as_slice();
    let floats = financials::instants(&book, concepts::PUBLIC_FLOAT);
    let public_float = floats.last().cloned();
    let (shares, basis_fault) = share_basis::match_price_basis(checked.shares, &floats, prices);
    let basis_fault = checked.fault.or(basis_fault);
    let rates = inputs.treasury.as_deref().unwrap_or(&[]);
    let report = book.report();
    // The submissions list knows the filing's period of report exactly; the facts may not
    // (a trimmed 10-Q can carry only comparatives).
    let listed = |accession: &str| {
        subs?
            .filings
            .iter()
            .find(|f| f.accession_number == accession)?
            .report_date
    };
    let report_date = report.map(|r| listed(&r.accession).unwrap_or(r.period_end));

    let fundamentals = Fundamentals {
        kind,
        years: &years,
        latest_balance: &latest_balance,
        debt_free_evidence: latest_balance
            .date
            .filter(|_| !financials::ever_reported_debt(&book))
            .and_then(|date| financials::liabilities_without_debt(&book, date)),
        funding: (kind == sector::IndustryKind::Bank)
            .then(|| financials::latest_funding(&book))
            .flatten(),
        headline: report_date,
    };
    let market = MarketInputs {
        kind,
        years: &years,
        ttm: &ttm,
        shares: &shares,
        prices,
        basis: valuation.basis,
        rates,
        short_interest: inputs.short_interest.as_ref(),
        ownership: inputs.ownership.as_ref(),
        public_float: public_float.as_ref(),
        as_of,
    };
    let (q8, mut forward) = score_market::q8_forward(&market);
    let answers = [
        score_growth::q1_revenue(&fundamentals),
        score_growth::q2_expenses(&fundamentals),
        score_growth::q3_earnings(&fundamentals),
        score_health::q4_margins(&fundamentals),
        score_health::q5_cash_flows(&fundamentals),
        score_health::q6_cash_debt(&fundamentals),
        score_market::q7_returns(&market),
        q8,
        score_market::q9_valuation(&market),
        score_owners::q10_dilution(&years),
        score_owners::q11_ownership(&market),
        score_owners::q12_short(inputs.short_interest.as_ref()),
    ];
    let mut questions: Vec<QuestionResult> = answers
        .into_iter()
        .enumerate()
        .map(|(i, a)| {
            let number = i as u8 + 1;
            let sources = if number <= 6 {
                chart_sources_filings::filing_chart_sources(number, &fundamentals)
            } else {
                chart_sources_market::market_chart_sources(number, &market)
            };
            question(number, a, sources)
        })
        .collect();
    let mut series = market::value_series(prices, total_return, &shares, as_of);
    // A fault in the inputs leaves the questions it touches unanswered, before the score, and
    // the market value it would have drawn is not drawn.
    let fault = basis_fault.or_else(|| {
        let values: Vec<Option<f64>> = series.iter().map(|p| p.market_value).collect();
        let count_now = shares::shares_at(&shares, as_of).map(|f| f.value);
        share_basis::implausible(&questions, &values, count_now)
    });
    if let Some(fault) = &fault {
        share_basis::unanswer(&mut questions, fault);
        if fault.questions.contains(&8) {
            forward = None;
        }
        for point in &mut series {
            point.market_value = None;
        }
    }
    let data_faults: Vec<DataFault> = fault.into_iter().collect();
    score::date_provenance(&mut questions, report_date);
    let scores: Vec<u32> = questions
        .iter()
        .filter_map(|q| q.score.map(u32::from))
        .collect();
    if scores.is_empty() {
        return Err(AnalysisError::NotEnoughData(inputs.symbol.clone()));
    }
    let answered = scores.len() as u8;
    let score = overall_score(scores.iter().sum(), answered);

    let range = market::price_range(prices, as_of);
    let closes = chart_sources_prices::Closes {
        prices,
        total_return,
        basis: valuation.basis,
    };
    let market_value_sources =
        chart_sources_prices::price_chart_sources(&series, range.as_ref(), &closes, &shares);
    // The spec's statement: the last investment value in K (to the 4 decimals the text
    // format carries) times 1000, so the JSON and the text agree to the cent.
    let investment1000 = series
        .last()
        .map(|p| (p.investment_k * 10_000.0).round() / 10.0);
    // The registrant's legal name: SEC's conformed name (submissions, else the ticker list),
    // the facts file's entity name last (it can be a subsidiary's). The name shown is the
    // ticker list's, in readable form.
    let nonblank = |n: &String| !n.trim().is_empty();
    let legal_name = subs
        .map(|s| s.name.clone())
        .filter(nonblank)
        .or_else(|| inputs.listed_name.clone().filter(nonblank))
        .unwrap_or_else(|| facts.entity_name.clone());
    let company_name = names::readable(
        inputs
            .listed_name
            .as_ref()
            .filter(|n| nonblank(n))
            .unwrap_or(&legal_name),
        Some(&inputs.symbol),
        Some(&facts.entity_name),
    );
    Ok(AnalysisRecord {
        symbol: inputs.symbol.trim().to_ascii_uppercase(),
        company_name,
        legal_name,
        cik: facts.cik.or(subs.and_then(|s| s.cik)),
        industry: subs.and_then(|s| s.sic_description.clone()),
        sector: match sic {
            Some(code) => sector::sector_for_sic(code),
            None => sector::sector_for_kind(kind),
        }
        .map(String::from),
        sic,
        industry_kind: kind,
        rules_source: rules.source,
        rules_note: rules.note,
        rules_evidence: rules.evidence,
        score,
        band: Band::of_overall(score),
        answered_questions: answered,
        score_basis: if answered == 12 {
            "based on all 12 questions".into()
        } else {
            format!("based on {answered} of 12")
        },
        provisional: answered < record::PROVISIONAL_BELOW,
        provisional_reason: (answered < record::PROVISIONAL_BELOW)
            .then(|| provisional_reason(&questions, &years, prices.is_empty(), answered)),
        data_faults,
        questions,
        market_value: series
            .iter()
            .map(|p| MarketValuePoint {
                label: p.label.clone(),
                date: p.date,
                market_value: p.market_value,
                investment_k: p.investment_k,
            })
            .collect(),
        investment1000,
        market_value_sources,
        price_note: valuation.basis.note(
            market::three_years_before(as_of),
            as_of,
            !prices.is_empty(),
        ),
        price_range: range.map(|r| PriceRange {
            min: r.min.close,
            today: r.today.close,
            max: r.max.close,
            min_date: r.min.date,
            today_date: r.today.date,
            max_date: r.max.date,
        }),
        report_date,
        report_is_old: report_date.is_none_or(|d| (as_of - d).num_days() > OLD_REPORT_DAYS),
        forward_returns: forward.map(|(f, b)| ForwardReturns {
            forward_earnings_return: f,
            govt_bond_return: b,
        }),
        as_of,
        latest_filing_accession: report.map(|r| r.accession.clone()),
        latest_annual_report: annual_report_of(&years, subs),
    })
}

/// The annual report the fiscal-year figures come from: the filing of the latest fiscal
/// year's revenue (or net income) as of the analysis date, not the newest 10-K in the filing
/// list (Tesla's list has 2025 10-Ks, its figures end in 2022). The list only adds the
/// primary document's name when it knows the accession.
fn annual_report_of(
    years: &[financials::FiscalYear],
    subs: Option<&crate::market_data::Submissions>,
) -> Option<FilingRef> {
    let latest = years.last()?;
    let figure = latest.revenue.as_ref().or(latest.net_income.as_ref())?;
    let listed = subs.and_then(|s| s.filings.iter().find(|f| f.accession_number == figure.accn));
    Some(FilingRef {
        accession_number: figure.accn.clone(),
        form: figure.form.clone(),
        filing_date: Some(figure.filed),
        report_date: Some(latest.end),
        primary_document: listed
            .map(|f| f.primary_document.clone())
            .unwrap_or_default(),
    })
}

/// One line saying why a score rests on few answers, from what was missing: prices (the
/// market questions 7-9), a second fiscal year (the 3-year questions 1, 3 and 10), or else
/// just the count.
fn provisional_reason(
    questions: &[QuestionResult],
    years: &[financials::FiscalYear],
    no_prices: bool,
    answered: u8,
) -> String {
    let unanswered = |numbers: &[u8]| {
        numbers.iter().all(|n| {
            questions
                .get(usize::from(*n - 1))
                .is_some_and(|q| q.score.is_none())
        })
    };
    let mut reasons = Vec::new();
    if no_prices && unanswered(&[7, 8, 9]) {
        reasons.push("no price history".to_string());
    }
    if unanswered(&[1, 3, 10]) {
        reasons.push(match years.len() {
            0 => "no annual report in the filings".to_string(),
            1 => "only one year of filings".to_string(),
            _ => "too few years of filings to compare".to_string(),
        });
    }
    if reasons.is_empty() {
        return format!("only {answered} of 12 questions could be answered");
    }
    reasons.join(" and ")
}

/// The spec's overall score: `round(sum / 120 x 100)` with all 12 answered, otherwise
/// `round(sum / (10 x answered) x 100)` (0 when nothing was answered).
pub fn overall_score(sum: u32, answered: u8) -> u8 {
    if answered == 0 {
        return 0;
    }
    let percent = f64::from(sum) / (10.0 * f64::from(answered)) * 100.0;
    percent.round().clamp(0.0, 100.0) as u8
}

fn question(number: u8, answer: Answer, sources: chart_sources::ChartSources) -> QuestionResult {
    let score = answer.score.map(|s| s.clamp(0.0, 10.0).round() as u8);
    QuestionResult {
        number,
        key: format!("Q{number}"),
        title: TITLES[usize::from(number - 1)].to_string(),
        score,
        band: score.map(Band::of_question),
        metric: answer.metric.filter(|m| m.is_finite()),
        metric_name: answer.metric_name.to_string(),
        comment: comments::comment(number, score, answer.variant, &answer.vars),
        explainer: explainers::explainer(number).to_string(),
        chart: answer.chart,
        provenance: answer.provenance,
        sources,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::market_data::CompanyFacts;

    #[test]
    fn overall_score_follows_the_spec() {
        assert_eq!(overall_score(120, 12), 100);
        assert_eq!(overall_score(86, 12), 72); // 71.67 rounds to 72
        assert_eq!(overall_score(45, 9), 50);
        assert_eq!(overall_score(0, 0), 0);
    }

    #[test]
    fn ifrs_only_filers_are_not_supported() {
        let mut facts = CompanyFacts::default();
        facts.facts.insert(
            "ifrs-full".into(),
            [("Revenue".to_string(), Default::default())].into(),
        );
        let inputs = AnalysisInputs {
            symbol: "TSM".into(),
            company_facts: facts,
            ..Default::default()
        };
        let err = analyze(&inputs, NaiveDate::from_ymd_opt(2026, 8, 18).unwrap()).unwrap_err();
        assert_eq!(
            err,
            AnalysisError::NotSupported("IFRS filers are not supported yet".into())
        );
    }
}
