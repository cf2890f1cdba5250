//! A small hand-made catalog for the rules' unit tests (they always run; the real-data suite
//! is in `tests/lcg/`). Set numbers follow the real ones where the hand data names them
//! (restricted sets 99, 103, 237; the erratum's 109).

use std::path::PathBuf;
use std::sync::OnceLock;

use deckcheck_core::{Findings, Report, Verdict};
use jiff::civil::{Date, date};
use serde_json::{Value, json};

use super::{Context, check};
use crate::catalog::{CardIdx, Catalog};
use crate::data::HandData;
use crate::deck::{Deck, Entry, Section};

pub const TODAY: Date = date(2026, 11, 22);

fn card(set: Option<u16>, seq: u16, kind: &str, side: &str, aff: &str, product: &str) -> Value {
    let id = match set {
        Some(s) => format!("f-{s:03}-{seq}"),
        None => format!("f-x-{seq}"),
    };
    let title = match (set, kind) {
        (Some(s), "Objective") => format!("Objective {s}"),
        (Some(s), _) => format!("Card {s}-{seq}"),
        (None, _) => format!("Challenge {seq}"),
    };
    json!({
        "product": product, "number": 1, "octgnId": id,
        "objectiveSetNumber": set, "objectiveSetSequence": seq,
        "side": side, "affiliation": aff, "isLockedToAffiliation": false,
        "type": kind, "title": title, "isUnique": false,
        "isLimitedToObjectiveDeck": false, "text": null
    })
}

fn set(n: u16, side: &str, aff: &str, product: &str) -> Vec<Value> {
    (1..=6)
        .map(|seq| {
            card(
                Some(n),
                seq,
                if seq == 1 { "Objective" } else { "Unit" },
                side,
                aff,
                product,
            )
        })
        .collect()
}

fn affiliation(id: &str, title: &str, side: &str, aff: &str, text: &str) -> Value {
    json!({
        "product": "Core Set", "number": 1, "octgnId": id,
        "objectiveSetNumber": null, "objectiveSetSequence": null,
        "side": side, "affiliation": aff, "isLockedToAffiliation": false,
        "type": "Affiliation", "title": title, "isUnique": false,
        "isLimitedToObjectiveDeck": false, "text": text
    })
}

/// Light: Jedi 1-12, Rebel 13-16, Jedi limit-1 17, Neutral 18, Rebel-only (Jedi-affiliated
/// set text) 31, Smugglers 99/103/237 (restricted) and 109 (erratum), Rebel 185 with a mission,
/// Jedi 40 from Darkness and Light (released 2014-08-21). Dark: Sith 19-30. A challenge-deck
/// card with no set.
pub fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| {
        let mut cards = vec![
            affiliation("aff-jedi", "Jedi", "Light", "Jedi", "Starting Reserve: 6"),
            affiliation("aff-rebel", "Rebel Alliance", "Light", "Rebel Alliance", "Starting Reserve: 6"),
            affiliation("aff-sith", "Sith", "Dark", "Sith", "Starting Reserve: 6"),
            affiliation(
                "aff-goj",
                "Guardians of Justice",
                "Light",
                "Jedi",
                "Your objective deck must contain exactly 6 [Jedi] objectives and exactly 6 [Rebel Alliance] and/or neutral objectives.",
            ),
            card(None, 7, "Unit", "Light", "Rebel Alliance", "Balance of the Force"),
        ];
        for n in 1..=12 {
            cards.extend(set(n, "Light", "Jedi", "Core Set"));
        }
        for n in 13..=16 {
            cards.extend(set(n, "Light", "Rebel Alliance", "Core Set"));
        }
        let mut limited = set(17, "Light", "Jedi", "Core Set");
        limited[0]["isLimitedToObjectiveDeck"] = json!(true);
        limited[0]["text"] = json!("Limit 1 per objective deck.");
        cards.extend(limited);
        cards.extend(set(18, "Light", "Neutral", "Core Set"));
        for n in 19..=30 {
            cards.extend(set(n, "Dark", "Sith", "Core Set"));
        }
        let mut locked = set(31, "Light", "Rebel Alliance", "Core Set");
        locked[0]["isLockedToAffiliation"] = json!(true);
        locked[0]["text"] = json!("Rebel Alliance affiliation only.");
        cards.extend(locked);
        cards.extend(set(40, "Light", "Jedi", "Darkness and Light"));
        for n in [99, 103, 237, 109] {
            cards.extend(set(n, "Light", "Smugglers and Spies", "Core Set"));
        }
        let mut mission = set(185, "Light", "Rebel Alliance", "Core Set");
        mission[5]["type"] = json!("Mission");
        cards.extend(mission);
        let bytes = serde_json::to_vec(&cards).unwrap();
        Catalog::from_files(vec![(PathBuf::from("fixture.json"), bytes)], "fixture".into()).unwrap()
    })
}

pub fn data() -> &'static HandData {
    static DATA: OnceLock<HandData> = OnceLock::new();
    DATA.get_or_init(|| HandData::load(None).unwrap())
}

pub fn idx(id: &str) -> CardIdx {
    catalog()
        .by_id(id)
        .unwrap_or_else(|| panic!("no fixture card {id}"))
}

/// A deck of whole sets (set, copies) with an affiliation card.
pub fn deck(affiliation: &str, sets: &[(u16, u32)]) -> Deck {
    let mut deck = Deck::default();
    deck.entries.push(Entry {
        card: idx(affiliation),
        count: 1,
        section: Section::Affiliation,
        line: Some(1),
    });
    for (i, (set, n)) in sets.iter().enumerate() {
        add_set(&mut deck, *set, *n, i as u32 + 2);
    }
    deck
}

pub fn add_set(deck: &mut Deck, set: u16, n: u32, line: u32) {
    let cards = catalog().set(set).unwrap();
    for (i, c) in cards.iter().enumerate() {
        deck.entries.push(Entry {
            card: *c,
            count: n,
            section: if i == 0 {
                Section::Objective
            } else {
                Section::Command
            },
            line: Some(line),
        });
    }
}

/// Ten different Jedi sets: a legal light side deck.
pub fn jedi() -> Deck {
    deck("aff-jedi", &(1..=10).map(|n| (n, 1)).collect::<Vec<_>>())
}

pub fn sith() -> Deck {
    deck("aff-sith", &(19..=28).map(|n| (n, 1)).collect::<Vec<_>>())
}

pub fn run_on(decks: &[&Deck], format: &str, as_of: Date) -> Findings {
    let data = data();
    let ctx = Context {
        catalog: catalog(),
        data,
        format: data.formats.iter().find(|f| f.id == format).unwrap(),
        as_of,
    };
    check(&ctx, decks)
}

pub fn run(deck: &Deck) -> Findings {
    run_on(&[deck], "standard", TODAY)
}

pub fn codes(findings: &Findings) -> Vec<&'static str> {
    findings
        .violations
        .iter()
        .map(|v| v.code.as_str())
        .collect()
}

pub fn verdict(findings: Findings) -> Verdict {
    Report::new("lcg", "standard", TODAY, findings, 0, "fixture".into()).verdict
}

#[test]
fn ten_whole_sets_with_one_affiliation_are_legal() {
    let f = run(&jedi());
    assert!(f.violations.is_empty(), "{:?}", f.violations);
    assert_eq!(verdict(f), Verdict::Legal);
}
