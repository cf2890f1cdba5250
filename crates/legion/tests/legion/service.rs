//! The game as the service and the CLI see it (`AnyGame`): formats, options, the army as
//! understood, conversion, search and card lookups.

use deckcheck_core::{Game, Verdict};
use serde_json::json;

use super::common::*;

const LINK: &str = "https://legionhq2.com/list/rebels/1000:1ab0000,1ad0000,3ahed0dc0,1aieh000,1gv00000,1ae000,2ak00000,2ao00,1he00,1ap000,cr,cq,vo,ck,bj,ch,Ag,Ah,Ai,Aa,Ab,Ac,yu,yv,yw";

#[test]
#[ignore = "needs ../shared: the Legion data (../shared/data/legion)"]
fn a_validate_request_answers_each_mode_asked() {
    let g = game();
    let answer = any(g)
        .validate(&request(LINK, &["standard", "recon", "grand-army"], TODAY))
        .unwrap();
    assert_eq!(answer.game, "legion");
    assert_eq!(answer.summary.legal, ["standard"]);
    assert!(answer.summary.illegal.contains(&"recon".to_string()));
    // 984 points in Grand Army: too few corps, but far from the cap.
    assert_eq!(answer.reports.len(), 3);
    let json = serde_json::to_value(&answer).unwrap();
    assert_eq!(json["decks"][0]["input_format"], "legion-hq-link");
}

#[test]
#[ignore = "needs ../shared: the Legion data (../shared/data/legion)"]
fn the_view_shows_units_with_their_upgrades_the_command_hand_and_the_battle_deck() {
    let g = game();
    let answer = any(g)
        .validate(&request(LINK, &["standard"], TODAY))
        .unwrap();
    let view = answer.decks[0].view.as_ref().unwrap();
    let ids: Vec<&str> = view.sections.iter().map(|s| s.id).collect();
    assert_eq!(ids, ["units", "command", "battle"]);
    let troopers = view.sections[0]
        .lines
        .iter()
        .find(|l| &*l.card.id == "ah")
        .unwrap();
    assert_eq!(troopers.count, 3);
    let attached: Vec<&str> = troopers.attached.iter().map(|c| &*c.id).collect();
    assert_eq!(attached.len(), 2);
    assert!(attached.contains(&"ed") && attached.contains(&"dc"));
    assert_eq!(troopers.card.line, Some(3), "the link's segment");
    assert_eq!(view.sections[1].count, 7, "six cards and Standing Orders");
    assert_eq!(view.sections[2].count, 9);
}

#[test]
#[ignore = "needs ../shared: the Legion data (../shared/data/legion)"]
fn the_choices_option_is_read_and_an_unknown_option_is_refused() {
    let g = game();
    let mut r = request(LINK, &["standard"], TODAY);
    r.options
        .insert("choices".into(), json!(["Veterans", "Tools of the Trade"]));
    assert!(any(g).validate(&r).unwrap().legal);
    r.options.insert("battle_force".into(), json!("x"));
    let err = any(g).validate(&r).unwrap_err();
    assert_eq!(err.field.as_deref(), Some("battle_force"));
}

#[test]
#[ignore = "needs ../shared: the Legion data (../shared/data/legion)"]
fn a_registration_without_a_command_hand_cannot_be_called_legal() {
    let g = game();
    let units = LINK.split(",cr,").next().unwrap();
    let mut r = request(units, &["standard"], TODAY);
    assert_eq!(
        any(g).validate(&r).unwrap().reports[0].report.verdict,
        Verdict::Legal
    );
    r.registration = true;
    assert_eq!(
        any(g).validate(&r).unwrap().reports[0].report.verdict,
        Verdict::Unverified
    );
}

#[test]
#[ignore = "needs ../shared: the Legion data (../shared/data/legion)"]
fn a_tts_list_converts_to_a_link_that_reads_back_as_the_same_army() {
    let g = game();
    let input = deckcheck_core::DeckInput {
        field: "deck".into(),
        text: LINK.into(),
    };
    let (link, diagnostics) = any(g).convert(&input, None, "legion-hq-link").unwrap();
    assert!(diagnostics.is_empty());
    assert!(
        link.contains(",3ahed0dc0,"),
        "upgrades in their slots: {link}"
    );
    let again = g.import(&link, None).unwrap();
    let first = g.import(LINK, None).unwrap();
    assert_eq!(g.view(&again.deck).tally(), g.view(&first.deck).tally());
    assert!(any(g).convert(&input, None, "o8d").is_err());
}

#[test]
#[ignore = "needs ../shared: the Legion data (../shared/data/legion)"]
fn search_and_card_answer_by_name_and_id() {
    let g = game();
    let found = any(g).search("Luke Skywalker", 5);
    assert!(found.iter().any(|c| &*c.card.id == "ad"), "{found:?}");
    assert_eq!(&*any(g).search("ad", 1)[0].card.id, "ad");
    let card = any(g).card("ad", jiff::civil::date(2024, 1, 1)).unwrap();
    assert_eq!(card["cost"], 120);
    assert_eq!(card["cost_on_date"], 150);
    assert!(any(g).card("zz", TODAY).is_none());
}

#[test]
#[ignore = "needs ../shared: the Legion data (../shared/data/legion)"]
fn the_game_lists_its_modes_inputs_and_every_rule_code() {
    let g = game();
    let info = any(g).info().clone();
    let formats: Vec<&str> = info.formats.iter().map(|f| f.id.as_str()).collect();
    assert_eq!(formats, ["standard", "recon", "escalation", "grand-army"]);
    assert!(info.formats.iter().all(|f| f.decks == 1));
    let inputs: Vec<&str> = info.inputs.iter().map(|i| i.id).collect();
    assert_eq!(inputs, ["legion-hq-link", "legion-tts-json", "legion-text"]);
    for code in [
        "LEG-POINTS",
        "LEG-FACTION",
        "LEG-RANK",
        "LEG-FIELD-COMMANDER",
        "LEG-DETACHMENT",
        "LEG-MERC",
        "LEG-SPECIAL-ISSUE",
        "LEG-UNIQUE",
        "LEG-SLOT",
        "LEG-UPGRADE-REQ",
        "LEG-UPGRADE-MISC",
        "LEG-BATTLE-FORCE",
        "LEG-CMD",
        "LEG-BATTLE-DECK",
        "LEG-LIST",
        "LEG-POOL",
    ] {
        assert!(info.codes.iter().any(|c| c.code.as_str() == code), "{code}");
    }
    assert_eq!(info.cards, 896);
    let body: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(r#"{"armyFaction": "rebel", "units": []}"#).unwrap();
    assert!(g.is_bare_deck(&body));
}
