//! List fingerprints in events (issue 30, item 2): the registration answer, the player's
//! record, the judge's record and the published lists show each deck's fingerprint, the one
//! `deckcheck fingerprint` prints; a deck check says whether the presented deck's fingerprint
//! is the registered one.

use serde_json::{Value, json};

use super::helpers::*;

/// The Wichita list's fingerprint as core computes it (`deckcheck fingerprint`), on the day.
fn wichita_fingerprint() -> String {
    let game = swu(&swu_cards());
    game.fingerprint(
        &deckcheck_core::DeckInput {
            field: "deck".into(),
            text: wichita(),
        },
        None,
        DAY.parse().unwrap(),
    )
    .unwrap()
    .fingerprint
    .to_string()
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn every_answer_and_record_of_a_list_shows_its_fingerprint_and_a_deck_check_compares_them() {
    for app in every_backend(&[]).await {
        let b = app.backend;
        let expected = json!([wichita_fingerprint()]);
        let (event, code, org) = app.event().await;
        let reg = app
            .post(
                &format!("/v1/events/code/{code}/players"),
                None,
                json!({"player": "Ada Lovelace", "uid": "1001", "deck": wichita()}),
            )
            .await;
        assert_eq!(reg.body["fingerprints"], expected, "{b}: {}", reg.body);
        let (player, token) = (
            reg.body["player"]["id"].as_str().unwrap().to_string(),
            reg.body["token"].as_str().unwrap().to_string(),
        );
        // The same deck as written by another site (SWUDB JSON): the same fingerprint.
        let swudb: Value = serde_json::from_str(&wichita_swudb()).unwrap();
        let again = app
            .post(
                &format!("/v1/events/{event}/me/lists"),
                Some(&token),
                json!({"deck": swudb}),
            )
            .await;
        assert_eq!(again.body["fingerprints"], expected, "{b}: {}", again.body);
        // The same list, so no version was added (issue 35 item 1).
        assert_eq!(again.body["unchanged"], true, "{b}: {}", again.body);
        // The player's record and the judge's: every version with its fingerprints.
        let me = app
            .get(&format!("/v1/events/{event}/me"), Some(&token))
            .await;
        for v in me.body["versions"].as_array().unwrap() {
            assert_eq!(v["fingerprints"], expected, "{b}");
        }
        let judge = app.judge(&event, &org).await;
        let record = app
            .get(
                &format!("/v1/events/{event}/players/{player}"),
                Some(&judge),
            )
            .await;
        assert_eq!(record.body["versions"][0]["fingerprints"], expected);
        // The judge checks against the version they were shown (the only one).
        let version = record.body["registration"]["version"].clone();
        assert_eq!(version, 1, "{b}");

        // Deck checks: the presented deck's fingerprint beside the registered one.
        let check = |presented: String| {
            let app = &app;
            let (event, player, judge, version) = (&event, &player, &judge, &version);
            async move {
                app.post(
                    &format!("/v1/events/{event}/players/{player}/deck-checks"),
                    Some(judge),
                    json!({"presented": presented, "version": version}),
                )
                .await
                .body
            }
        };
        let same = check(wichita()).await;
        assert_eq!(
            same["fingerprint"],
            json!({"registered": expected[0], "presented": expected[0], "matches": true}),
            "{b}: {same}"
        );
        let off = check(wichita().replace("3 | Waylay", "2 | Waylay")).await;
        assert_eq!(off["fingerprint"]["registered"], expected[0]);
        assert_ne!(off["fingerprint"]["presented"], expected[0]);
        assert_eq!(off["fingerprint"]["matches"], false, "{off}");
        let checks = app
            .get(&format!("/v1/events/{event}/deck-checks"), Some(&judge))
            .await;
        let matches: Vec<&Value> = checks.body["checks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| &c["fingerprint"]["matches"])
            .collect();
        assert_eq!(matches, [&json!(true), &json!(false)]);

        // The published lists.
        app.post(&format!("/v1/events/{event}/lock"), Some(&org), json!({}))
            .await;
        app.post(
            &format!("/v1/events/{event}/publish"),
            Some(&org),
            json!({"players": "all"}),
        )
        .await;
        let published = app
            .get(&format!("/v1/events/{event}/published"), None)
            .await;
        assert_eq!(
            published.body["lists"][0]["decks"][0]["fingerprint"], expected[0],
            "{b}: {}",
            published.body
        );
    }
}
