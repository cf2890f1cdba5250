//! A sync from a local mirror with the catalog's layout (`../shared/data/swlcg`), into a
//! versioned catalog directory; and the syncs the core's safety refuses.

use std::path::Path;

use deckcheck_core::sync::{CatalogDir, DirFetch, Source, SyncError, SyncOptions, sync};
use deckcheck_lcg::sync::SwlcgSource;

use crate::support::shared;

fn copy_mirror(to: &Path) {
    let from = shared();
    std::fs::create_dir_all(to.join("swlcg-json")).unwrap();
    for entry in std::fs::read_dir(from.join("swlcg-json")).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), to.join("swlcg-json").join(entry.file_name())).unwrap();
    }
    std::fs::copy(
        from.join("restricted_list_faq_v5.0.json"),
        to.join("restricted_list_faq_v5.0.json"),
    )
    .unwrap();
}

fn run(mirror: &Path, root: &Path) -> Result<deckcheck_core::sync::Synced, SyncError> {
    sync(
        &SwlcgSource,
        &DirFetch::new(mirror).unwrap(),
        root,
        &SyncOptions::default(),
    )
}

#[test]
#[ignore = "needs ../shared: the LCG data (../shared/data/swlcg)"]
fn a_sync_from_the_mirror_makes_a_catalog_the_game_loads() {
    let root = tempfile::tempdir().unwrap();
    let synced = run(&shared(), root.path()).unwrap();
    assert_eq!(synced.manifest.items.len(), 41);
    assert_eq!(synced.manifest.items["core-set.json"], 222);
    let current = CatalogDir::new(root.path()).current();
    assert!(current.join("restricted_list_faq_v5.0.json").is_file());
    let game = (deckcheck_lcg::SPEC.load)(&deckcheck_core::Paths {
        cards: root.path().to_path_buf(),
        card_data: None,
    })
    .unwrap();
    assert_eq!(game.info().cards, 1776);
    assert!(game.info().catalog.contains("synced"));
}

#[test]
#[ignore = "needs ../shared: the LCG data (../shared/data/swlcg)"]
fn a_product_missing_upstream_fails_the_sync_and_keeps_the_catalog() {
    let root = tempfile::tempdir().unwrap();
    let first = run(&shared(), root.path()).unwrap();
    let mirror = tempfile::tempdir().unwrap();
    copy_mirror(mirror.path());
    std::fs::remove_file(mirror.path().join("swlcg-json/scrap-metal.json")).unwrap();
    let err = run(mirror.path(), root.path()).unwrap_err();
    assert!(err.to_string().contains("scrap-metal.json"), "{err}");
    assert_eq!(CatalogDir::new(root.path()).current(), first.dir);
}

#[test]
#[ignore = "needs ../shared: the LCG data (../shared/data/swlcg)"]
fn a_broken_product_file_fails_the_sync_naming_it() {
    let root = tempfile::tempdir().unwrap();
    let mirror = tempfile::tempdir().unwrap();
    copy_mirror(mirror.path());
    std::fs::write(
        mirror.path().join("swlcg-json/attack-run.json"),
        "[{\"octgnId\": 1}]",
    )
    .unwrap();
    let err = run(mirror.path(), root.path()).unwrap_err();
    assert!(err.to_string().contains("attack-run.json"), "{err}");
    assert!(!CatalogDir::new(root.path()).is_versioned());
}

#[test]
#[ignore = "needs ../shared: the LCG data (../shared/data/swlcg)"]
fn a_restricted_list_that_disagrees_with_ours_does_not_load() {
    let mirror = tempfile::tempdir().unwrap();
    copy_mirror(mirror.path());
    let path = mirror.path().join("restricted_list_faq_v5.0.json");
    let text = std::fs::read_to_string(&path)
        .unwrap()
        .replace("\"objectiveSetNumber\": 99", "\"objectiveSetNumber\": 98");
    std::fs::write(&path, text).unwrap();
    let err = SwlcgSource.inventory(mirror.path()).unwrap_err();
    assert!(
        err.to_string().contains("restricted_list_faq_v5.0.json"),
        "{err}"
    );
}

#[test]
fn the_default_upstream_is_the_community_repository() {
    assert_eq!(
        SwlcgSource.default_upstream(),
        "https://raw.githubusercontent.com/jgornick/swlcg-json/master"
    );
}
