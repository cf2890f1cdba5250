//! Syncing the card catalog from upstream (the swu-db API, or a local mirror of its responses).
//!
//! One code path for both: an [`Upstream`] answers `sets` and `cards/{SET}`; [`sync`] fetches
//! the set list and every set, checks each response (it parses, its records have the expected
//! fields and set, its count matches, no set shrinks by more than the threshold against the
//! previous catalog), loads the result as a catalog, and only then swaps it in for the old one.
//! Any failure leaves the previous catalog untouched and says what failed.

mod upstream;

pub use upstream::{DirUpstream, Fetched, HttpUpstream, Upstream, UpstreamError};

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::catalog::{CatalogError, load_dir, read_records};

/// The public card API deckcheck syncs from by default (`DECKCHECK_UPSTREAM` overrides it).
pub const DEFAULT_UPSTREAM: &str = "https://api.swu-db.com";

/// Knobs of a sync.
#[derive(Debug, Clone)]
pub struct SyncOptions {
    /// The largest fraction of its printings a set may lose against the previous catalog
    /// (default 0.10): upstream outages have served half-empty sets before.
    pub max_shrink: f64,
}

impl Default for SyncOptions {
    fn default() -> Self {
        Self { max_shrink: 0.10 }
    }
}

/// What failed; the previous catalog is untouched in every case.
#[derive(Debug, thiserror::Error)]
pub enum SyncError {
    #[error(transparent)]
    Upstream(#[from] UpstreamError),
    #[error("the set list from {source_name} is not usable: {reason}")]
    SetList { source_name: String, reason: String },
    #[error("set {set}: {reason}")]
    BadSet { set: String, reason: String },
    #[error(
        "set {set} shrank from {before} to {after} printings (more than {max_percent}%); refusing to replace the catalog"
    )]
    Shrink {
        set: String,
        before: usize,
        after: usize,
        max_percent: u32,
    },
    #[error("the synced catalog does not load: {0}")]
    Catalog(#[from] CatalogError),
    #[error("cannot write {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

fn io_error(path: &Path) -> impl FnOnce(std::io::Error) -> SyncError + '_ {
    move |source| SyncError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// What a sync did.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Manifest {
    /// When the sync finished (UTC, RFC 3339).
    pub synced_at: String,
    /// Where the data came from.
    pub source: String,
    pub sets: BTreeMap<String, SetEntry>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SetEntry {
    pub printings: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub etag: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_modified: Option<String>,
    /// The upstream answered "not modified"; the previous file was kept.
    #[serde(default)]
    pub unchanged: bool,
}

const MANIFEST: &str = "_manifest.json";
const SET_LIST: &str = "_sets.json";

/// The set list: the API's `[{"setId": "SOR", ...}]`, or plain codes.
fn set_codes(source_name: &str, bytes: &[u8]) -> Result<Vec<String>, SyncError> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Item {
        Code(String),
        Api {
            #[serde(rename = "setId", alias = "id", alias = "code")]
            set_id: String,
        },
    }
    let bad = |reason: String| SyncError::SetList {
        source_name: source_name.to_string(),
        reason,
    };
    let items: Vec<Item> = serde_json::from_slice(bytes).map_err(|e| bad(e.to_string()))?;
    let mut codes: Vec<String> = items
        .into_iter()
        .map(|i| match i {
            Item::Code(c) | Item::Api { set_id: c } => c.trim().to_ascii_uppercase(),
        })
        .filter(|c| !c.is_empty())
        .collect();
    codes.sort();
    codes.dedup();
    if codes.is_empty() {
        return Err(bad("it lists no sets".into()));
    }
    if let Some(bad_code) = codes
        .iter()
        .find(|c| c.len() > 8 || !c.chars().all(|ch| ch.is_ascii_alphanumeric()))
    {
        return Err(bad(format!("{bad_code:?} is not a set code")));
    }
    Ok(codes)
}

/// Syncs the catalog at `dest` from `upstream`. On success the new catalog is in place and its
/// manifest is returned; on any failure `dest` is as it was.
pub fn sync(
    dest: &Path,
    upstream: &dyn Upstream,
    options: &SyncOptions,
) -> Result<Manifest, SyncError> {
    recover_interrupted_swap(dest);
    let previous_manifest: Option<Manifest> = std::fs::read_to_string(dest.join(MANIFEST))
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok());
    let previous_counts = previous_counts(dest);

    let list = match upstream.get("sets", None)? {
        Fetched::Body { bytes, .. } => bytes,
        Fetched::NotModified => {
            std::fs::read(dest.join(SET_LIST)).map_err(io_error(&dest.join(SET_LIST)))?
        }
    };
    let codes = set_codes(&upstream.name(), &list)?;

    let parent = dest
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(parent).map_err(io_error(parent))?;
    let name = dest.file_name().and_then(|n| n.to_str()).unwrap_or("cards");
    let staging = parent.join(format!(".{name}.partial-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&staging);
    std::fs::create_dir_all(&staging).map_err(io_error(&staging))?;
    let result = fetch_into(
        &staging,
        dest,
        upstream,
        &codes,
        &list,
        previous_manifest.as_ref(),
        &previous_counts,
        options,
    )
    .and_then(|manifest| {
        // The ultimate check: the new files load as a catalog.
        load_dir(&staging, &|_| None)?;
        swap_in(&staging, dest)?;
        Ok(manifest)
    });
    if result.is_err() {
        let _ = std::fs::remove_dir_all(&staging);
    }
    result
}

#[expect(clippy::too_many_arguments)]
fn fetch_into(
    staging: &Path,
    dest: &Path,
    upstream: &dyn Upstream,
    codes: &[String],
    list: &[u8],
    previous: Option<&Manifest>,
    previous_counts: &BTreeMap<String, usize>,
    options: &SyncOptions,
) -> Result<Manifest, SyncError> {
    write_file(&staging.join(SET_LIST), list)?;
    let mut sets = BTreeMap::new();
    for code in codes {
        let prior = previous.and_then(|m| m.sets.get(code));
        let file = format!("{code}.json");
        let (bytes, etag, last_modified, unchanged) =
            match upstream.get(&format!("cards/{code}"), prior)? {
                Fetched::Body {
                    bytes,
                    etag,
                    last_modified,
                } => (bytes, etag, last_modified, false),
                Fetched::NotModified => {
                    let old = dest.join(&file);
                    let bytes = std::fs::read(&old).map_err(io_error(&old))?;
                    (
                        bytes,
                        prior.and_then(|p| p.etag.clone()),
                        prior.and_then(|p| p.last_modified.clone()),
                        true,
                    )
                }
            };
        let printings = check_set(code, &bytes)?;
        let before = previous_counts.get(code).copied().unwrap_or(0);
        if printings == 0 && before == 0 {
            // Listed upstream before it has cards (a preview set): nothing to keep yet.
            continue;
        }
        if before > 0 && (printings as f64) < (before as f64) * (1.0 - options.max_shrink) {
            return Err(SyncError::Shrink {
                set: code.clone(),
                before,
                after: printings,
                max_percent: (options.max_shrink * 100.0).round() as u32,
            });
        }
        write_file(&staging.join(&file), &bytes)?;
        sets.insert(
            code.clone(),
            SetEntry {
                printings,
                etag,
                last_modified,
                unchanged,
            },
        );
    }
    let manifest = Manifest {
        synced_at: jiff::Timestamp::now()
            .strftime("%Y-%m-%dT%H:%M:%SZ")
            .to_string(),
        source: upstream.name(),
        sets,
    };
    let text = serde_json::to_vec_pretty(&manifest).expect("a manifest serializes");
    write_file(&staging.join(MANIFEST), &text)?;
    Ok(manifest)
}

/// Checks one set's response: it parses, every record has the expected fields and belongs to
/// the set, and `total_cards` (when sent) matches. Returns the number of printings.
fn check_set(code: &str, bytes: &[u8]) -> Result<usize, SyncError> {
    let bad = |reason: String| SyncError::BadSet {
        set: code.to_string(),
        reason,
    };
    let text = std::str::from_utf8(bytes).map_err(|e| bad(format!("not UTF-8: {e}")))?;
    #[derive(Deserialize)]
    struct Total {
        total_cards: Option<u64>,
    }
    let records =
        read_records(Path::new(&format!("cards/{code}")), text).map_err(|e| bad(e.to_string()))?;
    if let Ok(Total {
        total_cards: Some(total),
    }) = serde_json::from_str::<Total>(text)
        && total as usize != records.len()
    {
        return Err(bad(format!(
            "the response says total_cards {total} but holds {} records",
            records.len()
        )));
    }
    if let Some((index, card)) = records
        .iter()
        .find(|(_, c)| !c.set.trim().eq_ignore_ascii_case(code))
    {
        return Err(bad(format!("record {index} belongs to set {:?}", card.set)));
    }
    Ok(records.len())
}

/// Printings per set in the catalog now at `dest` (empty when there is none).
fn previous_counts(dest: &Path) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    if let Ok(catalog) = load_dir(dest, &|_| None) {
        for p in catalog.printings() {
            *counts
                .entry(catalog.set_code(p.set).to_string())
                .or_insert(0) += 1;
        }
    }
    counts
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<(), SyncError> {
    use std::io::Write;
    let mut file = std::fs::File::create(path).map_err(io_error(path))?;
    file.write_all(bytes).map_err(io_error(path))?;
    file.sync_all().map_err(io_error(path))
}

fn old_path(dest: &Path) -> PathBuf {
    let name = dest.file_name().and_then(|n| n.to_str()).unwrap_or("cards");
    dest.with_file_name(format!(".{name}.old"))
}

/// Puts the staged catalog in place: the old one is moved aside, the new one renamed in, the
/// old one removed. Each rename is atomic; a crash between the two is repaired by the next
/// sync ([`recover_interrupted_swap`]).
fn swap_in(staging: &Path, dest: &Path) -> Result<(), SyncError> {
    let old = old_path(dest);
    let _ = std::fs::remove_dir_all(&old);
    let had_old = dest.exists();
    if had_old {
        std::fs::rename(dest, &old).map_err(io_error(dest))?;
    }
    if let Err(e) = std::fs::rename(staging, dest) {
        if had_old {
            let _ = std::fs::rename(&old, dest);
        }
        return Err(SyncError::Io {
            path: dest.to_path_buf(),
            source: e,
        });
    }
    let _ = std::fs::remove_dir_all(&old);
    Ok(())
}

/// If a swap was interrupted after the old catalog was moved aside, puts it back.
pub fn recover_interrupted_swap(dest: &Path) {
    let old = old_path(dest);
    if !dest.exists() && old.exists() {
        let _ = std::fs::rename(&old, dest);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_lists_in_the_api_shape_or_as_codes_are_read() {
        let api = br#"[{"setId": "sor", "fullName": "Spark of Rebellion"}, {"setId": "SHD"}]"#;
        assert_eq!(set_codes("x", api).unwrap(), ["SHD", "SOR"]);
        assert_eq!(
            set_codes("x", br#"["LAW", "ASH"]"#).unwrap(),
            ["ASH", "LAW"]
        );
        assert!(set_codes("x", b"[]").is_err());
        assert!(set_codes("x", br#"["../etc"]"#).is_err());
        assert!(set_codes("x", b"<html>").is_err());
    }

    #[test]
    fn a_set_response_must_hold_what_it_says() {
        let ok =
            br#"{"total_cards": 1, "data": [{"Set":"SOR","Number":"1","Name":"A","Type":"Unit"}]}"#;
        assert_eq!(check_set("SOR", ok).unwrap(), 1);
        let short =
            br#"{"total_cards": 2, "data": [{"Set":"SOR","Number":"1","Name":"A","Type":"Unit"}]}"#;
        assert!(
            check_set("SOR", short)
                .unwrap_err()
                .to_string()
                .contains("total_cards 2")
        );
        let other =
            br#"{"total_cards": 1, "data": [{"Set":"SHD","Number":"1","Name":"A","Type":"Unit"}]}"#;
        assert!(check_set("SOR", other).is_err());
        let truncated = br#"{"total_cards": 1, "data": [{"Set":"SOR","Num"#;
        assert!(check_set("SOR", truncated).is_err());
    }
}
