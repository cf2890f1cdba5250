//! Issue 28, item 1: card names in five languages. "A player's deck can include cards in any
//! number of languages" (TR 3.2.4; CEG 4.1.1 from 2025-11-20).
//!
//! The names come from the official card database's sample in `../shared/data/swu/localized`
//! (read here, never copied): the directory of its pages is synced beside a swu-db mirror of the
//! sets its cards are printed in, and lists written from its names in German, French, Italian,
//! Spanish and a mix of them are read and judged. The same pages served over HTTP, with their
//! faults, are the tests of `crates/fetch` (`swu_names`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use deckcheck_core::sync::{DirFetch, Fetch, SyncError, SyncOptions, Synced, sync};
use deckcheck_core::{
    AnyGame, DeckInput, Diagnostic, Game, Imported, Paths, Severity, ValidateRequest,
};
use deckcheck_swu::Swu;
use deckcheck_swu::catalog::localized::{Lang, Name, NameRecord, NamesFile};
use deckcheck_swu::deck::Deck;
use deckcheck_swu::sync::SwuDb;
use serde_json::Value;

use crate::helpers::shared_swu;

fn localized() -> PathBuf {
    shared_swu().join("localized")
}

/// Whether the sample and the card data are there (the suite needs them).
fn there() -> bool {
    localized().join("names.index.json").is_file()
        && shared_swu().join("cards/all_cards.json").is_file()
}

/// The sample's index: every card's name in the five languages.
fn index() -> &'static Value {
    static INDEX: OnceLock<Value> = OnceLock::new();
    INDEX.get_or_init(|| {
        serde_json::from_slice(&std::fs::read(localized().join("names.index.json")).unwrap())
            .unwrap()
    })
}

/// A swu-db mirror of the sets the sample's cards are printed in: Spark of Rebellion and
/// Shadows of the Galaxy (the bases of the GG promos) from `all_cards.json`, Homeworlds (the
/// cards of the HMWP promos) from the raw API answer.
fn mirror() -> tempfile::TempDir {
    static FILES: OnceLock<Vec<(String, Vec<u8>)>> = OnceLock::new();
    let files = FILES.get_or_init(|| {
        let all: Vec<Value> = serde_json::from_slice(
            &std::fs::read(shared_swu().join("cards/all_cards.json")).unwrap(),
        )
        .unwrap();
        let mut files: Vec<(String, Vec<u8>)> = ["SOR", "SHD"]
            .iter()
            .map(|set| {
                let records: Vec<&Value> = all.iter().filter(|r| r["Set"] == *set).collect();
                (format!("{set}.json"), serde_json::to_vec(&records).unwrap())
            })
            .collect();
        files.push((
            "HMW.json".into(),
            std::fs::read(shared_swu().join("cards/swu-db-2026-10-08/HMW.json")).unwrap(),
        ));
        files
    });
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes) in files {
        std::fs::write(dir.path().join(name), bytes).unwrap();
    }
    dir
}

fn run(
    names: &dyn Fetch,
    cards: &Path,
    root: &Path,
    locales: Option<&[&str]>,
    allow: &[&str],
) -> Result<Synced, SyncError> {
    let cards = DirFetch::new(cards).unwrap();
    let options = SyncOptions {
        locales: locales.map(|l| l.iter().map(|s| s.to_string()).collect()),
        allow_removed: allow.iter().map(|s| s.to_string()).collect(),
        also_from: vec![("names", names)],
        ..SyncOptions::default()
    };
    sync(&SwuDb, &cards, root, &options)
}

// --- reading lists -----------------------------------------------------------------------

/// The game on the mirror, with the sample's names synced from the directory of its pages.
pub(crate) fn game() -> &'static Swu {
    static GAME: OnceLock<(tempfile::TempDir, Swu)> = OnceLock::new();
    &GAME
        .get_or_init(|| {
            assert!(
                there(),
                "needs ../shared: the localized sample and all_cards.json of ../shared/data/swu"
            );
            let cards = mirror();
            let root = tempfile::tempdir().unwrap();
            run(
                &DirFetch::new(&localized()).unwrap(),
                cards.path(),
                root.path(),
                None,
                &[],
            )
            .unwrap();
            let game = Swu::load(&Paths {
                cards: root.path().to_path_buf(),
                card_data: None,
            })
            .unwrap();
            (root, game)
        })
        .1
}

macro_rules! game {
    () => {
        game()
    };
}

pub(crate) fn read(game: &Swu, text: &str) -> Imported<Deck> {
    game.import(text, None).unwrap()
}

/// The printing ids of a deck's entries, in list order.
pub(crate) fn ids(game: &Swu, deck: &Deck) -> Vec<String> {
    deck.entries()
        .iter()
        .map(|e| game.catalog().printing(e.printing).code.to_string())
        .collect()
}

pub(crate) fn errors(imported: &Imported<Deck>) -> Vec<&Diagnostic> {
    imported
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .collect()
}

/// The sample's 20 Homeworlds cards: (HMW id, name per language).
pub(crate) fn homeworlds() -> Vec<(String, BTreeMap<String, String>)> {
    index()["cards"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["deckcheckId"].as_str().unwrap().starts_with("HMWP_"))
        .map(|c| {
            let names = c["names"]
                .as_object()
                .unwrap()
                .iter()
                .map(|(lang, n)| {
                    let title = n["title"].as_str().unwrap();
                    let name = match n["subtitle"].as_str().filter(|s| !s.is_empty()) {
                        Some(sub) => format!("{title} | {sub}"),
                        None => title.to_string(),
                    };
                    (lang.clone(), name)
                })
                .collect();
            (c["reprintOfId"].as_str().unwrap().to_string(), names)
        })
        .collect()
}

/// A list of the 20 Homeworlds cards (three of each), card `i` in `langs[i % langs.len()]`,
/// with an English leader and the base named `base`.
pub(crate) fn list(langs: &[&str], base: &str) -> String {
    let mut text =
        format!("Leader\n1 | Darth Vader | Dark Lord of the Sith\nBase\n1 | {base}\nDeck\n");
    for (i, (_, names)) in homeworlds().iter().enumerate() {
        text.push_str(&format!("3 | {}\n", names[langs[i % langs.len()]]));
    }
    text
}

fn german() -> String {
    list(&["de"], "Dagobah Swamp")
}
fn french() -> String {
    list(&["fr"], "Marais de Dagobah")
}
fn italian() -> String {
    list(&["it"], "Dagobah Swamp")
}
fn spanish() -> String {
    list(&["es"], "Dagobah Swamp")
}
fn mixed() -> String {
    list(&["de", "fr", "es", "en", "it"], "Marais de Dagobah")
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn lists_in_german_french_italian_spanish_and_a_mix_read_as_the_same_cards() {
    let game = game!();
    let english_ids: Vec<String> = ["SOR_010", "SOR_021"]
        .into_iter()
        .map(String::from)
        .chain(homeworlds().into_iter().map(|(id, _)| id))
        .collect();
    for (lang, text, written) in [
        ("German", german(), 20),
        ("French", french(), 21),
        // Italian names of these cards are the English ones: nothing is read as Italian.
        ("Italian", italian(), 0),
        ("Spanish", spanish(), 20),
        ("mixed", mixed(), 13),
    ] {
        let imported = read(game, &text);
        assert!(
            errors(&imported).is_empty(),
            "{lang}: {:?}",
            imported.diagnostics
        );
        assert_eq!(ids(game, &imported.deck), english_ids, "{lang}");
        assert_eq!(imported.deck.written_elsewhere(), written, "{lang}");
    }
    let mixed = read(game, &mixed());
    assert_eq!(mixed.deck.languages(), ["de", "es", "fr"]);
    // The deck as read shows each card as written and its English name.
    let view = game.view(&read(game, &german()).deck);
    let chirpa = view
        .sections
        .iter()
        .flat_map(|s| &s.lines)
        .find(|l| l.card.id.as_ref() == "HMW_164")
        .unwrap();
    let written = chirpa.card.written.as_ref().unwrap();
    assert_eq!(
        (written.name.as_ref(), written.lang),
        ("Häuptling Chirpa | Kühner Ältester", "de")
    );
    assert_eq!(chirpa.card.name(), "Chief Chirpa | Defiant Elder");
    let leader = &view.sections[0].lines[0];
    assert!(
        leader.card.written.is_none(),
        "the English leader is English"
    );
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn the_pitfalls_of_the_official_names_are_forgiven() {
    let game = game!();
    for (line, id) in [
        // ’ for ' (the records' own file names use ’).
        ("3 | Barge d’Invasion", "HMW_111"),
        // Accents left out.
        ("3 | Ne Touche a Rien", "HMW_217"),
        ("3 | Chef Chirpa | Aine Provocateur", "HMW_164"),
        // ß written ss.
        ("3 | General Grievous | Geissel von Dathomir", "HMW_159"),
        // Another case.
        ("3 | INFERNO-TRUPP | wir können später trauern", "HMW_202"),
        // A base: no subtitle in the official records, the planet in swu-db's.
        ("1 | Marais de Dagobah", "SOR_021"),
        ("1 | Palais de Jabba", "SHD_026"),
        // The same in Italian and English: the English card, not "Italian".
        ("3 | Eravana | Hauling Rathtars", "HMW_047"),
    ] {
        let imported = read(game, line);
        assert!(
            errors(&imported).is_empty(),
            "{line}: {:?}",
            imported.diagnostics
        );
        assert_eq!(ids(game, &imported.deck), [id], "{line}");
    }
    assert_eq!(
        read(game, "3 | Eravana | Hauling Rathtars")
            .deck
            .written_elsewhere(),
        0
    );
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn did_you_mean_answers_in_the_language_the_name_was_written_in() {
    let game = game!();
    for (line, lang, name) in [
        (
            "3 | Hauptling Chirpo | Kuhner Altester",
            Some("de"),
            "Häuptling Chirpa | Kühner Ältester",
        ),
        (
            "3 | Chef Chirpo | Aine Provocateur",
            Some("fr"),
            "Chef Chirpa | Aîné Provocateur",
        ),
        (
            "3 | Jefe Chirpo | Anciano desafiante",
            Some("es"),
            "Jefe Chirpa | Anciano desafiante",
        ),
        (
            "3 | Chief Chirpo | Defiant Elder",
            None,
            "Chief Chirpa | Defiant Elder",
        ),
    ] {
        let imported = read(game, line);
        let d = &errors(&imported)[0];
        assert_eq!(d.code.as_str(), "unknown-card", "{line}");
        let first = &d.candidates[0];
        assert_eq!(first.id.as_ref(), "HMW_164", "{line}: {:?}", d.candidates);
        let shown = first
            .written
            .as_ref()
            .map_or(first.name(), |w| w.name.to_string());
        assert_eq!(
            (first.written.as_ref().map(|w| w.lang), shown.as_str()),
            (lang, name),
            "{line}"
        );
        assert!(d.message.contains(name), "{}", d.message);
    }
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn the_card_search_finds_a_card_by_its_name_in_any_of_the_five_languages() {
    let game = game!();
    let search = |q: &str| AnyGame::search(game, q, 5);
    for (q, lang) in [
        ("Häuptling Chirpa | Kühner Ältester", Some("de")),
        ("Häuptling Chirpa", Some("de")),
        ("chef chirpa", Some("fr")),
        ("Jefe Chirpa", Some("es")),
        ("Chief Chirpa", None),
        // Misspelled: the closest name, in the language it was written in.
        ("Hauptling Chirpo", Some("de")),
    ] {
        let found = search(q);
        let first = &found.first().unwrap_or_else(|| panic!("{q}: nothing")).card;
        assert_eq!(first.id.as_ref(), "HMW_164", "{q}: {found:?}");
        assert_eq!(first.written.as_ref().map(|w| w.lang), lang, "{q}");
    }
    // Every card of the sample by each of its names.
    for (id, names) in homeworlds() {
        for (lang, name) in &names {
            let found = search(name);
            assert!(
                found.iter().any(|c| c.card.id.as_ref() == id),
                "{lang} {name:?} finds {id}: {found:?}"
            );
        }
    }
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn a_card_with_no_localized_record_is_read_by_its_english_name_as_before() {
    let game = game!();
    // Darth Vader's leader has no record in the names: his English name reads as ever.
    let english = read(game, "Leader\n1 | Darth Vader | Dark Lord of the Sith\n");
    assert!(errors(&english).is_empty());
    assert_eq!(english.deck.written_elsewhere(), 0);
    // His German name is unknown, with the English card to choose.
    let german = read(game, "Leader\n1 | Darth Vader | Dunkler Lord der Sith\n");
    let d = &errors(&german)[0];
    assert_eq!(d.code.as_str(), "unknown-card");
    assert!(
        d.candidates
            .iter()
            .any(|c| c.name() == "Darth Vader | Dark Lord of the Sith"),
        "{:?}",
        d.candidates
    );
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn a_name_that_fits_two_cards_in_two_languages_is_ambiguous_never_a_guess() {
    let game = game!();
    // No name of the sample is another card's name in another language: a hand-written French
    // record makes "Boga" the French title of the Tusken Raider (English "Boga" is
    // Boga | Loyal Varactyl).
    let file = NamesFile {
        locale: Lang::Fr,
        upstream: "test".into(),
        sets: BTreeMap::from([(
            "HMW".to_string(),
            vec![NameRecord {
                number: 224,
                name: Name::new("Boga", None),
                en: Name::new("Tusken Raider", None),
                kind: Some("Unit".into()),
                also: vec![],
            }],
        )]),
    };
    let catalog = game.catalog().clone().with_local_names(&[file]);
    let lookup = deckcheck_swu::decklist::Lookup::new(&catalog);
    let imported = deckcheck_swu::decklist::read_text(&lookup, "Deck\n3 | Boga\n").unwrap();
    let d = &errors(&imported)[0];
    assert_eq!(d.code.as_str(), "ambiguous-card");
    assert!(
        d.message.contains("by their names in English and French"),
        "{}",
        d.message
    );
    let candidates: Vec<(&str, Option<&str>)> = d
        .candidates
        .iter()
        .map(|c| (c.id.as_ref(), c.written.as_ref().map(|w| w.lang)))
        .collect();
    assert_eq!(candidates, [("HMW_224", Some("fr")), ("HMW_122", None)]);
    assert!(imported.deck.entries().is_empty());
    // Written whole, the English name is no longer ambiguous.
    let whole =
        deckcheck_swu::decklist::read_text(&lookup, "Deck\n3 | Boga | Loyal Varactyl\n").unwrap();
    assert!(errors(&whole).is_empty());
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn a_picklist_in_german_is_read_too() {
    let game = game!();
    let picklist = "[ ][ ][ ] Häuptling Chirpa | Kühner Ältester\n\n[ ][ ] Nichts anfassen\n";
    let imported = game.import(picklist, Some("picklist")).unwrap();
    assert!(errors(&imported).is_empty(), "{:?}", imported.diagnostics);
    assert_eq!(ids(game, &imported.deck), ["HMW_164", "HMW_217"]);
    assert_eq!(imported.deck.languages(), ["de"]);
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn convert_writes_the_english_names_and_ids() {
    let game = game!();
    let deck = read(game, &german()).deck;
    let text = game.export(&deck, "text").unwrap();
    assert!(text.contains("3 | Chief Chirpa | Defiant Elder"), "{text}");
    assert!(!text.contains("Häuptling"), "{text}");
    let json: Value = serde_json::from_str(&game.export(&deck, "swudb").unwrap()).unwrap();
    assert_eq!(json["leader"]["id"], "SOR_010");
    assert!(
        json["deck"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["id"] == "HMW_164" && e["count"] == 3),
        "{json}"
    );
}

// --- the dated cases -----------------------------------------------------------------------

/// Issue 28, item 1, as dated cases: a list in each language judged like its English self on
/// each date, the section its answer cites for reading other languages (TR 3.2.4 until the
/// event guide, CEG 4.1.1 from 2025-11-20; none for a list read in English only) and the
/// sections of its violations.
#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn the_dated_cases_of_issue_28_item_1_cite_the_section_in_force() {
    let game = game!();
    type Case = (
        &'static str,
        fn() -> String,
        &'static str,
        &'static str,
        &'static [(&'static str, &'static str)],
        Option<&'static str>,
    );
    #[rustfmt::skip]
    let cases: [Case; 9] = [
        ("2025-07-01", german, "premier", "illegal", &[("card-not-released", "TR 3.2.1")], Some("TR 3.2.4")),
        ("2025-12-01", french, "premier", "illegal", &[("card-not-released", "CEG 4.1")], Some("CEG 4.1.1")),
        ("2026-10-08", spanish, "eternal", "illegal", &[("card-not-released", "CEG 4.1")], Some("CEG 4.1.1")),
        ("2026-10-09", german, "eternal", "legal", &[], Some("CEG 4.1.1")),
        ("2026-11-01", french, "eternal", "legal", &[], Some("CEG 4.1.1")),
        ("2026-11-01", spanish, "eternal", "legal", &[], Some("CEG 4.1.1")),
        ("2026-11-01", italian, "eternal", "legal", &[], None),
        ("2026-11-01", mixed, "eternal", "legal", &[], Some("CEG 4.1.1")),
        ("2026-11-01", german, "premier", "illegal", &[("card-not-in-format", "CEG 9.1.1")], Some("CEG 4.1.1")),
    ];
    let mut failures = Vec::new();
    for (date, text, format, verdict, violations, cites) in cases {
        let request = ValidateRequest {
            decks: vec![DeckInput {
                field: "deck".into(),
                text: text(),
            }],
            formats: vec![format.into()],
            as_of: date.parse().unwrap(),
            input_format: None,
            explain: false,
            player: None,
            uid: None,
            registration: false,
            options: Default::default(),
        };
        let answer = AnyGame::validate(game, &request).unwrap();
        let report = &answer.reports[0].report;
        let got: Vec<(String, String)> = report
            .violations
            .iter()
            .map(|v| (v.code.to_string(), v.section.to_string()))
            .collect();
        let want: Vec<(String, String)> = violations
            .iter()
            .map(|(c, s)| (c.to_string(), s.to_string()))
            .collect();
        let note = report
            .notes
            .iter()
            .find(|n| n.message.contains("any number of languages"));
        let cited = note.and_then(|n| n.section.as_deref());
        if report.verdict.as_str() != verdict || got != want || cited != cites {
            failures.push(format!(
                "{format} on {date}: expected {verdict} {want:?} citing {cites:?}; got {} {got:?} citing {cited:?}",
                report.verdict.as_str()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
