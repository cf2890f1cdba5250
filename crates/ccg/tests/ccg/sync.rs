//! The sync from a mirror of the two repositories (the layout CI has in shared/), from a
//! directory and over HTTP from a local server: whole, then refused when a file is missing,
//! broken or shrinks, the current catalog kept.

use std::path::Path;

use deckcheck_ccg::{CcgSource, upstream};
use deckcheck_core::sync::{CatalogDir, DirFetch, Source, SyncError, SyncOptions, sync};

use crate::helpers;

fn copy_mirror(to: &Path) {
    let from = helpers::data_dir().unwrap();
    for f in upstream::FILES {
        let target = to.join(f.local);
        std::fs::create_dir_all(target.parent().unwrap()).unwrap();
        std::fs::copy(from.join(f.local), target).unwrap();
    }
}

#[test]
fn a_sync_from_the_mirror_makes_a_catalog_the_game_loads() {
    let Some(mirror) = helpers::data_dir() else {
        helpers::skipped();
        return;
    };
    let root = tempfile::tempdir().unwrap();
    let synced = sync(
        &CcgSource,
        &DirFetch::new(mirror).unwrap(),
        root.path(),
        &SyncOptions::default(),
    )
    .unwrap();
    assert_eq!(synced.manifest.items[upstream::PC_SETS], 67);
    assert_eq!(synced.manifest.items[upstream::FORMATS], 37);
    assert_eq!(synced.manifest.items.len(), upstream::FILES.len());
    let game = deckcheck_ccg::Ccg::load(root.path(), None).unwrap();
    assert!(game.catalog().version.contains("synced"));
    assert_eq!(CatalogDir::new(root.path()).current(), synced.dir);
}

#[test]
fn a_file_missing_or_shrunk_upstream_fails_the_sync_and_keeps_the_catalog() {
    if helpers::data_dir().is_none() {
        helpers::skipped();
        return;
    }
    let up = tempfile::tempdir().unwrap();
    copy_mirror(up.path());
    let root = tempfile::tempdir().unwrap();
    let first = sync(
        &CcgSource,
        &DirFetch::new(up.path()).unwrap(),
        root.path(),
        &SyncOptions::default(),
    )
    .unwrap();

    // Half of the Light Side cards gone: a shrink past the threshold.
    let light = up.path().join(upstream::PC_LIGHT);
    let mut file: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&light).unwrap()).unwrap();
    let cards = file["cards"].as_array_mut().unwrap();
    let half = cards.len() / 2;
    cards.truncate(half);
    std::fs::write(&light, serde_json::to_vec(&file).unwrap()).unwrap();
    let err = sync(
        &CcgSource,
        &DirFetch::new(up.path()).unwrap(),
        root.path(),
        &SyncOptions::default(),
    )
    .unwrap_err();
    assert!(matches!(err, SyncError::Shrink { .. }), "{err}");

    // A file that is not the card database's at all.
    std::fs::write(&light, b"<html>rate limited</html>").unwrap();
    let err = sync(
        &CcgSource,
        &DirFetch::new(up.path()).unwrap(),
        root.path(),
        &SyncOptions::default(),
    )
    .unwrap_err();
    assert!(err.to_string().contains("Light.json"), "{err}");

    std::fs::remove_file(&light).unwrap();
    assert!(
        sync(
            &CcgSource,
            &DirFetch::new(up.path()).unwrap(),
            root.path(),
            &SyncOptions::default()
        )
        .is_err()
    );
    assert_eq!(CatalogDir::new(root.path()).current(), first.dir);
}

#[test]
fn the_default_upstream_is_githubs_raw_host_of_both_repositories() {
    assert_eq!(
        CcgSource.default_upstream(),
        "https://raw.githubusercontent.com"
    );
    let paths: Vec<String> = upstream::FILES.iter().map(|f| f.github_path()).collect();
    assert!(paths.contains(&"swccgpc/swccg-card-json/main/Dark.json".to_string()));
    assert!(
        paths
            .iter()
            .any(|p| p
                .starts_with("PlayersCommittee/gemp-swccg-public/master/src/gemp-swccg-cards/"))
    );
}

/// A local HTTP server answering GET /<path> from a directory (404 when absent), for the
/// time of one test; it stops after `requests` answers. The same as Legion's sync test.
fn serve(dir: std::path::PathBuf, requests: usize) -> String {
    use std::io::{BufRead, BufReader, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for stream in listener.incoming().take(requests) {
            let Ok(mut stream) = stream else { continue };
            let mut line = String::new();
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            if reader.read_line(&mut line).is_err() {
                continue;
            }
            loop {
                let mut header = String::new();
                if reader.read_line(&mut header).unwrap_or(0) <= 2 {
                    break;
                }
            }
            let path = line
                .split_whitespace()
                .nth(1)
                .unwrap_or("/")
                .trim_start_matches('/');
            let response = match std::fs::read(dir.join(path)) {
                Ok(body) if !path.contains("..") => {
                    let mut r = format!(
                        "HTTP/1.1 200 OK\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                        body.len()
                    )
                    .into_bytes();
                    r.extend(body);
                    r
                }
                _ => b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                    .to_vec(),
            };
            let _ = stream.write_all(&response);
        }
    });
    url
}

fn http(url: &str) -> deckcheck_core::sync::HttpFetch {
    deckcheck_core::sync::HttpFetch::new(url, deckcheck_core::sync::HttpLimits::INTERACTIVE, "ccg")
        .unwrap()
}

#[test]
fn a_sync_over_http_reads_the_mirrors_layout_and_a_failed_one_keeps_the_catalog() {
    if helpers::data_dir().is_none() {
        helpers::skipped();
        return;
    }
    let up = tempfile::tempdir().unwrap();
    copy_mirror(up.path());
    let root = tempfile::tempdir().unwrap();
    let url = serve(up.path().to_path_buf(), upstream::FILES.len());
    let first = sync(
        &CcgSource,
        &http(&url),
        root.path(),
        &SyncOptions::default(),
    )
    .unwrap();
    assert_eq!(first.manifest.items[upstream::PC_SETS], 67);
    assert_eq!(
        first.manifest.files[upstream::FORMATS].upstream,
        upstream::FORMATS,
        "a server other than GitHub's raw host is read with the mirror's layout"
    );
    deckcheck_ccg::Ccg::load(root.path(), None).unwrap();

    // The server now answers 404 for the Dark Side cards: the sync fails, naming the file,
    // and the catalog synced before is still the current one.
    std::fs::remove_file(up.path().join(upstream::PC_DARK)).unwrap();
    let url = serve(up.path().to_path_buf(), upstream::FILES.len());
    let err = sync(
        &CcgSource,
        &http(&url),
        root.path(),
        &SyncOptions::default(),
    )
    .unwrap_err();
    assert!(err.to_string().contains("Dark.json"), "{err}");
    assert_eq!(CatalogDir::new(root.path()).current(), first.dir);
    deckcheck_ccg::Ccg::load(root.path(), None).unwrap();
}
