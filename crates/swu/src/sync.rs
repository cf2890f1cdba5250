//! Syncing the SWU card catalog from the public swu-db API (`/sets`, then `/cards/{SET}`), or
//! from a local mirror of its responses (per-set files and/or a combined `all_cards.json`), and
//! with it the card names in German, French, Italian and Spanish from the official card
//! database ([`names`]). The generic procedure ([`deckcheck_core::sync::sync`]) stages, checks
//! and swaps; this says what the catalog is made of and how to tell a response is whole.

mod names;

use std::collections::BTreeMap;
use std::path::Path;

use deckcheck_core::sync::{LoadError, Session, Source, SyncError, Upstream};
use serde::Deserialize;
use serde_json::value::RawValue;

use crate::catalog::localized::read_files;
use crate::catalog::{CatalogError, find_card_files, is_card_file, load_dir, read_records};

pub use names::UPSTREAM as NAMES_UPSTREAM;

/// The public card API deckcheck syncs from by default (`DECKCHECK_UPSTREAM` overrides it).
pub const DEFAULT_UPSTREAM: &str = "https://api.swu-db.com";

/// The swu-db API and mirrors of it.
pub struct SwuDb;

const SET_LIST: &str = "_sets.json";

impl Source for SwuDb {
    fn game(&self) -> &'static str {
        "swu"
    }

    fn default_upstream(&self) -> &'static str {
        DEFAULT_UPSTREAM
    }

    fn fetch_all(&self, session: &mut Session<'_>) -> Result<(), SyncError> {
        // The languages asked are checked before anything is fetched.
        let langs = names::languages(session.locales())?;
        if let Some(dir) = session.fetch().mirror().map(Path::to_path_buf) {
            from_mirror(&dir, session)?;
        } else {
            let list = session.get("sets", SET_LIST)?;
            for code in set_codes(&list)? {
                let file = format!("{code}.json");
                let bytes = session.get(&format!("cards/{code}"), &file)?;
                if check_set(&code, &bytes)? == 0 {
                    // Listed upstream before it has cards (a preview set): nothing to keep yet.
                    session.discard(&file);
                }
            }
        }
        names::fetch(session, &langs)
    }

    /// Each set's printings, and each set's names in each language (`SOR.de`).
    fn inventory(&self, dir: &Path) -> Result<BTreeMap<String, usize>, LoadError> {
        let catalog = load_dir(dir, &|_| None).map_err(LoadError::new)?;
        let mut counts = BTreeMap::new();
        for p in catalog.printings() {
            *counts
                .entry(catalog.set_code(p.set).to_string())
                .or_insert(0) += 1;
        }
        let names = read_files(dir, &mut |_| {})
            .map_err(|reason| LoadError::new(CatalogError::Names { reason }))?;
        for file in names {
            for (set, records) in &file.sets {
                counts.insert(format!("{set}.{}", file.locale.code()), records.len());
            }
        }
        Ok(counts)
    }

    fn also_from(&self) -> &'static [Upstream] {
        &[names::UPSTREAM]
    }
}

/// A mirror's card files, one file per set as the API would answer it (a combined
/// `all_cards.json` is split by set), and the set list they make. A set in both a set file and
/// the combined file keeps every printing of either (the set file's record where both have a
/// number): an export that left out foils, or a set file that lacks some Hyperspace printings,
/// never loses what the other holds.
fn from_mirror(dir: &Path, session: &mut Session<'_>) -> Result<(), SyncError> {
    let mirror_error = |reason: String| SyncError::BadFile {
        file: dir.display().to_string(),
        reason,
    };
    let mut files = Vec::new();
    find_card_files(dir, 0, &mut files).map_err(|e| mirror_error(e.to_string()))?;
    let mut sets: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut whole: BTreeMap<String, Vec<u8>> = BTreeMap::new();
    for path in files.into_iter().filter(|p| is_card_file(p)) {
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_string();
        let bytes =
            std::fs::read(&path).map_err(|e| mirror_error(format!("{}: {e}", path.display())))?;
        if stem == "all_cards" {
            for (set, records) in split_by_set(&path, &bytes)? {
                sets.entry(set).or_default().extend(records);
            }
        } else {
            whole.entry(stem.to_ascii_uppercase()).or_insert(bytes);
        }
    }
    if sets.is_empty() && whole.is_empty() {
        return Err(mirror_error(
            "holds no card files (all_cards.json or SET.json)".into(),
        ));
    }
    let mut codes: Vec<String> = sets.keys().chain(whole.keys()).cloned().collect();
    codes.sort();
    codes.dedup();
    session.put(
        SET_LIST,
        &serde_json::to_vec(&codes).expect("codes serialize"),
    )?;
    for code in codes {
        session.progress(&format!("reading set {code}"));
        let bytes = match (whole.remove(&code), sets.remove(&code)) {
            (Some(bytes), None) => bytes,
            (Some(bytes), Some(combined)) => union(&code, &bytes, combined)?,
            (None, records) => as_response(&records.unwrap_or_default()),
        };
        let file = format!("{code}.json");
        if check_set(&code, &bytes)? > 0 {
            session.put(&file, &bytes)?;
        }
    }
    Ok(())
}

/// Records as the API answers them for one set.
fn as_response(records: &[String]) -> Vec<u8> {
    format!(
        "{{\"total_cards\": {}, \"data\": [{}]}}",
        records.len(),
        records.join(",")
    )
    .into_bytes()
}

/// A set file's records, and the combined file's records of the same set whose numbers it does
/// not have.
fn union(code: &str, set_file: &[u8], combined: Vec<String>) -> Result<Vec<u8>, SyncError> {
    let bad = |reason: String| SyncError::BadFile {
        file: format!("{code}.json"),
        reason,
    };
    let text = std::str::from_utf8(set_file).map_err(|e| bad(format!("not UTF-8: {e}")))?;
    #[derive(Deserialize)]
    struct Number {
        #[serde(rename = "Number")]
        number: String,
    }
    #[derive(Deserialize)]
    struct Response<'a> {
        #[serde(borrow)]
        data: Vec<&'a RawValue>,
    }
    let records: Vec<&RawValue> = if text.trim_start().starts_with('[') {
        serde_json::from_str(text).map_err(|e| bad(e.to_string()))?
    } else {
        serde_json::from_str::<Response>(text)
            .map_err(|e| bad(e.to_string()))?
            .data
    };
    let number = |raw: &str| {
        serde_json::from_str::<Number>(raw)
            .ok()
            .map(|n| n.number.trim().to_ascii_uppercase())
    };
    let have: std::collections::HashSet<String> =
        records.iter().filter_map(|r| number(r.get())).collect();
    let mut out: Vec<String> = records.iter().map(|r| r.get().to_string()).collect();
    out.extend(
        combined
            .into_iter()
            .filter(|r| number(r).is_none_or(|n| !have.contains(&n))),
    );
    Ok(as_response(&out))
}

/// A combined file's records grouped by set, as raw JSON text.
fn split_by_set(path: &Path, bytes: &[u8]) -> Result<BTreeMap<String, Vec<String>>, SyncError> {
    let bad = |reason: String| SyncError::BadFile {
        file: path.display().to_string(),
        reason,
    };
    let records: Vec<&RawValue> = serde_json::from_slice(bytes).map_err(|e| bad(e.to_string()))?;
    #[derive(Deserialize)]
    struct SetOf {
        #[serde(rename = "Set")]
        set: String,
    }
    let mut sets: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (index, record) in records.into_iter().enumerate() {
        let SetOf { set } =
            serde_json::from_str(record.get()).map_err(|e| bad(format!("record {index}: {e}")))?;
        sets.entry(set.trim().to_ascii_uppercase())
            .or_default()
            .push(record.get().to_string());
    }
    Ok(sets)
}

/// The set list: the API's `[{"setId": "SOR", ...}]`, or plain codes.
fn set_codes(bytes: &[u8]) -> Result<Vec<String>, SyncError> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Item {
        Code(String),
        Api {
            #[serde(rename = "setId", alias = "id", alias = "code")]
            set_id: String,
        },
    }
    let bad = |reason: String| SyncError::BadFile {
        file: "sets".into(),
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

/// Checks one set's response: it parses, every record has the expected fields and belongs to
/// the set, and `total_cards` (when sent) matches. Returns the number of printings.
fn check_set(code: &str, bytes: &[u8]) -> Result<usize, SyncError> {
    let bad = |reason: String| SyncError::BadFile {
        file: format!("cards/{code}"),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_lists_in_the_api_shape_or_as_codes_are_read() {
        let api = br#"[{"setId": "sor", "fullName": "Spark of Rebellion"}, {"setId": "SHD"}]"#;
        assert_eq!(set_codes(api).unwrap(), ["SHD", "SOR"]);
        assert_eq!(set_codes(br#"["LAW", "ASH"]"#).unwrap(), ["ASH", "LAW"]);
        assert!(set_codes(b"[]").is_err());
        assert!(set_codes(br#"["../etc"]"#).is_err());
        assert!(set_codes(b"<html>").is_err());
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
