//! The contract of a game, and the one object the service, the CLI and the event store see.
//!
//! A game crate implements [`Game`] with its own deck type and options; the blanket
//! implementation ([`crate::any`]) turns it into an [`AnyGame`], which takes and gives only
//! plain data (texts, JSON options, reports). A format is data the game loads ([`FormatInfo`]),
//! so nothing above the game crate names a format.

use jiff::civil::Date;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

pub use crate::answer::{
    CardSummary, Comparison, ComparisonVerdict, DeckAnswer, DeckSource, DeckView, Finding,
    FindingCode, Judged, LineView, Linked, SectionView, Summary, Validated,
};
use crate::diagnostic::Diagnostic;
pub use crate::error::{ErrorCode, RequestError};
use crate::fingerprint::Fingerprinted;
pub use crate::format::{ALL_FORMATS, Ask, FormatInfo, GameInfo};
use crate::input::{ImportError, Imported};
pub use crate::json::field_names;
use crate::report::CardRef;
use crate::window::{ChangePoint, Window};

/// The contract of a game, with its own deck type and options.
pub trait Game: Send + Sync + 'static {
    /// One deck as read from input, resolved against the catalog.
    type Deck: Clone + Send + Sync + 'static;
    /// What a check may be told beside the format and the date (SWU: a sealed pool). Read from a
    /// request's JSON fields or the CLI's options; an unknown field is refused.
    type Options: DeserializeOwned + Default + Send + Sync + utoipa::ToSchema + 'static;

    fn info(&self) -> &GameInfo;

    /// Reads one deck in the input format `input` names, or the one detected.
    fn import(&self, text: &str, input: Option<&str>) -> Result<Imported<Self::Deck>, ImportError>;

    /// Reads one deck for an event on `as_of`: a game whose readers suggest cards or choose
    /// among same-named ones offers only cards that exist by then. By default, as [`Game::import`].
    fn import_on(
        &self,
        text: &str,
        input: Option<&str>,
        _as_of: Date,
    ) -> Result<Imported<Self::Deck>, ImportError> {
        self.import(text, input)
    }

    /// Judges a submission in each format asked: one report per group of decks the format
    /// judges together (every deck alone, unless the format plays several as one).
    fn check(
        &self,
        decks: &[Imported<Self::Deck>],
        formats: &[&FormatInfo],
        ask: &Ask,
        options: &Self::Options,
    ) -> Result<Vec<Judged>, RequestError>;

    /// The deck as understood, section by section.
    fn view(&self, deck: &Self::Deck) -> DeckView;

    /// The deck as a deck-registration sheet lists it: the game's sections in its usual sheet
    /// order, with counts and totals (`sheet.rs`). By default, the deck as understood.
    fn sheet(&self, deck: &Self::Deck) -> crate::sheet::SheetDeck {
        crate::sheet::SheetDeck::from_view(self.view(deck))
    }

    /// The name and id the list itself gives for its player, if any.
    fn player(&self, _deck: &Self::Deck) -> (Option<String>, Option<String>) {
        (None, None)
    }

    /// A card's identity in a list's fingerprint (`docs/fingerprint.md`): by default its title
    /// and subtitle, folded; a game whose names are not identities names its cards otherwise.
    fn identity(&self, card: &CardRef) -> String {
        crate::fingerprint::by_name(card)
    }

    /// A deck check: the presented deck (and any other cards found with it) against the
    /// registered list. By default section by section, card for card.
    fn compare(
        &self,
        registered: &Self::Deck,
        presented: &Imported<Self::Deck>,
        _extra: Option<&Self::Deck>,
        format: &FormatInfo,
        as_of: Date,
    ) -> Comparison {
        let (rv, pv) = (self.view(registered), self.view(&presented.deck));
        let (verdict, findings) = Comparison::by_sections(&rv, &pv);
        let counts = |v: &DeckView| v.sections.iter().map(|s| (s.id, s.count)).collect();
        Comparison {
            verdict,
            game: self.info().id,
            format: format.id.clone(),
            as_of,
            registered: counts(&rv),
            presented: counts(&pv),
            findings,
            notes: Vec::new(),
            catalog: self.info().catalog.clone(),
            links: Linked::new(),
        }
    }

    /// The deck written in one of the game's input formats (`convert`).
    fn export(&self, _deck: &Self::Deck, to: &str) -> Result<String, RequestError> {
        Err(RequestError::bad_value(
            "to",
            format!("{} decks cannot be written as {to:?}", self.info().name),
        ))
    }

    /// Cards whose name is like `query`, best first.
    fn search(&self, query: &str, limit: usize) -> Vec<CardSummary>;

    /// One card and its standing in each format on a date, as the game describes it.
    fn card(&self, id: &str, as_of: Date) -> Option<Value>;

    /// A format's rules as the game's own data states them (each setting with its dates,
    /// section and sources), for those who want to see what a check applies.
    fn format_rules(&self, _format: &str) -> Option<Value> {
        None
    }

    /// Every date on which the game's dated data changes something for `format`: a release, a
    /// rotation, a suspension's start or end, a rule change. The legal window of a deck is
    /// judged at these dates.
    fn change_points(&self, format: &FormatInfo) -> Vec<ChangePoint>;

    /// Checks what the options' type alone cannot: a value among those the game's data lists
    /// (SWU's `trilogy_pool`). By default every value the type reads is taken.
    fn check_option_values(&self, _options: &Self::Options) -> Result<(), RequestError> {
        Ok(())
    }

    /// Whether a JSON request body is itself a deck of this game rather than a request
    /// (a SWUDB export posted as it is).
    fn is_bare_deck(&self, _body: &Map<String, Value>) -> bool {
        false
    }
}

/// A deck in a request: the text of a list, or a JSON deck as its JSON text.
#[derive(Debug, Clone)]
pub struct DeckInput {
    /// Where it was in the request (`deck`, `decks[1]`, `body`), for errors.
    pub field: String,
    pub text: String,
}

/// A validate request, game-agnostic: the service and the CLI build it from what they read.
#[derive(Debug, Clone)]
pub struct ValidateRequest {
    pub decks: Vec<DeckInput>,
    pub formats: Vec<String>,
    pub as_of: Date,
    pub input_format: Option<String>,
    pub explain: bool,
    pub player: Option<String>,
    pub uid: Option<String>,
    pub registration: bool,
    /// The game's own options (JSON fields the game reads, unknown ones refused).
    pub options: Map<String, Value>,
}

/// A deck check request: texts of the registered list, the presented deck, and other cards found.
#[derive(Debug, Clone)]
pub struct CompareRequest {
    pub registered: DeckInput,
    pub presented: DeckInput,
    pub extra: Option<DeckInput>,
    pub format: Option<String>,
    pub as_of: Date,
}

/// A game whatever its types: what the service, the CLI and the event store use.
pub trait AnyGame: Send + Sync {
    fn info(&self) -> &GameInfo;
    fn validate(&self, request: &ValidateRequest) -> Result<Validated, RequestError>;
    /// [`AnyGame::validate`], and each deck's fingerprint as it was read (`None` for a deck
    /// whose entries are not all cards): what an event stores of a list, each deck read once.
    fn validate_fingerprinted(
        &self,
        request: &ValidateRequest,
    ) -> Result<(Validated, Vec<Option<Fingerprinted>>), RequestError>;
    fn compare(&self, request: &CompareRequest) -> Result<Comparison, RequestError>;
    /// A list's fingerprint (`fingerprint.rs`), the list read whole as a deck check reads it.
    fn fingerprint(
        &self,
        deck: &DeckInput,
        input: Option<&str>,
        as_of: Date,
    ) -> Result<Fingerprinted, RequestError>;
    /// A list as its deck-registration sheet lists it (`sheet.rs`), read as it was registered
    /// on `as_of`: entries that cannot be read as cards are named in `not_read`, not dropped.
    fn sheet(
        &self,
        deck: &DeckInput,
        input: Option<&str>,
        as_of: Date,
    ) -> Result<crate::sheet::SheetDeck, RequestError>;
    /// The legal window of a deck in each format asked, between two dates.
    fn window(
        &self,
        request: &ValidateRequest,
        from: Option<Date>,
        until: Option<Date>,
    ) -> Result<Window, RequestError>;
    fn convert(
        &self,
        deck: &DeckInput,
        input: Option<&str>,
        to: &str,
    ) -> Result<(String, Vec<Diagnostic>), RequestError>;
    fn search(&self, query: &str, limit: usize) -> Vec<CardSummary>;
    fn card(&self, id: &str, as_of: Date) -> Option<Value>;
    fn format_rules(&self, format: &str) -> Option<Value>;
    fn is_bare_deck(&self, body: &Map<String, Value>) -> bool;
    /// Whether the game can read these options (before any deck is read: a roster's options
    /// are refused once, not entry by entry).
    fn check_options(&self, options: &Map<String, Value>) -> Result<(), RequestError>;
    /// The names of the game's options, as its options type reads them (no document needed:
    /// serde says which fields the type has).
    fn option_names(&self) -> &'static [&'static str];
    /// The JSON schema of the game's options, for the API document.
    fn options_schema(
        &self,
    ) -> (
        String,
        utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
    );
    /// The game as its own type, for routes only one game has (SWU's sets and suspensions).
    fn as_any(&self) -> &dyn std::any::Any;
}

/// The most decks one request may hold: more than any format plays (Trilogy: 3).
pub const MAX_DECKS: usize = 3;

/// The most decks one request of a game may hold: what its formats play, at most [`MAX_DECKS`].
pub fn most_decks(formats: &[FormatInfo]) -> usize {
    formats
        .iter()
        .map(|f| f.decks as usize)
        .max()
        .unwrap_or(1)
        .min(MAX_DECKS)
}
