//! Issue 37: the answer's messages in the language asked (`Accept-Language`, said back as
//! `Content-Language`); codes, sections, field names and the JSON's shape never change with it.

use serde_json::{Value, json};

use crate::helpers::*;

/// A validate request in a language; the answer and its `Content-Language`.
async fn validate_in(app: &TestApp, accept: Option<&str>, request: &Value) -> (Answer, String) {
    let mut post = app
        .client
        .post(format!("{}/v1/decks/validate", app.address))
        .header("content-type", "application/json")
        .body(request.to_string());
    if let Some(accept) = accept {
        post = post.header("accept-language", accept);
    }
    let response = post.send().await.expect("the request is answered");
    let language = response
        .headers()
        .get("content-language")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    (TestApp::answer(response).await, language)
}

/// The fixture deck with four copies of one card: `too-many-copies` in Premier.
fn four_copies() -> Value {
    let deck = fixture_deck().replacen("3 | Filler Trooper 1\n", "4 | Filler Trooper 1\n", 1);
    json!({ "deck": deck, "format": "premier", "as_of": "2025-04-01" })
}

/// The answer with every message blanked: what must not change with the language.
fn without_messages(mut v: Value) -> Value {
    fn blank(v: &mut Value) {
        match v {
            Value::Object(map) => {
                for (k, v) in map.iter_mut() {
                    if k == "message" {
                        *v = Value::Null;
                    } else {
                        blank(v);
                    }
                }
            }
            Value::Array(items) => items.iter_mut().for_each(blank),
            _ => {}
        }
    }
    blank(&mut v);
    v
}

fn first_message(answer: &Answer) -> String {
    answer.body["reports"][0]["violations"][0]["message"]
        .as_str()
        .unwrap_or_else(|| panic!("a violation: {}", answer.body))
        .to_string()
}

#[actix_web::test]
async fn accept_language_chooses_the_language_of_the_violations_and_content_language_says_it() {
    let app = spawn_fixture_app().await;
    let request = four_copies();
    let (english, said) = validate_in(&app, None, &request).await;
    assert_eq!(english.status, 200, "{}", english.body);
    assert_eq!(said, "en");
    assert_eq!(
        english.body["reports"][0]["violations"][0]["code"],
        "too-many-copies"
    );
    assert!(first_message(&english).starts_with("4 copies of Filler Trooper 1"));

    let (german, said) = validate_in(&app, Some("de"), &request).await;
    assert_eq!(said, "de");
    let message = first_message(&german);
    assert!(
        message.starts_with("4 Exemplare von Filler Trooper 1 in Spieldeck und Sideboard"),
        "{message}"
    );

    let (french, said) = validate_in(&app, Some("fr-CA, en;q=0.5"), &request).await;
    assert_eq!(said, "fr");
    assert!(first_message(&french).starts_with("4 exemplaires de Filler Trooper 1"));

    let (weighted, said) = validate_in(&app, Some("en;q=0.4, es;q=0.8"), &request).await;
    assert_eq!(said, "es");
    assert!(first_message(&weighted).starts_with("4 copias de Filler Trooper 1"));

    let (unknown, said) = validate_in(&app, Some("xx"), &request).await;
    assert_eq!(said, "en");
    assert_eq!(first_message(&unknown), first_message(&english));

    let shape = without_messages(english.body.clone());
    for answer in [&german, &french, &weighted, &unknown] {
        assert_eq!(
            without_messages(answer.body.clone()),
            shape,
            "only the messages change with the language"
        );
    }
}

#[actix_web::test]
async fn the_note_on_unreadable_entries_follows_the_language_too() {
    let app = spawn_fixture_app().await;
    let deck = format!("{}1 | No Such Card At All\n", fixture_deck());
    let request = json!({ "deck": deck, "format": "premier", "as_of": "2025-04-01" });
    let (answer, said) = validate_in(&app, Some("it-IT,it;q=0.9"), &request).await;
    assert_eq!(said, "it");
    let note = answer.body["reports"][0]["notes"][0]["message"]
        .as_str()
        .unwrap_or_else(|| panic!("a note: {}", answer.body));
    assert!(note.starts_with("1 voce della lista"), "{note}");
}

/// Opens an upstream that is a directory (the test's mirror).
fn open_dir(
    upstream: &str,
    _: deckcheck_core::sync::HttpLimits,
    _: &str,
) -> Result<Box<dyn deckcheck_core::sync::Fetch>, deckcheck_core::sync::FetchError> {
    Ok(Box::new(deckcheck_core::sync::DirFetch::new(
        std::path::Path::new(upstream),
    )?))
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn a_german_list_is_answered_in_german_with_each_card_as_written_and_its_english_name() {
    // SWU synced from a mirror of swu-db's answers and the official card database's pages of
    // the sample in ../shared (read there, never copied), as `serve`'s first start syncs it.
    let localized = shared_swu().join("localized");
    let mirror = tempfile::tempdir().unwrap();
    for (from, to) in [
        (shared_swu().join("cards/all_cards.json"), "all_cards.json"),
        (
            shared_swu().join("cards/swu-db-2026-10-08/HMW.json"),
            "HMW.json",
        ),
    ] {
        std::fs::copy(from, mirror.path().join(to)).unwrap();
    }
    for page in std::fs::read_dir(&localized).unwrap() {
        let page = page.unwrap().path();
        let name = page.file_name().unwrap().to_string_lossy().to_string();
        if name.starts_with("card-list.") {
            std::fs::copy(&page, mirror.path().join(name)).unwrap();
        }
    }
    let data = tempfile::tempdir().unwrap();
    let mut settings = settings(&[("swu", data.path().join("swu-cards"))]);
    settings.data_dir = Some(data.path().to_path_buf());
    settings.upstream = mirror.path().display().to_string();
    let loaded = deckcheck_server::loading::load_all(&settings, Some(open_dir))
        .expect("SWU syncs and loads");
    let app = spawn(settings, loaded);

    // A unit listed as the leader, in German.
    let list = "Anführer\n1 | Häuptling Chirpa | Kühner Ältester\nBasis\n1 | Dagobah Swamp\n";
    let request = json!({ "deck": list, "format": "eternal", "as_of": "2026-11-22" });
    let (answer, said) = validate_in(&app, Some("de-DE,de;q=0.9,en;q=0.5"), &request).await;
    assert_eq!(said, "de");
    let violations = answer.body["reports"][0]["violations"]
        .as_array()
        .unwrap_or_else(|| panic!("violations: {}", answer.body));
    let not_a_leader = violations
        .iter()
        .find(|v| v["code"] == "not-a-leader")
        .unwrap_or_else(|| panic!("not-a-leader: {}", answer.body));
    assert_eq!(
        not_a_leader["message"],
        "Häuptling Chirpa | Kühner Ältester (Chief Chirpa | Defiant Elder) ist als Anführer angegeben, ist aber keine Anführerkarte (Einheit)."
    );
    let main_deck = violations
        .iter()
        .find(|v| v["code"] == "main-deck-too-small")
        .unwrap_or_else(|| panic!("main-deck-too-small: {}", answer.body));
    assert!(
        main_deck["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("Das Spieldeck hat 0 Karten")),
        "{main_deck}"
    );
    let (english, said) = validate_in(&app, None, &request).await;
    assert_eq!(said, "en");
    assert_eq!(
        without_messages(english.body),
        without_messages(answer.body),
        "only the messages change with the language"
    );
}
