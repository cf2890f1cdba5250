//! Fault hooks, for tests: make the store's writes fail as a full disk or a lost database
//! server would, or hold a write at a point inside its transaction so a test can kill the
//! process there (`kill -9` during publishing, inside the lock's transaction).
//!
//! Compiled only with the `faults` feature (tests; [`Point`], where a write may be held, is
//! named by the writes either way). Off unless a test turns them on (`Store::faults`), or the
//! process is started with `DECKCHECK_STORE_FAULTS` (for tests that run the binary), e.g.
//! `fail=full`, `fail=io`, `pause=lock:/tmp/marker`, `pause=publish:/tmp/marker` (several
//! separated by `;`). A pause writes its marker file, then holds the transaction open until the
//! marker is removed (or the process is killed).

#[cfg(feature = "faults")]
use std::path::PathBuf;
#[cfg(feature = "faults")]
use std::sync::Mutex;
#[cfg(feature = "faults")]
use std::sync::atomic::{AtomicBool, Ordering};
#[cfg(feature = "faults")]
use std::time::Duration;

#[cfg(feature = "faults")]
use crate::error::StoreError;

/// The variable a process reads its faults from.
#[cfg(feature = "faults")]
pub const FAULTS_ENV: &str = "DECKCHECK_STORE_FAULTS";

/// How writes fail.
#[cfg(feature = "faults")]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// An I/O error just before the commit (the transaction still open).
    Io,
    /// The database cannot take more: on SQLite the file cannot grow (as on a full disk:
    /// `SQLITE_FULL` where a write needs a page more); on PostgreSQL the server drops the
    /// connection in the middle of the transaction (as when it is stopped).
    Full,
    /// The write commits, then its answer is lost before the caller has it (a connection that
    /// breaks right after COMMIT reached the database): the caller is told the outcome is
    /// unknown.
    AfterCommit,
}

/// A place inside a write's transaction where a test can hold it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Point {
    /// The lock's transaction, after the event is marked locked, before the commit.
    Lock,
    /// Publishing's transaction, after half of the lists are written, before the commit.
    Publish,
}

#[cfg(feature = "faults")]
#[derive(Debug, Default)]
pub struct Faults {
    failure: Mutex<Option<Failure>>,
    /// Set once a failure was ever armed: from then on every write resets what a fault
    /// changed on its connection.
    touched: AtomicBool,
    pauses: Mutex<Vec<(Point, PathBuf)>>,
}

#[cfg(feature = "faults")]
impl Faults {
    /// From a specification (see the module): `fail=full;pause=lock:/tmp/marker`.
    pub fn from_spec(spec: &str) -> Result<Self, StoreError> {
        let faults = Self::default();
        for part in spec.split(';').map(str::trim).filter(|p| !p.is_empty()) {
            let bad = || {
                StoreError::invalid(
                    FAULTS_ENV,
                    format!(
                        "{part:?}: give fail=io, fail=full, fail=after-commit, pause=lock:FILE or pause=publish:FILE"
                    ),
                )
            };
            match part.split_once('=').ok_or_else(bad)? {
                ("fail", "io") => faults.fail_writes(Some(Failure::Io)),
                ("fail", "full") => faults.fail_writes(Some(Failure::Full)),
                ("fail", "after-commit") => faults.fail_writes(Some(Failure::AfterCommit)),
                ("pause", spot) => {
                    let (point, marker) = spot.split_once(':').ok_or_else(bad)?;
                    let point = match point {
                        "lock" => Point::Lock,
                        "publish" => Point::Publish,
                        _ => return Err(bad()),
                    };
                    faults.pause_at(point, PathBuf::from(marker));
                }
                _ => return Err(bad()),
            }
        }
        Ok(faults)
    }

    /// The faults `DECKCHECK_STORE_FAULTS` names, if it is set.
    pub(crate) fn from_env() -> Result<Option<Self>, StoreError> {
        match std::env::var(FAULTS_ENV) {
            Ok(spec) if !spec.trim().is_empty() => {
                tracing::warn!(faults = %spec, "the event store's test fault hooks are on");
                Self::from_spec(&spec).map(Some)
            }
            _ => Ok(None),
        }
    }

    /// Makes every write fail as `failure` says, until called with `None`.
    pub fn fail_writes(&self, failure: Option<Failure>) {
        if failure.is_some() {
            self.touched.store(true, Ordering::SeqCst);
        }
        *self.failure.lock().unwrap_or_else(|e| e.into_inner()) = failure;
    }

    /// Holds the next write that reaches `point` there: it writes `marker`, then waits until
    /// the marker is removed.
    pub fn pause_at(&self, point: Point, marker: PathBuf) {
        self.pauses
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((point, marker));
    }

    pub(crate) fn failure(&self) -> Option<Failure> {
        *self.failure.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub(crate) fn touched(&self) -> bool {
        self.touched.load(Ordering::SeqCst)
    }

    /// A write reached `point`: held there if a test asked.
    pub(crate) async fn reached(&self, point: Point) {
        let marker = {
            let mut pauses = self.pauses.lock().unwrap_or_else(|e| e.into_inner());
            match pauses.iter().position(|(p, _)| *p == point) {
                Some(i) => pauses.remove(i).1,
                None => return,
            }
        };
        if let Err(e) = std::fs::write(&marker, format!("{point:?}\n")) {
            tracing::error!(marker = %marker.display(), error = %e, "a fault marker cannot be written");
            return;
        }
        while marker.exists() {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_specification_names_failures_and_pauses() {
        let f = Faults::from_spec("fail=full; pause=publish:/tmp/m").unwrap();
        assert_eq!(f.failure(), Some(Failure::Full));
        assert_eq!(f.pauses.lock().unwrap()[0].0, Point::Publish);
        for bad in ["fail=disk", "pause=lock", "pause=open:/x", "nothing"] {
            assert!(
                matches!(Faults::from_spec(bad), Err(StoreError::Invalid { .. })),
                "{bad}"
            );
        }
    }
}
