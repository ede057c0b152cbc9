//! Cookie sessions (tower-sessions) over our own storage: the `sessions` table of the
//! database by default, Redis (through `jobs::infra`) when `REDIS_URL` is set. The cookie carries a random 128-bit id;
//! storage keys are its SHA-256, so a leaked table or keyspace cannot be replayed as cookies.
//! Each record remembers its user so a password reset can end all of that user's sessions.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use jobs::{
    accounts::reset::sha256_hex,
    infra::Infra,
    store::{Store, users::UserRecord},
};
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use tower_sessions::{
    Expiry, Session, SessionManagerLayer, SessionStore,
    cookie::SameSite,
    session::{Id, Record},
    session_store,
};

use crate::{AppState, error::ApiError};

/// The session cookie's name.
pub const COOKIE_NAME: &str = "sid";
/// The session key holding the signed-in user's id.
pub const USER_ID: &str = "user_id";
/// How long a sign-in lasts without being renewed.
pub const SESSION_DAYS: i64 = 7;
/// About one new session in this many also sweeps expired sessions from the database.
const SWEEP_ONE_IN: u32 = 100;

/// The session store behind the cookie: the database, or Redis through the shared
/// infrastructure (`session:{hash}` holds the record, expiring with it, and
/// `user-sessions:{user_id}` the hashes of a user's sessions).
#[derive(Clone, Debug)]
pub enum SessionBackend {
    Database(Store),
    Shared(Infra),
}

/// What the shared store keeps per session.
#[derive(Serialize, Deserialize)]
struct SharedRecord {
    data: std::collections::HashMap<String, serde_json::Value>,
    expires: i64,
    user_id: Option<i64>,
}

impl SessionBackend {
    /// Redis when `REDIS_URL` is set (through `infra`), the database otherwise.
    pub fn new(store: &Store, infra: &Infra) -> Self {
        if infra.is_redis() {
            SessionBackend::Shared(infra.clone())
        } else {
            SessionBackend::Database(store.clone())
        }
    }

    /// Ends every session of `user_id` (after a password reset).
    pub async fn end_user_sessions(&self, user_id: i64) -> Result<(), ApiError> {
        match self {
            SessionBackend::Database(store) => {
                store.delete_user_sessions(user_id).await?;
            }
            SessionBackend::Shared(infra) => end_user(infra, user_id).await.map_err(|e| {
                ApiError::Internal(anyhow::anyhow!("ending sessions in Redis: {e}"))
            })?,
        }
        Ok(())
    }
}

/// The session layer for `app()`: cookie `sid`, HttpOnly, SameSite=Lax, Secure when the app
/// is served over HTTPS, a sign-in lasting [`SESSION_DAYS`].
pub fn layer(state: &AppState, backend: SessionBackend) -> SessionManagerLayer<SessionBackend> {
    SessionManagerLayer::new(backend)
        .with_name(COOKIE_NAME)
        .with_http_only(true)
        .with_same_site(SameSite::Lax)
        .with_secure(state.settings.accounts.cookie_secure)
        .with_path("/")
        .with_expiry(Expiry::OnInactivity(time::Duration::days(SESSION_DAYS)))
}

/// Signs `user_id` in on this session: a new session id first (no fixation), then the user.
/// Whoever the old id was held for (`recent_sign_ins`) is forgotten with it.
pub async fn sign_in(session: &Session, user_id: i64, state: &AppState) -> Result<(), ApiError> {
    state.recent_sign_ins.forget(session);
    session.cycle_id().await.map_err(session_error)?;
    session
        .insert(USER_ID, user_id)
        .await
        .map_err(session_error)?;
    Ok(())
}

/// The signed-in user's id, if any.
pub async fn user_id(session: &Session) -> Result<Option<i64>, ApiError> {
    session.get::<i64>(USER_ID).await.map_err(session_error)
}

/// The signed-in user of this request. With database sessions, session and user come from one
/// query (every signed-in call needs both, and the stock page's reads are most of them); the
/// session record itself is not loaded, so nothing is written back. With Redis, or when that
/// query finds no user, it goes through the session (which also clears a stale cookie) and
/// then the user, as before. A session whose user no longer exists counts as signed out.
pub async fn signed_in_user(
    session: &Session,
    state: &AppState,
) -> Result<Option<UserRecord>, ApiError> {
    if let (SessionBackend::Database(store), Some(id)) = (&state.sessions, session.id())
        && let Some(user) = store.session_user(&storage_key(&id), Utc::now()).await?
    {
        return Ok(Some(user));
    }
    let Some(id) = user_id(session).await? else {
        return Ok(None);
    };
    Ok(state.store.user_by_id(id).await?)
}

/// Ends this session: deleted from storage, the cookie cleared, and no longer held as signed
/// in (`recent_sign_ins`).
pub async fn sign_out(session: &Session, state: &AppState) -> Result<(), ApiError> {
    state.recent_sign_ins.forget(session);
    session.flush().await.map_err(session_error)
}

/// A session that cannot be read or written: its store (Redis or the database) did not answer
/// in time. The visitor is told to retry rather than shown a bare 500; the cause is logged.
fn session_error(err: tower_sessions::session::Error) -> ApiError {
    tracing::warn!(%err, "session store unavailable");
    ApiError::ServiceUnavailable(jobs::accounts::messages::SIGN_IN_UNAVAILABLE.into())
}

fn backend_error(err: impl std::fmt::Display) -> session_store::Error {
    session_store::Error::Backend(err.to_string())
}

fn storage_key(id: &Id) -> String {
    sha256_hex(&id.to_string())
}

fn record_user(record: &Record) -> Option<i64> {
    record.data.get(USER_ID).and_then(serde_json::Value::as_i64)
}

fn to_chrono(t: OffsetDateTime) -> DateTime<Utc> {
    DateTime::from_timestamp(t.unix_timestamp(), t.nanosecond()).unwrap_or_default()
}

fn to_offset(t: DateTime<Utc>) -> OffsetDateTime {
    OffsetDateTime::from_unix_timestamp(t.timestamp()).unwrap_or(OffsetDateTime::UNIX_EPOCH)
}

#[async_trait]
impl SessionStore for SessionBackend {
    async fn create(&self, record: &mut Record) -> session_store::Result<()> {
        if let SessionBackend::Database(store) = self
            && rand::random_ratio(1, SWEEP_ONE_IN)
        {
            // Expired rows are never read again; sweep them now and then (Redis expires
            // its keys by itself).
            if let Err(err) = store.delete_expired_sessions(Utc::now()).await {
                tracing::warn!(%err, "could not sweep expired sessions");
            }
        }
        loop {
            let created = match self {
                SessionBackend::Database(store) => {
                    let data = serde_json::to_vec(&record.data)
                        .map_err(|e| session_store::Error::Encode(e.to_string()))?;
                    store
                        .create_session(
                            &storage_key(&record.id),
                            &data,
                            to_chrono(record.expiry_date),
                            record_user(record),
                        )
                        .await
                        .map_err(backend_error)?
                }
                SessionBackend::Shared(infra) => {
                    write(infra, record, true).await.map_err(backend_error)?
                }
            };
            if created {
                return Ok(());
            }
            // Astronomically unlikely with 128 random bits, but never overwrite a session.
            record.id = Id::default();
        }
    }

    async fn save(&self, record: &Record) -> session_store::Result<()> {
        match self {
            SessionBackend::Database(store) => {
                let data = serde_json::to_vec(&record.data)
                    .map_err(|e| session_store::Error::Encode(e.to_string()))?;
                store
                    .save_session(
                        &storage_key(&record.id),
                        &data,
                        to_chrono(record.expiry_date),
                        record_user(record),
                    )
                    .await
                    .map_err(backend_error)
            }
            SessionBackend::Shared(infra) => write(infra, record, false)
                .await
                .map(|_| ())
                .map_err(backend_error),
        }
    }

    async fn load(&self, id: &Id) -> session_store::Result<Option<Record>> {
        match self {
            SessionBackend::Database(store) => {
                let Some(row) = store
                    .load_session(&storage_key(id), Utc::now())
                    .await
                    .map_err(backend_error)?
                else {
                    return Ok(None);
                };
                let data = serde_json::from_slice(&row.data)
                    .map_err(|e| session_store::Error::Decode(e.to_string()))?;
                Ok(Some(Record {
                    id: *id,
                    data,
                    expiry_date: to_offset(row.expiry_date),
                }))
            }
            SessionBackend::Shared(infra) => read(infra, id).await.map_err(backend_error),
        }
    }

    async fn delete(&self, id: &Id) -> session_store::Result<()> {
        match self {
            SessionBackend::Database(store) => store
                .delete_session(&storage_key(id))
                .await
                .map_err(backend_error),
            SessionBackend::Shared(infra) => infra
                .delete(&[session_key(&storage_key(id))])
                .await
                .map_err(backend_error),
        }
    }
}

fn session_key(hash: &str) -> String {
    format!("session:{hash}")
}

fn user_key(user_id: i64) -> String {
    format!("user-sessions:{user_id}")
}

/// Writes a record; with `only_new`, only if the key is free. Returns whether it wrote.
async fn write(infra: &Infra, record: &Record, only_new: bool) -> Result<bool, String> {
    let seconds = (record.expiry_date - OffsetDateTime::now_utc())
        .whole_seconds()
        .max(1);
    let ttl = std::time::Duration::from_secs(seconds as u64);
    let hash = storage_key(&record.id);
    let user_id = record_user(record);
    let value = serde_json::to_string(&SharedRecord {
        data: record.data.clone(),
        expires: record.expiry_date.unix_timestamp(),
        user_id,
    })
    .map_err(|e| e.to_string())?;
    let written = infra
        .put(&session_key(&hash), &value, ttl, only_new)
        .await
        .map_err(|e| e.to_string())?;
    if written && let Some(uid) = user_id {
        infra
            .set_add(&user_key(uid), &hash, ttl)
            .await
            .map_err(|e| e.to_string())?;
    }
    Ok(written)
}

async fn read(infra: &Infra, id: &Id) -> Result<Option<Record>, String> {
    let raw = infra
        .get(&session_key(&storage_key(id)))
        .await
        .map_err(|e| e.to_string())?;
    let Some(raw) = raw else { return Ok(None) };
    let stored: SharedRecord = serde_json::from_str(&raw).map_err(|e| e.to_string())?;
    let expiry_date =
        OffsetDateTime::from_unix_timestamp(stored.expires).map_err(|e| e.to_string())?;
    if expiry_date <= OffsetDateTime::now_utc() {
        return Ok(None);
    }
    Ok(Some(Record {
        id: *id,
        data: stored.data,
        expiry_date,
    }))
}

async fn end_user(infra: &Infra, user_id: i64) -> Result<(), String> {
    let key = user_key(user_id);
    let hashes = infra.set_members(&key).await.map_err(|e| e.to_string())?;
    let mut keys: Vec<String> = hashes.iter().map(|h| session_key(h)).collect();
    keys.push(key);
    infra.delete(&keys).await.map_err(|e| e.to_string())
}
