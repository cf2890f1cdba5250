//! Shared set-up: the real card catalog and the real decks of `../shared`, loaded once.
//!
//! Where they are: `DECKCHECK_SHARED` (the `shared/` directory), else `shared/` beside the
//! repository; the catalog itself may be pointed at with `DECKCHECK_CARDS`. The tests that need
//! them are `#[ignore = "needs ../shared: …"]`; without them [`real`] fails, naming what is missing.

use std::path::PathBuf;
use std::sync::OnceLock;

use deckcheck_core::{Imported, Paths, Report};
use deckcheck_swu::Swu;
use deckcheck_swu::deck::Deck;
use deckcheck_swu::decklist::parse_swudb;
use deckcheck_swu::rules::Submission;
use jiff::civil::Date;

/// The `shared/` directory: `DECKCHECK_SHARED`, else beside the repository.
pub fn shared_dir() -> PathBuf {
    match std::env::var_os("DECKCHECK_SHARED") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared"),
    }
}

/// `shared/data/swu`.
pub fn shared_swu() -> PathBuf {
    shared_dir().join("data/swu")
}

/// The card catalog directory: `DECKCHECK_CARDS`, else `shared/data/swu/cards`.
pub fn cards_dir() -> PathBuf {
    match std::env::var_os("DECKCHECK_CARDS") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => shared_swu().join("cards"),
    }
}

pub fn deck_file(relative: &str) -> PathBuf {
    shared_swu().join("decks").join(relative)
}

/// The game on the real catalog of `../shared`, loaded once. The tests that call it are
/// `#[ignore = "needs ../shared: …"]`: `cargo test -- --include-ignored` runs them (CI does).
pub fn real() -> &'static Swu {
    static SWU: OnceLock<Swu> = OnceLock::new();
    SWU.get_or_init(|| {
        let cards = cards_dir();
        assert!(
            cards.is_dir() && deck_file("").is_dir(),
            "needs ../shared: no card catalog at {} or no decks at {} (put shared/ beside the repository, or set DECKCHECK_SHARED / DECKCHECK_CARDS)",
            cards.display(),
            deck_file("").display()
        );
        let paths = Paths {
            cards: cards.clone(),
            card_data: None,
        };
        Swu::load(&paths).unwrap_or_else(|e| {
            panic!("the real card catalog at {} does not load: {e}", cards.display())
        })
    })
}

/// The real game (the tests that use it are `#[ignore = "needs ../shared: …"]`).
#[macro_export]
macro_rules! real {
    () => {
        $crate::helpers::real()
    };
}

/// A real deck file's text.
pub fn deck_text(relative: &str) -> String {
    std::fs::read_to_string(deck_file(relative))
        .unwrap_or_else(|e| panic!("{}: {e}", deck_file(relative).display()))
}

/// A real SWUDB JSON deck, read.
pub fn import(swu: &Swu, relative: &str) -> Imported<Deck> {
    parse_swudb(swu.catalog(), &deck_text(relative)).expect("deck file is SWUDB JSON")
}

/// The rules engine on decks already read, for one format on one date.
pub fn check(swu: &Swu, imported: &Imported<Deck>, format: &str, as_of: Date) -> Report {
    check_decks(
        swu,
        std::slice::from_ref(&imported.deck),
        imported.unreadable(),
        format,
        as_of,
    )
}

pub fn check_decks(
    swu: &Swu,
    decks: &[Deck],
    unreadable: usize,
    format: &str,
    as_of: Date,
) -> Report {
    swu.check_decks(format, as_of, Submission::of(decks), unreadable)
        .unwrap_or_else(|| panic!("{format} is a format"))
}

/// One line per violation and note, for assertion messages.
pub fn explain(report: &Report) -> String {
    let mut lines: Vec<String> = report
        .violations
        .iter()
        .map(|v| format!("{} [{}] {}", v.code, v.section, v.message()))
        .collect();
    lines.extend(report.notes.iter().map(|n| format!("note: {}", n.message)));
    lines.join("\n")
}

/// A copy of `deck` with its entries replaced: decks are built, not edited in place.
pub fn rebuilt(
    deck: &Deck,
    entries: impl IntoIterator<Item = deckcheck_swu::deck::DeckEntry>,
) -> Deck {
    let mut out = Deck::new();
    out.set_name(deck.name().map(str::to_string));
    out.set_player(deck.player().map(str::to_string));
    out.set_uid(deck.uid().map(str::to_string));
    for e in entries {
        out.push(e);
    }
    out
}

/// The entry for `count` copies of the printing `id` in `zone`.
pub fn entry(
    swu: &Swu,
    zone: deckcheck_swu::deck::Zone,
    id: &str,
    count: u32,
) -> deckcheck_swu::deck::DeckEntry {
    let p = swu
        .catalog()
        .printing_by_id(id)
        .unwrap_or_else(|| panic!("{id} in the catalog"));
    deckcheck_swu::deck::DeckEntry {
        zone,
        card: p.card,
        printing: p.id,
        count,
        line: None,
    }
}
