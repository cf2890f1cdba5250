//! SWUDB JSON (`decklist::parse_swudb`, and its one-pass `parse_well_formed`), then the rules in
//! every format and both exports' round trips.
#![no_main]

mod common;

use deckcheck::decklist::{parse_swudb, parse_well_formed};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let catalog = &common::CHECKER.catalog;
    let seed = common::seed_of(data);
    let result = parse_swudb(catalog, &text);
    // The one-pass reading, when it applies, is what the lenient reading gives.
    if let Some(fast) = parse_well_formed(catalog, text.trim_start_matches('\u{feff}')) {
        let slow = result.as_ref().expect("a well-formed deck is a deck");
        assert_eq!(fast.deck, slow.deck);
        assert_eq!(fast.diagnostics, slow.diagnostics);
    }
    common::after_import(result, seed);
});
