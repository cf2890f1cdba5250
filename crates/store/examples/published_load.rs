//! How fast the published lists of a big event are read from the store (issue 27, item 5: the
//! service is held to ≤ 50 ms p99 for 8 parallel readers of a 10,000-player event). An event of
//! PLAYERS players, published, is restored into a new store (SQLite in a temporary directory;
//! PostgreSQL too when `DECKCHECK_TEST_DATABASE_URL` names a server), then READERS tasks read
//! pages of the snapshot from random offsets for SECONDS, and the whole snapshot a few times.
//!
//! ```text
//! cargo run --release -p deckcheck-store --example published_load [-- PLAYERS READERS SECONDS]
//! cargo run --release -p deckcheck-store --example published_load -- export FILE [PLAYERS]
//! cargo run --release -p deckcheck-store --example published_load -- export-locked FILE [PLAYERS] TOKEN
//! ```
//!
//! `export` writes the event as `deckcheck events import` reads it, for the service's own load
//! test (`scripts/published-load.sh`). `export-locked` writes it locked and not yet published,
//! each list registered as its SWUDB JSON, with TOKEN as its organizer token: what
//! `scripts/memory.sh` publishes through the service to measure what publishing leaves behind.
//!
//! Each list is shaped like a real SWU list as published: SWUDB JSON (leader, base, 25 main
//! deck and 5 sideboard entries) and its text.

use std::sync::Arc;
use std::time::{Duration, Instant};

use deckcheck_store::{
    CardCount, DeckCards, Event, EventExport, ExportedRegistration, ExportedToken, IllegalLists,
    ListVerdict, ListVersion, Location, RenderedDeck, Role, ShownList, Source, State, Store, Tier,
};
use jiff::Timestamp;
use serde_json::json;

fn arg(i: usize, default: u64) -> u64 {
    std::env::args()
        .nth(i)
        .and_then(|a| a.parse().ok())
        .unwrap_or(default)
}

fn decks(i: usize) -> Vec<RenderedDeck> {
    let card = |n: usize| format!("SOR_{:03}", (i * 7 + n * 13) % 250 + 1);
    let main: Vec<_> = (0..25)
        .map(|n| json!({"id": card(n), "count": 2}))
        .collect();
    let side: Vec<_> = (25..30)
        .map(|n| json!({"id": card(n), "count": 1}))
        .collect();
    let text = (0..30)
        .map(|n| {
            format!(
                "{} | Card Number {n} | Subtitle\n",
                if n < 25 { 2 } else { 1 }
            )
        })
        .collect::<String>();
    vec![RenderedDeck {
        not_read: Vec::new(),
        swudb: Some(
            serde_json::value::to_raw_value(&json!({
                "metadata": {"name": format!("Deck {i}"), "author": format!("Player {i}")},
                "leader": {"id": "SOR_010", "count": 1},
                "base": {"id": "SOR_021", "count": 1},
                "deck": main,
                "sideboard": side,
            }))
            .unwrap(),
        ),
        text: format!(
            "Leader\n1 | Darth Vader | Dark Lord of the Sith\nBase\n1 | Energy Conversion Lab\nDeck\n{text}"
        ),
        fingerprint: Some(fingerprint(i)),
    }]
}

/// A fingerprint's shape: ten characters of Crockford's base 32.
fn fingerprint(i: usize) -> String {
    format!("{:010}", i * 7919 % 10_000_000_000)
}

/// The event as published (`export`), or locked with its lists not yet published and an
/// organizer token (`export-locked`).
#[derive(Clone, Copy)]
enum Stage<'a> {
    Published,
    Locked { token: &'a str },
}

fn event(players: usize, stage: Stage<'_>) -> EventExport {
    // An event to publish is today's (its tokens still work): locked 50,000 s after it began,
    // its lists registered before, now 100,000 s after it began.
    let start = match stage {
        Stage::Published => 1_780_000_000,
        Stage::Locked { .. } => Timestamp::now().as_second() - 100_000,
    };
    let at = |s: i64| Timestamp::from_second(start + s).unwrap();
    let event = Event {
        id: "ev_load".into(),
        name: "Load Cup".into(),
        game: "swu".into(),
        format: "premier".into(),
        date: match stage {
            Stage::Published => "2026-07-12".parse().unwrap(),
            Stage::Locked { .. } => Timestamp::now().to_zoned(jiff::tz::TimeZone::UTC).date(),
        },
        tier: Tier::Competitive,
        illegal_lists: IllegalLists::Refuse,
        options: Default::default(),
        registration_code: "LOADCUP2".into(),
        locks_at: None,
        locked_at: Some(at(50_000)),
        published_at: matches!(stage, Stage::Published).then(|| at(60_000)),
        created_at: at(0),
    };
    let registrations = (0..players)
        .map(|i| {
            let cards: DeckCards = [(
                "main".to_string(),
                vec![
                    CardCount("SOR_010".into(), 1),
                    CardCount("SOR_021".into(), 1),
                ],
            )]
            .into();
            ExportedRegistration {
                removed_at: None,
                id: format!("pl_{i:06}"),
                player: format!("Player {i}"),
                uid: format!("uid-{i}"),
                created_at: at(i as i64),
                versions: vec![ListVersion {
                    version: 1,
                    at: at(i as i64),
                    source: Source::Player,
                    actor: format!("Player {i}"),
                    reason: None,
                    decks: vec![match stage {
                        Stage::Published => decks(i)[0].text.clone(),
                        // As a player sends it: the deck's SWUDB JSON, read when published.
                        Stage::Locked { .. } => decks(i)[0].swudb.as_ref().unwrap().get().into(),
                    }],
                    input_format: None,
                    pool: None,
                    verdict: ListVerdict::Legal,
                    state: State::Accepted,
                    cards: vec![cards],
                    report: json!({"legal": true}),
                    fingerprints: vec![Some(fingerprint(i))],
                }],
            }
        })
        .collect();
    let published = (0..players)
        .filter(|_| matches!(stage, Stage::Published))
        .map(|i| ShownList {
            standing: None,
            player_id: format!("pl_{i:06}"),
            player: format!("Player {i}"),
            place: None,
            version: 1,
            decks: decks(i),
        })
        .collect();
    let tokens = match stage {
        Stage::Published => Vec::new(),
        Stage::Locked { token } => vec![ExportedToken {
            hash: deckcheck_store::token::hash(token),
            role: Role::Organizer,
            player_id: None,
            label: "organizer".into(),
            created_at: at(0),
        }],
    };
    EventExport {
        roster_changes: Vec::new(),
        format: deckcheck_store::EXPORT_FORMAT.into(),
        event,
        tokens,
        registrations,
        deck_checks: Vec::new(),
        picks: Vec::new(),
        published,
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

async fn measure(name: &str, location: Location, players: u64, readers: u64, seconds: u64) {
    let store = Arc::new(Store::open(&location).await.unwrap());
    let export = event(players as usize, Stage::Published);
    let start = Instant::now();
    store.import(&export).await.unwrap();
    println!(
        "{name}: {players} published lists restored in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    let now = Timestamp::now();
    for limit in [100u64, 1000] {
        let deadline = Instant::now() + Duration::from_secs(seconds);
        let mut tasks = Vec::new();
        for reader in 0..readers {
            let store = Arc::clone(&store);
            tasks.push(tokio::spawn(async move {
                let mut times = Vec::new();
                let mut offset = (reader * 977) % players;
                while Instant::now() < deadline {
                    let t0 = Instant::now();
                    let page = store
                        .published_page("ev_load", offset, Some(limit), None, now)
                        .await
                        .unwrap();
                    let bytes = serde_json::to_vec(&page).unwrap().len();
                    times.push((t0.elapsed(), bytes));
                    offset = (offset + 7919) % players;
                }
                times
            }));
        }
        let mut all = Vec::new();
        for t in tasks {
            all.extend(t.await.unwrap());
        }
        let bytes = all.iter().map(|(_, b)| *b).max().unwrap_or(0);
        let mut times: Vec<Duration> = all.into_iter().map(|(t, _)| t).collect();
        times.sort();
        println!(
            "{name}: a page of {limit} lists, read and serialized ({} KB), {readers} parallel readers, {} reads in {seconds} s: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            bytes / 1024,
            times.len(),
            percentile(&times, 0.5).as_secs_f64() * 1e3,
            percentile(&times, 0.99).as_secs_f64() * 1e3,
            times.last().unwrap().as_secs_f64() * 1e3,
        );
    }
    let t0 = Instant::now();
    for _ in 0..20 {
        store.published_etag("ev_load").await.unwrap();
    }
    println!(
        "{name}: the entity tag alone: {:.3} ms",
        t0.elapsed().as_secs_f64() * 1e3 / 20.0
    );
    let t0 = Instant::now();
    let whole = store.published("ev_load", now).await.unwrap();
    let bytes = serde_json::to_vec(&whole).unwrap().len();
    println!(
        "{name}: every list at once ({} lists, {} KB serialized), one reader: {:.0} ms",
        whole.lists.len(),
        bytes / 1024,
        t0.elapsed().as_secs_f64() * 1e3
    );
    store.close().await;
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    if std::env::args().nth(1).as_deref() == Some("export") {
        let path = std::env::args().nth(2).expect("export FILE [PLAYERS]");
        let players = arg(3, 10_000) as usize;
        let export = event(players, Stage::Published);
        std::fs::write(&path, serde_json::to_vec(&export).unwrap()).unwrap();
        println!("{players} published lists written to {path} (event ev_load)");
        return;
    }
    if std::env::args().nth(1).as_deref() == Some("export-locked") {
        let usage = "export-locked FILE PLAYERS TOKEN";
        let path = std::env::args().nth(2).expect(usage);
        let players = arg(3, 10_000) as usize;
        let token = std::env::args().nth(4).expect(usage);
        let export = event(players, Stage::Locked { token: &token });
        std::fs::write(&path, serde_json::to_vec(&export).unwrap()).unwrap();
        println!("{players} lists of a locked event written to {path} (event ev_load)");
        return;
    }
    let (players, readers, seconds) = (arg(1, 10_000), arg(2, 8), arg(3, 5));
    let dir = tempfile::tempdir().unwrap();
    measure(
        "sqlite",
        Location::Sqlite(dir.path().join("events.sqlite3")),
        players,
        readers,
        seconds,
    )
    .await;
    if let Ok(url) = std::env::var("DECKCHECK_TEST_DATABASE_URL") {
        // A database of its own, dropped with the cluster.
        use sqlx::Connection;
        sqlx::any::install_default_drivers();
        let mut admin = sqlx::AnyConnection::connect(&url).await.unwrap();
        let name = format!("dc_load_{}", std::process::id());
        sqlx::query(&format!("CREATE DATABASE {name}"))
            .execute(&mut admin)
            .await
            .unwrap();
        let base = url.rsplit_once('/').map_or(url.as_str(), |(b, _)| b);
        measure(
            "postgres",
            Location::Postgres(format!("{base}/{name}")),
            players,
            readers,
            seconds,
        )
        .await;
    }
}
