//! The store's error type: what callers can act on (not found, a unique key taken) versus
//! everything else, which is logged and answered as a server error.

/// An error from a store method.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("not found")]
    NotFound,
    /// A unique or check constraint refused the write; `constraint` names it when the database
    /// says which.
    #[error("conflict on {constraint}")]
    Conflict { constraint: String },
    #[error("invalid database URL: {0}")]
    BadUrl(String),
    /// The database could not be opened or reached.
    #[error("{0}")]
    Unavailable(String),
    #[error(transparent)]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("database error: {0}")]
    Other(sqlx::Error),
}

impl From<sqlx::Error> for StoreError {
    fn from(err: sqlx::Error) -> Self {
        match &err {
            sqlx::Error::RowNotFound => StoreError::NotFound,
            // 22001: Postgres's "value too long" (SQLite reports a CHECK on the length).
            sqlx::Error::Database(db)
                if db.is_unique_violation()
                    || db.is_check_violation()
                    || db.code().as_deref() == Some("22001") =>
            {
                StoreError::Conflict {
                    constraint: db.constraint().unwrap_or("unique key").to_string(),
                }
            }
            _ => StoreError::Other(err),
        }
    }
}

pub type StoreResult<T> = Result<T, StoreError>;
