//! The API document is generated from the code (issue 17): pinned by `docs/openapi.json`, kept
//! once, so every API change is a visible diff of that file, and the README's route list is the
//! router's. `UPDATE_DOCS=1 cargo test -p deckcheck-server --test openapi` rewrites the file and
//! the README's list after a change.
//!
//! That the service keeps what the document promises is schemathesis' job
//! (`scripts/schemathesis.sh`, run by `.ci/run` against the live service with every game's data).

use std::path::{Path, PathBuf};

use deckcheck_server::openapi::{self, DocGame};
use serde_json::{Value, json};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every game as the document describes it, from the embedded data: no card catalog needed.
fn games() -> Vec<DocGame> {
    openapi::games(None).expect("every game's embedded data describes it")
}

fn document() -> Value {
    openapi::document(deckcheck_server::app::derived(), &games())
}

/// A schema, its `$ref` followed.
fn resolve<'a>(doc: &'a Value, schema: &'a Value) -> &'a Value {
    match schema["$ref"].as_str() {
        Some(r) => &doc["components"]["schemas"][r.trim_start_matches("#/components/schemas/")],
        None => schema,
    }
}

/// Checks `path` holds `expected`, or writes it with `UPDATE_DOCS=1`; a difference is shown at
/// its first line.
fn generated_file(path: &Path, expected: &str) {
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(path, expected).unwrap();
    }
    let actual = std::fs::read_to_string(path).unwrap_or_default();
    if actual == expected {
        return;
    }
    let (line, (was, is)) = actual
        .lines()
        .chain(std::iter::repeat(""))
        .zip(expected.lines().chain(std::iter::repeat("")))
        .enumerate()
        .find(|(_, (a, e))| a != e)
        .unwrap_or((0, ("", "")));
    panic!(
        "{} is generated and differs from line {}:\n  file: {was}\n  code: {is}\nrun UPDATE_DOCS=1 cargo test -p deckcheck-server --test openapi",
        path.display(),
        line + 1
    );
}

/// The document is pinned by `docs/openapi.json`: an API change is a diff of that file.
#[test]
fn docs_openapi_json_is_the_generated_document() {
    generated_file(
        &root().join("docs/openapi.json"),
        &openapi::document_json(deckcheck_server::app::derived(), &games()),
    );
}

/// The router serves every operation the document describes, at its path, with its method:
/// the document is made from the same registration as each worker's router (without the
/// descriptions, which only the document builds).
#[actix_web::test]
async fn every_documented_operation_is_routed() {
    use actix_web::{App, HttpResponse, test, web};
    let app = test::init_service(
        App::new()
            .configure(deckcheck_server::app::routes)
            .default_service(web::to(HttpResponse::NotFound)),
    )
    .await;
    let doc = document();
    let mut operations = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        for method in item.as_object().unwrap().keys() {
            let uri = path
                .replace("{event}", "ev_1")
                .replace("{player}", "pl_1")
                .replace("{code}", "ABC")
                .replace("{token}", "tk_1")
                .replace("{check}", "dc_1")
                .replace("{id}", "SOR_001");
            let req = test::TestRequest::default()
                .method(method.to_uppercase().parse().unwrap())
                .uri(&uri)
                .to_request();
            let res = test::call_service(&app, req).await;
            // Routed: the handler ran (without the service's state it fails, but not as
            // "no route" nor "no such method").
            assert!(
                !matches!(res.status().as_u16(), 404 | 405),
                "{method} {path}: {}",
                res.status()
            );
            operations += 1;
        }
    }
    assert_eq!(operations, 75);
}

#[test]
fn each_game_route_names_its_own_formats_and_input_formats() {
    let doc = document();
    let schemas = &doc["components"]["schemas"];
    for game in games() {
        let g = {
            let mut c = game.id.chars();
            c.next().unwrap().to_ascii_uppercase().to_string() + c.as_str()
        };
        let request = &schemas[format!("{g}CompareRequest")];
        let format = &request["properties"]["format"]["oneOf"][0];
        let formats: Vec<&str> = resolve(&doc, format)["enum"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(Value::as_str)
            .collect();
        let expected: Vec<&str> = game.api.formats.iter().map(|f| f.id.as_str()).collect();
        assert_eq!(formats, expected, "{}", game.id);
        let path = format!("/v1/games/{}/decks/validate", game.id);
        let params = doc["paths"][&path]["post"]["parameters"]
            .as_array()
            .unwrap();
        let inputs = params.iter().find(|p| p["name"] == "input_format").unwrap();
        let inputs: Vec<&str> = resolve(&doc, &inputs["schema"])["enum"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(Value::as_str)
            .collect();
        let expected: Vec<&str> = game.api.inputs.iter().map(|i| i.id).collect();
        assert_eq!(inputs, expected, "{}", game.id);
    }
}

/// Issue 26: every schema a request or an answer names is a named schema a client generator
/// can name: the shapes of a `oneOf` are references, and one `Deck` is every deck.
#[test]
fn every_request_shape_is_a_named_schema_and_every_deck_is_one_deck() {
    let doc = document();
    let schemas = doc["components"]["schemas"].as_object().unwrap();
    for (name, schema) in schemas {
        for shape in schema["oneOf"].as_array().into_iter().flatten() {
            // A shape with fields is a model: it has a name. (A JSON deck is any object.)
            assert!(
                shape.get("$ref").is_some() || shape.get("properties").is_none(),
                "{name}: an unnamed shape with fields {shape}"
            );
        }
    }
    for (name, field) in [
        ("SwuValidateDeck", "deck"),
        ("LegionBatchRequest", "entries"),
        ("BatchEntry", "deck"),
        ("RegisterDeck", "deck"),
        ("AmendDeck", "deck"),
        ("DeckCheckRequest", "presented"),
        ("LcgCompareRequest", "registered"),
    ] {
        let text = schemas[name]["properties"][field].to_string();
        assert!(
            text.contains("#/components/schemas/Deck\"") || name == "LegionBatchRequest",
            "{name}.{field}: {text}"
        );
    }
    // Answers: reports, comparisons, cards and a batch entry's error are named.
    let refs = |s: &str, f: &str| schemas[s]["properties"][f].to_string();
    assert!(refs("ListVersion", "report").contains("Validated"));
    assert!(refs("DeckCheck", "comparison").contains("Comparison"));
    assert!(refs("BatchResult", "error").contains("ErrorBody"));
    let card = &doc["paths"]["/v1/cards/{id}"]["get"]["responses"]["200"]["content"]["application/json"]
        ["schema"]["$ref"];
    assert_eq!(card, "#/components/schemas/CardAnswer");
}

/// Every `$ref` of the document names one of its schemas.
#[test]
fn every_reference_resolves() {
    fn refs<'a>(value: &'a Value, out: &mut Vec<&'a str>) {
        match value {
            Value::Object(m) => {
                if let Some(Value::String(r)) = m.get("$ref") {
                    out.push(r);
                }
                m.values().for_each(|v| refs(v, out));
            }
            Value::Array(a) => a.iter().for_each(|v| refs(v, out)),
            _ => {}
        }
    }
    let doc = document();
    let mut all = Vec::new();
    refs(&doc, &mut all);
    assert!(all.len() > 100);
    for r in all {
        let name = r.trim_start_matches("#/components/schemas/");
        assert!(
            doc["components"]["schemas"].get(name).is_some(),
            "{r} names no schema"
        );
    }
}

/// The routes that take no token: creating an event, the code routes and the published lists
/// (issue 19); every other event route takes an event token, and says which roles.
const PUBLIC_EVENT_ROUTES: [&str; 4] = [
    "/v1/events",
    "/v1/events/code/{code}",
    "/v1/events/code/{code}/players",
    "/v1/events/{event}/published",
];

#[test]
fn every_operation_has_an_id_and_declares_the_token_it_takes() {
    let doc = document();
    let mut ids = std::collections::BTreeSet::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let id = op["operationId"].as_str().unwrap();
            assert!(ids.insert(id.to_string()), "{id} is used twice");
            let security = op["security"].as_array().unwrap();
            if path.starts_with("/v1/admin/") {
                assert_eq!(security[0]["admin"], json!([]));
            } else if path.starts_with("/v1/events")
                && !PUBLIC_EVENT_ROUTES.contains(&path.as_str())
            {
                assert_eq!(security, &[json!({ "eventToken": [] })], "{method} {path}");
                assert!(
                    op["x-roles"].as_array().is_some_and(|r| !r.is_empty()),
                    "{method} {path}"
                );
                for status in ["401", "403"] {
                    assert!(
                        op["responses"].get(status).is_some(),
                        "{method} {path} {status}"
                    );
                }
                assert!(
                    op["responses"]["401"]["headers"]
                        .get("WWW-Authenticate")
                        .is_some()
                );
            } else {
                assert!(security.is_empty(), "{method} {path} is public");
                // A public route's 403 is a deck link's host off the allowlist, never a token's.
                assert!(
                    op["responses"].get("403").is_none_or(|r| r["description"]
                        .as_str()
                        .is_some_and(|d| d.contains("link-host-not-allowed"))),
                    "{method} {path}"
                );
            }
        }
    }
    for scheme in ["admin", "eventToken"] {
        assert_eq!(
            doc["components"]["securitySchemes"][scheme]["scheme"],
            "bearer"
        );
    }
}

/// Regression (issue 19): the event routes were described as any object in and out, 200 only.
/// Routes that create answer 201; each body names its fields and refuses others; each answer
/// is a named schema.
#[test]
fn the_event_routes_say_what_they_read_and_answer() {
    let doc = document();
    let paths = &doc["paths"];
    for (path, method, status) in [
        ("/v1/events", "post", "201"),
        ("/v1/events/{event}/judges", "post", "201"),
        ("/v1/events/code/{code}/players", "post", "201"),
        (
            "/v1/events/{event}/players/{player}/deck-checks",
            "post",
            "201",
        ),
        ("/v1/events/{event}", "get", "200"),
        ("/v1/events/{event}/me/lists", "post", "200"),
    ] {
        let responses = &paths[path][method]["responses"];
        let schema = &responses[status]["content"]["application/json"]["schema"]["$ref"];
        assert!(
            schema.as_str().is_some(),
            "{method} {path}: {status} {responses}"
        );
        let other = if status == "200" { "201" } else { "200" };
        assert!(responses.get(other).is_none(), "{method} {path}");
    }
    // Registration is rate-limited and says when to retry.
    let register = &paths["/v1/events/code/{code}/players"]["post"]["responses"];
    assert!(register["429"]["headers"].get("Retry-After").is_some());
    assert!(register.get("401").is_none());
    // The lock takes no body; the pick takes one or none.
    assert!(
        paths["/v1/events/{event}/lock"]["post"]
            .get("requestBody")
            .is_none()
    );
    assert_eq!(
        paths["/v1/events/{event}/deck-checks/pick"]["post"]["requestBody"]["required"],
        false
    );
    let schemas = &doc["components"]["schemas"];
    for name in [
        "EventChanges",
        "JudgeRequest",
        "PublishRequest",
        "ResolveRequest",
        "DeckCheckRequest",
        "PickRequest",
    ] {
        assert_eq!(schemas[name]["additionalProperties"], false, "{name}");
    }
    for name in ["RegisterRequest", "ListRequest", "AmendRequest", "NewEvent"] {
        for shape in schemas[name]["oneOf"].as_array().unwrap() {
            assert_eq!(
                resolve(&doc, shape)["additionalProperties"],
                false,
                "{name}"
            );
        }
    }
    let swu = resolve(&doc, &schemas["NewEvent"]["oneOf"][0]);
    assert_eq!(resolve(&doc, &swu["properties"]["game"])["const"], "swu");
    assert!(
        resolve(&doc, &swu["properties"]["format"])["enum"]
            .as_array()
            .unwrap()
            .contains(&json!("premier"))
    );
    assert_eq!(swu["required"], json!(["name", "game", "format", "date"]));
}

/// Regression (issue 17): the documented Trilogy request `{"decks": [...]}` matched both
/// alternatives of the old request schema. Each shape now names what it requires and allows
/// nothing else, so no request is two shapes.
#[test]
fn the_request_shapes_exclude_each_other() {
    let doc = document();
    let shapes = doc["components"]["schemas"]["SwuValidateBody"]["oneOf"]
        .as_array()
        .unwrap();
    assert_eq!(shapes.len(), 3);
    let (one, several, bare) = (
        resolve(&doc, &shapes[0]),
        resolve(&doc, &shapes[1]),
        resolve(&doc, &shapes[2]),
    );
    assert_eq!(one["required"], json!(["deck"]));
    assert_eq!(one["additionalProperties"], false);
    assert!(one["properties"].get("decks").is_none());
    assert_eq!(several["required"], json!(["decks"]));
    assert_eq!(several["additionalProperties"], false);
    assert!(several["properties"].get("deck").is_none());
    assert_eq!(several["properties"]["decks"]["maxItems"], 3);
    // A bare deck's `deck` is a list, a request's a string or an object; it has no `decks`.
    assert_eq!(bare["properties"]["deck"]["type"], "array");
    assert_eq!(
        resolve(&doc, &bare["properties"]["decks"])["not"],
        json!({})
    );
    assert!(
        bare["required"]
            .as_array()
            .unwrap()
            .contains(&json!("deck"))
    );
    // A deck is a list, a JSON deck, or a link (issue 30).
    let deck_types: Vec<Value> = resolve(&doc, &one["properties"]["deck"])["anyOf"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let s = resolve(&doc, s);
            json!([s["type"], s["format"]])
        })
        .collect();
    assert_eq!(
        deck_types,
        [
            json!(["string", null]),
            json!(["object", null]),
            json!(["string", "uri"])
        ]
    );
}

/// Regression (issue 17): `/v1/sets` and `/v1/suspensions` send `null` where a date or a
/// note is unknown; the document says so.
#[test]
fn fields_sent_as_null_are_nullable() {
    let doc = document();
    let schemas = &doc["components"]["schemas"];
    for (schema, field) in [
        ("SetInfo", "release_date"),
        ("SetInfo", "rotation_block"),
        ("SetInfo", "caveat"),
        ("Suspension", "effective_until"),
        ("Suspension", "subtitle"),
        ("Suspension", "announced"),
        ("SuspensionsAnswer", "format"),
        ("SuspensionsAnswer", "as_of"),
    ] {
        let types = &schemas[schema]["properties"][field]["type"];
        assert!(
            types.as_array().is_some_and(|t| t.contains(&"null".into())),
            "{schema}.{field}: {types}"
        );
    }
    // Research notes never reach players (issue 18): they are not part of the answer at all.
    for schema in ["SetInfo", "Suspension"] {
        assert!(
            schemas[schema]["properties"].get("notes").is_none(),
            "{schema}.notes"
        );
    }
}

/// The contract's table of error codes, written from [`deckcheck_core::ErrorCode`].
fn code_table() -> String {
    let mut out = String::from("| Code | Status | Meaning |\n|---|---|---|\n");
    for code in deckcheck_core::ErrorCode::ALL {
        out.push_str(&format!(
            "| `{code}` | {} | {} |\n",
            code.status(),
            code.meaning().replace('|', "\\|")
        ));
    }
    out
}

/// Issue 26: the documented list of codes, the statuses and the meanings come from the one enum.
#[test]
fn the_contract_lists_every_error_code_with_its_status() {
    let path = root().join("docs/api-contract.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let (start, end) = ("<!-- codes -->\n", "<!-- /codes -->");
    let (Some(a), Some(b)) = (text.find(start), text.find(end)) else {
        panic!("docs/api-contract.md has no {start:?} … {end:?} section");
    };
    let expected = format!("{}{start}{}{}", &text[..a], code_table(), &text[b..]);
    generated_file(&path, &expected);
    // And the document's `error.code` is the enum of every code.
    let doc = document();
    let listed = &doc["components"]["schemas"]["ErrorCode"]["enum"];
    let ids: Vec<&str> = deckcheck_core::ErrorCode::ALL
        .iter()
        .map(|c| c.as_str())
        .collect();
    assert_eq!(listed, &json!(ids), "{listed}");
    assert_eq!(
        doc["components"]["schemas"]["ErrorBody"]["properties"]["code"]["$ref"],
        "#/components/schemas/ErrorCode"
    );
}

/// The README's list of routes, generated from the routes as the router registers them.
fn route_list() -> String {
    let doc = deckcheck_server::app::derived();
    let mut out = String::from("| Method | Path | What it answers |\n|---|---|---|\n");
    let paths = doc["paths"].as_object().unwrap();
    for (path, item) in paths {
        if path.starts_with("/v1/games/{game}/") {
            continue;
        }
        let mut listed = vec![format!("`{path}`")];
        let each = path.replacen("/v1/", "/v1/games/{game}/", 1);
        if each != *path && paths.contains_key(&each) {
            listed.push(format!("`{each}`"));
        }
        for (method, op) in item.as_object().unwrap() {
            out.push_str(&format!(
                "| {} | {} | {} |\n",
                method.to_uppercase(),
                listed.join(", "),
                op["summary"].as_str().unwrap_or("")
            ));
        }
    }
    out
}

#[test]
fn the_readme_lists_every_route() {
    let path = root().join("README.md");
    let readme = std::fs::read_to_string(&path).unwrap();
    let (start, end) = ("<!-- routes -->\n", "<!-- /routes -->");
    let (Some(a), Some(b)) = (readme.find(start), readme.find(end)) else {
        panic!("README.md has no {start:?} … {end:?} section");
    };
    let expected = format!("{}{start}{}{}", &readme[..a], route_list(), &readme[b..]);
    generated_file(&path, &expected);
    let readme = expected;
    // And every documented path is one of the README's (a game's own path by its template).
    let doc = document();
    for documented in doc["paths"].as_object().unwrap().keys() {
        let template = games()
            .iter()
            .find_map(|g| {
                documented
                    .strip_prefix(&format!("/v1/games/{}/", g.id))
                    .map(|rest| format!("/v1/games/{{game}}/{rest}"))
            })
            .unwrap_or_else(|| documented.clone());
        assert!(
            readme.contains(&format!("`{template}`")),
            "{documented} is not in README.md"
        );
    }
}

/// The service as it runs, on a free port with the real data: each game's variable
/// (`DECKCHECK_CARDS` and the others, as CI sets them), else its directory in `../shared`. The
/// tests that use it are `#[ignore = "needs ../shared: …"]`.
mod live {
    use std::path::PathBuf;
    use std::sync::LazyLock;

    use deckcheck_server::games::{GAMES, Loaded};
    use deckcheck_server::loading::load_all;
    use deckcheck_server::{Application, Settings};
    use serde_json::{Value, json};

    static LOADED: LazyLock<Loaded> =
        LazyLock::new(|| load_all(&settings(), None).expect("the real data loads"));

    fn settings() -> Settings {
        let mut settings =
            Settings::parse_from(["--addr", "127.0.0.1:0", "--workers", "1"]).unwrap();
        // An event store of the app's own, never the user's data directory.
        settings.data_dir = Some(tempfile::tempdir().expect("a temporary directory").keep());
        let shared = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data");
        settings.catalogs = GAMES
            .iter()
            .map(|g| {
                let dir = std::env::var_os(g.env)
                    .filter(|d| !d.is_empty())
                    .map(PathBuf::from)
                    .unwrap_or_else(|| match g.id {
                        "swu" => shared.join("swu/cards"),
                        "legion" => shared.join("legion/legion-hq"),
                        other => shared.join(format!("sw{other}")),
                    });
                (g.id.to_string(), dir)
            })
            .collect();
        let swu = &settings.catalogs[0].1;
        assert!(
            swu.is_dir(),
            "needs ../shared: no SWU catalog at {} (set DECKCHECK_CARDS)",
            swu.display()
        );
        settings
    }

    pub struct App {
        url: String,
        client: reqwest::Client,
    }

    pub struct Answer {
        pub status: u16,
        pub body: Value,
    }

    pub async fn app() -> App {
        let loaded = LOADED.clone();
        let app = Application::build(settings(), loaded).expect("binds a free port");
        let url = format!("http://127.0.0.1:{}", app.port());
        actix_web::rt::spawn(app.run_until_stopped());
        let _ = rustls::crypto::ring::default_provider().install_default();
        App {
            url,
            client: reqwest::Client::new(),
        }
    }

    impl App {
        pub async fn get(&self, path: &str) -> Answer {
            let res = self
                .client
                .get(format!("{}{path}", self.url))
                .send()
                .await
                .unwrap();
            answer(res).await
        }

        pub async fn post(&self, path: &str, body: &Value) -> Answer {
            let res = self
                .client
                .post(format!("{}{path}", self.url))
                .header("content-type", "application/json")
                .body(body.to_string())
                .send()
                .await
                .unwrap();
            answer(res).await
        }

        pub async fn text(&self, path: &str) -> String {
            let res = self
                .client
                .get(format!("{}{path}", self.url))
                .send()
                .await
                .unwrap();
            res.text().await.unwrap()
        }
    }

    async fn answer(res: reqwest::Response) -> Answer {
        let status = res.status().as_u16();
        let text = res.text().await.unwrap();
        Answer {
            status,
            body: serde_json::from_str(&text).unwrap_or(Value::String(text)),
        }
    }

    pub const DECK: &str =
        "Leader\n1 | Han Solo | Audacious Smuggler\nBase\n1 | Level 1313\nDeck\n3 | Waylay\n";

    pub fn deck() -> Value {
        json!({ "deck": DECK, "format": "premier", "as_of": "2025-05-01" })
    }
}

use live::{DECK, app, deck};

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn the_service_serves_the_generated_document() {
    let app = app().await;
    let served = app.text("/openapi.json").await;
    assert_eq!(
        served,
        openapi::document_json(deckcheck_server::app::derived(), &games())
    );
}

/// Regression (issue 17): `/v1/cards/{id}?format=` and any query on compare were ignored, and
/// query errors said `field: "query"`.
#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn every_route_refuses_an_unknown_query_parameter_by_name() {
    let app = app().await;
    for path in [
        "/health",
        "/openapi.json",
        "/v1/games",
        "/v1/formats",
        "/v1/sets",
        "/v1/suspensions",
        "/v1/cards?q=Waylay",
        "/v1/cards/SOR_001",
        "/v1/games/legion/cards?q=Luke",
    ] {
        let sep = if path.contains('?') { '&' } else { '?' };
        let answer = app.get(&format!("{path}{sep}bogus=1")).await;
        assert_eq!(answer.status, 400, "GET {path}: {}", answer.body);
        assert_eq!(answer.body["error"]["field"], "bogus", "GET {path}");
    }
    for path in [
        "/v1/decks/validate",
        "/v1/decks/window",
        "/v1/decks/compare",
        "/v1/decks/validate-batch",
        "/v1/games/lcg/decks/validate",
    ] {
        let answer = app.post(&format!("{path}?bogus=1"), &deck()).await;
        assert_eq!(answer.status, 400, "POST {path}: {}", answer.body);
        assert_eq!(answer.body["error"]["field"], "bogus", "POST {path}");
    }
    let answer = app.get("/v1/cards/SOR_001?format=premier").await;
    assert_eq!(answer.body["error"]["field"], "format");
}

/// Regression (issue 17): `format`, `input_format` and `trilogy_pool` are fixed sets, and the
/// document says so; a value outside its set is refused, whatever the format checked.
#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn a_value_outside_its_documented_set_is_refused_by_name() {
    let app = app().await;
    for (field, value) in [
        ("format", json!("Premier")),
        ("format", json!("premier, eternal")),
        ("format", json!([])),
        ("input_format", json!("xml")),
        ("trilogy_pool", json!("twin-suns")),
        ("as_of", json!("2025-5-1")),
        ("game", json!("legion")),
    ] {
        let mut request = deck();
        request[field] = value.clone();
        let answer = app.post("/v1/decks/validate", &request).await;
        assert_eq!(answer.status, 400, "{field} {value}: {}", answer.body);
        assert_eq!(answer.body["error"]["field"], field, "{}", answer.body);
    }
}

/// Regression (issue 17): the documented Trilogy request `{"decks": [...]}` is answered; `deck`
/// with `decks` is refused.
#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn three_decks_are_one_trilogy_submission_and_deck_with_decks_is_refused() {
    let app = app().await;
    let trilogy = json!({ "decks": [DECK, DECK, DECK], "format": "trilogy", "as_of": "2025-05-01", "trilogy_pool": "eternal" });
    let answer = app.post("/v1/decks/validate", &trilogy).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.body["reports"][0]["decks"], json!([0, 1, 2]));
    let mut both = trilogy.clone();
    both["deck"] = json!(DECK);
    let answer = app.post("/v1/decks/validate", &both).await;
    assert_eq!(answer.status, 400, "{}", answer.body);
}

/// A roster's options are refused once, as a 400, not as an error of every entry.
#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn a_batch_with_options_the_game_cannot_read_is_refused_whole() {
    let app = app().await;
    let roster = json!({ "format": "premier", "entries": [{ "deck": DECK }], "pool": [1, 2] });
    let answer = app.post("/v1/decks/validate-batch", &roster).await;
    assert_eq!(answer.status, 400, "{}", answer.body);
    assert_eq!(answer.body["error"]["field"], "pool");
    let roster = json!({ "format": "all", "entries": [] });
    let answer = app.post("/v1/decks/validate-batch", &roster).await;
    assert_eq!(answer.status, 400, "{}", answer.body);
    assert_eq!(answer.body["error"]["field"], "format");
}

/// A request of the documented shape that cannot be answered as it is: a 422.
#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn a_window_that_ends_before_it_starts_and_an_unreadable_deck_are_422() {
    let app = app().await;
    let mut request = deck();
    request["from"] = json!("2025-05-01");
    request["until"] = json!("2025-01-01");
    let answer = app.post("/v1/decks/window", &request).await;
    assert_eq!(answer.status, 422, "{}", answer.body);
    assert_eq!(answer.body["error"]["field"], "until");
    let answer = app
        .post("/v1/decks/validate", &json!({ "deck": "   " }))
        .await;
    assert_eq!(answer.status, 422, "{}", answer.body);
}
