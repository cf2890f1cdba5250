//! The list formats: Legion HQ's link, TTS JSON and text export read as the same army; bad
//! entries get diagnostics (with did-you-mean), names that fit several cards are never
//! guessed, and bad input never panics.

use deckcheck_core::{DiagnosticCode, Game, ImportError, Verdict};

use super::common::*;

pub(crate) const TTS: &str = r#"{"author": "Legion HQ", "listname": "Leia and Luke", "points": 984, "armyFaction": "rebel", "commandCards": ["Coordinated Bombardment", "Son of Skywalker", "A Beautiful Friendship", "My Ally is the Force", "Assault", "Covering Fire", "Standing Orders"], "contingencies": [], "units": [{"name": "Leia Organa Fearless and Inventive", "upgrades": []}, {"name": "Luke Skywalker Hero of the Rebellion", "upgrades": []}, {"name": "Rebel Troopers", "upgrades": ["Z-6 Trooper", "Targeting Scopes"]}, {"name": "Rebel Troopers", "upgrades": ["Z-6 Trooper", "Targeting Scopes"]}, {"name": "Rebel Troopers", "upgrades": ["Z-6 Trooper", "Targeting Scopes"]}, {"name": "Fleet Troopers", "upgrades": ["Scatter Gun Trooper"]}, {"name": "Rebel Veterans", "upgrades": []}, {"name": "Jyn Erso Stardust", "upgrades": []}, {"name": "Rebel Commandos", "upgrades": []}, {"name": "Rebel Commandos", "upgrades": []}, {"name": "AT-RT", "upgrades": []}, {"name": "AT-RT", "upgrades": []}, {"name": "Tauntaun Riders", "upgrades": []}, {"name": "T-47 Airspeeder", "upgrades": []}], "battlefieldDeck": {"conditions": ["Advanced Intel", "Cunning Deployment", "Fortified Position"], "deployment": ["Breakthrough", "Bunker Assault", "Close the Pocket"], "objective": ["Bring Them to Heel", "Destroy Enemy Base", "Marked Targets"], "scenario": "standard"}}"#;

const TEXT: &str = "Leia and Luke
984/1000 (14 activations)
Commanders:
 - Leia Organa = 75
 - Luke Skywalker = 120
Operative:
 - Jyn Erso = 75
Corps:
 - 3× Rebel Troopers (40): Z-6 Trooper (20), Targeting Scopes (4) = 192
 - Fleet Troopers (40): Scatter Gun Trooper (22) = 62
 - Rebel Veterans = 48
Special Forces:
 - 2× Rebel Commandos (42):  = 84
Support:
 - 2× AT-RT (54):  = 108
 - Tauntaun Riders = 95
Heavy:
 - T-47 Airspeeder = 125

Commands: • Coordinated Bombardment, • Son of Skywalker, •• A Beautiful Friendship, •• My Ally is the Force, ••• Assault, ••• Covering Fire, •••• Standing Orders";

const LINK: &str = "https://legionhq2.com/list/rebels/1000:1ab0000,1ad0000,3ahed0dc0,1aieh000,1gv00000,1ae000,2ak00000,2ao00,1he00,1ap000,cr,cq,vo,ck,bj,ch,Ag,Ah,Ai,Aa,Ab,Ac,yu,yv,yw";

#[test]
#[ignore = "needs ../shared: the Legion data (../shared/data/legion)"]
fn the_tts_export_reads_as_the_same_army_as_the_link() {
    let g = game();
    let tts = g.import(TTS, None).unwrap();
    assert_eq!(tts.format, "legion-tts-json");
    assert!(tts.diagnostics.is_empty(), "{:?}", tts.diagnostics);
    let link = g.import(LINK, None).unwrap();
    assert_eq!(g.view(&tts.deck).tally(), g.view(&link.deck).tally());
    assert_legal(&judge(g, TTS, "standard", TODAY));
}

#[test]
#[ignore = "needs ../shared: the Legion data (../shared/data/legion)"]
fn the_text_export_reads_by_rank_and_cost_though_it_drops_titles() {
    let g = game();
    let text = g.import(TEXT, None).unwrap();
    assert_eq!(text.format, "legion-text");
    assert!(text.diagnostics.is_empty(), "{:?}", text.diagnostics);
    let link = g.import(LINK, None).unwrap();
    let (mut a, b) = (g.view(&text.deck).tally(), g.view(&link.deck).tally());
    // The text export has no battle deck.
    for (k, v) in &b {
        if k.0 == "battle" {
            a.insert(k.clone(), *v);
        }
    }
    assert_eq!(a, b);
    let r = judge(g, TEXT, "standard", TODAY);
    assert_eq!(
        r.verdict,
        Verdict::Legal,
        "{}",
        serde_json::to_string_pretty(&r).unwrap()
    );
    assert!(
        r.notes
            .iter()
            .any(|n| n.message.contains("without a title")),
        "a text list does not identify Luke uniquely (REG L152): {:?}",
        r.notes
    );
}

#[test]
#[ignore = "needs ../shared: the Legion data (../shared/data/legion)"]
fn a_name_that_fits_several_cards_is_reported_with_every_candidate_and_the_verdict_under_each() {
    let g = game();
    let text =
        "Commanders:\n - Luke Skywalker\n - Leia Organa = 75\nCorps:\n - 3× Rebel Troopers = 120\n";
    let imported = g.import(text, None).unwrap();
    let d = &imported.diagnostics[0];
    assert_eq!(d.code, DiagnosticCode::AMBIGUOUS_CARD);
    assert_eq!(d.at, "line 2");
    let ids: Vec<&str> = d.candidates.iter().map(|c| &*c.id).collect();
    assert!(ids.contains(&"ad") && ids.contains(&"Fb"), "{ids:?}");
    let r = judge(g, text, "standard", TODAY);
    assert_eq!(r.verdict, Verdict::Unverified);
    let note = r.notes.iter().find(|n| n.message.contains("fits")).unwrap();
    assert!(
        note.message
            .contains("as Luke Skywalker, Hero of the Rebellion (ad) it is legal"),
        "{}",
        note.message
    );
}

/// The ids of the candidates of the ambiguity reported for `name`.
fn candidates_of(
    imported: &deckcheck_core::Imported<deckcheck_legion::army::Army>,
    name: &str,
) -> Vec<String> {
    let d = imported
        .diagnostics
        .iter()
        .find(|d| d.text == name)
        .unwrap_or_else(|| panic!("no diagnostic for {name}: {:?}", imported.diagnostics));
    assert_eq!(d.code, DiagnosticCode::AMBIGUOUS_CARD, "{d:?}");
    let mut ids: Vec<String> = d.candidates.iter().map(|c| c.id.to_string()).collect();
    ids.sort();
    ids
}

#[test]
#[ignore = "needs ../shared: the Legion data (../shared/data/legion)"]
fn a_tts_file_without_a_scenario_names_both_printings_of_a_shared_battle_card() {
    let g = game();
    // Advanced Intel is a Standard (yu) and a Recon (At) advantage card.
    let without = TTS.replace(r#", "scenario": "standard""#, "");
    assert_ne!(without, TTS);
    let imported = g.import(&without, None).unwrap();
    assert_eq!(candidates_of(&imported, "Advanced Intel"), ["At", "yu"]);
    let r = judge(g, &without, "standard", TODAY);
    assert_eq!(
        r.verdict,
        Verdict::Unverified,
        "{}",
        serde_json::to_string_pretty(&r).unwrap()
    );

    // The scenario written is the one reading: no diagnostic, the card of that scenario.
    let recon = TTS.replace(r#""scenario": "standard""#, r#""scenario": "recon""#);
    let imported = g.import(&recon, None).unwrap();
    assert!(
        imported.diagnostics.is_empty(),
        "{:?}",
        imported.diagnostics
    );
    assert!(
        imported
            .deck
            .battle
            .iter()
            .any(|b| &*g.catalog().card(b.card).id == "At")
    );
}

#[test]
#[ignore = "needs ../shared: the Legion data (../shared/data/legion)"]
fn a_text_list_without_a_points_header_names_both_printings_of_a_shared_battle_card() {
    let g = game();
    let body = "Commanders:\n - Leia Organa = 75\nCorps:\n - 3× Rebel Troopers = 120\nAdvantages:\n - Advanced Intel\n";
    let imported = g.import(body, None).unwrap();
    assert_eq!(candidates_of(&imported, "Advanced Intel"), ["At", "yu"]);
    assert_eq!(
        judge(g, body, "standard", TODAY).verdict,
        Verdict::Unverified
    );

    // A points header says which game the list was built for: one reading.
    for (header, id) in [("195/1000", "yu"), ("195/600", "At")] {
        let imported = g.import(&format!("{header}\n{body}"), None).unwrap();
        assert!(
            imported.diagnostics.is_empty(),
            "{:?}",
            imported.diagnostics
        );
        assert_eq!(&*g.catalog().card(imported.deck.battle[0].card).id, id);
    }
}

#[test]
#[ignore = "needs ../shared: the Legion data (../shared/data/legion)"]
fn the_cost_tells_two_cards_of_one_name_apart() {
    let g = game();
    let text = "Commanders:\n - Luke Skywalker = 110\n - Leia Organa = 75\nCorps:\n - 3× Rebel Troopers = 120\n";
    let imported = g.import(text, None).unwrap();
    assert!(
        imported.diagnostics.is_empty(),
        "{:?}",
        imported.diagnostics
    );
    assert_eq!(&*g.catalog().card(imported.deck.units[0].card).id, "Fb");
}

#[test]
#[ignore = "needs ../shared: the Legion data (../shared/data/legion)"]
fn a_misspelled_name_gets_did_you_mean_and_leaves_the_verdict_unverified() {
    let g = game();
    let tts = TTS.replacen("\"Tauntaun Riders\"", "\"Tauntan Riders\"", 1);
    let imported = g.import(&tts, None).unwrap();
    let d = &imported.diagnostics[0];
    assert_eq!(
        (d.code, d.at.as_str()),
        (DiagnosticCode::UNKNOWN_CARD, "units[12]")
    );
    assert_eq!(&*d.candidates[0].id, "he");
    assert!(
        d.message.contains("did you mean Tauntaun Riders"),
        "{}",
        d.message
    );
    assert_eq!(
        judge(g, &tts, "standard", TODAY).verdict,
        Verdict::Unverified
    );
}

#[test]
#[ignore = "needs ../shared: the Legion data (../shared/data/legion)"]
fn an_unknown_id_in_a_link_is_a_diagnostic_of_its_segment() {
    let g = game();
    let imported = g
        .import(
            "https://legionhq2.com/list/rebels/1000:1ab0000,1zz00,3ah0000",
            None,
        )
        .unwrap();
    assert_eq!(imported.diagnostics.len(), 1);
    assert_eq!(imported.diagnostics[0].at, "segment 2");
    assert_eq!(imported.diagnostics[0].code, DiagnosticCode::UNKNOWN_CARD);
    let r = judge(
        g,
        "https://legionhq2.com/list/rebels/1000:1ab0000,1zz00,3ah0000",
        "standard",
        TODAY,
    );
    assert_eq!(r.verdict, Verdict::Unverified);
}

#[test]
#[ignore = "needs ../shared: the Legion data (../shared/data/legion)"]
fn a_minimum_an_unread_entry_could_fill_is_not_called_illegal() {
    let g = game();
    // Two corps and an unreadable unit: it may be the third corps.
    let r = judge(
        g,
        "https://legionhq2.com/list/rebels/1000:1ab0000,2ah0000,1zz00",
        "standard",
        TODAY,
    );
    assert_eq!(
        r.verdict,
        Verdict::Unverified,
        "{}",
        serde_json::to_string_pretty(&r).unwrap()
    );
}

#[test]
#[ignore = "needs ../shared: the Legion data (../shared/data/legion)"]
fn a_link_may_be_percent_encoded_or_bare_and_mercenaries_default_to_shadow_collective() {
    let g = game();
    let encoded = g
        .import(
            "https://legionhq2.com/list/rebels/1000%3A1ab0000%2C3ah0000",
            None,
        )
        .unwrap();
    assert_eq!(encoded.deck.units.len(), 2);
    let bare = g.import("rebels/1000:1ab0000,3ah0000", None).unwrap();
    assert_eq!(bare.format, "legion-hq-link");
    let merc = g
        .import("https://legionhq2.com/list/mercenary/1000:1Bj0000", None)
        .unwrap();
    assert_eq!(
        g.catalog().force(merc.deck.battle_force.unwrap()).name,
        "Shadow Collective"
    );
}

#[test]
#[ignore = "needs ../shared: the Legion data (../shared/data/legion)"]
fn bad_input_never_panics_and_says_what_is_wrong() {
    let g = game();
    let huge_link = format!("rebels/1000:{}", vec!["1ah0000"; 2_000].join(","));
    let huge_text = "x\n".repeat(20_000);
    for (text, expected) in [
        ("", Some(ImportError::Empty)),
        ("https://legionhq2.com/list/klingons/1000:1ab", None),
        ("https://legionhq2.com/list/", None),
        ("{", None),
        ("[1, 2]", None),
        ("{\"units\": 3}", None),
        ("{\"units\": [[\"Rebel Troopers\"]]}", None),
        (huge_link.as_str(), None),
        (huge_text.as_str(), None),
    ] {
        let result = g.import(text, None);
        match expected {
            Some(e) => assert_eq!(result.unwrap_err(), e),
            None => assert!(
                result.is_err(),
                "{text:.60}: {:?}",
                result.map(|i| i.diagnostics)
            ),
        }
    }
    for text in [
        "rebels/1000:",
        "rebels/1000:99999999999999999999999ab0000",
        "rebels/1000:0ab0000",
        "rebels/1000:-1ab0000",
        "rebels/1000:1é0000,1abé,é",
        "rebels/1000:1ab\0\u{0}0,\0",
        "rebels/1000:1ah0ed0d",
        "rebels/1000:1edab,ab,ah",
        "rebels/1000:zz:1ab0000",
        "rebels/800:ebd:1ab0000",
        "{\"armyFaction\": \"rebel\", \"units\": [{\"name\": \"\\u0000\"}], \"commandCards\": [\"Nope\"]}",
        "Commanders:\n - 0× Leia Organa\n - 18446744073709551616× Luke Skywalker\n - \u{0}\n",
        "Commands: • , ••• Nothing\n•\n- \n",
    ] {
        let imported = g.import(text, None).expect(text);
        let _ = judge(g, text, "standard", TODAY);
        let _ = g.view(&imported.deck);
    }
}
