//! Limited pools (`decklist::parse_pool`: packs JSON or any deck list), then a limited check of
//! the pool's own cards against it.
#![no_main]

mod common;

use deckcheck_swu::deck::{Deck, DeckEntry, Zone};
use deckcheck_swu::decklist::parse_pool;
use deckcheck_swu::rules::{Submission, codes};
use jiff::civil::date;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let swu = &*common::SWU;
    let Ok(imported) = parse_pool(swu.catalog(), &text) else {
        return;
    };
    for d in &imported.diagnostics {
        common::assert_diagnostic(d);
    }
    // A deck of (up to 3 copies of) every pool card, checked against the pool.
    let mut deck = Deck::new();
    for (card, n) in &imported.pool.copies {
        deck.push(DeckEntry {
            zone: Zone::Main,
            card: *card,
            printing: swu.catalog().default_printing(*card),
            count: (*n).clamp(1, 3) as u32,
            line: None,
        });
    }
    for format in ["sealed", "draft"] {
        let submission = Submission {
            pool: Some(&imported.pool),
            ..Submission::of(std::slice::from_ref(&deck))
        };
        let report = swu
            .check_decks(format, date(2025, 7, 11), submission, 0)
            .expect("a limited format");
        assert!(
            !report.has(codes::CARD_NOT_IN_POOL),
            "a card of the pool is not in the pool: {report:?}"
        );
        common::assert_report(&report, 0);
    }
});
