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
pub use text::{Text, parse_text, read_text};

use deckcheck_core::input::InputFormat;
use deckcheck_core::{ImportError, Imported, Note, NoteKind};
use jiff::civil::Date;

use crate::catalog::{Catalog, Lang};
use crate::data::LegalityData;
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

/// The note a report carries when its decks name cards in other languages: how many, in which,
/// and that each is judged as the English card it is, citing the section in force on the date
/// (TR 3.2.4, then CEG 4.1.1: "a player's deck can include cards in any number of languages").
pub fn languages_note<'a>(
    decks: impl Iterator<Item = &'a Deck>,
    data: &LegalityData,
    as_of: Date,
) -> Option<Note> {
    let mut count = 0;
    let mut langs: Vec<&'static str> = Vec::new();
    for deck in decks {
        count += deck.written_elsewhere();
        langs.extend(deck.languages());
    }
    if count == 0 {
        return None;
    }
    langs.sort_unstable();
    langs.dedup();
    let names: Vec<&str> = langs
        .iter()
        .map(|l| Lang::parse(l).map_or(*l, Lang::name))
        .collect();
    let languages = match names.as_slice() {
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
        [] => String::new(),
    };
    Some(Note {
        kind: NoteKind::Caveat,
        section: Some(data.cite("other-languages", as_of).to_string()),
        message: format!(
            "{count} {} read by {} {languages} name{}, as the official card database translates them, and judged as the English card{} {}: a deck may hold cards in any number of languages.",
            if count == 1 { "line was" } else { "lines were" },
            if count == 1 { "its" } else { "their" },
            if count == 1 { "" } else { "s" },
            if count == 1 { "" } else { "s" },
            if count == 1 { "it is" } else { "they are" },
        ),
    })
}
