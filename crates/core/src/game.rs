//! The contract of a game, and the one object the service, the CLI and the event store see.
//!
//! A game crate implements [`Game`] with its own deck type and options; the blanket
//! implementation turns it into an [`AnyGame`], which takes and gives only plain data (texts,
//! JSON options, reports). A format is data the game loads ([`FormatInfo`]), so nothing above
//! the game crate names a format.

use std::collections::BTreeMap;
use std::sync::Arc;

use jiff::civil::Date;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::diagnostic::Diagnostic;
pub use crate::error::{ErrorCode, RequestError};
use crate::fingerprint::Fingerprinted;
use crate::input::{ImportError, Imported, InputFormatInfo};
use crate::report::{CardRef, CodeInfo, Report, Verdict};
use crate::window::{ChangePoint, Window};

/// A game as it is listed (`GET /v1/games`).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct GameInfo {
    /// `swu`, `lcg`, `ccg`, `legion`.
    pub id: &'static str,
    pub name: &'static str,
    /// The regulations the rules come from.
    pub regulations: Vec<String>,
    pub formats: Vec<FormatInfo>,
    /// The input formats it reads, in the order detection tries them.
    pub inputs: Vec<InputFormatInfo>,
    /// Every violation code its rules report.
    pub codes: Vec<CodeInfo>,
    /// Which card data is loaded (content hash, sync time).
    #[schema(value_type = String)]
    pub catalog: Arc<str>,
    /// How many cards the catalog holds.
    pub cards: usize,
}

/// A format, as data: what it is called, when it can be played, what a submission holds.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct FormatInfo {
    /// The id a request names: `premier`, `twin-suns`, `standard`, `classic`.
    pub id: String,
    pub name: String,
    pub summary: String,
    /// How many decks one submission holds (Trilogy: 3); a check of fewer decks judges what
    /// it was given.
    pub decks: u32,
    /// The first day it can be played, where the data knows one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>, format = Date)]
    pub from: Option<Date>,
    /// The last day it could be played, if it ended.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>, format = Date)]
    pub until: Option<Date>,
    /// What a check needs beyond the decks (`pool` for sealed and draft); without it the
    /// answer is `unverified`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub needs: Vec<&'static str>,
}

impl FormatInfo {
    pub fn available_on(&self, date: Date) -> bool {
        self.from.is_none_or(|from| from <= date) && self.until.is_none_or(|until| date <= until)
    }
}

impl GameInfo {
    /// A format by its id, exactly as the game lists it (`premier`, `twin-suns`).
    pub fn format(&self, id: &str) -> Option<&FormatInfo> {
        self.formats.iter().find(|f| f.id == id)
    }

    /// The formats a request asks for, each once in the order first asked. The grammar, the
    /// same on the command line and in the API (and in its document): format ids exactly as
    /// the game lists them, several separated by commas (no spaces), or `all` (every format
    /// that can be played on `as_of`). `Premier`, `twin_suns` or `premier, eternal` are not
    /// guessed at: the error lists the ids.
    pub fn resolve_formats(
        &self,
        asked: &[String],
        as_of: Date,
    ) -> Result<Vec<&FormatInfo>, RequestError> {
        let mut out: Vec<&FormatInfo> = Vec::new();
        let mut any = false;
        for name in asked.iter().flat_map(|a| a.split(',')) {
            any = true;
            let found: Vec<&FormatInfo> = if name == ALL_FORMATS {
                self.formats
                    .iter()
                    .filter(|f| f.available_on(as_of))
                    .collect()
            } else {
                vec![self.format(name).ok_or_else(|| self.unknown_format(name))?]
            };
            for f in found {
                if !out.iter().any(|o| o.id == f.id) {
                    out.push(f);
                }
            }
        }
        if !any {
            return Err(RequestError::new(
                ErrorCode::InvalidRequest,
                format!(
                    "format is an empty list; name at least one of {}, or all",
                    self.format_ids()
                ),
            )
            .field("format"));
        }
        Ok(out)
    }

    fn format_ids(&self) -> String {
        self.formats
            .iter()
            .map(|f| f.id.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }

    pub fn unknown_format(&self, name: &str) -> RequestError {
        RequestError::bad_value(
            "format",
            format!(
                "unknown format {:?} for {}; the formats are {}, or all",
                crate::input::echo(name),
                self.name,
                self.format_ids()
            ),
        )
        .code(ErrorCode::UnknownFormat)
    }
}

impl GameInfo {
    /// An input format by its id, exactly as the game lists it, or the error naming those it
    /// reads.
    pub fn input(&self, id: &str) -> Result<&InputFormatInfo, RequestError> {
        self.inputs.iter().find(|i| i.id == id).ok_or_else(|| {
            let known: Vec<&str> = self.inputs.iter().map(|i| i.id).collect();
            RequestError::new(
                ErrorCode::UnknownInputFormat,
                format!(
                    "unknown input format {:?} for {}; it reads {}",
                    crate::input::echo(id),
                    self.name,
                    known.join(", ")
                ),
            )
            .field("input_format")
        })
    }
}

/// What a request names to ask for every format that can be played on its date.
pub const ALL_FORMATS: &str = "all";

/// What a check is asked beside the decks and the game's own options.
#[derive(Debug, Clone)]
pub struct Ask {
    pub as_of: Date,
    /// The player and their id, for a registration's completeness (SWU CEG 3.3.3).
    pub player: Option<String>,
    pub uid: Option<String>,
    /// The list is registered for a competitive event: check what registration requires.
    pub registration: bool,
}

/// One report and the decks of the submission it judged (indices into the request's decks).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Judged {
    #[serde(flatten)]
    pub report: Report,
    /// Which decks of the request this report judged (`[0, 1, 2]` for a Trilogy).
    pub decks: Vec<usize>,
}

/// A deck as understood, section by section, so a misread line is obvious.
#[derive(Debug, Clone, Default, Serialize, utoipa::ToSchema)]
pub struct DeckView {
    pub sections: Vec<SectionView>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SectionView {
    /// `leader`, `base`, `main`, `sideboard`; `units`, `command`; `objective`, `outside`…
    pub id: &'static str,
    pub label: &'static str,
    /// Cards in the section, counts added.
    pub count: u64,
    pub lines: Vec<LineView>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct LineView {
    pub count: u32,
    #[serde(flatten)]
    pub card: CardRef,
    /// Cards attached to this one (a Legion unit's upgrades).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub attached: Vec<CardRef>,
}

impl DeckView {
    /// Copies per card id in each section: what a deck check compares.
    pub fn tally(&self) -> BTreeMap<(&'static str, Arc<str>), u64> {
        let mut out = BTreeMap::new();
        for s in &self.sections {
            for l in &s.lines {
                *out.entry((s.id, l.card.id.clone())).or_insert(0) += u64::from(l.count);
                for a in &l.attached {
                    *out.entry((s.id, a.id.clone())).or_insert(0) += u64::from(l.count);
                }
            }
        }
        out
    }
}

/// A card in search results.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct CardSummary {
    #[serde(flatten)]
    pub card: CardRef,
    /// The card's type as the game names it (`leader`, `unit`, `Objective`…).
    pub kind: String,
}

/// The answer of a deck check (a judge compares the presented deck with the registered list).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ComparisonVerdict {
    /// The presented deck is the registered one, card for card.
    Match,
    /// Cards were exchanged between sections within the rules (SWU sideboarding).
    LegalSideboarding,
    /// The presented deck is not the registered one.
    Mismatch,
}

/// What a deck check found: a stable id, an API contract like a violation's code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum FindingCode {
    /// Fewer copies of a card presented than registered.
    CardMissing,
    /// More copies of a card presented than registered.
    CardExtra,
    /// The presented leader is not the registered one.
    LeaderChanged,
    /// The presented base is not the registered one.
    BaseChanged,
    /// Copies exchanged between main deck and sideboard (sideboarding; not a mismatch alone).
    CardMoved,
    /// After the exchanges the main deck is below its minimum.
    MainDeckBelowMinimum,
    /// After the exchanges the sideboard holds more cards than registered.
    SideboardLargerThanRegistered,
    /// A card found in the deck box, which counts as sideboard.
    DeckBoxExtra,
}

impl FindingCode {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::CardMissing => "card-missing",
            Self::CardExtra => "card-extra",
            Self::LeaderChanged => "leader-changed",
            Self::BaseChanged => "base-changed",
            Self::CardMoved => "card-moved",
            Self::MainDeckBelowMinimum => "main-deck-below-minimum",
            Self::SideboardLargerThanRegistered => "sideboard-larger-than-registered",
            Self::DeckBoxExtra => "deck-box-extra",
        }
    }
}

impl std::fmt::Display for FindingCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One difference, with the section that judges it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Finding {
    pub code: FindingCode,
    pub section: String,
    pub message: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<CardRef>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub registered: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub presented: Option<u64>,
    /// Whether this finding alone makes the deck a mismatch.
    pub mismatch: bool,
}

/// Where a deck given as a link came from: the deck site, the deck's title there (when the
/// site gives one) and the link as given. The service fetches the link and judges the deck it
/// names; the answer says which deck that was.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct DeckSource {
    /// The site's name (`swudb.com`, `SWUBase`, `melee.gg`, `Legion HQ`…), or the host of a
    /// plain JSON link.
    pub site: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    pub link: String,
}

/// The decks a request gave as links, by the field each was given in (`deck`, `decks[1]`,
/// `registered`, `entries[3].deck`): empty (and left out of the answer) when none was.
pub type Linked = BTreeMap<String, DeckSource>;

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Comparison {
    pub verdict: ComparisonVerdict,
    pub game: &'static str,
    pub format: String,
    #[schema(value_type = String, format = Date)]
    pub as_of: Date,
    /// Cards per section of the registered list.
    pub registered: BTreeMap<&'static str, u64>,
    /// Cards per section of the presented deck.
    pub presented: BTreeMap<&'static str, u64>,
    pub findings: Vec<Finding>,
    /// Said when the comparison could not see everything (a picklist has no sideboard).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    #[schema(value_type = String)]
    pub catalog: Arc<str>,
    /// The decks given as links, by field: the site and the deck's title.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    #[schema(value_type = BTreeMap<String, DeckSource>)]
    pub links: Linked,
}

impl Comparison {
    /// Section by section, card by card: every missing and extra card is a mismatch. Games
    /// whose rules allow exchanges between games (SWU sideboarding) compare their own way.
    pub fn by_sections(
        registered: &DeckView,
        presented: &DeckView,
    ) -> (ComparisonVerdict, Vec<Finding>) {
        let (reg, pres) = (registered.tally(), presented.tally());
        let names: BTreeMap<&Arc<str>, &CardRef> = registered
            .sections
            .iter()
            .chain(&presented.sections)
            .flat_map(|s| {
                s.lines
                    .iter()
                    .flat_map(|l| std::iter::once(&l.card).chain(&l.attached))
            })
            .map(|c| (&c.id, c))
            .collect();
        let mut findings = Vec::new();
        for key in reg
            .keys()
            .chain(pres.keys())
            .collect::<std::collections::BTreeSet<_>>()
        {
            let (r, p) = (
                reg.get(key).copied().unwrap_or(0),
                pres.get(key).copied().unwrap_or(0),
            );
            if r == p {
                continue;
            }
            let card = names.get(&key.1).map(|c| (*c).clone());
            let name = card
                .as_ref()
                .map_or_else(|| key.1.to_string(), CardRef::name);
            let (code, how) = if p < r {
                (FindingCode::CardMissing, "missing")
            } else {
                (FindingCode::CardExtra, "too many")
            };
            findings.push(Finding {
                code,
                section: String::new(),
                message: format!(
                    "{name} ({}): {r} registered, {p} presented ({} {how}).",
                    key.0,
                    r.abs_diff(p)
                ),
                cards: card.into_iter().collect(),
                registered: Some(r),
                presented: Some(p),
                mismatch: true,
            });
        }
        let verdict = if findings.is_empty() {
            ComparisonVerdict::Match
        } else {
            ComparisonVerdict::Mismatch
        };
        (verdict, findings)
    }
}

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

/// One deck of an answer: how it was read, what was wrong with its entries (once, whatever
/// the number of formats), and, if asked, the deck as understood.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct DeckAnswer {
    /// The input format it was read as.
    pub input_format: &'static str,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub diagnostics: Vec<Diagnostic>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uid: Option<String>,
    /// With `explain`: the deck as understood.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub view: Option<DeckView>,
}

/// Where a deck can be played, at a glance.
#[derive(Debug, Clone, Default, Serialize, utoipa::ToSchema)]
pub struct Summary {
    /// Formats in which every deck is legal.
    pub legal: Vec<String>,
    /// Formats in which a rule is broken.
    pub illegal: Vec<String>,
    /// Formats that cannot be judged without more (an unknown card, a pool, an unconfirmed fact).
    pub unverified: Vec<String>,
    /// Of those, the formats that need an input the request did not give, with what they need
    /// (`{"sealed": ["pool"]}`): asking about every format, a player learns where the deck can
    /// be played and which formats to ask again with more.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub needs: BTreeMap<String, Vec<&'static str>>,
}

/// The answer to a validate request.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Validated {
    pub game: &'static str,
    /// Whether the submission is legal in every format asked. Asked `all` ("where can I play
    /// this?"), whether it is legal in at least one format on the date: `summary` says which,
    /// which not, and which need more input (`summary.needs`).
    #[serde(skip)]
    pub legal: bool,
    /// The answer at a glance, written as `legal`: `true` when legal in every format asked
    /// (asked `all`: in some format), `false` when not (a format asked is illegal; asked `all`,
    /// every format is), `null` when that is not known (an unverified format decides it).
    #[serde(rename = "legal", serialize_with = "legal_of")]
    #[schema(value_type = Option<bool>, required = true)]
    pub verdict: Verdict,
    #[schema(value_type = String, format = Date)]
    pub as_of: Date,
    #[schema(value_type = String)]
    pub catalog: Arc<str>,
    pub summary: Summary,
    pub decks: Vec<DeckAnswer>,
    pub reports: Vec<Judged>,
    /// The decks given as links, by field: the site and the deck's title.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    #[schema(value_type = BTreeMap<String, DeckSource>)]
    pub links: Linked,
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

impl<G: Game> AnyGame for G {
    fn info(&self) -> &GameInfo {
        Game::info(self)
    }

    fn validate(&self, request: &ValidateRequest) -> Result<Validated, RequestError> {
        let prepared = prepare(self, request)?;
        let judged = self.check(
            &prepared.decks,
            &prepared.formats,
            &prepared.ask,
            &prepared.options,
        )?;
        Ok(answer(self, request, prepared.decks, judged))
    }

    fn compare(&self, request: &CompareRequest) -> Result<Comparison, RequestError> {
        let info = Game::info(self);
        let format = match &request.format {
            Some(f) => info.format(f).ok_or_else(|| info.unknown_format(f))?,
            None => info
                .formats
                .first()
                .ok_or_else(|| RequestError::missing("format", "the event's format"))?,
        };
        let read_clean = |input: &DeckInput| read_whole(self, input, None, request.as_of);
        let registered = read_clean(&request.registered)?;
        let presented = read_clean(&request.presented)?;
        let extra = request.extra.as_ref().map(read_clean).transpose()?;
        Ok(Game::compare(
            self,
            &registered.deck,
            &presented,
            extra.as_ref().map(|e| &e.deck),
            format,
            request.as_of,
        ))
    }

    fn fingerprint(
        &self,
        deck: &DeckInput,
        input: Option<&str>,
        as_of: Date,
    ) -> Result<Fingerprinted, RequestError> {
        Ok(Fingerprinted::of(
            self,
            read_whole(self, deck, input, as_of)?,
        ))
    }

    fn sheet(
        &self,
        deck: &DeckInput,
        input: Option<&str>,
        as_of: Date,
    ) -> Result<crate::sheet::SheetDeck, RequestError> {
        let imported = self
            .import_on(&deck.text, input, as_of)
            .map_err(|e| RequestError::unreadable(&deck.field, &e))?;
        let mut sheet = Game::sheet(self, &imported.deck);
        sheet.not_read = imported
            .diagnostics
            .iter()
            .filter(|d| d.blocks_verdict())
            .map(|d| d.text.clone())
            .collect();
        Ok(sheet)
    }

    fn window(
        &self,
        request: &ValidateRequest,
        from: Option<Date>,
        until: Option<Date>,
    ) -> Result<Window, RequestError> {
        let prepared = prepare(self, request)?;
        crate::window::window(
            self,
            &prepared.decks,
            &prepared.formats,
            &prepared.ask,
            &prepared.options,
            from,
            until,
        )
    }

    fn convert(
        &self,
        deck: &DeckInput,
        input: Option<&str>,
        to: &str,
    ) -> Result<(String, Vec<Diagnostic>), RequestError> {
        let imported = self
            .import(&deck.text, input)
            .map_err(|e| RequestError::unreadable(&deck.field, &e))?;
        let text = self.export(&imported.deck, to)?;
        Ok((text, imported.diagnostics))
    }

    fn search(&self, query: &str, limit: usize) -> Vec<CardSummary> {
        Game::search(self, query, limit)
    }

    fn card(&self, id: &str, as_of: Date) -> Option<Value> {
        Game::card(self, id, as_of)
    }

    fn format_rules(&self, format: &str) -> Option<Value> {
        Game::format_rules(self, format)
    }

    fn is_bare_deck(&self, body: &Map<String, Value>) -> bool {
        Game::is_bare_deck(self, body)
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn check_options(&self, options: &Map<String, Value>) -> Result<(), RequestError> {
        read_options(self, options).map(|_| ())
    }

    fn option_names(&self) -> &'static [&'static str] {
        field_names::<G::Options>()
    }

    fn options_schema(
        &self,
    ) -> (
        String,
        utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
    ) {
        (
            <G::Options as utoipa::ToSchema>::name().into_owned(),
            <G::Options as utoipa::PartialSchema>::schema(),
        )
    }
}

/// The fields a struct deserializes, as its derived `Deserialize` declares them (renames and
/// aliases included): what serde hands `deserialize_struct`. A type that is not a struct has none.
pub fn field_names<'de, T: serde::Deserialize<'de>>() -> &'static [&'static str] {
    struct Fields(Option<&'static [&'static str]>);
    #[derive(Debug)]
    struct Stop;
    impl std::fmt::Display for Stop {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("field names read")
        }
    }
    impl std::error::Error for Stop {}
    impl serde::de::Error for Stop {
        fn custom<M: std::fmt::Display>(_: M) -> Self {
            Stop
        }
    }
    impl<'de> serde::Deserializer<'de> for &mut Fields {
        type Error = Stop;
        fn deserialize_any<V: serde::de::Visitor<'de>>(self, _: V) -> Result<V::Value, Stop> {
            Err(Stop)
        }
        fn deserialize_struct<V: serde::de::Visitor<'de>>(
            self,
            _: &'static str,
            fields: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Stop> {
            self.0 = Some(fields);
            Err(Stop)
        }
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
            byte_buf option unit unit_struct newtype_struct seq tuple tuple_struct map enum
            identifier ignored_any
        }
    }
    let mut fields = Fields(None);
    let _ = T::deserialize(&mut fields);
    fields.0.unwrap_or(&[])
}

/// A request read for a game: its decks imported, formats resolved, options typed.
pub(crate) struct Prepared<'g, G: Game> {
    pub decks: Vec<Imported<G::Deck>>,
    pub formats: Vec<&'g FormatInfo>,
    pub ask: Ask,
    pub options: G::Options,
}

fn prepare<'g, G: Game>(
    game: &'g G,
    request: &ValidateRequest,
) -> Result<Prepared<'g, G>, RequestError> {
    let info = Game::info(game);
    if request.decks.is_empty() {
        return Err(RequestError::missing("deck", "a deck list"));
    }
    let most = most_decks(&info.formats);
    if request.decks.len() > most {
        return Err(RequestError::bad_value(
            "decks",
            format!(
                "{} decks were given; no {} format plays more than {most}",
                request.decks.len(),
                info.name
            ),
        ));
    }
    let formats = info.resolve_formats(&request.formats, request.as_of)?;
    check_deck_count(info, &formats, request.decks.len())?;
    if let Some(asked) = &request.input_format {
        info.input(asked)?;
    }
    let options = read_options(game, &request.options)?;
    let mut decks = Vec::with_capacity(request.decks.len());
    for input in &request.decks {
        let imported = game
            .import_on(&input.text, request.input_format.as_deref(), request.as_of)
            .map_err(|e| RequestError::unreadable(&input.field, &e))?;
        decks.push(imported);
    }
    let ask = Ask {
        as_of: request.as_of,
        player: request.player.clone(),
        uid: request.uid.clone(),
        registration: request.registration,
    };
    Ok(Prepared {
        decks,
        formats,
        ask,
        options,
    })
}

/// A list read whole, as a deck check and a fingerprint read it: an entry that is not a card
/// refuses the list, naming every such entry.
fn read_whole<G: Game>(
    game: &G,
    input: &DeckInput,
    format: Option<&str>,
    as_of: Date,
) -> Result<Imported<G::Deck>, RequestError> {
    let imported = game
        .import_on(&input.text, format, as_of)
        .map_err(|e| RequestError::unreadable(&input.field, &e))?;
    let errors: Vec<&Diagnostic> = imported
        .diagnostics
        .iter()
        .filter(|d| d.blocks_verdict())
        .collect();
    if !errors.is_empty() {
        return Err(RequestError::new(
            ErrorCode::UnreadableDeck,
            format!(
                "{}: {} entries cannot be read as cards",
                input.field,
                errors.len()
            ),
        )
        .field(input.field.clone())
        .details(crate::diagnostic::listed(&errors)));
    }
    Ok(imported)
}

/// The game's options read from a request's fields, unknown ones refused by name, each value
/// checked by the game.
fn read_options<G: Game>(
    game: &G,
    options: &Map<String, Value>,
) -> Result<G::Options, RequestError> {
    let info = Game::info(game);
    let fields =
        serde::de::value::MapDeserializer::new(options.iter().map(|(k, v)| (k.as_str(), v)));
    let read: G::Options = serde_path_to_error::deserialize(fields).map_err(
        |e: serde_path_to_error::Error<serde_json::Error>| {
            let path = e.path().to_string();
            let e = e.into_inner();
            RequestError::new(
                ErrorCode::InvalidRequest,
                format!("the {} options cannot be read: {e}", info.name),
            )
            .field(if path == "." {
                unknown_field(&e).unwrap_or_else(|| "options".into())
            } else {
                path
            })
        },
    )?;
    game.check_option_values(&read)?;
    Ok(read)
}

/// Refuses more decks than the formats asked play (issue 15): a submission of two decks
/// checked for Premier alone is a mistake, not two checks.
fn check_deck_count(
    info: &GameInfo,
    formats: &[&FormatInfo],
    given: usize,
) -> Result<(), RequestError> {
    let Some(most) = formats.iter().map(|f| f.decks as usize).max() else {
        return Ok(());
    };
    if given <= most {
        return Ok(());
    }
    let asked: Vec<&str> = formats.iter().map(|f| f.name.as_str()).collect();
    let several: Vec<String> = info
        .formats
        .iter()
        .filter(|f| f.decks > 1)
        .map(|f| format!("{} plays {}", f.name, f.decks))
        .collect();
    let plays = match most {
        1 => "one deck".to_string(),
        n => format!("at most {n} decks"),
    };
    let mut message = format!(
        "{given} decks were given; {} {} {plays}",
        asked.join(", "),
        if asked.len() == 1 { "plays" } else { "play" }
    );
    if several.is_empty() {
        message.push_str(": send one deck per request");
    } else {
        message.push_str(&format!(
            ": send one deck per request, or ask for a format of several decks ({})",
            several.join(", ")
        ));
    }
    // The document allows up to three decks whatever the format: asking a format of one
    // deck for two has the documented shape and cannot be answered as it is (issue 17).
    Err(RequestError::bad_value("decks", message)
        .details(serde_json::json!({
            "decks": given,
            "most": most,
        }))
        .unanswerable())
}

/// The field serde names in "unknown field `x`" or "invalid type ... for key `x`" errors.
fn unknown_field(e: &serde_json::Error) -> Option<String> {
    let text = e.to_string();
    let start = text.find('`')? + 1;
    let len = text[start..].find('`')?;
    Some(text[start..start + len].to_string())
}

/// `Validated::verdict` as the answer's `legal`: `true`, `false` or `null`.
fn legal_of<S: serde::Serializer>(verdict: &Verdict, s: S) -> Result<S::Ok, S::Error> {
    verdict.legal().serialize(s)
}

fn answer<G: Game>(
    game: &G,
    request: &ValidateRequest,
    decks: Vec<Imported<G::Deck>>,
    reports: Vec<Judged>,
) -> Validated {
    let info = Game::info(game);
    let mut summary = Summary::default();
    let mut seen: BTreeMap<&str, Verdict> = BTreeMap::new();
    for judged in &reports {
        let worst = seen
            .entry(judged.report.format.as_str())
            .or_insert(Verdict::Legal);
        *worst = match (*worst, judged.report.verdict) {
            (Verdict::Illegal, _) | (_, Verdict::Illegal) => Verdict::Illegal,
            (Verdict::Unverified, _) | (_, Verdict::Unverified) => Verdict::Unverified,
            _ => Verdict::Legal,
        };
    }
    for judged in &reports {
        let format = judged.report.format.as_str();
        let Some(verdict) = seen.remove(format) else {
            continue;
        };
        match verdict {
            Verdict::Legal => summary.legal.push(format.to_string()),
            Verdict::Illegal => summary.illegal.push(format.to_string()),
            Verdict::Unverified => summary.unverified.push(format.to_string()),
        }
    }
    // Formats that cannot be judged for want of an input the request did not give.
    for format in &summary.unverified {
        let missing: Vec<&'static str> = info
            .format(format)
            .map(|f| {
                f.needs
                    .iter()
                    .copied()
                    .filter(|need| !request.options.contains_key(*need))
                    .collect()
            })
            .unwrap_or_default();
        if !missing.is_empty() {
            summary.needs.insert(format.clone(), missing);
        }
    }
    // Asked about every format, the deck is playable when some format takes it; asked about
    // named formats, when every one of them does.
    let everywhere = request
        .formats
        .iter()
        .flat_map(|a| a.split(','))
        .any(|asked| asked == ALL_FORMATS);
    let legal = if everywhere {
        !summary.legal.is_empty()
    } else {
        summary.illegal.is_empty() && summary.unverified.is_empty() && !summary.legal.is_empty()
    };
    // Not legal: illegal when that is certain (a format asked is illegal; asked `all`, none is
    // unverified either), else not known.
    let verdict = if legal {
        Verdict::Legal
    } else if summary.unverified.is_empty() || (!everywhere && !summary.illegal.is_empty()) {
        Verdict::Illegal
    } else {
        Verdict::Unverified
    };
    let answers = decks
        .into_iter()
        .map(|imported| {
            let (player, uid) = game.player(&imported.deck);
            DeckAnswer {
                input_format: imported.format,
                view: request.explain.then(|| game.view(&imported.deck)),
                diagnostics: imported.diagnostics,
                player: request.player.clone().or(player),
                uid: request.uid.clone().or(uid),
            }
        })
        .collect();
    Validated {
        game: info.id,
        legal,
        verdict,
        as_of: request.as_of,
        catalog: info.catalog.clone(),
        summary,
        decks: answers,
        reports,
        links: Linked::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn format(id: &str, decks: u32) -> FormatInfo {
        FormatInfo {
            id: id.into(),
            name: id.to_uppercase(),
            summary: String::new(),
            decks,
            from: None,
            until: None,
            needs: Vec::new(),
        }
    }

    fn game() -> GameInfo {
        GameInfo {
            id: "toy",
            name: "Toy",
            regulations: Vec::new(),
            formats: vec![format("premier", 1), format("trilogy", 3)],
            inputs: Vec::new(),
            codes: Vec::new(),
            catalog: Arc::from("test"),
            cards: 0,
        }
    }

    fn asked<'a>(info: &'a GameInfo, formats: &str) -> Vec<&'a FormatInfo> {
        info.resolve_formats(&[formats.to_string()], jiff::civil::date(2025, 1, 1))
            .unwrap()
    }

    /// Issue 15, item 4: more decks than the formats asked play is a 400 naming `decks`.
    #[test]
    fn two_decks_for_a_one_deck_format_are_refused_naming_decks() {
        let info = game();
        let err = check_deck_count(&info, &asked(&info, "premier"), 2).unwrap_err();
        assert_eq!(
            (err.code, err.field.as_deref()),
            (ErrorCode::Unanswerable, Some("decks"))
        );
        assert!(
            err.message
                .contains("2 decks were given; PREMIER plays one deck")
                && err.message.contains("TRILOGY plays 3"),
            "{}",
            err.message
        );
    }

    #[test]
    fn as_many_decks_as_some_format_asked_plays_are_taken() {
        let info = game();
        assert!(check_deck_count(&info, &asked(&info, "premier"), 1).is_ok());
        assert!(check_deck_count(&info, &asked(&info, "trilogy"), 3).is_ok());
        assert!(check_deck_count(&info, &asked(&info, "premier,trilogy"), 3).is_ok());
        assert!(check_deck_count(&info, &asked(&info, "all"), 2).is_ok());
        assert!(check_deck_count(&info, &asked(&info, "trilogy"), 4).is_err());
    }

    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Toy {
        pool: Option<String>,
        #[serde(rename = "trilogy_pool", alias = "pool_format")]
        chosen: Option<String>,
    }

    #[test]
    fn the_field_names_of_an_options_type_are_read_from_its_type() {
        assert!(field_names::<Toy>().contains(&"pool"));
        assert!(field_names::<Toy>().contains(&"trilogy_pool"));
        assert!(field_names::<String>().is_empty());
    }

    /// Issue 15, item 5: an empty list of formats asks for nothing, and is refused.
    #[test]
    fn an_empty_format_list_is_refused_naming_format() {
        let info = game();
        let err = info
            .resolve_formats(&[], jiff::civil::date(2025, 1, 1))
            .unwrap_err();
        assert_eq!(err.field.as_deref(), Some("format"));
    }
}
