//! Limited pools (`decklist::parse_pool`: packs JSON or any deck list), then a limited check of
//! the pool's own cards against it.
#![no_main]

mod common;

use deckcheck::data::FormatId;
use deckcheck::deck::{Deck, DeckEntry, Zone};
use deckcheck::decklist::parse_pool;
use deckcheck::rules::CheckOptions;
use jiff::civil::date;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let checker = &*common::CHECKER;
    let Ok(imported) = parse_pool(&checker.catalog, &text) else {
        return;
    };
    for d in &imported.diagnostics {
        common::assert_diagnostic(d);
    }
    // A deck of (up to 3 copies of) every pool card, checked against the pool.
    let deck = Deck {
        entries: imported
            .pool
            .copies
            .iter()
            .map(|(card, n)| DeckEntry {
                zone: Zone::Main,
                card: *card,
                printing: checker.catalog.default_printing(*card),
                count: (*n).clamp(1, 3) as u32,
                line: None,
            })
            .collect(),
        ..Deck::default()
    };
    for format in [FormatId::Sealed, FormatId::Draft] {
        let mut options = CheckOptions::new(format, date(2025, 7, 11));
        options.pool = Some(imported.pool.clone());
        let report = checker.check(std::slice::from_ref(&deck), vec![], &options);
        assert!(
            !report.violations.iter().any(|v| v.code == deckcheck::rules::Code::CardNotInPool),
            "a card of the pool is not in the pool: {report:?}"
        );
        serde_json::to_string(&report).expect("a report serializes");
    }
});
