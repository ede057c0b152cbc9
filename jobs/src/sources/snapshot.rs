//! The snapshot directory (`MARKET_DATA_DIR`): the same raw files the live sources serve,
//! in the layout of `../shared/market-data` (SEC's nightly bulk archives unpack to it).
//! One [`Snapshot`] value implements every source trait (in `snapshot_sources`).

use std::{
    collections::HashMap,
    io::Read,
    path::{Path, PathBuf},
    sync::{Arc, Mutex},
    time::SystemTime,
};

use super::error::SourceError;
use crate::market_data::{RatePoint, ShortInterest};

/// Reads market data from a snapshot directory instead of the network.
#[derive(Debug, Clone)]
pub struct Snapshot {
    root: PathBuf,
    pub(crate) parsed: Arc<ParsedFiles>,
}

/// Parsed copies of the files every analysis reads the same way: the Treasury series (16k
/// rows) and the short-interest table (1.5 MB). A batch of a few hundred stocks parsed each
/// of them once per stock; now once per process, until the file changes.
#[derive(Debug, Default)]
pub(crate) struct ParsedFiles {
    pub(crate) treasury: Memo<Vec<RatePoint>>,
    pub(crate) short_interest: Memo<HashMap<String, ShortInterest>>,
}

/// One parsed file, kept with the path, size and modification time it was read at.
#[derive(Debug)]
pub(crate) struct Memo<T>(Mutex<Option<Kept<T>>>);

/// A parsed file and the stamp it was parsed at: path, size, modification time.
type Kept<T> = (PathBuf, u64, Option<SystemTime>, Arc<T>);

impl<T> Default for Memo<T> {
    fn default() -> Self {
        Memo(Mutex::new(None))
    }
}

impl Snapshot {
    /// A snapshot rooted at `root` (the folder holding `sec/`, `prices/`, `rates/`, ...).
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Snapshot {
            root: root.into(),
            parsed: Arc::default(),
        }
    }

    /// `relative` parsed by `parse`, from `memo` while the file's size and modification time
    /// are those it was parsed at (a replaced snapshot file is read again).
    pub(crate) async fn parsed<T, F>(
        &self,
        memo: &Memo<T>,
        relative: impl AsRef<Path>,
        parse: F,
    ) -> Result<Arc<T>, SourceError>
    where
        T: Send + Sync + 'static,
        F: FnOnce(&[u8]) -> Result<T, SourceError> + Send + 'static,
    {
        let path = self.root.join(relative);
        let meta = match tokio::fs::metadata(&path).await {
            Ok(meta) => meta,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
                return Err(SourceError::NotFound);
            }
            Err(err) => {
                return Err(SourceError::Upstream(format!(
                    "cannot read {}: {err}",
                    path.display()
                )));
            }
        };
        let (len, modified) = (meta.len(), meta.modified().ok());
        if let Some((p, l, m, value)) = memo.0.lock().expect("memo lock").as_ref()
            && *p == path
            && *l == len
            && *m == modified
        {
            return Ok(value.clone());
        }
        let bytes = self.read(&path).await?;
        let value = Arc::new(parse_blocking(move || parse(&bytes)).await?);
        *memo.0.lock().expect("memo lock") = Some((path, len, modified, value.clone()));
        Ok(value)
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

impl Snapshot {
    /// The CIKs of the company-facts files (`sec/companyfacts/CIK0000320193.json.gz`): the
    /// companies this snapshot can score. None when the folder cannot be read (logged: the
    /// admin's checklist is then empty rather than an error page).
    pub async fn company_facts_ciks(&self) -> std::collections::HashSet<u64> {
        match self.list("sec/companyfacts").await {
            Ok(names) => names
                .iter()
                .filter_map(|name| {
                    name.strip_prefix("CIK")?
                        .strip_suffix(".json.gz")?
                        .parse::<u64>()
                        .ok()
                })
                .collect(),
            Err(err) => {
                tracing::warn!(root = %self.root.display(), %err, "cannot list the snapshot's company facts");
                Default::default()
            }
        }
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

    /// The kept Treasury series follows its file: a replaced file is read again.
    #[tokio::test]
    async fn a_replaced_file_is_parsed_again() {
        use crate::sources::TreasurySource;
        let root = std::env::temp_dir().join(format!("snapshot-memo-{}", std::process::id()));
        std::fs::create_dir_all(root.join("rates")).unwrap();
        let file = root.join("rates/DGS10.csv");
        std::fs::write(&file, "observation_date,DGS10\n2026-07-02,4.3\n").unwrap();
        let snapshot = Snapshot::new(&root);
        let first = snapshot.ten_year_yield().await.unwrap();
        assert_eq!(first.len(), 1);
        assert_eq!(snapshot.ten_year_yield().await.unwrap(), first, "kept");
        std::fs::write(
            &file,
            "observation_date,DGS10\n2026-07-02,4.3\n2026-07-06,4.41\n",
        )
        .unwrap();
        let second = snapshot.ten_year_yield().await.unwrap();
        std::fs::remove_dir_all(&root).unwrap();
        assert_eq!(second.len(), 2, "the new file is read");
        assert_eq!(second[1].percent, 4.41);
    }
}
