//! The event routes in `/metrics` (issue 29): registrations accepted, pending and refused,
//! locks, deck checks, rate-limit refusals, each a count with bounded labels: never a player,
//! an event id, a code or a deck.

use serde_json::json;

use super::helpers::*;
use crate::metrics_text::value;

impl TestApp {
    async fn metrics(&self) -> String {
        let res = self
            .client
            .get(format!("{}/metrics", self.base))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 200);
        res.text().await.unwrap()
    }
}

/// How much each series grew between two scrapes (other tests of this binary count too: the
/// recorder is the process's, so each is at least what this test did).
fn grew(before: &str, after: &str, name: &str, labels: &[(&str, &str)]) -> f64 {
    value(after, name, labels) - value(before, name, labels)
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn registrations_locks_and_deck_checks_are_counted_without_naming_anyone() {
    for app in every_backend(&[]).await {
        let b = app.backend;
        let before = app.metrics().await;
        let (event, code, org) = app.event().await;
        let refused = app
            .post(
                &format!("/v1/events/code/{code}/players"),
                None,
                json!({"player": "Grace Hopper", "uid": "2002", "deck": wichita().replace("Cunning", "Cunnning Plan of Nobody")}),
            )
            .await;
        assert_eq!(refused.status, 422, "{b}: {}", refused.body);
        let (player, _) = app.player(&code, "Ada Lovelace", "1001").await;
        let pending = app
            .post(
                "/v1/events",
                None,
                json!({"name": "Casual night", "game": "swu", "format": "premier", "date": DAY, "illegal_lists": "pending"}),
            )
            .await;
        assert_eq!(pending.status, 201, "{b}: {}", pending.body);
        let pending_code = pending.body["event"]["registration_code"].as_str().unwrap();
        let stored = app
            .post(
                &format!("/v1/events/code/{pending_code}/players"),
                None,
                json!({"player": "Alan Turing", "uid": "3003", "deck": wichita().replace("Cunning", "Cunnning Plan of Nobody")}),
            )
            .await;
        assert_eq!(
            (stored.status, stored.body["state"].as_str()),
            (201, Some("pending")),
            "{b}: {}",
            stored.body
        );
        let locked = app
            .post(&format!("/v1/events/{event}/lock"), Some(&org), json!({}))
            .await;
        assert_eq!(locked.status, 200, "{b}: {}", locked.body);
        let judge = app.judge(&event, &org).await;
        let check = app
            .post(
                &format!("/v1/events/{event}/players/{player}/deck-checks"),
                Some(&judge),
                json!({"presented": wichita(), "version": 1}),
            )
            .await;
        assert_eq!(check.status, 201, "{b}: {}", check.body);
        let after = app.metrics().await;

        for outcome in ["accepted", "pending", "refused"] {
            let labels = [("outcome", outcome)];
            assert!(
                grew(&before, &after, "deckcheck_registrations_total", &labels) >= 1.0,
                "{b}: {outcome}: {after}"
            );
        }
        assert!(grew(&before, &after, "deckcheck_event_locks_total", &[]) >= 1.0);
        assert!(grew(&before, &after, "deckcheck_deck_checks_total", &[]) >= 1.0);
        let route = [
            ("route", "/v1/events/code/{code}/players"),
            ("method", "POST"),
            ("status", "422"),
        ];
        assert!(grew(&before, &after, "deckcheck_http_requests_total", &route) >= 1.0);
        for private in [
            "Ada Lovelace",
            "Grace Hopper",
            "1001",
            event.as_str(),
            code.as_str(),
            player.as_str(),
            "Cunnning",
        ] {
            // As a label's value (a number may appear in a sample's value by chance: "1001"
            // in a duration's sum is no player's UID).
            let labelled = after.contains(&format!("=\"{private}"))
                || after.contains(&format!("{private}\""))
                || (private.parse::<f64>().is_err() && after.contains(private));
            assert!(!labelled, "{b}: {private} is in /metrics");
        }
    }
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn rate_limit_refusals_are_counted_by_kind() {
    let app = spawn(&["--lookup-rate", "1"], None).await;
    let before = app.metrics().await;
    let (_, code, _) = app.event().await;
    for status in [200, 429] {
        let answer = app.get(&format!("/v1/events/code/{code}"), None).await;
        assert_eq!(answer.status, status, "{}", answer.body);
    }
    let after = app.metrics().await;
    let kind = [("kind", "lookup")];
    assert!(grew(&before, &after, "deckcheck_rate_limited_total", &kind) >= 1.0);
}
