//! The rules engine on the real catalog and real decks (issue 2): the official starter and
//! spotlight decks, and the Wichita tournament deck.

use deckcheck_core::Verdict;
use deckcheck_swu::catalog::CardType;
use deckcheck_swu::deck::Zone;
use deckcheck_swu::rules::codes;
use jiff::civil::date;

use crate::helpers::*;
use crate::real;

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
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn all_eighteen_official_decks_are_found() {
    real!();
    assert_eq!(official_decks().len(), 18);
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn every_official_deck_is_premier_legal_on_its_products_release_date() {
    let swu = real!();
    let mut failures = Vec::new();
    for (file, set) in official_decks() {
        let released = swu
            .data()
            .release_date(&set)
            .expect("product set has a release date");
        let report = check(swu, &import(swu, &file), "premier", released);
        if report.verdict != Verdict::Legal {
            failures.push(format!(
                "{file} on {released}: {:?}\n{}",
                report.verdict,
                explain(&report)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn the_first_three_sets_starters_rotated_out_of_premier_but_stay_eternal_legal() {
    let swu = real!();
    for (file, set) in official_decks() {
        if !matches!(set.as_str(), "SOR" | "SHD" | "TWI") {
            continue;
        }
        let deck = import(swu, &file);
        let premier = check(swu, &deck, "premier", date(2026, 11, 22));
        assert_eq!(
            premier.verdict,
            Verdict::Illegal,
            "{file} should have rotated out of Premier"
        );
        let rotated: Vec<_> = premier
            .violations
            .iter()
            .filter(|v| v.code == codes::CARD_NOT_IN_FORMAT)
            .collect();
        // Every rotated card of a deck is one violation (issue 16).
        assert_eq!(rotated.len(), 1, "{file}: {}", explain(&premier));
        assert!(rotated[0].cards.len() > 1, "{file}: {}", explain(&premier));
        let eternal = check(swu, &deck, "eternal", date(2026, 11, 22));
        assert_eq!(
            eternal.verdict,
            Verdict::Legal,
            "{file} in Eternal:\n{}",
            explain(&eternal)
        );
    }
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn the_wichita_deck_is_legal_before_djs_suspension_and_illegal_after() {
    let swu = real!();
    let deck = import(swu, "tournament/wichita-pq-4th-han-solo.swudb.json");
    let before = check(swu, &deck, "premier", date(2025, 4, 1));
    assert_eq!(before.verdict, Verdict::Legal, "{}", explain(&before));

    let after = check(swu, &deck, "premier", date(2025, 5, 1));
    assert_eq!(after.verdict, Verdict::Illegal);
    let suspended: Vec<_> = after
        .violations
        .iter()
        .filter(|v| v.code == codes::CARD_SUSPENDED)
        .collect();
    assert_eq!(suspended.len(), 1, "{}", explain(&after));
    // Issue 28: cited by the announcement that made it; TR 3.2.1 is where the list lives.
    assert_eq!(
        suspended[0].section,
        "FFG's announcement, as Wargamer reported it (2025-04-09)"
    );
    assert!(
        suspended[0]
            .message()
            .ends_with("Premier's suspension list is kept in TR 3.2.1."),
        "{}",
        suspended[0].message()
    );
    assert_eq!(&*suspended[0].cards[0].title, "DJ");
    assert_eq!(
        suspended[0].cards[0].subtitle.as_deref(),
        Some("Blatant Thief")
    );
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn two_surprise_strikes_from_spark_and_two_from_shadows_are_four_copies() {
    let swu = real!();
    let deck = import(swu, "tournament/wichita-pq-4th-han-solo.swudb.json").deck;
    // The list plays SHD_231 Surprise Strike ×3; make it 2× SOR_220 + 2× SHD_231.
    let strike = swu.catalog().printing_by_id("SHD_231").unwrap().card;
    let deck = rebuilt(
        &deck,
        deck.entries()
            .iter()
            .filter(|e| e.card != strike)
            .cloned()
            .chain([
                entry(swu, Zone::Main, "SOR_220", 2),
                entry(swu, Zone::Main, "SHD_231", 2),
            ]),
    );
    let report = check_decks(swu, &[deck], 0, "premier", date(2025, 4, 1));
    let v = report
        .violations
        .iter()
        .find(|v| v.code == codes::TOO_MANY_COPIES)
        .unwrap_or_else(|| panic!("{}", explain(&report)));
    assert_eq!((v.expected, v.actual), (Some(3), Some(4)));
    assert_eq!(v.section, "TR 2.3.1.1");
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn boba_fett_collecting_the_bounty_is_fine_in_twin_suns_while_suspended_in_premier() {
    let swu = real!();
    let catalog = swu.catalog();
    let mut twin = deckcheck_swu::deck::Deck::new();
    twin.push(entry(swu, Zone::Leader, "SOR_015", 1)); // Boba Fett, Collecting the Bounty
    twin.push(entry(swu, Zone::Leader, "SOR_016", 1)); // Grand Admiral Thrawn, Villainy too
    twin.push(entry(swu, Zone::Base, "SOR_020", 1));
    // 80 different SOR units, events and upgrades, one of each.
    let sor_cards = catalog
        .cards()
        .iter()
        .filter(|card| {
            card.card_type.is_deck_card()
                && card
                    .printings
                    .iter()
                    .any(|p| catalog.set_code(catalog.printing(*p).set) == "SOR")
        })
        .take(80);
    for card in sor_cards {
        twin.push(deckcheck_swu::deck::DeckEntry {
            zone: Zone::Main,
            card: card.id,
            printing: card.printings[0],
            count: 1,
            line: None,
        });
    }
    let twin_suns = check_decks(swu, &[twin], 0, "twin-suns", date(2025, 1, 15));
    assert!(twin_suns.violations.is_empty(), "{}", explain(&twin_suns));
    assert_eq!(twin_suns.verdict, Verdict::Legal, "{}", explain(&twin_suns));

    let starter = import(swu, "official-starters/sor-darth-vader.json").deck;
    let boba = entry(swu, Zone::Leader, "SOR_015", 1);
    let premier = rebuilt(
        &starter,
        starter.entries().iter().map(|e| match e.zone {
            Zone::Leader => deckcheck_swu::deck::DeckEntry {
                card: boba.card,
                printing: boba.printing,
                ..e.clone()
            },
            _ => e.clone(),
        }),
    );
    let report = check_decks(swu, &[premier], 0, "premier", date(2025, 1, 15));
    assert_eq!(report.violations.len(), 1, "{}", explain(&report));
    assert_eq!(report.violations[0].code, codes::CARD_SUSPENDED);
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn hyperspace_and_unpadded_ids_name_the_same_card() {
    let swu = real!();
    let catalog = swu.catalog();
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
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn the_known_data_flaws_do_not_split_identities() {
    let swu = real!();
    let catalog = swu.catalog();
    // Trailing space in the data: "Infused Brawler ".
    assert!(catalog.card_by_identity("Infused Brawler", None).is_some());
    // swu-db types SOR's Snapshot Reflexes as an Event; the later SHD printing says Upgrade.
    let reflexes = catalog.card_by_identity("Snapshot Reflexes", None).unwrap();
    assert_eq!(reflexes.card_type, CardType::Upgrade);
    assert!(reflexes.printings.len() >= 2);
}
