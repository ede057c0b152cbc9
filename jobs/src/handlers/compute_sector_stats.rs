//! `ComputeSectorStats`: reads every stored record's SIC code and per-question metrics a page
//! at a time (the database extracts the few fields; no record is loaded whole), keeps the
//! values of the companies that may be ranked, and replaces the stored statistics with the
//! quartiles of each group in one transaction. Running it twice gives the same rows with a
//! newer date, so a retry or a second delivery is harmless.

use chrono::Utc;

use crate::{
    peers::{
        compute::{PAGE, add_page, ranked_symbols},
        stats::Accumulator,
    },
    queue::runner::{JobError, JobHandler, JobRun},
    tasks::ComputeSectorStats,
};

impl JobHandler for ComputeSectorStats {
    async fn run(self, run: &JobRun) -> Result<serde_json::Value, JobError> {
        let store = run.store();
        run.progress("Finding the ranked companies", 0, "").await;
        let (peers, stored) = ranked_symbols(store).await?;
        let mut acc = Accumulator::default();
        let mut after = String::new();
        let mut read = 0;
        loop {
            let rows = store.peer_facts_page(&after, PAGE).await?;
            let Some(last) = rows.last() else { break };
            after = last.symbol.clone();
            read += add_page(&mut acc, &rows, &peers);
            let percent = (read * 90 / stored.max(1)).min(90) as u8;
            let message = format!("{read} of {stored} records");
            run.progress("Reading the scored records", percent, &message)
                .await;
        }
        // Ranked companies whose SIC code puts them in a group: the peers.
        let companies = acc.companies();
        let stats = acc.finish(Utc::now());
        let groups = stats
            .iter()
            .map(|s| s.group_code.as_str())
            .collect::<std::collections::BTreeSet<_>>()
            .len();
        run.progress("Saving the statistics", 95, "").await;
        store.replace_sector_stats(&stats).await?;
        let message = format!(
            "{companies} peers in {groups} groups, {} statistics",
            stats.len()
        );
        run.progress("Done", 100, &message).await;
        Ok(serde_json::json!({
            "day": self.day,
            "records": read,
            "ranked": peers.len(),
            "peers": companies,
            "groups": groups,
            "statistics": stats.len(),
        }))
    }
}
