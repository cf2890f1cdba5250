//! deckcheck-core: what every game shares, and nothing of any one game.
//!
//! A game crate reads decks in its input formats ([`input`]), judges them with its [`Rule`]s
//! (one engine, [`rules`]) that report [`Violation`]s carrying typed data ([`Explain`]) into a
//! [`Report`] with a three-valued [`Verdict`], writes their messages as Fluent messages in the
//! language asked ([`l10n`]: en, de, fr, it, es), and
//! reads its dated facts as [`Timeline`]s. The service and the CLI see every game through the
//! [`AnyGame`] object a game's [`Game`] implementation becomes, so that adding a game is one
//! line where the games are listed, and adding a format is a data entry.
//!
//! Errors: typed errors in the domain ([`ImportError`], [`RequestError`], [`sync::SyncError`]);
//! a deck that breaks rules is never an error, it is a report.

pub mod answer;
mod any;
pub mod dated;
pub mod diagnostic;
pub mod encoding;
pub mod error;
pub mod fingerprint;
pub mod format;
pub mod game;
pub mod input;
pub mod json;
pub mod l10n;
pub mod lines;
pub mod names;
pub mod registry;
pub mod report;
pub mod rules;
pub mod sheet;
pub mod sync;
#[cfg(feature = "testing")]
pub mod testing;
pub mod text;
pub mod window;
pub mod wording;

pub use answer::{GameReload, Reloaded};
pub use dated::{Confidence, Dated, Timeline};
pub use diagnostic::{Diagnostic, DiagnosticCode, Severity};
pub use error::{Details, ErrorCode, RequestError};
pub use fingerprint::{Canonical, Fingerprint, Fingerprinted};
pub use game::{
    AnyGame, Ask, CardSummary, CompareRequest, Comparison, ComparisonVerdict, DeckAnswer,
    DeckInput, DeckSource, DeckView, Finding, FindingCode, FormatInfo, Game, GameInfo, Judged,
    LineView, Linked, SectionView, Summary, ValidateRequest, Validated,
};
pub use input::{ImportError, Imported, InputFormat, InputFormatInfo, echo};
pub use l10n::{Lang, Messages};
pub use registry::{ApiExample, GameApi, GameSpec, LoadError, Paths, Registry};
pub use report::{
    CardRef, Code, CodeInfo, Explain, Findings, Note, NoteKind, Report, Verdict, Violation,
};
pub use rules::Rule;
pub use sheet::{SheetDeck, SheetLine, SheetSection, SheetTotal};
pub use window::{ChangePoint, Interval, Window};
