//! Reference routes: cards, formats, sets, suspensions, health, the OpenAPI document.

use insta::assert_json_snapshot;

use super::helpers::*;

#[actix_web::test]
async fn health_says_ready_and_which_catalog_answers() {
    let app = spawn_app().await;
    let answer = app.get("/health").await;
    assert_eq!(answer.status, 200);
    assert_eq!(answer.body["status"], "ready");
    assert!(
        answer.body["catalog"]
            .as_str()
            .unwrap()
            .starts_with("xxh3:")
    );
    assert!(answer.body["cards"].as_u64().unwrap() > 2000);
}

#[actix_web::test]
async fn a_card_search_forgives_case_and_suggests_for_typos() {
    let app = spawn_app().await;
    let exact = app.get("/v1/cards?q=han%20solo").await;
    assert_eq!(exact.body["exact"], true);
    assert!(exact.body["results"].as_array().unwrap().len() > 2);
    let typo = app.get("/v1/cards?q=Bounty%20Huntr%20Crew&limit=3").await;
    assert_eq!(typo.body["exact"], false);
    assert_eq!(typo.body["results"][0]["title"], "Bounty Hunter Crew");
}

#[actix_web::test]
async fn a_card_has_its_printings_and_legality_per_format() {
    let app = spawn_app().await;
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
async fn formats_sets_and_suspensions_are_served_with_their_sources() {
    let app = spawn_app().await;
    let formats = app.get("/v1/formats").await;
    assert_eq!(
        formats.body["formats"]["twin-suns"]["min_main_deck"][1]["value"],
        80
    );
    assert_eq!(
        formats.body["formats"]["twin-suns"]["min_main_deck"][1]["from"],
        "2025-03-14"
    );
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
async fn the_openapi_document_describes_every_route() {
    let app = spawn_app().await;
    let answer = app.get("/openapi.json").await;
    assert_eq!(answer.status, 200);
    for (method, path) in deckcheck::http::ROUTES {
        assert!(
            answer.body["paths"][path][method].is_object(),
            "{method} {path} is not described"
        );
    }
    let described = answer.body["paths"].as_object().unwrap().len();
    assert_eq!(
        described,
        deckcheck::http::ROUTES
            .iter()
            .map(|(_, p)| p)
            .collect::<std::collections::BTreeSet<_>>()
            .len()
    );
}
