//! The input formats on real decks: GEMP's XML, GEMP's deck string, text lists and GEMP's Deck
//! list page read the same deck the same way; titles are narrowed only by side and zone.

use deckcheck_ccg::deck::{Resolution, Zone};
use deckcheck_core::{DiagnosticCode, Game};

use crate::helpers::{self, import};
use crate::real;

/// (zone, id, copies), sorted: what a deck holds whatever its format.
fn content(
    deck: &deckcheck_ccg::deck::Deck,
    game: &deckcheck_ccg::Ccg,
) -> Vec<(Zone, String, u32)> {
    let mut by: std::collections::BTreeMap<(Zone, String), u32> = Default::default();
    for e in &deck.entries {
        let id = match &e.card {
            Resolution::Card(c) => game.catalog().card(*c).id.to_string(),
            other => format!("{other:?}"),
        };
        *by.entry((e.zone, id)).or_default() += e.count;
    }
    by.into_iter().map(|((z, id), n)| (z, id, n)).collect()
}

#[test]
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn the_same_deck_reads_alike_as_gemp_xml_gemp_string_and_text_with_ids() {
    let game = real!();
    let xml = import(game, "bhbm-dark.xml");
    let string = import(game, "gemp-samples/classic-no-v-bring-him-before-me.gemp");
    let text = import(game, "bhbm-dark-with-ids.txt");
    assert_eq!(
        (xml.format, string.format, text.format),
        ("gemp-xml", "gemp-string", "text")
    );
    assert_eq!(content(&xml.deck, game), content(&string.deck, game));
    assert_eq!(content(&xml.deck, game), content(&text.deck, game));
    assert!(xml.diagnostics.is_empty(), "{:?}", xml.diagnostics);
}

#[test]
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn gemps_deck_list_page_is_read_with_its_name_and_its_shared_title_stays_ambiguous() {
    let game = real!();
    let page = import(game, "bhbm-dark-deck-list.html");
    assert_eq!(
        page.deck.name.as_deref(),
        Some("Classic (no V) Bring Him Before Me")
    );
    assert_eq!(page.deck.count(Zone::Deck), 60);
    let ambiguous: Vec<_> = page
        .diagnostics
        .iter()
        .filter(|d| d.code == DiagnosticCode::AMBIGUOUS_CARD)
        .collect();
    assert_eq!(ambiguous.len(), 1);
    assert_eq!(ambiguous[0].text, "Coruscant: Docking Bay");
    let ids: Vec<&str> = ambiguous[0].candidates.iter().map(|c| &*c.id).collect();
    assert_eq!(
        ids,
        ["12_166", "7_276"],
        "the Light Side one is left out by the deck's side"
    );
}

#[test]
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn a_title_shared_by_a_shield_is_the_effect_in_the_deck_and_the_shield_outside_it() {
    let game = real!();
    let deck = import(game, "battle-order.txt");
    let battle_orders: Vec<(Zone, String)> = deck
        .deck
        .entries
        .iter()
        .filter(|e| &*e.written == "Battle Order")
        .map(|e| {
            (
                e.zone,
                game.catalog().card(e.card().unwrap()).id.to_string(),
            )
        })
        .collect();
    assert_eq!(
        battle_orders,
        [
            (Zone::Deck, "8_118".to_string()),
            (Zone::Outside, "13_54".to_string())
        ]
    );
}

#[test]
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn gemp_xml_titles_without_the_virtual_mark_are_the_cards_own() {
    let game = real!();
    let ebo = import(game, "ebo-light.xml");
    assert!(ebo.diagnostics.is_empty(), "{:?}", ebo.diagnostics);
}

#[test]
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn an_id_whose_title_is_another_card_is_read_by_its_id_with_a_warning() {
    let game = real!();
    let xml = r#"<deck><card blueprintId="1_168" title="Emperor Palpatine"/></deck>"#;
    let deck = game.import(xml, None).unwrap();
    assert_eq!(deck.diagnostics[0].code, DiagnosticCode::ID_NAME_MISMATCH);
    assert_eq!(
        game.catalog()
            .card(deck.deck.entries[0].card().unwrap())
            .title
            .as_ref(),
        "Darth Vader"
    );
}

#[test]
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn foil_and_alternate_image_ids_are_the_card_and_a_back_side_id_its_front() {
    let game = real!();
    let deck = game.import("9_151*,1_168^,9_151_BACK|13_54", None).unwrap();
    let ids: Vec<String> = deck
        .deck
        .entries
        .iter()
        .map(|e| game.catalog().card(e.card().unwrap()).id.to_string())
        .collect();
    assert_eq!(ids, ["9_151", "1_168", "9_151", "13_54"]);
    assert_eq!(deck.deck.entries[3].zone, Zone::Outside);
}

#[test]
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn a_misspelled_title_gets_did_you_mean_and_leaves_the_deck_unverified() {
    let game = real!();
    let deck = import(game, "unknown-title.txt");
    let unknown = deck
        .diagnostics
        .iter()
        .find(|d| d.code == DiagnosticCode::UNKNOWN_CARD)
        .unwrap();
    assert!(
        unknown
            .candidates
            .iter()
            .any(|c| c.title.contains("Lightsaber")),
        "{:?}",
        unknown.candidates
    );
    assert_eq!(
        deck.deck.count(Zone::Deck),
        60,
        "the unknown line still counts"
    );
}

#[test]
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn text_counts_headers_and_the_outside_section() {
    let game = real!();
    let text = "Deck (3):\nCHARACTERS\n2x Darth Vader (1_168)\nEmperor Palpatine x1\n\nOutside the deck:\nDEFENSIVE SHIELD\n1 Battle Order\n";
    let deck = game.import(text, Some("text")).unwrap();
    let read: Vec<(Zone, u32)> = deck
        .deck
        .entries
        .iter()
        .map(|e| (e.zone, e.count))
        .collect();
    assert_eq!(read, [(Zone::Deck, 2), (Zone::Deck, 1), (Zone::Outside, 1)]);
    assert!(deck.deck.entries.iter().all(|e| e.card().is_some()));
    let _ = helpers::today();
}
