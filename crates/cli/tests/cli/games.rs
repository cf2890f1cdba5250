//! `deckcheck check --game legion|ccg|lcg` on real lists and the real card data: a legal list
//! exits 0, an illegal one 1 with the rule's code in `--json`. The lists are the game crates'
//! own test decks; the data is `shared/`'s (or the game's variable): the tests are
//! `#[ignore = "needs ../shared: …"]` and run with `--include-ignored`.

use std::path::{Path, PathBuf};

use super::{json, run_with, shared_dir, stdout};

/// The date the game crates' tests judge on.
const AS_OF: &str = "2026-11-22";

/// The game's real catalog: its variable, else its directory in `shared/`; the tests that
/// call this are `#[ignore = "needs ../shared: …"]`.
pub(super) fn catalog(game: &str) -> PathBuf {
    let (var, dir) = match game {
        "legion" => ("DECKCHECK_LEGION_CARDS", "data/legion/legion-hq"),
        "ccg" => ("DECKCHECK_CCG_CARDS", "data/swccg"),
        "lcg" => ("DECKCHECK_LCG_CARDS", "data/swlcg"),
        _ => unreachable!("{game}"),
    };
    let path = match std::env::var_os(var) {
        Some(d) if !d.is_empty() => PathBuf::from(d),
        _ => shared_dir().join(dir),
    };
    assert!(
        path.is_dir(),
        "needs ../shared: no {game} card data at {} (put shared/ beside the repository or set {var})",
        path.display()
    );
    path
}

/// A test deck of a game crate.
pub(super) fn deck(game: &str, file: &str) -> String {
    let dir =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../{game}/tests/{game}/decks"));
    dir.join(file).display().to_string()
}

/// `deckcheck <command> --game <game>` on the game's data, on [`AS_OF`], with the arguments
/// (`-` reads `stdin`).
pub(super) fn run_game(
    command: &str,
    game: &str,
    cards: &Path,
    args: &[&str],
    stdin: Option<&str>,
) -> std::process::Output {
    let mut all = vec![
        command,
        "--game",
        game,
        "--cards",
        cards.to_str().unwrap(),
        "--as-of",
        AS_OF,
    ];
    all.extend_from_slice(args);
    // The SWU catalog is not needed; the game's is given with --cards.
    run_with(cards, &all, stdin.map(str::as_bytes))
}

/// `deckcheck check --game <game> --json` on the files, or on `stdin` with `-`.
fn check(game: &str, cards: &Path, args: &[&str], stdin: Option<&str>) -> std::process::Output {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    run_game("check", game, cards, &all, stdin)
}

fn codes(out: &std::process::Output) -> Vec<String> {
    json(out)["violations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["code"].as_str().unwrap().to_string())
        .collect()
}

#[track_caller]
fn assert_exit(out: &std::process::Output, code: i32, verdict: &str) {
    assert_eq!(out.status.code(), Some(code), "{}", stdout(out));
    assert_eq!(json(out)["verdict"], verdict, "{}", stdout(out));
}

pub(super) const LEGION_ARMY: &str = "https://legionhq2.com/list/rebels/1000:1ab0000,1ad0000,3ahed0dc0,1aieh000,1gv00000,1ae000,2ak00000,2ao00,1he00,1ap000,cr,cq,vo,ck,bj,ch,Ag,Ah,Ai,Aa,Ab,Ac,yu,yv,yw";

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn a_legion_army_from_a_link_is_legal_and_with_luke_twice_illegal_by_leg_unique() {
    let cards = catalog("legion");
    let legal = check("legion", &cards, &["-"], Some(LEGION_ARMY));
    assert_exit(&legal, 0, "legal");
    assert_eq!(json(&legal)["format"], "standard");

    // Legion HQ's own editor lets `2ad` (two Luke Skywalker units) through.
    let twice = LEGION_ARMY.replace(",1ad0000,", ",2ad0000,");
    let illegal = check("legion", &cards, &["-"], Some(&twice));
    assert_exit(&illegal, 1, "illegal");
    assert!(
        codes(&illegal).contains(&"LEG-UNIQUE".to_string()),
        "{}",
        stdout(&illegal)
    );
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn a_ccg_pair_of_gemp_files_is_legal_and_with_two_objectives_illegal_by_ccg_one_objective() {
    let cards = catalog("ccg");
    let light = deck("ccg", "ebo-light.xml");
    let legal = check(
        "ccg",
        &cards,
        &["--format", "classic", &deck("ccg", "bhbm-dark.xml"), &light],
        None,
    );
    assert_exit(&legal, 0, "legal");

    let illegal = check(
        "ccg",
        &cards,
        &[
            "--format",
            "classic",
            &deck("ccg", "two-objectives.gemp"),
            &light,
        ],
        None,
    );
    assert_exit(&illegal, 1, "illegal");
    assert_eq!(
        codes(&illegal),
        ["CCG-ONE-OBJECTIVE"],
        "{}",
        stdout(&illegal)
    );
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn an_lcg_pair_of_octgn_files_is_legal_and_with_a_core_starter_deck_illegal_by_lcg_min_10() {
    let cards = catalog("lcg");
    let sith = deck("lcg", "sith-ten-sets.o8d");
    let legal = check(
        "lcg",
        &cards,
        &[&deck("lcg", "jedi-ten-sets.o8d"), &sith],
        None,
    );
    assert_exit(&legal, 0, "legal");

    // OCTGN's Core Set starter deck: 8 objective sets.
    let illegal = check(
        "lcg",
        &cards,
        &[&deck("lcg", "core-starter-jedi.o8d"), &sith],
        None,
    );
    assert_exit(&illegal, 1, "illegal");
    assert_eq!(codes(&illegal), ["LCG-MIN-10"], "{}", stdout(&illegal));
}
