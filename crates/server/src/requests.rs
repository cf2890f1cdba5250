//! The requests of the routes, as typed values: what each handler reads a body or a query
//! string into, and (derived from the same types, utoipa) what the API document says it reads.
//!
//! A deck is never built into a tree here: it stays the JSON text it was sent as
//! ([`Deck`], borrowed from the body) for the game's reader, which parses it once. The parts of
//! a request that depend on the game (its formats, its input formats, its options) are named
//! schemas here ([`Format`], [`Formats`], [`InputFormat`], and the game's options type); the
//! document gives each game its own copy of them from the game's data ([`crate::openapi`]).

use std::borrow::Cow;

use deckcheck_core::json::Kind;
pub use deckcheck_core::json::Raw;
use deckcheck_core::{DeckInput, RequestError};
use deckcheck_store::{IllegalLists, Tier};
use jiff::civil::Date;
use serde::Deserialize;
use serde_json::value::RawValue;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{AnyOfBuilder, ObjectBuilder, Schema, SchemaType, Type};
use utoipa::{IntoParams, PartialSchema, ToSchema};

/// A deck as a request gives it: a list in any of the game's input formats (a string), or a
/// JSON deck (an object, such as a SWUDB export). Kept as the JSON text it was sent as: the
/// request is read in one pass that only finds where each value ends, and the game's reader
/// parses the deck, once.
#[derive(Debug, Clone, Copy)]
pub struct Deck<'a>(pub Raw<'a>);

impl<'de: 'a, 'a> Deserialize<'de> for Deck<'a> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Raw::deserialize(deserializer).map(Deck)
    }
}

impl Deck<'_> {
    /// The deck for the game's reader: a string's text, or a JSON deck's own JSON text.
    pub fn input(self, field: String) -> Result<DeckInput, RequestError> {
        let json = (self.0).0;
        match Kind::of(json) {
            Kind::String => Ok(DeckInput {
                text: serde_json::from_str(json).map_err(|e| {
                    let mut err = RequestError::json(&e).field(field.clone());
                    err.message = format!("{field}: {}", err.message);
                    err
                })?,
                field,
            }),
            Kind::Object => Ok(DeckInput {
                text: json.to_string(),
                field,
            }),
            other => Err(RequestError::bad_value(
                &field,
                format!(
                    "{field} must be a deck list (a string) or a JSON deck (an object), not {}",
                    other.described()
                ),
            )),
        }
    }
}

/// A date as the API writes it, `YYYY-MM-DD` exactly (RFC 3339's full-date).
pub fn parse_date(field: &str, text: &str) -> Result<Date, RequestError> {
    let b = text.as_bytes();
    let shaped = b.len() == 10
        && b.iter().enumerate().all(|(i, c)| match i {
            4 | 7 => *c == b'-',
            _ => c.is_ascii_digit(),
        });
    if !shaped {
        return Err(RequestError::bad_date(field, text));
    }
    text.parse::<Date>()
        .map_err(|_| RequestError::bad_date(field, text))
}

/// A date a request may leave out.
pub fn optional_date(field: &str, text: Option<&str>) -> Result<Option<Date>, RequestError> {
    text.map(|t| parse_date(field, t)).transpose()
}

impl PartialSchema for Deck<'_> {
    fn schema() -> RefOr<Schema> {
        AnyOfBuilder::new()
            .description(Some(
                "A deck: a list in any input format of the game, as a string; a JSON deck, as an object; or a link to the deck on a deck site, as a string (`DeckLink`: fetched, and the answer's `links` names the site and the deck's title). A deck whose content cannot be read is a 422; entries that cannot be read are diagnostics of the answer.",
            ))
            .item(
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .description(Some("A deck list in any input format of the game.")),
            )
            .item(
                ObjectBuilder::new()
                    .schema_type(Type::Object)
                    .description(Some("A JSON deck (SWUDB JSON for Star Wars: Unlimited, Legion HQ's JSON for Legion).")),
            )
            // Last, so that the shapes clients generated before it keep their names.
            .item(RefOr::Ref(utoipa::openapi::Ref::from_schema_name(
                DeckLink::name(),
            )))
            .into()
    }
}

impl ToSchema for Deck<'_> {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Deck")
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push((DeckLink::name().into_owned(), DeckLink::schema()));
    }
}

/// A deck given as a link: a string that is one `https://` URL, nothing else. The service
/// fetches the deck it names (`crate::linked`); the schema says which links it reads.
pub struct DeckLink;

impl PartialSchema for DeckLink {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .format(Some(utoipa::openapi::SchemaFormat::Custom("uri".into())))
            .pattern(Some("^[Hh][Tt][Tt][Pp][Ss]?://\\S+$"))
            .description(Some(
                "A link to a deck on a deck site, fetched by the service from the hosts its operator allows (`DECKCHECK_LINK_HOSTS`; by default the sites below), over HTTPS only, never from a private address, within a size and a time limit. Star Wars: Unlimited: swudb.com (`https://swudb.com/deck/<id>`), SWUBase (`https://swubase.com/decks/<id>`), melee.gg decklists (`https://melee.gg/Decklist/View/<id>`), and the other sites Karabast reads (SWU Stats, SW-Unlimited-DB, SWU Card Hub, SWU Meta Stats, My-SWU, Niamos, Protect the Pod, SWUForge, CardCore, HoloScan, SWUPedia); a Karabast-style JSON deck at any other host the operator allows. Star Wars: Legion: Legion HQ list links (`https://legionhq2.com/list/<faction>/<list>`, read as they are, never fetched). A link the service does not read is a 400 or 403, a deck the site does not show a 404, a link to another game's list a 422 (`link-wrong-game`), a site that fails a 502 (`link-upstream-*`); each names the site and the deck's field.",
            ))
            .examples(["https://swudb.com/deck/AbC123"])
            .into()
    }
}

impl ToSchema for DeckLink {}

/// One format of the game, by its id (each game's routes list its own).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(transparent)]
pub struct Format(pub String);

/// One format id, several separated by commas (no spaces), or `all` (every format played on
/// `as_of`). Default: the game's first format.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(transparent)]
pub struct FormatList(pub String);

/// The formats to check: one id, several separated by commas (no spaces) or listed, or `all`
/// (every format played on `as_of`). Default: the game's first format.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum Formats {
    Text(FormatList),
    List(FormatIds),
}

/// Format ids, or `all`, listed (at least one).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(transparent)]
#[schema(min_items = 1)]
pub struct FormatIds(pub Vec<Format>);

impl Formats {
    /// The formats asked, as core reads them. An empty list asks for none: core refuses it,
    /// never reading it as "the default" or as "every report legal" (issue 15).
    pub fn into_vec(self) -> Vec<String> {
        match self {
            Self::Text(s) => vec![s.0],
            Self::List(v) => v.0.into_iter().map(|f| f.0).collect(),
        }
    }
}

/// The deck's input format, by its id (default: detected, trying the game's in order).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(transparent)]
pub struct InputFormat(pub String);

/// Declares a validate or window body: the fields every such request shares, then its own.
macro_rules! deck_request {
    ($(#[$meta:meta])* $name:ident { $($(#[$fmeta:meta])* $field:ident: $ty:ty,)* }) => {
        #[derive(Debug, Deserialize, ToSchema)]
        $(#[$meta])*
        pub struct $name<'a> {
            #[serde(default)]
            pub format: Option<Formats>,
            /// The date of the event, YYYY-MM-DD (default: today).
            #[serde(default)]
            #[schema(value_type = Option<String>, format = Date)]
            pub as_of: Option<Cow<'a, str>>,
            #[serde(default)]
            pub input_format: Option<InputFormat>,
            /// Also answer each deck as understood, section by section (`decks[].view`).
            #[serde(default)]
            pub explain: Option<bool>,
            /// The list is registered for a competitive event: also check what registration
            /// requires (the player's name and id).
            #[serde(default)]
            pub competitive: Option<bool>,
            /// The player's name, for a registration's completeness.
            #[serde(default)]
            pub player: Option<String>,
            /// The player's id, for a registration's completeness.
            #[serde(default)]
            pub uid: Option<String>,
            $($(#[$fmeta])* pub $field: $ty,)*
        }

        impl<'a> $name<'a> {
            /// Takes the fields every validate and window body shares.
            pub fn shared(&mut self) -> SharedFields<'a> {
                SharedFields {
                    format: self.format.take(),
                    as_of: self.as_of.take(),
                    input_format: self.input_format.take(),
                    explain: self.explain,
                    competitive: self.competitive,
                    player: self.player.take(),
                    uid: self.uid.take(),
                }
            }
        }
    };
}

/// The fields every validate and window body shares, as a body gives them.
pub struct SharedFields<'a> {
    pub format: Option<Formats>,
    pub as_of: Option<Cow<'a, str>>,
    pub input_format: Option<InputFormat>,
    pub explain: Option<bool>,
    pub competitive: Option<bool>,
    pub player: Option<String>,
    pub uid: Option<String>,
}

deck_request!(
    /// One deck. Not with `decks`. The game's options are fields beside these.
    #[serde(deny_unknown_fields)]
    ValidateDeck {
        #[serde(borrow)]
        deck: Deck<'a>,
    }
);

deck_request!(
    /// Several decks: one submission, judged together where the format plays several as one
    /// (Trilogy: 3), each alone otherwise. Not with `deck`. The game's options are fields
    /// beside these.
    #[serde(deny_unknown_fields)]
    ValidateDecks {
        /// The decks; more than the formats asked play is a 422.
        #[serde(borrow)]
        #[schema(min_items = 1)]
        decks: Vec<Deck<'a>>,
    }
);

deck_request!(
    /// A JSON deck posted as it is (a SWUDB export: `metadata`, `leader`, `secondleader`,
    /// `base`, `deck`, `sideboard`), with the request's fields beside its own. Its entries are
    /// read one by one: an entry that cannot be read is a diagnostic, not an error.
    BareDeck {
        /// The JSON deck's own entries (its reader reads them).
        #[serde(default, borrow)]
        #[schema(value_type = Vec<serde_json::Value>, required = true)]
        deck: Option<Raw<'a>>,
        /// Never given with a JSON deck posted as it is.
        #[serde(default, borrow)]
        #[schema(value_type = NoDecks, required = false)]
        decks: Option<Raw<'a>>,
    }
);

deck_request!(
    /// When is one deck legal: the deck and the days to judge. Not with `decks`.
    #[serde(deny_unknown_fields)]
    WindowDeck {
        #[serde(borrow)]
        deck: Deck<'a>,
        /// The first day to judge, YYYY-MM-DD (default: the game's first change point).
        #[serde(default)]
        #[schema(value_type = Option<String>, format = Date)]
        from: Option<Cow<'a, str>>,
        /// The last day to judge (default: the game's last change point); before `from` is a
        /// 422.
        #[serde(default)]
        #[schema(value_type = Option<String>, format = Date)]
        until: Option<Cow<'a, str>>,
    }
);

deck_request!(
    /// When are several decks legal, as one submission. Not with `deck`.
    #[serde(deny_unknown_fields)]
    WindowDecks {
        #[serde(borrow)]
        #[schema(min_items = 1)]
        decks: Vec<Deck<'a>>,
        #[serde(default)]
        #[schema(value_type = Option<String>, format = Date)]
        from: Option<Cow<'a, str>>,
        #[serde(default)]
        #[schema(value_type = Option<String>, format = Date)]
        until: Option<Cow<'a, str>>,
    }
);

/// A marker: a field that is never given (`{"not": {}}` in the document).
pub struct NoDecks;

impl PartialSchema for NoDecks {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(SchemaType::AnyValue)
            .description(Some(
                "Not given: a JSON deck posted as it is has no `decks`.",
            ))
            .into()
    }
}

impl ToSchema for NoDecks {}

/// A validate body: one deck, several decks, or (a game that reads one) a JSON deck posted as
/// it is; each shape excludes the others.
#[derive(ToSchema)]
#[serde(untagged)]
pub enum ValidateBody<'a> {
    Deck(ValidateDeck<'a>),
    Decks(ValidateDecks<'a>),
    Bare(BareDeck<'a>),
}

/// A window body: one deck or several; a JSON deck posted as it is too.
#[derive(ToSchema)]
#[serde(untagged)]
pub enum WindowBody<'a> {
    Deck(WindowDeck<'a>),
    Decks(WindowDecks<'a>),
    Bare(BareDeck<'a>),
}

/// Declares the query string of a validate or window request: the body's fields, for a deck
/// sent as text (a JSON body's fields win). The game's options whose value is a string are
/// parameters too.
macro_rules! deck_query {
    ($(#[$meta:meta])* $name:ident { $($(#[$fmeta:meta])* $field:ident: $ty:ty,)* }) => {
        #[derive(Debug, Default, Deserialize, IntoParams)]
        $(#[$meta])*
        #[serde(deny_unknown_fields)]
        #[into_params(parameter_in = Query)]
        pub struct $name {
            #[param(value_type = Option<FormatList>)]
            pub format: Option<String>,
            /// The date of the event, YYYY-MM-DD (default: today).
            #[param(value_type = Option<String>, format = Date)]
            pub as_of: Option<String>,
            pub input_format: Option<InputFormat>,
            /// Also answer each deck as understood.
            pub explain: Option<bool>,
            /// Check what registration requires.
            pub competitive: Option<bool>,
            /// The player's name.
            pub player: Option<String>,
            /// The player's id.
            pub uid: Option<String>,
            $($(#[$fmeta])* pub $field: $ty,)*
        }
    };
}

deck_query!(
    /// A validate request's query string.
    ValidateQuery {}
);

deck_query!(
    /// A window request's query string.
    WindowQuery {
        /// The first day to judge, YYYY-MM-DD.
        #[param(value_type = Option<String>, format = Date)]
        from: Option<String>,
        /// The last day to judge, YYYY-MM-DD.
        #[param(value_type = Option<String>, format = Date)]
        until: Option<String>,
    }
);

impl From<ValidateQuery> for WindowQuery {
    fn from(q: ValidateQuery) -> Self {
        Self {
            format: q.format,
            as_of: q.as_of,
            input_format: q.input_format,
            explain: q.explain,
            competitive: q.competitive,
            player: q.player,
            uid: q.uid,
            from: None,
            until: None,
        }
    }
}

/// One entry of a roster.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BatchEntry<'a> {
    /// The player's name.
    #[serde(default)]
    pub player: Option<String>,
    /// The player's id.
    #[serde(default)]
    pub uid: Option<String>,
    #[serde(default, borrow)]
    #[schema(value_type = Deck, required = true)]
    pub deck: Option<Deck<'a>>,
}

/// An entry of a roster as sent: a [`BatchEntry`], or any other value, which is answered as
/// that entry's error while the others are still judged.
#[derive(Debug, Deserialize)]
#[serde(transparent)]
pub struct RosterEntry<'a>(#[serde(borrow)] pub &'a RawValue);

impl PartialSchema for RosterEntry<'_> {
    fn schema() -> RefOr<Schema> {
        AnyOfBuilder::new()
            .description(Some(
                "`{player, uid, deck}`; an entry of another shape is answered as that entry's error.",
            ))
            .item(RefOr::Ref(utoipa::openapi::Ref::from_schema_name(
                BatchEntry::name(),
            )))
            .item(
                ObjectBuilder::new()
                    .schema_type(SchemaType::AnyValue)
                    .description(Some("Any other value: answered as this entry's error.")),
            )
            .into()
    }
}

impl ToSchema for RosterEntry<'_> {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("RosterEntry")
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push((BatchEntry::name().into_owned(), BatchEntry::schema()));
        BatchEntry::schemas(schemas);
    }
}

/// An event's roster, checked for one format on one date. The game's options are fields
/// beside these.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BatchRequest<'a> {
    /// The roster.
    #[serde(default, borrow)]
    #[schema(value_type = Vec<RosterEntry>, required = true)]
    pub entries: Option<Raw<'a>>,
    /// The one format the roster is checked for (default: the game's first).
    #[serde(default)]
    pub format: Option<Format>,
    /// The date of the event, YYYY-MM-DD (default: today).
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Date)]
    pub as_of: Option<Cow<'a, str>>,
    #[serde(default)]
    pub input_format: Option<InputFormat>,
    /// Also answer each deck as understood.
    #[serde(default)]
    pub explain: Option<bool>,
    /// Check what registration requires (default: true).
    #[serde(default)]
    pub competitive: Option<bool>,
}

/// A judge's deck check: the registered list and the cards presented. Decks whose entries
/// cannot all be read are a 422.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CompareRequest<'a> {
    /// The list the player registered.
    #[serde(default, borrow)]
    #[schema(value_type = Deck, required = true)]
    pub registered: Option<Deck<'a>>,
    /// The cards the player presented.
    #[serde(default, borrow)]
    #[schema(value_type = Deck, required = true)]
    pub presented: Option<Deck<'a>>,
    /// Other cards found in the deck box (counted as sideboard where the game has one).
    #[serde(default, rename = "box", borrow)]
    pub deck_box: Option<Deck<'a>>,
    /// The event's format (default: the game's first).
    #[serde(default)]
    pub format: Option<Format>,
    /// The date of the event, YYYY-MM-DD (default: today).
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Date)]
    pub as_of: Option<Cow<'a, str>>,
}

// ---- events ----

/// Declares a text the store takes: at most `max` characters as sent, then trimmed, not blank,
/// no control characters (the pattern says so: optional white space, a first character that
/// is neither, any characters but control ones).
macro_rules! text {
    ($(#[$meta:meta])* $name:ident, $max:tt) => {
        $(#[$meta])*
        #[derive(Debug, Deserialize, ToSchema)]
        #[serde(transparent)]
        #[schema(
            min_length = 1,
            max_length = $max,
            pattern = "^[\\t\\n\\u000b\\u000c\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]*[^\\s\\u0000-\\u001f\\u007f-\\u009f][^\\u0000-\\u001f\\u007f-\\u009f]*[\\t\\n\\u000b\\u000c\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]*$"
        )]
        pub struct $name(pub String);
    };
}

text!(
    /// A name: at most 200 characters as sent, then trimmed, not blank, no control characters.
    Name,
    200
);

text!(
    /// A player's id (Melee, a store id…): at most 64 characters, trimmed, not blank, no
    /// control characters; one registration per UID, in any case.
    Uid,
    64
);

text!(
    /// Why, kept in the list's history: at most 2000 characters, trimmed, not blank, no
    /// control characters.
    Reason,
    2000
);

/// The game of a new event, by its id (each game's shape names its own).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(transparent)]
pub struct GameId(pub String);

/// The game's options every check of an event gets (a limited event's set…): each game's
/// shape names its own.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(transparent)]
#[schema(value_type = Object)]
pub struct EventOptions(pub serde_json::Map<String, serde_json::Value>);

/// What an organizer gives to create an event: one shape per game, naming one of its formats.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewEvent {
    /// The event's name.
    pub name: Name,
    pub game: GameId,
    /// The format every list is checked for.
    pub format: Format,
    /// The day of the event: lists are judged as of this date.
    #[schema(value_type = String, format = Date)]
    pub date: jiff::civil::Date,
    /// The tier of play (CEG 2.3); lists are checked for completeness at competitive and
    /// master. Default: competitive.
    #[serde(default)]
    pub tier: Option<Tier>,
    /// When lists are due, RFC 3339: from then on players' changes are refused. Default: none,
    /// the organizer locks by hand.
    #[serde(default)]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub locks_at: Option<jiff::Timestamp>,
    /// A list that is not legal is refused with every reason, or stored as pending for a
    /// judge. Default: refuse.
    #[serde(default)]
    pub illegal_lists: Option<IllegalLists>,
    #[serde(default)]
    pub options: Option<EventOptions>,
}

impl From<NewEvent> for deckcheck_store::NewEvent {
    fn from(new: NewEvent) -> Self {
        Self {
            name: new.name.0,
            game: new.game.0,
            format: new.format.0,
            date: new.date,
            tier: new.tier,
            locks_at: new.locks_at,
            illegal_lists: new.illegal_lists,
            options: new.options.map(|o| o.0),
        }
    }
}

/// What an organizer may change before the lock; a field left out (or `null`, except
/// `locks_at`) is unchanged.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EventChanges {
    /// The event's new name.
    #[serde(default)]
    pub name: Option<Name>,
    /// A new deadline, RFC 3339; `null` removes it.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub locks_at: Option<Option<jiff::Timestamp>>,
    /// A list that is not legal is refused with every reason, or stored as pending for a
    /// judge.
    #[serde(default)]
    pub illegal_lists: Option<IllegalLists>,
}

/// `Some(None)` for an explicit `null`, `None` (the default) for an absent field.
fn present<'de, D: serde::Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

impl From<EventChanges> for deckcheck_store::EventChanges {
    fn from(changes: EventChanges) -> Self {
        Self {
            name: changes.name.map(|n| n.0),
            locks_at: changes.locks_at,
            illegal_lists: changes.illegal_lists,
        }
    }
}

/// A judge's token is issued in their name.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct JudgeRequest {
    /// The judge's name, as their actions are recorded.
    pub name: Name,
}

/// Which lists to publish, and what to do with those that are pending.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PublishRequest {
    pub players: Players,
    /// What to do with a list that is pending (not legal, or not judged, and not accepted by a
    /// judge): `withhold` leaves it out, listed as withheld; `include` publishes it marked
    /// pending. Not given with a pending list among those published: 409 `pending-lists`,
    /// naming them.
    #[serde(default)]
    pub pending: Option<PendingAnswer>,
}

/// What publishing does with pending lists.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PendingAnswer {
    /// Leave them out, listed as withheld.
    Withhold,
    /// Publish them as they are, marked pending.
    Include,
}

impl PublishRequest {
    /// What the store is told to do with pending lists: ask (refuse, naming them) when not said.
    pub fn pending_choice(&self) -> deckcheck_store::PendingChoice {
        match self.pending {
            None => deckcheck_store::PendingChoice::Ask,
            Some(PendingAnswer::Withhold) => deckcheck_store::PendingChoice::Withhold,
            Some(PendingAnswer::Include) => deckcheck_store::PendingChoice::Include,
        }
    }
}

/// Why a registration is removed, or a deck check voided: kept in the history.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReasonRequest {
    pub reason: Reason,
}

/// A correction of a player's name or UID (at least one), with the reason kept in the history.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CorrectRequest {
    /// The player's corrected name.
    #[serde(default)]
    pub name: Option<Name>,
    /// The player's corrected UID: one another registration of the event holds (in any form:
    /// case, width, spaces) is a 409.
    #[serde(default)]
    pub uid: Option<Uid>,
    pub reason: Reason,
}

/// `all` (any case), or the players' ids in finishing order (each once).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum Players {
    All(AllPlayers),
    Top(PlayerIds),
}

/// `all`, in any case: every list.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(transparent)]
#[schema(pattern = "^[Aa][Ll][Ll]$")]
pub struct AllPlayers(pub String);

/// The players' ids in finishing order, each once.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(transparent)]
#[schema(min_items = 1)]
pub struct PlayerIds(pub Vec<String>);

/// The reason a judge accepts a pending list as it is.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResolveRequest {
    pub reason: Reason,
}

/// A deck check: the cards presented, against the version of the registered list the judge was
/// shown.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DeckCheckRequest<'a> {
    /// The version of the player's list the check is made against (the one the judge was
    /// shown, `registration.version` of the player's record). Another than the player's
    /// current version is a 409 `stale-version`: the list changed since it was read. A number
    /// as JSON has them: `3.0` is the integer 3; at most 2^53, the largest whole number a
    /// JSON number holds exactly.
    #[schema(value_type = i64, minimum = 1, maximum = 9_007_199_254_740_992_i64)]
    pub version: f64,
    /// The cards the player presented. One the event's game cannot read is a 422.
    #[serde(borrow)]
    pub presented: Deck<'a>,
    /// Other cards found in the deck box (counted as sideboard where the game has one).
    #[serde(default, rename = "box", borrow)]
    pub deck_box: Option<Deck<'a>>,
    /// Which deck of the registered list (Trilogy: 0 to 2). Default 0; one the list does not
    /// have is a 422. A number as JSON has them: `2.0` is the integer 2.
    #[serde(default)]
    #[schema(value_type = Option<u8>, minimum = 0, maximum = 2)]
    pub deck_index: Option<f64>,
    /// The judge's note.
    #[serde(default)]
    #[schema(
        max_length = 2000,
        pattern = "^[\\t\\n\\u000b\\u000c\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]*(?:[^\\s\\u0000-\\u001f\\u007f-\\u009f][^\\u0000-\\u001f\\u007f-\\u009f]*)?[\\t\\n\\u000b\\u000c\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]*$"
    )]
    pub note: Option<String>,
}

/// Players to pick for deck checks.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PickRequest {
    /// The share of registered decks to pick, rounded up (default 0.1: CEG 5.11).
    #[serde(default)]
    #[schema(exclusive_minimum = 0, maximum = 1)]
    pub share: Option<f64>,
    /// Also players picked or checked before (default false).
    #[serde(default)]
    pub again: bool,
}

/// Declares a body that carries a list: `deck` or `decks`, `input_format`, `pool`, then its own
/// fields.
macro_rules! list_request {
    ($(#[$meta:meta])* $name:ident { $($(#[$fmeta:meta])* $field:ident: $ty:ty,)* }) => {
        #[derive(Debug, Deserialize, ToSchema)]
        #[serde(deny_unknown_fields)]
        $(#[$meta])*
        pub struct $name<'a> {
            /// The list's input format (default: detected). One the event's game does not
            /// read is a 422.
            #[serde(default)]
            pub input_format: Option<ListInputFormat>,
            /// Limited: the player's registered pool (CEG 9.2.5.1).
            #[serde(default, borrow)]
            pub pool: Option<Deck<'a>>,
            $($(#[$fmeta])* pub $field: $ty,)*
        }
    };
}

/// A game deckcheck knows, by its id.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(transparent)]
pub struct KnownGame(pub String);

/// An input format of any game (the event's game must read it: another is a 422).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(transparent)]
pub struct ListInputFormat(pub String);

list_request!(
    /// One deck. Not with `decks`.
    ListDeck {
        #[serde(borrow)]
        deck: Deck<'a>,
    }
);

list_request!(
    /// The decks of one submission (Trilogy: 3); more than the event's format plays is a 422.
    /// Not with `deck`.
    ListDecks {
        #[serde(borrow)]
        #[schema(min_items = 1, max_items = 3)]
        decks: Vec<Deck<'a>>,
    }
);

list_request!(
    /// A player's registration with their deck.
    RegisterDeck {
        player: Name,
        uid: Uid,
        #[serde(borrow)]
        deck: Deck<'a>,
    }
);

list_request!(
    /// A player's registration with the decks of one submission (Trilogy: 3).
    RegisterDecks {
        player: Name,
        uid: Uid,
        #[serde(borrow)]
        #[schema(min_items = 1, max_items = 3)]
        decks: Vec<Deck<'a>>,
    }
);

list_request!(
    /// A judge's (or, before the lock, the organizer's) amended deck, stored whatever its
    /// verdict.
    AmendDeck {
        reason: Reason,
        #[serde(borrow)]
        deck: Deck<'a>,
    }
);

list_request!(
    /// An amended submission of several decks.
    AmendDecks {
        reason: Reason,
        #[serde(borrow)]
        #[schema(min_items = 1, max_items = 3)]
        decks: Vec<Deck<'a>>,
    }
);

/// The pool alone, registered under the current list.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AmendPool<'a> {
    pub reason: Reason,
    /// The player's registered pool (CEG 9.2.5.1).
    #[serde(borrow)]
    pub pool: Deck<'a>,
    /// The pool's input format (default: detected). One the event's game does not read is a
    /// 422.
    #[serde(default)]
    pub input_format: Option<ListInputFormat>,
}

/// A player's new list.
#[derive(ToSchema)]
#[serde(untagged)]
pub enum ListRequest<'a> {
    Deck(ListDeck<'a>),
    Decks(ListDecks<'a>),
}

/// A player's registration with their list.
#[derive(ToSchema)]
#[serde(untagged)]
pub enum RegisterRequest<'a> {
    Deck(RegisterDeck<'a>),
    Decks(RegisterDecks<'a>),
}

/// A player's list as a judge (or, before the lock, the organizer) amends it.
#[derive(ToSchema)]
#[serde(untagged)]
pub enum AmendRequest<'a> {
    Deck(AmendDeck<'a>),
    Decks(AmendDecks<'a>),
    Pool(AmendPool<'a>),
}

/// The query of the roster.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct RosterQuery {
    /// Part of a player's name or UID (any case).
    #[serde(default)]
    pub q: Option<String>,
}

/// The two players of a pairing's review.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ReviewQuery {
    /// One player's id.
    pub a: String,
    /// The other player's id (the same player twice is a 422).
    pub b: String,
}
