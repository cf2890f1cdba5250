//! SWUDB JSON (`decklist::parse_swudb`, and its one-pass `parse_well_formed`), then the rules in
//! every format and both exports' round trips. The scanner of the exported shape must read
//! whatever it reads as serde_json does, and the one-pass reading as the entry-by-entry one.
#![no_main]

mod common;

use deckcheck::decklist::{
    one_pass_readers_agree, parse_entry_by_entry, parse_swudb, parse_well_formed,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let catalog = &common::CHECKER.catalog;
    let seed = common::seed_of(data);
    assert!(
        one_pass_readers_agree(catalog, &text),
        "the scanner and serde_json disagree"
    );
    let result = parse_swudb(catalog, &text);
    // The one-pass reading, when it applies, is what the entry-by-entry reading gives.
    let text = text.trim_start_matches('\u{feff}');
    if let Some(fast) = parse_well_formed(catalog, text) {
        let slow = parse_entry_by_entry(catalog, text).expect("a well-formed deck is a deck");
        assert_eq!(fast.imported.deck, slow.deck);
        assert_eq!(fast.imported.diagnostics, slow.diagnostics);
    }
    common::after_import(result, seed);
});
