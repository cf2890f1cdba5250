//! The `deckcheck` binary's integration tests.
//!
//! - `events`: `deckcheck events` (create, lock, roster, export, import) and the service killed
//!   with SIGKILL in a burst of registrations, losing none it acknowledged (issue 19, item 7)

mod events;
