//! SEC's nightly bulk files, `companyfacts.zip` and `submissions.zip` (one
//! `CIK##########.json` per company), read from the zip itself or from a folder of the same
//! files (`CIK##########.json` or `.json.gz`, as the snapshot keeps them). Live mode downloads
//! each zip once per run with [`download`], streamed to a file.
//!
//! A company's fingerprint is the CRC-32 and length of its JSON: a zip's central directory
//! holds both, and a gzip file's last eight bytes too, so listing 14,000 companies reads no
//! JSON at all. The same JSON has the same fingerprint in a zip, a `.json.gz` or a `.json`.

use std::{
    io::{Read, Seek, SeekFrom},
    path::{Path, PathBuf},
    time::Duration,
};

use super::{
    error::SourceError,
    http::HttpFetcher,
    live::SEC_RATE_LIMIT_KEY,
    rate_limit::RateLimiter,
    snapshot::{cik_file_name, gunzip},
};

/// Where `companyfacts.zip` lives under SEC's www base URL.
pub const COMPANY_FACTS_ZIP: &str = "/Archives/edgar/daily-index/xbrl/companyfacts.zip";
/// Where `submissions.zip` lives under SEC's www base URL.
pub const SUBMISSIONS_ZIP: &str = "/Archives/edgar/daily-index/bulk/submissions.zip";

/// One company of a bulk file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BulkEntry {
    pub cik: u64,
    /// What changes when the company's JSON changes (see the module's note).
    pub fingerprint: String,
}

/// A bulk file: a zip, or a folder in the same format.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BulkFile {
    Zip(PathBuf),
    Folder(PathBuf),
}

impl BulkFile {
    /// A folder when `path` is one, a zip otherwise.
    pub fn at(path: impl Into<PathBuf>) -> BulkFile {
        let path = path.into();
        if path.is_dir() {
            BulkFile::Folder(path)
        } else {
            BulkFile::Zip(path)
        }
    }

    pub fn path(&self) -> &Path {
        match self {
            BulkFile::Zip(path) | BulkFile::Folder(path) => path,
        }
    }

    /// Every company in the file with its fingerprint, in CIK order. Names that are not a
    /// company's main file (`CIK0001318605-submissions-001.json`, older filings' pages) are
    /// left out.
    pub async fn entries(&self) -> Result<Vec<BulkEntry>, SourceError> {
        let file = self.clone();
        blocking(move || {
            let mut entries = match &file {
                BulkFile::Zip(path) => zip_entries(path)?,
                BulkFile::Folder(path) => folder_entries(path)?,
            };
            entries.sort_by_key(|e| e.cik);
            entries.dedup_by_key(|e| e.cik);
            Ok(entries)
        })
        .await
    }

    /// The JSON of company `cik`; `NotFound` when the file has none.
    pub async fn read(&self, cik: u64) -> Result<Vec<u8>, SourceError> {
        let file = self.clone();
        blocking(move || match &file {
            BulkFile::Zip(path) => {
                let mut archive = open_zip(path)?;
                let mut entry = match archive.by_name(&cik_file_name(cik)) {
                    Ok(entry) => entry,
                    Err(zip::result::ZipError::FileNotFound) => return Err(SourceError::NotFound),
                    Err(err) => return Err(bad_zip(path, err)),
                };
                let mut json = Vec::with_capacity(entry.size() as usize);
                entry
                    .read_to_end(&mut json)
                    .map_err(|err| bad_zip(path, err))?;
                Ok(json)
            }
            BulkFile::Folder(path) => {
                let name = cik_file_name(cik);
                match std::fs::read(path.join(format!("{name}.gz"))) {
                    Ok(gz) => gunzip(&gz),
                    Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
                        std::fs::read(path.join(&name)).map_err(|err| match err.kind() {
                            std::io::ErrorKind::NotFound => SourceError::NotFound,
                            _ => io(path, err),
                        })
                    }
                    Err(err) => Err(io(path, err)),
                }
            }
        })
        .await
    }
}

/// The fingerprint of a JSON body of `len` bytes with CRC-32 `crc`.
pub fn fingerprint(crc: u32, len: u64) -> String {
    // gzip keeps the length modulo 2^32: so does the fingerprint, whatever the form.
    format!("crc32:{crc:08x}:{}", len & 0xffff_ffff)
}

/// The fingerprint of a JSON body.
pub fn fingerprint_of(json: &[u8]) -> String {
    let mut crc = flate2::Crc::new();
    crc.update(json);
    fingerprint(crc.sum(), json.len() as u64)
}

/// Downloads `url` to `dest` (through a `.part` file, renamed when complete, so a file at
/// `dest` is always whole), asking `limiter` first like every SEC request. The body is
/// streamed to disk, never held in memory.
pub async fn download(
    http: &HttpFetcher,
    limiter: &dyn RateLimiter,
    url: &str,
    dest: &Path,
    timeout: Duration,
) -> Result<u64, SourceError> {
    limiter.acquire(SEC_RATE_LIMIT_KEY).await;
    let part = dest.with_extension("part");
    if let Some(dir) = dest.parent() {
        tokio::fs::create_dir_all(dir)
            .await
            .map_err(|err| io(dir, err))?;
    }
    let written = http.download_to(url, &part, timeout).await?;
    tokio::fs::rename(&part, dest)
        .await
        .map_err(|err| io(dest, err))?;
    Ok(written)
}

fn cik_of(name: &str, suffix: &str) -> Option<u64> {
    let digits = name.strip_prefix("CIK")?.strip_suffix(suffix)?;
    (digits.len() == 10 && digits.bytes().all(|b| b.is_ascii_digit()))
        .then(|| digits.parse().ok())
        .flatten()
}

fn zip_entries(path: &Path) -> Result<Vec<BulkEntry>, SourceError> {
    let mut archive = open_zip(path)?;
    let mut entries = Vec::with_capacity(archive.len());
    for i in 0..archive.len() {
        // Raw: the central directory's record only, nothing is decompressed.
        let entry = archive.by_index_raw(i).map_err(|err| bad_zip(path, err))?;
        let name = entry.name().map_err(|err| bad_zip(path, err))?;
        let name = name.rsplit('/').next().unwrap_or_default();
        if let Some(cik) = cik_of(name, ".json") {
            entries.push(BulkEntry {
                cik,
                fingerprint: fingerprint(entry.crc32(), entry.size()),
            });
        }
    }
    Ok(entries)
}

fn folder_entries(path: &Path) -> Result<Vec<BulkEntry>, SourceError> {
    let mut entries = Vec::new();
    for item in std::fs::read_dir(path).map_err(|err| io(path, err))? {
        let item = item.map_err(|err| io(path, err))?;
        let name = item.file_name().to_string_lossy().into_owned();
        let file = item.path();
        if let Some(cik) = cik_of(&name, ".json.gz") {
            entries.push(BulkEntry {
                cik,
                fingerprint: gzip_trailer(&file)?,
            });
        } else if let Some(cik) = cik_of(&name, ".json") {
            let json = std::fs::read(&file).map_err(|err| io(&file, err))?;
            entries.push(BulkEntry {
                cik,
                fingerprint: fingerprint_of(&json),
            });
        }
    }
    Ok(entries)
}

/// A gzip file ends with the CRC-32 and length of what it holds (RFC 1952).
fn gzip_trailer(path: &Path) -> Result<String, SourceError> {
    let mut file = std::fs::File::open(path).map_err(|err| io(path, err))?;
    let mut tail = [0u8; 8];
    file.seek(SeekFrom::End(-8))
        .and_then(|_| file.read_exact(&mut tail))
        .map_err(|err| io(path, err))?;
    let crc = u32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]]);
    let len = u32::from_le_bytes([tail[4], tail[5], tail[6], tail[7]]);
    Ok(fingerprint(crc, u64::from(len)))
}

/// The zip at `path`, its central directory (one record per company: megabytes for SEC's
/// whole market) read once per process and shared by every child that reads an entry. A file
/// replaced at the same path (another size or modification time) is read anew.
fn open_zip(path: &Path) -> Result<zip::ZipArchive<SharedFile>, SourceError> {
    /// Open archives: a run reads two (facts and submissions); a few more cover a new run.
    const KEPT: usize = 4;
    type Key = (PathBuf, u64, Option<std::time::SystemTime>);
    static OPEN: std::sync::Mutex<Vec<(Key, zip::ZipArchive<SharedFile>)>> =
        std::sync::Mutex::new(Vec::new());
    let not_found = |err: std::io::Error| match err.kind() {
        std::io::ErrorKind::NotFound => SourceError::NotFound,
        _ => io(path, err),
    };
    let meta = std::fs::metadata(path).map_err(not_found)?;
    let key: Key = (path.to_path_buf(), meta.len(), meta.modified().ok());
    let mut open = OPEN.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some((_, archive)) = open.iter().find(|(k, _)| *k == key) {
        return Ok(archive.clone());
    }
    let file = std::fs::File::open(path).map_err(not_found)?;
    let len = file.metadata().map_err(|err| io(path, err))?.len();
    let shared = SharedFile {
        file: std::sync::Arc::new(file),
        pos: 0,
        len,
    };
    let archive = zip::ZipArchive::new(shared).map_err(|err| bad_zip(path, err))?;
    open.retain(|(k, _)| k.0 != key.0);
    if open.len() >= KEPT {
        open.remove(0);
    }
    open.push((key, archive.clone()));
    Ok(archive)
}

/// One open file read at explicit offsets, so clones (each with its own position) share it.
#[derive(Debug, Clone)]
struct SharedFile {
    file: std::sync::Arc<std::fs::File>,
    pos: u64,
    len: u64,
}

impl Read for SharedFile {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        use std::os::unix::fs::FileExt as _;
        let n = self.file.read_at(buf, self.pos)?;
        self.pos += n as u64;
        Ok(n)
    }
}

impl Seek for SharedFile {
    fn seek(&mut self, from: SeekFrom) -> std::io::Result<u64> {
        let target = match from {
            SeekFrom::Start(n) => Some(n),
            SeekFrom::End(delta) => self.len.checked_add_signed(delta),
            SeekFrom::Current(delta) => self.pos.checked_add_signed(delta),
        };
        self.pos = target.ok_or_else(|| {
            std::io::Error::new(std::io::ErrorKind::InvalidInput, "seek before the start")
        })?;
        Ok(self.pos)
    }
}

fn io(path: &Path, err: std::io::Error) -> SourceError {
    SourceError::Upstream(format!("cannot read {}: {err}", path.display()))
}

fn bad_zip(path: &Path, err: impl std::fmt::Display) -> SourceError {
    SourceError::Parse(format!("{} is not a readable zip: {err}", path.display()))
}

async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, SourceError> + Send + 'static,
) -> Result<T, SourceError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|err| SourceError::Upstream(format!("bulk file task failed: {err}")))?
}

#[cfg(test)]
mod tests {
    use std::io::Write as _;

    use super::*;

    #[tokio::test]
    async fn a_zip_and_a_folder_of_the_same_json_agree() {
        let dir = std::env::temp_dir().join(format!("bulk-{}", ulid::Ulid::new()));
        let folder = dir.join("facts");
        std::fs::create_dir_all(&folder).unwrap();
        let (a, b) = (
            br#"{"cik":1}"#.to_vec(),
            br#"{"cik":22,"x":[1,2]}"#.to_vec(),
        );
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(&a).unwrap();
        std::fs::write(folder.join("CIK0000000001.json.gz"), gz.finish().unwrap()).unwrap();
        std::fs::write(folder.join("CIK0000000022.json"), &b).unwrap();
        std::fs::write(folder.join("CIK0000000022-submissions-001.json"), b"{}").unwrap();
        let zip_path = dir.join("facts.zip");
        let mut zip = zip::ZipWriter::new(std::fs::File::create(&zip_path).unwrap());
        let options = zip::write::SimpleFileOptions::default();
        for (name, body) in [("CIK0000000022.json", &b), ("CIK0000000001.json", &a)] {
            zip.start_file(name, options).unwrap();
            zip.write_all(body).unwrap();
        }
        zip.finish().unwrap();

        let from_folder = BulkFile::at(&folder).entries().await.unwrap();
        let from_zip = BulkFile::at(&zip_path).entries().await.unwrap();
        assert_eq!(from_folder, from_zip);
        assert_eq!(from_zip.iter().map(|e| e.cik).collect::<Vec<_>>(), [1, 22]);
        assert_eq!(from_zip[0].fingerprint, fingerprint_of(&a));
        for file in [BulkFile::at(&folder), BulkFile::at(&zip_path)] {
            assert_eq!(file.read(22).await.unwrap(), b);
            assert_eq!(file.read(1).await.unwrap(), a);
            assert_eq!(file.read(3).await.unwrap_err(), SourceError::NotFound);
        }
        std::fs::remove_dir_all(dir).unwrap();
    }
}
