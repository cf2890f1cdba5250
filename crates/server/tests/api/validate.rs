//! `POST /v1/decks/validate` and `POST /v1/decks/compare`, for the default game and at each
//! game's own path.

use insta::assert_json_snapshot;
use serde_json::json;

use crate::helpers::*;
use crate::real_app;

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn a_legal_swudb_deck_gets_a_legal_report_per_format() {
    let app = real_app!();
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
    assert_eq!(
        verdicts(&answer),
        [
            ("premier".to_string(), "legal".to_string()),
            ("eternal".to_string(), "illegal".to_string())
        ]
    );
    assert_eq!(answer.body["summary"]["legal"], json!(["premier"]));
    assert_eq!(answer.body["summary"]["illegal"], json!(["eternal"]));
    assert_eq!(
        answer.body["reports"][1]["violations"][0]["code"],
        "format-not-available"
    );
    assert_json_snapshot!("validate_premier_and_eternal", answer.body, { ".catalog" => "[catalog]", ".reports[].catalog" => "[catalog]" });
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn a_text_list_with_query_options_reports_the_suspended_card() {
    let app = real_app!();
    let answer = app
        .validate_text(
            "format=premier&as_of=2025-05-01&explain=true",
            &wichita_text(),
        )
        .await;
    assert_eq!(answer.status, 200);
    let report = &answer.body["reports"][0];
    assert_eq!(report["verdict"], "illegal");
    assert_eq!(report["violations"][0]["code"], "card-suspended");
    // Issue 28: cited by the announcement that made it; TR 3.2.1 is where the list lives.
    assert_eq!(
        report["violations"][0]["section"],
        "FFG's announcement, as Wargamer reported it (2025-04-09)"
    );
    assert_eq!(report["violations"][0]["data"]["list"], "TR 3.2.1");
    assert_eq!(answer.body["decks"][0]["input_format"], "text");
    let sections = answer.body["decks"][0]["view"]["sections"]
        .as_array()
        .unwrap_or_else(|| panic!("the deck as understood: {}", answer.body));
    let section = |id: &str| {
        sections
            .iter()
            .find(|s| s["id"] == id)
            .unwrap_or_else(|| panic!("no {id} section"))
    };
    assert_eq!(section("base")["lines"][0]["subtitle"], "Coruscant");
    assert_eq!(section("base")["lines"][0]["line"], 5);
    assert_eq!(section("main")["count"], 50);
    assert_eq!(section("sideboard")["count"], 10);
    let plain = app.validate_text("as_of=2025-05-01", &wichita_text()).await;
    assert!(
        plain.body["decks"][0].get("view").is_none(),
        "the deck view is only sent when asked for"
    );
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn a_bare_swudb_deck_is_accepted_as_the_body() {
    let app = real_app!();
    let answer = app
        .post(
            "/v1/decks/validate?as_of=2025-04-01",
            "application/json",
            wichita_json().to_string(),
        )
        .await;
    assert_eq!(answer.status, 200);
    assert_eq!(answer.body["legal"], true, "{}", answer.body);
    assert_eq!(answer.body["decks"][0]["input_format"], "swudb-json");
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn format_all_answers_every_format_available_on_the_date() {
    let app = real_app!();
    let formats =
        |answer: &Answer| -> Vec<String> { verdicts(answer).into_iter().map(|(f, _)| f).collect() };
    let answer = app
        .validate(&json!({ "deck": wichita_json(), "format": "all", "as_of": "2026-11-22" }))
        .await;
    assert_eq!(
        formats(&answer),
        [
            "premier",
            "eternal",
            "twin-suns",
            "trilogy",
            "sealed",
            "draft"
        ]
    );
    // Issue 16: "all" is the formats that can be played on the date (no Eternal, no Trilogy yet).
    let answer = app
        .validate(&json!({ "deck": wichita_json(), "format": "all", "as_of": "2025-04-01" }))
        .await;
    assert_eq!(
        formats(&answer),
        ["premier", "twin-suns", "sealed", "draft"]
    );
    // Limited formats without the pool cannot be judged.
    assert_eq!(
        answer.body["summary"]["unverified"],
        json!(["sealed", "draft"]),
        "{}",
        answer.body["summary"]
    );
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn misspelled_and_ambiguous_lines_come_back_with_candidates_once_per_deck() {
    let app = real_app!();
    let text = "Leaders\n1 | Han Solo | Audacious Smuggler\nBase\n1 | Level 1313\nDeck\n3 | Bounty Huntr Crew\n3 | Luke Skywalker\n";
    let answer = app
        .validate(&json!({ "deck": text, "format": "premier,twin-suns", "as_of": "2025-04-01" }))
        .await;
    assert_eq!(answer.status, 200);
    assert_eq!(answer.body["reports"].as_array().unwrap().len(), 2);
    for report in answer.body["reports"].as_array().unwrap() {
        assert!(report.get("diagnostics").is_none(), "{report}");
    }
    assert_json_snapshot!(
        "validate_misspelled",
        answer.body["decks"][0]["diagnostics"]
    );
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn trilogy_takes_three_decks_and_judges_them_together() {
    let app = real_app!();
    let deck = wichita_json();
    let answer = app
        .validate(&json!({ "decks": [deck, deck, deck], "format": "trilogy", "as_of": "2026-11-22", "trilogy_pool": "eternal" }))
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.body["decks"].as_array().unwrap().len(), 3);
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
    assert!(codes.contains(&"sideboard-too-large"), "{codes:?}");
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn a_sealed_deck_is_checked_against_the_pool_sent_with_it() {
    let app = real_app!();
    let pool = "Leaders\n1 | Han Solo | Audacious Smuggler\nDeck\n2 | Waylay\n30 | Cunning\n";
    let deck = "Leaders\n1 | Han Solo | Audacious Smuggler\nBase\n1 | Level 1313\nDeck\n3 | Waylay\n30 | Cunning\n";
    let answer = app.validate(&json!({ "deck": deck, "pool": pool, "format": "sealed", "as_of": "2025-04-01", "event_set": "SOR" })).await;
    let violations = answer.body["reports"][0]["violations"]
        .as_array()
        .unwrap_or_else(|| panic!("{}", answer.body))
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
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn compare_judges_a_presented_deck_against_the_registered_list() {
    let app = real_app!();
    let registered = wichita_text();
    let presented = registered
        .replace("2 | Gamorrean Guards", "2 | Auzituck Liberator Gunship")
        .replace(
            "2 | Auzituck Liberator Gunship\n2 | Enfys Nest | Marauder",
            "2 | Gamorrean Guards\n2 | Enfys Nest | Marauder",
        );
    let answer = app
        .compare(
            &json!({ "registered": registered, "presented": presented, "as_of": "2025-04-01" }),
        )
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(
        answer.body["verdict"], "legal-sideboarding",
        "{}",
        answer.body
    );
    assert_eq!(
        answer.body["registered"],
        json!({ "main": 50, "sideboard": 10 })
    );
    assert_eq!(
        answer.body["presented"],
        json!({ "main": 50, "sideboard": 10 })
    );
    let missing = app.compare(&json!({ "presented": "1 | Waylay" })).await;
    assert_eq!(
        (missing.status, missing.body["error"]["field"].as_str()),
        (400, Some("registered"))
    );
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn every_swu_route_answers_the_same_at_the_games_own_path() {
    let app = real_app!();
    let request = json!({ "deck": wichita_json(), "format": "premier", "as_of": "2025-05-01" });
    let default = app.validate(&request).await;
    let own = app
        .post(
            "/v1/games/swu/decks/validate",
            "application/json",
            request.to_string(),
        )
        .await;
    assert_eq!(own.status, 200);
    assert_eq!(own.body["game"], "swu");
    assert_eq!(own.body["reports"], default.body["reports"]);
    let card = app
        .get("/v1/games/swu/cards/SOR_015?as_of=2025-01-01")
        .await;
    assert_eq!(card.body["card"]["title"], "Boba Fett");
}

/// Every loaded game answers a one-line list at its own path: understood (200, never a 422),
/// not legal, with the verdict and the first code pinned per game. Real decks per game: `games`.
#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn every_game_answers_at_its_own_path() {
    let app = real_app!();
    let games = app.get("/v1/games").await;
    let loaded: Vec<&str> = games.body["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(loaded[0], "swu", "SWU is the default game");
    for game in loaded {
        let search = app.get(&format!("/v1/games/{game}/cards?q=Luke")).await;
        assert_eq!(search.status, 200, "{game}: {}", search.body);
        let answer = app
            .post(
                &format!("/v1/games/{game}/decks/validate"),
                "text/plain",
                "1 Luke Skywalker\n",
            )
            .await;
        assert_eq!(answer.status, 200, "{game}: {}", answer.body);
        assert_eq!(answer.body["game"], game);
        assert_ne!(answer.body["legal"], true, "{game}: one card is no deck");
        // What one Luke Skywalker line is, game by game: the default format's verdict and the
        // first violation's code.
        let (format, verdict, code) = match game {
            "swu" => ("premier", "illegal", "leader-count"),
            "lcg" => ("standard", "illegal", "LCG-AFFILIATION"),
            "ccg" => ("open", "illegal", "CCG-SIZE"),
            "legion" => ("standard", "unverified", "LEG-RANK"),
            other => panic!("a game this test does not know: {other}"),
        };
        assert_eq!(
            verdicts(&answer),
            [(format.to_string(), verdict.to_string())],
            "{game}: {}",
            answer.body
        );
        // Issue 36: `legal` is false only when illegal; unverified is not known either way.
        let legal = match verdict {
            "illegal" => json!(false),
            _ => serde_json::Value::Null,
        };
        assert_eq!(answer.body["legal"], legal, "{game}");
        assert_eq!(
            answer.body["reports"][0]["violations"][0]["code"], code,
            "{game}: {}",
            answer.body
        );
    }
}
