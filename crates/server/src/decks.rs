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
    AnyGame, CompareRequest, DeckInput, RequestError, ValidateRequest, Validated, Verdict,
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

/// The request fields every game shares; any other field is the game's own option.
const GENERIC: [&str; 10] = [
    "game",
    "deck",
    "decks",
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
    fn into_vec(self) -> Vec<String> {
        match self {
            Self::One(s) => vec![s],
            Self::Many(v) => v,
        }
    }
}

/// The shared fields of a JSON request.
#[derive(Debug, Default, Deserialize)]
struct Generic {
    #[serde(default)]
    game: Option<String>,
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

pub fn parse_date(field: &str, text: &str) -> Result<Date, ApiError> {
    text.trim()
        .parse::<Date>()
        .map_err(|_| ApiError::bad_date(field, text))
}

fn today() -> Date {
    jiff::Zoned::now().date()
}

/// A JSON body as its fields, each kept as the JSON text it was sent as. Decks are read by the
/// game from their own text, so the body is never built into a tree: a deck nested 100,000
/// deep, or with a count of `1e400`, is the deck reader's to judge entry by entry (a
/// diagnostic), not a body that cannot be read (serde_json skips raw values without recursion
/// and without reading numbers).
type RawFields<'a> = BTreeMap<String, &'a RawValue>;

/// A field's value as JSON, for the small fields a request has beside its decks.
fn value_of(raw: &RawValue) -> Result<Value, ApiError> {
    serde_json::from_str(raw.get()).map_err(|e| ApiError::json(&e))
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

/// The body's fields with each value reduced to its kind (an empty list, an empty object, the
/// string or scalar itself): what a game needs to tell a bare JSON deck from a request.
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
/// deck such as SWUDB's, kept as its JSON text).
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

/// The request fields every game shares, read from the raw fields that are among them.
fn generic_of(fields: &RawFields<'_>, skip: &[&str]) -> Result<Generic, ApiError> {
    let mut known = Map::new();
    for (key, raw) in fields {
        if GENERIC.contains(&key.as_str()) && !skip.contains(&key.as_str()) {
            known.insert(key.clone(), value_of(raw)?);
        }
    }
    serde_json::from_value(Value::Object(known)).map_err(|e| ApiError::invalid_request(&e))
}

/// The query string as parameter → value, each named once.
fn query_pairs(req: &HttpRequest) -> Result<BTreeMap<String, String>, ApiError> {
    let pairs: Vec<(String, String)> = serde_urlencoded::from_str(req.query_string())
        .map_err(|e| ApiError::query("query", format!("it is not a URL query string: {e}")))?;
    let mut out = BTreeMap::new();
    for (k, v) in pairs {
        if out.insert(k.clone(), v).is_some() {
            return Err(ApiError::query(&k, "it is given more than once"));
        }
    }
    Ok(out)
}

fn query_bool(name: &str, text: &str) -> Result<bool, ApiError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "true" | "1" | "yes" => Ok(true),
        "false" | "0" | "no" => Ok(false),
        _ => Err(ApiError::query(
            name,
            format!("{:?} is not true or false", deckcheck_core::echo(text)),
        )),
    }
}

/// What a request asks, before any deck is read.
struct Asked {
    request: ValidateRequest,
    game: Option<String>,
}

/// Fills `request` from the query string: the shared parameters, and the game's own options.
fn apply_query(
    query: BTreeMap<String, String>,
    request: &mut ValidateRequest,
    game: &mut Option<String>,
) -> Result<(), ApiError> {
    for (key, value) in query {
        match key.as_str() {
            "game" => *game = Some(value),
            "format" => request.formats = vec![value],
            "as_of" => request.as_of = parse_date("as_of", &value)?,
            "input_format" => request.input_format = Some(value),
            "explain" => request.explain = query_bool("explain", &value)?,
            "competitive" => request.registration = query_bool("competitive", &value)?,
            "player" => request.player = Some(value),
            "uid" => request.uid = Some(value),
            _ => {
                request.options.insert(key, Value::String(value));
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

/// Reads a validate (or window) request: a text body with options in the query string, or a
/// JSON body (a request object, or a bare JSON deck with options beside it). The body wins
/// over the query string. Returns the request and the fields of a window request.
fn read_request(
    req: &HttpRequest,
    state: &AppState,
    text: String,
    extra: &[&str],
) -> Result<(Asked, Map<String, Value>), ApiError> {
    let mut request = empty_request();
    let mut game: Option<String> = game_of(req).map(str::to_string);
    let path_game = game.clone();
    let mut extras = Map::new();
    let mut query_game = None;
    apply_query(query_pairs(req)?, &mut request, &mut query_game)?;
    if path_game.is_none() {
        game = query_game;
    } else if query_game.is_some() {
        return Err(ApiError::query(
            "game",
            "the game is named by the path already",
        ));
    }
    match body::kind_of(req, &text, true)? {
        BodyKind::Text => {
            if request.formats.is_empty() {
                request.formats = vec![default_format(state, game.as_deref())?];
            }
            request.decks.push(DeckInput {
                field: "body".into(),
                text,
            });
        }
        BodyKind::Json => {
            let mut body: RawFields<'_> = from_object(&text).map_err(|e| ApiError::json(&e))?;
            if body.contains_key("game") && path_game.is_some() {
                return Err(ApiError::bad_value(
                    "game",
                    "the game is named by the path already",
                ));
            }
            for key in extra {
                if let Some(raw) = body.remove(*key) {
                    extras.insert((*key).to_string(), value_of(raw)?);
                }
            }
            let generic = generic_of(&body, &["deck", "decks"])?;
            if generic.game.is_some() {
                game = generic.game.clone();
            }
            let g = state.game(game.as_deref())?;
            let shape = shape_of(&body);
            let is_request =
                body.contains_key("deck") && !g.is_bare_deck(&shape) || body.contains_key("decks");
            if is_request {
                match (body.remove("deck"), body.remove("decks")) {
                    (Some(_), Some(_)) => {
                        return Err(ApiError::bad_value(
                            "decks",
                            "give either deck or decks, not both",
                        ));
                    }
                    (Some(deck), None) => request.decks.push(deck_input("deck".into(), deck)?),
                    (None, Some(list)) if kind_of(list) == "a list" => {
                        let list: Vec<&RawValue> =
                            serde_json::from_str(list.get()).map_err(|e| ApiError::json(&e))?;
                        if list.is_empty() {
                            return Err(ApiError::bad_value(
                                "decks",
                                "decks must be a list of one to three decks",
                            ));
                        }
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
                    (None, None) => unreachable!("a request has deck or decks"),
                }
                for (key, raw) in body {
                    if !GENERIC.contains(&key.as_str()) {
                        request.options.insert(key, value_of(raw)?);
                    }
                }
            } else if g.is_bare_deck(&shape) {
                // A JSON deck posted as it is, perhaps with request options beside its fields.
                let options = option_names(g.as_ref());
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
                return Err(ApiError::missing(
                    "deck",
                    "a deck list (a string) or a JSON deck (an object)",
                ));
            }
            if let Some(f) = generic.format {
                request.formats = f.into_vec();
            }
            if let Some(d) = generic.as_of {
                request.as_of = parse_date("as_of", &d)?;
            }
            request.input_format = generic.input_format.or(request.input_format);
            request.explain = generic.explain.unwrap_or(request.explain);
            request.registration = generic.competitive.unwrap_or(request.registration);
            request.player = generic.player.or(request.player);
            request.uid = generic.uid.or(request.uid);
            if request.formats.is_empty() {
                request.formats = vec![default_format(state, game.as_deref())?];
            }
        }
    }
    Ok((Asked { request, game }, extras))
}

/// The option names a game's schema declares (to tell them from a bare deck's own fields).
fn option_names(game: &dyn AnyGame) -> Vec<String> {
    let (_, schema) = game.options_schema();
    match schema {
        utoipa::openapi::RefOr::T(utoipa::openapi::schema::Schema::Object(o)) => {
            o.properties.keys().cloned().collect()
        }
        _ => Vec::new(),
    }
}

/// A game's first format: what a request that names none is checked for.
fn default_format(state: &AppState, game: Option<&str>) -> Result<String, ApiError> {
    let g = state.game(game)?;
    g.info()
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
    let text = body::read(&req, &state, payload, state.settings.body_limit as usize).await?;
    let large = text.len() > LARGE_BODY;
    let (asked, _) = read_request(&req, &state, text, &[])?;
    let game = state.game(asked.game.as_deref())?;
    let request = asked.request;
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
    let text = body::read(&req, &state, payload, state.settings.body_limit as usize).await?;
    let (asked, extras) = read_request(&req, &state, text, &["from", "until"])?;
    let date = |key: &str| -> Result<Option<Date>, ApiError> {
        match extras.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => parse_date(key, s).map(Some),
            Some(other) => Err(ApiError::bad_date(key, &other.to_string())),
        }
    };
    let (from, until) = (date("from")?, date("until")?);
    let game = state.game(asked.game.as_deref())?;
    let request = asked.request;
    let answer = run(true, move || {
        game.window(&request, from, until).map_err(ApiError::from)
    })
    .await?;
    Ok(HttpResponse::Ok().json(answer))
}

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
    let text = body::read(
        &req,
        &state,
        payload,
        state.settings.batch_body_limit as usize,
    )
    .await?;
    body::kind_of(&req, &text, false)?;
    let query = query_pairs(&req)?;
    let path_game = game_of(&req).map(str::to_string);
    let limit = state.settings.batch_limit as usize;
    let state2 = state.clone();
    let response =
        actix_web::web::block(move || run_batch(&state2, path_game, query, &text, limit))
            .await
            .map_err(|e| ApiError::internal(format!("the batch did not run: {e}")))??;
    Ok(HttpResponse::Ok().json(response))
}

/// Checks a roster: one answer per entry and a summary. Public for the roster benchmark.
pub fn run_batch(
    state: &AppState,
    path_game: Option<String>,
    query: BTreeMap<String, String>,
    text: &str,
    limit: usize,
) -> Result<BatchResponse, ApiError> {
    let mut body: RawFields<'_> = from_object(text).map_err(|e| ApiError::json(&e))?;
    let entries: Vec<&RawValue> = match body.remove("entries") {
        Some(raw) => serde_json::from_str(raw.get()).map_err(|e| ApiError::json(&e))?,
        None => {
            return Err(ApiError::missing(
                "entries",
                "the roster: a list of {player, uid, deck}",
            ));
        }
    };
    if entries.len() > limit {
        return Err(ApiError::batch_too_large(entries.len(), limit));
    }
    let mut template = empty_request();
    template.registration = true;
    let mut game = path_game.clone();
    let mut query_game = None;
    apply_query(query, &mut template, &mut query_game)?;
    if path_game.is_none() {
        game = query_game;
    }
    let generic = generic_of(&body, &["deck", "decks"])?;
    if generic.player.is_some() || generic.uid.is_some() {
        return Err(ApiError::bad_value(
            "player",
            "a batch names each entry's player in the entry",
        ));
    }
    if let Some(g) = generic.game {
        if path_game.is_some() {
            return Err(ApiError::bad_value(
                "game",
                "the game is named by the path already",
            ));
        }
        game = Some(g);
    }
    for (key, raw) in body {
        if !GENERIC.contains(&key.as_str()) {
            template.options.insert(key, value_of(raw)?);
        }
    }
    if let Some(f) = generic.format {
        template.formats = f.into_vec();
    }
    if let Some(d) = generic.as_of {
        template.as_of = parse_date("as_of", &d)?;
    }
    template.input_format = generic.input_format.or(template.input_format);
    template.registration = generic.competitive.unwrap_or(template.registration);
    let g = state.game(game.as_deref())?;
    if template.formats.is_empty() {
        template.formats = vec![default_format(state, game.as_deref())?];
    }
    let formats = g
        .info()
        .resolve_formats(&template.formats, template.as_of)?;
    let [format] = formats.as_slice() else {
        return Err(ApiError::bad_value(
            "format",
            "a batch is checked for one format; give exactly one",
        ));
    };
    let format = format.id.clone();
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

/// The JSON body of a deck check.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CompareBody<'a> {
    #[serde(default)]
    game: Option<String>,
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
    let text = body::read(&req, &state, payload, state.settings.body_limit as usize).await?;
    body::kind_of(&req, &text, false)?;
    if let Some((key, _)) = query_pairs(&req)?.into_iter().next() {
        return Err(ApiError::query(
            &key,
            "this route takes its fields in the JSON body",
        ));
    }
    let body: CompareBody = from_object(&text).map_err(|e| ApiError::json(&e))?;
    let path_game = game_of(&req).map(str::to_string);
    if body.game.is_some() && path_game.is_some() {
        return Err(ApiError::bad_value(
            "game",
            "the game is named by the path already",
        ));
    }
    let game = state.game(path_game.or(body.game).as_deref())?;
    let as_of = match body.as_of.as_deref() {
        Some(d) => parse_date("as_of", d)?,
        None => today(),
    };
    let input = |field: &str, raw: Option<&RawValue>| -> Result<Option<DeckInput>, ApiError> {
        raw.map(|r| deck_input(field.to_string(), r)).transpose()
    };
    let request = CompareRequest {
        registered: input("registered", body.registered)?
            .ok_or_else(|| ApiError::missing("registered", "the list the player registered"))?,
        presented: input("presented", body.presented)?
            .ok_or_else(|| ApiError::missing("presented", "the cards the player presented"))?,
        extra: input("box", body.deck_box)?,
        format: body.format,
        as_of,
    };
    let comparison = run(text.len() > LARGE_BODY, move || {
        game.compare(&request).map_err(ApiError::from)
    })
    .await?;
    Ok(HttpResponse::Ok().json(comparison))
}
