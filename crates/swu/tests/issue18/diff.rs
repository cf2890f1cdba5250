//! Item 10: a deck check whose presented list is a picklist says that a picklist has no
//! sideboard section, instead of "legal sideboarding" built on a guess; a deck check is made for
//! one format, never `all`.

use deckcheck_core::{CompareRequest, ComparisonVerdict, DeckInput, FindingCode};
use jiff::civil::date;

use super::support::*;

fn request(registered: &str, presented: &str, format: &str) -> CompareRequest {
    let input = |field: &str, text: &str| DeckInput {
        field: field.into(),
        text: text.into(),
    };
    CompareRequest {
        registered: input("registered", registered),
        presented: input("presented", presented),
        extra: None,
        format: Some(format.into()),
        as_of: date(2025, 1, 15),
    }
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn a_picklist_presented_for_a_registered_list_says_it_has_no_sideboard() {
    let game = game();
    let comparison = game
        .compare(&request(
            &wichita("melee.txt"),
            &wichita("picklist.txt"),
            "premier",
        ))
        .unwrap();
    assert_ne!(comparison.verdict, ComparisonVerdict::LegalSideboarding);
    assert_eq!(
        comparison.verdict,
        ComparisonVerdict::Match,
        "{:#?}",
        comparison.findings
    );
    assert!(
        comparison
            .findings
            .iter()
            .all(|f| f.code != FindingCode::CardMoved),
        "{:#?}",
        comparison.findings
    );
    assert!(
        comparison
            .notes
            .iter()
            .any(|n| n.contains("picklist") && n.contains("no sideboard section")),
        "{:?}",
        comparison.notes
    );
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn a_deck_check_is_made_for_one_format_not_all() {
    let game = game();
    let err = game
        .compare(&request(
            &wichita("melee.txt"),
            &wichita("melee.txt"),
            "all",
        ))
        .unwrap_err();
    assert_eq!(err.field.as_deref(), Some("format"));
}
