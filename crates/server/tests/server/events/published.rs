//! Published means final, and is served cheaply (issue 27, item 5): the published view is the
//! snapshot made at publishing, with its time, served a page at a time under an entity tag
//! that answers `If-None-Match` with a 304; the event's counts come from the store's counts.

use reqwest::header::{CACHE_CONTROL, ETAG, IF_NONE_MATCH};
use serde_json::{Value, json};

use super::helpers::*;

struct Read {
    status: u16,
    etag: Option<String>,
    cache: Option<String>,
    body: Value,
}

async fn read(app: &TestApp, path: &str, if_none_match: Option<&str>) -> Read {
    let mut req = app.client.get(format!("{}{path}", app.base));
    if let Some(tag) = if_none_match {
        req = req.header(IF_NONE_MATCH, tag);
    }
    let res = req.send().await.unwrap();
    let header = |name| {
        res.headers()
            .get(name)
            .map(|v: &reqwest::header::HeaderValue| v.to_str().unwrap().to_string())
    };
    let (status, etag, cache) = (res.status().as_u16(), header(ETAG), header(CACHE_CONTROL));
    let text = res.text().await.unwrap();
    Read {
        status,
        etag,
        cache,
        body: serde_json::from_str(&text).unwrap_or(Value::String(text)),
    }
}

fn players(page: &Value) -> Vec<&str> {
    page["lists"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["player"].as_str().unwrap())
        .collect()
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn the_published_lists_are_the_snapshot_served_a_page_at_a_time_under_an_entity_tag() {
    for app in every_backend(&[]).await {
        let b = app.backend;
        let (event, code, org) = app.event().await;
        let (p1, _) = app.player(&code, "Ada Lovelace", "1001").await;
        app.player(&code, "Bo Katan", "1002").await;
        app.player(&code, "Cy Borg", "1003").await;
        let path = format!("/v1/events/{event}/published");
        assert_eq!(read(&app, &path, None).await.status, 404, "{b}");
        assert_eq!(
            read(&app, &path, Some("*")).await.status,
            404,
            "nothing to match before publishing"
        );
        app.post(&format!("/v1/events/{event}/lock"), Some(&org), json!({}))
            .await;
        let publication = app
            .post(
                &format!("/v1/events/{event}/publish"),
                Some(&org),
                json!({"players": "all"}),
            )
            .await;
        assert_eq!(publication.status, 200, "{b}: {}", publication.body);

        // The whole snapshot (it fits the default page), with its time and entity tag.
        let all = read(&app, &path, None).await;
        assert_eq!(all.status, 200, "{b}: {}", all.body);
        assert_eq!(players(&all.body), ["Ada Lovelace", "Bo Katan", "Cy Borg"]);
        assert_eq!(
            (all.body["total"].as_u64(), all.body["offset"].as_u64()),
            (Some(3), Some(0))
        );
        assert_eq!(all.body["published_at"], publication.body["published_at"]);
        assert_eq!(all.body["event"]["published"], true);
        let etag = all.etag.clone().expect("an ETag");
        assert_eq!(json!(etag), all.body["etag"], "{b}");
        assert!(
            all.cache.as_deref().is_some_and(|c| c.contains("no-cache")),
            "{:?}",
            all.cache
        );

        // Pages of it, under the same tag.
        let first = read(&app, &format!("{path}?limit=2"), None).await;
        assert_eq!(players(&first.body), ["Ada Lovelace", "Bo Katan"]);
        let rest = read(&app, &format!("{path}?offset=2&limit=2"), None).await;
        assert_eq!(
            (players(&rest.body), rest.body["total"].as_u64()),
            (vec!["Cy Borg"], Some(3))
        );
        assert_eq!(rest.etag.as_deref(), Some(etag.as_str()));
        let past = read(&app, &format!("{path}?offset=10"), None).await;
        assert_eq!((past.status, players(&past.body).len()), (200, 0));
        // The document's bound is the most players an event takes.
        assert_eq!(deckcheck_store::MAX_PLAYERS, 20_000);
        let last = read(&app, &format!("{path}?offset=20000"), None).await;
        assert_eq!(last.status, 200, "{}", last.body);

        // If-None-Match: the tag (strong or weak) and `*` are a 304 with nothing else.
        for asked in [
            etag.clone(),
            format!("W/{etag}"),
            "\"other\", ".to_string() + &etag,
            "*".into(),
        ] {
            let again = read(&app, &path, Some(&asked)).await;
            assert_eq!(again.status, 304, "{b} {asked}: {}", again.body);
            assert_eq!(again.etag.as_deref(), Some(etag.as_str()));
            assert_eq!(again.body, json!(""));
        }
        assert_eq!(read(&app, &path, Some("\"other\"")).await.status, 200);

        // Bounds, by name.
        for (query, field) in [
            ("limit=0", "limit"),
            ("limit=1001", "limit"),
            ("offset=-1", "offset"),
            ("offset=20001", "offset"),
            ("offset=9223372036854775808", "offset"),
            ("page=2", "page"),
        ] {
            let res = read(&app, &format!("{path}?{query}"), None).await;
            assert_eq!(
                (res.status, res.body["error"]["field"].as_str()),
                (400, Some(field)),
                "{query}: {}",
                res.body
            );
        }

        // Final: a judge's amendment is refused, publishing again too; the snapshot stands.
        let judge = app.judge(&event, &org).await;
        let amend = app
            .post(
                &format!("/v1/events/{event}/players/{p1}/lists"),
                Some(&judge),
                json!({"deck": wichita().replace("3 | Waylay", "4 | Waylay"), "reason": "after"}),
            )
            .await;
        assert_eq!(
            (amend.status, amend.body["error"]["code"].as_str()),
            (409, Some("published")),
            "{b}"
        );
        let again = app
            .post(
                &format!("/v1/events/{event}/publish"),
                Some(&org),
                json!({"players": "all"}),
            )
            .await;
        assert_eq!(again.status, 409);
        assert_eq!(read(&app, &path, Some(&etag)).await.status, 304);
        assert_eq!(read(&app, &path, None).await.body, all.body);
    }
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn the_events_counts_are_the_stores() {
    for app in every_backend(&[]).await {
        let (event, code, org) = app.event().await;
        app.player(&code, "Ada Lovelace", "1001").await;
        app.player(&code, "Bo Katan", "1002").await;
        let answer = app.get(&format!("/v1/events/{event}"), Some(&org)).await;
        assert_eq!(
            (
                answer.body["players"].as_u64(),
                answer.body["accepted"].as_u64(),
                answer.body["pending"].as_u64()
            ),
            (Some(2), Some(2), Some(0)),
            "{}",
            answer.body
        );
    }
}
