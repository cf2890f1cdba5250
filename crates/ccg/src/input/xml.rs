//! GEMP's deck XML: what GEMP's deck builder exports and imports, one element per physical card.
//!
//! ```xml
//! <deck>
//!   <card blueprintId="9_151" title="Bring Him Before Me"/>
//!   <cardOutsideDeck blueprintId="13_54" title="Battle Order"/>
//! </deck>
//! ```
//! GEMP also writes `testingText`, `backSideTestingText` and `horizontal` (ignored). Read with
//! roxmltree, which refuses DTDs (no entity expansion).

use deckcheck_core::input::{InputFormat, InputFormatInfo};
use deckcheck_core::lines::LineIndex;
use deckcheck_core::{Diagnostic, DiagnosticCode, ImportError, Imported};

use super::{Builder, MAX_ENTRIES, too_many};
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
        let head: String = text
            .chars()
            .take(400)
            .collect::<String>()
            .to_ascii_lowercase();
        head.starts_with('<') && head.contains("<deck") && !head.contains("<html")
    }

    fn read(&self, catalog: &Catalog, text: &str) -> Result<Imported<Deck>, ImportError> {
        let doc = roxmltree::Document::parse(text).map_err(|e| ImportError::Xml(e.to_string()))?;
        let root = doc.root_element();
        if root.tag_name().name() != "deck" {
            return Err(ImportError::NotADeck(format!(
                "the XML's root element is <{}>, not GEMP's <deck>",
                deckcheck_core::echo(root.tag_name().name())
            )));
        }
        let elements = root.children().filter(|n| n.is_element()).count();
        if elements > MAX_ENTRIES {
            return Err(too_many("cards", elements));
        }
        let mut builder = Builder::new(catalog);
        builder.name(
            root.attribute("name")
                .map(|n| deckcheck_core::echo(n.trim())),
        );
        let lines = LineIndex::new(text);
        for node in root.children().filter(|n| n.is_element()) {
            let line = lines.line(node.range().start);
            let at = format!("line {line}");
            let zone = match node.tag_name().name() {
                "card" => Zone::Deck,
                "cardOutsideDeck" => Zone::Outside,
                other => {
                    builder.diagnostic(Diagnostic::warning(
                        DiagnosticCode::MALFORMED_ENTRY,
                        at,
                        other,
                        format!(
                            "<{}> is not a GEMP deck element (<card> or <cardOutsideDeck>); it was skipped.",
                            deckcheck_core::echo(other)
                        ),
                    ));
                    continue;
                }
            };
            let title = node.attribute("title");
            match (node.attribute("blueprintId"), title) {
                (Some(id), _) if !id.trim().is_empty() => {
                    builder.by_id(zone, 1, Some(line), &at, id, title);
                }
                (_, Some(t)) if !t.trim().is_empty() => {
                    builder.by_title(zone, 1, Some(line), &at, t);
                }
                _ => {
                    builder.diagnostic(
                        Diagnostic::error(
                            DiagnosticCode::MALFORMED_ENTRY,
                            &at,
                            node.tag_name().name(),
                            "this card has neither a blueprintId nor a title; it is counted as an unknown card.",
                        )
                        .in_zone(zone.id()),
                    );
                    builder.unknown(zone, Some(line), &at, "(no blueprintId)");
                }
            }
        }
        Ok(builder.finish())
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
}
