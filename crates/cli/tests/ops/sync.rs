//! Nothing lost: a sync never deletes what the source merely lacks (issue 15, item 1), and a
//! reload never loads a mix of two catalogs while syncs run (item 2).

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use deckcheck_core::Paths;
use deckcheck_core::sync::CatalogDir;
use serde_json::Value;

use crate::support::*;

fn sync(home: &Path, from: &str, to: &Path, extra: &[&str]) -> std::process::Output {
    run(deckcheck(home)
        .args(["sync", "--from", from, "--to"])
        .arg(to)
        .args(extra))
}

/// The version directory `current` names, resolved now.
fn current(root: &Path) -> std::path::PathBuf {
    CatalogDir::new(root).current()
}

/// Issue 15, item 1: a set the mirror lacks is a failed sync that names the set and keeps
/// the catalog, unless the operator allows the removal.
#[test]
fn a_set_missing_from_the_mirror_fails_the_sync_and_keeps_the_catalog() {
    let home = tempfile::tempdir().unwrap();
    let mirror = home.path().join("mirror");
    let catalog = home.path().join("cards");
    write_mirror(&mirror, &SETS, "");
    let first = sync(home.path(), mirror.to_str().unwrap(), &catalog, &[]);
    assert!(first.status.success(), "{}", stderr(&first));
    let before = current(&catalog);

    std::fs::remove_file(mirror.join("SHD.json")).unwrap();
    let refused = sync(home.path(), mirror.to_str().unwrap(), &catalog, &[]);
    assert_eq!(refused.status.code(), Some(2), "{}", stderr(&refused));
    let message = stderr(&refused);
    assert!(
        message.contains("(SHD)") && message.contains("--allow-removed SHD"),
        "{message}"
    );
    assert!(
        String::from_utf8_lossy(&refused.stdout).is_empty(),
        "nothing says synced"
    );
    assert_eq!(current(&catalog), before, "the catalog is the one it was");
    assert!(before.join("SHD.json").is_file());

    let allowed = sync(
        home.path(),
        mirror.to_str().unwrap(),
        &catalog,
        &["--allow-removed", "shd"],
    );
    assert!(allowed.status.success(), "{}", stderr(&allowed));
    assert!(!current(&catalog).join("SHD.json").exists());
}

/// Issue 15, item 1: the same for an HTTP upstream whose set list no longer names a set.
#[test]
fn a_set_the_upstream_no_longer_lists_fails_the_sync_and_keeps_the_catalog() {
    let home = tempfile::tempdir().unwrap();
    let catalog = home.path().join("cards");
    let upstream = Upstream::serving(upstream_files(&SETS, ""));
    let first = sync(home.path(), &upstream.url, &catalog, &[]);
    assert!(first.status.success(), "{}", stderr(&first));
    let before = current(&catalog);

    *upstream.files.lock().unwrap() = upstream_files(&["SOR", "SHD"], "");
    let refused = sync(home.path(), &upstream.url, &catalog, &[]);
    assert_eq!(refused.status.code(), Some(2), "{}", stderr(&refused));
    assert!(
        stderr(&refused).contains("--allow-removed TWI"),
        "{}",
        stderr(&refused)
    );
    assert_eq!(current(&catalog), before);

    let allowed = sync(
        home.path(),
        &upstream.url,
        &catalog,
        &["--allow-removed", "TWI"],
    );
    assert!(allowed.status.success(), "{}", stderr(&allowed));
}

/// The `catalog` a service names for SWU in a reload's answer, whether every game reloaded
/// (200) or some game could not (500, the other games of these tests have no data).
fn reloaded_catalog(answer: &Answer) -> String {
    let body = answer.json();
    let games = if answer.status == 200 {
        &body["games"]
    } else {
        &body["error"]["details"]["games"]
    };
    games
        .as_array()
        .and_then(|g| g.iter().find(|g| g["game"] == "swu"))
        .and_then(|g| g["catalog"].as_str())
        .unwrap_or_else(|| panic!("a reload names the SWU catalog: {body}"))
        .to_string()
}

/// The catalog id of a version as the service would load it.
fn catalog_of(version: &Path) -> String {
    let game = (deckcheck_swu::SPEC.load)(&Paths {
        cards: version.to_path_buf(),
        card_data: None,
    })
    .expect("every version a sync made loads");
    game.info().catalog.to_string()
}

/// Issue 15, item 2: reloads in a loop while two syncs at a time write into the same catalog
/// directory; every catalog a reload loaded is one that a sync made, and every sync succeeds
/// (the writers take turns; none shares another's staging).
#[test]
fn reloads_during_syncs_only_ever_load_a_catalog_a_sync_made() {
    let home = tempfile::tempdir().unwrap();
    let catalog = home.path().join("cards");
    let (a, b) = (home.path().join("mirror-a"), home.path().join("mirror-b"));
    write_mirror(&a, &SETS, "");
    write_mirror(&b, &SETS, "B");
    let first = sync(home.path(), a.to_str().unwrap(), &catalog, &[]);
    assert!(first.status.success(), "{}", stderr(&first));

    let service_home = tempfile::tempdir().unwrap();
    let mut env = service_env(service_home.path(), &catalog);
    env.push(("DECKCHECK_ADMIN_TOKEN".into(), "test-token".into()));
    let server = Server::start_with(service_home, &env);

    let done = Arc::new(AtomicBool::new(false));
    let failures = Arc::new(Mutex::new(Vec::new()));
    let writers: Vec<_> = [(a.clone(), b.clone()), (b.clone(), a.clone())]
        .into_iter()
        .map(|(x, y)| {
            let (home, catalog, failures) = (
                home.path().to_path_buf(),
                catalog.clone(),
                Arc::clone(&failures),
            );
            std::thread::spawn(move || {
                for round in 0..6 {
                    let from = if round % 2 == 0 { &x } else { &y };
                    let out = sync(&home, from.to_str().unwrap(), &catalog, &[]);
                    if !out.status.success() {
                        failures.lock().unwrap().push(stderr(&out));
                    }
                }
            })
        })
        .collect();
    let reloader = {
        let done = Arc::clone(&done);
        let port = server.port;
        std::thread::spawn(move || {
            let mut seen = Vec::new();
            while !done.load(Ordering::Relaxed) || seen.is_empty() {
                let answer = exchange(
                    port,
                    b"POST /v1/admin/reload HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\
                      Authorization: Bearer test-token\r\nContent-Length: 0\r\n\r\n",
                    &[],
                    std::time::Duration::ZERO,
                );
                seen.push(reloaded_catalog(&answer));
            }
            seen
        })
    };
    for writer in writers {
        writer.join().unwrap();
    }
    done.store(true, Ordering::Relaxed);
    let seen = reloader.join().unwrap();
    assert!(
        failures.lock().unwrap().is_empty(),
        "every sync succeeds: {:?}",
        failures.lock().unwrap()
    );

    let versions: Vec<_> = std::fs::read_dir(catalog.join("versions"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(versions.len(), 13, "one version per sync");
    // A catalog is named by its content hash and its sync time (to the second).
    let made: BTreeSet<String> = versions.iter().map(|v| catalog_of(v)).collect();
    let mixed: Vec<&String> = seen.iter().filter(|c| !made.contains(*c)).collect();
    assert!(
        mixed.is_empty(),
        "{} of {} reloads loaded a catalog no sync made: {mixed:?}",
        mixed.len(),
        seen.len()
    );
    let distinct: BTreeSet<&String> = seen.iter().collect();
    assert!(
        distinct.len() >= 2,
        "the reloads saw the catalog change: {} reloads, {distinct:?}",
        seen.len()
    );
}

/// Issue 15, item 2: `serve` repairs an interrupted swap before its first load, as `sync`
/// does: a catalog the previous layout moved aside (`.cards.old`) and never put back is put
/// back and served, not fetched again.
#[test]
fn serve_recovers_a_swap_interrupted_before_its_first_load() {
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("data");
    let aside = data.join(".cards.old");
    write_mirror(&aside, &SETS, "");
    let mut env = service_env(home.path(), &data.join("cards"));
    env.retain(|(k, _)| k != "DECKCHECK_CARDS");
    env.push(("DECKCHECK_DATA_DIR".into(), data.display().to_string()));
    let server = Server::start_with(home, &env);
    let health = server.get("/health").json();
    let swu = health["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["game"] == "swu")
        .cloned()
        .unwrap_or(Value::Null);
    assert_eq!(swu["cards"], 3 + 8 * 3, "{health}");
    assert!(data.join("cards/SOR.json").is_file());
    assert!(!aside.exists());
}

/// Issue 15, item 2: `serve` on a mirror writes nothing into it (it is not a catalog a sync
/// made, and there is nothing to recover).
#[test]
fn serve_writes_nothing_into_a_mirror() {
    let server = Server::start(&[]);
    let mirror = server.home.path().join("mirror");
    assert_eq!(server.get("/health").status, 200);
    let mut names: Vec<String> = std::fs::read_dir(&mirror)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["SHD.json", "SOR.json", "TWI.json"]);
}
