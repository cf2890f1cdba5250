//! `POST /v1/decks/validate-batch`.

use insta::assert_json_snapshot;
use serde_json::json;

use super::helpers::*;

#[actix_web::test]
async fn a_roster_gets_one_report_per_entry_and_a_summary() {
    let app = spawn_app().await;
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
    assert_eq!(summary["illegal"], 3);
    assert_eq!(summary["incomplete_lists"], 1, "Alan Turing gave no UID");
    assert_eq!(answer.body["results"][1]["legal"], true);
    assert_eq!(summary["unreadable"], 1, "an empty deck cannot be read");
    assert_eq!(
        answer.body["results"][3]["error"]["code"],
        "unreadable-deck"
    );
    assert_json_snapshot!("batch_summary", summary);
}

#[actix_web::test]
async fn a_batch_is_for_one_format() {
    let app = spawn_app().await;
    let answer = app
        .validate_batch(&json!({ "format": "all", "entries": [] }))
        .await;
    assert_eq!(answer.status, 400);
    assert_eq!(answer.body["error"]["field"], "format");
}
