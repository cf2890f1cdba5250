//! Deck list input: what a player or a deck site sends, turned into a resolved [`Deck`] plus a
//! diagnostic for every entry that was not a clean card line.
//!
//! An input that cannot be read at all (not JSON, not a deck) is an [`ImportError`]: the caller
//! answers "cannot be used" (exit 2, HTTP 4xx). An entry that can be read but not resolved (an
//! unknown id, a count of zero) is a [`Diagnostic`]: the rest of the deck is still judged, and
//! the report cannot say "legal" while an error-level diagnostic stands.

mod swudb;

pub use swudb::parse_swudb;

use serde::Serialize;

use crate::deck::{Deck, Zone};
use crate::rules::CardRef;

/// The most copies one entry may claim. Far above any real list (Swarming Vulture Droid: 15;
/// a sealed pool rarely holds more than 6 of a common), low enough that sums cannot overflow.
pub const MAX_COUNT: u64 = 1_000;

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
    #[error("the input is not a SWUDB deck: {0}")]
    NotADeck(String),
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
    /// Cards that may have been meant: did-you-mean, or the candidates of an ambiguous name.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub candidates: Vec<CardRef>,
}

impl Diagnostic {
    pub fn blocks_verdict(&self) -> bool {
        self.severity == Severity::Error
    }
}
