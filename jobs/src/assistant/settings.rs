//! The assistant's configuration: `LLM_PROVIDER` (offline | openai | anthropic),
//! `LLM_BASE_URL`, `LLM_API_KEY`, `LLM_MODEL`, which OpenAI-compatible server it is
//! (`LLM_FLAVOR`: openai | ollama | llamacpp, else read from the base URL) and whether it
//! streams tool calls (`LLM_STREAM_TOOLS`), the provider timeouts and the per-user message
//! rate (`CHAT_MESSAGES_PER_MINUTE`).

use std::time::Duration;

use crate::settings::non_empty;

/// Which provider answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProviderKind {
    /// The grounded responder: no key, no network (the default).
    Offline,
    /// An OpenAI-compatible chat-completions server (`LLM_BASE_URL`, default OpenAI's).
    OpenAi,
    /// Anthropic's Messages API.
    Anthropic,
}

/// Which OpenAI-compatible server `LLM_PROVIDER=openai` talks to: each has its own quirks
/// (the capability table in `llm::flavor`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flavor {
    OpenAi,
    Ollama,
    LlamaCpp,
}

impl Flavor {
    /// Read from the base URL (when `LLM_FLAVOR` is not set): Ollama's port 11434 or a host
    /// or path naming ollama; a host or path naming llama.cpp's server (`llama`, `llamacpp`,
    /// `llama-server`, `llama.cpp`); anything else is taken for OpenAI itself.
    pub fn detect(base_url: Option<&str>) -> Flavor {
        let Some(url) = base_url.and_then(|u| url::Url::parse(u).ok()) else {
            return Flavor::OpenAi;
        };
        let host = url.host_str().unwrap_or_default().to_lowercase();
        let path = url.path().to_lowercase();
        if url.port() == Some(11434) || host.contains("ollama") || path.contains("ollama") {
            Flavor::Ollama
        } else if host.contains("llama") || path.contains("llama") {
            Flavor::LlamaCpp
        } else {
            Flavor::OpenAi
        }
    }

    fn parse(raw: &str) -> anyhow::Result<Flavor> {
        match raw.to_lowercase().replace(['.', '-', '_'], "").as_str() {
            "openai" => Ok(Flavor::OpenAi),
            "ollama" => Ok(Flavor::Ollama),
            "llamacpp" => Ok(Flavor::LlamaCpp),
            _ => anyhow::bail!("LLM_FLAVOR must be openai, ollama or llamacpp, got '{raw}'"),
        }
    }
}

/// Assistant settings; `Debug` never prints the key.
#[derive(Clone)]
pub struct AssistantSettings {
    pub provider: ProviderKind,
    pub base_url: Option<String>,
    pub api_key: Option<String>,
    pub model: Option<String>,
    /// The OpenAI-compatible server's kind (`LLM_FLAVOR`; `None`: read from the base URL).
    pub flavor: Option<Flavor>,
    /// Overrides the flavor's "streams tool calls" capability (`LLM_STREAM_TOOLS`), e.g.
    /// for a llama.cpp build that streams them.
    pub stream_tools: Option<bool>,
    /// Connecting to the provider.
    pub connect_timeout: Duration,
    /// From sending the request to the first byte of the reply.
    pub first_byte_timeout: Duration,
    /// Longest silence between two chunks of a reply.
    pub idle_timeout: Duration,
    /// Retries before the first byte (never after: the user already sees the reply).
    pub max_retries: u32,
    /// Messages one user may send per minute (on top of the query credits).
    pub messages_per_minute: u32,
    /// What a million tokens cost, in cents, for the usage log's `cost_in_cents`
    /// (`LLM_COST_CENTS_PER_MILLION_TOKENS`; unset: no cost is recorded).
    pub cents_per_million_tokens: Option<f64>,
}

impl std::fmt::Debug for AssistantSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AssistantSettings")
            .field("provider", &self.provider)
            .field("base_url", &self.base_url)
            .field("api_key", &self.api_key.as_ref().map(|_| "<redacted>"))
            .field("model", &self.model)
            .field("flavor", &self.flavor)
            .field("messages_per_minute", &self.messages_per_minute)
            .finish_non_exhaustive()
    }
}

impl Default for AssistantSettings {
    fn default() -> Self {
        AssistantSettings {
            provider: ProviderKind::Offline,
            base_url: None,
            api_key: None,
            model: None,
            flavor: None,
            stream_tools: None,
            connect_timeout: Duration::from_secs(5),
            first_byte_timeout: Duration::from_secs(30),
            idle_timeout: Duration::from_secs(20),
            max_retries: 2,
            messages_per_minute: 10,
            cents_per_million_tokens: None,
        }
    }
}

impl AssistantSettings {
    pub fn from_env() -> anyhow::Result<Self> {
        let defaults = AssistantSettings::default();
        let provider = match non_empty("LLM_PROVIDER")
            .map(|p| p.to_lowercase())
            .as_deref()
        {
            None | Some("offline") => ProviderKind::Offline,
            Some("openai") => ProviderKind::OpenAi,
            Some("anthropic") => ProviderKind::Anthropic,
            Some(other) => {
                anyhow::bail!("LLM_PROVIDER must be offline, openai or anthropic, got '{other}'")
            }
        };
        let secs = |name: &str, default: Duration| -> anyhow::Result<Duration> {
            match non_empty(name) {
                Some(raw) => raw.parse::<u64>().map(Duration::from_secs).map_err(|_| {
                    anyhow::anyhow!("{name} must be a whole number of seconds, got '{raw}'")
                }),
                None => Ok(default),
            }
        };
        let messages_per_minute = match non_empty("CHAT_MESSAGES_PER_MINUTE") {
            Some(raw) => raw.parse().map_err(|_| {
                anyhow::anyhow!("CHAT_MESSAGES_PER_MINUTE must be a whole number, got '{raw}'")
            })?,
            None => defaults.messages_per_minute,
        };
        Ok(AssistantSettings {
            provider,
            base_url: non_empty("LLM_BASE_URL").map(|u| u.trim_end_matches('/').to_string()),
            api_key: non_empty("LLM_API_KEY"),
            model: non_empty("LLM_MODEL"),
            flavor: non_empty("LLM_FLAVOR")
                .map(|f| Flavor::parse(&f))
                .transpose()?,
            stream_tools: match non_empty("LLM_STREAM_TOOLS").map(|v| v.to_lowercase()) {
                None => None,
                Some(v) if ["1", "true", "yes", "on"].contains(&v.as_str()) => Some(true),
                Some(v) if ["0", "false", "no", "off"].contains(&v.as_str()) => Some(false),
                Some(other) => {
                    anyhow::bail!("LLM_STREAM_TOOLS must be true or false, got '{other}'")
                }
            },
            connect_timeout: secs("LLM_CONNECT_TIMEOUT_SECS", defaults.connect_timeout)?,
            first_byte_timeout: secs("LLM_FIRST_BYTE_TIMEOUT_SECS", defaults.first_byte_timeout)?,
            idle_timeout: secs("LLM_IDLE_TIMEOUT_SECS", defaults.idle_timeout)?,
            max_retries: defaults.max_retries,
            messages_per_minute,
            cents_per_million_tokens: match non_empty("LLM_COST_CENTS_PER_MILLION_TOKENS") {
                Some(raw) => Some(
                    raw.parse()
                        .ok()
                        .filter(|c: &f64| c.is_finite() && *c >= 0.0)
                        .ok_or_else(|| {
                            anyhow::anyhow!(
                                "LLM_COST_CENTS_PER_MILLION_TOKENS must be a number, got '{raw}'"
                            )
                        })?,
                ),
                None => None,
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Flavor;

    #[test]
    fn the_server_kind_is_read_from_the_base_url() {
        for (url, flavor) in [
            (None, Flavor::OpenAi),
            (Some("https://api.openai.com/v1"), Flavor::OpenAi),
            (Some("http://localhost:11434/v1"), Flavor::Ollama),
            (Some("http://ollama.internal:8000/v1"), Flavor::Ollama),
            (Some("http://gpu-box/ollama/v1"), Flavor::Ollama),
            (Some("http://llamacpp:8080/v1"), Flavor::LlamaCpp),
            (
                Some("http://gpu-box:8080/llama-server/v1"),
                Flavor::LlamaCpp,
            ),
            (Some("http://127.0.0.1:8080/v1"), Flavor::OpenAi),
        ] {
            assert_eq!(Flavor::detect(url), flavor, "{url:?}");
        }
        assert_eq!(Flavor::parse("llama.cpp").unwrap(), Flavor::LlamaCpp);
        assert!(Flavor::parse("vllm").is_err());
    }
}
