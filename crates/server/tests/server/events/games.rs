//! Events of the other games: a CCG event registers a Dark and a Light deck as one entry, a
//! Legion event an army, each judged by its game through the store (SQLite); an illegal
//! submission is refused with its codes. Skipped, saying so, without the game's data.

use serde_json::{Value, json};

use super::helpers::*;

/// The day the game crates' tests judge on.
const ON: &str = "2026-11-22";

/// A test deck of a game crate, as text.
fn deck(game: &str, file: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../{game}/tests/{game}/decks"))
        .join(file);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Creates an event of the game; its registration code.
async fn event(app: &TestApp, game: &str, format: &str) -> String {
    let a = app
        .post(
            "/v1/events",
            None,
            json!({"name": format!("{game} open"), "game": game, "format": format, "date": ON}),
        )
        .await;
    assert_eq!(a.status, 201, "{}", a.body);
    a.body["event"]["registration_code"]
        .as_str()
        .unwrap()
        .to_string()
}

fn refused_codes(a: &Answer) -> Vec<String> {
    a.body["error"]["details"]["report"]["reports"][0]["violations"]
        .as_array()
        .unwrap_or_else(|| panic!("{}", a.body))
        .iter()
        .map(|v| v["code"].as_str().unwrap().to_string())
        .collect()
}

#[actix_web::test]
async fn a_ccg_event_registers_a_dark_and_light_pair_and_refuses_a_deck_with_two_objectives() {
    let Some(ccg) = other_game(&deckcheck_ccg::SPEC) else {
        return;
    };
    let Some(app) = spawn_with(&[], None, vec![ccg]).await else {
        return;
    };
    let code = event(&app, "ccg", "classic").await;
    let light = deck("ccg", "ebo-light.xml");
    let players = format!("/v1/events/code/{code}/players");
    let pair = |dark: &str| -> Value { json!([deck("ccg", dark), light]) };

    let reg = app
        .post(
            &players,
            None,
            json!({"player": "Ada Lovelace", "uid": "2001", "decks": pair("bhbm-dark.xml")}),
        )
        .await;
    assert_eq!(
        (
            reg.status,
            reg.body["state"].as_str(),
            reg.body["verdict"].as_str()
        ),
        (201, Some("accepted"), Some("legal")),
        "{}",
        reg.body
    );
    assert_eq!(reg.body["report"]["reports"][0]["decks"], json!([0, 1]));

    let refused = app
        .post(
            &players,
            None,
            json!({"player": "Bo Katan", "uid": "2002", "decks": pair("two-objectives.gemp")}),
        )
        .await;
    assert_eq!(
        (refused.status, refused.body["error"]["code"].as_str()),
        (422, Some("list-refused")),
        "{}",
        refused.body
    );
    assert_eq!(refused_codes(&refused), ["CCG-ONE-OBJECTIVE"]);
}

#[actix_web::test]
async fn a_legion_event_registers_an_army_and_refuses_one_with_luke_twice() {
    let Some(legion) = other_game(&deckcheck_legion::SPEC) else {
        return;
    };
    let Some(app) = spawn_with(&[], None, vec![legion]).await else {
        return;
    };
    let code = event(&app, "legion", "standard").await;
    let players = format!("/v1/events/code/{code}/players");
    let army = "https://legionhq2.com/list/rebels/1000:1ab0000,1ad0000,3ahed0dc0,1aieh000,1gv00000,1ae000,2ak00000,2ao00,1he00,1ap000,cr,cq,vo,ck,bj,ch,Ag,Ah,Ai,Aa,Ab,Ac,yu,yv,yw";

    let reg = app
        .post(
            &players,
            None,
            json!({"player": "Ada Lovelace", "uid": "3001", "deck": army}),
        )
        .await;
    assert_eq!(
        (
            reg.status,
            reg.body["state"].as_str(),
            reg.body["verdict"].as_str()
        ),
        (201, Some("accepted"), Some("legal")),
        "{}",
        reg.body
    );

    let refused = app
        .post(
            &players,
            None,
            json!({"player": "Bo Katan", "uid": "3002", "deck": army.replace(",1ad0000,", ",2ad0000,")}),
        )
        .await;
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert!(
        refused_codes(&refused).contains(&"LEG-UNIQUE".to_string()),
        "{}",
        refused.body
    );
}
