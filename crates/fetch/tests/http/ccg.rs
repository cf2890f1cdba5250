//! The CCG over HTTP: a server other than GitHub's raw host is read with the mirror's layout,
//! and a file it no longer has fails the sync and keeps the catalog.

use deckcheck_ccg::{CcgSource, upstream};
use deckcheck_core::sync::{CatalogDir, SyncOptions, sync};

use crate::upstream::MockUpstream;

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn a_sync_over_http_reads_the_mirrors_layout_and_a_failed_one_keeps_the_catalog() {
    let mirror = crate::shared_data("swccg");
    let root = tempfile::tempdir().unwrap();
    let first = sync(
        &CcgSource,
        &MockUpstream::dir(mirror.clone(), &[]).fetch("ccg"),
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
    let err = sync(
        &CcgSource,
        &MockUpstream::dir(mirror, &[upstream::PC_DARK]).fetch("ccg"),
        root.path(),
        &SyncOptions::default(),
    )
    .unwrap_err();
    assert!(err.to_string().contains("Dark.json"), "{err}");
    assert_eq!(CatalogDir::new(root.path()).current(), first.dir);
    deckcheck_ccg::Ccg::load(root.path(), None).unwrap();
}
