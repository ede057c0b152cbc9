mod common;
use jobs::analysis::*;

#[tokio::test]
async fn dbg() {
    let inputs = common::load("NVDA", 1045810).await;
    let as_of = common::snapshot_day();
    let book = facts::FactBook::build(&inputs.company_facts, concepts::all(), as_of);
    let ttm = history::ttm_points(
        &book,
        sector::IndustryKind::General,
        "2022-06-01".parse().unwrap(),
    );
    for t in &ttm {
        println!(
            "{} avail {} rev {:?} ni {:?} eq {:?}",
            t.end,
            t.available,
            t.revenue.as_ref().map(|f| f.value / 1e9),
            t.net_income.as_ref().map(|f| f.value / 1e9),
            t.equity.as_ref().map(|f| f.value / 1e9)
        );
    }
    for s in history::share_history(&book)
        .iter()
        .filter(|f| f.end.to_string() > "2022".to_string())
    {
        println!("shares {} {} {}", s.end, s.value / 1e9, s.concept);
    }
}

#[tokio::test]
async fn text() {
    let r = common::record("AAPL", 320193, common::snapshot_day()).await;
    println!("{}", text_format::to_text(&r));
    let json = serde_json::to_string_pretty(&r.questions[0]).unwrap();
    println!("{json}");
}
