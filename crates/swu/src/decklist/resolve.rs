//! From what a line says to a card, in a fixed order that never guesses: an id; the exact copy
//! identity; the normalised identity (case, punctuation, diacritics, spacing, 0/O); the title
//! alone when exactly one card of the section's types carries it. A title shared by several
//! cards is ambiguous (TR 3.1.3, v1.4: unique cards must be identifiable by subtitle or set
//! and number); a name matching nothing is unknown, with did-you-mean candidates.
//!
//! A list read for an event's date ([`Lookup::on`]) never offers a card not yet released by then:
//! neither as a did-you-mean nor among the cards an ambiguous name could be, and a name that
//! only one released card of the section's kind carries on that date names that card.

use deckcheck_core::{Diagnostic, DiagnosticCode, Severity};
use jiff::civil::Date;

use crate::catalog::{CardId, CardType, Catalog, PrintingId};
use crate::deck::Zone;

/// The catalog as a list is read against it, and the date of the event, if known.
#[derive(Debug, Clone, Copy)]
pub struct Lookup<'a> {
    pub catalog: &'a Catalog,
    pub on: Option<Date>,
}

impl<'a> Lookup<'a> {
    /// Any date: every card may be offered.
    pub fn new(catalog: &'a Catalog) -> Self {
        Self { catalog, on: None }
    }

    /// For an event on `date`: cards released later are not offered.
    pub fn on(catalog: &'a Catalog, date: Date) -> Self {
        Self {
            catalog,
            on: Some(date),
        }
    }

    /// Whether the card may be offered: released by the date, or any card without one.
    pub fn offers(&self, card: CardId) -> bool {
        self.on
            .is_none_or(|date| self.catalog.released_by(card, date))
    }
}

/// Which card types a line may name, from the section it stands in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Section {
    Leader,
    Base,
    Deck,
    /// No section header yet: any card type, placed by its type.
    Any,
}

impl Section {
    pub fn accepts(self, t: CardType) -> bool {
        match self {
            Self::Leader => t == CardType::Leader,
            Self::Base => t == CardType::Base,
            Self::Deck => t.is_deck_card(),
            Self::Any => t != CardType::Token,
        }
    }

    pub fn of_zone(zone: Option<Zone>) -> Self {
        match zone {
            Some(Zone::Leader) => Self::Leader,
            Some(Zone::Base) => Self::Base,
            Some(Zone::Main | Zone::Sideboard) => Self::Deck,
            None => Self::Any,
        }
    }
}

/// How a name was matched; anything but `Id` and `Exact` is reported back to the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Id,
    Exact,
    Normalised,
    TitleAlone,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Resolution {
    Resolved {
        card: CardId,
        printing: PrintingId,
        step: Step,
    },
    Ambiguous(Vec<CardId>),
    Unknown(Vec<CardId>),
}

/// How many did-you-mean candidates an unknown name gets.
pub const SUGGESTIONS: usize = 3;

/// Resolves a name. `subtitle` is `Some` when the line separated it explicitly (`Title |
/// Subtitle`); otherwise the free text is tried whole and split at " - " and ", ".
pub fn resolve_name(
    lookup: &Lookup<'_>,
    section: Section,
    title: &str,
    subtitle: Option<&str>,
    suggest: bool,
) -> Resolution {
    const SEPARATORS: [&str; 4] = [" - ", " – ", " — ", ", "];
    let catalog = lookup.catalog;
    // "Title - Subtitle", "Title, Subtitle" written exactly is no guess: read before any
    // normalised reading of the whole text (which would ignore the punctuation and say so).
    if subtitle.is_none() && catalog.card_by_identity(title.trim(), None).is_none() {
        for sep in SEPARATORS {
            let splits = [title.rsplit_once(sep), title.split_once(sep)];
            for (t, s) in splits.into_iter().flatten() {
                if let Some(card) = catalog.card_by_identity(t.trim(), Some(s.trim())) {
                    return Resolution::Resolved {
                        card: card.id,
                        printing: catalog.default_printing(card.id),
                        step: Step::Exact,
                    };
                }
            }
        }
    }
    if let Some(r) = resolve_split(lookup, section, title.trim(), subtitle.map(str::trim)) {
        return r;
    }
    // Only when the whole text is no card: "Title - Subtitle", "Title, Subtitle".
    if subtitle.is_none() {
        for sep in SEPARATORS {
            let splits = [title.rsplit_once(sep), title.split_once(sep)];
            for (t, s) in splits.into_iter().flatten() {
                if let Some(r) = resolve_split(lookup, section, t.trim(), Some(s.trim())) {
                    return r;
                }
            }
        }
    }
    if !suggest {
        return Resolution::Unknown(Vec::new());
    }
    let query = match subtitle {
        Some(s) => format!("{title} {s}"),
        None => title.to_string(),
    };
    let found = lookup.catalog.suggest(&query, SUGGESTIONS, |c| {
        section.accepts(c.card_type) && lookup.offers(c.id)
    });
    Resolution::Unknown(found.into_iter().map(|s| s.card).collect())
}

/// Among several cards a name fits: those of the section's kind, and of those the ones released
/// by the date when there are any (an unreleased card is never preferred, nor offered beside
/// released ones).
fn fitting(lookup: &Lookup<'_>, section: Section, cards: &[CardId]) -> Vec<CardId> {
    let of_kind: Vec<CardId> = cards
        .iter()
        .copied()
        .filter(|c| section.accepts(lookup.catalog.card(*c).card_type))
        .collect();
    let released: Vec<CardId> = of_kind
        .iter()
        .copied()
        .filter(|c| lookup.offers(*c))
        .collect();
    if released.is_empty() {
        of_kind
    } else {
        released
    }
}

fn resolve_split(
    lookup: &Lookup<'_>,
    section: Section,
    title: &str,
    subtitle: Option<&str>,
) -> Option<Resolution> {
    let catalog = lookup.catalog;
    let subtitle = subtitle.filter(|s| !s.is_empty());
    if title.is_empty() {
        return None;
    }
    let resolved = |card: CardId, step| Resolution::Resolved {
        card,
        printing: catalog.default_printing(card),
        step,
    };
    if let Some(card) = catalog.card_by_identity(title, subtitle) {
        return Some(resolved(card.id, Step::Exact));
    }
    match catalog.by_full_name(title, subtitle) {
        [one] => return Some(resolved(*one, Step::Normalised)),
        [] => {}
        many => {
            return Some(match fitting(lookup, section, many).as_slice() {
                [one] => resolved(*one, Step::Normalised),
                [] => Resolution::Ambiguous(many.to_vec()),
                several => Resolution::Ambiguous(several.to_vec()),
            });
        }
    }
    // A title alone stands for a card only when the player wrote no subtitle: a wrong
    // subtitle is not silently dropped.
    if subtitle.is_some() {
        return None;
    }
    match fitting(lookup, section, catalog.by_title(title)).as_slice() {
        [] => None,
        [one] => Some(resolved(*one, Step::TitleAlone)),
        many => Some(Resolution::Ambiguous(many.to_vec())),
    }
}

/// Whether a title alone names exactly one card of the whole catalog: a base written without
/// its location (as melee.gg writes them) is then no guess at all.
pub fn title_is_unique(catalog: &Catalog, title: &str) -> bool {
    catalog.by_title(title).len() == 1
}

/// The warning (or, for a numbering not confirmed, the error) an entry read by an id the card
/// data lacks carries: the id was read by the set's documented numbering.
pub fn numbering_note(
    catalog: &Catalog,
    printing: PrintingId,
    at: &str,
    text: &str,
) -> Option<Diagnostic> {
    let p = catalog.printing(printing);
    let numbered = p.numbered.as_ref()?;
    let card = catalog.card(p.card);
    let mut message = format!(
        "{at}: {} is not in the card data; it was read by the set's documented numbering as {} ({} of {}).",
        p.code,
        card.display_name(),
        p.variant,
        catalog.printing(catalog.default_printing(p.card)).code
    );
    if let Some(caveat) = &numbered.caveat {
        message.push(' ');
        message.push_str(caveat);
    }
    let severity = if numbered.confidence.leaves_unverified() {
        Severity::Error
    } else {
        Severity::Warning
    };
    Some(
        Diagnostic::new(
            DiagnosticCode::RESOLVED_BY_NUMBERING,
            severity,
            at,
            text,
            message,
        )
        .understood(catalog.card_ref(p.card, Some(printing))),
    )
}

/// Resolves an id (`SOR_033`, `SOR 33`, `sor-033`).
pub fn resolve_id(catalog: &Catalog, id: &str) -> Option<Resolution> {
    catalog
        .resolve_id(id)
        .map(|(card, printing)| Resolution::Resolved {
            card,
            printing,
            step: Step::Id,
        })
}
