//! SWU over HTTP (issue 5): the swu-db API's real responses served byte for byte; a second
//! sync asks conditionally; every fault leaves the previous catalog in place.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use deckcheck_core::sync::{CatalogDir, Fetch, SyncError, SyncOptions, Synced, sync};
use deckcheck_swu::catalog::load_dir;
use deckcheck_swu::sync::SwuDb;

use crate::upstream::{MockUpstream, Reply};

/// The six raw API responses stored byte for byte in `../shared`.
fn raw_dir() -> PathBuf {
    crate::shared_data("swu").join("cards/swu-db-2026-10-08")
}

fn raw_sets(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    ["ASH", "HMW", "TS26", "IC27", "P25", "P26"]
        .iter()
        .map(|code| {
            (
                code.to_string(),
                std::fs::read(dir.join(format!("{code}.json"))).unwrap(),
            )
        })
        .collect()
}

/// A mock serving `sets` in the API's shape and each set's bytes, with ETags; `hook` may
/// replace any answer.
fn swu_db(
    sets: BTreeMap<String, Vec<u8>>,
    hook: impl Fn(&str, Reply) -> Reply + Send + Sync + 'static,
) -> MockUpstream {
    let list: Vec<_> = sets
        .keys()
        .map(|c| serde_json::json!({ "setId": c, "fullName": c }))
        .collect();
    let list = serde_json::to_vec(&list).unwrap();
    MockUpstream::start(Arc::new(move |path, if_none_match| {
        let reply = match path.strip_prefix("/cards/") {
            _ if path == "/sets" => Reply::Ok {
                body: list.clone(),
                etag: None,
            },
            Some(code) => match sets.get(code) {
                Some(body) => {
                    let etag = format!("\"{code}-{}\"", body.len());
                    if if_none_match == Some(etag.as_str()) {
                        Reply::NotModified
                    } else {
                        Reply::Ok {
                            body: body.clone(),
                            etag: Some(etag),
                        }
                    }
                }
                None => Reply::Status(404),
            },
            None => Reply::Status(404),
        };
        hook(path, reply)
    }))
}

fn run(fetch: &dyn Fetch, root: &Path) -> Result<Synced, SyncError> {
    sync(&SwuDb, fetch, root, &SyncOptions::default())
}

/// Every file of a directory with its bytes.
fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().to_string(),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect()
}

/// Asserts a synced version holds each raw response byte for byte.
fn assert_holds(dir: &Path, sets: &BTreeMap<String, Vec<u8>>) {
    for (code, bytes) in sets {
        assert_eq!(
            &std::fs::read(dir.join(format!("{code}.json"))).unwrap(),
            bytes,
            "{code} is stored byte for byte"
        );
    }
}

/// The version of the catalog current at `root`, as a reload reads it.
fn current_version(root: &Path) -> String {
    let current = CatalogDir::new(root).current();
    load_dir(&current, &|_| None).unwrap().version().to_string()
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn a_sync_from_the_mock_upstream_gives_the_catalog_the_raw_responses_give() {
    let raw = raw_dir();
    let mock = swu_db(raw_sets(&raw), |_, reply| reply);
    let root = tempfile::tempdir().unwrap();
    let synced = run(&mock.fetch("swu"), root.path()).unwrap();
    assert_eq!(
        synced.manifest.items.len(),
        6,
        "{:?}",
        synced.manifest.items
    );
    assert_eq!(CatalogDir::new(root.path()).current(), synced.dir);
    assert_holds(&synced.dir, &raw_sets(&raw));
    assert_eq!(
        load_dir(&synced.dir, &|_| None).unwrap().printings().len(),
        load_dir(&raw, &|_| None).unwrap().printings().len()
    );
    let seen = mock.seen.lock().unwrap();
    assert!(seen.iter().any(|(p, _)| p == "/sets"));
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn a_second_sync_asks_conditionally_and_keeps_what_did_not_change() {
    let raw = raw_dir();
    let mock = swu_db(raw_sets(&raw), |_, reply| reply);
    let root = tempfile::tempdir().unwrap();
    run(&mock.fetch("swu"), root.path()).unwrap();
    let again = run(&mock.fetch("swu"), root.path()).unwrap();
    let sets: Vec<_> = again
        .manifest
        .files
        .iter()
        .filter(|(_, f)| f.upstream.starts_with("cards/"))
        .collect();
    assert_eq!(sets.len(), 6, "{:?}", again.manifest.files);
    assert!(sets.iter().all(|(_, f)| f.unchanged), "{sets:?}");
    let conditional = mock
        .seen
        .lock()
        .unwrap()
        .iter()
        .filter(|(_, inm)| inm.is_some())
        .count();
    assert_eq!(conditional, 6, "every set was asked with If-None-Match");
    assert_holds(&again.dir, &raw_sets(&raw));
}

/// Every fault leaves the previous catalog byte for byte, and says what failed.
#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn every_upstream_fault_leaves_the_previous_catalog_in_place() {
    let raw = raw_dir();
    let root = tempfile::tempdir().unwrap();
    let dest = root.path().join("cards");
    let first = run(&swu_db(raw_sets(&raw), |_, r| r).fetch("swu"), &dest).unwrap();
    let before = snapshot(&first.dir);
    let version = current_version(&dest);

    let hmw = raw_sets(&raw)["HMW"].clone();
    let half_of_hmw = {
        let v: serde_json::Value = serde_json::from_slice(&hmw).unwrap();
        let data: Vec<_> = v["data"]
            .as_array()
            .unwrap()
            .iter()
            .take(400)
            .cloned()
            .collect();
        serde_json::to_vec(&serde_json::json!({ "total_cards": data.len(), "data": data })).unwrap()
    };
    type Hook = Box<dyn Fn(&str, Reply) -> Reply + Send + Sync>;
    type Fault = (&'static str, Hook, &'static str);
    let on_hmw = |reply: Reply| -> Hook {
        Box::new(move |p, r| if p == "/cards/HMW" { reply.clone() } else { r })
    };
    let faults: Vec<Fault> = vec![
        ("HTTP 500", on_hmw(Reply::Status(500)), "HTTP 500"),
        (
            "timeout",
            on_hmw(Reply::Hang(Duration::from_secs(4))),
            "no answer within",
        ),
        (
            "truncated body",
            on_hmw(Reply::Truncated(hmw.clone())),
            "HMW",
        ),
        (
            // A set answered empty is dropped as a preview set; losing it is refused.
            "empty set",
            on_hmw(Reply::Ok {
                body: br#"{"total_cards": 0, "data": []}"#.to_vec(),
                etag: None,
            }),
            "no longer has an item that the current catalog holds (HMW)",
        ),
        ("one set missing", on_hmw(Reply::Status(404)), "HTTP 404"),
        (
            "a set shrinking by half",
            on_hmw(Reply::Ok {
                body: half_of_hmw,
                etag: None,
            }),
            "shrank from 954 to 400",
        ),
        (
            "a set list that is not JSON",
            Box::new(|p, r| {
                if p == "/sets" {
                    Reply::Ok {
                        body: b"<html>busy</html>".to_vec(),
                        etag: None,
                    }
                } else {
                    r
                }
            }),
            "sets: ",
        ),
    ];
    for (name, hook, says) in faults {
        let mock = swu_db(raw_sets(&raw), hook);
        let error = run(&mock.fetch("swu"), &dest).expect_err(name);
        assert!(error.to_string().contains(says), "{name}: {error}");
        let current = CatalogDir::new(&dest).current();
        assert_eq!(current, first.dir, "{name}: another version is current");
        assert_eq!(snapshot(&current), before, "{name}: the catalog changed");
        // A reload finds the same data, intact.
        assert_eq!(current_version(&dest), version, "{name}");
    }
    let staging: Vec<_> = std::fs::read_dir(&dest)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| n.starts_with(".staging"))
        .collect();
    assert!(
        staging.is_empty(),
        "no staging directory is left behind: {staging:?}"
    );
}
