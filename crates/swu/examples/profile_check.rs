//! Runs one check many times, for a profiler: `valgrind --tool=callgrind target/release/examples/profile_check`.
use deckcheck_core::Paths;
use deckcheck_swu::Swu;
use deckcheck_swu::decklist::parse_swudb;
use deckcheck_swu::rules::Submission;

fn main() {
    let shared =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/swu");
    let swu = Swu::load(&Paths {
        cards: shared.join("cards"),
        card_data: None,
    })
    .unwrap();
    let deck = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "decks/official-starters/sor-darth-vader.json".into());
    let text = std::fs::read_to_string(shared.join(&deck))
        .or_else(|_| std::fs::read_to_string(&deck))
        .unwrap();
    let n: usize = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000);
    let on = jiff::civil::date(2026, 11, 22);
    let mut illegal = 0;
    for _ in 0..n {
        let imported = parse_swudb(swu.catalog(), &text).unwrap();
        let r = swu
            .check_decks(
                "premier",
                on,
                Submission::of(std::slice::from_ref(&imported.deck)),
                0,
            )
            .unwrap();
        illegal += usize::from(!r.legal);
    }
    println!("{illegal}");
}
