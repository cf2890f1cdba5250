//! Nobody can block registration or flood event creation (issue 27, items 2 and 3): limits
//! are per client, tried from several loopback addresses at once (a client bound to
//! 127.0.0.2, another to 127.0.0.3, …); lookups and registrations are separate budgets; a
//! forwarded address counts only behind a trusted proxy; creation is open within a budget per
//! client and a cap per day, or needs the operator's key. (The periodic purge of events past
//! their retention is tried through the binary: `crates/cli/tests/ops/events.rs`.)

use std::net::IpAddr;
use std::time::Instant;

use reqwest::{Client, RequestBuilder};
use serde_json::{Value, json};

use super::helpers::*;

/// An HTTP client whose connections come from `ip` (any 127.x.y.z is this machine).
fn from(ip: &str) -> Client {
    Client::builder()
        .local_address(ip.parse::<IpAddr>().unwrap())
        .build()
        .unwrap()
}

struct Sent {
    status: u16,
    retry_after: Option<String>,
    body: Value,
}

async fn send(req: RequestBuilder) -> Sent {
    let res = req.send().await.unwrap();
    let status = res.status().as_u16();
    let retry_after = res
        .headers()
        .get("retry-after")
        .map(|v| v.to_str().unwrap().to_string());
    let text = res.text().await.unwrap();
    Sent {
        status,
        retry_after,
        body: serde_json::from_str(&text).unwrap_or(Value::String(text)),
    }
}

fn register(app: &TestApp, client: &Client, code: &str, uid: &str) -> RequestBuilder {
    client
        .post(format!("{}/v1/events/code/{code}/players", app.base))
        .json(&json!({"player": format!("Player {uid}"), "uid": uid, "deck": wichita()}))
}

fn lookup(app: &TestApp, client: &Client, code: &str) -> RequestBuilder {
    client.get(format!("{}/v1/events/code/{code}", app.base))
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn a_client_flooding_lookups_does_not_stop_another_from_registering_at_once() {
    // Issue 27, F1: 650 lookups from one client, then a real player's registration got 429.
    for app in every_backend(&["--lookup-rate", "40"]).await {
        let (_, code, _) = app.event().await;
        let flooder = from("127.0.0.2");
        let started = Instant::now();
        let flood: Vec<_> = (0..120)
            .map(|_| actix_web::rt::spawn(send(lookup(&app, &flooder, &code))))
            .collect();
        let player = from("127.0.0.3");
        let registered = send(register(&app, &player, &code, "3001")).await;
        let mut flooded = Vec::new();
        for sent in flood {
            flooded.push(sent.await.unwrap());
        }
        let took = started.elapsed().as_secs_f64();
        assert_eq!(
            registered.status, 201,
            "{}: {}",
            app.backend, registered.body
        );
        let refused: Vec<&Sent> = flooded.iter().filter(|s| s.status == 429).collect();
        // 40 at once, then one every 1.5 s: the flooder spent its own budget and no more.
        let allowed = 41.0 + took / 1.5;
        assert!(
            (120 - refused.len()) as f64 <= allowed,
            "{}: {} of 120 lookups answered in {took:.1} s",
            app.backend,
            120 - refused.len()
        );
        for s in &refused {
            assert_eq!(s.body["error"]["code"], "too-many-attempts");
            let wait: u64 = s.retry_after.as_deref().unwrap().parse().unwrap();
            assert_eq!(s.body["error"]["details"]["retry_after"], wait);
            assert!((1..=60).contains(&wait), "Retry-After {wait}");
        }
        // Lookups and registrations are separate budgets: the flooder itself may still register,
        // and the player may still look the code up.
        let own = send(register(&app, &flooder, &code, "2001")).await;
        assert_eq!(own.status, 201, "{}", own.body);
        assert_eq!(send(lookup(&app, &player, &code)).await.status, 200);
    }
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn a_flood_of_registrations_from_one_client_does_not_refuse_another() {
    for app in every_backend(&["--registration-rate", "3"]).await {
        let (_, code, _) = app.event().await;
        let flooder = from("127.0.0.4");
        let started = Instant::now();
        let mut statuses = Vec::new();
        for i in 0..6 {
            let sent = send(register(&app, &flooder, &code, &format!("40{i}"))).await;
            statuses.push(sent.status);
            if sent.status == 429 {
                assert!(sent.retry_after.is_some());
                assert_eq!(sent.body["error"]["field"], "code");
            }
        }
        // Three at once, then one every 20 s: on a slow machine one may come back meanwhile.
        let refilled = (started.elapsed().as_secs() / 20) as usize;
        let refused = statuses[3..].iter().filter(|s| **s == 429).count();
        assert_eq!(statuses[..3], [201; 3], "{}", app.backend);
        assert!(
            refused >= 3usize.saturating_sub(refilled),
            "{}: {statuses:?}",
            app.backend
        );
        let other = send(register(&app, &from("127.0.0.5"), &code, "5001")).await;
        assert_eq!(other.status, 201, "{}: {}", app.backend, other.body);
    }
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn guessing_codes_is_limited_per_client() {
    let app = spawn(&[], None).await;
    let guesser = from("127.0.0.6");
    let started = Instant::now();
    let mut statuses = Vec::new();
    for i in 0..36 {
        statuses.push(
            send(lookup(&app, &guesser, &format!("NOPE{i:04}")))
                .await
                .status,
        );
    }
    // Thirty at once, then one every 2 s: on a slow machine some come back meanwhile.
    let refilled = (started.elapsed().as_secs() / 2) as usize;
    let refused = statuses[30..].iter().filter(|s| **s == 429).count();
    assert_eq!(statuses[..30], [404; 30]);
    assert!(refused >= 6usize.saturating_sub(refilled), "{statuses:?}");
    // Another client is not refused for it.
    assert_eq!(
        send(lookup(&app, &from("127.0.0.7"), "NOPE0000"))
            .await
            .status,
        404
    );
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn a_forwarded_address_counts_only_behind_a_trusted_proxy() {
    let trusting = spawn(
        &["--registration-rate", "1", "--trusted-proxies", "127.0.0.8"],
        None,
    )
    .await;
    let (_, code, _) = trusting.event().await;
    let proxy = from("127.0.0.8");
    let via = |address: &str, uid: &str| {
        register(&trusting, &proxy, &code, uid).header("x-forwarded-for", address)
    };
    // Two clients behind the proxy: a budget each.
    assert_eq!(send(via("203.0.113.1", "801")).await.status, 201);
    assert_eq!(send(via("203.0.113.2", "802")).await.status, 201);
    assert_eq!(send(via("203.0.113.1", "803")).await.status, 429);
    // What a client writes to the left of what the proxy added is not believed.
    assert_eq!(
        send(via("198.51.100.9, 203.0.113.1", "804")).await.status,
        429
    );
    // A peer that is not a trusted proxy is the client, whatever it forwards.
    let direct = from("127.0.0.9");
    let not_proxied = |uid: &str| {
        register(&trusting, &direct, &code, uid).header("x-forwarded-for", format!("192.0.2.{uid}"))
    };
    assert_eq!(send(not_proxied("1")).await.status, 201);
    assert_eq!(send(not_proxied("2")).await.status, 429);
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn creating_events_is_open_within_a_budget_per_client() {
    let app = spawn(&["--create-rate", "2"], None).await;
    let create = |client: &Client| {
        client
            .post(format!("{}/v1/events", app.base))
            .json(&json!({"name": "Club Night", "game": "swu", "format": "premier", "date": DAY}))
    };
    let a = from("127.0.0.10");
    assert_eq!(send(create(&a)).await.status, 201);
    // A body that is refused spends nothing.
    let bad = send(
        a.post(format!("{}/v1/events", app.base))
            .json(&json!({"name": "X"})),
    )
    .await;
    assert_eq!(bad.status, 400, "{}", bad.body);
    assert_eq!(send(create(&a)).await.status, 201);
    let refused = send(create(&a)).await;
    assert_eq!(refused.status, 429, "{}", refused.body);
    let wait: u64 = refused.retry_after.unwrap().parse().unwrap();
    assert!(
        (1..=1800).contains(&wait),
        "one event back every 30 minutes: {wait}"
    );
    assert_eq!(send(create(&from("127.0.0.11"))).await.status, 201);
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn with_an_operator_key_only_requests_carrying_it_create_events() {
    let app = spawn(
        &["--create-key", "operator-key-1234", "--create-rate", "1"],
        None,
    )
    .await;
    let create = |key: Option<&str>| {
        let req = app
            .client
            .post(format!("{}/v1/events", app.base))
            .json(&json!({"name": "Club Night", "game": "swu", "format": "premier", "date": DAY}));
        match key {
            Some(key) => req.bearer_auth(key),
            None => req,
        }
    };
    for key in [None, Some("operator-key-123"), Some("nope")] {
        let res = create(key).send().await.unwrap();
        assert_eq!(res.status().as_u16(), 401);
        assert!(res.headers().get("www-authenticate").is_some());
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["error"]["code"], "unauthorized");
        assert!(
            body["error"]["message"]
                .as_str()
                .unwrap()
                .contains("DECKCHECK_CREATE_KEY")
        );
    }
    // With the key, the open budget does not apply.
    for _ in 0..3 {
        assert_eq!(send(create(Some("operator-key-1234"))).await.status, 201);
    }
}
