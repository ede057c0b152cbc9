//! Accounts: who may sign in, how passwords and reset tokens are kept, and the analysis limits
//! (anonymous trial and the signed-in daily cap). Pure domain code; the SQL is in
//! `store::{users, sessions, anonymous, usage, resets, bug_reports, outbox}`.
//!
//! Parse, don't validate: each input becomes a newtype through `parse()`, whose error is the
//! exact text the user sees (the spec's wording where the spec quotes one).

pub mod fields;
pub mod messages;
pub mod password;
pub mod quotas;
pub mod reset;

pub use fields::{
    AnonymousSessionId, Description, Email, OptionalText, Password, Subject, Username,
};
pub use password::{HashError, HashGate, PasswordHash};
pub use quotas::{ANONYMOUS_FREE_ANALYSES, DAILY_ANALYSES, FREE_CHAT_QUERIES};
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
