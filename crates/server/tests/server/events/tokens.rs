//! Tokens with a lifecycle over HTTP (issue 27, item 6): the organizer lists, revokes and
//! reissues judges' tokens, gives a player who lost theirs a new one, and rotates their own;
//! the operator (the admin token) recovers an event's organizer access; tokens expire the
//! set days after the event's day; the organizer deletes the event (item 3). Each route: who
//! may, who may not, and what happens to the old token.

use serde_json::{Value, json};

use super::helpers::*;

/// Whether `token` opens the event (the event's page for staff, `/me` for a player).
async fn opens(app: &TestApp, event: &str, token: &str) -> u16 {
    let path = if token.starts_with("dcp_") {
        format!("/v1/events/{event}/me")
    } else {
        format!("/v1/events/{event}")
    };
    app.get(&path, Some(token)).await.status
}

async fn post_empty(app: &TestApp, path: &str, token: Option<&str>) -> Answer {
    app.call(reqwest::Method::POST, path, token, None).await
}

fn id_of(tokens: &Value, label: &str) -> String {
    tokens["tokens"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["label"] == label)
        .unwrap_or_else(|| panic!("no token of {label}: {tokens}"))["id"]
        .as_str()
        .unwrap()
        .to_string()
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn the_organizer_revokes_and_reissues_a_judges_token_and_only_the_new_one_opens_the_event() {
    for app in every_backend(&[]).await {
        let b = app.backend;
        let (event, code, org) = app.event().await;
        let (_, player) = app.player(&code, "Ada Lovelace", "1001").await;
        let issued = app
            .post(
                &format!("/v1/events/{event}/judges"),
                Some(&org),
                json!({"name": "Ro Judge"}),
            )
            .await;
        let (ro, ro_id) = (
            issued.body["token"].as_str().unwrap().to_string(),
            issued.body["id"].as_str().unwrap().to_string(),
        );
        assert!(ro_id.starts_with("tk_"), "{b}: {}", issued.body);
        // The helper's judge: "Jo Judge".
        let jo = app.judge(&event, &org).await;

        // The list: every token's id, role and name, never a token.
        let listed = app
            .get(&format!("/v1/events/{event}/tokens"), Some(&org))
            .await;
        assert_eq!(listed.status, 200, "{b}: {}", listed.body);
        let roles: Vec<&str> = listed.body["tokens"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["role"].as_str().unwrap())
            .collect();
        assert_eq!(roles, ["organizer", "player", "judge", "judge"]);
        for secret in [&org, &player, &ro, &jo] {
            assert!(!listed.body.to_string().contains(&secret[4..]), "{b}");
        }
        for who in [&ro, &player] {
            let res = app
                .get(&format!("/v1/events/{event}/tokens"), Some(who))
                .await;
            assert_eq!(res.status, 403, "{b}: {}", res.body);
        }

        // Only the organizer revokes; the judge's token then opens nothing, the other judge's
        // still does.
        let revoke = format!("/v1/events/{event}/tokens/{ro_id}/revoke");
        assert_eq!(post_empty(&app, &revoke, Some(&jo)).await.status, 403);
        assert_eq!(post_empty(&app, &revoke, Some(&player)).await.status, 403);
        assert_eq!(opens(&app, &event, &ro).await, 200);
        let revoked = post_empty(&app, &revoke, Some(&org)).await;
        assert_eq!(revoked.status, 204, "{b}: {}", revoked.body);
        assert_eq!(opens(&app, &event, &ro).await, 401);
        assert_eq!(opens(&app, &event, &jo).await, 200);
        // Revoked already: the token changed (issue 35 item 2), and when.
        let again = post_empty(&app, &revoke, Some(&org)).await;
        assert_eq!(
            (again.status, again.body["error"]["code"].as_str()),
            (409, Some("token-changed")),
            "{b}"
        );
        assert!(again.body["error"]["details"]["changed_at"].is_string());

        // Reissuing Jo's token: a new one for the same judge, the old one stops working.
        let tokens = app
            .get(&format!("/v1/events/{event}/tokens"), Some(&org))
            .await
            .body;
        let jo_id = id_of(&tokens, "Jo Judge");
        let reissue = format!("/v1/events/{event}/tokens/{jo_id}/reissue");
        assert_eq!(post_empty(&app, &reissue, Some(&jo)).await.status, 403);
        let new = post_empty(&app, &reissue, Some(&org)).await;
        assert_eq!(new.status, 201, "{b}: {}", new.body);
        assert_eq!(
            (new.body["role"].as_str(), new.body["label"].as_str()),
            (Some("judge"), Some("Jo Judge"))
        );
        assert_eq!(new.body["page"], format!("/events/judge#event={event}"));
        let new_jo = new.body["token"].as_str().unwrap();
        assert_eq!(opens(&app, &event, &jo).await, 401);
        assert_eq!(opens(&app, &event, new_jo).await, 200);
        let me = app.get(&format!("/v1/events/{event}"), Some(new_jo)).await;
        assert_eq!(me.body["you"], "Jo Judge");

        // A player's token is reissued by their registration; the organizer's is rotated.
        let player_id = id_of(&tokens, "Ada Lovelace");
        let wrong = post_empty(
            &app,
            &format!("/v1/events/{event}/tokens/{player_id}/reissue"),
            Some(&org),
        )
        .await;
        assert_eq!(
            (wrong.status, wrong.body["error"]["code"].as_str()),
            (422, Some("not-a-judge-token")),
            "{b}: {}",
            wrong.body
        );
        let org_id = id_of(&tokens, "organizer");
        let wrong = post_empty(
            &app,
            &format!("/v1/events/{event}/tokens/{org_id}/revoke"),
            Some(&org),
        )
        .await;
        assert_eq!(
            (wrong.status, wrong.body["error"]["code"].as_str()),
            (422, Some("organizer-token")),
            "{b}"
        );
        assert_eq!(opens(&app, &event, &org).await, 200);
        // Another event's token id is no token of this one.
        let (other, _, other_org) = app.event().await;
        let res = post_empty(
            &app,
            &format!("/v1/events/{other}/tokens/{jo_id}/revoke"),
            Some(&other_org),
        )
        .await;
        assert_eq!(res.status, 404, "{b}: {}", res.body);
    }
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn a_player_who_lost_their_token_gets_a_new_one_from_the_organizer() {
    for app in every_backend(&[]).await {
        let b = app.backend;
        let (event, code, org) = app.event().await;
        let (p1, lost) = app.player(&code, "Ada Lovelace", "1001").await;
        let (_, other) = app.player(&code, "Bo Katan", "1002").await;
        let judge = app.judge(&event, &org).await;
        let path = format!("/v1/events/{event}/players/{p1}/token");
        for who in [&judge, &other, &lost] {
            assert_eq!(post_empty(&app, &path, Some(who)).await.status, 403, "{b}");
        }
        let new = post_empty(&app, &path, Some(&org)).await;
        assert_eq!(new.status, 201, "{b}: {}", new.body);
        assert_eq!(
            (
                new.body["role"].as_str(),
                new.body["player_id"].as_str(),
                new.body["page"].as_str()
            ),
            (
                Some("player"),
                Some(p1.as_str()),
                Some(format!("/events/register#event={event}").as_str())
            )
        );
        let token = new.body["token"].as_str().unwrap();
        assert!(token.starts_with("dcp_"));
        assert_eq!(opens(&app, &event, &lost).await, 401, "{b}");
        let me = app
            .get(&format!("/v1/events/{event}/me"), Some(token))
            .await;
        assert_eq!(
            (me.status, me.body["player"]["id"].as_str()),
            (200, Some(p1.as_str()))
        );
        // The new token edits the list as the old one did; the other player is untouched.
        let resubmit = app
            .post(
                &format!("/v1/events/{event}/me/lists"),
                Some(token),
                json!({"deck": wichita()}),
            )
            .await;
        assert_eq!(resubmit.status, 200, "{b}: {}", resubmit.body);
        assert_eq!(opens(&app, &event, &other).await, 200);
        let nobody = post_empty(
            &app,
            &format!("/v1/events/{event}/players/pl_nobody/token"),
            Some(&org),
        )
        .await;
        assert_eq!(
            (nobody.status, nobody.body["error"]["code"].as_str()),
            (404, Some("no-player"))
        );
    }
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn the_organizer_rotates_their_token_and_the_old_one_opens_nothing() {
    for app in every_backend(&[]).await {
        let b = app.backend;
        let (event, _, org) = app.event().await;
        let judge = app.judge(&event, &org).await;
        let path = format!("/v1/events/{event}/organizer-token");
        assert_eq!(post_empty(&app, &path, Some(&judge)).await.status, 403);
        assert_eq!(post_empty(&app, &path, None).await.status, 401);
        let new = post_empty(&app, &path, Some(&org)).await;
        assert_eq!(new.status, 201, "{b}: {}", new.body);
        let rotated = new.body["token"].as_str().unwrap();
        assert!(rotated.starts_with("dco_") && rotated != org);
        assert_eq!(new.body["page"], format!("/events/organizer#event={event}"));
        assert_eq!(opens(&app, &event, &org).await, 401, "{b}");
        assert_eq!(opens(&app, &event, rotated).await, 200);
        // The judges' tokens are not the organizer's: they keep working.
        assert_eq!(opens(&app, &event, &judge).await, 200);
        // Rotating with the token rotated away: another request rotated it first (409), so
        // two rotations at once never leave two tokens (issue 35 item 2).
        let late = post_empty(&app, &path, Some(&org)).await;
        assert_eq!(
            (late.status, late.body["error"]["code"].as_str()),
            (409, Some("token-changed")),
            "{b}"
        );
    }
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn the_operator_recovers_an_events_organizer_access_with_the_admin_token() {
    for app in every_backend(&["--admin-token", "operator-secret"]).await {
        let b = app.backend;
        let (event, _, org) = app.event().await;
        let judge = app.judge(&event, &org).await;
        let path = format!("/v1/admin/events/{event}/organizer-token");
        for token in [None, Some(org.as_str()), Some(judge.as_str())] {
            let res = post_empty(&app, &path, token).await;
            assert_eq!(res.status, 401, "{b} with {token:?}: {}", res.body);
        }
        assert_eq!(
            opens(&app, &event, &org).await,
            200,
            "refusals changed nothing"
        );
        let res = post_empty(&app, &format!("{path}?zz=1"), Some("operator-secret")).await;
        assert_eq!(
            (res.status, res.body["error"]["field"].as_str()),
            (400, Some("zz"))
        );
        let new = post_empty(&app, &path, Some("operator-secret")).await;
        assert_eq!(new.status, 201, "{b}: {}", new.body);
        assert_eq!(new.body["role"], "organizer");
        let recovered = new.body["token"].as_str().unwrap();
        assert_eq!(opens(&app, &event, &org).await, 401, "{b}");
        assert_eq!(opens(&app, &event, recovered).await, 200);
        assert_eq!(opens(&app, &event, &judge).await, 200);
        let none = post_empty(
            &app,
            "/v1/admin/events/ev_nobody/organizer-token",
            Some("operator-secret"),
        )
        .await;
        assert_eq!(
            (none.status, none.body["error"]["code"].as_str()),
            (404, Some("no-event"))
        );
    }
    // Without an admin token set, the route does not exist.
    let app = spawn(&[], None).await;
    let (event, _, _) = app.event().await;
    let res = post_empty(
        &app,
        &format!("/v1/admin/events/{event}/organizer-token"),
        Some("anything"),
    )
    .await;
    assert_eq!(res.status, 404, "{}", res.body);
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn a_token_expires_the_set_days_after_the_events_day() {
    // The Wichita event's day is long past: its tokens count from when they are issued.
    for app in every_backend(&["--token-lifetime-days", "2"]).await {
        let (event, _, org) = app.event().await;
        let before = jiff::Timestamp::now();
        let issued = app
            .post(
                &format!("/v1/events/{event}/judges"),
                Some(&org),
                json!({"name": "Jo Judge"}),
            )
            .await;
        let expires: jiff::Timestamp = issued.body["expires_at"].as_str().unwrap().parse().unwrap();
        let lifetime = expires.duration_since(before);
        assert!(
            lifetime >= jiff::SignedDuration::from_hours(48)
                && lifetime < jiff::SignedDuration::from_hours(49),
            "{}: {lifetime:?}",
            app.backend
        );
        let listed = app
            .get(&format!("/v1/events/{event}/tokens"), Some(&org))
            .await;
        assert!(
            listed.body["tokens"]
                .as_array()
                .unwrap()
                .iter()
                .all(|t| t["expires_at"].is_string()),
            "{}",
            listed.body
        );
    }
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn the_organizer_deletes_the_event_and_nothing_of_it_is_left() {
    for app in every_backend(&[]).await {
        let b = app.backend;
        let (event, code, org) = app.event().await;
        let (_, player) = app.player(&code, "Ada Lovelace", "1001").await;
        let judge = app.judge(&event, &org).await;
        let path = format!("/v1/events/{event}/delete");
        for who in [&judge, &player] {
            let res = post_empty(&app, &path, Some(who)).await;
            assert_eq!(res.status, 403, "{b}: {}", res.body);
        }
        assert_eq!(post_empty(&app, &path, None).await.status, 401);
        assert_eq!(
            opens(&app, &event, &org).await,
            200,
            "refusals deleted nothing"
        );
        let deleted = post_empty(&app, &path, Some(&org)).await;
        assert_eq!(deleted.status, 204, "{b}: {}", deleted.body);
        // Every token of it opens nothing; its code names no event.
        for token in [&org, &judge, &player] {
            assert_eq!(opens(&app, &event, token).await, 401, "{b}");
        }
        let lookup = app.get(&format!("/v1/events/code/{code}"), None).await;
        assert_eq!(lookup.status, 404);
        let published = app
            .get(&format!("/v1/events/{event}/published"), None)
            .await;
        assert_eq!(published.status, 404);
    }
}
