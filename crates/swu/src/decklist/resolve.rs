//! From what a line says to a card, in a fixed order that never guesses: an id; the exact copy
//! identity; the normalised identity (case, punctuation, diacritics, spacing, 0/O); the title
//! alone when exactly one card of the section's types carries it. A title shared by several
//! cards is ambiguous (TR 3.1.3, v1.4: unique cards must be identifiable by subtitle or set
//! and number); a name matching nothing is unknown, with did-you-mean candidates.
//!
//! Each step reads the name in every language the catalog has names in (English, and German,
//! French, Italian and Spanish once synced: TR 3.2.4, CEG 4.1.1; issue 28), so one list may mix
//! them. A name that fits different cards in two languages is ambiguous like any other, never a
//! guess; did-you-mean answers in the language the name came closest in.
//!
//! A list read for an event's date ([`Lookup::on`]) never offers a card not yet released by then:
//! neither as a did-you-mean nor among the cards an ambiguous name could be, and a name that
//! only one released card of the section's kind carries on that date names that card.

use deckcheck_core::{Diagnostic, DiagnosticCode, Severity};
use jiff::civil::Date;

use crate::catalog::{CardId, CardType, Catalog, Fit, NameId, PrintingId};
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
        /// The localized name it was read by (`None`: its English name).
        name: Option<NameId>,
    },
    /// Every card the name could be, each by the name (and so the language) it fits.
    Ambiguous(Vec<Fit>),
    /// Did-you-mean candidates, each by its name in the language the query came closest in.
    Unknown(Vec<Fit>),
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
    if subtitle.is_none() && catalog.identity_fits(title.trim(), None).is_empty() {
        for sep in SEPARATORS {
            let splits = [title.rsplit_once(sep), title.split_once(sep)];
            for (t, s) in splits.into_iter().flatten() {
                let fits = catalog.identity_fits(t.trim(), Some(s.trim()));
                if !fits.is_empty() {
                    return decide(lookup, section, &fits, Step::Exact);
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
    Resolution::Unknown(lookup.catalog.suggest_fits(&query, SUGGESTIONS, |c| {
        section.accepts(c.card_type) && lookup.offers(c.id)
    }))
}

/// The reading of a name that fits `fits` (each card once) at one step: one card is read as
/// that card; several are narrowed by the section and the date ([`fitting`]), and what still
/// names several is ambiguous.
fn decide(lookup: &Lookup<'_>, section: Section, fits: &[Fit], step: Step) -> Resolution {
    let resolved = |fit: Fit| Resolution::Resolved {
        card: fit.card,
        printing: lookup.catalog.default_printing(fit.card),
        step,
        name: fit.name,
    };
    match fits {
        [one] => resolved(*one),
        many => match fitting(lookup, section, many).as_slice() {
            [one] => resolved(*one),
            [] => Resolution::Ambiguous(many.to_vec()),
            several => Resolution::Ambiguous(several.to_vec()),
        },
    }
}

/// Among several cards a name fits: those of the section's kind, and of those the ones released
/// by the date when there are any (an unreleased card is never preferred, nor offered beside
/// released ones).
fn fitting(lookup: &Lookup<'_>, section: Section, fits: &[Fit]) -> Vec<Fit> {
    let of_kind: Vec<Fit> = fits
        .iter()
        .copied()
        .filter(|f| section.accepts(lookup.catalog.card(f.card).card_type))
        .collect();
    let released: Vec<Fit> = of_kind
        .iter()
        .copied()
        .filter(|f| lookup.offers(f.card))
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
    // A title alone stands for a card only when the player wrote no subtitle: a wrong
    // subtitle is not silently dropped.
    let title_alone = || {
        if subtitle.is_some() {
            Vec::new()
        } else {
            fitting(lookup, section, &catalog.title_fits(title))
        }
    };
    // Weaker readings matter only where another language could give them.
    let other_languages = !catalog.local().is_empty();
    let exact = catalog.identity_fits(title, subtitle);
    if !exact.is_empty() {
        let found = if other_languages {
            let weaker = [catalog.full_name_fits(title, subtitle), title_alone()].concat();
            with_other_languages(lookup, section, exact, &weaker)
        } else {
            exact
        };
        return Some(decide(lookup, section, &found, Step::Exact));
    }
    let normalised = catalog.full_name_fits(title, subtitle);
    if !normalised.is_empty() {
        let found = if other_languages {
            with_other_languages(lookup, section, normalised, &title_alone())
        } else {
            normalised
        };
        return Some(decide(lookup, section, &found, Step::Normalised));
    }
    let resolved = |fit: Fit| Resolution::Resolved {
        card: fit.card,
        printing: catalog.default_printing(fit.card),
        step: Step::TitleAlone,
        name: fit.name,
    };
    match title_alone().as_slice() {
        [] => None,
        [one] => Some(resolved(*one)),
        many => Some(Resolution::Ambiguous(many.to_vec())),
    }
}

/// The cards a name fits at a step (`found`), and the cards it fits only at a weaker step
/// (`weaker`) in a language none of `found` is read in: "Boga" exact in one language and a
/// title alone in another fits two cards in two languages, which is no reading to choose
/// between (issue 28). Within one language the stronger reading stands, as it always has.
fn with_other_languages(
    lookup: &Lookup<'_>,
    section: Section,
    mut found: Vec<Fit>,
    weaker: &[Fit],
) -> Vec<Fit> {
    let local = lookup.catalog.local();
    let lang = |f: &Fit| f.name.map(|n| local.lang(n));
    let read_in: Vec<_> = found.iter().map(lang).collect();
    let others: Vec<Fit> = weaker
        .iter()
        .copied()
        .filter(|f| !read_in.contains(&lang(f)) && !found.iter().any(|g| g.card == f.card))
        .collect();
    for f in fitting(lookup, section, &others) {
        if !found.iter().any(|g| g.card == f.card) {
            found.push(f);
        }
    }
    found
}

/// Whether a title alone names exactly one card of the whole catalog, in every language: a base
/// written without its location (as melee.gg writes them) is then no guess at all.
pub fn title_is_unique(catalog: &Catalog, title: &str) -> bool {
    catalog.title_fits(title).len() == 1
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
            name: None,
        })
}
