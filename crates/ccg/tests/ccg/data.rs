//! The project's data against the mirrored upstream data: what card_data/ccg says agrees with
//! what GEMP and the card database hold, and the traps of the spec are real.

use std::collections::BTreeMap;

use deckcheck_ccg::upstream::{self, Blueprint, GempFormat, PcFile, PcSet};

use crate::helpers;
use crate::real;

#[test]
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn the_icon_conflict_list_is_exactly_the_disagreements_in_the_data() {
    let game = real!();
    let dir = helpers::data_dir();
    let files = upstream::Files::read(dir).unwrap();
    let mut gemp: Vec<Blueprint> = files.parse(upstream::GEMP_DARK).unwrap();
    gemp.extend(files.parse::<Vec<Blueprint>>(upstream::GEMP_LIGHT).unwrap());
    let by_id: BTreeMap<&str, &Blueprint> = gemp.iter().map(|b| (&*b.card_id, b)).collect();
    let mut pc = files.parse::<PcFile>(upstream::PC_DARK).unwrap().cards;
    pc.extend(files.parse::<PcFile>(upstream::PC_LIGHT).unwrap().cards);
    let mut found: BTreeMap<String, (bool, bool)> = BTreeMap::new();
    for row in &pc {
        let Some(b) = row.gemp_id.as_deref().and_then(|id| by_id.get(id)) else {
            continue;
        };
        let g = b.icons.iter().any(|i| i.icon == "EPISODE_I");
        let p = row.front.icons.iter().any(|i| i == "Episode I");
        if g != p {
            found.insert(b.card_id.to_string(), (g, p));
        }
    }
    let listed: BTreeMap<String, (bool, bool)> = game
        .data()
        .conflicts
        .iter()
        .map(|c| (c.id.clone(), (c.gemp, c.pc)))
        .collect();
    assert_eq!(found, listed);
    assert_eq!(listed.len(), 14);
}

#[test]
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn gemps_classic_bans_the_icons_that_the_classic_gemp_variant_bans() {
    let game = real!();
    let classic: &GempFormat = game.catalog().gemp_format("classic").unwrap();
    let mut gemp: Vec<&str> = classic.banned_icons.iter().map(String::as_str).collect();
    gemp.sort_unstable();
    let variant = game
        .data()
        .formats
        .iter()
        .find(|f| f.id == "classic-gemp")
        .unwrap();
    let ours: Vec<&str> = variant
        .banned_icons_on(helpers::today())
        .into_iter()
        .map(|(i, _)| i)
        .collect();
    assert_eq!(ours, gemp);
    let bans = |id: &str| -> Vec<&str> {
        game.data()
            .formats
            .iter()
            .find(|f| f.id == id)
            .unwrap()
            .banned_icons_on(helpers::today())
            .into_iter()
            .map(|(i, _)| i)
            .collect()
    };
    // Issue 36: today's Classic is the one GEMP plays; the guide's list is classic-2006.
    assert_eq!(bans("classic"), gemp);
    assert_eq!(
        bans("classic-2006"),
        ["EPISODE_I", "MAINTENANCE"],
        "the guide bans no Defensive Shield"
    );
}

#[test]
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn release_dates_written_by_hand_agree_with_the_card_database_and_every_set_of_open_has_one() {
    let game = real!();
    let dir = helpers::data_dir();
    let files = upstream::Files::read(dir).unwrap();
    let sets: Vec<PcSet> = files.parse(upstream::PC_SETS).unwrap();
    for entry in &game.data().sets.sets {
        let db = sets
            .iter()
            .find(|s| s.id == entry.id.to_string())
            .and_then(|s| s.date_release.as_deref())
            .and_then(|d| d.parse::<jiff::civil::Date>().ok());
        if let (Some(ours), Some(db)) = (entry.release, db) {
            assert_eq!(ours, db, "set {}", entry.id);
        }
        if let (Some(listed), Some(release)) = (entry.gemp_listed, entry.release) {
            assert!(
                listed <= release,
                "set {}: GEMP lists sets before their release",
                entry.id
            );
        }
    }
    let open = game.catalog().gemp_format("open").unwrap();
    let undated: Vec<u32> = open
        .set
        .iter()
        .copied()
        .filter(|s| game.catalog().set(*s).and_then(|i| i.release).is_none())
        .collect();
    // Set 227 had none until issue 28 (Virtual Set 27, released 2026-08-24: CONFIRMATIONS 9).
    assert_eq!(undated, [0u32; 0]);
    assert_eq!(
        game.catalog().set(227).and_then(|s| s.release),
        Some(jiff::civil::date(2026, 8, 24))
    );
}

#[test]
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn titles_are_not_identities() {
    let game = real!();
    let ids = |title: &str| -> Vec<String> {
        let mut ids: Vec<String> = game
            .catalog()
            .by_title(title)
            .into_iter()
            .map(|c| game.catalog().card(c).id.to_string())
            .collect();
        ids.sort();
        ids
    };
    assert_eq!(ids("Alter"), ["12_145", "12_54", "1_234", "1_71"]);
    assert_eq!(ids("Coruscant: Docking Bay"), ["12_166", "12_74", "7_276"]);
    assert_eq!(ids("No Escape"), ["112_16", "13_78"]);
    assert_eq!(ids("Battle Order"), ["13_54", "8_118"]);
    assert_eq!(ids("Secret Plans"), ["13_86", "7_240"]);
    assert_eq!(ids("Bring Him Before Me"), ["9_151"]);
    assert_eq!(
        ids("Take Your Father's Place"),
        ["9_151"],
        "a back side names its card"
    );
    assert_eq!(
        ids("Fanfare (Tatooine) (V)"),
        ["200_95"],
        "an alternate title names its card"
    );
    assert_eq!(
        ids("Darth Maul, Young Apprentice"),
        ["12_101"],
        "the card, not its alternate image"
    );
    assert_eq!(ids("Darth Maul, Young Apprentice (AI)"), ["12_102"]);
}

#[test]
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn the_catalog_holds_gemps_cards_the_decipher_cards_gemp_lacks_and_the_retired_ones() {
    let game = real!();
    let catalog = game.catalog();
    let (mut gemp, mut pc_only, mut legacy) = (0, 0, 0);
    for (_, card) in catalog.cards() {
        match (card.in_gemp, card.is_legacy()) {
            (true, _) => gemp += 1,
            (false, false) => pc_only += 1,
            (false, true) => legacy += 1,
        }
    }
    assert_eq!(gemp, 3619, "3,680 blueprints, 61 of them back sides");
    assert!(pc_only >= 67, "{pc_only}");
    assert_eq!(legacy, 1203);
    let access_denied = catalog.card(catalog.by_id("5_15").unwrap());
    assert!(!access_denied.in_gemp);
    let chart = catalog.card(catalog.by_id("301_9").unwrap());
    assert!(
        chart.is("GAME_AID"),
        "the card database's Game Aid is GEMP's category"
    );
    let shields = catalog
        .cards()
        .filter(|(_, c)| c.is("DEFENSIVE_SHIELD") && !c.is_legacy())
        .filter(|(_, c)| !c.has_icon("DEFENSIVE_SHIELD"))
        .count();
    assert_eq!(
        shields, 0,
        "every shield carries the icon Classic (GEMP) bans"
    );
}
