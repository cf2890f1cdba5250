//! `POST /v1/admin/reload`: rebuilds every game's data off the request path and swaps it in.
//! Needs `Authorization: Bearer <DECKCHECK_ADMIN_TOKEN>` (the scheme in any case, RFC 7235);
//! without a configured token the route answers 404, as if it did not exist.

use actix_web::HttpResponse;
use actix_web::web::{self, Data};
use deckcheck_core::RequestError;

use crate::error::Error;
use crate::extract::{Admin, NoParams};
use crate::responses::{ErrorAnswer, say};
use crate::state::AppState;

#[utoipa::path(
    post,
    path = "/v1/admin/reload",
    operation_id = "admin_reload",
    tag = "Service",
    summary = "Reload every game's data and swap it in (admin bearer token)",
    security(("admin" = [])),
    responses(
        (status = 200, description = "Every game reloaded.", body = deckcheck_core::Reloaded),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
        (status = 401, description = "No admin token, or another one.", body = ErrorAnswer),
        (status = 404, description = "No admin token is set (DECKCHECK_ADMIN_TOKEN): the route does not exist.", body = ErrorAnswer),
        (status = 500, description = "New data could not be loaded; the previous data stays in use (`details`: each game).", body = ErrorAnswer),
    ),
)]
pub async fn reload(_: NoParams, _: Admin, state: Data<AppState>) -> Result<HttpResponse, Error> {
    let reloader = state.clone();
    let reloaded = web::block(move || crate::loading::reload(&reloader))
        .await
        .map_err(|e| RequestError::internal(format!("the reload did not run: {e}")))?;
    for g in &reloaded.games {
        match &g.error {
            None => tracing::info!(
                game = g.game,
                catalog = g.catalog.as_deref().unwrap_or(""),
                previous = g.previous.as_deref().unwrap_or(""),
                "reloaded"
            ),
            Some(e) => tracing::error!(
                game = g.game,
                error = e.as_str(),
                "reload failed; the previous data stays"
            ),
        }
    }
    if reloaded.reloaded {
        Ok(HttpResponse::Ok().json(reloaded))
    } else {
        Err(RequestError::reload_failed(reloaded).into())
    }
}
