//! `GET /health` (ready, and which data answers) and `GET /openapi.json` (the API, described).

use actix_web::web::Data;
use actix_web::{HttpRequest, HttpResponse};
use serde::Serialize;

use super::AppState;
use super::cards::{NoQuery, query};
use super::error::ApiError;
use super::games::Unavailable;

#[derive(Serialize, utoipa::ToSchema)]
pub struct Health {
    /// `ready`.
    pub status: &'static str,
    pub games: Vec<GameHealth>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unavailable: Vec<Unavailable>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct GameHealth {
    pub game: &'static str,
    /// Which card data answers: a content hash, and for a synced catalog its sync time.
    pub catalog: String,
    pub cards: usize,
}

#[utoipa::path(
    get,
    path = "/health",
    operation_id = "health",
    tag = "Service",
    summary = "Ready, and which data answers",
    responses(
        (status = 200, description = "Ready, and which data answers.", body = Health),
        (status = 400, description = crate::openapi::say::NO_PARAMETERS, body = crate::error::ErrorAnswer),
    ),
)]
pub async fn health(req: HttpRequest, state: Data<AppState>) -> Result<HttpResponse, ApiError> {
    query::<NoQuery>(&req)?;
    let loaded = state.loaded();
    Ok(HttpResponse::Ok().json(Health {
        status: "ready",
        games: loaded
            .registry
            .games()
            .iter()
            .map(|g| GameHealth {
                game: g.info().id,
                catalog: g.info().catalog.to_string(),
                cards: g.info().cards,
            })
            .collect(),
        unavailable: loaded.unavailable.clone(),
    }))
}

/// The API document, generated from the code at start (see `openapi.rs`).
#[utoipa::path(
    get,
    path = "/openapi.json",
    operation_id = "openapi",
    tag = "Service",
    summary = "This document",
    responses(
        (status = 200, description = "An OpenAPI 3.1 document.", body = crate::openapi::Document),
        (status = 400, description = crate::openapi::say::NO_PARAMETERS, body = crate::error::ErrorAnswer),
    ),
)]
pub async fn openapi(req: HttpRequest, state: Data<AppState>) -> Result<HttpResponse, ApiError> {
    query::<NoQuery>(&req)?;
    Ok(HttpResponse::Ok()
        .content_type("application/json")
        .body(state.openapi.clone()))
}
