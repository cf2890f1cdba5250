//! Input diagnostics: one for every entry of a list that was not a clean card line. The rest
//! of the deck is still judged; an error-level diagnostic leaves the verdict `unverified`.

use serde::Serialize;

use crate::report::CardRef;

/// Stable id of a diagnostic (`unknown-card`): an API contract, like violation codes. The
/// common ones are here; a game may add its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DiagnosticCode(&'static str);

impl DiagnosticCode {
    pub const fn new(id: &'static str) -> Self {
        Self(id)
    }

    pub fn as_str(self) -> &'static str {
        self.0
    }

    /// No card has this id or name.
    pub const UNKNOWN_CARD: Self = Self("unknown-card");
    /// The name fits several cards; none was chosen (no silent substitution).
    pub const AMBIGUOUS_CARD: Self = Self("ambiguous-card");
    /// The count is not a whole number from 1 to the maximum.
    pub const BAD_COUNT: Self = Self("bad-count");
    /// A count of zero: the entry is ignored.
    pub const ZERO_COUNT: Self = Self("zero-count");
    /// The entry is not shaped like a card entry.
    pub const MALFORMED_ENTRY: Self = Self("malformed-entry");
    /// Read, but not by an exact name: the card understood is named so the player can check.
    pub const RESOLVED_LOOSELY: Self = Self("resolved-loosely");
    /// No count was written; one copy was assumed.
    pub const NO_COUNT: Self = Self("no-count");
    /// The entry's id and its name are different cards; the id was used.
    pub const ID_NAME_MISMATCH: Self = Self("id-name-mismatch");
    /// The input format cannot tell two sections apart (a picklist's main deck and sideboard).
    pub const SECTIONS_MERGED: Self = Self("sections-merged");
    /// The list's metadata could not be read; its cards were.
    pub const MALFORMED_METADATA: Self = Self("malformed-metadata");
    /// An id the catalog lacks, read by the set's documented numbering (say so).
    pub const RESOLVED_BY_NUMBERING: Self = Self("resolved-by-numbering");
}

impl std::fmt::Display for DiagnosticCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

impl Serialize for DiagnosticCode {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The entry could not be used; the deck cannot be called legal.
    Error,
    /// The entry was read, but not exactly as written.
    Warning,
}

/// One entry that was not a clean card line.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct Diagnostic {
    #[schema(value_type = String)]
    pub code: DiagnosticCode,
    pub severity: Severity,
    /// Where: `line 14` for text, `deck[3]` for JSON, `segment 5` for a link.
    pub at: String,
    /// The input as written (cut short when long).
    pub text: String,
    /// The section of the list it was in (`main`, `sideboard`, `outside`), where known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zone: Option<&'static str>,
    pub message: String,
    /// The card the entry was read as, when it was read loosely.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub understood: Option<CardRef>,
    /// Cards that may have been meant: did-you-mean, or every candidate of an ambiguous name.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub candidates: Vec<CardRef>,
}

impl Diagnostic {
    pub fn new(
        code: DiagnosticCode,
        severity: Severity,
        at: impl Into<String>,
        text: &str,
        message: impl Into<String>,
    ) -> Self {
        Self {
            code,
            severity,
            at: at.into(),
            text: crate::text::echo(text),
            zone: None,
            message: message.into(),
            understood: None,
            candidates: Vec::new(),
        }
    }

    pub fn error(
        code: DiagnosticCode,
        at: impl Into<String>,
        text: &str,
        message: impl Into<String>,
    ) -> Self {
        Self::new(code, Severity::Error, at, text, message)
    }

    pub fn warning(
        code: DiagnosticCode,
        at: impl Into<String>,
        text: &str,
        message: impl Into<String>,
    ) -> Self {
        Self::new(code, Severity::Warning, at, text, message)
    }

    pub fn in_zone(mut self, zone: &'static str) -> Self {
        self.zone = Some(zone);
        self
    }

    pub fn understood(mut self, card: CardRef) -> Self {
        self.understood = Some(card);
        self
    }

    pub fn candidates(mut self, cards: Vec<CardRef>) -> Self {
        self.candidates = cards;
        self
    }

    /// Whether the entry could not be used: the deck cannot be called legal while it stands.
    pub fn blocks_verdict(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// The most diagnostics an error's details list: an answer stays small whatever was sent.
pub const MAX_LISTED: usize = 200;
