//! The chat's question set (`tests/fixtures/chat-questions.json`): real retail-investor
//! questions on a stock page and on the home page, each with what a good answer must hold
//! (the tool used, phrases and figures it contains, or "declined"). Runs the offline
//! responder with its tools over a store holding the snapshot companies' analyses, their
//! ticker directory and two uploaded documents, and through the chat service to count the
//! queries charged.

use std::sync::Arc;

use chrono::Utc;
use futures::StreamExt;
use jobs::{
    analysis::AnalysisRecord,
    assistant::{
        Assistant, ChatInput, Grounding, knowledge, numbers, offline::OfflineResponder,
        tools::Toolbox,
    },
    store::{
        Backend, Store,
        users::{NewUser, UserRecord},
    },
    symbol::TickerSymbol,
    testing::TestDb,
};
use serde::Deserialize;

use crate::analysis_common::{COMPANIES, market_data, record, snapshot_day};

/// One question of the set.
#[derive(Debug, Deserialize)]
struct Case {
    /// The stock page it is asked on; `None`: the home page.
    page: Option<String>,
    q: String,
    /// `answer` or `decline`.
    expect: String,
    /// The tool a good answer uses.
    tool: Option<String>,
    /// Phrases a good answer holds; `{AAPL.score}` stands for the record's score.
    contains: Vec<String>,
    /// Phrases it must not hold.
    absent: Vec<String>,
}

const SUPPLY_CHAIN: &str = "Substantially all of the Company's manufacturing is performed by \
    outsourcing partners located primarily in China mainland, India, Japan, South Korea, Taiwan \
    and Vietnam. A significant concentration of this manufacturing is performed by a small \
    number of outsourcing partners, often in single locations.";
const CAFETERIA: &str = "The cafeteria menu is planned with our catering partners each week. \
    Vegetarian dishes are always available at the campus restaurants.";

struct World {
    _db: TestDb,
    store: Store,
    records: Vec<AnalysisRecord>,
}

async fn user(store: &Store) -> UserRecord {
    let new = NewUser {
        username: "porch@example.com".into(),
        password_hash: jobs::accounts::PasswordHash(
            "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA".into(),
        ),
        parent_name: None,
        parent_email: None,
        parent_signature: None,
        child_name: None,
        parental_consent: false,
        accepted_at: Utc::now(),
    };
    store.create_user(&new).await.expect("create user")
}

/// A store with the snapshot's directory, every snapshot company analysed and stored, and two
/// documents uploaded for AAPL (one about its suppliers, one unrelated).
async fn world() -> World {
    let db = TestDb::new(Backend::Sqlite).await;
    let store = db.store.clone();
    let directory = jobs::sources::tickers::read_snapshot(&market_data()).expect("directory");
    store.replace_tickers(&directory).await.expect("tickers");
    let mut records = Vec::new();
    for (symbol, cik) in COMPANIES {
        let r = record(symbol, *cik, snapshot_day()).await;
        store
            .save_analysis(&r, "analysis", Utc::now())
            .await
            .expect("save analysis");
        records.push(r);
    }
    for (file, text) in [
        ("supply-chain.txt", SUPPLY_CHAIN),
        ("cafeteria.txt", CAFETERIA),
    ] {
        store
            .save_document_text("AAPL", file, "txt", text, &[text.to_string()])
            .await
            .expect("document");
    }
    World {
        _db: db,
        store,
        records,
    }
}

fn cases() -> Vec<Case> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/chat-questions.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).expect("question set")).expect("json")
}

/// `{AAPL.score}` placeholders filled from the records.
fn filled(text: &str, records: &[AnalysisRecord]) -> String {
    let mut out = text.to_string();
    for r in records {
        out = out.replace(&format!("{{{}.score}}", r.symbol), &r.score.to_string());
    }
    out
}

/// What the invented-number check may find a figure in: every stored record, the uploaded
/// documents and the hand-written basics (whose few illustrative numbers are not figures).
fn corpus_and_values(records: &[AnalysisRecord]) -> (String, Vec<f64>) {
    let mut corpus = format!("{SUPPLY_CHAIN}\n{CAFETERIA}\n");
    let mut values = Vec::new();
    for r in records {
        let g = Grounding {
            record: Some(r.clone()),
            ..Grounding::default()
        };
        corpus.push_str(&g.corpus());
        values.extend(g.values());
    }
    for e in knowledge::entries() {
        corpus.push_str(&e.answer);
    }
    (corpus, values)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_question_set_is_answered_or_declined_honestly_and_declines_are_free() {
    let w = world().await;
    let responder = OfflineResponder::with_tools(Toolbox::new(w.store.clone()));
    let assistant = Assistant::new(w.store.clone(), Arc::new(responder.clone()));
    let joe = user(&w.store).await;
    w.store
        .add_purchased_queries(joe.id, 500, Utc::now())
        .await
        .unwrap();
    let (corpus, values) = corpus_and_values(&w.records);
    let cases = cases();
    assert!(cases.len() >= 80, "{} questions", cases.len());

    let (mut correct, mut declined, mut invented, mut charged_declines) = (0, 0, 0, 0);
    let mut wrong_answers = 0;
    let mut wrong: Vec<String> = Vec::new();
    for case in &cases {
        let question = filled(&case.q, &w.records);
        // The routing, from the responder directly (which tools it used, whether it declined).
        let record = match &case.page {
            Some(s) => w.store.latest_analysis(s).await.unwrap().map(|a| a.record),
            None => None,
        };
        let grounding = Arc::new(Grounding {
            symbol: case.page.clone(),
            record,
            ..Grounding::default()
        });
        let answer = responder.answer(&question, &grounding).await.unwrap();

        // The same message through the chat service: what it charged.
        let before = assistant.usage(joe.id).await.unwrap().remaining;
        let input = ChatInput {
            user_id: joe.id,
            symbol: case
                .page
                .as_deref()
                .map(|s| TickerSymbol::parse(Some(s)).unwrap()),
            message: question.clone(),
            history: Vec::new(),
        };
        let streamed: String = assistant
            .send(input)
            .await
            .unwrap()
            .collect::<Vec<_>>()
            .await
            .concat();
        let charged = before - assistant.usage(joe.id).await.unwrap().remaining;
        assert!(
            streamed.starts_with(answer.text.trim()),
            "the service streams the responder's answer:\n{streamed}\n---\n{}",
            answer.text
        );
        assert_eq!(
            charged,
            if answer.declined { 0 } else { 1 },
            "'{question}': a decline is free, an answer costs exactly one query"
        );
        if answer.declined {
            declined += 1;
            charged_declines += charged;
        }

        let flagged = numbers::unverified(&answer.text, &corpus, &values);
        if !flagged.is_empty() {
            invented += 1;
            wrong.push(format!("'{question}' wrote {flagged:?}"));
        }
        let text = &answer.text;
        let holds = case
            .contains
            .iter()
            .all(|c| text.contains(&filled(c, &w.records)))
            && case
                .absent
                .iter()
                .all(|c| !text.contains(&filled(c, &w.records)));
        let tool_ok = case
            .tool
            .as_deref()
            .is_none_or(|t| answer.tools.iter().any(|u| u.name() == t));
        let ok = match case.expect.as_str() {
            "answer" => !answer.declined && tool_ok && holds,
            _ => answer.declined && holds,
        };
        if ok {
            correct += 1;
        } else {
            wrong.push(format!(
                "[{}] '{question}' expected {} via {:?}, got declined={} tools={:?}:\n{text}",
                case.page.as_deref().unwrap_or("home"),
                case.expect,
                case.tool,
                answer.declined,
                answer.tools
            ));
            if !answer.declined {
                wrong_answers += 1;
            }
        }
    }
    let share = f64::from(correct) / cases.len() as f64;
    println!(
        "question set: {correct}/{} correct ({:.1}%), {declined} declined, {wrong_answers} wrong answers, {invented} with invented figures, {charged_declines} queries charged for declines",
        cases.len(),
        share * 100.0
    );
    for w in &wrong {
        println!("MISS {w}\n");
    }
    assert_eq!(invented, 0, "{wrong:#?}");
    // A miss may only ever be an honest decline, never a wrong answer.
    assert_eq!(wrong_answers, 0, "{wrong:#?}");
    assert_eq!(charged_declines, 0);
    assert!(
        share >= 0.85,
        "{correct}/{} correct:\n{}",
        cases.len(),
        wrong.join("\n\n")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn buying_questions_get_the_case_both_ways_not_the_score_summary() {
    let w = world().await;
    let responder = OfflineResponder::with_tools(Toolbox::new(w.store.clone()));
    let aapl = w
        .store
        .latest_analysis("AAPL")
        .await
        .unwrap()
        .unwrap()
        .record;
    let page = Arc::new(Grounding {
        symbol: Some("AAPL".into()),
        record: Some(aapl.clone()),
        ..Grounding::default()
    });
    let buy = responder.answer("Should I buy it?", &page).await.unwrap();
    let why = responder
        .answer(&format!("Why did Apple only get a {}?", aapl.score), &page)
        .await
        .unwrap();
    assert_ne!(buy.text, why.text);
    assert!(buy.text.contains("The case for") && buy.text.contains("The case against"));

    let home = Arc::new(Grounding::default());
    let mut seen = Vec::new();
    for q in [
        "Is Microsoft a good company?",
        "How do I start investing with $500?",
        "What's a good dividend stock for a retiree?",
    ] {
        let a = responder.answer(q, &home).await.unwrap();
        assert!(!a.declined, "{q}: {}", a.text);
        assert!(
            !seen.contains(&a.text),
            "{q} got an earlier answer again:\n{}",
            a.text
        );
        seen.push(a.text);
    }
}
