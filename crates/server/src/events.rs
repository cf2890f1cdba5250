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
use deckcheck_core::{AnyGame, ErrorCode, RequestError};
use deckcheck_store::{
    Access, DeckCheck, Event, Issued, ListVerdict, ListVersion, Op, Pick, PublicEvent, Publish,
    Registration, Role, ShownList, State, Store, StoreError, Submission, TokenInfo, Warning,
};
use jiff::Timestamp;
use serde::Serialize;
use serde_json::json;

use super::AppState;
use super::body;
use super::cards::{NoQuery, query};
use super::decks::{RawFields, raw_fields, read_all};
use super::error::{ApiError, ErrorAnswer};
use super::limits::{Client, Spend};
use crate::openapi::{JsonErrors, TokenErrors, say};
use crate::requests::{
    AmendRequest, Deck, DeckCheckRequest, EventChanges, JudgeRequest, ListInputFormat, ListRequest,
    NewEvent, PickRequest, Players, PublishRequest, RegisterRequest, ResolveRequest, ReviewQuery,
    RosterQuery,
};

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
pub(crate) async fn authorize(
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
pub(crate) fn answer(result: Result<HttpResponse, ApiError>) -> HttpResponse {
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

/// A JSON body's text (the route reads no other content type).
async fn json_text(
    req: &HttpRequest,
    state: &AppState,
    payload: Payload,
) -> Result<String, ApiError> {
    let text = body::read(req, state, payload, state.settings.body_limit as usize).await?;
    body::kind_of(req, &text, false)?;
    Ok(text)
}

/// A JSON body read into `T` (a `T` without decks).
async fn json_body<T: serde::de::DeserializeOwned>(
    req: &HttpRequest,
    state: &AppState,
    payload: Payload,
) -> Result<T, ApiError> {
    let text = json_text(req, state, payload).await?;
    read_all(&raw_fields(&text)?)
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

/// A deck in a body, as the store keeps it: a list, or a JSON deck's JSON text. An empty one
/// is `unreadable-deck`, as on the deck routes (issue 26).
fn deck_text(field: &str, deck: Deck<'_>) -> Result<String, ApiError> {
    let text = deck.input(field.to_string())?.text;
    if text.trim().trim_start_matches('\u{feff}').trim().is_empty() {
        return Err(RequestError::unreadable(field, &deckcheck_core::ImportError::Empty).into());
    }
    Ok(text)
}

/// Which list a body carries: `deck`, `decks`, or (`pool_alone`: amending) the pool alone.
enum ListShape {
    One,
    Several,
    Pool,
}

fn list_shape(fields: &RawFields<'_>, pool_alone: bool) -> Result<ListShape, ApiError> {
    let given = |k: &str| {
        fields
            .get(k)
            .is_some_and(|raw| super::decks::kind_of(raw) != "null")
    };
    match (given("deck"), given("decks")) {
        (true, true) => Err(ApiError::bad_value(
            "decks",
            "give either deck or decks, not both",
        )),
        (true, false) => Ok(ListShape::One),
        (false, true) => Ok(ListShape::Several),
        (false, false) if pool_alone && given("pool") => Ok(ListShape::Pool),
        (false, false) => Err(ApiError::missing("deck", "the deck list")),
    }
}

/// A list as the store takes it.
fn submission(
    decks: Vec<Deck<'_>>,
    input_format: Option<ListInputFormat>,
    pool: Option<Deck<'_>>,
) -> Result<Submission, ApiError> {
    crate::decks::at_most_decks(decks.len())?;
    let one = decks.len() == 1;
    Ok(Submission {
        decks: decks
            .into_iter()
            .enumerate()
            .map(|(i, d)| {
                let field = if one {
                    "deck".into()
                } else {
                    format!("decks[{i}]")
                };
                deck_text(&field, d)
            })
            .collect::<Result<_, _>>()?,
        input_format: input_format.map(|i| i.0),
        pool: pool.map(|p| deck_text("pool", p)).transpose()?,
    })
}

impl ListRequest<'_> {
    fn read<'a>(fields: &RawFields<'a>) -> Result<ListRequest<'a>, ApiError> {
        Ok(match list_shape(fields, false)? {
            ListShape::Several => ListRequest::Decks(read_all(fields)?),
            _ => ListRequest::Deck(read_all(fields)?),
        })
    }

    fn submission(self) -> Result<Submission, ApiError> {
        match self {
            Self::Deck(b) => submission(vec![b.deck], b.input_format, b.pool),
            Self::Decks(b) => submission(b.decks, b.input_format, b.pool),
        }
    }
}

impl AmendRequest<'_> {
    fn read<'a>(fields: &RawFields<'a>) -> Result<AmendRequest<'a>, ApiError> {
        Ok(match list_shape(fields, true)? {
            ListShape::One => AmendRequest::Deck(read_all(fields)?),
            ListShape::Several => AmendRequest::Decks(read_all(fields)?),
            ListShape::Pool => AmendRequest::Pool(read_all(fields)?),
        })
    }

    fn into_parts(self) -> Result<(crate::requests::Reason, Submission), ApiError> {
        Ok(match self {
            Self::Deck(b) => (b.reason, submission(vec![b.deck], b.input_format, b.pool)?),
            Self::Decks(b) => (b.reason, submission(b.decks, b.input_format, b.pool)?),
            Self::Pool(b) => (
                b.reason,
                submission(Vec::new(), b.input_format, Some(b.pool))?,
            ),
        })
    }
}

impl RegisterRequest<'_> {
    fn read<'a>(fields: &RawFields<'a>) -> Result<RegisterRequest<'a>, ApiError> {
        Ok(match list_shape(fields, false)? {
            ListShape::Several => RegisterRequest::Decks(read_all(fields)?),
            _ => RegisterRequest::Deck(read_all(fields)?),
        })
    }

    /// The player's name and UID, and their list.
    fn into_parts(self) -> Result<(String, String, Submission), ApiError> {
        Ok(match self {
            Self::Deck(b) => (
                b.player.0,
                b.uid.0,
                submission(vec![b.deck], b.input_format, b.pool)?,
            ),
            Self::Decks(b) => (
                b.player.0,
                b.uid.0,
                submission(b.decks, b.input_format, b.pool)?,
            ),
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
    /// What the organizer should look at: an event date more than a year from today
    /// (`date-far-from-today`, `field: date`). The event is created all the same.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<Warning>,
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
#[utoipa::path(
    post,
    path = "/v1/events",
    operation_id = "create_event",
    tag = "Events",
    summary = "Create an event (name, game, format, date; the rest defaulted); the organizer token is in the answer, once",
    request_body = NewEvent,
    responses(
        JsonErrors,
        (status = 201, description = "The event, its organizer token (shown once) and its pages.", body = CreatedAnswer),
        (status = 401, description = say::NO_CREATE_KEY, body = ErrorAnswer),
        (status = 409, description = "No free registration code was found: retry.", body = ErrorAnswer),
        (status = 422, description = say::LOCKS_AT_PAST, body = ErrorAnswer),
        (status = 429, description = say::TOO_MANY_EVENTS, body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn create(req: HttpRequest, payload: Payload, state: Data<AppState>) -> HttpResponse {
    answer(
        async {
            query::<NoQuery>(&req)?;
            state.limits.operator_key(bearer(&req))?;
            let new: NewEvent = json_body(&req, &state, payload).await?;
            // The game is a field of the body here, not a path: one it does not know is a 400.
            let game = game_of_event(&state, &new.game.0)?;
            // The options as every check of the event will read them, each value among those
            // the document lists for it: refused now, not at every registration.
            if let Some(options) = &new.options {
                game.check_options(&options.0).map_err(|mut e| {
                    e.field = Some(match e.field.take() {
                        Some(f) => format!("options.{f}"),
                        None => "options".into(),
                    });
                    e
                })?;
            }
            state.limits.spend_creation(&req)?;
            let created = store(&state)
                .create_event(game.as_ref(), new.into(), now())
                .await?;
            let pages = CreatedPages {
                register: format!("/events/register#code={}", created.event.registration_code),
                organizer: format!("/events/organizer#event={}", created.event.id),
            };
            Ok(HttpResponse::Created().json(CreatedAnswer {
                event: created.event,
                organizer_token: created.organizer_token,
                pages,
                warnings: created.warnings,
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
    pub players: u64,
    pub accepted: u64,
    pub pending: u64,
}

/// `GET /v1/events/{event}`: the event and its counts (organizer, judge).
#[utoipa::path(
    get,
    path = "/v1/events/{event}",
    operation_id = "event",
    tag = "Events",
    summary = "The event and its counts (organizer or judge token)",
    params(("event" = String, Path, description = say::PATH_EVENT)),
    security(("eventToken" = [])),
    extensions(("x-roles" = json!(["organizer", "judge"]))),
    responses(
        (status = 200, description = "The event and its counts.", body = EventAnswer),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
        TokenErrors,
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
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
            // Counted by the database: a 10,000-player event is not read to be counted.
            let counts = store(&state).counts(&access.event_id).await?;
            Ok(HttpResponse::Ok().json(EventAnswer {
                locked: event.is_locked(now()),
                event,
                role: access.role,
                you: access.label,
                players: counts.players,
                accepted: counts.accepted,
                pending: counts.pending,
            }))
        }
        .await,
    )
}

/// `POST /v1/events/{event}/settings`: name, deadline, illegal-list setting (before the lock).
#[utoipa::path(
    post,
    path = "/v1/events/{event}/settings",
    operation_id = "configure_event",
    tag = "Events",
    summary = "Change the event's name, deadline or illegal-list setting before the lock (organizer token)",
    params(("event" = String, Path, description = say::PATH_EVENT)),
    request_body = EventChanges,
    security(("eventToken" = [])),
    extensions(("x-roles" = json!(["organizer"]))),
    responses(
        JsonErrors,
        (status = 200, description = "The event as changed.", body = Event),
        TokenErrors,
        (status = 409, description = "The event is locked: its settings are frozen with its lists (`details.locked_since`).", body = ErrorAnswer),
        (status = 422, description = say::LOCKS_AT_PAST, body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn configure(req: HttpRequest, payload: Payload, state: Data<AppState>) -> HttpResponse {
    answer(
        async {
            query::<NoQuery>(&req)?;
            let access = authorize(&req, &state, &[Role::Organizer], "change the event").await?;
            let changes: EventChanges = json_body(&req, &state, payload).await?;
            let event = store(&state)
                .configure(&access, changes.into(), now())
                .await?;
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
#[utoipa::path(
    post,
    path = "/v1/events/{event}/lock",
    operation_id = "lock_event",
    tag = "Events",
    summary = "Freeze every list now (organizer token)",
    params(("event" = String, Path, description = say::PATH_EVENT)),
    security(("eventToken" = [])),
    extensions(("x-roles" = json!(["organizer"]))),
    responses(
        (status = 200, description = "The event, locked.", body = LockedAnswer),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
        TokenErrors,
        (status = 409, description = "The event's lists are published (`published`): they are final and the event cannot change.", body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
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

/// A judge's token, shown once.
#[derive(Serialize, utoipa::ToSchema)]
pub struct JudgeAnswer {
    /// The judge's name, as their actions are recorded.
    pub judge: String,
    pub token: String,
    /// What the organizer names the token by to revoke or reissue it (not secret).
    pub id: String,
    /// When it stops working (the event's day plus the operator's token lifetime).
    #[schema(value_type = String, format = DateTime)]
    pub expires_at: Timestamp,
    /// The judge's page for this event.
    pub page: String,
}

/// `POST /v1/events/{event}/judges`: a judge token, shown once.
#[utoipa::path(
    post,
    path = "/v1/events/{event}/judges",
    operation_id = "issue_judge_token",
    tag = "Events",
    summary = "Issue a judge token, shown once (organizer token)",
    params(("event" = String, Path, description = say::PATH_EVENT)),
    request_body = JudgeRequest,
    security(("eventToken" = [])),
    extensions(("x-roles" = json!(["organizer"]))),
    responses(
        JsonErrors,
        (status = 201, description = "The judge's token, shown once.", body = JudgeAnswer),
        TokenErrors,
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn judges(req: HttpRequest, payload: Payload, state: Data<AppState>) -> HttpResponse {
    answer(
        async {
            query::<NoQuery>(&req)?;
            let access = authorize(&req, &state, &[Role::Organizer], "issue judge tokens").await?;
            let body: JudgeRequest = json_body(&req, &state, payload).await?;
            let issued = store(&state)
                .issue_judge(&access, &body.name.0, now())
                .await?;
            Ok(HttpResponse::Created().json(JudgeAnswer {
                judge: issued.label,
                token: issued.token,
                id: issued.id,
                expires_at: issued.expires_at,
                page: format!("/events/judge#event={}", access.event_id),
            }))
        }
        .await,
    )
}

// ---- tokens (issue 27, item 6) ----

/// Checks the request's token for the event in the path and the roles the state machine
/// lets do `op` ([`Op::token_roles`]).
async fn authorize_for(req: &HttpRequest, state: &AppState, op: Op) -> Result<Access, ApiError> {
    authorize(req, state, op.token_roles(), op.describe()).await
}

/// A token just issued, shown once (only its hash is kept), and the page it opens.
#[derive(Serialize, utoipa::ToSchema)]
pub struct TokenAnswer {
    #[serde(flatten)]
    pub issued: Issued,
    /// The page the token opens for this event (the token goes in the page, never in its
    /// address).
    pub page: String,
}

impl TokenAnswer {
    /// The answer for a token of `event` just issued.
    fn new(event: &str, issued: Issued) -> Self {
        let page = match issued.role {
            Role::Organizer => "organizer",
            Role::Judge => "judge",
            Role::Player => "register",
        };
        Self {
            page: format!("/events/{page}#event={event}"),
            issued,
        }
    }
}

/// The event's tokens.
#[derive(Serialize, utoipa::ToSchema)]
pub struct TokensAnswer {
    /// Every token that opens the event, oldest first: ids, roles, names and times, never
    /// the tokens themselves.
    pub tokens: Vec<TokenInfo>,
}

/// `GET /v1/events/{event}/tokens`: every token of the event, never the tokens themselves.
#[utoipa::path(
    get,
    path = "/v1/events/{event}/tokens",
    operation_id = "event_tokens",
    tag = "Events",
    summary = "Every token that opens the event: ids, roles, names, when each expires; never the tokens (organizer token)",
    params(("event" = String, Path, description = say::PATH_EVENT)),
    security(("eventToken" = [])),
    extensions(("x-roles" = json!(["organizer"]))),
    responses(
        (status = 200, description = "The event's tokens.", body = TokensAnswer),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
        TokenErrors,
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn tokens(req: HttpRequest, state: Data<AppState>) -> HttpResponse {
    answer(
        async {
            query::<NoQuery>(&req)?;
            let access = authorize_for(&req, &state, Op::ManageTokens).await?;
            let tokens = store(&state).tokens(&access.event_id).await?;
            Ok(HttpResponse::Ok().json(TokensAnswer { tokens }))
        }
        .await,
    )
}

/// `POST /v1/events/{event}/tokens/{token}/revoke`: a judge's or a player's token opens
/// nothing any more.
#[utoipa::path(
    post,
    path = "/v1/events/{event}/tokens/{token}/revoke",
    operation_id = "revoke_token",
    tag = "Events",
    summary = "Revoke a judge's or a player's token: it opens nothing any more (organizer token)",
    params(("event" = String, Path, description = say::PATH_EVENT), ("token" = String, Path, description = say::PATH_TOKEN)),
    security(("eventToken" = [])),
    extensions(("x-roles" = json!(["organizer"]))),
    responses(
        (status = 204, description = "Revoked: a request with it is answered 401 from now on."),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
        TokenErrors,
        (status = 404, description = say::NO_TOKEN, body = ErrorAnswer),
        (status = 422, description = "The organizer's token is rotated, not revoked (`organizer-token`).", body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn revoke_token(req: HttpRequest, state: Data<AppState>) -> HttpResponse {
    answer(
        async {
            query::<NoQuery>(&req)?;
            let access = authorize_for(&req, &state, Op::ManageTokens).await?;
            store(&state)
                .revoke_token(&access, path(&req, "token"), now())
                .await?;
            Ok(HttpResponse::NoContent().finish())
        }
        .await,
    )
}

/// `POST /v1/events/{event}/tokens/{token}/reissue`: a judge's token replaced by a new one.
#[utoipa::path(
    post,
    path = "/v1/events/{event}/tokens/{token}/reissue",
    operation_id = "reissue_judge_token",
    tag = "Events",
    summary = "Replace a judge's token by a new one for the same judge, shown once; the old one stops working (organizer token)",
    params(("event" = String, Path, description = say::PATH_EVENT), ("token" = String, Path, description = say::PATH_TOKEN)),
    security(("eventToken" = [])),
    extensions(("x-roles" = json!(["organizer"]))),
    responses(
        (status = 201, description = "The judge's new token, shown once.", body = TokenAnswer),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
        TokenErrors,
        (status = 404, description = say::NO_TOKEN, body = ErrorAnswer),
        (status = 422, description = "Not a judge's token (`not-a-judge-token`: a player's is reissued by their registration; `organizer-token`: the organizer's is rotated).", body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn reissue_judge_token(req: HttpRequest, state: Data<AppState>) -> HttpResponse {
    answer(
        async {
            query::<NoQuery>(&req)?;
            let access = authorize_for(&req, &state, Op::ManageTokens).await?;
            let issued = store(&state)
                .reissue_judge_token(&access, path(&req, "token"), now())
                .await?;
            Ok(HttpResponse::Created().json(TokenAnswer::new(&access.event_id, issued)))
        }
        .await,
    )
}

/// `POST /v1/events/{event}/players/{player}/token`: a player's new token, how a player who
/// lost theirs (or whose registration's answer was lost) gets back to their list.
#[utoipa::path(
    post,
    path = "/v1/events/{event}/players/{player}/token",
    operation_id = "reissue_player_token",
    tag = "Events",
    summary = "A player's new token, shown once, for a player who lost theirs; every earlier one stops working (organizer token)",
    params(("event" = String, Path, description = say::PATH_EVENT), ("player" = String, Path, description = say::PATH_PLAYER)),
    security(("eventToken" = [])),
    extensions(("x-roles" = json!(["organizer"]))),
    responses(
        (status = 201, description = "The player's new token, shown once.", body = TokenAnswer),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
        TokenErrors,
        (status = 404, description = say::NO_PLAYER, body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn reissue_player_token(req: HttpRequest, state: Data<AppState>) -> HttpResponse {
    answer(
        async {
            query::<NoQuery>(&req)?;
            let access = authorize_for(&req, &state, Op::ManageTokens).await?;
            let issued = store(&state)
                .reissue_player_token(&access, path(&req, "player"), now())
                .await?;
            Ok(HttpResponse::Created().json(TokenAnswer::new(&access.event_id, issued)))
        }
        .await,
    )
}

/// `POST /v1/events/{event}/organizer-token`: the organizer's token replaced by a new one.
#[utoipa::path(
    post,
    path = "/v1/events/{event}/organizer-token",
    operation_id = "rotate_organizer_token",
    tag = "Events",
    summary = "Rotate the organizer's token: a new one, shown once; the one presented and every earlier one stop working (organizer token)",
    params(("event" = String, Path, description = say::PATH_EVENT)),
    security(("eventToken" = [])),
    extensions(("x-roles" = json!(["organizer"]))),
    responses(
        (status = 201, description = "The organizer's new token, shown once.", body = TokenAnswer),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
        TokenErrors,
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn rotate_organizer_token(req: HttpRequest, state: Data<AppState>) -> HttpResponse {
    answer(
        async {
            query::<NoQuery>(&req)?;
            let access = authorize_for(&req, &state, Op::RotateOrganizer).await?;
            let issued = store(&state).rotate_organizer_token(&access, now()).await?;
            Ok(HttpResponse::Created().json(TokenAnswer::new(&access.event_id, issued)))
        }
        .await,
    )
}

/// `POST /v1/admin/events/{event}/organizer-token`: the operator gives an event whose
/// organizer lost their token a new one.
#[utoipa::path(
    post,
    path = "/v1/admin/events/{event}/organizer-token",
    operation_id = "recover_organizer",
    tag = "Service",
    summary = "Recover an event's organizer access: a new organizer token, shown once; every earlier one stops working (admin bearer token)",
    params(("event" = String, Path, description = say::PATH_EVENT)),
    security(("admin" = [])),
    responses(
        (status = 201, description = "The organizer's new token, shown once.", body = TokenAnswer),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
        (status = 401, description = "No admin token, or another one.", body = ErrorAnswer),
        (status = 404, description = "No such event; or no admin token is set (DECKCHECK_ADMIN_TOKEN): the route does not exist.", body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn recover_organizer(req: HttpRequest, state: Data<AppState>) -> HttpResponse {
    if let Err(e) = query::<NoQuery>(&req) {
        return answer(Err(e));
    }
    if let Some(refused) = crate::admin::refuse_unless_admin(&req, &state) {
        return refused;
    }
    answer(
        async {
            let event = path(&req, "event");
            let issued = store(&state).recover_organizer(event, now()).await?;
            tracing::warn!(
                event,
                token = issued.id.as_str(),
                "the operator recovered an event's organizer access: every earlier organizer token stopped working"
            );
            Ok(HttpResponse::Created().json(TokenAnswer::new(event, issued)))
        }
        .await,
    )
}

// ---- deleting ----

/// `POST /v1/events/{event}/delete`: the event and all its data are gone.
#[utoipa::path(
    post,
    path = "/v1/events/{event}/delete",
    operation_id = "delete_event",
    tag = "Events",
    summary = "Delete the event and all its data: registrations, every version, checks, tokens, the published lists (organizer token)",
    params(("event" = String, Path, description = say::PATH_EVENT)),
    security(("eventToken" = [])),
    extensions(("x-roles" = json!(["organizer"]))),
    responses(
        (status = 204, description = "Deleted: the event's routes answer 404 and its tokens 401 from now on."),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
        TokenErrors,
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn delete(req: HttpRequest, state: Data<AppState>) -> HttpResponse {
    answer(
        async {
            query::<NoQuery>(&req)?;
            let access = authorize_for(&req, &state, Op::Delete).await?;
            store(&state).delete_event(&access, now()).await?;
            tracing::info!(
                event = access.event_id.as_str(),
                "an organizer deleted their event"
            );
            Ok(HttpResponse::NoContent().finish())
        }
        .await,
    )
}

/// The roster.
#[derive(Serialize, utoipa::ToSchema)]
pub struct RosterAnswer {
    /// In registration order.
    pub players: Vec<Registration>,
}

/// `GET /v1/events/{event}/players`: the roster with verdicts and states (organizer, judge).
#[utoipa::path(
    get,
    path = "/v1/events/{event}/players",
    operation_id = "roster",
    tag = "Events",
    summary = "Players with their verdicts and states; ?q= filters by name or UID (organizer or judge token)",
    params(("event" = String, Path, description = say::PATH_EVENT), RosterQuery),
    security(("eventToken" = [])),
    extensions(("x-roles" = json!(["organizer", "judge"]))),
    responses(
        (status = 200, description = "The roster.", body = RosterAnswer),
        (status = 400, description = "A query parameter the route does not read.", body = ErrorAnswer),
        TokenErrors,
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
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
#[utoipa::path(
    get,
    path = "/v1/events/{event}/export",
    operation_id = "export_event",
    tag = "Events",
    summary = "The whole event as JSON, for backups (organizer token)",
    params(("event" = String, Path, description = say::PATH_EVENT)),
    security(("eventToken" = [])),
    extensions(("x-roles" = json!(["organizer"]))),
    responses(
        (status = 200, description = "The whole event.", body = deckcheck_store::EventExport),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
        TokenErrors,
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
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

/// A pairing's two lists, as each player sees the other's.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ReviewAnswer {
    pub a: ShownList,
    pub b: ShownList,
}

/// `GET /v1/events/{event}/review?a=&b=`: two players' lists for open decklist review before
/// a top-cut match (CEG 5.10, TR 4.5.1).
#[utoipa::path(
    get,
    path = "/v1/events/{event}/review",
    operation_id = "review_pairing",
    tag = "Events",
    summary = "Two players' lists for open decklist review, ?a=ID&b=ID (CEG 5.10; organizer or judge token)",
    params(("event" = String, Path, description = say::PATH_EVENT), ReviewQuery),
    security(("eventToken" = [])),
    extensions(("x-roles" = json!(["organizer", "judge"]))),
    responses(
        (status = 200, description = "Each player's list as the other sees it.", body = ReviewAnswer),
        (status = 400, description = "A query parameter the route does not read, or `a`/`b` missing.", body = ErrorAnswer),
        TokenErrors,
        (status = 404, description = say::NO_PLAYER, body = ErrorAnswer),
        (status = 422, description = "`a` and `b` are the same player.", body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
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

/// `POST /v1/events/{event}/publish`: after the event, all lists or the top N.
#[utoipa::path(
    post,
    path = "/v1/events/{event}/publish",
    operation_id = "publish_lists",
    tag = "Events",
    summary = "Publish all lists or the top N after the lock, {\"players\": \"all\" | [ids]} (CEG 10.2; organizer token)",
    params(("event" = String, Path, description = say::PATH_EVENT)),
    request_body = PublishRequest,
    security(("eventToken" = [])),
    extensions(("x-roles" = json!(["organizer"]))),
    responses(
        JsonErrors,
        (status = 200, description = "The published lists.", body = deckcheck_store::Publication),
        TokenErrors,
        (status = 409, description = "The event is not locked: lists are published after it.", body = ErrorAnswer),
        (status = 422, description = "A player named is not of this event (`error.field`: `players[i]`).", body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn publish(req: HttpRequest, payload: Payload, state: Data<AppState>) -> HttpResponse {
    answer(
        async {
            query::<NoQuery>(&req)?;
            let access = authorize(&req, &state, &[Role::Organizer], "publish lists").await?;
            let body: PublishRequest = json_body(&req, &state, payload).await?;
            let which = match body.players {
                Players::All(s) if s.0.eq_ignore_ascii_case("all") => Publish::All,
                Players::Top(ids) => Publish::Top(ids.0),
                Players::All(_) => {
                    return Err(ApiError::bad_value(
                        "players",
                        "give \"all\" or the players' ids in finishing order",
                    ));
                }
            };
            let event = store(&state).event(&access.event_id).await?;
            let game = game_of_event(&state, &event.game)?;
            let publication = store(&state).publish(game, &access, which, now()).await?;
            crate::metrics::event_published();
            Ok(HttpResponse::Ok().json(publication))
        }
        .await,
    )
}

/// Which page of the published lists.
#[derive(Debug, Default, serde::Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct PublishedQuery {
    /// Lists to skip, from the first (default 0; at most 20,000, the most players an event
    /// takes).
    #[param(minimum = 0, maximum = 20000)]
    pub offset: Option<u64>,
    /// Lists in the page (default 100, at most 1000).
    #[param(minimum = 1, maximum = 1000)]
    pub limit: Option<u64>,
}

/// The entity tag of a published snapshot, as the header carries it.
fn entity_tag(etag: &str) -> actix_web::http::header::EntityTag {
    actix_web::http::header::EntityTag::new_strong(etag.trim_matches('"').to_string())
}

/// `GET /v1/events/{event}/published`: a page of the published lists, for anyone; 404 before.
/// The snapshot made at publishing never changes: its entity tag answers `If-None-Match`
/// with a 304 after one row is read.
#[utoipa::path(
    get,
    path = "/v1/events/{event}/published",
    operation_id = "published_lists",
    tag = "Events",
    summary = "A page of the published lists, as SWUDB JSON and text with each deck's fingerprint: the snapshot made at publishing, with its time and entity tag (no token; 404 before publishing)",
    params(
        ("event" = String, Path, description = say::PATH_EVENT),
        PublishedQuery,
        ("If-None-Match" = Option<String>, Header, description = "The entity tag of a copy the client holds (`ETag` of an earlier answer): the same snapshot is answered 304, with no body."),
    ),
    responses(
        (status = 200, description = "A page of the published lists (`total` of them in all, from `offset`).", body = deckcheck_store::PublishedPage,
            headers(
                ("ETag" = String, description = "The snapshot's entity tag: it never changes."),
                ("Cache-Control" = String, description = "`public, no-cache`: keep it, and ask again with `If-None-Match`."),
            )),
        (status = 304, description = "The snapshot is the one `If-None-Match` names: nothing changed.",
            headers(("ETag" = String, description = "The snapshot's entity tag."))),
        (status = 400, description = "A query parameter the route does not read, or `offset`/`limit` outside its bounds.", body = ErrorAnswer),
        (status = 404, description = "No such event, or its lists are not published (the same answer).", body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn published(req: HttpRequest, state: Data<AppState>) -> HttpResponse {
    use actix_web::HttpMessage;
    use actix_web::http::header::{CacheControl, CacheDirective, ETag, IfNoneMatch};
    answer(
        async {
            let query: PublishedQuery = query(&req)?;
            let event = path(&req, "event");
            // RFC 9110 13.1.2: weak comparison; `*` matches the snapshot if there is one.
            if let Some(asked) = req.get_header::<IfNoneMatch>() {
                let ours = entity_tag(&store(&state).published_etag(event).await?);
                let unchanged = match asked {
                    IfNoneMatch::Any => true,
                    IfNoneMatch::Items(tags) => tags.iter().any(|t| t.weak_eq(&ours)),
                };
                if unchanged {
                    return Ok(HttpResponse::NotModified()
                        .insert_header(ETag(ours))
                        .finish());
                }
            }
            let page = store(&state)
                .published_page(event, query.offset.unwrap_or(0), query.limit, now())
                .await?;
            Ok(HttpResponse::Ok()
                .insert_header(ETag(entity_tag(&page.etag)))
                .insert_header(CacheControl(vec![
                    CacheDirective::Public,
                    CacheDirective::NoCache,
                ]))
                .json(page))
        }
        .await,
    )
}

// ---- judges ----

/// `GET /v1/events/{event}/players/{player}`: the registration, every version, every check.
#[utoipa::path(
    get,
    path = "/v1/events/{event}/players/{player}",
    operation_id = "event_player",
    tag = "Events",
    summary = "A player's registration, every version of the list and every deck check (organizer or judge token)",
    params(("event" = String, Path, description = say::PATH_EVENT), ("player" = String, Path, description = say::PATH_PLAYER)),
    security(("eventToken" = [])),
    extensions(("x-roles" = json!(["organizer", "judge"]))),
    responses(
        (status = 200, description = "The player's registration, versions and deck checks.", body = deckcheck_store::PlayerRecord),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
        TokenErrors,
        (status = 404, description = say::NO_PLAYER, body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
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

/// `POST /v1/events/{event}/players/{player}/lists`: a judge's (or, before the lock, the
/// organizer's) change to a list, with the reason.
#[utoipa::path(
    post,
    path = "/v1/events/{event}/players/{player}/lists",
    operation_id = "amend_list",
    tag = "Events",
    summary = "Amend a player's list with a reason kept in its history: judges, and the organizer before the lock",
    params(("event" = String, Path, description = say::PATH_EVENT), ("player" = String, Path, description = say::PATH_PLAYER)),
    request_body = AmendRequest,
    security(("eventToken" = [])),
    extensions(("x-roles" = json!(["judge", "organizer"]))),
    responses(
        JsonErrors,
        (status = 200, description = "The list as stored, with its verdict.", body = deckcheck_store::Submitted),
        (status = 401, description = say::UNAUTHORIZED, body = ErrorAnswer),
        (status = 403, description = say::FORBIDDEN_AMEND, body = ErrorAnswer),
        (status = 404, description = say::NO_PLAYER, body = ErrorAnswer),
        (status = 422, description = say::LIST_UNANSWERABLE, body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
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
            let text = json_text(&req, &state, payload).await?;
            let fields = raw_fields(&text)?;
            let (reason, submission) = AmendRequest::read(&fields)?.into_parts()?;
            let event = store(&state).event(&access.event_id).await?;
            let game = game_of_event(&state, &event.game)?;
            let submitted = store(&state)
                .amend(
                    game.as_ref(),
                    &access,
                    path(&req, "player"),
                    &submission,
                    &reason.0,
                    now(),
                )
                .await
                .map_err(judged)?;
            Ok(HttpResponse::Ok().json(submitted))
        }
        .await,
    )
}

/// `POST /v1/events/{event}/players/{player}/resolve`: a judge accepts a pending list as it is.
#[utoipa::path(
    post,
    path = "/v1/events/{event}/players/{player}/resolve",
    operation_id = "resolve_list",
    tag = "Events",
    summary = "Accept a pending list as it is, with a reason (judge token)",
    params(("event" = String, Path, description = say::PATH_EVENT), ("player" = String, Path, description = say::PATH_PLAYER)),
    request_body = ResolveRequest,
    security(("eventToken" = [])),
    extensions(("x-roles" = json!(["judge"]))),
    responses(
        JsonErrors,
        (status = 200, description = "The registration, accepted.", body = Registration),
        TokenErrors,
        (status = 404, description = say::NO_PLAYER, body = ErrorAnswer),
        (status = 409, description = "The player's list is not pending.", body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn resolve(req: HttpRequest, payload: Payload, state: Data<AppState>) -> HttpResponse {
    answer(
        async {
            query::<NoQuery>(&req)?;
            let access = authorize(&req, &state, &[Role::Judge], "resolve a pending list").await?;
            let body: ResolveRequest = json_body(&req, &state, payload).await?;
            let registration = store(&state)
                .resolve(&access, path(&req, "player"), &body.reason.0, now())
                .await?;
            Ok(HttpResponse::Ok().json(registration))
        }
        .await,
    )
}

/// The highest deck index a list can have (Trilogy: three decks).
const MAX_DECK_INDEX: f64 = (deckcheck_core::game::MAX_DECKS - 1) as f64;

/// `POST /v1/events/{event}/players/{player}/deck-checks`: the presented deck against the
/// registered list, stored with the judge and the time.
#[utoipa::path(
    post,
    path = "/v1/events/{event}/players/{player}/deck-checks",
    operation_id = "deck_check",
    tag = "Events",
    summary = "Deck check: the presented deck against the registered list, stored with the judge and time",
    params(("event" = String, Path, description = say::PATH_EVENT), ("player" = String, Path, description = say::PATH_PLAYER)),
    request_body = DeckCheckRequest,
    security(("eventToken" = [])),
    extensions(("x-roles" = json!(["judge", "organizer"]))),
    responses(
        JsonErrors,
        (status = 201, description = "The deck check, stored.", body = DeckCheck),
        TokenErrors,
        (status = 404, description = say::NO_PLAYER, body = ErrorAnswer),
        (status = 422, description = "The presented deck (or the box) cannot be read by the event's game, or `deck_index` names a deck the registered list does not have.", body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
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
            let text = json_text(&req, &state, payload).await?;
            let body: DeckCheckRequest = read_all(&raw_fields(&text)?)?;
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
#[utoipa::path(
    get,
    path = "/v1/events/{event}/deck-checks",
    operation_id = "deck_checks",
    tag = "Events",
    summary = "Every deck check and pick of the event (organizer or judge token)",
    params(("event" = String, Path, description = say::PATH_EVENT)),
    security(("eventToken" = [])),
    extensions(("x-roles" = json!(["judge", "organizer"]))),
    responses(
        (status = 200, description = "Every deck check and pick.", body = ChecksAnswer),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
        TokenErrors,
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
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

/// The players picked for deck checks.
#[derive(Serialize, utoipa::ToSchema)]
pub struct PickedAnswer {
    pub picked: Vec<Registration>,
}

/// `POST /v1/events/{event}/deck-checks/pick`: players picked at random for deck checks (CEG
/// 5.11: around 10% of decks), never one picked or checked before unless `again`.
#[utoipa::path(
    post,
    path = "/v1/events/{event}/deck-checks/pick",
    operation_id = "pick_deck_checks",
    tag = "Events",
    summary = "Pick about 10% of players at random for deck checks, never twice unless asked (CEG 5.11)",
    params(("event" = String, Path, description = say::PATH_EVENT)),
    request_body(content = Option<PickRequest>, description = "Optional: without a body, the defaults."),
    security(("eventToken" = [])),
    extensions(("x-roles" = json!(["judge", "organizer"]))),
    responses(
        (status = 200, description = "The players picked.", body = PickedAnswer),
        (status = 400, description = say::BAD_REQUEST, body = ErrorAnswer),
        TokenErrors,
        (status = 408, description = say::BODY_TIMEOUT, body = ErrorAnswer),
        (status = 413, description = say::TOO_LARGE, body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
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
            // No body, or `null`, is the defaults.
            let body: PickRequest = if matches!(text.trim(), "" | "null") {
                PickRequest::default()
            } else {
                read_all(&raw_fields(&text)?)?
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
#[utoipa::path(
    get,
    path = "/v1/events/code/{code}",
    operation_id = "event_by_code",
    tag = "Events",
    summary = "The event a registration code names (rate-limited)",
    params(("code" = String, Path, description = say::PATH_CODE)),
    responses(
        (status = 200, description = "The event, as a player sees it.", body = PublicEvent),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
        (status = 404, description = "No event has this code.", body = ErrorAnswer),
        (status = 429, description = say::TOO_MANY_LOOKUPS, body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
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
    /// Each deck's fingerprint (`docs/fingerprint.md`): what the player, an opponent and a
    /// judge compare; `null` for a deck whose entries are not all cards.
    #[schema(value_type = Vec<Option<String>>, example = json!(["64VBV1V1HF"]))]
    pub fingerprints: Vec<Option<String>>,
    /// The validate answer (as `POST /v1/decks/validate` answers it).
    pub report: deckcheck_core::Validated,
    /// The player's page for this event.
    pub page: String,
}

/// `POST /v1/events/code/{code}/players`: a player registers; the answer is the validate
/// report. A list that is not legal is refused (422, every reason in `details.report`) or, by
/// the organizer's setting, stored as pending.
#[utoipa::path(
    post,
    path = "/v1/events/code/{code}/players",
    operation_id = "register",
    tag = "Events",
    summary = "Register with the event's code: the answer is the validate report; a list that is not legal is refused (422) or pending",
    params(("code" = String, Path, description = say::PATH_CODE)),
    request_body = RegisterRequest,
    responses(
        JsonErrors,
        (status = 201, description = "The registration, the player's token (shown once) and the report.", body = RegisteredAnswer),
        (status = 403, description = say::LINK_HOST, body = ErrorAnswer),
        (status = 404, description = "No event has this code, or a deck given as a link names a deck the site does not show (`link-deck-not-found`).", body = ErrorAnswer),
        (status = 409, description = "The event is locked (`details.locked_since`), this UID is registered already (`field: uid`), or the event is full.", body = ErrorAnswer),
        (status = 422, description = say::LIST_REFUSED, body = ErrorAnswer),
        (status = 429, description = say::TOO_MANY_REGISTRATIONS, body = ErrorAnswer),
        (status = 502, description = say::LINK_UPSTREAM, body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
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
            let text = json_text(&req, &state, payload).await?;
            let fields = raw_fields(&text)?;
            let (player, uid, mut submission) = RegisterRequest::read(&fields)?.into_parts()?;
            let game = game_of_event(&state, &event.game)?;
            let links =
                crate::linked::fetch_submission(&state.links, &event.game, &mut submission).await?;
            let submitted = store(&state)
                .register(game.as_ref(), &code, &player, &uid, &submission, now())
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
                fingerprints: submitted.fingerprints,
                report: deckcheck_core::Validated {
                    links,
                    ..submitted.report
                },
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
#[utoipa::path(
    get,
    path = "/v1/events/{event}/me",
    operation_id = "my_registration",
    tag = "Events",
    summary = "The player's own registration and its versions (player token)",
    params(("event" = String, Path, description = say::PATH_EVENT)),
    security(("eventToken" = [])),
    extensions(("x-roles" = json!(["player"]))),
    responses(
        (status = 200, description = "The player's registration and every version of the list.", body = MeAnswer),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
        TokenErrors,
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
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
#[utoipa::path(
    post,
    path = "/v1/events/{event}/me/lists",
    operation_id = "resubmit_list",
    tag = "Events",
    summary = "A new list until the lock; 409 after (player token)",
    params(("event" = String, Path, description = say::PATH_EVENT)),
    request_body = ListRequest,
    security(("eventToken" = [])),
    extensions(("x-roles" = json!(["player"]))),
    responses(
        JsonErrors,
        (status = 200, description = "The list as stored, with its verdict.", body = deckcheck_store::Submitted),
        TokenErrors,
        (status = 404, description = say::LINK_NOT_FOUND, body = ErrorAnswer),
        (status = 409, description = "The event is locked (`details.locked_since`): only a judge may amend a list now.", body = ErrorAnswer),
        (status = 422, description = say::LIST_REFUSED, body = ErrorAnswer),
        (status = 502, description = say::LINK_UPSTREAM, body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn resubmit(req: HttpRequest, payload: Payload, state: Data<AppState>) -> HttpResponse {
    answer(
        async {
            query::<NoQuery>(&req)?;
            let access = authorize(&req, &state, &[Role::Player], "resubmit a list").await?;
            let text = json_text(&req, &state, payload).await?;
            let fields = raw_fields(&text)?;
            let mut submission = ListRequest::read(&fields)?.submission()?;
            let event = store(&state).event(&access.event_id).await?;
            let game = game_of_event(&state, &event.game)?;
            let links =
                crate::linked::fetch_submission(&state.links, &event.game, &mut submission).await?;
            let mut submitted = store(&state)
                .resubmit(game.as_ref(), &access, &submission, now())
                .await
                .inspect(submitted)
                .inspect_err(refused)
                .map_err(judged)?;
            submitted.report.links = links;
            Ok(HttpResponse::Ok().json(submitted))
        }
        .await,
    )
}
