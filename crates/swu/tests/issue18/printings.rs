//! Item 2: every printing id deck sites export. The card data lacks foils, serialized and foil
//! Prestige printings and some Hyperspace bases; an id it lacks is read by the set's documented
//! numbering (`card_data/swu/numbering.toml`) and the answer says so. Every variant id of the
//! second source (SWUBase's card list, from the official card API) resolves to the same card.
//! A sync keeps every printing the upstream gives.

use std::collections::BTreeMap;

use deckcheck_core::sync::{DirFetch, Source, SyncOptions, sync};
use deckcheck_core::{DiagnosticCode, Severity, Verdict};
use deckcheck_swu::catalog::{Catalog, printing_key};
use jiff::civil::date;
use serde::Deserialize;

use super::support::*;

/// The card an id names, as "title | subtitle".
fn named(catalog: &Catalog, id: &str) -> Option<(String, bool)> {
    let p = catalog.printing_by_id(id)?;
    Some((catalog.card(p.card).display_name(), p.numbered.is_some()))
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn foil_hyperspace_and_prestige_ids_deck_sites_export_are_read() {
    let game = game();
    let catalog = swu(game).catalog();
    for (id, card) in [
        ("JTL_754", "Swarming Vulture Droid"),
        ("JTL_990", "Swarming Vulture Droid"),
        ("JTL_526", "Data Vault | Scarif"),
        ("JTL_763", "Thermal Oscillator | Starkiller Base"),
        ("LOF_284", "Nightsister Lair | Dathomir"),
        ("LAW_286", "Aldhani Garrison | Aldhani"),
        ("SOR_059F", "2-1B Surgical Droid"),
        ("SOR_324F", "2-1B Surgical Droid"),
        ("JTL_1063", "Red Leader | Form Up"),
        ("JTL_1099", "Red Leader | Form Up"),
    ] {
        let (name, numbered) = named(catalog, id).unwrap_or_else(|| panic!("{id} is unknown"));
        assert!(name.starts_with(card), "{id}: {name}");
        assert!(
            numbered,
            "{id} is not in the card data, so it is read by numbering"
        );
    }
    // An id the card data has is the card data's.
    assert_eq!(named(catalog, "JTL_518").map(|(_, n)| n), Some(false));
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn about_eleven_hundred_ids_of_jtl_and_lof_are_read_by_numbering() {
    let game = game();
    let catalog = swu(game).catalog();
    let mut per_set: BTreeMap<&str, usize> = BTreeMap::new();
    for p in catalog.printings().iter().filter(|p| p.numbered.is_some()) {
        *per_set.entry(catalog.set_code(p.set)).or_insert(0) += 1;
    }
    // Standard and Hyperspace foils (236 each), foil and serialized Prestige (36 each).
    assert_eq!(per_set["JTL"], 544);
    // The same (238, 46) and the eight Hyperspace Common bases the card data lacks.
    assert_eq!(per_set["LOF"], 576);
    assert_eq!(
        per_set["LAW"],
        12 + 238 + 39 + 39,
        "Hyperspace bases, HS foils, Prestige tiers"
    );
    assert!(
        !per_set.contains_key("ASH") && !per_set.contains_key("HMW"),
        "complete sets"
    );
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn the_numbering_agrees_with_every_variant_the_card_data_has() {
    let game = game();
    // Every range is also laid over the printings the catalog has (all Hyperspace, Showcase
    // and Prestige records, every ASH and HMW variant): none names another card.
    let problems = swu(game).data_problems();
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn a_list_with_a_foil_id_is_judged_and_says_how_the_id_was_read() {
    let game = game();
    let json = wichita("swudb.json").replace(r#""SOR_203""#, r#""SOR_203F""#);
    assert!(json.contains("SOR_203F"));
    let answer = validate(game, &json, "premier", date(2025, 1, 15));
    let d = &answer.decks[0].diagnostics;
    assert_eq!(d.len(), 1, "{d:#?}");
    assert_eq!(d[0].code, DiagnosticCode::RESOLVED_BY_NUMBERING);
    assert_eq!(d[0].severity, Severity::Warning);
    assert!(
        d[0].message.contains("SOR_203F") && d[0].message.contains("numbering"),
        "{}",
        d[0].message
    );
    assert_eq!(report(&answer).verdict, Verdict::Legal);
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn an_inferred_numbering_leaves_the_answer_unverified_and_says_why() {
    let game = game();
    // SEC's foil Prestige tier is in no data seen; it is inferred from the other sets.
    let catalog = swu(game).catalog();
    let p = catalog
        .printing_by_id("SEC_1082")
        .expect("SEC_1082 by numbering");
    assert!(p.numbered.as_ref().unwrap().confidence.leaves_unverified());
    let text = list(&[
        "Leaders",
        "1 | SEC_001",
        "Base",
        "1 | SEC_019",
        "Deck",
        "1 | SEC_1082",
    ]);
    let answer = validate(game, &text, "premier", date(2026, 1, 10));
    let d = answer.decks[0]
        .diagnostics
        .iter()
        .find(|d| d.code == DiagnosticCode::RESOLVED_BY_NUMBERING)
        .unwrap();
    assert_eq!(d.severity, Severity::Error);
    assert!(d.message.contains("no source confirms"), "{}", d.message);
}

/// The second source's card list: one entry per card, each with its variants.
#[derive(Deserialize)]
struct SwuBaseCard {
    title: String,
    subtitle: Option<String>,
    #[serde(rename = "type")]
    card_type: String,
    variants: BTreeMap<String, SwuBaseVariant>,
}

#[derive(Deserialize)]
struct SwuBaseVariant {
    set: String,
    #[serde(rename = "cardNo")]
    card_no: u32,
    #[serde(rename = "variantName")]
    variant: String,
}

/// Names that differ between the two sources for one card: (catalog spelling, SWUBase's).
/// swu-db's typos and the official spellings, and cards swu-db gives no subtitle.
const SPELLINGS: &[(&str, &str)] = &[
    ("inferosquadcommander", "infernosquadcommander"),
    ("darthtyrannus", "darthtyranus"),
    ("hishighexaltdeness", "hishighexaltedness"),
    ("kihrazxheavyfighter", "kihraxzheavyfighter"),
    ("kashyyykchieftan", "kashyyykchieftain"),
    ("onehellofaapilot", "onehellofapilot"),
    ("kimogliaheavyfighter", "kimogilaheavyfighter"),
    ("darthrevanslightsaber", "darthrevanslightsabers"),
    ("hiredsplicer", "hiredslicer"),
    ("b2em0", "b2emo"),
];

fn fold(text: &str) -> String {
    text.split(" // ")
        .next()
        .unwrap_or(text)
        .to_lowercase()
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect::<String>()
        .replace("3p0", "3po")
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn every_variant_id_of_the_second_source_resolves_to_the_same_card() {
    let game = game();
    let path = shared().join("cards-alt/swu-collection/card-list.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("needs ../shared: {}: {e}", path.display()));
    let cards: BTreeMap<String, SwuBaseCard> = serde_json::from_str(&text).unwrap();
    let catalog = swu(game).catalog();
    const SETS: [&str; 7] = ["sor", "shd", "twi", "jtl", "lof", "sec", "ibh"];
    const TIERS: [&str; 8] = [
        "Standard",
        "Hyperspace",
        "Standard Foil",
        "Hyperspace Foil",
        "Showcase",
        "Standard Prestige",
        "Foil Prestige",
        "Serialized Prestige",
    ];
    let (mut checked, mut by_numbering, mut spelt) = (0, 0, Vec::new());
    let mut unknown = Vec::new();
    let mut wrong = Vec::new();
    for card in cards.values() {
        if card.card_type.to_lowercase().contains("token") {
            continue;
        }
        for v in card.variants.values() {
            if !SETS.contains(&v.set.as_str()) || !TIERS.contains(&v.variant.as_str()) {
                continue; // promos, numbered in their own series
            }
            // SWUBase files the starter-deck Hyperspace cards of SOR, SHD and TWI under numbers
            // 1-12 of their own series: not set numbers.
            if v.variant == "Hyperspace"
                && v.card_no <= 12
                && ["sor", "shd", "twi"].contains(&v.set.as_str())
            {
                continue;
            }
            let id = format!("{}_{:03}", v.set.to_uppercase(), v.card_no);
            // SWUBase gives Foil Prestige 1062 to Blue Leader and to Red Leader; Red Leader's is
            // 1063 (its Standard Prestige is 1027, and foil is +36).
            if id == "JTL_1062" && card.title == "Red Leader" {
                continue;
            }
            checked += 1;
            let Some(p) = catalog.printing_by_id(&id) else {
                unknown.push(id);
                continue;
            };
            by_numbering += usize::from(p.numbered.is_some());
            let found = catalog.card(p.card);
            let (t, want_t) = (fold(&found.title), fold(&card.title));
            let sub = found.subtitle.as_deref().map(fold).unwrap_or_default();
            let want_sub = card.subtitle.as_deref().map(fold).unwrap_or_default();
            // Bases: SWUBase keeps no location subtitle. A missing subtitle on either side.
            let same_sub = sub == want_sub || sub.is_empty() || want_sub.is_empty();
            if t == want_t && same_sub {
                continue;
            }
            let known = SPELLINGS.iter().any(|(ours, theirs)| {
                (*ours == t && *theirs == want_t) || (*ours == sub && *theirs == want_sub)
            });
            if known {
                spelt.push(id);
            } else {
                wrong.push(format!("{id}: {} vs {}", found.display_name(), card.title));
            }
        }
    }
    assert!(
        unknown.is_empty(),
        "{} ids unknown: {unknown:?}",
        unknown.len()
    );
    assert!(wrong.is_empty(), "{wrong:#?}");
    eprintln!(
        "second source: {checked} variant ids checked, {by_numbering} of them read by numbering, {} spelt differently",
        spelt.len()
    );
    assert!(checked > 4_000, "{checked} ids checked");
    assert!(by_numbering > 1_000, "{by_numbering} ids read by numbering");
    assert!(spelt.len() < 40, "{spelt:?}");
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn a_sync_keeps_every_printing_of_a_set_file_and_of_the_combined_file() {
    // The combined export has SOR's Normal, Hyperspace and Showcase printings; a raw set file
    // of the API has SOR's Normal printings and their foils (as api.swu-db.com answers).
    let all: Vec<serde_json::Value> =
        serde_json::from_str(&shared_file("cards/all_cards.json")).unwrap();
    let sor: Vec<&serde_json::Value> = all.iter().filter(|r| r["Set"] == "SOR").collect();
    let mut api = Vec::new();
    for r in sor.iter().filter(|r| r["VariantType"] == "Normal") {
        api.push((*r).clone());
        let mut foil = (*r).clone();
        foil["Number"] = format!("{}F", r["Number"].as_str().unwrap()).into();
        foil["VariantType"] = "Foil".into();
        api.push(foil);
    }
    let mirror = tempfile::tempdir().unwrap();
    std::fs::write(
        mirror.path().join("all_cards.json"),
        serde_json::to_vec(&sor).unwrap(),
    )
    .unwrap();
    std::fs::create_dir(mirror.path().join("raw")).unwrap();
    std::fs::write(
        mirror.path().join("raw/SOR.json"),
        serde_json::to_vec(&serde_json::json!({"total_cards": api.len(), "data": api})).unwrap(),
    )
    .unwrap();
    let root = tempfile::tempdir().unwrap();
    let synced = sync(
        &deckcheck_swu::sync::SwuDb,
        &DirFetch::new(mirror.path()).unwrap(),
        root.path(),
        &SyncOptions::default(),
    )
    .unwrap();
    // 252 Normal + 242 Hyperspace + 16 Showcase from the export, 234 foils of the API file...
    let foils = api.len() - 252;
    assert_eq!(synced.manifest.items["SOR"], sor.len() + foils);
    let dir = deckcheck_core::sync::CatalogDir::new(root.path()).current();
    let inventory = deckcheck_swu::sync::SwuDb.inventory(&dir).unwrap();
    assert_eq!(inventory["SOR"], sor.len() + foils);
    let catalog = deckcheck_swu::catalog::load_dir(&dir, &|_| None).unwrap();
    for id in ["SOR_059F", "SOR_324", "SOR_253", "SOR_017"] {
        let key = printing_key(id).unwrap();
        assert!(
            catalog
                .printings()
                .iter()
                .any(|p| printing_key(&p.code).as_ref() == Some(&key)),
            "{id} was dropped"
        );
    }
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn the_card_answer_says_an_id_was_read_by_numbering() {
    let game = game();
    let card = game.card("JTL_754", date(2026, 11, 22)).unwrap();
    assert_eq!(card["card"]["title"], "Swarming Vulture Droid");
    assert_eq!(
        card["card"]["resolved_by_numbering"]["variant"],
        "Standard Foil"
    );
    let normal = game.card("JTL_256", date(2026, 11, 22)).unwrap();
    assert!(normal["card"].get("resolved_by_numbering").is_none());
}
