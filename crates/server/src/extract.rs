//! Every input of a handler, read once, typed and authorized before the handler runs: actix
//! `FromRequest` types, so a handler's arguments already say who asks and what they asked, and
//! its body only calls core or the store and shapes the answer.
//!
//! - [`PathGame`]: the route's game (`/v1/games/{game}/…`, else the default game).
//! - [`Params`]: the query string read into its type ([`crate::query`]); [`NoParams`] for a
//!   route that reads none.
//! - [`Body`]: the body, read once within its limits, its kind an enum ([`BodyKind`]), read
//!   into its type by the handler once it knows who asks (extractors run at once: a body's
//!   shape is never judged before the token is).
//! - [`Authorized`]: a bearer token checked against the event in the path for the operation
//!   the route does (`O`, a marker of [`op`]); who may do it is the lifecycle table's
//!   ([`deckcheck_store::Op::token_roles`]), written once, for reads too. The store's methods
//!   take the [`Access`] it holds, so no route reaches an event without it.
//! - [`Admin`]: the operator, with the admin bearer token.
//! - [`Caller`]: who asks, as the per-client limits count them.
//! - [`Language`]: the language of the answer's messages, from `Accept-Language`.
//! - [`DeckRequest`]: a validate or window request: the shared fields read once from the query
//!   and the body, every other field the game's options, decks given as links fetched;
//!   core's `prepare` validates the whole, once.
//!
//! [`Guard`] says which roles a handler's arguments ask for: the API document's `x-roles` is
//! read from the same [`Authorized`] type the handler takes.

use std::future::Future;
use std::marker::PhantomData;
use std::pin::Pin;
use std::sync::Arc;

use actix_web::dev::Payload;
use actix_web::http::header::{AUTHORIZATION, CONTENT_LENGTH};
use actix_web::web::{Bytes, BytesMut, Data};
use actix_web::{FromRequest, HttpMessage, HttpRequest};
use deckcheck_core::json::{Kind, RawField, RawFields, from_object, raw_fields, read_fields};
use deckcheck_core::{AnyGame, DeckInput, ErrorCode, Linked, RequestError, ValidateRequest};
use deckcheck_store::{Access, Role};
use futures_util::StreamExt;
use jiff::civil::Date;
use secrecy::ExposeSecret;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use subtle::ConstantTimeEq;

use crate::error::Error;
use crate::limits::{Client, Limits};
use crate::requests::{
    BareDeck, Deck, SharedFields, ValidateDeck, ValidateDecks, WindowDeck, WindowDecks,
    optional_date,
};
use crate::state::AppState;
use crate::{linked, query};

type Ready<T> = std::future::Ready<Result<T, Error>>;
type Boxed<T> = Pin<Box<dyn Future<Output = Result<T, Error>>>>;

/// The shared state every extractor reads.
fn state(req: &HttpRequest) -> Result<&Data<AppState>, Error> {
    req.app_data::<Data<AppState>>()
        .ok_or_else(|| Error::from(RequestError::internal("the service's state is not set")))
}

/// A path parameter (`event`, `player`, `code`, `token`, `id`), or empty.
pub fn path<'a>(req: &'a HttpRequest, name: &str) -> &'a str {
    req.match_info().get(name).unwrap_or("")
}

// ---- the game ----

/// The game a scope of routes is for (`/v1/games/swu`): each game's routes are registered
/// under their own fixed prefix, so the router matches them without a pattern.
pub struct GameScope(pub &'static str);

/// The game the route's path names (`/v1/games/{game}/…`; the default game without one). A
/// path naming no game is a route that does not exist (404); a game whose data is not loaded
/// is a 503.
pub struct PathGame(pub Arc<dyn AnyGame>);

impl PathGame {
    pub fn of(req: &HttpRequest) -> Result<Self, Error> {
        let named = req
            .app_data::<GameScope>()
            .map(|scope| scope.0)
            .or_else(|| req.match_info().get("game"));
        state(req)?
            .game(named)
            .map(PathGame)
            .map_err(|e| match e.code {
                ErrorCode::UnknownGame => Error::from(e.code(ErrorCode::NotFound)),
                _ => Error::from(e),
            })
    }
}

impl FromRequest for PathGame {
    type Error = Error;
    type Future = Ready<Self>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        std::future::ready(Self::of(req))
    }
}

// ---- the query ----

/// The query string read into `T`: each parameter once, an unknown one refused by name.
pub struct Params<T>(pub T);

/// A route that reads no query parameter: any given is refused by name.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NoQuery {}

/// A route that reads no query parameter.
pub type NoParams = Params<NoQuery>;

impl<T: DeserializeOwned> Params<T> {
    fn of(req: &HttpRequest) -> Result<Self, Error> {
        let pairs = query::pairs(req.query_string())?;
        Ok(Self(query::read(
            pairs.iter().map(|(k, v)| (k.as_ref(), v.as_ref())),
        )?))
    }
}

impl<T: DeserializeOwned> FromRequest for Params<T> {
    type Error = Error;
    type Future = Ready<Self>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        std::future::ready(Self::of(req))
    }
}

// ---- the body ----

/// What a body is, by its content type (with none, JSON if it looks like JSON, else text).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BodyKind {
    Json,
    Text,
    /// A content type no route reads.
    Other(String),
}

/// The most a body may be: the service's body limit, or a roster's.
pub trait Limit {
    fn bytes(state: &AppState) -> u64;
}

/// A request's body: `DECKCHECK_BODY_LIMIT`.
pub struct Standard;

/// A roster's body: `DECKCHECK_BATCH_BODY_LIMIT`.
pub struct RosterBody;

impl Limit for Standard {
    fn bytes(state: &AppState) -> u64 {
        state.settings.body_limit
    }
}

impl Limit for RosterBody {
    fn bytes(state: &AppState) -> u64 {
        state.settings.batch_body_limit
    }
}

/// A body read whole, once: within its size limit (413, checked before and while reading),
/// within the service's body timeout (408), within the memory the service holds for bodies
/// in flight (503), read as text: UTF-8 (a byte-order mark dropped), the charset declared, or
/// Windows-1252 with a note.
pub struct Body<L = Standard> {
    pub text: String,
    pub kind: BodyKind,
    /// Said when the body was not UTF-8 and was read as Windows-1252 (issue 36).
    pub note: Option<String>,
    limit: PhantomData<L>,
}

impl<L> Body<L> {
    /// The body as JSON text; another content type is a 415.
    pub fn json(&self) -> Result<&str, Error> {
        match &self.kind {
            BodyKind::Json => Ok(&self.text),
            BodyKind::Text => Err(unsupported("text/plain", &["application/json"])),
            BodyKind::Other(t) => Err(unsupported(t, &["application/json"])),
        }
    }

    /// The body's fields, each kept as the JSON text it was sent as.
    pub fn fields(&self) -> Result<RawFields<'_>, Error> {
        Ok(raw_fields(self.json()?)?)
    }

    /// The JSON body read into `T` (an owned type: no decks), an error naming the field at
    /// fault.
    pub fn read<T: DeserializeOwned>(&self) -> Result<T, Error> {
        read_json(self.json()?)
    }

    /// The JSON body read into `T`; no body or `null` is `T`'s default.
    pub fn json_or_default<T: DeserializeOwned + Default>(&self) -> Result<T, Error> {
        if matches!(self.text.trim(), "" | "null") {
            return Ok(T::default());
        }
        read_json(self.json()?)
    }
}

fn unsupported(content_type: &str, accepted: &[&'static str]) -> Error {
    Error::from(RequestError::unsupported_media_type(
        if content_type.is_empty() {
            "(none)"
        } else {
            content_type
        },
        accepted,
    ))
}

/// A JSON body read into `T` (an owned type: no decks), an error naming the field at fault.
fn read_json<T: DeserializeOwned>(text: &str) -> Result<T, Error> {
    Ok(read_body(&raw_fields(text)?)?)
}

/// A body's fields read into `T`, each value parsed once from its own text (a deck kept as it
/// is), an unknown field refused by name.
pub fn read_body<'a, T: serde::Deserialize<'a>>(fields: &RawFields<'a>) -> Result<T, RequestError> {
    read_fields(
        fields.iter().map(|(k, raw)| (&**k, RawField(raw))),
        ErrorCode::InvalidRequest,
    )
}

/// Those of a body's fields that `T` has, read into `T` (the caller gives the others to the
/// game).
fn read_own<'a, T: serde::Deserialize<'a>>(fields: &RawFields<'a>) -> Result<T, RequestError> {
    let own = deckcheck_core::game::field_names::<T>();
    read_fields(
        fields
            .iter()
            .filter(|(k, _)| own.contains(&&***k))
            .map(|(k, raw)| (&**k, RawField(raw))),
        ErrorCode::InvalidRequest,
    )
}

fn kind(req: &HttpRequest, text: &str) -> BodyKind {
    let content_type = req.content_type().to_ascii_lowercase();
    match content_type.as_str() {
        "application/json" => BodyKind::Json,
        t if t.starts_with("application/") && t.ends_with("+json") => BodyKind::Json,
        "text/plain" => BodyKind::Text,
        "" if text
            .trim_start_matches('\u{feff}')
            .trim_start()
            .starts_with(['{', '[']) =>
        {
            BodyKind::Json
        }
        "" => BodyKind::Text,
        other => BodyKind::Other(other.to_string()),
    }
}

impl<L: Limit + 'static> FromRequest for Body<L> {
    type Error = Error;
    type Future = Boxed<Self>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let req = req.clone();
        let payload = payload.take();
        Box::pin(async move {
            let state = state(&req)?.clone();
            let limit = L::bytes(&state);
            let timeout = state.settings.body_timeout();
            let (text, note) =
                match actix_web::rt::time::timeout(timeout, read(&req, &state, payload, limit))
                    .await
                {
                    Ok(read) => read?,
                    Err(_) => {
                        return Err(Error::from(RequestError::timeout(timeout.as_secs().max(1))));
                    }
                };
            Ok(Self {
                kind: kind(&req, &text),
                text,
                note,
                limit: PhantomData,
            })
        })
    }
}

/// Reads a body, refusing it as soon as it passes `limit` bytes and holding no more than the
/// service's share of memory for bodies in flight; its text, and a note when it was not UTF-8.
async fn read(
    req: &HttpRequest,
    state: &AppState,
    mut payload: Payload,
    limit: u64,
) -> Result<(String, Option<String>), RequestError> {
    let declared = req
        .headers()
        .get(CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > limit) {
        return Err(RequestError::too_large(limit));
    }
    // Grown as the body arrives: a declared length is only a claim. What the buffer holds
    // (its capacity, not only what was received) is counted against the service's memory for
    // bodies in flight, and given back when the buffer is.
    let mut body = BytesMut::new();
    let mut held = state.reservation();
    while let Some(chunk) = payload.next().await {
        let chunk: Bytes = chunk.map_err(|e| {
            RequestError::bad_value("body", format!("the body could not be read: {e}"))
        })?;
        if (body.len() + chunk.len()) as u64 > limit {
            return Err(RequestError::too_large(limit));
        }
        let before = body.capacity();
        body.reserve(chunk.len());
        held.grow(before, body.capacity())?;
        body.extend_from_slice(&chunk);
    }
    drop(held);
    // Text as people save it (issue 36): a declared charset honoured, a byte-order mark
    // dropped, bytes that are not UTF-8 read as Windows-1252 with a note where that can be
    // right, else an error naming the line and the bytes. UTF-8, what nearly every body is, is
    // taken as it arrived, without a copy.
    let declared = req
        .mime_type()
        .ok()
        .flatten()
        .and_then(|m| m.get_param(actix_web::mime::CHARSET).map(|c| c.to_string()));
    let plain = declared
        .as_deref()
        .is_none_or(|c| c.eq_ignore_ascii_case("utf-8") || c.eq_ignore_ascii_case("utf8"));
    let bytes = Vec::from(body);
    let bytes = if plain {
        match String::from_utf8(bytes) {
            Ok(text) => {
                return Ok(match text.strip_prefix('\u{feff}') {
                    Some(rest) => (rest.to_string(), None),
                    None => (text, None),
                });
            }
            Err(e) => e.into_bytes(),
        }
    } else {
        bytes
    };
    let decoded = deckcheck_core::encoding::decode(&bytes, declared.as_deref()).map_err(|e| {
        RequestError::bad_value("body", format!("the body cannot be read as text: {e}"))
    })?;
    Ok((decoded.text.into_owned(), decoded.note))
}

// ---- who asks ----

/// The bearer token of a request, if any (the scheme in any case, RFC 7235).
pub fn bearer(req: &HttpRequest) -> Option<&str> {
    req.headers()
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split_once(' '))
        .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
        .map(|(_, credentials)| credentials.trim())
}

/// An operation of the lifecycle table, as a type a handler names ([`op`]).
pub trait Operation {
    const OP: deckcheck_store::Op;
}

/// The operations a route does, as types: `Authorized<op::Amend>`.
pub mod op {
    macro_rules! ops {
        ($($name:ident),* $(,)?) => {
            $(
                #[doc = concat!("`Op::", stringify!($name), "`.")]
                pub struct $name;
                impl super::Operation for $name {
                    const OP: deckcheck_store::Op = deckcheck_store::Op::$name;
                }
            )*
        };
    }
    ops!(
        ReadOwnList,
        Resubmit,
        ReadEvent,
        ReadRoster,
        Configure,
        Lock,
        Amend,
        Resolve,
        DeckCheck,
        Pick,
        Review,
        Publish,
        Export,
        IssueJudge,
        ManageTokens,
        RotateOrganizer,
        Delete,
        Remove,
        Correct,
        Withdraw,
        VoidCheck,
    );
}

/// A token of the event in the path whose role may do `O` in some phase of the event (the
/// store decides again, on the event's phase, as it acts). No token, an unknown or revoked
/// one, or another event's is a 401; one of this event whose role may never do `O` a 403.
pub struct Authorized<O> {
    pub access: Access,
    op: PhantomData<O>,
}

impl<O: Operation + 'static> FromRequest for Authorized<O> {
    type Error = Error;
    type Future = Boxed<Self>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let state = state(&req)?.clone();
            let access = state
                .store
                .authorize(
                    path(&req, "event"),
                    bearer(&req),
                    O::OP,
                    jiff::Timestamp::now(),
                )
                .await?;
            Ok(Self {
                access,
                op: PhantomData,
            })
        })
    }
}

/// The operator: the request carries the admin bearer token (`DECKCHECK_ADMIN_TOKEN`). Without
/// it a 401; when no token is configured, a 404 for any request (admin routes are off, as if
/// they did not exist).
pub struct Admin;

impl Admin {
    fn of(req: &HttpRequest) -> Result<Self, Error> {
        let state = state(req)?;
        let Some(token) = state.settings.admin_token.as_ref() else {
            return Err(RequestError::not_found(
                "path",
                "admin routes are disabled (set DECKCHECK_ADMIN_TOKEN to enable them)",
            )
            .into());
        };
        let given = bearer(req).unwrap_or("").as_bytes();
        if bool::from(given.ct_eq(token.expose_secret().as_bytes())) {
            return Ok(Self);
        }
        Err(RequestError::unauthorized(
            "this route needs the admin bearer token (Authorization: Bearer …)",
            "deckcheck admin",
        )
        .into())
    }
}

impl FromRequest for Admin {
    type Error = Error;
    type Future = Ready<Self>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        std::future::ready(Self::of(req))
    }
}

/// Who a request comes from, as the per-client limits count them ([`Limits::client`]).
pub struct Caller(pub Client);

impl FromRequest for Caller {
    type Error = Error;
    type Future = Ready<Self>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        std::future::ready(
            req.app_data::<Data<Limits>>()
                .map(|limits| Caller(limits.client(req)))
                .ok_or_else(|| {
                    Error::from(RequestError::internal("the service's limits are not set"))
                }),
        )
    }
}

// ---- the answer's language ----

/// The language the answer's messages are written in: `Accept-Language` negotiated among the
/// five (q-values honoured), English when it names none or is absent. Never refuses a
/// request: a header that cannot be read asks for nothing.
#[derive(Debug, Clone, Copy)]
pub struct Language(pub deckcheck_core::Lang);

impl Language {
    /// How the document names the header, for a route's `params(…)`.
    pub const DOC: &'static str = "The language of the answer's messages (violations, core's notes): en, de, fr, it or es, negotiated with q-values; English when none of them is asked. Codes, sections, field names and the answer's shape never change with it; the answer's Content-Language says which was chosen.";

    /// `Content-Language` of an answer in this language.
    pub fn header(self) -> (actix_web::http::header::HeaderName, &'static str) {
        (actix_web::http::header::CONTENT_LANGUAGE, self.0.as_str())
    }
}

impl FromRequest for Language {
    type Error = Error;
    type Future = Ready<Self>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let lang = req
            .headers()
            .get(actix_web::http::header::ACCEPT_LANGUAGE)
            .and_then(|h| h.to_str().ok())
            .map(deckcheck_core::Lang::negotiate)
            .unwrap_or_default();
        std::future::ready(Ok(Language(lang)))
    }
}

/// Anyone may ask in any language.
impl Guard for Language {}

// ---- which roles a handler asks for (the document) ----

/// Which token roles a handler's arguments ask for: those of its [`Authorized`] operation.
pub trait Guard {
    fn roles() -> Option<&'static [Role]> {
        None
    }
}

impl<O: Operation> Guard for Authorized<O> {
    fn roles() -> Option<&'static [Role]> {
        Some(O::OP.token_roles())
    }
}

macro_rules! unguarded {
    ($($t:ty),* $(,)?) => { $(impl Guard for $t {})* };
}

unguarded!(
    PathGame,
    Admin,
    Caller,
    HttpRequest,
    Payload,
    Data<AppState>,
    Data<Limits>,
);

impl<T> Guard for Params<T> {}
impl<L> Guard for Body<L> {}
impl<K> Guard for DeckRequest<K> {}

macro_rules! guarded_tuples {
    ($($name:ident)*) => {
        impl<$($name: Guard),*> Guard for ($($name,)*) {
            fn roles() -> Option<&'static [Role]> {
                None$(.or_else($name::roles))*
            }
        }
    };
}

guarded_tuples!();
guarded_tuples!(A);
guarded_tuples!(A B);
guarded_tuples!(A B C);
guarded_tuples!(A B C D);
guarded_tuples!(A B C D E);
guarded_tuples!(A B C D E F);
guarded_tuples!(A B C D E F G);

// ---- a validate or window request ----

/// Which deck route a [`DeckRequest`] is for: validate, or window (which reads `from` and
/// `until` too).
pub trait DeckRoute {
    const WINDOW: bool;
}

/// `POST …/decks/validate`.
pub struct Validate;

/// `POST …/decks/window`.
pub struct Window;

impl DeckRoute for Validate {
    const WINDOW: bool = false;
}

impl DeckRoute for Window {
    const WINDOW: bool = true;
}

/// A validate (or window) request for the route's game, read once: a text body with its fields
/// in the query string, or a JSON body (a request object with `deck` or `decks`, or a bare
/// JSON deck with request fields beside its own). The body wins over the query string; every
/// field that is not the request's own is the game's option; decks given as links are fetched
/// (`links` names them). Core's `prepare` validates the whole.
pub struct DeckRequest<K = Validate> {
    pub game: Arc<dyn AnyGame>,
    pub request: ValidateRequest,
    /// A window's first and last day.
    pub from: Option<Date>,
    pub until: Option<Date>,
    /// The decks given as links, by field.
    pub links: Linked,
    /// Whether the body was large (judged off the event loop).
    pub large: bool,
    /// Said when the body was not UTF-8 and was read as Windows-1252.
    pub note: Option<String>,
    route: PhantomData<K>,
}

/// Bodies larger than this are judged off the event loop; a smaller one (a CCG or LCG pair, a
/// Trilogy: 20–100 µs of work) is judged where it was read, without a hop to another thread.
const LARGE_BODY: usize = 32 * 1024;

impl<K: DeckRoute + 'static> FromRequest for DeckRequest<K> {
    type Error = Error;
    type Future = Boxed<Self>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let game = PathGame::of(req);
        let body = Body::<Standard>::from_request(req, payload);
        let req = req.clone();
        Box::pin(async move {
            let PathGame(game) = game?;
            let mut body = body.await?;
            let large = body.text.len() > LARGE_BODY;
            let note = body.note.take();
            let mut read = read_request(game.as_ref(), &req, body, K::WINDOW)?;
            let links = &state(&req)?.links;
            let linked = linked::fetch(
                links,
                game.info().id,
                linked::given(&mut read.request.decks),
                &mut read.request.input_format,
            )
            .await?;
            Ok(Self {
                game,
                request: read.request,
                from: read.from,
                until: read.until,
                links: linked,
                large,
                note,
                route: PhantomData,
            })
        })
    }
}

/// The fields every validate and window request shares, as read from the query string, then
/// the body (a field the body gives wins).
#[derive(Debug, Default)]
struct Shared {
    format: Option<Vec<String>>,
    as_of: Option<Date>,
    input_format: Option<String>,
    explain: Option<bool>,
    competitive: Option<bool>,
    player: Option<String>,
    uid: Option<String>,
    from: Option<Date>,
    until: Option<Date>,
}

/// A validate or window request's query string: the shared fields (a window's `from` and
/// `until` too); every other parameter is the game's option.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct DeckQuery {
    format: Option<String>,
    as_of: Option<String>,
    input_format: Option<String>,
    explain: Option<bool>,
    competitive: Option<bool>,
    player: Option<String>,
    uid: Option<String>,
    from: Option<String>,
    until: Option<String>,
}

/// The parameters a validate (`window`: a window) route reads besides the game's options.
fn query_names(window: bool) -> &'static [&'static str] {
    const VALIDATE: &[&str] = &[
        "format",
        "as_of",
        "input_format",
        "explain",
        "competitive",
        "player",
        "uid",
    ];
    const WINDOW: &[&str] = &[
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
    if window { WINDOW } else { VALIDATE }
}

impl Shared {
    /// A body's shared fields over the query string's (`null` is leaving a field out). A
    /// value the body replaces is still checked: a value outside its documented set is
    /// refused wherever it is.
    fn set(&mut self, body: SharedFields<'_>, game: &dyn AnyGame) -> Result<(), RequestError> {
        if let Some(f) = body.format {
            if let Some(asked) = &self.format {
                game.info().resolve_formats(asked, today())?;
            }
            self.format = Some(f.into_vec());
        }
        self.as_of = optional_date("as_of", body.as_of.as_deref())?.or(self.as_of);
        if let Some(i) = body.input_format {
            if let Some(asked) = &self.input_format {
                game.info().input(asked)?;
            }
            self.input_format = Some(i.0);
        }
        self.explain = body.explain.or(self.explain);
        self.competitive = body.competitive.or(self.competitive);
        self.player = body.player.or(self.player.take());
        self.uid = body.uid.or(self.uid.take());
        Ok(())
    }

    /// The request core validates: these fields over the defaults (today; the game's first
    /// format), with the decks and the game's options.
    fn into_request(
        self,
        game: &dyn AnyGame,
        decks: Vec<DeckInput>,
        options: Map<String, Value>,
    ) -> Result<ValidateRequest, RequestError> {
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

fn today() -> Date {
    jiff::Zoned::now().date()
}

/// A game's first format: what a request that names none is checked for.
pub fn default_format(game: &dyn AnyGame) -> Result<String, RequestError> {
    game.info()
        .formats
        .first()
        .map(|f| f.id.clone())
        .ok_or_else(|| RequestError::missing("format", "the format to check"))
}

/// Which shape a validate or window body has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// A JSON deck posted as it is: the game reads one, `deck` is its list of entries.
    Bare,
    One,
    Several,
}

/// The body's fields with each list and object left empty: what a game needs to tell a bare
/// JSON deck from a request, without reading the deck.
fn outline(fields: &RawFields<'_>) -> Map<String, Value> {
    fields
        .iter()
        .map(|(k, raw)| {
            let shape = match Kind::of(raw.get()) {
                Kind::List => Value::Array(Vec::new()),
                Kind::Object => Value::Object(Map::new()),
                _ => serde_json::from_str(raw.get()).unwrap_or(Value::Null),
            };
            (k.to_string(), shape)
        })
        .collect()
}

/// The shape of a validate or window body: a JSON deck posted as it is, one deck or several
/// (`null` is leaving a field out).
fn shape(game: &dyn AnyGame, fields: &RawFields<'_>) -> Result<Shape, RequestError> {
    let kind = |k: &str| fields.get(k).map(|raw| Kind::of(raw.get()));
    let bare = kind("deck") == Some(Kind::List)
        && !fields.contains_key("decks")
        && game.is_bare_deck(&outline(fields));
    let given = |k: &str| kind(k).is_some_and(|k| k != Kind::Null);
    match (bare, given("deck"), given("decks")) {
        (true, ..) => Ok(Shape::Bare),
        (_, true, true) => Err(RequestError::bad_value(
            "decks",
            "give either deck or decks, not both",
        )),
        (_, true, false) => Ok(Shape::One),
        (_, false, true) => Ok(Shape::Several),
        (_, false, false) => Err(RequestError::missing(
            "deck",
            "a deck list (a string) or a JSON deck (an object), or decks",
        )),
    }
}

/// A validate or window request as read, before its links are fetched.
struct Read {
    request: ValidateRequest,
    from: Option<Date>,
    until: Option<Date>,
}

/// Reads a validate (`window`: window) request for `game` from the query string and the body.
fn read_request(
    game: &dyn AnyGame,
    req: &HttpRequest,
    body: Body,
    window: bool,
) -> Result<Read, RequestError> {
    let mut options = Map::new();
    let names = game.option_names();
    let pairs = query::pairs(req.query_string())?;
    let mut own = Vec::new();
    for (key, value) in &pairs {
        if query_names(window).contains(&key.as_ref()) {
            own.push((key.as_ref(), value.as_ref()));
        } else if names.contains(&key.as_ref()) {
            options.insert(key.to_string(), Value::String(value.to_string()));
        } else {
            let mut known = query_names(window).to_vec();
            known.extend(names);
            let short = deckcheck_core::echo(key);
            return Err(RequestError::bad_value(
                &short,
                format!(
                    "the query parameter {short} cannot be used: unknown parameter; this route takes {}",
                    known.join(", ")
                ),
            ));
        }
    }
    let q: DeckQuery = query::read(own.into_iter())?;
    let mut shared = Shared {
        format: q.format.map(|f| vec![f]),
        as_of: optional_date("as_of", q.as_of.as_deref())?,
        input_format: q.input_format,
        explain: q.explain,
        competitive: q.competitive,
        player: q.player,
        uid: q.uid,
        from: optional_date("from", q.from.as_deref())?,
        until: optional_date("until", q.until.as_deref())?,
    };
    let decks = match body.kind {
        BodyKind::Text => vec![DeckInput {
            field: "body".into(),
            text: body.text,
        }],
        BodyKind::Other(t) => {
            return Err(*unsupported(&t, &["application/json", "text/plain"]).error);
        }
        BodyKind::Json => {
            let fields: RawFields<'_> =
                from_object(&body.text).map_err(|e| RequestError::json(&e))?;
            let shape = shape(game, &fields)?;
            let (own, fields_given, decks, range): (&[&str], _, _, _) = match (shape, window) {
                (Shape::Bare, _) => {
                    let mut b: BareDeck = read_own(&fields)?;
                    (
                        deckcheck_core::game::field_names::<BareDeck>(),
                        b.shared(),
                        None,
                        (None, None),
                    )
                }
                (Shape::One, false) => {
                    let mut b: ValidateDeck = read_own(&fields)?;
                    (
                        deckcheck_core::game::field_names::<ValidateDeck>(),
                        b.shared(),
                        Some(vec![("deck".to_string(), b.deck)]),
                        (None, None),
                    )
                }
                (Shape::Several, false) => {
                    let mut b: ValidateDecks = read_own(&fields)?;
                    (
                        deckcheck_core::game::field_names::<ValidateDecks>(),
                        b.shared(),
                        Some(several(b.decks)),
                        (None, None),
                    )
                }
                (Shape::One, true) => {
                    let mut b: WindowDeck = read_own(&fields)?;
                    (
                        deckcheck_core::game::field_names::<WindowDeck>(),
                        b.shared(),
                        Some(vec![("deck".to_string(), b.deck)]),
                        (b.from, b.until),
                    )
                }
                (Shape::Several, true) => {
                    let mut b: WindowDecks = read_own(&fields)?;
                    (
                        deckcheck_core::game::field_names::<WindowDecks>(),
                        b.shared(),
                        Some(several(b.decks)),
                        (b.from, b.until),
                    )
                }
            };
            let option_fields = fields.iter().filter(|(key, _)| {
                // The shape's own field, or a JSON deck's own field (its reader's), is not an
                // option.
                !(own.contains(&&***key) || (decks.is_none() && !names.contains(&&***key)))
            });
            // Every other field is the game's own option; its type refuses unknown ones by name.
            for (key, raw) in option_fields {
                let value: Value = serde_json::from_str(raw.get()).map_err(|e| {
                    let mut err = RequestError::json(&e).field(&**key);
                    err.message = format!("{key}: {}", err.message);
                    err
                })?;
                options.insert(key.to_string(), value);
            }
            shared.set(fields_given, game)?;
            shared.from = optional_date("from", range.0.as_deref())?.or(shared.from);
            shared.until = optional_date("until", range.1.as_deref())?.or(shared.until);
            match decks {
                Some(decks) => json_decks(decks)?,
                None => {
                    drop(fields);
                    vec![DeckInput {
                        field: "body".into(),
                        text: body.text,
                    }]
                }
            }
        }
    };
    if let (Some(f), Some(u)) = (shared.from, shared.until)
        && u < f
    {
        return Err(RequestError::new(
            ErrorCode::BadRange,
            format!("until ({u}) is before from ({f})"),
        )
        .field("until"));
    }
    let (from, until) = (shared.from, shared.until);
    Ok(Read {
        request: shared.into_request(game, decks, options)?,
        from,
        until,
    })
}

/// The decks of a body, each with the field it was given in (`decks[1]`).
fn several(decks: Vec<Deck<'_>>) -> Vec<(String, Deck<'_>)> {
    decks
        .into_iter()
        .enumerate()
        .map(|(i, d)| (format!("decks[{i}]"), d))
        .collect()
}

/// The decks of a JSON request, each a list or a JSON deck (how many a format plays is
/// core's to say).
fn json_decks(decks: Vec<(String, Deck<'_>)>) -> Result<Vec<DeckInput>, RequestError> {
    if decks.is_empty() {
        return Err(RequestError::bad_value(
            "decks",
            "decks must be a list of one to three decks",
        ));
    }
    decks
        .into_iter()
        .map(|(field, deck)| deck.input(field))
        .collect()
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
        let mut body: ValidateDeck = read_own(&fields).unwrap();
        let json = (body.deck.0).0;
        assert_eq!(json, r#"{"leader": {"id": "SOR_017"}}"#);
        let start = text.find(json).unwrap();
        assert!(std::ptr::eq(json.as_ptr(), text[start..].as_ptr()));
        assert_eq!(body.shared().as_of.as_deref(), Some("2025-05-01"));
    }
}
