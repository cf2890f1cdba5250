//! `docs/violation-codes.md` lists every game's violation codes with their meaning, written
//! from each game's rules so that it cannot drift. After adding a code, rewrite it with
//! `UPDATE_DOCS=1 cargo test -p deckcheck-server --test api docs`.

use deckcheck_core::CodeInfo;
use deckcheck_server::games::GAMES;

/// The codes a game's rules report, by the game's id in [`GAMES`].
fn codes_of(game: &str) -> Vec<CodeInfo> {
    match game {
        "swu" => deckcheck_swu::rules::codes(),
        "lcg" => deckcheck_lcg::rules::codes(),
        "ccg" => deckcheck_ccg::rules::codes(),
        "legion" => deckcheck_legion::rules::codes(),
        other => panic!("{other} is served: list its codes here and in docs/violation-codes.md"),
    }
}

fn generated() -> String {
    let mut out = String::from(
        "# Violation codes\n\n\
         Stable ids of the `violations[].code` field, game by game: an API contract. A code is never\n\
         renamed or reused; new rules add new codes. `GET /v1/games` lists the same with each game.\n\
         Written from each game's rules (`UPDATE_DOCS=1 cargo test -p deckcheck-server --test api docs`).\n\n\
         A violation's `data` is the typed data its message is written from, declared with its rule:\n\
         its fields depend on the code and keep their types (texts, numbers, dates, lists, objects;\n\
         never a pre-formatted sentence). Where a code is broken in more than one way, `kind` says\n\
         which (`LEG-RANK`: `too-few`, `too-many`, `commanders-and-operatives`). The counts are\n\
         `expected` and `actual`, not repeated in `data`. (Before issue 26 `data` was an object of\n\
         strings, some of them pre-formatted text under `detail`.)\n",
    );
    for spec in GAMES {
        out.push_str(&format!(
            "\n## {} (`{}`)\n\n| code | meaning |\n|---|---|\n",
            spec.name, spec.id
        ));
        for info in codes_of(spec.id) {
            out.push_str(&format!(
                "| `{}` | {} |\n",
                info.code,
                info.meaning.replace('|', "\\|")
            ));
        }
    }
    out
}

#[test]
fn the_documented_violation_codes_match_every_games_rules() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/violation-codes.md");
    let expected = generated();
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(&path, &expected).unwrap();
    }
    let actual = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(
        actual,
        expected,
        "run UPDATE_DOCS=1 cargo test -p deckcheck-server --test api docs to rewrite {}",
        path.display()
    );
}

#[test]
fn no_game_uses_a_code_twice_and_every_code_has_a_meaning() {
    for spec in GAMES {
        let codes = codes_of(spec.id);
        let mut seen = std::collections::BTreeSet::new();
        for info in &codes {
            assert!(seen.insert(info.code), "{}: {} twice", spec.id, info.code);
            assert!(
                !info.meaning.trim().is_empty(),
                "{}: {}",
                spec.id,
                info.code
            );
            assert_eq!(
                serde_json::to_value(info.code).unwrap(),
                info.code.as_str(),
                "the code is written as its id"
            );
        }
    }
}

#[test]
fn the_loaded_game_lists_the_codes_of_its_rules() {
    let loaded = crate::helpers::fixture_games();
    let swu = loaded.registry.get(Some("swu")).unwrap();
    let listed: Vec<_> = swu.info().codes.iter().map(|c| c.code).collect();
    let rules: Vec<_> = codes_of("swu").iter().map(|c| c.code).collect();
    assert_eq!(listed, rules);
}
