//! Input → verdict for typical real decks on the real catalog (`../shared/data/swlcg`): an
//! OCTGN light + dark pair (one registration), one OCTGN deck, and one pod list.
//! Run: `cargo bench -p deckcheck-lcg --bench lcg -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use deckcheck_core::{DeckInput, Paths, ValidateRequest};
use jiff::civil::date;

const JEDI: &str = include_str!("../tests/lcg/decks/jedi-ten-sets.o8d");
const SITH: &str = include_str!("../tests/lcg/decks/sith-ten-sets.o8d");
const SMUGGLERS: &str = include_str!("../tests/lcg/decks/smugglers-and-spies.txt");

fn request(texts: &[&str]) -> ValidateRequest {
    ValidateRequest {
        decks: texts
            .iter()
            .enumerate()
            .map(|(i, t)| DeckInput {
                field: format!("decks[{i}]"),
                text: t.to_string(),
            })
            .collect(),
        formats: vec!["standard".into()],
        as_of: date(2026, 11, 22),
        input_format: None,
        explain: false,
        player: None,
        uid: None,
        registration: false,
        options: serde_json::Map::new(),
    }
}

fn bench(c: &mut Criterion) {
    let dir = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/swlcg"
    ));
    if !dir.is_dir() {
        eprintln!("lcg benchmark skipped: {} is absent", dir.display());
        return;
    }
    let game = (deckcheck_lcg::SPEC.load)(&Paths {
        cards: dir.to_path_buf(),
        card_data: None,
    })
    .expect("the shared catalog loads");
    let pair = request(&[JEDI, SITH]);
    let one = request(&[JEDI]);
    let pods = request(&[SMUGGLERS]);
    assert!(game.validate(&pair).unwrap().legal);
    c.bench_function("o8d light+dark pair -> verdict", |b| {
        b.iter(|| black_box(game.validate(black_box(&pair)).unwrap()))
    });
    c.bench_function("o8d deck -> verdict", |b| {
        b.iter(|| black_box(game.validate(black_box(&one)).unwrap()))
    });
    c.bench_function("pod list -> verdict", |b| {
        b.iter(|| black_box(game.validate(black_box(&pods)).unwrap()))
    });
    c.bench_function("catalog load", |b| {
        b.iter(|| {
            black_box(
                (deckcheck_lcg::SPEC.load)(&Paths {
                    cards: dir.to_path_buf(),
                    card_data: None,
                })
                .unwrap(),
            )
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
