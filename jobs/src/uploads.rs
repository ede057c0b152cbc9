//! Document uploads: the files' rows and their `ExtractDocument` jobs are written in one
//! transaction, so a process killed in between, or a failed enqueue, leaves neither (never a
//! document 'extracting' that no job will ever finish).

use chrono::{DateTime, Utc};

use crate::{
    queue::{JobQueue, QueueError},
    store::documents::NewUpload,
    tasks::ExtractDocument,
};

/// A stored upload and the job extracting it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Queued {
    pub document_id: i64,
    pub job_id: String,
}

/// Stores the files of one upload (each replacing the document of the same symbol and file
/// name) and queues their extraction, all or nothing; answers them in order.
pub async fn store_and_queue(
    queue: &JobQueue,
    uploads: &[NewUpload<'_>],
    now: DateTime<Utc>,
) -> Result<Vec<Queued>, QueueError> {
    let mut tx = queue.store().begin().await?;
    let ids = tx.insert_uploads(uploads, now).await?;
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
    tx.commit().await?;
    Ok(ids
        .into_iter()
        .zip(job_ids)
        .map(|(document_id, job_id)| Queued {
            document_id,
            job_id,
        })
        .collect())
}
