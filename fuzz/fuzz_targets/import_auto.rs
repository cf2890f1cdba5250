//! Format detection (`decklist::import` with no format), then the rules in every format and
//! both exports' round trips.
#![no_main]

mod common;

use deckcheck_swu::decklist::import;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let catalog = common::SWU.catalog();
    let result = import(catalog, &text, None);
    // Detection picks one reader; asking for that reader gives the same answer.
    if let Ok(detected) = &result {
        let asked =
            import(catalog, &text, Some(detected.format)).expect("the detected reader reads it");
        assert_eq!(asked.deck, detected.deck);
        assert_eq!(asked.diagnostics, detected.diagnostics);
        assert_eq!(asked.format, detected.format);
    }
    common::after_import(result, common::seed_of(data));
});
