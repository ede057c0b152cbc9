//! Extraction in a child process. A crafted PDF can make lopdf recurse until the stack
//! overflows (which aborts the whole process, whatever `catch_unwind` says) or allocate
//! gigabytes, and deeply nested HTML costs the HTML parser quadratic time; in a child that
//! costs the child only. The child is one of our own binaries (`api` or `worker`, whichever
//! runs the job) started with the hidden argument [`CHILD_ARG`] and the document type: it
//! caps its own address space and CPU time with `setrlimit`, reads the file on stdin, and
//! writes the text on stdout. The parent feeds it, reads at most [`Limits::max_output`] bytes
//! back, and kills it when [`Limits::time`] runs out. Every upload goes this way.

use std::{
    io::{Read, Write},
    os::unix::process::ExitStatusExt,
    path::Path,
    process::{ExitCode, Stdio},
    time::Duration,
};

use tokio::io::{AsyncReadExt, AsyncWriteExt};

use super::{DocumentType, ExtractError, MAX_TEXT_BYTES, checked, extract_in_process};

/// The hidden first argument that makes a binary act as the PDF child (see
/// [`child_main_if_requested`]).
pub const CHILD_ARG: &str = "__extract-document";

/// Exit code of a child that read the PDF and refused it (the reason is on stderr).
const REFUSED: i32 = 3;

/// The bounds of one extraction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The child's address-space limit (`RLIMIT_AS`).
    pub memory_bytes: u64,
    /// Wall-clock time before the parent kills the child (the CPU limit is the same).
    pub time: Duration,
    /// Most text accepted back.
    pub max_output: usize,
}

impl Default for Limits {
    /// 1 GiB and 120 s: the 307-page Lyft 10-K needs about 150 MB and a few seconds.
    fn default() -> Self {
        Limits {
            memory_bytes: 1024 * 1024 * 1024,
            time: Duration::from_secs(120),
            max_output: MAX_TEXT_BYTES,
        }
    }
}

/// Call first thing in `main`: when the process was started as the PDF child, does the
/// child's work and returns its exit code; otherwise `None` and the binary goes on.
pub fn child_main_if_requested() -> Option<ExitCode> {
    let mut args = std::env::args_os().skip(1);
    if args.next()? != CHILD_ARG {
        return None;
    }
    let kind = args.next().and_then(|a| DocumentType::parse(a.to_str()?));
    let memory = args.next().and_then(|a| a.to_str()?.parse::<u64>().ok());
    let seconds = args.next().and_then(|a| a.to_str()?.parse::<u64>().ok());
    let Some(kind) = kind else {
        eprintln!("usage: {CHILD_ARG} pdf|txt|html|xml MEMORY_BYTES CPU_SECONDS < file");
        return Some(ExitCode::FAILURE);
    };
    Some(child_main(kind, memory, seconds))
}

fn child_main(kind: DocumentType, memory: Option<u64>, seconds: Option<u64>) -> ExitCode {
    let limited = memory
        .map_or(Ok(()), |m| rlimit::setrlimit(rlimit::Resource::AS, m, m))
        .and_then(|()| {
            seconds.map_or(Ok(()), |s| {
                rlimit::setrlimit(rlimit::Resource::CPU, s, s + 1)
            })
        });
    if let Err(err) = limited {
        eprintln!("could not set the extractor's limits: {err}");
        return ExitCode::FAILURE;
    }
    let mut bytes = Vec::new();
    if let Err(err) = std::io::stdin().read_to_end(&mut bytes) {
        eprintln!("could not read the file: {err}");
        return ExitCode::FAILURE;
    }
    match extract_in_process(kind, &bytes) {
        Ok(text) => {
            let mut stdout = std::io::stdout().lock();
            if stdout
                .write_all(text.as_bytes())
                .and_then(|()| stdout.flush())
                .is_err()
            {
                return ExitCode::FAILURE;
            }
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprint!("{err}");
            ExitCode::from(REFUSED as u8)
        }
    }
}

/// The text of `bytes` of type `kind`, read by `program` (a binary that calls
/// [`child_main_if_requested`]) within `limits`. `Err` is for the job to retry (the child
/// could not be started); `Ok(Err(..))` is the document's fault, with the reason to store.
pub async fn extract(
    program: &Path,
    kind: DocumentType,
    bytes: Vec<u8>,
    limits: Limits,
) -> std::io::Result<Result<String, ExtractError>> {
    let mut child = tokio::process::Command::new(program)
        .arg(CHILD_ARG)
        .arg(kind.as_str())
        .arg(limits.memory_bytes.to_string())
        .arg(limits.time.as_secs().max(1).to_string())
        .env("RUST_BACKTRACE", "0")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()?;
    let (Some(mut stdin), Some(stdout), Some(stderr)) =
        (child.stdin.take(), child.stdout.take(), child.stderr.take())
    else {
        return Err(std::io::Error::other("the extraction child has no pipes"));
    };
    let feed = async move {
        // The child may stop reading early (refused header): a broken pipe is its answer.
        let _ = stdin.write_all(&bytes).await;
        drop(stdin);
    };
    let mut text = Vec::new();
    let mut reason = Vec::new();
    let mut stdout = stdout.take(limits.max_output as u64 + 1);
    let mut stderr = stderr.take(4096);
    let read_text = stdout.read_to_end(&mut text);
    let read_reason = stderr.read_to_end(&mut reason);
    let run = async {
        let (_, text_read, reason_read) = tokio::join!(feed, read_text, read_reason);
        text_read?;
        reason_read?;
        std::io::Result::Ok(())
    };
    let finished = tokio::time::timeout(limits.time, run).await;
    if finished.is_err() {
        let _ = child.kill().await;
        return Ok(Err(too_slow(limits)));
    }
    if text.len() > limits.max_output {
        let _ = child.kill().await;
        return Ok(Err(ExtractError::new(
            "This file holds more text than we index for one file.",
        )));
    }
    let status = child.wait().await?;
    let reason = String::from_utf8_lossy(&reason).trim().to_string();
    if status.success() {
        return Ok(checked(String::from_utf8_lossy(&text).into_owned()));
    }
    Ok(Err(failure(status, &reason, limits)))
}

/// Why the child stopped, in the admin's words.
fn failure(status: std::process::ExitStatus, reason: &str, limits: Limits) -> ExtractError {
    if status.code() == Some(REFUSED) {
        return ExtractError::new(reason);
    }
    let megabytes = limits.memory_bytes / (1024 * 1024);
    if reason.contains("memory allocation") || reason.contains("out of memory") {
        ExtractError::new(format!(
            "Reading this file needed more than {megabytes} MB of memory; it was stopped."
        ))
    } else if reason.contains("overflowed its stack") {
        ExtractError::new(
            "This file is nested too deeply to read (a malformed or hostile file); it was stopped.",
        )
    } else if status.signal() == Some(24) {
        // SIGXCPU: the CPU-time limit.
        too_slow(limits)
    } else {
        let detail = reason.lines().last().unwrap_or("no detail").to_string();
        ExtractError::new(format!(
            "The reader stopped on this file ({status}: {detail})."
        ))
    }
}

fn too_slow(limits: Limits) -> ExtractError {
    ExtractError::new(format!(
        "Reading this file took longer than {} seconds; it was stopped.",
        limits.time.as_secs_f64()
    ))
}
