//! What one Legion validate request costs the game, in process: `AnyGame::validate` on the
//! request the service builds from a 163-byte army list (the spec's 1,000-point Rebel army as a
//! Legion HQ link, one line), then the answer written as JSON, N times.
//!
//! Instructions per request: callgrind counting only the requests (`requests`) with N = 100,
//! divided by 100. (The whole program's runs with N = 100 and N = 0 differ by the same, but the
//! load alone varies by some hundred thousand instructions from run to run.)
//!
//! ```text
//! CARGO_PROFILE_RELEASE_DEBUG=line-tables-only cargo build --release -p deckcheck-legion --example legion-instructions
//! valgrind --tool=callgrind --collect-atstart=no --toggle-collect=legion_instructions::requests \
//!     target/release/examples/legion-instructions 100
//! ```
//!
//! The heap the loaded game holds: the VmRSS delta around the load is printed on stderr, and
//! `valgrind --tool=dhat` with N = 0 reports it at t-end (the game is never dropped).
use std::path::PathBuf;

use deckcheck_core::{AnyGame, DeckInput, Paths, ValidateRequest};

/// The army a text/plain body holds: the link and its line's end (163 bytes).
const LIST: &str = "https://legionhq2.com/list/rebels/1000:1ab0000,1ad0000,3ahed0dc0,1aieh000,1gv00000,1ae000,2ak00000,2ao00,1he00,1ap000,cr,cq,vo,ck,bj,ch,Ag,Ah,Ai,Aa,Ab,Ac,yu,yv,yw\n";

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
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(100);
    let shared = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/legion");

    let before = vm_rss_kib();
    let game = (deckcheck_legion::SPEC.load)(&Paths {
        cards: shared.join("legion-hq"),
        card_data: None,
    })
    .expect("Legion HQ's data in ../shared");
    eprintln!(
        "VmRSS: {before} KiB before the load, {} KiB after",
        vm_rss_kib()
    );

    let request = ValidateRequest {
        decks: vec![DeckInput {
            field: "deck".into(),
            text: LIST.into(),
        }],
        formats: vec!["standard".into()],
        as_of: jiff::civil::date(2026, 11, 22),
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
            "legal {}, {} violations, {bytes} bytes of JSON per answer",
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
/// `--collect-atstart=no --toggle-collect=legion_instructions::requests` (the load of the card data
/// varies by some thousands of instructions from run to run; the requests do not).
#[inline(never)]
fn requests(
    game: &dyn AnyGame,
    request: &ValidateRequest,
    n: usize,
) -> Option<(deckcheck_core::Validated, Vec<u8>)> {
    let mut last = None;
    for _ in 0..n {
        let answer = game.validate(request).expect("a validated army");
        let json = serde_json::to_vec(&answer).expect("JSON");
        last = Some((answer, json));
    }
    last
}
