//! Probes and the service's own documents: `GET /health` and `GET /health/live` (liveness: the
//! process answers), `GET /ready` (readiness: every game's data loaded and the event store
//! answering), `GET /metrics` (Prometheus) and `GET /openapi.json` (the API, described).
//!
//! As container probes: liveness on `/health/live` (restart the container when it stops
//! answering), readiness on `/ready` (send it no traffic while it answers 503: loading its
//! data at start, or its event store silent). Readiness never restarts anything, so a database
//! outage takes replicas out of rotation and puts them back when it clears.

use std::time::Duration;

use actix_web::http::StatusCode;
use actix_web::web::Data;
use actix_web::{FromRequest, HttpRequest, HttpResponse};
use serde::Serialize;

use crate::error::Error;
use crate::extract::{Admin, NoParams};
use crate::games::Unavailable;
use crate::responses::{ErrorAnswer, say};
use crate::settings::{MetricsAuth, StoreName};
use crate::state::AppState;

/// The longest `/ready` and `/metrics` wait for the event store's answer.
const STORE_ANSWER: Duration = Duration::from_secs(2);

#[derive(Serialize, utoipa::ToSchema)]
pub struct Health {
    /// `loading` while the games' data loads at start, then `live`.
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

/// `/ready`'s answer, 200 or 503 alike.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Ready {
    /// `ready` (200) or `not-ready` (503).
    pub status: &'static str,
    /// Why not ready: `loading`, `store`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub waiting_for: Vec<&'static str>,
    /// The games whose data answers.
    pub games: Vec<GameHealth>,
    /// Games whose data could not be loaded (their routes answer 503; the others serve).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unavailable: Vec<Unavailable>,
    pub store: StoreHealth,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct StoreHealth {
    #[serde(flatten)]
    pub name: StoreName,
    /// Whether it answered a trivial query just now.
    pub answers: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// `/health/live`'s answer.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Live {
    /// `live`.
    pub status: &'static str,
}

fn games(state: &AppState) -> (Vec<GameHealth>, Vec<Unavailable>) {
    let loaded = state.loaded();
    let games = loaded
        .registry
        .games()
        .iter()
        .map(|g| GameHealth {
            game: g.info().id,
            catalog: g.info().catalog.to_string(),
            cards: g.info().cards,
        })
        .collect();
    (games, loaded.unavailable.clone())
}

/// `GET /health`: the process answers, and which data answers.
#[utoipa::path(
    get,
    path = "/health",
    operation_id = "health",
    tag = "Service",
    summary = "Live (the process answers), and which data answers",
    responses(
        (status = 200, description = "Live, and which data answers (`status` is `loading` while the games' data loads at start).", body = Health),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
    ),
)]
pub async fn health(_: NoParams, state: Data<AppState>) -> Result<HttpResponse, Error> {
    let body = state.kept_health(|| {
        let (games, unavailable) = games(&state);
        let health = Health {
            status: if state.is_loading() {
                "loading"
            } else {
                "live"
            },
            games,
            unavailable,
        };
        serde_json::to_vec(&health).unwrap_or_default().into()
    });
    Ok(HttpResponse::Ok()
        .content_type(actix_web::http::header::ContentType::json())
        .body(body))
}

/// `GET /health/live`: the process answers; nothing else is looked at.
#[utoipa::path(
    get,
    path = "/health/live",
    operation_id = "health_live",
    tag = "Service",
    summary = "Live: the process answers (a liveness probe)",
    responses(
        (status = 200, description = "The process answers.", body = Live),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
    ),
)]
pub async fn live(_: NoParams) -> Result<HttpResponse, Error> {
    Ok(HttpResponse::Ok().json(Live { status: "live" }))
}

/// Why the event store is not answering.
#[derive(Debug, thiserror::Error)]
enum StoreSilent {
    #[error("{0}")]
    Failed(deckcheck_store::StoreError),
    #[error("the event store did not answer within {0} s")]
    TimedOut(u64),
}

/// Whether the event store answers a trivial query within [`STORE_ANSWER`]; why not.
async fn store_answers(state: &AppState) -> Result<(), StoreSilent> {
    match actix_web::rt::time::timeout(STORE_ANSWER, state.store.ping()).await {
        Ok(Ok(())) => Ok(()),
        Ok(Err(e)) => {
            crate::metrics::store_error(&e);
            Err(StoreSilent::Failed(e))
        }
        Err(_) => {
            crate::metrics::store_timeout();
            Err(StoreSilent::TimedOut(STORE_ANSWER.as_secs()))
        }
    }
}

/// `GET /ready`: 200 when every game's data has loaded (a game that could not be is listed as
/// unavailable) and the event store answers; 503 otherwise, saying what it waits for.
#[utoipa::path(
    get,
    path = "/ready",
    operation_id = "ready",
    tag = "Service",
    summary = "Ready: every game's data loaded and the event store answering (a readiness probe); 503 otherwise",
    responses(
        (status = 200, description = "Ready: every game's data loaded (a game that could not be is listed as unavailable) and the event store answering.", body = Ready),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
        (status = 503, description = "Not ready: loading the games' data, or the event store does not answer (`waiting_for` says which).", body = Ready),
    ),
)]
pub async fn ready(_: NoParams, state: Data<AppState>) -> Result<HttpResponse, Error> {
    let answered = store_answers(&state).await;
    let mut waiting_for = Vec::new();
    if state.is_loading() {
        waiting_for.push("loading");
    }
    if answered.is_err() {
        waiting_for.push("store");
    }
    let (games, unavailable) = games(&state);
    let status = if waiting_for.is_empty() {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    Ok(HttpResponse::build(status).json(Ready {
        status: if waiting_for.is_empty() {
            "ready"
        } else {
            "not-ready"
        },
        waiting_for,
        games,
        unavailable,
        store: StoreHealth {
            name: state.store_name.clone(),
            answers: answered.is_ok(),
            error: answered.err().map(|e| e.to_string()),
        },
    }))
}

/// `GET /metrics`: every metric in Prometheus's text format (see `metrics.rs`); with
/// `DECKCHECK_METRICS_AUTH=admin`, only with the admin bearer token.
pub async fn metrics(
    _: NoParams,
    req: HttpRequest,
    state: Data<AppState>,
) -> Result<HttpResponse, Error> {
    if state.settings.metrics_auth == MetricsAuth::Admin {
        Admin::extract(&req).await?;
    }
    let store_up = store_answers(&state).await.is_ok();
    let text = state.render_metrics(store_up);
    Ok(HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4; charset=utf-8")
        .body(text))
}

/// The API document, generated from the code at start (see `openapi.rs`).
#[utoipa::path(
    get,
    path = "/openapi.json",
    operation_id = "openapi",
    tag = "Service",
    summary = "This document",
    responses(
        (status = 200, description = "An OpenAPI 3.1 document.", body = crate::responses::Document),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
    ),
)]
pub async fn openapi(_: NoParams, state: Data<AppState>) -> Result<HttpResponse, Error> {
    Ok(HttpResponse::Ok()
        .content_type("application/json")
        .body(match &state.openapi {
            std::borrow::Cow::Borrowed(text) => actix_web::web::Bytes::from_static(text.as_bytes()),
            std::borrow::Cow::Owned(text) => actix_web::web::Bytes::from(text.clone()),
        }))
}
