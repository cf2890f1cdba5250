//! The deck routes of every game: validate (a deck, or Trilogy's three), validate-batch (an
//! event's roster), compare (a judge's deck check) and window (when is this deck legal).
//!
//! Each route reads its request once into its typed value: the shared fields typed ([`Shared`],
//! from the query string and/or the JSON body, the body winning), the decks kept as the text
//! they were sent as (a JSON deck is read by the game's reader, once), and every other field
//! handed to the game, whose options type reads it or refuses it by name. Core validates the
//! whole (formats, input format, deck count, options) once. Work that can be large (a big
//! body, a roster) runs off the event loop.

use std::collections::BTreeMap;

use actix_web::web::{Data, Payload};
use actix_web::{HttpRequest, HttpResponse};
use deckcheck_core::json::from_object;
use deckcheck_core::{
    AnyGame, CompareRequest, DeckInput, ErrorCode, ValidateRequest, Validated, Verdict,
};
use jiff::civil::Date;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::AppState;
use super::body::{self, BodyKind};
use super::error::ApiError;

/// Bodies larger than this are read and judged off the event loop.
const LARGE_BODY: usize = 32 * 1024;

/// One format, or several: `"premier"`, `"premier,eternal"`, `["premier", "eternal"]`, `"all"`.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum Formats {
    One(String),
    Many(Vec<String>),
}

impl Formats {
    /// The formats asked, as core reads them. An empty list asks for none: core refuses it,
    /// never reading it as "the default" or as "every report legal" (issue 15).
    fn into_vec(self) -> Vec<String> {
        match self {
            Self::One(s) => vec![s],
            Self::Many(v) => v,
        }
    }
}

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

fn today() -> Date {
    jiff::Zoned::now().date()
}

/// A JSON body as its fields, each kept as the JSON text it was sent as. Decks are read by the
/// game from their own text, so the body is never built into a tree: a deck nested 100,000
/// deep, or with a count of `1e400`, is the deck reader's to judge entry by entry (a
/// diagnostic), not a body that cannot be read (serde_json skips a raw value without building
/// it and without reading its numbers).
type RawFields<'a> = BTreeMap<String, &'a RawValue>;

/// A field's value read as `T`, an error naming the field.
fn field_as<'a, T: Deserialize<'a>>(field: &str, raw: &'a RawValue) -> Result<T, ApiError> {
    serde_json::from_str(raw.get()).map_err(|e| {
        let mut err = ApiError::json(&e).field(field);
        err.message = format!("{field}: {}", err.message);
        err
    })
}

/// What kind of JSON value a raw value is, from its first byte (serde_json gives it trimmed).
fn kind_of(raw: &RawValue) -> &'static str {
    match raw.get().as_bytes().first() {
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

/// A deck given in a JSON request: a string (a list in any input format) or an object (a JSON
/// deck such as SWUDB's, kept as the JSON text it was sent as, for the game's reader).
fn deck_input(field: String, raw: &RawValue) -> Result<DeckInput, ApiError> {
    match kind_of(raw) {
        "a string" => Ok(DeckInput {
            text: field_as(&field, raw)?,
            field,
        }),
        "an object" => Ok(DeckInput {
            text: raw.get().to_string(),
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

/// `true` or `false`, as a query string writes a boolean.
fn query_bool(name: &str, text: &str) -> Result<bool, ApiError> {
    match text {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(ApiError::query(
            name,
            format!("{:?} is not true or false", deckcheck_core::echo(text)),
        )),
    }
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

/// The names [`Shared`] reads (`window`: with `from` and `until`).
fn shared_names(window: bool) -> &'static [&'static str] {
    const ALL: [&str; 9] = [
        "format",
        "as_of",
        "input_format",
        "explain",
        "competitive",
        "player",
        "uid",
        "from",
        "until",
    ];
    if window { &ALL } else { &ALL[..7] }
}

impl Shared {
    /// Sets one field from the query string; `false` when `name` is not a shared field.
    fn set_from_query(&mut self, window: bool, name: &str, value: &str) -> Result<bool, ApiError> {
        if !shared_names(window).contains(&name) {
            return Ok(false);
        }
        match name {
            "format" => self.format = Some(vec![value.to_string()]),
            "as_of" => self.as_of = Some(parse_date(name, value)?),
            "from" => self.from = Some(parse_date(name, value)?),
            "until" => self.until = Some(parse_date(name, value)?),
            "input_format" => self.input_format = Some(value.to_string()),
            "explain" => self.explain = Some(query_bool(name, value)?),
            "competitive" => self.competitive = Some(query_bool(name, value)?),
            "player" => self.player = Some(value.to_string()),
            _ => self.uid = Some(value.to_string()),
        }
        Ok(true)
    }

    /// Sets one field from a JSON body (`null` is leaving it out); `false` when `name` is not a
    /// shared field.
    fn set_from_json(
        &mut self,
        window: bool,
        name: &str,
        raw: &RawValue,
    ) -> Result<bool, ApiError> {
        if !shared_names(window).contains(&name) {
            return Ok(false);
        }
        let date = |raw: &RawValue| -> Result<Option<Date>, ApiError> {
            match field_as::<Option<String>>(name, raw) {
                Ok(Some(text)) => parse_date(name, &text).map(Some),
                Ok(None) => Ok(None),
                Err(_) => Err(ApiError::bad_date(name, raw.get())),
            }
        };
        match name {
            "format" => {
                if let Some(f) = field_as::<Option<Formats>>(name, raw)? {
                    self.format = Some(f.into_vec());
                }
            }
            "as_of" => self.as_of = date(raw)?.or(self.as_of),
            "from" => self.from = date(raw)?.or(self.from),
            "until" => self.until = date(raw)?.or(self.until),
            "input_format" => {
                self.input_format =
                    field_as::<Option<String>>(name, raw)?.or(self.input_format.take())
            }
            "explain" => self.explain = field_as::<Option<bool>>(name, raw)?.or(self.explain),
            "competitive" => {
                self.competitive = field_as::<Option<bool>>(name, raw)?.or(self.competitive)
            }
            "player" => self.player = field_as::<Option<String>>(name, raw)?.or(self.player.take()),
            _ => self.uid = field_as::<Option<String>>(name, raw)?.or(self.uid.take()),
        }
        Ok(true)
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

/// An unknown parameter, named, with those the route takes.
fn unknown_parameter(key: &str, game: &dyn AnyGame, window: bool) -> ApiError {
    let mut known: Vec<&str> = shared_names(window).to_vec();
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
    let mut shared = Shared::default();
    let mut options = Map::new();
    let names = game.option_names();
    for (key, value) in query_pairs(req)? {
        if shared.set_from_query(window, &key, &value)? {
            continue;
        }
        if !names.contains(&key.as_str()) {
            return Err(unknown_parameter(&key, game, window));
        }
        options.insert(key, Value::String(value));
    }
    let decks = match body::kind_of(req, &text, true)? {
        BodyKind::Text => vec![DeckInput {
            field: "body".into(),
            text,
        }],
        BodyKind::Json => {
            let body: RawFields<'_> = from_object(&text).map_err(|e| ApiError::json(&e))?;
            let bare = body.get("deck").is_some_and(|raw| kind_of(raw) == "a list")
                && !body.contains_key("decks")
                && game.is_bare_deck(&shape_of(&body));
            let mut deck = None;
            let mut decks = None;
            for (key, raw) in &body {
                if shared.set_from_json(window, key, raw)? {
                    continue;
                }
                match key.as_str() {
                    // A bare JSON deck's own fields are its reader's.
                    _ if bare && !names.contains(&key.as_str()) => {}
                    "deck" if !bare => deck = Some(*raw),
                    "decks" => decks = Some(*raw),
                    // Every other field is the game's own option; its type refuses unknown ones by name.
                    _ => {
                        options.insert(key.clone(), field_as(key, raw)?);
                    }
                }
            }
            if bare {
                drop(body);
                vec![DeckInput {
                    field: "body".into(),
                    text,
                }]
            } else {
                json_decks(deck, decks)?
            }
        }
    };
    let range = (shared.from, shared.until);
    Ok((shared.into_request(game, decks, options)?, range))
}

/// The decks of a JSON request: `deck` or `decks`, not both.
fn json_decks(
    deck: Option<&RawValue>,
    decks: Option<&RawValue>,
) -> Result<Vec<DeckInput>, ApiError> {
    match (deck, decks) {
        (Some(_), Some(_)) => Err(ApiError::bad_value(
            "decks",
            "give either deck or decks, not both",
        )),
        (Some(deck), None) => Ok(vec![deck_input("deck".into(), deck)?]),
        (None, Some(raw))
            if kind_of(raw) == "a list"
                && let Ok(list) = serde_json::from_str::<Vec<&RawValue>>(raw.get())
                && !list.is_empty() =>
        {
            at_most_decks(list.len())?;
            list.into_iter()
                .enumerate()
                .map(|(i, deck)| deck_input(format!("decks[{i}]"), deck))
                .collect()
        }
        (None, Some(_)) => Err(ApiError::bad_value(
            "decks",
            "decks must be a list of one to three decks",
        )),
        (None, None) => Err(ApiError::missing(
            "deck",
            "a deck list (a string) or a JSON deck (an object), or decks",
        )),
    }
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

/// A JSON object body read into `T` as it is (a `T` that borrows its decks as raw JSON), the
/// error naming the field at fault.
fn from_fields_raw<'a, T: serde::Deserialize<'a>>(text: &'a str) -> Result<T, ApiError> {
    // Not an object at all is malformed JSON for the body, as on every route.
    from_object::<serde::de::IgnoredAny>(text).map_err(|e| ApiError::json(&e))?;
    let mut de = serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize(&mut de).map_err(field_error)
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
pub async fn validate(
    req: HttpRequest,
    payload: Payload,
    state: Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let game = state.path_game(&req)?;
    let text = body::read(&req, &state, payload, state.settings.body_limit as usize).await?;
    let large = text.len() > LARGE_BODY;
    let (request, _) = read_request(game.as_ref(), &req, text, false)?;
    let answer = run(large || request.decks.len() > 1, move || {
        game.validate(&request).map(bounded).map_err(ApiError::from)
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
pub async fn window(
    req: HttpRequest,
    payload: Payload,
    state: Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let game = state.path_game(&req)?;
    let text = body::read(&req, &state, payload, state.settings.body_limit as usize).await?;
    let (request, (from, until)) = read_request(game.as_ref(), &req, text, true)?;
    if let (Some(f), Some(u)) = (from, until)
        && u < f
    {
        return Err(ApiError::new(
            ErrorCode::BadRange,
            format!("until ({u}) is before from ({f})"),
        )
        .field("until"));
    }
    let answer = run(true, move || {
        game.window(&request, from, until).map_err(ApiError::from)
    })
    .await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// The fields of a batch request besides `entries` and the game's options: those of a
/// validate request but the player's, which each entry names.
const BATCH_COMMON: [&str; 5] = ["format", "as_of", "input_format", "explain", "competitive"];

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BatchEntry<'a> {
    #[serde(default)]
    player: Option<String>,
    #[serde(default)]
    uid: Option<String>,
    #[serde(default, borrow)]
    deck: Option<&'a RawValue>,
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
    let response = actix_web::web::block(move || run_batch(game.as_ref(), &text, limit))
        .await
        .map_err(|e| ApiError::internal(format!("the batch did not run: {e}")))??;
    response
        .results
        .iter()
        .filter_map(|r| r.answer.as_ref())
        .for_each(crate::metrics::validated);
    Ok(HttpResponse::Ok().json(response))
}

/// Checks a roster for one game: one answer per entry and a summary. Public for the roster
/// benchmark.
pub fn run_batch(g: &dyn AnyGame, text: &str, limit: usize) -> Result<BatchResponse, ApiError> {
    let mut body: RawFields<'_> = from_object(text).map_err(|e| ApiError::json(&e))?;
    let entries: Vec<&RawValue> = match body.remove("entries") {
        Some(raw) if kind_of(raw) == "a list" => {
            serde_json::from_str(raw.get()).map_err(|e| ApiError::json(&e))?
        }
        None => {
            return Err(ApiError::missing(
                "entries",
                "the roster: a list of {player, uid, deck}",
            ));
        }
        Some(raw) if kind_of(raw) == "null" => {
            return Err(ApiError::missing(
                "entries",
                "the roster: a list of {player, uid, deck}",
            ));
        }
        Some(other) => {
            return Err(ApiError::bad_value(
                "entries",
                format!(
                    "entries must be a list of {{player, uid, deck}}, not {}",
                    kind_of(other)
                ),
            ));
        }
    };
    if entries.len() > limit {
        return Err(ApiError::batch_too_large(entries.len(), limit));
    }
    for key in ["player", "uid"] {
        if body.contains_key(key) {
            return Err(ApiError::bad_value(
                key,
                "a batch names each entry's player in the entry",
            ));
        }
    }
    let mut shared = Shared::default();
    let mut options = Map::new();
    for (key, raw) in &body {
        if BATCH_COMMON.contains(&key.as_str()) {
            shared.set_from_json(false, key, raw)?;
        } else {
            options.insert(key.clone(), field_as(key, raw)?);
        }
    }
    // The roster's own fields and options are refused once, as the request's, not entry by
    // entry: one format exactly, options the game reads.
    let format = match shared.format.take() {
        None => default_format(g)?,
        Some(asked) => match asked.as_slice() {
            [one] => one_format(g, one)?,
            _ => {
                return Err(ApiError::new(
                    ErrorCode::InvalidRequest,
                    "format: a roster is checked for one format, named by a string",
                )
                .field("format"));
            }
        },
    };
    shared.format = Some(vec![format.clone()]);
    if let Some(asked) = &shared.input_format {
        g.info().input(asked)?;
    }
    g.check_options(&options)?;
    // A roster is checked as a competitive event's lists are, unless it says otherwise.
    shared.competitive = Some(shared.competitive.unwrap_or(true));
    let template = shared.into_request(g, Vec::new(), options)?;
    let mut results = Vec::with_capacity(entries.len());
    let mut summary = BatchSummary {
        entries: entries.len(),
        ..BatchSummary::default()
    };
    for (index, raw) in entries.into_iter().enumerate() {
        let field = format!("entries[{index}]");
        let outcome = serde_json::from_str::<deckcheck_core::json::Object<BatchEntry>>(raw.get())
            .map_err(|e| ApiError::invalid_request(&e).field(field.clone()))
            .and_then(|deckcheck_core::json::Object(entry)| {
                let deck = entry.deck.ok_or_else(|| {
                    ApiError::missing(&format!("{field}.deck"), "the player's deck")
                })?;
                let mut request = template.clone();
                request.decks = vec![deck_input(format!("{field}.deck"), deck)?];
                request.player = entry.player;
                request.uid = entry.uid;
                g.validate(&request).map(bounded).map_err(ApiError::from)
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
    Ok(BatchResponse {
        game: g.info().id,
        as_of: template.as_of,
        format,
        catalog: g.info().catalog.to_string(),
        summary,
        results,
    })
}

/// The JSON body of a deck check (`null` is leaving a field out).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CompareBody<'a> {
    #[serde(default, borrow)]
    registered: Option<&'a RawValue>,
    #[serde(default, borrow)]
    presented: Option<&'a RawValue>,
    /// Other cards found in the deck box.
    #[serde(default, rename = "box", borrow)]
    deck_box: Option<&'a RawValue>,
    #[serde(default)]
    format: Option<String>,
    #[serde(default)]
    as_of: Option<String>,
}

/// `POST /v1/decks/compare`: is the presented deck the registered one?
pub async fn compare(
    req: HttpRequest,
    payload: Payload,
    state: Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let game = state.path_game(&req)?;
    crate::cards::query::<crate::cards::NoQuery>(&req)?;
    let text = body::read(&req, &state, payload, state.settings.body_limit as usize).await?;
    body::kind_of(&req, &text, false)?;
    let body: CompareBody = from_fields_raw(&text)?;
    let as_of = match body.as_of.as_deref() {
        Some(d) => parse_date("as_of", d)?,
        None => today(),
    };
    let format = body
        .format
        .as_deref()
        .map(|f| one_format(game.as_ref(), f))
        .transpose()?;
    let input = |field: &str, raw: Option<&RawValue>| -> Result<Option<DeckInput>, ApiError> {
        raw.map(|r| deck_input(field.to_string(), r)).transpose()
    };
    let request = CompareRequest {
        registered: input("registered", body.registered)?
            .ok_or_else(|| ApiError::missing("registered", "the list the player registered"))?,
        presented: input("presented", body.presented)?
            .ok_or_else(|| ApiError::missing("presented", "the cards the player presented"))?,
        extra: input("box", body.deck_box)?,
        format,
        as_of,
    };
    let comparison = run(text.len() > LARGE_BODY, move || {
        game.compare(&request).map_err(ApiError::from)
    })
    .await?;
    Ok(HttpResponse::Ok().json(comparison))
}
