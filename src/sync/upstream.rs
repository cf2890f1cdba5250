//! Where a sync reads from: the swu-db API over HTTP, or a local mirror of its responses.
//! Both answer the same two questions, `sets` and `cards/{SET}`, with the same bytes.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::value::RawValue;

use super::SetEntry;
use crate::catalog::{find_card_files, is_card_file};

/// An answer: the body (with its validators), or "not modified since the validators given".
#[derive(Debug)]
pub enum Fetched {
    Body {
        bytes: Vec<u8>,
        etag: Option<String>,
        last_modified: Option<String>,
    },
    NotModified,
}

/// Why a fetch failed.
#[derive(Debug, thiserror::Error)]
pub enum UpstreamError {
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

pub trait Upstream {
    /// For messages and the manifest: the URL or the mirror's path.
    fn name(&self) -> String;
    /// `sets` or `cards/{SET}`; `prior` holds the validators of the last sync of that set.
    fn get(&self, path: &str, prior: Option<&SetEntry>) -> Result<Fetched, UpstreamError>;
}

/// The swu-db API (or anything serving the same paths), with timeouts, retries and
/// conditional requests.
pub struct HttpUpstream {
    base: String,
    client: reqwest::blocking::Client,
    attempts: u32,
    backoff: Duration,
    timeout: Duration,
}

impl HttpUpstream {
    /// `timeout` bounds each request whole; connecting is bounded by the smaller of it and 10 s.
    pub fn new(base: &str, timeout: Duration) -> Result<Self, UpstreamError> {
        // reqwest is built without a bundled crypto provider; ring is ours (no system OpenSSL).
        let _ = rustls::crypto::ring::default_provider().install_default();
        let client = reqwest::blocking::Client::builder()
            .user_agent(concat!(
                "deckcheck/",
                env!("CARGO_PKG_VERSION"),
                " (Star Wars: Unlimited deck legality checker; catalog sync)"
            ))
            .connect_timeout(timeout.min(Duration::from_secs(10)))
            .timeout(timeout)
            .build()
            .map_err(|e| UpstreamError::Network {
                url: base.to_string(),
                reason: e.to_string(),
            })?;
        Ok(Self {
            base: base.trim_end_matches('/').to_string(),
            client,
            attempts: 3,
            backoff: Duration::from_millis(500),
            timeout,
        })
    }

    /// Fewer attempts and a shorter pause between them (tests).
    pub fn with_retries(mut self, attempts: u32, backoff: Duration) -> Self {
        self.attempts = attempts.max(1);
        self.backoff = backoff;
        self
    }

    fn once(&self, url: &str, prior: Option<&SetEntry>) -> Result<Fetched, UpstreamError> {
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
            return Err(UpstreamError::Status {
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
        let etag = header(reqwest::header::ETAG);
        let last_modified = header(reqwest::header::LAST_MODIFIED);
        let bytes = response.bytes().map_err(|e| {
            if e.is_timeout() {
                self.timed_out(url)
            } else {
                UpstreamError::Body {
                    url: url.to_string(),
                    reason: e.to_string(),
                }
            }
        })?;
        Ok(Fetched::Body {
            bytes: bytes.to_vec(),
            etag,
            last_modified,
        })
    }

    fn timed_out(&self, url: &str) -> UpstreamError {
        UpstreamError::Timeout {
            url: url.to_string(),
            seconds: self.timeout.as_secs().max(1),
        }
    }

    fn classify(&self, url: &str, e: reqwest::Error) -> UpstreamError {
        if e.is_timeout() {
            self.timed_out(url)
        } else {
            UpstreamError::Network {
                url: url.to_string(),
                reason: std::error::Error::source(&e)
                    .map(|s| s.to_string())
                    .unwrap_or_else(|| e.to_string()),
            }
        }
    }
}

impl Upstream for HttpUpstream {
    fn name(&self) -> String {
        self.base.clone()
    }

    fn get(&self, path: &str, prior: Option<&SetEntry>) -> Result<Fetched, UpstreamError> {
        let url = format!("{}/{path}", self.base);
        let mut pause = self.backoff;
        let mut attempt = 1;
        loop {
            let result = self.once(&url, prior);
            // Retry what may pass: no connection, a timeout, a cut body, a server error, 429.
            let retry = match &result {
                Err(UpstreamError::Status { status, .. }) => *status >= 500 || *status == 429,
                Err(UpstreamError::Mirror { .. }) | Ok(_) => false,
                Err(_) => true,
            };
            if !retry || attempt >= self.attempts {
                return result;
            }
            std::thread::sleep(pause);
            pause *= 2;
            attempt += 1;
        }
    }
}

/// A directory of swu-db responses: per-set files (`SOR.json`, the API's answer byte for
/// byte) and/or a combined `all_cards.json`, which is split by set on the fly.
pub struct DirUpstream {
    dir: PathBuf,
    /// Set code → its own file, if it has one.
    files: BTreeMap<String, PathBuf>,
    /// The combined file's records by set, as raw JSON text.
    combined: BTreeMap<String, Vec<String>>,
}

impl DirUpstream {
    pub fn new(dir: &Path) -> Result<Self, UpstreamError> {
        let mirror_error = |reason: String| UpstreamError::Mirror {
            path: dir.to_path_buf(),
            reason,
        };
        if !dir.is_dir() {
            return Err(mirror_error("not a directory".into()));
        }
        let mut found = Vec::new();
        find_card_files(dir, 0, &mut found).map_err(|e| mirror_error(e.to_string()))?;
        let mut files = BTreeMap::new();
        let mut combined = None;
        for path in found.into_iter().filter(|p| is_card_file(p)) {
            let stem = path
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or_default();
            if stem == "all_cards" {
                combined = Some(path);
            } else {
                files.entry(stem.to_ascii_uppercase()).or_insert(path);
            }
        }
        if files.is_empty() && combined.is_none() {
            return Err(mirror_error(
                "holds no card files (all_cards.json or SET.json)".into(),
            ));
        }
        let combined = match combined {
            Some(path) => split_by_set(&path)?,
            None => BTreeMap::new(),
        };
        Ok(Self {
            dir: dir.to_path_buf(),
            files,
            combined,
        })
    }

    fn read(&self, path: &Path) -> Result<Vec<u8>, UpstreamError> {
        std::fs::read(path).map_err(|e| UpstreamError::Mirror {
            path: path.to_path_buf(),
            reason: e.to_string(),
        })
    }
}

/// A combined file's records grouped by set, as raw JSON text.
fn split_by_set(path: &Path) -> Result<BTreeMap<String, Vec<String>>, UpstreamError> {
    let mirror_error = |reason: String| UpstreamError::Mirror {
        path: path.to_path_buf(),
        reason,
    };
    let text = std::fs::read_to_string(path).map_err(|e| mirror_error(e.to_string()))?;
    let records: Vec<&RawValue> =
        serde_json::from_str(&text).map_err(|e| mirror_error(e.to_string()))?;
    #[derive(serde::Deserialize)]
    struct SetOf {
        #[serde(rename = "Set")]
        set: String,
    }
    let mut sets: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (index, record) in records.into_iter().enumerate() {
        let SetOf { set } = serde_json::from_str(record.get())
            .map_err(|e| mirror_error(format!("record {index}: {e}")))?;
        sets.entry(set.trim().to_ascii_uppercase())
            .or_default()
            .push(record.get().to_string());
    }
    Ok(sets)
}

impl Upstream for DirUpstream {
    fn name(&self) -> String {
        self.dir.display().to_string()
    }

    fn get(&self, path: &str, _prior: Option<&SetEntry>) -> Result<Fetched, UpstreamError> {
        let body = |bytes| {
            Ok(Fetched::Body {
                bytes,
                etag: None,
                last_modified: None,
            })
        };
        if path == "sets" {
            let mut codes: Vec<String> = self.files.keys().cloned().collect();
            codes.extend(self.combined.keys().cloned());
            codes.sort();
            codes.dedup();
            return body(serde_json::to_vec(&codes).expect("codes serialize"));
        }
        let Some(code) = path.strip_prefix("cards/") else {
            return Err(UpstreamError::Status {
                url: format!("{}/{path}", self.name()),
                status: 404,
            });
        };
        if let Some(file) = self.files.get(code) {
            return body(self.read(file)?);
        }
        match self.combined.get(code) {
            Some(records) => body(
                format!(
                    "{{\"total_cards\": {}, \"data\": [{}]}}",
                    records.len(),
                    records.join(",")
                )
                .into_bytes(),
            ),
            None => Err(UpstreamError::Status {
                url: format!("{}/{path}", self.name()),
                status: 404,
            }),
        }
    }
}
