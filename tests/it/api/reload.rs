//! `POST /v1/admin/reload` (issue 5): guarded by a bearer token, swaps the catalog atomically,
//! keeps the old one when the new one does not load, and loses no request while it reloads.

use std::path::PathBuf;

use deckcheck::checker::Checker;
use deckcheck::http::Application;
use deckcheck::settings::Settings;
use futures_util::future::join_all;
use serde_json::json;

use super::helpers::{TestApp, wichita_json};
use crate::helpers::shared_swu;

/// A catalog directory of its own, starting with the combined card file.
fn catalog_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("deckcheck-reload-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(
        shared_swu().join("cards/all_cards.json"),
        dir.join("all_cards.json"),
    )
    .unwrap();
    dir
}

fn add_raw_set(dir: &std::path::Path, code: &str) {
    let raw = shared_swu().join(format!("cards/swu-db-2026-10-08/{code}.json"));
    std::fs::copy(raw, dir.join(format!("{code}.json"))).unwrap();
}

async fn spawn(cards: PathBuf, token: Option<&str>) -> TestApp {
    let settings = Settings {
        addr: "127.0.0.1:0".parse().unwrap(),
        workers: Some(2),
        cards: cards.clone(),
        admin_token: token.map(str::to_string),
        ..Settings::default()
    };
    let checker = Checker::load(&cards, None).unwrap();
    let app = Application::build(settings, checker).unwrap();
    let address = format!("http://127.0.0.1:{}", app.port());
    actix_web::rt::spawn(app.run_until_stopped());
    TestApp {
        address,
        client: super::helpers::client(),
    }
}

async fn reload(app: &TestApp, token: Option<&str>) -> (u16, serde_json::Value) {
    let mut request = app.client.post(format!("{}/v1/admin/reload", app.address));
    if let Some(t) = token {
        request = request.bearer_auth(t);
    }
    let response = request.send().await.unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

#[actix_web::test]
async fn the_admin_route_is_disabled_without_a_token_and_guarded_with_one() {
    let dir = catalog_dir("auth");
    let open = spawn(dir.clone(), None).await;
    let (status, body) = reload(&open, Some("anything")).await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (404, Some("not-found"))
    );

    let guarded = spawn(dir, Some("s3cret")).await;
    assert_eq!(reload(&guarded, None).await.0, 401);
    assert_eq!(reload(&guarded, Some("wrong")).await.0, 401);
    let (status, body) = reload(&guarded, Some("s3cret")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["reloaded"], true);
}

#[actix_web::test]
async fn a_catalog_that_does_not_load_leaves_the_old_one_answering() {
    let dir = catalog_dir("broken");
    let app = spawn(dir.clone(), Some("t")).await;
    let before = app.get("/health").await.body["catalog"].clone();
    std::fs::write(
        dir.join("SOR.json"),
        br#"{"total_cards": 1, "data": [{"Set": "SOR"}]}"#,
    )
    .unwrap();
    let (status, body) = reload(&app, Some("t")).await;
    assert_eq!(status, 500);
    assert_eq!(body["error"]["code"], "reload-failed");
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("SOR.json"),
        "{body}"
    );
    let health = app.get("/health").await;
    assert_eq!((health.status, &health.body["catalog"]), (200, &before));
}

#[actix_web::test]
async fn reloading_twice_under_a_burst_of_requests_fails_none_and_mixes_no_versions() {
    let dir = catalog_dir("burst");
    let app = spawn(dir.clone(), Some("t")).await;
    let v0 = app.get("/health").await.body["catalog"]
        .as_str()
        .unwrap()
        .to_string();
    let request = json!({ "deck": wichita_json(), "format": ["premier", "eternal", "twin-suns"], "as_of": "2025-04-01" });

    let mut versions = vec![v0];
    let mut answers = Vec::new();
    for (round, code) in ["ASH", "HMW", ""].iter().enumerate() {
        // 100 validations in flight, and (in the first two rounds) a reload among them.
        let burst = join_all((0..100).map(|_| app.validate(&request)));
        if code.is_empty() {
            answers.extend(burst.await);
            continue;
        }
        add_raw_set(&dir, code);
        let (burst, (status, body)) =
            futures_util::future::join(burst, reload(&app, Some("t"))).await;
        assert_eq!(status, 200, "reload {round}: {body}");
        versions.push(body["catalog"].as_str().unwrap().to_string());
        answers.extend(burst);
    }
    assert_eq!(versions.len(), 3);
    assert_eq!(
        versions
            .iter()
            .collect::<std::collections::BTreeSet<_>>()
            .len(),
        3,
        "each reload made a new version"
    );
    assert_eq!(answers.len(), 300);
    for answer in &answers {
        assert_eq!(answer.status, 200, "{}", answer.body);
        let catalog = answer.body["catalog"].as_str().unwrap();
        assert!(
            versions.iter().any(|v| v == catalog),
            "unknown version {catalog}"
        );
        for report in answer.body["reports"].as_array().unwrap() {
            assert_eq!(report["catalog"], catalog, "one answer, one catalog");
        }
    }
    let last = &answers[answers.len() - 1].body["catalog"];
    assert_eq!(
        last,
        versions.last().unwrap().as_str(),
        "after the reloads every answer uses the newest data"
    );
}
