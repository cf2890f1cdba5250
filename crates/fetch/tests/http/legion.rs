//! Legion over HTTP: the repository's paths are asked first, and a mirror's names when those
//! answer 404.

use deckcheck_core::sync::{SyncOptions, sync};
use deckcheck_legion::sync::LegionSource;

use crate::upstream::MockUpstream;

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn a_sync_over_http_falls_back_from_the_repository_paths_to_a_mirrors_names() {
    let legion = crate::shared_data("legion");
    // The mirror's names at the root: each repository path answers 404 first.
    let server = MockUpstream::dir(legion.join("legion-hq"), &[]);
    let root = tempfile::tempdir().unwrap();
    let synced = sync(
        &LegionSource,
        &server.fetch("legion"),
        root.path(),
        &SyncOptions::default(),
    )
    .unwrap();
    assert_eq!(synced.manifest.items["cards.json"], 896);
    assert_eq!(synced.manifest.files["cards.json"].upstream, "cards.json");
    let asked: Vec<String> = server
        .seen
        .lock()
        .unwrap()
        .iter()
        .map(|(p, _)| p.clone())
        .collect();
    assert!(
        asked.contains(&"/src/constants/cards.json".to_string()),
        "the repository's path is asked first: {asked:?}"
    );
}
