//! Syncing Legion HQ's data the way users get it: `cards.json`, `battleForcesDict.js` and
//! `legionModes.js` from the legion-hq-web repository (raw files), or from a mirror holding
//! `cards.json`, `battleForces.json` and `legionModes.json`. The two JavaScript files are
//! plain object literals: they are read as JSON5 (no code is run) and stored as the JSON the
//! loader reads. Each file is checked as it arrives; the generic sync then loads the staged
//! directory whole, refuses a catalog that lost or shrank an item, and swaps atomically.
//!
//! The default upstream is the repository's live branch (`master`), so that a sync brings what
//! Legion HQ's users have today (issue 36: a pinned commit of 2026-08-05 left cards due from
//! August to the fourth quarter of 2026 "not yet released" months after). The day the data is of
//! is read from the repository's history (GitHub's commits API, [`COMMITS`]: the last change to
//! `src/constants`) and kept in the manifest; the sync's answer names it.

use std::collections::BTreeMap;
use std::path::Path;

use deckcheck_core::sync::{LoadError, Session, Source, SyncError, Upstream};
use serde_json::Value;

use crate::catalog::{CARDS_FILE, Catalog, FORCES_FILE, MODES_FILE};

/// The repository `shared/data/legion/SOURCES.md` names, on its live branch; a commit of it
/// (`…/legion-hq-web/e3f8b5fa…`, the snapshot of 2026-08-05) is another upstream with the same
/// paths.
pub const DEFAULT_UPSTREAM: &str =
    "https://raw.githubusercontent.com/TravisSClark/legion-hq-web/master";

/// The repository's history on GitHub's API, for the day the data is of.
pub const COMMITS: Upstream = Upstream {
    name: "commits",
    default_upstream: "https://api.github.com/repos/TravisSClark/legion-hq-web",
    what: "the day Legion HQ's card data is of (the repository's last change to it)",
};

/// The last change to the card files on the live branch: `[{"sha", "commit": {"committer":
/// {"date"}}}]`.
const LAST_CHANGE: &str = "commits?sha=master&path=src/constants&per_page=1";

/// How often Legion HQ's card data usually changes: `src/constants/cards.json` changed on 104
/// days from 2025-01-04 to 2026-07-30, nine gaps in ten at most 14 days, the longest 55 (its
/// history at the commit of 2026-08-05). Data older than 30 days is likely behind it.
const UPDATE_INTERVAL: std::time::Duration = std::time::Duration::from_secs(30 * 24 * 3600);

pub struct LegionSource;

/// One file of the catalog: where it is upstream (the repository's path, then a mirror's
/// name), and what it is stored as.
struct File {
    local: &'static str,
    /// The repository's file: JSON, or a JavaScript object literal (`const x = {…}`).
    repo_path: &'static str,
    repo_is_js: bool,
}

const FILES: [File; 3] = [
    File {
        local: CARDS_FILE,
        repo_path: "src/constants/cards.json",
        repo_is_js: false,
    },
    File {
        local: FORCES_FILE,
        repo_path: "src/constants/battleForcesDict.js",
        repo_is_js: true,
    },
    File {
        local: MODES_FILE,
        repo_path: "src/constants/legionModes.js",
        repo_is_js: true,
    },
];

/// Why a fetched card file is not the data it should be.
#[derive(Debug, thiserror::Error)]
enum Unread {
    #[error("not UTF-8 text")]
    NotUtf8,
    #[error("no object literal (no `{{`) in the file")]
    NoObject,
    #[error("the object literal is not closed")]
    NotClosed,
    #[error("not a plain object literal: {0}")]
    NotPlain(#[from] json5::Error),
    #[error("not valid JSON: {0}")]
    NotJson(#[from] serde_json::Error),
    #[error("the object is empty")]
    Empty,
    #[error("not a JSON object")]
    NotAnObject,
}

/// The object literal of a JavaScript constants file (`const legionModes = {…};\nexport
/// default legionModes;`) as JSON.
fn js_object_to_json(text: &str) -> Result<Vec<u8>, Unread> {
    let start = text.find('{').ok_or(Unread::NoObject)?;
    let end = text.rfind('}').ok_or(Unread::NotClosed)?;
    if end < start {
        return Err(Unread::NotClosed);
    }
    let value: Value = json5::from_str(&text[start..=end])?;
    check_object(&value)?;
    Ok(serde_json::to_vec_pretty(&value)?)
}

fn check_object(value: &Value) -> Result<(), Unread> {
    match value.as_object() {
        Some(map) if !map.is_empty() => Ok(()),
        Some(_) => Err(Unread::Empty),
        None => Err(Unread::NotAnObject),
    }
}

fn check_json(bytes: &[u8]) -> Result<(), Unread> {
    check_object(&serde_json::from_slice(bytes)?)
}

impl Source for LegionSource {
    fn game(&self) -> &'static str {
        "legion"
    }

    fn default_upstream(&self) -> &'static str {
        DEFAULT_UPSTREAM
    }

    fn fetch_all(&self, session: &mut Session<'_>) -> Result<(), SyncError> {
        for file in &FILES {
            let bad = |reason: Unread| SyncError::BadFile {
                file: file.local.to_string(),
                reason: reason.to_string(),
            };
            // The repository's layout first; a mirror has the loader's names.
            let js_local = file.repo_path.rsplit('/').next().unwrap_or(file.local);
            let repo_local = if file.repo_is_js {
                js_local
            } else {
                file.local
            };
            match session.get(file.repo_path, repo_local) {
                Ok(bytes) if file.repo_is_js => {
                    let text = std::str::from_utf8(&bytes).map_err(|_| bad(Unread::NotUtf8))?;
                    let json = js_object_to_json(text).map_err(bad)?;
                    session.put(file.local, &json)?;
                }
                Ok(bytes) => check_json(&bytes).map_err(bad)?,
                Err(SyncError::Fetch(e)) if e.is_not_found() => {
                    let bytes = session.get(file.local, file.local)?;
                    check_json(&bytes).map_err(bad)?;
                }
                Err(e) => return Err(e),
            }
        }
        last_change(session);
        Ok(())
    }

    fn also_from(&self) -> &'static [Upstream] {
        &[COMMITS]
    }

    fn update_interval(&self) -> Option<std::time::Duration> {
        Some(UPDATE_INTERVAL)
    }

    /// The day of the data: the repository's last change to it, as the sync read it; else, for
    /// a sync of the live branch, the sync's day; else (a mirror, or a sync of one, whose day
    /// nothing says) the snapshot the embedded `card_data/legion` describes (`army_building.toml`
    /// `snapshot`), as `../shared`'s is.
    fn data_date(&self, dir: &Path) -> Option<jiff::civil::Date> {
        let manifest = deckcheck_core::sync::read_manifest(dir);
        let live = manifest
            .as_ref()
            .filter(|m| m.snapshot.is_some() || m.source.trim_end_matches('/') == DEFAULT_UPSTREAM)
            .and_then(|m| m.data_date());
        live.or_else(|| {
            crate::data::LegionData::embedded()
                .ok()
                .map(|d| d.army.snapshot)
        })
    }

    fn inventory(&self, dir: &Path) -> Result<BTreeMap<String, usize>, LoadError> {
        Catalog::load(dir)
            .map(|c| c.inventory())
            .map_err(LoadError::new)
    }
}

/// Records the day of the repository's last change to the card files, when its history answers
/// (GitHub's API, or a server of one's own at the same path). Without it the sync goes on: the
/// files are what counts, and the manifest's sync time stands for their day.
fn last_change(session: &mut Session<'_>) {
    let Some(history) = session.also_from(COMMITS.name) else {
        return;
    };
    let local = "_commits.json";
    let answer = session.get_from(history, LAST_CHANGE, local);
    session.discard(local);
    match answer.map(|b| commit_day(&b)) {
        Ok(Some(day)) => {
            session.progress(&format!("Legion HQ's card data is of {day}"));
            session.snapshot(day);
        }
        Ok(None) => session.progress(
            "the day of Legion HQ's card data could not be read (the answer names no commit with a readable date); the sync's day stands for it",
        ),
        Err(why) => session.progress(&format!(
            "the day of Legion HQ's card data could not be read ({why}); the sync's day stands for it"
        )),
    }
}

/// The day of the first commit of a GitHub commits answer, when it names one.
fn commit_day(bytes: &[u8]) -> Option<jiff::civil::Date> {
    let commits: Value = serde_json::from_slice(bytes).ok()?;
    let date = commits
        .get(0)?
        .pointer("/commit/committer/date")?
        .as_str()?;
    let at: jiff::Timestamp = date.parse().ok()?;
    Some(at.to_zoned(jiff::tz::TimeZone::UTC).date())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_javascript_constants_file_is_read_as_data() {
        let js = "/** doc */\nconst legionModes = {\n  \"standard mode\": {\n    name: 'Standard', // comment\n    maxPoints: 1000,\n    rankReqs: { commander: [1, 2], },\n  },\n};\n\nexport default legionModes;\n";
        let json: Value = serde_json::from_slice(&js_object_to_json(js).unwrap()).unwrap();
        assert_eq!(json["standard mode"]["maxPoints"], 1000);
        assert_eq!(json["standard mode"]["name"], "Standard");
    }

    #[test]
    fn the_day_of_the_last_change_is_read_from_the_repositorys_history() {
        let answer = br#"[{"sha": "e3f8b5fa", "commit": {"committer": {"date": "2026-08-06T01:20:26Z"}, "message": "Made changes"}}]"#;
        assert_eq!(commit_day(answer), Some(jiff::civil::date(2026, 8, 6)));
        assert_eq!(commit_day(b"[]"), None);
        assert_eq!(
            commit_day(br#"{"message": "API rate limit exceeded"}"#),
            None
        );
    }

    #[test]
    fn the_day_of_a_catalog_is_its_history_s_else_the_live_branch_sync_s_else_the_embedded_snapshot()
     {
        let manifest = |source: &str, snapshot: Option<&str>| {
            let dir = tempfile::tempdir().unwrap();
            let m = deckcheck_core::sync::Manifest {
                game: "legion".into(),
                synced_at: "2026-11-27T10:00:00Z".into(),
                source: source.into(),
                snapshot: snapshot.map(str::to_string),
                ..Default::default()
            };
            std::fs::write(
                dir.path().join(deckcheck_core::sync::MANIFEST),
                serde_json::to_vec(&m).unwrap(),
            )
            .unwrap();
            dir
        };
        let day = |dir: &tempfile::TempDir| LegionSource.data_date(dir.path()).unwrap();
        let date = jiff::civil::date;
        assert_eq!(
            day(&manifest("http://x", Some("2026-11-20"))),
            date(2026, 11, 20)
        );
        assert_eq!(day(&manifest(DEFAULT_UPSTREAM, None)), date(2026, 11, 27));
        // A sync of a mirror says nothing of its data's day; nor does a mirror itself.
        let embedded = crate::data::LegionData::embedded().unwrap().army.snapshot;
        assert_eq!(day(&manifest("/srv/legion-hq", None)), embedded);
        assert_eq!(day(&tempfile::tempdir().unwrap()), embedded);
    }

    #[test]
    fn code_that_is_not_a_plain_object_is_refused() {
        assert!(js_object_to_json("const x = { a: f(1) };").is_err());
        assert!(js_object_to_json("export default 3;").is_err());
        assert!(js_object_to_json("const x = {};").is_err());
    }
}
