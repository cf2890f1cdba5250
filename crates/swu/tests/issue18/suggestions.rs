//! Item 9: did-you-mean and ambiguity respect the event's date and the list's zone: no card not
//! yet released on the date is offered (so the page's "Replace with", which offers a
//! diagnostic's candidates, never inserts one), no leader is offered for a main-deck line, and a
//! title only one released card of its kind carries on the date names that card.

use std::sync::Arc;

use deckcheck_core::{AnyGame, Diagnostic, DiagnosticCode};
use deckcheck_swu::catalog::CardType;
use jiff::civil::{Date, date};

use super::support::*;

fn diagnostics(game: &Arc<dyn AnyGame>, text: &str, on: Date) -> Vec<Diagnostic> {
    validate(game, text, "premier", on).decks[0]
        .diagnostics
        .clone()
}

/// Every candidate the answer offers, with whether it was released by `on` and its type.
fn offered(game: &Arc<dyn AnyGame>, d: &[Diagnostic], on: Date) -> Vec<(String, bool, CardType)> {
    let catalog = swu(game).catalog();
    d.iter()
        .flat_map(|d| &d.candidates)
        .map(|c| {
            let p = catalog.printing_by_id(&c.id).unwrap();
            (
                c.name(),
                catalog.released_by(p.card, on),
                catalog.card(p.card).card_type,
            )
        })
        .collect()
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn a_misspelt_leader_is_never_offered_a_card_not_yet_released() {
    let game = game();
    let text = "Leader\n1 | Cad Bane | Still Faster Then You\nBase\n1 | SOR_020\nDeck\n3 | Kihraxz Heavy Fightr";
    let before = date(2025, 1, 15);
    let found = offered(game, &diagnostics(game, text, before), before);
    assert!(!found.is_empty());
    assert!(
        found.iter().all(|(_, released, _)| *released),
        "offered on {before}: {found:#?}"
    );
    // Once Ashes of the Empire is out, the card meant is offered.
    let after = date(2026, 11, 22);
    let found = offered(game, &diagnostics(game, text, after), after);
    assert!(
        found
            .iter()
            .any(|(name, _, _)| name == "Cad Bane | Still Faster Than You"),
        "{found:#?}"
    );
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn a_main_deck_line_is_never_offered_a_leader() {
    let game = game();
    let on = date(2025, 1, 15);
    for text in [
        // Under a Deck header.
        "Deck\n3 | Han Solo | Audacous Smugler",
        // No header, three copies: a deck card.
        "3x Han Solo Audacous Smugler",
        "Boba Fett | Colecting the Bounty x2",
    ] {
        let d = diagnostics(game, text, on);
        let found = offered(game, &d, on);
        assert!(!found.is_empty(), "{text}: {d:#?}");
        assert!(
            found.iter().all(|(_, _, ty)| *ty != CardType::Leader),
            "{text}: {found:#?}"
        );
    }
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn a_title_one_released_card_of_its_kind_carries_on_the_date_names_that_card() {
    let game = game();
    // Cad Bane leads as He Who Needs No Introduction (SHD) and, from 2026-07-17, as Still
    // Faster Than You (ASH).
    let text = "Leader\n1 | Cad Bane\nBase\n1 | SHD_019";
    let d = diagnostics(game, text, date(2025, 1, 15));
    assert!(
        d.iter().all(|d| d.code != DiagnosticCode::AMBIGUOUS_CARD),
        "{d:#?}"
    );
    let read = d
        .iter()
        .find(|d| d.code == DiagnosticCode::RESOLVED_LOOSELY)
        .unwrap();
    assert_eq!(
        read.understood.as_ref().unwrap().name(),
        "Cad Bane | He Who Needs No Introduction"
    );
    let later = diagnostics(game, text, date(2026, 11, 22));
    let ambiguous = later
        .iter()
        .find(|d| d.code == DiagnosticCode::AMBIGUOUS_CARD)
        .unwrap();
    assert_eq!(ambiguous.candidates.len(), 2, "{ambiguous:#?}");
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn an_ambiguous_name_offers_only_the_cards_released_by_the_date() {
    let game = game();
    let on = date(2025, 1, 15);
    let d = diagnostics(game, "Deck\n3 | Millennium Falcon", on);
    let ambiguous = d
        .iter()
        .find(|d| d.code == DiagnosticCode::AMBIGUOUS_CARD)
        .unwrap();
    let found = offered(game, std::slice::from_ref(ambiguous), on);
    let names: Vec<&str> = found.iter().map(|(n, _, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "Millennium Falcon | Piece Of Junk",
            "Millennium Falcon | Lando's Pride"
        ]
    );
    assert!(
        ambiguous.message.contains("released by 2025-01-15"),
        "{}",
        ambiguous.message
    );
    // Later Millennium Falcons are offered once they are out.
    let later = diagnostics(game, "Deck\n3 | Millennium Falcon", date(2026, 11, 22));
    assert!(later[0].candidates.len() > 2, "{later:#?}");
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn a_unit_title_only_one_released_card_carries_names_it_and_later_asks_which() {
    let game = game();
    let d = diagnostics(game, "Deck\n2 | Han Solo", date(2025, 1, 15));
    assert_eq!(d.len(), 1, "{d:#?}");
    assert_eq!(
        d[0].understood.as_ref().unwrap().name(),
        "Han Solo | Reluctant Hero"
    );
    assert!(
        d[0].message.contains("released by 2025-01-15"),
        "{}",
        d[0].message
    );
    let later = diagnostics(game, "Deck\n2 | Han Solo", date(2026, 11, 22));
    assert_eq!(later[0].code, DiagnosticCode::AMBIGUOUS_CARD);
}
