use super::*;

fn count(end: &str, value: f64, accn: &str) -> Figure {
    let end: NaiveDate = end.parse().unwrap();
    Figure {
        value,
        concept: "us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding".into(),
        unit: "shares".into(),
        start: Some(end - Duration::days(90)),
        end,
        form: "10-Q".into(),
        filed: end + Duration::days(30),
        accn: accn.into(),
        first_filed: end + Duration::days(30),
    }
}

/// Daily closes from `start` for `days` days at `level`, then at `level x step` from `jump`.
fn prices(start: &str, days: i64, level: f64, jump: Option<(&str, f64)>) -> Vec<PricePoint> {
    let start: NaiveDate = start.parse().unwrap();
    (0..days)
        .map(|i| {
            let date = start + Duration::days(i);
            let close = match jump {
                Some((day, step)) if date >= day.parse().unwrap() => level * step,
                _ => level,
            };
            PricePoint { date, close }
        })
        .collect()
}

fn window() -> (NaiveDate, NaiveDate) {
    ("2023-01-01".parse().unwrap(), "2026-08-18".parse().unwrap())
}

/// Four quarters at 640M, then one 10-Q that halves the newest quarter.
fn halved_by_one_filing() -> Vec<Figure> {
    vec![
        count("2025-09-30", 638_800_000.0, "q3-2025"),
        count("2025-12-31", 642_800_000.0, "k-2025"),
        count("2026-03-31", 638_400_000.0, "q1-2026"),
        count("2026-06-30", 318_600_000.0, "q2-2026"),
    ]
}

#[test]
fn counts_halved_by_one_filing_the_prices_never_follow_are_a_fault() {
    let flat = prices("2025-01-01", 590, 220.0, None);
    let (from, to) = window();
    let checked = check(halved_by_one_filing(), &flat, &[], from, to);
    let fault = checked.fault.expect("a fault");
    assert_eq!(fault.kind, "split-unconfirmed");
    assert_eq!(fault.questions, PRICED_QUESTIONS);
    assert!(
        fault.reason.starts_with(DOUBT) && fault.reason.contains("q2-2026"),
        "{}",
        fault.reason
    );
    assert_eq!(checked.prices, None);
}

#[test]
fn a_split_fact_or_a_second_filing_confirms_the_split() {
    let flat = prices("2025-01-01", 590, 220.0, None);
    let (from, to) = window();
    // The filing's own split ratio (reverse splits are tagged either way round).
    for ratio in [0.5, 2.0] {
        let fact = SplitFact {
            end: "2026-05-15".parse().unwrap(),
            ratio,
            accn: "q2-2026".into(),
        };
        let checked = check(halved_by_one_filing(), &flat, &[fact], from, to);
        assert_eq!(checked.fault, None);
        // Restated to the newest basis, as before.
        assert_eq!(checked.shares[0].value, 319_400_000.0);
    }
    // The next 10-Q counts on the new basis too.
    let mut counts = halved_by_one_filing();
    counts.push(count("2026-09-30", 317_000_000.0, "q3-2026"));
    let checked = check(counts, &flat, &[], from, "2026-12-31".parse().unwrap());
    assert_eq!(checked.fault, None);
}

#[test]
fn prices_not_adjusted_for_a_split_the_counts_show_are_restated() {
    // A 10-for-1 split on 2024-06-10: the counts go from 2.5B to 25B shares and the price
    // file (never adjusted) from 1200 to 120 that day.
    let counts = vec![
        count("2023-12-31", 2_480_000_000.0, "k-2023"),
        count("2024-03-31", 2_500_000_000.0, "q1-2024"),
        count("2024-06-30", 24_900_000_000.0, "q2-2024"),
    ];
    let series = prices("2024-01-01", 300, 1200.0, Some(("2024-06-10", 0.1)));
    let (from, to) = window();
    let checked = check(counts, &series, &[], from, to);
    assert_eq!(checked.fault, None);
    let restated = checked.prices.expect("restated prices");
    assert!(
        restated.iter().all(|p| (p.close - 120.0).abs() < 1e-9),
        "one basis throughout"
    );
    // The counts on the newest basis, citing the price jump and both filings.
    assert_eq!(checked.shares[0].value, 24_800_000_000.0);
    let label = &checked.shares[2].concept;
    assert!(
        label.contains("2024-06-10")
            && label.contains("1200.00 to 120.00")
            && label.contains("q1-2024")
            && label.contains("q2-2024"),
        "{label}"
    );
}

#[test]
fn a_price_jump_by_a_split_ratio_the_counts_do_not_show_is_a_fault() {
    // The price halves in a day (a 2-for-1 split in the prices), the counts filed since
    // stay put.
    let counts = vec![
        count("2025-12-31", 900_000_000.0, "k-2025"),
        count("2026-03-31", 901_000_000.0, "q1-2026"),
        count("2026-06-30", 899_000_000.0, "q2-2026"),
    ];
    let series = prices("2025-06-01", 400, 90.36, Some(("2026-02-11", 0.5039)));
    let (from, to) = window();
    let checked = check(counts, &series, &[], from, to);
    let fault = checked.fault.expect("a fault");
    assert_eq!(fault.kind, "price-split-unmatched");
    assert!(fault.reason.contains("2-for-1"), "{}", fault.reason);
    assert_eq!(checked.prices, None);
}

#[test]
fn a_crash_is_not_a_split_and_buybacks_are_not_jumps() {
    // Occidental fell 52% on 2020-03-09: 4% off a half, not a split.
    let counts = vec![
        count("2025-12-31", 900_000_000.0, "k-2025"),
        count("2026-03-31", 880_000_000.0, "q1-2026"),
    ];
    let series = prices("2025-06-01", 400, 24.287, Some(("2026-02-11", 0.4799)));
    let (from, to) = window();
    let checked = check(counts.clone(), &series, &[], from, to);
    assert_eq!(checked.fault, None);
    assert_eq!(checked.shares, counts);
}
