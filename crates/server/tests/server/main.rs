//! The service's integration tests.
//!
//! - `events`: the event routes (issue 19): the whole flow over HTTP, every route tried with
//!   another event's tokens and with none, roles, the API document, and what they count in
//!   `/metrics` (issue 29); the limits per client, from several loopback addresses at once,
//!   and who may create events (issue 27)

mod events;
#[path = "../common/metrics_text.rs"]
mod metrics_text;
