//! Stored analyses, ready to send: the JSON of `GET /api/analyze-stock/{T}` serialised once
//! per symbol and `computed_at`, with its gzip and brotli copies made at the same time.
//!
//! A repeat read asks the database nothing. Each answer remembers when it was last checked
//! against the store (its `computed_at` read back) and the analysis change count of
//! `jobs::store::analysis_changes` noted just before that check. The answer is served as is
//! while no analysis change has been heard since and the check is under [`RECHECK_AFTER`] old;
//! otherwise the route reads `computed_at` again (one indexed read) and a different one means
//! a new answer. Changes stored by this process, or by any process on Postgres (NOTIFY), are
//! heard at once, so a new analysis is never followed by the old bytes; a SQLite worker in
//! another process is seen within [`RECHECK_AFTER`].
//!
//! Parsing the 25 KB record, building the answer and compressing it again for every request
//! cost more CPU than everything else on the path together; now a repeat read does none of it.

use std::{
    collections::HashMap,
    io::Write,
    sync::{Arc, Mutex, RwLock},
    time::{Duration, Instant},
};

use axum::{
    body::{Body, Bytes},
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::Response,
};
use chrono::{DateTime, Utc};

/// Symbols kept. An answer with its two copies is ~45 KB, so this bounds the cache at ~90 MB
/// however many of the directory's ~10,000 tickers get read.
const MAX_ENTRIES: usize = 2_000;
/// Brotli quality 9: within a few percent of 11 on analysis JSON at a tenth of its time, so
/// the first reader after a new analysis (the one waiting for it) is not held up.
const BROTLI_QUALITY: u32 = 9;
const BROTLI_WINDOW: u32 = 22;
/// The longest an answer is served without reading `computed_at` again, for a SQLite worker
/// in another process (the one change no signal reaches).
pub const RECHECK_AFTER: Duration = Duration::from_secs(1);

/// What an answer is built from: the analysis, by when it was computed, and the sector
/// statistics beside its questions, by when they were computed (`None` before the first
/// run). Either changing makes a new answer; a later analysis always wins, then later peers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct AnswerVersion {
    pub computed_at: DateTime<Utc>,
    pub peers_at: Option<DateTime<Utc>>,
}

/// One symbol's answer, in each encoding a browser may ask for.
#[derive(Debug)]
pub struct CachedAnswer {
    pub computed_at: DateTime<Utc>,
    pub version: AnswerVersion,
    identity: Bytes,
    gzip: Bytes,
    brotli: Bytes,
    /// The change count noted before the last check against the store, and when it was.
    checked: Mutex<(u64, Instant)>,
}

/// The answers of every symbol read since start-up (bounded by [`MAX_ENTRIES`]).
#[derive(Debug, Default)]
pub struct AnswerCache {
    entries: RwLock<HashMap<String, Arc<CachedAnswer>>>,
}

impl AnswerCache {
    /// The answer of `symbol` while its last check still holds: no analysis change heard since
    /// (`generation` is the count now) and checked under [`RECHECK_AFTER`] ago.
    pub fn checked(&self, symbol: &str, generation: u64) -> Option<Arc<CachedAnswer>> {
        let entries = self.entries.read().unwrap_or_else(|p| p.into_inner());
        let answer = entries.get(symbol)?;
        let (seen, at) = *answer.checked.lock().unwrap_or_else(|p| p.into_inner());
        (seen == generation && at.elapsed() < RECHECK_AFTER).then(|| answer.clone())
    }

    /// The answer of `symbol` if it was built from `version`, which the store has just said
    /// (with the change count `generation` noted before asking).
    pub fn get(
        &self,
        symbol: &str,
        version: AnswerVersion,
        generation: u64,
    ) -> Option<Arc<CachedAnswer>> {
        let entries = self.entries.read().unwrap_or_else(|p| p.into_inner());
        let answer = entries
            .get(symbol)
            .filter(|answer| answer.version == version)?;
        *answer.checked.lock().unwrap_or_else(|p| p.into_inner()) = (generation, Instant::now());
        Some(answer.clone())
    }

    /// Compresses `json` (the answer built from `version`, read with the change count
    /// `generation` noted before) and keeps it, replacing an older answer of `symbol`. An
    /// answer of an older analysis or older peers never replaces a newer one (two requests
    /// racing across a new analysis).
    pub fn insert(
        &self,
        symbol: &str,
        version: AnswerVersion,
        json: Vec<u8>,
        generation: u64,
    ) -> Arc<CachedAnswer> {
        let answer = Arc::new(CachedAnswer::new(version, json, generation));
        let mut entries = self.entries.write().unwrap_or_else(|p| p.into_inner());
        if let Some(kept) = entries.get(symbol)
            && kept.version > version
        {
            return answer;
        }
        if entries.len() >= MAX_ENTRIES && !entries.contains_key(symbol) {
            // The oldest analysis goes first: it is the likeliest to be replaced anyway.
            if let Some(oldest) = entries
                .iter()
                .min_by_key(|(_, a)| a.computed_at)
                .map(|(s, _)| s.clone())
            {
                entries.remove(&oldest);
            }
        }
        entries.insert(symbol.to_string(), answer.clone());
        answer
    }
}

/// The encodings we hold, in the order we prefer them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Brotli,
    Gzip,
    Identity,
}

impl Encoding {
    /// The best encoding `Accept-Encoding` allows: brotli, then gzip, else none. A coding with
    /// `q=0` is refused; `*` stands for any coding not named.
    pub fn negotiate(headers: &HeaderMap) -> Encoding {
        let mut brotli = None;
        let mut gzip = None;
        let mut any = None;
        for value in headers.get_all(header::ACCEPT_ENCODING) {
            let Ok(text) = value.to_str() else { continue };
            for item in text.split(',') {
                let mut parts = item.split(';');
                let coding = parts.next().unwrap_or_default().trim().to_ascii_lowercase();
                let accepted = parts
                    .filter_map(|p| p.trim().strip_prefix("q="))
                    .all(|q| q.trim().parse::<f32>().map_or(true, |q| q > 0.0));
                match coding.as_str() {
                    "br" => brotli = Some(accepted),
                    "gzip" | "x-gzip" => gzip = Some(accepted),
                    "*" => any = Some(accepted),
                    _ => {}
                }
            }
        }
        if brotli.or(any) == Some(true) {
            Encoding::Brotli
        } else if gzip.or(any) == Some(true) {
            Encoding::Gzip
        } else {
            Encoding::Identity
        }
    }
}

impl CachedAnswer {
    fn new(version: AnswerVersion, json: Vec<u8>, generation: u64) -> Self {
        CachedAnswer {
            computed_at: version.computed_at,
            version,
            checked: Mutex::new((generation, Instant::now())),
            gzip: gzip(&json).into(),
            brotli: brotli(&json).into(),
            identity: json.into(),
        }
    }

    /// 200 with the answer in `encoding`: the same headers the compression layer would have
    /// set (`Content-Encoding`, `Vary: Accept-Encoding`), which then leaves it alone.
    pub fn response(&self, encoding: Encoding) -> Response {
        let (body, coding) = match encoding {
            Encoding::Brotli => (self.brotli.clone(), Some("br")),
            Encoding::Gzip => (self.gzip.clone(), Some("gzip")),
            Encoding::Identity => (self.identity.clone(), None),
        };
        let mut response = Response::new(Body::from(body));
        *response.status_mut() = StatusCode::OK;
        let headers = response.headers_mut();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        if let Some(coding) = coding {
            headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(coding));
        }
        response
    }
}

fn gzip(json: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    // Writing to a Vec cannot fail.
    encoder.write_all(json).expect("gzip into memory");
    encoder.finish().expect("gzip into memory")
}

fn brotli(json: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut writer =
            brotli::CompressorWriter::new(&mut out, 4096, BROTLI_QUALITY, BROTLI_WINDOW);
        writer.write_all(json).expect("brotli into memory");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An answer built before any peer statistics.
    fn v(computed_at: DateTime<Utc>) -> AnswerVersion {
        AnswerVersion {
            computed_at,
            peers_at: None,
        }
    }

    fn accept(value: &str) -> Encoding {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_str(value).unwrap(),
        );
        Encoding::negotiate(&headers)
    }

    #[test]
    fn picks_what_the_browser_accepts() {
        assert_eq!(accept("gzip, deflate, br, zstd"), Encoding::Brotli);
        assert_eq!(accept("gzip"), Encoding::Gzip);
        assert_eq!(accept("br;q=0, gzip;q=0.5"), Encoding::Gzip);
        assert_eq!(accept("identity"), Encoding::Identity);
        assert_eq!(accept("gzip;q=0, br;q=0"), Encoding::Identity);
        assert_eq!(accept("*"), Encoding::Brotli);
        assert_eq!(accept("br;q=0, *"), Encoding::Gzip);
        assert_eq!(Encoding::negotiate(&HeaderMap::new()), Encoding::Identity);
    }

    #[test]
    fn a_newer_analysis_replaces_the_answer_and_an_older_one_does_not() {
        let cache = AnswerCache::default();
        let first = Utc::now();
        let second = first + chrono::Duration::seconds(1);
        cache.insert("AAPL", v(first), b"{\"v\":1}".to_vec(), 0);
        assert!(cache.get("AAPL", v(first), 0).is_some());
        cache.insert("AAPL", v(second), b"{\"v\":2}".to_vec(), 0);
        assert!(
            cache.get("AAPL", v(first), 0).is_none(),
            "the old bytes are gone"
        );
        assert!(cache.get("AAPL", v(second), 0).is_some());
        cache.insert("AAPL", v(first), b"{\"v\":1}".to_vec(), 0);
        assert!(
            cache.get("AAPL", v(second), 0).is_some(),
            "a late old answer loses"
        );
    }

    #[test]
    fn new_peer_statistics_make_a_new_answer() {
        let cache = AnswerCache::default();
        let at = Utc::now();
        let peers = AnswerVersion {
            computed_at: at,
            peers_at: Some(at + chrono::Duration::hours(20)),
        };
        cache.insert("WMT", v(at), b"{\"peers\":[]}".to_vec(), 0);
        assert!(
            cache.get("WMT", peers, 0).is_none(),
            "the statistics changed"
        );
        cache.insert("WMT", peers, b"{\"peers\":[1]}".to_vec(), 0);
        assert!(cache.get("WMT", peers, 0).is_some());
        cache.insert("WMT", v(at), b"{\"peers\":[]}".to_vec(), 0);
        assert!(cache.get("WMT", peers, 0).is_some(), "older peers lose");
    }

    #[test]
    fn an_answer_is_served_unchecked_only_until_a_change_or_the_recheck_time() {
        let cache = AnswerCache::default();
        let at = Utc::now();
        cache.insert("AAPL", v(at), b"{}".to_vec(), 4);
        assert!(cache.checked("AAPL", 4).is_some(), "nothing changed since");
        assert!(cache.checked("AAPL", 5).is_none(), "a change was heard");
        assert!(cache.checked("MSFT", 4).is_none());
        cache.get("AAPL", v(at), 5).expect("the store confirmed it");
        assert!(cache.checked("AAPL", 5).is_some(), "checked again");
        *cache.entries.read().unwrap()["AAPL"]
            .checked
            .lock()
            .unwrap() = (5, Instant::now() - RECHECK_AFTER);
        assert!(
            cache.checked("AAPL", 5).is_none(),
            "too long since the check"
        );
    }
}
