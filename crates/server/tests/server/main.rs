//! The service's integration tests.
//!
//! - `events`: the event routes (issue 19): the whole flow over HTTP, every route tried with
//!   another event's tokens and with none, roles, the API document; the limits per client,
//!   from several loopback addresses at once, and who may create events (issue 27)

mod events;
