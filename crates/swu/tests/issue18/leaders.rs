//! Item 1: Twin Suns leader aspects are judged on the side each leader starts the game on
//! (CR 12.3.1; CEG 9.3.1 of 2026-06-26), and the wording in force on the date is applied:
//! "share Heroism or Villainy" (TR 2.3.1.2, first CEG 9.3.1), "cannot have both" (CEG of
//! 2026-06-26), and between the two editions either, which leaves a pair they judge
//! differently unverified.

use deckcheck_core::{NoteKind, Verdict};
use deckcheck_swu::catalog::{CardType, Rarity};
use jiff::civil::{Date, date};

use super::support::*;

/// A Twin Suns list: two leaders, a base and 80 different Spark of Rebellion commons (Twin Suns
/// never rotates: legal on every date from 2024-03-08).
fn twin_suns(game: &std::sync::Arc<dyn deckcheck_core::AnyGame>, a: &str, b: &str) -> String {
    let catalog = swu(game).catalog();
    let set = catalog.set_index("SOR").expect("SOR in the catalog");
    let mut seen = Vec::new();
    for p in catalog.printings() {
        let card = catalog.card(p.card);
        if p.set == set
            && &*p.variant == "Normal"
            && p.rarity == Rarity::Common
            && card.card_type.is_deck_card()
            && !seen.contains(&p.code)
        {
            seen.push(p.code.clone());
        }
    }
    assert!(seen.len() >= 80, "SOR has {} commons", seen.len());
    let mut lines = vec![
        "Leaders".to_string(),
        format!("1 | {a}"),
        format!("1 | {b}"),
        "Base".into(),
        "1 | SOR_020".into(),
        "Deck".into(),
    ];
    lines.extend(seen.iter().take(80).map(|id| format!("1 | {id}")));
    lines.join("\n")
}

fn verdict(a: &str, b: &str, on: Date) -> (Verdict, Vec<&'static str>) {
    let game = game();
    let answer = validate(game, &twin_suns(game, a, b), "twin-suns", on);
    let r = report(&answer);
    (r.verdict, codes(r))
}

const PALPATINE: &str = "TWI_017";
const VADER: &str = "SOR_010"; // Aggression, Villainy
const LUKE: &str = "SOR_005"; // Vigilance, Heroism
// Neither Heroism nor Villainy: DJ (SEC, 2025-11-07) and Saw Gerrera (LAW, 2026-03-13).
const DJ: &str = "SEC_018"; // Cunning
const SAW: &str = "LAW_001"; // Command, Aggression

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn palpatine_starts_on_his_heroism_side_so_he_may_not_lead_with_a_villain() {
    // Regression for issue 18, item 1: the union of his sides shared Villainy with Vader.
    for on in [date(2025, 3, 7), date(2025, 12, 1), date(2026, 11, 22)] {
        let (verdict, codes) = verdict(PALPATINE, VADER, on);
        assert_eq!(verdict, Verdict::Illegal, "{on}");
        assert_eq!(codes, ["leader-aspects"], "{on}");
    }
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn palpatine_may_lead_with_a_hero_under_either_wording() {
    // Regression for issue 18, item 1: the union of his sides had both Heroism and Villainy.
    for on in [
        date(2025, 3, 7),
        date(2025, 12, 1),
        date(2026, 5, 1),
        date(2026, 11, 22),
    ] {
        let (verdict, codes) = verdict(PALPATINE, LUKE, on);
        assert_eq!((verdict, codes), (Verdict::Legal, vec![]), "{on}");
    }
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn palpatine_with_a_neutral_leader_needed_a_shared_aspect_until_the_2026_guide() {
    let before = verdict(PALPATINE, DJ, date(2025, 12, 1));
    assert_eq!(
        before,
        (Verdict::Illegal, vec!["leader-aspects"]),
        "share: DJ has no Heroism"
    );
    let after = verdict(PALPATINE, DJ, date(2026, 11, 22));
    assert_eq!(after, (Verdict::Legal, vec![]));
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn a_neutral_leader_by_date_illegal_unknown_then_legal() {
    // With a hero: the first guide (in force on 2025-12-01) still says "share".
    let first_guide = verdict(DJ, LUKE, date(2025, 12, 1));
    assert_eq!(first_guide, (Verdict::Illegal, vec!["leader-aspects"]));
    // Two neutral leaders: which wording was in force in May 2026 is not known.
    let between = verdict(DJ, SAW, date(2026, 5, 1));
    assert_eq!(between, (Verdict::Unverified, vec!["leader-aspects"]));
    let now = verdict(DJ, SAW, date(2026, 11, 22));
    assert_eq!(now, (Verdict::Legal, vec![]));
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn the_unsettled_wording_says_why_in_one_sentence() {
    let game = game();
    let answer = validate(
        game,
        &twin_suns(game, DJ, SAW),
        "twin-suns",
        date(2026, 5, 1),
    );
    let v = &report(&answer).violations[0];
    assert_eq!(v.section, "CEG 9.3.1");
    let caveat = v.caveat.as_deref().unwrap();
    assert!(
        caveat.contains("June 2026") && caveat.ends_with('.'),
        "{caveat}"
    );
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn before_the_first_rules_text_on_starting_sides_palpatine_cannot_be_judged() {
    // TWI released 2024-11-08; CR 4.0 (2025-03-07) is the first text found that names the side.
    let (verdict, _) = verdict(PALPATINE, VADER, date(2025, 1, 15));
    assert_eq!(verdict, Verdict::Unverified);
    let game = game();
    let answer = validate(
        game,
        &twin_suns(game, PALPATINE, VADER),
        "twin-suns",
        date(2025, 1, 15),
    );
    let v = &report(&answer).violations[0];
    assert!(
        v.caveat.as_deref().unwrap().contains("7 March 2025"),
        "{v:#?}"
    );
    // With a hero, "share" is met whichever side counts: nothing to say.
    let luke = validate(
        game,
        &twin_suns(game, PALPATINE, LUKE),
        "twin-suns",
        date(2025, 1, 15),
    );
    let r = report(&luke);
    assert_eq!(r.verdict, Verdict::Legal);
    assert!(
        !r.notes.iter().any(|n| n.kind == NoteKind::Unverified),
        "{:#?}",
        r.notes
    );
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn every_leader_that_names_its_starting_side_has_that_side_in_card_data() {
    let game = game();
    let swu = swu(game);
    let named: Vec<String> = swu
        .catalog()
        .cards()
        .iter()
        .filter(|c| c.declares_start_side)
        .map(|c| c.display_name())
        .collect();
    assert_eq!(
        named,
        ["Chancellor Palpatine // Darth Sidious | Playing Both Sides"],
        "the catalog's leaders whose text names a starting side"
    );
    for card in swu
        .catalog()
        .cards()
        .iter()
        .filter(|c| c.declares_start_side)
    {
        assert_eq!(card.card_type, CardType::Leader);
        let side = swu
            .links()
            .start_side(card.id)
            .unwrap_or_else(|| panic!("{} has no starting side", card.display_name()));
        assert!(card.aspects.iter().count() > side.aspects.iter().count());
    }
    assert!(swu.data_problems().is_empty(), "{:#?}", swu.data_problems());
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn palpatine_is_found_by_the_name_deck_sites_write() {
    let game = game();
    for name in [
        "Chancellor Palpatine | Playing Both Sides",
        "Chancellor Palpatine, Playing Both Sides",
        "Chancellor Palpatine // Darth Sidious | Playing Both Sides",
    ] {
        let text = twin_suns(game, name, LUKE);
        let answer = validate(game, &text, "twin-suns", date(2026, 11, 22));
        assert!(
            answer.decks[0].diagnostics.is_empty(),
            "{name}: {:#?}",
            answer.decks[0].diagnostics
        );
        assert_eq!(report(&answer).verdict, Verdict::Legal, "{name}");
    }
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn the_card_answer_gives_each_side_of_palpatine_with_its_aspects() {
    let game = game();
    let card = game.card("TWI_292", date(2026, 11, 22)).unwrap();
    let sides = &card["card"]["sides"];
    assert_eq!(sides["start"]["name"], "Chancellor Palpatine");
    assert_eq!(
        sides["start"]["aspects"],
        serde_json::json!(["Cunning", "Heroism"])
    );
    assert_eq!(
        sides["other"]["aspects"],
        serde_json::json!(["Cunning", "Villainy"])
    );
}
