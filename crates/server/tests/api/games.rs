//! Each game other than SWU through the service on real decks: `POST
//! /v1/games/{game}/decks/validate` with a legal and an illegal list (a Dark and a Light deck,
//! or a light and a dark one, for CCG and LCG), the verdicts and the violation codes. The
//! decks are the game crates' own test decks; the tests need every game's data in `../shared`.

use serde_json::{Value, json};

use crate::helpers::*;
use crate::real_app;

/// The date the game crates' tests judge on.
const AS_OF: &str = "2026-11-22";

/// Fails unless the service loaded the game (its data is in `../shared`, which these tests need).
async fn loaded(app: &TestApp, game: &str) {
    let games = app.get("/v1/games").await;
    let there = games.body["games"]
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["id"] == game);
    assert!(
        there,
        "needs ../shared: the {game} card data did not load ({})",
        games.body
    );
}

/// A test deck of a game crate, as text.
pub(crate) fn deck(game: &str, file: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../{game}/tests/{game}/decks"))
        .join(file);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

async fn validate(app: &TestApp, game: &str, request: Value) -> Answer {
    let answer = app
        .post(
            &format!("/v1/games/{game}/decks/validate"),
            "application/json",
            request.to_string(),
        )
        .await;
    assert_eq!(answer.status, 200, "{game}: {}", answer.body);
    assert_eq!(answer.body["game"], game);
    answer
}

/// The codes of the first report's violations, in order.
fn codes(answer: &Answer) -> Vec<String> {
    answer.body["reports"][0]["violations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["code"].as_str().unwrap().to_string())
        .collect()
}

const LEGION_ARMY: &str = "https://legionhq2.com/list/rebels/1000:1ab0000,1ad0000,3ahed0dc0,1aieh000,1gv00000,1ae000,2ak00000,2ao00,1he00,1ap000,cr,cq,vo,ck,bj,ch,Ag,Ah,Ai,Aa,Ab,Ac,yu,yv,yw";

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn a_legion_army_is_legal_and_with_luke_twice_illegal_by_leg_unique() {
    let app = real_app!();
    loaded(&app, "legion").await;
    let legal = validate(
        &app,
        "legion",
        json!({ "deck": LEGION_ARMY, "format": "standard", "as_of": AS_OF }),
    )
    .await;
    assert_eq!(
        verdicts(&legal),
        [("standard".to_string(), "legal".to_string())],
        "{}",
        legal.body
    );
    assert_eq!(legal.body["legal"], true);

    let twice = LEGION_ARMY.replace(",1ad0000,", ",2ad0000,");
    let illegal = validate(
        &app,
        "legion",
        json!({ "deck": twice, "format": "standard", "as_of": AS_OF }),
    )
    .await;
    assert_eq!(illegal.body["reports"][0]["verdict"], "illegal");
    assert!(
        codes(&illegal).contains(&"LEG-UNIQUE".to_string()),
        "{}",
        illegal.body
    );
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn a_ccg_pair_is_legal_and_with_two_objectives_illegal_by_ccg_one_objective() {
    let app = real_app!();
    loaded(&app, "ccg").await;
    let light = deck("ccg", "ebo-light.xml");
    let legal = validate(
        &app,
        "ccg",
        json!({ "decks": [deck("ccg", "bhbm-dark.xml"), light], "format": "classic", "as_of": AS_OF }),
    )
    .await;
    assert_eq!(
        verdicts(&legal),
        [("classic".to_string(), "legal".to_string())],
        "{}",
        legal.body
    );
    assert_eq!(legal.body["reports"][0]["decks"], json!([0, 1]));

    let illegal = validate(
        &app,
        "ccg",
        json!({ "decks": [deck("ccg", "two-objectives.gemp"), light], "format": "classic", "as_of": AS_OF }),
    )
    .await;
    assert_eq!(illegal.body["reports"][0]["verdict"], "illegal");
    assert_eq!(codes(&illegal), ["CCG-ONE-OBJECTIVE"], "{}", illegal.body);
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn an_lcg_pair_is_legal_and_with_a_core_starter_deck_illegal_by_lcg_min_10() {
    let app = real_app!();
    loaded(&app, "lcg").await;
    let sith = deck("lcg", "sith-ten-sets.o8d");
    let legal = validate(
        &app,
        "lcg",
        json!({ "decks": [deck("lcg", "jedi-ten-sets.o8d"), sith], "format": "standard", "as_of": AS_OF }),
    )
    .await;
    assert_eq!(
        verdicts(&legal),
        [("standard".to_string(), "legal".to_string())],
        "{}",
        legal.body
    );
    assert_eq!(legal.body["reports"][0]["decks"], json!([0, 1]));

    let illegal = validate(
        &app,
        "lcg",
        json!({ "decks": [deck("lcg", "core-starter-jedi.o8d"), sith], "format": "standard", "as_of": AS_OF }),
    )
    .await;
    assert_eq!(illegal.body["reports"][0]["verdict"], "illegal");
    assert_eq!(codes(&illegal), ["LCG-MIN-10"], "{}", illegal.body);
}
