//! Document uploads: the files' rows and their `ExtractDocument` jobs are written in one
//! transaction, so a process killed in between, or a failed enqueue, leaves neither (never a
//! document 'extracting' that no job will ever finish). Each file's bytes are asked for only
//! when its row is written and let go right after, so storing an upload holds one file in
//! memory at a time, not all of them.

use chrono::{DateTime, NaiveDate, Utc};

use crate::{
    queue::{JobQueue, QueueError},
    store::documents::NewUpload,
    tasks::ExtractDocument,
};

/// One file of an upload, without its bytes.
#[derive(Debug, Clone, Copy)]
pub struct UploadFile<'a> {
    pub symbol: &'a str,
    pub file_name: &'a str,
    pub file_type: &'a str,
    pub filing_date: Option<NaiveDate>,
}

/// A stored upload and the job extracting it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Queued {
    pub document_id: i64,
    pub job_id: String,
}

/// Stores the files of one upload (each replacing the document of the same symbol and file
/// name) and queues their extraction, all or nothing; answers them in order. `bytes_of(i)`
/// gives file `i`'s bytes (read from wherever the caller keeps them) when it is stored.
pub async fn store_and_queue<E, Read>(
    queue: &JobQueue,
    files: &[UploadFile<'_>],
    mut bytes_of: impl FnMut(usize) -> Read,
    now: DateTime<Utc>,
) -> Result<Vec<Queued>, E>
where
    E: From<QueueError>,
    Read: Future<Output = Result<Vec<u8>, E>>,
{
    let mut tx = queue.store().begin().await.map_err(QueueError::from)?;
    let mut ids = Vec::with_capacity(files.len());
    for (i, file) in files.iter().enumerate() {
        let bytes = bytes_of(i).await?;
        let upload = NewUpload {
            symbol: file.symbol,
            file_name: file.file_name,
            file_type: file.file_type,
            bytes: &bytes,
            filing_date: file.filing_date,
        };
        let stored = tx.insert_uploads(std::slice::from_ref(&upload), now).await;
        ids.extend(stored.map_err(QueueError::from)?);
    }
    #[cfg(feature = "testing")]
    crate::testing::stop_point("upload rows written").await;
    let jobs: Vec<ExtractDocument> = ids
        .iter()
        .map(|&document_id| ExtractDocument { document_id })
        .collect();
    let job_ids = queue
        .enqueue_in(&mut tx, jobs.iter().map(|job| (job, Default::default())))
        .await?;
    #[cfg(feature = "testing")]
    crate::testing::stop_point("upload jobs queued").await;
    tx.commit().await.map_err(QueueError::from)?;
    Ok(ids
        .into_iter()
        .zip(job_ids)
        .map(|(document_id, job_id)| Queued {
            document_id,
            job_id,
        })
        .collect())
}
