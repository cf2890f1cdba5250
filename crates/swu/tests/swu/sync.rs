//! Card data sync (issue 5) from the local mirror CI syncs from: the same catalog as the
//! mirror holds. The sync over HTTP (a mock upstream serving the real raw API responses byte for
//! byte, conditional requests, every fault leaving the old catalog in place) is tested where the
//! HTTP upstream lives, in `crates/fetch/tests/http/swu.rs`.

use std::path::Path;

use deckcheck_core::Paths;
use deckcheck_core::sync::{DirFetch, SyncError, SyncOptions, Synced, sync};
use deckcheck_swu::Swu;
use deckcheck_swu::catalog::{identity_key, load_dir};
use deckcheck_swu::sync::SwuDb;

use crate::helpers::shared_swu;
use crate::real;

fn run(fetch: &dyn deckcheck_core::sync::Fetch, root: &Path) -> Result<Synced, SyncError> {
    sync(&SwuDb, fetch, root, &SyncOptions::default())
}

/// (printing id, copy identity) of every printing: what a catalog holds. (The identity, not
/// the title as first read: which printing's spelling wins depends on load order.)
fn contents(dir: &Path) -> Vec<(String, String)> {
    let catalog = load_dir(dir, &|_| None).unwrap();
    let mut all: Vec<_> = catalog
        .printings()
        .iter()
        .map(|p| {
            let card = catalog.card(p.card);
            (
                p.code.to_string(),
                identity_key(&card.title, card.subtitle.as_deref()),
            )
        })
        .collect();
    all.sort();
    all
}

/// Asserts two catalogs hold the same, naming the first difference only.
fn assert_same(a: &[(String, String)], b: &[(String, String)]) {
    assert_eq!(a.len(), b.len(), "printing counts differ");
    if let Some((x, y)) = a.iter().zip(b).find(|(x, y)| x != y) {
        panic!("first difference: {x:?} vs {y:?}");
    }
}

fn load(root: &Path) -> Swu {
    Swu::load(&Paths {
        cards: root.to_path_buf(),
        card_data: None,
    })
    .expect("the synced catalog loads")
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn the_local_mirror_syncs_through_the_same_path_to_the_same_catalog() {
    real!();
    let root = tempfile::tempdir().unwrap();
    let mirror = shared_swu().join("cards");
    let synced = run(&DirFetch::new(&mirror).unwrap(), root.path()).unwrap();
    assert_eq!(
        synced.manifest.items.len(),
        14,
        "{:?}",
        synced.manifest.items
    );
    assert_same(&contents(&synced.dir), &contents(&mirror));
    let version = load(root.path()).catalog().version().to_string();
    assert!(
        version.contains('@'),
        "the version names the sync time: {version}"
    );
}
