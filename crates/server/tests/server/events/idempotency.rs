//! Idempotent writes over HTTP (issue 35 item 3): every write route a client may retry takes an
//! `Idempotency-Key`. The store failing between the commit and the answer (its fault hook)
//! answers 503 `outcome-unknown`, and the retry with the same key gets the original 201 and
//! token, with `Idempotent-Replayed: true`; the same key with another body is 422; the same
//! request sent twice changes the event once. On SQLite and PostgreSQL.

use deckcheck_store::faults::Failure;
use reqwest::Method;
use serde_json::{Value, json};

use super::helpers::*;

struct Sent {
    status: u16,
    replayed: Option<String>,
    body: Value,
}

async fn with_key(
    app: &TestApp,
    path: &str,
    token: Option<&str>,
    key: Option<&str>,
    body: &Value,
) -> Sent {
    let mut req = app
        .client
        .request(Method::POST, format!("{}{path}", app.base))
        .json(body);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    if let Some(k) = key {
        req = req.header("Idempotency-Key", k);
    }
    let res = req.send().await.unwrap();
    let status = res.status().as_u16();
    let replayed = res
        .headers()
        .get("idempotent-replayed")
        .map(|v| v.to_str().unwrap().to_string());
    let text = res.text().await.unwrap();
    Sent {
        status,
        replayed,
        body: serde_json::from_str(&text).unwrap_or(Value::String(text)),
    }
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn a_registration_whose_answer_was_lost_after_the_commit_is_answered_again_token_and_all() {
    for app in every_backend(&[]).await {
        let b = app.backend;
        let (event, code, org) = app.event().await;
        let path = format!("/v1/events/code/{code}/players");
        let body = json!({"player": "Ada Lovelace", "uid": "1001", "deck": wichita()});
        let key = "0c6b2a1e-9f3d-4a57-8b1c-3f2e9d7a6b51";
        app.state
            .store
            .faults()
            .fail_writes(Some(Failure::AfterCommit));
        let lost = with_key(&app, &path, None, Some(key), &body).await;
        app.state.store.faults().fail_writes(None);
        assert_eq!(lost.status, 503, "{b}: {}", lost.body);
        assert_eq!(lost.body["error"]["code"], "outcome-unknown");
        let message = lost.body["error"]["message"].as_str().unwrap();
        assert!(
            message.contains("the outcome is unknown; retry with the same Idempotency-Key")
                && !message.contains("nothing was changed"),
            "{message}"
        );
        // The retry: the original 201 and the token, said to be replayed.
        let retry = with_key(&app, &path, None, Some(key), &body).await;
        assert_eq!(retry.status, 201, "{b}: {}", retry.body);
        assert_eq!(retry.replayed.as_deref(), Some("true"));
        let token = retry.body["token"].as_str().unwrap();
        assert!(token.starts_with("dcp_"));
        assert_eq!(retry.body["verdict"], "legal");
        let me = app
            .get(&format!("/v1/events/{event}/me"), Some(token))
            .await;
        assert_eq!(me.status, 200, "{b}: the token works: {}", me.body);
        // Again: the same answer; one registration in all.
        let again = with_key(&app, &path, None, Some(key), &body).await;
        assert_eq!((again.status, &again.body), (201, &retry.body));
        let roster = app
            .get(&format!("/v1/events/{event}/players"), Some(&org))
            .await;
        assert_eq!(roster.body["players"].as_array().unwrap().len(), 1, "{b}");
        // The same key with another body: 422, nothing done.
        let other = json!({"player": "Bo Katan", "uid": "1002", "deck": wichita()});
        let reused = with_key(&app, &path, None, Some(key), &other).await;
        assert_eq!(
            (reused.status, reused.body["error"]["code"].as_str()),
            (422, Some("idempotency-key-reused")),
            "{b}: {}",
            reused.body
        );
        // A key that is no key: 400 naming the header.
        for bad in ["", &"x".repeat(256), "with space"] {
            let refused = with_key(&app, &path, None, Some(bad), &other).await;
            assert_eq!(
                (refused.status, refused.body["error"]["field"].as_str()),
                (400, Some("Idempotency-Key")),
                "{b}: {bad:?}: {}",
                refused.body
            );
        }
        // Without a key nothing is kept: a write is a write.
        let plain = with_key(&app, &path, None, None, &other).await;
        assert_eq!(plain.status, 201);
        assert!(plain.replayed.is_none());
    }
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn every_write_route_a_client_retries_answers_a_retry_with_its_first_answer() {
    for app in every_backend(&[]).await {
        let b = app.backend;
        // Creating an event: the same organizer token twice, one event.
        let new = json!({"name": "Retry Cup", "game": "swu", "format": "premier", "date": DAY});
        let first = with_key(&app, "/v1/events", None, Some("create-1"), &new).await;
        let again = with_key(&app, "/v1/events", None, Some("create-1"), &new).await;
        assert_eq!(first.status, 201, "{b}: {}", first.body);
        assert_eq!(
            (again.status, again.replayed.as_deref()),
            (201, Some("true"))
        );
        assert_eq!(again.body["organizer_token"], first.body["organizer_token"]);
        let event = first.body["event"]["id"].as_str().unwrap().to_string();
        let code = first.body["event"]["registration_code"]
            .as_str()
            .unwrap()
            .to_string();
        let org = first.body["organizer_token"].as_str().unwrap().to_string();
        let (player, token) = app.player(&code, "Ada Lovelace", "1001").await;

        // A resubmission, an amendment, a deck check: each once, however often sent.
        let resubmit = format!("/v1/events/{event}/me/lists");
        let list = json!({"deck": serde_json::from_str::<Value>(&wichita_swudb()).unwrap()});
        let r1 = with_key(&app, &resubmit, Some(&token), Some("resub-1"), &list).await;
        let r2 = with_key(&app, &resubmit, Some(&token), Some("resub-1"), &list).await;
        assert_eq!(r1.status, 200, "{b}: {}", r1.body);
        assert_eq!((r2.status, r2.replayed.as_deref()), (200, Some("true")));
        assert_eq!(r1.body, r2.body);

        let judge = app.judge(&event, &org).await;
        let amend = format!("/v1/events/{event}/players/{player}/lists");
        let amended = json!({"deck": wichita(), "reason": "the paper list"});
        let a1 = with_key(&app, &amend, Some(&judge), Some("amend-1"), &amended).await;
        let a2 = with_key(&app, &amend, Some(&judge), Some("amend-1"), &amended).await;
        assert_eq!(a1.status, 200, "{b}: {}", a1.body);
        assert_eq!((a2.status, a2.replayed.as_deref()), (200, Some("true")));
        assert_eq!(a2.body["version"], a1.body["version"]);

        let check = format!("/v1/events/{event}/players/{player}/deck-checks");
        let presented = json!({"presented": wichita(), "version": a1.body["version"]});
        let c1 = with_key(&app, &check, Some(&judge), Some("check-1"), &presented).await;
        let c2 = with_key(&app, &check, Some(&judge), Some("check-1"), &presented).await;
        assert_eq!(c1.status, 201, "{b}: {}", c1.body);
        assert_eq!((c2.status, c2.replayed.as_deref()), (201, Some("true")));
        assert_eq!(c1.body["id"], c2.body["id"]);
        let checks = app
            .get(&format!("/v1/events/{event}/deck-checks"), Some(&judge))
            .await;
        assert_eq!(checks.body["checks"].as_array().unwrap().len(), 1, "{b}");
        // Another judge's request with the same key is another request: keys are the
        // client's own.
        let other_judge = app.judge(&event, &org).await;
        let c3 = with_key(
            &app,
            &check,
            Some(&other_judge),
            Some("check-1"),
            &presented,
        )
        .await;
        assert_eq!((c3.status, c3.replayed.as_deref()), (201, None), "{b}");

        // The roster's corrections (issue 34): a void, a correction, a removal, each once.
        let void = format!(
            "/v1/events/{event}/deck-checks/{}/void",
            c3.body["id"].as_str().unwrap()
        );
        let why = json!({"reason": "checked the wrong player"});
        let v1 = with_key(&app, &void, Some(&judge), Some("void-1"), &why).await;
        let v2 = with_key(&app, &void, Some(&judge), Some("void-1"), &why).await;
        assert_eq!(v1.status, 200, "{b}: {}", v1.body);
        assert_eq!((v2.status, v2.replayed.as_deref()), (200, Some("true")));
        assert_eq!(v1.body, v2.body);
        let correct = format!("/v1/events/{event}/players/{player}/correct");
        let renamed = json!({"name": "Ada King", "reason": "her name as on her ID"});
        let k1 = with_key(&app, &correct, Some(&org), Some("correct-1"), &renamed).await;
        let k2 = with_key(&app, &correct, Some(&org), Some("correct-1"), &renamed).await;
        assert_eq!(k1.status, 200, "{b}: {}", k1.body);
        assert_eq!((k2.status, k2.replayed.as_deref()), (200, Some("true")));
        assert_eq!(k1.body, k2.body);
        let (no_show, _) = app.player(&code, "Ivy Ives", "1002").await;
        let remove = format!("/v1/events/{event}/players/{no_show}/remove");
        let gone = json!({"reason": "did not come"});
        let g1 = with_key(&app, &remove, Some(&org), Some("remove-1"), &gone).await;
        let g2 = with_key(&app, &remove, Some(&org), Some("remove-1"), &gone).await;
        assert_eq!(g1.status, 200, "{b}: {}", g1.body);
        assert_eq!((g2.status, g2.replayed.as_deref()), (200, Some("true")));
        assert_eq!(g1.body, g2.body);
        // Without the key, the same removal again is refused: it was done.
        let g3 = app.post(&remove, Some(&org), gone.clone()).await;
        assert_eq!(
            g3.body["error"]["code"], "player-removed",
            "{b}: {}",
            g3.body
        );
        let counts = app.get(&format!("/v1/events/{event}"), Some(&org)).await;
        assert_eq!(counts.body["players"], 1, "{b}: {}", counts.body);

        // Publishing.
        app.post(&format!("/v1/events/{event}/lock"), Some(&org), json!({}))
            .await;
        let publish = format!("/v1/events/{event}/publish");
        let all = json!({"players": "all"});
        let p1 = with_key(&app, &publish, Some(&org), Some("publish-1"), &all).await;
        let p2 = with_key(&app, &publish, Some(&org), Some("publish-1"), &all).await;
        assert_eq!(p1.status, 200, "{b}: {}", p1.body);
        assert_eq!((p2.status, p2.replayed.as_deref()), (200, Some("true")));
        assert_eq!(p1.body, p2.body);
    }
}
