//! GEMP deck XML → verdict for a registration (a 60-card Dark deck and a 60-card Light deck):
//! both decks read and resolved, then judged as a pair in Classic, every rule run.
//!
//! `cargo bench -p deckcheck-ccg --bench ccg -- --warm-up-time 1 --measurement-time 3`
//! (needs ../shared/data/swccg beside the repository).

use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
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
}

criterion_group!(benches, pair);
criterion_main!(benches);
