//! A site's answer, read into the deck text a game's reader takes and the deck's title: a
//! Karabast-style JSON deck is handed over as it is (the SWU reader `swudb-json` reads it), a
//! melee.gg decklist page becomes a text list (the SWU reader `text`). Pure: no I/O.

use std::sync::LazyLock;

use scraper::{ElementRef, Html, Selector};
use serde_json::Value;

use crate::error::NotADeck;
use crate::site::Answer;

/// The deck as text for the game's reader, its reader's id, and its title.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Read {
    pub text: String,
    pub input_format: &'static str,
    pub title: Option<String>,
}

/// Reads an answer of the shape `answer`, or says why it is not a deck.
pub(crate) fn read(answer: Answer, body: Vec<u8>) -> Result<Read, NotADeck> {
    let text = String::from_utf8(body).map_err(|_| NotADeck::NotUtf8)?;
    match answer {
        Answer::KarabastJson => karabast_json(text),
        Answer::MeleePage => melee_page(&text),
        Answer::TheLink => Err(NotADeck::NothingFetched),
    }
}

/// The title is `metadata.name`; a deck has at least one of `leader`, `base` and `deck`.
fn karabast_json(text: String) -> Result<Read, NotADeck> {
    let value: Value = serde_json::from_str(&text).map_err(|e| NotADeck::NotJson {
        line: e.line(),
        column: e.column(),
    })?;
    let Value::Object(deck) = &value else {
        return Err(NotADeck::NotAnObject);
    };
    if !["leader", "base", "deck"]
        .iter()
        .any(|k| deck.contains_key(*k))
    {
        return Err(NotADeck::NoCards);
    }
    let title = deck
        .get("metadata")
        .and_then(|m| m.get("name"))
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_string);
    Ok(Read {
        text,
        input_format: "swudb-json",
        title,
    })
}

fn selector(css: &str) -> Selector {
    Selector::parse(css).expect("a constant selector parses")
}

static TITLE: LazyLock<Selector> = LazyLock::new(|| selector(".decklist-title"));
static CATEGORY: LazyLock<Selector> = LazyLock::new(|| selector(".decklist-category"));
static CATEGORY_TITLE: LazyLock<Selector> = LazyLock::new(|| selector(".decklist-category-title"));
static RECORD: LazyLock<Selector> = LazyLock::new(|| selector(".decklist-record"));
static QUANTITY: LazyLock<Selector> = LazyLock::new(|| selector(".decklist-record-quantity"));
static NAME: LazyLock<Selector> = LazyLock::new(|| selector(".decklist-record-name"));

/// The text of the first element under `scope` that `selector` matches, its whitespace
/// collapsed.
fn text_of(scope: ElementRef, selector: &Selector) -> Option<String> {
    let element = scope.select(selector).next()?;
    let words: Vec<&str> = element.text().flat_map(str::split_whitespace).collect();
    Some(words.join(" ")).filter(|t| !t.is_empty())
}

/// melee.gg's decklist page: a `decklist-title`, then `decklist-category` blocks (`Leader (1)`,
/// `Base (1)`, the main deck's card types, `Sideboard (n)`), each of `decklist-record`s with a
/// `decklist-record-quantity` (absent for the leader and base: one) and a
/// `decklist-record-name` (`Title | Subtitle`). Written as the text list melee.gg exports:
/// `1 | Title | Subtitle` under `Leaders`, `Base`, `Deck`, `Sideboard`.
fn melee_page(html: &str) -> Result<Read, NotADeck> {
    let page = Html::parse_document(html);
    let root = page.root_element();
    let mut sections: Vec<(&str, Vec<String>)> = ["Leaders", "Base", "Deck", "Sideboard"]
        .into_iter()
        .map(|s| (s, Vec::new()))
        .collect();
    for category in root.select(&CATEGORY) {
        let title = text_of(category, &CATEGORY_TITLE)
            .unwrap_or_default()
            .to_lowercase();
        let section = if title.starts_with("leader") {
            0
        } else if title.starts_with("base") {
            1
        } else if title.contains("sideboard") {
            3
        } else {
            2
        };
        for record in category.select(&RECORD) {
            let Some(name) = text_of(record, &NAME) else {
                continue;
            };
            let count = text_of(record, &QUANTITY).unwrap_or_else(|| "1".into());
            sections[section].1.push(format!("{count} | {name}"));
        }
    }
    if sections.iter().all(|(_, lines)| lines.is_empty()) {
        return Err(NotADeck::NoDecklist);
    }
    let mut text = String::new();
    for (header, lines) in sections.iter().filter(|(_, l)| !l.is_empty()) {
        text.push_str(header);
        text.push('\n');
        for line in lines {
            text.push_str(line);
            text.push('\n');
        }
    }
    Ok(Read {
        text,
        input_format: "text",
        title: text_of(root, &TITLE),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_json_deck_is_handed_over_as_it_is_with_its_metadata_name_as_title() {
        let json = r#"{"metadata":{"name":" Sabine Aggro ","author":"x"},"leader":{"id":"SOR_010","count":1},"deck":[]}"#;
        let read = read(Answer::KarabastJson, json.as_bytes().to_vec()).unwrap();
        assert_eq!(read.text, json);
        assert_eq!(read.title.as_deref(), Some("Sabine Aggro"));
        assert_eq!(read.input_format, "swudb-json");
    }

    #[test]
    fn json_without_leader_base_or_deck_is_not_a_deck() {
        for body in [r#"{"error":"nope"}"#, "[1,2]", "<html>sign in</html>"] {
            assert!(read(Answer::KarabastJson, body.into()).is_err(), "{body}");
        }
        assert!(read(Answer::KarabastJson, vec![0xff, 0xfe]).is_err());
    }

    #[test]
    fn a_melee_page_becomes_a_text_list_in_sections() {
        let html = r#"<html><body>
            <span class="decklist-title">Benthic &amp; Friends</span>
            <div class="decklist-category"><div class="decklist-category-title">Leader (1)</div>
              <div class="decklist-record"><a class="decklist-record-name">Han Solo | Worth the Risk</a></div></div>
            <div class="decklist-category"><div class="decklist-category-title">Base (1)</div>
              <div class="decklist-record"><a class="decklist-record-name">Energy Conversion Lab</a></div></div>
            <div class="decklist-category"><div class="decklist-category-title">Ground Units (3)</div>
              <div class="decklist-record"><span class="decklist-record-quantity">3</span>
                <a class="decklist-record-name">Benthic “Two Tubes” |
                   The War Has Just Begun</a></div></div>
            <div class="decklist-category"><div class="decklist-category-title">Sideboard (2)</div>
              <div class="decklist-record"><span class="decklist-record-quantity">2</span>
                <a class="decklist-record-name">Bodhi Rook | Imperial Defector</a></div></div>
            </body></html>"#;
        let read = read(Answer::MeleePage, html.into()).unwrap();
        assert_eq!(
            read.text,
            "Leaders\n1 | Han Solo | Worth the Risk\nBase\n1 | Energy Conversion Lab\n\
             Deck\n3 | Benthic “Two Tubes” | The War Has Just Begun\n\
             Sideboard\n2 | Bodhi Rook | Imperial Defector\n"
        );
        assert_eq!(read.title.as_deref(), Some("Benthic & Friends"));
        assert_eq!(read.input_format, "text");
    }

    #[test]
    fn a_page_without_a_decklist_is_not_a_deck() {
        let e = read(Answer::MeleePage, b"<html><p>Not found</p></html>".to_vec()).unwrap_err();
        assert_eq!(e, NotADeck::NoDecklist);
    }
}
