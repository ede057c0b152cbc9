//! The snapshot directory (`MARKET_DATA_DIR`): the same raw files the live sources serve,
//! in the layout of `../shared/market-data` (SEC's nightly bulk archives unpack to it).
//! One [`Snapshot`] value implements every source trait (in `snapshot_sources`).

use std::{
    io::Read,
    path::{Path, PathBuf},
};

use super::error::SourceError;

/// Reads market data from a snapshot directory instead of the network.
#[derive(Debug, Clone)]
pub struct Snapshot {
    root: PathBuf,
}

impl Snapshot {
    /// A snapshot rooted at `root` (the folder holding `sec/`, `prices/`, `rates/`, ...).
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Snapshot { root: root.into() }
    }

    /// The snapshot named by `MARKET_DATA_DIR`, if that variable is set and not blank.
    pub fn from_env() -> Option<Self> {
        std::env::var("MARKET_DATA_DIR")
            .ok()
            .filter(|dir| !dir.trim().is_empty())
            .map(|dir| Snapshot::new(dir.trim()))
    }

    /// The root folder.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Reads `relative` under the root; a missing file is `NotFound`, other I/O errors are
    /// `Upstream` (the disk is this source's upstream).
    pub(crate) async fn read(&self, relative: impl AsRef<Path>) -> Result<Vec<u8>, SourceError> {
        let path = self.root.join(relative);
        match tokio::fs::read(&path).await {
            Ok(bytes) => Ok(bytes),
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => Err(SourceError::NotFound),
            Err(err) => Err(SourceError::Upstream(format!(
                "cannot read {}: {err}",
                path.display()
            ))),
        }
    }

    /// Lists the file names in `relative` (empty when the folder does not exist).
    pub(crate) async fn list(
        &self,
        relative: impl AsRef<Path>,
    ) -> Result<Vec<String>, SourceError> {
        let path = self.root.join(relative);
        let mut entries = match tokio::fs::read_dir(&path).await {
            Ok(entries) => entries,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(err) => {
                return Err(SourceError::Upstream(format!(
                    "cannot list {}: {err}",
                    path.display()
                )));
            }
        };
        let mut names = Vec::new();
        while let Some(entry) = entries.next_entry().await.map_err(|err| {
            SourceError::Upstream(format!("cannot list {}: {err}", path.display()))
        })? {
            names.push(entry.file_name().to_string_lossy().into_owned());
        }
        names.sort();
        Ok(names)
    }
}

/// SEC's file name for a company: `CIK` and the CIK zero-padded to ten digits, plus `.json`.
pub fn cik_file_name(cik: u64) -> String {
    format!("CIK{cik:010}.json")
}

/// Decompresses a gzip body; a corrupt or truncated stream is a `Parse` error, not a panic.
pub fn gunzip(bytes: &[u8]) -> Result<Vec<u8>, SourceError> {
    let mut out = Vec::with_capacity(bytes.len() * 8);
    flate2::read::GzDecoder::new(bytes)
        .read_to_end(&mut out)
        .map_err(|err| SourceError::Parse(format!("bad gzip data: {err}")))?;
    Ok(out)
}

/// Runs CPU-heavy parsing off the async threads (a company-facts file is megabytes of JSON).
pub(crate) async fn parse_blocking<T, F>(work: F) -> Result<T, SourceError>
where
    T: Send + 'static,
    F: FnOnce() -> Result<T, SourceError> + Send + 'static,
{
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|err| SourceError::Upstream(format!("parser task failed: {err}")))?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cik_names_are_zero_padded() {
        assert_eq!(cik_file_name(320193), "CIK0000320193.json");
    }

    #[test]
    fn corrupt_gzip_is_a_parse_error() {
        let err = gunzip(b"definitely not gzip").unwrap_err();
        assert!(
            matches!(err, SourceError::Parse(ref msg) if msg.contains("gzip")),
            "{err}"
        );
    }

    #[tokio::test]
    async fn missing_files_are_not_found() {
        let snapshot = Snapshot::new("/nonexistent-market-data");
        assert_eq!(
            snapshot.read("x.csv").await.unwrap_err(),
            SourceError::NotFound
        );
        assert!(snapshot.list("nothing").await.unwrap().is_empty());
    }
}
