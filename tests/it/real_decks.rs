//! The rules engine on the real catalog and real decks (issue 2).

use deckcheck::data::FormatId;
use deckcheck::deck::{DeckEntry, Zone};
use deckcheck::rules::Code;
use jiff::civil::date;

use crate::helpers::*;

/// The official decks and the set whose product they came in.
fn official_decks() -> Vec<(String, String)> {
    let dir = deck_file("official-starters");
    let mut decks: Vec<_> = std::fs::read_dir(&dir)
        .expect("official-starters exists")
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".json"))
        .map(|name| {
            let set = name.split('-').next().unwrap().to_ascii_uppercase();
            (format!("official-starters/{name}"), set)
        })
        .collect();
    decks.sort();
    decks
}

#[test]
fn all_eighteen_official_decks_are_found() {
    assert_eq!(official_decks().len(), 18);
}

#[test]
fn every_official_deck_is_premier_legal_on_its_products_release_date() {
    let mut failures = Vec::new();
    for (file, set) in official_decks() {
        let released = CHECKER
            .data
            .release_date(&set)
            .expect("product set has a release date");
        let report = check(&import(&file), FormatId::Premier, released);
        if !report.legal {
            failures.push(format!("{file} on {released}:\n{}", explain(&report)));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn the_first_three_sets_starters_rotated_out_of_premier_but_stay_eternal_legal() {
    for (file, set) in official_decks() {
        if !matches!(set.as_str(), "SOR" | "SHD" | "TWI") {
            continue;
        }
        let deck = import(&file);
        let premier = check(&deck, FormatId::Premier, date(2026, 11, 22));
        assert!(!premier.legal, "{file} should have rotated out of Premier");
        assert!(
            premier.has(Code::CardNotInFormat),
            "{file}: {}",
            explain(&premier)
        );
        let eternal = check(&deck, FormatId::Eternal, date(2026, 11, 22));
        assert!(eternal.legal, "{file} in Eternal:\n{}", explain(&eternal));
    }
}

#[test]
fn the_wichita_deck_is_legal_before_djs_suspension_and_illegal_after() {
    let deck = import("tournament/wichita-pq-4th-han-solo.swudb.json");
    let before = check(&deck, FormatId::Premier, date(2025, 4, 1));
    assert!(before.legal, "{}", explain(&before));

    let after = check(&deck, FormatId::Premier, date(2025, 5, 1));
    assert!(!after.legal);
    let suspended: Vec<_> = after
        .violations
        .iter()
        .filter(|v| v.code == Code::CardSuspended)
        .collect();
    assert_eq!(suspended.len(), 1, "{}", explain(&after));
    assert_eq!(suspended[0].section, "TR 3.2.1");
    assert_eq!(suspended[0].cards[0].title, "DJ");
    assert_eq!(
        suspended[0].cards[0].subtitle.as_deref(),
        Some("Blatant Thief")
    );
}

#[test]
fn two_surprise_strikes_from_spark_and_two_from_shadows_are_four_copies() {
    let mut deck = import("tournament/wichita-pq-4th-han-solo.swudb.json");
    // The list plays SHD_231 Surprise Strike ×3; make it 2× SOR_220 + 2× SHD_231.
    deck.deck
        .entries
        .retain(|e| CHECKER.catalog.card(e.card).title != "Surprise Strike");
    for (id, count) in [("SOR_220", 2), ("SHD_231", 2)] {
        let p = CHECKER.catalog.printing_by_id(id).unwrap();
        deck.deck.entries.push(DeckEntry {
            zone: Zone::Main,
            card: p.card,
            printing: p.id,
            count,
            line: None,
        });
    }
    let report = check(&deck, FormatId::Premier, date(2025, 4, 1));
    let v = report
        .violations
        .iter()
        .find(|v| v.code == Code::TooManyCopies)
        .unwrap_or_else(|| panic!("{}", explain(&report)));
    assert_eq!((v.expected, v.actual), (Some(3), Some(4)));
    assert_eq!(v.section, "TR 2.3.1.1");
}

#[test]
fn boba_fett_collecting_the_bounty_is_fine_in_twin_suns_while_suspended_in_premier() {
    let catalog = &CHECKER.catalog;
    let entry = |zone, id: &str, count| {
        let p = catalog
            .printing_by_id(id)
            .unwrap_or_else(|| panic!("{id} in catalog"));
        DeckEntry {
            zone,
            card: p.card,
            printing: p.id,
            count,
            line: None,
        }
    };
    let mut twin = deckcheck::deck::Deck::default();
    twin.entries.push(entry(Zone::Leader, "SOR_015", 1)); // Boba Fett, Collecting the Bounty
    twin.entries.push(entry(Zone::Leader, "SOR_016", 1)); // Grand Admiral Thrawn, Villainy too
    twin.entries.push(entry(Zone::Base, "SOR_020", 1));
    // 80 different SOR units, events and upgrades, one of each.
    let mut added = 0;
    for card in catalog.cards() {
        if added == 80 {
            break;
        }
        let printed_in_sor = card
            .printings
            .iter()
            .any(|p| catalog.set_code(catalog.printing(*p).set) == "SOR");
        if card.card_type.is_deck_card() && printed_in_sor {
            twin.entries.push(DeckEntry {
                zone: Zone::Main,
                card: card.id,
                printing: card.printings[0],
                count: 1,
                line: None,
            });
            added += 1;
        }
    }
    let imported = deckcheck::decklist::Imported {
        deck: twin,
        diagnostics: vec![],
    };
    let twin_suns = check(&imported, FormatId::TwinSuns, date(2025, 1, 15));
    assert!(twin_suns.legal, "{}", explain(&twin_suns));

    let premier = import("official-starters/sor-darth-vader.json");
    let mut premier = premier;
    let boba = catalog.printing_by_id("SOR_015").unwrap();
    for e in premier
        .deck
        .entries
        .iter_mut()
        .filter(|e| e.zone == Zone::Leader)
    {
        e.card = boba.card;
        e.printing = boba.id;
    }
    let report = check(&premier, FormatId::Premier, date(2025, 1, 15));
    assert_eq!(report.violations.len(), 1, "{}", explain(&report));
    assert_eq!(report.violations[0].code, Code::CardSuspended);
}

#[test]
fn hyperspace_and_unpadded_ids_name_the_same_card() {
    let catalog = &CHECKER.catalog;
    let normal = catalog.printing_by_id("SOR_017").unwrap().card;
    assert_eq!(catalog.printing_by_id("SOR_17").unwrap().card, normal);
    assert_eq!(
        catalog.printing_by_id("SOR_283").unwrap().card,
        normal,
        "Han Solo leader, Hyperspace"
    );
    let death_trooper = catalog.printing_by_id("SOR_033").unwrap().card;
    assert_eq!(
        catalog.printing_by_id("SEC_030").unwrap().card,
        death_trooper
    );
}

#[test]
fn the_known_data_flaws_do_not_split_identities() {
    let catalog = &CHECKER.catalog;
    // Trailing space in the data: "Infused Brawler ".
    assert!(catalog.card_by_identity("Infused Brawler", None).is_some());
    // swu-db types SOR's Snapshot Reflexes as an Event; the later SHD printing says Upgrade.
    let reflexes = catalog.card_by_identity("Snapshot Reflexes", None).unwrap();
    assert_eq!(reflexes.card_type, deckcheck::catalog::CardType::Upgrade);
    assert!(reflexes.printings.len() >= 2);
}
