//! The deck routes of every game: validate (a deck, or Trilogy's three), validate-batch (an
//! event's roster), compare (a judge's deck check) and window (when is this deck legal).
//!
//! A request is read once into the game-agnostic [`ValidateRequest`]; the game reads its own
//! options from it and refuses what it does not know. Work that can be large (a big body, a
//! roster) runs off the event loop.

use std::collections::BTreeMap;

use actix_web::web::{Data, Payload};
use actix_web::{HttpRequest, HttpResponse};
use deckcheck_core::json::from_object;
use deckcheck_core::{
    AnyGame, CompareRequest, DeckInput, GameApi, RequestError, ValidateRequest, Validated, Verdict,
};
use jiff::civil::Date;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::body::{self, BodyKind};
use super::error::ApiError;
use super::{AppState, game_of};

/// Bodies larger than this are read and judged off the event loop.
const LARGE_BODY: usize = 32 * 1024;

/// The fields of a validate or window request every game shares (in a JSON body, or as query
/// parameters); any other field is the game's own option.
pub const COMMON: [&str; 7] = [
    "format",
    "as_of",
    "input_format",
    "explain",
    "competitive",
    "player",
    "uid",
];

/// One format, or several: `"premier"`, `"premier,eternal"`, `["premier", "eternal"]`, `"all"`.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum Formats {
    One(String),
    Many(Vec<String>),
}

impl Formats {
    /// The formats asked. An empty list asks for none: refused, never read as "the default"
    /// or as "every report legal" (issue 15).
    fn into_vec(self) -> Vec<String> {
        match self {
            Self::One(s) => vec![s],
            Self::Many(v) => v,
        }
    }
}

/// The shared fields of a JSON request (`null` is the same as leaving a field out).
#[derive(Debug, Default, Deserialize)]
struct Common {
    #[serde(default)]
    format: Option<Formats>,
    #[serde(default)]
    as_of: Option<String>,
    #[serde(default)]
    input_format: Option<String>,
    #[serde(default)]
    explain: Option<bool>,
    #[serde(default)]
    competitive: Option<bool>,
    #[serde(default)]
    player: Option<String>,
    #[serde(default)]
    uid: Option<String>,
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
/// it and without reading its numbers). It also spares reading a deck twice.
type RawFields<'a> = BTreeMap<String, &'a RawValue>;

/// A field's value as JSON, for the small fields a request has beside its decks.
fn value_of(raw: &RawValue) -> Result<Value, ApiError> {
    serde_json::from_str(raw.get()).map_err(|e| ApiError::json(&e))
}

/// Fields as JSON values.
fn values_of<'a>(
    fields: impl IntoIterator<Item = (String, &'a RawValue)>,
) -> Result<Map<String, Value>, ApiError> {
    fields
        .into_iter()
        .map(|(k, raw)| Ok((k, value_of(raw)?)))
        .collect()
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
/// deck such as SWUDB's, kept as the JSON text it was sent as).
fn deck_input(field: String, raw: &RawValue) -> Result<DeckInput, ApiError> {
    match kind_of(raw) {
        "a string" => Ok(DeckInput {
            text: serde_json::from_str(raw.get()).map_err(|e| ApiError::json(&e))?,
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

/// A route that takes its fields in the body refuses any query parameter, naming it.
fn no_query(req: &HttpRequest) -> Result<(), ApiError> {
    match query_pairs(req)?.into_keys().next() {
        Some(key) => Err(ApiError::query(
            &key,
            format!("unknown parameter {key:?}: this route takes its fields in the JSON body"),
        )),
        None => Ok(()),
    }
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

/// The names of a game's options, and those whose value is a string (which a query string
/// can carry too), from the game's documented schema.
pub fn option_names(api: &GameApi) -> (Vec<String>, Vec<String>) {
    let mut all = Vec::new();
    let mut strings = Vec::new();
    if let Some(props) = api.options.get("properties").and_then(Value::as_object) {
        for (name, prop) in props {
            all.push(name.clone());
            let is_string = match prop.get("type") {
                Some(Value::String(t)) => t == "string",
                Some(Value::Array(ts)) => ts
                    .iter()
                    .all(|t| t.as_str().is_some_and(|t| t == "string" || t == "null")),
                _ => false,
            };
            if is_string {
                strings.push(name.clone());
            }
        }
    }
    (all, strings)
}

/// An option's value among those the document lists for it, if it lists any.
fn check_listed(api: &GameApi, name: &str, value: &Value) -> Result<(), ApiError> {
    let listed = api
        .options
        .pointer(&format!("/properties/{name}/enum"))
        .and_then(Value::as_array);
    match listed {
        Some(values) if !values.contains(value) => {
            let named: Vec<&str> = values.iter().filter_map(Value::as_str).collect();
            Err(ApiError::bad_value(
                name,
                format!(
                    "{name} {} is not one of {}",
                    deckcheck_core::echo(&value.to_string()),
                    named.join(", ")
                ),
            ))
        }
        _ => Ok(()),
    }
}

/// The game's options as it reads them (unknown ones refused by name), each one whose
/// document lists its values among them.
pub(crate) fn check_options(
    game: &dyn AnyGame,
    api: &GameApi,
    options: &Map<String, Value>,
) -> Result<(), ApiError> {
    for (name, value) in options {
        check_listed(api, name, value)?;
    }
    game.check_options(options).map_err(ApiError::from)
}

/// The formats asked, each token exactly one of the game's format ids or `all`; a list is not
/// empty.
fn checked_formats(game: &dyn AnyGame, asked: Vec<String>) -> Result<Vec<String>, ApiError> {
    if asked.is_empty() {
        // Not the documented shape (one format at least), as the batch route says it too.
        let mut e = ApiError::bad_value(
            "format",
            "format is an empty list; name at least one format, or all",
        );
        e.code = "invalid-request";
        return Err(e);
    }
    let info = game.info();
    for token in asked.iter().flat_map(|a| a.split(',')) {
        if token != "all" && !info.formats.iter().any(|f| f.id == token) {
            return Err(info.unknown_format(token).into());
        }
    }
    Ok(asked)
}

/// One format id of the game exactly (a batch and a deck check are for one format).
fn one_format(game: &dyn AnyGame, asked: &str) -> Result<String, ApiError> {
    let info = game.info();
    if info.formats.iter().any(|f| f.id == asked) {
        return Ok(asked.to_string());
    }
    let mut e: ApiError = info.unknown_format(asked).into();
    if asked == "all" || asked.contains(',') {
        e.message = format!(
            "this route checks one format; {}",
            e.message.trim_end_matches(", or all")
        );
    }
    Err(e)
}

/// An input format id of the game exactly, or the error naming the ones it reads.
fn checked_input_format(game: &dyn AnyGame, asked: &str) -> Result<String, ApiError> {
    let info = game.info();
    if info.inputs.iter().any(|i| i.id == asked) {
        return Ok(asked.to_string());
    }
    let known: Vec<&str> = info.inputs.iter().map(|i| i.id).collect();
    Err(ApiError::bad_value(
        "input_format",
        format!(
            "unknown input format {:?} for {}; it reads {}",
            deckcheck_core::echo(asked),
            info.name,
            known.join(", ")
        ),
    )
    .code("unknown-input-format"))
}

/// Applies the shared fields of a JSON body over what the query string gave.
fn apply_common(
    game: &dyn AnyGame,
    common: Common,
    request: &mut ValidateRequest,
) -> Result<(), ApiError> {
    if let Some(f) = common.format {
        request.formats = checked_formats(game, f.into_vec())?;
    }
    if let Some(d) = common.as_of {
        request.as_of = parse_date("as_of", &d)?;
    }
    if let Some(i) = common.input_format {
        request.input_format = Some(checked_input_format(game, &i)?);
    }
    request.explain = common.explain.unwrap_or(request.explain);
    request.registration = common.competitive.unwrap_or(request.registration);
    request.player = common.player.or(request.player.take());
    request.uid = common.uid.or(request.uid.take());
    Ok(())
}

/// Fills `request` from the query string: the shared parameters, the route's `extra` ones
/// (a window's `from` and `until`), and the game's options whose value is a string. Any other
/// parameter is refused by name.
fn apply_query(
    game: &dyn AnyGame,
    api: &GameApi,
    query: BTreeMap<String, String>,
    request: &mut ValidateRequest,
    extra: &[&str],
    extras: &mut Map<String, Value>,
) -> Result<(), ApiError> {
    let (_, string_options) = option_names(api);
    for (key, value) in query {
        match key.as_str() {
            "format" => request.formats = checked_formats(game, vec![value])?,
            "as_of" => request.as_of = parse_date("as_of", &value)?,
            "input_format" => request.input_format = Some(checked_input_format(game, &value)?),
            "explain" => request.explain = query_bool("explain", &value)?,
            "competitive" => request.registration = query_bool("competitive", &value)?,
            "player" => request.player = Some(value),
            "uid" => request.uid = Some(value),
            // Every value is checked as given, even one a JSON body's field then replaces.
            k if extra.contains(&k) => {
                parse_date(k, &value)?;
                extras.insert(key, Value::String(value));
            }
            k if string_options.iter().any(|o| o == k) => {
                let value = Value::String(value);
                check_listed(api, k, &value)?;
                request.options.insert(key, value);
            }
            _ => {
                let mut known: Vec<String> = COMMON.iter().map(|s| s.to_string()).collect();
                known.extend(extra.iter().map(|s| s.to_string()));
                known.extend(string_options);
                return Err(ApiError::query(
                    &key,
                    format!(
                        "unknown parameter {:?}; this route takes {}",
                        deckcheck_core::echo(&key),
                        known.join(", ")
                    ),
                ));
            }
        }
    }
    Ok(())
}

fn empty_request() -> ValidateRequest {
    ValidateRequest {
        decks: Vec::new(),
        formats: Vec::new(),
        as_of: today(),
        input_format: None,
        explain: false,
        player: None,
        uid: None,
        registration: false,
        options: Map::new(),
    }
}

/// Reads a validate (or window) request for the route's game: a text body with its fields in
/// the query string, or a JSON body (a request object with `deck` or `decks`, or a bare JSON
/// deck with request fields beside its own). The body wins over the query string. Returns the
/// request and the route's `extra` fields (a window's `from` and `until`).
fn read_request(
    game: &dyn AnyGame,
    api: &GameApi,
    req: &HttpRequest,
    text: String,
    extra: &[&str],
) -> Result<(ValidateRequest, Map<String, Value>), ApiError> {
    let mut request = empty_request();
    let mut extras = Map::new();
    apply_query(
        game,
        api,
        query_pairs(req)?,
        &mut request,
        extra,
        &mut extras,
    )?;
    match body::kind_of(req, &text, true)? {
        BodyKind::Text => {
            request.decks.push(DeckInput {
                field: "body".into(),
                text,
            });
        }
        BodyKind::Json => {
            let mut body: RawFields<'_> = from_object(&text).map_err(|e| ApiError::json(&e))?;
            for key in extra {
                if let Some(raw) = body.remove(*key) {
                    extras.insert((*key).to_string(), value_of(raw)?);
                }
            }
            let common: Common = from_fields(values_of(
                body.iter()
                    .filter(|(k, _)| COMMON.contains(&k.as_str()))
                    .map(|(k, raw)| (k.clone(), *raw)),
            )?)?;
            let bare = body.get("deck").is_some_and(|raw| kind_of(raw) == "a list")
                && !body.contains_key("decks")
                && game.is_bare_deck(&shape_of(&body));
            if bare {
                // A JSON deck posted as it is (a SWUDB export), with request fields beside its
                // own: the deck's fields are the reader's, the options the game's.
                let (options, _) = option_names(api);
                for (key, raw) in body {
                    if options.contains(&key) {
                        request.options.insert(key, value_of(raw)?);
                    }
                }
                request.decks.push(DeckInput {
                    field: "body".into(),
                    text,
                });
            } else {
                match (body.remove("deck"), body.remove("decks")) {
                    (Some(_), Some(_)) => {
                        return Err(ApiError::bad_value(
                            "decks",
                            "give either deck or decks, not both",
                        ));
                    }
                    (Some(deck), None) => request.decks.push(deck_input("deck".into(), deck)?),
                    (None, Some(raw))
                        if kind_of(raw) == "a list"
                            && let Ok(list) = serde_json::from_str::<Vec<&RawValue>>(raw.get())
                            && !list.is_empty() =>
                    {
                        if list.len() > deckcheck_core::game::MAX_DECKS {
                            return Err(RequestError::bad_value(
                                "decks",
                                format!(
                                    "{} decks were given; no format plays more than {}",
                                    list.len(),
                                    deckcheck_core::game::MAX_DECKS
                                ),
                            )
                            .into());
                        }
                        for (i, deck) in list.into_iter().enumerate() {
                            request.decks.push(deck_input(format!("decks[{i}]"), deck)?);
                        }
                    }
                    (None, Some(_)) => {
                        return Err(ApiError::bad_value(
                            "decks",
                            "decks must be a list of one to three decks",
                        ));
                    }
                    (None, None) => {
                        return Err(ApiError::missing(
                            "deck",
                            "a deck list (a string) or a JSON deck (an object), or decks",
                        ));
                    }
                }
                // Every other field is the game's own option; it refuses unknown ones by name.
                for (key, raw) in body {
                    if !COMMON.contains(&key.as_str()) {
                        request.options.insert(key, value_of(raw)?);
                    }
                }
            }
            apply_common(game, common, &mut request)?;
        }
    }
    if request.formats.is_empty() {
        request.formats = vec![default_format(game)?];
    }
    check_options(game, api, &request.options)?;
    Ok((request, extras))
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

/// Fields of a JSON body read into `T`, the error naming the field at fault.
fn from_fields<T: serde::de::DeserializeOwned>(fields: Map<String, Value>) -> Result<T, ApiError> {
    serde_path_to_error::deserialize(Value::Object(fields)).map_err(field_error)
}

/// A JSON object body read into `T` as it is (a `T` that borrows its decks as raw JSON), the
/// error naming the field at fault.
fn from_fields_raw<'a, T: serde::Deserialize<'a>>(text: &'a str) -> Result<T, ApiError> {
    // Not an object at all is malformed JSON for the body, as on every route.
    from_object::<serde::de::IgnoredAny>(text).map_err(|e| ApiError::json(&e))?;
    let mut de = serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize(&mut de).map_err(field_error)
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
    let game = state.game(game_of(&req))?;
    let text = body::read(&req, &state, payload, state.settings.body_limit as usize).await?;
    let large = text.len() > LARGE_BODY;
    let (request, _) = read_request(game.as_ref(), state.api(game.as_ref())?, &req, text, &[])?;
    let answer = run(large || request.decks.len() > 1, move || {
        game.validate(&request).map(bounded).map_err(ApiError::from)
    })
    .await?;
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
    let game = state.game(game_of(&req))?;
    let text = body::read(&req, &state, payload, state.settings.body_limit as usize).await?;
    let (request, extras) = read_request(
        game.as_ref(),
        state.api(game.as_ref())?,
        &req,
        text,
        &["from", "until"],
    )?;
    let date = |key: &str| -> Result<Option<Date>, ApiError> {
        match extras.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => parse_date(key, s).map(Some),
            Some(other) => Err(ApiError::bad_date(key, &other.to_string())),
        }
    };
    let (from, until) = (date("from")?, date("until")?);
    if let (Some(f), Some(u)) = (from, until)
        && u < f
    {
        return Err(ApiError::unprocessable(
            "bad-range",
            "until",
            format!("until ({u}) is before from ({f})"),
        ));
    }
    let answer = run(true, move || {
        game.window(&request, from, until).map_err(ApiError::from)
    })
    .await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// The shared fields of a batch request, for every entry (`null` is leaving one out).
#[derive(Deserialize)]
struct BatchCommon {
    #[serde(default)]
    format: Option<String>,
    #[serde(default)]
    as_of: Option<String>,
    #[serde(default)]
    input_format: Option<String>,
    #[serde(default)]
    explain: Option<bool>,
    #[serde(default)]
    competitive: Option<bool>,
}

/// The fields of a batch request besides `entries` and the game's options.
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
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub error: Option<Value>,
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
    let game = state.game(game_of(&req))?;
    no_query(&req)?;
    let text = body::read(
        &req,
        &state,
        payload,
        state.settings.batch_body_limit as usize,
    )
    .await?;
    body::kind_of(&req, &text, false)?;
    let limit = state.settings.batch_limit as usize;
    let state2 = state.clone();
    let response = actix_web::web::block(move || {
        run_batch(game.as_ref(), state2.api(game.as_ref())?, &text, limit)
    })
    .await
    .map_err(|e| ApiError::internal(format!("the batch did not run: {e}")))??;
    Ok(HttpResponse::Ok().json(response))
}

/// Checks a roster for one game: one answer per entry and a summary. Public for the roster
/// benchmark.
pub fn run_batch(
    g: &dyn AnyGame,
    api: &GameApi,
    text: &str,
    limit: usize,
) -> Result<BatchResponse, ApiError> {
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
    let (common, options): (Map<String, Value>, Map<String, Value>) = values_of(body)?
        .into_iter()
        .partition(|(k, _)| BATCH_COMMON.contains(&k.as_str()));
    let common: BatchCommon = from_fields(common)?;
    let mut template = empty_request();
    template.registration = common.competitive.unwrap_or(true);
    template.explain = common.explain.unwrap_or(false);
    check_options(g, api, &options)?;
    template.options = options;
    if let Some(d) = common.as_of {
        template.as_of = parse_date("as_of", &d)?;
    }
    if let Some(i) = common.input_format {
        template.input_format = Some(checked_input_format(g, &i)?);
    }
    let format = match common.format {
        Some(f) => one_format(g, &f)?,
        None => default_format(g)?,
    };
    template.formats = vec![format.clone()];
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
                error: Some(
                    serde_json::json!({ "code": e.code, "message": e.message, "field": e.field }),
                ),
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
    let game = state.game(game_of(&req))?;
    no_query(&req)?;
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
