//! The event routes (`/v1/events/...`): an organizer creates an event and gets its token once;
//! players register with the event's code and get a token that edits only their own list;
//! the organizer locks, issues judge tokens, reviews pairings, exports and publishes; judges
//! find players, read their list and history, amend with a reason, deck-check and pick.
//!
//! Every route but creation, the code routes and the published lists takes
//! `Authorization: Bearer <token>`, checked against the event in the path and the roles the
//! route allows: a missing token, an unknown one or one of another event is a 401 alike; a
//! token of the event whose role may not do it is a 403. Creating events, looking codes up
//! and registering are limited per client ([`crate::limits`]), a 429 past it; every 429 and
//! every 503 of the store carries `Retry-After`.

use actix_web::http::header::{AUTHORIZATION, RETRY_AFTER, WWW_AUTHENTICATE};
use actix_web::web::{Data, Payload};
use actix_web::{HttpRequest, HttpResponse, ResponseError};
use deckcheck_core::json::from_object;
use deckcheck_core::{AnyGame, ErrorCode, RequestError};
use deckcheck_store::{
    Access, DeckCheck, Event, EventChanges, ListVerdict, ListVersion, NewEvent, Pick, PublicEvent,
    Publish, Registration, Role, ShownList, State, Store, StoreError, Submission,
};
use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::AppState;
use super::body;
use super::cards::{NoQuery, query};
use super::error::ApiError;
use super::limits::{Client, Spend};

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        let message = e.to_string();
        let (code, field) = match e {
            StoreError::NoEvent(_) => (ErrorCode::NoEvent, "event"),
            StoreError::NoPlayer(_) => (ErrorCode::NoPlayer, "player"),
            StoreError::Unauthorized => (ErrorCode::Unauthorized, "authorization"),
            StoreError::Forbidden { .. } => (ErrorCode::Forbidden, "authorization"),
            StoreError::Locked { since } => {
                return ApiError::new(ErrorCode::EventLocked, message)
                    .field("event")
                    .details(json!({ "locked_since": since.to_string() }));
            }
            StoreError::AlreadyRegistered { .. } => (ErrorCode::AlreadyRegistered, "uid"),
            StoreError::Refused { verdict, report } => {
                return ApiError::new(ErrorCode::ListRefused, message)
                    .field("deck")
                    .details(json!({ "verdict": verdict, "report": report }));
            }
            StoreError::Request(e) => return e.into(),
            StoreError::Invalid { field, .. } => {
                return ApiError::new(ErrorCode::BadValue, message).field(field);
            }
            StoreError::Unprocessable { code, field, .. } => {
                return ApiError::new(code, message).field(field);
            }
            StoreError::NoToken(_) => (ErrorCode::NoToken, "token"),
            StoreError::TokenExpired { .. } => (ErrorCode::TokenExpired, "authorization"),
            StoreError::Published { .. } | StoreError::NotLocked | StoreError::Conflict { .. } => {
                (e.code(), "event")
            }
            StoreError::GameUnavailable(_) => (ErrorCode::GameUnavailable, "game"),
            StoreError::Unavailable { retry_after, .. } => {
                crate::metrics::store_error(&e);
                tracing::warn!(error = %message, "event store unavailable");
                return ApiError::new(ErrorCode::StoreUnavailable, message)
                    .details(json!({ "retry_after": retry_after }));
            }
            StoreError::ReadOnly { .. } => {
                crate::metrics::store_error(&e);
                tracing::error!(error = %message, "event store error");
                return ApiError::new(
                    ErrorCode::ReadOnly,
                    "the event store cannot be written; nothing was changed (the operator is told)",
                )
                .details(json!({ "retry_after": OPERATOR_RETRY_AFTER }));
            }
            StoreError::Migrate(_) | StoreError::Corrupt(_) => {
                crate::metrics::store_error(&e);
                tracing::error!(error = %message, "event store error");
                return ApiError::new(
                    ErrorCode::StoreUnavailable,
                    "the event store did not answer; nothing was changed, retry in a moment",
                )
                .details(json!({ "retry_after": OPERATOR_RETRY_AFTER }));
            }
        };
        ApiError::new(code, message).field(field)
    }
}

/// `Retry-After` of a store error that needs the operator (a read-only disk, a broken
/// schema): later than a passing fault's.
const OPERATOR_RETRY_AFTER: u64 = 30;

fn store(state: &AppState) -> &Store {
    &state.store
}

fn now() -> Timestamp {
    Timestamp::now()
}

/// The bearer token of a request, if any (the scheme in any case, RFC 7235).
fn bearer(req: &HttpRequest) -> Option<&str> {
    req.headers()
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split_once(' '))
        .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
        .map(|(_, credentials)| credentials.trim())
}

fn path<'a>(req: &'a HttpRequest, name: &str) -> &'a str {
    req.match_info().get(name).unwrap_or("")
}

/// Checks the request's token for the event in the path and the roles allowed.
async fn authorize(
    req: &HttpRequest,
    state: &AppState,
    allowed: &[Role],
    action: &'static str,
) -> Result<Access, ApiError> {
    store(state)
        .authorize(path(req, "event"), bearer(req), allowed, action, now())
        .await
        .map_err(|e| {
            let unauthorized = matches!(e, StoreError::Unauthorized);
            let mut err = ApiError::from(e);
            if unauthorized {
                err = err.details(json!({ "scheme": "Bearer" }));
            }
            err
        })
}

/// The answer to a route: a 401 carries `WWW-Authenticate`; a 429 and a 503 `Retry-After`.
fn answer(result: Result<HttpResponse, ApiError>) -> HttpResponse {
    use actix_web::http::header::HeaderValue;
    match result {
        Ok(r) => r,
        Err(e) => {
            let mut res = e.error_response();
            if e.code == ErrorCode::Unauthorized {
                res.headers_mut().insert(
                    WWW_AUTHENTICATE,
                    HeaderValue::from_static("Bearer realm=\"deckcheck events\""),
                );
            }
            let wait = e.details.as_ref().and_then(|d| d["retry_after"].as_u64());
            if let (429 | 503, Some(wait)) = (e.code.status(), wait) {
                res.headers_mut()
                    .insert(RETRY_AFTER, HeaderValue::from(wait));
            }
            res
        }
    }
}

async fn json_body<T: serde::de::DeserializeOwned>(
    req: &HttpRequest,
    state: &AppState,
    payload: Payload,
) -> Result<T, ApiError> {
    let text = body::read(req, state, payload, state.settings.body_limit as usize).await?;
    body::kind_of(req, &text, false)?;
    from_object(&text).map_err(|e| ApiError::json(&e))
}

fn game_of_event(state: &AppState, game: &str) -> Result<std::sync::Arc<dyn AnyGame>, ApiError> {
    state.game(Some(game))
}

/// Counts a list stored for an event (the metrics), by the state it was stored in.
fn submitted(list: &deckcheck_store::Submitted) {
    crate::metrics::registration(match list.state {
        State::Accepted => crate::metrics::Registration::Accepted,
        State::Pending => crate::metrics::Registration::Pending,
    });
}

/// Counts a list refused as not legal (the metrics).
fn refused(e: &StoreError) {
    if matches!(e, StoreError::Refused { .. }) {
        crate::metrics::registration(crate::metrics::Registration::Refused);
    }
}

/// A list judged for an event: what the event's game cannot read or judge as it was sent (a
/// deck it cannot read, more decks than the event's format plays, an input format it does not
/// know) is a 422. The body had the documented shape; the document cannot know the event's
/// game, its format or the player's registered list.
fn judged(e: StoreError) -> ApiError {
    match e {
        StoreError::Request(e) if e.status() == 400 => e.unanswerable().into(),
        e => e.into(),
    }
}

/// A deck in a body: a list (a string) or a JSON deck (an object, kept as its JSON text). An
/// empty one is `unreadable-deck`, as on the deck routes (issue 26).
fn deck_text(field: &str, value: Value) -> Result<String, ApiError> {
    match value {
        Value::String(s) if s.trim().trim_start_matches('\u{feff}').trim().is_empty() => {
            Err(RequestError::unreadable(field, &deckcheck_core::ImportError::Empty).into())
        }
        Value::String(s) => Ok(s),
        v @ Value::Object(_) => Ok(v.to_string()),
        _ => Err(ApiError::bad_value(
            field,
            format!("{field} must be a deck list (a string) or a JSON deck (an object)"),
        )),
    }
}

/// The list fields of a body: `deck` or `decks`, `input_format`, `pool`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ListFields {
    #[serde(default)]
    deck: Option<Value>,
    #[serde(default)]
    decks: Option<Vec<Value>>,
    #[serde(default)]
    input_format: Option<String>,
    #[serde(default)]
    pool: Option<Value>,
}

impl ListFields {
    fn submission(self, pool_alone: bool) -> Result<Submission, ApiError> {
        let decks = match (self.deck, self.decks) {
            (Some(_), Some(_)) => {
                return Err(ApiError::bad_value(
                    "decks",
                    "give either deck or decks, not both",
                ));
            }
            (Some(d), None) => vec![deck_text("deck", d)?],
            (None, Some(list)) => {
                crate::decks::at_most_decks(list.len())?;
                list.into_iter()
                    .enumerate()
                    .map(|(i, d)| deck_text(&format!("decks[{i}]"), d))
                    .collect::<Result<_, _>>()?
            }
            (None, None) if pool_alone && self.pool.is_some() => Vec::new(),
            (None, None) => return Err(ApiError::missing("deck", "the deck list")),
        };
        Ok(Submission {
            decks,
            input_format: self.input_format,
            pool: self.pool.map(|p| deck_text("pool", p)).transpose()?,
        })
    }
}

// ---- organizer ----

/// The answer to creating an event.
#[derive(Serialize, utoipa::ToSchema)]
pub struct CreatedAnswer {
    pub event: Event,
    /// The organizer's token: shown once, never stored.
    pub organizer_token: String,
    pub pages: CreatedPages,
}

/// The event's pages (the token goes in the page, never in its address).
#[derive(Serialize, utoipa::ToSchema)]
pub struct CreatedPages {
    /// Where players register, with the code filled in.
    pub register: String,
    /// The organizer's page for this event.
    pub organizer: String,
}

/// `POST /v1/events`: name, game, format and date; the rest defaulted.
pub async fn create(req: HttpRequest, payload: Payload, state: Data<AppState>) -> HttpResponse {
    answer(
        async {
            query::<NoQuery>(&req)?;
            state.limits.operator_key(bearer(&req))?;
            let new: NewEvent = json_body(&req, &state, payload).await?;
            // The game is a field of the body here, not a path: one it does not know is a 400.
            let game = game_of_event(&state, &new.game)?;
            // The options as every check of the event will read them, each value among those
            // the document lists for it: refused now, not at every registration.
            if let Some(options) = &new.options {
                game.check_options(options).map_err(|mut e| {
                    e.field = Some(match e.field.take() {
                        Some(f) => format!("options.{f}"),
                        None => "options".into(),
                    });
                    e
                })?;
            }
            state.limits.spend_creation(&req)?;
            let created = store(&state)
                .create_event(game.as_ref(), new, now())
                .await?;
            let pages = CreatedPages {
                register: format!("/events/register#code={}", created.event.registration_code),
                organizer: format!("/events/organizer#event={}", created.event.id),
            };
            Ok(HttpResponse::Created().json(CreatedAnswer {
                event: created.event,
                organizer_token: created.organizer_token,
                pages,
            }))
        }
        .await,
    )
}

/// An event as its organizer or a judge reads it, with its counts.
#[derive(Serialize, utoipa::ToSchema)]
pub struct EventAnswer {
    pub event: Event,
    /// Lists are frozen (locked by hand, or the deadline passed).
    pub locked: bool,
    /// Who the token speaks for.
    pub role: Role,
    /// The judge's name, or `organizer`.
    pub you: String,
    pub players: usize,
    pub accepted: usize,
    pub pending: usize,
}

/// `GET /v1/events/{event}`: the event and its counts (organizer, judge).
pub async fn event(req: HttpRequest, state: Data<AppState>) -> HttpResponse {
    answer(
        async {
            query::<NoQuery>(&req)?;
            let access = authorize(
                &req,
                &state,
                &[Role::Organizer, Role::Judge],
                "read the event",
            )
            .await?;
            let event = store(&state).event(&access.event_id).await?;
            let roster = store(&state).roster(&access.event_id).await?;
            let count = |f: &dyn Fn(&deckcheck_store::Registration) -> bool| {
                roster.iter().filter(|r| f(r)).count()
            };
            Ok(HttpResponse::Ok().json(EventAnswer {
                locked: event.is_locked(now()),
                event,
                role: access.role,
                you: access.label,
                players: roster.len(),
                accepted: count(&|r| r.state == State::Accepted),
                pending: count(&|r| r.state == State::Pending),
            }))
        }
        .await,
    )
}

/// `POST /v1/events/{event}/settings`: name, deadline, illegal-list setting (before the lock).
pub async fn configure(req: HttpRequest, payload: Payload, state: Data<AppState>) -> HttpResponse {
    answer(
        async {
            query::<NoQuery>(&req)?;
            let access = authorize(&req, &state, &[Role::Organizer], "change the event").await?;
            let changes: EventChanges = json_body(&req, &state, payload).await?;
            let event = store(&state).configure(&access, changes, now()).await?;
            Ok(HttpResponse::Ok().json(event))
        }
        .await,
    )
}

/// The event, locked.
#[derive(Serialize, utoipa::ToSchema)]
pub struct LockedAnswer {
    pub event: Event,
    /// Always true.
    pub locked: bool,
}

/// `POST /v1/events/{event}/lock`: lists are frozen now.
pub async fn lock(req: HttpRequest, state: Data<AppState>) -> HttpResponse {
    answer(
        async {
            query::<NoQuery>(&req)?;
            let access = authorize(&req, &state, &[Role::Organizer], "lock the event").await?;
            let event = store(&state).lock(&access, now()).await?;
            crate::metrics::event_locked();
            Ok(HttpResponse::Ok().json(LockedAnswer {
                event,
                locked: true,
            }))
        }
        .await,
    )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JudgeBody {
    name: String,
}

/// A judge's token, shown once.
#[derive(Serialize, utoipa::ToSchema)]
pub struct JudgeAnswer {
    /// The judge's name, as their actions are recorded.
    pub judge: String,
    pub token: String,
    /// The judge's page for this event.
    pub page: String,
}

/// `POST /v1/events/{event}/judges`: a judge token, shown once.
pub async fn judges(req: HttpRequest, payload: Payload, state: Data<AppState>) -> HttpResponse {
    answer(
        async {
            query::<NoQuery>(&req)?;
            let access = authorize(&req, &state, &[Role::Organizer], "issue judge tokens").await?;
            let body: JudgeBody = json_body(&req, &state, payload).await?;
            let token = store(&state)
                .issue_judge(&access, &body.name, now())
                .await?
                .token;
            Ok(HttpResponse::Created().json(JudgeAnswer {
                judge: body.name.trim().to_string(),
                token,
                page: format!("/events/judge#event={}", access.event_id),
            }))
        }
        .await,
    )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RosterQuery {
    /// Part of a name or UID.
    #[serde(default)]
    q: Option<String>,
}

/// The roster.
#[derive(Serialize, utoipa::ToSchema)]
pub struct RosterAnswer {
    /// In registration order.
    pub players: Vec<Registration>,
}

/// `GET /v1/events/{event}/players`: the roster with verdicts and states (organizer, judge).
pub async fn roster(req: HttpRequest, state: Data<AppState>) -> HttpResponse {
    answer(
        async {
            let access = authorize(
                &req,
                &state,
                &[Role::Organizer, Role::Judge],
                "read the roster",
            )
            .await?;
            let query: RosterQuery = query(&req)?;
            let mut players = store(&state).roster(&access.event_id).await?;
            if let Some(q) = query.q.as_deref().map(str::trim).filter(|q| !q.is_empty()) {
                let q = q.to_lowercase();
                players.retain(|p| {
                    p.player.to_lowercase().contains(&q) || p.uid.to_lowercase().contains(&q)
                });
            }
            Ok(HttpResponse::Ok().json(RosterAnswer { players }))
        }
        .await,
    )
}

/// `GET /v1/events/{event}/export`: the whole event as JSON (a backup).
pub async fn export(req: HttpRequest, state: Data<AppState>) -> HttpResponse {
    answer(
        async {
            query::<NoQuery>(&req)?;
            let access = authorize(&req, &state, &[Role::Organizer], "export the event").await?;
            let export = store(&state).export(&access.event_id).await?;
            Ok(HttpResponse::Ok().json(export))
        }
        .await,
    )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReviewQuery {
    a: String,
    b: String,
}

/// A pairing's two lists, as each player sees the other's.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ReviewAnswer {
    pub a: ShownList,
    pub b: ShownList,
}

/// `GET /v1/events/{event}/review?a=&b=`: two players' lists for open decklist review before
/// a top-cut match (CEG 5.10, TR 4.5.1).
pub async fn review(req: HttpRequest, state: Data<AppState>) -> HttpResponse {
    answer(
        async {
            let access = authorize(
                &req,
                &state,
                &[Role::Organizer, Role::Judge],
                "open a review",
            )
            .await?;
            let query: ReviewQuery = query(&req)?;
            let event = store(&state).event(&access.event_id).await?;
            let game = game_of_event(&state, &event.game)?;
            let [a, b] = store(&state)
                .review(game.as_ref(), &access.event_id, [&query.a, &query.b])
                .await?;
            Ok(HttpResponse::Ok().json(ReviewAnswer { a, b }))
        }
        .await,
    )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PublishBody {
    /// `"all"`, or the players' ids in finishing order.
    players: Value,
}

/// `POST /v1/events/{event}/publish`: after the event, all lists or the top N.
pub async fn publish(req: HttpRequest, payload: Payload, state: Data<AppState>) -> HttpResponse {
    answer(
        async {
            query::<NoQuery>(&req)?;
            let access = authorize(&req, &state, &[Role::Organizer], "publish lists").await?;
            let body: PublishBody = json_body(&req, &state, payload).await?;
            let which = match body.players {
                Value::String(s) if s.eq_ignore_ascii_case("all") => Publish::All,
                Value::Array(ids) => Publish::Top(
                    ids.into_iter()
                        .enumerate()
                        .map(|(i, v)| match v {
                            Value::String(s) => Ok(s),
                            _ => Err(ApiError::bad_value(
                                &format!("players[{i}]"),
                                "a player id (a string)",
                            )),
                        })
                        .collect::<Result<_, _>>()?,
                ),
                _ => {
                    return Err(ApiError::bad_value(
                        "players",
                        "give \"all\" or the players' ids in finishing order",
                    ));
                }
            };
            let event = store(&state).event(&access.event_id).await?;
            let game = game_of_event(&state, &event.game)?;
            let publication = store(&state)
                .publish(game.as_ref(), &access, which, now())
                .await?;
            crate::metrics::event_published();
            Ok(HttpResponse::Ok().json(publication))
        }
        .await,
    )
}

/// `GET /v1/events/{event}/published`: the published lists, for anyone; 404 before.
pub async fn published(req: HttpRequest, state: Data<AppState>) -> HttpResponse {
    answer(
        async {
            query::<NoQuery>(&req)?;
            let publication = store(&state).published(path(&req, "event"), now()).await?;
            Ok(HttpResponse::Ok().json(publication))
        }
        .await,
    )
}

// ---- judges ----

/// `GET /v1/events/{event}/players/{player}`: the registration, every version, every check.
pub async fn player(req: HttpRequest, state: Data<AppState>) -> HttpResponse {
    answer(
        async {
            query::<NoQuery>(&req)?;
            let access = authorize(
                &req,
                &state,
                &[Role::Organizer, Role::Judge],
                "read a player's list",
            )
            .await?;
            let record = store(&state)
                .player(&access.event_id, path(&req, "player"))
                .await?;
            Ok(HttpResponse::Ok().json(record))
        }
        .await,
    )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AmendBody {
    #[serde(default)]
    deck: Option<Value>,
    #[serde(default)]
    decks: Option<Vec<Value>>,
    #[serde(default)]
    input_format: Option<String>,
    #[serde(default)]
    pool: Option<Value>,
    reason: String,
}

/// `POST /v1/events/{event}/players/{player}/lists`: a judge's (or, before the lock, the
/// organizer's) change to a list, with the reason.
pub async fn amend(req: HttpRequest, payload: Payload, state: Data<AppState>) -> HttpResponse {
    answer(
        async {
            query::<NoQuery>(&req)?;
            let access = authorize(
                &req,
                &state,
                &[Role::Judge, Role::Organizer],
                "amend a list",
            )
            .await?;
            let body: AmendBody = json_body(&req, &state, payload).await?;
            let submission = ListFields {
                deck: body.deck,
                decks: body.decks,
                input_format: body.input_format,
                pool: body.pool,
            }
            .submission(true)?;
            let event = store(&state).event(&access.event_id).await?;
            let game = game_of_event(&state, &event.game)?;
            let submitted = store(&state)
                .amend(
                    game.as_ref(),
                    &access,
                    path(&req, "player"),
                    &submission,
                    &body.reason,
                    now(),
                )
                .await
                .map_err(judged)?;
            Ok(HttpResponse::Ok().json(submitted))
        }
        .await,
    )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ResolveBody {
    reason: String,
}

/// `POST /v1/events/{event}/players/{player}/resolve`: a judge accepts a pending list as it is.
pub async fn resolve(req: HttpRequest, payload: Payload, state: Data<AppState>) -> HttpResponse {
    answer(
        async {
            query::<NoQuery>(&req)?;
            let access = authorize(&req, &state, &[Role::Judge], "resolve a pending list").await?;
            let body: ResolveBody = json_body(&req, &state, payload).await?;
            let registration = store(&state)
                .resolve(&access, path(&req, "player"), &body.reason, now())
                .await?;
            Ok(HttpResponse::Ok().json(registration))
        }
        .await,
    )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckBody {
    presented: Value,
    #[serde(default, rename = "box")]
    deck_box: Option<Value>,
    /// A number, as JSON has them: `2.0` is the integer 2 (JSON Schema says so too).
    #[serde(default)]
    deck_index: Option<f64>,
    #[serde(default)]
    note: Option<String>,
}

/// The highest deck index a list can have (Trilogy: three decks).
const MAX_DECK_INDEX: f64 = (deckcheck_core::game::MAX_DECKS - 1) as f64;

/// `POST /v1/events/{event}/players/{player}/deck-checks`: the presented deck against the
/// registered list, stored with the judge and the time.
pub async fn deck_check(req: HttpRequest, payload: Payload, state: Data<AppState>) -> HttpResponse {
    answer(
        async {
            query::<NoQuery>(&req)?;
            let access = authorize(
                &req,
                &state,
                &[Role::Judge, Role::Organizer],
                "run a deck check",
            )
            .await?;
            let body: CheckBody = json_body(&req, &state, payload).await?;
            let deck_index = match body.deck_index {
                None => 0,
                Some(i) if i.fract() == 0.0 && (0.0..=MAX_DECK_INDEX).contains(&i) => i as usize,
                Some(_) => {
                    return Err(ApiError::bad_value(
                        "deck_index",
                        "deck_index is the number of a deck of the list, from 0",
                    ));
                }
            };
            let presented = deck_text("presented", body.presented)?;
            let deck_box = body.deck_box.map(|b| deck_text("box", b)).transpose()?;
            let event = store(&state).event(&access.event_id).await?;
            let game = game_of_event(&state, &event.game)?;
            let check = store(&state)
                .deck_check(
                    game.as_ref(),
                    &access,
                    path(&req, "player"),
                    &presented,
                    deck_box.as_deref(),
                    deck_index,
                    body.note.as_deref(),
                    now(),
                )
                .await
                .map_err(judged)?;
            crate::metrics::deck_checked();
            Ok(HttpResponse::Created().json(check))
        }
        .await,
    )
}

/// Every deck check and pick of an event.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ChecksAnswer {
    pub checks: Vec<DeckCheck>,
    pub picks: Vec<Pick>,
}

/// `GET /v1/events/{event}/deck-checks`: every check and pick so far.
pub async fn deck_checks(req: HttpRequest, state: Data<AppState>) -> HttpResponse {
    answer(
        async {
            query::<NoQuery>(&req)?;
            let access = authorize(
                &req,
                &state,
                &[Role::Judge, Role::Organizer],
                "read deck checks",
            )
            .await?;
            let checks = store(&state).deck_checks(&access.event_id).await?;
            let picks = store(&state).picks(&access.event_id).await?;
            Ok(HttpResponse::Ok().json(ChecksAnswer { checks, picks }))
        }
        .await,
    )
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct PickBody {
    #[serde(default)]
    share: Option<f64>,
    #[serde(default)]
    again: bool,
}

/// The players picked for deck checks.
#[derive(Serialize, utoipa::ToSchema)]
pub struct PickedAnswer {
    pub picked: Vec<Registration>,
}

/// `POST /v1/events/{event}/deck-checks/pick`: players picked at random for deck checks (CEG
/// 5.11: around 10% of decks), never one picked or checked before unless `again`.
pub async fn pick(req: HttpRequest, payload: Payload, state: Data<AppState>) -> HttpResponse {
    answer(
        async {
            query::<NoQuery>(&req)?;
            let access = authorize(
                &req,
                &state,
                &[Role::Judge, Role::Organizer],
                "pick players for deck checks",
            )
            .await?;
            let text =
                body::read(&req, &state, payload, state.settings.body_limit as usize).await?;
            let body: PickBody = if text.trim().is_empty() {
                PickBody::default()
            } else {
                from_object(&text).map_err(|e| ApiError::json(&e))?
            };
            let picked = store(&state)
                .pick(&access, body.share, body.again, now())
                .await?;
            Ok(HttpResponse::Ok().json(PickedAnswer { picked }))
        }
        .await,
    )
}

// ---- players ----

/// An unknown code costs the client a try of its own budget: guessing codes is slow.
fn unknown_code(state: &AppState, client: Client, e: StoreError) -> ApiError {
    if matches!(e, StoreError::NoEvent(_))
        && let Err(too_many) = state.limits.spend(Spend::UnknownCode, client)
    {
        return too_many;
    }
    e.into()
}

/// `GET /v1/events/code/{code}`: what a player sees before registering.
pub async fn by_code(req: HttpRequest, state: Data<AppState>) -> HttpResponse {
    let code = path(&req, "code").to_string();
    answer(
        async {
            query::<NoQuery>(&req)?;
            let client = state.limits.client(&req);
            state.limits.spend(Spend::Lookup, client)?;
            let event = store(&state)
                .event_by_code(&code)
                .await
                .map_err(|e| unknown_code(&state, client, e))?;
            Ok(HttpResponse::Ok().json(event.public(now())))
        }
        .await,
    )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RegisterBody {
    player: String,
    uid: String,
    #[serde(default)]
    deck: Option<Value>,
    #[serde(default)]
    decks: Option<Vec<Value>>,
    #[serde(default)]
    input_format: Option<String>,
    #[serde(default)]
    pool: Option<Value>,
}

/// A registration stored: the player's token (shown once) and the validate report.
#[derive(Serialize, utoipa::ToSchema)]
pub struct RegisteredAnswer {
    pub event: PublicEvent,
    pub player: Registration,
    /// The player's token: shown once; it edits only this registration.
    pub token: String,
    pub state: State,
    pub verdict: ListVerdict,
    pub version: i64,
    /// The validate answer (as `POST /v1/decks/validate` answers it).
    pub report: deckcheck_core::Validated,
    /// The player's page for this event.
    pub page: String,
}

/// `POST /v1/events/code/{code}/players`: a player registers; the answer is the validate
/// report. A list that is not legal is refused (422, every reason in `details.report`) or, by
/// the organizer's setting, stored as pending.
pub async fn register(req: HttpRequest, payload: Payload, state: Data<AppState>) -> HttpResponse {
    let code = path(&req, "code").to_string();
    answer(
        async {
            query::<NoQuery>(&req)?;
            let client = state.limits.client(&req);
            state.limits.spend(Spend::Registration, client)?;
            let event = store(&state)
                .event_by_code(&code)
                .await
                .map_err(|e| unknown_code(&state, client, e))?;
            let body: RegisterBody = json_body(&req, &state, payload).await?;
            let submission = ListFields {
                deck: body.deck,
                decks: body.decks,
                input_format: body.input_format,
                pool: body.pool,
            }
            .submission(false)?;
            let game = game_of_event(&state, &event.game)?;
            let submitted = store(&state)
                .register(
                    game.as_ref(),
                    &code,
                    &body.player,
                    &body.uid,
                    &submission,
                    now(),
                )
                .await
                .inspect(submitted)
                .inspect_err(refused)
                .map_err(judged)?;
            Ok(HttpResponse::Created().json(RegisteredAnswer {
                event: event.public(now()),
                player: submitted.player,
                token: submitted.token.unwrap_or_default(),
                state: submitted.state,
                verdict: submitted.verdict,
                version: submitted.version,
                report: submitted.report,
                page: format!("/events/register#event={}", event.id),
            }))
        }
        .await,
    )
}

/// A player's own registration, as they read it.
#[derive(Serialize, utoipa::ToSchema)]
pub struct MeAnswer {
    pub event: PublicEvent,
    pub player: Registration,
    /// Every version of the list, oldest first; the last is the registered list.
    pub versions: Vec<ListVersion>,
}

/// `GET /v1/events/{event}/me`: the player's own registration and its versions.
pub async fn me(req: HttpRequest, state: Data<AppState>) -> HttpResponse {
    answer(
        async {
            query::<NoQuery>(&req)?;
            let access = authorize(&req, &state, &[Role::Player], "read a registration").await?;
            let id = access.registration_id.as_deref().unwrap_or("");
            let record = store(&state).player(&access.event_id, id).await?;
            let event = store(&state).event(&access.event_id).await?;
            Ok(HttpResponse::Ok().json(MeAnswer {
                event: event.public(now()),
                player: record.registration,
                versions: record.versions,
            }))
        }
        .await,
    )
}

/// `POST /v1/events/{event}/me/lists`: the player's new list, until the lock (then 409).
pub async fn resubmit(req: HttpRequest, payload: Payload, state: Data<AppState>) -> HttpResponse {
    answer(
        async {
            query::<NoQuery>(&req)?;
            let access = authorize(&req, &state, &[Role::Player], "resubmit a list").await?;
            let body: ListFields = json_body(&req, &state, payload).await?;
            let submission = body.submission(false)?;
            let event = store(&state).event(&access.event_id).await?;
            let game = game_of_event(&state, &event.game)?;
            let submitted = store(&state)
                .resubmit(game.as_ref(), &access, &submission, now())
                .await
                .inspect(submitted)
                .inspect_err(refused)
                .map_err(judged)?;
            Ok(HttpResponse::Ok().json(submitted))
        }
        .await,
    )
}
