//! Questions 4-6, from the annual reports and the latest balance sheet: margins, free cash
//! flow, and cash against debt (with the bank and REIT variants).

use super::{
    financials::FiscalYear,
    format::{as_of_note, money, pct, signed, times},
    record::{CashDebtRow, CashFlowRow, Chart, MarginRow},
    rubric::{self, with_trend},
    score::{Answer, Fundamentals, Vars, chart_years, prov, sources, span, value},
    sector::IndustryKind,
};

/// Q4: latest net margin, nudged by its 3-year trend.
pub fn q4_margins(f: &Fundamentals) -> Answer {
    let gross = |y: &FiscalYear| y.percent_of_sales(value(&y.gross_profit));
    let net = |y: &FiscalYear| y.percent_of_sales(value(&y.net_income));
    let rows = chart_years(f.years)
        .iter()
        .map(|y| MarginRow {
            label: y.label.clone(),
            gross_pct: gross(y),
            net_pct: net(y),
        })
        .collect();
    let chart = Chart::Margins { rows };
    let name = "net margin %";
    let Some(latest) = f.years.iter().rev().find(|y| net(y).is_some()) else {
        return Answer::missing(
            name,
            chart,
            "the filings don't give me both sales and profit for a full year",
        );
    };
    let margin = net(latest).unwrap_or(0.0);
    let base = span(f.years, |y| y.net_income.as_ref().and(y.revenue.as_ref())).map(|(b, _, _)| b);
    let change = base.and_then(net).map(|b| margin - b);
    let provenance = sources([
        (format!("Net income {}", latest.label), &latest.net_income),
        (format!("Revenue {}", latest.label), &latest.revenue),
        (
            format!("Gross profit {}", latest.label),
            &latest.gross_profit,
        ),
    ]);
    let vars = Vars::from([
        ("margin", pct(margin)),
        ("cents", format!("{:.0}", margin.max(0.0))),
        ("loss_cents", format!("{:.0}", (-margin).max(0.0))),
        ("gross", gross(latest).map_or_else(|| "N/A".into(), pct)),
        ("change", change.map_or_else(|| "N/A".into(), signed)),
        ("label", latest.label.clone()),
    ]);
    let score = rubric::NET_MARGIN
        .score(margin)
        .map(|s| with_trend(s, change, 3.0));
    // "A fat wallet" is kept for margins at the rubric's top (20%+); a 10% margin lifted into
    // green by its trend is healthy, not fat.
    let variant = if margin < 0.0 {
        "loss"
    } else if margin >= 20.0 {
        "fat"
    } else {
        ""
    };
    Answer {
        score,
        metric: Some(margin),
        metric_name: name,
        chart,
        provenance,
        vars,
        variant,
    }
}

/// Q5: latest free-cash-flow margin, nudged by its trend. Not for banks.
/// Q5 for banks: free cash flow means nothing for a bank (deposits flowing in and out are the
/// business), so the question becomes its funding: loans as a percent of deposits. Lending
/// out less than the deposits it holds means the loans are paid for by steady deposits, not
/// by borrowed market money.
fn bank_funding(f: &Fundamentals, chart: Chart) -> Answer {
    let name = "loans / deposits %";
    let Some((loans, deposits)) = f
        .funding
        .as_ref()
        .filter(|(_, d)| d.value > 0.0 && d.value.is_finite())
    else {
        let mut answer = Answer::missing(name, chart, "");
        answer.variant = "bank";
        return answer;
    };
    let ratio = loans.value / deposits.value * 100.0;
    let when = loans.end.to_string();
    let (loans_figure, deposits_figure) = (Some(loans.clone()), Some(deposits.clone()));
    let provenance = sources([
        (format!("Loans {when}"), &loans_figure),
        (format!("Deposits {when}"), &deposits_figure),
    ]);
    Answer {
        score: rubric::BANK_LOANS_TO_DEPOSITS.score(ratio),
        metric: Some(ratio),
        metric_name: name,
        chart,
        provenance,
        vars: Vars::from([
            ("ratio", pct(ratio)),
            ("loans", money(loans.value)),
            ("deposits", money(deposits.value)),
        ]),
        variant: "bank",
    }
}

pub fn q5_cash_flows(f: &Fundamentals) -> Answer {
    let rows = chart_years(f.years)
        .iter()
        .map(|y| CashFlowRow {
            label: y.label.clone(),
            operating: value(&y.operating_cf),
            capex: value(&y.capex).map(|c| -c),
            free: y.free_cash_flow(),
        })
        .collect();
    let chart = Chart::CashFlows { rows };
    let name = "free cash flow margin %";
    if f.kind == IndustryKind::Bank {
        return bank_funding(f, chart);
    }
    let fcf_margin = |y: &FiscalYear| y.percent_of_sales(y.free_cash_flow());
    let Some(latest) = f.years.iter().rev().find(|y| fcf_margin(y).is_some()) else {
        return Answer::missing(
            name,
            chart,
            "the filings don't show both operating cash and capital spending",
        );
    };
    let margin = fcf_margin(latest).unwrap_or(0.0);
    let base = span(f.years, |y| y.operating_cf.as_ref().and(y.capex.as_ref())).map(|(b, _, _)| b);
    let change = base.and_then(fcf_margin).map(|b| margin - b);
    let provenance = sources([
        (
            format!("Operating cash flow {}", latest.label),
            &latest.operating_cf,
        ),
        (format!("Capital spending {}", latest.label), &latest.capex),
        (format!("Revenue {}", latest.label), &latest.revenue),
    ]);
    let vars = Vars::from([
        ("fcf", money(latest.free_cash_flow().unwrap_or(0.0))),
        ("margin", pct(margin)),
        (
            "operating",
            money(value(&latest.operating_cf).unwrap_or(0.0)),
        ),
        ("capex", money(value(&latest.capex).unwrap_or(0.0))),
        ("change", change.map_or_else(|| "N/A".into(), signed)),
        ("label", latest.label.clone()),
    ]);
    let score = rubric::FCF_MARGIN
        .score(margin)
        .map(|s| with_trend(s, change, 3.0));
    Answer {
        score,
        metric: Some(margin),
        metric_name: name,
        chart,
        provenance,
        vars,
        variant: "",
    }
}

/// Q6: cash against debt (banks: equity against assets; REITs: debt against capital), from a
/// balance sheet no older than the latest annual report: an older one does not answer a
/// question about today.
pub fn q6_cash_debt(f: &Fundamentals) -> Answer {
    let answer = q6_graded(f);
    match (f.latest_balance.date, f.years.last()) {
        (Some(date), Some(year)) if answer.score.is_some() && date < year.end => Answer::missing(
            answer.metric_name,
            answer.chart,
            &format!(
                "the newest balance sheet I can find is from {date}, older than the {} annual \
                 report, and old numbers don't tell me where they stand today",
                year.label
            ),
        ),
        _ => answer,
    }
}

fn q6_graded(f: &Fundamentals) -> Answer {
    let mut rows: Vec<CashDebtRow> = chart_years(f.years)
        .iter()
        .map(|y| CashDebtRow {
            label: y.label.clone(),
            cash: y.balance.liquid_assets(),
            debt: value(&y.balance.debt),
        })
        .collect();
    let b = f.latest_balance;
    if let Some(date) = b.date.filter(|d| f.years.last().is_none_or(|y| y.end < *d)) {
        rows.push(CashDebtRow {
            label: date.format("%Y-%m").to_string(),
            cash: b.liquid_assets(),
            debt: value(&b.debt),
        });
    }
    let chart = Chart::CashDebt { rows };
    let mut provenance = Vec::new();
    let when = b.date.map(|d| d.to_string()).unwrap_or_default();
    let debt_free = f.debt_free_evidence.clone().filter(|_| b.cash.is_some());
    // A bank is graded on its capital (below): its cash and debt explain nothing there.
    if f.kind != IndustryKind::Bank {
        prov(format!("Cash {when}"), &b.cash, &mut provenance);
        prov(
            format!("Short-term investments {when}"),
            &b.short_term_investments,
            &mut provenance,
        );
        prov(format!("Debt {when}"), &b.debt, &mut provenance);
        prov(
            format!("Total liabilities {when}, none of them debt"),
            &debt_free,
            &mut provenance,
        );
    }
    let debt = value(&b.debt).or_else(|| debt_free.map(|_| 0.0));
    let mut vars = Vars::from([
        (
            "cash",
            b.liquid_assets().map_or_else(|| "N/A".into(), money),
        ),
        ("debt", debt.map_or_else(|| "N/A".into(), money)),
        (
            "as_of",
            b.date
                .map_or_else(String::new, |d| as_of_note(d, f.headline)),
        ),
    ]);
    match f.kind {
        IndustryKind::Bank => {
            let name = "equity / assets %";
            prov(format!("Equity {when}"), &b.equity, &mut provenance);
            prov(format!("Assets {when}"), &b.assets, &mut provenance);
            let Some(ratio) = value(&b.equity)
                .zip(value(&b.assets).filter(|a| *a > 0.0))
                .map(|(e, a)| e / a * 100.0)
            else {
                return Answer::missing(
                    name,
                    chart,
                    "a bank's safety cushion needs its equity and assets, and I don't have both",
                );
            };
            vars.insert("ratio", pct(ratio));
            vars.insert("equity", money(value(&b.equity).unwrap_or(0.0)));
            Answer {
                score: rubric::BANK_EQUITY_TO_ASSETS.score(ratio),
                metric: Some(ratio),
                metric_name: name,
                chart,
                provenance,
                vars,
                variant: "bank",
            }
        }
        // Landlords borrow by design, and an insurer's cash and investments stand behind its
        // policies, not its debt: both are graded on financial leverage instead.
        IndustryKind::Reit | IndustryKind::Insurer => {
            let (rubric, variant) = if f.kind == IndustryKind::Reit {
                (rubric::REIT_DEBT_TO_CAPITAL, "reit")
            } else {
                (rubric::INSURER_DEBT_TO_CAPITAL, "insurer")
            };
            let name = "debt / (debt + equity) %";
            prov(format!("Equity {when}"), &b.equity, &mut provenance);
            let Some(ratio) = debt
                .zip(value(&b.equity))
                .filter(|(d, e)| d + e > 0.0)
                .map(|(d, e)| d / (d + e) * 100.0)
            else {
                return Answer::missing(
                    name,
                    chart,
                    "I can't find both the debt and the owners' equity",
                );
            };
            vars.insert("ratio", pct(ratio));
            Answer {
                score: rubric.score(ratio),
                metric: Some(ratio),
                metric_name: name,
                chart,
                provenance,
                vars,
                variant,
            }
        }
        _ => {
            let name = "cash / debt";
            let (Some(cash), Some(debt)) = (b.liquid_assets(), debt) else {
                return Answer::missing(
                    name,
                    chart,
                    "I can't find both the cash and the debt on the latest balance sheet",
                );
            };
            let ratio = if debt > 0.0 {
                cash / debt
            } else {
                f64::INFINITY
            };
            vars.insert(
                "ratio",
                if ratio.is_finite() {
                    times(ratio)
                } else {
                    "no debt".into()
                },
            );
            let variant = if debt > 0.0 { "" } else { "debt_free" };
            Answer {
                score: rubric::CASH_TO_DEBT.score(ratio),
                metric: ratio.is_finite().then_some(ratio),
                metric_name: name,
                chart,
                provenance,
                vars,
                variant,
            }
        }
    }
}

#[cfg(test)]
#[path = "score_health_tests.rs"]
mod tests;
