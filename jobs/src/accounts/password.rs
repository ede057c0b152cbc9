//! Password hashing: argon2id with the OWASP minimum parameters (19 MiB, 2 passes, 1 lane),
//! always off the async runtime. Verifying for an unknown user checks a dummy hash with the same
//! parameters, so "no such user" takes as long as "wrong password".
//!
//! Each hash needs 19 MiB and a core for a while, so hashing is gated: a
//! [`HashGate`] runs at most one hash per core but one at a time ([`default_hash_slots`]); a
//! request waits up to [`HASH_QUEUE_TIMEOUT`] for a slot and is then told to come back
//! ([`HashError::Busy`], a 503). The 19 MiB working
//! memory of each slot is allocated once and reused, so a burst of sign-ups cannot grow the
//! process (the allocator keeps freed 19 MiB blocks in per-thread arenas otherwise, and the
//! blocking pool has hundreds of threads).

use std::{
    sync::{Arc, Mutex},
    time::Duration,
};

use argon2::{
    Algorithm, Argon2, Block, Params, Version,
    password_hash::phc::{Output, ParamsString, PasswordHash as Phc, Salt},
};
use tokio::sync::Semaphore;

use super::Password;

/// A PHC string (`$argon2id$v=19$m=19456,t=2,p=1$...`), what `users.password` holds.
#[derive(Clone, PartialEq, Eq)]
pub struct PasswordHash(pub String);

impl std::fmt::Debug for PasswordHash {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PasswordHash(***)")
    }
}

impl PasswordHash {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// How long a request waits for a free hashing slot before it is answered 503.
pub const HASH_QUEUE_TIMEOUT: Duration = Duration::from_secs(5);

/// Why a password could not be hashed or checked.
#[derive(Debug, thiserror::Error)]
pub enum HashError {
    /// Every slot stayed busy for the queue timeout: answer 503, the client may retry.
    #[error("every password-hashing slot is busy")]
    Busy,
    #[error(transparent)]
    Failed(#[from] anyhow::Error),
}

/// Checked in place of a real hash when the username is unknown. Made with the same
/// parameters as real hashes (`Argon2::default()`), from a random password nobody knows.
const DUMMY_HASH: &str = "$argon2id$v=19$m=19456,t=2,p=1$hstgGBnQsGtsOwu2x3hqSw$sHjqCrrxrhM86yWvqp7xCeWKlE/OVtqqvt1/vD8vgZ8";

/// Salt bytes of a new hash (the PHC recommendation).
const SALT_LEN: usize = 16;

/// The hashing slots of one process and their reusable working memory.
#[derive(Debug)]
pub struct HashGate {
    slots: Arc<Semaphore>,
    memory: Mutex<Vec<Vec<Block>>>,
    queue_timeout: Duration,
}

/// Hashes that may run at once by default: one per core but one, so a burst of hashing
/// always leaves a core to answer everything else (at least one slot).
pub fn default_hash_slots() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1))
}

impl Default for HashGate {
    fn default() -> Self {
        HashGate::new(default_hash_slots(), HASH_QUEUE_TIMEOUT)
    }
}

impl HashGate {
    pub fn new(slots: usize, queue_timeout: Duration) -> Self {
        HashGate {
            slots: Arc::new(Semaphore::new(slots.max(1))),
            memory: Mutex::new(Vec::new()),
            queue_timeout,
        }
    }

    /// Hashes `password` with a fresh random salt, in a slot.
    pub async fn hash(self: &Arc<Self>, password: Password) -> Result<PasswordHash, HashError> {
        Ok(self
            .in_slot(move |memory| hash_with(&password, memory))
            .await??)
    }

    /// Whether `candidate` matches `stored`, in a slot; with no stored hash (unknown user) a
    /// dummy hash is checked anyway and the answer is `false`.
    pub async fn verify(
        self: &Arc<Self>,
        candidate: Password,
        stored: Option<String>,
    ) -> Result<bool, HashError> {
        self.in_slot(move |memory| verify_or_dummy(&candidate, stored.as_deref(), memory))
            .await
    }

    /// Runs `work` on the blocking pool once a slot is free, with the slot's memory.
    async fn in_slot<T: Send + 'static>(
        self: &Arc<Self>,
        work: impl FnOnce(&mut Vec<Block>) -> T + Send + 'static,
    ) -> Result<T, HashError> {
        let permit = tokio::time::timeout(self.queue_timeout, self.slots.clone().acquire_owned())
            .await
            .map_err(|_| HashError::Busy)?
            .map_err(|_| HashError::Busy)?;
        let gate = self.clone();
        // The permit moves into the blocking task: if the request is dropped (client gone),
        // the hash still runs to the end and keeps its slot until then.
        let value = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let mut memory = gate.take_memory();
            let value = work(&mut memory);
            gate.give_back(memory);
            value
        })
        .await
        .map_err(|err| anyhow::anyhow!("password hashing task: {err}"))?;
        Ok(value)
    }

    /// A slot's working memory (allocated on first use, then reused).
    fn take_memory(&self) -> Vec<Block> {
        self.memory
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .pop()
            .unwrap_or_else(|| vec![Block::new(); Params::DEFAULT.block_count()])
    }

    fn give_back(&self, mut memory: Vec<Block>) {
        // A stored hash with bigger parameters grew this one: keep only the usual size.
        memory.truncate(Params::DEFAULT.block_count());
        memory.shrink_to_fit();
        self.memory
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(memory);
    }
}

/// argon2id, v19, m=19456 KiB, t=2, p=1: the OWASP password storage minimum.
fn hasher() -> Argon2<'static> {
    Argon2::default()
}

/// Hashes `password` with a fresh random salt into `memory` (at least the default block count).
fn hash_with(password: &Password, memory: &mut [Block]) -> anyhow::Result<PasswordHash> {
    let argon = hasher();
    let salt_bytes: [u8; SALT_LEN] = rand::random();
    let salt = Salt::new(&salt_bytes).map_err(|e| anyhow::anyhow!("salt: {e}"))?;
    let mut out = [0u8; Params::DEFAULT_OUTPUT_LEN];
    let blocks = argon.params().block_count();
    argon
        .hash_password_into_with_memory(
            password.expose().as_bytes(),
            &salt,
            &mut out,
            &mut memory[..blocks],
        )
        .map_err(|e| anyhow::anyhow!("hashing a password: {e}"))?;
    let phc = Phc {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(argon.params())
            .map_err(|e| anyhow::anyhow!("hash parameters: {e}"))?,
        salt: Some(salt),
        hash: Some(Output::new(&out).map_err(|e| anyhow::anyhow!("hash output: {e}"))?),
    };
    Ok(PasswordHash(phc.to_string()))
}

/// Whether `candidate` hashes to the PHC string `stored`, computed in `memory` (a stored hash
/// with bigger parameters than ours gets its own memory). Malformed hashes never match.
fn verify_with(candidate: &Password, stored: &str, memory: &mut Vec<Block>) -> bool {
    let Ok(phc) = Phc::new(stored) else {
        return false;
    };
    let (Some(salt), Some(expected)) = (phc.salt.as_ref(), phc.hash.as_ref()) else {
        return false;
    };
    let Ok(algorithm) = Algorithm::try_from(phc.algorithm.as_str()) else {
        return false;
    };
    let version = match phc.version.map(Version::try_from).transpose() {
        Ok(v) => v.unwrap_or_default(),
        Err(_) => return false,
    };
    let Ok(params) = Params::try_from(&phc) else {
        return false;
    };
    let blocks = params.block_count();
    if memory.len() < blocks {
        memory.resize(blocks, Block::new());
    }
    let mut out = vec![0u8; expected.len()];
    let hashed = Argon2::new(algorithm, version, params).hash_password_into_with_memory(
        candidate.expose().as_bytes(),
        salt,
        &mut out,
        &mut memory[..blocks],
    );
    // `Output` compares in constant time.
    hashed.is_ok() && Output::new(&out).is_ok_and(|out| &out == expected)
}

/// Hashes `password` with a fresh random salt (blocking, outside the gate: for tools and
/// tests; requests use [`hash_password`]).
pub fn hash_password_blocking(password: &Password) -> anyhow::Result<PasswordHash> {
    hash_with(
        password,
        &mut vec![Block::new(); Params::DEFAULT.block_count()],
    )
}

/// Whether `candidate` matches `stored`; with no stored hash (unknown user) a dummy hash is
/// checked anyway and the answer is `false` (blocking, outside the gate).
pub fn verify_password_blocking(candidate: &Password, stored: Option<&str>) -> bool {
    verify_or_dummy(candidate, stored, &mut Vec::new())
}

/// The one rule for both: an unknown user (no stored hash) costs the same time as a known
/// one, so response times do not tell which names exist, and is never a match.
fn verify_or_dummy(candidate: &Password, stored: Option<&str>, memory: &mut Vec<Block>) -> bool {
    let matches = verify_with(candidate, stored.unwrap_or(DUMMY_HASH), memory);
    matches && stored.is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_verify_and_salts_differ() {
        let pw = Password::parse(Some("correct horse")).unwrap();
        let a = hash_password_blocking(&pw).unwrap();
        let b = hash_password_blocking(&pw).unwrap();
        assert!(
            a.as_str().starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{}",
            a.as_str()
        );
        assert_ne!(a, b);
        assert!(verify_password_blocking(&pw, Some(a.as_str())));
        let wrong = Password::parse(Some("wrong horse")).unwrap();
        assert!(!verify_password_blocking(&wrong, Some(a.as_str())));
        assert!(!verify_password_blocking(&pw, None));
        assert!(!verify_password_blocking(&pw, Some("not a phc string")));
    }

    #[test]
    fn hashes_are_standard_phc_strings_both_ways() {
        use argon2::password_hash::{PasswordHasher, PasswordVerifier};
        let pw = Password::parse(Some("correct horse")).unwrap();
        let ours = hash_password_blocking(&pw).unwrap();
        assert!(
            Argon2::default()
                .verify_password(pw.expose().as_bytes(), ours.as_str())
                .is_ok(),
            "the argon2 crate verifies our hash"
        );
        let theirs = Argon2::default()
            .hash_password(pw.expose().as_bytes())
            .unwrap()
            .to_string();
        assert!(verify_password_blocking(&pw, Some(&theirs)));
        let wrong = Password::parse(Some("wrong horse")).unwrap();
        assert!(!verify_password_blocking(&wrong, Some(&theirs)));
    }

    #[tokio::test]
    async fn the_gate_hashes_verifies_and_turns_away_when_full() {
        let gate = Arc::new(HashGate::new(1, Duration::from_millis(1)));
        let pw = Password::parse(Some("correct horse")).unwrap();
        let hash = gate.hash(pw.clone()).await.unwrap();
        assert!(gate.verify(pw.clone(), Some(hash.0.clone())).await.unwrap());
        assert!(!gate.verify(pw.clone(), None).await.unwrap());
        // Two at once on one slot with a 1 ms queue: one of them is turned away.
        let (a, b) = tokio::join!(
            gate.verify(pw.clone(), Some(hash.0.clone())),
            gate.verify(pw, Some(hash.0))
        );
        assert!(
            matches!(
                (&a, &b),
                (Ok(true), Err(HashError::Busy)) | (Err(HashError::Busy), Ok(true))
            ),
            "{a:?} {b:?}"
        );
    }

    #[test]
    fn the_dummy_hash_has_the_real_parameters() {
        let real = hash_password_blocking(&Password::parse(Some("whatever1")).unwrap()).unwrap();
        let params = |h: &str| h.split('$').take(4).collect::<Vec<_>>().join("$");
        assert_eq!(params(DUMMY_HASH), params(real.as_str()));
        assert!(argon2::password_hash::phc::PasswordHash::new(DUMMY_HASH).is_ok());
    }
}
