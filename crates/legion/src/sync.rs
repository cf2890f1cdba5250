//! Syncing Legion HQ's data the way users get it: `cards.json`, `battleForcesDict.js` and
//! `legionModes.js` from the legion-hq-web repository (raw files), or from a mirror holding
//! `cards.json`, `battleForces.json` and `legionModes.json`. The two JavaScript files are
//! plain object literals: they are read as JSON5 (no code is run) and stored as the JSON the
//! loader reads. Each file is checked as it arrives; the generic sync then loads the staged
//! directory whole, refuses a catalog that lost or shrank an item, and swaps atomically.

use std::collections::BTreeMap;
use std::path::Path;

use deckcheck_core::sync::{LoadError, Session, Source, SyncError};
use serde_json::Value;

use crate::catalog::{CARDS_FILE, Catalog, FORCES_FILE, MODES_FILE};

/// The repository and commit `shared/data/legion/SOURCES.md` names; another branch or commit
/// of the same repository is another upstream with the same paths.
pub const DEFAULT_UPSTREAM: &str = "https://raw.githubusercontent.com/TravisSClark/legion-hq-web/e3f8b5faafddb3efac95cf20974a6229c96bbf54";

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

/// The object literal of a JavaScript constants file (`const legionModes = {…};\nexport
/// default legionModes;`) as JSON.
fn js_object_to_json(text: &str) -> Result<Vec<u8>, String> {
    let start = text
        .find('{')
        .ok_or("no object literal (no `{`) in the file")?;
    let end = text.rfind('}').ok_or("the object literal is not closed")?;
    if end < start {
        return Err("the object literal is not closed".into());
    }
    let value: Value = json5::from_str(&text[start..=end])
        .map_err(|e| format!("not a plain object literal: {e}"))?;
    check_object(&value)?;
    serde_json::to_vec_pretty(&value).map_err(|e| e.to_string())
}

fn check_object(value: &Value) -> Result<(), String> {
    match value.as_object() {
        Some(map) if !map.is_empty() => Ok(()),
        Some(_) => Err("the object is empty".into()),
        None => Err("not a JSON object".into()),
    }
}

fn check_json(bytes: &[u8]) -> Result<(), String> {
    let value: Value = serde_json::from_slice(bytes).map_err(|e| format!("not valid JSON: {e}"))?;
    check_object(&value)
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
            let bad = |reason: String| SyncError::BadFile {
                file: file.local.to_string(),
                reason,
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
                    let text = std::str::from_utf8(&bytes).map_err(|e| bad(e.to_string()))?;
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
        Ok(())
    }

    fn inventory(&self, dir: &Path) -> Result<BTreeMap<String, usize>, LoadError> {
        Catalog::load(dir)
            .map(|c| c.inventory())
            .map_err(LoadError::new)
    }
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
    fn code_that_is_not_a_plain_object_is_refused() {
        assert!(js_object_to_json("const x = { a: f(1) };").is_err());
        assert!(js_object_to_json("export default 3;").is_err());
        assert!(js_object_to_json("const x = {};").is_err());
    }
}
