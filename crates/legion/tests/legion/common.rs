//! The real-data game, loaded once from `../shared` (the tests that need it are ignored without
//! `--include-ignored`).

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use deckcheck_core::{AnyGame, DeckInput, Game, Report, ValidateRequest, Verdict};
use deckcheck_legion::Legion;
use deckcheck_legion::catalog::Catalog;
use deckcheck_legion::data::LegionData;
use deckcheck_legion::rules::Settings;
use jiff::civil::{Date, date};

pub const TODAY: Date = date(2026, 11, 22);

pub fn mirror() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/legion/legion-hq"
    ))
}

/// The game on the real data of `../shared`, loaded once. The tests that call it are
/// `#[ignore = "needs ../shared: …"]`: `cargo test -- --include-ignored` runs them (CI does).
pub fn game() -> &'static Arc<Legion> {
    static GAME: OnceLock<Arc<Legion>> = OnceLock::new();
    GAME.get_or_init(|| {
        let dir = mirror();
        assert!(
            dir.is_dir(),
            "needs ../shared: the Legion data is not at {} (put shared/ beside the repository)",
            dir.display()
        );
        let catalog = Catalog::load(&dir).expect("the real catalog loads");
        Arc::new(Legion::new(catalog, LegionData::embedded().unwrap()))
    })
}

/// Judges a list in a mode on a date.
pub fn judge(game: &Legion, list: &str, mode: &str, as_of: Date) -> Report {
    judge_with(game, list, mode, as_of, &Settings::default())
}

pub fn judge_with(
    game: &Legion,
    list: &str,
    mode: &str,
    as_of: Date,
    settings: &Settings,
) -> Report {
    let imported = game.import(list, None).expect("the list reads");
    game.judge(&imported, game.data().mode(mode).unwrap(), as_of, settings)
}

pub fn codes(r: &Report) -> Vec<&'static str> {
    let mut c: Vec<&'static str> = r.violations.iter().map(|v| v.code.as_str()).collect();
    c.dedup();
    c
}

/// Asserts a legal verdict, showing what was found otherwise.
#[track_caller]
pub fn assert_legal(r: &Report) {
    assert_eq!(
        r.verdict,
        Verdict::Legal,
        "{}",
        serde_json::to_string_pretty(r).unwrap()
    );
}

#[track_caller]
pub fn assert_illegal(r: &Report, code: &str) {
    assert_eq!(
        r.verdict,
        Verdict::Illegal,
        "{}",
        serde_json::to_string_pretty(r).unwrap()
    );
    assert!(
        codes(r).contains(&code),
        "expected {code}: {}",
        serde_json::to_string_pretty(r).unwrap()
    );
}

pub fn request(list: &str, formats: &[&str], as_of: Date) -> ValidateRequest {
    ValidateRequest {
        decks: vec![DeckInput {
            field: "deck".into(),
            text: list.into(),
        }],
        formats: formats.iter().map(|f| f.to_string()).collect(),
        as_of,
        input_format: None,
        explain: true,
        player: None,
        uid: None,
        registration: false,
        options: serde_json::Map::new(),
    }
}

pub fn any(game: &Arc<Legion>) -> Arc<dyn AnyGame> {
    game.clone()
}
