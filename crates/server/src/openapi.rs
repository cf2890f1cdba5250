//! The API document, derived from the code: the routes as [`crate::app::routes`]
//! registers them, each with its handler's `#[utoipa::path]`, and every request and answer
//! schema derived from its type (utoipa), collected by utoipa-actix-web as the routes are
//! registered. Pinned by a snapshot test; `docs/openapi.json` is written from it.
//!
//! What varies by game is given each game from its own data ([`GameApi`], no card catalog):
//! the game routes (`/v1/games/{game}/…`, and the default game's `/v1/decks/…`, `/v1/cards…`)
//! are written once per game as literal paths, and the schemas that name the game's formats
//! ([`crate::requests::Format`], [`crate::requests::FormatList`]), its input formats
//! ([`crate::requests::InputFormat`]) or its options get one copy per game (`SwuValidateDeck`),
//! those three made from the game's data and its options' derived schema.
//!
//! What the document promises, the service keeps: every field and parameter it lists is read,
//! every other one is refused by name (400); a value outside its enum, bounds or shape is a 400;
//! a request of the documented shape that cannot be answered as it is (a deck that cannot be
//! read, a range that ends before it starts) is a 422.

use std::collections::BTreeSet;

use deckcheck_core::{GameApi, GameSpec};
use serde_json::{Map, Value, json};
use utoipa::ToSchema;

use crate::requests;

/// The default game's routes (Star Wars: Unlimited's).
pub const DEFAULT_GAME: &str = "/v1";
/// Every game's own routes: the document gives each game its own copy, with its own formats,
/// input formats and options.
pub const EACH_GAME: &str = "/v1/games/{game}";

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

/// The document for these games (the first the default game), from the document the routes'
/// registration derives ([`crate::app::derived`]).
pub fn document(mut doc: Value, games: &[DocGame]) -> Value {
    let Some(default) = games.first() else {
        return doc;
    };
    let mut schemas: Map<String, Value> = match doc["components"]["schemas"].take() {
        Value::Object(m) => m,
        _ => Map::new(),
    };
    let varying = game_varying(&schemas);
    // Each game's copy of every schema that names the game's values.
    for game in games {
        for name in &varying {
            if let Some(schema) = game_schema(game, name, &schemas, &varying) {
                schemas.insert(format!("{}{name}", pascal(game.id)), schema);
            }
        }
    }
    // The routes of each game, and the default game's; every other route names no game.
    let paths = match doc["paths"].take() {
        Value::Object(m) => m,
        _ => Map::new(),
    };
    // A game route is registered for every game and for the default game (`/v1` + its rest).
    let game_routes: BTreeSet<String> = paths
        .keys()
        .filter_map(|p| p.strip_prefix(EACH_GAME).map(str::to_string))
        .collect();
    let mut out = Map::new();
    let mut generic: BTreeSet<String> = BTreeSet::new();
    for (path, mut item) in paths {
        if let Some(rest) = path.strip_prefix(EACH_GAME) {
            for game in games {
                let mut item = item.clone();
                for_game(&mut item, game, true, &varying);
                out.insert(format!("/v1/games/{}{rest}", game.id), item);
            }
        } else if path
            .strip_prefix(DEFAULT_GAME)
            .is_some_and(|rest| game_routes.contains(rest))
        {
            for_game(&mut item, default, false, &varying);
            out.insert(path, item);
        } else if path.starts_with("/v1/events") {
            // An event's game is in its body (a new event) or in the store: one shape per game.
            collect_refs(&item, &mut generic);
            event_example(&mut item, &path, default);
            out.insert(path, item);
        } else {
            // The other routes that name a game's values are the default game's own (SWU's
            // sets and suspensions).
            rename_refs(&mut item, default, &varying);
            out.insert(path, item);
        }
    }
    // A schema of every game a route that names no game reads (a new event) is one of each
    // game's shapes; the other generic copies are not used.
    for name in &varying {
        schemas.remove(name);
        if generic.contains(name) {
            let shapes: Vec<Value> = games
                .iter()
                .map(|g| reference(&format!("{}{name}", pascal(g.id))))
                .collect();
            schemas.insert(
                name.clone(),
                json!({ "description": format!("One shape per game: {}.", games.iter().map(|g| g.name).collect::<Vec<_>>().join(", ")), "oneOf": shapes }),
            );
        }
    }
    // What JSON Schema says and the derives cannot: a field never given, ids named once.
    if let Some(s) = schemas.get_mut(&requests::NoDecks::name().into_owned()) {
        s["not"] = json!({});
    }
    if let Some(s) = schemas.get_mut(&requests::PlayerIds::name().into_owned()) {
        s["uniqueItems"] = json!(true);
    }
    // A list's input format: any game's (the event's game must read it).
    let mut inputs: Vec<&str> = Vec::new();
    for input in games.iter().flat_map(|g| &g.api.inputs) {
        if !inputs.contains(&input.id) {
            inputs.push(input.id);
        }
    }
    if let Some(s) = schemas.get_mut(&requests::ListInputFormat::name().into_owned()) {
        s["enum"] = json!(inputs);
    }
    // A query parameter's type is not collected with the route's schemas.
    let mut known = serde_json::to_value(<requests::KnownGame as utoipa::PartialSchema>::schema())
        .unwrap_or_default();
    known["enum"] = json!(games.iter().map(|g| g.id).collect::<Vec<_>>());
    schemas.insert(requests::KnownGame::name().into_owned(), known);
    for (path, item) in out.iter_mut() {
        let event_route = path.starts_with("/v1/events") || path.starts_with("/v1/admin/events");
        for op in item
            .as_object_mut()
            .into_iter()
            .flat_map(|m| m.values_mut())
        {
            headers_and_security(op, event_route);
        }
    }
    let mut schemas = Value::Object(schemas);
    free_form(&mut schemas);
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
        "paths": out,
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

fn reference(name: &str) -> Value {
    json!({ "$ref": format!("#/components/schemas/{name}") })
}

/// `Swu` for `swu`.
fn pascal(id: &str) -> String {
    let mut c = id.chars();
    c.next()
        .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
        .unwrap_or_default()
}

/// The schemas whose copies name a game's values: [`requests::Format`] and the others made
/// from the game's data, the bodies that take the game's options, and every schema that refers
/// to one of them.
fn game_varying(schemas: &Map<String, Value>) -> BTreeSet<String> {
    let mut varying: BTreeSet<String> = [
        requests::Format::name(),
        requests::FormatList::name(),
        requests::FormatIds::name(),
        requests::InputFormat::name(),
        requests::GameId::name(),
        requests::EventOptions::name(),
    ]
    .into_iter()
    .chain(takes_options())
    .map(|n| n.into_owned())
    .collect();
    loop {
        let before = varying.len();
        for (name, schema) in schemas {
            let mut refs = BTreeSet::new();
            collect_refs(schema, &mut refs);
            if refs.iter().any(|r| varying.contains(r)) {
                varying.insert(name.clone());
            }
        }
        if varying.len() == before {
            return varying;
        }
    }
}

/// The bodies whose fields beside their own are the game's options.
fn takes_options() -> [std::borrow::Cow<'static, str>; 6] {
    [
        requests::ValidateDeck::name(),
        requests::ValidateDecks::name(),
        requests::BareDeck::name(),
        requests::WindowDeck::name(),
        requests::WindowDecks::name(),
        requests::BatchRequest::name(),
    ]
}

/// Every schema name `value` refers to.
fn collect_refs(value: &Value, out: &mut BTreeSet<String>) {
    match value {
        Value::Object(m) => {
            if let Some(Value::String(r)) = m.get("$ref")
                && let Some(name) = r.strip_prefix("#/components/schemas/")
            {
                out.insert(name.to_string());
            }
            m.values().for_each(|v| collect_refs(v, out));
        }
        Value::Array(a) => a.iter().for_each(|v| collect_refs(v, out)),
        _ => {}
    }
}

/// Points every reference to a game-varying schema at the game's copy.
fn rename_refs(value: &mut Value, game: &DocGame, varying: &BTreeSet<String>) {
    match value {
        Value::Object(m) => {
            if let Some(Value::String(r)) = m.get_mut("$ref")
                && let Some(name) = r.strip_prefix("#/components/schemas/")
                && varying.contains(name)
            {
                *r = format!("#/components/schemas/{}{name}", pascal(game.id));
            }
            m.values_mut().for_each(|v| rename_refs(v, game, varying));
        }
        Value::Array(a) => a.iter_mut().for_each(|v| rename_refs(v, game, varying)),
        _ => {}
    }
}

/// The format ids of a game.
fn format_ids(game: &DocGame) -> Vec<&str> {
    game.api.formats.iter().map(|f| f.id.as_str()).collect()
}

/// A game's copy of a game-varying schema (`None`: the game has no such shape).
fn game_schema(
    game: &DocGame,
    name: &str,
    schemas: &Map<String, Value>,
    varying: &BTreeSet<String>,
) -> Option<Value> {
    let ids = format_ids(game);
    let mut with_all = ids.clone();
    with_all.push(deckcheck_core::game::ALL_FORMATS);
    let description = |n: &str| schemas.get(n).and_then(|s| s.get("description")).cloned();
    let options: Map<String, Value> = game
        .api
        .options
        .get("properties")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    let made = |mut schema: Value| {
        if let Some(d) = description(name) {
            schema["description"] = d;
        }
        Some(schema)
    };
    if name == requests::Format::name() {
        return made(json!({ "type": "string", "enum": ids }));
    }
    if name == requests::FormatList::name() {
        let one = format!("({})", with_all.join("|"));
        return made(json!({
            "type": "string",
            "pattern": format!("^{one}(,{one})*$"),
            "examples": [game.api.example.format],
        }));
    }
    if name == requests::FormatIds::name() {
        return made(json!({
            "type": "array",
            "minItems": 1,
            "items": { "type": "string", "enum": with_all },
        }));
    }
    if name == requests::InputFormat::name() {
        let described: Vec<String> = game
            .api
            .inputs
            .iter()
            .map(|i| format!("`{}`: {}", i.id, i.description))
            .collect();
        return Some(json!({
            "type": "string",
            "enum": game.api.inputs.iter().map(|i| i.id).collect::<Vec<_>>(),
            "description": format!("The deck's input format (default: detected, trying them in this order). {}", described.join(" ")),
        }));
    }
    if name == requests::GameId::name() {
        return made(json!({ "type": "string", "const": game.id }));
    }
    if name == requests::EventOptions::name() {
        // A pool is each player's own: it is registered with the player's list.
        let mut options = options;
        options.remove("pool");
        if options.is_empty() {
            // A game without options takes `{}` alone.
            return made(json!({ "type": "object", "maxProperties": 0 }));
        }
        return made(json!({
            "type": "object",
            "properties": options,
            "additionalProperties": false,
        }));
    }
    if name == requests::BareDeck::name() && !game.api.bare_deck {
        return None;
    }
    let mut schema = schemas.get(name)?.clone();
    rename_refs(&mut schema, game, varying);
    if takes_options().iter().any(|n| n == name)
        && let Some(properties) = schema.get_mut("properties").and_then(Value::as_object_mut)
    {
        properties.extend(options);
    }
    if !game.api.bare_deck
        && let Some(shapes) = schema.get_mut("oneOf").and_then(Value::as_array_mut)
    {
        let bare = reference(&format!(
            "{}{}",
            pascal(game.id),
            requests::BareDeck::name()
        ));
        shapes.retain(|s| *s != bare);
    }
    if name == requests::ValidateDecks::name() || name == requests::WindowDecks::name() {
        schema["properties"]["decks"]["maxItems"] = json!(game.api.max_decks());
    }
    Some(schema)
}

/// A route written for one game: its own schemas, its name as the tag, its options as query
/// parameters (validate and window), its real deck as the examples.
fn for_game(item: &mut Value, game: &DocGame, own_path: bool, varying: &BTreeSet<String>) {
    rename_refs(item, game, varying);
    let Some(ops) = item.as_object_mut() else {
        return;
    };
    for op in ops.values_mut() {
        if own_path && let Some(id) = op["operationId"].as_str() {
            op["operationId"] = json!(format!("{id}_{}", game.id));
        }
        op["tags"] = json!([game.name]);
        let id = op["operationId"].as_str().unwrap_or("").to_string();
        let base = id.strip_suffix(&format!("_{}", game.id)).unwrap_or(&id);
        game_example(op, base, game);
        if matches!(base, "validate" | "window") {
            for (name, description, schema) in string_options(game) {
                if let Some(params) = op.get_mut("parameters").and_then(Value::as_array_mut) {
                    params.push(json!({
                        "name": name,
                        "in": "query",
                        "required": false,
                        "description": description,
                        "schema": schema,
                    }));
                }
            }
        }
    }
}

/// The game's options whose value is a string: a text body's query string may give them.
fn string_options(game: &DocGame) -> Vec<(String, Value, Value)> {
    let Some(properties) = game.api.options["properties"].as_object() else {
        return Vec::new();
    };
    properties
        .iter()
        .filter_map(|(name, schema)| {
            let types: Vec<&str> = match &schema["type"] {
                Value::String(t) => vec![t.as_str()],
                Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
                _ => return None,
            };
            if !types.contains(&"string") || types.iter().any(|t| *t != "string" && *t != "null") {
                return None;
            }
            let mut schema = schema.as_object()?.clone();
            schema.insert("type".into(), json!("string"));
            if let Some(values) = schema.get_mut("enum").and_then(Value::as_array_mut) {
                values.retain(|v| !v.is_null());
            }
            let description = schema.remove("description")?;
            Some((name.clone(), description, Value::Object(schema)))
        })
        .collect()
}

/// A game route's examples: the game's real deck, as a client would send it.
fn game_example(op: &mut Value, base: &str, game: &DocGame) {
    let example = &game.api.example;
    let one_deck =
        json!({ "deck": example.deck, "format": example.format, "as_of": example.as_of });
    let json_examples = match base {
        "validate" | "window" => {
            let mut examples = Map::new();
            examples.insert(
                "one deck".into(),
                json!({ "summary": "A real deck, checked for one format on a date", "value": one_deck }),
            );
            if base == "validate"
                && let Some(several) = game.api.formats.iter().find(|f| f.decks > 1)
            {
                let decks: Vec<&str> = (0..game.api.max_decks()).map(|_| example.deck).collect();
                examples.insert(
                    "several decks".into(),
                    json!({
                        "summary": format!("One submission of {} decks ({})", decks.len(), several.id),
                        "value": { "decks": decks, "format": several.id, "as_of": example.as_of },
                    }),
                );
            }
            op["requestBody"]["content"]["text/plain"]["example"] = json!(example.deck);
            Value::Object(examples)
        }
        "validate_batch" => json!({ "a roster": { "summary": "A roster of one entry", "value": {
            "format": example.format,
            "as_of": example.as_of,
            "entries": [{ "player": "Ada Lovelace", "uid": "1001", "deck": example.deck }],
        } } }),
        "compare" => {
            json!({ "the same deck": { "summary": "The registered list presented as it was", "value": {
            "registered": example.deck,
            "presented": example.deck,
            "format": example.format,
            "as_of": example.as_of,
        } } })
        }
        _ => {
            let (param, value) = match base {
                "search_cards" => ("q", example.name),
                "card" => ("id", example.card),
                _ => return,
            };
            for p in op
                .get_mut("parameters")
                .and_then(Value::as_array_mut)
                .into_iter()
                .flatten()
            {
                if p["name"] == param {
                    p["example"] = json!(value);
                }
            }
            return;
        }
    };
    op["requestBody"]["content"]["application/json"]["examples"] = json_examples;
}

/// An event route's example body, with the default game's real deck.
fn event_example(item: &mut Value, path: &str, game: &DocGame) {
    let deck = game.api.example.deck;
    let (summary, value) = match path.rsplit('/').next().unwrap_or("") {
        "events" => (
            "An event on a date, the rest defaulted",
            json!({ "name": "Store Showdown", "game": game.id, "format": game.api.example.format, "date": game.api.example.as_of }),
        ),
        "settings" => (
            "Lists due at 9:00 on a day to come; lists that are not legal wait for a judge",
            json!({ "locks_at": "2030-05-01T09:00:00-05:00", "illegal_lists": "pending" }),
        ),
        "judges" => ("A judge's token", json!({ "name": "Rey Skywalker" })),
        "publish" => (
            "Every list, a pending one published marked as such",
            json!({ "players": "all", "pending": "include" }),
        ),
        "lists" if path.contains("{player}") => (
            "The paper list, as the player wrote it",
            json!({ "deck": deck, "reason": "the paper list differs; CPG 4.3" }),
        ),
        "lists" => ("A new list", json!({ "deck": deck })),
        "resolve" => (
            "A card the judge identified",
            json!({ "reason": "the misspelled card is Waylay" }),
        ),
        "deck-checks" if path.contains("{player}") => (
            "The registered list, presented as it was, checked against its first version",
            json!({ "presented": deck, "version": 1 }),
        ),
        "remove" => (
            "A no-show",
            json!({ "reason": "did not show up for round 1" }),
        ),
        "correct" => (
            "A misspelled name",
            json!({ "name": "Ada Lovelace", "reason": "a typo on the paper sheet" }),
        ),
        "void" => (
            "A check made on the wrong player",
            json!({ "reason": "made on the wrong player" }),
        ),
        "pick" => ("About 10% of the players", json!({ "share": 0.1 })),
        "players" if path.contains("{code}") => (
            "A player and their list",
            json!({ "player": "Ada Lovelace", "uid": "1001", "deck": deck }),
        ),
        _ => return,
    };
    for op in item
        .as_object_mut()
        .into_iter()
        .flat_map(|m| m.values_mut())
    {
        if op.get("requestBody").is_some() {
            op["requestBody"]["content"]["application/json"]["examples"] =
                json!({ "example": { "summary": summary, "value": value } });
        }
    }
}

/// An object of any fields says so (`additionalProperties: true`, what JSON Schema means when
/// it says nothing), so that a client generator makes it a map rather than a model of nothing.
fn free_form(value: &mut Value) {
    match value {
        Value::Object(m) => {
            let is_object = match m.get("type") {
                Some(Value::String(t)) => t == "object",
                Some(Value::Array(ts)) => ts.iter().any(|t| t == "object"),
                _ => false,
            };
            if is_object && !m.contains_key("properties") && !m.contains_key("additionalProperties")
            {
                m.insert("additionalProperties".into(), json!(true));
            }
            m.values_mut().for_each(free_form);
        }
        Value::Array(a) => a.iter_mut().for_each(free_form),
        _ => {}
    }
}

/// Every answer carries `x-request-id`, a 401 `WWW-Authenticate`, a 429 `Retry-After`, and an
/// event route's 503 `Retry-After` when the event store gave it (every 503 of the store); an
/// operation that names no token takes none (`security: []`).
fn headers_and_security(op: &mut Value, event_route: bool) {
    if op.get("security").is_none() {
        op["security"] = json!([]);
    }
    if let Some(body) = op.get_mut("requestBody")
        && body.get("required").is_none()
    {
        body["required"] = json!(false);
    }
    let Some(responses) = op["responses"].as_object_mut() else {
        return;
    };
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
        if status == "503" && event_route {
            headers["Retry-After"] = json!({
                "description": "Seconds to wait before the next attempt: on every 503 of the event store (`store-unavailable`, `read-only`).",
                "required": false,
                "schema": { "type": "integer", "minimum": 1 },
            });
        }
        // The headers a route declares itself (a published page's ETag) are kept.
        if let Some(own) = response.get("headers").and_then(Value::as_object) {
            for (name, header) in own {
                headers[name] = header.clone();
            }
        }
        response["headers"] = headers;
    }
}

/// The document as the service serves it and `docs/openapi.json` holds it.
pub fn document_json(derived: Value, games: &[DocGame]) -> String {
    let mut text = serde_json::to_string_pretty(&document(derived, games))
        .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
    text.push('\n');
    text
}
