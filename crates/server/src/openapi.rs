//! The API document, generated from the code: every [`Endpoint`] (and each game's own copy of
//! the game routes, written as a literal path with that game's own request schemas), the answer
//! types' schemas derived from the types themselves (utoipa), the request schemas made from
//! each game's [`GameApi`] (its formats, input formats and options, from its own data and no
//! card catalog). Pinned by a snapshot test; `docs/openapi.json` is written from it.
//!
//! What the document promises, the service keeps: every field and parameter it lists is read,
//! every other one is refused by name (400); a value outside its enum, bounds or shape is a 400;
//! a request of the documented shape that cannot be answered as it is (a deck that cannot be
//! read, a range that ends before it starts) is a 422.

use std::collections::BTreeMap;

use deckcheck_core::{GameApi, GameSpec};
use serde_json::{Map, Value, json};
use utoipa::openapi::path::ParameterIn;
use utoipa::{IntoParams, ToSchema};

use crate::endpoints::{Endpoint, Method};

/// A game as the document describes it: its id and what its requests may name.
pub struct DocGame {
    pub id: &'static str,
    pub name: &'static str,
    pub api: GameApi,
}

/// Every game of [`crate::games::GAMES`] as the document describes it, from each game's own
/// legality data (`card_data`: a directory replacing the embedded copy).
pub fn games(
    card_data: Option<&std::path::Path>,
) -> Result<Vec<DocGame>, deckcheck_core::LoadError> {
    crate::games::GAMES
        .iter()
        .map(|spec: &&GameSpec| {
            Ok(DocGame {
                id: spec.id,
                name: spec.name,
                api: (spec.api)(card_data)
                    .map_err(|e| deckcheck_core::LoadError::new(format!("{}: {e}", spec.name)))?,
            })
        })
        .collect()
}

/// The schema a derived type gives, as JSON.
fn schema_of<T: ToSchema>() -> Value {
    serde_json::to_value(T::schema()).unwrap_or_default()
}

/// Adds `T`'s schema and every schema it refers to.
pub(crate) fn add_schema<T: ToSchema>(components: &mut BTreeMap<String, Value>) {
    components.insert(T::name().into_owned(), schema_of::<T>());
    let mut nested = Vec::new();
    T::schemas(&mut nested);
    for (name, schema) in nested {
        components
            .entry(name)
            .or_insert_with(|| serde_json::to_value(schema).unwrap_or_default());
    }
}

fn reference(name: &str) -> Value {
    json!({ "$ref": format!("#/components/schemas/{name}") })
}

/// `schema` or `null` (a field left out and a field sent as `null` mean the same).
fn nullable(mut schema: Value) -> Value {
    match schema.get("type").cloned() {
        Some(Value::String(t)) => {
            schema["type"] = json!([t, "null"]);
            if let Some(values) = schema.get_mut("enum").and_then(Value::as_array_mut) {
                values.push(Value::Null);
            }
            schema
        }
        _ => json!({ "oneOf": [schema, { "type": "null" }] }),
    }
}

/// The format ids of a game.
fn format_ids(game: &DocGame) -> Vec<&str> {
    game.api.formats.iter().map(|f| f.id.as_str()).collect()
}

/// The pattern of a format list in one string: ids (or `all`) separated by commas.
fn format_list_pattern(game: &DocGame) -> String {
    let mut ids = format_ids(game);
    ids.push("all");
    let one = format!("({})", ids.join("|"));
    format!("^{one}(,{one})*$")
}

fn format_list_description(game: &DocGame) -> String {
    format!(
        "The formats to check: one of {}, several separated by commas, or `all` (every format that can be played on `as_of`). Default: {}.",
        format_ids(game).join(", "),
        format_ids(game).first().copied().unwrap_or("the first")
    )
}

fn one_format(game: &DocGame, description: &str) -> Value {
    json!({
        "type": "string",
        "enum": format_ids(game),
        "description": description,
    })
}

fn input_format(game: &DocGame) -> Value {
    let ids: Vec<&str> = game.api.inputs.iter().map(|i| i.id).collect();
    let described: Vec<String> = game
        .api
        .inputs
        .iter()
        .map(|i| format!("`{}`: {}", i.id, i.description))
        .collect();
    json!({
        "type": "string",
        "enum": ids,
        "description": format!("The deck's input format (default: detected, trying them in this order). {}", described.join(" ")),
    })
}

fn date(description: &str) -> Value {
    json!({ "type": "string", "format": "date", "description": description })
}

/// A deck in a JSON request.
fn deck_schema(game: &DocGame) -> Value {
    let inputs: Vec<&str> = game.api.inputs.iter().map(|i| i.name).collect();
    json!({
        "description": format!(
            "A {} deck: a list in any of its input formats ({}) as a string, or a JSON deck as an object. A deck whose content cannot be read is a 422; entries that cannot be read are diagnostics of the answer.",
            game.name,
            inputs.join(", ")
        ),
        "oneOf": [
            { "type": "string" },
            { "type": "object" },
        ],
    })
}

/// The fields every validate and window request shares, in a JSON body.
fn common_fields(game: &DocGame) -> Map<String, Value> {
    let mut formats = json!({
        "description": format_list_description(game),
        "oneOf": [
            { "type": "string", "pattern": format_list_pattern(game) },
            {
                "type": "array",
                "minItems": 1,
                "items": { "type": "string", "enum": format_ids(game).into_iter().chain(["all"]).collect::<Vec<_>>() },
            },
            { "type": "null" },
        ],
    });
    formats["examples"] = json!([game.api.example.format]);
    let mut out = Map::new();
    out.insert("format".into(), formats);
    out.insert(
        "as_of".into(),
        nullable(date("The date of the event (default: today).")),
    );
    out.insert("input_format".into(), nullable(input_format(game)));
    out.insert(
        "explain".into(),
        nullable(json!({ "type": "boolean", "description": "Also answer each deck as understood, section by section (`decks[].view`)." })),
    );
    out.insert(
        "competitive".into(),
        nullable(json!({ "type": "boolean", "description": "The list is registered for a competitive event: also check what registration requires (the player's name and id)." })),
    );
    out.insert(
        "player".into(),
        nullable(json!({ "type": "string", "description": "The player's name, for a registration's completeness." })),
    );
    out.insert(
        "uid".into(),
        nullable(json!({ "type": "string", "description": "The player's id, for a registration's completeness." })),
    );
    out
}

/// The game's own options (each nullable, as the game reads them).
fn option_fields(game: &DocGame) -> Map<String, Value> {
    game.api
        .options
        .get("properties")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default()
}

fn object(required: &[&str], properties: Map<String, Value>, description: &str) -> Value {
    json!({
        "type": "object",
        "description": description,
        "required": required,
        "properties": properties,
        "additionalProperties": false,
    })
}

/// The JSON body of a validate (`window`: a window) request: one deck, several decks (a
/// Trilogy), or a bare JSON deck for a game that reads one; each shape excludes the others.
fn validate_body(game: &DocGame, window: bool) -> Value {
    let mut fields = common_fields(game);
    fields.extend(option_fields(game));
    if window {
        fields.insert(
            "from".into(),
            nullable(date(
                "The first day to judge (default: the game's first change point).",
            )),
        );
        fields.insert(
            "until".into(),
            nullable(date("The last day to judge (default: the game's last change point); before `from` is a 422.")),
        );
    }
    let mut one = fields.clone();
    one.insert("deck".into(), deck_schema(game));
    let mut several = fields.clone();
    several.insert(
        "decks".into(),
        json!({
            "type": "array",
            "minItems": 1,
            "maxItems": game.api.max_decks(),
            "items": deck_schema(game),
            "description": "The decks of one submission, judged together where the format plays several as one (Trilogy: 3), each alone otherwise; more than the formats asked play is a 422. Not with `deck`.",
        }),
    );
    let mut shapes = vec![
        object(&["deck"], one, "One deck. Not with `decks`."),
        object(&["decks"], several, "Several decks. Not with `deck`."),
    ];
    if game.api.bare_deck {
        let mut bare = fields;
        bare.insert(
            "deck".into(),
            json!({ "type": "array", "description": "The JSON deck's own entries." }),
        );
        // No `decks` (a schema nothing matches; `false` is the same in JSON Schema, but client
        // generators reject a boolean schema).
        bare.insert("decks".into(), json!({ "not": {} }));
        shapes.push(json!({
            "type": "object",
            "description": "A JSON deck posted as it is (a SWUDB export: `metadata`, `leader`, `secondleader`, `base`, `deck`, `sideboard`), with the request's fields beside its own. Its entries are read one by one: an entry that cannot be read is a diagnostic, not an error.",
            "required": ["deck"],
            "properties": bare,
            "additionalProperties": true,
        }));
    }
    json!({ "oneOf": shapes })
}

fn batch_body(game: &DocGame) -> Value {
    let mut fields = Map::new();
    fields.insert(
        "entries".into(),
        json!({
            "type": "array",
            "description": "The roster. An entry is `{player, uid, deck}` (BatchEntry); an entry of another shape is answered as that entry's error, and the others are still judged.",
            "items": { "anyOf": [reference(&entry_name(game)), { "description": "Any other value: answered as this entry's error." }] },
        }),
    );
    fields.insert(
        "format".into(),
        nullable(one_format(
            game,
            "The one format the roster is checked for (default: the game's first).",
        )),
    );
    fields.insert(
        "as_of".into(),
        nullable(date("The date of the event (default: today).")),
    );
    fields.insert("input_format".into(), nullable(input_format(game)));
    fields.insert(
        "explain".into(),
        nullable(
            json!({ "type": "boolean", "description": "Also answer each deck as understood." }),
        ),
    );
    fields.insert(
        "competitive".into(),
        nullable(json!({ "type": "boolean", "description": "Check what registration requires (default: true)." })),
    );
    fields.extend(option_fields(game));
    object(
        &["entries"],
        fields,
        "An event's roster, checked for one format on one date.",
    )
}

fn entry_schema(game: &DocGame) -> Value {
    let mut fields = Map::new();
    fields.insert(
        "player".into(),
        nullable(json!({ "type": "string", "description": "The player's name." })),
    );
    fields.insert(
        "uid".into(),
        nullable(json!({ "type": "string", "description": "The player's id." })),
    );
    fields.insert("deck".into(), deck_schema(game));
    object(&["deck"], fields, "One entry of a roster.")
}

fn compare_body(game: &DocGame) -> Value {
    let mut fields = Map::new();
    fields.insert("registered".into(), deck_schema(game));
    fields.insert("presented".into(), deck_schema(game));
    let mut deck_box = deck_schema(game);
    if let Some(shapes) = deck_box["oneOf"].as_array_mut() {
        shapes.push(json!({ "type": "null" }));
    }
    deck_box["description"] =
        json!("Other cards found in the deck box (count as sideboard where the game has one).");
    fields.insert("box".into(), deck_box);
    fields.insert(
        "format".into(),
        nullable(one_format(
            game,
            "The event's format (default: the game's first).",
        )),
    );
    fields.insert(
        "as_of".into(),
        nullable(date("The date of the event (default: today).")),
    );
    object(
        &["registered", "presented"],
        fields,
        "A judge's deck check: the registered list and the cards presented. Decks whose entries cannot all be read are a 422.",
    )
}

fn entry_name(game: &DocGame) -> String {
    format!("{}BatchEntry", pascal(game.id))
}

fn pascal(id: &str) -> String {
    let mut c = id.chars();
    c.next()
        .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
        .unwrap_or_default()
}

fn query_param(name: &str, schema: Value, description: &str) -> Value {
    json!({
        "name": name,
        "in": "query",
        "required": false,
        "description": description,
        "schema": schema,
    })
}

/// The query parameters of a validate or window request (its fields when the body is a text
/// list; a JSON body's fields win over them).
fn validate_query(game: &DocGame, window: bool) -> Vec<Value> {
    let mut params = vec![
        query_param(
            "format",
            json!({ "type": "string", "pattern": format_list_pattern(game), "examples": [game.api.example.format] }),
            &format_list_description(game),
        ),
        query_param(
            "as_of",
            date(""),
            "The date of the event, YYYY-MM-DD (default: today).",
        ),
        query_param(
            "input_format",
            input_format(game),
            "The deck's input format (default: detected).",
        ),
        query_param(
            "explain",
            json!({ "type": "boolean" }),
            "Also answer each deck as understood.",
        ),
        query_param(
            "competitive",
            json!({ "type": "boolean" }),
            "Check what registration requires.",
        ),
        query_param("player", json!({ "type": "string" }), "The player's name."),
        query_param("uid", json!({ "type": "string" }), "The player's id."),
    ];
    if window {
        params.push(query_param("from", date(""), "The first day to judge."));
        params.push(query_param("until", date(""), "The last day to judge."));
    }
    // The game's options whose value is a string.
    for (name, schema) in option_fields(game) {
        let types = match schema.get("type") {
            Some(Value::String(t)) => vec![t.clone()],
            Some(Value::Array(ts)) => ts
                .iter()
                .filter_map(|t| t.as_str().map(str::to_string))
                .collect(),
            _ => Vec::new(),
        };
        if types.is_empty() || types.iter().any(|t| t != "string" && t != "null") {
            continue;
        }
        let mut schema = schema.clone();
        schema["type"] = json!("string");
        if let Some(values) = schema.get_mut("enum").and_then(Value::as_array_mut) {
            values.retain(|v| !v.is_null());
        }
        let description = schema
            .as_object_mut()
            .and_then(|o| o.remove("description"))
            .and_then(|d| d.as_str().map(str::to_string))
            .unwrap_or_default();
        params.push(query_param(&name, schema, &description));
    }
    params
}

/// Parameters a derived [`IntoParams`] type gives, as JSON.
fn params_of<T: IntoParams>() -> Vec<Value> {
    T::into_params(|| Some(ParameterIn::Query))
        .into_iter()
        .map(|p| serde_json::to_value(p).unwrap_or_default())
        .collect()
}

/// Sets the enum of a parameter.
fn with_enum(mut params: Vec<Value>, name: &str, values: &[&str]) -> Vec<Value> {
    for p in &mut params {
        if p["name"] == name {
            p["schema"] = json!({ "type": "string", "enum": values });
        }
    }
    params
}

fn error_response(description: &str) -> Value {
    json!({
        "description": description,
        "content": { "application/json": { "schema": reference("ErrorAnswer") } },
    })
}

fn error_description(status: u16) -> &'static str {
    match status {
        400 => {
            "The request does not have the documented shape: a wrong type, an unknown field or parameter, a value outside its list or bounds. `error.field` names it."
        }
        401 => "The admin bearer token is missing or wrong.",
        404 => "No such card (or, for the admin route, admin routes are disabled).",
        408 => "The body did not arrive whole in time.",
        413 => "The body (or a roster's number of entries) is larger than the service takes.",
        415 => "The body's content type is not one this route reads.",
        422 => {
            "The request has the documented shape but cannot be answered as it is: a deck or a limited pool that cannot be read, a range that ends before it starts. `error.field` names it."
        }
        500 => "The data could not be reloaded; the previous data stays in use.",
        503 => {
            "The game's data is not loaded, or the service is receiving as many request bodies as it holds at once (retry)."
        }
        _ => "An error.",
    }
}

fn json_content(schema: Value) -> Value {
    json!({ "application/json": { "schema": schema } })
}

/// One operation: what it reads and what it answers, for one game (`None`: a route with no game,
/// or the default game's path).
fn operation(endpoint: Endpoint, game: &DocGame, per_game: bool) -> Value {
    let (id, summary) = endpoint.describe();
    let operation_id = if per_game {
        format!("{id}_{}", game.id)
    } else {
        id.to_string()
    };
    let g = pascal(game.id);
    let tag = if endpoint.per_game() {
        game.name
    } else {
        "Service"
    };
    let example = &game.api.example;
    let one_deck =
        json!({ "deck": example.deck, "format": example.format, "as_of": example.as_of });
    let (ok, mut errors, params, body): (Value, Vec<u16>, Vec<Value>, Option<Value>) =
        match endpoint {
            Endpoint::Validate | Endpoint::Window => {
                let window = endpoint == Endpoint::Window;
                let name = if window {
                    format!("{g}WindowRequest")
                } else {
                    format!("{g}ValidateRequest")
                };
                let mut examples = Map::new();
                examples.insert(
                    "one deck".into(),
                    json!({ "summary": "A real deck, checked for one format on a date", "value": one_deck }),
                );
                if !window && game.api.max_decks() > 1 {
                    let several = game
                        .api
                        .formats
                        .iter()
                        .find(|f| f.decks > 1)
                        .map(|f| f.id.as_str())
                        .unwrap_or(example.format);
                    let decks: Vec<&str> =
                        (0..game.api.max_decks()).map(|_| example.deck).collect();
                    examples.insert(
                        "several decks".into(),
                        json!({
                            "summary": format!("One submission of {} decks ({several})", decks.len()),
                            "value": { "decks": decks, "format": several, "as_of": example.as_of },
                        }),
                    );
                }
                let body = json!({
                    "required": true,
                    "description": "A JSON request, or a deck list as text with the request's fields in the query string.",
                    "content": {
                        "application/json": { "schema": reference(&name), "examples": examples },
                        "text/plain": {
                            "schema": { "type": "string", "description": "A deck list in any of the game's input formats." },
                            "example": example.deck,
                        },
                    },
                });
                (
                    reference(if window { "Window" } else { "Validated" }),
                    vec![400, 408, 413, 415, 422, 503],
                    validate_query(game, window),
                    Some(body),
                )
            }
            Endpoint::ValidateBatch => {
                let body = json!({
                    "required": true,
                    "content": { "application/json": {
                        "schema": reference(&format!("{g}BatchRequest")),
                        "examples": { "a roster": { "summary": "A roster of one entry", "value": {
                            "format": example.format,
                            "as_of": example.as_of,
                            "entries": [{ "player": "Ada Lovelace", "uid": "1001", "deck": example.deck }],
                        } } },
                    } },
                });
                (
                    reference("BatchResponse"),
                    vec![400, 408, 413, 415, 503],
                    Vec::new(),
                    Some(body),
                )
            }
            Endpoint::Compare => {
                let body = json!({
                    "required": true,
                    "content": { "application/json": {
                        "schema": reference(&format!("{g}CompareRequest")),
                        "examples": { "the same deck": { "summary": "The registered list presented as it was", "value": {
                            "registered": example.deck,
                            "presented": example.deck,
                            "format": example.format,
                            "as_of": example.as_of,
                        } } },
                    } },
                });
                (
                    reference("Comparison"),
                    vec![400, 408, 413, 415, 422, 503],
                    Vec::new(),
                    Some(body),
                )
            }
            Endpoint::CardSearch => {
                let mut params = params_of::<crate::cards::SearchQuery>();
                for p in &mut params {
                    if p["name"] == "q" {
                        p["example"] = json!(example.name);
                    }
                }
                (reference("SearchAnswer"), vec![400, 503], params, None)
            }
            Endpoint::Card => {
                let mut params = vec![json!({
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "description": "Any id of the card (a printing id, a blueprint id, a unit id).",
                    "schema": { "type": "string" },
                    "example": example.card,
                })];
                params.extend(params_of::<crate::cards::CardQuery>());
                (
                    json!({ "type": "object", "description": "The card as its game describes it, with its standing in each format on the date." }),
                    vec![400, 404, 503],
                    params,
                    None,
                )
            }
            Endpoint::Games => (reference("GamesAnswer"), vec![400], Vec::new(), None),
            Endpoint::Formats => (
                reference("FormatsAnswer"),
                vec![400, 503],
                with_enum(
                    params_of::<crate::cards::FormatsQuery>(),
                    "game",
                    &crate::games::GAMES.iter().map(|g| g.id).collect::<Vec<_>>(),
                ),
                None,
            ),
            Endpoint::Sets => (reference("SetsAnswer"), vec![400, 503], Vec::new(), None),
            Endpoint::Suspensions => (
                reference("SuspensionsAnswer"),
                vec![400, 503],
                with_enum(
                    params_of::<crate::cards::SuspensionsQuery>(),
                    "format",
                    &format_ids(game),
                ),
                None,
            ),
            Endpoint::Health => (reference("Health"), vec![400], Vec::new(), None),
            Endpoint::HealthLive => (reference("Live"), vec![400], Vec::new(), None),
            Endpoint::Ready => (reference("Ready"), vec![400], Vec::new(), None),
            Endpoint::OpenApi => (
                json!({ "type": "object", "description": "An OpenAPI 3.1 document." }),
                vec![400],
                Vec::new(),
                None,
            ),
            Endpoint::AdminReload => (
                reference("Reloaded"),
                vec![400, 401, 404, 500],
                Vec::new(),
                None,
            ),
            event if event.is_event() => return event_operation(event, game, &operation_id),
            _ => (json!({}), Vec::new(), Vec::new(), None),
        };
    errors.sort_unstable();
    let errors: Vec<(u16, String)> = errors
        .into_iter()
        .map(|s| (s, error_description(s).to_string()))
        .collect();
    let mut op = json!({
        "operationId": operation_id,
        "summary": summary,
        "tags": [tag],
        "responses": responses(200, summary, ok, &errors),
        "security": [],
    });
    if endpoint == Endpoint::AdminReload {
        op["security"] = json!([{ "admin": [] }]);
    }
    if endpoint == Endpoint::Ready {
        op["responses"]["503"] = json!({
            "description": "Not ready: loading the games' data, or the event store does not answer",
            "content": { "application/json": { "schema": reference("Ready") } },
        });
    }
    if !params.is_empty() {
        op["parameters"] = json!(params);
    }
    if let Some(body) = body {
        op["requestBody"] = body;
    }
    op
}

/// The responses of an operation: its success, then each error with what it means there; each
/// carries `x-request-id`, a 401 `WWW-Authenticate`, a 429 `Retry-After`.
fn responses(
    success: u16,
    summary: &str,
    ok: Value,
    errors: &[(u16, String)],
) -> Map<String, Value> {
    let mut responses = Map::new();
    responses.insert(
        success.to_string(),
        json!({ "description": summary, "content": json_content(ok) }),
    );
    for (status, description) in errors {
        responses.insert(status.to_string(), error_response(description));
    }
    for (status, response) in responses.iter_mut() {
        let mut headers = json!({ "x-request-id": {
            "description": "The request's id, the one its log lines carry.",
            "required": true,
            "schema": { "type": "string" },
        } });
        if status == "401" {
            headers["WWW-Authenticate"] = json!({
                "description": "The scheme to use: `Bearer`, with the realm.",
                "required": true,
                "schema": { "type": "string" },
            });
        }
        if status == "429" {
            headers["Retry-After"] = json!({
                "description": "Seconds to wait before the next attempt.",
                "required": true,
                "schema": { "type": "integer", "minimum": 1 },
            });
        }
        response["headers"] = headers;
    }
    responses
}

/// An event route (`/v1/events/...`): its words, token, body, answer and statuses
/// ([`crate::events_doc`]).
fn event_operation(endpoint: Endpoint, game: &DocGame, operation_id: &str) -> Value {
    use deckcheck_store::Stored;
    let (_, summary) = endpoint.describe();
    let parts = crate::events_doc::operation(endpoint, game);
    let mut op = json!({
        "operationId": operation_id,
        "summary": summary,
        "tags": ["Events"],
        "responses": responses(parts.status, summary, parts.answer, &parts.errors),
        "security": if parts.roles.is_empty() { json!([]) } else { json!([{ "eventToken": [] }]) },
    });
    if !parts.roles.is_empty() {
        let roles: Vec<&str> = parts.roles.iter().map(|r| r.as_str()).collect();
        op["x-roles"] = json!(roles);
    }
    if !parts.params.is_empty() {
        op["parameters"] = json!(parts.params);
    }
    if let Some(body) = parts.body {
        op["requestBody"] = body;
    }
    op
}

/// The document for these games (the first the default game).
pub fn document(games: &[DocGame]) -> Value {
    let Some(default) = games.first() else {
        return json!({});
    };
    let mut paths = Map::new();
    for endpoint in Endpoint::ALL.into_iter().filter(|e| e.is_api()) {
        let method = match endpoint.method() {
            Method::Get => "get",
            Method::Post => "post",
        };
        // The routes of no game describe the default game's data (SWU's sets, suspensions).
        paths.insert(
            endpoint.path().to_string(),
            json!({ method: operation(endpoint, default, false) }),
        );
        for game in games {
            if let Some(path) = endpoint.game_path(game.id) {
                paths.insert(path, json!({ method: operation(endpoint, game, true) }));
            }
        }
    }
    let mut schemas = BTreeMap::new();
    add_schema::<crate::error::ErrorAnswer>(&mut schemas);
    add_schema::<deckcheck_core::Validated>(&mut schemas);
    add_schema::<deckcheck_core::Comparison>(&mut schemas);
    add_schema::<deckcheck_core::Window>(&mut schemas);
    add_schema::<crate::decks::BatchResponse>(&mut schemas);
    add_schema::<crate::cards::SearchAnswer>(&mut schemas);
    add_schema::<crate::cards::GamesAnswer>(&mut schemas);
    add_schema::<crate::cards::FormatsAnswer>(&mut schemas);
    add_schema::<crate::cards::SetsAnswer>(&mut schemas);
    add_schema::<crate::cards::SuspensionsAnswer>(&mut schemas);
    add_schema::<crate::health::Health>(&mut schemas);
    add_schema::<crate::health::Live>(&mut schemas);
    add_schema::<crate::health::Ready>(&mut schemas);
    add_schema::<crate::Reloaded>(&mut schemas);
    crate::events_doc::add_answer_schemas(&mut schemas);
    schemas.extend(crate::events_doc::schemas(games));
    for game in games {
        let g = pascal(game.id);
        schemas.insert(format!("{g}ValidateRequest"), validate_body(game, false));
        schemas.insert(format!("{g}WindowRequest"), validate_body(game, true));
        schemas.insert(format!("{g}BatchRequest"), batch_body(game));
        schemas.insert(entry_name(game), entry_schema(game));
        schemas.insert(format!("{g}CompareRequest"), compare_body(game));
    }
    let names: Vec<&str> = games.iter().map(|g| g.name).collect();
    json!({
        "openapi": "3.1.0",
        "info": {
            "title": "deckcheck",
            "version": env!("CARGO_PKG_VERSION"),
            "description": format!(
                "Deck-list legality for {}: is this deck legal in this format on this date, and if not, exactly why. The game routes of the default game ({}) are at /v1/decks/… and /v1/cards…; every game's own are at /v1/games/{{game}}/…. A deck that breaks rules is a 200 with a report; a request that does not have the documented shape is a 400, one that has it but cannot be answered as it is a 422, each with {{\"error\": {{code, message, field, details}}}}.",
                names.join(", "),
                default.name
            ),
            "license": { "name": "MIT", "identifier": "MIT" },
        },
        "paths": paths,
        "components": {
            "schemas": schemas,
            "securitySchemes": {
                "admin": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "The token set in DECKCHECK_ADMIN_TOKEN. Without one set, the admin route answers 404.",
                },
                "eventToken": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "A token of the event in the path, as the event routes issue them, each once: the organizer's (creating the event), a judge's (issued by the organizer), a player's (registering). Each route names the roles it takes (`x-roles`); a token of another role is a 403, no token or one that does not open this event a 401.",
                },
            },
        },
    })
}

/// The document as the service serves it and `docs/openapi.json` holds it.
pub fn document_json(games: &[DocGame]) -> String {
    let mut text = serde_json::to_string_pretty(&document(games))
        .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
    text.push('\n');
    text
}
