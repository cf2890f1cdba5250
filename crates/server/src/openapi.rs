//! The API document, derived from the code: the routes as [`crate::endpoints::routes`]
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
use utoipa_actix_web::AppExt;

use crate::endpoints::{DEFAULT_GAME, EACH_GAME};
use crate::error::ErrorAnswer;
use crate::requests;

/// What the error answers of the routes mean, said once.
pub mod say {
    pub const BAD_REQUEST: &str = "The request does not have the documented shape: a wrong type, an unknown field or parameter, a value outside its list or bounds, a date not written YYYY-MM-DD. `error.field` names it.";
    pub const BAD_PARAMETER: &str = "A parameter the route does not read, or a value outside its documented set or bounds. `error.field` names it.";
    pub const NO_PARAMETERS: &str =
        "The route reads no query parameter: `error.field` names the one given.";
    pub const BODY_TIMEOUT: &str = "The body did not arrive whole in time.";
    pub const TOO_LARGE: &str = "The body is larger than the service takes.";
    pub const TOO_LARGE_ROSTER: &str = "The body is larger than the service takes, the roster has more entries than it checks at once, or more entries give their deck as a link than a roster may (64).";
    pub const LINK_HOST: &str = "A deck given as a link to a host the service does not fetch from (`link-host-not-allowed`; `details.site`).";
    pub const LINK_NOT_FOUND: &str = "A deck given as a link names a deck the site does not have or does not show (`link-deck-not-found`).";
    pub const LINK_UPSTREAM: &str = "A deck given as a link could not be fetched: the site failed, answered too much or too slowly, answered no deck, or led where deck links never go (`link-upstream-*`; `details.site`).";
    pub const MEDIA: &str = "The body's content type is not application/json.";
    pub const UNREADABLE_DECKS: &str = "A deck whose entries cannot all be read as cards (`details` lists them), or a deck given as a link to another game's list (`link-wrong-game`).";
    pub const UNAVAILABLE: &str = "The game's data is not loaded, or the service is receiving as many request bodies as it holds at once (retry).";
    pub const STORE_UNAVAILABLE: &str = "The event store did not answer or cannot be written (`store-unavailable`, `read-only`: nothing was changed, and `Retry-After` says when to retry), the event's game is not loaded, or the service is receiving as many request bodies as it holds at once: retry.";
    pub const UNAUTHORIZED: &str = "No token, or a token that does not open this event (unknown, or another event's: the same answer). Send `Authorization: Bearer <token>` of this event.";
    pub const FORBIDDEN_AMEND: &str = "A token of this event whose role may not do this (`x-roles` lists the roles the route takes). After the lock only a judge amends a list (CPG 4.3).";
    pub const NO_PLAYER: &str = "The event has no player with this id.";
    pub const TOO_MANY_LOOKUPS: &str = "This client has looked up too many event codes this minute, or too many codes that name no event: retry after `Retry-After` seconds. Counted per client: no other client is refused for it.";
    pub const TOO_MANY_REGISTRATIONS: &str = "This client has sent too many registrations this minute (a budget apart from lookups), or looked up too many codes that name no event: retry after `Retry-After` seconds. Counted per client: no other client is refused for it.";
    pub const TOO_MANY_EVENTS: &str = "While creation is open (no operator key set): this client has created too many events this hour, or the service has created as many events today as it creates a day: retry after `Retry-After` seconds.";
    pub const LOCKS_AT_PAST: &str = "`locks_at` is not in the future (`locks-at-past`): give the time lists are due, or none to lock by hand.";
    pub const NO_CREATE_KEY: &str = "The service creates events only with its operator's key (`DECKCHECK_CREATE_KEY` is set) and the request does not carry it: send `Authorization: Bearer <key>`.";
    pub const LIST_UNANSWERABLE: &str = "The list has the documented shape but the event's game cannot judge it as it was sent (a deck it cannot read, more decks than the event's format plays, an input format or option it does not read).";
    pub const LIST_REFUSED: &str = "The list has the documented shape but the event's game cannot judge it as it was sent (a deck it cannot read, more decks than the event's format plays, an input format it does not read); or the list is not legal and the event refuses such lists (`list-refused`: every reason in `details.report`, nothing stored).";
    pub const PATH_EVENT: &str = "The event's id (`ev_…`), as its creation answered it.";
    pub const PATH_PLAYER: &str = "The player's id (`pl_…`), as the roster lists it.";
    pub const PATH_TOKEN: &str = "The token's id (`tk_…`), as the event's token list and the answer that issued it give it (never the token itself).";
    pub const NO_TOKEN: &str = "The event has no token with this id (`no-token`): revoked or reissued already, or another event's.";
    pub const PATH_CODE: &str =
        "The event's registration code (any case; spaces and dashes are ignored).";
}

/// The errors of a validate or window route, as the document lists them (the handlers answer
/// them as [`crate::error::ApiError`]s).
#[derive(utoipa::IntoResponses)]
pub enum DeckErrors {
    /// The request does not have the documented shape: a wrong type, an unknown field or
    /// parameter, a value outside its list or bounds, a date not written YYYY-MM-DD.
    /// `error.field` names it.
    #[response(status = 400)]
    BadRequest(ErrorAnswer),
    /// The body did not arrive whole in time.
    #[response(status = 408)]
    Timeout(ErrorAnswer),
    /// The body is larger than the service takes.
    #[response(status = 413)]
    TooLarge(ErrorAnswer),
    /// The body's content type is neither application/json nor text/plain.
    #[response(status = 415)]
    Media(ErrorAnswer),
    /// The documented shape, but it cannot be answered as it is: a deck or a pool that cannot
    /// be read, more decks than the formats asked play, a Trilogy pool not played on the date,
    /// a window whose `until` is before its `from`, a deck given as a link to another game's
    /// list (`link-wrong-game`).
    #[response(status = 422)]
    Unanswerable(ErrorAnswer),
    /// The game's data is not loaded, or the service is receiving as many request bodies as
    /// it holds at once (retry).
    #[response(status = 503)]
    Unavailable(ErrorAnswer),
    /// A deck given as a link to a host the service does not fetch from
    /// (`link-host-not-allowed`; `details.site`).
    #[response(status = 403)]
    LinkHost(ErrorAnswer),
    /// A deck given as a link names a deck the site does not have or does not show
    /// (`link-deck-not-found`: the message says what to do on that site).
    #[response(status = 404)]
    LinkNotFound(ErrorAnswer),
    /// A deck given as a link could not be fetched: the site failed, answered too much or too
    /// slowly, answered no deck, or led where deck links never go (`link-upstream-*`;
    /// `details.site`).
    #[response(status = 502)]
    LinkUpstream(ErrorAnswer),
}

/// The errors of a route that reads a JSON body.
#[derive(utoipa::IntoResponses)]
pub enum JsonErrors {
    /// The request does not have the documented shape: a wrong type, an unknown field or
    /// parameter, a value outside its list or bounds, a blank name or reason. `error.field`
    /// names it.
    #[response(status = 400)]
    BadRequest(ErrorAnswer),
    /// The body did not arrive whole in time.
    #[response(status = 408)]
    Timeout(ErrorAnswer),
    /// The body is larger than the service takes.
    #[response(status = 413)]
    TooLarge(ErrorAnswer),
    /// The body's content type is not application/json.
    #[response(status = 415)]
    Media(ErrorAnswer),
}

/// The errors of a route that takes an event's token.
#[derive(utoipa::IntoResponses)]
pub enum TokenErrors {
    /// No token, or a token that does not open this event (unknown, or another event's: the
    /// same answer). Send `Authorization: Bearer <token>` of this event.
    #[response(status = 401)]
    Unauthorized(ErrorAnswer),
    /// A token of this event whose role may not do this (`x-roles` lists the roles the route
    /// takes).
    #[response(status = 403)]
    Forbidden(ErrorAnswer),
}

/// This document, as `/openapi.json` answers it (served as the text made at start).
pub struct Document;

impl utoipa::PartialSchema for Document {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::Object)
            .description(Some("An OpenAPI 3.1 document."))
            .into()
    }
}

impl ToSchema for Document {}

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

/// The document as the routes' registration makes it, before any game is named.
pub fn derived() -> Value {
    let (_, api) = actix_web::App::new()
        .into_utoipa_app()
        .configure(|cfg| crate::endpoints::routes(cfg))
        .split_for_parts();
    serde_json::to_value(api).unwrap_or_default()
}

/// The document for these games (the first the default game).
pub fn document(games: &[DocGame]) -> Value {
    let mut doc = derived();
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
        "publish" => ("Every list", json!({ "players": "all" })),
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
            "The registered list, presented as it was",
            json!({ "presented": deck }),
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
pub fn document_json(games: &[DocGame]) -> String {
    let mut text = serde_json::to_string_pretty(&document(games))
        .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
    text.push('\n');
    text
}
