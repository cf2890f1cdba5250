//! What the readers make of hostile and sloppy input: never a panic; an input that cannot be
//! read at all is an error naming what was wrong, and an entry that cannot be used is one
//! diagnostic, the rest of the deck still judged.

use deckcheck_core::{RequestError, Verdict};

use crate::support::{TODAY, deck_file, game, request};

fn answer(text: &str) -> Result<deckcheck_core::Validated, RequestError> {
    let game = game();
    game.validate(&request(&[text], "standard", TODAY))
}

fn diagnostics(text: &str) -> Vec<(String, String)> {
    answer(text).unwrap().decks[0]
        .diagnostics
        .iter()
        .map(|d| (d.code.as_str().to_string(), d.message.clone()))
        .collect()
}

const HEAD: &str =
    r#"<deck game="d5cf89e5-1984-4873-8ae0-f06eea411bb3"><section name="Command Deck">"#;
const TAIL: &str = "</section></deck>";

#[test]
#[ignore = "needs ../shared: the LCG data (../shared/data/swlcg)"]
fn malformed_xml_is_refused_with_its_position() {
    let err = answer("<deck><section name=\"Command Deck\"><card qty=\"1\"").unwrap_err();
    assert_eq!(err.code, "unreadable-deck");
    assert!(err.message.contains("not valid XML"), "{}", err.message);
}

#[test]
#[ignore = "needs ../shared: the LCG data (../shared/data/swlcg)"]
fn a_dtd_is_refused_so_entities_never_expand() {
    let laughs = r#"<?xml version="1.0"?><!DOCTYPE deck [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><deck>&b;</deck>"#;
    let err = answer(laughs).unwrap_err();
    assert!(err.message.contains("not valid XML"), "{}", err.message);
}

#[test]
#[ignore = "needs ../shared: the LCG data (../shared/data/swlcg)"]
fn another_games_octgn_deck_and_a_root_that_is_not_a_deck_are_refused() {
    let err = answer(r#"<deck game="a6c8d2e8-7cd8-11dd-8f94-e62b56d89593"></deck>"#).unwrap_err();
    assert!(err.message.contains("another game"), "{}", err.message);
    let err = answer("<html><body>deck</body></html>").unwrap_err();
    assert!(err.message.contains("<html>"), "{}", err.message);
}

#[test]
#[ignore = "needs ../shared: the LCG data (../shared/data/swlcg)"]
fn absurd_quantities_are_one_diagnostic_each() {
    let text = format!(
        r#"{HEAD}<card qty="-1" id="ff4fb461-8060-457a-9c16-000000000064">Luke Skywalker</card><card qty="18446744073709551616" id="ff4fb461-8060-457a-9c16-000000000064">Luke Skywalker</card><card qty="abc" id="ff4fb461-8060-457a-9c16-000000000064">Luke Skywalker</card><card qty="0" id="ff4fb461-8060-457a-9c16-000000000064">Luke Skywalker</card><card id="ff4fb461-8060-457a-9c16-000000000064">Luke Skywalker</card><card qty="1">no id</card>{TAIL}"#
    );
    let codes: Vec<String> = diagnostics(&text).into_iter().map(|d| d.0).collect();
    assert_eq!(
        codes,
        [
            "bad-count",
            "bad-count",
            "bad-count",
            "zero-count",
            "no-count",
            "malformed-entry"
        ]
    );
}

#[test]
#[ignore = "needs ../shared: the LCG data (../shared/data/swlcg)"]
fn nul_bytes_and_odd_characters_do_not_break_the_reader() {
    // NUL separates words like any punctuation: "A Hero\0s Journey" is read, "Je\0di" is no set.
    let pods = "Affiliation: Jedi\n1x A Hero\0s Journey (1)\n1x Je\0di\n\u{202e}2x ✨ (9999999)\n";
    let a = answer(pods).unwrap();
    let codes: Vec<&str> = a.decks[0]
        .diagnostics
        .iter()
        .map(|d| d.code.as_str())
        .collect();
    assert_eq!(codes, ["unknown-card", "no-count", "unknown-card"]);
    assert_eq!(
        a.reports[0].report.verdict,
        Verdict::Unverified,
        "too few sets were read, but the lines not read may be sets"
    );
    // XML forbids NUL: the whole file is refused.
    assert!(answer(&format!("{HEAD}<card qty=\"1\" id=\"\0\">x</card>{TAIL}")).is_err());
}

#[test]
#[ignore = "needs ../shared: the LCG data (../shared/data/swlcg)"]
fn an_oversized_input_is_refused_and_says_so() {
    let huge = "1x A Hero's Journey (1)\n".repeat(10_001);
    let err = answer(&huge).unwrap_err();
    assert!(err.message.contains("too large"), "{}", err.message);
    let many = format!("{HEAD}{}{TAIL}", r#"<card qty="1" id="x"/>"#.repeat(10_001));
    let err = answer(&many).unwrap_err();
    assert!(err.message.contains("too large"), "{}", err.message);
}

#[test]
#[ignore = "needs ../shared: the LCG data (../shared/data/swlcg)"]
fn guids_are_read_whatever_their_case_and_braces_and_names_are_checked() {
    let text = format!(
        r#"{HEAD}<card qty="1" id="{{FF4FB461-8060-457A-9C16-000000000064}}">Luke Skywalker</card><card qty="1" id="ff4fb461-8060-457a-9c16-000000000065">Darth Vader</card>{TAIL}"#
    );
    let d = diagnostics(&text);
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(d[0].0, "id-name-mismatch");
    assert_eq!(
        d[0].1,
        "the id ff4fb461-8060-457a-9c16-000000000065 is Trust Your Feelings (1), not \"Darth Vader\"; the id was used."
    );
}

#[test]
#[ignore = "needs ../shared: the LCG data (../shared/data/swlcg)"]
fn an_unknown_section_is_filed_by_card_type_with_a_warning() {
    let jedi = deck_file("jedi-ten-sets.o8d").replace("Objective Deck", "Objectives Pile");
    let a = answer(&jedi).unwrap();
    assert_eq!(a.decks[0].diagnostics[0].code.as_str(), "unknown-section");
    assert!(a.legal, "the objectives were filed as objectives");
}

#[test]
#[ignore = "needs ../shared: the LCG data (../shared/data/swlcg)"]
fn an_unknown_guid_gets_did_you_mean_from_its_written_name() {
    let a = answer(&deck_file("unknown-card.o8d")).unwrap();
    let d = &a.decks[0].diagnostics[0];
    assert_eq!(d.code.as_str(), "unknown-card");
    assert!(d.message.starts_with("no card of Star Wars: The Card Game has the OCTGN id 6b1f0e5c-2d3a-4c4b-9a51-0000c0ffee01 (written as \"Carbonite Chamber Guard\")"), "{}", d.message);
}

#[test]
#[ignore = "needs ../shared: the LCG data (../shared/data/swlcg)"]
fn a_pod_line_naming_a_command_card_or_a_title_that_is_no_set_says_what_it_understood() {
    let d = diagnostics("Affiliation: Jedi\n1x Luke Skywalker\n1x A Heroes Journy (2)\n");
    assert_eq!(d[0].0, "unknown-card");
    assert!(
        d[0].1
            .starts_with("\"Luke Skywalker\" is a unit card, not an objective"),
        "{}",
        d[0].1
    );
    // A title that names no set leaves one reading: the number, with a warning.
    assert_eq!(d[1].0, "id-name-mismatch");
    assert_eq!(
        d[1].1,
        "set 2 is In You Must Go, not \"A Heroes Journy\"; the set number was used."
    );
}

#[test]
#[ignore = "needs ../shared: the LCG data (../shared/data/swlcg)"]
fn a_pod_line_whose_title_and_set_number_name_two_sets_is_unverified_naming_both() {
    // The Guardians of Justice deck is legal; its first line now says set 2 and set 1.
    let deck = deck_file("guardians-of-justice.txt")
        .replace("2x A Hero's Journey (1)", "2x A Hero's Journey (2)");
    let a = answer(&deck).unwrap();
    let d = &a.decks[0].diagnostics[0];
    assert_eq!(d.code.as_str(), "ambiguous-card");
    assert!(d.blocks_verdict(), "an error, not a warning");
    assert_eq!(
        d.message,
        "the set number and the title name two different objective sets: set 2 is In You Must Go, and \"A Hero's Journey\" is A Hero's Journey (1); neither was used: write the one meant."
    );
    let named: Vec<&str> = d.candidates.iter().map(|c| &*c.title).collect();
    assert_eq!(named, ["In You Must Go", "A Hero's Journey"]);
    assert_eq!(a.reports[0].report.verdict, Verdict::Unverified, "{a:#?}");
}

#[test]
#[ignore = "needs ../shared: the LCG data (../shared/data/swlcg)"]
fn an_empty_input_is_refused() {
    assert_eq!(answer(" \n\u{feff} ").unwrap_err().code, "unreadable-deck");
}

/// Deck files with bytes changed at random (a fixed xorshift seed, so a failure repeats):
/// every one is answered or refused, never a panic.
#[test]
#[ignore = "needs ../shared: the LCG data (../shared/data/swlcg)"]
fn mangled_deck_files_are_answered_or_refused_never_a_panic() {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let pieces: &[&[u8]] = &[
        b"<",
        b">",
        b"\"",
        b"&",
        b"\0",
        b"\n",
        b"(",
        b")",
        b"99999999999",
        b"-",
        b"x",
        "é".as_bytes(),
        b"<!DOCTYPE",
    ];
    for file in [
        "jedi-ten-sets.o8d",
        "smugglers-and-spies.txt",
        "guardians-of-justice.txt",
    ] {
        let original = deck_file(file).into_bytes();
        for _ in 0..150 {
            let mut bytes = original.clone();
            for _ in 0..(next() % 6 + 1) {
                let at = (next() as usize) % bytes.len();
                let piece = pieces[(next() as usize) % pieces.len()];
                if next() % 2 == 0 {
                    bytes.splice(at..at, piece.iter().copied());
                } else {
                    bytes.drain(at..(at + piece.len()).min(bytes.len()));
                }
            }
            let text = String::from_utf8_lossy(&bytes);
            let _ = answer(&text);
        }
    }
}
