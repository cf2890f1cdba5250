//! GEMP deck XML → verdict for a registration (a 60-card Dark deck and a 60-card Light deck):
//! both decks read and resolved, then judged as a pair in Classic, every rule run; the same
//! pair read only; and one deck's XML read at 60, 600 and 6,000 cards, whose time per card
//! must stay flat (line numbers are found in one pass, not by rescanning the text per card).
//!
//! `cargo bench -p deckcheck-ccg --bench ccg -- --warm-up-time 1 --measurement-time 3`
//! (needs ../shared/data/swccg beside the repository).

use std::path::Path;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use deckcheck_ccg::Ccg;
use deckcheck_core::{Game, Imported};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data/swccg");
const DECKS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/ccg/decks");

fn pair(c: &mut Criterion) {
    if !Path::new(DATA).join("gemp/swccgFormats.json").is_file() {
        eprintln!("benchmark skipped: {DATA} not found");
        return;
    }
    let game = Ccg::load(Path::new(DATA), None).expect("the real data loads");
    let dark = std::fs::read_to_string(format!("{DECKS}/bhbm-dark.xml")).unwrap();
    let light = std::fs::read_to_string(format!("{DECKS}/ebo-light.xml")).unwrap();
    let as_of = jiff::civil::date(2026, 11, 22);
    c.bench_function("gemp xml pair -> classic verdict", |b| {
        b.iter(|| {
            let decks: Vec<Imported<_>> = [&dark, &light]
                .iter()
                .map(|t| game.import(t, None).unwrap())
                .collect();
            let plain: Vec<_> = decks.iter().map(|d| d.deck.clone()).collect();
            let report = game.report(&plain, 0, "classic", as_of, true).unwrap();
            assert!(report.legal);
            report
        })
    });
    c.bench_function("gemp xml pair -> decks", |b| {
        b.iter(|| {
            [&dark, &light]
                .map(|t| game.import(t, Some("gemp-xml")).unwrap())
                .map(|d| d.deck.entries.len())
        })
    });
    // The Dark deck's cards repeated: 60, 600 and 6,000 elements.
    let (head, rest) = dark.split_at(dark.find("  <card").unwrap());
    let (cards, tail) = rest.split_at(rest.rfind("</deck>").unwrap());
    let mut group = c.benchmark_group("gemp xml read by size");
    for times in [1, 10, 100] {
        let text = format!("{head}{}{tail}", cards.repeat(times));
        let n = 60 * times;
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(BenchmarkId::from_parameter(n), &text, |b, text| {
            b.iter(|| {
                let deck = game.import(text, Some("gemp-xml")).unwrap();
                assert_eq!(deck.deck.entries.len(), n);
                deck
            })
        });
    }
    group.finish();
}

criterion_group!(benches, pair);
criterion_main!(benches);
