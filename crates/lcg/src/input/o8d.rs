//! OCTGN's `.o8d` deck file: `<deck game="…"><section name="Command Deck"><card qty="1"
//! id="GUID">Title</card>…`, cards keyed by OCTGN GUID (swlcg-json's `octgnId`). Read with
//! roxmltree, which refuses DTDs (no entity expansion) and bounds the node count.

use deckcheck_core::input::{
    ImportError, Imported, InputFormat, InputFormatInfo, MAX_COUNT, MAX_LINES,
};
use deckcheck_core::lines::LineIndex;
use deckcheck_core::{Diagnostic, DiagnosticCode};

use super::{SUGGESTIONS, card_ref, did_you_mean};
use crate::catalog::{CardType, Catalog};
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

/// Where a card goes when the list does not say: by its type.
pub fn section_of(kind: CardType) -> Section {
    match kind {
        CardType::Affiliation => Section::Affiliation,
        CardType::Objective => Section::Objective,
        _ => Section::Command,
    }
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
        let lines = text.lines().count();
        if lines > MAX_LINES {
            return Err(ImportError::TooLarge(format!(
                "{lines} lines; a deck file has at most {MAX_LINES}"
            )));
        }
        let options = roxmltree::ParsingOptions {
            allow_dtd: false,
            nodes_limit: 4 * MAX_ENTRIES as u32,
            ..roxmltree::ParsingOptions::default()
        };
        let doc = roxmltree::Document::parse_with_options(text, options)
            .map_err(|e| ImportError::Xml(e.to_string()))?;
        let root = doc.root_element();
        if root.tag_name().name() != "deck" {
            return Err(ImportError::NotADeck(format!(
                "the root element is <{}>, not an OCTGN <deck>",
                deckcheck_core::echo(root.tag_name().name())
            )));
        }
        if let Some(game) = root.attribute("game")
            && !game.trim().eq_ignore_ascii_case(OCTGN_GAME)
        {
            return Err(ImportError::NotADeck(format!(
                "this OCTGN deck is for another game (game id {}); Star Wars: The Card Game decks have game id {OCTGN_GAME}",
                deckcheck_core::echo(game)
            )));
        }
        let lines = LineIndex::new(text);
        let line_of = |node: roxmltree::Node| lines.line(node.range().start);
        let mut imported: Imported<Deck> = Imported::default();
        let mut entries = 0usize;
        for section in root.children().filter(|n| n.is_element()) {
            if section.tag_name().name() != "section" {
                continue;
            }
            let name = section.attribute("name").unwrap_or_default();
            let filed = section_named(name);
            if filed.is_none() && section.children().any(|n| n.has_tag_name("card")) {
                let at = format!("line {}", line_of(section));
                imported.diagnostics.push(Diagnostic::warning(
                    UNKNOWN_SECTION,
                    at,
                    name,
                    format!(
                        "\"{}\" is not a section of a Star Wars: The Card Game deck (Affiliation, Command Deck, Objective Deck); its cards were filed by their type.",
                        deckcheck_core::echo(name)
                    ),
                ));
            }
            for card in section.children().filter(|n| n.has_tag_name("card")) {
                entries += 1;
                if entries > MAX_ENTRIES {
                    return Err(ImportError::TooLarge(format!(
                        "more than {MAX_ENTRIES} cards entries; a deck file has a few dozen"
                    )));
                }
                let line = line_of(card);
                let name = card.text().unwrap_or_default().trim();
                // Written only for a diagnostic.
                let at = || format!("line {line}");
                let shown = || {
                    format!(
                        "{} {}",
                        card.attribute("qty").unwrap_or_default(),
                        if name.is_empty() {
                            card.attribute("id").unwrap_or_default()
                        } else {
                            name
                        }
                    )
                };
                let zone = filed.map(Section::id);
                let diag = |d: Diagnostic| match zone {
                    Some(z) => d.in_zone(z),
                    None => d,
                };
                let count = match card.attribute("qty") {
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
                            continue;
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
                            continue;
                        }
                    },
                };
                let Some(id) = card
                    .attribute("id")
                    .map(str::trim)
                    .filter(|i| !i.is_empty())
                else {
                    imported.diagnostics.push(diag(Diagnostic::error(
                        DiagnosticCode::MALFORMED_ENTRY,
                        at(),
                        &shown(),
                        "the card has no id (OCTGN writes each card's GUID as id=\"…\").",
                    )));
                    imported.deck.unread += 1;
                    continue;
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
                        .candidates(candidates.iter().map(|c| card_ref(catalog, *c)).collect()),
                    );
                    imported.deck.unknown.push(Unknown {
                        id: deckcheck_core::echo(id),
                        name: deckcheck_core::echo(name),
                        count,
                        section: filed.unwrap_or(Section::Command),
                        line: Some(line),
                    });
                    continue;
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
                        .understood(card_ref(catalog, idx).at_line(Some(line))),
                    );
                }
                imported.deck.entries.push(Entry {
                    card: idx,
                    count,
                    section: filed.unwrap_or_else(|| section_of(found.kind)),
                    line: Some(line),
                });
            }
        }
        Ok(imported)
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
