//! Speed of the rules engine and the importer on the real catalog (`DECKCHECK_CARDS` or
//! `../shared/data/swu/cards`). Results and commands: BENCHMARKS.md.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, criterion_group, criterion_main};
use deckcheck::catalog::CardType;
use deckcheck::checker::Checker;
use deckcheck::data::FormatId;
use deckcheck::decklist::{InputFormat, import, parse_swudb, parse_text};
use deckcheck::rules::CheckOptions;
use jiff::civil::date;

fn shared() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data/swu")
}

fn checker() -> Checker {
    let cards = std::env::var_os("DECKCHECK_CARDS")
        .map(PathBuf::from)
        .unwrap_or_else(|| shared().join("cards"));
    Checker::load(&cards, None).expect("the real card catalog")
}

fn deck_text(name: &str) -> String {
    std::fs::read_to_string(shared().join("decks/tournament").join(name)).unwrap()
}

/// JSON without the white space between its tokens (strings kept as written).
fn minified(json: &str) -> String {
    let (mut out, mut in_string, mut escaped) = (String::new(), false, false);
    for c in json.chars() {
        if in_string {
            in_string = escaped || c != '"';
            escaped = !escaped && c == '\\';
        } else if c.is_ascii_whitespace() {
            continue;
        } else {
            in_string = c == '"';
        }
        out.push(c);
    }
    out
}

fn benches(c: &mut Criterion) {
    let checker = checker();
    let json = deck_text("wichita-pq-4th-han-solo.swudb.json");
    let melee = deck_text("wichita-pq-4th-han-solo.melee.txt");
    let options = CheckOptions::new(FormatId::Premier, date(2025, 4, 1));
    let resolved = parse_swudb(&checker.catalog, &json).unwrap();
    assert!(
        checker
            .check(std::slice::from_ref(&resolved.deck), vec![], &options)
            .legal
    );

    c.bench_function("validate a resolved 60-card deck (premier)", |b| {
        b.iter(|| {
            checker.check(
                black_box(std::slice::from_ref(&resolved.deck)),
                vec![],
                &options,
            )
        })
    });
    c.bench_function("swudb json -> report (premier)", |b| {
        b.iter(|| {
            let imported = parse_swudb(&checker.catalog, black_box(&json)).unwrap();
            checker.check(
                std::slice::from_ref(&imported.deck),
                imported.diagnostics,
                &options,
            )
        })
    });
    // As a client's `JSON.stringify` sends it (the body of the HTTP load test): the file's
    // fields in the file's order, without white space.
    let compact = minified(&json);
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&compact).unwrap(),
        serde_json::from_str::<serde_json::Value>(&json).unwrap()
    );
    c.bench_function("swudb json, compact -> report (premier)", |b| {
        b.iter(|| {
            let imported = parse_swudb(&checker.catalog, black_box(&compact)).unwrap();
            checker.check(
                std::slice::from_ref(&imported.deck),
                imported.diagnostics,
                &options,
            )
        })
    });
    c.bench_function("parse and resolve a 60-card melee text list", |b| {
        b.iter(|| parse_text(&checker.catalog, black_box(&melee)).unwrap())
    });
    c.bench_function("text list -> report (premier)", |b| {
        b.iter(|| {
            let imported =
                import(&checker.catalog, black_box(&melee), Some(InputFormat::Text)).unwrap();
            checker.check(
                std::slice::from_ref(&imported.deck),
                imported.diagnostics,
                &options,
            )
        })
    });
    let cards = checker.catalog.cards();
    c.bench_function(
        "did-you-mean for one unknown name over the full catalog",
        |b| {
            b.iter(|| {
                checker.catalog.names().suggest(
                    cards,
                    black_box("Bounty Huntr Crew"),
                    3,
                    CardType::is_deck_card,
                )
            })
        },
    );
}

fn roster_and_start_up(c: &mut Criterion) {
    let checker = checker();
    // A 1,000-entry roster: the 18 official decks and the Wichita deck, round robin.
    let mut decks: Vec<serde_json::Value> =
        std::fs::read_dir(shared().join("decks/official-starters"))
            .unwrap()
            .map(|e| {
                serde_json::from_str(&std::fs::read_to_string(e.unwrap().path()).unwrap()).unwrap()
            })
            .collect();
    decks.push(serde_json::from_str(&deck_text("wichita-pq-4th-han-solo.swudb.json")).unwrap());
    let entries: Vec<_> = (0..1000)
        .map(|i| serde_json::json!({ "player": format!("Player {i} Name"), "uid": i.to_string(), "deck": decks[i % decks.len()] }))
        .collect();
    let body =
        serde_json::json!({ "format": "premier", "as_of": "2026-11-22", "entries": entries })
            .to_string();
    let mut group = c.benchmark_group("roster");
    group.sample_size(20);
    group.bench_function("validate-batch of 1,000 entries, in process", |b| {
        b.iter(|| {
            deckcheck::http::decks::run_batch(&checker, black_box(&body), Default::default(), 5000)
                .unwrap()
        })
    });
    group.finish();
    let cards = std::env::var_os("DECKCHECK_CARDS")
        .map(PathBuf::from)
        .unwrap_or_else(|| shared().join("cards"));
    let mut group = c.benchmark_group("start-up");
    group.sample_size(10);
    group.bench_function("load the full catalog and legality data", |b| {
        b.iter(|| Checker::load(black_box(&cards), None).unwrap())
    });
    group.finish();
}

criterion_group!(engine, benches, roster_and_start_up);
criterion_main!(engine);
