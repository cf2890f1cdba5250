//! Item 3: an unknown id is one diagnostic and the verdict unverified, never a pile of size
//! violations it did not earn (the unread copies still count toward the sections' sizes).

use deckcheck_core::{DiagnosticCode, Verdict};
use jiff::civil::date;

use super::support::*;

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn an_unknown_id_anywhere_in_a_real_deck_is_one_diagnostic_and_unverified() {
    let game = game();
    let json = wichita("swudb.json");
    for (known, unknown) in [
        (r#""SOR_203""#, r#""SOR_999""#), // three copies in the main deck
        (r#""SOR_017""#, r#""SOR_998""#), // the leader
        (r#""TWI_029""#, r#""TWI_997""#), // the base
        (r#""SOR_195""#, r#""XYZ_001""#), // two copies in the sideboard, an unknown set
    ] {
        let broken = json.replace(known, unknown);
        assert_ne!(broken, json, "{known} is in the deck");
        let answer = validate(game, &broken, "premier", date(2025, 1, 15));
        let diagnostics = &answer.decks[0].diagnostics;
        assert_eq!(diagnostics.len(), 1, "{unknown}: {diagnostics:#?}");
        assert_eq!(diagnostics[0].code, DiagnosticCode::UNKNOWN_CARD);
        let r = report(&answer);
        assert_eq!(r.verdict, Verdict::Unverified, "{unknown}");
        assert!(r.violations.is_empty(), "{unknown}: {:#?}", r.violations);
    }
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn an_unknown_line_of_a_melee_list_is_one_diagnostic_and_unverified() {
    let game = game();
    let text = wichita("melee.txt").replace("3 | Surprise Strike", "3 | Surprize Strikke Force");
    let answer = validate(game, &text, "premier", date(2025, 1, 15));
    assert_eq!(answer.decks[0].diagnostics.len(), 1);
    let r = report(&answer);
    assert_eq!((r.verdict, r.violations.len()), (Verdict::Unverified, 0));
}
