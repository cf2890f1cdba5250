//! The list formats Legion players exchange: a Legion HQ link, Legion HQ's TTS JSON export,
//! and its text export (best effort: it drops titles). Each reader turns the input into an
//! [`Army`] plus one diagnostic per entry that was not a clean card; the link reader is
//! tried first, then TTS JSON, then text.

pub mod link;
pub mod text;
pub mod tts;

use deckcheck_core::input::MAX_SUGGESTED;
use deckcheck_core::{CardRef, Diagnostic, DiagnosticCode, InputFormat};

use crate::army::{Army, narrow};
use crate::catalog::{Catalog, Ix, Kind, Kw};

/// The most segments a link, units a TTS list, or lines a text list may hold: an army has
/// about 40 entries (units, upgrades, 6 command and 9 battle cards).
pub const MAX_ENTRIES: usize = 1_000;

pub const READERS: &[&dyn InputFormat<Catalog, Army>] = &[&link::Link, &tts::Tts, &text::Text];

/// Suggests cards for an unknown name, up to `n`, among the kinds given.
pub fn suggestions(catalog: &Catalog, text: &str, kinds: &[Kind], n: usize) -> Vec<CardRef> {
    catalog
        .names
        .suggest(text, n, |ix| kinds.contains(&catalog.card(ix).kind))
        .into_iter()
        .map(|s| catalog.card(s.card).card_ref())
        .collect()
}

/// What a name resolved to.
pub enum Resolved {
    One(Ix),
    /// Read by a looser name than written (a name without its title that fits one card).
    Loose(Ix),
    Several(Vec<Ix>),
    None,
}

/// Resolves a name the way Legion HQ's importer does (full name with title, or TTS name),
/// then by the name alone, within the kinds asked and the army's faction.
pub fn resolve(catalog: &Catalog, name: &str, kinds: &[Kind], faction: Option<&str>) -> Resolved {
    let full = narrow(catalog, catalog.by_full_name(name), kinds, faction);
    match full.len() {
        1 => return Resolved::One(full[0]),
        0 => {}
        _ => return Resolved::Several(full),
    }
    let short = narrow(catalog, catalog.by_short_name(name), kinds, faction);
    match short.len() {
        0 => Resolved::None,
        1 => Resolved::Loose(short[0]),
        _ => Resolved::Several(short),
    }
}

/// Diagnostics for names, with did-you-mean for the first [`MAX_SUGGESTED`] unknown ones.
#[derive(Default)]
pub struct Names {
    unknown: usize,
}

impl Names {
    pub fn unknown(
        &mut self,
        catalog: &Catalog,
        at: String,
        text: &str,
        kinds: &[Kind],
        what: &str,
    ) -> Diagnostic {
        self.unknown += 1;
        let candidates = if self.unknown <= MAX_SUGGESTED {
            suggestions(catalog, text, kinds, 3)
        } else {
            Vec::new()
        };
        let message = match candidates.first() {
            Some(c) => format!("No {what} is named this; did you mean {}?", c.name()),
            None => format!("No {what} is named this."),
        };
        Diagnostic::error(DiagnosticCode::UNKNOWN_CARD, at, text, message).candidates(candidates)
    }
}

/// The diagnostic of a name that fits several cards: every candidate, none chosen.
pub fn ambiguous(catalog: &Catalog, at: String, text: &str, candidates: &[Ix]) -> Diagnostic {
    let names: Vec<String> = candidates
        .iter()
        .map(|c| {
            let card = catalog.card(*c);
            format!("{} ({})", card.full_name(), card.id)
        })
        .collect();
    Diagnostic::error(
        DiagnosticCode::AMBIGUOUS_CARD,
        at,
        text,
        format!(
            "This name fits {} cards: {}. Write the full name with its title so the card is uniquely identified (REG Army Lists L152).",
            candidates.len(),
            names.join(", ")
        ),
    )
    .candidates(candidates.iter().map(|c| catalog.card(*c).card_ref()).collect())
}

/// The diagnostic of a name read by a looser name than written.
pub fn loose(catalog: &Catalog, at: String, text: &str, card: Ix) -> Diagnostic {
    let c = catalog.card(card);
    Diagnostic::warning(
        DiagnosticCode::RESOLVED_LOOSELY,
        at,
        text,
        format!(
            "Read as {} ({}); check that this is the card meant.",
            c.full_name(),
            c.id
        ),
    )
    .understood(c.card_ref())
}

/// Cuts text to at most `MAX_ENTRIES` items, or says the input is too large.
pub fn bounded<T>(items: Vec<T>, what: &str) -> Result<Vec<T>, deckcheck_core::ImportError> {
    if items.len() > MAX_ENTRIES {
        return Err(too_large(items.len(), what));
    }
    Ok(items)
}

/// The error of an input with more than `MAX_ENTRIES` items.
pub fn too_large(count: usize, what: &str) -> deckcheck_core::ImportError {
    deckcheck_core::ImportError::TooLarge(format!(
        "{count} {what}; an army list has at most {MAX_ENTRIES}"
    ))
}

/// Two battle cards share a name (a Standard and a Recon printing): the list's scenario tells
/// which. Takes back the ambiguity just recorded when exactly one candidate fits it.
pub fn battle_by_scenario(
    catalog: &Catalog,
    imported: &mut deckcheck_core::Imported<Army>,
    recon: bool,
) -> Option<Ix> {
    let last = imported.deck.ambiguous.last()?;
    if last.place != crate::army::Place::Battle {
        return None;
    }
    let fitting: Vec<Ix> = last
        .candidates
        .iter()
        .copied()
        .filter(|c| catalog.card(*c).has(Kw::Recon) == recon)
        .collect();
    let [one] = fitting.as_slice() else {
        return None;
    };
    let one = *one;
    imported.deck.ambiguous.pop();
    imported.diagnostics.pop();
    Some(one)
}
