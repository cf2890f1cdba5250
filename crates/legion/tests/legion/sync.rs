//! Syncing the catalog: from a mirror of the loader's files, from a copy of the repository's
//! layout (JavaScript constants read as data), and a sync that must fail and keep the old data.
//! Over HTTP (the repository's paths, then a mirror's names on 404):
//! `crates/fetch/tests/http/legion.rs`.

use std::path::Path;

use deckcheck_core::sync::{CatalogDir, DirFetch, SyncError, SyncOptions, sync};
use deckcheck_legion::catalog::Catalog;
use deckcheck_legion::sync::LegionSource;

use super::common::*;

fn copy_mirror(to: &Path) {
    for f in ["cards.json", "battleForces.json", "legionModes.json"] {
        std::fs::copy(mirror().join(f), to.join(f)).unwrap();
    }
}

#[test]
#[ignore = "needs ../shared: the Legion data (../shared/data/legion)"]
fn a_sync_from_the_mirror_makes_a_catalog_that_loads() {
    let root = tempfile::tempdir().unwrap();
    let synced = sync(
        &LegionSource,
        &DirFetch::new(&mirror()).unwrap(),
        root.path(),
        &SyncOptions::default(),
    )
    .unwrap();
    assert_eq!(synced.manifest.items["cards.json"], 896);
    assert_eq!(synced.manifest.items["battleForces.json"], 20);
    let dir = CatalogDir::new(root.path()).current();
    assert_eq!(Catalog::load(&dir).unwrap().cards().len(), 896);
}

#[test]
#[ignore = "needs ../shared: the Legion data (../shared/data/legion)"]
fn a_sync_from_the_repository_layout_reads_its_javascript_constants_as_data() {
    let repo = tempfile::tempdir().unwrap();
    let constants = repo.path().join("src/constants");
    std::fs::create_dir_all(&constants).unwrap();
    std::fs::copy(mirror().join("cards.json"), constants.join("cards.json")).unwrap();
    for (json, js, name) in [
        (
            "battleForces.json",
            "battleForcesDict.js",
            "battleForcesDict",
        ),
        ("legionModes.json", "legionModes.js", "legionModes"),
    ] {
        let body = std::fs::read_to_string(mirror().join(json)).unwrap();
        std::fs::write(
            constants.join(js),
            format!("// Legion HQ constants\nconst {name} = {body};\n\nexport default {name};\n"),
        )
        .unwrap();
    }
    let root = tempfile::tempdir().unwrap();
    let synced = sync(
        &LegionSource,
        &DirFetch::new(repo.path()).unwrap(),
        root.path(),
        &SyncOptions::default(),
    )
    .unwrap();
    assert_eq!(synced.manifest.files["battleForces.json"].upstream, "");
    assert_eq!(
        synced.manifest.files["battleForcesDict.js"].upstream,
        "src/constants/battleForcesDict.js"
    );
    assert_eq!(synced.manifest.items["legionModes.json"], 4);
}

#[test]
#[ignore = "needs ../shared: the Legion data (../shared/data/legion)"]
fn a_sync_that_loses_cards_or_a_file_fails_and_keeps_the_old_catalog() {
    let root = tempfile::tempdir().unwrap();
    let first = sync(
        &LegionSource,
        &DirFetch::new(&mirror()).unwrap(),
        root.path(),
        &SyncOptions::default(),
    )
    .unwrap();

    let shrunk = tempfile::tempdir().unwrap();
    copy_mirror(shrunk.path());
    let cards: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(&std::fs::read_to_string(mirror().join("cards.json")).unwrap())
            .unwrap();
    let half: serde_json::Map<_, _> = cards.into_iter().take(400).collect();
    std::fs::write(
        shrunk.path().join("cards.json"),
        serde_json::to_vec(&half).unwrap(),
    )
    .unwrap();
    let err = sync(
        &LegionSource,
        &DirFetch::new(shrunk.path()).unwrap(),
        root.path(),
        &SyncOptions::default(),
    )
    .unwrap_err();
    assert!(matches!(err, SyncError::Shrink { .. }), "{err}");
    assert_eq!(CatalogDir::new(root.path()).current(), first.dir);

    let broken = tempfile::tempdir().unwrap();
    copy_mirror(broken.path());
    std::fs::write(broken.path().join("battleForces.json"), "{\"x\": ").unwrap();
    let err = sync(
        &LegionSource,
        &DirFetch::new(broken.path()).unwrap(),
        root.path(),
        &SyncOptions::default(),
    )
    .unwrap_err();
    assert!(err.to_string().contains("battleForces.json"), "{err}");
    assert_eq!(CatalogDir::new(root.path()).current(), first.dir);

    let missing = tempfile::tempdir().unwrap();
    copy_mirror(missing.path());
    std::fs::remove_file(missing.path().join("legionModes.json")).unwrap();
    assert!(
        sync(
            &LegionSource,
            &DirFetch::new(missing.path()).unwrap(),
            root.path(),
            &SyncOptions::default()
        )
        .is_err()
    );
    assert_eq!(CatalogDir::new(root.path()).current(), first.dir);
}
