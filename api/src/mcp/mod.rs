//! `/mcp`: the chat's tools for outside assistants over the Model Context Protocol's
//! streamable HTTP transport, served statelessly by the official SDK (`rmcp`): every POST is
//! one JSON-RPC request answered on its own (JSON), so any API replica can take any request
//! and nothing is kept between them. How to connect, and the errors: `api/docs/mcp.md`.
//!
//! Who is calling comes from a personal access token only (`Authorization: Bearer
//! bubba_pat_...`, checked on every request by [`auth`]); cookies are never read here, so a
//! page on another site cannot make a signed-in browser call it. That is also why `/mcp`
//! sits outside `/api` and its CSRF guard: the guard's rules (JSON or a custom header, same
//! `Origin`) protect cookie sessions, and a bearer token is not sent by a browser on its own.
//! The SDK still refuses a browser `Origin` other than `PUBLIC_BASE_URL`'s, as the protocol
//! asks of servers (DNS rebinding).

pub mod auth;
pub mod server;

use std::sync::Arc;

use axum::Router;
use rmcp::transport::streamable_http_server::{
    StreamableHttpServerConfig, StreamableHttpService, session::never::NeverSessionManager,
};

use crate::AppState;

/// Where the endpoint is served.
pub const PATH: &str = "/mcp";

/// The route: the SDK's service behind the token check.
pub fn router(state: &AppState) -> Router<AppState> {
    let shared = Arc::new(server::Shared::new(state.clone()));
    let service = StreamableHttpService::new(
        move || Ok(server::BubbaMcp::new(shared.clone())),
        Arc::new(NeverSessionManager::default()),
        config(&state.settings.accounts.public_base_url),
    );
    Router::new()
        .route_service(PATH, service)
        .route_layer(axum::middleware::from_fn_with_state(
            state.clone(),
            auth::require_token,
        ))
}

/// Stateless, JSON answers, bodies as small as the rest of the API takes, and the hosts and
/// browser origin of this site.
fn config(public_base_url: &str) -> StreamableHttpServerConfig {
    let public = url::Url::parse(public_base_url).ok();
    let mut hosts = vec!["localhost".to_string(), "127.0.0.1".into(), "::1".into()];
    if let Some(host) = public.as_ref().and_then(|u| u.host_str()) {
        hosts.push(
            host.trim_start_matches('[')
                .trim_end_matches(']')
                .to_string(),
        );
    }
    let mut config = StreamableHttpServerConfig::default()
        .with_legacy_session_mode(false)
        .with_json_response(true)
        .with_sse_keep_alive(None)
        .with_max_request_body_bytes(crate::extract::JSON_BODY_LIMIT)
        .with_allowed_hosts(hosts);
    if let Some(url) = public {
        let port = url
            .port_or_known_default()
            .map_or(String::new(), |p| format!(":{p}"));
        let origin = format!(
            "{}://{}{port}",
            url.scheme(),
            url.host_str().unwrap_or_default()
        );
        config = config
            .with_allowed_origins([origin])
            .enforce_origin_validation();
    }
    config
}
