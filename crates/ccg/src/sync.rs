//! Syncing the card data from its two public repositories, through the core's safe sync
//! (staging, whole-load check, no removed or shrunk file unless allowed, atomic swap).
//!
//! The catalog directory keeps the mirror's layout: `gemp/…` for GEMP's files and
//! `swccg-card-json/…` for the card database's. Where those files are fetched from:
//!
//! - the default upstream, `https://raw.githubusercontent.com`: each file at its own repository's
//!   path, `PlayersCommittee/gemp-swccg-public/master/src/…/swccgFormats.json` and
//!   `swccgpc/swccg-card-json/main/Dark.json` (the two bases of the two repositories map onto
//!   the one host; [`crate::upstream::FILES`] lists every file with both its names);
//! - any other upstream (an HTTP server or a directory holding a mirror, such as
//!   `shared/data/swccg`): the mirror's layout, the local names themselves
//!   (`<base>/gemp/swccgFormats.json`, `<base>/swccg-card-json/Dark.json`).

use std::collections::BTreeMap;
use std::path::Path;

use deckcheck_core::sync::{LoadError, Session, Source, SyncError};

use crate::catalog::Catalog;
use crate::data::LegalityData;
use crate::game::Ccg;
use crate::upstream::{self, Blueprint, FILES, GempFormat, PcFile, PcSet, UpstreamError};

/// The public host of both repositories' raw files.
pub const GITHUB_RAW: &str = "https://raw.githubusercontent.com";

pub struct CcgSource;

/// Whether an upstream is GitHub's raw host (files at their repositories' paths) rather than a
/// mirror (files at their local names).
pub fn is_github(upstream: &str) -> bool {
    upstream
        .trim_end_matches('/')
        .eq_ignore_ascii_case(GITHUB_RAW)
}

/// Records in one upstream file; why not when it is not the file it should be.
fn records(local: &str, bytes: &[u8]) -> Result<usize, UpstreamError> {
    let n = match local {
        upstream::FORMATS => {
            let formats: Vec<GempFormat> = upstream::parse(local, bytes)?;
            for code in ["open", "classic"] {
                if !formats.iter().any(|f| f.code == code) {
                    return Err(UpstreamError::NoFormat {
                        file: local.to_string(),
                        code,
                    });
                }
            }
            formats.len()
        }
        upstream::GEMP_DARK | upstream::GEMP_LIGHT => {
            upstream::parse::<Vec<Blueprint>>(local, bytes)?.len()
        }
        upstream::PC_SETS => upstream::parse::<Vec<PcSet>>(local, bytes)?.len(),
        _ => upstream::parse::<PcFile>(local, bytes)?.cards.len(),
    };
    if n == 0 {
        return Err(UpstreamError::NoRecords {
            file: local.to_string(),
        });
    }
    Ok(n)
}

impl Source for CcgSource {
    fn game(&self) -> &'static str {
        "ccg"
    }

    fn default_upstream(&self) -> &'static str {
        GITHUB_RAW
    }

    fn fetch_all(&self, session: &mut Session<'_>) -> Result<(), SyncError> {
        let github = is_github(&session.fetch().name());
        for file in FILES {
            let path = if github {
                file.github_path()
            } else {
                file.local.to_string()
            };
            let bytes = session.get(&path, file.local)?;
            records(file.local, &bytes).map_err(|e| SyncError::BadFile {
                file: path.clone(),
                reason: e.to_string(),
            })?;
        }
        Ok(())
    }

    fn inventory(&self, dir: &Path) -> Result<BTreeMap<String, usize>, LoadError> {
        let data = LegalityData::embedded().map_err(LoadError::new)?;
        let catalog = Catalog::load(dir, &data.overlay()).map_err(LoadError::new)?;
        Ccg::new(catalog, data).map_err(LoadError::new)?;
        let files = upstream::Files::read(dir).map_err(LoadError::new)?;
        let mut items = BTreeMap::new();
        for (file, bytes) in FILES.iter().zip(files.all()) {
            let n = records(file.local, bytes).map_err(LoadError::new)?;
            items.insert(file.local.to_string(), n);
        }
        Ok(items)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_githubs_raw_host_uses_the_repositories_paths() {
        assert!(is_github("https://raw.githubusercontent.com/"));
        assert!(!is_github("http://127.0.0.1:8080"));
        assert!(!is_github("/work/shared/data/swccg"));
        let formats = FILES.iter().find(|f| f.local == upstream::FORMATS).unwrap();
        assert_eq!(
            formats.github_path(),
            "PlayersCommittee/gemp-swccg-public/master/src/gemp-swccg-server/src/main/resources/swccgFormats.json"
        );
    }

    #[test]
    fn a_file_of_the_wrong_shape_or_empty_is_refused() {
        assert!(records(upstream::PC_DARK, br#"{"cards": []}"#).is_err());
        assert!(records(upstream::PC_DARK, b"[1, 2]").is_err());
        assert!(matches!(
            records(
                upstream::FORMATS,
                br#"[{"code": "open", "name": "Open", "set": [1]}]"#
            ),
            Err(UpstreamError::NoFormat {
                code: "classic",
                ..
            })
        ));
        assert!(records(upstream::GEMP_DARK, b"<html>rate limited</html>").is_err());
    }
}
