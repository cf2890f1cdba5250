//! Shared set-up: the real catalog, loaded once, and the real decks.

use std::path::PathBuf;
use std::sync::LazyLock;

use deckcheck::checker::Checker;
use deckcheck::data::FormatId;
use deckcheck::decklist::{Imported, parse_swudb};
use deckcheck::rules::{CheckOptions, Report};
use jiff::civil::Date;

/// `../shared/data/swu`, beside the repository.
pub fn shared_swu() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data/swu")
}

/// The card catalog directory the tests use.
pub fn cards_dir() -> PathBuf {
    match std::env::var_os("DECKCHECK_CARDS") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => shared_swu().join("cards"),
    }
}

pub static CHECKER: LazyLock<Checker> = LazyLock::new(|| {
    let dir = cards_dir();
    Checker::load(&dir, None).unwrap_or_else(|e| {
        panic!(
            "these tests need the real card catalog: set DECKCHECK_CARDS or put ../shared beside the repository ({}): {e}",
            dir.display()
        )
    })
});

pub fn deck_file(relative: &str) -> PathBuf {
    shared_swu().join("decks").join(relative)
}

pub fn import(relative: &str) -> Imported {
    let text = std::fs::read_to_string(deck_file(relative)).expect("deck file readable");
    parse_swudb(&CHECKER.catalog, &text).expect("deck file is SWUDB JSON")
}

pub fn check(imported: &Imported, format: FormatId, as_of: Date) -> Report {
    CHECKER.check(
        std::slice::from_ref(&imported.deck),
        imported.diagnostics.clone(),
        &CheckOptions::new(format, as_of),
    )
}

/// One line per violation and diagnostic, for assertion messages.
pub fn explain(report: &Report) -> String {
    let mut lines: Vec<String> = report
        .violations
        .iter()
        .map(|v| format!("{} [{}] {}", v.code, v.section, v.message))
        .collect();
    lines.extend(
        report
            .diagnostics
            .iter()
            .map(|d| format!("{} {}", d.at, d.message)),
    );
    lines.join("\n")
}
