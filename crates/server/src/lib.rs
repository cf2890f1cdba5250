//! deckcheck's HTTP service: actix-web routes over every game, the API document derived from
//! the code, and the pages. The module list; [`app`] starts it.
//!
//! A request's path: [`middleware`] (its id, metrics, access line) → the router ([`app::routes`])
//! → the handler's extractors ([`extract`]: the game, the query, the body, who asks, each read
//! once and authorized) → the handler (one of [`decks`], [`cards`], [`events`], [`sheets`],
//! [`health`], [`admin`]), which calls the game or the event store and answers; an error is
//! core's `RequestError` answered by [`error`].

pub mod admin;
pub mod app;
pub mod cards;
pub mod decks;
pub mod error;
pub mod events;
pub mod extract;
pub mod games;
pub mod health;
pub mod idempotency;
pub mod keys;
pub mod limits;
mod linked;
pub mod loading;
pub mod metrics;
mod middleware;
pub mod openapi;
mod page;
mod query;
pub mod requests;
pub mod responses;
pub(crate) mod retention;
pub mod settings;
pub mod sheets;
pub mod state;

pub use app::{Application, open_store};
pub use error::Error;
pub use settings::Settings;
pub use state::{AppState, Loader};
