//! Printable deck-registration sheets (issue 30, item 1): the content of each game's sheet
//! through `GET /v1/events/{event}/sheets` and `/me/sheet`, on real decks: the event, its date
//! and format; the player, their UID, the version and time registered; the list in the game's
//! sheet order with counts and totals; the fingerprint core computes. Who may print which.

use deckcheck_core::DeckInput;
use jiff::civil::Date;
use serde_json::{Value, json};

use crate::games::deck;
use crate::helpers::*;
use crate::real_app;

/// An event of a game, created with lists that are not legal kept pending (a sheet is printed
/// whatever the verdict): its id, code and organizer token.
async fn event(app: &TestApp, game: &str, format: &str, date: &str) -> (String, String, String) {
    let created = app
        .post(
            "/v1/events",
            "application/json",
            json!({ "name": format!("{game} store showdown"), "game": game, "format": format, "date": date, "illegal_lists": "pending" })
                .to_string(),
        )
        .await;
    assert_eq!(created.status, 201, "{}", created.body);
    let e = &created.body["event"];
    (
        e["id"].as_str().unwrap().into(),
        e["registration_code"].as_str().unwrap().into(),
        created.body["organizer_token"].as_str().unwrap().into(),
    )
}

/// Registers a player with a list (`{"deck": …}` or `{"decks": […]}`); their id and token.
async fn register(
    app: &TestApp,
    code: &str,
    name: &str,
    uid: &str,
    list: Value,
) -> (String, String) {
    let mut body = json!({ "player": name, "uid": uid });
    body.as_object_mut()
        .unwrap()
        .extend(list.as_object().unwrap().clone());
    let r = app
        .post(
            &format!("/v1/events/code/{code}/players"),
            "application/json",
            body.to_string(),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.body);
    (
        r.body["player"]["id"].as_str().unwrap().into(),
        r.body["token"].as_str().unwrap().into(),
    )
}

/// The one sheet of an event of `game` on `day` where one player registered `list`: its decks.
async fn sheet_of(app: &TestApp, game: &str, format: &str, day: &str, list: Value) -> Vec<Value> {
    let (event, code, organizer) = event(app, game, format, day).await;
    register(app, &code, "Pat Player", "P-1", list).await;
    let answer = app
        .get_as(&format!("/v1/events/{event}/sheets"), &organizer)
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.body["sheets"][0]["player"], "Pat Player");
    answer.body["sheets"][0]["decks"]
        .as_array()
        .unwrap()
        .clone()
}

/// The sections of a sheet's deck: id, label, count.
fn sections(deck: &Value) -> Vec<(String, String, u64)> {
    deck["sheet"]["sections"]
        .as_array()
        .unwrap_or_else(|| panic!("{deck}"))
        .iter()
        .map(|s| {
            (
                s["id"].as_str().unwrap().into(),
                s["label"].as_str().unwrap().into(),
                s["count"].as_u64().unwrap(),
            )
        })
        .collect()
}

fn totals(deck: &Value) -> Vec<(String, u64)> {
    deck["sheet"]["totals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["label"].as_str().unwrap().into(),
                t["count"].as_u64().unwrap(),
            )
        })
        .collect()
}

fn section<'a>(deck: &'a Value, id: &str) -> &'a Value {
    deck["sheet"]["sections"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == id)
        .unwrap_or_else(|| panic!("no section {id}: {deck}"))
}

/// The fingerprint core gives a deck (what `deckcheck fingerprint` prints and the event stores).
fn fingerprint(game: &str, text: &str, date: &str) -> String {
    let loaded = real_games();
    let game = loaded.registry.get(Some(game)).expect("the game");
    let deck = DeckInput {
        field: "deck".into(),
        text: text.into(),
    };
    game.fingerprint(&deck, None, date.parse::<Date>().unwrap())
        .unwrap()
        .fingerprint
        .to_string()
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn a_star_wars_unlimited_sheet_lists_leader_base_main_deck_and_sideboard_with_the_fingerprint()
 {
    let app = real_app!();
    let day = "2025-04-01";
    let (event, code, organizer) = event(&app, "swu", "premier", day).await;
    let list = wichita_text();
    let (ada, _) = register(&app, &code, "Ada Lovelace", "1001", json!({ "deck": list })).await;
    let answer = app
        .get_as(&format!("/v1/events/{event}/sheets"), &organizer)
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let e = &answer.body["event"];
    assert_eq!(
        (&e["name"], &e["date"], &e["format_name"], &e["game_name"]),
        (
            &json!("swu store showdown"),
            &json!(day),
            &json!("Premier"),
            &json!("Star Wars: Unlimited")
        )
    );
    let sheet = &answer.body["sheets"][0];
    assert_eq!(sheet["player_id"], ada);
    assert_eq!(
        (&sheet["player"], &sheet["uid"]),
        (&json!("Ada Lovelace"), &json!("1001"))
    );
    assert_eq!(sheet["version"], 1);
    assert!(
        sheet["registered_at"].as_str().unwrap().ends_with('Z'),
        "{sheet}"
    );
    let deck = &sheet["decks"][0];
    assert_eq!(
        sections(deck),
        [
            ("leader".into(), "Leader".into(), 1),
            ("base".into(), "Base".into(), 1),
            ("main".into(), "Main deck".into(), 50),
            ("sideboard".into(), "Sideboard".into(), 10),
        ]
    );
    assert_eq!(totals(deck), [("Cards".into(), 62)]);
    assert_eq!(
        section(deck, "leader")["lines"][0]["name"],
        "Han Solo | Audacious Smuggler"
    );
    assert_eq!(deck["fingerprint"], fingerprint("swu", &list, day));
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn a_legion_sheet_lists_the_units_from_commanders_to_support_then_the_command_hand_and_battle_deck()
 {
    let app = real_app!();
    let day = "2026-11-22";
    let army = "https://legionhq2.com/list/rebels/1000:1ab0000,1ad0000,3ahed0dc0,1aieh000,1gv00000,1ae000,2ak00000,2ao00,1he00,1ap000,cr,cq,vo,ck,bj,ch,Ag,Ah,Ai,Aa,Ab,Ac,yu,yv,yw";
    let decks = sheet_of(&app, "legion", "standard", day, json!({ "deck": army })).await;
    let deck = &decks[0];
    let ids: Vec<String> = sections(deck).into_iter().map(|s| s.0).collect();
    // Ranks in the order of the army-building table, then the two decks of cards.
    let ranks = [
        "commander",
        "operative",
        "corps",
        "special",
        "support",
        "heavy",
    ];
    let listed: Vec<&str> = ids
        .iter()
        .map(String::as_str)
        .filter(|i| ranks.contains(i))
        .collect();
    let mut ordered = listed.clone();
    ordered.sort_by_key(|r| ranks.iter().position(|x| x == r));
    assert_eq!(listed, ordered, "{ids:?}");
    assert_eq!(listed.first(), Some(&"commander"), "{ids:?}");
    assert_eq!(&ids[ids.len() - 2..], ["command", "battle"]);
    assert_eq!(section(deck, "command")["label"], "Command hand");
    assert_eq!(section(deck, "battle")["label"], "Battle deck");
    // Three Rebel Troopers with their upgrades: one line, its upgrades beside it.
    let corps = section(deck, "corps");
    assert!(
        corps["lines"]
            .as_array()
            .unwrap()
            .iter()
            .any(|l| l["count"] == 3 && l["with"].as_array().is_some_and(|w| w.len() == 2)),
        "{corps}"
    );
    let units: u64 = sections(deck)
        .iter()
        .filter(|s| ranks.contains(&s.0.as_str()))
        .map(|s| s.2)
        .sum();
    assert_eq!(totals(deck)[0], ("Units".into(), units));
    assert_eq!(deck["fingerprint"], fingerprint("legion", army, day));
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn a_ccg_sheet_names_each_side_with_its_starting_cards_first_and_the_cards_outside_the_deck_last()
 {
    let app = real_app!();
    let day = "2026-11-22";
    let (dark, light) = (deck("ccg", "bhbm-dark.xml"), deck("ccg", "ebo-light.xml"));
    let list = json!({ "decks": [dark, light] });
    let decks = sheet_of(&app, "ccg", "classic", day, list).await;
    assert_eq!(decks.len(), 2);
    assert_eq!(decks[0]["sheet"]["title"], "Dark Side");
    assert_eq!(decks[1]["sheet"]["title"], "Light Side");
    for (deck, text) in decks.iter().zip([&dark, &light]) {
        let ids: Vec<String> = sections(deck).into_iter().map(|s| s.0).collect();
        assert_eq!(ids.first().map(String::as_str), Some("starting"), "{ids:?}");
        assert_eq!(ids.last().map(String::as_str), Some("outside"), "{ids:?}");
        let starting = section(deck, "starting");
        assert!(starting["count"].as_u64().unwrap() >= 1, "{starting}");
        // The deck's sections add up to the deck, the size rule's 60 (the list is legal).
        let in_deck: u64 = sections(deck)
            .iter()
            .filter(|s| s.0 != "outside")
            .map(|s| s.2)
            .sum();
        assert_eq!(totals(deck)[0], ("In the deck".into(), in_deck));
        assert_eq!(in_deck, 60);
        assert_eq!(
            totals(deck)[1],
            (
                "Outside the deck".into(),
                section(deck, "outside")["count"].as_u64().unwrap()
            )
        );
        assert_eq!(deck["fingerprint"], fingerprint("ccg", text, day));
    }
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn an_lcg_sheet_lists_the_objective_sets_by_number() {
    let app = real_app!();
    let day = "2026-11-22";
    let (jedi, sith) = (
        deck("lcg", "jedi-ten-sets.o8d"),
        deck("lcg", "sith-ten-sets.o8d"),
    );
    let list = json!({ "decks": [jedi, sith] });
    let decks = sheet_of(&app, "lcg", "standard", day, list).await;
    assert_eq!(decks[0]["sheet"]["title"], "Light Side");
    assert_eq!(decks[1]["sheet"]["title"], "Dark Side");
    for (deck, text) in decks.iter().zip([&jedi, &sith]) {
        let ids: Vec<String> = sections(deck).into_iter().map(|s| s.0).collect();
        assert_eq!(ids, ["affiliation", "objective", "command"]);
        let sets = section(deck, "objective");
        assert_eq!(sets["label"], "Objective sets");
        assert_eq!(sets["count"], 10);
        let numbers: Vec<&str> = sets["lines"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["number"].as_str().unwrap())
            .collect();
        let mut sorted = numbers.clone();
        sorted.sort_unstable();
        assert_eq!(numbers, sorted, "by number");
        assert!(
            numbers.iter().all(|n| n.len() == 4 && n.starts_with('#')),
            "{numbers:?}"
        );
        assert_eq!(totals(deck)[0], ("Objective sets".into(), 10));
        assert_eq!(totals(deck)[1], ("Cards in the deck".into(), 60));
        assert_eq!(deck["fingerprint"], fingerprint("lcg", text, day));
    }
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn sheets_are_printed_by_the_organizer_and_judges_one_players_by_its_id_and_a_players_own_by_them()
 {
    let app = real_app!();
    let (event, code, organizer) = event(&app, "swu", "premier", "2025-04-01").await;
    let mut players = Vec::new();
    for (name, uid) in [
        ("Ada Lovelace", "1001"),
        ("Grace Hopper", "1002"),
        ("Alan Turing", "1003"),
    ] {
        players.push(register(&app, &code, name, uid, json!({ "deck": wichita_text() })).await);
    }
    let all = app
        .get_as(&format!("/v1/events/{event}/sheets"), &organizer)
        .await;
    let names: Vec<&str> = all.body["sheets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["player"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), 3, "{}", all.body);
    for name in ["Ada Lovelace", "Grace Hopper", "Alan Turing"] {
        assert!(names.contains(&name), "{names:?}");
    }
    let judge = app
        .client
        .post(format!("{}/v1/events/{event}/judges", app.address))
        .bearer_auth(&organizer)
        .json(&json!({ "name": "Jo Judge" }))
        .send()
        .await
        .unwrap();
    let judge = TestApp::answer(judge).await.body["token"]
        .as_str()
        .unwrap()
        .to_string();
    let (grace, grace_token) = &players[1];
    let one = app
        .get_as(&format!("/v1/events/{event}/sheets?player={grace}"), &judge)
        .await;
    assert_eq!(one.status, 200, "{}", one.body);
    assert_eq!(one.body["sheets"].as_array().unwrap().len(), 1);
    assert_eq!(one.body["sheets"][0]["player"], "Grace Hopper");
    let mine = app
        .get_as(&format!("/v1/events/{event}/me/sheet"), grace_token)
        .await;
    assert_eq!(mine.status, 200, "{}", mine.body);
    assert_eq!(mine.body["sheets"][0]["uid"], "1002");
    // A player prints their own sheet only; nobody without a token of the event prints any.
    let refused = app
        .get_as(&format!("/v1/events/{event}/sheets"), grace_token)
        .await;
    assert_eq!(refused.status, 403, "{}", refused.body);
    let stranger = app
        .get_as(&format!("/v1/events/{event}/sheets"), "not-a-token")
        .await;
    assert_eq!(stranger.status, 401);
    let nobody = app
        .get_as(
            &format!("/v1/events/{event}/sheets?player=pl_nobody"),
            &organizer,
        )
        .await;
    assert_eq!(nobody.status, 404);
    assert_eq!(nobody.body["error"]["code"], "no-player");
}
