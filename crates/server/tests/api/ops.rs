//! What an operator sees (issue 29): `/metrics` (names, bounded labels, its own address, the
//! admin token), `/health` and `/health/live` (liveness), `/ready` (readiness: 503 while the
//! data loads and while the event store does not answer).

use std::time::Duration;

use deckcheck_server::Application;
use deckcheck_server::settings::MetricsAuth;
use serde_json::json;

use crate::helpers::*;
use crate::metrics_text::value;

async fn metrics(app: &TestApp) -> String {
    let response = app
        .client
        .get(format!("{}/metrics", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert!(
        response.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/plain; version=0.0.4")
    );
    response.text().await.unwrap()
}

#[actix_web::test]
async fn a_validate_is_counted_by_route_template_method_status_and_by_game_format_and_verdict() {
    let app = spawn_fixture_app().await;
    let before = metrics(&app).await;
    let request = json!({ "deck": fixture_deck(), "format": "premier", "as_of": "2025-04-01" });
    assert_eq!(app.validate(&request).await.status, 200);
    let card = app.get("/v1/cards/SOR_193").await;
    let missing = app.get("/v1/no-such-route-xyz").await;
    assert_eq!(missing.status, 404);
    let after = metrics(&app).await;

    let validations = [("game", "swu"), ("format", "premier"), ("verdict", "legal")];
    assert!(
        value(&after, "deckcheck_validations_total", &validations)
            >= value(&before, "deckcheck_validations_total", &validations) + 1.0,
        "{after}"
    );
    let validate = [
        ("route", "/v1/decks/validate"),
        ("method", "POST"),
        ("status", "200"),
    ];
    assert!(value(&after, "deckcheck_http_requests_total", &validate) >= 1.0);
    let duration = [("route", "/v1/decks/validate"), ("method", "POST")];
    assert!(
        value(
            &after,
            "deckcheck_http_request_duration_seconds_count",
            &duration
        ) >= 1.0
    );
    assert!(after.contains("deckcheck_http_request_duration_seconds_bucket{"));
    // The route's template, never the path a client sent.
    let status = card.status.to_string();
    let card = [("route", "/v1/cards/{id}"), ("status", status.as_str())];
    assert!(value(&after, "deckcheck_http_requests_total", &card) >= 1.0);
    let unmatched = [("route", "unmatched"), ("status", "404")];
    assert!(value(&after, "deckcheck_http_requests_total", &unmatched) >= 1.0);
    for raw in ["SOR_193", "no-such-route-xyz", "Filler Trooper"] {
        assert!(!after.contains(raw), "{raw} is a label: {after}");
    }
    // Each game's data, as loaded.
    assert_eq!(
        value(&after, "deckcheck_catalog_cards", &[("game", "swu")]),
        28.0
    );
    assert_eq!(
        value(&after, "deckcheck_game_loaded", &[("game", "legion")]),
        0.0
    );
    assert!(after.contains("deckcheck_catalog_age_seconds{game=\"swu\"}"));
    assert!(after.contains("# HELP deckcheck_validations_total"));
}

#[actix_web::test]
async fn liveness_answers_at_once_and_readiness_waits_for_the_data() {
    // Issue 29: `/ready` is 503 until every game's data is loaded; `/health` is liveness.
    let (release, wait) = std::sync::mpsc::channel::<()>();
    let mut settings = settings(&[("swu", fixture_cards())]);
    settings.data_dir = Some(tempfile::tempdir().unwrap().keep());
    let store = deckcheck_server::open_store(&settings).unwrap();
    let app = Application::build_loading(
        settings,
        store,
        Box::new(move |_| {
            let _ = wait.recv();
            Ok(fixture_games())
        }),
    )
    .unwrap();
    let app = serving(app);

    let ready = app.get("/ready").await;
    assert_eq!(ready.status, 503, "{}", ready.body);
    assert_eq!(ready.body["waiting_for"], json!(["loading"]));
    assert_eq!(ready.body["store"]["answers"], true);
    let live = app.get("/health/live").await;
    assert_eq!(
        (live.status, &live.body),
        (200, &json!({ "status": "live" }))
    );
    let health = app.get("/health").await;
    assert_eq!(
        (health.status, &health.body["status"]),
        (200, &json!("loading"))
    );
    let early = app
        .validate(&json!({ "deck": fixture_deck(), "format": "premier" }))
        .await;
    assert_eq!(early.status, 503, "{}", early.body);
    assert_eq!(early.body["error"]["code"], "game-unavailable");

    release.send(()).unwrap();
    let mut ready = app.get("/ready").await;
    for _ in 0..100 {
        if ready.status == 200 {
            break;
        }
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
        ready = app.get("/ready").await;
    }
    assert_eq!(ready.status, 200, "{}", ready.body);
    assert_eq!(ready.body["status"], "ready");
    assert_eq!(ready.body["games"][0]["game"], "swu");
    assert_eq!(ready.body["unavailable"][0]["id"], "lcg");
    assert_eq!(ready.body["store"]["backend"], "sqlite");
    assert!(
        ready.body["store"]["location"]
            .as_str()
            .unwrap()
            .ends_with("events.sqlite3")
    );
    assert_eq!(app.get("/health").await.body["status"], "live");
}

#[actix_web::test]
async fn readiness_is_503_while_the_event_store_does_not_answer() {
    // A PostgreSQL store on a port where nothing listens: the pool connects on first use.
    let url = "postgres://deckcheck:hunter2-secret@127.0.0.1:1/events";
    let location = deckcheck_store::Location::Postgres(url.into());
    let store = deckcheck_store::Store::lazy(&location).unwrap();
    let mut settings = settings(&[("swu", fixture_cards())]);
    settings.database_url = Some(url.to_string().into());
    let app = Application::build_with_store(settings, fixture_games(), store).unwrap();
    let app = serving(app);
    let ready = app.get("/ready").await;
    assert_eq!(ready.status, 503, "{}", ready.body);
    assert_eq!(ready.body["waiting_for"], json!(["store"]));
    assert_eq!(ready.body["store"]["backend"], "postgres");
    assert_eq!(ready.body["store"]["location"], "127.0.0.1:1/events");
    assert_eq!(ready.body["store"]["answers"], false);
    assert!(ready.body["store"]["error"].is_string());
    assert!(!ready.body.to_string().contains("hunter2"));
    // The games still answer, and liveness holds: nothing to restart.
    assert_eq!(app.get("/health/live").await.status, 200);
    let request = json!({ "deck": fixture_deck(), "format": "premier", "as_of": "2025-04-01" });
    assert_eq!(app.validate(&request).await.status, 200);
    let text = metrics(&app).await;
    assert_eq!(value(&text, "deckcheck_store_up", &[]), 0.0);
    assert!(
        value(&text, "deckcheck_store_errors_total", &[]) >= 1.0,
        "{text}"
    );
}

#[actix_web::test]
async fn metrics_can_have_an_address_of_their_own_or_need_the_admin_token() {
    let mut s = settings(&[("swu", fixture_cards())]);
    s.data_dir = Some(tempfile::tempdir().unwrap().keep());
    s.metrics_addr = Some("127.0.0.1:0".parse().unwrap());
    let app = Application::build(s, fixture_games()).unwrap();
    let (main, own) = (app.port(), app.metrics_port().unwrap());
    actix_web::rt::spawn(app.run_until_stopped());
    let c = client();
    let at = |port: u16| format!("http://127.0.0.1:{port}/metrics");
    assert_eq!(c.get(at(main)).send().await.unwrap().status(), 404);
    let there = c.get(at(own)).send().await.unwrap();
    assert_eq!(there.status(), 200);
    assert!(there.text().await.unwrap().contains("deckcheck_store_up"));

    let app = spawn_fixture_app_with(|s| {
        s.admin_token = Some("metrics-secret".to_string().into());
        s.metrics_auth = MetricsAuth::Admin;
    })
    .await;
    let url = format!("{}/metrics", app.address);
    let refused = c.get(&url).send().await.unwrap();
    assert_eq!(refused.status(), 401);
    assert!(refused.headers().contains_key("www-authenticate"));
    let wrong = c.get(&url).bearer_auth("nope").send().await.unwrap();
    assert_eq!(wrong.status(), 401);
    let shown = c
        .get(&url)
        .bearer_auth("metrics-secret")
        .send()
        .await
        .unwrap();
    assert_eq!(shown.status(), 200);
}
