//! The SWUDB picklist export: one `[ ]` box per copy, the name, and on the next line every
//! printing of the card (`SOR 220, SOR 482, SHD 231`). It does not separate main deck and
//! sideboard, so leaders and bases are placed by type and every other card is read as main
//! deck, with a diagnostic saying so.

use deckcheck_core::input::{InputFormat, MAX_COUNT, MAX_LINES, MAX_SUGGESTED};
use deckcheck_core::{
    Diagnostic, DiagnosticCode, ImportError, Imported, InputFormatInfo, Severity, echo,
};

use super::resolve::{Lookup, Resolution, Section, numbering_note, resolve_id, resolve_name};
use super::text::in_languages;
use crate::catalog::{CardType, Catalog};
use crate::deck::{Deck, DeckEntry, Zone};

pub struct Picklist;

impl<'a> InputFormat<Lookup<'a>, Deck> for Picklist {
    fn info(&self) -> InputFormatInfo {
        InputFormatInfo {
            id: "picklist",
            name: "SWUDB picklist",
            description: "SWUDB's picklist export: `[ ]` boxes per copy and a line of printings; it has no sideboard section.",
        }
    }

    fn detect(&self, text: &str) -> bool {
        text.lines().take(200).any(is_box_line)
    }

    fn read(&self, lookup: &Lookup<'a>, text: &str) -> Result<Imported<Deck>, ImportError> {
        read_picklist(lookup, text)
    }
}

/// Whether a line opens a picklist entry: `[ ]`, `[x]` boxes first.
pub fn is_box_line(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with("[ ]") || t.starts_with("[x]") || t.starts_with("[X]")
}

pub fn parse_picklist(catalog: &Catalog, text: &str) -> Result<Imported<Deck>, ImportError> {
    read_picklist(&Lookup::new(catalog), text)
}

/// Reads a picklist against a catalog, for an event's date if the lookup has one.
pub fn read_picklist(lookup: &Lookup<'_>, text: &str) -> Result<Imported<Deck>, ImportError> {
    let catalog = lookup.catalog;
    let text = text.trim_start_matches('\u{feff}');
    let lines: Vec<&str> = text.lines().map(|l| l.trim_end_matches('\r')).collect();
    if lines.len() > MAX_LINES {
        return Err(ImportError::TooLarge(format!(
            "more than {MAX_LINES} lines"
        )));
    }
    let mut imported: Imported<Deck> = Imported::default();
    let mut deck_cards = 0u64;
    let mut i = 0;
    let mut unknown_lines = 0;
    while i < lines.len() {
        let line = lines[i];
        i += 1;
        if !is_box_line(line) {
            continue;
        }
        let number = i as u32;
        let mut rest = line.trim_start();
        let mut count = 0u64;
        while let Some(r) = ["[ ]", "[x]", "[X]"]
            .iter()
            .find_map(|b| rest.strip_prefix(b))
        {
            count += 1;
            rest = r.trim_start();
        }
        let name = rest.trim();
        // The printings line, if it follows.
        let printings = lines
            .get(i)
            .filter(|l| !is_box_line(l) && !l.trim().is_empty())
            .map(|l| l.trim());
        if printings.is_some() {
            i += 1;
        }
        let at = format!("line {number}");
        let (title, subtitle) = match name.split_once('|') {
            Some((t, s)) => (t.trim(), Some(s.trim())),
            None => (name, None),
        };
        let by_id =
            printings.and_then(|p| p.split(',').find_map(|id| resolve_id(catalog, id.trim())));
        let suggest = unknown_lines < MAX_SUGGESTED;
        // Two boxes or more: a deck card, never a leader or a base.
        let section = if count > 1 {
            Section::Deck
        } else {
            Section::Any
        };
        let resolution =
            by_id.unwrap_or_else(|| resolve_name(lookup, section, title, subtitle, suggest));
        let diagnostic = |code, message: String, candidates| {
            Diagnostic::new(code, Severity::Error, at.clone(), line, message).candidates(candidates)
        };
        match resolution {
            Resolution::Resolved {
                card,
                printing,
                name,
                ..
            } if count <= MAX_COUNT => {
                let zone = match catalog.card(card).card_type {
                    CardType::Leader => Zone::Leader,
                    CardType::Base => Zone::Base,
                    _ => Zone::Main,
                };
                if zone == Zone::Main {
                    deck_cards += count;
                }
                if let Some(d) = numbering_note(catalog, printing, &at, line) {
                    imported.diagnostics.push(d);
                }
                imported.deck.push_written(
                    DeckEntry {
                        zone,
                        card,
                        printing,
                        count: count as u32,
                        line: Some(number),
                    },
                    catalog.written(name),
                );
            }
            Resolution::Resolved { .. } => imported.diagnostics.push(diagnostic(
                DiagnosticCode::BAD_COUNT,
                format!("{at} has {count} boxes; a count must be from 1 to {MAX_COUNT}."),
                vec![],
            )),
            Resolution::Ambiguous(fits) => {
                imported
                    .deck
                    .add_unresolved(Zone::Main, count.min(MAX_COUNT) as u32);
                imported.diagnostics.push(diagnostic(
                    DiagnosticCode::AMBIGUOUS_CARD,
                    format!(
                        "{at}: \"{}\" could be any of {} cards{}.",
                        echo(name),
                        fits.len(),
                        in_languages(catalog, &fits)
                    ),
                    fits.iter().map(|f| catalog.card_ref_as(*f, None)).collect(),
                ))
            }
            Resolution::Unknown(fits) => {
                unknown_lines += 1;
                imported
                    .deck
                    .add_unresolved(Zone::Main, count.min(MAX_COUNT) as u32);
                imported.diagnostics.push(diagnostic(
                    DiagnosticCode::UNKNOWN_CARD,
                    format!("{at}: no card is called \"{}\".", echo(name)),
                    fits.iter().map(|f| catalog.card_ref_as(*f, None)).collect(),
                ));
            }
        }
    }
    if imported.deck.entries().is_empty() && imported.diagnostics.is_empty() {
        return Err(ImportError::NotADeck("no picklist entries found".into()));
    }
    imported.diagnostics.push(
        Diagnostic::warning(
            DiagnosticCode::SECTIONS_MERGED,
            "picklist",
            "",
            format!(
                "A picklist does not separate main deck and sideboard: all {deck_cards} units, events and upgrades were read as main deck."
            ),
        )
        .in_zone(Zone::Main.id()),
    );
    Ok(imported)
}
