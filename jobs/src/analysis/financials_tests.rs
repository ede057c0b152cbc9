//! Tests of `financials`: the debt and expense identities and the renamed-investments guard
//! on small hand-made fact sets, insurers' own lines, fiscal-year labels.

use super::*;

fn insurer_book() -> FactBook {
    let fact = |start: Option<&str>, end: &str, val: f64| {
        serde_json::json!({"start": start, "end": end, "val": val, "accn": "0000000000-25-000001",
            "form": "10-K", "filed": "2025-02-20"})
    };
    let year = |val: f64| serde_json::json!({"units": {"USD": [fact(Some("2024-01-01"), "2024-12-31", val)]}});
    let instant = |val: f64| serde_json::json!({"units": {"USD": [fact(None, "2024-12-31", val)]}});
    let body = serde_json::json!({"cik": 1, "entityName": "Insurer", "facts": {"us-gaap": {
        "Revenues": year(100.0),
        "BenefitsLossesAndExpenses": year(80.0),
        "NetIncomeLoss": year(15.0),
        "DebtLongtermAndShorttermCombinedAmount": instant(40.0),
        "CashAndCashEquivalentsAtCarryingValue": instant(20.0),
    }}});
    let facts = crate::market_data::CompanyFacts::from_json(body.to_string().as_bytes()).unwrap();
    FactBook::build(&facts, c::all(), "2025-06-30".parse().unwrap())
}

#[test]
fn insurers_use_their_own_expense_and_debt_lines() {
    let book = insurer_book();
    let years = fiscal_years(&book, IndustryKind::Insurer);
    let year = years.last().unwrap();
    assert_eq!(
        year.expenses
            .as_ref()
            .map(|f| (f.value, f.concept.as_str())),
        Some((80.0, "us-gaap:BenefitsLossesAndExpenses"))
    );
    assert_eq!(year.balance.debt.as_ref().map(|f| f.value), Some(40.0));
    assert_eq!(year.balance.liquid_assets(), Some(20.0));
    // Under general rules the insurer's own expense line is not read: no operating income
    // either, so expenses stay unknown rather than guessed.
    assert_eq!(
        fiscal_years(&book, IndustryKind::General)
            .last()
            .unwrap()
            .expenses,
        None
    );
}

/// A book of balance-sheet instants at 2024-12-31 and fiscal-2024 durations, values in
/// millions of dollars.
fn book_of(instants: &[(&str, f64)], durations: &[(&str, f64)]) -> FactBook {
    let fact = |start: Option<&str>, val: f64| {
        serde_json::json!({"units": {"USD": [{"start": start, "end": "2024-12-31",
            "val": val * 1e6, "accn": "0000000000-25-000001", "form": "10-K",
            "filed": "2025-02-20"}]}})
    };
    let mut gaap = serde_json::Map::new();
    for (name, val) in instants {
        gaap.insert((*name).into(), fact(None, *val));
    }
    for (name, val) in durations {
        gaap.insert((*name).into(), fact(Some("2024-01-01"), *val));
    }
    let body = serde_json::json!({"cik": 1, "entityName": "Hand-made", "facts": {"us-gaap": gaap}});
    let facts = crate::market_data::CompanyFacts::from_json(body.to_string().as_bytes()).unwrap();
    FactBook::build(&facts, c::all(), "2025-06-30".parse().unwrap())
}

fn debt(instants: &[(&str, f64)]) -> Option<(f64, String)> {
    let date = "2024-12-31".parse().unwrap();
    debt_at(&book_of(instants, &[]), date).map(|f| (f.value / 1e6, f.concept))
}

#[test]
fn long_term_debt_is_the_total_unless_the_company_says_otherwise() {
    // Standard meaning: LongTermDebt includes its current maturities (Microsoft:
    // 43,208 = noncurrent 35,376 + current 7,832).
    assert_eq!(
        debt(&[
            ("LongTermDebt", 43_208.0),
            ("LongTermDebtNoncurrent", 35_376.0),
            ("LongTermDebtCurrent", 7_832.0),
            ("DebtInstrumentCarryingAmount", 49_208.0),
        ])
        .map(|d| d.0),
        Some(43_208.0)
    );
    // Without a noncurrent split or an instruments total there is no evidence otherwise.
    assert_eq!(
        debt(&[("LongTermDebt", 100.0), ("DebtCurrent", 20.0)]).map(|d| d.0),
        Some(100.0)
    );
}

#[test]
fn non_current_long_term_debt_gets_its_current_part() {
    // Tesla 2021-12-31: LongTermDebt 4,254 is non-current; the instruments' carrying
    // amount 5,380 is nearer 4,254 + 1,088 than 4,254.
    assert_eq!(
        debt(&[
            ("LongTermDebt", 4_254.0),
            ("DebtCurrent", 1_088.0),
            ("DebtInstrumentCarryingAmount", 5_380.0),
        ]),
        Some((5_342.0, "us-gaap:LongTermDebt + us-gaap:DebtCurrent".into()))
    );
    // The company's own split says so too when LongTermDebt equals the noncurrent line.
    assert_eq!(
        debt(&[
            ("LongTermDebt", 900.0),
            ("LongTermDebtNoncurrent", 900.0),
            ("LongTermDebtCurrent", 100.0),
            ("CommercialPaper", 50.0),
        ])
        .map(|d| d.0),
        Some(1_050.0)
    );
}

#[test]
fn short_term_borrowings_inside_long_term_debt_are_not_added_twice() {
    // LongTermDebt - LongTermDebtNoncurrent = ShortTermBorrowings = LongTermDebtCurrent.
    assert_eq!(
        debt(&[
            ("LongTermDebt", 1_000.0),
            ("LongTermDebtNoncurrent", 880.0),
            ("LongTermDebtCurrent", 120.0),
            ("ShortTermBorrowings", 120.0),
        ])
        .map(|d| d.0),
        Some(1_000.0)
    );
    // Separate commercial paper is added (Apple 2024-09-28: term debt 96,662 including
    // current 10,912, plus commercial paper 9,967).
    assert_eq!(
        debt(&[
            ("LongTermDebt", 96_662.0),
            ("LongTermDebtNoncurrent", 85_750.0),
            ("LongTermDebtCurrent", 10_912.0),
            ("CommercialPaper", 9_967.0),
        ])
        .map(|d| d.0),
        Some(106_629.0)
    );
    // PepsiCo 2024-12-28: short-term debt obligations (DebtCurrent = ShortTermBorrowings
    // 7,082) hold the current maturities (41,228 - 37,224) and commercial paper: the total
    // is the balance sheet's noncurrent 37,224 + current 7,082.
    assert_eq!(
        debt(&[
            ("LongTermDebt", 41_228.0),
            ("LongTermDebtNoncurrent", 37_224.0),
            ("DebtCurrent", 7_082.0),
            ("ShortTermBorrowings", 7_082.0),
        ]),
        Some((
            44_306.0,
            "us-gaap:LongTermDebtNoncurrent + us-gaap:DebtCurrent".into()
        ))
    );
}

#[test]
fn reported_costs_must_cover_the_cost_of_sales() {
    let date: NaiveDate = "2024-12-31".parse().unwrap();
    let expenses = |costs: f64| {
        let book = book_of(
            &[],
            &[
                ("Revenues", 1_000.0),
                ("CostOfRevenue", 600.0),
                ("GrossProfit", 400.0),
                ("OperatingIncomeLoss", 150.0),
                ("NetIncomeLoss", 100.0),
                ("CostsAndExpenses", costs),
            ],
        );
        let years = fiscal_years(&book, IndustryKind::General);
        let year = years.iter().find(|y| y.end == date).unwrap();
        year.expenses
            .as_ref()
            .map(|f| (f.value / 1e6, f.concept.clone()))
    };
    // A full total (revenue - operating income) is used as reported.
    assert_eq!(
        expenses(850.0),
        Some((850.0, "us-gaap:CostsAndExpenses".into()))
    );
    // Operating expenses only (gross profit - operating income = 250): replaced by
    // revenue - operating income.
    assert_eq!(
        expenses(250.0),
        Some((
            850.0,
            "us-gaap:Revenues - us-gaap:OperatingIncomeLoss".into()
        ))
    );
}

#[test]
fn a_renamed_investments_line_is_found_under_its_other_name() {
    let fact = |concept: &str, end: &str, val: f64| {
        (
            concept.to_string(),
            serde_json::json!({"end": end, "val": val,
            "accn": "0000000000-26-000001", "form": "10-Q", "filed": "2026-05-20"}),
        )
    };
    let facts = [
        fact(
            "CashAndCashEquivalentsAtCarryingValue",
            "2025-10-26",
            11_486.0,
        ),
        fact("MarketableSecuritiesCurrent", "2025-10-26", 49_122.0),
        fact(
            "CashAndCashEquivalentsAtCarryingValue",
            "2026-01-25",
            10_605.0,
        ),
        fact("DebtSecuritiesCurrent", "2026-01-25", 39_065.0),
    ];
    let mut gaap = serde_json::Map::new();
    for (concept, f) in facts {
        let entry = gaap
            .entry(concept)
            .or_insert_with(|| serde_json::json!({"units": {"USD": []}}));
        entry["units"]["USD"].as_array_mut().unwrap().push(f);
    }
    let body = serde_json::json!({"cik": 1, "entityName": "X", "facts": {"us-gaap": gaap}});
    let facts = crate::market_data::CompanyFacts::from_json(body.to_string().as_bytes()).unwrap();
    let book = FactBook::build(&facts, c::all(), "2026-06-30".parse().unwrap());
    let balance = latest_balance(&book);
    assert_eq!(balance.liquid_assets(), Some(10_605.0 + 39_065.0));
    // A company that never reported the usual names does not get the alternatives added
    // (they may be a part of a line it reports otherwise).
    let only_new = FactBook::build(
        &facts,
        &[
            "CashAndCashEquivalentsAtCarryingValue",
            "DebtSecuritiesCurrent",
        ],
        "2026-06-30".parse().unwrap(),
    );
    assert_eq!(latest_balance(&only_new).liquid_assets(), Some(10_605.0));
}

#[test]
fn a_balance_sheet_missing_its_investments_line_is_not_the_latest() {
    let fact = |concept: &str, end: &str, val: f64, accn: &str| {
        (
            concept.to_string(),
            serde_json::json!({"end": end, "val": val, "accn": accn, "form": "10-Q",
                "filed": "2026-07-23"}),
        )
    };
    let book = |facts: Vec<(String, serde_json::Value)>| {
        let mut gaap = serde_json::Map::new();
        for (concept, f) in facts {
            let entry = gaap
                .entry(concept)
                .or_insert_with(|| serde_json::json!({"units": {"USD": []}}));
            entry["units"]["USD"].as_array_mut().unwrap().push(f);
        }
        let body = serde_json::json!({"cik": 1, "entityName": "X", "facts": {"us-gaap": gaap}});
        let facts =
            crate::market_data::CompanyFacts::from_json(body.to_string().as_bytes()).unwrap();
        FactBook::build(&facts, c::all(), "2026-08-18".parse().unwrap())
    };
    let cash = "CashAndCashEquivalentsAtCarryingValue";
    let securities = "MarketableSecuritiesCurrent";
    let march = vec![
        fact(cash, "2026-03-31", 38_063.0, "q1"),
        fact(securities, "2026-03-31", 88_777.0, "q1"),
        fact("LongTermDebt", "2026-03-31", 46_000.0, "q1"),
    ];
    // June has cash alone: the whole sheet is read at March, debt included.
    let mut trimmed = march.clone();
    trimmed.push(fact(cash, "2026-06-30", 55_911.0, "q2"));
    trimmed.push(fact("LongTermDebt", "2026-06-30", 98_000.0, "q2"));
    let balance = latest_balance(&book(trimmed));
    assert_eq!(balance.date, "2026-03-31".parse().ok());
    assert_eq!(balance.liquid_assets(), Some(38_063.0 + 88_777.0));
    assert_eq!(balance.debt.map(|f| f.value), Some(46_000.0));
    // With its investments line, June is the latest.
    let mut complete = march.clone();
    complete.push(fact(cash, "2026-06-30", 55_911.0, "q2"));
    complete.push(fact(securities, "2026-06-30", 70_000.0, "q2"));
    assert_eq!(
        latest_balance(&book(complete)).liquid_assets(),
        Some(55_911.0 + 70_000.0)
    );
    // A company that never held short-term investments is read at its newest date.
    let cash_only = vec![
        fact(cash, "2026-03-31", 10.0, "q1"),
        fact(cash, "2026-06-30", 12.0, "q2"),
    ];
    assert_eq!(latest_balance(&book(cash_only)).liquid_assets(), Some(12.0));
}

#[test]
fn labels_follow_the_year_end() {
    let d = |s: &str| s.parse::<NaiveDate>().unwrap();
    assert_eq!(fiscal_label(d("2024-09-28")), "FY2024"); // Apple
    assert_eq!(fiscal_label(d("2026-01-31")), "FY2026"); // Walmart: fiscal 2026
    assert_eq!(fiscal_label(d("2025-01-26")), "FY2025"); // NVIDIA: fiscal 2025
    assert_eq!(fiscal_label(d("2022-01-01")), "FY2021"); // a 52-week year spilling over
}

#[test]
fn no_debt_line_is_debt_free_only_when_the_liabilities_add_up_without_debt() {
    let date = "2024-12-31".parse().unwrap();
    // Payables, deferred revenue and leases make up every dollar owed: no room for debt.
    let accounted = book_of(
        &[
            ("Liabilities", 1_000.0),
            ("AccountsPayableCurrent", 400.0),
            ("ContractWithCustomerLiabilityCurrent", 350.0),
            ("OperatingLeaseLiabilityNoncurrent", 250.0),
        ],
        &[],
    );
    let evidence = liabilities_without_debt(&accounted, date).expect("evidence");
    assert_eq!(evidence.value, 1_000e6);
    assert!(evidence.concept.contains("every line a non-debt liability"));
    // $600M of the liabilities are unexplained: they could be borrowings.
    let unexplained = book_of(
        &[("Liabilities", 1_000.0), ("AccountsPayableCurrent", 400.0)],
        &[],
    );
    assert_eq!(liabilities_without_debt(&unexplained, date), None);
    // Without a total there is nothing to account for.
    let no_total = book_of(&[("AccountsPayableCurrent", 400.0)], &[]);
    assert_eq!(liabilities_without_debt(&no_total, date), None);
}
