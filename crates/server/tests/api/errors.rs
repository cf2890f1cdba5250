//! Every request that cannot be understood gets a 4xx with one JSON shape naming what was
//! wrong, and the field or part of the request at fault: the body, the content type, the
//! path, the method (issue 26) (on the hand-written catalog: none of it needs real cards).

use crate::helpers::*;

struct Case {
    name: &'static str,
    method: &'static str,
    path: &'static str,
    content_type: &'static str,
    body: Vec<u8>,
    status: u16,
    code: &'static str,
    field: Option<&'static str>,
}

fn cases() -> Vec<Case> {
    let c = |name, method, path, content_type, body: &[u8], status, code, field| Case {
        name,
        method,
        path,
        content_type,
        body: body.to_vec(),
        status,
        code,
        field,
    };
    vec![
        c(
            "malformed JSON",
            "POST",
            "/v1/decks/validate",
            "application/json",
            b"{\"deck\": ",
            400,
            "malformed-json",
            Some("body"),
        ),
        c(
            "wrong content type",
            "POST",
            "/v1/decks/validate",
            "application/xml",
            b"<deck/>",
            415,
            "unsupported-media-type",
            Some("content-type"),
        ),
        c(
            "unknown format",
            "POST",
            "/v1/decks/validate",
            "application/json",
            br#"{"deck": "1 | Waylay", "format": "standard"}"#,
            400,
            "unknown-format",
            Some("format"),
        ),
        c(
            "bad date",
            "POST",
            "/v1/decks/validate",
            "application/json",
            br#"{"deck": "1 | Waylay", "as_of": "2025-13-40"}"#,
            400,
            "bad-date",
            Some("as_of"),
        ),
        c(
            "missing deck",
            "POST",
            "/v1/decks/validate",
            "application/json",
            br#"{"format": "premier"}"#,
            400,
            "missing-field",
            Some("deck"),
        ),
        c(
            // The game's options refuse what they do not know, and name it.
            "unknown field",
            "POST",
            "/v1/decks/validate",
            "application/json",
            br#"{"deck": "1 | Waylay", "fromat": "premier"}"#,
            400,
            "invalid-request",
            Some("fromat"),
        ),
        c(
            "a deck that is not a deck",
            "POST",
            "/v1/decks/validate",
            "application/json",
            br#"{"deck": "   "}"#,
            422,
            "unreadable-deck",
            Some("deck"),
        ),
        c(
            "a deck of the wrong type",
            "POST",
            "/v1/decks/validate",
            "application/json",
            br#"{"deck": 42}"#,
            400,
            "bad-value",
            Some("deck"),
        ),
        c(
            "four decks",
            "POST",
            "/v1/decks/validate",
            "application/json",
            br#"{"decks": ["1 | Waylay", "1 | Waylay", "1 | Waylay", "1 | Waylay"]}"#,
            400,
            "bad-value",
            Some("decks"),
        ),
        c(
            "deck and decks",
            "POST",
            "/v1/decks/validate",
            "application/json",
            br#"{"deck": "1 | Waylay", "decks": ["1 | Waylay"]}"#,
            400,
            "bad-value",
            Some("decks"),
        ),
        c(
            "bytes that are neither UTF-8 nor Windows-1252",
            "POST",
            "/v1/decks/validate",
            "text/plain",
            b"1 | Way\x81lay",
            400,
            "bad-value",
            Some("body"),
        ),
        c(
            "empty body",
            "POST",
            "/v1/decks/validate",
            "application/json",
            b"",
            400,
            "malformed-json",
            Some("body"),
        ),
        c(
            "a request that is a list, not an object",
            "POST",
            "/v1/decks/validate",
            "application/json",
            br#"[{"leader": {"id": "SOR_017"}}, "premier"]"#,
            400,
            "invalid-request",
            Some("body"),
        ),
        c(
            "a roster that is a list, not an object",
            "POST",
            "/v1/decks/validate-batch",
            "application/json",
            br#"[[["Ada", "1", "1 | Waylay"]], "premier"]"#,
            400,
            "invalid-request",
            Some("body"),
        ),
        c(
            "a comparison that is a list, not an object",
            "POST",
            "/v1/decks/compare",
            "application/json",
            br#"["1 | Waylay", "1 | Waylay"]"#,
            400,
            "invalid-request",
            Some("body"),
        ),
        c(
            "batch without entries",
            "POST",
            "/v1/decks/validate-batch",
            "application/json",
            br#"{"format": "premier"}"#,
            400,
            "missing-field",
            Some("entries"),
        ),
        c(
            "batch as text",
            "POST",
            "/v1/decks/validate-batch",
            "text/plain",
            b"1 | Waylay",
            415,
            "unsupported-media-type",
            Some("content-type"),
        ),
        c(
            "card search without q",
            "GET",
            "/v1/cards",
            "",
            b"",
            400,
            "missing-field",
            Some("q"),
        ),
        c(
            "unknown card id",
            "GET",
            "/v1/cards/XYZ_999",
            "",
            b"",
            404,
            "not-found",
            Some("id"),
        ),
        c(
            "bad date in a query",
            "GET",
            "/v1/cards/SOR_017?as_of=yesterday",
            "",
            b"",
            400,
            "bad-date",
            Some("as_of"),
        ),
        c(
            "unknown suspension list",
            "GET",
            "/v1/suspensions?format=standard",
            "",
            b"",
            400,
            "unknown-format",
            Some("format"),
        ),
        c(
            "unknown query parameter",
            "GET",
            "/v1/cards?q=x&colour=red",
            "",
            b"",
            400,
            "bad-value",
            Some("colour"),
        ),
        c(
            "unknown route",
            "GET",
            "/v2/anything",
            "",
            b"",
            404,
            "not-found",
            Some("path"),
        ),
        c(
            "wrong method",
            "GET",
            "/v1/decks/validate",
            "",
            b"",
            405,
            "method-not-allowed",
            Some("method"),
        ),
        c(
            "an unknown game",
            "POST",
            "/v1/games/chess/decks/validate",
            "text/plain",
            b"1 | Waylay",
            404,
            "not-found",
            Some("game"),
        ),
        c(
            "a game whose data is not loaded",
            "POST",
            "/v1/games/legion/decks/validate",
            "text/plain",
            b"1 | Waylay",
            503,
            "game-unavailable",
            Some("game"),
        ),
        c(
            "a game named by the path and the body",
            "POST",
            "/v1/games/swu/decks/validate",
            "application/json",
            br#"{"game": "legion", "deck": "1 | Waylay"}"#,
            400,
            "invalid-request",
            Some("game"),
        ),
        c(
            "a game named by the path and the query",
            "POST",
            "/v1/games/swu/decks/validate?game=swu",
            "text/plain",
            b"1 | Waylay",
            400,
            "bad-value",
            Some("game"),
        ),
        c(
            "a pool of the wrong kind",
            "POST",
            "/v1/decks/validate",
            "application/json",
            br#"{"deck": "1 | Waylay", "format": "sealed", "pool": 42}"#,
            400,
            "invalid-request",
            Some("pool"),
        ),
        c(
            "a Trilogy card pool that is no format's",
            "POST",
            "/v1/decks/validate",
            "application/json",
            br#"{"deck": "1 | Waylay", "format": "trilogy", "as_of": "2026-11-22", "trilogy_pool": "twin-suns"}"#,
            400,
            "bad-value",
            Some("trilogy_pool"),
        ),
        c(
            "a comparison for every format",
            "POST",
            "/v1/decks/compare",
            "application/json",
            br#"{"registered": "1 | Waylay", "presented": "1 | Waylay", "format": "all"}"#,
            400,
            "unknown-format",
            Some("format"),
        ),
        c(
            "a reload without the admin routes",
            "POST",
            "/v1/admin/reload",
            "",
            b"",
            404,
            "not-found",
            Some("path"),
        ),
    ]
}

#[actix_web::test]
async fn every_bad_request_gets_a_structured_error() {
    let app = spawn_fixture_app().await;
    let mut failures = Vec::new();
    for case in cases() {
        let mut request = app.client.request(
            case.method.parse().unwrap(),
            format!("{}{}", app.address, case.path),
        );
        if !case.content_type.is_empty() {
            request = request.header("content-type", case.content_type);
        }
        let response = request.body(case.body.clone()).send().await.unwrap();
        let status = response.status().as_u16();
        let body: serde_json::Value = response.json().await.unwrap_or_default();
        let field = body["error"]["field"].as_str();
        if status != case.status
            || body["error"]["code"] != case.code
            || field != case.field
            || body["error"]["message"].as_str().is_none_or(str::is_empty)
        {
            failures.push(format!("{}: got {status} {body}", case.name));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[actix_web::test]
async fn a_body_over_the_limit_is_refused_with_413() {
    let app = spawn_fixture_app_with(|s| s.body_limit = 1024).await;
    let big = format!("{{\"deck\": \"{}\"}}", "1 | Waylay\\n".repeat(200));
    let answer = app
        .post("/v1/decks/validate", "application/json", big)
        .await;
    assert_eq!(answer.status, 413);
    assert_eq!(answer.body["error"]["code"], "body-too-large");
    assert_eq!(answer.body["error"]["details"]["limit"], 1024);
}

#[actix_web::test]
async fn a_batch_over_its_limit_is_refused_with_413() {
    let app = spawn_fixture_app_with(|s| s.batch_limit = 2).await;
    let entries: Vec<_> = (0..3)
        .map(|_| serde_json::json!({ "deck": "1 | Waylay" }))
        .collect();
    let answer = app
        .validate_batch(&serde_json::json!({ "entries": entries }))
        .await;
    assert_eq!(answer.status, 413);
    assert_eq!(answer.body["error"]["code"], "batch-too-large");
    assert_eq!(
        answer.body["error"]["details"],
        serde_json::json!({ "entries": 3, "limit": 2 })
    );
}
