//! Deck list input: one reader per format a player or a deck site sends, each turning text into
//! a resolved [`Deck`] plus a diagnostic for every entry that was not a clean card line.
//!
//! An input that cannot be read at all (not JSON, not a deck) is an [`ImportError`]: the caller
//! answers "cannot be used" (exit 2, HTTP 4xx). An entry that can be read but not resolved (an
//! unknown id, a count of zero) is a [`deckcheck_core::Diagnostic`]: the rest of the deck is
//! still judged, and the answer cannot be "legal" while an error-level diagnostic stands.

mod export;
mod picklist;
mod pool;
pub mod resolve;
mod swudb;
mod text;

pub use export::{ExportError, to_swudb_json, to_text};
pub use picklist::{Picklist, parse_picklist};
pub use pool::{ImportedPool, parse_pool, read_pool};
pub use resolve::Lookup;
pub use swudb::{SwudbJson, parse_swudb};
pub use text::{Text, parse_text};

use deckcheck_core::input::InputFormat;
use deckcheck_core::{ImportError, Imported};
use jiff::civil::Date;

use crate::catalog::Catalog;
use crate::deck::Deck;

/// Every input format, in the order detection tries them (text reads anything, so it is last).
pub fn readers<'a>() -> [&'a dyn InputFormat<Lookup<'a>, Deck>; 3] {
    [&SwudbJson, &Picklist, &Text]
}

/// Reads a deck in the input format `input` names (`swudb-json`, `picklist`, `text`), or the
/// one detected.
pub fn import(
    catalog: &Catalog,
    text: &str,
    input: Option<&str>,
) -> Result<Imported<Deck>, ImportError> {
    deckcheck_core::input::import(&readers(), &Lookup::new(catalog), text, input)
}

/// Reads a deck for an event on `date` (`None`: any date): names that could be several cards
/// and did-you-mean suggestions offer only cards released by then.
pub fn import_on(
    catalog: &Catalog,
    text: &str,
    input: Option<&str>,
    date: Option<Date>,
) -> Result<Imported<Deck>, ImportError> {
    let lookup = Lookup { catalog, on: date };
    deckcheck_core::input::import(&readers(), &lookup, text, input)
}
