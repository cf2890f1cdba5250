//! Issue 28, item 1, as a user runs it: `deckcheck sync` fetches the card names in other
//! languages with the cards (here from the official card database's sample pages in
//! `../shared/data/swu/localized`), `check` shows each card of a German list as written and by
//! its English name, and `convert` writes the English names and ids.

use std::path::Path;
use std::process::Command;

use super::{cards_dir, real, shared_dir, stderr, stdout};

fn deckcheck(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_deckcheck"))
        .args(args)
        .env_remove("DECKCHECK_CARDS")
        .env_remove("DECKCHECK_UPSTREAM")
        .env_remove("DECKCHECK_CARD_DATA")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .output()
        .unwrap()
}

/// Syncs the real mirror with the sample's names into `to`.
fn synced(to: &Path) -> std::process::Output {
    let names = shared_dir().join("data/swu/localized");
    deckcheck(&[
        "sync",
        "--from",
        cards_dir().to_str().unwrap(),
        "--names-from",
        names.to_str().unwrap(),
        "--to",
        to.to_str().unwrap(),
    ])
}

const GERMAN: &str = "Leader\n1 | Darth Vader | Dark Lord of the Sith\nBase\n1 | Dagobah Swamp\nDeck\n3 | Häuptling Chirpa | Kühner Ältester\n3 | Nichts anfassen\n";

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn check_shows_a_german_list_as_written_and_by_its_english_names_and_convert_writes_english() {
    real();
    assert!(
        shared_dir().join("data/swu/localized").is_dir(),
        "needs ../shared: the localized sample"
    );
    let home = tempfile::tempdir().unwrap();
    let cards = home.path().join("cards");
    let sync = synced(&cards);
    assert!(sync.status.success(), "{}", stderr(&sync));
    assert!(
        stdout(&sync).contains("synced Star Wars: Unlimited"),
        "{}",
        stdout(&sync)
    );
    let list = home.path().join("de.txt");
    std::fs::write(&list, GERMAN).unwrap();
    let (cards, list) = (cards.to_str().unwrap(), list.to_str().unwrap());

    let out = deckcheck(&[
        "check",
        "--cards",
        cards,
        "--format",
        "eternal",
        "--as-of",
        "2026-11-01",
        list,
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out)); // 6 cards: too small
    let text = stdout(&out);
    assert!(
        text.contains("2 lines read in another language, each judged as its English card:"),
        "{text}"
    );
    assert!(
        text.contains(
            "line 6: Häuptling Chirpa | Kühner Ältester (de) = Chief Chirpa | Defiant Elder (HMW_164)"
        ),
        "{text}"
    );
    assert!(
        text.contains("line 7: Nichts anfassen (de) = Don't Touch Anything (HMW_217)"),
        "{text}"
    );
    assert!(
        text.contains("note [CEG 4.1.1] 2 lines were read by their German names"),
        "{text}"
    );

    let english = deckcheck(&["convert", "--cards", cards, "--to", "text", list]);
    assert!(english.status.success(), "{}", stderr(&english));
    let text = stdout(&english);
    assert!(
        text.contains("3 | Chief Chirpa | Defiant Elder") && !text.contains("Häuptling"),
        "{text}"
    );
    let json = deckcheck(&["convert", "--cards", cards, list]);
    assert!(stdout(&json).contains("\"HMW_164\""), "{}", stdout(&json));

    // A misspelled German name is answered in German.
    std::fs::write(
        home.path().join("typo.txt"),
        "Deck\n3 | Hauptling Chirpo | Kuhner Altester\n",
    )
    .unwrap();
    let typo = deckcheck(&[
        "check",
        "--cards",
        cards,
        home.path().join("typo.txt").to_str().unwrap(),
    ]);
    assert!(
        stdout(&typo).contains(
            "did you mean Häuptling Chirpa | Kühner Ältester (de: Chief Chirpa | Defiant Elder, HMW_164)?"
        ),
        "{}",
        stdout(&typo)
    );
}

#[test]
fn locales_are_checked_and_are_for_the_game_that_has_them() {
    let home = tempfile::tempdir().unwrap();
    let mirror = super::fixture_catalog();
    let to = home.path().join("cards");
    let (mirror, to) = (mirror.path().to_str().unwrap(), to.to_str().unwrap());
    let bad = deckcheck(&["sync", "--from", mirror, "--to", to, "--locales", "de,pt"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        stderr(&bad).contains("\"pt\" is not a language"),
        "{}",
        stderr(&bad)
    );
    let ccg = deckcheck(&[
        "sync",
        "--game",
        "ccg",
        "--from",
        mirror,
        "--to",
        to,
        "--locales",
        "de",
    ]);
    assert_eq!(ccg.status.code(), Some(2));
    assert!(stderr(&ccg).contains("are for swu"), "{}", stderr(&ccg));
    // English only, and a mirror without names: the cards sync alone.
    let plain = deckcheck(&["sync", "--from", mirror, "--to", to, "--locales", "en"]);
    assert!(plain.status.success(), "{}", stderr(&plain));
}
