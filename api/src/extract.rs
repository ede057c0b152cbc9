//! Extractors the accounts routes share: a JSON body whose every failure is a clear `{message}`,
//! the client's IP address, and the signed-in user.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

use axum::{
    body::Bytes,
    extract::{ConnectInfo, FromRequest, FromRequestParts, Request},
    http::{header, request::Parts},
};
use jobs::{accounts::messages, store::users::UserRecord};
use serde::de::DeserializeOwned;
use tower_sessions::Session;

use crate::{AppState, content_type::is_json, error::ApiError, session};

/// Largest JSON body the API reads by default (a route may allow more with its own
/// `DefaultBodyLimit`).
pub const JSON_BODY_LIMIT: usize = 64 * 1024;

pub const BODY_TOO_LARGE: &str = "That request is too big for us. Please send less than 64 KB.";
pub const NOT_JSON: &str = "Please send this as JSON (Content-Type: application/json).";
pub const BAD_JSON: &str = "We couldn't read that request: it isn't valid JSON.";
pub const NOT_AN_OBJECT: &str = "Please send a JSON object with the fields this call needs.";

/// A JSON request body. Unlike `axum::Json`, every way it can fail answers `{message}`:
/// 415 when the content type is not JSON, 413 over the size limit, 400 for bytes that are
/// not JSON (including invalid UTF-8) and for a field of the wrong type, naming the field.
#[derive(Debug, Clone)]
pub struct JsonBody<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, _state: &S) -> Result<Self, ApiError> {
        if !is_json(req.headers().get(header::CONTENT_TYPE)) {
            return Err(ApiError::UnsupportedMediaType(NOT_JSON.into()));
        }
        let bytes = read_limited(req, JSON_BODY_LIMIT).await?;
        let value: serde_json::Value =
            serde_json::from_slice(&bytes).map_err(|_| ApiError::BadRequest(BAD_JSON.into()))?;
        if !value.is_object() {
            return Err(ApiError::BadRequest(NOT_AN_OBJECT.into()));
        }
        if let Some(field) = field_with_control_chars(&value, "") {
            return Err(ApiError::BadRequest(
                jobs::accounts::fields::control_chars_message(&field),
            ));
        }
        serde_path_to_error::deserialize(value)
            .map(JsonBody)
            .map_err(|err| {
                let field = err.path().to_string();
                ApiError::BadRequest(format!(
                    "Please check the field '{field}': {}.",
                    err.inner()
                ))
            })
    }
}

/// The path (`description`, `items[2].name`) of the first string in `value` holding control
/// characters, so every text field of every JSON call is refused the same way, on both
/// databases, before any handler sees it.
fn field_with_control_chars(value: &serde_json::Value, path: &str) -> Option<String> {
    use jobs::accounts::fields::has_control_chars;
    match value {
        serde_json::Value::String(text) => has_control_chars(text).then(|| path.to_string()),
        serde_json::Value::Array(items) => items
            .iter()
            .enumerate()
            .find_map(|(i, item)| field_with_control_chars(item, &format!("{path}[{i}]"))),
        serde_json::Value::Object(fields) => fields.iter().find_map(|(key, item)| {
            // A made-up key with control characters is named without them.
            let key: String = key.chars().filter(|c| !c.is_control()).collect();
            let path = if path.is_empty() {
                key
            } else {
                format!("{path}.{key}")
            };
            field_with_control_chars(item, &path)
        }),
        _ => None,
    }
}

/// Bodies over the limit are still read (and dropped) up to this size, so the client, which
/// is usually still sending, receives our 413 instead of a reset connection.
const DRAIN_LIMIT: usize = 16 * 1024 * 1024;

/// The body, at most `limit` bytes; over it, 413 with a message (after draining the rest up
/// to [`DRAIN_LIMIT`]).
async fn read_limited(req: Request, limit: usize) -> Result<Bytes, ApiError> {
    use futures::StreamExt;
    let mut stream = req.into_body().into_data_stream();
    let mut body = Vec::new();
    let mut seen = 0usize;
    while let Some(chunk) = stream.next().await {
        let chunk = chunk.map_err(|_| ApiError::BadRequest(BAD_JSON.into()))?;
        seen += chunk.len();
        if seen > DRAIN_LIMIT {
            break;
        }
        if seen <= limit {
            body.extend_from_slice(&chunk);
        }
    }
    if seen > limit {
        return Err(ApiError::PayloadTooLarge(BODY_TOO_LARGE.into()));
    }
    Ok(Bytes::from(body))
}

/// The client's address as per-client limits count it (see [`limit_key`]): the socket's
/// peer, or with `TRUST_PROXY=N` (N proxies in front of us, each appending the address it saw
/// to `X-Forwarded-For`) the N-th entry from the right: what the outermost of our proxies saw.
/// Entries further left were sent by the client and prove nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientIp(pub IpAddr);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        Ok(ClientIp(client_ip(
            parts,
            state.settings.accounts.trust_proxy,
        )))
    }
}

/// The client address of a request behind `trusted_hops` proxies (0: the socket's peer), as
/// per-client limits key it ([`limit_key`]). When the header has fewer entries than there are
/// proxies, or the entry is not an address, the request did not come through our proxies as
/// configured: the socket's peer is used.
pub fn client_ip(parts: &Parts, trusted_hops: usize) -> IpAddr {
    limit_key(client_address(parts, trusted_hops))
}

/// The address per-client limits count against. An IPv4 address is one client. An IPv6
/// client is given a whole /64 (the usual smallest allocation, and one host may pick any
/// address in it), so each IPv6 client is keyed by its /64: the address with its last 64 bits
/// zeroed. An IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, what a dual-stack socket reports for
/// an IPv4 client) is that IPv4 address.
pub fn limit_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(Ipv6Addr::from_bits(v6.to_bits() & !u128::from(u64::MAX))),
        },
    }
}

fn client_address(parts: &Parts, trusted_hops: usize) -> IpAddr {
    let peer = parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip())
        .unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST));
    if trusted_hops == 0 {
        return peer;
    }
    // Several header lines count as one list, in order (RFC 9110 section 5.3).
    let entries: Vec<&str> = parts
        .headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .collect();
    entries
        .len()
        .checked_sub(trusted_hops)
        .and_then(|i| entries[i].parse::<IpAddr>().ok())
        .unwrap_or(peer)
}

/// The signed-in user, or 401 'Please log in to continue.'.
#[derive(Debug, Clone)]
pub struct CurrentUser(pub UserRecord);

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        MaybeUser::from_request_parts(parts, state)
            .await?
            .0
            .map(CurrentUser)
            .ok_or_else(|| ApiError::Unauthorized(messages::NOT_SIGNED_IN.into()))
    }
}

/// The signed-in user if there is one. A session whose user no longer exists counts as
/// signed out.
#[derive(Debug, Clone)]
pub struct MaybeUser(pub Option<UserRecord>);

impl FromRequestParts<AppState> for MaybeUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let Some(session) = parts.extensions.get::<Session>().cloned() else {
            return Ok(MaybeUser(None));
        };
        Ok(MaybeUser(session::signed_in_user(&session, state).await?))
    }
}

impl MaybeUser {
    pub fn id(&self) -> Option<i64> {
        self.0.as_ref().map(|u| u.id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(ip: &str) -> String {
        limit_key(ip.parse().unwrap()).to_string()
    }

    #[test]
    fn ipv6_clients_are_keyed_by_their_64_and_ipv4_by_address() {
        assert_eq!(key("198.51.100.7"), "198.51.100.7");
        assert_ne!(key("198.51.100.7"), key("198.51.100.8"));
        assert_eq!(key("::ffff:198.51.100.7"), "198.51.100.7");
        assert_eq!(key("2001:db8:1:2::1"), "2001:db8:1:2::");
        assert_eq!(key("2001:db8:1:2:ffff:ffff:ffff:ffff"), "2001:db8:1:2::");
        assert_ne!(key("2001:db8:1:2::1"), key("2001:db8:1:3::1"));
        assert_eq!(key("::1"), "::");
    }
}
