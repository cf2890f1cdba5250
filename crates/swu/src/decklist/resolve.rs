//! From what a line says to a card, in a fixed order that never guesses: an id; the exact copy
//! identity; the normalised identity (case, punctuation, diacritics, spacing, 0/O); the title
//! alone when exactly one card of the section's types carries it. A title shared by several
//! cards is ambiguous (TR 3.1.3, v1.4: unique cards must be identifiable by subtitle or set
//! and number); a name matching nothing is unknown, with did-you-mean candidates.

use crate::catalog::{CardId, CardType, Catalog, PrintingId};
use crate::deck::Zone;

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
    catalog: &Catalog,
    section: Section,
    title: &str,
    subtitle: Option<&str>,
    suggest: bool,
) -> Resolution {
    if let Some(r) = resolve_split(catalog, section, title.trim(), subtitle.map(str::trim)) {
        return r;
    }
    // Only when the whole text is no card: "Title - Subtitle", "Title, Subtitle".
    if subtitle.is_none() {
        for sep in [" - ", " – ", " — ", ", "] {
            let splits = [title.rsplit_once(sep), title.split_once(sep)];
            for (t, s) in splits.into_iter().flatten() {
                if let Some(r) = resolve_split(catalog, section, t.trim(), Some(s.trim())) {
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
    let found = catalog.suggest(&query, SUGGESTIONS, |c| section.accepts(c.card_type));
    Resolution::Unknown(found.into_iter().map(|s| s.card).collect())
}

fn resolve_split(
    catalog: &Catalog,
    section: Section,
    title: &str,
    subtitle: Option<&str>,
) -> Option<Resolution> {
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
    let normalised = catalog.by_full_name(title, subtitle);
    match normalised {
        [one] => return Some(resolved(*one, Step::Normalised)),
        [] => {}
        many => {
            let fitting: Vec<_> = many
                .iter()
                .copied()
                .filter(|c| section.accepts(catalog.card(*c).card_type))
                .collect();
            return Some(match fitting.as_slice() {
                [one] => resolved(*one, Step::Normalised),
                _ => Resolution::Ambiguous(many.to_vec()),
            });
        }
    }
    // A title alone stands for a card only when the player wrote no subtitle: a wrong
    // subtitle is not silently dropped.
    if subtitle.is_some() {
        return None;
    }
    let titled: Vec<_> = catalog
        .by_title(title)
        .iter()
        .copied()
        .filter(|c| section.accepts(catalog.card(*c).card_type))
        .collect();
    match titled.as_slice() {
        [] => None,
        [one] => Some(resolved(*one, Step::TitleAlone)),
        many => Some(Resolution::Ambiguous(many.to_vec())),
    }
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
