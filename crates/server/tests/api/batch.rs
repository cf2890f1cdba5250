//! `POST /v1/decks/validate-batch`: an event's roster.

use insta::assert_json_snapshot;
use serde_json::json;

use crate::helpers::*;
use crate::real_app;

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn a_roster_gets_one_report_per_entry_and_a_summary() {
    let app = real_app!();
    let answer = app
        .validate_batch(&json!({
            "format": "premier",
            "as_of": "2025-05-01",
            "entries": [
                { "player": "Ada Lovelace", "uid": "1001", "deck": wichita_json() },
                { "player": "Grace Hopper", "uid": "1002", "deck": deck_text("official-starters/sor-luke-skywalker.json") },
                { "player": "Alan Turing", "deck": deck_text("official-starters/sor-darth-vader.json") },
                { "player": "Barbara Liskov", "uid": "1004", "deck": "   " },
            ]
        }))
        .await;
    assert_eq!(answer.status, 200);
    let summary = &answer.body["summary"];
    assert_eq!(summary["entries"], 4);
    assert_eq!(summary["legal"], 1, "{summary}");
    assert_eq!(
        summary["illegal"], 2,
        "DJ suspended, and a list without UID"
    );
    assert_eq!(summary["incomplete_lists"], 1, "Alan Turing gave no UID");
    assert_eq!(answer.body["results"][1]["legal"], true);
    assert_eq!(answer.body["results"][1]["verdict"], "legal");
    assert_eq!(summary["unreadable"], 1, "an empty deck cannot be read");
    assert_eq!(
        answer.body["results"][3]["error"]["code"],
        "unreadable-deck"
    );
    assert_json_snapshot!("batch_summary", summary);
}

#[actix_web::test]
async fn a_batch_is_for_one_format() {
    let app = spawn_fixture_app().await;
    let answer = app
        .validate_batch(&json!({ "format": "all", "entries": [] }))
        .await;
    assert_eq!(answer.status, 400);
    assert_eq!(answer.body["error"]["field"], "format");
}

#[actix_web::test]
async fn a_malformed_entry_is_an_error_of_that_entry_and_the_others_are_judged() {
    let app = spawn_fixture_app().await;
    let answer = app
        .validate_batch(&json!({
            "format": "premier",
            "as_of": "2025-04-01",
            "entries": [
                { "player": "Ada Lovelace", "uid": "1001", "deck": fixture_deck() },
                { "player": "Grace Hopper", "uid": "1002", "decklist": "3 | Waylay" },
                42,
                { "player": "Alan Turing", "uid": 1003, "deck": "1 | Waylay" },
                // An entry is an object: a list is not read by position.
                ["Edsger Dijkstra", "1004", "1 | Waylay"],
            ]
        }))
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let results = answer.body["results"].as_array().unwrap();
    assert_eq!(results[0]["legal"], true, "{}", results[0]);
    for (i, result) in results.iter().enumerate().skip(1) {
        assert_eq!(result["error"]["code"], "invalid-request", "{result}");
        assert_eq!(
            result["error"]["field"],
            format!("entries[{i}]"),
            "{result}"
        );
    }
    assert_eq!(answer.body["summary"]["unreadable"], 4);
}

#[actix_web::test]
async fn a_large_roster_is_answered_in_entry_order() {
    // 300 entries, answered in the order given.
    let app = spawn_fixture_app().await;
    let legal = fixture_deck();
    let entries: Vec<_> = (0..300)
        .map(|i| {
            let deck = if i % 3 == 0 {
                "1 | Waylay".to_string()
            } else {
                legal.clone()
            };
            json!({ "player": format!("Player {i}"), "uid": i.to_string(), "deck": deck })
        })
        .collect();
    let answer = app
        .validate_batch(&json!({ "format": "premier", "as_of": "2025-04-01", "entries": entries }))
        .await;
    assert_eq!(answer.status, 200);
    let results = answer.body["results"].as_array().unwrap();
    assert_eq!(results.len(), 300);
    for (i, result) in results.iter().enumerate() {
        assert_eq!(result["index"], i);
        assert_eq!(result["player"], format!("Player {i}"));
        assert_eq!(result["legal"], i % 3 != 0, "{i}: {result}");
    }
    assert_eq!(answer.body["summary"]["legal"], 200);
    assert_eq!(answer.body["summary"]["illegal"], 100);
}
