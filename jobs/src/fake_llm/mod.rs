//! A local HTTP server that speaks the documented streaming formats of the OpenAI chat
//! completions and Anthropic Messages APIs, for tests of the real provider clients
//! (feature `testing`). Each request's first path segment names a scripted scenario:
//! `http://127.0.0.1:PORT/{scenario}` is the base URL a client is given. A scenario is
//! scripted in code ([`FakeLlm::start`]) or replays a golden transcript file
//! ([`FakeLlm::replay`], [`Transcript`]); every request is recorded (path and body).

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
    time::Duration,
};

use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::{TcpListener, TcpStream},
};

pub use transcript::Transcript;

mod transcript;

/// One scripted answer: status line, headers, then body parts written with pauses before
/// them; the connection closes after the last part.
#[derive(Debug, Clone, Default)]
pub struct Script {
    pub status: &'static str,
    pub headers: Vec<(String, String)>,
    pub parts: Vec<(Duration, String)>,
}

impl Script {
    /// 200 with `text/event-stream` and these SSE frames, written one by one.
    pub fn sse(frames: &[&str]) -> Script {
        Script {
            status: "200 OK",
            headers: vec![("Content-Type".into(), "text/event-stream".into())],
            parts: frames
                .iter()
                .map(|f| (Duration::ZERO, f.to_string()))
                .collect(),
        }
    }

    /// A plain answer with a status and a body.
    pub fn status(status: &'static str, headers: &[(&str, &str)], body: &str) -> Script {
        Script {
            status,
            headers: headers
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            parts: vec![(Duration::ZERO, body.to_string())],
        }
    }

    /// Adds a pause before the part at `index`.
    pub fn pause_before(mut self, index: usize, pause: Duration) -> Script {
        if let Some(part) = self.parts.get_mut(index) {
            part.0 = pause;
        }
        self
    }
}

/// OpenAI chat-completions SSE frames (`data: {json}\n\n`) whose deltas carry `texts`,
/// with a role-only first delta, a usage chunk and `[DONE]`.
pub fn openai_frames(texts: &[&str]) -> Vec<String> {
    let mut frames = vec![
        "data: {\"id\":\"c1\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"},\"finish_reason\":null}]}\n\n".to_string(),
    ];
    for t in texts {
        let chunk = serde_json::json!({
            "id": "c1", "object": "chat.completion.chunk",
            "choices": [{"index": 0, "delta": {"content": t}, "finish_reason": null}]
        });
        frames.push(format!("data: {chunk}\n\n"));
    }
    frames.push("data: {\"id\":\"c1\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n".into());
    frames.push("data: {\"id\":\"c1\",\"choices\":[],\"usage\":{\"prompt_tokens\":120,\"completion_tokens\":30,\"total_tokens\":150}}\n\n".into());
    frames.push("data: [DONE]\n\n".into());
    frames
}

/// What the server saw: requests per scenario, their bodies and paths (in arrival order).
#[derive(Debug, Default)]
pub struct Seen {
    pub requests: HashMap<String, usize>,
    pub bodies: Vec<(String, String)>,
    pub paths: Vec<String>,
}

/// A running fake provider.
pub struct FakeLlm {
    pub base: String,
    pub seen: Arc<Mutex<Seen>>,
}

/// Decides an answer from the scenario, the attempt (from 0) and the request body.
type Scripts = Arc<dyn Fn(&str, usize, &str) -> Script + Send + Sync>;

impl FakeLlm {
    /// Starts the server; `scripts(scenario, attempt)` decides each answer (attempt from 0).
    pub async fn start(scripts: impl Fn(&str, usize) -> Script + Send + Sync + 'static) -> FakeLlm {
        FakeLlm::serve_with(Arc::new(move |scenario, attempt, _| {
            scripts(scenario, attempt)
        }))
        .await
    }

    /// Starts a server replaying golden transcripts, one per scenario: see [`Transcript`].
    pub async fn replay(transcripts: Vec<(&str, Transcript)>) -> FakeLlm {
        let transcripts: HashMap<String, Transcript> = transcripts
            .into_iter()
            .map(|(name, t)| (name.to_string(), t))
            .collect();
        FakeLlm::serve_with(Arc::new(move |scenario, _, body| {
            match transcripts.get(scenario) {
                Some(t) => t.answer(body),
                None => Script::status("404 Not Found", &[], ""),
            }
        }))
        .await
    }

    async fn serve_with(scripts: Scripts) -> FakeLlm {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let base = format!("http://{}", listener.local_addr().expect("addr"));
        let seen = Arc::new(Mutex::new(Seen::default()));
        let (s, sc) = (seen.clone(), scripts.clone());
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let (s, sc) = (s.clone(), sc.clone());
                tokio::spawn(async move {
                    let _ = serve(stream, s, sc).await;
                });
            }
        });
        FakeLlm { base, seen }
    }

    /// The base URL of a scenario.
    pub fn url(&self, scenario: &str) -> String {
        format!("{}/{scenario}", self.base)
    }

    /// The bodies a scenario received, parsed, in arrival order.
    pub fn bodies(&self, scenario: &str) -> Vec<serde_json::Value> {
        self.seen
            .lock()
            .map(|s| {
                s.bodies
                    .iter()
                    .filter(|(name, _)| name == scenario)
                    .filter_map(|(_, body)| serde_json::from_str(body).ok())
                    .collect()
            })
            .unwrap_or_default()
    }

    pub fn requests(&self, scenario: &str) -> usize {
        self.seen
            .lock()
            .map(|s| s.requests.get(scenario).copied().unwrap_or(0))
            .unwrap_or(0)
    }
}

async fn serve(
    mut stream: TcpStream,
    seen: Arc<Mutex<Seen>>,
    scripts: Scripts,
) -> std::io::Result<()> {
    let mut request = Vec::new();
    let mut buf = [0u8; 8192];
    let header_end = loop {
        let n = stream.read(&mut buf).await?;
        if n == 0 {
            return Ok(());
        }
        request.extend_from_slice(&buf[..n]);
        if let Some(at) = request.windows(4).position(|w| w == b"\r\n\r\n") {
            break at + 4;
        }
    };
    let head = String::from_utf8_lossy(&request[..header_end]).into_owned();
    let length: usize = head
        .lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .strip_prefix("content-length:")
                .map(|v| v.trim().parse().unwrap_or(0))
        })
        .unwrap_or(0);
    while request.len() < header_end + length {
        let n = stream.read(&mut buf).await?;
        if n == 0 {
            break;
        }
        request.extend_from_slice(&buf[..n]);
    }
    let body = String::from_utf8_lossy(&request[header_end..]).into_owned();
    let path = head.split_whitespace().nth(1).unwrap_or("/").to_string();
    let scenario = path
        .trim_start_matches('/')
        .split('/')
        .next()
        .unwrap_or_default()
        .to_string();
    let attempt = {
        let mut s = seen.lock().expect("lock");
        let count = s.requests.entry(scenario.clone()).or_insert(0);
        *count += 1;
        let attempt = *count - 1;
        s.bodies.push((scenario.clone(), body.clone()));
        s.paths.push(path.clone());
        attempt
    };
    let script = scripts(&scenario, attempt, &body);
    let mut out = format!(
        "HTTP/1.1 {}\r\nConnection: close\r\nCache-Control: no-cache\r\n",
        script.status
    );
    for (k, v) in &script.headers {
        out.push_str(&format!("{k}: {v}\r\n"));
    }
    out.push_str("\r\n");
    stream.write_all(out.as_bytes()).await?;
    stream.flush().await?;
    for (pause, part) in &script.parts {
        if !pause.is_zero() {
            tokio::time::sleep(*pause).await;
        }
        stream.write_all(part.as_bytes()).await?;
        stream.flush().await?;
    }
    stream.shutdown().await
}
