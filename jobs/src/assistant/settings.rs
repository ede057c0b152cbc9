//! The assistant's configuration: `LLM_PROVIDER` (offline | openai | anthropic),
//! `LLM_BASE_URL`, `LLM_API_KEY`, `LLM_MODEL`, the provider timeouts and the per-user
//! message rate (`CHAT_MESSAGES_PER_MINUTE`).

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

/// Assistant settings; `Debug` never prints the key.
#[derive(Clone)]
pub struct AssistantSettings {
    pub provider: ProviderKind,
    pub base_url: Option<String>,
    pub api_key: Option<String>,
    pub model: Option<String>,
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
