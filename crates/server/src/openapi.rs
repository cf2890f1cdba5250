//! The API document, generated from the code: every [`Endpoint`] (and each game's own copy of
//! the game routes), with the request and answer types' schemas derived from the types
//! themselves (utoipa). Pinned by a snapshot test; `docs/openapi.json` is written from it.

use deckcheck_core::{Registry, Validated};
use utoipa::openapi::path::{
    HttpMethod, OperationBuilder, ParameterBuilder, ParameterIn, PathItem,
};
use utoipa::openapi::request_body::RequestBodyBuilder;
use utoipa::openapi::{
    ComponentsBuilder, ContentBuilder, InfoBuilder, OpenApi, OpenApiBuilder, PathsBuilder, Ref,
    RefOr, Required, ResponseBuilder, ResponsesBuilder, Schema,
};
use utoipa::{PartialSchema, ToSchema};

use crate::endpoints::{Endpoint, Method};

/// The error shape of every 4xx and 5xx answer.
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct ErrorAnswer {
    pub error: ErrorBody,
}

#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// Stable id: `bad-value`, `unknown-format`, `unreadable-deck`, `body-too-large`…
    pub code: String,
    pub message: String,
    /// The field or parameter at fault.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub details: Option<serde_json::Value>,
}

fn json(schema: RefOr<Schema>) -> utoipa::openapi::Content {
    ContentBuilder::new().schema(Some(schema)).build()
}

fn reference(name: &str) -> RefOr<Schema> {
    RefOr::Ref(Ref::from_schema_name(name))
}

fn error_response(description: &str) -> utoipa::openapi::Response {
    ResponseBuilder::new()
        .description(description)
        .content("application/json", json(reference("ErrorAnswer")))
        .build()
}

fn query(name: &str, description: &str) -> utoipa::openapi::path::Parameter {
    ParameterBuilder::new()
        .name(name)
        .parameter_in(ParameterIn::Query)
        .required(Required::False)
        .description(Some(description))
        .schema(Some(String::schema()))
        .build()
}

fn path_param(name: &str, description: &str) -> utoipa::openapi::path::Parameter {
    ParameterBuilder::new()
        .name(name)
        .parameter_in(ParameterIn::Path)
        .required(Required::True)
        .description(Some(description))
        .schema(Some(String::schema()))
        .build()
}

/// What one endpoint answers, for one game (`None`: the default game's path).
fn operation(endpoint: Endpoint, game: Option<&str>) -> utoipa::openapi::path::Operation {
    let suffix = game.map(|g| format!("_{g}")).unwrap_or_default();
    let (id, summary, answer): (&str, &str, &str) = match endpoint {
        Endpoint::Validate => (
            "validate",
            "Is this deck legal in these formats on this date, and if not, why?",
            "Validated",
        ),
        Endpoint::ValidateBatch => (
            "validate_batch",
            "An event's roster: one answer per entry and a summary",
            "BatchResponse",
        ),
        Endpoint::Compare => (
            "compare",
            "A judge's deck check: is the presented deck the registered one?",
            "Comparison",
        ),
        Endpoint::Window => (
            "window",
            "When is this deck legal, format by format?",
            "Window",
        ),
        Endpoint::CardSearch => (
            "search_cards",
            "Cards by name, with did-you-mean",
            "SearchAnswer",
        ),
        Endpoint::Card => (
            "card",
            "One card and its standing in each format on a date",
            "",
        ),
        Endpoint::Games => (
            "games",
            "The games, their formats, input formats and violation codes",
            "GamesAnswer",
        ),
        Endpoint::Formats => ("formats", "Each game's formats", "FormatsAnswer"),
        Endpoint::Sets => (
            "sets",
            "Star Wars: Unlimited sets with release dates and rotation blocks",
            "",
        ),
        Endpoint::Suspensions => ("suspensions", "Star Wars: Unlimited suspension history", ""),
        Endpoint::Health => ("health", "Ready, and which data answers", "Health"),
        Endpoint::OpenApi => ("openapi", "This document", ""),
        Endpoint::AdminReload => (
            "admin_reload",
            "Reload every game's data (admin bearer token)",
            "Reloaded",
        ),
        e if e.is_event() => crate::events::describe(e),
        _ => ("page", "", ""),
    };
    let ok_schema = if answer.is_empty() {
        serde_json::Value::schema()
    } else {
        reference(answer)
    };
    let mut op = OperationBuilder::new()
        .operation_id(Some(format!("{id}{suffix}")))
        .summary(Some(summary))
        .responses(
            ResponsesBuilder::new()
                .response(
                    "200",
                    ResponseBuilder::new()
                        .description("The answer")
                        .content("application/json", json(ok_schema)),
                )
                .response("400", error_response("The request cannot be understood"))
                .response("404", error_response("No such route, game or card"))
                .build(),
        );
    if endpoint.method() == Method::Post && endpoint != Endpoint::AdminReload {
        let body = match endpoint {
            Endpoint::Validate | Endpoint::Window => RequestBodyBuilder::new()
                .content("application/json", json(serde_json::Value::schema()))
                .content("text/plain", json(String::schema()))
                .build(),
            _ => RequestBodyBuilder::new()
                .content("application/json", json(serde_json::Value::schema()))
                .build(),
        };
        op = op.request_body(Some(body));
    }
    match endpoint {
        Endpoint::Validate | Endpoint::Window | Endpoint::ValidateBatch => {
            for (name, what) in [
                ("format", "One format, a comma-separated list, or all"),
                ("as_of", "The date of the event, YYYY-MM-DD (default today)"),
                (
                    "input_format",
                    "The deck's input format (default: detected)",
                ),
            ] {
                op = op.parameter(query(name, what));
            }
        }
        Endpoint::CardSearch => {
            op = op
                .parameter(query("q", "The name to look for"))
                .parameter(query("limit", "1 to 50"));
        }
        Endpoint::Card => {
            op = op
                .parameter(path_param("id", "Any id of the card"))
                .parameter(query("as_of", "The date, YYYY-MM-DD"));
        }
        Endpoint::Suspensions => {
            op = op
                .parameter(query("format", "Only this list"))
                .parameter(query("as_of", "Only those in force on this date"));
        }
        _ => {}
    }
    op.build()
}

/// The document for the games loaded.
pub fn document(registry: &Registry) -> OpenApi {
    let mut paths = PathsBuilder::new();
    for endpoint in Endpoint::ALL.into_iter().filter(|e| e.is_api()) {
        let method = match endpoint.method() {
            Method::Get => HttpMethod::Get,
            Method::Post => HttpMethod::Post,
        };
        paths = paths.path(
            endpoint.path(),
            PathItem::new(method.clone(), operation(endpoint, None)),
        );
        for game in registry.games() {
            let id = game.info().id;
            if let Some(path) = endpoint.game_path(id) {
                paths = paths.path(
                    path,
                    PathItem::new(method.clone(), operation(endpoint, Some(id))),
                );
            }
        }
    }
    let mut components = ComponentsBuilder::new()
        .schema_from::<ErrorAnswer>()
        .schema_from::<ErrorBody>()
        .schema_from::<Validated>()
        .schema_from::<deckcheck_core::Comparison>()
        .schema_from::<deckcheck_core::Window>()
        .schema_from::<crate::decks::BatchResponse>()
        .schema_from::<crate::cards::SearchAnswer>()
        .schema_from::<crate::cards::GamesAnswer>()
        .schema_from::<crate::cards::FormatsAnswer>()
        .schema_from::<crate::health::Health>()
        .schema_from::<crate::Reloaded>();
    for game in registry.games() {
        let (name, schema) = game.options_schema();
        components = components.schema(name, schema);
    }
    let mut doc = OpenApiBuilder::new()
        .info(
            InfoBuilder::new()
                .title("deckcheck")
                .version(env!("CARGO_PKG_VERSION"))
                .description(Some(
                    "Deck-list legality for Star Wars: Unlimited, The Card Game, the CCG and Legion: is this deck legal in this format on this date, and if not, exactly why.",
                ))
                .build(),
        )
        .paths(paths.build())
        .components(Some(components.build()))
        .build();
    // Schemas the types above refer to.
    let mut nested = Vec::new();
    <Validated as ToSchema>::schemas(&mut nested);
    <deckcheck_core::Comparison as ToSchema>::schemas(&mut nested);
    <deckcheck_core::Window as ToSchema>::schemas(&mut nested);
    <crate::decks::BatchResponse as ToSchema>::schemas(&mut nested);
    <crate::cards::SearchAnswer as ToSchema>::schemas(&mut nested);
    <crate::cards::GamesAnswer as ToSchema>::schemas(&mut nested);
    <crate::cards::FormatsAnswer as ToSchema>::schemas(&mut nested);
    <crate::health::Health as ToSchema>::schemas(&mut nested);
    <crate::Reloaded as ToSchema>::schemas(&mut nested);
    <ErrorAnswer as ToSchema>::schemas(&mut nested);
    if let Some(components) = doc.components.as_mut() {
        for (name, schema) in nested {
            components.schemas.entry(name).or_insert(schema);
        }
    }
    doc
}

pub fn document_json(registry: &Registry) -> String {
    document(registry)
        .to_pretty_json()
        .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}
