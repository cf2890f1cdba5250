//! Bad input never panics: each case gives a diagnostic or an import error naming what was wrong.

use deckcheck_core::{DiagnosticCode, Game, ImportError};

use crate::real;

#[test]
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn malformed_xml_is_an_xml_error() {
    let game = real!();
    for text in [
        "<deck><card blueprintId=\"1_168\"></deck>",
        "<deck><card blueprintId=\"1_168\"/>",
        "<?xml version=\"1.0\"?><deck",
    ] {
        assert!(
            matches!(game.import(text, None), Err(ImportError::Xml(_))),
            "{text}"
        );
    }
}

#[test]
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn a_dtd_and_entity_expansion_are_refused() {
    let game = real!();
    let bomb = r#"<?xml version="1.0"?><!DOCTYPE deck [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><deck><card blueprintId="1_168" title="&b;"/></deck>"#;
    let err = game.import(bomb, None).unwrap_err();
    assert!(matches!(err, ImportError::Xml(_)), "{err}");
}

#[test]
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn an_xml_document_that_is_not_a_gemp_deck_is_named() {
    let game = real!();
    let err = game
        .import("<deck-list><card/></deck-list>", Some("gemp-xml"))
        .unwrap_err();
    assert!(err.to_string().contains("<deck-list>"), "{err}");
    let deck = game
        .import(
            "<deck><sideboard blueprintId=\"1_168\"/><card/></deck>",
            None,
        )
        .unwrap();
    let codes: Vec<_> = deck.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(
        codes,
        [
            DiagnosticCode::MALFORMED_ENTRY,
            DiagnosticCode::MALFORMED_ENTRY
        ]
    );
    assert_eq!(
        deck.deck.entries.len(),
        1,
        "the empty <card/> still counts as a card"
    );
}

#[test]
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn absurd_counts_are_refused_and_zero_is_ignored() {
    let game = real!();
    for line in [
        "18446744073709551616x Darth Vader (1_168)",
        "-1 Darth Vader (1_168)",
        "1001x Darth Vader (1_168)",
    ] {
        let deck = game.import(line, Some("text")).unwrap();
        assert_eq!(
            deck.diagnostics[0].code,
            DiagnosticCode::BAD_COUNT,
            "{line}"
        );
        assert_eq!(deck.unreadable(), 1);
    }
    let deck = game
        .import("0x Darth Vader (1_168)\n1x Darth Vader (1_168)", None)
        .unwrap();
    assert_eq!(deck.diagnostics[0].code, DiagnosticCode::ZERO_COUNT);
    assert_eq!(deck.deck.entries.len(), 1);
}

#[test]
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn nul_bytes_and_control_characters_are_unknown_titles_not_panics() {
    let game = real!();
    let deck = game
        .import("1x Darth\0Vader\n2x \u{1}\u{7f}", None)
        .unwrap();
    assert!(
        deck.diagnostics
            .iter()
            .all(|d| d.code == DiagnosticCode::UNKNOWN_CARD)
    );
    assert!(
        game.import("<deck><card blueprintId=\"1_168\0\"/></deck>", None)
            .is_err()
    );
}

#[test]
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn huge_inputs_are_refused_with_their_size() {
    let game = real!();
    let lines = "1x Darth Vader (1_168)\n".repeat(10_001);
    assert!(matches!(
        game.import(&lines, None),
        Err(ImportError::TooLarge(_))
    ));
    let ids = vec!["1_168"; 10_001].join(",");
    assert!(matches!(
        game.import(&ids, None),
        Err(ImportError::TooLarge(_))
    ));
    let xml = format!(
        "<deck>{}</deck>",
        "<card blueprintId=\"1_168\"/>".repeat(10_001)
    );
    assert!(matches!(
        game.import(&xml, None),
        Err(ImportError::TooLarge(_))
    ));
    let long = format!("1x {}", "A".repeat(1_000_000));
    let deck = game.import(&long, None).unwrap();
    assert!(
        deck.diagnostics[0].text.len() < 300,
        "echoed input is cut short"
    );
}

#[test]
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn empty_and_cardless_inputs_are_errors() {
    let game = real!();
    assert_eq!(
        game.import(" \n\u{feff}", None).unwrap_err(),
        ImportError::Empty
    );
    assert!(matches!(
        game.import("# just a comment\nDeck:\n", None),
        Err(ImportError::NotADeck(_))
    ));
    assert!(matches!(
        game.import("|", Some("gemp-string")),
        Err(ImportError::NotADeck(_))
    ));
    assert!(matches!(
        game.import("1_168|1_1|1_2", Some("gemp-string")),
        Err(ImportError::NotADeck(_))
    ));
    assert!(matches!(
        game.import("x", Some("o8d")),
        Err(ImportError::UnknownFormat { .. })
    ));
}

#[test]
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn ids_that_are_not_ids_in_a_deck_string_are_named() {
    let game = real!();
    let deck = game
        .import("1_168,not-an-id,99999999_1", Some("gemp-string"))
        .unwrap();
    let codes: Vec<_> = deck.diagnostics.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(codes, ["malformed-entry", "malformed-entry"]);
    assert_eq!(deck.deck.entries.len(), 3);
}
