//! Load client for the event store (issue 19, item 9; run by scripts/events-load.sh): creates
//! an event, registers PLAYERS players at once (one request each, all in flight together),
//! and reports p50/p99/max latency per submission and every failure; then 200 more one at a
//! time (the cost of one submission when nothing queues). With two service
//! addresses (replicas on one PostgreSQL), registrations alternate between them, and it then
//! checks the replicas agree: each registration made on one is read at once on the other, and
//! a lock made on one is honored by the other.
//!
//!   cargo run --release --example events_load -- URL[,URL2] DECK_FILE [PLAYERS=1000]

use std::time::{Duration, Instant};

use serde_json::{Value, json};

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((p * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i]
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: events_load URL[,URL2] DECK_FILE [PLAYERS=1000]");
        std::process::exit(2);
    }
    let bases: Vec<String> = args[1]
        .split(',')
        .map(|s| s.trim_end_matches('/').to_string())
        .collect();
    let deck = std::fs::read_to_string(&args[2]).expect("the deck file");
    let players: usize = args
        .get(3)
        .map_or(1000, |n| n.parse().expect("PLAYERS is a number"));
    let _ = rustls::crypto::ring::default_provider().install_default();
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(players)
        .timeout(Duration::from_secs(120))
        .build()
        .unwrap();

    let created: Value = client
        .post(format!("{}/v1/events", bases[0]))
        .json(
            &json!({"name": "Load Cup", "game": "swu", "format": "premier", "date": "2025-01-15"}),
        )
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let event = created["event"]["id"].as_str().unwrap().to_string();
    let code = created["event"]["registration_code"]
        .as_str()
        .unwrap()
        .to_string();
    let organizer = created["organizer_token"].as_str().unwrap().to_string();

    // Every registration in flight at once.
    let started = Instant::now();
    let mut tasks = tokio::task::JoinSet::new();
    for i in 0..players {
        let (client, base, code, deck) = (
            client.clone(),
            bases[i % bases.len()].clone(),
            code.clone(),
            deck.clone(),
        );
        tasks.spawn(async move {
            let t = Instant::now();
            let res = client
                .post(format!("{base}/v1/events/code/{code}/players"))
                .json(&json!({"player": format!("Player Number{i}"), "uid": format!("load-{i}"), "deck": deck}))
                .send()
                .await;
            let status = match res {
                Ok(r) => r.status().as_u16(),
                Err(_) => 0,
            };
            (t.elapsed(), status)
        });
    }
    let mut latencies = Vec::with_capacity(players);
    let mut failures: std::collections::BTreeMap<u16, usize> = Default::default();
    while let Some(done) = tasks.join_next().await {
        let (took, status) = done.unwrap();
        if status == 201 {
            latencies.push(took);
        } else {
            *failures.entry(status).or_default() += 1;
        }
    }
    let wall = started.elapsed();
    latencies.sort();
    let roster: Value = client
        .get(format!(
            "{}/v1/events/{event}/players",
            bases[bases.len() - 1]
        ))
        .bearer_auth(&organizer)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let stored = roster["players"].as_array().map_or(0, Vec::len);
    println!(
        "registrations: {players} at once over {} replica(s): {} accepted, failures {:?}, stored {stored}; p50 {}, p99 {}, max {}; all done in {:.2} s ({:.0}/s)",
        bases.len(),
        latencies.len(),
        failures,
        ms(percentile(&latencies, 0.50)),
        ms(percentile(&latencies, 0.99)),
        ms(percentile(&latencies, 1.0)),
        wall.as_secs_f64(),
        latencies.len() as f64 / wall.as_secs_f64()
    );
    let mut ok = failures.is_empty() && stored == players;

    // One at a time: what a single submission costs when nothing queues.
    let mut alone = Vec::new();
    for i in 0..200 {
        let t = Instant::now();
        let res = client
            .post(format!("{}/v1/events/code/{code}/players", bases[i % bases.len()]))
            .json(&json!({"player": format!("Lone Player{i}"), "uid": format!("lone-{i}"), "deck": deck}))
            .send()
            .await
            .unwrap();
        ok &= res.status().as_u16() == 201;
        alone.push(t.elapsed());
    }
    alone.sort();
    println!(
        "one at a time: 200 registrations, p50 {}, p99 {}",
        ms(percentile(&alone, 0.50)),
        ms(percentile(&alone, 0.99))
    );

    if bases.len() > 1 {
        let (a, b) = (&bases[0], &bases[1]);
        // Written on A, read at once on B (the player's own view and the roster).
        let mut unseen = 0;
        let rounds = 50;
        for i in 0..rounds {
            let reg: Value = client
                .post(format!("{a}/v1/events/code/{code}/players"))
                .json(&json!({"player": format!("Cross Check{i}"), "uid": format!("cross-{i}"), "deck": deck}))
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            let token = reg["token"].as_str().unwrap_or_default();
            let me = client
                .get(format!("{b}/v1/events/{event}/me"))
                .bearer_auth(token)
                .send()
                .await
                .unwrap();
            if me.status().as_u16() != 200 {
                unseen += 1;
            }
        }
        println!(
            "replicas: {rounds} registrations on A read at once on B: {} seen, {unseen} not seen",
            rounds - unseen
        );
        ok &= unseen == 0;
        // Locked on B; A refuses at once.
        let lock = client
            .post(format!("{b}/v1/events/{event}/lock"))
            .bearer_auth(&organizer)
            .json(&json!({}))
            .send()
            .await
            .unwrap();
        let after = client
            .post(format!("{a}/v1/events/code/{code}/players"))
            .json(&json!({"player": "Too Late", "uid": "late-1", "deck": deck}))
            .send()
            .await
            .unwrap();
        println!(
            "replicas: lock on B answered {}; a registration on A right after answered {}",
            lock.status().as_u16(),
            after.status().as_u16()
        );
        ok &= lock.status().as_u16() == 200 && after.status().as_u16() == 409;
    }
    if !ok {
        println!("events-load: FAILED");
        std::process::exit(1);
    }
    println!("events-load: ok");
}
