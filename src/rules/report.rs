//! What a check answers: every violation at once, each with a stable code, the section it
//! enforces, the cards involved and the numbers that explain it; and notes on any fact the
//! answer rests on that the project could not confirm.

use jiff::civil::Date;
use serde::Serialize;

use crate::catalog::{CardId, Catalog, PrintingId};
use crate::data::{Confidence, FormatId};
use crate::decklist::Diagnostic;

/// Stable machine ids of violations: an API contract. Never rename one; add new ones.
/// `docs/violation-codes.md` lists them with [`Code::meaning`] (a test keeps it in step).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Code {
    FormatNotAvailable,
    WrongNumberOfDecks,
    LeaderCount,
    BaseCount,
    NotALeader,
    NotABase,
    NotADeckCard,
    MainDeckTooSmall,
    SideboardTooLarge,
    TooManyCopies,
    LeaderAspects,
    CardNotReleased,
    CardNotInFormat,
    CardSuspended,
    CardNotInPool,
    BaseNotInPool,
    DeckListIncomplete,
    PoolShape,
}

impl Code {
    pub const ALL: [Code; 18] = [
        Self::FormatNotAvailable,
        Self::WrongNumberOfDecks,
        Self::LeaderCount,
        Self::BaseCount,
        Self::NotALeader,
        Self::NotABase,
        Self::NotADeckCard,
        Self::MainDeckTooSmall,
        Self::SideboardTooLarge,
        Self::TooManyCopies,
        Self::LeaderAspects,
        Self::CardNotReleased,
        Self::CardNotInFormat,
        Self::CardSuspended,
        Self::CardNotInPool,
        Self::BaseNotInPool,
        Self::DeckListIncomplete,
        Self::PoolShape,
    ];

    /// The id as it appears in JSON: `too-many-copies`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::FormatNotAvailable => "format-not-available",
            Self::WrongNumberOfDecks => "wrong-number-of-decks",
            Self::LeaderCount => "leader-count",
            Self::BaseCount => "base-count",
            Self::NotALeader => "not-a-leader",
            Self::NotABase => "not-a-base",
            Self::NotADeckCard => "not-a-deck-card",
            Self::MainDeckTooSmall => "main-deck-too-small",
            Self::SideboardTooLarge => "sideboard-too-large",
            Self::TooManyCopies => "too-many-copies",
            Self::LeaderAspects => "leader-aspects",
            Self::CardNotReleased => "card-not-released",
            Self::CardNotInFormat => "card-not-in-format",
            Self::CardSuspended => "card-suspended",
            Self::CardNotInPool => "card-not-in-pool",
            Self::BaseNotInPool => "base-not-in-pool",
            Self::DeckListIncomplete => "deck-list-incomplete",
            Self::PoolShape => "pool-shape",
        }
    }

    /// What the code means, for the documentation.
    pub fn meaning(self) -> &'static str {
        match self {
            Self::FormatNotAvailable => {
                "The format did not exist yet on the date checked (Eternal before 2026-03-13)."
            }
            Self::WrongNumberOfDecks => {
                "The format is played with a different number of decks (Trilogy: three)."
            }
            Self::LeaderCount => {
                "The deck has the wrong number of leaders (1; Twin Suns: 2 different leaders)."
            }
            Self::BaseCount => "The deck does not have exactly one base.",
            Self::NotALeader => "A card listed as the leader is not a leader card.",
            Self::NotABase => "A card listed as the base is not a base card.",
            Self::NotADeckCard => {
                "A leader, base or token is in the main deck or sideboard, which hold only units, events and upgrades."
            }
            Self::MainDeckTooSmall => {
                "The main deck has fewer cards than the format's minimum (after a base's printed change to it)."
            }
            Self::SideboardTooLarge => {
                "The sideboard is larger than allowed (Premier/Eternal: 10; Twin Suns and Trilogy: none)."
            }
            Self::TooManyCopies => {
                "More copies of one card (same title and subtitle, any printing) than the format allows."
            }
            Self::LeaderAspects => {
                "Twin Suns leaders whose aspects may not be combined (Heroism with Villainy)."
            }
            Self::CardNotReleased => "The card was not yet released on the date checked.",
            Self::CardNotInFormat => {
                "The card has no printing in a set of the format's card pool on the date (rotated out of Premier, or a product not legal in the format)."
            }
            Self::CardSuspended => {
                "The card is on the format's suspension list on the date checked."
            }
            Self::CardNotInPool => {
                "Limited: the deck plays a card (or more copies of it) that the player did not open or draft."
            }
            Self::BaseNotInPool => {
                "Limited: the base was neither opened nor a Common base of the event's set."
            }
            Self::DeckListIncomplete => {
                "A competitive deck list lacks an element the regulations require (player name, UID, leader, base, main deck)."
            }
            Self::PoolShape => {
                "Limited: a pool given pack by pack does not have the format's packs (sealed: six, draft: three)."
            }
        }
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A card named in a violation, as the player listed it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CardRef {
    /// The printing id the list used, e.g. `SHD_231`.
    pub id: String,
    pub title: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subtitle: Option<String>,
}

impl CardRef {
    /// "Title | Subtitle" or "Title".
    pub fn title_line(&self) -> String {
        match &self.subtitle {
            Some(sub) => format!("{} | {}", self.title, sub),
            None => self.title.clone(),
        }
    }

    pub fn new(catalog: &Catalog, card: CardId, printing: Option<PrintingId>) -> Self {
        let c = catalog.card(card);
        let printing = printing.unwrap_or(c.printings[0]);
        Self {
            id: catalog.printing_code(printing),
            title: c.title.clone(),
            subtitle: c.subtitle.clone(),
        }
    }
}

/// One broken rule.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Violation {
    pub code: Code,
    /// The section it enforces: `TR 2.3.1.1`, `CR 9.2.2D`.
    pub section: String,
    pub message: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<CardRef>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub actual: Option<u64>,
    /// Which deck of a multi-deck submission (Trilogy), counting from 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deck: Option<usize>,
    /// Set when the rule rests on a fact the project could not confirm.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unconfirmed: Option<String>,
}

impl Violation {
    pub fn new(code: Code, section: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            code,
            section: section.into(),
            message: message.into(),
            cards: Vec::new(),
            expected: None,
            actual: None,
            deck: None,
            unconfirmed: None,
        }
    }

    pub fn card(mut self, card: CardRef) -> Self {
        self.cards.push(card);
        self
    }

    pub fn numbers(mut self, expected: u64, actual: u64) -> Self {
        self.expected = Some(expected);
        self.actual = Some(actual);
        self
    }

    pub fn caveat(mut self, confidence: Confidence, note: Option<&str>) -> Self {
        if confidence.needs_caveat() {
            self.unconfirmed = Some(note.unwrap_or("this fact is not confirmed").to_string());
        }
        self
    }
}

/// Something the reader should know that is not a violation: an unconfirmed fact the answer
/// used, or a check that could not run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Note {
    pub section: String,
    pub message: String,
}

/// The verdict at a glance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Legal,
    Illegal,
    /// No rule is broken by what could be read, but some lines could not be resolved.
    Incomplete,
}

/// The answer for one format.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub legal: bool,
    pub status: Status,
    pub format: FormatId,
    pub as_of: Date,
    pub violations: Vec<Violation>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub diagnostics: Vec<Diagnostic>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<Note>,
    /// Which card data answered.
    pub catalog: String,
}

impl Report {
    pub fn new(
        format: FormatId,
        as_of: Date,
        violations: Vec<Violation>,
        diagnostics: Vec<Diagnostic>,
        notes: Vec<Note>,
        catalog: String,
    ) -> Self {
        let blocking = diagnostics.iter().any(Diagnostic::blocks_verdict);
        let status = if !violations.is_empty() {
            Status::Illegal
        } else if blocking {
            Status::Incomplete
        } else {
            Status::Legal
        };
        Self {
            legal: status == Status::Legal,
            status,
            format,
            as_of,
            violations,
            diagnostics,
            notes,
            catalog,
        }
    }

    pub fn has(&self, code: Code) -> bool {
        self.violations.iter().any(|v| v.code == code)
    }
}
