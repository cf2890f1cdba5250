//! Text deck lists (`decklist::parse_text`), then the rules in every format and both exports'
//! round trips.
#![no_main]

mod common;

use deckcheck_swu::decklist::parse_text;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let result = parse_text(common::SWU.catalog(), &text);
    common::after_import(result, common::seed_of(data));
});
