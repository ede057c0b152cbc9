//! Shared steps of the accounts tests: fresh cookie-jar clients, JSON calls, sign-up and
//! sign-in, and an app with a tiny extra route that calls the analysis gate exactly as the
//! analysis route will.

use std::path::PathBuf;

use api::{AppState, Settings, error::ApiResult, usage_gate::Viewer};
use axum::{
    Json, Router,
    extract::{Path, State},
    routing,
};
use jobs::{
    store::{Backend, Store},
    testing::TestDb,
};
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

use crate::helpers::test_settings;

pub const PASSWORD: &str = "porch-swing-42";

/// A fresh browser: its own cookie jar.
pub fn browser() -> Client {
    Client::builder().cookie_store(true).build().unwrap()
}

/// A POST with a JSON body (what the web app sends).
pub async fn post(client: &Client, url: &str, body: Value) -> (StatusCode, Value) {
    let response = client.post(url).json(&body).send().await.unwrap();
    read(response).await
}

/// A GET.
pub async fn get(client: &Client, url: &str) -> (StatusCode, Value) {
    read(client.get(url).send().await.unwrap()).await
}

/// Status and JSON body (`Value::Null` when the body is not JSON).
pub async fn read(response: reqwest::Response) -> (StatusCode, Value) {
    let status = response.status();
    let text = response.text().await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// The `message` of an error body.
pub fn message(body: &Value) -> &str {
    body["message"]
        .as_str()
        .unwrap_or_else(|| panic!("no message in {body}"))
}

/// A complete, valid registration.
pub fn registration(username: &str) -> Value {
    json!({ "username": username, "password": PASSWORD, "acceptTerms": true, "acceptPrivacy": true })
}

/// Registers `username` in `client` (which is then signed in); returns the user JSON.
pub async fn register(base: &str, client: &Client, username: &str) -> Value {
    let (status, body) = post(
        client,
        &format!("{base}/api/register"),
        registration(username),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body
}

/// Creates the admin account as the operator does (`api create-admin`: public registration
/// refuses the `ADMIN_USERNAME` of the tests), then signs `client` in as the admin.
pub async fn sign_in_admin(base: &str, store: &Store, client: &Client) {
    let hash = jobs::accounts::password::hash_password_blocking(
        &jobs::accounts::Password::parse(Some(PASSWORD)).unwrap(),
    )
    .unwrap();
    store
        .create_user(&jobs::store::users::NewUser {
            username: ADMIN.into(),
            password_hash: hash,
            parent_name: None,
            parent_email: None,
            parent_signature: None,
            child_name: None,
            parental_consent: false,
            accepted_at: chrono::Utc::now(),
        })
        .await
        .unwrap();
    let (status, body) = login(base, client, ADMIN, PASSWORD).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["isAdmin"], true);
}

/// The tests' `ADMIN_USERNAME`.
pub const ADMIN: &str = "admin@example.com";

/// Signs `client` in; returns status and body.
pub async fn login(
    base: &str,
    client: &Client,
    username: &str,
    password: &str,
) -> (StatusCode, Value) {
    post(
        client,
        &format!("{base}/api/login"),
        json!({ "username": username, "password": password }),
    )
    .await
}

/// The session cookie the server last set in a response, if any.
pub fn session_cookie(response: &reqwest::Response) -> Option<String> {
    response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with(&format!("{}=", api::session::COOKIE_NAME)))
        .map(|v| v.split(';').next().unwrap().to_string())
}

/// An app like `spawn_app`'s plus `GET /test/analyze/{ticker}`, which does nothing but call
/// `api::usage_gate::check_analysis` (as the analysis route will) and answer the allowance.
pub struct GateApp {
    pub address: String,
    pub store: Store,
    pub state: AppState,
    _db: TestDb,
}

pub async fn spawn_gate_app(backend: Backend, tweak: impl FnOnce(&mut Settings)) -> GateApp {
    let db = TestDb::new(backend).await;
    let mut settings = test_settings(&db, PathBuf::from("/nonexistent-web-dist"));
    tweak(&mut settings);
    let state = AppState::new(db.store.clone(), settings).expect("app state");
    let sessions = state.sessions.clone();
    let gate = Router::new()
        .route("/test/analyze/{ticker}", routing::get(gate))
        .with_state(state.clone())
        .layer(api::session::layer(&state, sessions));
    let app = gate.merge(api::app(state.clone()));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move {
        axum::serve(
            listener,
            app.into_make_service_with_connect_info::<std::net::SocketAddr>(),
        )
        .await
        .unwrap();
    });
    GateApp {
        address,
        store: db.store.clone(),
        state,
        _db: db,
    }
}

async fn gate(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(ticker): Path<String>,
) -> ApiResult<Json<Value>> {
    let allowance = api::usage_gate::check_analysis(&state, &viewer, &ticker).await?;
    Ok(Json(
        json!({ "counted": allowance.counted, "used": allowance.used, "limit": allowance.limit }),
    ))
}
