//! Events of the other games: a CCG event registers a Dark and a Light deck as one entry, an
//! LCG event a Light and a Dark deck, a Legion event an army, each judged by its game through
//! the store (SQLite); an illegal submission is refused with its codes. Each deck gets its
//! fingerprint, and the published lists are each game's text (issues 27 and 30). Skipped,
//! saying so, without the game's data.

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

/// An event of the game: its id, registration code and organizer token.
struct GameEvent {
    id: String,
    code: String,
    organizer: String,
}

/// Creates an event of the game.
async fn event(app: &TestApp, game: &str, format: &str) -> GameEvent {
    let a = app
        .post(
            "/v1/events",
            None,
            json!({"name": format!("{game} open"), "game": game, "format": format, "date": ON}),
        )
        .await;
    assert_eq!(a.status, 201, "{}", a.body);
    let text = |v: &Value| v.as_str().unwrap().to_string();
    GameEvent {
        id: text(&a.body["event"]["id"]),
        code: text(&a.body["event"]["registration_code"]),
        organizer: text(&a.body["organizer_token"]),
    }
}

/// Each deck of a registration has a fingerprint of its own.
fn fingerprints(reg: &Answer, decks: usize) -> Vec<String> {
    let prints: Vec<String> = reg.body["fingerprints"]
        .as_array()
        .unwrap_or_else(|| panic!("{}", reg.body))
        .iter()
        .map(|f| {
            f.as_str()
                .unwrap_or_else(|| panic!("{}", reg.body))
                .to_string()
        })
        .collect();
    assert_eq!(prints.len(), decks, "{}", reg.body);
    assert!(prints.iter().all(|f| f.len() == 10), "{prints:?}");
    prints
}

/// The organizer locks and publishes every list; the published lists (the first page).
async fn publish(app: &TestApp, event: &GameEvent) -> Value {
    let path = format!("/v1/events/{}", event.id);
    let lock = app
        .post(&format!("{path}/lock"), Some(&event.organizer), json!({}))
        .await;
    assert_eq!(lock.status, 200, "{}", lock.body);
    let published = app
        .post(
            &format!("{path}/publish"),
            Some(&event.organizer),
            json!({"players": "all"}),
        )
        .await;
    assert_eq!(published.status, 200, "{}", published.body);
    app.get(&format!("{path}/published"), None).await.body
}

/// Each published deck is its text and the fingerprint it was registered with.
fn published_decks(published: &Value, prints: &[String]) -> Vec<String> {
    let decks = published["lists"][0]["decks"].as_array().unwrap();
    let shown: Vec<&str> = decks
        .iter()
        .map(|d| d["fingerprint"].as_str().unwrap())
        .collect();
    assert_eq!(shown, prints, "{published}");
    decks
        .iter()
        .map(|d| d["text"].as_str().unwrap().to_string())
        .collect()
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
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn a_ccg_event_registers_a_dark_and_light_pair_and_refuses_a_deck_with_two_objectives() {
    let ccg = other_game(&deckcheck_ccg::SPEC);
    let app = spawn_with(&[], None, vec![ccg]).await;
    let event = event(&app, "ccg", "classic").await;
    let light = deck("ccg", "ebo-light.xml");
    let players = format!("/v1/events/code/{}/players", event.code);
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
    let prints = fingerprints(&reg, 2);
    assert_ne!(prints[0], prints[1], "each side its own");

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

    let texts = published_decks(&publish(&app, &event).await, &prints);
    assert_eq!(texts.len(), 2);
    assert!(texts.iter().all(|t| t.lines().count() > 10), "{texts:?}");
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn an_lcg_event_registers_a_light_and_dark_pair_and_publishes_it() {
    let lcg = other_game(&deckcheck_lcg::SPEC);
    let app = spawn_with(&[], None, vec![lcg]).await;
    let event = event(&app, "lcg", "standard").await;
    let reg = app
        .post(
            &format!("/v1/events/code/{}/players", event.code),
            None,
            json!({"player": "Ada Lovelace", "uid": "4001", "decks": [deck("lcg", "jedi-ten-sets.o8d"), deck("lcg", "sith-ten-sets.o8d")]}),
        )
        .await;
    assert_eq!(
        (reg.status, reg.body["verdict"].as_str()),
        (201, Some("legal")),
        "{}",
        reg.body
    );
    let prints = fingerprints(&reg, 2);
    let texts = published_decks(&publish(&app, &event).await, &prints);
    // As the sheet lists it: each side's affiliation, then its objective sets by number.
    assert!(
        texts[0].starts_with("Light Side\nAffiliation (1)\n1 Jedi\n")
            && texts[1].starts_with("Dark Side\nAffiliation (1)\n1 Sith\n"),
        "{texts:?}"
    );
    assert!(texts.iter().all(|t| t.lines().count() >= 9), "{texts:?}");
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn a_legion_event_registers_an_army_and_refuses_one_with_luke_twice() {
    let legion = other_game(&deckcheck_legion::SPEC);
    let app = spawn_with(&[], None, vec![legion]).await;
    let event = event(&app, "legion", "standard").await;
    let players = format!("/v1/events/code/{}/players", event.code);
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

    let prints = fingerprints(&reg, 1);
    // Legion writes armies only as Legion HQ links: the published text is the army as its
    // sheet lists it, rank by rank, a unit with its upgrades on one line.
    let texts = published_decks(&publish(&app, &event).await, &prints);
    assert!(
        texts[0].starts_with("Commander (") && texts[0].contains("Luke Skywalker"),
        "{texts:?}"
    );
    assert!(texts[0].contains("\nCommand hand ("), "{texts:?}");
    assert!(!texts[0].contains("legionhq"), "{texts:?}");
}
