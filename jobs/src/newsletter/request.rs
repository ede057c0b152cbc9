//! What the admin asks for (`POST /api/admin/generate-newsletter` `{stocks, prompt, settings,
//! isCustomPrompt}`), parsed once into a [`NewsletterRequest`] with
//! the spec's messages. The parsed request is also the job's payload, so it is plain serde.

use serde::{Deserialize, Serialize};

use super::templates::{self, Template};
use crate::symbol::TickerSymbol;

/// 'Please select at least one stock to analyze'.
pub const NO_STOCKS: &str = "Please select at least one stock to analyze";
/// 'Please choose a template or write a custom prompt'.
pub const NO_PROMPT: &str = "Please choose a template or write a custom prompt";
/// Most stocks one newsletter covers: past this a reader skims, and the job runs long.
pub const MAX_STOCKS: usize = 25;
/// Longest custom prompt, in characters (the chat's message limit).
pub const MAX_PROMPT_CHARS: usize = 2_000;

/// Newsletter length (the spec's lengths: short 2-3 min, medium 5-7 min, long 10+ min).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "lowercase")]
pub enum Length {
    Short,
    #[default]
    Medium,
    Long,
}

impl Length {
    /// The words the piece aims for: the low end of its reading time at 200 words a minute.
    pub fn target_words(self) -> usize {
        match self {
            Length::Short => 450,
            Length::Medium => 1_100,
            Length::Long => 2_100,
        }
    }
}

/// Who reads it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "lowercase")]
pub enum ReaderLevel {
    Beginner,
    #[default]
    Intermediate,
    Advanced,
}

/// How hard Bubba leans on the companies.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "lowercase")]
pub enum Attitude {
    Respectful,
    Skeptical,
    #[default]
    Roast,
}

/// How the piece is laid out: headed sections (the spec's default) or a bulleted brief.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    #[default]
    Sections,
    Bullets,
}

/// Newsletter settings (the spec's data model); a missing field takes the spec's default
/// (medium, intermediate, roast, sections, charts on).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase", default)]
pub struct NewsletterSettings {
    pub length: Length,
    pub reader_level: ReaderLevel,
    pub analyst_attitude: Attitude,
    pub format: Format,
    pub include_charts: bool,
}

impl Default for NewsletterSettings {
    fn default() -> Self {
        NewsletterSettings {
            length: Length::Medium,
            reader_level: ReaderLevel::Intermediate,
            analyst_attitude: Attitude::Roast,
            format: Format::Sections,
            include_charts: true,
        }
    }
}

/// A stock as the page sends it: a symbol, or the list's `{symbol, companyName, score}`.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum StockChoice {
    Symbol(String),
    Stock { symbol: String },
}

/// The body of `POST /api/admin/generate-newsletter`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct GenerateIn {
    pub stocks: Vec<StockChoice>,
    /// The custom prompt, or (when `isCustomPrompt` is false) the chosen template's id.
    pub prompt: String,
    pub settings: NewsletterSettings,
    pub is_custom_prompt: bool,
}

/// What the piece is about: a quick template or the admin's own words.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind", content = "value")]
pub enum Brief {
    Template(String),
    Custom(String),
}

impl Brief {
    /// The template this brief uses (a custom prompt is written like the round-up, led by
    /// the topics it names).
    pub fn template(&self) -> &'static Template {
        match self {
            Brief::Template(id) => templates::find(id).unwrap_or(templates::default_template()),
            Brief::Custom(_) => templates::default_template(),
        }
    }
}

/// A valid newsletter request.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct NewsletterRequest {
    /// Upper-cased, unique, in the order chosen.
    pub symbols: Vec<String>,
    pub brief: Brief,
    pub settings: NewsletterSettings,
}

impl NewsletterRequest {
    /// Checks the body as the page does, then the server's own limits.
    pub fn parse(body: &GenerateIn) -> Result<NewsletterRequest, String> {
        if body.stocks.is_empty() {
            return Err(NO_STOCKS.into());
        }
        let mut symbols: Vec<String> = Vec::new();
        for choice in &body.stocks {
            let raw = match choice {
                StockChoice::Symbol(s) | StockChoice::Stock { symbol: s } => s,
            };
            let symbol = TickerSymbol::parse(Some(raw)).map_err(|e| e.0)?;
            if !symbols.iter().any(|s| s == symbol.as_str()) {
                symbols.push(symbol.as_str().to_string());
            }
        }
        if symbols.len() > MAX_STOCKS {
            return Err(format!(
                "Please select at most {MAX_STOCKS} stocks for one newsletter"
            ));
        }
        let prompt = body.prompt.trim();
        if prompt.is_empty() {
            return Err(NO_PROMPT.into());
        }
        let brief = if body.is_custom_prompt {
            if prompt.chars().count() > MAX_PROMPT_CHARS {
                return Err(format!(
                    "Please keep the custom prompt under {MAX_PROMPT_CHARS} characters"
                ));
            }
            Brief::Custom(prompt.to_string())
        } else {
            let template = templates::find(prompt)
                .ok_or_else(|| format!("There is no template '{prompt}'. {NO_PROMPT}"))?;
            Brief::Template(template.id.to_string())
        };
        Ok(NewsletterRequest {
            symbols,
            brief,
            settings: body.settings,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(json: serde_json::Value) -> GenerateIn {
        serde_json::from_value(json).expect("a body")
    }

    #[test]
    fn the_spec_messages_come_back_for_missing_stocks_and_prompt() {
        let none = body(serde_json::json!({"stocks": [], "prompt": "weekly-roundup"}));
        assert_eq!(NewsletterRequest::parse(&none).unwrap_err(), NO_STOCKS);
        let blank = body(serde_json::json!({"stocks": ["AAPL"], "prompt": "  "}));
        assert_eq!(NewsletterRequest::parse(&blank).unwrap_err(), NO_PROMPT);
        let unknown = body(serde_json::json!({"stocks": ["AAPL"], "prompt": "nope"}));
        assert!(
            NewsletterRequest::parse(&unknown)
                .unwrap_err()
                .ends_with(NO_PROMPT)
        );
    }

    #[test]
    fn stocks_are_normalised_and_settings_default_to_the_spec() {
        let ok = body(serde_json::json!({
            "stocks": [" aapl ", {"symbol": "msft", "companyName": "Microsoft", "score": 80}, "AAPL"],
            "prompt": "How is the debt?",
            "isCustomPrompt": true,
            "settings": {"length": "short"}
        }));
        let request = NewsletterRequest::parse(&ok).unwrap();
        assert_eq!(request.symbols, ["AAPL", "MSFT"]);
        assert_eq!(request.brief, Brief::Custom("How is the debt?".into()));
        assert_eq!(request.settings.length, Length::Short);
        assert_eq!(request.settings.reader_level, ReaderLevel::Intermediate);
        assert_eq!(request.settings.analyst_attitude, Attitude::Roast);
        assert_eq!(request.settings.format, Format::Sections);
        assert!(request.settings.include_charts);
    }
}
