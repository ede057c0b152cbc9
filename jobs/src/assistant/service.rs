//! One chat message from start to stored answer: validate, spend a query (atomically, before
//! the provider is called), ground, call the provider, stream the reply to the caller while
//! collecting it, check its numbers, and store the exchange. A provider that fails before
//! answering refunds the query. The stored exchange does not depend on the caller staying
//! connected: a background task owns the provider stream.

use std::sync::Arc;

use chrono::Utc;
use futures::{Stream, StreamExt};
use tokio::sync::mpsc;

use super::{
    ChatRequest, ChatTurn, Grounding, HISTORY_MAX_TURNS, INTERRUPTED_NOTE, MESSAGE_MAX_CHARS,
    Provider, ReplyEvent, TokenUsage, numbers,
    retrieval::{Retriever, StoreRetriever, TOP_K},
};
use crate::{
    accounts::FREE_CHAT_QUERIES,
    analysis::names,
    securities::{self, Eligibility},
    store::{
        Store, StoreError,
        chat_credits::QueryBalance,
        chat_credits::SpentQuery,
        chat_log::{ChatExchange, Citation},
    },
    symbol::TickerSymbol,
};

/// What the user sees when the provider fails before answering.
pub const TECHNICAL_DIFFICULTIES: &str = "I'm having technical difficulties. Please try again.";
/// Empty (after trimming) message.
pub const EMPTY_MESSAGE: &str = "Please type a question first.";

/// Why a message was not answered.
#[derive(Debug, thiserror::Error)]
pub enum ChatError {
    #[error("{0}")]
    Invalid(String),
    /// Neither free nor purchased queries are left.
    #[error("no chat queries left")]
    NoQueries,
    /// The symbol is neither analysed nor in the ticker directory.
    #[error("unknown symbol")]
    UnknownSymbol,
    /// The provider failed before answering; the query was refunded.
    #[error("provider failed: {0}")]
    Provider(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A message to answer.
#[derive(Debug, Clone)]
pub struct ChatInput {
    pub user_id: i64,
    /// `None`: the home page's generic chat.
    pub symbol: Option<TickerSymbol>,
    pub message: String,
    pub history: Vec<ChatTurn>,
}

/// Text chunks of a reply as they arrive.
pub type ReplyText = std::pin::Pin<Box<dyn Stream<Item = String> + Send>>;

/// The assistant with its provider, retrieval and store.
#[derive(Clone)]
pub struct Assistant {
    store: Store,
    provider: Arc<dyn Provider>,
    retriever: Arc<dyn Retriever>,
    cents_per_million_tokens: Option<f64>,
}

impl Assistant {
    pub fn new(store: Store, provider: Arc<dyn Provider>) -> Self {
        Assistant {
            retriever: Arc::new(StoreRetriever(store.clone())),
            store,
            provider,
            cents_per_million_tokens: None,
        }
    }

    /// Records `cost_in_cents` from the provider's token counts at this price.
    pub fn with_pricing(mut self, cents_per_million_tokens: Option<f64>) -> Self {
        self.cents_per_million_tokens = cents_per_million_tokens;
        self
    }

    /// The user's chat allowance (free plus purchased).
    pub async fn usage(&self, user_id: i64) -> Result<QueryBalance, StoreError> {
        self.store.query_balance(user_id, FREE_CHAT_QUERIES).await
    }

    /// Answers one message; see the module docs for the order of steps.
    #[tracing::instrument(skip_all, err, fields(user_id = input.user_id))]
    pub async fn send(&self, input: ChatInput) -> Result<ReplyText, ChatError> {
        let message = checked_message(&input.message)?;
        let symbol = match &input.symbol {
            Some(s) => Some(self.analysed_symbol(s).await?),
            None => None,
        };
        let grounding_base = match &symbol {
            Some(s) => self.stock_grounding(s).await?,
            None => Grounding::default(),
        };
        let asked_at = Utc::now();
        let Some(spent) = self
            .store
            .spend_chat_query(input.user_id, FREE_CHAT_QUERIES, asked_at)
            .await?
        else {
            return Err(ChatError::NoQueries);
        };
        match self
            .answer(&input, message, symbol, grounding_base, spent, asked_at)
            .await
        {
            Ok(reply) => Ok(reply),
            Err(err) => {
                self.refund(input.user_id, spent, asked_at).await;
                Err(err)
            }
        }
    }

    /// Everything after the query is spent; an error here refunds it.
    async fn answer(
        &self,
        input: &ChatInput,
        message: String,
        symbol: Option<String>,
        mut grounding: Grounding,
        spent: SpentQuery,
        asked_at: chrono::DateTime<Utc>,
    ) -> Result<ReplyText, ChatError> {
        match &symbol {
            Some(s) => grounding.passages = self.retriever.passages(s, &message, TOP_K).await?,
            None => grounding.mentioned_stock = self.mentioned_stock(&message).await?,
        }
        let session_id = self
            .store
            .chat_session(
                input.user_id,
                symbol.as_deref(),
                input.history.is_empty(),
                &message,
                asked_at,
            )
            .await?;
        let history = trimmed_history(&input.history);
        let grounding = Arc::new(grounding);
        let request = ChatRequest {
            message: message.clone(),
            history,
            grounding: grounding.clone(),
            system: None,
        };
        let stream = self
            .provider
            .reply(request)
            .await
            .map_err(|e| ChatError::Provider(e.to_string()))?;
        let (tx, rx) = mpsc::channel::<String>(64);
        let finish = Finish {
            store: self.store.clone(),
            cents_per_million_tokens: self.cents_per_million_tokens,
            generative: self.provider.is_generative(),
            exchange: ChatExchange {
                user_id: input.user_id,
                session_id,
                query_type: if symbol.is_some() { "stock" } else { "generic" }.into(),
                symbol,
                question: message,
                answer: String::new(),
                citations: Vec::new(),
                unverified_numbers: Vec::new(),
                model: self.provider.model(),
                tokens_used: None,
                cost_in_cents: None,
            },
            spent,
            asked_at,
            grounding,
        };
        tokio::spawn(finish.run(stream, tx));
        Ok(futures::stream::unfold(rx, |mut rx| async move {
            rx.recv().await.map(|chunk| (chunk, rx))
        })
        .boxed())
    }

    /// The ticker a stock chat is about, by the one rule of `securities`: another class of a
    /// company answers as its main ticker (GOOG as GOOGL), and a preferred, note or fund is
    /// refused with the reason (it is never analysed, so there is nothing to ground on).
    async fn analysed_symbol(&self, symbol: &TickerSymbol) -> Result<String, ChatError> {
        match securities::eligibility_in(&self.store, symbol.as_str()).await? {
            Some(Eligibility::Refuse { message }) => Err(ChatError::Invalid(message)),
            Some(Eligibility::Analyse { symbol }) => Ok(symbol),
            None => Ok(symbol.as_str().to_string()),
        }
    }

    async fn stock_grounding(&self, symbol: &str) -> Result<Grounding, ChatError> {
        let record = self.store.latest_analysis(symbol).await?.map(|a| a.record);
        let ticker = self.store.find_ticker(symbol).await?;
        if record.is_none() && ticker.is_none() {
            return Err(ChatError::UnknownSymbol);
        }
        Ok(Grounding {
            symbol: Some(symbol.to_string()),
            company_name: ticker.map(|t| names::readable(&t.name, Some(&t.ticker), None)),
            record,
            notes: self.store.stock_notes(symbol).await?,
            ..Grounding::default()
        })
    }

    /// A ticker the generic message names in capitals (e.g. "what about AAPL?").
    async fn mentioned_stock(&self, message: &str) -> Result<Option<(String, String)>, StoreError> {
        for word in message.split(|c: char| !(c.is_ascii_alphanumeric() || c == '.')) {
            let word = word.trim_end_matches('.');
            let looks_like_ticker =
                (2..=5).contains(&word.len()) && word.chars().all(|c| c.is_ascii_uppercase());
            // One read: the decision and the company's rows, the word's own among them.
            if looks_like_ticker
                && let Some((Eligibility::Analyse { symbol }, issuer)) =
                    securities::eligibility_with_issuer(&self.store, word).await?
                && let Some(t) = issuer.iter().find(|e| e.ticker == word)
            {
                let name = names::readable(&t.name, Some(&symbol), None);
                return Ok(Some((symbol, name)));
            }
        }
        Ok(None)
    }

    /// The admin's chat test (`/admin/chat-test`): the grounding, retrieval and
    /// provider of [`Assistant::send`], but no query is spent and nothing is logged (it is a
    /// check of the engine, not a conversation); the whole reply at once.
    pub async fn test_reply(
        &self,
        symbol: &TickerSymbol,
        message: &str,
        history: &[ChatTurn],
    ) -> Result<String, ChatError> {
        let message = checked_message(message)?;
        let symbol = self.analysed_symbol(symbol).await?;
        let mut grounding = self.stock_grounding(&symbol).await?;
        grounding.passages = self.retriever.passages(&symbol, &message, TOP_K).await?;
        let request = ChatRequest {
            message,
            history: trimmed_history(history),
            grounding: Arc::new(grounding),
            system: None,
        };
        let mut stream = self
            .provider
            .reply(request)
            .await
            .map_err(|e| ChatError::Provider(e.to_string()))?;
        let mut answer = String::new();
        while let Some(event) = stream.next().await {
            match event {
                Ok(ReplyEvent::Text(text)) => answer.push_str(&text),
                Ok(ReplyEvent::Usage(_) | ReplyEvent::Declined | ReplyEvent::ToolData(_)) => {}
                Err(err) => return Err(ChatError::Provider(err.to_string())),
            }
        }
        if answer.trim().is_empty() {
            return Err(ChatError::Provider("the reply was empty".into()));
        }
        Ok(answer)
    }

    async fn refund(&self, user_id: i64, spent: SpentQuery, at: chrono::DateTime<Utc>) {
        if let Err(err) = self.store.refund_chat_query(user_id, spent, at).await {
            tracing::error!(%err, user_id, "could not refund a chat query");
        }
    }
}

/// The message trimmed, or why it cannot be sent (empty, or over the length limit).
fn checked_message(raw: &str) -> Result<String, ChatError> {
    let message = raw.trim().to_string();
    if message.is_empty() {
        return Err(ChatError::Invalid(EMPTY_MESSAGE.into()));
    }
    if message.chars().count() > MESSAGE_MAX_CHARS {
        return Err(ChatError::Invalid(format!(
            "Please keep a question under {MESSAGE_MAX_CHARS} characters."
        )));
    }
    Ok(message)
}

/// The newest turns, each cut to the message limit.
fn trimmed_history(history: &[ChatTurn]) -> Vec<ChatTurn> {
    let skip = history.len().saturating_sub(HISTORY_MAX_TURNS);
    history[skip..]
        .iter()
        .map(|t| ChatTurn {
            role: t.role,
            content: t.content.chars().take(MESSAGE_MAX_CHARS * 2).collect(),
        })
        .filter(|t| !t.content.trim().is_empty())
        .collect()
}

/// The background half of a reply: forwards chunks, then checks and stores the exchange.
struct Finish {
    store: Store,
    cents_per_million_tokens: Option<f64>,
    generative: bool,
    exchange: ChatExchange,
    spent: SpentQuery,
    asked_at: chrono::DateTime<Utc>,
    grounding: Arc<Grounding>,
}

impl Finish {
    async fn run(mut self, mut stream: super::ReplyStream, tx: mpsc::Sender<String>) {
        let mut usage: Option<TokenUsage> = None;
        let mut failed = false;
        let mut declined = false;
        while let Some(event) = stream.next().await {
            match event {
                Ok(ReplyEvent::Text(text)) => {
                    self.exchange.answer.push_str(&text);
                    // A closed receiver means the caller left; keep collecting to store it.
                    let _ = tx.send(text).await;
                }
                Ok(ReplyEvent::Usage(u)) => {
                    // Anthropic reports input and output tokens in separate events.
                    let sum = usage.unwrap_or_default();
                    usage = Some(TokenUsage {
                        input_tokens: sum.input_tokens.saturating_add(u.input_tokens),
                        output_tokens: sum.output_tokens.saturating_add(u.output_tokens),
                    });
                }
                Ok(ReplyEvent::Declined) => declined = true,
                Ok(ReplyEvent::ToolData(json)) => {
                    Arc::make_mut(&mut self.grounding).tool_results.push(json);
                }
                Err(err) => {
                    tracing::warn!(%err, "the provider failed mid-stream");
                    failed = true;
                    break;
                }
            }
        }
        if failed || self.exchange.answer.trim().is_empty() {
            let note = if self.exchange.answer.trim().is_empty() {
                // Nothing was answered: the query goes back.
                if let Err(err) = self
                    .store
                    .refund_chat_query(self.exchange.user_id, self.spent, self.asked_at)
                    .await
                {
                    tracing::error!(%err, "could not refund a chat query");
                }
                TECHNICAL_DIFFICULTIES.to_string()
            } else {
                INTERRUPTED_NOTE.to_string()
            };
            self.exchange.answer.push_str(&note);
            let _ = tx.send(note).await;
        }
        // A declined message (outside what the responder knows) costs no query. The refund
        // lands before the reply ends for the caller, so the usage it reads next is exact.
        if declined
            && !failed
            && !self.exchange.answer.trim().is_empty()
            && let Err(err) = self
                .store
                .refund_chat_query(self.exchange.user_id, self.spent, self.asked_at)
                .await
        {
            tracing::error!(%err, "could not refund a declined chat query");
        }
        if self.generative {
            let flagged = numbers::unverified(
                &self.exchange.answer,
                &self.grounding.corpus(),
                &self.grounding.values(),
            );
            if !flagged.is_empty() {
                let marker = unverified_marker(&flagged);
                self.exchange.answer.push_str(&marker);
                let _ = tx.send(marker).await;
            }
            self.exchange.unverified_numbers = flagged;
        }
        self.exchange.citations = citations_in(&self.exchange.answer);
        if let Some(u) = usage {
            let tokens = u.input_tokens.saturating_add(u.output_tokens);
            self.exchange.tokens_used = i32::try_from(tokens).ok();
            self.exchange.cost_in_cents = self
                .cents_per_million_tokens
                .map(|rate| (f64::from(tokens) * rate / 1e6).ceil() as i32);
        }
        if let Err(err) = self
            .store
            .save_chat_exchange(&self.exchange, self.asked_at, Utc::now())
            .await
        {
            tracing::error!(%err, "could not store a chat exchange");
        }
        // The reply ends for the caller only once it is stored, so what they saw is on record.
        drop(tx);
    }
}

/// The note appended to a reply with numbers not found in the grounding (the widget shows
/// it with a warning marker).
pub fn unverified_marker(flagged: &[String]) -> String {
    format!(
        "\n\n\u{26a0} Unverified: I couldn't find {} in my data, so don't lean on {}.",
        flagged.join(", "),
        if flagged.len() == 1 {
            "that number"
        } else {
            "those numbers"
        }
    )
}

/// The `[label](url)` links of a reply, plus the bare lines of its "Sources:" block.
pub fn citations_in(text: &str) -> Vec<Citation> {
    let mut out: Vec<Citation> = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let after = &rest[open + 1..];
        let Some(close) = after.find("](") else { break };
        let target = &after[close + 2..];
        let Some(end) = target.find(')') else { break };
        let citation = Citation {
            label: after[..close].to_string(),
            url: Some(target[..end].to_string()),
        };
        if !out.contains(&citation) {
            out.push(citation);
        }
        rest = &target[end + 1..];
    }
    if let Some(block) = text
        .rsplit("\nSources:")
        .next()
        .filter(|_| text.contains("\nSources:"))
    {
        for line in block.lines().filter_map(|l| l.strip_prefix("- ")) {
            if !line.starts_with('[') {
                out.push(Citation {
                    label: line.to_string(),
                    url: None,
                });
            }
        }
    }
    out
}
