//! Number formatting shared by the comments (`$1.2B`, `7.8%`, `30.1x`) and the plain-text
//! result (`391.04B`, `7.8%`, `N/A`).

/// Money for people: `$391.0B`, `$1.23T`, `$950.2M`, `$12.3K`, `$512`, `-$1.2B`.
pub fn money(value: f64) -> String {
    if !value.is_finite() {
        return "N/A".into();
    }
    let sign = if value < 0.0 { "-" } else { "" };
    format!("{sign}${}", scaled(value.abs(), 1))
}

/// `391.0B`-style scaling with a suffix (T, B, M, K) and `decimals` places.
pub fn scaled(value: f64, decimals: usize) -> String {
    let abs = value.abs();
    let sign = if value < 0.0 { "-" } else { "" };
    // A value that rounds up to 1000 of its unit is written in the next unit (999.995B is
    // "1.00T", not "1000.00B"), so the text reads back to the same cell.
    let rounds_to_thousand =
        |x: f64, d: usize| format!("{x:.d$}").parse::<f64>().is_ok_and(|r| r >= 1000.0);
    let (divisor, suffix) = if abs >= 1e12 || rounds_to_thousand(abs / 1e9, decimals) {
        (1e12, "T")
    } else if abs >= 1e9 || rounds_to_thousand(abs / 1e6, decimals) {
        (1e9, "B")
    } else if abs >= 1e6 || rounds_to_thousand(abs / 1e3, decimals) {
        (1e6, "M")
    } else if abs >= 1e3 || rounds_to_thousand(abs, 0) {
        (1e3, "K")
    } else {
        return format!("{sign}{abs:.0}");
    };
    format!("{sign}{:.decimals$}{suffix}", abs / divisor)
}

/// A percentage with one decimal: `7.8%`.
pub fn pct(value: f64) -> String {
    if value.is_finite() {
        format!("{value:.1}%")
    } else {
        "N/A".into()
    }
}

/// A yearly rate as words that agree with its sign: "grew 5.5% a year", "shrank 6.8% a
/// year", "held about flat" (never "grew -6.8%" or "grew -0.0%").
pub fn yearly_move(rate: f64) -> String {
    if !rate.is_finite() {
        return "N/A".into();
    }
    if rate.abs() < 0.05 {
        "held about flat".into()
    } else if rate > 0.0 {
        format!("grew {} a year", pct(rate))
    } else {
        format!("shrank {} a year", pct(-rate))
    }
}

/// A percentage with a sign: `+2.1 points` style comparisons use this (`+2.1`).
pub fn signed(value: f64) -> String {
    if value.is_finite() {
        format!("{value:+.1}")
    } else {
        "N/A".into()
    }
}

/// A multiple: `30.1x`.
pub fn times(value: f64) -> String {
    if value.is_finite() {
        format!("{value:.1}x")
    } else {
        "N/A".into()
    }
}

/// The date a figure carries when its period is not the headline's (the report the page is
/// built on): `" (as of 2024-06-30)"`, or nothing when it is the headline's or there is none.
/// Comments, chat answers and newsletters quote figures with it, so a number from another
/// period never reads as today's.
pub fn as_of_note(end: chrono::NaiveDate, headline: Option<chrono::NaiveDate>) -> String {
    match headline {
        Some(headline) if headline != end => format!(" (as of {end})"),
        _ => String::new(),
    }
}

/// A share count: `15.4B shares`.
pub fn shares(value: f64) -> String {
    format!("{} shares", scaled(value, 2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yearly_moves_read_the_way_the_sign_goes() {
        assert_eq!(yearly_move(5.54), "grew 5.5% a year");
        assert_eq!(yearly_move(-6.8), "shrank 6.8% a year");
        assert_eq!(yearly_move(-0.01), "held about flat");
    }

    #[test]
    fn a_value_rounding_up_to_a_thousand_takes_the_next_unit() {
        assert_eq!(scaled(999_995_000_000.0, 2), "1.00T");
        assert_eq!(scaled(999_994_000_000.0, 2), "999.99B");
        assert_eq!(scaled(-999_999.7, 2), "-1.00M");
        assert_eq!(scaled(999.7, 2), "1.00K");
        assert_eq!(scaled(999.4, 2), "999");
    }

    #[test]
    fn money_reads_like_a_newspaper() {
        assert_eq!(money(391_035_000_000.0), "$391.0B");
        assert_eq!(money(1_234_000_000_000.0), "$1.2T");
        assert_eq!(money(-950_240_000.0), "-$950.2M");
        assert_eq!(money(12_300.0), "$12.3K");
        assert_eq!(money(512.0), "$512");
        assert_eq!(money(f64::NAN), "N/A");
    }

    #[test]
    fn a_figure_from_another_period_carries_its_date() {
        let day = |s: &str| s.parse::<chrono::NaiveDate>().unwrap();
        let headline = Some(day("2025-03-31"));
        assert_eq!(
            as_of_note(day("2024-06-30"), headline),
            " (as of 2024-06-30)"
        );
        assert_eq!(as_of_note(day("2025-03-31"), headline), "");
        assert_eq!(as_of_note(day("2024-06-30"), None), "");
    }

    #[test]
    fn other_units() {
        assert_eq!(pct(7.84), "7.8%");
        assert_eq!(signed(-2.06), "-2.1");
        assert_eq!(times(30.06), "30.1x");
        assert_eq!(scaled(391_035_000_000.0, 2), "391.04B");
        assert_eq!(shares(15_408_095_000.0), "15.41B shares");
    }
}
