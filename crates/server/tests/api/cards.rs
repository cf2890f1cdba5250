//! Reference routes: games, cards, formats, sets, suspensions, health, the OpenAPI document,
//! the pages.

use insta::assert_json_snapshot;

use crate::helpers::*;
use crate::real_app;

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn health_says_live_and_which_catalog_answers_for_each_game() {
    let app = real_app!();
    let answer = app.get("/health").await;
    assert_eq!(answer.status, 200);
    assert_eq!(answer.body["status"], "live");
    let swu = &answer.body["games"][0];
    assert_eq!(swu["game"], "swu");
    assert!(swu["catalog"].as_str().unwrap().starts_with("xxh3:"));
    assert!(swu["cards"].as_u64().unwrap() > 2000);
}

#[actix_web::test]
async fn health_names_a_game_whose_data_is_not_loaded() {
    let app = spawn_fixture_app().await;
    let answer = app.get("/health").await;
    assert_eq!(answer.status, 200);
    assert_eq!(answer.body["games"][0]["cards"], 28);
    let unavailable: Vec<_> = answer.body["unavailable"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["id"].as_str().unwrap())
        .collect();
    assert_eq!(unavailable, ["lcg", "ccg", "legion"]);
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn a_card_search_forgives_case_and_suggests_for_typos() {
    let app = real_app!();
    let exact = app.get("/v1/cards?q=han%20solo").await;
    assert_eq!(exact.body["exact"], true);
    assert!(exact.body["results"].as_array().unwrap().len() > 2);
    let typo = app.get("/v1/cards?q=Bounty%20Huntr%20Crew&limit=3").await;
    assert_eq!(typo.body["exact"], false);
    assert_eq!(typo.body["results"][0]["title"], "Bounty Hunter Crew");
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn a_card_has_its_printings_and_legality_per_format() {
    let app = real_app!();
    let answer = app.get("/v1/cards/SOR_15?as_of=2025-01-01").await;
    assert_eq!(answer.status, 200);
    assert_eq!(answer.body["card"]["title"], "Boba Fett");
    assert_eq!(answer.body["legality"]["premier"]["legal"], false);
    assert_eq!(
        answer.body["legality"]["premier"]["violations"][0]["code"],
        "card-suspended"
    );
    assert_eq!(answer.body["legality"]["twin-suns"]["legal"], true);
    assert_json_snapshot!("card_boba_fett", answer.body, { ".catalog" => "[catalog]" });
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn formats_sets_and_suspensions_are_served_with_their_sources() {
    let app = real_app!();
    let formats = app.get("/v1/formats").await;
    let swu = formats.body["formats"]["swu"].as_array().unwrap();
    let twin_suns = swu.iter().find(|f| f["id"] == "twin-suns").unwrap();
    assert_eq!(
        twin_suns["rules"]["min_main_deck"][1]["value"], 80,
        "{twin_suns}"
    );
    assert_eq!(twin_suns["rules"]["min_main_deck"][1]["from"], "2025-03-14");
    let eternal = swu.iter().find(|f| f["id"] == "eternal").unwrap();
    assert_eq!(eternal["from"], "2026-03-13");
    let sets = app.get("/v1/sets").await;
    assert!(
        sets.body["sets"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["code"] == "LAW" && s["rotation_block"] == "B")
    );
    let in_force = app
        .get("/v1/suspensions?format=premier&as_of=2025-05-01")
        .await;
    let titles: Vec<_> = in_force.body["suspensions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["title"].as_str().unwrap())
        .collect();
    assert_eq!(
        titles,
        ["Boba Fett", "Jango Fett", "Triple Dark Raid", "DJ"]
    );
    let eternal = app.get("/v1/suspensions?format=eternal").await;
    assert_eq!(eternal.body["suspensions"].as_array().unwrap().len(), 2);
}

#[actix_web::test]
async fn the_games_are_listed_with_their_formats_inputs_and_codes() {
    let app = spawn_fixture_app().await;
    let answer = app.get("/v1/games").await;
    assert_eq!(answer.status, 200);
    let swu = &answer.body["games"][0];
    assert_eq!(swu["id"], "swu");
    let formats: Vec<_> = swu["formats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        formats,
        [
            "premier",
            "eternal",
            "twin-suns",
            "trilogy",
            "sealed",
            "draft"
        ]
    );
    let inputs: Vec<_> = swu["inputs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["id"].as_str().unwrap())
        .collect();
    assert_eq!(inputs, ["swudb-json", "picklist", "text"]);
    assert!(
        swu["codes"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["code"] == "card-suspended")
    );
    assert_eq!(answer.body["unavailable"].as_array().unwrap().len(), 3);
}

#[actix_web::test]
async fn the_openapi_document_describes_every_route_of_every_game() {
    let app = spawn_fixture_app().await;
    let answer = app.get("/openapi.json").await;
    assert_eq!(answer.status, 200);
    let paths = answer.body["paths"].as_object().unwrap();
    let mut expected = std::collections::BTreeSet::new();
    // Every route as the router registers it; every game's routes are described, whether or
    // not its data is loaded.
    let registered = deckcheck_server::app::derived();
    for (path, item) in registered["paths"].as_object().unwrap() {
        let mut all = vec![path.clone()];
        if path.contains("{game}") {
            all = deckcheck_server::games::GAMES
                .iter()
                .map(|g| path.replace("{game}", g.id))
                .collect();
        }
        for path in all {
            for method in item.as_object().unwrap().keys() {
                assert!(
                    paths.get(&path).is_some_and(|p| p[method].is_object()),
                    "{method} {path} is not described"
                );
            }
            expected.insert(path);
        }
    }
    assert_eq!(
        paths
            .keys()
            .cloned()
            .collect::<std::collections::BTreeSet<_>>(),
        expected,
        "the document describes exactly the routes"
    );
}

#[actix_web::test]
async fn the_page_and_its_assets_are_served_with_a_strict_policy() {
    let app = spawn_fixture_app().await;
    for (path, kind) in [
        ("/", "text/html"),
        ("/app.js", "text/javascript"),
        ("/style.css", "text/css"),
    ] {
        let response = app
            .client
            .get(format!("{}{path}", app.address))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "{path}");
        let header = |name: &str| {
            response
                .headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_string()
        };
        assert!(header("content-type").starts_with(kind), "{path}");
        assert!(
            header("content-security-policy").contains("default-src 'self'"),
            "{path}"
        );
    }
}
