//! Format detection (`decklist::import` with no format), then the rules in every format and
//! both exports' round trips.
#![no_main]

mod common;

use deckcheck::decklist::{InputFormat, import};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let catalog = &common::CHECKER.catalog;
    let result = import(catalog, &text, None);
    // Detection picks one reader; asking for that reader gives the same answer.
    let detected = import(catalog, &text, Some(InputFormat::detect(&text)));
    match (&result, &detected) {
        (Ok(a), Ok(b)) => {
            assert_eq!(a.deck, b.deck);
            assert_eq!(a.diagnostics, b.diagnostics);
        }
        (Err(a), Err(b)) => assert_eq!(a, b),
        _ => panic!("detection and the detected reader disagree"),
    }
    common::after_import(result, common::seed_of(data));
});
