//! The process-wide poll's question, "which queues have a job to claim now?", on both
//! databases: a due job's queue is named; a job delayed into the future and a paused queue's
//! job are not, until they are due or resumed.

use std::time::Duration;

use jobs::{
    queue::{Job, JobQueue},
    store_test,
    tasks::{Flaky, Noop, Steps},
    testing::TestDb,
};

store_test!(
    claimable_queues_name_only_queues_with_a_due_unpaused_job,
    |db: TestDb| async move {
        let store = &db.store;
        let queue = JobQueue::new(store.clone());
        assert!(
            store.claimable_queues().await.unwrap().is_empty(),
            "nothing queued"
        );

        queue.enqueue(&Noop::default()).await.unwrap();
        queue
            .enqueue_after(&Flaky::default(), Duration::from_secs(3600))
            .await
            .unwrap();
        queue.enqueue(&Steps::default()).await.unwrap();
        store.pause_queue(Steps::QUEUE).await.unwrap();
        assert_eq!(
            store.claimable_queues().await.unwrap(),
            vec![Noop::QUEUE.to_string()],
            "the delayed job and the paused queue's job are not claimable"
        );

        store.resume_queue(Steps::QUEUE).await.unwrap();
        let mut ready = store.claimable_queues().await.unwrap();
        ready.sort();
        assert_eq!(
            ready,
            vec![Noop::QUEUE.to_string(), Steps::QUEUE.to_string()]
        );
    }
);
