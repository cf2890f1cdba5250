//! The sync over HTTP: a mock upstream on loopback serving each game's real files, the faults
//! that must leave the old catalog in place, conditional requests, and layouts. One binary;
//! what each module covers:
//! - `swu`: the swu-db API's raw responses byte for byte, conditional requests, every fault
//!   (issue 5);
//! - `ccg`: a server other than GitHub's raw host read with the mirror's layout; a file gone;
//! - `legion`: the repository's paths first, a mirror's names when they answer 404;
//! - `swu_names`: SWU's card names in other languages from the official card database's sample
//!   served as recorded: the languages asked, a language left out, faulty pages (issue 28);
//! - `swu_paging`: the official card database paging every list at a size it caps: every page
//!   read, a page lost, repeated or unplaced fails the sync (issue 36, item 1).
//!
//! The sync itself (staging, checks, the atomic swap) and each game's source are tested in
//! their own crates from local mirrors; here, what only HTTP brings. The real data is found
//! through `DECKCHECK_SHARED` (the `shared/` directory), else `shared/` beside the repository;
//! the tests that read it are `#[ignore = "needs ../shared: …"]`, run by `cargo test --
//! --include-ignored` (CI does).

mod ccg;
mod legion;
mod swu;
mod swu_names;
mod swu_paging;
mod upstream;

use std::path::PathBuf;

/// `shared/data/<game>`. The tests that read it are `#[ignore = "needs ../shared: …"]`:
/// `cargo test -- --include-ignored` runs them (CI does).
pub fn shared_data(game: &str) -> PathBuf {
    let shared = match std::env::var_os("DECKCHECK_SHARED") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared"),
    };
    let dir = shared.join("data").join(game);
    assert!(
        dir.is_dir(),
        "needs ../shared: {} not found (put shared/ beside the repository)",
        dir.display()
    );
    dir
}
