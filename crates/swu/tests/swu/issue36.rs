//! Issue 36, items 2 and 3, as a table of dated cases on the real catalog: every reason at once
//! (leaders and tokens filed in the main deck are out of place and do not count toward its size
//! or as copies, CR 1.2.3), and a certain violation beside an uncertain one (Trilogy decks of
//! cards not yet released in the weeks between its announcement and its rules; the Twin Suns
//! leader rule between the two event guides). Each case names every violation with its section
//! and whether it is certain, and the sections of the notes that say why.
//!
//! Item 6 on the names of the official card database's sample: a German list saved as
//! Windows-1252, umlauts typed as `ae`, `oe`, `ue`, section headers in the five languages.

use deckcheck_core::encoding::decode;
use deckcheck_core::{AnyGame, DiagnosticCode, Severity};
use deckcheck_swu::Swu;

use crate::issue28::{
    Tier, bases, commons, deck_cards, fifty, leaders, list, request, sections_of_notes,
};
use crate::languages::{errors, game, homeworlds, ids, read};
use crate::real;

/// The decks of a case.
enum Decks {
    /// A Premier deck of Secrets of Power commons: `cards` deck cards and `extra` lines.
    Premier {
        cards: u32,
        extra: &'static [(&'static str, u32)],
    },
    /// Three Trilogy decks of A Lawless Time commons (released 2026-03-13) sharing nothing.
    TrilogyOf2026,
    /// A Twin Suns deck of Spark of Rebellion commons, one of each, led by DJ | Need a Lift?
    /// (neither Heroism nor Villainy) and Leia Organa (Heroism), or by a villain and a hero.
    TwinSuns { cards: usize, villain: bool },
}

/// Shield tokens, and a leader (Mother Talzin, in Premier's pool on the dates asked): cards that
/// cannot be in a main deck.
const SHIELD: &str = "ASH_T03";
const TALZIN: &str = "LOF_002";
/// A villain: Director Krennic.
const KRENNIC: &str = "SOR_001";

impl Decks {
    fn texts(&self, swu: &Swu) -> Vec<String> {
        let c = swu.catalog();
        match self {
            Self::Premier { cards, extra } => {
                let ids = commons(c, "SEC", deck_cards);
                let mut lines: Vec<(String, u32)> = Vec::new();
                let mut left = *cards;
                for id in ids {
                    if left == 0 {
                        break;
                    }
                    let n = left.min(3);
                    lines.push((id, n));
                    left -= n;
                }
                lines.extend(extra.iter().map(|(id, n)| (id.to_string(), *n)));
                vec![list(&["SEC_001"], "SEC_019", &lines)]
            }
            Self::TrilogyOf2026 => {
                let (l, b) = (commons(c, "LAW", leaders), commons(c, "LAW", bases));
                (0..3)
                    .map(|i| list(&[&l[i]], &b[i], &fifty(c, "LAW", 17 * i)))
                    .collect()
            }
            Self::TwinSuns { cards, villain } => {
                let lines: Vec<(String, u32)> = commons(c, "SOR", deck_cards)
                    .into_iter()
                    .take(*cards)
                    .map(|id| (id, 1))
                    .collect();
                let first = if *villain { KRENNIC } else { "SEC_018" };
                vec![list(&[first, "SOR_009"], "SOR_020", &lines)]
            }
        }
    }
}

/// A violation expected: code, section, certain.
type Expected = (&'static str, &'static str, bool);

/// One dated case: decks, format, date; verdict, every violation, sections among the notes.
type Case = (
    Decks,
    &'static str,
    &'static str,
    &'static str,
    Vec<Expected>,
    &'static [&'static str],
);

const OUT_OF_PLACE_TOKEN: Expected = ("not-a-deck-card", "CR 1.2.3", true);
const OUT_OF_PLACE_LEADER: Expected = ("not-a-deck-card", "CEG 9.1.1", true);
const TOO_SMALL: Expected = ("main-deck-too-small", "CEG 9.1.1", true);
const ANNOUNCED: &str = "Three Decks, One Duel (2025-06-18)";

fn cases() -> Vec<Case> {
    use Decks::*;
    let not_released = |section| ("card-not-released", section, true);
    #[rustfmt::skip]
    let table: Vec<Case> = vec![
        // Item 2. 47 cards and 3 Shield tokens: the tokens are out of place, and 47 is short.
        (Premier { cards: 47, extra: &[(SHIELD, 3)] }, "premier", "2026-11-22", "illegal",
            vec![OUT_OF_PLACE_TOKEN, TOO_SMALL], &[]),
        // 47 cards and 3 leaders filed in the deck: the same.
        (Premier { cards: 47, extra: &[(TALZIN, 3)] }, "premier", "2026-11-22", "illegal",
            vec![OUT_OF_PLACE_LEADER, TOO_SMALL], &[]),
        // 45 cards and 5 tokens: never too many copies of the token.
        (Premier { cards: 45, extra: &[(SHIELD, 5)] }, "premier", "2026-11-22", "illegal",
            vec![OUT_OF_PLACE_TOKEN, TOO_SMALL], &[]),
        // 50 cards and 3 tokens: only the tokens; removing them leaves a legal deck.
        (Premier { cards: 50, extra: &[(SHIELD, 3)] }, "premier", "2026-11-22", "illegal",
            vec![OUT_OF_PLACE_TOKEN], &[]),
        (Premier { cards: 50, extra: &[] }, "premier", "2026-11-22", "legal", vec![], &[]),
        // Item 3. Trilogy between its announcement and CR 5.0: whether it was played is not
        // known, but cards of 2026 were played nowhere in June 2025 (TR 3.2.1), one violation
        // per deck, beside the note.
        (TrilogyOf2026, "trilogy", "2025-06-25", "illegal",
            vec![not_released("TR 3.2.1"); 3], &[ANNOUNCED]),
        (TrilogyOf2026, "trilogy", "2025-07-05", "illegal", vec![not_released("TR 3.2.1"); 3], &[]),
        (TrilogyOf2026, "trilogy", "2026-11-22", "legal", vec![], &[]),
        // The Twin Suns leader rule between the two guides: a neutral leader and a hero split
        // the two wordings (uncertain); a villain and a hero break both (certain).
        (TwinSuns { cards: 80, villain: false }, "twin-suns", "2026-05-01", "unverified",
            vec![("leader-aspects", "CEG 9.3.1", false)], &[]),
        (TwinSuns { cards: 79, villain: false }, "twin-suns", "2026-05-01", "illegal",
            vec![("leader-aspects", "CEG 9.3.1", false), ("main-deck-too-small", "CEG 9.3.1", true)], &[]),
        (TwinSuns { cards: 80, villain: true }, "twin-suns", "2026-05-01", "illegal",
            vec![("leader-aspects", "CEG 9.3.1", true)], &[]),
        (TwinSuns { cards: 80, villain: false }, "twin-suns", "2026-06-26", "legal", vec![], &[]),
    ];
    table
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn the_dated_cases_of_issue_36_items_2_and_3_give_every_reason_and_certain_beats_uncertain() {
    let swu = real!();
    let mut failures = Vec::new();
    for (decks, format, date, verdict, violations, notes) in cases() {
        let texts = decks.texts(swu);
        let answer =
            AnyGame::validate(swu, &request(texts, None, format, date, Tier::Casual)).unwrap();
        let report = &answer.reports[0].report;
        let got: Vec<(&str, &str, bool)> = report
            .violations
            .iter()
            .map(|v| (v.code.as_str(), v.section.as_str(), v.is_certain()))
            .collect();
        let cited = sections_of_notes(report);
        if report.verdict.as_str() != verdict
            || got != violations
            || !notes.iter().all(|n| cited.contains(n))
        {
            failures.push(format!(
                "{format} on {date}: expected {verdict} {violations:?} noting {notes:?}; got {} {got:?} noting {cited:?}\n{:#?}",
                report.verdict.as_str(),
                report.violations.iter().map(|v| v.message()).collect::<Vec<_>>()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A text as Windows saves it in Western Europe: every character in one byte (Windows-1252 is
/// Latin-1 from 0xA0 on, which is all German, French, Italian and Spanish names need).
fn windows_1252(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| {
            let b = u32::from(c);
            assert!(
                b < 0x80 || (0xA0..0x100).contains(&b),
                "{c:?} is not Latin-1"
            );
            b as u8
        })
        .collect()
}

/// The German list of the sample's 20 Homeworlds cards, with German section headers.
fn german_headed() -> String {
    crate::languages::list(&["de"], "Dagobah Swamp")
        .replace("Leader\n", "Anführer\n")
        .replace("Base\n", "Basis\n")
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn a_german_list_saved_as_windows_1252_reads_as_the_same_cards_with_a_note() {
    let game = game();
    let utf8 = german_headed();
    assert!(utf8.contains("Häuptling Chirpa") && utf8.starts_with("Anführer\n"));
    let bytes = windows_1252(&utf8);
    assert!(std::str::from_utf8(&bytes).is_err(), "not UTF-8");
    // Undeclared: read as Windows-1252, said so; declared: read as declared, nothing to say.
    let read_as = decode(&bytes, None).unwrap();
    assert_eq!(read_as.text, utf8);
    assert!(read_as.note.unwrap().contains("Windows-1252"));
    assert_eq!(decode(&bytes, Some("windows-1252")).unwrap().text, utf8);
    let imported = read(game, &decode(&bytes, None).unwrap().text);
    assert!(errors(&imported).is_empty(), "{:?}", imported.diagnostics);
    let expected: Vec<String> = ["SOR_010", "SOR_021"]
        .into_iter()
        .map(String::from)
        .chain(homeworlds().into_iter().map(|(id, _)| id))
        .collect();
    assert_eq!(ids(game, &imported.deck), expected);
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn german_umlauts_typed_as_ae_oe_ue_are_read_loosely_with_a_warning() {
    let game = game();
    for (line, id) in [
        ("3 | Haeuptling Chirpa | Kuehner Aeltester", "HMW_164"),
        ("3 | HAEUPTLING CHIRPA - KUEHNER AELTESTER", "HMW_164"),
        ("3 | Es gibt immer einen noch groesseren Fisch", "HMW_099"),
    ] {
        let imported = read(game, &format!("Deck\n{line}\n"));
        assert!(
            errors(&imported).is_empty(),
            "{line}: {:?}",
            imported.diagnostics
        );
        assert_eq!(ids(game, &imported.deck), [id], "{line}");
        let warning = imported
            .diagnostics
            .iter()
            .find(|d| d.code == DiagnosticCode::RESOLVED_LOOSELY)
            .unwrap_or_else(|| panic!("{line}: a warning"));
        assert_eq!(warning.severity, Severity::Warning);
        assert!(
            warning
                .message
                .contains("reading ae, oe and ue as ä, ö and ü"),
            "{}",
            warning.message
        );
    }
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn section_headers_in_the_five_languages_are_headers_not_cards() {
    let game = game();
    let chirpa = "3 | Chief Chirpa | Defiant Elder";
    for (leader, base, deck, side) in [
        ("Anführer", "Basis", "Deck", "Sideboard"),
        ("Chef", "Base", "Deck", "Réserve"),
        ("Leader", "Base", "Mazzo", "Sideboard"),
        ("Líder", "Base", "Mazo", "Sideboard"),
    ] {
        let text = format!(
            "{leader}\n1 | Darth Vader | Dark Lord of the Sith\n{base}\n1 | Dagobah Swamp\n{deck}\n{chirpa}\n{side}\n1 | Eravana | Hauling Rathtars\n"
        );
        let imported = read(game, &text);
        assert!(
            imported.diagnostics.is_empty(),
            "{leader}: {:?}",
            imported.diagnostics
        );
        let zones: Vec<&str> = imported
            .deck
            .entries()
            .iter()
            .map(|e| e.zone.id())
            .collect();
        assert_eq!(zones, ["leader", "base", "main", "sideboard"], "{leader}");
    }
}
