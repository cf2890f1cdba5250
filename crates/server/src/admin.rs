//! `POST /v1/admin/reload`: rebuilds every game's data off the request path and swaps it in.
//! Needs `Authorization: Bearer <DECKCHECK_ADMIN_TOKEN>` (the scheme in any case, RFC 7235);
//! without a configured token the route answers 404, as if it did not exist.

use actix_web::http::header::{AUTHORIZATION, WWW_AUTHENTICATE};
use actix_web::web::{self, Data};
use actix_web::{HttpRequest, HttpResponse, ResponseError};
use secrecy::ExposeSecret;

use super::AppState;
use super::cards::{NoQuery, query};
use super::error::{ApiError, ErrorAnswer};
use crate::openapi::say;

#[utoipa::path(
    post,
    path = "/v1/admin/reload",
    operation_id = "admin_reload",
    tag = "Service",
    summary = "Reload every game's data and swap it in (admin bearer token)",
    security(("admin" = [])),
    responses(
        (status = 200, description = "Every game reloaded.", body = crate::Reloaded),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
        (status = 401, description = "No admin token, or another one.", body = ErrorAnswer),
        (status = 404, description = "No admin token is set (DECKCHECK_ADMIN_TOKEN): the route does not exist.", body = ErrorAnswer),
        (status = 500, description = "New data could not be loaded; the previous data stays in use (`details`: each game).", body = ErrorAnswer),
    ),
)]
pub async fn reload(req: HttpRequest, state: Data<AppState>) -> Result<HttpResponse, ApiError> {
    query::<NoQuery>(&req)?;
    if let Some(refused) = refuse_unless_admin(&req, &state) {
        return Ok(refused);
    }
    let reloader = state.clone();
    let reloaded = web::block(move || reloader.reload())
        .await
        .map_err(|e| ApiError::internal(format!("the reload did not run: {e}")))?;
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
        Err(ApiError::reload_failed(&reloaded))
    }
}

/// The answer to a request without the admin bearer token (a 401 with `WWW-Authenticate`), or
/// to any request when no token is configured (a 404: admin routes are off); `None` when the
/// request carries the token.
pub(crate) fn refuse_unless_admin(req: &HttpRequest, state: &AppState) -> Option<HttpResponse> {
    let Some(token) = state.settings.admin_token.as_ref() else {
        return Some(
            ApiError::not_found(
                "path",
                "admin routes are disabled (set DECKCHECK_ADMIN_TOKEN to enable them)",
            )
            .error_response(),
        );
    };
    let given = req
        .headers()
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split_once(' '))
        .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
        .map(|(_, credentials)| credentials.trim());
    if given.is_some_and(|g| constant_time_eq(g.as_bytes(), token.expose_secret().as_bytes())) {
        return None;
    }
    let mut answer = ApiError::unauthorized().error_response();
    answer.headers_mut().insert(
        WWW_AUTHENTICATE,
        actix_web::http::header::HeaderValue::from_static("Bearer realm=\"deckcheck admin\""),
    );
    Some(answer)
}

/// Compares secrets without revealing where they differ through timing.
pub(crate) fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}
