//! The web app's page addresses, so a path no page matches is served with HTTP 404 (the app's
//! own not-found page, but a status that crawlers and link checkers believe).
//!
//! One list for both sides: `web/src/config/client-routes.json`, read here at compile time and
//! checked against the app's route table by a Vitest test (`client-routes.test.ts`).
//! Patterns follow react-router: `:name` is one non-empty segment, literal segments compare
//! case-insensitively (the router's default), and a trailing slash does not matter.

use std::sync::LazyLock;

static PATTERNS: LazyLock<Vec<Vec<String>>> = LazyLock::new(|| {
    let raw = include_str!("../../../web/src/config/client-routes.json");
    let list: Vec<String> =
        serde_json::from_str(raw).expect("client-routes.json is a JSON array of strings");
    list.iter().map(|pattern| segments(pattern)).collect()
});

fn segments(path: &str) -> Vec<String> {
    path.split('/')
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// True when some page of the web app answers `path`.
pub fn is_client_route(path: &str) -> bool {
    let asked: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    PATTERNS.iter().any(|pattern| {
        pattern.len() == asked.len()
            && pattern
                .iter()
                .zip(&asked)
                .all(|(want, got)| want.starts_with(':') || want.eq_ignore_ascii_case(got))
    })
}

#[cfg(test)]
mod tests {
    use super::is_client_route;

    #[test]
    fn pages_match_with_their_parameters_case_and_trailing_slash() {
        for path in [
            "/",
            "/auth",
            "/auth/",
            "/stock/AAPL",
            "/Stock/brk.b",
            "/admin/batch",
            "/reset-password/confirm",
        ] {
            assert!(is_client_route(path), "{path}");
        }
    }

    #[test]
    fn anything_else_is_not_a_page() {
        for path in [
            "/this-does-not-exist",
            "/stock",
            "/stock/AAPL/extra",
            "/admin/nope",
            "/404",
        ] {
            assert!(!is_client_route(path), "{path}");
        }
    }
}
