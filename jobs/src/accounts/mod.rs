//! Accounts: who may sign in, how passwords and reset tokens are kept, and the analysis limits
//! (anonymous trial and the signed-in daily cap, decided in `usage`). No SQL here: the store
//! (`store::{users, sessions, anonymous, usage, refunds, resets, bug_reports, outbox}`)
//! implements `usage::UsageLedger` and imports this room, never the other way.
//!
//! Parse, don't validate: each input becomes a newtype through `parse()`, whose error is the
//! exact text the user sees (the spec's wording where the spec quotes one).

pub mod access_token;
pub mod fields;
pub mod messages;
pub mod password;
pub mod quotas;
pub mod reopenable;
pub mod reset;
pub mod usage;

pub use fields::{
    AnonymousSessionId, Description, Email, OptionalText, Password, Subject, Username,
};
pub use password::{HashError, HashGate, PasswordHash};
pub use quotas::{ANONYMOUS_FREE_ANALYSES, DAILY_ANALYSES, FREE_CHAT_QUERIES};
pub use reopenable::Reopenable;
pub use reset::{RESET_TOKEN_LIFETIME, ResetToken};

/// A user-facing validation failure: the message is shown as is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Invalid(pub String);

impl Invalid {
    pub fn new(message: impl Into<String>) -> Self {
        Invalid(message.into())
    }
}
