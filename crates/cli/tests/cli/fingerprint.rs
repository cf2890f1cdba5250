//! `deckcheck fingerprint` (issue 30, item 2) on the real card data of each game: one list of
//! cards has one fingerprint however it is written (deck site, input format, printing, spelling,
//! order), and another list has another. A real deck of each game has its fingerprint pinned:
//! a change to the canonical form (`docs/fingerprint.md`) is never silent. The page's worked
//! examples read to the canonical forms it prints.

use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::Value;

use super::games::{LEGION_ARMY, catalog, deck, run_game};
use super::{deck_file, json, real, stderr, stdout, wichita};

/// The game's real card data (SWU's catalog, or another game's data).
fn cards(game: &str) -> PathBuf {
    match game {
        "swu" => {
            real();
            super::cards_dir()
        }
        _ => catalog(game),
    }
}

/// `deckcheck fingerprint --game <game>` on the real data and the arguments (`-` reads `stdin`).
fn run(game: &str, cards: &Path, args: &[&str], stdin: Option<&str>) -> Output {
    run_game("fingerprint", game, cards, args, stdin)
}

/// The fingerprint printed for a file, or for `text` given on standard input.
#[track_caller]
fn of(game: &str, cards: &Path, file: Option<&str>, text: Option<&str>) -> String {
    let out = run(game, cards, &[file.unwrap_or("-")], text);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let printed = stdout(&out).trim_end().to_string();
    assert_eq!(printed.len(), 10, "one fingerprint: {printed:?}");
    printed
}

fn swu_file(cards: &Path, file: &str) -> String {
    of("swu", cards, Some(file), None)
}

fn swu_text(cards: &Path, text: &str) -> String {
    of("swu", cards, None, Some(text))
}

/// The Wichita PQ deck as SWUDB JSON, changed by `edit`.
fn wichita_edited(edit: impl FnOnce(&mut Value)) -> String {
    let text = std::fs::read_to_string(wichita()).unwrap();
    let mut deck: Value = serde_json::from_str(&text).unwrap();
    edit(&mut deck);
    deck.to_string()
}

/// The entry of `id` in a section of a SWUDB JSON deck.
fn entry<'a>(deck: &'a mut Value, section: &str, id: &str) -> &'a mut Value {
    deck[section]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|e| e["id"] == id)
        .unwrap_or_else(|| panic!("{id} is in the {section}"))
}

const WICHITA: &str = "BYFK7GQJRJ";

// Star Wars: Unlimited, on the Wichita PQ deck written three ways by its sites.

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn the_wichita_deck_has_one_fingerprint_as_swudb_json_and_as_melee_text() {
    let cards = cards("swu");
    let melee = deck_file("tournament/wichita-pq-4th-han-solo.melee.txt");
    assert_eq!(swu_file(&cards, &wichita()), WICHITA);
    assert_eq!(swu_file(&cards, melee.to_str().unwrap()), WICHITA);
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn other_printings_of_its_cards_keep_the_fingerprint() {
    let cards = cards("swu");
    // The Millennium Falcon's hyperspace printing, and Waylay's first printing for its
    // Twilight of the Republic reprint.
    let other = wichita_edited(|deck| {
        entry(deck, "deck", "SOR_193")["id"] = "SOR_455".into();
        entry(deck, "deck", "TWI_226")["id"] = "SOR_222".into();
    });
    assert_eq!(swu_text(&cards, &other), WICHITA);
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn names_written_in_small_letters_and_typographic_quotes_keep_the_fingerprint() {
    let cards = cards("swu");
    let melee =
        std::fs::read_to_string(deck_file("tournament/wichita-pq-4th-han-solo.melee.txt")).unwrap();
    let written = melee.to_lowercase().replace("qi'ra", "Qi\u{2019}ra");
    assert_ne!(written, melee);
    assert_eq!(swu_text(&cards, &written), WICHITA);
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn the_picklist_which_has_no_sideboard_has_the_fingerprint_of_the_deck_with_its_sideboard_in_the_main_deck()
 {
    let cards = cards("swu");
    let picklist = deck_file("tournament/wichita-pq-4th-han-solo.picklist.txt");
    let merged = wichita_edited(|deck| {
        let sideboard = deck["sideboard"].take();
        let main = deck["deck"].as_array_mut().unwrap();
        main.extend(sideboard.as_array().unwrap().iter().cloned());
    });
    let printed = swu_file(&cards, picklist.to_str().unwrap());
    assert_eq!(printed, swu_text(&cards, &merged));
    assert_ne!(printed, WICHITA, "the sideboard is part of the list");
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn one_card_more_changes_the_fingerprint() {
    let cards = cards("swu");
    let more = wichita_edited(|deck| entry(deck, "deck", "SOR_211")["count"] = 3.into());
    assert_ne!(swu_text(&cards, &more), WICHITA);
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn one_card_moved_to_the_sideboard_changes_the_fingerprint() {
    let cards = cards("swu");
    let moved = wichita_edited(|deck| {
        entry(deck, "deck", "SOR_211")["count"] = 1.into();
        let sideboard = deck["sideboard"].as_array_mut().unwrap();
        sideboard.push(serde_json::json!({"id": "SOR_211", "count": 1}));
    });
    assert_ne!(swu_text(&cards, &moved), WICHITA);
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn json_gives_the_fingerprint_and_the_canonical_form_it_is_the_hash_of() {
    let cards = cards("swu");
    let out = run("swu", &cards, &["--json", &wichita()], None);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let answer = json(&out);
    assert_eq!(answer["fingerprint"], WICHITA);
    assert_eq!(answer["game"], "swu");
    assert_eq!(answer["input_format"], "swudb-json");
    let canonical = answer["canonical"].as_str().unwrap();
    assert!(
        canonical.starts_with(
            "deckcheck-fingerprint/1 swu\nbase 1 level 1313 | coruscant\nleader 1 han solo | audacious smuggler\nmain 3 bodhi rook | imperial defector\n"
        ),
        "{canonical}"
    );
    assert_eq!(canonical.lines().count(), 1 + 2 + 19 + 5, "{canonical}");
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn a_list_with_an_entry_that_is_not_a_card_has_no_fingerprint_and_exits_2_naming_it() {
    let cards = cards("swu");
    let melee =
        std::fs::read_to_string(deck_file("tournament/wichita-pq-4th-han-solo.melee.txt")).unwrap();
    let out = run(
        "swu",
        &cards,
        &["-"],
        Some(&melee.replace("3 | Waylay", "3 | Waylayy")),
    );
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(stdout(&out).is_empty(), "{}", stdout(&out));
    let said = stderr(&out);
    assert!(
        said.contains("1 entries cannot be read as cards") && said.contains("Waylayy"),
        "{said}"
    );
}

// The other games: a real deck of each, written two ways where the game has two.

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn an_lcg_deck_has_one_fingerprint_as_an_octgn_file_and_as_its_objective_sets() {
    let cards = cards("lcg");
    let octgn = deck("lcg", "core-starter-jedi.o8d");
    let sets = "Affiliation: Jedi\n1x A Hero's Journey (1)\n1x In You Must Go (2)\n1x Forgotten Heroes (3)\n1x A Journey to Dagobah (4)\n1x The Secret of Yavin 4 (5)\n1x Last Minute Rescue (6)\n1x Jedi Training (7)\n1x Hit and Run (18)\n";
    assert_eq!(of("lcg", &cards, Some(&octgn), None), "YPX4PQT5XY");
    assert_eq!(of("lcg", &cards, None, Some(sets)), "YPX4PQT5XY");
    let more = sets.replace("(7)\n", "(7)\n1x Forgotten Heroes (3)\n");
    assert_ne!(of("lcg", &cards, None, Some(&more)), "YPX4PQT5XY");
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn a_ccg_deck_has_one_fingerprint_as_a_gemp_file_and_as_a_gemp_deck_list() {
    let cards = cards("ccg");
    for (xml, text, pinned) in [
        ("bhbm-dark.xml", "bhbm-dark-with-ids.txt", "4FXZM07X8N"),
        ("ebo-light.xml", "ebo-light.txt", "WQKK68NDKZ"),
    ] {
        assert_eq!(of("ccg", &cards, Some(&deck("ccg", xml)), None), pinned);
        assert_eq!(of("ccg", &cards, Some(&deck("ccg", text)), None), pinned);
    }
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn a_legion_army_has_one_fingerprint_whatever_the_order_of_its_units_and_another_with_a_unit_more()
{
    let cards = cards("legion");
    let army = |link: &str| of("legion", &cards, None, Some(link));
    assert_eq!(army(LEGION_ARMY), "VS6DM1MAN9");
    let reordered = LEGION_ARMY.replace("1ab0000,1ad0000,", "1ad0000,1ab0000,");
    assert_ne!(reordered, LEGION_ARMY);
    assert_eq!(army(&reordered), "VS6DM1MAN9");
    assert_ne!(
        army(&LEGION_ARMY.replace(",2ao00,", ",3ao00,")),
        "VS6DM1MAN9"
    );
}

// docs/fingerprint.md

/// The page's worked examples: for each canonical form, the game and the lists before it.
fn page_examples() -> Vec<(String, Vec<String>, String)> {
    let page = include_str!("../../../../docs/fingerprint.md");
    let mut examples = Vec::new();
    let mut lists: Vec<(String, String)> = Vec::new();
    for block in page.split("```").skip(1).step_by(2) {
        let (info, body) = block.split_once('\n').unwrap();
        if let Some(game) = info.strip_prefix("list ") {
            lists.push((game.to_string(), body.to_string()));
        } else if info == "canonical" {
            let game = lists.first().map(|l| l.0.clone()).unwrap_or_default();
            assert!(lists.iter().all(|l| l.0 == game), "{lists:?}");
            let texts = lists.drain(..).map(|l| l.1).collect();
            examples.push((game, texts, body.to_string()));
        }
    }
    examples
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn every_list_of_the_fingerprint_page_reads_to_the_canonical_form_printed_after_it() {
    let examples = page_examples();
    assert_eq!(examples.len(), 4, "one worked example per game");
    for (game, lists, canonical) in examples {
        let cards = cards(&game);
        assert!(
            !lists.is_empty(),
            "{game}: a list precedes the canonical form"
        );
        for list in lists {
            let out = run(&game, &cards, &["--json", "-"], Some(&list));
            assert_eq!(out.status.code(), Some(0), "{list}\n{}", stdout(&out));
            let answer = json(&out);
            assert_eq!(answer["canonical"], canonical.as_str(), "{list}");
            assert_eq!(
                answer["fingerprint"],
                deckcheck_core::Fingerprint::of(&canonical).as_str()
            );
        }
    }
}
