//! The rules of Star Wars: Unlimited: one file per rule, each citing its section and declaring
//! the typed data of its violations, all run from one registry by core's engine.
//!
//! [`check`] runs every rule of [`RULES`] on a submission (one deck; three for Trilogy) for a
//! format on a date and collects every violation (`deckcheck_core::rules::run`); no rule stops
//! another. A rule reads the
//! format's settings for the date from `card_data/swu/formats.toml` through [`Context`], so a
//! rule that changed over time (Twin Suns' minimum, Premier's rotation) is one rule with dated
//! values, and a format is data: a setting a format does not have is a rule that does not apply.

mod bases;
mod card_pool;
pub mod codes;
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
mod sideboard_size;
mod suspensions;

pub use card_pool::LegalSets;
pub use links::Links;

use std::collections::HashMap;
use std::sync::Arc;

use deckcheck_core::{CardRef, CodeInfo, Dated, Findings, Report, Rule, Timeline};
use jiff::civil::Date;

use crate::catalog::{CardId, Catalog, SetIdx};
use crate::data::{Exception, FormatDef, LegalityData, SetInfo};
use crate::deck::{Deck, Zone};

/// Every rule, in the order their findings are reported.
pub const RULES: &[&dyn for<'a> Rule<Context<'a>>] = &[
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

/// Every code the rules report, with its meaning.
pub fn codes() -> Vec<CodeInfo> {
    deckcheck_core::rules::codes(RULES)
}

/// The cards a limited player opened or drafted, counted by card.
#[derive(Debug, Clone, Default)]
pub struct Pool {
    pub copies: HashMap<CardId, u64>,
    /// The set the event was played with, for "any Common base of the set". Inferred from the
    /// pool when not given.
    pub event_set: Option<String>,
    /// How many packs the pool was given as, when it was given pack by pack.
    pub packs: Option<usize>,
    /// Prerelease promo leaders the player may lead with (not pool cards).
    pub promo_leaders: Vec<CardId>,
}

impl Pool {
    /// Every card of a deck-shaped list.
    pub fn of(deck: &Deck) -> Self {
        let mut pool = Self::default();
        pool.add(deck);
        pool
    }

    /// Adds every card of a deck-shaped list.
    pub fn add(&mut self, deck: &Deck) {
        for e in deck.entries() {
            *self.copies.entry(e.card).or_insert(0) += u64::from(e.count);
        }
    }
}

/// What is judged: the decks of a submission, and what the check was told about them.
#[derive(Debug, Clone, Copy)]
pub struct Submission<'a> {
    pub decks: &'a [Deck],
    /// The player and their id as the request gives them (else as the lists do).
    pub player: Option<&'a str>,
    pub uid: Option<&'a str>,
    /// A registration for a Competitive or Master tier event: the list must be complete
    /// (CEG 3.3.3), and a limited deck's cards must be released (no prerelease allowance).
    pub registration: bool,
    /// Limited: the opened or drafted cards.
    pub pool: Option<&'a Pool>,
    /// Lines of the pool that could not be read, in words: the answer cannot be certain.
    pub pool_notes: &'a [String],
    /// For a format that plays another's card pool (Trilogy), the one chosen.
    pub pool_format: Option<&'a str>,
}

impl<'a> Submission<'a> {
    pub fn of(decks: &'a [Deck]) -> Self {
        Self {
            decks,
            player: None,
            uid: None,
            registration: false,
            pool: None,
            pool_notes: &[],
            pool_format: None,
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
        // At most one per entry: reserved at once, never moved while it grows.
        let mut cards: Vec<CardCopies> = Vec::with_capacity(deck.entries().len());
        let mut entries: Vec<_> = deck.entries().iter().collect();
        entries.sort_by_key(|e| e.card);
        for e in entries {
            if cards.last().is_none_or(|c| c.card != e.card) {
                cards.push(CardCopies {
                    card: e.card,
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
    pub format: &'a FormatDef,
    /// The format whose card pool and suspension list apply: the format itself, or for
    /// Trilogy the one the players chose.
    pub pool_format: &'a FormatDef,
    pub as_of: Date,
    pub submission: Submission<'a>,
    /// Each deck's cards, in the order of the decks.
    pub tallies: &'a [Tally],
}

impl<'a> Context<'a> {
    pub fn decks(&self) -> &'a [Deck] {
        self.submission.decks
    }

    /// The value of a format setting on the date checked.
    pub fn at<T>(&self, timeline: &'a Timeline<T>) -> Option<&'a Dated<T>> {
        timeline.at(self.as_of)
    }

    /// The section a rule cites on the date checked (`card_data/swu/citations.toml`).
    pub fn cite(&self, rule: &'static str) -> &'a str {
        self.data.cite(rule, self.as_of)
    }

    /// The `card_data` record of a catalog set.
    pub fn set_info(&self, set: SetIdx) -> Option<&'a SetInfo> {
        self.links.set(set)
    }

    /// The printed deckbuilding exceptions of a card.
    pub fn exceptions(&self, card: CardId) -> &'a [Exception] {
        self.links.exceptions(card)
    }

    /// The copies in a zone of a deck that are deck cards (units, events, upgrades), and those
    /// that are not (a leader, base or token filed there). Only deck cards count toward the
    /// size rules: what `not-a-deck-card` reports is set aside, so a deck of 47 cards and 3
    /// tokens is 47 cards, three short of 50 (CR 1.2.3, CR 9.2.2A).
    pub fn deck_cards_in(&self, deck: &Deck, zone: Zone) -> (u64, u64) {
        deck.in_zone(zone).fold((0, 0), |(cards, others), e| {
            if self.catalog.card(e.card).card_type.is_deck_card() {
                (cards + u64::from(e.count), others)
            } else {
                (cards, others + u64::from(e.count))
            }
        })
    }

    /// A card as the deck lists it: the printing, line and written name of its first entry
    /// (a message names it as the list wrote it, its English name beside).
    pub fn card_ref(&self, deck: &Deck, card: CardId) -> CardRef {
        match deck.first_entry_as_written(card) {
            Some((e, written)) => self
                .catalog
                .card_ref(card, Some(e.printing))
                .at_line(e.line)
                .written_as(written.cloned()),
            None => self.catalog.card_ref(card, None),
        }
    }
}

/// Checks a submission for a format on a date.
pub fn check(
    catalog: &Catalog,
    data: &LegalityData,
    links: &Links,
    format: &FormatDef,
    as_of: Date,
    submission: Submission<'_>,
    unreadable: usize,
) -> Report {
    let tallies: Vec<Tally> = submission.decks.iter().map(Tally::of).collect();
    let pool_format = card_pool::pool_format(data, format, as_of, submission.pool_format);
    let ctx = Context {
        catalog,
        data,
        links,
        format,
        pool_format,
        as_of,
        submission,
        tallies: &tallies,
    };
    let mut findings = Findings::default();
    deckcheck_core::rules::run(RULES, &ctx, &mut findings);
    Report::new(
        "swu",
        &format.id,
        as_of,
        findings,
        unreadable,
        Arc::clone(catalog.version()),
    )
}

#[cfg(test)]
pub(crate) mod fixture;
#[cfg(test)]
mod renders;
