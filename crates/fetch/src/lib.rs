//! The catalog sync's HTTP upstream: [`HttpFetch`] implements core's
//! [`Fetch`](deckcheck_core::sync::Fetch) with reqwest (rustls, ring: no system OpenSSL), with
//! timeouts, retries and conditional requests; [`fetch_from`] opens what the user named, a URL
//! or a directory.
//!
//! Only the binary depends on this crate. Core keeps the sync itself and the contract of an
//! upstream; the games, their benchmarks and the fuzz targets link no network client; the
//! service is handed [`fetch_from`] (a [`deckcheck_core::sync::Open`]) for its first start.

use std::path::Path;

use deckcheck_core::sync::{DirFetch, Fetch, FetchError, Fetched, HttpLimits, Validators};

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
