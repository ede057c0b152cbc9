//! The live HTTP clients against a real local server that serves the snapshot files at the
//! live sources' URL paths (gzip content-encoding like data.sec.gov), plus the failure modes:
//! 404, 429/503 with Retry-After, a truncated body, a corrupt gzip stream and an HTML page.
//! FINRA short-interest files are written here (one recent settlement date, 404 for newer
//! candidates), since the snapshot holds a converted CSV rather than FINRA's own file.

use std::{
    path::PathBuf,
    sync::{
        Arc, Mutex,
        atomic::{AtomicUsize, Ordering},
    },
    time::Duration,
};

use futures::future::BoxFuture;
use jobs::sources::{
    CompanyFactsSource, MarketSources, PriceSource, ShortInterestSource, Snapshot, SourceError,
    SubmissionsSource, TreasurySource,
    finra::{FinraClient, MAX_TRIES, candidate_settlement_dates},
    http::{Expect, HttpFetcher, LiveConfig},
    live::{FredClient, SecClient, StooqClient},
    rate_limit::RateLimiter,
};
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::{TcpListener, TcpStream},
};

fn market_data() -> PathBuf {
    std::env::var("MARKET_DATA_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|_| {
            PathBuf::from(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../shared/market-data"
            ))
        })
}

/// What the fake upstream saw: request lines and User-Agent headers.
#[derive(Default)]
struct Seen {
    user_agents: Mutex<Vec<String>>,
    /// Paths of the FINRA short-interest requests, in order.
    finra: Mutex<Vec<String>>,
}

/// The one settlement date the fake FINRA CDN has published: the third candidate from today,
/// so the client must step back over two 404s.
fn published_finra_date() -> chrono::NaiveDate {
    candidate_settlement_dates(chrono::Utc::now().date_naive(), MAX_TRIES)[2]
}

/// A small FINRA file in FINRA's own pipe-delimited layout.
fn finra_file(date: chrono::NaiveDate) -> Vec<u8> {
    let (ym, iso) = (date.format("%Y%m%d"), date.format("%Y-%m-%d"));
    format!(
        "accountingYearMonthNumber|symbolCode|issueName|issuerServicesGroupExchangeCode|marketClassCode|currentShortPositionQuantity|previousShortPositionQuantity|stockSplitFlag|averageDailyVolumeQuantity|daysToCoverQuantity|revisionFlag|changePercent|changePreviousNumber|settlementDate
{ym}|AAPL|Apple Inc. Common Stock|A|NNM|138782718|131000000||48000000|2.89||5.94|7782718|{iso}
{ym}|MSFT|Microsoft Corporation Common Stock|A|NNM|77302679|80100000||21000000|3.68||-3.49|-2797321|{iso}
{ym}|BRKB|Berkshire Hathaway Inc. Class B|A|NYSE|9876543|9000000||4000000|2.47||9.74|876543|{iso}
"
    )
    .into_bytes()
}

/// Starts the server on 127.0.0.1:0 and returns its base URL.
async fn spawn_server(seen: Arc<Seen>) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let seen = seen.clone();
            tokio::spawn(async move {
                let _ = serve(stream, seen).await;
            });
        }
    });
    format!("http://{addr}")
}

async fn serve(mut stream: TcpStream, seen: Arc<Seen>) -> std::io::Result<()> {
    let mut request = Vec::new();
    let mut buf = [0u8; 4096];
    while !request.windows(4).any(|w| w == b"\r\n\r\n") {
        let n = stream.read(&mut buf).await?;
        if n == 0 {
            return Ok(());
        }
        request.extend_from_slice(&buf[..n]);
    }
    let text = String::from_utf8_lossy(&request).into_owned();
    let target = text.split_whitespace().nth(1).unwrap_or("/").to_string();
    if let Some(ua) = text.lines().find_map(|l| {
        l.strip_prefix("user-agent: ")
            .or_else(|| l.strip_prefix("User-Agent: "))
    }) {
        seen.user_agents.lock().unwrap().push(ua.trim().to_string());
    }
    let root = market_data();
    let (status, headers, body): (&str, Vec<(&str, String)>, Vec<u8>) = if let Some(file) = target
        .strip_prefix("/api/xbrl/companyfacts/")
        .map(|f| ("companyfacts", f.to_string()))
        .or_else(|| {
            target
                .strip_prefix("/submissions/")
                .map(|f| ("submissions", f.to_string()))
        }) {
        match file.1.as_str() {
            "CIK0000000429.json" => (
                "429 Too Many Requests",
                vec![("Retry-After", "7".into())],
                b"slow down".to_vec(),
            ),
            "CIK0000000503.json" => {
                let when = httpdate::fmt_http_date(
                    std::time::SystemTime::now() + Duration::from_secs(120),
                );
                (
                    "503 Service Unavailable",
                    vec![("Retry-After", when)],
                    Vec::new(),
                )
            }
            "CIK0000000415.json" => (
                "200 OK",
                vec![("Content-Type", "text/html; charset=utf-8".into())],
                b"<html>Request Rate Threshold Exceeded</html>".to_vec(),
            ),
            "CIK0000000666.json" => (
                "200 OK",
                vec![
                    ("Content-Type", "application/json".into()),
                    ("Content-Encoding", "gzip".into()),
                ],
                b"\x1f\x8b\x08\x00 this is not a deflate stream at all".to_vec(),
            ),
            "CIK0000000777.json" => {
                // Promise 100,000 bytes, send 200, hang up: a truncated download.
                let gz = std::fs::read(root.join("sec/companyfacts/CIK0000320193.json.gz"))?;
                let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: 100000\r\nConnection: close\r\n\r\n";
                stream.write_all(head.as_bytes()).await?;
                stream.write_all(&gz[..200]).await?;
                return stream.shutdown().await;
            }
            name => match std::fs::read(root.join(format!("sec/{}/{name}.gz", file.0))) {
                Ok(gz) => (
                    "200 OK",
                    vec![
                        ("Content-Type", "application/json".into()),
                        ("Content-Encoding", "gzip".into()),
                    ],
                    gz,
                ),
                Err(_) => (
                    "404 Not Found",
                    vec![("Content-Type", "text/html".into())],
                    b"<h1>Not Found</h1>".to_vec(),
                ),
            },
        }
    } else if let Some(query) = target.strip_prefix("/q/d/l/?") {
        let symbol = query
            .split('&')
            .find_map(|kv| kv.strip_prefix("s="))
            .and_then(|s| s.strip_suffix(".us"))
            .unwrap_or("")
            .to_ascii_uppercase();
        match std::fs::read(root.join(format!("prices/daily/{symbol}.csv"))) {
            Ok(csv) => ("200 OK", vec![("Content-Type", "text/csv".into())], csv),
            Err(_) => (
                "200 OK",
                vec![("Content-Type", "text/plain".into())],
                b"No data".to_vec(),
            ),
        }
    } else if let Some((prefix, file)) = target.split_once("/equity/otcmarket/biweekly/") {
        seen.finra.lock().unwrap().push(target.clone());
        let published = format!("shrt{}.csv", published_finra_date().format("%Y%m%d"));
        match (prefix, file == published) {
            ("/finra-429", _) => (
                "429 Too Many Requests",
                vec![("Retry-After", "30".into())],
                Vec::new(),
            ),
            ("/finra-html", _) => (
                "200 OK",
                vec![("Content-Type", "text/html".into())],
                b"<html>maintenance</html>".to_vec(),
            ),
            ("/finra-garbage", _) => (
                "200 OK",
                vec![("Content-Type", "application/octet-stream".into())],
                b"\x00\xffnot|a\nshort|interest file".to_vec(),
            ),
            ("/finra-500", _) => ("500 Internal Server Error", Vec::new(), Vec::new()),
            ("", true) => (
                "200 OK",
                vec![("Content-Type", "text/csv".into())],
                finra_file(published_finra_date()),
            ),
            _ => (
                "404 Not Found",
                vec![("Content-Type", "application/xml".into())],
                b"<Error><Code>NoSuchKey</Code></Error>".to_vec(),
            ),
        }
    } else if let Some(name) = target.strip_prefix("/Archives/edgar/data/320193/") {
        // A 10-K's primary document, as www.sec.gov serves it: gzip-encoded HTML.
        match name {
            "wmt-10k.htm" => (
                "200 OK",
                vec![
                    ("Content-Type", "text/html".into()),
                    ("Content-Encoding", "gzip".into()),
                ],
                std::fs::read(root.join("documents/10-K/wmt-10-k-2025-03-14.html.gz"))?,
            ),
            _ => ("404 Not Found", Vec::new(), Vec::new()),
        }
    } else if target == "/Archives/edgar/daily-index/xbrl/companyfacts.zip" {
        // SEC's bulk file, as a zip of two companies' plain JSON.
        let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        for cik in ["0000320193", "0000789019"] {
            let gz = std::fs::read(root.join(format!("sec/companyfacts/CIK{cik}.json.gz")))?;
            let json = jobs::sources::snapshot::gunzip(&gz).unwrap();
            zip.start_file(
                format!("CIK{cik}.json"),
                zip::write::SimpleFileOptions::default(),
            )
            .unwrap();
            std::io::Write::write_all(&mut zip, &json)?;
        }
        let body = zip.finish().unwrap().into_inner();
        (
            "200 OK",
            vec![("Content-Type", "application/zip".into())],
            body,
        )
    } else if target == "/Archives/edgar/daily-index/bulk/submissions.zip" {
        (
            "200 OK",
            vec![("Content-Type", "text/html".into())],
            b"<html>Request Rate Threshold Exceeded</html>".to_vec(),
        )
    } else if target == "/graph/fredgraph.csv?id=DGS10" {
        (
            "200 OK",
            vec![("Content-Type", "text/csv".into())],
            std::fs::read(root.join("rates/DGS10.csv"))?,
        )
    } else {
        ("404 Not Found", Vec::new(), Vec::new())
    };
    let mut head = format!(
        "HTTP/1.1 {status}\r\nContent-Length: {}\r\nConnection: close\r\n",
        body.len()
    );
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).await?;
    stream.write_all(&body).await?;
    stream.shutdown().await
}

/// Counts how often the SEC client asked for permission.
#[derive(Default)]
struct CountingLimiter(AtomicUsize);

impl RateLimiter for CountingLimiter {
    fn acquire<'a>(&'a self, key: &'a str) -> BoxFuture<'a, ()> {
        assert_eq!(key, "sec");
        self.0.fetch_add(1, Ordering::SeqCst);
        Box::pin(async {})
    }
}

async fn setup() -> (LiveConfig, Arc<Seen>, Arc<CountingLimiter>) {
    let seen = Arc::new(Seen::default());
    let base = spawn_server(seen.clone()).await;
    let config = LiveConfig {
        sec_data_base_url: base.clone(),
        stooq_base_url: base.clone(),
        fred_base_url: base.clone(),
        finra_base_url: base,
        user_agent: "AskBubba-test (tests@askbubba.example)".into(),
        timeout: Duration::from_secs(10),
    };
    (config, seen, Arc::new(CountingLimiter::default()))
}

#[tokio::test]
async fn sec_client_reads_gzip_company_facts_and_submissions() {
    let (config, seen, limiter) = setup().await;
    let sec = SecClient::new(&config, limiter.clone()).unwrap();
    let facts = sec.company_facts(320193).await.unwrap();
    assert_eq!(facts.entity_name, "Apple Inc.");
    assert_eq!(facts.cik, Some(320193));
    assert!(
        facts.facts["us-gaap"].contains_key("RevenueFromContractWithCustomerExcludingAssessedTax")
    );
    let subs = sec.submissions(320193).await.unwrap();
    assert_eq!(subs.sic, Some(3571));
    assert_eq!(
        subs.sic_description.as_deref(),
        Some("Electronic Computers")
    );
    assert_eq!(
        limiter.0.load(Ordering::SeqCst),
        2,
        "every SEC request goes through the limiter"
    );
    let agents = seen.user_agents.lock().unwrap().clone();
    assert!(
        agents
            .iter()
            .all(|ua| ua == "AskBubba-test (tests@askbubba.example)"),
        "{agents:?}"
    );
}

#[tokio::test]
async fn sec_client_maps_failures() {
    let (config, _, limiter) = setup().await;
    let sec = SecClient::new(&config, limiter).unwrap();
    assert_eq!(
        sec.company_facts(1234567).await.unwrap_err(),
        SourceError::NotFound
    );
    assert_eq!(
        sec.company_facts(429).await.unwrap_err(),
        SourceError::RateLimited {
            retry_after: Some(Duration::from_secs(7))
        }
    );
    match sec.submissions(503).await.unwrap_err() {
        SourceError::RateLimited {
            retry_after: Some(wait),
        } => {
            assert!(
                wait > Duration::from_secs(100) && wait <= Duration::from_secs(120),
                "{wait:?}"
            )
        }
        other => panic!("expected a rate limit with an HTTP-date Retry-After, got {other:?}"),
    }
    match sec.company_facts(415).await.unwrap_err() {
        SourceError::Parse(msg) => assert!(msg.contains("text/html"), "{msg}"),
        other => panic!("expected a content-type error, got {other:?}"),
    }
    match sec.company_facts(666).await.unwrap_err() {
        SourceError::Upstream(msg) => assert!(msg.contains("decompression"), "{msg}"),
        other => panic!("expected a decoding error, got {other:?}"),
    }
    match sec.company_facts(777).await.unwrap_err() {
        SourceError::Upstream(msg) => {
            assert!(msg.contains("end of file before message length"), "{msg}")
        }
        other => panic!("expected a truncated-body error, got {other:?}"),
    }
}

#[tokio::test]
async fn stooq_and_fred_clients_read_csv() {
    let (config, _, _) = setup().await;
    let prices = StooqClient::new(&config).unwrap();
    let aapl = prices.daily_closes("AAPL").await.unwrap();
    // Last row of prices/daily/AAPL.csv: 2026-08-18,310.2799987792969
    let last = aapl.last().unwrap();
    assert_eq!(last.date.to_string(), "2026-08-18");
    assert!((last.close - 310.2799987792969).abs() < 1e-9);
    assert_eq!(
        prices.daily_closes("NOSUCHTICKER").await.unwrap_err(),
        SourceError::NotFound
    );
    let fred = FredClient::new(&config).unwrap();
    let dgs10 = fred.ten_year_yield().await.unwrap();
    // Last row of rates/DGS10.csv: 2026-09-17,4.94
    assert_eq!(dgs10.last().unwrap().date.to_string(), "2026-09-17");
    assert_eq!(dgs10.last().unwrap().percent, 4.94);
}

#[tokio::test]
async fn live_mode_gathers_the_same_inputs_as_snapshot_mode() {
    let (config, _, limiter) = setup().await;
    let live = MarketSources::live(&config, limiter.clone()).unwrap();
    let snapshot = MarketSources::snapshot(Snapshot::new(market_data()));
    let (a, b) = (
        live.gather("AAPL", 320193).await.unwrap(),
        snapshot.gather("AAPL", 320193).await.unwrap(),
    );
    assert_eq!(
        limiter.0.load(Ordering::SeqCst),
        2,
        "company facts and submissions"
    );
    assert_eq!(a.prices, b.prices);
    assert_eq!(a.treasury, b.treasury);
    assert_eq!(a.submissions, b.submissions);
    assert_eq!(a.company_facts.entity_name, b.company_facts.entity_name);
    // FINRA gives shares short but no float: that question is unanswered instead of guessed.
    let short = a.short_interest.as_ref().expect("FINRA short interest");
    assert_eq!(short.shares_short, Some(138782718.0));
    assert_eq!(short.short_pct_of_float, None);
    let as_of = "2026-08-18".parse().unwrap();
    let (ra, rb) = (
        jobs::analysis::analyze(&a, as_of).unwrap(),
        jobs::analysis::analyze(&b, as_of).unwrap(),
    );
    for (qa, qb) in ra.questions.iter().zip(&rb.questions).take(10) {
        assert_eq!((qa.key.as_str(), qa.score), (qb.key.as_str(), qb.score));
    }
    assert_eq!(ra.questions[11].score, None);
    // A rate limit on a required source reaches the caller for a durable retry.
    let err = live.gather("AAPL", 429).await.unwrap_err();
    assert!(matches!(err, SourceError::RateLimited { .. }), "{err:?}");
}

#[tokio::test]
async fn finra_client_steps_back_to_the_newest_file_and_caches_it() {
    let (config, seen, _) = setup().await;
    let finra = FinraClient::new(&config).unwrap();
    let date = published_finra_date();
    let aapl = finra.short_interest("AAPL").await.unwrap().unwrap();
    assert_eq!(aapl.symbol, "AAPL");
    assert_eq!(aapl.shares_short, Some(138782718.0));
    assert_eq!(aapl.settlement_date, Some(date));
    assert_eq!(aapl.short_pct_of_float, None);
    assert_eq!(aapl.float_shares, None);
    let candidates = candidate_settlement_dates(chrono::Utc::now().date_naive(), MAX_TRIES);
    let expected: Vec<String> = candidates[..3]
        .iter()
        .map(|d| format!("/equity/otcmarket/biweekly/shrt{}.csv", d.format("%Y%m%d")))
        .collect();
    assert_eq!(
        *seen.finra.lock().unwrap(),
        expected,
        "newest first, two 404s"
    );
    // Punctuation is dropped like FINRA does; an unlisted ticker is Ok(None).
    let brk = finra.short_interest("BRK.B").await.unwrap().unwrap();
    assert_eq!(brk.shares_short, Some(9876543.0));
    assert_eq!(finra.short_interest("ZZZZ").await.unwrap(), None);
    assert_eq!(
        seen.finra.lock().unwrap().len(),
        3,
        "the file is fetched once for several lookups"
    );
}

#[tokio::test]
async fn finra_client_maps_failures() {
    let (config, seen, _) = setup().await;
    let with_base = |suffix: &str| {
        let mut c = config.clone();
        c.finra_base_url = format!("{}/{suffix}/", config.finra_base_url);
        FinraClient::new(&c).unwrap()
    };
    assert_eq!(
        with_base("finra-429")
            .short_interest("AAPL")
            .await
            .unwrap_err(),
        SourceError::RateLimited {
            retry_after: Some(Duration::from_secs(30))
        }
    );
    match with_base("finra-html")
        .short_interest("AAPL")
        .await
        .unwrap_err()
    {
        SourceError::Parse(msg) => assert!(msg.contains("text/html"), "{msg}"),
        other => panic!("expected a content-type error, got {other:?}"),
    }
    match with_base("finra-garbage")
        .short_interest("AAPL")
        .await
        .unwrap_err()
    {
        SourceError::Parse(msg) => assert!(msg.contains("symbolCode"), "{msg}"),
        other => panic!("expected a format error, got {other:?}"),
    }
    match with_base("finra-500")
        .short_interest("AAPL")
        .await
        .unwrap_err()
    {
        SourceError::Upstream(msg) => assert!(msg.contains("500"), "{msg}"),
        other => panic!("expected an upstream error, got {other:?}"),
    }
    // Nothing published among the candidates: not found (the question goes unanswered).
    let before = seen.finra.lock().unwrap().len();
    assert_eq!(
        with_base("finra-none")
            .short_interest("AAPL")
            .await
            .unwrap_err(),
        SourceError::NotFound
    );
    assert_eq!(seen.finra.lock().unwrap().len() - before, MAX_TRIES);
}

/// A 10-K's primary document through the shared client: decoded, size-capped as it streams,
/// and refused when the server answers something other than HTML.
#[tokio::test]
async fn ten_k_documents_are_fetched_within_their_size_cap() {
    let (config, _, _) = setup().await;
    let http = HttpFetcher::new(&config).unwrap();
    let base = &config.sec_data_base_url;
    let url = format!("{base}/Archives/edgar/data/320193/wmt-10k.htm");
    let html = http
        .get_document(&url, Expect::Html, 64 << 20, Some(Duration::from_secs(60)))
        .await
        .unwrap();
    let text = String::from_utf8_lossy(&html);
    assert!(
        text.contains("Walmart"),
        "the decoded 10-K names its company"
    );
    assert!(
        text.to_ascii_lowercase().contains("item 1a"),
        "the decoded 10-K has its items"
    );

    match http
        .get_document(&url, Expect::Html, html.len() - 1, None)
        .await
        .unwrap_err()
    {
        SourceError::Parse(msg) => assert!(msg.contains("larger than"), "{msg}"),
        other => panic!("expected the size cap, got {other:?}"),
    }
    let json = format!("{base}/submissions/CIK0000320193.json");
    match http
        .get_document(&json, Expect::Html, 64 << 20, None)
        .await
        .unwrap_err()
    {
        SourceError::Parse(msg) => assert!(msg.contains("expected HTML"), "{msg}"),
        other => panic!("expected a content-type error, got {other:?}"),
    }
    let missing = format!("{base}/Archives/edgar/data/320193/none.htm");
    assert_eq!(
        http.get_document(&missing, Expect::Html, 64 << 20, None)
            .await
            .unwrap_err(),
        SourceError::NotFound
    );
}

#[tokio::test]
async fn sec_bulk_files_are_downloaded_to_disk_and_read_by_company() {
    use jobs::sources::bulk::{self, BulkFile};
    let (config, _seen, limiter) = setup().await;
    let http = HttpFetcher::new(&config).unwrap();
    let dir = std::env::temp_dir().join(format!("bulk-download-{}", ulid::Ulid::new()));
    let dest = dir.join("run/companyfacts.zip");
    let url = format!("{}{}", config.sec_data_base_url, bulk::COMPANY_FACTS_ZIP);
    let bytes = bulk::download(
        &http,
        limiter.as_ref(),
        &url,
        &dest,
        Duration::from_secs(10),
    )
    .await
    .unwrap();
    assert_eq!(bytes, std::fs::metadata(&dest).unwrap().len());
    assert_eq!(
        limiter.0.load(Ordering::SeqCst),
        1,
        "through the SEC budget"
    );
    let file = BulkFile::at(&dest);
    let entries = file.entries().await.unwrap();
    assert_eq!(
        entries.iter().map(|e| e.cik).collect::<Vec<_>>(),
        [320193, 789019]
    );
    // The same fingerprint as the snapshot's gzip file of the same JSON.
    let snapshot = BulkFile::at(market_data().join("sec/companyfacts"))
        .entries()
        .await
        .unwrap();
    let apple = snapshot.iter().find(|e| e.cik == 320193).unwrap();
    assert_eq!(entries[0].fingerprint, apple.fingerprint);
    let json = file.read(789019).await.unwrap();
    assert!(String::from_utf8_lossy(&json[..200]).contains("789019"));
    // An error page is refused, and leaves no file behind.
    let html = dir.join("run/submissions.zip");
    let url = format!("{}{}", config.sec_data_base_url, bulk::SUBMISSIONS_ZIP);
    let refused = bulk::download(
        &http,
        limiter.as_ref(),
        &url,
        &html,
        Duration::from_secs(10),
    )
    .await;
    assert!(matches!(refused, Err(SourceError::Parse(_))), "{refused:?}");
    assert!(!html.exists());
    std::fs::remove_dir_all(dir).unwrap();
}
