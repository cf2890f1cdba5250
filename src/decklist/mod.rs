//! Deck list input: what a player or a deck site sends, turned into a resolved [`Deck`] plus a
//! diagnostic for every entry that was not a clean card line.
//!
//! An input that cannot be read at all (not JSON, not a deck) is an [`ImportError`]: the caller
//! answers "cannot be used" (exit 2, HTTP 4xx). An entry that can be read but not resolved (an
//! unknown id, a count of zero) is a [`Diagnostic`]: the rest of the deck is still judged, and
//! the report cannot say "legal" while an error-level diagnostic stands.

mod export;
mod picklist;
mod pool;
pub mod resolve;
mod swudb;
mod text;

pub use export::{ExportError, to_swudb_json, to_text};
pub use picklist::parse_picklist;
pub use pool::{ImportedPool, parse_pool};
pub use swudb::{one_pass_readers_agree, parse_entry_by_entry, parse_swudb, parse_well_formed};
pub use text::parse_text;

use serde::Serialize;

use crate::deck::{Deck, Zone};
use crate::rules::CardRef;

/// The most copies one entry may claim. Far above any real list (Swarming Vulture Droid: 15;
/// a sealed pool rarely holds more than 6 of a common), low enough that sums cannot overflow.
pub const MAX_COUNT: u64 = 1_000;

/// The most lines a text list may have: a deck list has a few dozen; a sealed pool a few hundred.
pub const MAX_LINES: usize = 10_000;

/// Room for a deck's lines made before reading one: a deck list rarely has more, and the
/// block stays under glibc's "large" size (1 KiB), whose allocation sweeps the small free
/// blocks first.
pub const USUAL_LINES: usize = 40;

/// After this many unknown lines, the rest get no did-you-mean (a pasted novel stays cheap).
pub const MAX_SUGGESTED_LINES: usize = 100;

/// The input formats deckcheck reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum InputFormat {
    /// swudb.com / Karabast JSON.
    SwudbJson,
    /// The SWUDB picklist (`[ ] [ ]  Name` and a line of printings).
    Picklist,
    /// melee.gg exports and plain text lists.
    Text,
}

impl InputFormat {
    /// Tells the format from the text: JSON starts with `{`, a picklist has `[ ]` boxes,
    /// anything else is read as text.
    pub fn detect(text: &str) -> Self {
        let t = text.trim_start_matches('\u{feff}').trim_start();
        if t.starts_with('{') {
            Self::SwudbJson
        } else if t.lines().take(200).any(picklist::is_box_line) {
            Self::Picklist
        } else {
            Self::Text
        }
    }
}

/// Reads a deck in the given format, or the detected one.
pub fn import(
    catalog: &crate::catalog::Catalog,
    text: &str,
    format: Option<InputFormat>,
) -> Result<Imported, ImportError> {
    match format.unwrap_or_else(|| InputFormat::detect(text)) {
        InputFormat::SwudbJson => parse_swudb(catalog, text),
        InputFormat::Picklist => parse_picklist(catalog, text),
        InputFormat::Text => parse_text(catalog, text),
    }
}

/// Input echoed back in a diagnostic is cut short: a 1 MB line must not make a 1 MB answer.
pub fn echo(text: &str) -> String {
    const MAX: usize = 200;
    if text.len() <= MAX {
        return text.to_string();
    }
    let cut = (0..=MAX)
        .rev()
        .find(|i| text.is_char_boundary(*i))
        .unwrap_or(0);
    format!("{}…", &text[..cut])
}

/// A deck read from input, and what was wrong with its entries.
#[derive(Debug, Clone, Default)]
pub struct Imported {
    pub deck: Deck,
    pub diagnostics: Vec<Diagnostic>,
}

/// Why an input could not be read at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    #[error("the input is empty")]
    Empty,
    #[error("the input is not valid JSON: {message} (line {line}, column {column})")]
    Json {
        message: String,
        line: usize,
        column: usize,
    },
    #[error("the input is not a deck list: {0}")]
    NotADeck(String),
    #[error("the input is too large: {0}")]
    TooLarge(String),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The entry could not be used; the deck cannot be called legal.
    Error,
    /// The entry was read, but not as written (a zero count, an ignored field).
    Warning,
}

/// Stable ids of input diagnostics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DiagnosticCode {
    /// No card has this id or name.
    UnknownCard,
    /// The name fits several cards; none was chosen (TR 3.1.3, v1.4: unique cards must be
    /// identifiable by subtitle or set and number).
    AmbiguousCard,
    /// The count is not a whole number from 1 to the maximum.
    BadCount,
    /// A count of zero: the entry is ignored.
    ZeroCount,
    /// The entry is not shaped like a card entry.
    MalformedEntry,
    /// Read, but not by an exact name: the card understood is named so the player can check.
    ResolvedLoosely,
    /// No count was written; one copy was assumed.
    NoCount,
    /// The line's id and its name are different cards; the id was used.
    IdNameMismatch,
    /// The format cannot tell main deck from sideboard (picklist).
    SectionsMerged,
    /// The deck's metadata is not an object: its name, player and UID were not read.
    MalformedMetadata,
}

/// One entry that was not a clean card line.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Diagnostic {
    pub code: DiagnosticCode,
    pub severity: Severity,
    /// Where: `line 14` for text, `deck[3]` for JSON.
    pub at: String,
    /// The input as written.
    pub text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zone: Option<Zone>,
    pub message: String,
    /// The card the entry was read as, when it was read loosely.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub understood: Option<CardRef>,
    /// Cards that may have been meant: did-you-mean, or the candidates of an ambiguous name.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub candidates: Vec<CardRef>,
}

impl Diagnostic {
    pub fn blocks_verdict(&self) -> bool {
        self.severity == Severity::Error
    }
}
