//! What the API document says of the event routes ([`crate::events`]): each route's words,
//! the token it takes (the `eventToken` scheme, and which roles), its request body as the
//! handler reads it (fields, required ones, fixed sets, no others: the bodies refuse unknown
//! fields), the answer's schema (derived from the answer types) and exactly the statuses it
//! gives.
//!
//! The document cannot know an event's game, format or roster: a body of the documented shape
//! that the event's game cannot judge as it was sent (a deck it cannot read, more decks than
//! its format plays, another game's input format) is a 422, as is a deck index the registered
//! list does not have.

use std::collections::BTreeMap;

use deckcheck_store::{MAX_NAME, MAX_REASON, MAX_UID, Role, Stored};
use serde_json::{Map, Value, json};

use crate::endpoints::Endpoint;
use crate::openapi::DocGame;

/// What the document says of one event route.
pub struct EventOperation {
    /// The status of a success: 201 where the route creates something, 200 otherwise.
    pub status: u16,
    /// The answer's schema.
    pub answer: Value,
    /// Every error status the route gives, with what it means there.
    pub errors: Vec<(u16, String)>,
    pub params: Vec<Value>,
    pub body: Option<Value>,
    /// The roles whose token the route takes; none: the route takes no token.
    pub roles: &'static [Role],
}

/// The operation id and summary of an event route.
pub fn describe(endpoint: Endpoint) -> (&'static str, &'static str) {
    use Endpoint as E;
    match endpoint {
        E::EventCreate => (
            "create_event",
            "Create an event (name, game, format, date; the rest defaulted); the organizer token is in the answer, once",
        ),
        E::Event => (
            "event",
            "The event and its counts (organizer or judge token)",
        ),
        E::EventSettings => (
            "configure_event",
            "Change the event's name, deadline or illegal-list setting before the lock (organizer token)",
        ),
        E::EventLock => ("lock_event", "Freeze every list now (organizer token)"),
        E::EventJudges => (
            "issue_judge_token",
            "Issue a judge token, shown once (organizer token)",
        ),
        E::EventRoster => (
            "roster",
            "Players with their verdicts and states; ?q= filters by name or UID (organizer or judge token)",
        ),
        E::EventExport => (
            "export_event",
            "The whole event as JSON, for backups (organizer token)",
        ),
        E::EventReview => (
            "review_pairing",
            "Two players' lists for open decklist review, ?a=ID&b=ID (CEG 5.10; organizer or judge token)",
        ),
        E::EventPublish => (
            "publish_lists",
            "Publish all lists or the top N after the lock, {\"players\": \"all\" | [ids]} (CEG 10.2; organizer token)",
        ),
        E::EventPublished => (
            "published_lists",
            "The published lists as SWUDB JSON and text (no token; 404 before publishing)",
        ),
        E::EventPlayer => (
            "event_player",
            "A player's registration, every version of the list and every deck check (organizer or judge token)",
        ),
        E::EventAmend => (
            "amend_list",
            "Amend a player's list with a reason kept in its history: judges, and the organizer before the lock",
        ),
        E::EventResolve => (
            "resolve_list",
            "Accept a pending list as it is, with a reason (judge token)",
        ),
        E::EventDeckCheck => (
            "deck_check",
            "Deck check: the presented deck against the registered list, stored with the judge and time",
        ),
        E::EventDeckChecks => (
            "deck_checks",
            "Every deck check and pick of the event (organizer or judge token)",
        ),
        E::EventPick => (
            "pick_deck_checks",
            "Pick about 10% of players at random for deck checks, never twice unless asked (CEG 5.11)",
        ),
        E::EventByCode => (
            "event_by_code",
            "The event a registration code names (rate-limited)",
        ),
        E::EventRegister => (
            "register",
            "Register with the event's code: the answer is the validate report; a list that is not legal is refused (422) or pending",
        ),
        E::EventMe => (
            "my_registration",
            "The player's own registration and its versions (player token)",
        ),
        E::EventResubmit => (
            "resubmit_list",
            "A new list until the lock; 409 after (player token)",
        ),
        _ => ("page", ""),
    }
}

fn reference(name: &str) -> Value {
    json!({ "$ref": format!("#/components/schemas/{name}") })
}

fn nullable(schema: Value) -> Value {
    json!({ "oneOf": [schema, { "type": "null" }] })
}

/// No control character (U+0000–U+001F, U+007F–U+009F: what the store refuses in a name).
const NO_CONTROL: &str = "[^\\u0000-\\u001f\\u007f-\\u009f]";
/// What the store trims from either end before it checks a name (Rust's `White_Space`, some of
/// it control characters: a name sent as `"\rAda"` is `Ada`).
const TRIMMED: &str = "[\\t\\n\\u000b\\u000c\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";

/// The first character after what is trimmed: neither a space nor a control character. (The
/// pattern starts with it rather than with any character, so that no regex engine backtracks
/// over a long name.)
const FIRST: &str = "[^\\s\\u0000-\\u001f\\u007f-\\u009f]";

/// A name, UID or reason as the store takes it: at most `max` characters as sent, then
/// trimmed, not blank and with no control characters.
fn text(max: usize, description: &str) -> Value {
    json!({
        "type": "string",
        "minLength": 1,
        "maxLength": max,
        "pattern": format!("^{TRIMMED}*{FIRST}{NO_CONTROL}*{TRIMMED}*$"),
        "description": description,
    })
}

fn date_time(description: &str) -> Value {
    json!({ "type": "string", "format": "date-time", "description": description })
}

/// A deck in an event body: a list as text or a JSON deck.
fn deck(description: &str) -> Value {
    json!({
        "description": description,
        "oneOf": [{ "type": "string" }, { "type": "object" }],
    })
}

const DECK: &str = "A deck: a list in any input format of the event's game, as a string, or a JSON deck as an object. One the event's game cannot read is a 422.";

/// Every game's input format ids, once each.
fn input_formats(games: &[DocGame]) -> Vec<&'static str> {
    let mut ids: Vec<&'static str> = Vec::new();
    for game in games {
        for input in &game.api.inputs {
            if !ids.contains(&input.id) {
                ids.push(input.id);
            }
        }
    }
    ids
}

/// The list fields of a body (`deck` or `decks`, `input_format`, `pool`) and the body's own
/// `required` fields: one shape with `deck`, one with `decks`, and (`pool_alone`) one with the
/// pool alone; each allows nothing else, so no body is two shapes.
fn list_body(
    games: &[DocGame],
    own: Map<String, Value>,
    required: &[&str],
    pool_alone: bool,
    description: &str,
) -> Value {
    let mut fields = own;
    fields.insert(
        "input_format".into(),
        json!({
            "type": ["string", "null"],
            "enum": input_formats(games).into_iter().map(Value::from).chain([Value::Null]).collect::<Vec<_>>(),
            "description": "The list's input format (default: detected). One the event's game does not read is a 422.",
        }),
    );
    fields.insert(
        "pool".into(),
        json!({
            "description": "Limited: the player's registered pool (CEG 9.2.5.1), a list as a string or a JSON deck as an object.",
            "oneOf": [{ "type": "string" }, { "type": "object" }, { "type": "null" }],
        }),
    );
    let shape = |list: Option<(&str, Value)>, what: &str| {
        let mut properties = fields.clone();
        let mut needed: Vec<&str> = required.to_vec();
        if let Some((name, schema)) = list {
            properties.insert(name.into(), schema);
            needed.push(name);
        } else {
            // The pool alone: a pool it must be (`null` is no pool, and then no list).
            properties.insert(
                "pool".into(),
                json!({
                    "description": "The player's registered pool, a list as a string or a JSON deck as an object.",
                    "oneOf": [{ "type": "string" }, { "type": "object" }],
                }),
            );
            needed.push("pool");
        }
        json!({
            "type": "object",
            "description": format!("{description} {what}"),
            "required": needed,
            "properties": properties,
            "additionalProperties": false,
        })
    };
    let mut shapes = vec![
        shape(Some(("deck", deck(DECK))), "One deck. Not with `decks`."),
        shape(
            Some((
                "decks",
                json!({
                    "type": "array",
                    "minItems": 1,
                    "maxItems": deckcheck_core::game::MAX_DECKS,
                    "items": deck(DECK),
                    "description": "The decks of one submission (Trilogy: 3). More than the event's format plays is a 422. Not with `deck`.",
                }),
            )),
            "Several decks. Not with `deck`.",
        ),
    ];
    if pool_alone {
        shapes.push(shape(
            None,
            "The pool alone, registered under the current list.",
        ));
    }
    json!({ "oneOf": shapes })
}

fn tier() -> Value {
    json!({ "type": ["string", "null"], "enum": ["casual", "relaxed", "competitive", "master", null], "description": "The tier of play (CEG 2.3); lists are checked for completeness at competitive and master. Default: competitive." })
}

fn illegal_lists(default: &str) -> Value {
    json!({ "type": ["string", "null"], "enum": ["refuse", "pending", null], "description": format!("A list that is not legal is refused with every reason, or stored as pending for a judge. {default}") })
}

/// A new event for one game: its formats and its options.
fn new_event(game: &DocGame) -> Value {
    let mut options: Map<String, Value> = game
        .api
        .options
        .get("properties")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    // A pool is each player's own: it is registered with the player's list.
    options.remove("pool");
    json!({
        "type": "object",
        "description": format!("A {} event.", game.name),
        "required": ["name", "game", "format", "date"],
        "properties": {
            "name": text(MAX_NAME, "The event's name."),
            "game": { "type": "string", "const": game.id },
            "format": {
                "type": "string",
                "enum": game.api.formats.iter().map(|f| f.id.as_str()).collect::<Vec<_>>(),
                "description": "The format every list is checked for.",
            },
            "date": { "type": "string", "format": "date", "description": "The day of the event: lists are judged as of this date." },
            "tier": tier(),
            "locks_at": nullable(date_time("When lists are due, RFC 3339: from then on players' changes are refused. Default: none, the organizer locks by hand.")),
            "illegal_lists": illegal_lists("Default: refuse."),
            "options": nullable(json!({
                "type": "object",
                "description": "The game's options every check of the event gets (a limited event's set…).",
                "properties": options,
                "additionalProperties": false,
            })),
        },
        "additionalProperties": false,
    })
}

/// The request schemas of the event routes, by name.
pub fn schemas(games: &[DocGame]) -> BTreeMap<String, Value> {
    let mut out = BTreeMap::new();
    out.insert(
        "NewEvent".into(),
        json!({
            "description": "What an organizer gives to create an event: one shape per game, naming one of its formats.",
            "oneOf": games.iter().map(new_event).collect::<Vec<_>>(),
        }),
    );
    out.insert(
        "EventChanges".into(),
        json!({
            "type": "object",
            "description": "What an organizer may change before the lock; a field left out (or `null`, except `locks_at`) is unchanged.",
            "properties": {
                "name": nullable(text(MAX_NAME, "The event's new name.")),
                "locks_at": nullable(date_time("A new deadline, RFC 3339; `null` removes it.")),
                "illegal_lists": illegal_lists(""),
            },
            "additionalProperties": false,
        }),
    );
    out.insert(
        "JudgeRequest".into(),
        json!({
            "type": "object",
            "required": ["name"],
            "properties": { "name": text(MAX_NAME, "The judge's name, as their actions are recorded.") },
            "additionalProperties": false,
        }),
    );
    out.insert(
        "PublishRequest".into(),
        json!({
            "type": "object",
            "required": ["players"],
            "properties": { "players": {
                "description": "`all` (any case), or the players' ids in finishing order (each once).",
                "oneOf": [
                    { "type": "string", "pattern": "^[Aa][Ll][Ll]$" },
                    { "type": "array", "minItems": 1, "uniqueItems": true, "items": { "type": "string" } },
                ],
            } },
            "additionalProperties": false,
        }),
    );
    let reason = || text(MAX_REASON, "Why, kept in the list's history.");
    let mut amend = Map::new();
    amend.insert("reason".into(), reason());
    out.insert(
        "AmendRequest".into(),
        list_body(
            games,
            amend,
            &["reason"],
            true,
            "A player's list as a judge (or, before the lock, the organizer) amends it; stored whatever its verdict.",
        ),
    );
    out.insert(
        "ResolveRequest".into(),
        json!({
            "type": "object",
            "required": ["reason"],
            "properties": { "reason": reason() },
            "additionalProperties": false,
        }),
    );
    let mut deck_box =
        deck("Other cards found in the deck box (counted as sideboard where the game has one).");
    if let Some(shapes) = deck_box["oneOf"].as_array_mut() {
        shapes.push(json!({ "type": "null" }));
    }
    out.insert(
        "DeckCheckRequest".into(),
        json!({
            "type": "object",
            "required": ["presented"],
            "properties": {
                "presented": deck("The cards the player presented: a list as a string or a JSON deck as an object. One the event's game cannot read is a 422."),
                "box": deck_box,
                "deck_index": {
                    "type": ["integer", "null"],
                    "minimum": 0,
                    "maximum": deckcheck_core::game::MAX_DECKS - 1,
                    "description": "Which deck of the registered list (Trilogy: 0 to 2). Default 0; one the list does not have is a 422.",
                },
                "note": {
                    "type": ["string", "null"],
                    "maxLength": MAX_REASON,
                    "pattern": format!("^{TRIMMED}*(?:{FIRST}{NO_CONTROL}*)?{TRIMMED}*$"),
                    "description": "The judge's note.",
                },
            },
            "additionalProperties": false,
        }),
    );
    out.insert(
        "PickRequest".into(),
        json!({
            "type": "object",
            "properties": {
                "share": {
                    "type": ["number", "null"],
                    "exclusiveMinimum": 0,
                    "maximum": 1,
                    "description": "The share of registered decks to pick, rounded up (default 0.1: CEG 5.11).",
                },
                "again": { "type": "boolean", "description": "Also players picked or checked before (default false)." },
            },
            "additionalProperties": false,
        }),
    );
    let mut player = Map::new();
    player.insert(
        "player".into(),
        text(MAX_NAME, "The player's name, as on the list."),
    );
    player.insert(
        "uid".into(),
        text(
            MAX_UID,
            "The player's id (Melee, a store id…): one registration per UID, in any case.",
        ),
    );
    out.insert(
        "RegisterRequest".into(),
        list_body(
            games,
            player,
            &["player", "uid"],
            false,
            "A player's registration with their list.",
        ),
    );
    out.insert(
        "ListRequest".into(),
        list_body(games, Map::new(), &[], false, "The player's new list."),
    );
    out
}

/// Adds the answer types' schemas (derived from the types).
pub fn add_answer_schemas(schemas: &mut BTreeMap<String, Value>) {
    use crate::events::*;
    use crate::openapi::add_schema;
    use deckcheck_store::{
        DeckCheck, Event, EventExport, PlayerRecord, PublicEvent, Publication, Registration,
        Submitted,
    };
    add_schema::<CreatedAnswer>(schemas);
    add_schema::<EventAnswer>(schemas);
    add_schema::<Event>(schemas);
    add_schema::<LockedAnswer>(schemas);
    add_schema::<JudgeAnswer>(schemas);
    add_schema::<RosterAnswer>(schemas);
    add_schema::<EventExport>(schemas);
    add_schema::<ReviewAnswer>(schemas);
    add_schema::<Publication>(schemas);
    add_schema::<PlayerRecord>(schemas);
    add_schema::<Submitted>(schemas);
    add_schema::<Registration>(schemas);
    add_schema::<DeckCheck>(schemas);
    add_schema::<ChecksAnswer>(schemas);
    add_schema::<PickedAnswer>(schemas);
    add_schema::<PublicEvent>(schemas);
    add_schema::<RegisteredAnswer>(schemas);
    add_schema::<MeAnswer>(schemas);
}

/// A request body of the route as a client would send it, with the default game's real deck.
fn example(endpoint: Endpoint, game: &DocGame) -> Option<(&'static str, Value)> {
    use Endpoint as E;
    let deck = game.api.example.deck;
    Some(match endpoint {
        E::EventCreate => (
            "A Premier event on a date, the rest defaulted",
            json!({ "name": "Store Showdown", "game": game.id, "format": game.api.example.format, "date": game.api.example.as_of }),
        ),
        E::EventSettings => (
            "Lists due at 9:00 on the day; lists that are not legal wait for a judge",
            json!({ "locks_at": "2025-05-01T09:00:00-05:00", "illegal_lists": "pending" }),
        ),
        E::EventJudges => ("A judge's token", json!({ "name": "Rey Skywalker" })),
        E::EventPublish => ("Every list", json!({ "players": "all" })),
        E::EventAmend => (
            "The paper list, as the player wrote it",
            json!({ "deck": deck, "reason": "the paper list differs; CPG 4.3" }),
        ),
        E::EventResolve => (
            "A card the judge identified",
            json!({ "reason": "the misspelled card is Waylay" }),
        ),
        E::EventDeckCheck => (
            "The registered list, presented as it was",
            json!({ "presented": deck }),
        ),
        E::EventPick => ("About 10% of the players", json!({ "share": 0.1 })),
        E::EventRegister => (
            "A player and their list",
            json!({ "player": "Ada Lovelace", "uid": "1001", "deck": deck }),
        ),
        E::EventResubmit => ("A new list", json!({ "deck": deck })),
        _ => return None,
    })
}

fn path_param(name: &str) -> Value {
    let description = match name {
        "event" => "The event's id (`ev_…`), as its creation answered it.",
        "player" => "The player's id (`pl_…`), as the roster lists it.",
        _ => "The event's registration code (any case; spaces and dashes are ignored).",
    };
    json!({
        "name": name,
        "in": "path",
        "required": true,
        "description": description,
        "schema": { "type": "string" },
    })
}

fn query_param(name: &str, required: bool, description: &str) -> Value {
    json!({
        "name": name,
        "in": "query",
        "required": required,
        "description": description,
        "schema": { "type": "string" },
    })
}

fn body(schema: &str, required: bool) -> Value {
    json!({
        "required": required,
        "content": { "application/json": { "schema": reference(schema) } },
    })
}

const BAD: &str = "The request does not have the documented shape: a wrong type, an unknown field or parameter, a value outside its list or bounds, a blank name or reason. `error.field` names it.";
const BODY_TIMEOUT: &str = "The body did not arrive whole in time.";
const TOO_LARGE: &str = "The body is larger than the service takes.";
const MEDIA: &str = "The body's content type is not application/json.";
const UNAUTHORIZED: &str = "No token, or a token that does not open this event (unknown, or another event's: the same answer). Send `Authorization: Bearer <token>` of this event.";
const UNAVAILABLE: &str = "The event store did not answer (nothing was changed), the event's game is not loaded, or the service is receiving as many request bodies as it holds at once: retry.";
const LIST_422: &str = "The list has the documented shape but the event's game cannot judge it as it was sent (a deck it cannot read, more decks than the event's format plays, an input format or option it does not read)";

/// What the document says of an event route.
pub fn operation(endpoint: Endpoint, game: &DocGame) -> EventOperation {
    use Endpoint as E;
    const ORGANIZER: &[Role] = &[Role::Organizer];
    const STAFF: &[Role] = &[Role::Organizer, Role::Judge];
    const JUDGE: &[Role] = &[Role::Judge];
    const PLAYER: &[Role] = &[Role::Player];
    const NONE: &[Role] = &[];
    let params: Vec<Value> = endpoint
        .path()
        .split('/')
        .filter_map(|part| part.strip_prefix('{')?.strip_suffix('}'))
        .map(path_param)
        .collect();
    let (status, answer, roles, body): (u16, &str, &[Role], Option<Value>) = match endpoint {
        E::EventCreate => (201, "CreatedAnswer", NONE, Some(body("NewEvent", true))),
        E::Event => (200, "EventAnswer", STAFF, None),
        E::EventSettings => (200, "Event", ORGANIZER, Some(body("EventChanges", true))),
        E::EventLock => (200, "LockedAnswer", ORGANIZER, None),
        E::EventJudges => (
            201,
            "JudgeAnswer",
            ORGANIZER,
            Some(body("JudgeRequest", true)),
        ),
        E::EventRoster => (200, "RosterAnswer", STAFF, None),
        E::EventExport => (200, "EventExport", ORGANIZER, None),
        E::EventReview => (200, "ReviewAnswer", STAFF, None),
        E::EventPublish => (
            200,
            "Publication",
            ORGANIZER,
            Some(body("PublishRequest", true)),
        ),
        E::EventPublished => (200, "Publication", NONE, None),
        E::EventPlayer => (200, "PlayerRecord", STAFF, None),
        E::EventAmend => (200, "Submitted", STAFF, Some(body("AmendRequest", true))),
        E::EventResolve => (
            200,
            "Registration",
            JUDGE,
            Some(body("ResolveRequest", true)),
        ),
        E::EventDeckCheck => (
            201,
            "DeckCheck",
            STAFF,
            Some(body("DeckCheckRequest", true)),
        ),
        E::EventDeckChecks => (200, "ChecksAnswer", STAFF, None),
        E::EventPick => (200, "PickedAnswer", STAFF, Some(body("PickRequest", false))),
        E::EventByCode => (200, "PublicEvent", NONE, None),
        E::EventRegister => (
            201,
            "RegisteredAnswer",
            NONE,
            Some(body("RegisterRequest", true)),
        ),
        E::EventMe => (200, "MeAnswer", PLAYER, None),
        E::EventResubmit => (200, "Submitted", PLAYER, Some(body("ListRequest", true))),
        _ => (200, "", NONE, None),
    };
    let mut params = params;
    match endpoint {
        E::EventRoster => params.push(query_param(
            "q",
            false,
            "Part of a player's name or UID (any case).",
        )),
        E::EventReview => {
            params.push(query_param("a", true, "One player's id."));
            params.push(query_param(
                "b",
                true,
                "The other player's id (the same player twice is a 422).",
            ));
        }
        _ => {}
    }
    let mut errors: Vec<(u16, String)> = vec![(503, UNAVAILABLE.into())];
    if !roles.is_empty() {
        let needs = roles
            .iter()
            .map(|r| r.as_str())
            .collect::<Vec<_>>()
            .join(" or ");
        errors.push((401, UNAUTHORIZED.into()));
        let mut forbidden =
            format!("A token of this event whose role may not do this; the route takes: {needs}.");
        if endpoint == E::EventAmend {
            forbidden.push_str(" After the lock only a judge amends a list (CPG 4.3).");
        }
        errors.push((403, forbidden));
    }
    if body.is_some() {
        errors.push((400, BAD.into()));
        errors.push((408, BODY_TIMEOUT.into()));
        errors.push((413, TOO_LARGE.into()));
        if endpoint != E::EventPick {
            errors.push((415, MEDIA.into()));
        }
    } else if matches!(endpoint, E::EventRoster | E::EventReview) {
        errors.push((
            400,
            "A query parameter the route does not read, or `a`/`b` missing.".into(),
        ));
    }
    let no_player = "The event has no player with this id.";
    let specific: &[(u16, &str)] = match endpoint {
        E::EventCreate => &[(409, "No free registration code was found: retry.")],
        E::EventSettings => &[(
            409,
            "The event is locked: its settings are frozen with its lists (`details.locked_since`).",
        )],
        E::EventReview => &[(404, no_player), (422, "`a` and `b` are the same player.")],
        E::EventPublish => &[
            (
                409,
                "The event is not locked: lists are published after it.",
            ),
            (
                422,
                "A player named is not of this event (`error.field`: `players[i]`).",
            ),
        ],
        E::EventPublished => &[(
            404,
            "No such event, or its lists are not published (the same answer).",
        )],
        E::EventPlayer => &[(404, no_player)],
        E::EventAmend => &[(404, no_player)],
        E::EventResolve => &[(404, no_player), (409, "The player's list is not pending.")],
        E::EventDeckCheck => &[
            (404, no_player),
            (
                422,
                "The presented deck (or the box) cannot be read by the event's game, or `deck_index` names a deck the registered list does not have.",
            ),
        ],
        E::EventByCode => &[(404, "No event has this code.")],
        E::EventRegister => &[
            (404, "No event has this code."),
            (
                409,
                "The event is locked (`details.locked_since`), this UID is registered already (`field: uid`), or the event is full.",
            ),
        ],
        E::EventResubmit => &[(
            409,
            "The event is locked (`details.locked_since`): only a judge may amend a list now.",
        )],
        _ => &[],
    };
    errors.extend(specific.iter().map(|(s, d)| (*s, d.to_string())));
    match endpoint {
        E::EventRegister | E::EventResubmit => errors.push((
            422,
            format!("{LIST_422}; or the list is not legal and the event refuses such lists (`list-refused`: every reason in `details.report`, nothing stored)."),
        )),
        E::EventAmend => errors.push((422, format!("{LIST_422}."))),
        _ => {}
    }
    if matches!(endpoint, E::EventByCode | E::EventRegister) {
        errors.push((429, "Too many registration attempts for this code this minute, or too many lookups of unknown codes from this address: retry after `Retry-After` seconds.".into()));
    }
    errors.sort_by_key(|(s, _)| *s);
    let mut body = body;
    if let (Some(body), Some((summary, value))) = (body.as_mut(), example(endpoint, game)) {
        body["content"]["application/json"]["examples"] =
            json!({ "example": { "summary": summary, "value": value } });
    }
    EventOperation {
        status,
        answer: reference(answer),
        errors,
        params,
        body,
        roles,
    }
}
