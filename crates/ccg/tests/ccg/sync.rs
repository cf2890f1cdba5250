//! The sync from a mirror of the two repositories (the layout CI has in shared/), from a
//! directory: whole, then refused when a file is missing, broken or shrinks, the current catalog
//! kept. Over HTTP (a server other than GitHub's raw host): `crates/fetch/tests/http/ccg.rs`.

use std::path::Path;

use deckcheck_ccg::{CcgSource, upstream};
use deckcheck_core::sync::{CatalogDir, DirFetch, Source, SyncError, SyncOptions, sync};

use crate::helpers;

fn copy_mirror(to: &Path) {
    let from = helpers::data_dir();
    for f in upstream::FILES {
        let target = to.join(f.local);
        std::fs::create_dir_all(target.parent().unwrap()).unwrap();
        std::fs::copy(from.join(f.local), target).unwrap();
    }
}

#[test]
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn a_sync_from_the_mirror_makes_a_catalog_the_game_loads() {
    let mirror = helpers::data_dir();
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
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn a_file_missing_or_shrunk_upstream_fails_the_sync_and_keeps_the_catalog() {
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
