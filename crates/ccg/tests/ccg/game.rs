//! The game as the service and the CLI see it (`AnyGame`): a pair in one request, the legal
//! window of a deck, cards, search, conversion.

use deckcheck_core::{AnyGame, DeckInput, ValidateRequest, Verdict};
use jiff::civil::date;

use crate::helpers::{self, read_deck};
use crate::real;

fn request(decks: &[&str], formats: &[&str]) -> ValidateRequest {
    ValidateRequest {
        decks: decks
            .iter()
            .enumerate()
            .map(|(i, d)| DeckInput {
                field: format!("decks[{i}]"),
                text: read_deck(d),
            })
            .collect(),
        formats: formats.iter().map(|f| f.to_string()).collect(),
        as_of: helpers::today(),
        input_format: None,
        explain: true,
        player: None,
        uid: None,
        registration: false,
        options: serde_json::Map::new(),
    }
}

#[test]
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn a_dark_and_a_light_deck_are_judged_as_one_registration_in_each_format() {
    let game = real!();
    let answer = AnyGame::validate(
        game,
        &request(&["bhbm-dark.xml", "ebo-light.txt"], &["all"]),
    )
    .unwrap();
    assert_eq!(
        answer.summary.legal,
        ["open", "classic", "classic-2006", "classic-gemp"]
    );
    assert!(answer.legal);
    assert_eq!(answer.reports[0].decks, [0, 1]);
    assert_eq!(answer.decks[1].input_format, "text");
    let gemp = answer
        .reports
        .iter()
        .find(|r| r.report.format == "classic-gemp")
        .unwrap();
    assert!(
        gemp.report
            .notes
            .iter()
            .any(|n| n.message.contains("bans Defensive Shields"))
    );
}

#[test]
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn a_violation_of_the_second_deck_says_which_deck() {
    let game = real!();
    let answer = AnyGame::validate(
        game,
        &request(&["bhbm-dark.xml", "two-mythrols.txt"], &["open"]),
    )
    .unwrap();
    let v = &answer.reports[0].report.violations[0];
    assert_eq!((v.code.as_str(), v.deck), ("CCG-MAX-ONE", Some(2)));
    let json = serde_json::to_value(v).unwrap();
    assert_eq!(json["section"], "PEER GEMP DefaultSwccgFormat.validateDeck");
}

#[test]
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn three_decks_are_refused() {
    let game = real!();
    let err = AnyGame::validate(
        game,
        &request(
            &["bhbm-dark.xml", "ebo-light.txt", "bhbm-dark.xml"],
            &["open"],
        ),
    )
    .unwrap_err();
    assert_eq!(err.field.as_deref(), Some("decks"));
}

#[test]
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn the_window_of_a_virtual_set_26_deck_opens_a_week_after_its_release() {
    let game = real!();
    let window = AnyGame::window(
        game,
        &request(&["virtual-set-26.gemp"], &["open"]),
        Some(date(2025, 1, 1)),
        Some(date(2026, 1, 1)),
    )
    .unwrap();
    let intervals = &window.formats[0].intervals;
    let legal = intervals
        .iter()
        .find(|i| i.verdict == Verdict::Legal)
        .unwrap();
    assert_eq!(legal.from, date(2025, 12, 15));
    assert!(
        intervals
            .iter()
            .any(|i| i.verdict == Verdict::Illegal && i.until == Some(date(2025, 12, 15)))
    );
}

#[test]
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn a_card_is_described_with_its_standing_in_each_format() {
    let game = real!();
    let alter = AnyGame::card(game, "12_145", helpers::today()).unwrap();
    assert_eq!(alter["set"]["name"], "Coruscant");
    assert_eq!(alter["set"]["release_precision"], "month");
    assert_eq!(alter["formats"]["open"]["status"], "legal");
    assert_eq!(alter["formats"]["classic"]["status"], "illegal");
    assert_eq!(
        alter["formats"]["classic"]["violations"][0]["code"],
        "CCG-ICON"
    );
    let rings = AnyGame::card(game, "213_14", helpers::today()).unwrap();
    assert_eq!(rings["formats"]["classic"]["status"], "unverified");
    assert_eq!(rings["episode_i_icon_conflict"]["gemp"], true);
    assert!(AnyGame::card(game, "9_9999", helpers::today()).is_none());
}

#[test]
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn search_finds_every_card_of_a_title_first() {
    let game = real!();
    let found = AnyGame::search(game, "Alter", 10);
    let ids: Vec<&str> = found.iter().take(4).map(|c| &*c.card.id).collect();
    assert_eq!(ids.len(), 4);
    assert!(ids.contains(&"12_145") && ids.contains(&"1_71"));
    let typo = AnyGame::search(game, "Emperor Palpatin", 3);
    assert!(typo.iter().any(|c| &*c.card.id == "9_109"));
}

#[test]
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn a_deck_converts_between_gemp_xml_gemp_string_and_text_and_back() {
    let game = real!();
    let input = DeckInput {
        field: "deck".into(),
        text: read_deck("gemp-samples/decipher-only-hunt-down-warren.gemp"),
    };
    let (xml, _) = AnyGame::convert(game, &input, None, "gemp-xml").unwrap();
    let (text, _) = AnyGame::convert(
        game,
        &DeckInput {
            field: "deck".into(),
            text: xml,
        },
        None,
        "text",
    )
    .unwrap();
    assert!(text.contains("Outside the deck:"));
    let (string, diagnostics) = AnyGame::convert(
        game,
        &DeckInput {
            field: "deck".into(),
            text,
        },
        None,
        "gemp-string",
    )
    .unwrap();
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let sorted = |s: &str| {
        let (d, o) = s.trim().split_once('|').unwrap();
        let mut d: Vec<&str> = d.split(',').collect();
        let mut o: Vec<&str> = o.split(',').collect();
        d.sort_unstable();
        o.sort_unstable();
        (d.join(","), o.join(","))
    };
    assert_eq!(sorted(&string), sorted(&input.text));
    let ambiguous = DeckInput {
        field: "deck".into(),
        text: read_deck("alter.txt"),
    };
    assert!(AnyGame::convert(game, &ambiguous, None, "gemp-string").is_err());
}

#[test]
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn the_game_lists_its_formats_as_pairs_its_inputs_and_every_code() {
    let game = real!();
    let info = AnyGame::info(game);
    assert_eq!(info.id, "ccg");
    assert!(info.formats.iter().all(|f| f.decks == 2));
    let inputs: Vec<&str> = info.inputs.iter().map(|i| i.id).collect();
    assert_eq!(inputs, ["gemp-xml", "gemp-string", "text"]);
    assert_eq!(info.codes.len(), 21);
    assert_eq!(deckcheck_ccg::SPEC.dir_name, "swccg");
}
