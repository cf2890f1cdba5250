//! What one player can send and read back over HTTP (issue 35 item 1): a list padded past what
//! its game takes is refused (413 `list-too-large`) before it is judged, the same list adds no
//! version, new lists past the hour's budget are a 429 with `Retry-After`, and `/me` and a
//! player's record are a page of the history.

use serde_json::json;

use super::helpers::*;

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn a_player_cannot_fill_the_store_and_reads_their_history_a_page_at_a_time() {
    for app in every_backend(&[]).await {
        let b = app.backend;
        let (event, code, org) = app.event().await;
        let (player, token) = app.player(&code, "Ada Lovelace", "1001").await;
        let me_lists = format!("/v1/events/{event}/me/lists");

        // The legal list padded to 200 KB: refused at once, nothing stored.
        let padded = format!("{}{}", wichita(), " ".repeat(200 * 1024));
        for _ in 0..3 {
            let sent = app
                .post(&me_lists, Some(&token), json!({"deck": padded}))
                .await;
            assert_eq!(
                (sent.status, sent.body["error"]["code"].as_str()),
                (413, Some("list-too-large")),
                "{b}: {}",
                sent.body
            );
            assert_eq!(sent.body["error"]["field"], "deck");
            assert_eq!(sent.body["error"]["details"]["max_bytes"], 16384);
        }
        let counts = app.get(&format!("/v1/events/{event}"), Some(&org)).await;
        assert_eq!(counts.body["players"], 1, "{b}: {}", counts.body);

        // New lists: the Wichita list with one card more or less in its sideboard each time
        // would be work to write; a legal list and the same cards written otherwise are one
        // list. So the budget is tried with lists the event refuses as pending.
        let pending = app
            .post(
                &format!("/v1/events/{event}/settings"),
                Some(&org),
                json!({"illegal_lists": "pending"}),
            )
            .await;
        assert_eq!(pending.status, 200, "{}", pending.body);
        let mut statuses = Vec::new();
        let mut retry = None;
        for i in 0..12 {
            let list = format!("{}\n{} | Waylay", wichita(), i + 1);
            let res = app
                .client
                .post(format!("{}{me_lists}", app.base))
                .bearer_auth(&token)
                .json(&json!({"deck": list}))
                .send()
                .await
                .unwrap();
            statuses.push(res.status().as_u16());
            if res.status().as_u16() == 429 {
                retry = res
                    .headers()
                    .get("retry-after")
                    .map(|v| v.to_str().unwrap().parse::<u64>().unwrap());
                let body: serde_json::Value = res.json().await.unwrap();
                assert_eq!(body["error"]["code"], "too-many-lists", "{b}: {body}");
            }
        }
        // The registration and nine new lists, then the hour's budget is spent.
        assert_eq!(statuses[..9], [200; 9], "{b}: {statuses:?}");
        assert_eq!(statuses[9..], [429; 3], "{b}: {statuses:?}");
        assert!(
            retry.is_some_and(|s| (3500..=3600).contains(&s)),
            "{b}: {retry:?}"
        );

        // The record: the newest 20 by default, a page on asking.
        let me = app
            .get(&format!("/v1/events/{event}/me"), Some(&token))
            .await;
        assert_eq!(me.body["player"]["version"], 10, "{b}");
        assert_eq!(me.body["versions"].as_array().unwrap().len(), 10);
        let page = app
            .get(
                &format!("/v1/events/{event}/me?limit=3&before=5"),
                Some(&token),
            )
            .await;
        let numbers: Vec<i64> = page.body["versions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["version"].as_i64().unwrap())
            .collect();
        assert_eq!(numbers, [2, 3, 4], "{b}: {}", page.body);
        let judge = app.judge(&event, &org).await;
        let record = app
            .get(
                &format!("/v1/events/{event}/players/{player}?limit=1"),
                Some(&judge),
            )
            .await;
        assert_eq!(record.body["versions"][0]["version"], 10, "{b}");
        let bad = app
            .get(&format!("/v1/events/{event}/me?limit=101"), Some(&token))
            .await;
        assert_eq!(bad.status, 400, "{b}: {}", bad.body);
        let unknown = app
            .get(&format!("/v1/events/{event}/me?page=2"), Some(&token))
            .await;
        assert_eq!(unknown.status, 400, "{b}: {}", unknown.body);
    }
}
