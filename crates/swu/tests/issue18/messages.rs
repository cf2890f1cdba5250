//! Item 7: messages that do not mislead: reprint lists complete, no note where nothing is
//! uncertain, grammar, melee.gg bases written without their location, and a SWUDB author who is
//! not written as the player.

use deckcheck_core::{CompareRequest, DeckInput, FindingCode, Verdict};
use jiff::civil::date;

use super::support::*;

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn a_rotated_card_with_a_reprint_not_yet_out_names_the_reprint() {
    // Regression for issue 18, item 7: "Devotion ... printed only in SOR" omitted HMW_096.
    let game = game();
    let answer = validate(
        game,
        &sec_deck_with("SOR_070"),
        "premier",
        date(2026, 10, 3),
    );
    let r = report(&answer);
    let v = r
        .violations
        .iter()
        .find(|v| v.code.as_str() == "card-not-in-format")
        .unwrap();
    let message = v.message();
    assert!(
        message.contains("Devotion in Homeworlds (HMW_096) from 2026-10-09"),
        "{message}"
    );
    // From the reprint's release day it is legal again.
    let later = validate(
        game,
        &sec_deck_with("SOR_070"),
        "premier",
        date(2026, 10, 9),
    );
    assert_eq!(report(&later).verdict, Verdict::Legal);
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn a_twin_suns_deck_before_any_rotation_carries_no_card_pool_note() {
    // Regression for issue 18, item 7: every Twin Suns answer said the pool was unconfirmed.
    let game = game();
    let answer = validate(game, &wichita("melee.txt"), "twin-suns", date(2025, 1, 15));
    assert!(
        report(&answer).notes.is_empty(),
        "{:#?}",
        report(&answer).notes
    );
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn formats_take_an_or_a_as_english_does() {
    let game = game();
    let no_leader = wichita("melee.txt").replace("1 | Han Solo | Audacious Smuggler\n", "");
    let answer = validate(game, &no_leader, "eternal", date(2026, 11, 22));
    let v = report(&answer)
        .violations
        .iter()
        .find(|v| v.code.as_str() == "leader-count")
        .unwrap();
    assert!(
        v.message()
            .starts_with("An Eternal deck has exactly 1 leader"),
        "{}",
        v.message()
    );
    let premier = validate(game, &no_leader, "premier", date(2025, 1, 15));
    let v = &report(&premier).violations[0];
    assert!(v.message().starts_with("A Premier deck"), "{}", v.message());
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn one_card_listed_under_two_printings_is_one_card_over_the_limit() {
    // Regression for issue 18, item 7: "2 cards have more copies ..." for one card.
    let game = game();
    let text = wichita("melee.txt").replace(
        "3 | Surprise Strike",
        "2 | Surprise Strike (SOR) 220\n2 | Surprise Strike (SHD) 231",
    );
    let answer = validate(game, &text, "premier", date(2025, 1, 15));
    let v = report(&answer)
        .violations
        .iter()
        .find(|v| v.code.as_str() == "too-many-copies")
        .unwrap();
    assert_eq!(
        v.message(),
        "4 copies of Surprise Strike across main deck and sideboard (listed as SOR_220 ×2, SHD_231 ×2); Premier allows 3."
    );
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn one_card_moved_to_an_empty_sideboard_is_one_card() {
    let registered = wichita("melee.txt");
    let registered = &registered[..registered.find("Sideboard").unwrap()];
    let presented =
        registered.replace("3 | Cunning\n", "2 | Cunning\n") + "\nSideboard\n1 | Cunning\n";
    let input = |field: &str, text: &str| DeckInput {
        field: field.into(),
        text: text.into(),
    };
    let comparison = game()
        .compare(&CompareRequest {
            registered: input("registered", registered),
            presented: input("presented", &presented),
            extra: None,
            format: Some("premier".into()),
            as_of: date(2025, 1, 15),
        })
        .unwrap();
    let f = comparison
        .findings
        .iter()
        .find(|f| f.code == FindingCode::SideboardLargerThanRegistered)
        .unwrap();
    assert!(
        f.message.starts_with("The sideboard has 1 card;"),
        "{}",
        f.message
    );
    let small = comparison
        .findings
        .iter()
        .find(|f| f.code == FindingCode::MainDeckBelowMinimum)
        .unwrap();
    assert!(small.message.contains("has 49 cards"), "{}", small.message);
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn a_melee_list_with_bases_written_without_their_location_reads_without_a_warning() {
    // Regression for issue 18, item 7: "Level 1313" raised a read-loosely warning although no
    // other card has that title.
    let game = game();
    let answer = validate(game, &wichita("melee.txt"), "premier", date(2025, 1, 15));
    assert!(
        answer.decks[0].diagnostics.is_empty(),
        "{:#?}",
        answer.decks[0].diagnostics
    );
    assert_eq!(report(&answer).verdict, Verdict::Legal);
    // A title several cards carry still asks for its subtitle.
    let falcon = wichita("melee.txt").replace(
        "2 | Millennium Falcon | Lando's Pride",
        "2 | Millennium Falcon",
    );
    let answer = validate(game, &falcon, "premier", date(2025, 1, 15));
    assert!(
        answer.decks[0]
            .diagnostics
            .iter()
            .any(|d| d.code.as_str() == "ambiguous-card")
    );
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn a_swudb_author_is_written_as_the_author_not_as_the_player() {
    // Regression for issue 18, item 7: convert --to text wrote "Player: aces".
    let game = game();
    let deck = DeckInput {
        field: "deck".into(),
        text: wichita("swudb.json"),
    };
    let (text, _) = game.convert(&deck, None, "text").unwrap();
    assert!(
        text.starts_with("Name: Wichita PQ - 4th\nAuthor: aces\n"),
        "{text}"
    );
    assert!(!text.contains("Player:"), "{text}");
    // It reads back the same way, and the author is not taken for the player at registration.
    let answer = validate(game, &text, "premier", date(2025, 1, 15));
    assert_eq!(answer.decks[0].player, None);
    let back = game
        .convert(
            &DeckInput {
                field: "t".into(),
                text,
            },
            None,
            "swudb",
        )
        .unwrap();
    assert!(back.0.contains("\"author\": \"aces\""), "{}", back.0);
}
