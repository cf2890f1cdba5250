//! `GET /health` (ready, which data answers) and `GET /openapi.json` (the API, described).

use actix_web::HttpResponse;
use actix_web::web::Data;

use super::AppState;

pub async fn health(state: Data<AppState>) -> HttpResponse {
    let checker = state.checker();
    HttpResponse::Ok().json(serde_json::json!({
        "status": "ready",
        "catalog": checker.catalog.version(),
        "cards": checker.catalog.cards().len(),
        "printings": checker.catalog.printings().len(),
    }))
}

/// The OpenAPI document, written by hand in `docs/openapi.json` and kept in step with the
/// routes by a test.
pub const OPENAPI: &str = include_str!("../../docs/openapi.json");

pub async fn openapi() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .body(OPENAPI)
}
