//! SWUDB JSON (`decklist::parse_swudb`): never a panic, whatever the bytes; then the rules in
//! every format and both exports' round trips. (Before the workspace, this target also
//! compared two readings of SWUDB JSON; there is one reading now.)
#![no_main]

mod common;

use deckcheck_swu::decklist::parse_swudb;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let result = parse_swudb(common::SWU.catalog(), &text);
    common::after_import(result, common::seed_of(data));
});
