//! Issue 34 over HTTP, on every backend: the organizer removes and corrects registrations and
//! a player withdraws, each kept in the history; a deck check names its version and a stale
//! one is a 409; a check is voided and kept; publishing asks what to do with pending lists,
//! answers a summary, and the published lists are searched by name on the server.

use serde_json::json;

use super::helpers::*;

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn the_roster_is_corrected_and_every_correction_is_kept() {
    for app in every_backend(&[]).await {
        let b = app.backend;
        let (event, code, org) = app.event().await;
        // Someone registers first under the real player's UID; the real one is refused.
        let (squatter, squatter_token) = app.player(&code, "Not Ada", "123456").await;
        let twin = app
            .post(
                &format!("/v1/events/code/{code}/players"),
                None,
                json!({"player": "Ada", "uid": "１２３ ４５６\u{200B}", "deck": wichita()}),
            )
            .await;
        assert_eq!(
            (twin.status, twin.body["error"]["code"].as_str()),
            (409, Some("already-registered")),
            "{b}: {}",
            twin.body
        );
        let removed = app
            .post(
                &format!("/v1/events/{event}/players/{squatter}/remove"),
                Some(&org),
                json!({"reason": "registered under Ada's UID"}),
            )
            .await;
        assert_eq!(removed.status, 200, "{b}: {}", removed.body);
        assert!(removed.body["removed_at"].is_string());
        // Its token opens nothing; the UID is free; the roster does not list it.
        let me = app
            .get(&format!("/v1/events/{event}/me"), Some(&squatter_token))
            .await;
        assert_eq!(me.status, 401);
        let (ada, ada_token) = app.player(&code, "Ada Lovelce", "123456").await;
        let roster = app
            .get(&format!("/v1/events/{event}/players"), Some(&org))
            .await;
        let ids: Vec<&str> = roster.body["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["id"].as_str().unwrap())
            .collect();
        assert_eq!(ids, [ada.as_str()], "{b}");
        // The organizer corrects her name; the history keeps both.
        let corrected = app
            .post(
                &format!("/v1/events/{event}/players/{ada}/correct"),
                Some(&org),
                json!({"name": "Ada Lovelace", "reason": "typo"}),
            )
            .await;
        assert_eq!(
            (corrected.status, corrected.body["player"].as_str()),
            (200, Some("Ada Lovelace")),
            "{b}: {}",
            corrected.body
        );
        let judge = app.judge(&event, &org).await;
        let record = app
            .get(&format!("/v1/events/{event}/players/{ada}"), Some(&judge))
            .await;
        assert_eq!(record.body["changes"][0]["kind"], "corrected");
        assert_eq!(record.body["changes"][0]["player_before"], "Ada Lovelce");
        // The removed entry is read with its history.
        let gone = app
            .get(
                &format!("/v1/events/{event}/players/{squatter}"),
                Some(&org),
            )
            .await;
        assert_eq!(
            gone.body["changes"][0]["kind"], "removed",
            "{b}: {}",
            gone.body
        );
        // A judge may not remove; a player withdraws their own before the lock.
        let refused = app
            .post(
                &format!("/v1/events/{event}/players/{ada}/remove"),
                Some(&judge),
                json!({"reason": "x"}),
            )
            .await;
        assert_eq!(refused.status, 403);
        let (cy, cy_token) = app.player(&code, "Cy Borg", "777").await;
        let withdrawn = app
            .post(
                &format!("/v1/events/{event}/me/withdraw"),
                Some(&cy_token),
                json!({}),
            )
            .await;
        assert_eq!(withdrawn.status, 200, "{b}: {}", withdrawn.body);
        let export = app
            .get(&format!("/v1/events/{event}/export"), Some(&org))
            .await;
        assert_eq!(export.body["registrations"].as_array().unwrap().len(), 3);
        let kinds: Vec<&str> = export.body["roster_changes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["kind"].as_str().unwrap())
            .collect();
        assert_eq!(kinds, ["removed", "corrected", "withdrawn"], "{b}");
        let sheets = app
            .get(&format!("/v1/events/{event}/sheets"), Some(&org))
            .await;
        assert_eq!(sheets.body["sheets"].as_array().unwrap().len(), 1);
        let removed_sheet = app
            .get(
                &format!("/v1/events/{event}/sheets?player={squatter}"),
                Some(&org),
            )
            .await;
        assert_eq!(
            (
                removed_sheet.status,
                removed_sheet.body["error"]["code"].as_str()
            ),
            (409, Some("player-removed")),
            "{b}"
        );
        let _ = (ada_token, cy);
    }
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn a_deck_check_names_its_version_a_stale_one_is_refused_and_a_void_is_kept() {
    for app in every_backend(&[]).await {
        let b = app.backend;
        let (event, code, org) = app.event().await;
        let (ada, _) = app.player(&code, "Ada Lovelace", "1001").await;
        let (ivy, _) = app.player(&code, "Ivy Ito", "1002").await;
        let judge = app.judge(&event, &org).await;
        let check = |player: String, version: i64| {
            let (app, event, judge) = (&app, &event, &judge);
            async move {
                app.post(
                    &format!("/v1/events/{event}/players/{player}/deck-checks"),
                    Some(judge),
                    json!({"presented": wichita().replace("3 | Waylay", "2 | Waylay"), "version": version}),
                )
                .await
            }
        };
        // No version: the check names none, and is refused.
        let none = app
            .post(
                &format!("/v1/events/{event}/players/{ivy}/deck-checks"),
                Some(&judge),
                json!({"presented": wichita()}),
            )
            .await;
        assert_eq!(none.status, 400, "{b}: {}", none.body);
        // Amended meanwhile: the check made against version 1 is stale.
        let amended = app
            .post(
                &format!("/v1/events/{event}/players/{ada}/lists"),
                Some(&judge),
                json!({"deck": wichita(), "reason": "CPG 4.3"}),
            )
            .await;
        assert_eq!(amended.status, 200, "{b}: {}", amended.body);
        let stale = check(ada.clone(), 1).await;
        assert_eq!(
            (stale.status, stale.body["error"]["code"].as_str()),
            (409, Some("stale-version")),
            "{b}: {}",
            stale.body
        );
        assert_eq!(stale.body["error"]["details"]["current"], 2);
        // A version as JSON may write it (`2.0`) is that version; one that is no version is a
        // 400 naming the field, and nothing is recorded.
        for bad in [json!(0), json!(1.5), json!(-1), json!(1e300)] {
            let refused = app
                .post(
                    &format!("/v1/events/{event}/players/{ada}/deck-checks"),
                    Some(&judge),
                    json!({"presented": wichita(), "version": bad}),
                )
                .await;
            assert_eq!(
                (refused.status, refused.body["error"]["field"].as_str()),
                (400, Some("version")),
                "{b}: {bad}: {}",
                refused.body
            );
        }
        let whole = app
            .post(
                &format!("/v1/events/{event}/players/{ada}/deck-checks"),
                Some(&judge),
                json!({"presented": wichita(), "version": 2.0}),
            )
            .await;
        assert_eq!(whole.status, 201, "{b}: {}", whole.body);
        assert_eq!(whole.body["version"], 2, "{b}: {}", whole.body);
        // A mismatch recorded on the wrong player, voided with a reason, kept.
        let wrong = check(ivy.clone(), 1).await;
        assert_eq!(wrong.status, 201, "{b}: {}", wrong.body);
        let id = wrong.body["id"].as_str().unwrap();
        let void = app
            .post(
                &format!("/v1/events/{event}/deck-checks/{id}/void"),
                Some(&judge),
                json!({"reason": "made on the wrong player"}),
            )
            .await;
        assert_eq!(void.status, 200, "{b}: {}", void.body);
        assert_eq!(void.body["void"]["by"], "Jo Judge");
        let again = app
            .post(
                &format!("/v1/events/{event}/deck-checks/{id}/void"),
                Some(&judge),
                json!({"reason": "twice"}),
            )
            .await;
        assert_eq!(again.body["error"]["code"], "already-voided", "{b}");
        let record = app
            .get(&format!("/v1/events/{event}/players/{ivy}"), Some(&judge))
            .await;
        assert_eq!(
            record.body["checks"][0]["void"]["reason"],
            "made on the wrong player"
        );
        assert_eq!(record.body["registration"]["checks"], 0);
    }
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn publishing_asks_about_pending_lists_answers_a_summary_and_the_lists_are_searched() {
    for app in every_backend(&[]).await {
        let b = app.backend;
        let created = app
            .post(
                "/v1/events",
                None,
                json!({"name": "Wichita PQ", "game": "swu", "format": "premier", "date": DAY, "illegal_lists": "pending"}),
            )
            .await;
        let event = created.body["event"]["id"].as_str().unwrap().to_string();
        let code = created.body["event"]["registration_code"].as_str().unwrap();
        let org = created.body["organizer_token"].as_str().unwrap();
        app.player(code, "Ada Lovelace", "1001").await;
        let pending = app
            .post(
                &format!("/v1/events/code/{code}/players"),
                None,
                json!({"player": "Bo Katan", "uid": "1002", "deck": wichita().replace("Cunning", "Cunnning")}),
            )
            .await;
        assert_eq!(pending.body["state"], "pending", "{b}: {}", pending.body);
        app.post(&format!("/v1/events/{event}/lock"), Some(org), json!({}))
            .await;
        let asked = app
            .post(
                &format!("/v1/events/{event}/publish"),
                Some(org),
                json!({"players": "all"}),
            )
            .await;
        assert_eq!(
            (asked.status, asked.body["error"]["code"].as_str()),
            (409, Some("pending-lists")),
            "{b}: {}",
            asked.body
        );
        assert_eq!(
            asked.body["error"]["details"]["players"][0]["player"],
            "Bo Katan"
        );
        let published = app
            .post(
                &format!("/v1/events/{event}/publish"),
                Some(org),
                json!({"players": "all", "pending": "include"}),
            )
            .await;
        assert_eq!(published.status, 200, "{b}: {}", published.body);
        // A summary, not the lists.
        assert!(published.body.get("lists").is_none());
        assert_eq!(
            (
                published.body["published"].as_u64(),
                published.body["marked_pending"].as_u64()
            ),
            (Some(2), Some(1))
        );
        let etag = published.body["etag"].as_str().unwrap().to_string();
        let page = app
            .get(&format!("/v1/events/{event}/published?q=katan"), None)
            .await;
        assert_eq!(page.body["total"], 1, "{b}: {}", page.body);
        assert_eq!(page.body["etag"], etag.as_str());
        let bo = &page.body["lists"][0];
        assert_eq!(bo["standing"], "pending");
        // Every line of the registered list: the misspelled one shown as written.
        assert_eq!(bo["decks"][0]["not_read"][0], "3 | Cunnning", "{bo}");
        assert!(
            bo["decks"][0]["text"]
                .as_str()
                .unwrap()
                .contains("Not read as cards (1)\n3 | Cunnning\n")
        );
    }
}
