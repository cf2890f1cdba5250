//! `POST /v1/admin/reload` (issue 5): guarded by a bearer token, swaps the data atomically,
//! keeps the old data when the new does not load, and loses no request while it reloads.

use std::path::{Path, PathBuf};

use deckcheck_core::{Paths, Registry};
use deckcheck_server::games::Loaded;
use futures_util::future::join_all;
use serde_json::json;

use crate::helpers::*;

/// A SWU catalog directory of its own, starting with the combined card file of `../shared`.
fn catalog_dir(root: &Path) -> PathBuf {
    let dir = root.join("cards");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(
        shared_swu().join("cards/all_cards.json"),
        dir.join("all_cards.json"),
    )
    .unwrap();
    dir
}

fn add_raw_set(dir: &Path, code: &str) {
    let raw = shared_swu().join(format!("cards/swu-db-2026-10-08/{code}.json"));
    std::fs::copy(raw, dir.join(format!("{code}.json"))).unwrap();
}

/// The service with SWU read from `cards` and every other game on its real data (a reload
/// reloads every game, so all of them must load: the tests need `../shared` whole).
async fn spawn(cards: &Path, token: Option<&str>) -> TestApp {
    let real = real_games();
    assert!(
        real.unavailable.is_empty(),
        "needs ../shared: every game's real data ({:?} missing)",
        real.unavailable.iter().map(|u| u.id).collect::<Vec<_>>()
    );
    let mut args = vec!["--addr", "127.0.0.1:0", "--workers", "2"];
    if let Some(t) = token {
        args.extend(["--admin-token", t]);
    }
    let mut settings = deckcheck_server::Settings::parse_from(args).unwrap();
    settings.card_data = None;
    if token.is_none() {
        settings.admin_token = None;
    }
    settings.catalogs = real_catalogs()
        .into_iter()
        .map(|(id, dir)| {
            let dir = if id == "swu" {
                cards.to_path_buf()
            } else {
                dir
            };
            (id.to_string(), dir)
        })
        .collect();
    let swu = (deckcheck_swu::SPEC.load)(&Paths {
        cards: cards.to_path_buf(),
        card_data: None,
    })
    .unwrap();
    let mut games = vec![swu];
    games.extend(real.registry.games()[1..].iter().cloned());
    spawn_loaded(
        settings,
        Loaded {
            registry: Registry::new(games),
            unavailable: Vec::new(),
            notes: Vec::new(),
        },
    )
}

fn spawn_loaded(settings: deckcheck_server::Settings, loaded: Loaded) -> TestApp {
    crate::helpers::spawn(settings, loaded)
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
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn the_admin_route_is_disabled_without_a_token_and_guarded_with_one() {
    let root = tempfile::tempdir().unwrap();
    let dir = catalog_dir(root.path());
    let open = spawn(&dir, None).await;
    let (status, body) = reload(&open, Some("anything")).await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (404, Some("not-found"))
    );

    let guarded = spawn(&dir, Some("s3cret")).await;
    assert_eq!(reload(&guarded, None).await.0, 401);
    assert_eq!(reload(&guarded, Some("wrong")).await.0, 401);
    let (status, body) = reload(&guarded, Some("s3cret")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["reloaded"], true);
    assert_eq!(body["games"][0]["game"], "swu");
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn a_catalog_that_does_not_load_leaves_the_old_one_answering() {
    let root = tempfile::tempdir().unwrap();
    let dir = catalog_dir(root.path());
    let app = spawn(&dir, Some("t")).await;
    let before = app.catalog().await;
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
    assert_eq!(app.catalog().await, before);
    let answer = app
        .validate(&json!({ "deck": wichita_json(), "as_of": "2025-04-01" }))
        .await;
    assert_eq!((answer.status, &answer.body["legal"]), (200, &json!(true)));
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn reloading_twice_under_a_burst_of_requests_fails_none_and_mixes_no_versions() {
    let root = tempfile::tempdir().unwrap();
    let dir = catalog_dir(root.path());
    let app = spawn(&dir, Some("t")).await;
    let v0 = app.catalog().await;
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
        versions.push(body["games"][0]["catalog"].as_str().unwrap().to_string());
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
