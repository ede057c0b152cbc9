//! The 14-section draft from real 10-Ks: offline (the filing's own sentences under Bubba's
//! lines) and with a language model (the fake provider speaking OpenAI's stream format).

use std::{sync::Arc, time::Duration};

use jobs::{
    assistant::{AssistantSettings, ProviderKind, provider_from_settings},
    fake_llm::{FakeLlm, Script, openai_frames},
    tenk::{
        bulk::{BulkParse, parse_bulk},
        items::split_items,
        sections::SECTIONS,
        writer::{llm_draft, offline_draft},
    },
};

use crate::tenk_items::{AAPL, ten_k_text};

fn apple_items() -> jobs::tenk::items::TenKItems {
    split_items(&ten_k_text(AAPL)).unwrap()
}

#[test]
fn tenk_apple_offline_draft_has_fourteen_sections_the_editor_parses() {
    let draft = offline_draft("Apple Inc.", &apple_items(), Some("2024-09-28".into()));
    let raw = draft.to_bulk_text();
    let BulkParse::Parsed { fields, warning } = parse_bulk(&raw) else {
        panic!("parsed")
    };
    assert_eq!(warning, None, "no missing section: {raw}");
    assert_eq!(fields.len(), 15, "the date and 14 sections");
    assert_eq!(fields["10K Date"], "2024-09-28");
    for section in SECTIONS {
        let text = &fields[section.label];
        assert!(
            !text.contains("The filings don't tell me enough"),
            "{}: {text}",
            section.label
        );
    }
    // Apple's 10-K never mentions loan covenants: the section says so instead of quoting its
    // "unrestricted cash" (a word that merely contains "restrict").
    assert_eq!(
        fields["Covenants"],
        "I read Items 7 and 8 of this 10-K and found nothing on promises in its loan agreements \
         and whether it keeps them, so I won't fill this in with something that isn't."
    );
    // Management's story is not the fiscal calendar, and the outlook is not a sentence that
    // leans on one before it ("This analysis may be based on…", from an impairment note).
    assert!(
        !fields["Management Discussion"].contains("52- or 53-week"),
        "{}",
        fields["Management Discussion"]
    );
    assert!(
        !fields["Future Outlook"].contains("This analysis"),
        "{}",
        fields["Future Outlook"]
    );
    assert!(
        fields["Company Overview"]
            .contains("The Company designs, manufactures and markets smartphones")
    );
    assert!(
        fields["Risk Factors"].starts_with(
            "Every roof leaks somewhere. These are risks Apple Inc. itself points to:"
        )
    );
    assert!(
        fields["Supplier Power"].to_lowercase().contains("supplier")
            || fields["Supplier Power"].contains("component")
    );
    assert!(
        fields["Legal Proceedings"].contains("the U.S. Department of Justice (the “DOJ”)"),
        "{}",
        fields["Legal Proceedings"]
    );
    // No sentence is quoted twice across sections, and no page-footer debris.
    assert!(!raw.contains("| 2024 Form 10-K |"));
}

#[test]
fn tenk_wells_fargo_draft_says_what_is_incorporated_by_reference() {
    let text = ten_k_text("documents/10-K/wfc-10-k-2025-02-25.html.gz");
    let items = split_items(&text).unwrap();
    let draft = offline_draft("WELLS FARGO & COMPANY", &items, None);
    let BulkParse::Parsed { fields, warning } = parse_bulk(&draft.to_bulk_text()) else {
        panic!("parsed")
    };
    assert_eq!(
        warning.as_deref(),
        Some("10K Date field is missing or empty")
    );
    let risks = &fields["Risk Factors"];
    assert!(risks.contains("does not print Item 1A itself"), "{risks}");
    assert!(risks.contains("Financial Review – Risk Factors"), "{risks}");
    assert!(
        fields["Company Overview"].contains("We are a leading financial services company"),
        "{}",
        fields["Company Overview"]
    );
}

fn llm(base: String) -> AssistantSettings {
    AssistantSettings {
        provider: ProviderKind::OpenAi,
        base_url: Some(base),
        api_key: Some("sk-test".into()),
        model: Some("test-model".into()),
        first_byte_timeout: Duration::from_secs(2),
        idle_timeout: Duration::from_secs(2),
        max_retries: 0,
        ..AssistantSettings::default()
    }
}

#[tokio::test]
async fn tenk_llm_writes_each_section_and_made_up_figures_fall_back_to_the_filing() {
    let fake = FakeLlm::start(|scenario, _| {
        let text = match scenario {
            "grounded" => {
                "Well now, Apple makes phones, computers and watches, and sells services on top."
            }
            _ => "Apple sold 987,654,321 phones last Tuesday.",
        };
        let frames = openai_frames(&[text]);
        Script::sse(&frames.iter().map(String::as_str).collect::<Vec<_>>())
    })
    .await;
    let items = apple_items();
    let mut progress = Vec::new();
    let provider = provider_from_settings(&llm(fake.url("grounded")));
    let draft = llm_draft(
        provider,
        "AAPL",
        "Apple Inc.",
        &items,
        Some("2024-09-28".into()),
        |n| progress.push(n),
    )
    .await;
    assert_eq!(
        progress,
        (1..=14).collect::<Vec<_>>(),
        "progress after each section"
    );
    // No passage of Apple's 10-K is about covenants, so the model is not asked to write
    // about them (it could only pad) and that section keeps the offline honest line.
    assert_eq!(
        fake.requests("grounded"),
        13,
        "one request per section with material"
    );
    for (label, text) in &draft.sections {
        if *label == "Covenants" {
            assert!(text.starts_with("I read Items 7 and 8"), "{label}: {text}");
        } else {
            assert!(
                text.starts_with("Well now, Apple makes phones"),
                "{label}: {text}"
            );
        }
    }
    let seen = fake.seen.lock().unwrap().bodies.clone();
    assert!(
        seen.iter()
            .any(|(_, body)| body
                .contains("The Company designs, manufactures and markets smartphones")),
        "the Items go to the model as data"
    );

    let invented = provider_from_settings(&llm(fake.url("invented")));
    let draft = llm_draft(
        Arc::clone(&invented),
        "AAPL",
        "Apple Inc.",
        &items,
        None,
        |_| {},
    )
    .await;
    let offline = offline_draft("Apple Inc.", &items, None);
    assert_eq!(draft, offline, "a made-up figure is never kept");
}

/// Every quoted sentence of every section is about that section's subject, in three real
/// 10-Ks: it has one of the section's subject terms at the start of a word, and it does not
/// open by leaning on a sentence the reader never sees.
#[test]
fn tenk_every_quoted_sentence_is_about_its_section() {
    for (company, path) in [
        ("Apple Inc.", AAPL),
        ("Amazon", "documents/10-K/amzn-10-k-2025-02-07.html.gz"),
        ("Walmart", "documents/10-K/wmt-10-k-2025-03-14.html.gz"),
    ] {
        let items = split_items(&ten_k_text(path)).unwrap();
        let draft = offline_draft(company, &items, None);
        let mut quoted = 0;
        for (section, (_, text)) in SECTIONS.iter().zip(&draft.sections) {
            // The quotes follow Bubba's line; the opening of the overview is Item 1's own.
            let Some((_, quotes)) = text.split_once('\n') else {
                continue;
            };
            for sentence in jobs::tenk::extract::sentences(quotes) {
                if section.opening && quotes.starts_with(&sentence) {
                    continue;
                }
                let lower = sentence.to_lowercase();
                assert!(
                    section
                        .subject
                        .iter()
                        .any(|term| jobs::tenk::extract::has_term(&lower, term)),
                    "{company}, {}: {sentence}",
                    section.label
                );
                for leaning in ["This ", "These ", "In addition", "However"] {
                    assert!(
                        !sentence.starts_with(leaning),
                        "{company}, {}: {sentence}",
                        section.label
                    );
                }
                quoted += 1;
            }
        }
        assert!(quoted >= 20, "{company}: {quoted} sentences quoted");
    }
}
