//! Two replicas of `deckcheck serve` on one PostgreSQL (issue 35 items 2 and 5), as the README
//! says to scale: token operations sent to both at once have one winner; a replica whose clock
//! is 10 s ahead or behind (libfaketime) accepts no list after `locks_at` and stamps nothing in
//! the future; a client's budgets are spent once over both.
//!
//! Run by `scripts/replicas.sh` (in CI, against the cluster `.ci/run` starts), which installs
//! Debian's `faketime` when it can and gives the server's URL in
//! `DECKCHECK_REPLICAS_DATABASE_URL`; without it these tests say so and pass. Each test makes a
//! database of its own on that server.

use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use jiff::Timestamp;
use serde_json::{Value, json};

use crate::support::*;

const URL_ENV: &str = "DECKCHECK_REPLICAS_DATABASE_URL";
/// The key the replicas of the races create events with (no per-client budget is spent).
const KEY: &str = "replicas-create-key";
/// The hand-made catalog's day.
const DAY: &str = "2025-04-01";
const PAIRS: usize = 30;

/// A new database on the replicas' server, or `None` (said) when there is none.
fn fresh_database() -> Option<String> {
    let Some(url) = std::env::var(URL_ENV).ok().filter(|u| !u.is_empty()) else {
        eprintln!("two-replica tests skipped: {URL_ENV} is not set (scripts/replicas.sh sets it)");
        return None;
    };
    let name = format!(
        "dc_rep_{}",
        deckcheck_store::token::new_id("x").trim_start_matches("x_")
    );
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(async {
            use sqlx::Connection;
            sqlx::any::install_default_drivers();
            let mut admin = sqlx::AnyConnection::connect(&url).await.unwrap();
            sqlx::query(&format!("CREATE DATABASE {name}"))
                .execute(&mut admin)
                .await
                .unwrap();
        });
    let slash = url.rfind('/').unwrap();
    Some(format!("{}/{name}", &url[..slash]))
}

/// A replica on `database`, its clock moved by `skew` (`+10s`, `-10s`: libfaketime) if given.
fn replica(database: &str, skew: Option<&str>, extra: &[(&str, &str)]) -> Server {
    let home = tempfile::tempdir().unwrap();
    let cards = home.path().join("mirror");
    write_mirror(&cards, &SETS, "");
    let mut env = service_env(home.path(), &cards);
    env.push(("DECKCHECK_DATABASE_URL".into(), database.into()));
    env.extend(extra.iter().map(|(k, v)| (k.to_string(), v.to_string())));
    match skew {
        None => Server::start_with(home, &env),
        Some(skew) => {
            assert!(
                std::process::Command::new("faketime")
                    .arg("--version")
                    .output()
                    .is_ok(),
                "the clock-skew test needs Debian's faketime (scripts/replicas.sh installs it)"
            );
            // Timers run on the monotonic clock: only the wall clock is moved.
            env.push(("FAKETIME_DONT_FAKE_MONOTONIC".into(), "1".into()));
            Server::start_under(home, &env, None, &["faketime", "-f", skew])
        }
    }
}

fn call(
    server: &Server,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> Answer {
    let body = body.map(Value::to_string).unwrap_or_default();
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n");
    if let Some(token) = token {
        head.push_str(&format!("Authorization: Bearer {token}\r\n"));
    }
    if !body.is_empty() {
        head.push_str("Content-Type: application/json\r\n");
    }
    head.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
    server.send(&head)
}

/// An event created on `server` with the replicas' key: its id, code and organizer token.
fn new_event(server: &Server, locks_at: Option<Timestamp>) -> (String, String, String) {
    let mut new = json!({"name": "Replica Cup", "game": "swu", "format": "premier", "date": DAY});
    if let Some(at) = locks_at {
        new["locks_at"] = json!(at.to_string());
    }
    let created = call(server, "POST", "/v1/events", Some(KEY), Some(&new));
    assert_eq!(
        created.status,
        201,
        "{}",
        String::from_utf8_lossy(&created.body)
    );
    let c = created.json();
    (
        c["event"]["id"].as_str().unwrap().into(),
        c["event"]["registration_code"].as_str().unwrap().into(),
        c["organizer_token"].as_str().unwrap().into(),
    )
}

fn register(server: &Server, code: &str, uid: &str) -> Answer {
    call(
        server,
        "POST",
        &format!("/v1/events/code/{code}/players"),
        None,
        Some(&json!({"player": format!("Player {uid}"), "uid": uid, "deck": fixture_deck()})),
    )
}

/// `a` on one replica and `b` on the other, released at once: their answers.
fn together(
    pair: &(Server, Server),
    a: impl FnOnce(&Server) -> Answer + Send,
    b: impl FnOnce(&Server) -> Answer + Send,
) -> (Answer, Answer) {
    let barrier = Arc::new(Barrier::new(2));
    std::thread::scope(|s| {
        let (ba, bb) = (Arc::clone(&barrier), barrier);
        let a = s.spawn(move || {
            ba.wait();
            a(&pair.0)
        });
        let b = s.spawn(move || {
            bb.wait();
            b(&pair.1)
        });
        (a.join().unwrap(), b.join().unwrap())
    })
}

/// One answered `won` with a token, the other 409 `token-changed`: the winner's answer.
fn one_winner(what: &str, a: Answer, b: Answer, won: u16) -> Value {
    let code = |x: &Answer| x.json()["error"]["code"].as_str().map(str::to_string);
    match (a.status, b.status) {
        (w, 409) if w == won && code(&b).as_deref() == Some("token-changed") => a.json(),
        (409, w) if w == won && code(&a).as_deref() == Some("token-changed") => b.json(),
        _ => panic!(
            "{what}: not one winner: {} {} / {} {}",
            a.status,
            String::from_utf8_lossy(&a.body),
            b.status,
            String::from_utf8_lossy(&b.body)
        ),
    }
}

#[test]
fn token_operations_sent_to_two_replicas_at_once_have_one_winner() {
    let Some(database) = fresh_database() else {
        return;
    };
    let with_key = [("DECKCHECK_CREATE_KEY", KEY)];
    let pair = (
        replica(&database, None, &with_key),
        replica(&database, None, &with_key),
    );
    let (event, code, mut org) = new_event(&pair.0, None);
    let opens = |server: &Server, token: &str, path: &str| {
        call(server, "GET", path, Some(token), None).status
    };
    let event_path = format!("/v1/events/{event}");

    // The organizer's token, rotated on both replicas at once, 30 times over.
    let rotate = format!("/v1/events/{event}/organizer-token");
    for _ in 0..PAIRS {
        let (a, b) = together(
            &pair,
            |s| call(s, "POST", &rotate, Some(&org), None),
            |s| call(s, "POST", &rotate, Some(&org), None),
        );
        let won = one_winner("rotation", a, b, 201);
        let new = won["token"].as_str().unwrap().to_string();
        assert_eq!(opens(&pair.1, &new, &event_path), 200);
        assert_eq!(opens(&pair.0, &org, &event_path), 401);
        org = new;
    }

    // A judge's token reissued, and one revoked, on both at once.
    for i in 0..PAIRS {
        let judge = call(
            &pair.0,
            "POST",
            &format!("/v1/events/{event}/judges"),
            Some(&org),
            Some(&json!({"name": format!("Judge {i}")})),
        )
        .json();
        let (id, old) = (
            judge["id"].as_str().unwrap(),
            judge["token"].as_str().unwrap(),
        );
        let reissue = format!("/v1/events/{event}/tokens/{id}/reissue");
        let (a, b) = together(
            &pair,
            |s| call(s, "POST", &reissue, Some(&org), None),
            |s| call(s, "POST", &reissue, Some(&org), None),
        );
        let won = one_winner("judge reissue", a, b, 201);
        let new = won["token"].as_str().unwrap();
        assert_eq!(opens(&pair.0, new, &event_path), 200);
        assert_eq!(opens(&pair.1, old, &event_path), 401);
        let new_id = won["id"].as_str().unwrap();
        let revoke = format!("/v1/events/{event}/tokens/{new_id}/revoke");
        let (a, b) = together(
            &pair,
            |s| call(s, "POST", &revoke, Some(&org), None),
            |s| call(s, "POST", &revoke, Some(&org), None),
        );
        let statuses = [a.status, b.status];
        assert!(
            statuses == [204, 409] || statuses == [409, 204],
            "revocation: {statuses:?}"
        );
        assert_eq!(opens(&pair.1, new, &event_path), 401);
    }

    // A player's new token, asked of both at once.
    for i in 0..PAIRS {
        let registered = register(&pair.1, &code, &format!("{}", 100 + i));
        assert_eq!(
            registered.status,
            201,
            "{}",
            String::from_utf8_lossy(&registered.body)
        );
        let registered = registered.json();
        let player = registered["player"]["id"].as_str().unwrap();
        let first = registered["token"].as_str().unwrap();
        let token = format!("/v1/events/{event}/players/{player}/token");
        let (a, b) = together(
            &pair,
            |s| call(s, "POST", &token, Some(&org), None),
            |s| call(s, "POST", &token, Some(&org), None),
        );
        let won = one_winner("player token", a, b, 201);
        let me = format!("/v1/events/{event}/me");
        assert_eq!(opens(&pair.0, won["token"].as_str().unwrap(), &me), 200);
        assert_eq!(opens(&pair.1, first, &me), 401);
        let live = call(
            &pair.0,
            "GET",
            &format!("/v1/events/{event}/tokens"),
            Some(&org),
            None,
        )
        .json();
        let theirs = live["tokens"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|t| t["player_id"] == player)
            .count();
        assert_eq!(theirs, 1, "exactly one token of the player works");
    }
}

/// Lists sent to a replica whose clock is `skew` off, from before `locks_at` to after it.
fn deadline_on_a_skewed_replica(database: &str, skew: &str) {
    let with_key = [("DECKCHECK_CREATE_KEY", KEY)];
    let a = replica(database, None, &with_key);
    let b = replica(database, Some(skew), &with_key);
    let locks_at = Timestamp::now()
        .checked_add(jiff::SignedDuration::from_secs(5))
        .unwrap();
    // Created on the skewed replica: the deadline is judged on the database's clock.
    let (event, code, org) = new_event(&b, Some(locks_at));
    let started = Instant::now();
    let mut accepted = Vec::new();
    let mut late = Vec::new();
    let mut i = 0;
    while started.elapsed() < Duration::from_secs(9) {
        let sent = Timestamp::now();
        let answer = register(&b, &code, &format!("{skew}-{i}"));
        let answered = Timestamp::now();
        i += 1;
        match answer.status {
            201 => {
                let stamp: Timestamp = answer.json()["player"]["created_at"]
                    .as_str()
                    .unwrap()
                    .parse()
                    .unwrap();
                assert!(
                    stamp < locks_at,
                    "{skew}: a list stamped {stamp}, after locks_at {locks_at}"
                );
                assert!(
                    stamp <= answered,
                    "{skew}: a list stamped {stamp}, in the future (answered {answered})"
                );
                assert!(
                    sent <= locks_at,
                    "{skew}: a list sent at {sent} accepted after locks_at {locks_at}"
                );
                accepted.push(stamp);
            }
            409 => {
                let code = answer.json()["error"]["code"].clone();
                assert_eq!(code, "event-locked", "{skew}");
                // Refused only once the deadline passed (on the database's clock): a request
                // answered before it was not refused.
                assert!(
                    answered >= locks_at,
                    "{skew}: refused at {answered}, before locks_at {locks_at}"
                );
                late.push(sent);
            }
            other => panic!("{skew}: {other} {}", String::from_utf8_lossy(&answer.body)),
        }
        std::thread::sleep(Duration::from_millis(150));
    }
    assert!(
        !accepted.is_empty() && !late.is_empty(),
        "{skew}: {} accepted, {} refused",
        accepted.len(),
        late.len()
    );

    // A second event: lists on the skewed replica, then the organizer's lock on the other one:
    // the lock comes after every list and is stamped now, not in the future.
    let (event2, code2, org2) = new_event(&a, None);
    let mut stamps = Vec::new();
    for n in 0..5 {
        let answer = register(&b, &code2, &format!("{skew}-second-{n}"));
        assert_eq!(
            answer.status,
            201,
            "{}",
            String::from_utf8_lossy(&answer.body)
        );
        stamps.push(
            answer.json()["player"]["created_at"]
                .as_str()
                .unwrap()
                .parse::<Timestamp>()
                .unwrap(),
        );
    }
    for (locker, name) in [(&a, "the other replica"), (&b, "the skewed replica")] {
        let (event, org) = if name == "the other replica" {
            (&event2, &org2)
        } else {
            (&event, &org)
        };
        let locked = call(
            locker,
            "POST",
            &format!("/v1/events/{event}/lock"),
            Some(org),
            Some(&json!({})),
        );
        assert_eq!(
            locked.status,
            200,
            "{}",
            String::from_utf8_lossy(&locked.body)
        );
        let at: Timestamp = locked.json()["event"]["locked_at"]
            .as_str()
            .unwrap()
            .parse()
            .unwrap();
        assert!(
            at <= Timestamp::now(),
            "{skew}: locked on {name} at {at}, in the future"
        );
        if name == "the other replica" {
            assert!(
                stamps.iter().all(|s| *s < at),
                "{skew}: a list after the lock"
            );
        }
    }
    let _ = org;
}

#[test]
fn a_replica_ten_seconds_ahead_or_behind_takes_no_list_after_the_deadline_and_stamps_none_ahead() {
    let Some(database) = fresh_database() else {
        return;
    };
    deadline_on_a_skewed_replica(&database, "+10s");
    deadline_on_a_skewed_replica(&database, "-10s");
}

#[test]
fn a_clients_budgets_are_spent_once_over_two_replicas() {
    let Some(database) = fresh_database() else {
        return;
    };
    let limits = [
        ("DECKCHECK_LOOKUP_RATE", "20"),
        ("DECKCHECK_CREATE_RATE", "1000"),
        ("DECKCHECK_CREATE_DAILY_CAP", "3"),
    ];
    let pair = (
        replica(&database, None, &limits),
        replica(&database, None, &limits),
    );
    // Creation open: strangers (this client) create the day's 3, over both replicas.
    let new = json!({"name": "Budget Cup", "game": "swu", "format": "premier", "date": DAY});
    let mut created = Vec::new();
    for i in 0..8 {
        let server = if i % 2 == 0 { &pair.0 } else { &pair.1 };
        created.push(call(server, "POST", "/v1/events", None, Some(&new)).status);
    }
    assert_eq!(
        created.iter().filter(|s| **s == 201).count(),
        3,
        "{created:?}"
    );
    assert_eq!(
        created.iter().filter(|s| **s == 429).count(),
        5,
        "{created:?}"
    );
    // Lookups: 20 a minute from one client, over both replicas (it got twice as many before).
    let code = call(&pair.0, "GET", "/v1/events/code/NOPE2345", None, None);
    assert_eq!(code.status, 404);
    let started = Instant::now();
    let mut looked = Vec::new();
    for i in 0..40 {
        let server = if i % 2 == 0 { &pair.0 } else { &pair.1 };
        looked.push(call(server, "GET", "/v1/events/code/NOPE2345", None, None).status);
    }
    let refilled = started.elapsed().as_secs() / 3;
    let answered = looked.iter().filter(|s| **s != 429).count() as u64;
    // 20 at once (one spent above), then one every 3 s.
    assert!(
        answered <= 20 + refilled,
        "{answered} of 40 lookups answered: {looked:?}"
    );
    assert!(
        answered >= 19,
        "{answered} of 40 lookups answered: {looked:?}"
    );
}
