//! Uploaded files written to disk as they arrive, so a slow upload holds a few kilobytes of
//! memory rather than the whole file, however many admins upload at once. Only the moment of
//! storing needs a file's bytes in memory (one file at a time, `jobs::uploads`), and
//! [`store_permit`] lets two uploads store at a time.

use std::{
    path::PathBuf,
    sync::atomic::{AtomicU64, Ordering},
};

use tokio::{
    io::AsyncWriteExt,
    sync::{Semaphore, SemaphorePermit},
};

/// Leading bytes kept in memory: what [`jobs::documents::sniff`] reads to judge a type.
pub const HEAD_BYTES: usize = 4096;

/// Uploads storing at once; the others wait their turn.
static STORING: Semaphore = Semaphore::const_new(2);

static NEXT: AtomicU64 = AtomicU64::new(0);

/// One file on disk, removed when dropped (stored, refused or abandoned alike).
pub struct Spooled {
    path: PathBuf,
    file: Option<tokio::fs::File>,
    /// The first [`HEAD_BYTES`] bytes.
    pub head: Vec<u8>,
    pub len: usize,
}

impl Spooled {
    /// A new empty file in the system's temporary folder.
    pub async fn create() -> std::io::Result<Spooled> {
        let path = std::env::temp_dir().join(format!(
            "askbubba-upload-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        let file = tokio::fs::File::create(&path).await?;
        Ok(Spooled {
            path,
            file: Some(file),
            head: Vec::new(),
            len: 0,
        })
    }

    pub async fn write(&mut self, chunk: &[u8]) -> std::io::Result<()> {
        let room = HEAD_BYTES.saturating_sub(self.head.len());
        self.head.extend_from_slice(&chunk[..chunk.len().min(room)]);
        self.len += chunk.len();
        match &mut self.file {
            Some(file) => file.write_all(chunk).await,
            None => Err(std::io::Error::other("the spooled file is closed")),
        }
    }

    /// Flushes and closes the file; [`Spooled::read`] reads it back.
    pub async fn finish(&mut self) -> std::io::Result<()> {
        if let Some(mut file) = self.file.take() {
            file.flush().await?;
        }
        Ok(())
    }

    /// The whole file, read back to be stored (the future owns what it needs).
    pub fn read(&self) -> impl Future<Output = std::io::Result<Vec<u8>>> + Send + 'static {
        tokio::fs::read(self.path.clone())
    }
}

impl Drop for Spooled {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// A turn to hold an upload's files in memory while they are stored (an error only if the
/// semaphore were closed, which it never is).
pub async fn store_permit() -> Result<SemaphorePermit<'static>, tokio::sync::AcquireError> {
    STORING.acquire().await
}
