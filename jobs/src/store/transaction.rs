//! A transaction on whichever database the store holds, for writes that must commit together:
//! a resource's rows and the jobs that work on them (`JobQueue::enqueue_in` pushes jobs on
//! it), so a process killed in between leaves neither, never rows that wait for a job that
//! was never queued.

use sqlx::{Postgres, Sqlite, Transaction};

use super::{Store, StoreResult};

/// Runs one expression against the transaction's connection, whichever database it is on
/// (the transaction's counterpart of `with_pool!`).
macro_rules! with_tx {
    ($tx:expr, $conn:ident => $body:expr) => {
        match &mut $tx.inner {
            $crate::store::transaction::Inner::Sqlite($conn) => $body,
            $crate::store::transaction::Inner::Postgres($conn) => $body,
        }
    };
}
pub(crate) use with_tx;

/// An open transaction; dropped without [`StoreTx::commit`], it rolls back.
pub struct StoreTx {
    pub(crate) inner: Inner,
    /// Run once the transaction has committed (wake-ups for the jobs it queued).
    after_commit: Vec<Box<dyn FnOnce() + Send>>,
}

pub(crate) enum Inner {
    Sqlite(Transaction<'static, Sqlite>),
    Postgres(Transaction<'static, Postgres>),
}

impl Store {
    /// Begins a transaction.
    pub async fn begin(&self) -> StoreResult<StoreTx> {
        let inner = match self {
            Store::Sqlite(pool) => Inner::Sqlite(pool.begin().await?),
            Store::Postgres(pool) => Inner::Postgres(pool.begin().await?),
        };
        Ok(StoreTx {
            inner,
            after_commit: Vec::new(),
        })
    }
}

impl StoreTx {
    /// Commits every write made through the transaction, then runs what waited for it.
    pub async fn commit(self) -> StoreResult<()> {
        match self.inner {
            Inner::Sqlite(tx) => tx.commit().await?,
            Inner::Postgres(tx) => tx.commit().await?,
        }
        for then in self.after_commit {
            then();
        }
        Ok(())
    }

    /// Runs `then` once the transaction has committed (never if it rolls back).
    pub fn after_commit(&mut self, then: impl FnOnce() + Send + 'static) {
        self.after_commit.push(Box::new(then));
    }

    /// The transaction's connection, for statements written outside the store (the job
    /// library's own insert).
    pub fn connection(&mut self) -> TxConnection<'_> {
        match &mut self.inner {
            Inner::Sqlite(tx) => TxConnection::Sqlite(tx),
            Inner::Postgres(tx) => TxConnection::Postgres(tx),
        }
    }
}

/// The connection a [`StoreTx`] runs on.
pub enum TxConnection<'a> {
    Sqlite(&'a mut sqlx::SqliteConnection),
    Postgres(&'a mut sqlx::PgConnection),
}
