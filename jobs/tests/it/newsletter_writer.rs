//! The newsletter writers on real companies (the snapshot's AAPL, JPM and MSFT records): the
//! offline piece honours length, reader level, attitude and format, every number in it is a
//! record figure, and the language-model piece goes through the real OpenAI client against a
//! local server speaking its wire format, where an invented figure is caught.

use std::time::Duration;

use jobs::{
    analysis::AnalysisRecord,
    assistant::{
        AssistantSettings, ProviderKind, offline::OfflineResponder, provider_from_settings,
    },
    fake_llm::{FakeLlm, Script, openai_frames},
    newsletter::{
        self, ChartLink, NewsletterRequest, Writer,
        llm::invented_numbers,
        offline::words,
        request::{Attitude, Brief, Format, Length, ReaderLevel},
    },
};

use crate::analysis_common::{record, snapshot_day};

async fn records() -> Vec<AnalysisRecord> {
    vec![
        record("AAPL", 320193, snapshot_day()).await,
        record("JPM", 19617, snapshot_day()).await,
        record("MSFT", 789019, snapshot_day()).await,
    ]
}

fn request(brief: Brief) -> NewsletterRequest {
    NewsletterRequest {
        symbols: vec!["AAPL".into(), "JPM".into(), "MSFT".into()],
        brief,
        settings: Default::default(),
    }
}

fn roundup() -> Brief {
    Brief::Template("weekly-roundup".into())
}

fn offline(records: &[AnalysisRecord], request: &NewsletterRequest) -> String {
    newsletter::offline::write(records, request, &[]).content
}

#[tokio::test]
async fn length_changes_how_much_is_written() {
    let records = records().await;
    let mut counts = Vec::new();
    for length in [Length::Short, Length::Medium, Length::Long] {
        let mut r = request(roundup());
        r.settings.length = length;
        counts.push(words(&offline(&records, &r)));
    }
    // About 200 words a minute: short 2-3 min, medium 5-7, long 10+.
    eprintln!("words for AAPL, JPM and MSFT (short, medium, long): {counts:?}");
    assert!(counts[0] < counts[1] && counts[1] < counts[2], "{counts:?}");
    assert!((300..=800).contains(&counts[0]), "short: {counts:?}");
    assert!(counts[1] >= 1_000, "medium: {counts:?}");
    assert!(counts[2] >= 2_000, "long: {counts:?}");
}

#[tokio::test]
async fn reader_level_attitude_and_format_show_in_the_text() {
    let records = records().await;
    let text = |f: &dyn Fn(&mut NewsletterRequest)| {
        let mut r = request(roundup());
        f(&mut r);
        offline(&records, &r)
    };
    let beginner = text(&|r| r.settings.reader_level = ReaderLevel::Beginner);
    let middle = text(&|_| {});
    let advanced = text(&|r| r.settings.reader_level = ReaderLevel::Advanced);
    assert!(beginner.contains("What the heck is this?"));
    assert!(!middle.contains("What the heck is this?") && !middle.contains("The figure:"));
    assert!(advanced.contains("The figure:") && advanced.contains("accession"));

    let respectful = text(&|r| r.settings.analyst_attitude = Attitude::Respectful);
    let skeptical = text(&|r| r.settings.analyst_attitude = Attitude::Skeptical);
    let roast = middle.clone();
    assert!(roast.contains("roast night on the porch"));
    assert!(skeptical.contains("keep one hand on your wallet"));
    assert!(respectful.contains("plain and fair"));
    assert!(!respectful.contains("roast night") && !skeptical.contains("roast night"));

    let bullets = text(&|r| r.settings.format = Format::Bullets);
    assert!(middle.contains("## Apple Inc. (AAPL):"), "{middle}");
    assert!(!bullets.contains("\n## ") && bullets.contains("\n- "));
}

#[tokio::test]
async fn every_number_in_every_offline_piece_is_a_record_figure() {
    let records = records().await;
    let briefs = newsletter::templates::TEMPLATES
        .iter()
        .map(|t| Brief::Template(t.id.into()))
        .chain([Brief::Custom(
            "How much debt do they carry, and what about the 3 best?".into(),
        )]);
    for brief in briefs {
        for length in [Length::Short, Length::Long] {
            for level in [
                ReaderLevel::Beginner,
                ReaderLevel::Intermediate,
                ReaderLevel::Advanced,
            ] {
                for attitude in [Attitude::Respectful, Attitude::Roast] {
                    let mut r = request(brief.clone());
                    r.settings.length = length;
                    r.settings.reader_level = level;
                    r.settings.analyst_attitude = attitude;
                    let text = offline(&records, &r);
                    let invented = invented_numbers(&text, &records);
                    assert!(
                        invented.is_empty(),
                        "{brief:?} {length:?} {level:?} wrote {invented:?}:\n{text}"
                    );
                }
            }
        }
    }
}

#[tokio::test]
async fn templates_and_custom_prompts_lead_with_their_questions() {
    let records = records().await;
    let first_answer = |text: &str| -> String {
        let at = text.find("**").map(|i| &text[i..]).unwrap_or_default();
        at.lines()
            .find(|l| l.starts_with("**") && l.contains("/10"))
            .unwrap_or_default()
            .to_string()
    };
    // AAPL's section starts with the question the brief is about.
    let debt = offline(
        &records,
        &request(Brief::Custom("What's the debt situation?".into())),
    );
    assert!(
        first_answer(&debt).starts_with("**Cash & Debt"),
        "{}",
        first_answer(&debt)
    );
    assert!(debt.contains("You asked about cash and debt"));
    let price = offline(&records, &request(Brief::Template("price-check".into())));
    assert!(
        first_answer(&price).starts_with("**How expensive is the stock?"),
        "{}",
        first_answer(&price)
    );
}

#[tokio::test]
async fn charts_draw_from_the_record_and_are_linked_under_each_stock() {
    let records = records().await;
    let aapl = &records[0];
    let scores = newsletter::charts::render(aapl, newsletter::charts::ChartKind::Scores).unwrap();
    assert!(scores.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(scores.contains(&format!("Apple Inc. (AAPL): {} out of 100", aapl.score)));
    let revenue = newsletter::charts::render(aapl, newsletter::charts::ChartKind::Revenue).unwrap();
    let Some(jobs::analysis::Chart::ValueGrowth { rows }) =
        aapl.questions.first().map(|q| &q.chart)
    else {
        panic!("Q1 is value and growth");
    };
    let last = rows.iter().rev().find_map(|r| r.value).unwrap();
    assert!(
        revenue.contains(&jobs::analysis::format::money(last)),
        "the latest revenue is labelled"
    );
    let link = ChartLink {
        symbol: "AAPL".into(),
        url: "http://x/a.svg".into(),
        alt: "AAPL question scores".into(),
    };
    let text =
        newsletter::offline::write(&records, &request(roundup()), std::slice::from_ref(&link))
            .content;
    let aapl_part = &text[text.find("(AAPL):").unwrap()..text.find("(JPM):").unwrap()];
    assert!(aapl_part.contains("![AAPL question scores](http://x/a.svg)"));
}

fn llm_settings(base: String) -> AssistantSettings {
    AssistantSettings {
        provider: ProviderKind::OpenAi,
        base_url: Some(base),
        api_key: Some("sk-test".into()),
        model: Some("test-model".into()),
        connect_timeout: Duration::from_secs(2),
        first_byte_timeout: Duration::from_secs(5),
        idle_timeout: Duration::from_secs(5),
        max_retries: 0,
        ..AssistantSettings::default()
    }
}

#[tokio::test]
async fn a_language_model_draft_is_used_only_when_its_numbers_are_in_the_records() {
    let records = records().await;
    let score = records[0].score;
    let grounded =
        format!("# Porch Notes\n\nApple scored {score} out of 100 this week. Not advice!");
    let invented =
        format!("# Porch Notes\n\nApple scored {score} out of 100 and sales hit $512.4B.");
    let server = FakeLlm::start(move |scenario, _| {
        let text = if scenario == "grounded" {
            grounded.clone()
        } else {
            invented.clone()
        };
        let frames = openai_frames(&[&text]);
        Script::sse(&frames.iter().map(String::as_str).collect::<Vec<_>>())
    })
    .await;
    let link = ChartLink {
        symbol: "AAPL".into(),
        url: "http://x/a.svg".into(),
        alt: "AAPL question scores".into(),
    };
    let req = request(roundup());

    let provider = provider_from_settings(&llm_settings(server.url("grounded")));
    let piece = newsletter::write(
        provider.as_ref(),
        &records,
        &req,
        std::slice::from_ref(&link),
    )
    .await;
    assert_eq!(
        piece.writer,
        Writer::Llm {
            model: "test-model".into()
        }
    );
    assert_eq!(piece.title, "Porch Notes");
    assert!(
        piece
            .content
            .contains(&format!("Apple scored {score} out of 100"))
    );
    assert!(
        piece
            .content
            .contains("![AAPL question scores](http://x/a.svg)"),
        "charts are added by the code"
    );
    assert_eq!(piece.chart_urls, ["http://x/a.svg"]);
    assert!(piece.notice.is_none());
    // The model got the rules and every record as fenced data (OpenAI wire format).
    let body: serde_json::Value = {
        let seen = server.seen.lock().unwrap();
        serde_json::from_str(&seen.bodies[0].1).unwrap()
    };
    let system = body["messages"][0]["content"].as_str().unwrap();
    let jpm = format!(
        "STOCK: {} (JPM), overall score {} out of 100",
        records[1].company_name, records[1].score
    );
    assert!(
        system.contains("<data>") && system.contains(&jpm),
        "{system}"
    );
    assert!(
        body["messages"][1]["content"]
            .as_str()
            .unwrap()
            .contains("Weekly Porch Round-Up")
    );

    let provider = provider_from_settings(&llm_settings(server.url("invented")));
    let piece = newsletter::write(provider.as_ref(), &records, &req, &[]).await;
    assert_eq!(
        piece.writer,
        Writer::Offline,
        "the invented figure sent it back to the records"
    );
    let notice = piece.notice.unwrap();
    assert!(
        notice.contains("512.4") && notice.contains("not in the records"),
        "{notice}"
    );
    assert!(!piece.content.contains("512.4"));
    assert!(invented_numbers(&piece.content, &records).is_empty());

    // Offline provider: the record writer, no notice.
    let piece = newsletter::write(&OfflineResponder::default(), &records, &req, &[]).await;
    assert_eq!(piece.writer, Writer::Offline);
    assert!(piece.notice.is_none());
}

#[tokio::test]
async fn a_figure_from_another_period_than_the_report_carries_its_date() {
    // AAPL's debt is from the 2025-12-27 balance sheet, not its newest report's period: the
    // newsletter's paragraph on it says so, as the page and the chat do.
    let records = records().await;
    assert_ne!(records[0].report_date, "2025-12-27".parse().ok());
    let debt = offline(
        &records,
        &request(Brief::Custom("What's the debt situation?".into())),
    );
    let paragraph = debt
        .split("\n\n")
        .find(|p| p.contains("$90.5B of debt"))
        .unwrap_or_else(|| panic!("a paragraph on AAPL's debt:\n{debt}"));
    assert!(paragraph.contains("(as of 2025-12-27)"), "{paragraph}");
}

/// A custom prompt's substance shapes the piece: the comparison it asks for is a table with
/// who comes out ahead (from the records' scores), the dividends the records lack are said to
/// be missing, the retiree reader gets debt and cash flow first, and every number is a record
/// figure.
#[tokio::test]
async fn a_custom_prompt_gets_its_comparison_its_reader_and_what_the_data_lacks() {
    let records = vec![
        record("KO", 21344, snapshot_day()).await,
        record("PEP", 77476, snapshot_day()).await,
    ];
    let request = NewsletterRequest {
        symbols: vec!["KO".into(), "PEP".into()],
        brief: Brief::Custom(
            "Compare Coca-Cola and PepsiCo on debt and dividends for a retiree who wants \
             steady income"
                .into(),
        ),
        settings: Default::default(),
    };
    let piece = newsletter::offline::write(&records, &request, &[]);
    let text = &piece.content;
    assert!(piece.title.ends_with("KO vs PEP"), "{}", piece.title);
    assert!(text.contains("## Side by side"), "{text}");
    // The grades compared are the records' own, whatever they are.
    for n in [5u8, 6] {
        let title = jobs::analysis::record::TITLES[usize::from(n - 1)];
        let grade = |r: &AnalysisRecord| r.questions[usize::from(n - 1)].score;
        let cell = |g: Option<u8>| g.map_or_else(|| "no grade".to_string(), |g| format!("{g}/10"));
        let (ko, pep) = (grade(&records[0]), grade(&records[1]));
        assert!(
            text.contains(&format!("| {title} | {} | {} |", cell(ko), cell(pep))),
            "{title}: {text}"
        );
        let name = |i: usize| format!("{} ({})", records[i].company_name, records[i].symbol);
        let verdict = match (ko, pep) {
            (Some(k), Some(p)) if k > p => format!("{} comes out ahead, {k} to {p}", name(0)),
            (Some(k), Some(p)) if k < p => format!("{} comes out ahead, {p} to {k}", name(1)),
            (Some(k), Some(_)) => format!("it's a tie at {k}"),
            (Some(k), None) => format!("only {} has a grade ({k})", name(0)),
            (None, Some(p)) => format!("only {} has a grade ({p})", name(1)),
            (None, None) => "the filings don't give either one a grade".into(),
        };
        assert!(text.contains(&format!("On {title}, {verdict}")), "{text}");
    }
    assert!(
        text.contains("my records don't carry dividend payments"),
        "{text}"
    );
    assert!(text.contains("living off their savings"), "{text}");
    // Each stock's part starts with the asked questions it has a grade for: debt, then free
    // cash flow (what a dividend is paid from).
    for r in &records {
        let heading = format!("## {} ({})", r.company_name, r.symbol);
        let part = &text[text.find(&heading).expect("a part per stock")..];
        let first = part
            .lines()
            .find(|l| l.starts_with("**") && l.contains("/10"))
            .expect("graded answers");
        let asked = [6u8, 5]
            .into_iter()
            .find(|n| r.questions[usize::from(n - 1)].score.is_some());
        if let Some(n) = asked {
            let title = jobs::analysis::record::TITLES[usize::from(n - 1)];
            assert!(
                first.starts_with(&format!("**{title}")),
                "{}: {first}",
                r.symbol
            );
        }
    }
    // Every number of the framing and the side-by-side part is a record figure.
    let before_the_stocks = &text[..text.find("## Coca").expect("KO's part")];
    let invented = invented_numbers(before_the_stocks, &records);
    assert!(invented.is_empty(), "{invented:?}");
}
