//! An event's roster through `POST /v1/decks/validate-batch`'s work (`decks::run_batch`): 1,000
//! entries, the 19 real SWU decks of `../shared/data/swu/decks` in turn (or `DECKCHECK_CARDS`
//! for the catalog), each read from its SWUDB JSON and judged for Premier with the registration
//! checks. Issue 16, item 5: target ≤ 20 ms.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, criterion_group, criterion_main};
use deckcheck_core::Paths;
use deckcheck_server::decks::run_batch;
use serde_json::{Value, json};

fn shared() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/swu")
}

fn roster(c: &mut Criterion) {
    let spec = deckcheck_server::games::spec("swu").expect("SWU is a game");
    let cards = std::env::var_os("DECKCHECK_CARDS")
        .map(PathBuf::from)
        .unwrap_or_else(|| shared().join("cards"));
    let game = (spec.load)(&Paths {
        cards,
        card_data: None,
    })
    .expect("the real SWU catalog (../shared/data/swu/cards or DECKCHECK_CARDS)");
    let mut files: Vec<PathBuf> = std::fs::read_dir(shared().join("decks/official-starters"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files.push(shared().join("decks/tournament/wichita-pq-4th-han-solo.swudb.json"));
    let decks: Vec<Value> = files
        .iter()
        .map(|f| serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap())
        .collect();
    let entries: Vec<Value> = (0..1_000)
        .map(|i| {
            json!({
                "player": format!("Player {i}"),
                "uid": format!("{}", 100_000 + i),
                "deck": decks[i % decks.len()],
            })
        })
        .collect();
    let body =
        json!({ "format": "premier", "as_of": "2026-11-22", "entries": entries }).to_string();
    let mut group = c.benchmark_group("roster");
    group.sample_size(20);
    group.bench_function(
        "1,000 entries (19 real decks) -> answers and summary",
        |b| {
            b.iter(|| {
                run_batch(game.as_ref(), black_box(&body), 10_000)
                    .unwrap()
                    .summary
                    .entries
            })
        },
    );
    group.finish();
}

criterion_group!(benches, roster);
criterion_main!(benches);
