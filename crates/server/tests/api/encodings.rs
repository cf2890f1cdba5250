//! Text as people save it, through the service (issue 36, item 6): a list saved by a Windows
//! program is Windows-1252, whether or not the request says so. A declared charset is honoured;
//! bytes that are not UTF-8 are read as Windows-1252 with a note on each deck; bytes that no
//! reading can make text of are refused naming where they are.

use crate::helpers::*;
use crate::real_app;

/// A list whose one accented name, "Padmé", is the single byte 0xE9 of Windows-1252.
fn windows_1252_list() -> Vec<u8> {
    let mut list = b"Leader\n1 | Padm".to_vec();
    list.push(0xE9);
    list.extend_from_slice(b" Amidala | Serving the Republic\nBase\n1 | Chopper Base\n");
    list
}

/// The entries of the answer's first deck that say a card was not found.
fn unknown_cards(answer: &Answer) -> Vec<String> {
    answer.body["decks"][0]["diagnostics"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|d| d["severity"] == "error")
        .map(|d| d["text"].as_str().unwrap_or_default().to_string())
        .collect()
}

fn notes(answer: &Answer) -> Vec<&str> {
    answer.body["decks"][0]["diagnostics"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|d| d["code"] == "read-as-windows-1252")
        .filter_map(|d| d["message"].as_str())
        .collect()
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn a_list_declared_windows_1252_is_read_in_it_and_its_accented_names_found() {
    let app = real_app!();
    let answer = app
        .post(
            "/v1/decks/validate?format=premier&as_of=2025-05-01",
            "text/plain; charset=windows-1252",
            windows_1252_list(),
        )
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(unknown_cards(&answer).is_empty(), "{}", answer.body);
    assert!(notes(&answer).is_empty(), "declared: nothing to say");
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn a_list_that_is_not_utf_8_is_read_as_windows_1252_and_says_so() {
    let app = real_app!();
    let answer = app
        .post(
            "/v1/decks/validate?format=premier&as_of=2025-05-01",
            "text/plain",
            windows_1252_list(),
        )
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(unknown_cards(&answer).is_empty(), "{}", answer.body);
    let notes = notes(&answer);
    assert_eq!(notes.len(), 1, "{}", answer.body);
    assert!(notes[0].contains("Windows-1252"), "{}", notes[0]);
}

#[actix_web::test]
async fn bytes_no_reading_makes_text_of_are_refused_naming_their_line() {
    let app = spawn_fixture_app().await;
    // 0x81 is neither UTF-8 nor defined in Windows-1252.
    let answer = app
        .post(
            "/v1/decks/validate",
            "text/plain",
            b"1 | Waylay\n1 | Way\x81lay\n".to_vec(),
        )
        .await;
    assert_eq!(answer.status, 400, "{}", answer.body);
    assert_eq!(answer.body["error"]["code"], "bad-value");
    assert_eq!(answer.body["error"]["field"], "body");
    let message = answer.body["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("line 2") && message.contains("0x81"),
        "{message}"
    );
}

#[actix_web::test]
async fn a_charset_nobody_knows_is_refused_by_name() {
    let app = spawn_fixture_app().await;
    let answer = app
        .post(
            "/v1/decks/validate",
            "text/plain; charset=klingon-8",
            b"1 | Waylay\n".to_vec(),
        )
        .await;
    assert_eq!(answer.status, 400, "{}", answer.body);
    assert_eq!(answer.body["error"]["field"], "body");
    assert!(
        answer.body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("klingon-8")
    );
}
