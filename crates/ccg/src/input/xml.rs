//! GEMP's deck XML: what GEMP's deck builder exports and imports, one element per physical card.
//!
//! ```xml
//! <deck>
//!   <card blueprintId="9_151" title="Bring Him Before Me"/>
//!   <cardOutsideDeck blueprintId="13_54" title="Battle Order"/>
//! </deck>
//! ```
//! GEMP also writes `testingText`, `backSideTestingText` and `horizontal` (ignored). Read with
//! quick-xml as a stream of events that borrow from the text, no tree built: the root and its
//! children are all a deck file has. A DTD is refused (so no entity is ever expanded), an
//! entity other than XML's five and character references is an error, an attribute value read
//! may hold only characters XML allows, and the document must be well formed as far as it is
//! walked (one root element, every element closed by its own name).

use std::borrow::Cow;

use deckcheck_core::input::{InputFormat, InputFormatInfo};
use deckcheck_core::{Diagnostic, DiagnosticCode, ImportError, Imported};
use quick_xml::XmlVersion;
use quick_xml::events::attributes::Attribute;
use quick_xml::events::{BytesStart, Event};

use super::{At, Builder, MAX_ENTRIES, too_many};
use crate::catalog::Catalog;
use crate::deck::{Deck, Zone};

pub struct GempXml;

impl InputFormat<Catalog, Deck> for GempXml {
    fn info(&self) -> InputFormatInfo {
        InputFormatInfo {
            id: "gemp-xml",
            name: "GEMP deck XML",
            description: "GEMP's deck file: <deck> with one <card blueprintId=\"9_151\"/> per card in the deck and <cardOutsideDeck/> per card outside it.",
        }
    }

    fn detect(&self, text: &str) -> bool {
        let head = text[..text.floor_char_boundary(400)].to_ascii_lowercase();
        head.starts_with('<') && head.contains("<deck") && !head.contains("<html")
    }

    fn read(&self, catalog: &Catalog, text: &str) -> Result<Imported<Deck>, ImportError> {
        check_chars(text)?;
        let mut reader = quick_xml::Reader::from_str(text);
        let mut lines = Lines::new(text);
        let mut builder = Builder::new(catalog);
        // Elements open around the next event: 0 outside the root, 1 in <deck>.
        let mut depth = 0usize;
        let mut rooted = false;
        let mut elements = 0usize;
        loop {
            let start = reader.buffer_position() as usize;
            let event = match reader.read_event() {
                Ok(event) => event,
                Err(e) => return Err(xml_error(text, reader.error_position(), &e)),
            };
            let (element, opens) = match event {
                Event::Start(e) => (e, true),
                Event::Empty(e) => (e, false),
                Event::End(_) => {
                    depth -= 1;
                    continue;
                }
                Event::DocType(_) => {
                    return Err(ImportError::Xml(format!(
                        "a DTD (<!DOCTYPE …>) at line {} is not allowed in a deck file; no entity is expanded",
                        line_at(text, start)
                    )));
                }
                Event::GeneralRef(r) => {
                    known_entity(&r, text, start)?;
                    if depth == 0 {
                        return Err(outside_root(text, start));
                    }
                    continue;
                }
                Event::Text(t) if depth == 0 && !t.trim().is_empty() => {
                    return Err(outside_root(text, start));
                }
                Event::CData(_) if depth == 0 => return Err(outside_root(text, start)),
                Event::Eof => break,
                Event::Text(_)
                | Event::CData(_)
                | Event::Comment(_)
                | Event::Decl(_)
                | Event::PI(_) => continue,
            };
            match depth {
                0 => {
                    if rooted {
                        return Err(ImportError::Xml(format!(
                            "a second root element <{}> at line {}: a document has one",
                            deckcheck_core::echo(element.name().as_ref()),
                            line_at(text, start)
                        )));
                    }
                    rooted = true;
                    let name = element.name();
                    if name.as_ref() != "deck" {
                        return Err(ImportError::NotADeck(format!(
                            "the XML's root element is <{}>, not GEMP's <deck>",
                            deckcheck_core::echo(name.as_ref())
                        )));
                    }
                    let [deck_name] = attributes(&element, ["name"], lines.at(start))?;
                    builder.name(deck_name.map(|n| deckcheck_core::echo(n.trim())));
                }
                1 => {
                    elements += 1;
                    if elements > MAX_ENTRIES {
                        return Err(too_many("cards or more", elements));
                    }
                    card(&mut builder, &element, lines.at(start))?;
                }
                _ => {}
            }
            if opens {
                depth += 1;
            }
        }
        if depth > 0 {
            return Err(ImportError::Xml(
                "the document ends before its elements are closed".into(),
            ));
        }
        if !rooted {
            return Err(ImportError::Xml("the document has no root element".into()));
        }
        Ok(builder.finish())
    }
}

/// One child of `<deck>`: a card in the deck or outside it, by id or by title.
fn card(builder: &mut Builder<'_>, element: &BytesStart<'_>, line: u32) -> Result<(), ImportError> {
    let at = At::Line(line);
    let name = element.name();
    let zone = match name.as_ref() {
        "card" => Zone::Deck,
        "cardOutsideDeck" => Zone::Outside,
        other => {
            builder.diagnostic(Diagnostic::warning(
                DiagnosticCode::MALFORMED_ENTRY,
                at.to_string(),
                other,
                format!(
                    "<{}> is not a GEMP deck element (<card> or <cardOutsideDeck>); it was skipped.",
                    deckcheck_core::echo(other)
                ),
            ));
            return Ok(());
        }
    };
    let [id, title] = attributes(element, ["blueprintId", "title"], line)?;
    match (id.as_deref(), title.as_deref()) {
        (Some(id), _) if !id.trim().is_empty() => builder.by_id(zone, 1, at, id, title.as_deref()),
        (_, Some(t)) if !t.trim().is_empty() => builder.by_title(zone, 1, at, t),
        _ => {
            builder.diagnostic(
                Diagnostic::error(
                    DiagnosticCode::MALFORMED_ENTRY,
                    at.to_string(),
                    name.as_ref(),
                    "this card has neither a blueprintId nor a title; it is counted as an unknown card.",
                )
                .in_zone(zone.id()),
            );
            builder.unknown(zone, at, "(no blueprintId)");
        }
    }
    Ok(())
}

/// The values of the attributes `keys` names, references replaced and white space normalized as
/// XML says, each `None` when absent. Every attribute of the element is read, so that a
/// malformed one is an error; one read twice is too.
fn attributes<'a, const N: usize>(
    element: &'a BytesStart<'a>,
    keys: [&str; N],
    line: u32,
) -> Result<[Option<Cow<'a, str>>; N], ImportError> {
    let mut found = [const { None }; N];
    // Repeated attributes are looked for only among those read, without the iterator's list
    // of every key seen.
    for attr in element.attributes().with_checks(false) {
        let attr: Attribute<'a> = attr.map_err(|e| at_line(&e, line))?;
        let Some(i) = keys.iter().position(|k| attr.key.as_ref() == *k) else {
            continue;
        };
        if found[i].is_some() {
            return Err(ImportError::Xml(format!(
                "the attribute {} is written twice (line {line})",
                keys[i]
            )));
        }
        let value = attr
            .normalized_value(XmlVersion::Implicit1_0)
            .map_err(|e| at_line(&e, line))?;
        // The text was checked whole; a reference may stand for a character it may not hold.
        if let Cow::Owned(replaced) = &value
            && let Some(c) = forbidden_char(replaced)
        {
            return Err(forbidden(c, line));
        }
        found[i] = Some(value);
    }
    Ok(found)
}

/// Refuses a document holding a character XML does not allow (its `Char` production): a
/// control character other than tab, line feed and carriage return, or U+FFFE or U+FFFF (a
/// `str` holds no surrogate). Done once for the whole text, as a parser that checks characters
/// does; a value that references replaced is checked again ([`forbidden_char`]).
fn check_chars(text: &str) -> Result<(), ImportError> {
    // Every byte is looked at, none skipped: a loop without an early exit is one the compiler
    // runs many bytes at a time.
    let controls = text.bytes().fold(false, |found, b| {
        found | (b < 0x20 && b != b'\t' && b != b'\n' && b != b'\r')
    });
    let noncharacters =
        !text.is_ascii() && (text.contains('\u{FFFE}') || text.contains('\u{FFFF}'));
    if !controls && !noncharacters {
        return Ok(());
    }
    match text.char_indices().find(|(_, c)| !is_xml_char(*c)) {
        Some((at, c)) => Err(forbidden(c, line_at(text, at))),
        None => Ok(()),
    }
}

/// The first character of `value` that XML does not allow, if any.
fn forbidden_char(value: &str) -> Option<char> {
    value.chars().find(|c| !is_xml_char(*c))
}

/// XML 1.0's `Char`: the characters a document may hold.
fn is_xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
}

/// A reference to an entity: XML's five (`&amp;`…) and character references are known; any
/// other would need a DTD, which is refused.
fn known_entity(
    r: &quick_xml::events::BytesRef<'_>,
    text: &str,
    at: usize,
) -> Result<(), ImportError> {
    let known = match r.resolve_char_ref() {
        Ok(Some(c)) => is_xml_char(c),
        Ok(None) => quick_xml::escape::resolve_predefined_entity(r).is_some(),
        Err(_) => false,
    };
    if known {
        return Ok(());
    }
    Err(ImportError::Xml(format!(
        "the reference &{}; at line {} names no character XML allows or defines",
        deckcheck_core::echo(r),
        line_at(text, at)
    )))
}

fn forbidden(c: char, line: u32) -> ImportError {
    ImportError::Xml(format!(
        "the character U+{:04X} at line {line} is not allowed in XML",
        u32::from(c)
    ))
}

fn outside_root(text: &str, at: usize) -> ImportError {
    ImportError::Xml(format!(
        "text outside the root element at line {}",
        line_at(text, at)
    ))
}

fn at_line(e: &dyn std::fmt::Display, line: u32) -> ImportError {
    ImportError::Xml(format!("{e} (line {line})"))
}

fn xml_error(text: &str, at: u64, e: &quick_xml::Error) -> ImportError {
    at_line(e, line_at(text, at as usize))
}

/// The line of a byte offset, counted from the start (for an error: once per document).
fn line_at(text: &str, offset: usize) -> u32 {
    let offset = offset.min(text.len());
    1 + text.as_bytes()[..offset]
        .iter()
        .filter(|&&b| b == b'\n')
        .count() as u32
}

/// Line numbers of offsets met in increasing order: the text's newlines are found once, in one
/// pass, however many cards the document has.
struct Lines<'t> {
    newlines: std::iter::Peekable<memchr::Memchr<'t>>,
    line: u32,
}

impl<'t> Lines<'t> {
    fn new(text: &'t str) -> Self {
        Self {
            newlines: memchr::memchr_iter(b'\n', text.as_bytes()).peekable(),
            line: 1,
        }
    }

    fn at(&mut self, offset: usize) -> u32 {
        while self.newlines.next_if(|n| *n < offset).is_some() {
            self.line += 1;
        }
        self.line
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::fixture::Fixture;

    #[test]
    fn each_card_and_each_diagnostic_names_the_line_its_element_starts_on() {
        let f = Fixture::new();
        let text = "<?xml version=\"1.0\"?>\n<deck>\n  <card blueprintId=\"9_151\"/>\r\n\n  <card\n    blueprintId=\"99_999\"/>\n  <sleeve/><cardOutsideDeck title=\"Alter\"/>\n</deck>";
        let deck = GempXml.read(&f.catalog, text).unwrap();
        let lines: Vec<Option<u32>> = deck.deck.entries.iter().map(|e| e.line).collect();
        assert_eq!(lines, [Some(3), Some(5), Some(7)]);
        let ats: Vec<&str> = deck.diagnostics.iter().map(|d| d.at.as_str()).collect();
        assert!(ats.contains(&"line 5"), "the unknown id: {ats:?}");
        assert!(ats.contains(&"line 7"), "the <sleeve>: {ats:?}");
    }

    #[test]
    fn a_document_that_is_not_well_formed_is_an_xml_error() {
        let f = Fixture::new();
        for text in [
            "<deck><card blueprintId=\"9_151\"></deck>",
            "<deck><card blueprintId=\"9_151\"/>",
            "<?xml version=\"1.0\"?><deck",
            "<deck/><deck/>",
            "<deck/>and text",
            "<deck><card blueprintId=9_151/></deck>",
            "<deck><card blueprintId=\"9_151\" blueprintId=\"1_234\"/></deck>",
            "<deck><card blueprintId=\"9_151\" title=\"&custom;\"/></deck>",
            "<deck><card blueprintId=\"9_151\" title=\"A\u{1}B\"/></deck>",
            "<deck><card blueprintId=\"9_151\" title=\"A&#0;B\"/></deck>",
            "<deck>&custom;</deck>",
            "<!-- nothing -->",
        ] {
            let err = GempXml.read(&f.catalog, text).unwrap_err();
            assert!(matches!(err, ImportError::Xml(_)), "{text}: {err}");
        }
    }

    #[test]
    fn a_dtd_is_refused_so_no_entity_is_ever_expanded() {
        let f = Fixture::new();
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE deck [<!ENTITY a \"9_151\">]>\n<deck><card blueprintId=\"&a;\"/></deck>";
        let err = GempXml.read(&f.catalog, text).unwrap_err();
        assert!(
            matches!(&err, ImportError::Xml(m) if m.contains("DTD") && m.contains("line 2")),
            "{err}"
        );
    }

    #[test]
    fn references_to_xmls_own_entities_and_characters_are_read() {
        let f = Fixture::new();
        let text = "<deck name=\"Mine &amp; &#x4F;urs\"><card blueprintId=\"&#57;_151\" title=\"Bring Him Before Me\"/></deck>";
        let deck = GempXml.read(&f.catalog, text).unwrap();
        assert_eq!(deck.deck.name.as_deref(), Some("Mine & Ours"));
        assert_eq!(
            deck.deck.entries[0].card,
            crate::deck::Resolution::Card(f.catalog.by_id("9_151").unwrap())
        );
    }

    #[test]
    fn a_root_other_than_deck_is_not_a_gemp_deck_and_too_many_cards_are_refused() {
        let f = Fixture::new();
        let err = GempXml
            .read(&f.catalog, "<deck-list><card/></deck-list>")
            .unwrap_err();
        assert!(matches!(&err, ImportError::NotADeck(m) if m.contains("<deck-list>")));
        let many = format!(
            "<deck>{}</deck>",
            "<card blueprintId=\"9_151\"/>".repeat(MAX_ENTRIES + 1)
        );
        let err = GempXml.read(&f.catalog, &many).unwrap_err();
        assert!(matches!(err, ImportError::TooLarge(_)), "{err}");
    }
}
