//! A transaction on whichever database the store holds, for writes that must commit together:
//! a resource's rows and the jobs that work on them (`JobQueue::enqueue_in` pushes jobs on
//! it), so a process killed in between leaves neither, never rows that wait for a job that
//! was never queued.

use sqlx::{Pool, Postgres, Sqlite, Transaction};

use super::{Store, StoreResult};

/// Begins a transaction that will write. On SQLite it takes the write lock at `BEGIN
/// IMMEDIATE`: a deferred transaction that reads first and then writes cannot wait for the
/// lock (SQLite refuses the upgrade at once with "database is locked", busy timeout or not,
/// when another connection wrote in between), while an immediate one waits its turn up to the
/// busy timeout. Postgres takes row locks as it goes and needs nothing special.
pub(crate) trait BeginWrite {
    type Db: sqlx::Database;
    async fn begin_write(&self) -> Result<Transaction<'static, Self::Db>, sqlx::Error>;
}

impl BeginWrite for Pool<Sqlite> {
    type Db = Sqlite;
    async fn begin_write(&self) -> Result<Transaction<'static, Sqlite>, sqlx::Error> {
        self.begin_with("BEGIN IMMEDIATE").await
    }
}

impl BeginWrite for Pool<Postgres> {
    type Db = Postgres;
    async fn begin_write(&self) -> Result<Transaction<'static, Postgres>, sqlx::Error> {
        self.begin().await
    }
}

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
    /// Begins a write transaction (see [`BeginWrite`]).
    pub async fn begin(&self) -> StoreResult<StoreTx> {
        let inner = match self {
            Store::Sqlite(pool) => Inner::Sqlite(pool.begin_write().await?),
            Store::Postgres(pool) => Inner::Postgres(pool.begin_write().await?),
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

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions};

    use super::*;

    /// Two connections to one SQLite file in WAL mode, as the store opens it.
    async fn sqlite_pool() -> Pool<Sqlite> {
        let path = std::env::temp_dir().join(format!("begin-write-{}.db", ulid::Ulid::new()));
        let options = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .busy_timeout(Duration::from_secs(5));
        let pool = SqlitePoolOptions::new()
            .max_connections(2)
            .connect_with(options)
            .await
            .unwrap();
        sqlx::query("CREATE TABLE t (n INTEGER)")
            .execute(&pool)
            .await
            .unwrap();
        pool
    }

    /// Holds the write lock for a moment, as a worker storing an analysis does.
    async fn hold_the_write_lock(pool: &Pool<Sqlite>) -> tokio::task::JoinHandle<()> {
        let mut writer = pool.begin_write().await.unwrap();
        sqlx::query("INSERT INTO t VALUES (1)")
            .execute(&mut *writer)
            .await
            .unwrap();
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(300)).await;
            writer.commit().await.unwrap();
        })
    }

    /// Reads, then writes what it read, in one transaction begun by `begin`.
    async fn read_then_write(mut tx: Transaction<'static, Sqlite>) -> Result<(), sqlx::Error> {
        let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM t")
            .fetch_one(&mut *tx)
            .await?;
        sqlx::query("INSERT INTO t VALUES ($1)")
            .bind(count + 10)
            .execute(&mut *tx)
            .await?;
        tx.commit().await
    }

    #[tokio::test]
    async fn a_write_transaction_waits_for_another_writer_instead_of_failing() {
        let pool = sqlite_pool().await;
        let writer = hold_the_write_lock(&pool).await;
        let waited = read_then_write(pool.begin_write().await.unwrap()).await;
        writer.await.unwrap();
        assert!(waited.is_ok(), "{waited:?}");
        let rows: Vec<i64> = sqlx::query_scalar("SELECT n FROM t ORDER BY n")
            .fetch_all(&pool)
            .await
            .unwrap();
        assert_eq!(rows, [1, 11], "it read the other writer's row");

        // Why: the same work in a deferred transaction is refused, busy timeout or not.
        let writer = hold_the_write_lock(&pool).await;
        let deferred = read_then_write(pool.begin().await.unwrap()).await;
        writer.await.unwrap();
        let err = deferred.expect_err("a deferred read-then-write loses the race");
        assert!(err.to_string().contains("locked"), "{err}");
    }
}
