//! What one SWU validate request costs the game, in process: `AnyGame::validate` on the request
//! the service builds from a compact SWUDB JSON deck, then the answer written as JSON, N times.
//!
//! Instructions per request: callgrind counting only the requests (`requests`) with N = 100,
//! divided by 100. (The whole program's runs with N = 100 and N = 0 differ by the same, but the
//! load alone varies by some hundred thousand instructions from run to run.)
//!
//! ```text
//! CARGO_PROFILE_RELEASE_DEBUG=line-tables-only cargo build --release -p deckcheck-swu --example swu-instructions
//! valgrind --tool=callgrind --collect-atstart=no --toggle-collect=swu_instructions::requests \
//!     target/release/examples/swu-instructions legal 100
//! ```
//!
//! `legal` is the Wichita deck on 2025-04-01; `rotated` the same deck on 2026-11-23, when 27 of
//! its cards have rotated out of Premier. The heap the loaded game holds: the VmRSS delta around
//! the load is printed on stderr, and `valgrind --tool=dhat` with N = 0 reports it at t-end (the
//! game is never dropped).
use std::path::PathBuf;

use deckcheck_core::{AnyGame, DeckInput, Paths, ValidateRequest};

/// The resident set of this process, in KiB, as the kernel reports it.
fn vm_rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let case = args.next().unwrap_or_else(|| "legal".into());
    let n: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(100);
    let as_of = match case.as_str() {
        "legal" => jiff::civil::date(2025, 4, 1),
        "rotated" => jiff::civil::date(2026, 11, 23),
        other => panic!("unknown case {other:?}: legal or rotated"),
    };
    let shared = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/swu");
    // A client sends the deck compact (JSON.stringify), not as the file is printed.
    let file = shared.join("decks/tournament/wichita-pq-4th-han-solo.swudb.json");
    let pretty = std::fs::read_to_string(&file).expect("the Wichita deck in ../shared");
    let value: serde_json::Value = serde_json::from_str(&pretty).expect("JSON");
    let text = serde_json::to_string(&value).expect("JSON");

    let before = vm_rss_kib();
    let game = (deckcheck_swu::SPEC.load)(&Paths {
        cards: shared.join("cards"),
        card_data: None,
    })
    .expect("the SWU catalog in ../shared");
    eprintln!(
        "VmRSS: {before} KiB before the load, {} KiB after",
        vm_rss_kib()
    );

    let request = ValidateRequest {
        decks: vec![DeckInput {
            field: "deck".into(),
            text,
        }],
        formats: vec!["premier".into()],
        as_of,
        input_format: None,
        explain: false,
        player: None,
        uid: None,
        registration: false,
        options: serde_json::Map::new(),
    };
    let last = requests(game.as_ref(), &request, n);
    if let Some((answer, json)) = last {
        // `ANSWER=1`: the answer itself, to see what a request is told.
        if std::env::var_os("ANSWER").is_some() {
            println!("{}", String::from_utf8_lossy(&json));
        }
        let bytes = json.len();
        eprintln!(
            "{case}: legal {}, {} violations, {bytes} bytes of JSON per answer",
            answer.legal,
            answer
                .reports
                .iter()
                .map(|j| j.report.violations.len())
                .sum::<usize>(),
        );
    }
    // The game is not dropped: what it holds is the heap live at exit.
    std::process::exit(0);
}

/// What `n` requests cost, and nothing else: callgrind counts this function alone with
/// `--collect-atstart=no --toggle-collect=swu_instructions::requests` (the load of the card data
/// varies by some thousands of instructions from run to run; the requests do not).
#[inline(never)]
fn requests(
    game: &dyn AnyGame,
    request: &ValidateRequest,
    n: usize,
) -> Option<(deckcheck_core::Validated, Vec<u8>)> {
    let mut last = None;
    for _ in 0..n {
        let answer = game.validate(request).expect("a validated deck");
        let json = serde_json::to_vec(&answer).expect("JSON");
        last = Some((answer, json));
    }
    last
}
