//! What one validate request of the service costs the game, counted in process: the game
//! loaded from `../shared/data/swccg`, then `N` times what the route does with one GEMP XML deck
//! (core's `AnyGame::validate` on the game's first format, as the server builds the request)
//! and the answer written as JSON. Run it under callgrind with N=0 and N=100 and divide the
//! difference by 100; `pair` as a second argument validates a Dark and a Light deck together.
//!
//! ```text
//! CARGO_PROFILE_RELEASE_DEBUG=line-tables-only cargo build --release -p deckcheck-ccg --example ccg-instructions
//! valgrind --tool=callgrind target/release/examples/ccg-instructions 100 [pair]
//! ```
//! It prints the process's VmRSS before and after the load (the catalog's memory, allocator
//! slack included), and leaves without freeing the game, so that `valgrind --tool=dhat` reports
//! at its end the heap the loaded game holds.

use std::hint::black_box;
use std::path::Path;

use deckcheck_core::{AnyGame, DeckInput, Paths, ValidateRequest};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data/swccg");
const DARK: &str = include_str!("../tests/ccg/decks/bhbm-dark.xml");
const LIGHT: &str = include_str!("../tests/ccg/decks/ebo-light.xml");

/// The process's resident set, in KiB, as the kernel counts it.
fn vm_rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// What the route does `n` times: validate, and write the answer as JSON. A function of its own
/// so that a profile can be limited to it (`--toggle-collect=ccg_instructions::requests`).
#[inline(never)]
fn requests(game: &dyn AnyGame, request: &ValidateRequest, n: usize) -> usize {
    let mut bytes = 0;
    for _ in 0..n {
        let answer = game.validate(black_box(request)).expect("the deck is read");
        bytes = serde_json::to_vec(&answer)
            .expect("the answer is JSON")
            .len();
    }
    bytes
}

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let pair = args.next().as_deref() == Some("pair");
    let before = vm_rss_kib();
    let game = (deckcheck_ccg::SPEC.load)(&Paths {
        cards: Path::new(DATA).to_path_buf(),
        card_data: None,
    })
    .expect("the shared catalog loads (../shared/data/swccg beside the repository)");
    let after = vm_rss_kib();
    let texts: &[&str] = if pair { &[DARK, LIGHT] } else { &[DARK] };
    let request = ValidateRequest {
        decks: texts
            .iter()
            .enumerate()
            .map(|(i, t)| DeckInput {
                field: if pair {
                    format!("decks[{i}]")
                } else {
                    "deck".into()
                },
                text: t.to_string(),
            })
            .collect(),
        formats: vec![game.info().formats[0].id.clone()],
        as_of: jiff::civil::date(2026, 11, 22),
        input_format: None,
        explain: false,
        player: None,
        uid: None,
        registration: false,
        options: serde_json::Map::new(),
    };
    let bytes = requests(&*game, &request, n);
    eprintln!(
        "VmRSS before load {before} KiB, after {after} KiB: +{} KiB; {n} validations, answer {bytes} bytes",
        after.saturating_sub(before)
    );
    // The game is not dropped: what the heap still holds at exit is the loaded game.
    std::process::exit(0);
}
