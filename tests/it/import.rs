//! Deck list import (issue 3): every format a player pastes reads to the same deck, every line
//! that is not clean gets a diagnostic, and convert writes what reads back the same.

use std::collections::BTreeMap;

use deckcheck::catalog::CardId;
use deckcheck::data::FormatId;
use deckcheck::deck::{Deck, Zone};
use deckcheck::decklist::{DiagnosticCode, Imported, InputFormat, import, to_swudb_json, to_text};
use deckcheck::rules::{Code, Status};
use jiff::civil::date;

use crate::helpers::*;

fn read(relative: &str) -> Imported {
    let text = std::fs::read_to_string(deck_file(relative)).unwrap();
    import(&CHECKER.catalog, &text, None).unwrap()
}

fn by_zone(deck: &Deck) -> BTreeMap<(Zone, CardId), u64> {
    let mut out = BTreeMap::new();
    for e in &deck.entries {
        *out.entry((e.zone, e.card)).or_insert(0) += u64::from(e.count);
    }
    out
}

fn by_card(deck: &Deck) -> BTreeMap<CardId, u64> {
    let mut out = BTreeMap::new();
    for e in &deck.entries {
        *out.entry(e.card).or_insert(0) += u64::from(e.count);
    }
    out
}

fn parse(text: &str) -> Imported {
    import(&CHECKER.catalog, text, None).unwrap()
}

#[test]
fn the_three_formats_are_detected() {
    let detect = |f: &str| InputFormat::detect(&std::fs::read_to_string(deck_file(f)).unwrap());
    assert_eq!(
        detect("tournament/wichita-pq-4th-han-solo.swudb.json"),
        InputFormat::SwudbJson
    );
    assert_eq!(
        detect("tournament/wichita-pq-4th-han-solo.melee.txt"),
        InputFormat::Text
    );
    assert_eq!(
        detect("tournament/wichita-pq-4th-han-solo.picklist.txt"),
        InputFormat::Picklist
    );
}

#[test]
fn the_wichita_deck_in_its_three_formats_resolves_to_the_same_deck() {
    let json = read("tournament/wichita-pq-4th-han-solo.swudb.json");
    let melee = read("tournament/wichita-pq-4th-han-solo.melee.txt");
    let picklist = read("tournament/wichita-pq-4th-han-solo.picklist.txt");
    assert_eq!(
        by_zone(&melee.deck),
        by_zone(&json.deck),
        "melee export, zone by zone"
    );
    // The picklist does not separate main deck and sideboard: same cards, same counts.
    assert_eq!(
        by_card(&picklist.deck),
        by_card(&json.deck),
        "picklist, card by card"
    );
    assert!(
        picklist
            .diagnostics
            .iter()
            .any(|d| d.code == DiagnosticCode::SectionsMerged)
    );
    // Nothing in them is unreadable; the melee base (written without subtitle) is pointed out.
    for imported in [&json, &melee, &picklist] {
        assert!(
            imported.diagnostics.iter().all(|d| !d.blocks_verdict()),
            "{:?}",
            imported.diagnostics
        );
    }
    let base = melee
        .diagnostics
        .iter()
        .find(|d| d.code == DiagnosticCode::ResolvedLoosely)
        .unwrap();
    assert_eq!(base.at, "line 5");
    assert_eq!(
        base.understood.as_ref().unwrap().subtitle.as_deref(),
        Some("Coruscant")
    );
}

/// The Wichita deck as someone might type it by hand: every plain-text form at once.
const HAND_TYPED: &str = "\u{feff}# Wichita PQ, typed from memory\r\n\
Player: Ada Lovelace\r\n\
UID: 1234567\r\n\
\r\n\
LEADER:\r\n\
han solo | audacious smuggler\r\n\
Base\r\n\
Level 1313 (TWI) 29\r\n\
\r\n\
Main Deck (50)\r\n\
3x Hotshot DL-44 Blaster\r\n\
3 L3-37 - Droid Revolutionary\r\n\
Spark of Rebellion x3\r\n\
3xSHD_231\r\n\
3 Bodhi Rook, Imperial Defector\r\n\
3 | DJ | Blatant Thief\r\n\
3 Liberated Slaves\r\n\
3 Millennium Falcon | Piece of Junk\r\n\
3 TECH | SOURCE OF INSIGHT\r\n\
3 Waylay [TWI-226]\r\n\
2 Gamorrean Guards\r\n\
3 Qi\u{2019}ra | Playing Her Part\r\n\
3 Cunning\r\n\
2 Cantina Bouncer\r\n\
2 Plo Koon | Koh-to-yah!\r\n\
2 Zorii Bliss | Valiant Smuggler\r\n\
2 Millennium Falcon – Lando\u{2019}s Pride\r\n\
2 Enfys Nest, Champion of Justice\r\n\
2 Han Solo | Reluctant Hero\r\n\
\r\n\
// what comes in after game one\r\n\
Sideboard:\r\n\
1 Moisture Farmer\r\n\
2 A New Adventure\r\n\
3 Bamboozle\r\n\
2 Auzituck Liberator Gunship\r\n\
2 Enfys Nest | Marauder\r\n";

#[test]
fn a_hand_typed_list_in_every_plain_form_reads_as_the_same_deck() {
    let typed = parse(HAND_TYPED);
    let json = read("tournament/wichita-pq-4th-han-solo.swudb.json");
    let errors: Vec<_> = typed
        .diagnostics
        .iter()
        .filter(|d| d.blocks_verdict())
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
    assert_eq!(by_zone(&typed.deck), by_zone(&json.deck));
    assert_eq!(typed.deck.player.as_deref(), Some("Ada Lovelace"));
    assert_eq!(typed.deck.uid.as_deref(), Some("1234567"));
}

#[test]
fn misspelled_and_ambiguous_lines_are_reported_with_candidates_and_other_findings_remain() {
    let text = "Leaders\n1 | Han Solo | Audacious Smuggler\n\nBase\n1 | Level 1313\n\nDeck\n\
3 | Bounty Huntr Crew\n3 | Luke Skywalker\n3 | Surprise Strike\n4 | Waylay\n";
    let imported = parse(text);
    let unknown = imported
        .diagnostics
        .iter()
        .find(|d| d.code == DiagnosticCode::UnknownCard)
        .unwrap();
    assert_eq!(unknown.at, "line 8");
    assert_eq!(unknown.candidates[0].title, "Bounty Hunter Crew");
    assert!(
        unknown.message.contains("did you mean Bounty Hunter Crew?"),
        "{}",
        unknown.message
    );
    let ambiguous = imported
        .diagnostics
        .iter()
        .find(|d| d.code == DiagnosticCode::AmbiguousCard)
        .unwrap();
    assert_eq!(ambiguous.at, "line 9");
    assert!(ambiguous.candidates.len() > 2);
    assert!(
        ambiguous
            .candidates
            .iter()
            .all(|c| c.title == "Luke Skywalker")
    );

    let report = check(&imported, FormatId::Premier, date(2025, 4, 1));
    assert!(!report.legal);
    assert_eq!(report.status, Status::Illegal);
    assert!(
        report.has(Code::TooManyCopies),
        "4 Waylay is still reported"
    );
    assert!(report.has(Code::MainDeckTooSmall));
}

#[test]
fn a_list_that_breaks_no_rule_but_has_an_unknown_line_is_not_called_legal() {
    let mut text =
        std::fs::read_to_string(deck_file("tournament/wichita-pq-4th-han-solo.melee.txt")).unwrap();
    text = text.replace("3 | Waylay", "3 | Waylay\n1 | Definitely Not A Card");
    let report = check(&parse(&text), FormatId::Premier, date(2025, 4, 1));
    assert!(!report.legal);
    assert_eq!(report.status, Status::Incomplete);
    assert!(report.violations.is_empty());
}

#[test]
fn convert_writes_swudb_json_and_text_that_read_back_as_the_same_deck() {
    let typed = parse(HAND_TYPED);
    let json = to_swudb_json(&CHECKER.catalog, &typed.deck).unwrap();
    let back = import(&CHECKER.catalog, &json, Some(InputFormat::SwudbJson)).unwrap();
    assert_eq!(by_zone(&back.deck), by_zone(&typed.deck));
    assert!(back.diagnostics.is_empty());
    let text = to_text(&CHECKER.catalog, &typed.deck);
    let back = import(&CHECKER.catalog, &text, Some(InputFormat::Text)).unwrap();
    assert_eq!(by_zone(&back.deck), by_zone(&typed.deck));
    assert!(
        back.diagnostics.iter().all(|d| !d.blocks_verdict()),
        "{:#?}",
        back.diagnostics
    );
}

#[test]
fn every_official_deck_round_trips_through_both_exports() {
    for entry in std::fs::read_dir(deck_file("official-starters")).unwrap() {
        let path = entry.unwrap().path();
        let deck = import(
            &CHECKER.catalog,
            &std::fs::read_to_string(&path).unwrap(),
            None,
        )
        .unwrap();
        for written in [
            to_swudb_json(&CHECKER.catalog, &deck.deck).unwrap(),
            to_text(&CHECKER.catalog, &deck.deck),
        ] {
            let back = import(&CHECKER.catalog, &written, None).unwrap();
            assert_eq!(
                by_zone(&back.deck),
                by_zone(&deck.deck),
                "{}",
                path.display()
            );
        }
    }
}

#[test]
fn every_printing_of_the_real_catalog_is_found_by_its_id_in_every_spelling() {
    let catalog = &CHECKER.catalog;
    for p in catalog.printings() {
        let set = catalog.set_code(p.set);
        let number = p.number.trim_start_matches('0');
        let padded = if p.number.bytes().all(|b| b.is_ascii_digit()) {
            format!("00{}", p.number)
        } else {
            p.number.clone()
        };
        for id in [
            catalog.printing_code(p.id),
            format!("{}-{number}", set.to_lowercase()),
            format!(" {set} {padded} "),
        ] {
            assert_eq!(
                catalog.resolve_id(&id),
                Some((p.card, p.id)),
                "{id:?} ({set} {})",
                p.number
            );
        }
    }
}
