//! The real-data game, loaded once; `None` (and one line said) when `../shared` is absent.

use std::io::Write as _;
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

pub fn game() -> Option<&'static Arc<Legion>> {
    static GAME: OnceLock<Option<Arc<Legion>>> = OnceLock::new();
    GAME.get_or_init(|| {
        let dir = mirror();
        if !dir.is_dir() {
            // Straight to the terminal: the test harness captures `eprintln!` of passing tests.
            let _ = writeln!(
                std::io::stderr(),
                "legion real-data suite skipped: {} is absent (put the shared/ directory beside the repository to run it)",
                dir.display()
            );
            return None;
        }
        let catalog = Catalog::load(&dir).expect("the real catalog loads");
        Some(Arc::new(Legion::new(catalog, LegionData::embedded().unwrap())))
    })
    .as_ref()
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
