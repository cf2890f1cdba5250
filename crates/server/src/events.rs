//! The event routes (`/v1/events/...`): an organizer creates an event and gets its token once;
//! players register with the event's code and get a token that edits only their own list;
//! the organizer locks, issues judge tokens, reviews pairings, exports and publishes; judges
//! find players, read their list and history, amend with a reason, deck-check and pick.
//!
//! Every route but creation, the code routes and the published lists takes
//! `Authorization: Bearer <token>`, checked against the event in the path for the operation
//! the route does ([`Authorized`]: the lifecycle table says which roles may): a missing token,
//! an unknown one or one of another event is a 401 alike; a token of the event whose role may
//! not do it is a 403. Creating events, looking codes up and guessing codes are limited per
//! client ([`crate::limits`]), a 429 past it; registering with a valid code is bounded by the
//! event (the store); every 429 and every 503 of the store carries `Retry-After`. The write
//! routes a client may retry take an `Idempotency-Key` ([`crate::idempotency`]).

use std::sync::Arc;

use actix_web::web::Data;
use actix_web::{HttpMessage, HttpRequest, HttpResponse};
use deckcheck_core::json::{Kind, RawFields};
use deckcheck_core::{AnyGame, RequestError};
use deckcheck_store::{
    Access, DeckCheck, Event, Issued, ListVerdict, ListVersion, Pick, PublicEvent, Publish,
    Registration, Role, ShownList, State, StoreError, Submission, Submitted, TokenInfo, Warning,
};
use futures_util::FutureExt;
use jiff::Timestamp;
use serde::Serialize;

use crate::error::Error;
use crate::extract::{
    Admin, Authorized, Body, Caller, NoParams, Params, bearer, op, path, read_body,
};
use crate::idempotency::Idempotency;
use crate::limits::{Client, Limits, Spend};
use crate::requests::{
    AmendRequest, CorrectRequest, Deck, DeckCheckRequest, EventChanges, JudgeRequest,
    ListInputFormat, ListRequest, NewEvent, PickRequest, Players, PublishRequest, ReasonRequest,
    RegisterRequest, ResolveRequest, ReviewQuery, RosterQuery,
};
use crate::responses::{ErrorAnswer, JsonErrors, TokenErrors, say};
use crate::state::AppState;

fn now() -> Timestamp {
    Timestamp::now()
}

/// The game of the event an access opens.
async fn event_game(state: &AppState, access: &Access) -> Result<Arc<dyn AnyGame>, Error> {
    let event = state.store.event(access).await?;
    Ok(state.game(Some(&event.game))?)
}

/// Counts a list stored for an event (the metrics), by the state it was stored in.
fn submitted(list: &deckcheck_store::Submitted) {
    crate::metrics::registration(match list.state {
        _ if list.unchanged => crate::metrics::Registration::Unchanged,
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

/// A deck in a body, as the store keeps it: a list, or a JSON deck's JSON text. An empty one
/// is `unreadable-deck`, as on the deck routes (issue 26).
fn deck_text(field: &str, deck: Deck<'_>) -> Result<String, RequestError> {
    let text = deck.input(field.to_string())?.text;
    if text.trim().trim_start_matches('\u{feff}').trim().is_empty() {
        return Err(RequestError::unreadable(
            field,
            &deckcheck_core::ImportError::Empty,
        ));
    }
    Ok(text)
}

/// Which list a body carries: `deck`, `decks`, or (`pool_alone`: amending) the pool alone.
enum ListShape {
    One,
    Several,
    Pool,
}

fn list_shape(fields: &RawFields<'_>, pool_alone: bool) -> Result<ListShape, RequestError> {
    let given = |k: &str| {
        fields
            .get(k)
            .is_some_and(|raw| Kind::of(raw.get()) != Kind::Null)
    };
    match (given("deck"), given("decks")) {
        (true, true) => Err(RequestError::bad_value(
            "decks",
            "give either deck or decks, not both",
        )),
        (true, false) => Ok(ListShape::One),
        (false, true) => Ok(ListShape::Several),
        (false, false) if pool_alone && given("pool") => Ok(ListShape::Pool),
        (false, false) => Err(RequestError::missing("deck", "the deck list")),
    }
}

/// A list as the store takes it.
fn submission(
    decks: Vec<Deck<'_>>,
    input_format: Option<ListInputFormat>,
    pool: Option<Deck<'_>>,
) -> Result<Submission, RequestError> {
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
    fn read<'a>(fields: &RawFields<'a>) -> Result<ListRequest<'a>, RequestError> {
        Ok(match list_shape(fields, false)? {
            ListShape::Several => ListRequest::Decks(read_body(fields)?),
            _ => ListRequest::Deck(read_body(fields)?),
        })
    }

    fn submission(self) -> Result<Submission, RequestError> {
        match self {
            Self::Deck(b) => submission(vec![b.deck], b.input_format, b.pool),
            Self::Decks(b) => submission(b.decks, b.input_format, b.pool),
        }
    }
}

impl AmendRequest<'_> {
    fn read<'a>(fields: &RawFields<'a>) -> Result<AmendRequest<'a>, RequestError> {
        Ok(match list_shape(fields, true)? {
            ListShape::One => AmendRequest::Deck(read_body(fields)?),
            ListShape::Several => AmendRequest::Decks(read_body(fields)?),
            ListShape::Pool => AmendRequest::Pool(read_body(fields)?),
        })
    }

    fn into_parts(self) -> Result<(crate::requests::Reason, Submission), RequestError> {
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
    fn read<'a>(fields: &RawFields<'a>) -> Result<RegisterRequest<'a>, RequestError> {
        Ok(match list_shape(fields, false)? {
            ListShape::Several => RegisterRequest::Decks(read_body(fields)?),
            _ => RegisterRequest::Deck(read_body(fields)?),
        })
    }

    /// The player's name and UID, and their list.
    fn into_parts(self) -> Result<(String, String, Submission), RequestError> {
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
        (status = 422, description = "`locks_at` is not in the future (`locks-at-past`, on the database's clock), or the `Idempotency-Key` was sent with another request (`idempotency-key-reused`).", body = ErrorAnswer),
        (status = 429, description = say::TOO_MANY_EVENTS, body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
    params(("Idempotency-Key" = Option<String>, Header, description = crate::idempotency::DESCRIBE, min_length = 1, max_length = 255, pattern = "^[!-~]+$")),
)]
pub async fn create(
    _: NoParams,
    req: HttpRequest,
    Caller(client): Caller,
    body: Body,
    state: Data<AppState>,
    limits: Data<Limits>,
    idem: Idempotency,
) -> Result<HttpResponse, Error> {
    let creator = limits.creator(&state.store, bearer(&req), client).await?;
    let idem = match idem.replay(&body.text).await? {
        Ok(idem) => idem,
        Err(replayed) => return Ok(replayed),
    };
    let new: NewEvent = body.read()?;
    // The game is a field of the body here, not a path: one it does not know is a 400.
    let game = state.game(Some(&new.game.0))?;
    // The options as every check of the event will read them, each value among those the
    // document lists for it: refused now, not at every registration.
    if let Some(options) = &new.options {
        game.check_options(&options.0).map_err(|mut e| {
            e.field = Some(match e.field.take() {
                Some(f) => format!("options.{f}"),
                None => "options".into(),
            });
            e
        })?;
    }
    limits.spend_creation(&creator).await?;
    let work = state
        .store
        .create_event_with(game.as_ref(), new.into(), creator.key_id(), now());
    idem.answer(work, |created: &deckcheck_store::Created| {
        let pages = CreatedPages {
            register: format!("/events/register#code={}", created.event.registration_code),
            organizer: format!("/events/organizer#event={}", created.event.id),
        };
        HttpResponse::Created().json(CreatedAnswer {
            event: created.event.clone(),
            organizer_token: created.organizer_token.clone(),
            pages,
            warnings: created.warnings.clone(),
        })
    })
    .await
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
    responses(
        (status = 200, description = "The event and its counts.", body = EventAnswer),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
        TokenErrors,
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn event(
    _: NoParams,
    who: Authorized<op::ReadEvent>,
    state: Data<AppState>,
) -> Result<HttpResponse, Error> {
    let access = who.access;
    let event = state.store.event(&access).await?;
    // Counted by the database: a 10,000-player event is not read to be counted.
    let counts = state.store.counts(&access).await?;
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

/// `POST /v1/events/{event}/settings`: name, deadline, illegal-list setting (before the lock).
#[utoipa::path(
    post,
    path = "/v1/events/{event}/settings",
    operation_id = "configure_event",
    tag = "Events",
    summary = "Change the event's name, deadline or illegal-list setting before the lock (organizer token)",
    params(("event" = String, Path, description = say::PATH_EVENT)),
    request_body = EventChanges,
    responses(
        JsonErrors,
        (status = 200, description = "The event as changed.", body = Event),
        TokenErrors,
        (status = 409, description = "The event is locked: its settings are frozen with its lists (`details.locked_since`).", body = ErrorAnswer),
        (status = 422, description = say::LOCKS_AT_PAST, body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn configure(
    _: NoParams,
    who: Authorized<op::Configure>,
    body: Body,
    state: Data<AppState>,
) -> Result<HttpResponse, Error> {
    let changes: EventChanges = body.read()?;
    let event = state
        .store
        .configure(&who.access, changes.into(), now())
        .await?;
    Ok(HttpResponse::Ok().json(event))
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
    responses(
        (status = 200, description = "The event, locked.", body = LockedAnswer),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
        TokenErrors,
        (status = 409, description = "The event's lists are published (`published`): they are final and the event cannot change.", body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn lock(
    _: NoParams,
    who: Authorized<op::Lock>,
    state: Data<AppState>,
) -> Result<HttpResponse, Error> {
    let event = state.store.lock(&who.access, now()).await?;
    crate::metrics::event_locked();
    Ok(HttpResponse::Ok().json(LockedAnswer {
        event,
        locked: true,
    }))
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
    responses(
        JsonErrors,
        (status = 201, description = "The judge's token, shown once.", body = JudgeAnswer),
        TokenErrors,
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn judges(
    _: NoParams,
    who: Authorized<op::IssueJudge>,
    body: Body,
    state: Data<AppState>,
) -> Result<HttpResponse, Error> {
    let asked: JudgeRequest = body.read()?;
    let issued = state
        .store
        .issue_judge(&who.access, &asked.name.0, now())
        .await?;
    Ok(HttpResponse::Created().json(JudgeAnswer {
        judge: issued.label,
        token: issued.token,
        id: issued.id,
        expires_at: issued.expires_at,
        page: format!("/events/judge#event={}", who.access.event_id),
    }))
}

// ---- tokens (issue 27, item 6) ----

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
    responses(
        (status = 200, description = "The event's tokens.", body = TokensAnswer),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
        TokenErrors,
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn tokens(
    _: NoParams,
    who: Authorized<op::ManageTokens>,
    state: Data<AppState>,
) -> Result<HttpResponse, Error> {
    let tokens = state.store.tokens(&who.access).await?;
    Ok(HttpResponse::Ok().json(TokensAnswer { tokens }))
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
    responses(
        (status = 204, description = "Revoked: a request with it is answered 401 from now on."),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
        TokenErrors,
        (status = 404, description = say::NO_TOKEN, body = ErrorAnswer),
        (status = 422, description = "The organizer's token is rotated, not revoked (`organizer-token`).", body = ErrorAnswer),
        (status = 409, description = say::TOKEN_CHANGED, body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn revoke_token(
    _: NoParams,
    req: HttpRequest,
    who: Authorized<op::ManageTokens>,
    state: Data<AppState>,
) -> Result<HttpResponse, Error> {
    state
        .store
        .revoke_token(&who.access, path(&req, "token"), now())
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

/// `POST /v1/events/{event}/tokens/{token}/reissue`: a judge's token replaced by a new one.
#[utoipa::path(
    post,
    path = "/v1/events/{event}/tokens/{token}/reissue",
    operation_id = "reissue_judge_token",
    tag = "Events",
    summary = "Replace a judge's token by a new one for the same judge, shown once; the old one stops working (organizer token)",
    params(("event" = String, Path, description = say::PATH_EVENT), ("token" = String, Path, description = say::PATH_TOKEN)),
    responses(
        (status = 201, description = "The judge's new token, shown once.", body = TokenAnswer),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
        TokenErrors,
        (status = 404, description = say::NO_TOKEN, body = ErrorAnswer),
        (status = 422, description = "Not a judge's token (`not-a-judge-token`: a player's is reissued by their registration; `organizer-token`: the organizer's is rotated).", body = ErrorAnswer),
        (status = 409, description = say::TOKEN_CHANGED, body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn reissue_judge_token(
    _: NoParams,
    req: HttpRequest,
    who: Authorized<op::ManageTokens>,
    state: Data<AppState>,
) -> Result<HttpResponse, Error> {
    let issued = state
        .store
        .reissue_judge_token(&who.access, path(&req, "token"), now())
        .await?;
    Ok(HttpResponse::Created().json(TokenAnswer::new(&who.access.event_id, issued)))
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
    responses(
        (status = 201, description = "The player's new token, shown once.", body = TokenAnswer),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
        TokenErrors,
        (status = 404, description = say::NO_PLAYER, body = ErrorAnswer),
        (status = 409, description = say::TOKEN_CHANGED, body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn reissue_player_token(
    _: NoParams,
    req: HttpRequest,
    who: Authorized<op::ManageTokens>,
    state: Data<AppState>,
) -> Result<HttpResponse, Error> {
    let issued = state
        .store
        .reissue_player_token(&who.access, path(&req, "player"), now())
        .await?;
    Ok(HttpResponse::Created().json(TokenAnswer::new(&who.access.event_id, issued)))
}

/// `POST /v1/events/{event}/organizer-token`: the organizer's token replaced by a new one.
#[utoipa::path(
    post,
    path = "/v1/events/{event}/organizer-token",
    operation_id = "rotate_organizer_token",
    tag = "Events",
    summary = "Rotate the organizer's token: a new one, shown once; the one presented and every earlier one stop working (organizer token)",
    params(("event" = String, Path, description = say::PATH_EVENT)),
    responses(
        (status = 201, description = "The organizer's new token, shown once.", body = TokenAnswer),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
        TokenErrors,
        (status = 409, description = say::TOKEN_CHANGED, body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn rotate_organizer_token(
    _: NoParams,
    who: Authorized<op::RotateOrganizer>,
    state: Data<AppState>,
) -> Result<HttpResponse, Error> {
    let issued = state
        .store
        .rotate_organizer_token(&who.access, now())
        .await?;
    Ok(HttpResponse::Created().json(TokenAnswer::new(&who.access.event_id, issued)))
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
        (status = 409, description = say::TOKEN_CHANGED, body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn recover_organizer(
    _: NoParams,
    req: HttpRequest,
    _: Admin,
    state: Data<AppState>,
) -> Result<HttpResponse, Error> {
    let event = path(&req, "event");
    let issued = state.store.recover_organizer(event, now()).await?;
    tracing::warn!(
        event,
        token = issued.id.as_str(),
        "the operator recovered an event's organizer access: every earlier organizer token stopped working"
    );
    Ok(HttpResponse::Created().json(TokenAnswer::new(event, issued)))
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
    responses(
        (status = 204, description = "Deleted: the event's routes answer 404 and its tokens 401 from now on."),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
        TokenErrors,
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn delete(
    _: NoParams,
    who: Authorized<op::Delete>,
    state: Data<AppState>,
) -> Result<HttpResponse, Error> {
    state.store.delete_event(&who.access, now()).await?;
    tracing::info!(
        event = who.access.event_id.as_str(),
        "an organizer deleted their event"
    );
    Ok(HttpResponse::NoContent().finish())
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
    responses(
        (status = 200, description = "The roster.", body = RosterAnswer),
        (status = 400, description = "A query parameter the route does not read.", body = ErrorAnswer),
        TokenErrors,
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn roster(
    Params(query): Params<RosterQuery>,
    who: Authorized<op::ReadRoster>,
    state: Data<AppState>,
) -> Result<HttpResponse, Error> {
    let mut players = state.store.roster(&who.access).await?;
    if let Some(q) = query.q.as_deref().map(str::trim).filter(|q| !q.is_empty()) {
        let q = q.to_lowercase();
        players
            .retain(|p| p.player.to_lowercase().contains(&q) || p.uid.to_lowercase().contains(&q));
    }
    Ok(HttpResponse::Ok().json(RosterAnswer { players }))
}

/// `GET /v1/events/{event}/export`: the whole event as JSON (a backup).
#[utoipa::path(
    get,
    path = "/v1/events/{event}/export",
    operation_id = "export_event",
    tag = "Events",
    summary = "The whole event as JSON, for backups (organizer token)",
    params(("event" = String, Path, description = say::PATH_EVENT)),
    responses(
        (status = 200, description = "The whole event.", body = deckcheck_store::EventExport),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
        TokenErrors,
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn export(
    _: NoParams,
    who: Authorized<op::Export>,
    state: Data<AppState>,
) -> Result<HttpResponse, Error> {
    let export = state.store.export(&who.access).await?;
    Ok(HttpResponse::Ok().json(export))
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
    responses(
        (status = 200, description = "Each player's list as the other sees it.", body = ReviewAnswer),
        (status = 400, description = "A query parameter the route does not read, or `a`/`b` missing.", body = ErrorAnswer),
        TokenErrors,
        (status = 404, description = say::NO_PLAYER, body = ErrorAnswer),
        (status = 422, description = "`a` and `b` are the same player.", body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn review(
    Params(query): Params<ReviewQuery>,
    who: Authorized<op::Review>,
    state: Data<AppState>,
) -> Result<HttpResponse, Error> {
    let game = event_game(&state, &who.access).await?;
    let [a, b] = state
        .store
        .review(game.as_ref(), &who.access, [&query.a, &query.b])
        .await?;
    Ok(HttpResponse::Ok().json(ReviewAnswer { a, b }))
}

/// `POST /v1/events/{event}/publish`: after the event, all lists or the top N.
#[utoipa::path(
    post,
    path = "/v1/events/{event}/publish",
    operation_id = "publish_lists",
    tag = "Events",
    summary = "Publish all lists or the top N after the lock, {\"players\": \"all\" | [ids], \"pending\"?: \"withhold\" | \"include\"} (CEG 10.2; organizer token)",
    params(("event" = String, Path, description = say::PATH_EVENT), ("Idempotency-Key" = Option<String>, Header, description = crate::idempotency::DESCRIBE, min_length = 1, max_length = 255, pattern = "^[!-~]+$")),
    request_body = PublishRequest,
    responses(
        JsonErrors,
        (status = 200, description = "What was published: counts, the time and the snapshot's entity tag (`GET …/published` reads the lists).", body = deckcheck_store::PublishSummary),
        TokenErrors,
        (status = 409, description = "The event is not locked (lists are published after it), or lists are pending and `pending` was not said (`pending-lists`: `details.players` names them).", body = ErrorAnswer),
        (status = 422, description = "A player named is not of this event (`error.field`: `players[i]`), or the `Idempotency-Key` was sent with another request (`idempotency-key-reused`).", body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn publish(
    _: NoParams,
    who: Authorized<op::Publish>,
    body: Body,
    state: Data<AppState>,
    idem: Idempotency,
) -> Result<HttpResponse, Error> {
    let idem = match idem.replay(&body.text).await? {
        Ok(idem) => idem,
        Err(replayed) => return Ok(replayed),
    };
    let asked: PublishRequest = body.read()?;
    let pending = asked.pending_choice();
    let which = match asked.players {
        Players::All(s) if s.0.eq_ignore_ascii_case("all") => Publish::All,
        Players::Top(ids) => Publish::Top(ids.0),
        Players::All(_) => {
            return Err(RequestError::bad_value(
                "players",
                "give \"all\" or the players' ids in finishing order",
            )
            .into());
        }
    };
    let game = event_game(&state, &who.access).await?;
    let work = state
        .store
        .publish(game, &who.access, which, pending, now());
    let answer = idem
        .answer(work, |p: &deckcheck_store::PublishSummary| {
            HttpResponse::Ok().json(p)
        })
        .await?;
    crate::metrics::event_published();
    Ok(answer)
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
    /// Only the lists whose player's name holds this (any case, any accents), among every list
    /// published (`total` counts them).
    pub q: Option<String>,
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
pub async fn published(
    Params(query): Params<PublishedQuery>,
    req: HttpRequest,
    state: Data<AppState>,
) -> Result<HttpResponse, Error> {
    use actix_web::http::header::{CacheControl, CacheDirective, ETag, IfNoneMatch};
    let event = path(&req, "event");
    // RFC 9110 13.1.2: weak comparison; `*` matches the snapshot if there is one.
    if let Some(asked) = req.get_header::<IfNoneMatch>() {
        let ours = entity_tag(&state.store.published_etag(event).await?);
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
    let page = state
        .store
        .published_page(
            event,
            query.offset.unwrap_or(0),
            query.limit,
            query.q.as_deref(),
            now(),
        )
        .await?;
    Ok(HttpResponse::Ok()
        .insert_header(ETag(entity_tag(&page.etag)))
        .insert_header(CacheControl(vec![
            CacheDirective::Public,
            CacheDirective::NoCache,
        ]))
        .json(page))
}

// ---- judges ----

/// Which page of a player's history (issue 35 item 1: a record stays small whatever was sent).
#[derive(Debug, Default, serde::Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct HistoryQuery {
    /// Versions in the page, the newest of those asked, oldest first (default 20, at most 100).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u64>,
    /// Only versions numbered below this one (the first version of the page before: the
    /// page before it). Default: the newest; the registration's `version` says how many
    /// there are.
    #[param(minimum = 1)]
    pub before: Option<i64>,
}

/// `GET /v1/events/{event}/players/{player}`: the registration, every version, every check.
#[utoipa::path(
    get,
    path = "/v1/events/{event}/players/{player}",
    operation_id = "event_player",
    tag = "Events",
    summary = "A player's registration, every version of the list and every deck check (organizer or judge token)",
    params(("event" = String, Path, description = say::PATH_EVENT), ("player" = String, Path, description = say::PATH_PLAYER), HistoryQuery),
    responses(
        (status = 200, description = "The player's registration, a page of the versions of the list (the newest 20 by default; `?before=` for older ones), every deck check and roster change, and the current list as its sheet lists it.", body = PlayerAnswer),
        (status = 400, description = "A query parameter the route does not read, or `limit`/`before` outside its bounds.", body = ErrorAnswer),
        TokenErrors,
        (status = 404, description = say::NO_PLAYER, body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn player(
    Params(page): Params<HistoryQuery>,
    req: HttpRequest,
    who: Authorized<op::ReadRoster>,
    state: Data<AppState>,
) -> Result<HttpResponse, Error> {
    let player = path(&req, "player");
    let record = state
        .store
        .player_page(&who.access, player, page.before, page.limit)
        .await?;
    // The sheet is of the current list, whichever page of the history was asked.
    let current = if record
        .versions
        .iter()
        .any(|v| v.version == record.registration.version)
    {
        record.clone()
    } else {
        state
            .store
            .player_page(&who.access, player, None, Some(1))
            .await?
    };
    let event = state.store.event(&who.access).await?;
    let game = state.game(Some(&event.game))?;
    // Reading the list is CPU work: off the event loop.
    let answer = actix_web::web::block(move || {
        let sheet = crate::sheets::player_sheet(game.as_ref(), event.date, current);
        PlayerAnswer { record, sheet }
    })
    .await
    .map_err(|e| RequestError::internal(format!("the player's list was not read: {e}")))?;
    Ok(HttpResponse::Ok().json(answer))
}

/// A player's record, and the current list as its sheet lists it: card names in the sheet's
/// order whatever format the list was sent in, each entry that is not a card as written.
#[derive(Serialize, utoipa::ToSchema)]
pub struct PlayerAnswer {
    #[serde(flatten)]
    pub record: deckcheck_store::PlayerRecord,
    pub sheet: crate::sheets::PlayerSheet,
}

/// `POST /v1/events/{event}/players/{player}/lists`: a judge's (or, before the lock, the
/// organizer's) change to a list, with the reason.
#[utoipa::path(
    post,
    path = "/v1/events/{event}/players/{player}/lists",
    operation_id = "amend_list",
    tag = "Events",
    summary = "Amend a player's list with a reason kept in its history: judges, and the organizer before the lock",
    params(("event" = String, Path, description = say::PATH_EVENT), ("player" = String, Path, description = say::PATH_PLAYER), ("Idempotency-Key" = Option<String>, Header, description = crate::idempotency::DESCRIBE, min_length = 1, max_length = 255, pattern = "^[!-~]+$")),
    request_body = AmendRequest,
    responses(
        JsonErrors,
        (status = 200, description = "The list as stored, with its verdict.", body = deckcheck_store::Submitted),
        (status = 401, description = say::UNAUTHORIZED, body = ErrorAnswer),
        (status = 403, description = say::FORBIDDEN_AMEND, body = ErrorAnswer),
        (status = 404, description = say::NO_PLAYER, body = ErrorAnswer),
        (status = 409, description = "The event stored as much as an event may (`event-quota`).", body = ErrorAnswer),
        (status = 422, description = say::LIST_UNANSWERABLE, body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn amend(
    _: NoParams,
    req: HttpRequest,
    who: Authorized<op::Amend>,
    body: Body,
    state: Data<AppState>,
    idem: Idempotency,
) -> Result<HttpResponse, Error> {
    let idem = match idem.replay(&body.text).await? {
        Ok(idem) => idem,
        Err(replayed) => return Ok(replayed),
    };
    let (reason, mut submission) = AmendRequest::read(&body.fields()?)?.into_parts()?;
    let event = state.store.event(&who.access).await?;
    let game = state.game(Some(&event.game))?;
    crate::linked::fetch_submission(&state.links, &event.game, &mut submission).await?;
    let work = state.store.amend(
        &game,
        &who.access,
        path(&req, "player"),
        &submission,
        &reason.0,
        now(),
    );
    idem.answer(
        work.map(|done| done.map_err(StoreError::judged)),
        |s: &Submitted| HttpResponse::Ok().json(s),
    )
    .await
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
    responses(
        JsonErrors,
        (status = 200, description = "The registration, accepted.", body = Registration),
        TokenErrors,
        (status = 404, description = say::NO_PLAYER, body = ErrorAnswer),
        (status = 409, description = "The player's list is not pending.", body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn resolve(
    _: NoParams,
    req: HttpRequest,
    who: Authorized<op::Resolve>,
    body: Body,
    state: Data<AppState>,
) -> Result<HttpResponse, Error> {
    let asked: ResolveRequest = body.read()?;
    let registration = state
        .store
        .resolve(&who.access, path(&req, "player"), &asked.reason.0, now())
        .await?;
    Ok(HttpResponse::Ok().json(registration))
}

/// The largest whole number a JSON number holds exactly (2^53).
const MAX_EXACT: f64 = 9_007_199_254_740_992.0;

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
    params(("event" = String, Path, description = say::PATH_EVENT), ("player" = String, Path, description = say::PATH_PLAYER), ("Idempotency-Key" = Option<String>, Header, description = crate::idempotency::DESCRIBE, min_length = 1, max_length = 255, pattern = "^[!-~]+$")),
    request_body = DeckCheckRequest,
    responses(
        JsonErrors,
        (status = 201, description = "The deck check, stored.", body = DeckCheck),
        TokenErrors,
        (status = 403, description = say::LINK_HOST, body = ErrorAnswer),
        (status = 404, description = "No such player, or a deck given as a link names a deck the site does not show (`link-deck-not-found`).", body = ErrorAnswer),
        (status = 409, description = "`version` is not the player's current version (`stale-version`: `details.asked`, `details.current`): the list changed since it was read; or the player's registration was removed (`player-removed`).", body = ErrorAnswer),
        (status = 422, description = "The presented deck (or the box) cannot be read by the event's game, `deck_index` names a deck the registered list does not have, a link is to another game's list, or the `Idempotency-Key` was sent with another request (`idempotency-key-reused`).", body = ErrorAnswer),
        (status = 502, description = say::LINK_UPSTREAM, body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn deck_check(
    _: NoParams,
    req: HttpRequest,
    who: Authorized<op::DeckCheck>,
    body: Body,
    state: Data<AppState>,
    idem: Idempotency,
) -> Result<HttpResponse, Error> {
    let idem = match idem.replay(&body.text).await? {
        Ok(idem) => idem,
        Err(replayed) => return Ok(replayed),
    };
    let asked: DeckCheckRequest = read_body(&body.fields()?)?;
    // Versions count from 1; beyond 2^53 a JSON number is no longer a whole one for certain.
    let version = match asked.version {
        v if v.fract() == 0.0 && (1.0..=MAX_EXACT).contains(&v) => v as i64,
        _ => {
            return Err(RequestError::bad_value(
                "version",
                "version is the number of a version of the player's list, from 1",
            )
            .into());
        }
    };
    let deck_index = match asked.deck_index {
        None => 0,
        Some(i) if i.fract() == 0.0 && (0.0..=MAX_DECK_INDEX).contains(&i) => i as usize,
        Some(_) => {
            return Err(RequestError::bad_value(
                "deck_index",
                "deck_index is the number of a deck of the list, from 0",
            )
            .into());
        }
    };
    let mut presented = deck_text("presented", asked.presented)?;
    let mut deck_box = asked.deck_box.map(|b| deck_text("box", b)).transpose()?;
    let event = state.store.event(&who.access).await?;
    let game = state.game(Some(&event.game))?;
    let decks = std::iter::once(("presented".to_string(), &mut presented))
        .chain(deck_box.as_mut().map(|b| ("box".to_string(), b)))
        .collect();
    crate::linked::fetch(&state.links, &event.game, decks, &mut None).await?;
    let work = state.store.deck_check(
        &game,
        &who.access,
        path(&req, "player"),
        version,
        &presented,
        deck_box.as_deref(),
        deck_index,
        asked.note.as_deref(),
        now(),
    );
    let answer = idem
        .answer(
            work.map(|done| done.map_err(StoreError::judged)),
            |check: &DeckCheck| HttpResponse::Created().json(check),
        )
        .await?;
    crate::metrics::deck_checked();
    Ok(answer)
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
    responses(
        (status = 200, description = "Every deck check and pick.", body = ChecksAnswer),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
        TokenErrors,
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn deck_checks(
    _: NoParams,
    who: Authorized<op::ReadRoster>,
    state: Data<AppState>,
) -> Result<HttpResponse, Error> {
    let checks = state.store.deck_checks(&who.access).await?;
    let picks = state.store.picks(&who.access).await?;
    Ok(HttpResponse::Ok().json(ChecksAnswer { checks, picks }))
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
    responses(
        (status = 200, description = "The players picked.", body = PickedAnswer),
        (status = 400, description = say::BAD_REQUEST, body = ErrorAnswer),
        TokenErrors,
        (status = 408, description = say::BODY_TIMEOUT, body = ErrorAnswer),
        (status = 413, description = say::TOO_LARGE, body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn pick(
    _: NoParams,
    who: Authorized<op::Pick>,
    body: Body,
    state: Data<AppState>,
) -> Result<HttpResponse, Error> {
    // No body, or `null`, is the defaults.
    let asked: PickRequest = body.json_or_default()?;
    let picked = state
        .store
        .pick(&who.access, asked.share, asked.again, now())
        .await?;
    Ok(HttpResponse::Ok().json(PickedAnswer { picked }))
}

// ---- players ----

/// An unknown code costs the client a try of its own budget: guessing codes is slow.
async fn unknown_code(limits: &Limits, client: Client, e: StoreError) -> Error {
    if matches!(e, StoreError::NoEvent(_))
        && let Err(too_many) = limits.spend(Spend::UnknownCode, client).await
    {
        return too_many.into();
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
pub async fn by_code(
    _: NoParams,
    req: HttpRequest,
    Caller(client): Caller,
    state: Data<AppState>,
    limits: Data<Limits>,
) -> Result<HttpResponse, Error> {
    limits.spend(Spend::Lookup, client).await?;
    let event = match state.store.event_by_code(path(&req, "code")).await {
        Ok(event) => event,
        Err(e) => return Err(unknown_code(&limits, client, e).await),
    };
    Ok(HttpResponse::Ok().json(event.public(now())))
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
    params(("code" = String, Path, description = say::PATH_CODE), ("Idempotency-Key" = Option<String>, Header, description = crate::idempotency::DESCRIBE, min_length = 1, max_length = 255, pattern = "^[!-~]+$")),
    request_body = RegisterRequest,
    responses(
        JsonErrors,
        (status = 201, description = "The registration, the player's token (shown once) and the report.", body = RegisteredAnswer),
        (status = 403, description = say::LINK_HOST, body = ErrorAnswer),
        (status = 404, description = "No event has this code, or a deck given as a link names a deck the site does not show (`link-deck-not-found`).", body = ErrorAnswer),
        (status = 409, description = "The event is locked (`details.locked_since`), this UID is registered already (`field: uid`), the event is full, or it stored as much as an event may (`event-quota`).", body = ErrorAnswer),
        (status = 422, description = say::LIST_REFUSED, body = ErrorAnswer),
        (status = 429, description = say::TOO_MANY_REGISTRATIONS, body = ErrorAnswer),
        (status = 502, description = say::LINK_UPSTREAM, body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn register(
    _: NoParams,
    req: HttpRequest,
    Caller(client): Caller,
    body: Body,
    state: Data<AppState>,
    limits: Data<Limits>,
    idem: Idempotency,
) -> Result<HttpResponse, Error> {
    let code = path(&req, "code");
    // A valid code is bounded by its event (the store), not by the address: a venue's players
    // behind one address all register. An unknown one costs the address a try.
    let event = match state.store.event_by_code(code).await {
        Ok(event) => event,
        Err(e) => return Err(unknown_code(&limits, client, e).await),
    };
    let idem = match idem.replay(&body.text).await? {
        Ok(idem) => idem,
        Err(replayed) => return Ok(replayed),
    };
    let (player, uid, mut submission) = RegisterRequest::read(&body.fields()?)?.into_parts()?;
    let game = state.game(Some(&event.game))?;
    let links = crate::linked::fetch_submission(&state.links, &event.game, &mut submission).await?;
    let work = state
        .store
        .register(&game, code, &player, &uid, &submission, now())
        .map(|done| {
            done.inspect(submitted)
                .inspect_err(refused)
                .map_err(StoreError::judged)
        });
    idem.answer(work, move |submitted: &Submitted| {
        HttpResponse::Created().json(RegisteredAnswer {
            event: event.public(now()),
            player: submitted.player.clone(),
            token: submitted.token.clone().unwrap_or_default(),
            state: submitted.state,
            verdict: submitted.verdict,
            version: submitted.version,
            fingerprints: submitted.fingerprints.clone(),
            report: deckcheck_core::Validated {
                links: links.clone(),
                ..submitted.report.clone()
            },
            page: format!("/events/register#event={}", event.id),
        })
    })
    .await
}

/// A player's own registration, as they read it.
#[derive(Serialize, utoipa::ToSchema)]
pub struct MeAnswer {
    pub event: PublicEvent,
    pub player: Registration,
    /// A page of the versions of the list (the newest 20 by default), oldest first; the last
    /// of the first page is the registered list. `player.version` says how many there are.
    pub versions: Vec<ListVersion>,
}

/// `GET /v1/events/{event}/me`: the player's own registration and its versions.
#[utoipa::path(
    get,
    path = "/v1/events/{event}/me",
    operation_id = "my_registration",
    tag = "Events",
    summary = "The player's own registration and its versions (player token)",
    params(("event" = String, Path, description = say::PATH_EVENT), HistoryQuery),
    responses(
        (status = 200, description = "The player's registration and a page of the versions of the list (the newest 20 by default; `?before=` for older ones).", body = MeAnswer),
        (status = 400, description = "A query parameter the route does not read, or `limit`/`before` outside its bounds.", body = ErrorAnswer),
        TokenErrors,
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn me(
    Params(page): Params<HistoryQuery>,
    who: Authorized<op::ReadOwnList>,
    state: Data<AppState>,
) -> Result<HttpResponse, Error> {
    let id = who.access.registration_id.clone().unwrap_or_default();
    let record = state
        .store
        .player_page(&who.access, &id, page.before, page.limit)
        .await?;
    let event = state.store.event(&who.access).await?;
    Ok(HttpResponse::Ok().json(MeAnswer {
        event: event.public(now()),
        player: record.registration,
        versions: record.versions,
    }))
}

/// `POST /v1/events/{event}/me/lists`: the player's new list, until the lock (then 409).
#[utoipa::path(
    post,
    path = "/v1/events/{event}/me/lists",
    operation_id = "resubmit_list",
    tag = "Events",
    summary = "A new list until the lock; 409 after (player token)",
    params(("event" = String, Path, description = say::PATH_EVENT), ("Idempotency-Key" = Option<String>, Header, description = crate::idempotency::DESCRIBE, min_length = 1, max_length = 255, pattern = "^[!-~]+$")),
    request_body = ListRequest,
    responses(
        JsonErrors,
        (status = 200, description = "The list as stored, with its verdict.", body = deckcheck_store::Submitted),
        TokenErrors,
        (status = 404, description = say::LINK_NOT_FOUND, body = ErrorAnswer),
        (status = 409, description = "The event is locked (`details.locked_since`): only a judge may amend a list now; or it stored as much as an event may (`event-quota`).", body = ErrorAnswer),
        (status = 429, description = "The player sent as many new lists this hour as an event takes (`too-many-lists`; the same list as the current one is no new list): the next is taken after `Retry-After` seconds.", body = ErrorAnswer),
        (status = 422, description = say::LIST_REFUSED, body = ErrorAnswer),
        (status = 502, description = say::LINK_UPSTREAM, body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn resubmit(
    _: NoParams,
    who: Authorized<op::Resubmit>,
    body: Body,
    state: Data<AppState>,
    idem: Idempotency,
) -> Result<HttpResponse, Error> {
    let idem = match idem.replay(&body.text).await? {
        Ok(idem) => idem,
        Err(replayed) => return Ok(replayed),
    };
    let mut submission = ListRequest::read(&body.fields()?)?.submission()?;
    let event = state.store.event(&who.access).await?;
    let game = state.game(Some(&event.game))?;
    let links = crate::linked::fetch_submission(&state.links, &event.game, &mut submission).await?;
    let work = state
        .store
        .resubmit(&game, &who.access, &submission, now())
        .map(|done| {
            done.inspect(submitted)
                .inspect_err(refused)
                .map_err(StoreError::judged)
        });
    idem.answer(work, move |submitted: &Submitted| {
        let mut submitted = submitted.clone();
        submitted.report.links = links.clone();
        HttpResponse::Ok().json(submitted)
    })
    .await
}

// ---- the roster's corrections and voided checks (issue 34) ----

/// `POST /v1/events/{event}/players/{player}/remove`: the organizer takes a registration off
/// the roster, with a reason kept in the history.
#[utoipa::path(
    post,
    path = "/v1/events/{event}/players/{player}/remove",
    operation_id = "remove_player",
    tag = "Events",
    summary = "Remove a registration with a reason: it leaves the roster, the sheets and the published lists, its UID is free again, its tokens stop working; the removal stays in the history and the export (organizer token)",
    params(("event" = String, Path, description = say::PATH_EVENT), ("player" = String, Path, description = say::PATH_PLAYER), ("Idempotency-Key" = Option<String>, Header, description = crate::idempotency::DESCRIBE, min_length = 1, max_length = 255, pattern = "^[!-~]+$")),
    request_body = ReasonRequest,
    responses(
        JsonErrors,
        (status = 200, description = "The registration, removed (`removed_at`).", body = Registration),
        TokenErrors,
        (status = 404, description = say::NO_PLAYER, body = ErrorAnswer),
        (status = 409, description = "The registration was removed already (`player-removed`), or the lists are published (`published`).", body = ErrorAnswer),
        (status = 422, description = "The `Idempotency-Key` was sent with another request (`idempotency-key-reused`).", body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn remove(
    _: NoParams,
    req: HttpRequest,
    who: Authorized<op::Remove>,
    body: Body,
    state: Data<AppState>,
    idem: Idempotency,
) -> Result<HttpResponse, Error> {
    let idem = match idem.replay(&body.text).await? {
        Ok(idem) => idem,
        Err(replayed) => return Ok(replayed),
    };
    let asked: ReasonRequest = body.read()?;
    let work = state
        .store
        .remove(&who.access, path(&req, "player"), &asked.reason.0, now());
    idem.answer(work, |r: &Registration| HttpResponse::Ok().json(r))
        .await
}

/// `POST /v1/events/{event}/players/{player}/correct`: the organizer corrects a player's name
/// or UID, with a reason kept in the history.
#[utoipa::path(
    post,
    path = "/v1/events/{event}/players/{player}/correct",
    operation_id = "correct_player",
    tag = "Events",
    summary = "Correct a player's name or UID with a reason kept in the history (organizer token)",
    params(("event" = String, Path, description = say::PATH_EVENT), ("player" = String, Path, description = say::PATH_PLAYER), ("Idempotency-Key" = Option<String>, Header, description = crate::idempotency::DESCRIBE, min_length = 1, max_length = 255, pattern = "^[!-~]+$")),
    request_body = CorrectRequest,
    responses(
        JsonErrors,
        (status = 200, description = "The registration as corrected.", body = Registration),
        TokenErrors,
        (status = 404, description = say::NO_PLAYER, body = ErrorAnswer),
        (status = 409, description = "Another registration of the event has this UID, in any form (`already-registered`); the registration was removed (`player-removed`); or the lists are published.", body = ErrorAnswer),
        (status = 422, description = "Neither a name nor a UID to correct (`unanswerable`), or the `Idempotency-Key` was sent with another request (`idempotency-key-reused`).", body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn correct(
    _: NoParams,
    req: HttpRequest,
    who: Authorized<op::Correct>,
    body: Body,
    state: Data<AppState>,
    idem: Idempotency,
) -> Result<HttpResponse, Error> {
    let idem = match idem.replay(&body.text).await? {
        Ok(idem) => idem,
        Err(replayed) => return Ok(replayed),
    };
    let asked: CorrectRequest = body.read()?;
    let correction = deckcheck_store::Correction {
        player: asked.name.map(|n| n.0),
        uid: asked.uid.map(|u| u.0),
    };
    let work = state.store.correct(
        &who.access,
        path(&req, "player"),
        correction,
        &asked.reason.0,
        now(),
    );
    idem.answer(work, |r: &Registration| HttpResponse::Ok().json(r))
        .await
}

/// `POST /v1/events/{event}/me/withdraw`: a player takes back their registration before the
/// lock.
#[utoipa::path(
    post,
    path = "/v1/events/{event}/me/withdraw",
    operation_id = "withdraw",
    tag = "Events",
    summary = "Withdraw one's own registration before the lock: it leaves the roster and the token stops working; the UID may register again (player token)",
    params(("event" = String, Path, description = say::PATH_EVENT)),
    responses(
        (status = 200, description = "The registration, withdrawn (`removed_at`).", body = Registration),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
        TokenErrors,
        (status = 409, description = "The event is locked (`details.locked_since`): ask the organizer.", body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn withdraw(
    _: NoParams,
    who: Authorized<op::Withdraw>,
    state: Data<AppState>,
) -> Result<HttpResponse, Error> {
    let withdrawn = state.store.withdraw(&who.access, now()).await?;
    Ok(HttpResponse::Ok().json(withdrawn))
}

/// `POST /v1/events/{event}/deck-checks/{check}/void`: a deck check made in error is voided
/// with a reason; it stays in the history beside the others.
#[utoipa::path(
    post,
    path = "/v1/events/{event}/deck-checks/{check}/void",
    operation_id = "void_deck_check",
    tag = "Events",
    summary = "Void a deck check with a reason: it stays in the history, marked, and no longer counts (organizer or judge token)",
    params(("event" = String, Path, description = say::PATH_EVENT), ("check" = String, Path, description = "The deck check's id (`dc_…`)."), ("Idempotency-Key" = Option<String>, Header, description = crate::idempotency::DESCRIBE, min_length = 1, max_length = 255, pattern = "^[!-~]+$")),
    request_body = ReasonRequest,
    responses(
        JsonErrors,
        (status = 200, description = "The deck check, voided (`void`).", body = DeckCheck),
        TokenErrors,
        (status = 404, description = "The event has no such deck check (`no-check`).", body = ErrorAnswer),
        (status = 409, description = "The check is void already (`already-voided`), or the lists are published.", body = ErrorAnswer),
        (status = 422, description = "The `Idempotency-Key` was sent with another request (`idempotency-key-reused`).", body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn void_check(
    _: NoParams,
    req: HttpRequest,
    who: Authorized<op::VoidCheck>,
    body: Body,
    state: Data<AppState>,
    idem: Idempotency,
) -> Result<HttpResponse, Error> {
    let idem = match idem.replay(&body.text).await? {
        Ok(idem) => idem,
        Err(replayed) => return Ok(replayed),
    };
    let asked: ReasonRequest = body.read()?;
    let work = state
        .store
        .void_check(&who.access, path(&req, "check"), &asked.reason.0, now());
    idem.answer(work, |c: &DeckCheck| HttpResponse::Ok().json(c))
        .await
}
