//! Service configuration from the environment. Each variable, its default and why, here and in
//! the README; a value that cannot be read stops the start-up naming the variable.

use std::net::SocketAddr;
use std::path::PathBuf;

use crate::checker::default_cards_dir;

/// How logs are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    /// One human-readable line per event (default).
    Text,
    /// One JSON object per event, for log collectors.
    Json,
}

#[derive(Debug, Clone)]
pub struct Settings {
    /// `DECKCHECK_ADDR`, default `127.0.0.1:8080`: loopback only unless asked otherwise.
    pub addr: SocketAddr,
    /// `DECKCHECK_CARDS`, default [`default_cards_dir`].
    pub cards: PathBuf,
    /// `DECKCHECK_CARD_DATA`, default: the `card_data/` embedded in the binary.
    pub card_data: Option<PathBuf>,
    /// `DECKCHECK_BODY_LIMIT`, bytes, default 262144 (256 KiB): a deck list is a few KiB; a
    /// sealed pool with a deck stays far below.
    pub body_limit: usize,
    /// `DECKCHECK_BATCH_BODY_LIMIT`, bytes, default 16777216 (16 MiB): a roster of a few
    /// thousand decks.
    pub batch_body_limit: usize,
    /// `DECKCHECK_BATCH_LIMIT`, entries, default 5000: larger than any event's roster.
    pub batch_limit: usize,
    /// `DECKCHECK_LOG_FORMAT`, `text` (default) or `json`. `RUST_LOG` sets the level (info).
    pub log_format: LogFormat,
    /// `DECKCHECK_WORKERS`, default: one per core.
    pub workers: Option<usize>,
    /// `DECKCHECK_ADMIN_TOKEN`: the bearer token of the admin routes; unset disables them.
    pub admin_token: Option<String>,
    /// `DECKCHECK_UPSTREAM`, default `https://api.swu-db.com`: where `serve` syncs the catalog
    /// from when there is none yet (a URL, or a mirror directory).
    pub upstream: String,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            cards: default_cards_dir(),
            card_data: None,
            body_limit: 256 * 1024,
            batch_body_limit: 16 * 1024 * 1024,
            batch_limit: 5000,
            log_format: LogFormat::Text,
            workers: None,
            admin_token: None,
            upstream: crate::sync::DEFAULT_UPSTREAM.to_string(),
        }
    }
}

impl Settings {
    /// Reads the settings from the environment.
    pub fn from_env() -> Result<Self, String> {
        Self::from_lookup(|key| std::env::var(key).ok().filter(|v| !v.trim().is_empty()))
    }

    /// Reads the settings from any key-value source (tests pass a map).
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<Self, String> {
        let mut s = Self::default();
        fn parse<T: std::str::FromStr>(key: &str, value: &str) -> Result<T, String>
        where
            T::Err: std::fmt::Display,
        {
            value
                .trim()
                .parse()
                .map_err(|e| format!("{key}={value:?} cannot be read: {e}"))
        }
        if let Some(v) = get("DECKCHECK_ADDR") {
            s.addr = parse("DECKCHECK_ADDR", &v)?;
        }
        if let Some(v) = get("DECKCHECK_CARDS") {
            s.cards = PathBuf::from(v);
        }
        s.card_data = get("DECKCHECK_CARD_DATA").map(PathBuf::from);
        if let Some(v) = get("DECKCHECK_BODY_LIMIT") {
            s.body_limit = parse("DECKCHECK_BODY_LIMIT", &v)?;
        }
        if let Some(v) = get("DECKCHECK_BATCH_BODY_LIMIT") {
            s.batch_body_limit = parse("DECKCHECK_BATCH_BODY_LIMIT", &v)?;
        }
        if let Some(v) = get("DECKCHECK_BATCH_LIMIT") {
            s.batch_limit = parse("DECKCHECK_BATCH_LIMIT", &v)?;
        }
        if let Some(v) = get("DECKCHECK_LOG_FORMAT") {
            s.log_format = match v.trim().to_ascii_lowercase().as_str() {
                "text" => LogFormat::Text,
                "json" => LogFormat::Json,
                _ => return Err(format!("DECKCHECK_LOG_FORMAT={v:?}: use text or json")),
            };
        }
        if let Some(v) = get("DECKCHECK_WORKERS") {
            s.workers = Some(parse("DECKCHECK_WORKERS", &v)?);
        }
        s.admin_token = get("DECKCHECK_ADMIN_TOKEN");
        if let Some(v) = get("DECKCHECK_UPSTREAM") {
            s.upstream = v;
        }
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_setting_has_a_default_and_reads_from_its_variable() {
        let s = Settings::from_lookup(|_| None).unwrap();
        assert_eq!(s.addr.to_string(), "127.0.0.1:8080");
        assert_eq!(s.body_limit, 262_144);
        let s = Settings::from_lookup(|k| match k {
            "DECKCHECK_ADDR" => Some("0.0.0.0:9000".into()),
            "DECKCHECK_BODY_LIMIT" => Some("1024".into()),
            "DECKCHECK_LOG_FORMAT" => Some("JSON".into()),
            _ => None,
        })
        .unwrap();
        assert_eq!(
            (s.addr.port(), s.body_limit, s.log_format),
            (9000, 1024, LogFormat::Json)
        );
    }

    #[test]
    fn a_bad_value_names_its_variable() {
        let err = Settings::from_lookup(|k| (k == "DECKCHECK_BODY_LIMIT").then(|| "lots".into()))
            .unwrap_err();
        assert!(err.contains("DECKCHECK_BODY_LIMIT"), "{err}");
    }
}
