//! The shared data and the game loaded from it, once; the tests that need `../shared` are
//! ignored without `--include-ignored`.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use deckcheck_core::{AnyGame, DeckInput, Paths, ValidateRequest, Validated};
use jiff::civil::{Date, date};

pub const TODAY: Date = date(2026, 11, 22);

pub fn shared() -> PathBuf {
    Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/swlcg"
    ))
    .to_path_buf()
}

/// The game on the real catalog of `../shared`, loaded once. The tests that call it are
/// `#[ignore = "needs ../shared: …"]`: `cargo test -- --include-ignored` runs them (CI does).
pub fn game() -> &'static Arc<dyn AnyGame> {
    static GAME: OnceLock<Arc<dyn AnyGame>> = OnceLock::new();
    GAME.get_or_init(|| {
        let dir = shared();
        assert!(
            dir.is_dir(),
            "needs ../shared: the LCG data is not at {} (put shared/ beside the repository)",
            dir.display()
        );
        let paths = Paths {
            cards: dir,
            card_data: None,
        };
        (deckcheck_lcg::SPEC.load)(&paths).expect("the shared catalog loads")
    })
}

pub fn deck_file(name: &str) -> String {
    let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/lcg/decks")).join(name);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    String::from_utf8(bytes).expect("deck files are UTF-8")
}

pub fn request(texts: &[&str], format: &str, as_of: Date) -> ValidateRequest {
    ValidateRequest {
        decks: texts
            .iter()
            .enumerate()
            .map(|(i, t)| DeckInput {
                field: format!("decks[{i}]"),
                text: t.to_string(),
            })
            .collect(),
        formats: vec![format.to_string()],
        as_of,
        input_format: None,
        explain: true,
        player: None,
        uid: None,
        registration: false,
        options: serde_json::Map::new(),
    }
}

pub fn validate(game: &Arc<dyn AnyGame>, texts: &[&str], as_of: Date) -> Validated {
    game.validate(&request(texts, "standard", as_of))
        .expect("the request is answered")
}

pub fn codes(answer: &Validated) -> Vec<&'static str> {
    answer.reports[0]
        .report
        .violations
        .iter()
        .map(|v| v.code.as_str())
        .collect()
}
