//! The real data, loaded once, and the deck files.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use deckcheck_ccg::Ccg;
use deckcheck_ccg::data::LegalityData;
use deckcheck_core::{Game, Imported};

pub const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data/swccg");
pub const DECKS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/ccg/decks");
pub const CARD_DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../card_data/ccg");

/// GEMP formats added as data for the tests (formats are data, not code).
pub const EXTRA_FORMATS: &str = r#"
[[format]]
id = "jawa"
name = "Jawa"
summary = "GEMP's Jawa format: Open with 8 banned cards."
gemp = "jawa"
available = [{ value = true, from = "2024-05-04", section = "PEER GEMP swccgFormats.json (jawa)" }]
deck_size = [{ value = 60, from = "2024-05-04", section = "PEER GEMP swccgFormats.json (jawa)" }]

[[format]]
id = "scavenger"
name = "Scavenger"
summary = "GEMP's Scavenger format: Premiere to Death Star II without rares."
gemp = "scavenger_premiere_ds2"
available = [{ value = true, from = "2024-05-04", section = "PEER GEMP swccgFormats.json (scavenger_premiere_ds2)" }]
deck_size = [{ value = 60, from = "2024-05-04", section = "PEER GEMP swccgFormats.json (scavenger_premiere_ds2)" }]
"#;

/// The real data of `../shared/data/swccg`. The tests that read it are
/// `#[ignore = "needs ../shared: …"]`: `cargo test -- --include-ignored` runs them (CI does).
pub fn data_dir() -> &'static Path {
    let dir = Path::new(DATA);
    assert!(
        dir.join("gemp/swccgFormats.json").is_file(),
        "needs ../shared: the CCG data is not at {DATA} (put shared/ beside the repository)"
    );
    dir
}

/// The game on the real data, loaded once.
pub fn game() -> &'static Ccg {
    static GAME: OnceLock<Ccg> = OnceLock::new();
    GAME.get_or_init(|| Ccg::load(data_dir(), None).expect("the real data loads"))
}

/// The game with the extra GEMP formats of [`EXTRA_FORMATS`].
pub fn extra_game() -> &'static Ccg {
    static GAME: OnceLock<Ccg> = OnceLock::new();
    GAME.get_or_init(|| {
        let dir = data_dir();
        let read = |f: &str| std::fs::read_to_string(Path::new(CARD_DATA).join(f)).unwrap();
        let data = LegalityData::parse(
            &(read("formats.toml") + EXTRA_FORMATS),
            &read("sets.toml"),
            &read("icon_conflicts.toml"),
        )
        .unwrap();
        let catalog = deckcheck_ccg::catalog::Catalog::load(dir, &data.overlay()).unwrap();
        Ccg::new(catalog, data).unwrap()
    })
}

/// The game on the real data.
#[macro_export]
macro_rules! real {
    () => {
        $crate::helpers::game()
    };
}

pub fn deck_path(name: &str) -> PathBuf {
    Path::new(DECKS).join(name)
}

pub fn read_deck(name: &str) -> String {
    std::fs::read_to_string(deck_path(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

pub fn import(game: &Ccg, name: &str) -> Imported<deckcheck_ccg::deck::Deck> {
    game.import(&read_deck(name), None)
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

pub fn today() -> jiff::civil::Date {
    jiff::civil::date(2026, 11, 22)
}
