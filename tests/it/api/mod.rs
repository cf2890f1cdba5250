//! The HTTP API over real HTTP (issue 4): every endpoint and every error, bodies pinned by
//! snapshots (`snapshots/`; the catalog version is redacted so new card data does not churn them).

mod batch;
mod cards;
mod errors;
mod helpers;
mod hostile;
mod reload;
mod validate;
