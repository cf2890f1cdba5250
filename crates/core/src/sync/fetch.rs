//! Where a sync reads from: an upstream over HTTP, or a local directory of the same files.

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
    #[error("{url}: cannot connect: {reason}")]
    Network { url: String, reason: String },
    #[error("{url}: no answer within {seconds} s")]
    Timeout { url: String, seconds: u64 },
    #[error("{url}: HTTP {status}")]
    Status { url: String, status: u16 },
    #[error("{url}: the body could not be read whole: {reason}")]
    Body { url: String, reason: String },
    #[error("{path}: {reason}")]
    Mirror { path: PathBuf, reason: String },
}

impl FetchError {
    /// The upstream said it has no such file (HTTP 404, or no file in the mirror).
    pub fn is_not_found(&self) -> bool {
        match self {
            Self::Status { status, .. } => *status == 404,
            Self::Mirror { reason, .. } => reason.starts_with("no such file"),
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

/// An upstream over HTTP, with timeouts, retries and conditional requests.
pub struct HttpFetch {
    base: String,
    client: reqwest::blocking::Client,
    limits: HttpLimits,
}

impl HttpFetch {
    pub fn new(base: &str, limits: HttpLimits, game: &str) -> Result<Self, FetchError> {
        // reqwest is built without a bundled crypto provider; ring is ours (no system OpenSSL).
        let _ = rustls::crypto::ring::default_provider().install_default();
        let client = reqwest::blocking::Client::builder()
            .user_agent(format!(
                "deckcheck/{} (Star Wars deck legality checker; {game} catalog sync)",
                env!("CARGO_PKG_VERSION")
            ))
            .connect_timeout(limits.connect)
            .timeout(limits.request)
            .build()
            .map_err(|e| FetchError::Network {
                url: base.to_string(),
                reason: e.to_string(),
            })?;
        Ok(Self {
            base: base.trim_end_matches('/').to_string(),
            client,
            limits,
        })
    }

    fn once(&self, url: &str, prior: Option<&Validators>) -> Result<Fetched, FetchError> {
        let mut request = self.client.get(url);
        if let Some(etag) = prior.and_then(|p| p.etag.as_deref()) {
            request = request.header(reqwest::header::IF_NONE_MATCH, etag);
        }
        if let Some(date) = prior.and_then(|p| p.last_modified.as_deref()) {
            request = request.header(reqwest::header::IF_MODIFIED_SINCE, date);
        }
        let response = request.send().map_err(|e| self.classify(url, e))?;
        let status = response.status();
        if status == reqwest::StatusCode::NOT_MODIFIED && prior.is_some() {
            return Ok(Fetched::NotModified);
        }
        if !status.is_success() {
            return Err(FetchError::Status {
                url: url.to_string(),
                status: status.as_u16(),
            });
        }
        let header = |name| {
            response
                .headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .map(str::to_string)
        };
        let validators = Validators {
            etag: header(reqwest::header::ETAG),
            last_modified: header(reqwest::header::LAST_MODIFIED),
        };
        let bytes = response.bytes().map_err(|e| {
            if e.is_timeout() {
                self.timed_out(url)
            } else {
                FetchError::Body {
                    url: url.to_string(),
                    reason: e.to_string(),
                }
            }
        })?;
        Ok(Fetched::Body {
            bytes: bytes.to_vec(),
            validators,
        })
    }

    fn timed_out(&self, url: &str) -> FetchError {
        FetchError::Timeout {
            url: url.to_string(),
            seconds: self.limits.request.as_secs().max(1),
        }
    }

    fn classify(&self, url: &str, e: reqwest::Error) -> FetchError {
        if e.is_timeout() {
            self.timed_out(url)
        } else {
            FetchError::Network {
                url: url.to_string(),
                reason: std::error::Error::source(&e)
                    .map(|s| s.to_string())
                    .unwrap_or_else(|| e.to_string()),
            }
        }
    }
}

impl Fetch for HttpFetch {
    fn name(&self) -> String {
        self.base.clone()
    }

    fn get(&self, path: &str, prior: Option<&Validators>) -> Result<Fetched, FetchError> {
        let url = format!("{}/{path}", self.base);
        let mut pause = self.limits.backoff;
        let mut attempt = 1;
        loop {
            let result = self.once(&url, prior);
            // Retry what may pass: no connection, a cut body, a server error, 429. A timeout
            // is not retried: an upstream that does not answer in time will not answer sooner.
            let retry = match &result {
                Err(FetchError::Status { status, .. }) => *status >= 500 || *status == 429,
                Err(FetchError::Network { .. } | FetchError::Body { .. }) => true,
                _ => false,
            };
            if !retry || attempt >= self.limits.attempts {
                return result;
            }
            std::thread::sleep(pause);
            pause *= 2;
            attempt += 1;
        }
    }
}

/// A local directory holding the upstream's files at the same paths.
pub struct DirFetch {
    dir: PathBuf,
}

impl DirFetch {
    pub fn new(dir: &Path) -> Result<Self, FetchError> {
        if !dir.is_dir() {
            return Err(FetchError::Mirror {
                path: dir.to_path_buf(),
                reason: "not a directory".into(),
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
            return Err(FetchError::Mirror {
                path: file,
                reason: "no such file (the path leaves the mirror)".into(),
            });
        }
        match std::fs::read(&file) {
            Ok(bytes) => Ok(Fetched::Body {
                bytes,
                validators: Validators::default(),
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(FetchError::Mirror {
                path: file,
                reason: "no such file".into(),
            }),
            Err(e) => Err(FetchError::Mirror {
                path: file,
                reason: e.to_string(),
            }),
        }
    }

    fn mirror(&self) -> Option<&Path> {
        Some(&self.dir)
    }
}

/// An upstream named by the user: a URL (`http://`, `https://`) or a directory.
pub fn fetch_from(
    upstream: &str,
    limits: HttpLimits,
    game: &str,
) -> Result<Box<dyn Fetch>, FetchError> {
    if upstream.starts_with("http://") || upstream.starts_with("https://") {
        Ok(Box::new(HttpFetch::new(upstream, limits, game)?))
    } else {
        Ok(Box::new(DirFetch::new(Path::new(upstream))?))
    }
}
