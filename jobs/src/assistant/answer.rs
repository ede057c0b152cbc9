//! What an offline answer is before it is streamed; both offline responders (stock and
//! generic) build one.

use super::tools::Tool;
use crate::store::chat_log::Citation;

/// An answer before streaming: its text and what it cites.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Answer {
    pub text: String,
    pub citations: Vec<Citation>,
    /// The tools the answer came from, in order.
    pub tools: Vec<Tool>,
    /// Whether the message was declined (outside what the responder knows): it costs no
    /// query.
    pub declined: bool,
}
