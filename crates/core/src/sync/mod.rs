//! Syncing a game's card data from its public upstream, the way users get it, safely.
//!
//! One procedure for every game: the game's [`Source`] fetches its files through a
//! [`Session`] (conditional requests, each file checked as it arrives) into a staging
//! directory; the staged data must then load whole and hold everything the current data
//! holds (nothing removed unless the operator says so, nothing shrunk past a threshold);
//! only then does it become current, in one atomic step ([`store::CatalogDir`]). Any failure
//! leaves the current data as it was and says what failed.

mod fetch;
pub mod store;

pub use fetch::{DirFetch, Fetch, FetchError, Fetched, HttpLimits, Open, Validators};
pub use store::CatalogDir;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use serde::{Deserialize, Serialize};

/// What a game's data is made of upstream, and how to tell that a fetched copy is whole.
pub trait Source: Sync {
    /// The game's id, for messages and the User-Agent.
    fn game(&self) -> &'static str;
    /// The public upstream synced from by default.
    fn default_upstream(&self) -> &'static str;
    /// Fetches every file of a complete catalog into the session, checking each as it comes
    /// (it parses, it holds what it says).
    fn fetch_all(&self, session: &mut Session<'_>) -> Result<(), SyncError>;
    /// Loads a catalog directory whole (the ultimate check) and counts what it holds, per item
    /// an operator would name: SWU's sets, a file of cards. A sync that loses an item, or
    /// shrinks one past the threshold, is refused.
    fn inventory(&self, dir: &Path) -> Result<BTreeMap<String, usize>, LoadError>;
    /// Other upstreams part of the data comes from (SWU's card names in other languages: the
    /// official card database). The caller opens each ([`SyncOptions::also_from`]); one it does
    /// not open is not fetched from.
    fn also_from(&self) -> &'static [Upstream] {
        &[]
    }
    /// How often the upstream's data usually changes, by what its history shows: data older than
    /// this is likely behind it, and the service's start line says so (issue 36). `None`: an
    /// upstream that no longer changes, or whose pace is not known.
    fn update_interval(&self) -> Option<std::time::Duration> {
        None
    }
    /// The day a catalog directory's data is of: the upstream's own date of it where the sync
    /// recorded one ([`Manifest::snapshot`]), else the day it was synced; `None` for a directory
    /// no sync made (a mirror), unless the game knows its date otherwise.
    fn data_date(&self, dir: &Path) -> Option<jiff::civil::Date> {
        read_manifest(dir).and_then(|m| m.data_date())
    }
}

/// An upstream a game's data also comes from, beside its main one.
#[derive(Debug, Clone, Copy)]
pub struct Upstream {
    /// How options and messages name it: `names`.
    pub name: &'static str,
    /// Its public address.
    pub default_upstream: &'static str,
    /// What comes from it, in a few words, for help texts.
    pub what: &'static str,
}

impl Upstream {
    /// Where this upstream is fetched from when the game's main upstream is `main`: its own
    /// public address when `main` is the game's public one (`default`), else `main` itself (a
    /// mirror or a server of one's own holds both).
    pub fn beside(&self, main: &str, default: &str) -> String {
        if main.trim_end_matches('/') == default.trim_end_matches('/') {
            self.default_upstream.to_string()
        } else {
            main.to_string()
        }
    }
}

/// Why a catalog directory does not load whole: the game's own error, kept whole (its message
/// and its sources are the game's).
#[derive(Debug)]
pub struct LoadError(Box<dyn std::error::Error + Send + Sync>);

impl LoadError {
    /// A game's error; a loader that only has words may give a `String`.
    pub fn new(error: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> Self {
        Self(error.into())
    }
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for LoadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.source()
    }
}

/// Knobs of a sync.
pub struct SyncOptions<'a> {
    /// The largest fraction of its records an item may lose (default 0.10): upstream outages
    /// have served half-empty sets before.
    pub max_shrink: f64,
    /// Items the operator says may disappear (`--allow-removed SET`).
    pub allow_removed: Vec<String>,
    /// Bound on the whole sync; files still to fetch past it fail the sync.
    pub deadline: Option<Instant>,
    /// Told what is being fetched, for a person waiting.
    pub progress: &'a (dyn Fn(&str) + Sync),
    /// The languages of card names to fetch, where the game has names in several (SWU: `de`,
    /// `fr`, `it`, `es`; English always); `None`: every one.
    pub locales: Option<Vec<String>>,
    /// The other upstreams ([`Source::also_from`]) opened by the caller, by name.
    pub also_from: Vec<(&'static str, &'a dyn Fetch)>,
}

impl Default for SyncOptions<'_> {
    fn default() -> Self {
        Self {
            max_shrink: 0.10,
            allow_removed: Vec::new(),
            deadline: None,
            progress: &|_| {},
            locales: None,
            also_from: Vec::new(),
        }
    }
}

/// What failed; the current data is untouched in every case.
#[derive(Debug, thiserror::Error)]
pub enum SyncError {
    #[error(transparent)]
    Fetch(#[from] FetchError),
    #[error("{file}: {reason}")]
    BadFile { file: String, reason: String },
    #[error(
        "the upstream no longer has {} that the current catalog holds ({}); refusing to delete {}. If the removal is intended, sync again with {}",
        if .items.len() == 1 { "an item" } else { "items" },
        .items.join(", "),
        if .items.len() == 1 { "it" } else { "them" },
        .items.iter().map(|i| format!("--allow-removed {i}")).collect::<Vec<_>>().join(" ")
    )]
    Removed { items: Vec<String> },
    #[error(
        "{item} shrank from {before} to {after} records (more than {max_percent}%); refusing to replace the catalog"
    )]
    Shrink {
        item: String,
        before: usize,
        after: usize,
        max_percent: u32,
    },
    /// A paged upstream list whose pages hold another number of records than it announced
    /// (a page size the upstream capped, a page that came back empty): the sync would lose
    /// data without a word, so it fails and the current data stays (issue 36).
    #[error("{list}: the first page announced {announced} records, the pages hold {read}")]
    Incomplete {
        list: String,
        announced: usize,
        read: usize,
    },
    #[error("the synced data does not load: {0}")]
    Load(LoadError),
    /// The upstream answered "not modified" to a conditional request the last sync's manifest
    /// made possible, but that sync's copy of the file is gone.
    #[error("{path}: not modified, but there is no previous copy")]
    NoPreviousCopy { path: String },
    #[error("the sync took longer than allowed; stopped before {0}")]
    Deadline(String),
    #[error("{path}: {source}")]
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

/// What a sync did, kept beside the data it wrote.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Manifest {
    pub game: String,
    /// When the sync finished (UTC, RFC 3339).
    pub synced_at: String,
    /// Where the data came from.
    pub source: String,
    /// Each file by its local name.
    pub files: BTreeMap<String, FileEntry>,
    /// What the data holds, per item.
    pub items: BTreeMap<String, usize>,
    /// The day the upstream's data is of, where the source can tell (Legion HQ: the last change
    /// to its card files), `YYYY-MM-DD`; the sync's answer names it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub snapshot: Option<String>,
}

impl Manifest {
    /// The day the data is of: [`Manifest::snapshot`], else the day of the sync.
    pub fn data_date(&self) -> Option<jiff::civil::Date> {
        let day = |text: &str| text.get(..10)?.parse::<jiff::civil::Date>().ok();
        self.snapshot
            .as_deref()
            .and_then(day)
            .or_else(|| day(&self.synced_at))
    }
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct FileEntry {
    /// Its path upstream (empty for a file the game wrote from others).
    pub upstream: String,
    #[serde(flatten)]
    pub validators: Validators,
    /// The upstream answered "not modified"; the previous copy was kept.
    #[serde(default)]
    pub unchanged: bool,
}

pub const MANIFEST: &str = "_manifest.json";

/// Reads the manifest of a catalog directory, if it has one.
pub fn read_manifest(dir: &Path) -> Option<Manifest> {
    let text = std::fs::read_to_string(dir.join(MANIFEST)).ok()?;
    serde_json::from_str(&text).ok()
}

/// The outcome of the last sync at a catalog root, success or failure, whoever ran it (`deckcheck
/// sync` from a timer, a first start): the service reports it to operators. Kept in the root
/// beside the versions (`.last-sync`), never part of the data.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct LastSync {
    /// When the sync ended (UTC, RFC 3339).
    pub finished_at: String,
    pub ok: bool,
    /// Why it failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

pub const LAST_SYNC: &str = ".last-sync";

/// The last sync's outcome at a catalog root, if a sync ever ran there.
pub fn read_last_sync(root: &Path) -> Option<LastSync> {
    let text = std::fs::read_to_string(root.join(LAST_SYNC)).ok()?;
    serde_json::from_str(&text).ok()
}

/// Records a sync's outcome (best effort: a sync that could not write its data may not be
/// able to write this either; the data's state is what counts).
fn record_last_sync(root: &Path, result: &Result<Synced, SyncError>) {
    let last = LastSync {
        finished_at: jiff::Timestamp::now()
            .strftime("%Y-%m-%dT%H:%M:%SZ")
            .to_string(),
        ok: result.is_ok(),
        error: result.as_ref().err().map(ToString::to_string),
    };
    let text = serde_json::to_vec_pretty(&last).expect("a sync outcome serializes");
    let temporary = root.join(format!("{LAST_SYNC}.new"));
    if std::fs::write(&temporary, text).is_ok() {
        let _ = std::fs::rename(&temporary, root.join(LAST_SYNC));
    }
}

/// A relative path of plain names (letters, digits, `.`, `_`, `-`), nothing that climbs out.
pub fn is_safe_path(path: &str) -> bool {
    !path.is_empty()
        && path.split('/').all(|part| {
            !part.is_empty()
                && part != "."
                && part != ".."
                && part
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
        })
}

/// One sync at work: what a [`Source`] fetches through.
pub struct Session<'a> {
    fetch: &'a dyn Fetch,
    staging: PathBuf,
    previous: Option<PathBuf>,
    prior: Option<Manifest>,
    files: BTreeMap<String, FileEntry>,
    options: &'a SyncOptions<'a>,
    snapshot: Option<jiff::civil::Date>,
}

impl<'a> Session<'a> {
    /// The upstream fetched from.
    pub fn fetch(&self) -> &dyn Fetch {
        self.fetch
    }

    pub fn progress(&self, message: &str) {
        (self.options.progress)(message);
    }

    /// The languages of card names asked for (`None`: every one the game has).
    pub fn locales(&self) -> Option<&[String]> {
        self.options.locales.as_deref()
    }

    /// Another upstream of the game's data ([`Source::also_from`]), if the caller opened it.
    pub fn also_from(&self, name: &str) -> Option<&'a dyn Fetch> {
        self.options
            .also_from
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, f)| *f)
    }

    /// Fetches `path` from the upstream into the staged file `local`, asking conditionally
    /// when the last sync kept validators for it, and returns its bytes.
    pub fn get(&mut self, path: &str, local: &str) -> Result<Vec<u8>, SyncError> {
        self.get_from(self.fetch, path, local)
    }

    /// [`Session::get`] from another upstream (one of [`Session::also_from`]).
    pub fn get_from(
        &mut self,
        fetch: &dyn Fetch,
        path: &str,
        local: &str,
    ) -> Result<Vec<u8>, SyncError> {
        if self.options.deadline.is_some_and(|d| Instant::now() > d) {
            return Err(SyncError::Deadline(path.to_string()));
        }
        self.progress(&format!("fetching {path}"));
        let prior = self
            .prior
            .as_ref()
            .and_then(|m| m.files.get(local))
            .filter(|e| e.upstream == path);
        let (bytes, validators, unchanged) = match fetch.get(path, prior.map(|p| &p.validators))? {
            Fetched::Body { bytes, validators } => (bytes, validators, false),
            Fetched::NotModified => {
                let old = self
                    .previous
                    .as_ref()
                    .map(|p| p.join(local))
                    .ok_or_else(|| SyncError::NoPreviousCopy {
                        path: path.to_string(),
                    })?;
                let bytes = std::fs::read(&old).map_err(io_error(&old))?;
                let validators = prior.map(|p| p.validators.clone()).unwrap_or_default();
                (bytes, validators, true)
            }
        };
        self.write(local, &bytes)?;
        self.files.insert(
            local.to_string(),
            FileEntry {
                upstream: path.to_string(),
                validators,
                unchanged,
            },
        );
        Ok(bytes)
    }

    /// Writes a file the game made from what it fetched (a mirror's combined file split).
    pub fn put(&mut self, local: &str, bytes: &[u8]) -> Result<(), SyncError> {
        self.write(local, bytes)?;
        self.files.insert(local.to_string(), FileEntry::default());
        Ok(())
    }

    /// Records the day the upstream's data is of ([`Manifest::snapshot`]).
    pub fn snapshot(&mut self, day: jiff::civil::Date) {
        self.snapshot = Some(day);
    }

    /// Drops a staged file (a set listed upstream before it has cards).
    pub fn discard(&mut self, local: &str) {
        if self.files.remove(local).is_some() {
            let _ = std::fs::remove_file(self.staging.join(local));
        }
    }

    fn write(&self, local: &str, bytes: &[u8]) -> Result<(), SyncError> {
        use std::io::Write;
        if !is_safe_path(local) {
            return Err(SyncError::BadFile {
                file: local.to_string(),
                reason: "not a plain relative file name".into(),
            });
        }
        let path = self.staging.join(local);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(io_error(parent))?;
        }
        let mut file = std::fs::File::create(&path).map_err(io_error(&path))?;
        file.write_all(bytes).map_err(io_error(&path))?;
        file.sync_all().map_err(io_error(&path))
    }
}

/// What a sync did.
#[derive(Debug, Clone)]
pub struct Synced {
    pub manifest: Manifest,
    /// The version directory now current.
    pub dir: PathBuf,
}

/// Syncs `source`'s data at `root` from `fetch`. On success the new data is current; on any
/// failure `root` reads as it did.
pub fn sync(
    source: &dyn Source,
    fetch: &dyn Fetch,
    root: &Path,
    options: &SyncOptions<'_>,
) -> Result<Synced, SyncError> {
    let store = CatalogDir::new(root);
    let lock = store.lock().map_err(io_error(root))?;
    store.recover(&lock).map_err(io_error(root))?;
    let previous = Some(store.current()).filter(|dir| source.inventory(dir).is_ok());
    let before = match &previous {
        Some(dir) => source.inventory(dir).unwrap_or_default(),
        None => BTreeMap::new(),
    };
    let staging = store.staging(&lock).map_err(io_error(root))?;
    let mut session = Session {
        fetch,
        staging: staging.clone(),
        prior: previous.as_deref().and_then(read_manifest),
        previous,
        files: BTreeMap::new(),
        options,
        snapshot: None,
    };
    let result = source.fetch_all(&mut session).and_then(|()| {
        let after = source.inventory(&staging).map_err(SyncError::Load)?;
        compare(&before, &after, options)?;
        let manifest = Manifest {
            game: source.game().to_string(),
            synced_at: jiff::Timestamp::now()
                .strftime("%Y-%m-%dT%H:%M:%SZ")
                .to_string(),
            source: fetch.name(),
            files: std::mem::take(&mut session.files),
            items: after,
            snapshot: session.snapshot.map(|d| d.to_string()),
        };
        let text = serde_json::to_vec_pretty(&manifest).expect("a manifest serializes");
        session.write(MANIFEST, &text)?;
        let id = format!(
            "{}-{:08x}",
            jiff::Timestamp::now().strftime("%Y%m%dT%H%M%S%.fZ"),
            xxhash_rust::xxh3::xxh3_64(&text) as u32
        );
        let dir = store.commit(&lock, &staging, &id).map_err(io_error(root))?;
        Ok(Synced { manifest, dir })
    });
    if result.is_err() {
        let _ = std::fs::remove_dir_all(&staging);
    }
    record_last_sync(root, &result);
    result
}

/// Refuses a catalog that lost an item (unless allowed) or shrank one past the threshold.
fn compare(
    before: &BTreeMap<String, usize>,
    after: &BTreeMap<String, usize>,
    options: &SyncOptions<'_>,
) -> Result<(), SyncError> {
    let allowed = |item: &str| {
        options
            .allow_removed
            .iter()
            .any(|a| a.eq_ignore_ascii_case(item))
    };
    let removed: Vec<String> = before
        .keys()
        .filter(|item| !after.contains_key(*item) && !allowed(item))
        .cloned()
        .collect();
    if !removed.is_empty() {
        return Err(SyncError::Removed { items: removed });
    }
    for (item, &was) in before {
        let Some(&now) = after.get(item) else {
            continue;
        };
        if was > 0 && (now as f64) < (was as f64) * (1.0 - options.max_shrink) {
            return Err(SyncError::Shrink {
                item: item.clone(),
                before: was,
                after: now,
                max_percent: (options.max_shrink * 100.0).round() as u32,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game whose data is `list.txt` naming item files, each a number of lines.
    struct Lines;

    impl Source for Lines {
        fn game(&self) -> &'static str {
            "lines"
        }
        fn default_upstream(&self) -> &'static str {
            "https://example.invalid"
        }
        fn fetch_all(&self, session: &mut Session<'_>) -> Result<(), SyncError> {
            let list = session.get("list.txt", "list.txt")?;
            for item in String::from_utf8_lossy(&list).lines() {
                session.get(&format!("{item}.txt"), &format!("{item}.txt"))?;
            }
            Ok(())
        }
        fn inventory(&self, dir: &Path) -> Result<BTreeMap<String, usize>, LoadError> {
            let list = std::fs::read_to_string(dir.join("list.txt")).map_err(LoadError::new)?;
            list.lines()
                .map(|item| {
                    let text = std::fs::read_to_string(dir.join(format!("{item}.txt")))
                        .map_err(LoadError::new)?;
                    Ok((item.to_string(), text.lines().count()))
                })
                .collect()
        }
    }

    fn mirror(items: &[(&str, usize)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let names: Vec<&str> = items.iter().map(|(n, _)| *n).collect();
        std::fs::write(dir.path().join("list.txt"), names.join("\n")).unwrap();
        for (name, lines) in items {
            std::fs::write(dir.path().join(format!("{name}.txt")), "x\n".repeat(*lines)).unwrap();
        }
        dir
    }

    fn run(from: &Path, root: &Path, allow: &[&str]) -> Result<Synced, SyncError> {
        let options = SyncOptions {
            allow_removed: allow.iter().map(|s| s.to_string()).collect(),
            ..SyncOptions::default()
        };
        sync(&Lines, &DirFetch::new(from).unwrap(), root, &options)
    }

    #[test]
    fn a_sync_makes_a_versioned_catalog_with_its_manifest() {
        let up = mirror(&[("a", 10), ("b", 5)]);
        let root = tempfile::tempdir().unwrap();
        let synced = run(up.path(), root.path(), &[]).unwrap();
        assert_eq!(synced.manifest.items["a"], 10);
        assert_eq!(CatalogDir::new(root.path()).current(), synced.dir);
        assert!(read_manifest(&synced.dir).is_some());
    }

    #[test]
    fn an_item_missing_upstream_fails_the_sync_and_keeps_the_old_catalog() {
        let root = tempfile::tempdir().unwrap();
        let first = run(mirror(&[("a", 10), ("b", 5)]).path(), root.path(), &[]).unwrap();
        let err = run(mirror(&[("a", 10)]).path(), root.path(), &[]).unwrap_err();
        assert!(
            matches!(&err, SyncError::Removed { items } if items == &["b"]),
            "{err}"
        );
        assert!(err.to_string().contains("--allow-removed b"), "{err}");
        assert_eq!(CatalogDir::new(root.path()).current(), first.dir);
        let ok = run(mirror(&[("a", 10)]).path(), root.path(), &["B"]).unwrap();
        assert!(!ok.manifest.items.contains_key("b"));
    }

    #[test]
    fn each_sync_records_its_outcome_in_the_root_and_a_failed_first_one_is_still_a_first_start() {
        // Issue 29: the service reports the last sync's result, whoever ran it.
        let root = tempfile::tempdir().unwrap();
        assert!(read_last_sync(root.path()).is_none());
        let broken = mirror(&[("a", 10)]);
        std::fs::remove_file(broken.path().join("a.txt")).unwrap();
        assert!(run(broken.path(), root.path(), &[]).is_err());
        let failed = read_last_sync(root.path()).unwrap();
        assert!(!failed.ok && failed.error.is_some(), "{failed:?}");
        assert!(!CatalogDir::new(root.path()).holds_data());
        run(mirror(&[("a", 10)]).path(), root.path(), &[]).unwrap();
        let ok = read_last_sync(root.path()).unwrap();
        assert!(ok.ok && ok.error.is_none(), "{ok:?}");
    }

    #[test]
    fn an_item_that_shrinks_too_much_fails_the_sync() {
        let root = tempfile::tempdir().unwrap();
        run(mirror(&[("a", 10)]).path(), root.path(), &[]).unwrap();
        let err = run(mirror(&[("a", 8)]).path(), root.path(), &[]).unwrap_err();
        assert!(
            matches!(
                err,
                SyncError::Shrink {
                    before: 10,
                    after: 8,
                    ..
                }
            ),
            "{err}"
        );
    }

    #[test]
    fn a_failed_fetch_leaves_no_staging_behind() {
        let root = tempfile::tempdir().unwrap();
        let up = mirror(&[("a", 3)]);
        std::fs::write(up.path().join("list.txt"), "a\nmissing").unwrap();
        assert!(run(up.path(), root.path(), &[]).is_err());
        let left: Vec<_> = std::fs::read_dir(root.path())
            .unwrap()
            .filter_map(Result::ok)
            .filter(|e| e.file_name().to_string_lossy().starts_with(".staging"))
            .collect();
        assert!(left.is_empty());
    }

    #[test]
    fn paths_that_climb_out_are_refused() {
        assert!(is_safe_path("gemp/swccgFormats.json"));
        for bad in ["../x", "a/../b", "/etc/passwd", "", "a//b", "a b"] {
            assert!(!is_safe_path(bad), "{bad}");
        }
    }
}
