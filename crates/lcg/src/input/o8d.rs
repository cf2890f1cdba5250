//! OCTGN's `.o8d` deck file: `<deck game="…"><section name="Command Deck"><card qty="1"
//! id="GUID">Title</card>…`, cards keyed by OCTGN GUID (swlcg-json's `octgnId`). Read with
//! quick-xml as a stream of events that borrow from the text, no tree built: the sections under
//! the root and their cards are all a deck file has. A DTD is refused (so no entity is ever
//! expanded), an entity other than XML's five and character references is an error, the text
//! may hold only characters XML allows, and the document must be well formed as far as it is
//! walked (one root element, every element closed by its own name).

use std::borrow::Cow;

use deckcheck_core::input::{
    ImportError, Imported, InputFormat, InputFormatInfo, MAX_COUNT, MAX_LINES,
};
use deckcheck_core::{Diagnostic, DiagnosticCode};
use quick_xml::XmlVersion;
use quick_xml::events::{BytesRef, BytesStart, Event};

use super::{SUGGESTIONS, did_you_mean};
use crate::catalog::Catalog;
use crate::deck::{Deck, Entry, Section, Unknown};

/// The game id of db0's Star Wars: The Card Game plugin for OCTGN.
pub const OCTGN_GAME: &str = "d5cf89e5-1984-4873-8ae0-f06eea411bb3";

/// A section name OCTGN's plugin does not have; its cards are filed by their type.
pub const UNKNOWN_SECTION: DiagnosticCode = DiagnosticCode::new("unknown-section");

/// The most `<card>` entries one file may hold: far above any deck (a 10-set deck has ~60
/// lines), low enough that a pasted catalogue stays cheap.
const MAX_ENTRIES: usize = MAX_LINES;

pub struct O8d;

fn section_named(name: &str) -> Option<Section> {
    match name.trim().to_ascii_lowercase().as_str() {
        "affiliation" => Some(Section::Affiliation),
        "objective deck" | "objective" | "objectives" => Some(Section::Objective),
        "command deck" | "command" => Some(Section::Command),
        _ => None,
    }
}

/// The `<section>` being read: the section it files its cards in (`None`: a name the plugin
/// does not have).
struct Open {
    filed: Option<Section>,
    /// A name the plugin does not have, and the line of its start tag, until its first card
    /// gives the warning.
    unwarned: Option<(String, u32)>,
}

/// A `<card>` whose name (its text) is still being read.
struct Card<'a> {
    element: BytesStart<'a>,
    line: u32,
    name: Cow<'a, str>,
    /// A child element was met: the text after it is not the card's name.
    named: bool,
}

impl InputFormat<Catalog, Deck> for O8d {
    fn info(&self) -> InputFormatInfo {
        InputFormatInfo {
            id: "o8d",
            name: "OCTGN deck (.o8d)",
            description: "The XML deck file of OCTGN's Star Wars: The Card Game plugin: sections Affiliation, Command Deck and Objective Deck, cards by OCTGN id.",
        }
    }

    fn detect(&self, text: &str) -> bool {
        text.starts_with('<')
    }

    fn read(&self, catalog: &Catalog, text: &str) -> Result<Imported<Deck>, ImportError> {
        let newlines = memchr::memchr_iter(b'\n', text.as_bytes()).count();
        let lines = newlines + usize::from(!text.is_empty() && !text.ends_with('\n'));
        if lines > MAX_LINES {
            return Err(ImportError::TooLarge(format!(
                "{lines} lines; a deck file has at most {MAX_LINES}"
            )));
        }
        check_chars(text)?;
        let mut reader = quick_xml::Reader::from_str(text);
        let mut at_line = Lines::new(text);
        let mut deck = Read {
            catalog,
            imported: Imported::default(),
            entries: 0,
        };
        // Elements open around the next event: 1 in <deck>, 2 in a section, 3 in a card.
        let mut depth = 0usize;
        let mut rooted = false;
        let mut section: Option<Open> = None;
        let mut card: Option<Card<'_>> = None;
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
                    match depth {
                        2 => {
                            if let (Some(c), Some(s)) = (card.take(), section.as_mut()) {
                                deck.card(s, &c.element, c.line, c.name.trim())?;
                            }
                        }
                        1 => section = None,
                        _ => {}
                    }
                    continue;
                }
                Event::DocType(_) => {
                    return Err(ImportError::Xml(format!(
                        "a DTD (<!DOCTYPE …>) at line {} is not allowed in a deck file; no entity is expanded",
                        line_at(text, start)
                    )));
                }
                Event::Text(t) => {
                    if depth == 0 && !t.trim().is_empty() {
                        return Err(outside_root(text, start));
                    }
                    if let Some(c) = card.as_mut().filter(|c| depth == 3 && !c.named) {
                        append(&mut c.name, t.xml10_content());
                    }
                    continue;
                }
                Event::CData(t) => {
                    if depth == 0 {
                        return Err(outside_root(text, start));
                    }
                    if let Some(c) = card.as_mut().filter(|c| depth == 3 && !c.named) {
                        append(&mut c.name, t.xml10_content());
                    }
                    continue;
                }
                Event::GeneralRef(r) => {
                    let resolved = reference(&r, text, start)?;
                    if depth == 0 {
                        return Err(outside_root(text, start));
                    }
                    if let Some(c) = card.as_mut().filter(|c| depth == 3 && !c.named) {
                        append(&mut c.name, resolved);
                    }
                    continue;
                }
                Event::Eof => break,
                Event::Comment(_) | Event::Decl(_) | Event::PI(_) => continue,
            };
            let name = element.name();
            match depth {
                0 => {
                    if rooted {
                        return Err(ImportError::Xml(format!(
                            "a second root element <{}> at line {}: a document has one",
                            deckcheck_core::echo(name.as_ref()),
                            line_at(text, start)
                        )));
                    }
                    rooted = true;
                    root(&element, at_line.at(start))?;
                }
                1 if name.as_ref() == "section" => {
                    let line = at_line.at(start);
                    let [name] = attributes(&element, ["name"], line)?;
                    let name = name.unwrap_or_default();
                    let filed = section_named(&name);
                    section = Some(Open {
                        filed,
                        unwarned: filed.is_none().then(|| (name.into_owned(), line)),
                    });
                }
                2 if name.as_ref() == "card" => {
                    if let Some(s) = section.as_mut() {
                        let line = at_line.at(start);
                        if opens {
                            card = Some(Card {
                                element,
                                line,
                                name: Cow::Borrowed(""),
                                named: false,
                            });
                        } else {
                            deck.card(s, &element, line, "")?;
                        }
                    }
                }
                3 => {
                    if let Some(c) = card.as_mut() {
                        c.named = true;
                    }
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
        Ok(deck.imported)
    }
}

/// The root: an OCTGN `<deck>` of this game's plugin.
fn root(element: &BytesStart<'_>, line: u32) -> Result<(), ImportError> {
    let name = element.name();
    if name.as_ref() != "deck" {
        return Err(ImportError::NotADeck(format!(
            "the root element is <{}>, not an OCTGN <deck>",
            deckcheck_core::echo(name.as_ref())
        )));
    }
    let [game] = attributes(element, ["game"], line)?;
    if let Some(game) = game
        && !game.trim().eq_ignore_ascii_case(OCTGN_GAME)
    {
        return Err(ImportError::NotADeck(format!(
            "this OCTGN deck is for another game (game id {}); Star Wars: The Card Game decks have game id {OCTGN_GAME}",
            deckcheck_core::echo(&game)
        )));
    }
    Ok(())
}

/// The deck as it is read, card by card.
struct Read<'c> {
    catalog: &'c Catalog,
    imported: Imported<Deck>,
    entries: usize,
}

impl Read<'_> {
    /// One `<card>` of a section, its name (its text) read.
    fn card(
        &mut self,
        section: &mut Open,
        card: &BytesStart<'_>,
        line: u32,
        name: &str,
    ) -> Result<(), ImportError> {
        let catalog = self.catalog;
        let imported = &mut self.imported;
        if let Some((name, at)) = section.unwarned.take() {
            let shown = deckcheck_core::echo(&name);
            imported.diagnostics.push(Diagnostic::warning(
                UNKNOWN_SECTION,
                format!("line {at}"),
                &name,
                format!(
                    "\"{shown}\" is not a section of a Star Wars: The Card Game deck (Affiliation, Command Deck, Objective Deck); its cards were filed by their type."
                ),
            ));
        }
        self.entries += 1;
        if self.entries > MAX_ENTRIES {
            return Err(ImportError::TooLarge(format!(
                "more than {MAX_ENTRIES} cards entries; a deck file has a few dozen"
            )));
        }
        let [qty, id] = attributes(card, ["qty", "id"], line)?;
        // Written only for a diagnostic.
        let at = || format!("line {line}");
        let shown = || {
            format!(
                "{} {}",
                qty.as_deref().unwrap_or_default(),
                if name.is_empty() {
                    id.as_deref().unwrap_or_default()
                } else {
                    name
                }
            )
        };
        let filed = section.filed;
        let zone = filed.map(Section::id);
        let diag = |d: Diagnostic| match zone {
            Some(z) => d.in_zone(z),
            None => d,
        };
        let count = match qty.as_deref() {
            None => {
                imported.diagnostics.push(diag(Diagnostic::warning(
                    DiagnosticCode::NO_COUNT,
                    at(),
                    &shown(),
                    "no qty was written; one copy was assumed.",
                )));
                1
            }
            Some(qty) => match deckcheck_core::input::parse_count(qty) {
                Some(0) => {
                    imported.diagnostics.push(diag(Diagnostic::warning(
                        DiagnosticCode::ZERO_COUNT,
                        at(),
                        &shown(),
                        "qty is 0: the entry was ignored.",
                    )));
                    return Ok(());
                }
                Some(n) => n,
                None => {
                    imported.diagnostics.push(diag(Diagnostic::error(
                        DiagnosticCode::BAD_COUNT,
                        at(),
                        &shown(),
                        format!(
                            "qty \"{}\" is not a whole number from 1 to {MAX_COUNT}.",
                            deckcheck_core::echo(qty)
                        ),
                    )));
                    imported.deck.unread += 1;
                    return Ok(());
                }
            },
        };
        let Some(id) = id.as_deref().map(str::trim).filter(|i| !i.is_empty()) else {
            imported.diagnostics.push(diag(Diagnostic::error(
                DiagnosticCode::MALFORMED_ENTRY,
                at(),
                &shown(),
                "the card has no id (OCTGN writes each card's GUID as id=\"…\").",
            )));
            imported.deck.unread += 1;
            return Ok(());
        };
        let Some(idx) = catalog.by_id(id) else {
            let candidates = if name.is_empty() {
                Vec::new()
            } else {
                catalog.suggest_cards(name, SUGGESTIONS)
            };
            let message = format!(
                "no card of Star Wars: The Card Game has the OCTGN id {}{}; cards of community-made sets are not tournament cards.{}",
                deckcheck_core::echo(id),
                if name.is_empty() {
                    String::new()
                } else {
                    format!(" (written as \"{}\")", deckcheck_core::echo(name))
                },
                did_you_mean(catalog, &candidates)
            );
            imported.diagnostics.push(
                diag(Diagnostic::error(
                    DiagnosticCode::UNKNOWN_CARD,
                    at(),
                    &shown(),
                    message,
                ))
                .candidates(candidates.iter().map(|c| catalog.card_ref(*c)).collect()),
            );
            imported.deck.unknown.push(Unknown {
                id: deckcheck_core::echo(id),
                name: deckcheck_core::echo(name),
                count,
                section: filed.unwrap_or(Section::Command),
                line: Some(line),
            });
            return Ok(());
        };
        let found = catalog.card(idx);
        if !name.is_empty() && !Catalog::same_title(name, &found.title) {
            imported.diagnostics.push(
                diag(Diagnostic::warning(
                    DiagnosticCode::ID_NAME_MISMATCH,
                    at(),
                    &shown(),
                    format!(
                        "the id {} is {}, not \"{}\"; the id was used.",
                        found.id,
                        super::with_set(catalog, idx),
                        deckcheck_core::echo(name)
                    ),
                ))
                .understood(catalog.card_ref(idx).at_line(Some(line))),
            );
        }
        imported.deck.entries.push(Entry {
            card: idx,
            count,
            section: filed.unwrap_or_else(|| Section::of(found.kind)),
            line: Some(line),
        });
        Ok(())
    }
}

/// Text of a card's name added to what is read of it (a name is one piece but for references).
fn append<'a>(name: &mut Cow<'a, str>, piece: Cow<'a, str>) {
    if name.is_empty() {
        *name = piece;
    } else {
        name.to_mut().push_str(&piece);
    }
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
        let attr = attr.map_err(|e| at_error(&e, line))?;
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
            .map_err(|e| at_error(&e, line))?;
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

fn forbidden(c: char, line: u32) -> ImportError {
    ImportError::Xml(format!(
        "the character U+{:04X} at line {line} is not allowed in XML",
        u32::from(c)
    ))
}

/// What a reference stands for: XML's five entities (`&amp;`…) and character references; any
/// other would need a DTD, which is refused.
fn reference<'a>(r: &BytesRef<'_>, text: &str, at: usize) -> Result<Cow<'a, str>, ImportError> {
    let resolved = match r.resolve_char_ref() {
        Ok(Some(c)) if is_xml_char(c) => Some(Cow::Owned(c.to_string())),
        Ok(Some(_)) | Err(_) => None,
        Ok(None) => quick_xml::escape::resolve_predefined_entity(r).map(Cow::Borrowed),
    };
    resolved.ok_or_else(|| {
        ImportError::Xml(format!(
            "the reference &{}; at line {} names no character XML allows or defines",
            deckcheck_core::echo(r),
            line_at(text, at)
        ))
    })
}

fn outside_root(text: &str, at: usize) -> ImportError {
    ImportError::Xml(format!(
        "text outside the root element at line {}",
        line_at(text, at)
    ))
}

fn at_error(e: &dyn std::fmt::Display, line: u32) -> ImportError {
    ImportError::Xml(format!("{e} (line {line})"))
}

fn xml_error(text: &str, at: u64, e: &quick_xml::Error) -> ImportError {
    at_error(e, line_at(text, at as usize))
}

/// The line of a byte offset, counted from the start (for an error: once per document).
fn line_at(text: &str, offset: usize) -> u32 {
    let offset = offset.min(text.len());
    1 + memchr::memchr_iter(b'\n', &text.as_bytes()[..offset]).count() as u32
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

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// The deck as OCTGN writes it: every card of a section once, with its quantity.
pub fn write_o8d(catalog: &Catalog, deck: &Deck) -> String {
    let mut out = format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"yes\"?>\n<deck game=\"{OCTGN_GAME}\">\n"
    );
    for section in [Section::Affiliation, Section::Command, Section::Objective] {
        let mut lines: Vec<(String, String, u64)> = Vec::new();
        let mut add = |id: &str, name: &str, count: u32| match lines.iter_mut().find(|l| l.0 == id)
        {
            Some(l) => l.2 += u64::from(count),
            None => lines.push((id.to_string(), name.to_string(), u64::from(count))),
        };
        for e in deck.entries.iter().filter(|e| e.section == section) {
            let card = catalog.card(e.card);
            add(&card.id, &card.title, e.count);
        }
        for u in deck.unknown.iter().filter(|u| u.section == section) {
            add(&u.id, &u.name, u.count);
        }
        out.push_str(&format!("  <section name=\"{}\">\n", section.label()));
        for (id, name, count) in lines {
            out.push_str(&format!(
                "    <card qty=\"{count}\" id=\"{}\">{}</card>\n",
                escape(&id),
                escape(&name)
            ));
        }
        out.push_str("  </section>\n");
    }
    out.push_str("</deck>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::fixture::catalog;

    fn read(text: &str) -> Result<Imported<Deck>, ImportError> {
        O8d.read(catalog(), text)
    }

    #[test]
    fn sections_quantities_and_lines_are_read() {
        let text = "<?xml version=\"1.0\"?>\n<deck game=\"d5cf89e5-1984-4873-8ae0-f06eea411bb3\">\n<section name=\"Affiliation\"><card qty=\"1\" id=\"aff-jedi\">Jedi</card></section>\n<section name=\"Objective Deck\">\n<card qty=\"2\" id=\"F-001-1\">Objective 1</card></section></deck>";
        let deck = read(text).unwrap();
        assert!(deck.diagnostics.is_empty(), "{:?}", deck.diagnostics);
        assert_eq!(deck.deck.entries.len(), 2);
        let objective = &deck.deck.entries[1];
        assert_eq!(
            (objective.count, objective.section, objective.line),
            (2, Section::Objective, Some(5))
        );
    }

    #[test]
    fn a_card_in_an_unknown_section_is_filed_by_its_type() {
        let text = "<deck><section name=\"Sideboard\"><card qty=\"1\" id=\"f-001-1\">Objective 1</card><card qty=\"1\" id=\"f-001-2\">Card 1-2</card></section></deck>";
        let deck = read(text).unwrap();
        assert_eq!(deck.diagnostics[0].code, UNKNOWN_SECTION);
        let sections: Vec<Section> = deck.deck.entries.iter().map(|e| e.section).collect();
        assert_eq!(sections, [Section::Objective, Section::Command]);
    }

    #[test]
    fn an_unknown_id_is_kept_for_lcg_unknown_and_diagnosed() {
        let text = "<deck><section name=\"Command Deck\"><card qty=\"2\" id=\"nope\">Objective 1</card></section></deck>";
        let deck = read(text).unwrap();
        assert_eq!(deck.deck.unknown.len(), 1);
        assert_eq!(deck.diagnostics[0].code, DiagnosticCode::UNKNOWN_CARD);
        assert_eq!(&*deck.diagnostics[0].candidates[0].title, "Objective 1");
    }

    #[test]
    fn a_document_that_is_not_well_formed_is_an_xml_error() {
        for text in [
            "<deck><section name=\"Command Deck\"><card qty=\"1\"",
            "<deck><section name=\"Command Deck\"></deck>",
            "<deck><section name=\"Command Deck\">",
            "<deck/><deck/>",
            "<deck/>and text",
            "<deck><section name=Command/></deck>",
            "<deck><section name=\"a\" name=\"b\"/></deck>",
            "<deck><section name=\"Command Deck\"><card qty=\"1\" id=\"f-001-2\">&custom;</card></section></deck>",
            "<deck><section name=\"Command Deck\"><card qty=\"1\" id=\"f-001-2\">Card\u{0}</card></section></deck>",
            "<deck><section name=\"Command Deck\"><card qty=\"1\" id=\"f-001-2&#1;\"/></section></deck>",
            "<!-- nothing -->",
        ] {
            let err = read(text).unwrap_err();
            assert!(matches!(err, ImportError::Xml(_)), "{text}: {err}");
        }
    }

    #[test]
    fn a_dtd_is_refused_so_no_entity_is_ever_expanded() {
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE deck [<!ENTITY a \"f-001-2\">]>\n<deck><section name=\"Command Deck\"><card qty=\"1\" id=\"&a;\"/></section></deck>";
        let err = read(text).unwrap_err();
        assert!(
            matches!(&err, ImportError::Xml(m) if m.contains("DTD") && m.contains("line 2")),
            "{err}"
        );
    }

    #[test]
    fn a_card_name_is_its_text_with_references_replaced_and_outside_sections_nothing_is_read() {
        let text = "<deck><notes><card qty=\"1\" id=\"f-001-2\"/></notes><section name=\"Command Deck\"><card qty=\"1\" id=\"nope\">Objective &#49;<![CDATA[]]></card></section></deck>";
        let deck = read(text).unwrap();
        assert!(
            deck.deck.entries.is_empty(),
            "the card of <notes> is not read"
        );
        assert_eq!(deck.deck.unknown[0].name, "Objective 1");
    }

    #[test]
    fn writing_an_o8d_escapes_names_and_reads_back_the_same_deck() {
        let text = "<deck><section name=\"Affiliation\"><card qty=\"1\" id=\"aff-jedi\">Jedi</card></section><section name=\"Command Deck\"><card qty=\"1\" id=\"x&amp;y\">A &lt;b&gt;</card></section></deck>";
        let deck = read(text).unwrap().deck;
        let written = write_o8d(catalog(), &deck);
        assert!(
            written.contains("id=\"x&amp;y\">A &lt;b&gt;</card>"),
            "{written}"
        );
        let again = read(&written).unwrap().deck;
        assert_eq!(again.entries.len(), deck.entries.len());
        assert_eq!(again.unknown[0].id, "x&y");
    }
}
