//! deckcheck: deck-list legality for Star Wars: Unlimited, by format and date.
//!
//! The path of a check: input text → [`decklist`] (parse and resolve against the [`catalog`],
//! with diagnostics) → [`deck::Deck`] → [`rules::check`] (every rule of the registry, reading the
//! format's dated settings from [`data`]) → [`rules::Report`].
//!
//! The HTTP service ([`http`]) runs the same path behind actix-web, configured by [`settings`].
//!
//! Errors: typed errors in the domain ([`catalog::CatalogError`], [`data::DataError`],
//! [`decklist::ImportError`]); `anyhow` only in `main` and the command-line glue of [`cli`].

pub mod catalog;
pub mod checker;
pub mod cli;
pub mod data;
pub mod deck;
pub mod decklist;
pub mod http;
pub mod json;
pub mod judge;
pub mod rules;
pub mod settings;
pub mod sync;
pub mod text;
