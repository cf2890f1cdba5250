//! Organizer keys, the operator's (issue 35 item 4): `POST /v1/admin/organizer-keys/issue`
//! issues one for an organizer (shown once), `GET /v1/admin/organizer-keys` lists them, `POST …/{key}/revoke` takes one back
//! without touching the others. A request to `POST /v1/events` carrying a live key creates
//! events within that key's own budget, never held by what strangers spent
//! ([`crate::limits`]). Every route needs the admin bearer token ([`Admin`]).

use actix_web::web::Data;
use actix_web::{HttpRequest, HttpResponse};
use deckcheck_store::{IssuedKey, OrganizerKey};
use serde::{Deserialize, Serialize};

use crate::error::Error;
use crate::extract::{Admin, Body, NoParams, path};
use crate::responses::{ErrorAnswer, JsonErrors, say};
use crate::state::AppState;

/// Whom a new organizer key is for.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct KeyRequest {
    /// The organizer (a store, a league), as the operator lists it: 1 to 200 characters, no
    /// control characters.
    #[schema(example = "Wichita Games")]
    pub name: crate::requests::Name,
}

/// Every organizer key.
#[derive(Serialize, utoipa::ToSchema)]
pub struct KeysAnswer {
    /// Oldest first, revoked ones too; never the keys themselves.
    pub keys: Vec<OrganizerKey>,
}

fn now() -> jiff::Timestamp {
    jiff::Timestamp::now()
}

/// `POST /v1/admin/organizer-keys/issue`: a new organizer key, shown once.
#[utoipa::path(
    post,
    path = "/v1/admin/organizer-keys/issue",
    operation_id = "issue_organizer_key",
    tag = "Service",
    summary = "Issue an organizer key, shown once: it creates events without the caps strangers spend (admin bearer token)",
    security(("admin" = [])),
    request_body = KeyRequest,
    responses(
        JsonErrors,
        (status = 201, description = "The key (shown once; only its hash is kept), its id and whom it is for.", body = IssuedKey),
        (status = 401, description = "No admin token, or another one.", body = ErrorAnswer),
        (status = 404, description = "No admin token is set (DECKCHECK_ADMIN_TOKEN): the route does not exist.", body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn issue(
    _: NoParams,
    _: Admin,
    body: Body,
    state: Data<AppState>,
) -> Result<HttpResponse, Error> {
    let asked: KeyRequest = body.read()?;
    let issued = state
        .store
        .issue_organizer_key(&asked.name.0, now())
        .await?;
    tracing::info!(
        key = issued.info.id.as_str(),
        name = issued.info.name.as_str(),
        "the operator issued an organizer key"
    );
    Ok(HttpResponse::Created().json(issued))
}

/// `GET /v1/admin/organizer-keys`: every organizer key, never the keys.
#[utoipa::path(
    get,
    path = "/v1/admin/organizer-keys",
    operation_id = "organizer_keys",
    tag = "Service",
    summary = "Every organizer key: ids, names, when issued and revoked, events created; never the keys (admin bearer token)",
    security(("admin" = [])),
    responses(
        (status = 200, description = "Every organizer key, oldest first.", body = KeysAnswer),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
        (status = 401, description = "No admin token, or another one.", body = ErrorAnswer),
        (status = 404, description = "No admin token is set (DECKCHECK_ADMIN_TOKEN): the route does not exist.", body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn list(_: NoParams, _: Admin, state: Data<AppState>) -> Result<HttpResponse, Error> {
    let keys = state.store.organizer_keys().await?;
    Ok(HttpResponse::Ok().json(KeysAnswer { keys }))
}

/// `POST /v1/admin/organizer-keys/{key}/revoke`: the key creates nothing any more.
#[utoipa::path(
    post,
    path = "/v1/admin/organizer-keys/{key}/revoke",
    operation_id = "revoke_organizer_key",
    tag = "Service",
    summary = "Revoke an organizer key: it creates no event any more; the events it created stay (admin bearer token)",
    security(("admin" = [])),
    params(("key" = String, Path, description = "The key's id (`ok_…`), as the list names it.")),
    responses(
        (status = 200, description = "The key, revoked (revoking it again changes nothing).", body = OrganizerKey),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
        (status = 401, description = "No admin token, or another one.", body = ErrorAnswer),
        (status = 404, description = "No organizer key has this id; or no admin token is set (DECKCHECK_ADMIN_TOKEN): the route does not exist.", body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn revoke(
    _: NoParams,
    req: HttpRequest,
    _: Admin,
    state: Data<AppState>,
) -> Result<HttpResponse, Error> {
    let key = state
        .store
        .revoke_organizer_key(path(&req, "key"), now())
        .await?;
    tracing::warn!(
        key = key.id.as_str(),
        name = key.name.as_str(),
        "the operator revoked an organizer key"
    );
    Ok(HttpResponse::Ok().json(key))
}
