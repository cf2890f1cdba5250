//! The game as the service and the CLI see it: its codes and formats, a card's standing on a
//! date, the legal window of a deck, conversions between the two input formats.

use deckcheck_core::{DeckInput, FindingCode, Verdict};
use jiff::civil::date;

use crate::support::{TODAY, deck_file, game, request};

#[test]
#[ignore = "needs ../shared: the LCG data (../shared/data/swlcg)"]
fn the_game_lists_its_formats_inputs_and_every_rule_code() {
    let game = game();
    let info = game.info();
    assert_eq!((info.id, info.cards), ("lcg", 1776));
    let formats: Vec<(&str, u32)> = info
        .formats
        .iter()
        .map(|f| (f.id.as_str(), f.decks))
        .collect();
    assert_eq!(formats, [("standard", 2), ("2v2", 2)]);
    let inputs: Vec<&str> = info.inputs.iter().map(|i| i.id).collect();
    assert_eq!(inputs, ["o8d", "pod-list"]);
    let codes: Vec<&str> = info.codes.iter().map(|c| c.code.as_str()).collect();
    for code in [
        "LCG-AFFILIATION",
        "LCG-SIDE",
        "LCG-POD",
        "LCG-NOT-IN-POD",
        "LCG-MIN-10",
        "LCG-COPIES",
        "LCG-ERRATA",
        "LCG-AFFILIATION-ONLY",
        "LCG-RESTRICTED",
        "LCG-ALT-AFFILIATION",
        "LCG-MISSION",
        "LCG-POOL",
        "LCG-PAIR",
        "LCG-SECTION",
        "LCG-UNKNOWN",
    ] {
        assert!(codes.contains(&code), "{code}");
    }
}

#[test]
#[ignore = "needs ../shared: the LCG data (../shared/data/swlcg)"]
fn along_the_gamor_run_is_limit_one_from_its_errata() {
    let game = game();
    let id = "ff4fb461-8060-457a-9c16-000000000709";
    let now = game.card(id, TODAY).unwrap();
    assert_eq!(now["title"], "Along the Gamor Run");
    assert_eq!(now["objective_set"], 109);
    assert_eq!(now["copies_per_deck"], 1);
    let before = game.card(id, date(2014, 10, 5)).unwrap();
    assert_eq!(before["copies_per_deck"], 2);
    let against_all_odds = game
        .card("ff4fb461-8060-457a-9c16-000000000673", TODAY)
        .unwrap();
    assert_eq!(against_all_odds["title"], "Against All Odds");
    assert_eq!(
        against_all_odds["restricted"],
        serde_json::json!([
            "LS Restricted Group 1 (FAQ v5.0)",
            "LS Restricted Group 4 (FAQ v5.0)"
        ])
    );
}

#[test]
#[ignore = "needs ../shared: the LCG data (../shared/data/swlcg)"]
fn search_finds_cards_by_name_and_by_guid() {
    let game = game();
    let found = game.search("luke skywalkr", 5);
    assert!(
        found.iter().all(|c| c.card.title.contains("Luke")),
        "{found:?}"
    );
    let by_id = game.search("ff4fb461-8060-457a-9c16-000000000063", 1);
    assert_eq!(&*by_id[0].card.title, "A Hero's Journey");
}

#[test]
#[ignore = "needs ../shared: the LCG data (../shared/data/swlcg)"]
fn the_window_of_a_deck_with_set_109_twice_closes_with_the_errata() {
    let game = game();
    let window = game
        .window(
            &request(&[&deck_file("gamor-run-twice.txt")], "standard", TODAY),
            None,
            Some(TODAY),
        )
        .unwrap();
    let intervals = &window.formats[0].intervals;
    let last = intervals.last().unwrap();
    assert_eq!(last.verdict, Verdict::Illegal);
    let errata = intervals
        .iter()
        .find(|i| i.opened.iter().any(|v| v.code.as_str() == "LCG-ERRATA"))
        .unwrap();
    assert_eq!(errata.from, date(2014, 10, 6));
}

#[test]
#[ignore = "needs ../shared: the LCG data (../shared/data/swlcg)"]
fn a_pod_list_converts_to_an_o8d_and_back() {
    let game = game();
    let input = DeckInput {
        field: "deck".into(),
        text: deck_file("smugglers-and-spies.txt"),
    };
    let (o8d, diags) = game.convert(&input, None, "o8d").unwrap();
    assert!(diags.is_empty());
    assert!(o8d.contains(r#"<section name="Objective Deck">"#));
    let back = DeckInput {
        field: "deck".into(),
        text: o8d,
    };
    let (pods, _) = game.convert(&back, Some("o8d"), "pod-list").unwrap();
    assert!(
        pods.starts_with("Affiliation: Smugglers and Spies\n1x Questionable Contacts (15)\n"),
        "{pods}"
    );
    let starter = DeckInput {
        field: "deck".into(),
        text: deck_file("pod-missing-card.o8d"),
    };
    let err = game.convert(&starter, None, "pod-list").unwrap_err();
    assert!(err.message.contains("not whole"), "{}", err.message);
}

#[test]
#[ignore = "needs ../shared: the LCG data (../shared/data/swlcg)"]
fn a_registered_deck_is_compared_card_for_card() {
    let game = game();
    let compare = game
        .compare(&deckcheck_core::CompareRequest {
            registered: DeckInput {
                field: "registered".into(),
                text: deck_file("jedi-ten-sets.o8d"),
            },
            presented: DeckInput {
                field: "presented".into(),
                text: deck_file("pod-missing-card.o8d"),
            },
            extra: None,
            format: None,
            as_of: TODAY,
        })
        .unwrap();
    assert_eq!(compare.findings.len(), 1);
    assert_eq!(compare.findings[0].code, FindingCode::CardMissing);
}
