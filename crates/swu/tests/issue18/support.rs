//! The real catalog (`DECKCHECK_CARDS`, else `../shared/data/swu/cards` beside the repository;
//! never copied here) and the game loaded from it once; every test skips, saying so once, when
//! it is absent.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use deckcheck_core::{AnyGame, DeckInput, Paths, Report, ValidateRequest, Validated};
use deckcheck_swu::Swu;
use jiff::civil::Date;
use serde_json::Map;

/// The shared data directory of SWU (`…/shared/data/swu`).
pub fn shared() -> PathBuf {
    Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/swu"
    ))
    .to_path_buf()
}

/// The card catalog directory.
pub fn cards_dir() -> PathBuf {
    match std::env::var_os("DECKCHECK_CARDS") {
        Some(dir) if !dir.is_empty() => {
            let dir = PathBuf::from(dir);
            if dir.is_relative() {
                // CI sets ../shared/data/swu/cards, relative to the repository root.
                Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join(dir)
            } else {
                dir
            }
        }
        _ => shared().join("cards"),
    }
}

/// The game on the real catalog of `../shared`, loaded once. The tests that call it are
/// `#[ignore = "needs ../shared: …"]`: `cargo test -- --include-ignored` runs them (CI does).
pub fn game() -> &'static Arc<dyn AnyGame> {
    static GAME: OnceLock<Arc<dyn AnyGame>> = OnceLock::new();
    GAME.get_or_init(|| {
        let dir = cards_dir();
        assert!(
            dir.is_dir(),
            "needs ../shared: no SWU catalog at {} (put the shared data beside the repository)",
            dir.display()
        );
        let paths = Paths {
            cards: dir,
            card_data: None,
        };
        (deckcheck_swu::SPEC.load)(&paths).expect("the real catalog loads")
    })
}

/// The game as its own type, for what only SWU has (its data, its links).
pub fn swu(game: &Arc<dyn AnyGame>) -> &Swu {
    game.as_any().downcast_ref::<Swu>().expect("the SWU game")
}

/// A file of the shared data, as text.
pub fn shared_file(path: &str) -> String {
    let path = shared().join(path);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The real tournament deck of the shared data (Han Solo / Level 1313) in one of its three forms.
pub fn wichita(form: &str) -> String {
    shared_file(&format!("decks/tournament/wichita-pq-4th-han-solo.{form}"))
}

pub fn request(texts: &[&str], formats: &[&str], as_of: Date) -> ValidateRequest {
    ValidateRequest {
        decks: texts
            .iter()
            .enumerate()
            .map(|(i, t)| DeckInput {
                field: format!("decks[{i}]"),
                text: t.to_string(),
            })
            .collect(),
        formats: formats.iter().map(|f| f.to_string()).collect(),
        as_of,
        input_format: None,
        explain: true,
        player: None,
        uid: None,
        registration: false,
        options: Map::new(),
    }
}

pub fn validate(game: &Arc<dyn AnyGame>, text: &str, format: &str, as_of: Date) -> Validated {
    game.validate(&request(&[text], &[format], as_of))
        .unwrap_or_else(|e| panic!("the request is answered: {e:?}"))
}

/// The one report of a one-format check.
pub fn report(answer: &Validated) -> &Report {
    assert_eq!(answer.reports.len(), 1, "{:#?}", answer.reports);
    &answer.reports[0].report
}

pub fn codes(report: &Report) -> Vec<&'static str> {
    report.violations.iter().map(|v| v.code.as_str()).collect()
}

/// A deck list of the real catalog built from lines, as a player types one.
pub fn list(lines: &[&str]) -> String {
    lines.join("\n")
}

/// Fifty main-deck cards that are legal in Premier on every date from 2025-11-07 to the end of
/// the data (Secrets of Power commons without a subtitle, three of each; block A stays in
/// Premier after the rotation).
pub fn sec_fillers() -> Vec<String> {
    [
        "SEC_028", "SEC_030", "SEC_036", "SEC_043", "SEC_044", "SEC_049", "SEC_055", "SEC_058",
        "SEC_059", "SEC_060", "SEC_062", "SEC_063", "SEC_064", "SEC_066", "SEC_069", "SEC_070",
        "SEC_072",
    ]
    .iter()
    .enumerate()
    .map(|(i, id)| format!("{} | {id}", if i == 16 { 2 } else { 3 }))
    .collect()
}

/// A text list: leader and base ids, then the SEC fillers (50 cards).
pub fn sec_deck(leaders: &[&str], base: &str) -> String {
    let mut lines = vec!["Leaders".to_string()];
    lines.extend(leaders.iter().map(|l| format!("1 | {l}")));
    lines.push("Base".into());
    lines.push(format!("1 | {base}"));
    lines.push("Deck".into());
    lines.extend(sec_fillers());
    lines.join("\n")
}

/// The SEC deck of SEC_001 and SEC_019 (50 cards) with one copy of `card` more.
pub fn sec_deck_with(card: &str) -> String {
    format!("{}\n1 | {card}", sec_deck(&["SEC_001"], "SEC_019"))
}
