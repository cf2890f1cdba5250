//! Speed of the rules engine and the readers on the real catalog (`DECKCHECK_CARDS` or
//! `../shared/data/swu/cards`), and each of the 19 real decks of `../shared/data/swu/decks`
//! for the side-by-side comparison with Karabast's validator (BENCHMARKS.md says how).

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, criterion_group, criterion_main};
use deckcheck_core::Paths;
use deckcheck_swu::Swu;
use deckcheck_swu::decklist::{import, parse_swudb, parse_text};
use deckcheck_swu::rules::Submission;
use jiff::civil::{Date, date};

fn shared() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/swu")
}

fn cards() -> PathBuf {
    std::env::var_os("DECKCHECK_CARDS")
        .map(PathBuf::from)
        .unwrap_or_else(|| shared().join("cards"))
}

fn swu() -> Swu {
    Swu::load(&Paths {
        cards: cards(),
        card_data: None,
    })
    .expect("the real card catalog (../shared/data/swu/cards or DECKCHECK_CARDS)")
}

fn deck_text(path: &str) -> String {
    std::fs::read_to_string(shared().join("decks").join(path)).unwrap()
}

/// JSON without the white space between its tokens, as a client's `JSON.stringify` sends it.
fn compact(json: &str) -> String {
    serde_json::to_string(&serde_json::from_str::<serde_json::Value>(json).unwrap()).unwrap()
}

/// Reads and judges one deck: input text → verdict.
fn verdict(swu: &Swu, text: &str, as_of: Date) -> deckcheck_core::Verdict {
    let imported = parse_swudb(swu.catalog(), text).unwrap();
    let decks = std::slice::from_ref(&imported.deck);
    swu.check_decks(
        "premier",
        as_of,
        Submission::of(decks),
        imported.unreadable(),
    )
    .unwrap()
    .verdict
}

fn engine(c: &mut Criterion) {
    let swu = swu();
    let json = deck_text("tournament/wichita-pq-4th-han-solo.swudb.json");
    let melee = deck_text("tournament/wichita-pq-4th-han-solo.melee.txt");
    let on = date(2025, 4, 1);
    let resolved = parse_swudb(swu.catalog(), &json).unwrap();
    let decks = std::slice::from_ref(&resolved.deck);
    assert!(
        swu.check_decks("premier", on, Submission::of(decks), 0)
            .unwrap()
            .legal
    );

    c.bench_function("validate a resolved 60-card deck (premier)", |b| {
        b.iter(|| swu.check_decks("premier", on, Submission::of(black_box(decks)), 0))
    });
    c.bench_function("swudb json -> report (premier)", |b| {
        b.iter(|| verdict(&swu, black_box(&json), on))
    });
    let compact = compact(&json);
    c.bench_function("swudb json, compact -> report (premier)", |b| {
        b.iter(|| verdict(&swu, black_box(&compact), on))
    });
    c.bench_function("parse and resolve a 60-card melee text list", |b| {
        b.iter(|| parse_text(swu.catalog(), black_box(&melee)).unwrap())
    });
    c.bench_function("text list -> report (premier)", |b| {
        b.iter(|| {
            let imported = import(swu.catalog(), black_box(&melee), Some("text")).unwrap();
            swu.check_decks(
                "premier",
                on,
                Submission::of(std::slice::from_ref(&imported.deck)),
                imported.unreadable(),
            )
        })
    });
    c.bench_function(
        "did-you-mean for one unknown name over the full catalog",
        |b| {
            b.iter(|| {
                swu.catalog()
                    .suggest(black_box("Bounty Huntr Crew"), 3, |c| {
                        c.card_type.is_deck_card()
                    })
            })
        },
    );
}

/// The 19 real decks, each judged for Premier on 2026-11-22 (rotated decks are illegal): as a
/// parsed deck, and from its SWUDB JSON. The same decks and date as the Karabast side.
fn real_decks(c: &mut Criterion) {
    let swu = swu();
    let on = date(2026, 11, 22);
    let mut files: Vec<PathBuf> = std::fs::read_dir(shared().join("decks/official-starters"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files.push(shared().join("decks/tournament/wichita-pq-4th-han-solo.swudb.json"));
    let mut group = c.benchmark_group("real decks");
    for file in files {
        let name = file
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .replace(".swudb", "");
        let text = std::fs::read_to_string(&file).unwrap();
        let imported = parse_swudb(swu.catalog(), &text).unwrap();
        let decks = std::slice::from_ref(&imported.deck);
        let unreadable = imported.unreadable();
        group.bench_function(format!("{name}: parsed deck -> verdict"), |b| {
            b.iter(|| {
                swu.check_decks("premier", on, Submission::of(black_box(decks)), unreadable)
                    .unwrap()
                    .verdict
            })
        });
        group.bench_function(format!("{name}: swudb json -> verdict"), |b| {
            b.iter(|| verdict(&swu, black_box(&text), on))
        });
    }
    group.finish();
}

/// The legal window of the Wichita deck (60 cards) over every SWU change point (issue 23).
fn window(c: &mut Criterion) {
    let swu = swu();
    let text = deck_text("tournament/wichita-pq-4th-han-solo.swudb.json");
    let request = |formats: &str| deckcheck_core::ValidateRequest {
        decks: vec![deckcheck_core::DeckInput {
            field: "deck".into(),
            text: text.clone(),
        }],
        formats: vec![formats.into()],
        as_of: date(2026, 11, 22),
        input_format: None,
        explain: false,
        player: None,
        uid: None,
        registration: false,
        options: serde_json::Map::new(),
    };
    let premier = request("premier");
    let all = request("all");
    let mut group = c.benchmark_group("window");
    group.bench_function("60-card deck, premier, every change point", |b| {
        b.iter(|| deckcheck_core::AnyGame::window(&swu, black_box(&premier), None, None).unwrap())
    });
    group.bench_function("60-card deck, every format, every change point", |b| {
        b.iter(|| deckcheck_core::AnyGame::window(&swu, black_box(&all), None, None).unwrap())
    });
    group.finish();
}

fn start_up(c: &mut Criterion) {
    let mut group = c.benchmark_group("start-up");
    group.sample_size(10);
    group.bench_function("load the full catalog and legality data", |b| b.iter(swu));
    group.finish();
}

criterion_group!(benches, engine, real_decks, window, start_up);
criterion_main!(benches);
