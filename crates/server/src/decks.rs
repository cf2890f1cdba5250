//! The deck routes of every game: validate (a deck, or Trilogy's three), validate-batch (an
//! event's roster), compare (a judge's deck check) and window (when is this deck legal).
//!
//! Each route reads its request once into its typed value ([`crate::requests`]): the query
//! string into [`ValidateQuery`], a JSON body into the shape it has (one deck, several, or a
//! JSON deck posted as it is), each field typed; the decks stay the JSON text they were sent
//! as, for the game's reader to parse once. Every other field goes to the game, whose options
//! type reads it or refuses it by name. Core validates the whole (formats, input format, deck
//! count, options) once. Work that can be large (a big body, a roster) runs off the event loop.

use std::borrow::Cow;
use std::collections::BTreeMap;

use actix_web::web::{Data, Payload};
use actix_web::{HttpRequest, HttpResponse};
use deckcheck_core::game::field_names;
use deckcheck_core::json::from_object;
use deckcheck_core::{AnyGame, DeckInput, ErrorCode, ValidateRequest, Validated, Verdict};
use jiff::civil::Date;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::AppState;
use super::body::{self, BodyKind};
use super::error::{ApiError, ErrorAnswer};
use crate::linked;
use crate::openapi::{DeckErrors, JsonErrors, say};
use crate::requests::{
    BareDeck, BatchEntry, BatchRequest, CompareRequest, Deck, Raw, RosterEntry, SharedFields,
    ValidateBody, ValidateDeck, ValidateDecks, ValidateQuery, WindowBody, WindowDeck, WindowDecks,
    WindowQuery,
};

/// Bodies larger than this are read and judged off the event loop; a smaller one (a CCG or LCG
/// pair, a Trilogy: 20–100 µs of work) is judged where it was read, without a hop to another
/// thread and back.
const LARGE_BODY: usize = 32 * 1024;

/// A date as the API writes it, `YYYY-MM-DD` exactly (RFC 3339's full-date).
pub fn parse_date(field: &str, text: &str) -> Result<Date, ApiError> {
    let b = text.as_bytes();
    let shaped = b.len() == 10
        && b.iter().enumerate().all(|(i, c)| match i {
            4 | 7 => *c == b'-',
            _ => c.is_ascii_digit(),
        });
    if !shaped {
        return Err(ApiError::bad_date(field, &deckcheck_core::echo(text)));
    }
    text.parse::<Date>()
        .map_err(|_| ApiError::bad_date(field, text))
}

/// A date a request may leave out.
pub(crate) fn optional_date(field: &str, text: Option<&str>) -> Result<Option<Date>, ApiError> {
    text.map(|t| parse_date(field, t)).transpose()
}

fn today() -> Date {
    jiff::Zoned::now().date()
}

/// A JSON body as its fields, each kept as the JSON text it was sent as. Decks are read by the
/// game from their own text, so the body is never built into a tree: a deck nested 100,000
/// deep, or with a count of `1e400`, is the deck reader's to judge entry by entry (a
/// diagnostic), not a body that cannot be read (serde_json skips a raw value without building
/// it and without reading its numbers).
pub(crate) type RawFields<'a> = BTreeMap<String, &'a RawValue>;

/// A JSON body's fields (not an object at all is malformed JSON for the body, on every route).
pub(crate) fn raw_fields(text: &str) -> Result<RawFields<'_>, ApiError> {
    from_object(text).map_err(|e| ApiError::json(&e))
}

/// A field's value read as `T`, an error naming the field.
fn field_as<'a, T: Deserialize<'a>>(field: &str, raw: &'a RawValue) -> Result<T, ApiError> {
    serde_json::from_str(raw.get()).map_err(|e| {
        let mut err = ApiError::json(&e).field(field);
        err.message = format!("{field}: {}", err.message);
        err
    })
}

/// What kind of JSON value a raw value is, from its first byte (serde_json gives it trimmed).
pub(crate) fn kind_of(raw: &RawValue) -> &'static str {
    kind_of_text(raw.get())
}

/// What kind of JSON value a value's text is, from its first byte.
pub(crate) fn kind_of_text(json: &str) -> &'static str {
    match json.as_bytes().first() {
        Some(b'n') => "null",
        Some(b't' | b'f') => "a boolean",
        Some(b'"') => "a string",
        Some(b'[') => "a list",
        Some(b'{') => "an object",
        _ => "a number",
    }
}

/// The body's fields with each list and object left empty: what a game needs to tell a bare
/// JSON deck from a request, without reading the deck.
fn shape_of(fields: &RawFields<'_>) -> Map<String, Value> {
    fields
        .iter()
        .map(|(k, raw)| {
            let shape = match kind_of(raw) {
                "a list" => Value::Array(Vec::new()),
                "an object" => Value::Object(Map::new()),
                _ => serde_json::from_str(raw.get()).unwrap_or(Value::Null),
            };
            (k.clone(), shape)
        })
        .collect()
}

impl Deck<'_> {
    /// The deck for the game's reader: a string's text, or a JSON deck's own JSON text.
    pub(crate) fn input(self, field: String) -> Result<DeckInput, ApiError> {
        let json = (self.0).0;
        match kind_of_text(json) {
            "a string" => Ok(DeckInput {
                text: serde_json::from_str(json).map_err(|e| {
                    let mut err = ApiError::json(&e).field(field.clone());
                    err.message = format!("{field}: {}", err.message);
                    err
                })?,
                field,
            }),
            "an object" => Ok(DeckInput {
                text: json.to_string(),
                field,
            }),
            other => Err(ApiError::bad_value(
                &field,
                format!(
                    "{field} must be a deck list (a string) or a JSON deck (an object), not {other}"
                ),
            )),
        }
    }
}

/// The query string as parameter → value, each named once.
pub fn query_pairs(req: &HttpRequest) -> Result<BTreeMap<String, String>, ApiError> {
    let mut out = BTreeMap::new();
    for (k, v) in form_urlencoded::parse(req.query_string().as_bytes()) {
        if out.insert(k.to_string(), v.to_string()).is_some() {
            return Err(ApiError::query(&k, "it is given more than once"));
        }
    }
    Ok(out)
}

/// The fields every validate and window request shares, typed; a window adds `from` and
/// `until`. Read from the query string and then the JSON body (a field the body gives wins).
#[derive(Debug, Default)]
pub struct Shared {
    pub format: Option<Vec<String>>,
    pub as_of: Option<Date>,
    pub input_format: Option<String>,
    pub explain: Option<bool>,
    pub competitive: Option<bool>,
    pub player: Option<String>,
    pub uid: Option<String>,
    pub from: Option<Date>,
    pub until: Option<Date>,
}

impl Shared {
    /// The query string's fields (a window's `from` and `until` too), each checked even where
    /// a JSON body gives the field again (and wins): a value outside its documented set is
    /// refused wherever it is.
    fn from_query(q: WindowQuery, game: &dyn AnyGame) -> Result<Self, ApiError> {
        if let Some(f) = &q.format {
            game.info()
                .resolve_formats(std::slice::from_ref(f), today())?;
        }
        if let Some(i) = &q.input_format {
            game.info().input(&i.0)?;
        }
        Ok(Self {
            format: q.format.map(|f| vec![f]),
            as_of: optional_date("as_of", q.as_of.as_deref())?,
            input_format: q.input_format.map(|i| i.0),
            explain: q.explain,
            competitive: q.competitive,
            player: q.player,
            uid: q.uid,
            from: optional_date("from", q.from.as_deref())?,
            until: optional_date("until", q.until.as_deref())?,
        })
    }

    /// A body's fields over the query string's (`null` is leaving a field out).
    pub(crate) fn set(&mut self, body: SharedFields<'_>) -> Result<(), ApiError> {
        if let Some(f) = body.format {
            self.format = Some(f.into_vec());
        }
        self.as_of = optional_date("as_of", body.as_of.as_deref())?.or(self.as_of);
        self.input_format = body.input_format.map(|i| i.0).or(self.input_format.take());
        self.explain = body.explain.or(self.explain);
        self.competitive = body.competitive.or(self.competitive);
        self.player = body.player.or(self.player.take());
        self.uid = body.uid.or(self.uid.take());
        Ok(())
    }

    /// A window's `from` and `until` from the body, over the query string's.
    fn set_range(&mut self, from: Option<&str>, until: Option<&str>) -> Result<(), ApiError> {
        self.from = optional_date("from", from)?.or(self.from);
        self.until = optional_date("until", until)?.or(self.until);
        Ok(())
    }

    /// The request core validates: these fields over the defaults (today; the game's first
    /// format), with the decks and the game's options.
    fn into_request(
        self,
        game: &dyn AnyGame,
        decks: Vec<DeckInput>,
        options: Map<String, Value>,
    ) -> Result<ValidateRequest, ApiError> {
        Ok(ValidateRequest {
            decks,
            formats: match self.format {
                Some(f) => f,
                None => vec![default_format(game)?],
            },
            as_of: self.as_of.unwrap_or_else(today),
            input_format: self.input_format,
            explain: self.explain.unwrap_or(false),
            player: self.player,
            uid: self.uid,
            registration: self.competitive.unwrap_or(false),
            options,
        })
    }
}

/// A window's `from` and `until`, as asked.
type Range = (Option<Date>, Option<Date>);

/// The parameters a validate (`window`: a window) route reads besides the game's options.
fn query_names(window: bool) -> impl Iterator<Item = &'static str> {
    if window {
        field_names::<WindowQuery>()
    } else {
        field_names::<ValidateQuery>()
    }
    .iter()
    .copied()
}

/// An unknown parameter, named, with those the route takes.
fn unknown_parameter(key: &str, game: &dyn AnyGame, window: bool) -> ApiError {
    let mut known: Vec<&str> = query_names(window).collect();
    known.extend(game.option_names());
    ApiError::query(
        key,
        format!(
            "unknown parameter {:?}; this route takes {}",
            deckcheck_core::echo(key),
            known.join(", ")
        ),
    )
}

/// Reads `T` from some of a body's fields (those `T` has; the caller hands the others to the
/// game), each value parsed once from its own JSON text, an error naming the field at fault.
fn read_fields<'a, T: Deserialize<'a>>(fields: &RawFields<'a>) -> Result<T, ApiError> {
    let own = field_names::<T>();
    read(fields.iter().filter(|(k, _)| own.contains(&k.as_str())))
}

/// Reads `T` from all of a body's fields (a `T` that refuses unknown fields refuses them).
pub(crate) fn read_all<'a, T: Deserialize<'a>>(fields: &RawFields<'a>) -> Result<T, ApiError> {
    read(fields.iter())
}

fn read<'a, 'f, T: Deserialize<'a>>(
    fields: impl Iterator<Item = (&'f String, &'f &'a RawValue)>,
) -> Result<T, ApiError>
where
    'a: 'f,
{
    let de = serde::de::value::MapDeserializer::<_, serde_json::Error>::new(
        fields.map(|(k, raw)| (k.as_str(), Field(raw))),
    );
    serde_path_to_error::deserialize(de).map_err(field_error)
}

/// One field of a body, as the one pass over the body found it: read as its type asks, except
/// that a [`Raw`] (a deck) gets its text as it is, never scanned again.
struct Field<'a>(&'a RawValue);

impl<'de> serde::de::IntoDeserializer<'de, serde_json::Error> for Field<'de> {
    type Deserializer = Self;

    fn into_deserializer(self) -> Self {
        self
    }
}

/// `deserialize_*` methods read as serde_json reads the value's text.
macro_rules! as_json {
    ($($method:ident($($arg:ident: $ty:ty),*)),* $(,)?) => {
        $(fn $method<V: serde::de::Visitor<'de>>(
            self,
            $($arg: $ty,)*
            visitor: V,
        ) -> Result<V::Value, serde_json::Error> {
            serde::Deserializer::$method(self.0, $($arg,)* visitor)
        })*
    };
}

impl<'de> serde::Deserializer<'de> for Field<'de> {
    type Error = serde_json::Error;

    fn deserialize_newtype_struct<V: serde::de::Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, serde_json::Error> {
        if name == crate::requests::RAW {
            visitor.visit_borrowed_str(self.0.get())
        } else {
            serde::Deserializer::deserialize_newtype_struct(self.0, name, visitor)
        }
    }

    fn deserialize_option<V: serde::de::Visitor<'de>>(
        self,
        visitor: V,
    ) -> Result<V::Value, serde_json::Error> {
        if self.0.get() == "null" {
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    as_json!(
        deserialize_any(),
        deserialize_bool(),
        deserialize_i8(),
        deserialize_i16(),
        deserialize_i32(),
        deserialize_i64(),
        deserialize_i128(),
        deserialize_u8(),
        deserialize_u16(),
        deserialize_u32(),
        deserialize_u64(),
        deserialize_u128(),
        deserialize_f32(),
        deserialize_f64(),
        deserialize_char(),
        deserialize_str(),
        deserialize_string(),
        deserialize_bytes(),
        deserialize_byte_buf(),
        deserialize_unit(),
        deserialize_unit_struct(name: &'static str),
        deserialize_seq(),
        deserialize_tuple(len: usize),
        deserialize_tuple_struct(name: &'static str, len: usize),
        deserialize_map(),
        deserialize_struct(name: &'static str, fields: &'static [&'static str]),
        deserialize_enum(name: &'static str, variants: &'static [&'static str]),
        deserialize_identifier(),
        deserialize_ignored_any(),
    );
}

/// Which shape a validate or window body has.
enum Which {
    /// A JSON deck posted as it is: the game reads one, `deck` is its list of entries.
    Bare,
    One,
    Several,
}

/// The shape of a validate or window body: a JSON deck posted as it is, one deck or several
/// (`null` is leaving a field out).
fn which(game: &dyn AnyGame, fields: &RawFields<'_>) -> Result<Which, ApiError> {
    let bare = fields
        .get("deck")
        .is_some_and(|raw| kind_of(raw) == "a list")
        && !fields.contains_key("decks")
        && game.is_bare_deck(&shape_of(fields));
    let given = |k: &str| fields.get(k).is_some_and(|raw| kind_of(raw) != "null");
    match (bare, given("deck"), given("decks")) {
        (true, ..) => Ok(Which::Bare),
        (_, true, true) => Err(ApiError::bad_value(
            "decks",
            "give either deck or decks, not both",
        )),
        (_, true, false) => Ok(Which::One),
        (_, false, true) => Ok(Which::Several),
        (_, false, false) => Err(ApiError::missing(
            "deck",
            "a deck list (a string) or a JSON deck (an object), or decks",
        )),
    }
}

/// A validate or window body's parts: the shared fields, the decks (none: the body is a JSON
/// deck), a window's `from` and `until`.
type Parts<'a> = (
    SharedFields<'a>,
    Option<Named<'a>>,
    Option<Cow<'a, str>>,
    Option<Cow<'a, str>>,
);

/// The decks of a body, each with the field it was given in (`deck`, `decks[1]`).
type Named<'a> = Vec<(String, Deck<'a>)>;

fn one(deck: Deck<'_>) -> Option<Named<'_>> {
    Some(vec![("deck".into(), deck)])
}

fn several(decks: Vec<Deck<'_>>) -> Option<Named<'_>> {
    Some(
        decks
            .into_iter()
            .enumerate()
            .map(|(i, d)| (format!("decks[{i}]"), d))
            .collect(),
    )
}

/// A validate or window body, read in the shape it has.
trait DeckBody<'a>: Sized {
    fn read(game: &dyn AnyGame, fields: &RawFields<'a>) -> Result<Self, ApiError>;
    /// The fields the shape reads itself (the others are the game's options, or a JSON deck's
    /// own).
    fn own(&self) -> &'static [&'static str];
    fn into_parts(self) -> Parts<'a>;
}

/// A body's window range: `from` and `until` where the shape has them.
macro_rules! range {
    ($b:ident) => {
        (None, None)
    };
    ($b:ident, $from:ident, $until:ident) => {
        ($b.$from, $b.$until)
    };
}

/// Reads a validate or window body in its shape (`from`, `until`: a window's range).
macro_rules! deck_body {
    ($body:ident: $deck:ident, $decks:ident $(, $from:ident, $until:ident)?) => {
        impl<'a> DeckBody<'a> for $body<'a> {
            fn read(game: &dyn AnyGame, fields: &RawFields<'a>) -> Result<Self, ApiError> {
                Ok(match which(game, fields)? {
                    Which::Bare => Self::Bare(read_fields(fields)?),
                    Which::One => Self::Deck(read_fields(fields)?),
                    Which::Several => Self::Decks(read_fields(fields)?),
                })
            }

            fn own(&self) -> &'static [&'static str] {
                match self {
                    Self::Bare(_) => field_names::<BareDeck>(),
                    Self::Deck(_) => field_names::<$deck>(),
                    Self::Decks(_) => field_names::<$decks>(),
                }
            }

            fn into_parts(self) -> Parts<'a> {
                match self {
                    Self::Bare(mut b) => (b.shared(), None, None, None),
                    Self::Deck(mut b) => {
                        let shared = b.shared();
                        let (from, until) = range!(b $(, $from, $until)?);
                        (shared, one(b.deck), from, until)
                    }
                    Self::Decks(mut b) => {
                        let shared = b.shared();
                        let (from, until) = range!(b $(, $from, $until)?);
                        (shared, several(b.decks), from, until)
                    }
                }
            }
        }
    };
}

deck_body!(ValidateBody: ValidateDeck, ValidateDecks);
deck_body!(WindowBody: WindowDeck, WindowDecks, from, until);

/// A validate (or window) request for the route's game, read once: a text body with its fields
/// in the query string, or a JSON body (a request object with `deck` or `decks`, or a bare JSON
/// deck with request fields beside its own). The body wins over the query string; core then
/// validates the whole. Returns the request and a window's `from` and `until`.
fn read_request(
    game: &dyn AnyGame,
    req: &HttpRequest,
    text: String,
    window: bool,
) -> Result<(ValidateRequest, Range), ApiError> {
    let mut options = Map::new();
    let names = game.option_names();
    let mut own = Vec::new();
    for (key, value) in query_pairs(req)? {
        if query_names(window).any(|n| n == key) {
            own.push((key, value));
        } else if names.contains(&key.as_str()) {
            options.insert(key, Value::String(value));
        } else {
            return Err(unknown_parameter(&key, game, window));
        }
    }
    let query = if window {
        crate::cards::query_of::<WindowQuery>(&own)?
    } else {
        crate::cards::query_of::<ValidateQuery>(&own)?.into()
    };
    let mut shared = Shared::from_query(query, game)?;
    let decks = match body::kind_of(req, &text, true)? {
        BodyKind::Text => vec![DeckInput {
            field: "body".into(),
            text,
        }],
        BodyKind::Json => {
            let fields: RawFields<'_> = from_object(&text).map_err(|e| ApiError::json(&e))?;
            let (own, (fields_given, decks, from, until)) = if window {
                let body = WindowBody::read(game, &fields)?;
                (body.own(), body.into_parts())
            } else {
                let body = ValidateBody::read(game, &fields)?;
                (body.own(), body.into_parts())
            };
            for (key, raw) in &fields {
                let key = key.as_str();
                if own.contains(&key) || (decks.is_none() && !names.contains(&key)) {
                    // The shape's own field, or a JSON deck's own field (its reader's).
                    continue;
                }
                // Every other field is the game's own option; its type refuses unknown ones by name.
                options.insert(key.to_string(), field_as(key, raw)?);
            }
            shared.set(fields_given)?;
            shared.set_range(from.as_deref(), until.as_deref())?;
            match decks {
                Some(decks) => json_decks(decks)?,
                None => {
                    drop(fields);
                    vec![DeckInput {
                        field: "body".into(),
                        text,
                    }]
                }
            }
        }
    };
    let range = (shared.from, shared.until);
    Ok((shared.into_request(game, decks, options)?, range))
}

/// The decks of a JSON request: one to three, each a list or a JSON deck.
fn json_decks(decks: Named<'_>) -> Result<Vec<DeckInput>, ApiError> {
    if decks.is_empty() {
        return Err(ApiError::bad_value(
            "decks",
            "decks must be a list of one to three decks",
        ));
    }
    at_most_decks(decks.len())?;
    decks
        .into_iter()
        .map(|(field, deck)| deck.input(field))
        .collect()
}

/// More decks than any format plays (`decks` is one to three in every body): a 400 before any
/// is read.
pub(crate) fn at_most_decks(given: usize) -> Result<(), ApiError> {
    if given <= deckcheck_core::game::MAX_DECKS {
        return Ok(());
    }
    Err(ApiError::bad_value(
        "decks",
        format!(
            "{given} decks were given; no format plays more than {}",
            deckcheck_core::game::MAX_DECKS
        ),
    ))
}

/// The field serde names in "unknown field `x`", or `body`.
fn unknown_field(e: &serde_json::Error) -> String {
    let text = e.to_string();
    text.split('`').nth(1).unwrap_or("body").to_string()
}

/// A body's fields that do not read as the request's type: `invalid-request` naming the field
/// at fault (the unknown one, or the path to the value of the wrong type).
fn field_error(e: serde_path_to_error::Error<serde_json::Error>) -> ApiError {
    let path = e.path().to_string();
    let inner = e.into_inner();
    let field = if path == "." {
        unknown_field(&inner)
    } else {
        path
    };
    ApiError::invalid_request(&inner).field(field)
}

/// One format id of the game exactly (a batch and a deck check are for one format).
fn one_format(game: &dyn AnyGame, asked: &str) -> Result<String, ApiError> {
    let info = game.info();
    if let Some(f) = info.format(asked) {
        return Ok(f.id.clone());
    }
    let mut e: ApiError = info.unknown_format(asked).into();
    if asked == deckcheck_core::game::ALL_FORMATS || asked.contains(',') {
        e.message = format!(
            "this route checks one format; {}",
            e.message.trim_end_matches(", or all")
        );
    }
    Err(e)
}

/// A game's first format: what a request that names none is checked for.
fn default_format(game: &dyn AnyGame) -> Result<String, ApiError> {
    game.info()
        .formats
        .first()
        .map(|f| f.id.clone())
        .ok_or_else(|| ApiError::missing("format", "the format to check"))
}

/// Runs `work` on the request's thread, or off the event loop when it may be large.
async fn run<T: Send + 'static>(
    large: bool,
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    if !large {
        return work();
    }
    actix_web::web::block(work)
        .await
        .map_err(|e| ApiError::internal(format!("the check did not run: {e}")))?
}

/// `POST /v1/decks/validate`, `POST /v1/games/{game}/decks/validate`.
#[utoipa::path(
    post,
    path = "/decks/validate",
    operation_id = "validate",
    summary = "Is this deck legal in these formats on this date, and if not, exactly why?",
    params(ValidateQuery),
    request_body(
        description = "A JSON request, or a deck list (or one link to it) as text with the request's fields in the query string.",
        content((ValidateBody = "application/json"), (String = "text/plain")),
    ),
    responses(
        (status = 200, description = "The verdict in each format asked, and every reason.", body = Validated),
        DeckErrors,
    ),
)]
pub async fn validate(
    req: HttpRequest,
    payload: Payload,
    state: Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let game = state.path_game(&req)?;
    let text = body::read(&req, &state, payload, state.settings.body_limit as usize).await?;
    let large = text.len() > LARGE_BODY;
    let (mut request, _) = read_request(game.as_ref(), &req, text, false)?;
    let links = linked::fetch_request(&state.links, game.as_ref(), &mut request).await?;
    let answer = run(large, move || {
        let mut answer = game.validate(&request).map(bounded)?;
        answer.links = links;
        Ok(answer)
    })
    .await?;
    crate::metrics::validated(&answer);
    Ok(HttpResponse::Ok().json(answer))
}

/// The most diagnostics an answer lists per deck: a pasted novel gets a bounded answer.
pub const MAX_DIAGNOSTICS: usize = 200;

/// An answer whose size no input can blow up: diagnostics past the limit are counted, not listed.
fn bounded(mut answer: Validated) -> Validated {
    for deck in &mut answer.decks {
        let n = deck.diagnostics.len();
        if n > MAX_DIAGNOSTICS {
            deck.diagnostics.truncate(MAX_DIAGNOSTICS);
            deck.diagnostics.push(deckcheck_core::Diagnostic::warning(
                deckcheck_core::DiagnosticCode::new("more-diagnostics"),
                "list",
                "",
                format!(
                    "{} more entries have diagnostics; fix these first and check again.",
                    n - MAX_DIAGNOSTICS
                ),
            ));
        }
    }
    answer
}

/// `POST /v1/decks/window`: when is this deck legal, format by format.
#[utoipa::path(
    post,
    path = "/decks/window",
    operation_id = "window",
    summary = "When is this deck legal, format by format?",
    params(WindowQuery),
    request_body(
        description = "A JSON request, or a deck list (or one link to it) as text with the request's fields in the query string.",
        content((WindowBody = "application/json"), (String = "text/plain")),
    ),
    responses(
        (status = 200, description = "The intervals in which the deck is legal, format by format.", body = deckcheck_core::Window),
        DeckErrors,
    ),
)]
pub async fn window(
    req: HttpRequest,
    payload: Payload,
    state: Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let game = state.path_game(&req)?;
    let text = body::read(&req, &state, payload, state.settings.body_limit as usize).await?;
    let (mut request, (from, until)) = read_request(game.as_ref(), &req, text, true)?;
    if let (Some(f), Some(u)) = (from, until)
        && u < f
    {
        return Err(ApiError::new(
            ErrorCode::BadRange,
            format!("until ({u}) is before from ({f})"),
        )
        .field("until"));
    }
    let links = linked::fetch_request(&state.links, game.as_ref(), &mut request).await?;
    let answer = run(true, move || {
        let mut answer = game.window(&request, from, until)?;
        answer.links = links;
        Ok(answer)
    })
    .await?;
    Ok(HttpResponse::Ok().json(answer))
}

#[derive(Serialize, Default, utoipa::ToSchema)]
pub struct BatchSummary {
    pub entries: usize,
    pub legal: usize,
    pub illegal: usize,
    /// Entries that could not be judged whole (an unknown card, an unconfirmed fact).
    pub unverified: usize,
    /// Entries whose list lacks an element registration requires (player name, UID, leader, base, deck).
    pub incomplete_lists: usize,
    /// Entries whose deck could not be read at all.
    pub unreadable: usize,
    /// Every entry that is not legal, with its player.
    pub not_legal: Vec<EntryRef>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct EntryRef {
    pub index: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct BatchResult {
    pub index: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uid: Option<String>,
    pub legal: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verdict: Option<Verdict>,
    /// The entry's answer, as validate gives it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answer: Option<Validated>,
    /// Why this entry could not be judged, in the error shape of every route.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<ApiError>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct BatchResponse {
    pub game: &'static str,
    #[schema(value_type = String, format = Date)]
    pub as_of: Date,
    pub format: String,
    pub catalog: String,
    pub summary: BatchSummary,
    pub results: Vec<BatchResult>,
}

/// `POST /v1/decks/validate-batch`: an event's roster, one answer per entry and a summary.
/// Checked as a competitive event's lists are: completeness included, unless `competitive` is
/// false.
#[utoipa::path(
    post,
    path = "/decks/validate-batch",
    operation_id = "validate_batch",
    summary = "An event's roster: one answer per entry and a summary",
    request_body = BatchRequest,
    responses(
        (status = 200, description = "One answer per entry, and a summary.", body = BatchResponse),
        (status = 400, description = say::BAD_REQUEST, body = ErrorAnswer),
        (status = 408, description = say::BODY_TIMEOUT, body = ErrorAnswer),
        (status = 413, description = say::TOO_LARGE_ROSTER, body = ErrorAnswer),
        (status = 415, description = say::MEDIA, body = ErrorAnswer),
        (status = 503, description = say::UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn validate_batch(
    req: HttpRequest,
    payload: Payload,
    state: Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let game = state.path_game(&req)?;
    crate::cards::query::<crate::cards::NoQuery>(&req)?;
    let text = body::read(
        &req,
        &state,
        payload,
        state.settings.batch_body_limit as usize,
    )
    .await?;
    body::kind_of(&req, &text, false)?;
    let limit = state.settings.batch_limit as usize;
    let reading = std::sync::Arc::clone(&game);
    let mut roster = actix_web::web::block(move || read_roster(reading.as_ref(), &text, limit))
        .await
        .map_err(|e| ApiError::internal(format!("the batch was not read: {e}")))??;
    roster.fetch_links(&state.links, game.info().id).await?;
    let response = actix_web::web::block(move || judge_roster(game.as_ref(), roster))
        .await
        .map_err(|e| ApiError::internal(format!("the batch did not run: {e}")))?;
    response
        .results
        .iter()
        .filter_map(|r| r.answer.as_ref())
        .for_each(crate::metrics::validated);
    Ok(HttpResponse::Ok().json(response))
}

/// Checks a roster for one game: one answer per entry and a summary (no deck given as a link
/// is fetched here: [`Roster::fetch_links`] does that, between reading and judging). Public
/// for the roster benchmark.
pub fn run_batch(g: &dyn AnyGame, text: &str, limit: usize) -> Result<BatchResponse, ApiError> {
    Ok(judge_roster(g, read_roster(g, text, limit)?))
}

/// The most entries of one roster that may give their deck as a link: each is a request to a
/// deck site (eight at a time, each within the link client's time limit).
pub const MAX_BATCH_LINKS: usize = 64;

/// Links of one roster fetched at once.
const BATCH_LINKS_AT_ONCE: usize = 8;

/// A roster read: the request every entry is judged with, and each entry, or why it cannot be
/// judged.
pub struct Roster {
    template: ValidateRequest,
    format: String,
    entries: Vec<Result<RosterDeck, ApiError>>,
}

/// One entry of a roster, read.
struct RosterDeck {
    player: Option<String>,
    uid: Option<String>,
    deck: DeckInput,
    /// The entry's reader, when its deck came from a link and the roster names none.
    input_format: Option<String>,
    links: deckcheck_core::Linked,
}

impl Roster {
    /// Fetches the entries' decks given as links, [`BATCH_LINKS_AT_ONCE`] at a time: a link
    /// that gives no deck is its entry's error, as an unreadable deck is. More than
    /// [`MAX_BATCH_LINKS`] links is the roster's error (413).
    pub async fn fetch_links(
        &mut self,
        links: &deckcheck_links::Links,
        game: &str,
    ) -> Result<(), ApiError> {
        use futures_util::StreamExt;
        let linked: Vec<(usize, &mut RosterDeck)> = self
            .entries
            .iter_mut()
            .enumerate()
            .filter_map(|(i, e)| Some((i, e.as_mut().ok()?)))
            .filter(|(_, e)| deckcheck_links::is_link(&e.deck.text))
            .collect();
        if linked.len() > MAX_BATCH_LINKS {
            return Err(ApiError::new(
                ErrorCode::BatchTooLarge,
                format!(
                    "{} entries give their deck as a link; a roster may give at most {MAX_BATCH_LINKS} (send the others as lists, or in another batch)",
                    linked.len()
                ),
            )
            .field("entries")
            .details(serde_json::json!({ "links": linked.len(), "limit": MAX_BATCH_LINKS })));
        }
        let asked = &self.template.input_format;
        let failed: Vec<(usize, ApiError)> = futures_util::stream::iter(linked)
            .map(|(index, entry)| async move {
                let mut input_format = asked.clone();
                let given = linked::given(std::iter::once(&mut entry.deck));
                match linked::fetch(links, game, given, &mut input_format).await {
                    Ok(sources) => {
                        entry.links = sources;
                        entry.input_format = input_format;
                        None
                    }
                    Err(e) => Some((index, e)),
                }
            })
            .buffered(BATCH_LINKS_AT_ONCE)
            .filter_map(std::future::ready)
            .collect()
            .await;
        for (index, e) in failed {
            self.entries[index] = Err(e);
        }
        Ok(())
    }
}

/// Reads a roster: the roster's own fields and options, refused once as the request's, and
/// each entry (one that cannot be read is that entry's error).
pub fn read_roster(g: &dyn AnyGame, text: &str, limit: usize) -> Result<Roster, ApiError> {
    let fields: RawFields<'_> = from_object(text).map_err(|e| ApiError::json(&e))?;
    for key in ["player", "uid"] {
        if fields.contains_key(key) {
            return Err(ApiError::bad_value(
                key,
                "a batch names each entry's player in the entry",
            ));
        }
    }
    let body: BatchRequest = read_fields(&fields)?;
    let entries: Vec<RosterEntry> = match body.entries {
        Some(Raw(json)) if kind_of_text(json) == "a list" => {
            serde_json::from_str(json).map_err(|e| ApiError::json(&e))?
        }
        Some(Raw(json)) if kind_of_text(json) != "null" => {
            return Err(ApiError::bad_value(
                "entries",
                format!(
                    "entries must be a list of {{player, uid, deck}}, not {}",
                    kind_of_text(json)
                ),
            ));
        }
        _ => {
            return Err(ApiError::missing(
                "entries",
                "the roster: a list of {player, uid, deck}",
            ));
        }
    };
    if entries.len() > limit {
        return Err(ApiError::batch_too_large(entries.len(), limit));
    }
    let own = field_names::<BatchRequest>();
    let mut options = Map::new();
    for (key, raw) in &fields {
        if !own.contains(&key.as_str()) {
            options.insert(key.clone(), field_as(key, raw)?);
        }
    }
    // The roster's own fields and options are refused once, as the request's, not entry by
    // entry: one format exactly, options the game reads.
    let format = match &body.format {
        None => default_format(g)?,
        Some(asked) => one_format(g, &asked.0)?,
    };
    let shared = Shared {
        format: Some(vec![format.clone()]),
        as_of: optional_date("as_of", body.as_of.as_deref())?,
        input_format: body.input_format.map(|i| i.0),
        explain: body.explain,
        // A roster is checked as a competitive event's lists are, unless it says otherwise.
        competitive: Some(body.competitive.unwrap_or(true)),
        ..Shared::default()
    };
    if let Some(asked) = &shared.input_format {
        g.info().input(asked)?;
    }
    g.check_options(&options)?;
    let template = shared.into_request(g, Vec::new(), options)?;
    let entries = entries
        .into_iter()
        .enumerate()
        .map(|(index, RosterEntry(raw))| {
            let field = format!("entries[{index}]");
            let deckcheck_core::json::Object(entry) =
                serde_json::from_str::<deckcheck_core::json::Object<BatchEntry>>(raw.get())
                    .map_err(|e| ApiError::invalid_request(&e).field(field.clone()))?;
            let deck = entry
                .deck
                .ok_or_else(|| ApiError::missing(&format!("{field}.deck"), "the player's deck"))?;
            Ok(RosterDeck {
                player: entry.player,
                uid: entry.uid,
                deck: deck.input(format!("{field}.deck"))?,
                input_format: None,
                links: deckcheck_core::Linked::new(),
            })
        })
        .collect();
    Ok(Roster {
        template,
        format,
        entries,
    })
}

/// Judges a roster read (and its links fetched): one answer per entry and a summary.
pub fn judge_roster(g: &dyn AnyGame, roster: Roster) -> BatchResponse {
    let Roster {
        template,
        format,
        entries,
    } = roster;
    let mut results = Vec::with_capacity(entries.len());
    let mut summary = BatchSummary {
        entries: entries.len(),
        ..BatchSummary::default()
    };
    for (index, entry) in entries.into_iter().enumerate() {
        let outcome = entry.and_then(|entry| {
            let mut request = template.clone();
            request.decks = vec![entry.deck];
            request.player = entry.player;
            request.uid = entry.uid;
            if entry.input_format.is_some() {
                request.input_format = entry.input_format;
            }
            let mut answer = g.validate(&request).map(bounded)?;
            answer.links = entry.links;
            Ok(answer)
        });
        let result = match outcome {
            Ok(answer) => {
                let verdict = answer
                    .reports
                    .first()
                    .map_or(Verdict::Unverified, |j| j.report.verdict);
                let deck = answer.decks.first();
                BatchResult {
                    index,
                    player: deck.and_then(|d| d.player.clone()),
                    uid: deck.and_then(|d| d.uid.clone()),
                    legal: verdict == Verdict::Legal,
                    verdict: Some(verdict),
                    answer: Some(answer),
                    error: None,
                }
            }
            Err(e) => BatchResult {
                index,
                player: None,
                uid: None,
                legal: false,
                verdict: None,
                answer: None,
                error: Some(e),
            },
        };
        if result.answer.as_ref().is_some_and(|a| {
            a.reports.iter().any(|j| {
                j.report
                    .has(deckcheck_core::Code::new("deck-list-incomplete"))
            })
        }) {
            summary.incomplete_lists += 1;
        }
        match (result.verdict, &result.error) {
            (Some(Verdict::Legal), _) => summary.legal += 1,
            (Some(Verdict::Illegal), _) => summary.illegal += 1,
            (Some(Verdict::Unverified), _) => summary.unverified += 1,
            (None, _) => summary.unreadable += 1,
        }
        if !result.legal {
            summary.not_legal.push(EntryRef {
                index,
                player: result.player.clone(),
            });
        }
        results.push(result);
    }
    BatchResponse {
        game: g.info().id,
        as_of: template.as_of,
        format,
        catalog: g.info().catalog.to_string(),
        summary,
        results,
    }
}

/// `POST /v1/decks/compare`: is the presented deck the registered one?
#[utoipa::path(
    post,
    path = "/decks/compare",
    operation_id = "compare",
    summary = "A judge's deck check: is the presented deck the registered one?",
    request_body = CompareRequest,
    responses(
        (status = 200, description = "Whether the decks match, and every difference.", body = deckcheck_core::Comparison),
        JsonErrors,
        (status = 403, description = say::LINK_HOST, body = ErrorAnswer),
        (status = 404, description = say::LINK_NOT_FOUND, body = ErrorAnswer),
        (status = 422, description = say::UNREADABLE_DECKS, body = ErrorAnswer),
        (status = 502, description = say::LINK_UPSTREAM, body = ErrorAnswer),
        (status = 503, description = say::UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn compare(
    req: HttpRequest,
    payload: Payload,
    state: Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let game = state.path_game(&req)?;
    crate::cards::query::<crate::cards::NoQuery>(&req)?;
    let text = body::read(&req, &state, payload, state.settings.body_limit as usize).await?;
    body::kind_of(&req, &text, false)?;
    let fields = raw_fields(&text)?;
    let body: CompareRequest = read_all(&fields)?;
    let as_of = optional_date("as_of", body.as_of.as_deref())?.unwrap_or_else(today);
    let format = body
        .format
        .as_ref()
        .map(|f| one_format(game.as_ref(), &f.0))
        .transpose()?;
    let input = |field: &str, deck: Option<Deck>| -> Result<Option<DeckInput>, ApiError> {
        deck.map(|d| d.input(field.to_string())).transpose()
    };
    let mut request = deckcheck_core::CompareRequest {
        registered: input("registered", body.registered)?
            .ok_or_else(|| ApiError::missing("registered", "the list the player registered"))?,
        presented: input("presented", body.presented)?
            .ok_or_else(|| ApiError::missing("presented", "the cards the player presented"))?,
        extra: input("box", body.deck_box)?,
        format,
        as_of,
    };
    let large = text.len() > LARGE_BODY;
    let decks = [&mut request.registered, &mut request.presented]
        .into_iter()
        .chain(request.extra.as_mut());
    // A deck check reads each deck by its own reader: no input format to name.
    let links = linked::fetch(
        &state.links,
        game.info().id,
        linked::given(decks),
        &mut None,
    )
    .await?;
    let comparison = run(large, move || {
        let mut comparison = game.compare(&request)?;
        comparison.links = links;
        Ok(comparison)
    })
    .await?;
    Ok(HttpResponse::Ok().json(comparison))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A deck given as JSON is read by its reader alone: the request's one pass over the body
    /// finds where it ends, and the deck is handed over as that text, a slice of the body.
    #[test]
    fn a_deck_in_a_body_is_handed_over_as_the_text_the_body_holds() {
        let text = r#"{"format": "premier", "deck": {"leader": {"id": "SOR_017"}}, "as_of": "2025-05-01"}"#;
        let fields = raw_fields(text).unwrap();
        let mut body: ValidateDeck = read_fields(&fields).unwrap();
        let json = (body.deck.0).0;
        assert_eq!(json, r#"{"leader": {"id": "SOR_017"}}"#);
        let start = text.find(json).unwrap();
        assert!(std::ptr::eq(json.as_ptr(), text[start..].as_ptr()));
        assert_eq!(body.shared().as_of.as_deref(), Some("2025-05-01"));
        // The same type read by serde_json straight from a text (a roster's entry).
        let entry: BatchEntry =
            serde_json::from_str(r#"{"deck": "1 | Waylay", "uid": "7"}"#).unwrap();
        assert_eq!(entry.deck.map(|d| (d.0).0), Some(r#""1 | Waylay""#));
    }
}
