//! Idempotent writes (issue 35 item 3): a request that carries an `Idempotency-Key` has its
//! answer written in the very transaction of what it did, so a client that never got the answer
//! (the connection broke after the commit) sends the same request again with the same key and
//! gets that answer, the token in it too; a request with the same key and another body is
//! refused.
//!
//! The service runs a write inside [`recorded`], giving the request's [`Request`] and how to
//! make its answer from what the store returns; the store's write calls `record` with its
//! result just before it commits. Answers are kept 24 hours ([`KEEP`]). Neither the key nor
//! the answer can be read from the database alone: a row is named by the SHA-256 of the route,
//! who asked and the key, and its answer (which may hold a token, otherwise kept only as a hash)
//! is sealed with AES-256-GCM under a key derived from the client's key.

use std::any::Any;
use std::future::Future;
use std::sync::Mutex;

use base64::Engine as _;
use jiff::{SignedDuration, Timestamp};
use ring::aead::{AES_256_GCM, Aad, LessSafeKey, NONCE_LEN, Nonce, UnboundKey};
use sha2::{Digest, Sha256};

use crate::db::Tx;
use crate::error::StoreError;
use crate::repo::{self, IdempotentRow, Inserted};
use crate::store::Store;

/// How long an answer is kept for a retry.
pub const KEEP: SignedDuration = SignedDuration::from_hours(24);

/// A request that carries an `Idempotency-Key`, as the store names it.
#[derive(Clone)]
pub struct Request {
    /// SHA-256 of the scope and the key: the row's name.
    id: String,
    /// SHA-256 of the request as sent: the same key with another request is refused.
    request: String,
    /// The key the answer is sealed with, derived from the client's key.
    seal: [u8; 32],
}

impl std::fmt::Debug for Request {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Request").field("id", &self.id).finish()
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn digest(parts: &[&[u8]]) -> [u8; 32] {
    let mut h = Sha256::new();
    for part in parts {
        // Each part's length first: no two different lists of parts hash alike.
        h.update((part.len() as u64).to_le_bytes());
        h.update(part);
    }
    h.finalize().into()
}

impl Request {
    /// The request whose key is `key`, sent to `scope` (the route and who asked: a key is the
    /// client's own, never matched with another client's), its content `request` (method, path,
    /// query, body).
    pub fn new(scope: &str, key: &str, request: &[u8]) -> Self {
        Self {
            id: hex(&digest(&[b"id", scope.as_bytes(), key.as_bytes()])),
            request: hex(&digest(&[b"request", request])),
            seal: digest(&[b"seal", scope.as_bytes(), key.as_bytes()]),
        }
    }

    fn sealed(&self, plain: &[u8]) -> Result<String, StoreError> {
        let key = LessSafeKey::new(
            UnboundKey::new(&AES_256_GCM, &self.seal)
                .map_err(|_| StoreError::Corrupt("an answer could not be sealed".into()))?,
        );
        let mut nonce = [0u8; NONCE_LEN];
        getrandom::fill(&mut nonce)
            .map_err(|e| StoreError::Corrupt(format!("no randomness to seal an answer: {e}")))?;
        let mut out = plain.to_vec();
        key.seal_in_place_append_tag(Nonce::assume_unique_for_key(nonce), Aad::empty(), &mut out)
            .map_err(|_| StoreError::Corrupt("an answer could not be sealed".into()))?;
        let mut all = nonce.to_vec();
        all.extend_from_slice(&out);
        Ok(base64::engine::general_purpose::STANDARD.encode(all))
    }

    fn opened(&self, text: &str) -> Result<Vec<u8>, StoreError> {
        let corrupt = || StoreError::Corrupt("a stored answer cannot be opened".into());
        let all = base64::engine::general_purpose::STANDARD
            .decode(text)
            .map_err(|_| corrupt())?;
        if all.len() < NONCE_LEN {
            return Err(corrupt());
        }
        let (nonce, sealed) = all.split_at(NONCE_LEN);
        let key =
            LessSafeKey::new(UnboundKey::new(&AES_256_GCM, &self.seal).map_err(|_| corrupt())?);
        let nonce = Nonce::try_assume_unique_for_key(nonce).map_err(|_| corrupt())?;
        let mut buf = sealed.to_vec();
        let plain = key
            .open_in_place(nonce, Aad::empty(), &mut buf)
            .map_err(|_| corrupt())?;
        Ok(plain.to_vec())
    }
}

/// An answer as the client got it: its status and its (JSON) body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    pub status: u16,
    pub body: Vec<u8>,
}

/// What the store holds for a request's key.
#[derive(Debug, PartialEq, Eq)]
pub enum Found {
    /// Nothing (or only an answer older than [`KEEP`]): the request is new.
    Nothing,
    /// The answer the same request got.
    Same(Answer),
    /// The key was sent with another request.
    Other,
}

/// How a request's answer is made from what the store's write returns.
pub type Make = Box<dyn Fn(&dyn Any) -> Option<Answer> + Send + Sync>;

struct Recording {
    request: Request,
    make: Make,
    made: Mutex<Option<Answer>>,
}

tokio::task_local! {
    static RECORDING: Recording;
}

/// Runs `work` (a request's call of the store) so that the write it makes keeps the answer
/// `make` makes of its result under `request`, in its transaction; with it, the answer kept
/// (`None` when no write recorded one: `work` failed, or wrote nothing of that type).
pub async fn recorded<T, E, F: Future<Output = Result<T, E>>>(
    request: Request,
    make: Make,
    work: F,
) -> (Result<T, E>, Option<Answer>) {
    let recording = Recording {
        request,
        make,
        made: Mutex::new(None),
    };
    RECORDING
        .scope(recording, async {
            let out = work.await;
            let made = RECORDING.with(|r| r.made.lock().unwrap_or_else(|e| e.into_inner()).take());
            // Made in a write that did not commit: nothing was kept.
            let made = if out.is_ok() { made } else { None };
            (out, made)
        })
        .await
}

/// Inside a write about to commit: when the request carries a key, its answer (made from
/// `result`) is written now, so it commits with what the write did. Another request with the
/// same key that wrote first makes this write fail (and roll back).
pub(crate) async fn record<T: Any>(
    tx: &mut Tx,
    now: Timestamp,
    result: &T,
) -> Result<(), StoreError> {
    let made = RECORDING
        .try_with(|r| {
            (r.make)(result).map(|answer| {
                r.request.sealed(&answer.body).map(|sealed| {
                    (
                        IdempotentRow {
                            id: r.request.id.clone(),
                            request: r.request.request.clone(),
                            status: i64::from(answer.status),
                            answer: sealed,
                            created_at: now.as_microsecond(),
                        },
                        answer,
                    )
                })
            })
        })
        .ok()
        .flatten()
        .transpose()?;
    let Some((row, answer)) = made else {
        return Ok(());
    };
    match repo::insert_idempotent(tx.conn(), &row).await? {
        Inserted::Yes => {
            RECORDING.with(|r| *r.made.lock().unwrap_or_else(|e| e.into_inner()) = Some(answer));
            Ok(())
        }
        Inserted::Taken => Err(StoreError::conflict(
            deckcheck_core::ErrorCode::IdempotencyKeyInUse,
            "another request with this Idempotency-Key was answered first; send it again to get that answer",
        )),
    }
}

impl Store {
    /// What the store holds for `request`'s key: the answer the same request got within
    /// [`KEEP`], another request's, or nothing. An answer older than that is forgotten now.
    pub async fn idempotent(&self, request: &Request, now: Timestamp) -> Result<Found, StoreError> {
        let pool = &self.db().pool;
        let Some((row, db_now)) = repo::idempotent(pool, self.backend(), &request.id).await? else {
            return Ok(Found::Nothing);
        };
        let now = self.db().decide(now, db_now);
        let written = Timestamp::from_microsecond(row.created_at)
            .map_err(|e| StoreError::Corrupt(format!("created_at: {e}")))?;
        if written.saturating_add(KEEP).is_ok_and(|until| until <= now) {
            sqlx::query("DELETE FROM idempotency_keys WHERE id = $1")
                .bind(&row.id)
                .execute(pool)
                .await?;
            return Ok(Found::Nothing);
        }
        if row.request != request.request {
            return Ok(Found::Other);
        }
        Ok(Found::Same(Answer {
            status: u16::try_from(row.status)
                .map_err(|e| StoreError::Corrupt(format!("status: {e}")))?,
            body: request.opened(&row.answer)?,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_is_sealed_under_the_clients_key_and_opened_only_with_it() {
        let a = Request::new("POST /v1/events", "key-1", b"{}");
        let sealed = a.sealed(br#"{"token":"dco_secret"}"#).unwrap();
        assert!(!sealed.contains("dco_secret"));
        assert_eq!(a.opened(&sealed).unwrap(), br#"{"token":"dco_secret"}"#);
        let other = Request::new("POST /v1/events", "key-2", b"{}");
        assert!(other.opened(&sealed).is_err());
        assert_ne!(a.id, other.id);
        let elsewhere = Request::new("POST /v1/events/code/X/players", "key-1", b"{}");
        assert_ne!(a.id, elsewhere.id, "a key is named within its route");
        assert!(!a.id.contains("key-1"));
    }
}
