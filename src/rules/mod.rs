//! The rules engine: one file per rule, each citing its section, all run from one registry.
//!
//! [`check`] runs every rule of [`RULES`] on a submission (one deck; three for Trilogy) for a
//! format and a date and collects every violation; no rule stops another. A rule reads the
//! format's numbers for the date from `card_data/formats.toml` through [`Context`], so a rule
//! that changed over time (Twin Suns' minimum, Premier's rotation) is one rule with dated values.

mod bases;
mod card_pool;
mod copy_limit;
mod deck_cards;
mod deck_count;
mod deck_list;
mod format_available;
mod leader_aspects;
mod leaders;
mod links;
mod main_deck_size;
mod opened_pool;
mod report;
mod sideboard_size;
mod suspensions;

pub use links::Links;
pub use report::{CardRef, Code, Note, Report, Status, Violation};

use std::collections::HashMap;

use jiff::civil::Date;

use crate::catalog::{CardId, Catalog, SetIdx};
use crate::checker::Checker;
use crate::data::{Dated, Exception, FormatDef, FormatId, LegalityData, SetInfo, Timeline};
use crate::deck::{Deck, Zone};
use crate::decklist::Diagnostic;

/// One deckbuilding rule.
pub trait Rule: Sync {
    /// A short name for logs and documentation.
    fn name(&self) -> &'static str;
    /// Adds a violation for everything this rule finds wrong; never stops at the first.
    fn check(&self, ctx: &Context<'_>, decks: &[Deck], out: &mut Findings);
}

/// Every rule, in the order their findings are reported.
pub const RULES: &[&dyn Rule] = &[
    &format_available::FormatAvailable,
    &deck_count::DeckCount,
    &deck_list::DeckListComplete,
    &leaders::Leaders,
    &bases::Bases,
    &leader_aspects::LeaderAspects,
    &deck_cards::DeckCards,
    &main_deck_size::MainDeckSize,
    &sideboard_size::SideboardSize,
    &copy_limit::CopyLimit,
    &card_pool::CardPool,
    &suspensions::Suspensions,
    &opened_pool::OpenedPool,
];

/// The cards a limited player opened or drafted, counted by card.
#[derive(Debug, Clone, Default)]
pub struct Pool {
    pub copies: HashMap<CardId, u64>,
    /// The set the event was played with, for "any Common base of the set". Inferred from the
    /// pool when not given.
    pub event_set: Option<String>,
    /// How many packs the pool was given as, when it was given pack by pack (sealed: 6,
    /// draft: 3).
    pub packs: Option<usize>,
    /// Prerelease promo leaders the player may lead with (TR 2.3.2.2 note), not pool cards.
    pub promo_leaders: Vec<CardId>,
}

impl Pool {
    /// Every card of a deck-shaped list, all zones, counts added.
    pub fn from_deck(deck: &Deck) -> Self {
        let mut copies = HashMap::new();
        for e in &deck.entries {
            *copies.entry(e.card).or_insert(0) += u64::from(e.count);
        }
        Self {
            copies,
            ..Self::default()
        }
    }

    /// Adds every card of a deck-shaped list.
    pub fn add(&mut self, deck: &Deck) {
        for e in &deck.entries {
            *self.copies.entry(e.card).or_insert(0) += u64::from(e.count);
        }
    }
}

/// What a check is asked.
#[derive(Debug, Clone)]
pub struct CheckOptions {
    pub format: FormatId,
    pub as_of: Date,
    /// Trilogy is played with the Premier or the Eternal card pool (CR 9.3.2D).
    pub trilogy_pool: FormatId,
    /// Limited: the opened or drafted cards.
    pub pool: Option<Pool>,
    /// Check the deck list's completeness for a Competitive-tier event (TR 3.1.3).
    pub competitive: bool,
}

impl CheckOptions {
    pub fn new(format: FormatId, as_of: Date) -> Self {
        Self {
            format,
            as_of,
            trilogy_pool: FormatId::Premier,
            pool: None,
            competitive: false,
        }
    }
}

/// A deck's cards in card order, each with its copies by zone: counted once per check for the
/// rules that judge cards rather than lines (card pool, suspensions, copy limit).
#[derive(Debug, Default)]
pub struct Tally(Vec<CardCopies>);

/// One card of a deck and its copies in each zone.
#[derive(Debug, Clone, Copy)]
pub struct CardCopies {
    pub card: CardId,
    by_zone: [u64; 4],
}

impl CardCopies {
    /// Copies in the zones `counted` picks.
    pub fn in_zones(&self, counted: impl Fn(Zone) -> bool) -> u64 {
        Zone::ALL
            .into_iter()
            .filter(|z| counted(*z))
            .map(|z| self.by_zone[z as usize])
            .sum()
    }
}

impl Tally {
    pub fn of(deck: &Deck) -> Self {
        let mut lines: Vec<_> = deck.entries.iter().map(|e| (e.card, e)).collect();
        lines.sort_unstable_by_key(|(card, _)| *card);
        let mut cards: Vec<CardCopies> = Vec::with_capacity(lines.len());
        for (card, e) in lines {
            if cards.last().is_none_or(|c| c.card != card) {
                cards.push(CardCopies {
                    card,
                    by_zone: [0; 4],
                });
            }
            if let Some(last) = cards.last_mut() {
                last.by_zone[e.zone as usize] += u64::from(e.count);
            }
        }
        Self(cards)
    }

    /// Every card of the deck once, in card order.
    pub fn cards(&self) -> &[CardCopies] {
        &self.0
    }

    pub fn contains(&self, card: CardId) -> bool {
        self.0.binary_search_by_key(&card, |c| c.card).is_ok()
    }
}

/// What a rule may read.
pub struct Context<'a> {
    pub catalog: &'a Catalog,
    pub data: &'a LegalityData,
    pub links: &'a Links,
    pub format: FormatId,
    pub def: &'a FormatDef,
    pub as_of: Date,
    pub options: &'a CheckOptions,
    /// Each deck's cards, in the order of the decks.
    pub tallies: &'a [Tally],
}

impl<'a> Context<'a> {
    /// The value of a format setting on the date checked.
    pub fn at<T>(&self, timeline: &'a Timeline<T>) -> Option<&'a Dated<T>> {
        timeline.at(self.as_of)
    }

    /// The `card_data` record of a catalog set.
    pub fn set_info(&self, set: SetIdx) -> Option<&'a SetInfo> {
        self.links.set(self.data, set)
    }

    /// The printed deckbuilding exceptions of a card.
    pub fn exceptions(&self, card: CardId) -> impl Iterator<Item = &'a Exception> + use<'a> {
        self.links.exceptions(self.data, card)
    }

    pub fn card_ref(&self, deck: &Deck, card: CardId) -> CardRef {
        CardRef::new(self.catalog, card, deck.printing_of(card))
    }
}

/// Where rules put what they find.
#[derive(Debug, Default)]
pub struct Findings {
    pub violations: Vec<Violation>,
    pub notes: Vec<Note>,
}

impl Findings {
    pub fn violation(&mut self, v: Violation) {
        self.violations.push(v);
    }

    /// A violation about one deck of a submission; numbered only when there are several.
    pub fn deck_violation(&mut self, decks: &[Deck], index: usize, mut v: Violation) {
        if decks.len() > 1 {
            v.deck = Some(index + 1);
        }
        self.violations.push(v);
    }

    /// A note, once: several rules may rest on the same unconfirmed fact.
    pub fn note(&mut self, section: impl Into<String>, message: impl Into<String>) {
        let note = Note {
            section: section.into(),
            message: message.into(),
        };
        if !self.notes.contains(&note) {
            self.notes.push(note);
        }
    }

    /// Notes the caveat of a dated fact when it is not confirmed.
    pub fn note_if_unconfirmed<T>(&mut self, fact: &Dated<T>) {
        if fact.confidence.needs_caveat() {
            let why = fact
                .notes
                .clone()
                .unwrap_or_else(|| "this fact is not confirmed by an official source".into());
            self.note(fact.section.clone(), format!("Unconfirmed: {why}"));
        }
    }
}

/// Checks a submission (one deck, or Trilogy's three) for a format on a date.
pub fn check(
    checker: &Checker,
    decks: &[Deck],
    diagnostics: Vec<Diagnostic>,
    options: &CheckOptions,
) -> Report {
    let (catalog, data) = (&checker.catalog, &checker.data);
    // One deck (nearly every check) needs no list of tallies.
    let (one, many);
    let tallies: &[Tally] = match decks {
        [deck] => {
            one = [Tally::of(deck)];
            &one
        }
        _ => {
            many = decks.iter().map(Tally::of).collect::<Vec<_>>();
            &many
        }
    };
    let ctx = Context {
        catalog,
        data,
        links: &checker.links,
        format: options.format,
        def: data.formats.get(options.format),
        as_of: options.as_of,
        options,
        tallies,
    };
    let mut findings = Findings::default();
    for rule in RULES {
        rule.check(&ctx, decks, &mut findings);
    }
    Report::new(
        options.format,
        options.as_of,
        findings.violations,
        diagnostics,
        findings.notes,
        catalog.version().to_string(),
    )
}

#[cfg(test)]
pub(crate) mod fixture;
