//! Issue 28, item 4, as a table of dated cases on the real data: the Legacy and Decipher Cards
//! Only formats of spec 2.2, what Classic says about Defensive Shields, one meaning of "unknown"
//! (unverified, with did-you-mean), and a card of a set the card data predates (Virtual Set 27,
//! released 2026-08-24: CONFIRMATIONS 9). Each case names the section its answer cites.

use deckcheck_core::{Game, Imported, Report};

use crate::helpers::{self, read_deck};
use crate::real;

/// One dated case: a deck (a file of `decks/`, or a file changed here) in a format on a date,
/// the verdict, every violation code, and a section the answer cites (a violation's or a note's).
type Case = (
    Deck,
    &'static str,
    &'static str,
    &'static str,
    &'static [&'static str],
    &'static str,
);

enum Deck {
    File(&'static str),
    /// A file with its first id replaced by another.
    Replaced(&'static str, &'static str),
}

impl Deck {
    fn text(&self) -> String {
        match self {
            Self::File(name) => read_deck(name),
            Self::Replaced(name, id) => {
                let text = read_deck(name);
                let first = text.split([',', '|']).next().unwrap().to_string();
                text.replacen(&first, id, 1)
            }
        }
    }
}

const WARREN: &str = "gemp-samples/decipher-only-hunt-down-warren.gemp";
const EBO: &str = "gemp-samples/classic-ebo.gemp";

fn cases() -> Vec<Case> {
    use Deck::*;
    #[rustfmt::skip]
    let table: Vec<Case> = vec![
        // Decipher Cards Only (GEMP's open_no_virtual): a Decipher-only deck, shields and all.
        (File(WARREN), "open_no_virtual", "2026-11-22", "legal", &[], "PEER GEMP swccgFormats.json (open_no_virtual)"),
        (File(EBO), "open_no_virtual", "2026-11-22", "illegal", &["CCG-SET"], "PEER GEMP swccgFormats.json (open_no_virtual)"),
        // Before GEMP's format file is known to hold it: not judged.
        (File(WARREN), "open_no_virtual", "2024-05-03", "unverified", &[], "PEER GEMP swccgFormats.json (open_no_virtual)"),
        // Legacy: Decipher's cards and the retired virtual cards; no current virtual card.
        (File(WARREN), "legacy", "2026-11-22", "legal", &[], "PEER GEMP swccgFormats.json (legacy)"),
        (File("retired-legacy.txt"), "legacy", "2026-11-22", "legal", &[], "PEER GEMP swccgFormats.json (legacy)"),
        (File("retired-legacy.txt"), "open", "2026-11-22", "illegal", &["CCG-SET"], "REG Supported Formats L14-15; GEMP swccgFormats.json (open)"),
        (File(EBO), "legacy", "2026-11-22", "illegal", &["CCG-SET"], "PEER GEMP swccgFormats.json (legacy)"),
        // GEMP's set-601 blueprints are not in the data: unverified, never legal.
        (File("gemp-samples/legacy-whap.gemp"), "legacy", "2026-11-22", "unverified", &["CCG-UNKNOWN"], "REG General Tournament Rules L46"),
        // Issue 36: Classic today is the Players Committee's, banning shields as GEMP plays it;
        // the guide of 2006 (shields legal) is classic-2006, and says so.
        (File(WARREN), "classic", "2026-11-22", "illegal", &["CCG-ICON"], "PEER GEMP swccgFormats.json (classic bannedIcons)"),
        (File(WARREN), "classic-2006", "2026-11-22", "illegal", &["CCG-ICON"], "REG Classic Format Ban List L308-313"),
        (File(WARREN), "classic", "2006-07-03", "illegal", &["CCG-ICON"], "REG Classic Format Ban List L312"),
        (File(WARREN), "classic-gemp", "2026-11-22", "illegal", &["CCG-ICON"], "PEER GEMP swccgFormats.json (classic bannedIcons)"),
        // An unknown id: unverified (it was illegal), with did-you-mean.
        (File("unknown-id.gemp"), "open", "2026-11-22", "unverified", &["CCG-UNKNOWN"], "REG General Tournament Rules L46"),
        // Virtual Set 27: before it is legal (2026-08-31) no card of it can be, whatever the card;
        // from then on the card data, which predates it, cannot judge its cards.
        (Replaced(EBO, "227_5"), "open", "2026-08-30", "illegal", &["CCG-NEW-EXPANSION", "CCG-UNKNOWN"], "REG General Tournament Rules L52"),
        (Replaced(EBO, "227_5"), "open", "2026-08-31", "unverified", &["CCG-UNKNOWN"], "REG General Tournament Rules L46"),
        (Replaced(EBO, "227_5"), "open_no_virtual", "2026-11-22", "illegal", &["CCG-SET", "CCG-UNKNOWN"], "PEER GEMP swccgFormats.json (open_no_virtual)"),
    ];
    table
}

fn cited(report: &Report) -> Vec<String> {
    let mut sections: Vec<String> = report
        .violations
        .iter()
        .map(|v| v.section.to_string())
        .collect();
    sections.extend(report.notes.iter().filter_map(|n| n.section.clone()));
    sections
}

#[test]
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn the_dated_cases_of_issue_28_item_4_have_their_verdicts_codes_and_sections() {
    let game = real!();
    let mut failures = Vec::new();
    for (deck, format, date, verdict, want, cites) in cases() {
        let imported: Imported<_> = game.import(&deck.text(), None).unwrap();
        let as_of: jiff::civil::Date = date.parse().unwrap();
        let report = game
            .report(
                std::slice::from_ref(&imported.deck),
                imported.unreadable(),
                format,
                as_of,
                false,
            )
            .unwrap();
        let mut codes: Vec<&str> = report.violations.iter().map(|v| v.code.as_str()).collect();
        codes.sort_unstable();
        codes.dedup();
        let sections = cited(&report);
        let cited = sections.iter().any(|s| s == cites);
        if report.verdict.as_str() != verdict || codes != want || !cited {
            failures.push(format!(
                "{format} on {date}: expected {verdict} {want:?} citing {cites:?}; got {} {codes:?} citing {sections:?}",
                report.verdict.as_str()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn classic_2006_says_which_reading_of_the_shields_it_applies() {
    let game = real!();
    let imported = helpers::import(game, WARREN);
    let report = game
        .report(
            std::slice::from_ref(&imported.deck),
            0,
            "classic-2006",
            helpers::today(),
            false,
        )
        .unwrap();
    let note = report
        .notes
        .iter()
        .find(|n| n.message.contains("Defensive Shield"))
        .expect("classic-2006 warns about the shields");
    assert!(
        note.message
            .starts_with("10 cards have a Defensive Shield icon: "),
        "{}",
        note.message
    );
    assert!(
        note.message
            .contains("This is Classic by the tournament guide of 2006"),
        "{}",
        note.message
    );
    assert!(
        report
            .violations
            .iter()
            .all(|v| !v.message().contains("Defensive Shield")),
        "the shields are not banned in the guide's Classic"
    );
    // Today's Classic bans them.
    let today = game
        .report(
            std::slice::from_ref(&imported.deck),
            0,
            "classic",
            helpers::today(),
            false,
        )
        .unwrap();
    assert!(
        today.violations.iter().any(|v| v
            .message()
            .starts_with("10 cards with a Defensive Shield icon are not legal")),
        "{:?}",
        today.violations
    );
}

#[test]
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn an_unknown_id_gets_did_you_mean_and_a_newer_sets_id_says_the_data_predates_it() {
    let game = real!();
    let unknown = game.import("9_1511|", Some("gemp-string")).unwrap();
    let d = &unknown.diagnostics[0];
    assert_eq!(d.code.as_str(), "unknown-card");
    assert!(d.candidates.iter().any(|c| &*c.id == "9_151"), "{d:?}");

    let newer = game.import("227_5|", Some("gemp-string")).unwrap();
    let d = &newer.diagnostics[0];
    assert!(d.candidates.is_empty());
    assert!(
        d.message
            .contains("deckcheck's card data, which predates Virtual Set 27"),
        "{}",
        d.message
    );
    let report = game
        .report(
            std::slice::from_ref(&newer.deck),
            newer.unreadable(),
            "open",
            helpers::today(),
            false,
        )
        .unwrap();
    let v = report
        .violations
        .iter()
        .find(|v| v.code.as_str() == "CCG-UNKNOWN")
        .unwrap();
    assert_eq!(
        v.message(),
        "1 card is of Virtual Set 27, which deckcheck's card data predates (its newest set is Virtual Set 26, released 2025-12-08): 227_5. Sync the card data to judge it."
    );
}
