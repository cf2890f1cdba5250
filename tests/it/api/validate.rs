//! `POST /v1/decks/validate`.

use insta::assert_json_snapshot;
use serde_json::json;

use super::helpers::*;

#[actix_web::test]
async fn a_legal_swudb_deck_gets_a_legal_report_per_format() {
    let app = spawn_app().await;
    let answer = app
        .validate(&json!({ "deck": wichita_json(), "format": ["premier", "eternal"], "as_of": "2025-04-01" }))
        .await;
    assert_eq!(answer.status, 200);
    assert!(
        answer.request_id.is_some(),
        "every answer names its request id"
    );
    assert_eq!(
        answer.body["legal"], false,
        "Eternal did not exist in April 2025"
    );
    assert_eq!(answer.body["reports"][0]["format"], "premier");
    assert_eq!(answer.body["reports"][0]["legal"], true);
    assert_eq!(
        answer.body["reports"][1]["violations"][0]["code"],
        "format-not-available"
    );
    assert_json_snapshot!("validate_premier_and_eternal", answer.body, { ".catalog" => "[catalog]", ".reports[].catalog" => "[catalog]" });
}

#[actix_web::test]
async fn a_text_list_with_query_options_reports_the_suspended_card() {
    let app = spawn_app().await;
    let answer = app
        .validate_text(
            "format=premier&as_of=2025-05-01&explain=true",
            &deck_text("tournament/wichita-pq-4th-han-solo.melee.txt"),
        )
        .await;
    assert_eq!(answer.status, 200);
    let report = &answer.body["reports"][0];
    assert_eq!(report["legal"], false);
    assert_eq!(report["violations"][0]["code"], "card-suspended");
    assert_eq!(report["violations"][0]["section"], "TR 3.2.1");
    assert_eq!(
        answer.body["decks"][0]["bases"][0]["subtitle"], "Coruscant",
        "the deck as understood"
    );
    assert_eq!(answer.body["decks"][0]["main_count"], 50);
    let plain = app
        .validate_text(
            "as_of=2025-05-01",
            &deck_text("tournament/wichita-pq-4th-han-solo.melee.txt"),
        )
        .await;
    assert!(
        plain.body.get("decks").is_none(),
        "the deck view is only sent when asked for"
    );
}

#[actix_web::test]
async fn a_bare_swudb_deck_is_accepted_as_the_body() {
    let app = spawn_app().await;
    let answer = app
        .post(
            "/v1/decks/validate?as_of=2025-04-01",
            "application/json",
            wichita_json().to_string(),
        )
        .await;
    assert_eq!(answer.status, 200);
    assert_eq!(answer.body["legal"], true);
}

#[actix_web::test]
async fn format_all_answers_every_format() {
    let app = spawn_app().await;
    let answer = app
        .validate(&json!({ "deck": wichita_json(), "format": "all", "as_of": "2026-11-22" }))
        .await;
    let formats: Vec<_> = answer.body["reports"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["format"].as_str().unwrap().to_string())
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
}

#[actix_web::test]
async fn misspelled_and_ambiguous_lines_come_back_with_candidates() {
    let app = spawn_app().await;
    let text = "Leaders\n1 | Han Solo | Audacious Smuggler\nBase\n1 | Level 1313\nDeck\n3 | Bounty Huntr Crew\n3 | Luke Skywalker\n";
    let answer = app
        .validate(&json!({ "deck": text, "as_of": "2025-04-01" }))
        .await;
    assert_eq!(answer.status, 200);
    assert_json_snapshot!(
        "validate_misspelled",
        answer.body["reports"][0]["diagnostics"]
    );
}

#[actix_web::test]
async fn trilogy_takes_three_decks_and_judges_them_together() {
    let app = spawn_app().await;
    let deck = wichita_json();
    let answer = app
        .validate(&json!({ "decks": [deck, deck, deck], "format": "trilogy", "as_of": "2026-11-22", "trilogy_pool": "eternal" }))
        .await;
    assert_eq!(answer.status, 200);
    let report = &answer.body["reports"][0];
    assert_eq!(report["decks"], json!([0, 1, 2]));
    let codes: Vec<_> = report["violations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["code"].as_str().unwrap())
        .collect();
    assert!(
        codes.contains(&"too-many-copies"),
        "the same leader thrice: {codes:?}"
    );
    assert!(codes.contains(&"sideboard-too-large"));
}

#[actix_web::test]
async fn a_sealed_deck_is_checked_against_the_pool_sent_with_it() {
    let app = spawn_app().await;
    let pool = "Leaders\n1 | Han Solo | Audacious Smuggler\nDeck\n2 | Waylay\n30 | Cunning\n";
    let deck = "Leaders\n1 | Han Solo | Audacious Smuggler\nBase\n1 | Level 1313\nDeck\n3 | Waylay\n30 | Cunning\n";
    let answer = app.validate(&json!({ "deck": deck, "pool": pool, "format": "sealed", "as_of": "2025-04-01", "event_set": "SOR" })).await;
    let violations = answer.body["reports"][0]["violations"]
        .as_array()
        .unwrap()
        .clone();
    let codes: Vec<_> = violations
        .iter()
        .map(|v| v["code"].as_str().unwrap())
        .collect();
    assert_eq!(
        codes,
        ["card-not-in-pool", "base-not-in-pool"],
        "{violations:#?}"
    );
    assert_eq!(
        (
            violations[0]["expected"].as_u64(),
            violations[0]["actual"].as_u64()
        ),
        (Some(2), Some(3))
    );
}

#[actix_web::test]
async fn compare_judges_a_presented_deck_against_the_registered_list() {
    let app = spawn_app().await;
    let registered = deck_text("tournament/wichita-pq-4th-han-solo.melee.txt");
    let presented = registered
        .replace("2 | Gamorrean Guards", "2 | Auzituck Liberator Gunship")
        .replace(
            "2 | Auzituck Liberator Gunship\n2 | Enfys Nest | Marauder",
            "2 | Gamorrean Guards\n2 | Enfys Nest | Marauder",
        );
    let answer = app
        .post(
            "/v1/decks/compare",
            "application/json",
            json!({ "registered": registered, "presented": presented, "as_of": "2025-04-01" })
                .to_string(),
        )
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(
        answer.body["verdict"], "legal-sideboarding",
        "{}",
        answer.body
    );
    let missing = app
        .post(
            "/v1/decks/compare",
            "application/json",
            json!({ "presented": "1 | Waylay" }).to_string(),
        )
        .await;
    assert_eq!(
        (missing.status, missing.body["error"]["field"].as_str()),
        (400, Some("registered"))
    );
}
