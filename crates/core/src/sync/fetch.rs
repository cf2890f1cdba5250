//! Where a sync reads from: the contract of an upstream ([`Fetch`]), its errors, and the one
//! upstream that needs no network, a local directory ([`DirFetch`]).
//!
//! The HTTP upstream lives in its own crate (`deckcheck-fetch`), used only by the binary: core,
//! the games, their benchmarks and the fuzz targets link no network client. A library that may
//! sync (the service's first start) is handed an [`Open`] by its caller.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};

/// The validators of an earlier answer, for a conditional request.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Validators {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub etag: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_modified: Option<String>,
}

/// An answer: the body with its validators, or "not modified since the validators given".
#[derive(Debug)]
pub enum Fetched {
    Body {
        bytes: Vec<u8>,
        validators: Validators,
    },
    NotModified,
}

/// Why a fetch failed.
#[derive(Debug, thiserror::Error)]
pub enum FetchError {
    /// No connection (refused, reset, name not resolved, TLS refused): the HTTP client's words.
    #[error("{url}: cannot connect: {reason}")]
    Network { url: String, reason: String },
    #[error("{url}: no answer within {seconds} s")]
    Timeout { url: String, seconds: u64 },
    #[error("{url}: HTTP {status}")]
    Status { url: String, status: u16 },
    #[error("{url}: the body could not be read whole: {reason}")]
    Body { url: String, reason: String },
    /// The mirror has no file at that path.
    #[error("{}: no such file", .path.display())]
    NoSuchFile { path: PathBuf },
    /// The path asked for climbs out of the mirror: it is refused, and counts as absent.
    #[error("{}: no such file (the path leaves the mirror)", .path.display())]
    OutsideMirror { path: PathBuf },
    #[error("{}: not a directory", .path.display())]
    NotADirectory { path: PathBuf },
    /// A file of the mirror that is there but cannot be read.
    #[error("{}: {source}", .path.display())]
    Mirror {
        path: PathBuf,
        source: std::io::Error,
    },
}

impl FetchError {
    /// The upstream said it has no such file (HTTP 404, or no file in the mirror).
    pub fn is_not_found(&self) -> bool {
        match self {
            Self::Status { status, .. } => *status == 404,
            Self::NoSuchFile { .. } | Self::OutsideMirror { .. } => true,
            _ => false,
        }
    }
}

pub trait Fetch: Sync {
    /// For messages and the manifest: the URL or the mirror's path.
    fn name(&self) -> String;
    /// A file of the upstream, by its path relative to the base; `prior` holds the validators
    /// of the last sync's answer for it.
    fn get(&self, path: &str, prior: Option<&Validators>) -> Result<Fetched, FetchError>;
    /// The directory, when the source is a local mirror (a game may read its own layout).
    fn mirror(&self) -> Option<&Path> {
        None
    }
}

/// Opens an upstream named by the user (a URL or a directory) within `limits`, for the game
/// named last (its User-Agent): `deckcheck_fetch::fetch_from` is the one that reaches HTTP.
pub type Open =
    fn(upstream: &str, limits: HttpLimits, game: &str) -> Result<Box<dyn Fetch>, FetchError>;

/// Bounds on an HTTP upstream.
#[derive(Debug, Clone, Copy)]
pub struct HttpLimits {
    /// Connecting, per attempt.
    pub connect: Duration,
    /// One request whole, per attempt.
    pub request: Duration,
    pub attempts: u32,
    /// The first pause between attempts (doubled each time).
    pub backoff: Duration,
}

impl HttpLimits {
    /// For `deckcheck sync`: patient.
    pub const SYNC: Self = Self {
        connect: Duration::from_secs(10),
        request: Duration::from_secs(60),
        attempts: 3,
        backoff: Duration::from_millis(500),
    };
    /// For `serve`'s first start, where someone is waiting: seconds, not minutes.
    pub const INTERACTIVE: Self = Self {
        connect: Duration::from_secs(5),
        request: Duration::from_secs(15),
        attempts: 2,
        backoff: Duration::from_millis(300),
    };
}

/// A local directory holding the upstream's files at the same paths.
pub struct DirFetch {
    dir: PathBuf,
}

impl DirFetch {
    pub fn new(dir: &Path) -> Result<Self, FetchError> {
        if !dir.is_dir() {
            return Err(FetchError::NotADirectory {
                path: dir.to_path_buf(),
            });
        }
        Ok(Self {
            dir: dir.to_path_buf(),
        })
    }
}

impl Fetch for DirFetch {
    fn name(&self) -> String {
        self.dir.display().to_string()
    }

    fn get(&self, path: &str, _prior: Option<&Validators>) -> Result<Fetched, FetchError> {
        let file = self.dir.join(path);
        if !super::is_safe_path(path) {
            return Err(FetchError::OutsideMirror { path: file });
        }
        match std::fs::read(&file) {
            Ok(bytes) => Ok(Fetched::Body {
                bytes,
                validators: Validators::default(),
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                Err(FetchError::NoSuchFile { path: file })
            }
            Err(source) => Err(FetchError::Mirror { path: file, source }),
        }
    }

    fn mirror(&self) -> Option<&Path> {
        Some(&self.dir)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mirror_answers_its_files_and_says_which_are_absent() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.json"), "[]").unwrap();
        let fetch = DirFetch::new(dir.path()).unwrap();
        assert!(matches!(
            fetch.get("a.json", None),
            Ok(Fetched::Body { bytes, .. }) if bytes == b"[]"
        ));
        for absent in ["b.json", "../a.json"] {
            let err = fetch.get(absent, None).unwrap_err();
            assert!(err.is_not_found(), "{absent}: {err}");
            assert!(err.to_string().contains("no such file"), "{err}");
        }
    }
}
