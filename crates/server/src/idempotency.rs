//! `Idempotency-Key` on the write routes a client may retry (issue 35 item 3): registration,
//! resubmission, amendment, deck check, event creation and publishing.
//!
//! A handler takes [`Idempotency`] (the header, read and checked), asks it first whether the
//! same request was answered already ([`Idempotency::replay`]: the first answer again, with
//! `Idempotent-Replayed: true`; the same key with another request is a 422), and makes its
//! answer through [`Keyed::answer`]: the store's write keeps that answer in its own
//! transaction (`deckcheck_store::idempotency`), so a client whose answer was lost after the
//! commit (a 503 `outcome-unknown`) gets it, token and all, by sending the request again with
//! the same key, for 24 hours.
//!
//! A key is the client's own: it is named within its route and the token presented (two
//! clients never share one), and is a string of 1 to 255 visible ASCII characters (a UUID is
//! what the page and the generated clients send; the quotes of a structured-header string are
//! taken off).

use std::future::Future;
use std::sync::Arc;

use actix_web::body::MessageBody;
use actix_web::dev::Payload;
use actix_web::http::StatusCode;
use actix_web::web::Data;
use actix_web::{FromRequest, HttpRequest, HttpResponse};
use deckcheck_core::{ErrorCode, RequestError};
use deckcheck_store::idempotency::{self, Answer, Found, Request};

use crate::error::Error;
use crate::extract::bearer;
use crate::state::AppState;

/// The request header.
pub const HEADER: &str = "Idempotency-Key";
/// The answer header of a replayed answer.
pub const REPLAYED: &str = "Idempotent-Replayed";
/// The header as the API document describes it, on each route that takes it.
pub const DESCRIBE: &str = "A key of the client's own for this request (a UUID; 1 to 255 visible ASCII characters): the same request sent again with the same key within 24 hours gets the first answer again, the token in it too, with `Idempotent-Replayed: true`, and changes nothing; the same key with another request is a 422 `idempotency-key-reused`. Send one whenever a write may be retried: after a 503 `outcome-unknown` it is the only way to learn what was done.";

/// The longest key taken.
const MAX_KEY: usize = 255;

/// A write route's `Idempotency-Key`, if the request carries one (see the module).
pub struct Idempotency {
    key: Option<String>,
    /// The route and who asked: where the key is looked for.
    scope: String,
    /// Method, path and query: the request, with its body, as the key names it.
    target: String,
    state: Data<AppState>,
}

/// A key checked against what the store holds: the request is new.
pub struct Keyed {
    request: Option<Request>,
    state: Data<AppState>,
}

fn bad_key(message: &str) -> Error {
    RequestError::bad_value(HEADER, message).into()
}

impl Idempotency {
    fn of(req: &HttpRequest) -> Result<Self, Error> {
        let state = req
            .app_data::<Data<AppState>>()
            .cloned()
            .ok_or_else(|| Error::from(RequestError::internal("the service's state is not set")))?;
        let mut values = req.headers().get_all(HEADER);
        let key = match (values.next(), values.next()) {
            (None, _) => None,
            (Some(_), Some(_)) => return Err(bad_key("give one Idempotency-Key, not several")),
            (Some(value), None) => {
                let text = value.to_str().map_err(|_| {
                    bad_key("an Idempotency-Key is visible ASCII characters (a UUID)")
                })?;
                let text = text.trim();
                let text = text
                    .strip_prefix('"')
                    .and_then(|t| t.strip_suffix('"'))
                    .unwrap_or(text);
                if text.is_empty()
                    || text.len() > MAX_KEY
                    || !text.bytes().all(|b| b.is_ascii_graphic())
                {
                    return Err(bad_key(
                        "an Idempotency-Key is 1 to 255 visible ASCII characters (a UUID)",
                    ));
                }
                Some(text.to_string())
            }
        };
        // Who asked: the token presented (its hash: never the token), none for a public route.
        let who = bearer(req).map_or_else(String::new, deckcheck_store::token::hash);
        Ok(Self {
            key,
            scope: format!("{} {}\n{who}", req.method(), req.path()),
            target: format!("{} {}?{}", req.method(), req.path(), req.query_string()),
            state,
        })
    }

    /// The answer the same request got, if it was answered already (the header
    /// `Idempotent-Replayed: true` on it); the same key with another request is a 422
    /// (`idempotency-key-reused`). Else the request is new: [`Keyed`] makes its answer.
    pub async fn replay(self, body: &str) -> Result<Result<Keyed, HttpResponse>, Error> {
        let Some(key) = &self.key else {
            return Ok(Ok(Keyed {
                request: None,
                state: self.state,
            }));
        };
        let mut content = self.target.clone().into_bytes();
        content.push(b'\n');
        content.extend_from_slice(body.as_bytes());
        let request = Request::new(&self.scope, key, &content);
        match self
            .state
            .store
            .idempotent(&request, jiff::Timestamp::now())
            .await?
        {
            Found::Same(answer) => Ok(Err(replayed(answer))),
            Found::Other => Err(reused()),
            Found::Nothing => Ok(Ok(Keyed {
                request: Some(request),
                state: self.state,
            })),
        }
    }
}

fn reused() -> Error {
    RequestError::new(
        ErrorCode::IdempotencyKeyReused,
        "this Idempotency-Key was sent with another request within the last 24 hours; send a new key for a new request",
    )
    .field(HEADER)
    .into()
}

/// An answer kept, as it is answered again.
fn replayed(answer: Answer) -> HttpResponse {
    HttpResponse::build(StatusCode::from_u16(answer.status).unwrap_or(StatusCode::OK))
        .content_type("application/json")
        .insert_header((REPLAYED, "true"))
        .body(answer.body)
}

/// An answer as it is kept: its status and its body.
fn kept(response: HttpResponse) -> Option<Answer> {
    let status = response.status().as_u16();
    let body = response.into_body().try_into_bytes().ok()?;
    Some(Answer {
        status,
        body: body.to_vec(),
    })
}

impl Keyed {
    /// Runs the store's write (`work`) and answers what `make` makes of its result. With a
    /// key, the write keeps that answer in its transaction, and the answer given is the one
    /// kept; when the write is refused because another request with the same key was answered
    /// first (sent at the same time), that answer is given.
    pub async fn answer<T, E, F>(
        self,
        work: F,
        make: impl Fn(&T) -> HttpResponse + Send + Sync + 'static,
    ) -> Result<HttpResponse, Error>
    where
        T: 'static,
        E: Into<Error>,
        F: Future<Output = Result<T, E>>,
    {
        let Some(request) = self.request else {
            let done = work.await.map_err(Into::into)?;
            return Ok(make(&done));
        };
        let make = Arc::new(make);
        let keep = Arc::clone(&make);
        let (done, answer) = idempotency::recorded(
            request.clone(),
            Box::new(move |any| any.downcast_ref::<T>().map(|t| keep(t)).and_then(kept)),
            work,
        )
        .await;
        match done {
            Ok(done) => Ok(match answer {
                Some(answer) => HttpResponse::build(
                    StatusCode::from_u16(answer.status).unwrap_or(StatusCode::OK),
                )
                .content_type("application/json")
                .body(answer.body),
                None => make(&done),
            }),
            Err(e) => {
                let e: Error = e.into();
                // A refusal may be a twin's doing (the same request sent at the same time took
                // the key, the UID): its answer is this one's. A failure of the store is said
                // as it is (`outcome-unknown`: the client retries with the key).
                if e.code().status() >= 500 {
                    return Err(e);
                }
                match self
                    .state
                    .store
                    .idempotent(&request, jiff::Timestamp::now())
                    .await
                {
                    Ok(Found::Same(answer)) => Ok(replayed(answer)),
                    _ => Err(e),
                }
            }
        }
    }
}

impl FromRequest for Idempotency {
    type Error = Error;
    type Future = std::future::Ready<Result<Self, Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        std::future::ready(Self::of(req))
    }
}

impl crate::extract::Guard for Idempotency {}
